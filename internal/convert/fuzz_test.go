package convert

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/model"
)

// FuzzConvert: any document converts without a panic to valid JSON with no
// raw control bytes, deterministically, and converting the output again
// (as an imported body) gives the same tools.
func FuzzConvert(f *testing.F) {
	for _, s := range []string{
		string(model.ExampleJSON()),
		`{"extra":{"builtin_tools":[42,{"type":"web_search"},"x",{"no":"type"},{"type":7}]}}`,
		`{"tools_defs":[{"name":"f","parameters":{"type":"object","properties":{"a":{"type":"object"}}},"strict":true}],"tool_choice":{"type":"function","name":"f"}}`,
		`{"tool_choice":"required","parallel_tool_calls":"yes","model":1}`,
		`{"tools":[{"type":"mcp","server_label":"s"},{"type":"custom","name":"c","format":{"type":"grammar"}}],"tool_choice":{"type":"allowed_tools","mode":"auto","tools":[{"type":"custom","name":"c"}]}}`,
		`{"extra":{"builtin_tools":[{"type":"file_search","vector_store_ids":["v"],"filters":{"type":"and","filters":[{"type":"eq","key":"k","value":1}]}}]}}`,
		`{"tools_defs":[{"name":"f","parameters":{"type":"object","properties":{"q":{"type":"strng","minLength":"three","items":"nope"}},"required":"q"}}]}`,
		`{"tools":[{"type":"namespace","name":"n","description":"","tools":[{"type":"function","name":"g","parameters":{"type":"object","anyOf":[],"required":["a","a"]}}]}]}`,
		// Parameters the API refuses whatever strict says: an object
		// without properties, a root without a type, a $ref to nowhere,
		// {"$schema": …} alone (as some MCP servers send).
		`{"tools_defs":[{"name":"f","parameters":{"type":"object"}},{"name":"g","parameters":{"type":"object"},"strict":false},{"name":"h","parameters":{"type":"object","additionalProperties":false},"strict":true}]}`,
		`{"tools_defs":[{"name":"f","parameters":{"properties":{"a":{"type":"string"}}}},{"name":"g","parameters":{"type":["object","null"]},"strict":true},{"name":"h","parameters":{}}]}`,
		`{"tools_defs":[{"name":"f","parameters":{"type":"object","properties":{"a":{"$ref":"#/$defs/nope"},"b":{"$ref":"#x"},"c":{"$ref":"https://x.example/s"}}},"strict":false}]}`,
		`{"tools":[{"type":"function","name":"f","parameters":{"$schema":"http://json-schema.org/draft-07/schema#"}},{"type":"namespace","name":"n","description":"","tools":[{"type":"function","name":"g","parameters":{"$schema":"https://json-schema.org/draft/2020-12/schema"}}]}]}`,
		`{"tools_defs":[{"name":"f","parameters":{"type":"object","properties":{"q":{"type":"string","default":"x","minLength":1}},"required":["q"],"additionalProperties":false},"strict":true}],"extra":{"builtin_tools":[{"type":"web_search","user_location":{"type":"approximate","country":"France"}}]}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 64<<10 {
			return
		}
		d, err := model.Parse(data)
		if err != nil {
			return
		}
		var c Converter
		r := c.Convert(d)
		if !json.Valid(r.JSON) {
			t.Fatalf("output is not JSON:\n%s", r.JSON)
		}
		for _, b := range r.JSON {
			if b < 0x20 && b != '\n' {
				t.Fatalf("raw control byte %#x in output", b)
			}
		}
		// The assembled layout is exactly json.Indent's.
		var compact, indented bytes.Buffer
		if err := json.Compact(&compact, r.JSON); err != nil {
			t.Fatal(err)
		}
		if err := json.Indent(&indented, compact.Bytes(), "", "  "); err != nil {
			t.Fatal(err)
		}
		indented.WriteByte('\n')
		if !bytes.Equal(indented.Bytes(), r.JSON) {
			t.Fatalf("layout differs from json.Indent:\n%s\n%s", r.JSON, indented.Bytes())
		}
		for _, dg := range r.Diagnostics {
			if (dg.Line == 0) != (dg.Column == 0) || dg.Line < 0 || dg.Column < 0 {
				t.Fatalf("position %d:%d in %s", dg.Line, dg.Column, dg)
			}
		}
		// What the metaschema finds is located at a value the entry holds.
		for _, dg := range r.Diagnostics {
			if !dg.IsTool() || !strings.Contains(dg.Message, "JSON Schema") || dg.Line != 0 {
				continue
			}
			if tool := d.List(dg.Kind)[dg.Index]; tool.Draft == nil {
				if _, ok := valueAt(tool.Raw, dg.Path); !ok {
					t.Fatalf("%s: the entry holds nothing at %s:\n%s", dg, dg.Path, tool.Raw)
				}
			}
		}
		if again := c.Convert(d); !bytes.Equal(again.JSON, r.JSON) {
			t.Fatalf("not deterministic:\n%s\n%s", r.JSON, again.JSON)
		}
		d2, err := model.Parse(r.JSON)
		if err != nil {
			t.Fatalf("output does not load: %v", err)
		}
		r2 := c.Convert(d2)
		if len(r2.Tools) != len(r.Tools) {
			t.Fatalf("re-import kept %d of %d tools:\n%s", len(r2.Tools), len(r.Tools), r.JSON)
		}
	})
}
