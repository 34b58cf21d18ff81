// Package formats translates tool definitions between the Responses API
// and the other formats people keep them in: Chat Completions, Anthropic
// Messages, Gemini and MCP. Every translation is a pure function over
// bytes, and every field that does not carry over is named in a Note,
// never dropped silently.
package formats

// Name is a format tools are written in.
type Name string

const (
	Responses Name = "responses" // a Responses request body or a tooltui document
	Chat      Name = "chat"      // Chat Completions: {"type":"function","function":{…}}
	Anthropic Name = "anthropic" // Anthropic Messages: name, description, input_schema
	Gemini    Name = "gemini"    // Gemini: functionDeclarations
	MCP       Name = "mcp"       // an MCP tools/list result
)

// Title is how the format is called in messages, e.g. "Chat Completions".
func (n Name) Title() string {
	switch n {
	case Responses:
		return "Responses"
	case Chat:
		return "Chat Completions"
	case Anthropic:
		return "Anthropic Messages"
	case Gemini:
		return "Gemini"
	case MCP:
		return "MCP tools/list"
	}
	return string(n)
}

// Note is one thing a translation could not carry over as it was, or
// changed on the way.
type Note struct {
	// Path is the JSON pointer of the field in the input, e.g.
	// "/tools/2/cache_control"; "" for the input as a whole.
	Path string
	// Message says what happened to it and why, e.g. "cache_control has
	// no equivalent in the Responses API; dropped".
	Message string
	// Loss is true when information is gone from the output; false for a
	// change that keeps the meaning (a renamed field, a widened type).
	Loss bool
	// Inert, with Loss, says that what is gone has no effect on the
	// request: metadata for a client, such as an MCP tool's title or
	// annotations. It is worth a note, not a warning.
	Inert bool
	// Breaks: nothing is lost, but the input breaks its own format's
	// rules (an MCP inputSchema that is not an object schema), so what
	// reads it may refuse it. It is worth a warning.
	Breaks bool
}
