package formats

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
)

// TestImportAs: the format given wins over the one detection would pick.
func TestImportAs(t *testing.T) {
	for _, c := range []struct {
		name   string
		in     string
		from   Name
		tools  string // compact JSON of the body's tools
		notes  []string
		detect Name // what Import would have read
	}{
		{"an empty tools/list result", `{"tools":[]}`, MCP, `[]`, nil, Responses},
		{"an empty tools/list result with a cursor", `{"tools":[],"nextCursor":"2"}`, MCP, `[]`, []string{"loss /nextCursor"}, MCP},
		{"MCP tools shaped like Responses ones", `{"tools":[{"name":"f","inputSchema":{"type":"object","properties":{}}}]}`, MCP,
			`[{"type":"function","name":"f","parameters":{"type":"object","properties":{}}}]`, []string{"change /tools/0"}, MCP},
		{"Chat tools without a request", `[{"type":"function","function":{"name":"f","parameters":{"type":"object","properties":{}}}}]`, Chat,
			`[{"type":"function","name":"f","parameters":{"type":"object","properties":{}}}]`, []string{"change /0/function"}, Chat},
		{"byte order mark", "\xef\xbb\xbf" + `{"tools":[]}`, MCP, `[]`, nil, Responses},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := Detect([]byte(c.in)); got != c.detect {
				t.Fatalf("Detect = %s, want %s (the case no longer shows what it is about)", got, c.detect)
			}
			im, err := ImportAs([]byte(c.in), c.from)
			if err != nil {
				t.Fatal(err)
			}
			if im.From != c.from {
				t.Errorf("From = %s, want %s", im.From, c.from)
			}
			tools, ok := lookup(im.Body, "/tools")
			if !ok || compactJSON(t, tools) != c.tools {
				t.Errorf("body:\n%s\nwant tools %s", im.Body, c.tools)
			}
			if got := strings.Join(noteKeys(im.Notes), "\n"); got != strings.Join(c.notes, "\n") {
				t.Errorf("notes:\n%s", noteList(im.Notes))
			}
			checkImported(t, []byte(c.in), im)
		})
	}
}

func TestImportAsResponses(t *testing.T) {
	in := []byte(`{"tools":[{"type":"function","function":{"name":"f"}}]}`)
	im, err := ImportAs(in, Responses)
	if err != nil || im.From != Responses || !bytes.Equal(im.Body, in) || len(im.Notes) > 0 {
		t.Fatalf("ImportAs(Responses) = %+v, %v; want the input unchanged", im, err)
	}
}

func TestImportAsErrors(t *testing.T) {
	for _, c := range []struct {
		in   string
		from Name
		want string
	}{
		{`{"tools":`, MCP, "not JSON: "},
		{`{"tools":[]}`, "xml", `unknown format "xml"`},
		{`{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"no such method"}}`, MCP, "MCP tools/list: /error: the server answered the request with error -32601: no such method"},
		{`{"result":1}`, MCP, "MCP tools/list: no tools array at /tools"},
		{`{"tools":{"name":"f"}}`, MCP, "MCP tools/list: /tools must be an array of tools, got object"},
	} {
		_, err := ImportAs([]byte(c.in), c.from)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("ImportAs(%s, %s) = %v, want an error starting %q", c.in, c.from, err, c.want)
		}
	}
}

