package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tooltui/tooltui/internal/termtext/termtexttest"
)

// argsDoc has a function for each way strict can be set, and two
// namespaces that share a function name.
const argsDoc = `{
  "model": "gpt-5",
  "tools_defs": [
    {"name": "get_weather", "parameters": {
      "type": "object",
      "properties": {
        "city": {"type": "string"},
        "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]},
        "where": {"type": "object", "properties": {"lat": {"type": "number"}}, "required": ["lat"], "additionalProperties": false}
      },
      "required": ["city", "unit", "where"],
      "additionalProperties": false
    }, "strict": true},
    {"name": "auto_strict", "parameters": {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"], "additionalProperties": false}},
    {"name": "auto_loose", "parameters": {"type": "object", "properties": {"q": {"type": "string"}, "n": {"type": "integer"}}, "required": ["q"]}},
    {"name": "loose", "parameters": {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"], "additionalProperties": false}, "strict": false},
    {"name": "broken", "parameters": {"type": "object", "properties": {"q": {"type": "text"}}}},
    {"name": "no_params"}
  ],
  "extra": {"builtin_tools": [
    {"type": "web_search"},
    {"type": "namespace", "name": "crm", "description": "", "tools": [
      {"type": "function", "name": "lookup", "parameters": {"type": "object", "properties": {"id": {"type": "integer"}}, "required": ["id"], "additionalProperties": false}, "strict": true},
      {"type": "function", "name": "note"}
    ]},
    {"type": "namespace", "name": "erp", "description": "", "tools": [
      {"type": "function", "name": "note"}
    ]}
  ]}
}`

const argsNames = "get_weather, auto_strict, auto_loose, loose, broken, no_params, crm.lookup, crm.note, erp.note"

