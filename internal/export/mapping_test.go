package export

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// field returns the compact JSON at pointer in an export's text.
func field(t *testing.T, text []byte, pointer string) string {
	t.Helper()
	var v any
	if err := json.Unmarshal(text, &v); err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	for _, tok := range strings.Split(pointer, "/")[1:] {
		switch c := v.(type) {
		case map[string]any:
			v = c[tok]
		case []any:
			var i int
			fmt.Sscan(tok, &i)
			if i >= len(c) {
				return "<none>"
			}
			v = c[i]
		default:
			return "<none>"
		}
	}
	if v == nil {
		return "<none>"
	}
	b, _ := json.Marshal(v)
	return string(b)
}

func TestGeminiSchema(t *testing.T) {
	cases := []struct{ in, want string }{
		{`{"type":"object","properties":{"a":{"type":["integer","null"]}}}`,
			`{"properties":{"a":{"nullable":true,"type":"integer"}},"type":"object"}`},
		{`{"type":"object","properties":{"a":{"type":["string","number"]}}}`,
			`{"properties":{"a":{"anyOf":[{"type":"string"},{"type":"number"}]}},"type":"object"}`},
		{`{"type":"object","properties":{"a":{"anyOf":[{"type":"string","maxLength":3},{"type":"null"}]}}}`,
			`{"properties":{"a":{"maxLength":3,"nullable":true,"type":"string"}},"type":"object"}`},
		{`{"type":"object","properties":{"a":{"allOf":[{"type":"string"},{"description":"d"}]}}}`,
			`{"properties":{"a":{"description":"d","type":"string"}},"type":"object"}`},
		{`{"type":"object","properties":{"a":{"type":"array","items":[{"type":"number"},{"type":"string"}]}}}`,
			`{"properties":{"a":{"items":{"type":"number"},"type":"array"}},"type":"object"}`},
		{`{"type":"object","properties":{"a":true,"b":false,"c":{"enum":[1,2]},"d":{"type":"integer","format":"int64"}}}`,
			`{"properties":{"a":{},"b":{},"c":{},"d":{"format":"int64","type":"integer"}},"type":"object"}`},
		{`{"type":"object","properties":{"a":{"$ref":"#/$defs/A","description":"top"}},"$defs":{"A":{"type":"string","description":"inner"}}}`,
			`{"properties":{"a":{"description":"top","type":"string"}},"type":"object"}`},
		{`{"type":"object","properties":{"a":{"$ref":"#/definitions/a~1b"}},"definitions":{"a/b":{"type":"boolean"}}}`,
			`{"properties":{"a":{"type":"boolean"}},"type":"object"}`},
		{`{"type":"object","properties":{"a":{"$ref":"https://example.com/s.json"}}}`,
			`{"properties":{"a":{}},"type":"object"}`},
		{`{"type":"object","properties":{"a":{"type":["string","null"],"enum":["x",null]},"b":{"examples":[1]},"c":{"enum":[null]}}}`,
			`{"properties":{"a":{"enum":["x"],"nullable":true,"type":"string"},"b":{"example":1},"c":{}},"type":"object"}`},
		{`{"type":"object","properties":{"a":{"$ref":"#"}}}`,
			`{"properties":{"a":{"properties":{"a":{}},"type":"object"}},"type":"object"}`},
	}
	for _, c := range cases {
		var n notes
		got, ok := geminiParameters([]byte(c.in), "/tools/0/parameters", &n)
		if !ok || string(compact(reencode(got))) != c.want {
			t.Errorf("%s\ngot  %s\nwant %s\nnotes:\n%s", c.in, reencode(got), c.want, formatNotes(n.list))
		}
	}
}

// reencode sorts an object's keys, for comparing.
func reencode(v []byte) []byte {
	var x any
	if json.Unmarshal(v, &x) != nil {
		return v
	}
	b, _ := json.Marshal(x)
	return b
}

// A schema whose $refs double at each level is cut off, not expanded
// into millions of nodes.
func TestGeminiSchemaRefBomb(t *testing.T) {
	var defs []string
	for i := 0; i < 30; i++ {
		defs = append(defs, fmt.Sprintf(`"d%d":{"type":"object","properties":{"l":{"$ref":"#/$defs/d%d"},"r":{"$ref":"#/$defs/d%d"}}}`, i, i+1, i+1))
	}
	defs = append(defs, `"d30":{"type":"string"}`)
	in := `{"type":"object","properties":{"x":{"$ref":"#/$defs/d0"}},"$defs":{` + strings.Join(defs, ",") + `}}`
	var n notes
	out, _ := geminiParameters([]byte(in), "/tools/0/parameters", &n)
	if len(out) > 4<<20 {
		t.Fatalf("output of %d bytes", len(out))
	}
	found := false
	for _, note := range n.list {
		found = found || strings.Contains(note.Message, "too deeply")
	}
	if !found {
		t.Errorf("no note about the cut-off:\n%s", formatNotes(n.list))
	}
}

