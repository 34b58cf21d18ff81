package formats

import (
	"testing"

	"github.com/tooltui/tooltui/internal/model"
)

func TestImportMCP(t *testing.T) {
	runImportCases(t, []importCase{
		{
			name: "fields with no place on a function",
			in: `{"tools":[{"name":"delete_file","title":"Delete a file","inputSchema":{"type":"object","properties":{"path":{"type":"string"}}},
"annotations":{"destructiveHint":true},"_meta":{"x":1},"execution":{"taskSupport":"optional"},"version":"2"}],"nextCursor":null,"_meta":{}}`,
			from: MCP,
			notes: []string{
				"change /tools/0/title", "loss /tools/0/annotations", "loss /tools/0/_meta", "loss /tools/0/execution",
				"loss /tools/0/version", "change /tools/0", "loss /_meta",
			},
			want: map[string]string{
				"/tools/0": `{"type":"function","name":"delete_file","description":"Delete a file","parameters":{"type":"object","properties":{"path":{"type":"string"}}}}`,
			},
		},
		{
			name:  "a title beside a description is left out",
			in:    `[{"name":"f","description":"does f","title":"F","inputSchema":{"type":"object","properties":{}}},7]`,
			from:  MCP,
			notes: []string{"loss /0/title", "change /0", "loss /1"},
			want:  map[string]string{"/tools": `[{"type":"function","name":"f","description":"does f","parameters":{"type":"object","properties":{}}}]`},
		},
		{
			name: "an inputSchema that is not an object schema, or none, breaks the MCP schema",
			in: `[{"name":"gl","description":"d","inputSchema":{"$schema":"http://json-schema.org/draft-07/schema#"}},` +
				`{"name":"n","description":"d","inputSchema":null},{"name":"none","description":"d"}]`,
			from:  MCP,
			notes: []string{"breaks /0/inputSchema", "breaks /1/inputSchema", "breaks /2", "change /0", "change /1", "change /2"},
			want:  map[string]string{"/tools/0": `{"type":"function","name":"gl","description":"d","parameters":{"$schema":"http://json-schema.org/draft-07/schema#"}}`},
		},
		{
			name:  "JSON-RPC envelope and an empty page",
			in:    `{"jsonrpc":"2.0","id":7,"result":{"tools":[],"nextCursor":"p2"}}`,
			from:  MCP,
			notes: []string{"loss /result/nextCursor"},
			want:  map[string]string{"/tools": `[]`},
		},
		{
			name:  "properties added after the type",
			in:    `[{"name":"now","inputSchema":{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","additionalProperties":false}}]`,
			from:  MCP,
			notes: []string{"change /0/inputSchema", "change /0"},
			want:  map[string]string{"/tools/0/parameters": `{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{},"additionalProperties":false}`},
		},
	})
}

// What an MCP tool carries for its client only (title, annotations,
// outputSchema, execution, _meta, icons) is lost without effect on the
// request: a loaded document lists it as a note, not a warning, while a
// field the request would have used stays a warning.
func TestImportMCPInertLosses(t *testing.T) {
	in := `{"tools":[{"name":"f","description":"d","title":"F","inputSchema":{"type":"object","properties":{}},
"annotations":{"readOnlyHint":true},"outputSchema":{"type":"object"},"execution":{"taskSupport":"optional"},"_meta":{},"icons":[],"version":"2"}],"nextCursor":"p2"}`
	d, err := Load([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	loss := map[string]bool{}
	for _, n := range d.Source.Notes {
		loss[n.Path] = n.Loss
	}
	for _, p := range []string{"/tools/0/title", "/tools/0/annotations", "/tools/0/outputSchema", "/tools/0/execution", "/tools/0/_meta", "/tools/0/icons"} {
		if l, ok := loss[p]; !ok || l {
			t.Errorf("%s: noted %v, a loss %v; want a note", p, ok, l)
		}
	}
	for _, p := range []string{"/tools/0/version", "/nextCursor"} {
		if !loss[p] {
			t.Errorf("%s: want a loss", p)
		}
	}
	im, err := Import([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range im.Notes {
		if n.Path == "/tools/0/annotations" && (!n.Loss || !n.Inert) {
			t.Errorf("the import's note: %+v", n)
		}
	}
}

// The functions of an MCP tools/list are marked as coming from an MCP
// server; those of another format are not.
func TestImportMCPMarksTheOrigin(t *testing.T) {
	d, err := Load([]byte(`{"tools":[{"name":"f","inputSchema":{"type":"object","properties":{}}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Functions) != 1 || d.Functions[0].Origin != model.OriginMCP {
		t.Fatalf("functions: %+v", d.Functions)
	}
	d, err = Load([]byte(`{"model":"m","tools":[{"type":"function","function":{"name":"f","parameters":{"type":"object","properties":{}}}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if d.Functions[0].Origin != "" {
		t.Fatalf("a Chat Completions function: %+v", d.Functions[0])
	}
}