func TestLoadAs(t *testing.T) {
	d, err := LoadAs([]byte(`{"tools":[]}`), MCP)
	if err != nil {
		t.Fatal(err)
	}
	if d.Source == nil || d.Source.Format != "MCP tools/list" || len(d.Functions)+len(d.Builtins) != 0 {
		t.Fatalf("Source = %+v, %d functions, %d built-ins", d.Source, len(d.Functions), len(d.Builtins))
	}

	d, err = LoadAs([]byte(`{"tools":[{"name":"a","title":"A","inputSchema":{"type":"object"}},{"name":"b","inputSchema":{"type":"object"}}]}`), MCP)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Functions) != 2 || d.Format != model.FormatBody || d.Source == nil || len(d.Source.Notes) == 0 {
		t.Fatalf("%d functions, format %v, source %+v", len(d.Functions), d.Format, d.Source)
	}
	// The same as Load where detection agrees.
	in := []byte(`{"tools":[{"name":"a","title":"A","inputSchema":{"type":"object"}}]}`)
	d1, err1 := Load(in)
	d2, err2 := LoadAs(in, MCP)
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	b1, _ := d1.Marshal()
	b2, _ := d2.Marshal()
	if !bytes.Equal(b1, b2) || d1.Source.Format != d2.Source.Format || len(d1.Source.Notes) != len(d2.Source.Notes) {
		t.Errorf("Load and LoadAs differ:\n%s\n%s", b1, b2)
	}

	// Responses: documents, bodies and bare arrays, never translated.
	for _, c := range []struct {
		in     string
		source string
		fns    int
	}{
		{`{"tools_defs":[{"name":"f"}]}`, "", 1},
		{`{"tools":[{"type":"function","name":"f"},{"type":"web_search"}]}`, "", 1},
		{`[{"type":"function","name":"f"}]`, ResponsesArray, 1},
		{`[{"type":"function","function":{"name":"f"}}]`, ResponsesArray, 1},
	} {
		d, err := LoadAs([]byte(c.in), Responses)
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		got := ""
		if d.Source != nil {
			got = d.Source.Format
		}
		if got != c.source || len(d.Functions) != c.fns {
			t.Errorf("%s: Source %q, %d functions; want %q, %d", c.in, got, len(d.Functions), c.source, c.fns)
		}
	}
}

func TestLoadAsErrors(t *testing.T) {
	for _, c := range []struct {
		in     string
		from   Name
		want   string
		syntax bool
	}{
		{`{"tools":`, MCP, "not valid JSON: ", true},
		{`{"tools":`, Responses, "not valid JSON: ", true},
		{`[1]`, Responses, "not a JSON object", false},
		{`{"nothing":1}`, MCP, "MCP tools/list: no tools array at /tools", false},
		{`[]`, "yaml", `unknown format "yaml"`, false},
		{`{"tools":[]}` + strings.Repeat(" ", model.MaxDocumentBytes), MCP, "too large: ", false},
	} {
		_, err := LoadAs([]byte(c.in), c.from)
		var le *model.LoadError
		if !errors.As(err, &le) || !strings.HasPrefix(err.Error(), c.want) || (le.Syntax != nil) != c.syntax {
			t.Errorf("LoadAs(%.40s, %s) = %v, want a *model.LoadError starting %q", c.in, c.from, err, c.want)
		}
	}
}

// FuzzImportAs checks that translating any input as any format does not
// panic, gives a JSON object that loads as a document, and notes only
// fields that are in the input.
func FuzzImportAs(f *testing.F) {
	for _, file := range fixtures(f) {
		in, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(in)
	}
	for _, s := range []string{`{"tools":[]}`, `[]`, `[1,{"name":2}]`, `{"tools":[{"functionDeclarations":7}]}`, `"x"`, `{"messages":5,"tools":{}}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		for _, from := range []Name{Chat, Anthropic, Gemini, MCP} {
			im, err := ImportAs(in, from)
			if err != nil {
				continue
			}
			if _, err := rawjson.ParseObject(im.Body); err != nil {
				t.Fatalf("%s: body is not a JSON object: %v\n%s", from, err, im.Body)
			}
			if _, err := model.Parse(im.Body); err != nil {
				t.Fatalf("%s: body does not load: %v\n%s", from, err, im.Body)
			}
			for _, n := range im.Notes {
				if _, ok := lookup(bytes.TrimPrefix(in, utf8BOM), n.Path); !ok {
					t.Fatalf("%s: note path %q points at nothing in the input (%s)", from, n.Path, n.Message)
				}
			}
		}
	})
}