// tool_choice in each target, with one function and one web search tool.
func TestToolChoice(t *testing.T) {
	tools := `"tools":[{"type":"function","name":"f","parameters":{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false},"strict":true},{"type":"web_search"}]`
	cases := []struct {
		choice  string
		to      Target
		pointer string
		want    string
	}{
		{`"auto"`, Chat, "/tool_choice", `"auto"`},
		{`"required"`, Anthropic, "/tool_choice", `{"type":"any"}`},
		{`"none"`, Anthropic, "/tool_choice", `{"type":"none"}`},
		{`{"type":"function","name":"f"}`, Anthropic, "/tool_choice", `{"name":"f","type":"tool"}`},
		{`{"type":"web_search"}`, Anthropic, "/tool_choice", `{"name":"web_search","type":"tool"}`},
		{`{"type":"web_search"}`, Chat, "/tool_choice", `<none>`},
		{`{"type":"custom","name":"c"}`, Chat, "/tool_choice", `{"custom":{"name":"c"},"type":"custom"}`},
		{`"none"`, Gemini, "/toolConfig", `{"functionCallingConfig":{"mode":"NONE"}}`},
		{`"required"`, Gemini, "/toolConfig", `{"functionCallingConfig":{"mode":"ANY"}}`},
		{`{"type":"allowed_tools","mode":"required","tools":[{"type":"function","name":"f"}]}`, Gemini, "/toolConfig",
			`{"functionCallingConfig":{"allowedFunctionNames":["f"],"mode":"ANY"}}`},
		{`{"type":"allowed_tools","mode":"required","tools":[{"type":"function","name":"f"}]}`, Anthropic, "/tool_choice", `{"type":"any"}`},
		{`{"type":"allowed_tools","mode":"required","tools":[{"type":"web_search"}]}`, Chat, "/tool_choice", `"required"`},
		{`{"type":"allowed_tools","mode":"auto","tools":[{"type":"web_search"}]}`, Gemini, "/toolConfig", `{"functionCallingConfig":{"mode":"AUTO"}}`},
	}
	for _, c := range cases {
		body := `{"model":"m",` + tools + `,"tool_choice":` + c.choice + `}`
		res, err := Export([]byte(body), c.to, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := field(t, res.Text, c.pointer); got != c.want {
			t.Errorf("%s to %s: %s = %s, want %s", c.choice, c.to, c.pointer, got, c.want)
		}
	}
}

// parallel_tool_calls false becomes disable_parallel_tool_use, also
// without a tool_choice; without tools it is dropped with a note.
func TestAnthropicParallel(t *testing.T) {
	res, _ := Export([]byte(`{"model":"m","tools":[{"type":"function","name":"f"}],"parallel_tool_calls":false}`), Anthropic, Options{})
	if got := field(t, res.Text, "/tool_choice"); got != `{"disable_parallel_tool_use":true,"type":"auto"}` {
		t.Errorf("tool_choice = %s", got)
	}
	res, _ = Export([]byte(`{"model":"m","input":"hi","parallel_tool_calls":false,"tool_choice":"auto"}`), Chat, Options{})
	if got := field(t, res.Text, "/parallel_tool_calls"); got != "<none>" || len(res.Notes) != 2 {
		t.Errorf("parallel_tool_calls = %s, notes %v", got, res.Notes)
	}
}

// A function without strict whose parameters Responses cannot make
// strict is written as strict false, a change that keeps the meaning.
func TestStrictFallback(t *testing.T) {
	body := `{"input":"hi","tools":[{"type":"function","name":"f","parameters":{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":{"type":"string"}}}]}`
	res, _ := Export([]byte(body), Chat, Options{})
	if got := field(t, res.Text, "/tools/0/function/strict"); got != "false" {
		t.Errorf("strict = %s", got)
	}
	if len(res.Notes) != 1 || res.Notes[0].Path != "/tools/0/strict" || res.Notes[0].Loss {
		t.Errorf("notes %v", res.Notes)
	}
}

// Keys are escaped in note paths as JSON Pointer asks.
func TestNotePathsEscapeKeys(t *testing.T) {
	res, _ := Export([]byte(`{"input":"hi","a/b~c":1}`), Chat, Options{})
	if len(res.Notes) != 1 || res.Notes[0].Path != "/a~1b~0c" {
		t.Fatalf("notes %v", res.Notes)
	}
	if _, exact, ok := rawjson.LocatePointer([]byte(`{"input":"hi","a/b~c":1}`), res.Notes[0].Path); !ok || !exact {
		t.Errorf("path %s does not locate", res.Notes[0].Path)
	}
}
