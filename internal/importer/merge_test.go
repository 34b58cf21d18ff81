package importer

import (
	"encoding/json"
	"testing"

	"github.com/tooltui/tooltui/internal/model"
)

func doc(t *testing.T, src string) *model.Document {
	t.Helper()
	d, err := model.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func names(d *model.Document) (out []string) {
	for _, k := range []model.Kind{model.Function, model.Builtin} {
		for _, t := range d.List(k) {
			n := ToolName(k, t.Raw)
			if n == "" {
				n = model.StringAt(t.Raw, []string{"type"})
			}
			out = append(out, n)
		}
	}
	return out
}

func TestMerge(t *testing.T) {
	into := doc(t, `{"tools_defs":[{"name":"a"},{"name":"b"}],"extra":{"builtin_tools":[{"type":"custom","name":"c"},{"type":"web_search"}]}}`)
	in := doc(t, `{"tools_defs":[{"name":"c","description":"new"},{"name":"d"}],"extra":{"builtin_tools":[{"type":"custom","name":"a"},{"type":"file_search","vector_store_ids":["v"]}]}}`)

	refused := Merge(into, in, false)
	if refused.Doc != into || len(refused.Clashes) != 2 || refused.Clashes[0] != "c" || refused.Clashes[1] != "a" {
		t.Fatalf("without replace: clashes %v, document changed %v", refused.Clashes, refused.Doc != into)
	}

	m := Merge(into, in, true)
	// c (a custom tool) gives way to the function c, and the custom tool a
	// takes the function a's place in the other list.
	got, _ := json.Marshal(names(m.Doc))
	if want := `["b","c","d","web_search","a","file_search"]`; string(got) != want {
		t.Errorf("merged %s, want %s", got, want)
	}
	if m.Added != [2]int{2, 2} || m.Replaced != 2 {
		t.Errorf("added %v, replaced %d", m.Added, m.Replaced)
	}
	for _, p := range []Place{{model.Function, 1}, {model.Function, 2}, {model.Builtin, 1}, {model.Builtin, 2}} {
		if !m.Fresh[p] {
			t.Errorf("%v is not marked as imported: %v", p, m.Fresh)
		}
	}
	if len(m.Fresh) != 4 {
		t.Errorf("fresh %v", m.Fresh)
	}
	if names(into)[0] != "a" {
		t.Error("the merge changed the document it was given")
	}
}
