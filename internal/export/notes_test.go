package export

import (
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/formats"
)

// noteCase is a Note an export of a test body must (or must not) have.
type noteCase struct {
	body string
	to   Target
	path string
	loss bool
}

func TestExpectedNotes(t *testing.T) {
	all := bodies(t)
	must := []noteCase{
		// Chat Completions
		{"functions", Chat, "/tools/0/strict", false},
		{"functions", Chat, "/tools/1/strict", true},
		{"functions", Chat, "/tools/1/defer_loading", true},
		{"functions", Chat, "/tools/1/allowed_callers", true},
		{"functions", Chat, "/tools/1/output_schema", true},
		{"functions", Chat, "/tools/4/type", true},
		{"functions", Chat, "/input/1/id", true},
		{"functions", Chat, "/input/3/content/1", true},
		{"functions", Chat, "/input/4", true},
		{"functions", Chat, "/reasoning/summary", true},
		{"functions", Chat, "/previous_response_id", true},
		{"functions", Chat, "/truncation", true},
		{"stream", Chat, "/tools/2/type", true},
		{"stream", Chat, "/tool_choice", false},
		{"stream", Chat, "/tool_choice/tools/1", true},
		{"stream", Chat, "/context_management", true},
		{"hostile", Chat, "/extra_body", true},
		{"hostile", Chat, "/timeout", true},
		// Anthropic
		{"minimal", Anthropic, "/max_output_tokens", false},
		{"functions", Anthropic, "/tools/0/strict", false},
		{"functions", Anthropic, "/tools/1/allowed_callers", true},
		{"functions", Anthropic, "/tools/3/parameters", false},
		{"functions", Anthropic, "/input/2", false},
		{"functions", Anthropic, "/temperature", true},
		{"functions", Anthropic, "/parallel_tool_calls", false},
		{"functions", Anthropic, "/user", false},
		{"functions", Anthropic, "/text", true},
		{"functions", Anthropic, "/metadata", true},
		{"builtins", Anthropic, "/tools/1/search_context_size", true},
		{"builtins", Anthropic, "/tools/1/external_web_access", true},
		{"builtins", Anthropic, "/tools/11", true},
		{"builtins", Anthropic, "/tools/15", true},
		{"stream", Anthropic, "/tool_choice/tools", true},
		// Gemini
		{"functions", Gemini, "/model", true},
		{"functions", Gemini, "/tools/0/strict", true},
		{"functions", geminiParams, "/tools/1/parameters/properties/near/type", false},
		{"functions", geminiParams, "/tools/2/parameters/$schema", false},
		{"functions", geminiParams, "/tools/2/parameters/additionalProperties", true},
		{"functions", geminiParams, "/tools/2/parameters/$defs", false},
		{"functions", geminiParams, "/tools/2/parameters/$defs/Item/additionalProperties", true},
		{"functions", geminiParams, "/tools/2/parameters/properties/tags", false},
		{"functions", geminiParams, "/tools/2/parameters/properties/kind/const", false},
		{"functions", geminiParams, "/tools/2/parameters/properties/level/const", true},
		{"functions", geminiParams, "/tools/2/parameters/properties/labels/propertyNames", true},
		{"functions", geminiParams, "/tools/2/parameters/properties/labels/patternProperties", true},
		{"functions", geminiParams, "/tools/2/parameters/properties/unit/format", true},
		{"functions", geminiParams, "/tools/2/parameters/properties/mode/if", true},
		{"functions", geminiParams, "/tools/2/parameters/properties/mode/then", true},
		{"functions", geminiParams, "/tools/2/parameters/properties/mode/else", true},
		{"functions", geminiParams, "/tools/2/parameters/properties/choice/oneOf", true},
		{"functions", geminiParams, "/tools/2/parameters/properties/item/$ref", false},
		{"functions", geminiParams, "/tools/2/parameters/$defs/Node/properties/children/items/$ref", true},
		{"functions", Gemini, "/parallel_tool_calls", true},
		{"functions", Gemini, "/text/format/name", true},
		{"builtins", Gemini, "/tools/1/filters", true},
		{"builtins", Gemini, "/tools/1/user_location", true},
		{"builtins", Gemini, "/tools/2", true},
		{"builtins", Gemini, "/tools/3/container", true},
		{"builtins", Gemini, "/tools/16", true},
		{"stream", Gemini, "/stream", true},
		{"stream", Gemini, "/tool_choice", false},
		{"stream", Gemini, "/tool_choice/tools/1", true},
		// MCP
		{"builtins", MCP, "/model", true},
		{"builtins", MCP, "/input", true},
		{"builtins", MCP, "/tool_choice", true},
		{"builtins", MCP, "/tools/0/strict", true},
		{"builtins", MCP, "/tools/1", true},
		{"builtins", MCP, "/tools/17", true},
		{"functions", MCP, "/tools/1/output_schema", true},
		{"functions", MCP, "/tools/3/parameters", false},
	}
	mustNot := []noteCase{
		{"functions", Chat, "/tools/1/async", true},   // async false is the default
		{"functions", Chat, "/tools/2/strict", false}, // strict false carries
		{"functions", Chat, "/tools/3/strict", false}, // no parameters, nothing to be strict about
		{"functions", Gemini, "/tools/3/strict", true},
		{"builtins", Chat, "/tools/11", true}, // custom tools carry
		{"builtins", Chat, "/tools/0/strict", false},
		{"functions", Chat, "/temperature", true},
	}
	got := map[string][]formats.Note{}
	notesOf := func(c noteCase) []formats.Note {
		k := c.body + "/" + string(c.to)
		if _, ok := got[k]; !ok {
			got[k] = mustExport(t, all[c.body], c.to).Notes
		}
		return got[k]
	}
	has := func(c noteCase) bool {
		for _, n := range notesOf(c) {
			if n.Path == c.path && n.Loss == c.loss {
				return true
			}
		}
		return false
	}
	for _, c := range must {
		if !has(c) {
			t.Errorf("%s to %s: no note at %s with loss %v; notes:\n%s", c.body, c.to, c.path, c.loss, formatNotes(notesOf(c)))
		}
	}
	for _, c := range mustNot {
		for _, n := range notesOf(c) {
			if n.Path == c.path {
				t.Errorf("%s to %s: unexpected note at %s: %s", c.body, c.to, c.path, n.Message)
			}
		}
	}
}

// Every tool type the converter's catalogue knows is in the builtins body.
func TestBuiltinsBodyCoversTheCatalog(t *testing.T) {
	body := string(bodies(t)["builtins"])
	for _, k := range convert.Catalog() {
		if !strings.Contains(body, `"type": "`+k.Type+`"`) {
			t.Errorf("the builtins body has no %s tool", k.Type)
		}
	}
}
