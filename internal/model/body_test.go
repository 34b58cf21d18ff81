package model

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/rawjson"
)

const bodyIn = `{
	"model": "m",
	"tools": [
		{"type": "web_search"},
		{"type": "function", "name": "a", "parameters": {}},
		{"type": "mcp", "server_label": "s", "server_url": "https://x"},
		{"type": "function", "name": "b", "parameters": {}}
	],
	"reasoning": {"effort": "low"}
}`

func parseBody(t *testing.T, s string) *Document {
	t.Helper()
	d, err := Parse([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	if d.Format != FormatBody {
		t.Fatal("not read as a body")
	}
	return d
}

// bodyNames is the names (or types) of the tools entries a body saves.
func bodyNames(t *testing.T, d *Document) string {
	t.Helper()
	out, err := d.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	var b struct {
		Tools []map[string]any `json:"tools"`
	}
	if err := json.Unmarshal(out, &b); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var names []string
	for _, tl := range b.Tools {
		n, _ := tl["name"].(string)
		if n == "" {
			n, _ = tl["server_label"].(string)
		}
		if n == "" {
			n, _ = tl["type"].(string)
		}
		names = append(names, n)
	}
	return strings.Join(names, ",")
}

func locations(d *Document) string {
	var out []string
	for _, k := range []Kind{Function, Builtin} {
		for i := range d.List(k) {
			out = append(out, d.Location(k, i))
		}
	}
	return strings.Join(out, ",")
}

func TestBodyKeepsItsOrderThroughEdits(t *testing.T) {
	fn := func(name string) Tool { return Tool{Raw: json.RawMessage(`{"type":"function","name":"` + name + `"}`)} }
	bi := Tool{Raw: json.RawMessage(`{"type":"code_interpreter","container":{"type":"auto"}}`)}
	tests := []struct {
		name      string
		edit      func(d *Document) *Document
		want      string // the saved body's tools
		locations string // functions, then built-ins
	}{
		{"loaded", func(d *Document) *Document { return d }, "web_search,a,s,b", "tools[1],tools[3],tools[0],tools[2]"},
		{"field edit", func(d *Document) *Document {
			c, _ := SetToolValue(d, Function, 1, []string{"description"}, rawjson.String("x"))
			return c
		}, "web_search,a,s,b", "tools[1],tools[3],tools[0],tools[2]"},
		{"insert a function before a", func(d *Document) *Document { c, _ := InsertTool(d, Function, 0, fn("n")); return c },
			"web_search,n,a,s,b", "tools[1],tools[2],tools[4],tools[0],tools[3]"},
		{"append a function", func(d *Document) *Document { c, _ := InsertTool(d, Function, -1, fn("n")); return c },
			"web_search,a,s,b,n", "tools[1],tools[3],tools[4],tools[0],tools[2]"},
		{"append a built-in", func(d *Document) *Document { c, _ := InsertTool(d, Builtin, -1, bi); return c },
			"web_search,a,s,code_interpreter,b", "tools[1],tools[4],tools[0],tools[2],tools[3]"},
		{"delete a", func(d *Document) *Document { c, _, _ := DeleteTool(d, Function, 0); return c },
			"web_search,s,b", "tools[2],tools[0],tools[1]"},
		{"delete web_search", func(d *Document) *Document { c, _, _ := DeleteTool(d, Builtin, 0); return c },
			"a,s,b", "tools[0],tools[2],tools[1]"},
		{"duplicate a", func(d *Document) *Document { c, _, _ := DuplicateTool(d, Function, 0); return c },
			"web_search,a,a_2,s,b", "tools[1],tools[2],tools[4],tools[0],tools[3]"},
		{"move b up", func(d *Document) *Document { c, _, _ := MoveTool(d, Function, 1, -1); return c },
			"web_search,b,s,a", "tools[1],tools[3],tools[0],tools[2]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := tt.edit(parseBody(t, bodyIn))
			if got := bodyNames(t, c); got != tt.want {
				t.Errorf("saved %s, want %s", got, tt.want)
			}
			if got := locations(c); got != tt.locations {
				t.Errorf("locations %s, want %s", got, tt.locations)
			}
		})
	}
}

func TestFirstFunctionOfABodyGoesFirst(t *testing.T) {
	d := parseBody(t, `{"tools":[{"type":"web_search"}]}`)
	c, _ := InsertTool(d, Function, 0, Tool{Raw: json.RawMessage(`{"type":"function","name":"f"}`)})
	if got := bodyNames(t, c); got != "f,web_search" {
		t.Fatalf("saved %s", got)
	}
	if c.BuiltinsFirst() || d.BuiltinsFirst() {
		t.Fatal("BuiltinsFirst")
	}
	if !parseBody(t, bodyIn).BuiltinsFirst() {
		t.Fatal("a body with web_search before functions is not BuiltinsFirst")
	}
}

func TestBodyKeepsFormatAndLayout(t *testing.T) {
	for name, in := range map[string]string{
		"tabs":              bodyTabs,
		"four spaces":       strings.ReplaceAll(bodyTabs, "\t", "    "),
		"CRLF":              strings.ReplaceAll(bodyTabs, "\n", "\r\n"),
		"no final newline":  strings.TrimSuffix(bodyTabs, "\n"),
		"one line":          `{"model":"m","tools":[{"type":"web_search"}],"store":false}`,
		"document, 2 space": "{\n  \"model\": \"m\",\n  \"tools_defs\": [\n    {\n      \"name\": \"f\"\n    }\n  ]\n}\n",
	} {
		t.Run(name, func(t *testing.T) {
			d, err := Parse([]byte(in))
			if err != nil {
				t.Fatal(err)
			}
			out, err := d.Marshal()
			if err != nil {
				t.Fatal(err)
			}
			if string(out) != in {
				t.Fatalf("got\n%q\nwant\n%q", out, in)
			}
		})
	}
}

const bodyTabs = "{\n\t\"model\": \"m\",\n\t\"tools\": [\n\t\t{\n\t\t\t\"type\": \"web_search\"\n\t\t}\n\t],\n\t\"store\": false\n}\n"

func TestBodyLosses(t *testing.T) {
	d := parseBody(t, bodyIn)
	if l := d.BodyLosses(); len(l) != 0 {
		t.Fatalf("a loaded body loses %v", l)
	}
	d, _ = ToggleTool(d, Builtin, 0)
	d, _ = SetDraft(d, Function, 0, "parameters", `{"type":`)
	d, _ = SetToolRaw(d, Builtin, 1, json.RawMessage(`{"type": "mcp",`))
	d = SetRequestDraft(d, "input", "[oops")
	got := strings.Join(d.BodyLosses(), "; ")
	want := "the unfinished parameters of a; the disabled tool web_search; an unsaved entry after tools[0], whose JSON is not valid; the unfinished input of the request"
	if got != want {
		t.Fatalf("losses\n%s\nwant\n%s", got, want)
	}
	if names := bodyNames(t, d); names != "a,b" {
		t.Fatalf("the body holds %s", names)
	}
}

func TestDraftsRoundTrip(t *testing.T) {
	d, err := Parse([]byte(`{"extra":{"builtin_tools":[{"type":"file_search","vector_store_ids":["vs"],"filters":{"type":"eq","key":"k","value":1}}]},"input":"hi"}`))
	if err != nil {
		t.Fatal(err)
	}
	d, err = SetDraft(d, Builtin, 0, "filters", `{"type": "eq",`)
	if err != nil {
		t.Fatal(err)
	}
	d = SetRequestDraft(d, "input", `[{"role": "user",`)
	d = SetRequestDraft(d, "extra", `{"store": tr`)
	out, err := d.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	back, err := Parse(out)
	if err != nil {
		t.Fatal(err)
	}
	tl := back.Builtins[0]
	if tl.Draft == nil || *tl.Draft != `{"type": "eq",` || tl.DraftMember() != "filters" {
		t.Fatalf("filters draft lost: %v %q\n%s", tl.Draft, tl.DraftField, out)
	}
	if v, _ := GetPath(tl.Raw, []string{"filters", "key"}); string(v) != `"k"` {
		t.Fatalf("the last valid filters are lost: %s", tl.Raw)
	}
	if strings.Contains(string(tl.Raw), draftKeep) {
		t.Fatalf("the entry keeps the saved helper member: %s", tl.Raw)
	}
	if back.RequestDrafts["input"] != `[{"role": "user",` || back.RequestDrafts["extra"] != `{"store": tr` {
		t.Fatalf("request drafts %v", back.RequestDrafts)
	}
	if v, _ := back.Fields.Get("input"); string(v) != `"hi"` {
		t.Fatalf("input's last valid value: %s", v)
	}
	// a valid value drops the draft
	c, _ := SetToolValue(back, Builtin, 0, []string{"filters"}, json.RawMessage(`{"type":"eq","key":"k","value":2}`))
	if c.Builtins[0].Draft != nil {
		t.Fatal("a valid filters value kept the draft")
	}
	if c := SetRequestDraft(back, "input", ""); c.RequestDrafts["input"] != "" || len(c.RequestDrafts) != 1 {
		t.Fatalf("dropping a request draft: %v", c.RequestDrafts)
	}
}

func TestSizeFollowsTheDocument(t *testing.T) {
	d := parseBody(t, bodyIn)
	out, _ := d.Marshal()
	if s := d.Size(); s < len(out)/2 || s > len(out) {
		t.Fatalf("size %d for %d bytes on disk", s, len(out))
	}
	c, _ := SetDraft(d, Function, 0, "parameters", strings.Repeat("x", 1000))
	if c.Size() < d.Size()+1000 {
		t.Fatal("a draft does not count")
	}
}

// TestBodyFunctionsKeepTheirType: whatever took a function's "type"
// away (an entry typed in the JSON editor, a recovery copy, which holds
// functions as tools_defs does, a function inserted from a tooltui
// document), a body saves it with "type": "function", so that it comes
// back a function, not a built-in tool without a type.
func TestBodyFunctionsKeepTheirType(t *testing.T) {
	d := parseBody(t, bodyIn)
	d, err := SetToolRaw(d, Function, 0, json.RawMessage(`{"name":"a","parameters":{}}`))
	if err != nil {
		t.Fatal(err)
	}
	d, at := InsertTool(d, Function, -1, Tool{Raw: json.RawMessage(`{"name":"c"}`)})
	if got := string(d.Functions[at].Raw); got != `{"type":"function","name":"c"}` {
		t.Fatalf("a function inserted into a body is %s", got)
	}
	kept := `{"TYPE":"function","name":"d"}` // its own type, in another case: as written
	d, _ = InsertTool(d, Function, -1, Tool{Raw: json.RawMessage(kept)})
	state, err := d.MarshalState()
	if err != nil {
		t.Fatal(err)
	}
	for what, doc := range map[string]*Document{"the body": d, "its recovery copy": mustParse(t, state)} {
		out, err := doc.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		back := parseBody(t, string(out))
		if len(back.Functions) != 4 || len(back.Builtins) != 2 {
			t.Fatalf("%s saved has %d functions and %d built-ins, want 4 and 2:\n%s", what, len(back.Functions), len(back.Builtins), out)
		}
		if !strings.Contains(string(out), `"TYPE": "function",`) || strings.Count(string(out), `"type": "function"`) != 3 {
			t.Fatalf("%s saved:\n%s", what, out)
		}
	}
}

func mustParse(t *testing.T, data []byte) *Document {
	t.Helper()
	d, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return d
}
