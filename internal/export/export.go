// Package export writes a finished Responses request body in another
// format: the request as Chat Completions, Anthropic Messages, Gemini or an
// MCP tools/list result would take it, or as a curl command or a small
// program for the official Python, TypeScript or Go library. Every export is
// a pure function over bytes, and whatever does not carry over is named in a
// Note whose Path points into the Responses body.
package export

import (
	"errors"
	"fmt"
	"strings"

	"github.com/tooltui/tooltui/internal/formats"
	"github.com/tooltui/tooltui/internal/rawjson"
)

// Target is a format a request can be exported to.
type Target string

const (
	Responses  Target = "responses"  // the body itself, indented
	Chat       Target = "chat"       // a Chat Completions request body
	Anthropic  Target = "anthropic"  // an Anthropic Messages request body
	Gemini     Target = "gemini"     // a Gemini generateContent request body
	MCP        Target = "mcp"        // an MCP tools/list result
	Curl       Target = "curl"       // a curl command for POST /responses
	Python     Target = "python"     // a program for the openai Python library
	TypeScript Target = "typescript" // a program for the openai npm package
	Go         Target = "go"         // a program for github.com/openai/openai-go/v3
)

var targets = []Target{Responses, Chat, Anthropic, Gemini, MCP, Curl, Python, TypeScript, Go}

// Targets returns every target, in the order help texts and pickers show
// them. The slice is the caller's.
func Targets() []Target { return append([]Target(nil), targets...) }

// Title is how the target is called for people, e.g. "Chat Completions".
func (t Target) Title() string {
	switch t {
	case Responses:
		return "Responses"
	case Chat:
		return "Chat Completions"
	case Anthropic:
		return "Anthropic"
	case Gemini:
		return "Gemini"
	case MCP:
		return "MCP"
	case Curl:
		return "curl"
	case Python:
		return "Python"
	case TypeScript:
		return "TypeScript"
	case Go:
		return "Go"
	}
	return string(t)
}

// ParseTarget returns the target named s (case and surrounding space do
// not matter); its error lists the valid names.
func ParseTarget(s string) (Target, error) {
	name := strings.ToLower(strings.TrimSpace(s))
	for _, t := range targets {
		if string(t) == name {
			return t, nil
		}
	}
	names := make([]string, len(targets))
	for i, t := range targets {
		names[i] = string(t)
	}
	return "", fmt.Errorf("unknown export format %q: use one of %s", s, strings.Join(names, ", "))
}

// DefaultBaseURL is where the curl command and the programs send the
// request when Options.BaseURL is empty.
const DefaultBaseURL = "https://api.openai.com/v1"

// Options tune the exports that send the request.
type Options struct {
	// BaseURL is the API's base, e.g. "http://localhost:11434/v1"; ""
	// means DefaultBaseURL. The curl command always names it; the programs
	// name it only when it is set and leave the library's default otherwise.
	BaseURL string
	// Model, when set, is the model the Chat Completions, Anthropic and
	// Gemini exports name instead of the request's (Gemini's is in the URL
	// its note gives). The other exports send the request as it is.
	Model string
	// GeminiParameters writes each function's parameters for Gemini as
	// parameters, in the OpenAPI subset Gemini's Schema takes and spelled
	// as @google/genai's types spell it (type names in upper case, counts
	// as strings), noting what the subset cannot hold. By default they are
	// written as parametersJsonSchema, the JSON Schema itself, which loses
	// nothing.
	GeminiParameters bool
}

// Result is an export: the text to show, save or copy, and what the
// target could not take as it was.
type Result struct {
	// Text ends in "\n".
	Text []byte
	// Notes' Path is a JSON pointer into the Responses body, e.g.
	// "/tools/3" or "/tools/0/strict" (where a key would be when it is
	// absent); "" for the body as a whole.
	Notes []formats.Note
}

// ErrNotObject is returned for a body that is valid JSON but no object.
var ErrNotObject = errors.New("the request body is not a JSON object")

// Export writes body, a Responses request body, as target to. It fails only
// for a body that is not a JSON object in UTF-8, and for an unknown target.
func Export(body []byte, to Target, opt Options) (Result, error) {
	req, err := rawjson.ParseObject(body)
	if errors.Is(err, rawjson.ErrNotObject) {
		return Result{}, ErrNotObject
	}
	if err != nil {
		return Result{}, fmt.Errorf("the request body is not valid JSON: %w", err)
	}
	req = uniq(req)
	var n notes
	if opt.Model != "" && (to == Chat || to == Anthropic || to == Gemini) {
		req = withModel(req, opt.Model, &n)
	}
	var text []byte
	switch to {
	case Responses:
		text = indent(body)
	case Chat:
		text = indent(toChat(req, &n).AppendJSON(nil))
	case Anthropic:
		text = indent(toAnthropic(req, &n).AppendJSON(nil))
	case Gemini:
		text = indent(toGemini(req, opt, &n).AppendJSON(nil))
	case MCP:
		text = indent(toMCP(req, &n).AppendJSON(nil))
	case Curl:
		text = []byte(curlCommand(body, opt.base()))
	case Python:
		text = pythonProgram(body, req, opt)
	case TypeScript:
		text = typescriptProgram(body, req, opt)
	case Go:
		text = goProgram(body, req, opt)
	default:
		_, err := ParseTarget(string(to))
		return Result{}, err
	}
	return Result{Text: text, Notes: n.list}, nil
}

// withModel is req naming model, with a note of the model it named.
func withModel(req rawjson.Object, model string, n *notes) rawjson.Object {
	out := append(rawjson.Object(nil), req...)
	if old, ok := getStr(req, "model"); ok && old != model {
		n.changed("/model", "written as %s, as asked, instead of %s", model, old)
	}
	out.Set("model", jstr(model))
	return out
}

// isOpenAIModel reports whether name is the name of an OpenAI model: gpt-…,
// chatgpt-…, o1, o3-mini, o4-mini and the like.
func isOpenAIModel(name string) bool {
	m := strings.ToLower(strings.TrimSpace(name))
	return strings.HasPrefix(m, "gpt") || strings.HasPrefix(m, "chatgpt") || strings.HasPrefix(m, "codex") ||
		len(m) > 1 && m[0] == 'o' && m[1] >= '0' && m[1] <= '9'
}

// base is the base URL to send to.
func (o Options) base() string {
	if o.BaseURL == "" {
		return DefaultBaseURL
	}
	return o.BaseURL
}

// indent lays out valid JSON as json.Indent with two spaces, ending in a
// newline.
func indent(v []byte) []byte {
	return append(rawjson.AppendIndent(nil, v, "", "  "), '\n')
}

// notes collects what an export changed or could not carry, once per path
// and message, in the order found.
type notes struct {
	list []formats.Note
	seen map[formats.Note]bool
}

func (n *notes) add(path string, loss bool, format string, args ...any) {
	note := formats.Note{Path: path, Message: fmt.Sprintf(format, args...), Loss: loss}
	if n.seen[note] {
		return
	}
	if n.seen == nil {
		n.seen = map[formats.Note]bool{}
	}
	n.seen[note] = true
	n.list = append(n.list, note)
}

// lost notes information that is gone from the output.
func (n *notes) lost(path, format string, args ...any) { n.add(path, true, format, args...) }

// changed notes a change that keeps the meaning.
func (n *notes) changed(path, format string, args ...any) { n.add(path, false, format, args...) }
