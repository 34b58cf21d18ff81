package convert

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
)

func TestBodyDiagnosticsKeepTheUsersIndex(t *testing.T) {
	d, err := model.Parse([]byte(`{"model":"m","tools":[
		{"type":"web_search","search_context_size":"huge"},
		{"type":"function","name":"a","parameters":{"type":"object","properties":{}},"strict":false},
		{"type":"file_search"}
	]}`))
	if err != nil {
		t.Fatal(err)
	}
	var c Converter
	locs := func(d *model.Document) string {
		var out []string
		for _, dg := range c.Convert(d).Diagnostics {
			out = append(out, dg.Location)
		}
		return strings.Join(out, ",")
	}
	want := "tools[0],tools[2],tools"
	if got := locs(d); got != want {
		t.Fatalf("loaded: %s, want %s", got, want)
	}
	// an edit of a field keeps every index; the file is the same list
	e, err := model.SetToolValue(d, model.Function, 0, []string{"description"}, rawjson.String("x"))
	if err != nil {
		t.Fatal(err)
	}
	if got := locs(e); got != want {
		t.Fatalf("after an edit: %s, want %s", got, want)
	}
	// deleting the first entry renumbers as the saved file will
	e, _, _ = model.DeleteTool(d, model.Builtin, 0)
	if got := locs(e); got != "tools[1]" {
		t.Fatalf("after a delete: %s", got)
	}
}

func TestDraftDiagnostics(t *testing.T) {
	d, err := model.Parse([]byte(`{"input":"hi","extra":{"builtin_tools":[{"type":"file_search","vector_store_ids":["vs"]}]}}`))
	if err != nil {
		t.Fatal(err)
	}
	d, _ = model.SetDraft(d, model.Builtin, 0, "filters", "{\n  \"type\": eq")
	d = model.SetRequestDraft(d, "input", `[{"role":`)
	var c Converter
	r := c.Convert(d)
	byLoc := map[string]Diagnostic{}
	for _, dg := range r.Diagnostics {
		byLoc[dg.Location] = dg
	}
	fs := byLoc["extra.builtin_tools[0]"]
	if fs.Severity != Error || fs.Path != "/filters" || fs.Line != 2 || !strings.Contains(fs.Message, "not valid JSON") {
		t.Fatalf("filters draft: %+v", fs)
	}
	in := byLoc["input"]
	if in.Severity != Warning || in.Line != 1 || !strings.Contains(in.Message, "last valid value") {
		t.Fatalf("input draft: %+v", in)
	}
	var req map[string]json.RawMessage
	if err := json.Unmarshal(r.JSON, &req); err != nil {
		t.Fatal(err)
	}
	if string(req["input"]) != `"hi"` || req["tools"] != nil {
		t.Fatalf("request: %s", r.JSON)
	}
}

// TestBodyExtraSavedAsItMeans: a body's extra is written at the top level
// when its members fit there, and kept as an object when one would clash
// (a key of the top level, tools, a key extra repeats): the body saved,
// read back and built, gives the same request and diagnostics.
func TestBodyExtraSavedAsItMeans(t *testing.T) {
	for _, src := range []string{
		`{"model":"m","extra":{"store":false},"tools":[{"type":"web_search"}]}`,
		`{"model":"m","store":true,"extra":{"store":false},"tools":[{"type":"web_search"}]}`,
		`{"model":"m","tools":[{"type":"web_search"}],"extra":{"tools":[{"type":"function","name":"f","parameters":null,"strict":false}]}}`,
		`{"model":"m","tools":[{"type":"web_search"}],"extra":{"store":false,"store":true}}`,
	} {
		d, err := model.Parse([]byte(src))
		if err != nil {
			t.Fatal(err)
		}
		want, wantDiags := Convert(d)
		out, err := d.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		back, err := model.Parse(out)
		if err != nil {
			t.Fatalf("%s saved does not load: %v\n%s", src, err, out)
		}
		got, gotDiags := Convert(back)
		var a, b []string
		for _, dg := range wantDiags {
			a = append(a, dg.String())
		}
		for _, dg := range gotDiags {
			b = append(b, dg.String())
		}
		if string(got) != string(want) || strings.Join(a, "\n") != strings.Join(b, "\n") {
			t.Fatalf("%s saved as\n%s\nbuilds\n%s%s\nnot\n%s%s", src, out, got, strings.Join(b, "\n"), want, strings.Join(a, "\n"))
		}
	}
}