func TestArgsCommand(t *testing.T) {
	doc := writeTemp(t, "doc.json", argsDoc)
	body := writeTemp(t, "body.json", `{"model":"gpt-5","tools":[{"type":"web_search"},{"type":"function","name":"f","parameters":{"type":"object","properties":{"a":{"type":"boolean"}},"required":["a"],"additionalProperties":false},"strict":true}]}`)
	draft := writeTemp(t, "draft.json", `{"tools_defs":[{"name":"d","parameters":"{\"type\":"}],"tooltui":{"drafts":["tools_defs[0]/parameters"]}}`)
	weatherOK := `{"city":"Paris","unit":"celsius","where":{"lat":48.8}}`
	cases := []struct {
		name           string
		args           []string
		stdin          string
		status         int
		stdout, stderr string // stderr: a prefix
	}{
		{"fits", []string{doc, "get_weather", weatherOK}, "", 0,
			`ok: arguments fit get_weather's parameters (strict: "strict" is true)` + "\n", ""},
		{"from stdin", []string{doc, "get_weather"}, weatherOK, 0,
			`ok: arguments fit get_weather's parameters (strict: "strict" is true)` + "\n", ""},
		{"from dash", []string{doc, "get_weather", "-"}, weatherOK, 0,
			`ok: arguments fit get_weather's parameters (strict: "strict" is true)` + "\n", ""},
		{"problems", []string{doc, "get_weather", "{\n  \"unit\": \"kelvin\",\n  \"where\": {\"lat\": \"north\"},\n  \"extra\": 1\n}"}, "", 1,
			"args:1:1: (arguments): missing required property \"city\"\n" +
				"args:2:11: /unit: value must be one of \"celsius\", \"fahrenheit\"\n" +
				"args:3:20: /where/lat: got string, want number\n" +
				"args:4:12: /extra: property \"extra\" is not allowed (the schema defines no such property)\n",
			`tooltui args: 4 problems with get_weather's parameters (strict: "strict" is true)` + "\n"},
		{"problems from stdin", []string{doc, "get_weather"}, `{"city":"Paris","unit":"celsius","where":{}}`, 1,
			"stdin:1:42: /where: missing required property \"lat\"\n", "tooltui args: 1 problem with"},
		{"invalid JSON", []string{doc, "get_weather", "{\n  \"city\": 'Paris'\n}"}, "", 2,
			"", "tooltui args: the arguments: line 2, column 11: not valid JSON: invalid character '\\'' looking for beginning of value\n"},
		{"invalid JSON on stdin", []string{doc, "get_weather"}, "{\"city\":", 2,
			"", "tooltui args: standard input: line 1, column 9: not valid JSON: unexpected end of JSON input\n"},
		{"not an object", []string{doc, "get_weather", `"Paris"`}, "", 1,
			"args:1:1: (arguments): the arguments must be a JSON object, not a string\n", "tooltui args: 1 problem with"},
		{"strict absent, compatible: extra keys are problems", []string{doc, "auto_strict", `{"q":"a","z":1}`}, "", 1,
			"args:1:14: /z: property \"z\" is not allowed (the schema defines no such property)\n",
			`tooltui args: 1 problem with auto_strict's parameters (strict: "strict" is absent and the parameters are strict-compatible)`},
		{"strict absent, not compatible: as written", []string{doc, "auto_loose", `{"q":"a","z":1}`}, "", 0,
			`ok: arguments fit auto_loose's parameters (not strict: "strict" is absent and strict mode refuses the parameters ((root): an object needs "additionalProperties": false))` + "\n", ""},
		{"strict false", []string{doc, "loose", `{"q":"a"}`}, "", 0,
			`ok: arguments fit loose's parameters (not strict: "strict" is false)` + "\n", ""},
		{"--strict", []string{"--strict", doc, "auto_loose", `{"q":"a"}`}, "", 1,
			"args:1:1: (arguments): missing required property \"n\"\n", "tooltui args: 1 problem with auto_loose's parameters (strict, as --strict asks)"},
		{"--no-strict", []string{doc, "get_weather", "--no-strict", `{"city":"Paris","unit":"celsius"}`}, "", 1,
			"args:1:1: (arguments): missing required property \"where\"\n", "tooltui args: 1 problem with get_weather's parameters (not strict, as --no-strict asks)\n"},
		{"no parameters", []string{doc, "no_params", `{"anything":1}`}, "", 0,
			`ok: arguments fit no_params's parameters (not strict: "strict" is absent and there are no parameters)` + "\n", ""},
		{"namespace function by name", []string{doc, "lookup", `{"id":"7"}`}, "", 1,
			"args:1:7: /id: got string, want integer\n", "tooltui args: 1 problem with crm.lookup's parameters"},
		{"namespace function qualified", []string{doc, "crm.lookup", `{"id":7}`}, "", 0,
			`ok: arguments fit crm.lookup's parameters (strict: "strict" is true)` + "\n", ""},
		{"name in two namespaces", []string{doc, "note", `{}`}, "", 2, "",
			"tooltui args: note names a function in several namespaces (crm.note, erp.note); name one as NAMESPACE.TOOL\n"},
		{"unknown tool", []string{doc, "get_wether", `{}`}, "", 2, "",
			"tooltui args: no function named get_wether; the functions are " + argsNames + "\n"},
		{"a built-in is not a function", []string{doc, "web_search", `{}`}, "", 2, "", "tooltui args: no function named web_search;"},
		{"unusable parameters", []string{doc, "broken", `{}`}, "", 2, "",
			"tooltui args: broken: the parameters are not a usable JSON Schema: the JSON Schema metaschema refuses it: /properties/q/type: "},
		{"draft parameters", []string{draft, "d", `{}`}, "", 2, "",
			"tooltui args: d's parameters are not valid JSON yet: line 1, column 9: unexpected end of JSON input\n"},
		{"a Responses body", []string{body, "f", `{"a":true}`}, "", 0,
			`ok: arguments fit f's parameters (strict: "strict" is true)` + "\n", ""},
		{"document on stdin", []string{"-", "f", `{"a":1}`}, `{"tools":[{"type":"function","name":"f","parameters":{"type":"object","properties":{"a":{"type":"boolean"}}}}]}`, 1,
			"args:1:6: /a: got number, want boolean\n", "tooltui args: 1 problem with f's parameters (not strict: \"strict\" is absent and strict mode refuses"},
		{"no functions", []string{"-", "f", `{}`}, `{"model":"gpt-5"}`, 2, "", "tooltui args: no function named f: the document has no functions\n"},
		{"both on stdin", []string{"-", "f"}, "", 2, "", "tooltui args: FILE and ARGS cannot both be standard input\n\nusage: tooltui args"},
		{"missing file", []string{filepath.Join(t.TempDir(), "nope.json"), "f", `{}`}, "", 2, "", "tooltui args: "},
		{"not a document", []string{"-", "f", `{}`}, `[1]`, 2, "", "tooltui args: standard input: not a JSON object"},
		{"too few", []string{doc}, "", 2, "", "tooltui args: needs FILE and TOOL\n\nusage: tooltui args"},
		{"too many", []string{doc, "f", "{}", "{}"}, "", 2, "", "tooltui args: takes FILE, TOOL and ARGS, got 4 arguments\n\nusage:"},
		{"unknown flag", []string{"--json", doc, "f"}, "", 2, "", "tooltui args: unknown flag --json\n\nusage:"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			status := run(append([]string{"args"}, c.args...), strings.NewReader(c.stdin), &out, &errb)
			if status != c.status {
				t.Errorf("status %d, want %d; stdout %q; stderr %q", status, c.status, out.String(), errb.String())
			}
			if out.String() != c.stdout {
				t.Errorf("stdout:\n%q\nwant:\n%q", out.String(), c.stdout)
			}
			if !strings.HasPrefix(errb.String(), c.stderr) || c.stderr == "" && errb.Len() > 0 {
				t.Errorf("stderr:\n%q\nwant a prefix:\n%q", errb.String(), c.stderr)
			}
		})
	}
}

// TestArgsHostileText runs the shared hostile strings through what `tooltui
// args` prints from its input: a key of the arguments (in a pointer and a
// message), a function name, and an unknown TOOL listed with the names.
func TestArgsHostileText(t *testing.T) {
	for _, h := range termtexttest.Hostile {
		t.Run(h.Name, func(t *testing.T) {
			if !utf8.ValidString(h.Text) {
				return // not valid in JSON
			}
			name, _ := json.Marshal(h.Text)
			doc := `{"tools_defs":[{"name":` + string(name) + `,"parameters":{"type":"object","properties":{},"additionalProperties":false},"strict":true}]}`
			file := writeTemp(t, "doc.json", doc)

			var out, errb bytes.Buffer
			st := run([]string{"args", file, h.Text, `{` + string(name) + `:1}`}, nil, &out, &errb)
			if st != 1 {
				t.Fatalf("status %d: %s %s", st, out.String(), errb.String())
			}
			checkStderrSafe(t, out.String(), 1)
			checkStderrSafe(t, errb.String(), 1)
			if !strings.Contains(h.Text, "\t") && !strings.Contains(out.String(), h.Want) {
				t.Errorf("stdout does not show the key as %q: %q", h.Want, out.String())
			}

			out.Reset()
			errb.Reset()
			if st := run([]string{"args", file, "x" + h.Text, `{}`}, nil, &out, &errb); st != 2 {
				t.Fatalf("status %d", st)
			}
			checkStderrSafe(t, errb.String(), 1)
		})
	}
}
