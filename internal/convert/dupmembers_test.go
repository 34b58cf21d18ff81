package convert

import (
	"slices"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
)

// TestRepeatedKeysOutsideEntries: a key written twice at the top level
// of a document or a body, in extra, or inside a request field's value
// gets a warning that says where and which value is used, as a repeated
// key inside an entry does.
func TestRepeatedKeysOutsideEntries(t *testing.T) {
	cases := []struct {
		name, src string
		want      []string
	}{
		{"document", `{"model":"a","model":"b",
			"tools_defs":[{"name":"f","parameters":null,"strict":false}],"tools_defs":[{"name":"g","parameters":null,"strict":false}],
			"extra":{"store":false,"store":true,"builtin_tools":[{"type":"web_search"}]},"extra":{"builtin_tools":[{"type":"code_interpreter","container":{"type":"auto"}}]},
			"tool_choice":{"type":"function","name":"f","name":"g"},
			"tooltui":{},"tooltui":{"mocks":{}}}`, []string{
			`warning: tools_defs: written 2 times: tooltui reads the functions of each, one after the other`,
			`warning: extra: written 2 times: tooltui reads the members of each`,
			`warning: extra.builtin_tools: written 2 times: tooltui reads the tools of each`,
			`warning: tooltui: written 2 times: tooltui reads only the last`,
			`warning: model: written 2 times at the top level: the request sends the last, "b"`,
			`warning: extra.store: written 2 times in extra: the request sends the last, true`,
			`warning: tool_choice /name: duplicate key "name" at the top level of the value: the request sends them all as written; the API, like most JSON readers, reads the last, "g"`,
		}},
		{"body", `{"input":[{"role":"user","content":[{"type":"input_text","text":"a","text":"b"}]}],"tools":[{"type":"web_search"}],"tools":[{"type":"function","name":"f","parameters":null,"strict":false}],"input":"x","model":"m"}`, []string{
			`warning: tools: written 2 times: tooltui reads the tools of each, one after the other (tools[n] counts on from one to the next), and a save writes them as one array; sent as it is (curl -d @file), the body gives the API only the last`,
			`warning: tools: built-in tools come before functions`,
			`warning: input: written 2 times at the top level: the request sends the last, "x"`,
		}},
		{"extra over the top level", `{"model":"m","metadata":{"a":"1"},"extra":{"metadata":{"k":"1","k":{"deep":[1,2,3]}}}}`, []string{
			`warning: extra.metadata: replaces the top-level "metadata"`,
			`warning: extra.metadata /k: duplicate key "k" at the top level of the value: the request sends them all as written; the API, like most JSON readers, reads the last, {"deep":[1,2,3]}`,
		}},
		{"nothing repeated", `{"model":"m","input":[{"role":"user","content":"hi"}],"tools":[{"type":"web_search"}]}`, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, err := model.Parse([]byte(c.src))
			if err != nil {
				t.Fatal(err)
			}
			_, diags := Convert(d)
			var got []string
			for _, dg := range diags {
				got = append(got, dg.String())
			}
			if len(got) != len(c.want) {
				t.Fatalf("got %d diagnostics, want %d:\n%s", len(got), len(c.want), strings.Join(got, "\n"))
			}
			for i, w := range c.want {
				if !strings.HasPrefix(got[i], w) {
					t.Fatalf("diagnostic %d is\n%s\nwant it to start\n%s", i, got[i], w)
				}
			}
		})
	}
}

// TestRepeatedKeysInFieldsFollowEdits: the scan of a request field's
// value is kept while the value is the same, and made again when it
// changes.
func TestRepeatedKeysInFieldsFollowEdits(t *testing.T) {
	d, err := model.Parse([]byte(`{"model":"m","text":{"format":{"type":"text"},"format":{"type":"text"}},"tools_defs":[{"name":"f","parameters":null,"strict":false}]}`))
	if err != nil {
		t.Fatal(err)
	}
	var c Converter
	paths := func(d *model.Document) []string {
		var out []string
		for _, dg := range c.Convert(d).Diagnostics {
			out = append(out, dg.Location+" "+dg.Path)
		}
		return out
	}
	want := []string{"text /format"}
	if got := paths(d); !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	d, _ = model.SetToolValue(d, model.Function, 0, []string{"description"}, rawjson.String("x"))
	if got := paths(d); !slices.Equal(got, want) {
		t.Fatalf("after an edit elsewhere: %q, want %q", got, want)
	}
	d = model.SetRequestField(d, "text", []byte(`{"format":{"type":"text"}}`))
	if got := paths(d); len(got) != 0 {
		t.Fatalf("after the field was mended: %q", got)
	}
}
