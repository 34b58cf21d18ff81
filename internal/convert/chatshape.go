package convert

import (
	"strings"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// The Chat Completions API nests a function tool's fields under
// "function": {"type":"function","function":{"name":…,"parameters":…}},
// and its named tool_choice too: {"type":"function","function":{"name":…}}.
// The Responses API takes them at the top level and refuses the nested
// shape, so the converter names it rather than listing the keys that are
// missing or unknown.

// chatShapeIssue is the error for a function entry in the Chat
// Completions shape; fn is the value of its "function" member.
func chatShapeIssue(fn []byte) Issue {
	return fatal("/function", "this is the Chat Completions shape {\"type\":\"function\",\"function\":{…}}; "+
		"the Responses API takes name, description, parameters and strict at the top level of the tool: "+
		responsesFunctionExample(fn)).withFix(Fix{Kind: FixChatShape})
}

// responsesFunctionExample shows the entry in the Responses shape, e.g.
// {"type":"function","name":"get_weather","description":…,"parameters":…,"strict":…}.
func responsesFunctionExample(fn []byte) string {
	var b strings.Builder
	b.WriteString(`{"type":"function","name":`)
	b.WriteString(innerName(fn))
	for _, k := range [...]string{"description", "parameters", "strict"} {
		if _, ok := rawjson.Members(fn).Get(k); ok {
			b.WriteString(`,"` + k + `":…`)
		}
	}
	b.WriteString("}")
	return b.String()
}

// innerName is the quoted "name" of a Chat Completions function object,
// or … when it has none.
func innerName(fn []byte) string {
	if v, ok := rawjson.Members(fn).Get("name"); ok {
		if s, ok := rawjson.Unquote(v); ok {
			return quoteForMessage(s)
		}
	}
	return "…"
}

// leftoverFunctionKey rewords the unknown-key warning about a "function"
// member of a function entry that has its own name: a leftover of the
// Chat Completions shape.
func leftoverFunctionKey(issues []Issue) []Issue {
	for i, is := range issues {
		if is.Path == "/function" && !is.Fatal && strings.HasPrefix(is.Message, "unknown key") {
			issues[i].Message = "unknown key, left over from the Chat Completions shape {\"type\":\"function\",\"function\":{…}}? " +
				"The Responses API reads name, description, parameters and strict only at the top level of the tool; the API may reject the key"
		}
	}
	return issues
}

// chatShapeChoice says why a tool_choice in the Chat Completions shape
// cannot be sent, or "" when choice is not one.
func chatShapeChoice(choice map[string]any) string {
	if choice["type"] != "function" {
		return ""
	}
	fn, ok := choice["function"].(map[string]any)
	if _, named := choice["name"]; !ok || named {
		return ""
	}
	name := "…"
	if s, ok := fn["name"].(string); ok {
		name = quoteForMessage(s)
	}
	return `is the Chat Completions shape {"type":"function","function":{"name":…}}; the Responses API takes the name at the top level: {"type":"function","name":` + name + `}`
}
