package formats

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/benchdata"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
)

func TestLoad(t *testing.T) {
	cases := []struct {
		name      string
		in        string
		source    string // Source.Format, "" for none
		functions int
		builtins  int
		notes     bool // some import notes expected
		format    model.Format
	}{
		{"document", `{"tools_defs":[{"name":"f","parameters":{"type":"object"}}]}`, "", 1, 0, false, model.FormatDocument},
		{"body", `{"model":"gpt-5","tools":[{"type":"function","name":"f"},{"type":"web_search"}]}`, "", 1, 1, false, model.FormatBody},
		{"tools array", `[{"type":"web_search"},{"type":"function","name":"f"}]`, ResponsesArray, 1, 1, false, model.FormatBody},
		{"empty array", ` [ ] `, ResponsesArray, 0, 0, false, model.FormatBody},
		{"chat tools", `[{"type":"function","function":{"name":"f","parameters":{"type":"object"}}}]`, "Chat Completions", 1, 0, true, model.FormatBody},
		{"chat request", `{"model":"gpt-4o","messages":[{"role":"user","content":"hi"}],"tools":[{"type":"function","function":{"name":"f"}}]}`, "Chat Completions", 1, 0, true, model.FormatBody},
		{"anthropic", `{"tools":[{"name":"f","input_schema":{"type":"object"},"cache_control":{"type":"ephemeral"}}]}`, "Anthropic Messages", 1, 0, true, model.FormatBody},
		{"gemini", `{"tools":[{"functionDeclarations":[{"name":"f","parameters":{"type":"OBJECT","properties":{"a":{"type":"STRING","nullable":true}}}}]}]}`, "Gemini", 1, 0, true, model.FormatBody},
		{"mcp", `{"tools":[{"name":"f","title":"F","inputSchema":{"type":"object"}}]}`, "MCP tools/list", 1, 0, true, model.FormatBody},
		{"bom", "\xef\xbb\xbf" + `[{"type":"function","function":{"name":"f"}}]`, "Chat Completions", 1, 0, true, model.FormatBody},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, err := Load([]byte(c.in))
			if err != nil {
				t.Fatal(err)
			}
			got := ""
			if d.Source != nil {
				got = d.Source.Format
			}
			if got != c.source {
				t.Fatalf("Source.Format = %q, want %q", got, c.source)
			}
			if len(d.Functions) != c.functions || len(d.Builtins) != c.builtins {
				t.Errorf("%d functions and %d built-ins, want %d and %d", len(d.Functions), len(d.Builtins), c.functions, c.builtins)
			}
			if d.Source != nil && (len(d.Source.Notes) > 0) != c.notes {
				t.Errorf("notes = %v, want some: %v", d.Source.Notes, c.notes)
			}
			if d.Format != c.format {
				t.Errorf("Format = %v, want %v", d.Format, c.format)
			}
		})
	}
}

func TestLoadErrors(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"not json", "{\n  oops\n}", "not valid JSON"},
		{"array of numbers", `[1, 2]`, "not a JSON object"},
		{"string", `"tools"`, "not a JSON object"},
		{"too large", `{"x":"` + strings.Repeat("a", model.MaxDocumentBytes) + `"}`, "too large"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Load([]byte(c.in))
			var le *model.LoadError
			if !errors.As(err, &le) {
				t.Fatalf("err = %v (%T), want a *model.LoadError", err, err)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %v, want it to contain %q", err, c.want)
			}
		})
	}
	// A syntax error keeps its position, for the app and build --json.
	_, err := Load([]byte("{\n  oops\n}"))
	var se *rawjson.SyntaxError
	if !errors.As(err, &se) || se.Line != 2 {
		t.Errorf("err = %v, want a syntax error on line 2", err)
	}
}

// TestLoadResponsesUnchanged: a Responses body loads exactly as
// model.Parse reads it, so that an unchanged file saves to the same bytes.
func TestLoadResponsesUnchanged(t *testing.T) {
	for _, in := range []string{
		`{"model":"gpt-5","tools":[{"type":"function","name":"f","parameters":{"type":"object"}}],"store":false}`,
		`{"tools_defs":[],"extra":{"builtin_tools":[{"type":"web_search"}]}}`,
	} {
		want, err := model.Parse([]byte(in))
		if err != nil {
			t.Fatal(err)
		}
		got, err := Load([]byte(in))
		if err != nil {
			t.Fatal(err)
		}
		a, _ := want.Marshal()
		b, _ := got.Marshal()
		if !bytes.Equal(a, b) || got.Source != nil {
			t.Errorf("Load(%s) saves as\n%s\nwant\n%s (Source %v)", in, b, a, got.Source)
		}
	}
}

func TestReadFileStamped(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "chat.json")
	in := []byte(`{"tools":[{"type":"function","function":{"name":"f"}}],"messages":[]}`)
	if err := os.WriteFile(path, in, 0o644); err != nil {
		t.Fatal(err)
	}
	d, data, st, err := ReadFileStamped(path)
	if err != nil {
		t.Fatal(err)
	}
	if d.Source == nil || d.Source.Format != "Chat Completions" || !bytes.Equal(data, in) || !st.Exists {
		t.Errorf("Source %v, data %q, stamp %+v", d.Source, data, st)
	}
	if err := os.WriteFile(path, []byte(`{"tools":[{"name":"f","inputSchema":{}}],"messages":[`), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = ReadFile(path)
	var fe *model.FileError
	if !errors.As(err, &fe) || fe.Path != path {
		t.Errorf("err = %v, want a FileError naming %s", err, path)
	}
}

// BenchmarkLoad compares Load with model.Parse on the same Responses
// documents: what recognising the other formats adds to opening a file.
func BenchmarkLoad(b *testing.B) {
	for _, bd := range benchdata.Docs {
		data := bd.JSON()
		b.Run(bd.Name+"/Parse", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, err := model.Parse(data); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(bd.Name+"/Load", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, err := Load(data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// An MCP list whose inputSchema is not an object schema loads with a
// warning that says the list breaks the MCP schema.
func TestLoadMCPListThatBreaksTheSchema(t *testing.T) {
	d, err := Load([]byte(`{"tools":[{"name":"gl","description":"d","inputSchema":{"$schema":"http://json-schema.org/draft-07/schema#"}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range d.Source.Notes {
		if n.Path == "/tools/0/inputSchema" && n.Loss && strings.Contains(n.Message, "breaks the MCP schema") {
			return
		}
	}
	t.Fatalf("no warning: %+v", d.Source.Notes)
}
