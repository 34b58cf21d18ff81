package convert

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
)

func mustParse(t *testing.T, s string) *model.Document {
	t.Helper()
	d, err := model.Parse([]byte(s))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	return d
}

// toolsOf returns the request's tools as raw entries.
func toolsOf(t *testing.T, body []byte) []json.RawMessage {
	t.Helper()
	var req struct {
		Tools []json.RawMessage `json:"tools"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, body)
	}
	return req.Tools
}

func compact(t *testing.T, s []byte) string {
	t.Helper()
	var b bytes.Buffer
	if err := json.Compact(&b, s); err != nil {
		t.Fatalf("compact: %v", err)
	}
	return b.String()
}

func diagLines(ds []Diagnostic) string {
	var b strings.Builder
	for _, d := range ds {
		b.WriteString(d.String())
		b.WriteByte('\n')
	}
	return b.String()
}

// T1: built-in tools only.
func TestBuiltinOnly(t *testing.T) {
	body, diags := Convert(mustParse(t, `{"model":"gpt-5","extra":{"builtin_tools":[{"type":"web_search"}]}}`))
	if len(diags) != 0 {
		t.Fatalf("diagnostics: %s", diagLines(diags))
	}
	tools := toolsOf(t, body)
	if len(tools) != 1 || compact(t, tools[0]) != `{"type":"web_search"}` {
		t.Fatalf("tools = %s", body)
	}
}

// T2: functions first, then built-ins, each in document order.
func TestMixedTools(t *testing.T) {
	doc := `{"model":"gpt-5","tools_defs":[
	  {"name":"a","description":"A","parameters":{"type":"object","properties":{},"required":[],"additionalProperties":false},"strict":true},
	  {"name":"b","description":"B","parameters":{"type":"object","properties":{},"required":[],"additionalProperties":false},"strict":false}],
	 "extra":{"builtin_tools":[{"type":"file_search","vector_store_ids":["vs_1"]},{"type":"web_search","search_context_size":"low"}]}}`
	body, diags := Convert(mustParse(t, doc))
	if len(diags) != 0 {
		t.Fatalf("diagnostics: %s", diagLines(diags))
	}
	tools := toolsOf(t, body)
	var got []string
	for _, tl := range tools {
		var p struct{ Type, Name string }
		_ = json.Unmarshal(tl, &p)
		got = append(got, p.Type+":"+p.Name)
	}
	want := "function:a function:b file_search: web_search:"
	if strings.Join(got, " ") != want {
		t.Fatalf("order = %v, want %s", got, want)
	}
}

// T3: nothing on either side means no tools field at all.
func TestNoTools(t *testing.T) {
	for _, doc := range []string{
		`{"model":"gpt-5"}`,
		`{"model":"gpt-5","tools_defs":[],"extra":{"builtin_tools":[]}}`,
	} {
		body, _ := Convert(mustParse(t, doc))
		var m map[string]json.RawMessage
		if err := json.Unmarshal(body, &m); err != nil {
			t.Fatal(err)
		}
		if _, ok := m["tools"]; ok {
			t.Fatalf("%s: tools present in %s", doc, body)
		}
	}
}

// T4: invalid built-ins are skipped with a located diagnostic; valid ones stay.
func TestInvalidBuiltin(t *testing.T) {
	doc := `{"extra":{"builtin_tools":[42,{"type":"web_search"},"web_search",{"no":"type"},{"type":7},{"type":"file_search","vector_store_ids":["v"],"max_num_results":99}]}}`
	body, diags := Convert(mustParse(t, doc))
	tools := toolsOf(t, body)
	if len(tools) != 1 || compact(t, tools[0]) != `{"type":"web_search"}` {
		t.Fatalf("tools = %s", body)
	}
	got := diagLines(diags)
	for _, want := range []string{
		"error: extra.builtin_tools[0]: must be an object with a \"type\", got number; left out",
		"error: extra.builtin_tools[2]: must be an object with a \"type\", got string; left out",
		"error: extra.builtin_tools[3] /type: required",
		"error: extra.builtin_tools[4] /type: must be a string, got number; left out",
		"error: extra.builtin_tools[5] (file_search) /max_num_results: must be between 1 and 50, got 99; left out",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
}

// T5 / AC7: the function wire format, key order included.
func TestFunctionWireFormat(t *testing.T) {
	tool := ResponseTool{Function: &FunctionTool{Name: "get_weather", Description: "Weather <now> & then", Parameters: json.RawMessage(`{"type":"object"}`)}}
	b, err := json.Marshal(tool)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"type":"function","name":"get_weather","description":"Weather <now> & then","parameters":{"type":"object"}}`
	if got := marshalNoEscape(t, tool); got != want {
		t.Fatalf("wire = %s\nwant   %s", got, want)
	}
	if !json.Valid(b) {
		t.Fatal("invalid JSON")
	}
	st := true
	tool.Function.Strict = &st
	want = `{"type":"function","name":"get_weather","description":"Weather <now> & then","parameters":{"type":"object"},"strict":true}`
	if got := marshalNoEscape(t, tool); got != want {
		t.Fatalf("wire = %s\nwant   %s", got, want)
	}
	// In a converted request, too.
	body, _ := Convert(mustParse(t, `{"tools_defs":[{"parameters":{"type":"object","properties":{}},"description":"d","name":"f"}]}`))
	if got := compact(t, toolsOf(t, body)[0]); got != `{"type":"function","name":"f","description":"d","parameters":{"type":"object","properties":{}}}` {
		t.Fatalf("converted = %s", got)
	}
}

func marshalNoEscape(t *testing.T, v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(b.String())
}

// T6: a built-in survives decode and encode byte for byte.
func TestBuiltinRoundTrip(t *testing.T) {
	raw := `{"type":"web_search","zeta":1,"user_location":{"type":"approximate","city":"Paris"},"alpha":9007199254740993,"future_field":{"x":[1.50,"<&>"]}}`
	var tool ResponseTool
	if err := json.Unmarshal([]byte(raw), &tool); err != nil {
		t.Fatal(err)
	}
	if tool.Function != nil {
		t.Fatal("decoded as a function")
	}
	out, err := tool.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != raw {
		t.Fatalf("round trip changed the entry:\n%s\n%s", out, raw)
	}
	var fn ResponseTool
	if err := json.Unmarshal([]byte(`{"type":"function","name":"f","output_schema":{"type":"object"}}`), &fn); err != nil {
		t.Fatal(err)
	}
	if fn.Function == nil || fn.Function.Name != "f" || string(fn.Function.Parameters) != "" || len(fn.Function.Extra) != 1 {
		t.Fatalf("function decode = %+v", fn.Function)
	}
	b, _ := fn.MarshalJSON()
	if string(b) != `{"type":"function","name":"f","description":"","parameters":null,"output_schema":{"type":"object"}}` {
		t.Fatalf("function encode = %s", b)
	}
}

func TestOutputOrderAndFidelity(t *testing.T) {
	doc := `{"zeta":1,"parallel_tool_calls":false,"tool_choice":"auto","input":"hi <b>","instructions":"be brief","model":"gpt-5",
	  "temperature":0.70,"extra":{"store":false,"metadata":{"n":12345678901234567890},"builtin_tools":[{"type":"web_search"}]}}`
	body, diags := Convert(mustParse(t, doc))
	if len(diags) != 0 {
		t.Fatalf("diagnostics: %s", diagLines(diags))
	}
	want := `{
  "model": "gpt-5",
  "instructions": "be brief",
  "input": "hi <b>",
  "tools": [
    {
      "type": "web_search"
    }
  ],
  "tool_choice": "auto",
  "parallel_tool_calls": false,
  "zeta": 1,
  "temperature": 0.70,
  "store": false,
  "metadata": {
    "n": 12345678901234567890
  }
}
`
	if string(body) != want {
		t.Fatalf("got\n%s\nwant\n%s", body, want)
	}
}

func TestDiagnosticLocationsForImportedBody(t *testing.T) {
	body := `{"model":"gpt-5","tools":[{"type":"web_search"},{"type":"function","name":"bad name","parameters":{"type":"object"}},{"type":"file_search"}]}`
	_, diags := Convert(mustParse(t, body))
	got := diagLines(diags)
	for _, want := range []string{"error: tools[1] (function) /name:", "error: tools[2] (file_search) /vector_store_ids: required; left out"} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
}

func TestImportRoundTripLosesNothing(t *testing.T) {
	body := `{
  "model": "gpt-5",
  "input": "hi",
  "tools": [
    {
      "type": "function",
      "name": "lookup",
      "description": "Look up",
      "parameters": {
        "type": "object",
        "properties": {
          "q": {
            "type": "string"
          }
        },
        "required": [
          "q"
        ],
        "additionalProperties": false
      },
      "strict": true,
      "output_schema": {
        "type": "object"
      },
      "defer_loading": true
    },
    {
      "type": "web_search",
      "filters": {
        "allowed_domains": [
          "example.com"
        ]
      },
      "future_key": 9007199254740993
    }
  ],
  "tool_choice": "required",
  "parallel_tool_calls": true,
  "store": false
}
`
	out, diags := Convert(mustParse(t, body))
	for _, d := range diags {
		if d.Severity == Error {
			t.Fatalf("error: %s", d)
		}
	}
	if string(out) != body {
		t.Fatalf("import changed the body:\n%s", out)
	}
}

func TestToolChoiceChecks(t *testing.T) {
	cases := []struct {
		doc     string
		want    string // substring of diagnostics; "" for none
		dropped bool
	}{
		{`{"tool_choice":"required"}`, "error: tool_choice: \"required\" needs at least one tool", true},
		{`{"tool_choice":"auto"}`, `warning: model: no model: the API requires one, e.g. "gpt-5"`, false},
		{`{"model":"gpt-5","tool_choice":"auto"}`, "", false},
		{`{"tool_choice":{"type":"function","name":"nope"},"tools_defs":[{"name":"yes","parameters":{"type":"object","properties":{},"required":[],"additionalProperties":false},"strict":true}]}`, `names function "nope"`, true},
		{`{"model":"gpt-5","tool_choice":{"type":"function","name":"yes"},"tools_defs":[{"name":"yes","parameters":{"type":"object","properties":{},"required":[],"additionalProperties":false},"strict":true}]}`, "", false},
		{`{"tool_choice":{"type":"image_generation"},"extra":{"builtin_tools":[{"type":"web_search"}]}}`, `names "image_generation"`, true},
		{`{"model":"gpt-5","tool_choice":{"type":"web_search_preview"},"extra":{"builtin_tools":[{"type":"web_search_preview_2025_03_11"}]}}`, "", false},
		{`{"model":"gpt-5","tool_choice":{"type":"mcp","server_label":"x"},"extra":{"builtin_tools":[{"type":"mcp","server_label":"x","server_url":"https://x.example/mcp"}]}}`, "", false},
		{`{"tool_choice":{"type":"allowed_tools","mode":"auto","tools":[{"type":"image_generation"}]},"extra":{"builtin_tools":[{"type":"web_search"}]}}`, "/tools/0: names", true},
		{`{"tool_choice":"any"}`, `must be "none", "auto", "required"`, true},
		{`{"model":"gpt-5","tool_choice":{"type":"web_search"},"extra":{"builtin_tools":[{"type":"web_search_2025_08_26"}]}}`, `warning: tool_choice /type: "web_search" is not a tool_choice type in the spec`, false},
		{`{"model":"gpt-5","tool_choice":{"type":"web_search_preview"},"extra":{"builtin_tools":[{"type":"web_search"}]}}`, `names "web_search_preview", which is not in the request's tools`, true},
		{`{"model":"gpt-5","tool_choice":{"type":"computer_use"},"extra":{"builtin_tools":[{"type":"computer_use_preview","environment":"browser","display_width":1024,"display_height":768}]}}`, "", false},
		{`{"model":"gpt-5","tool_choice":{"type":"custom","name":"c"},"extra":{"builtin_tools":[{"type":"custom","name":"c"}]}}`, "", false},
		{`{"model":"gpt-5","tool_choice":{"type":"custom","name":"d"},"extra":{"builtin_tools":[{"type":"custom","name":"c"}]}}`, `names custom "d"`, true},
		{`{"model":"gpt-5","tool_choice":{"type":"mcp","server_label":"y"},"extra":{"builtin_tools":[{"type":"mcp","server_label":"x","server_url":"https://x.example/mcp"}]}}`, `names mcp server "y"`, true},
	}
	for _, c := range cases {
		body, diags := Convert(mustParse(t, c.doc))
		got := diagLines(diags)
		if c.want == "" && got != "" {
			t.Errorf("%s: unexpected %s", c.doc, got)
		}
		if c.want != "" && !strings.Contains(got, c.want) {
			t.Errorf("%s: want %q in %q", c.doc, c.want, got)
		}
		if has := bytes.Contains(body, []byte(`"tool_choice"`)); has == c.dropped {
			t.Errorf("%s: tool_choice present=%v, dropped=%v\n%s", c.doc, has, c.dropped, body)
		}
	}
}

func TestDuplicateFunctionNames(t *testing.T) {
	fn := `{"name":"f","parameters":{"type":"object","properties":{},"required":[],"additionalProperties":false},"strict":true}`
	body, diags := Convert(mustParse(t, `{"tools_defs":[`+fn+`,`+fn+`]}`))
	if n := len(toolsOf(t, body)); n != 1 {
		t.Fatalf("tools = %d", n)
	}
	if !strings.Contains(diagLines(diags), `error: tools_defs[1] (function) /name: duplicate function name "f": tools_defs[0] already defines it; left out`) {
		t.Fatalf("diagnostics: %s", diagLines(diags))
	}
}

func TestStrictMode(t *testing.T) {
	loose := `{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"object","properties":{"c":{"type":"number"}}}}}`
	cases := []struct {
		strict  string
		want    string
		dropped bool
	}{
		{`,"strict":true`, `error: tools_defs[0] (function) /parameters: strict mode: an object schema needs "additionalProperties": false; left out`, true},
		{``, `warning: tools_defs[0] (function) /parameters: strict is not set`, false},
		{`,"strict":false`, ``, false},
	}
	for _, c := range cases {
		body, diags := Convert(mustParse(t, `{"model":"gpt-5","tools_defs":[{"name":"f","parameters":`+loose+c.strict+`}]}`))
		got := diagLines(diags)
		if c.want == "" && got != "" {
			t.Errorf("strict%q: unexpected %s", c.strict, got)
		}
		if !strings.Contains(got, c.want) {
			t.Errorf("strict%q: want %q in\n%s", c.strict, c.want, got)
		}
		if c.strict == `,"strict":true` && !strings.Contains(got, `/parameters/properties/b: strict mode: every property must be listed in "required"; missing "c"`) {
			t.Errorf("nested violation not reported:\n%s", got)
		}
		if n := len(toolsOf(t, body)); (n == 0) != c.dropped {
			t.Errorf("strict%q: %d tools, dropped=%v", c.strict, n, c.dropped)
		}
	}
}

func TestDisabledToolsAreLeftOut(t *testing.T) {
	doc := `{"model":"gpt-5","tools_defs":[{"name":"f","parameters":null,"strict":false}],"extra":{"builtin_tools":[{"type":"web_search"},{"type":"bogus"}]},
	  "tooltui":{"disabled":{"tools_defs":[0],"builtin_tools":[1]}}}`
	body, diags := Convert(mustParse(t, doc))
	tools := toolsOf(t, body)
	if len(tools) != 1 || compact(t, tools[0]) != `{"type":"web_search"}` {
		t.Fatalf("tools = %s", body)
	}
	if len(diags) != 0 {
		t.Fatalf("disabled tools produced diagnostics: %s", diagLines(diags))
	}
	if bytes.Contains(body, []byte("tooltui")) {
		t.Fatal("app metadata leaked into the request")
	}
}

func TestUnknownTypeIsKeptWithSuggestion(t *testing.T) {
	body, diags := Convert(mustParse(t, `{"extra":{"builtin_tools":[{"type":"web_serch","x":1}]}}`))
	if n := len(toolsOf(t, body)); n != 1 {
		t.Fatalf("unknown type not passed through: %s", body)
	}
	if !strings.Contains(diagLines(diags), `warning: extra.builtin_tools[0] (web_serch) /type: unknown type "web_serch": passed through unchanged; did you mean "web_search"?`) {
		t.Fatalf("diagnostics: %s", diagLines(diags))
	}
}

func TestStructuralProblems(t *testing.T) {
	_, diags := Convert(mustParse(t, `{"tools_defs":{"name":"f"},"extra":{"builtin_tools":"web_search","tools":[]},"tools":"x"}`))
	got := diagLines(diags)
	for _, want := range []string{
		"error: tools_defs: must be an array of function definitions, got object; left out",
		"error: extra.builtin_tools: must be an array of tool objects, got string; left out",
		"error: extra.tools: conflicts with the tools tooltui builds",
		"error: tools: must be an array of tools, got string; left out",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
}

func TestDraftsAreReportedWithLineAndColumn(t *testing.T) {
	d := mustParse(t, `{"tools_defs":[{"name":"f","parameters":{"type":"object","properties":{}}}]}`)
	draft := "{\n  \"type\": \"object\",\n  oops\n}"
	d.Functions[0].Draft = &draft
	d.Builtins = append(d.Builtins, model.Tool{Raw: []byte(`{"type": "web_search",}`)})
	body, diags := Convert(d)
	got := diagLines(diags)
	for _, want := range []string{
		"warning: tools_defs[0] (function) /parameters: not valid JSON: line 3, column 3:",
		"error: extra.builtin_tools[0]: not valid JSON: line 1, column 23:",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	// The function stays with its last valid parameters; the draft and
	// the broken entry stay out.
	if bytes.Contains(body, []byte(`oops`)) || bytes.Contains(body, []byte(`web_search`)) || !bytes.Contains(body, []byte(`"properties": {}`)) {
		t.Fatalf("drafts reached the request: %s", body)
	}
	type pos struct {
		path         string
		line, column int
	}
	var got2 []pos
	for _, d := range diags {
		if d.Line != 0 {
			got2 = append(got2, pos{d.Path, d.Line, d.Column})
		}
	}
	if want := []pos{{"/parameters", 3, 3}, {"", 1, 23}}; !slices.Equal(got2, want) {
		t.Fatalf("positions %v, want %v", got2, want)
	}
}

// A syntax error's Line and Column point into the text that failed to
// parse: at the offending character, or just past the end when the text
// stops early; Path names the field whose text it is. Every other
// diagnostic has none.
func TestSyntaxErrorPositions(t *testing.T) {
	cases := []struct {
		text         string
		line, column int
	}{
		{`{"type": "web_search",}`, 1, 23},
		{"{\n  \"type\": \"web_search\"\n  \"x\": 1\n}", 3, 3},
		{"{\n\t\"a\": tru\n}", 2, 10},
		{`{"é€": "ü", oops}`, 1, 13}, // columns count characters, not bytes
		{`{"a": 1`, 1, 8},
		{"{\n", 2, 1},
		{``, 1, 1},
		{"  \n ", 2, 2},
		{`{} {}`, 1, 4},
		{`{"a": "\q"}`, 1, 9},
		{"{\"a\": \"\xff\"}", 1, 8},
		{`{"a": 01}`, 1, 8},
	}
	for _, c := range cases {
		t.Run(c.text, func(t *testing.T) {
			check := func(what string, diags []Diagnostic, wantPath string) {
				t.Helper()
				var found bool
				for _, d := range diags {
					if d.Line == 0 {
						if d.Column != 0 {
							t.Errorf("%s: column without line: %+v", what, d)
						}
						continue
					}
					found = true
					// A parameters draft keeps the function: a warning.
					wantSev := Error
					if what == "draft" {
						wantSev = Warning
					}
					if d.Severity != wantSev || d.Path != wantPath || d.Line != c.line || d.Column != c.column {
						t.Errorf("%s: %s %q line %d, column %d; want %q line %d, column %d (%s)",
							what, d.Severity, d.Path, d.Line, d.Column, wantPath, c.line, c.column, d.Message)
					}
					if !strings.Contains(d.Message, "not valid JSON: line ") {
						t.Errorf("%s: message %q", what, d.Message)
					}
				}
				if !found {
					t.Errorf("%s: no positioned diagnostic in\n%s", what, diagLines(diags))
				}
			}
			text := c.text
			builtin := &model.Document{Builtins: []model.Tool{{Raw: []byte(text)}}}
			_, diags := Convert(builtin)
			check("builtin", diags, "")

			fn := &model.Document{Functions: []model.Tool{{Raw: []byte(`{"name":"f","parameters":{}}`), Draft: &text}}}
			_, diags = Convert(fn)
			check("draft", diags, "/parameters")

			raw := &model.Document{Functions: []model.Tool{{Raw: []byte(text)}}}
			_, diags = Convert(raw)
			check("function", diags, "")

			field := &model.Document{Fields: rawjson.Object{{Key: "instructions", Value: []byte(text)}}}
			_, diags = Convert(field)
			check("field", diags, "")
		})
	}
}

func TestModelIsRequired(t *testing.T) {
	const missing = `warning: model: no model: the API requires one, e.g. "gpt-5"`
	cases := []struct {
		doc  string
		want string // the whole diagnostics text
	}{
		{`{"model":"gpt-5"}`, ""},
		{`{"extra":{"model":"gpt-5"}}`, ""},
		{`{}`, missing + "\n"},
		{`{"input":"hi","tools":[]}`, missing + "\n"},
		{`{"model":""}`, `warning: model: is empty: the API requires a model, e.g. "gpt-5"` + "\n"},
		{`{"model":"  "}`, `warning: model: is empty: the API requires a model, e.g. "gpt-5"` + "\n"},
		{`{"model":5}`, `warning: model: must be a string naming a model, e.g. "gpt-5", got number` + "\n"},
		{`{"model":null}`, `warning: model: must be a string naming a model, e.g. "gpt-5", got null` + "\n"},
		{`{"model":{"name":"gpt-5"}}`, `warning: model: must be a string naming a model, e.g. "gpt-5", got object` + "\n"},
	}
	for _, c := range cases {
		_, diags := Convert(mustParse(t, c.doc))
		if got := diagLines(diags); got != c.want {
			t.Errorf("%s: diagnostics\n%s\nwant\n%s", c.doc, got, c.want)
		}
		for _, d := range diags {
			if d.IsTool() || d.Location != "model" || d.Severity != Warning || d.Line != 0 {
				t.Errorf("%s: %+v", c.doc, d)
			}
		}
	}
	// A model typed in the app that is not JSON yet is an error already,
	// and is not reported missing as well.
	d := mustParse(t, `{}`)
	d.Fields = append(d.Fields, rawjson.Member{Key: "model", Value: []byte(`"gpt-`)})
	_, diags := Convert(d)
	if len(diags) != 1 || diags[0].Severity != Error || diags[0].Location != "model" || diags[0].Line != 1 || diags[0].Column != 6 {
		t.Fatalf("diagnostics:\n%s", diagLines(diags))
	}
}

func TestParametersThatAreNotObjects(t *testing.T) {
	body, diags := Convert(mustParse(t, `{"tools_defs":[{"name":"a","parameters":null,"strict":false},{"name":"b","parameters":[1],"strict":false},{"name":"c"}]}`))
	if got := len(toolsOf(t, body)); got != 2 {
		t.Fatalf("%d tools:\n%s", got, body)
	}
	if !strings.Contains(diagLines(diags), "tools_defs[1] (function) /parameters:") {
		t.Fatalf("array parameters not reported:\n%s", diagLines(diags))
	}
}

func TestConverterCacheFollowsEdits(t *testing.T) {
	var c Converter
	d := mustParse(t, `{"model":"gpt-5","extra":{"builtin_tools":[{"type":"file_search","vector_store_ids":["v"],"max_num_results":99}]}}`)
	if r := c.Convert(d); len(r.Tools) != 0 || len(r.Diagnostics) != 1 {
		t.Fatalf("first: %d tools, %s", len(r.Tools), diagLines(r.Diagnostics))
	}
	d.Builtins[0].Raw = []byte(`{"type":"file_search","vector_store_ids":["v"],"max_num_results":9}`)
	if r := c.Convert(d); len(r.Tools) != 1 || len(r.Diagnostics) != 0 {
		t.Fatalf("after edit: %d tools, %s", len(r.Tools), diagLines(r.Diagnostics))
	}
	r1 := c.Convert(d)
	r2 := c.Convert(d)
	if !bytes.Equal(r1.JSON, r2.JSON) {
		t.Fatal("not deterministic")
	}
}

// Checking many new entries in parallel gives the same request and
// diagnostics as checking them one by one.
func TestParallelCheckMatchesSerial(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"model":"m","tools_defs":[`)
	for i := 0; i < 120; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		// a shared schema, some strict failures, some duplicate names
		fmt.Fprintf(&b, `{"name":"f%d","parameters":{"type":"object","properties":{"a":{"type":"string"}}},"strict":%v}`, i%100, i%3 == 0)
	}
	b.WriteString(`],"extra":{"builtin_tools":[`)
	for i := 0; i < 150; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		switch i % 4 {
		case 0:
			fmt.Fprintf(&b, `{"type":"file_search","vector_store_ids":["v%d"],"max_num_results":%d}`, i, i)
		case 1:
			b.WriteString(`{"type":"web_search","search_context_size":"huge"}`)
		case 2:
			b.WriteString(`{"type":"mcp","server_label":"s"}`)
		default:
			fmt.Fprintf(&b, `{"type":"custom","name":"c%d"}`, i)
		}
	}
	b.WriteString(`]}}`)
	d := mustParse(t, b.String())
	par := (&Converter{}).Convert(d)
	ser := (&Converter{serial: true}).Convert(d)
	if !bytes.Equal(par.JSON, ser.JSON) {
		t.Fatal("parallel and serial requests differ")
	}
	if diagLines(par.Diagnostics) != diagLines(ser.Diagnostics) {
		t.Fatalf("diagnostics differ:\n%s\n---\n%s", diagLines(par.Diagnostics), diagLines(ser.Diagnostics))
	}
	if len(par.Diagnostics) < 100 {
		t.Fatalf("only %d diagnostics; the document has many problems", len(par.Diagnostics))
	}
}

// A schema's walk and layout survive edits to other tools: typing in one
// function and then in another does not walk the second one's schema again.
func TestSchemaInfoSurvivesEditsElsewhere(t *testing.T) {
	schema := `{"type":"object","properties":{"q":{"type":"string"}},"required":["q"],"additionalProperties":false}`
	d := mustParse(t, `{"tools_defs":[{"name":"a","parameters":`+schema+`},{"name":"b","parameters":{"type":"object","properties":{},"required":[],"additionalProperties":false}}]}`)
	var c Converter
	c.Convert(d)
	params, _ := rawjson.ParseObject(d.Functions[0].Raw)
	p, _ := params.Get("parameters")
	before := c.schemaCache[string(p)]
	if before == nil {
		t.Fatal("schema not cached")
	}
	setName := func(i int, name string) {
		o, _ := rawjson.ParseObject(d.Functions[i].Raw)
		o.Set("name", rawjson.String(name))
		d.Functions[i].Raw = o.AppendJSON(nil)
	}
	setName(1, "b2") // edit elsewhere
	c.Convert(d)
	setName(0, "a2") // then here
	c.Convert(d)
	if c.schemaCache[string(p)] != before {
		t.Fatal("the schema was walked again after an edit elsewhere")
	}
}

func TestStrictAbsentOnACompatibleSchemaIsNamed(t *testing.T) {
	tight := `{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false}`
	for strict, want := range map[string]string{
		``:                `note: tools_defs[0] (function): strict is not set, and these parameters are strict-compatible, so the Responses API will quietly run this function in strict mode`,
		`,"strict":true`:  ``,
		`,"strict":false`: ``,
	} {
		_, diags := Convert(mustParse(t, `{"model":"gpt-5","tools_defs":[{"name":"f","description":"","parameters":`+tight+strict+`}]}`))
		got := diagLines(diags)
		if want == "" && got != "" || !strings.Contains(got, want) {
			t.Errorf("strict%q: want %q, got\n%s", strict, want, got)
		}
		// Nothing breaks, so it is a note; its fixes stay on offer.
		if want != "" && (len(diags) != 1 || diags[0].Severity != Note || len(diags[0].Fixes) != 2 || diags[0].Fixes[0].Kind != FixStrictTrue) {
			t.Errorf("strict%q: %+v", strict, diags)
		}
	}
}

// A function whose parameters are typed as invalid JSON stays in the
// request with its last valid parameters, with a warning placing the
// syntax error.
func TestParametersDraftKeepsTheFunction(t *testing.T) {
	draft := "{\n  \"type\": \"object\",\n  oops"
	d := &model.Document{Fields: rawjson.Object{{Key: "model", Value: rawjson.String("gpt-5")}},
		Functions: []model.Tool{{Raw: []byte(`{"name":"f","description":"d","parameters":{"type":"object","properties":{"a":{"type":"string"}}},"strict":false}`), Draft: &draft}}}
	r := (&Converter{}).Convert(d)
	if len(r.Tools) != 1 || !strings.Contains(string(r.JSON), `"a": {`) {
		t.Fatalf("the function was not kept with its last parameters:\n%s", r.JSON)
	}
	if len(r.Diagnostics) != 1 || r.Diagnostics[0].Severity != Warning || r.Diagnostics[0].Line != 3 ||
		!strings.Contains(r.Diagnostics[0].Message, "keeps the last valid parameters") {
		t.Fatalf("diagnostics: %v", r.Diagnostics)
	}
}
