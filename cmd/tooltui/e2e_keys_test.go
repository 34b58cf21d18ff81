package main

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/model"
)

// TestE2EEditAtTheEndAndPasteOverASelection: editing the parameters starts
// at the end of the schema; alt+a selects it whole and a paste, bracketed
// as a terminal sends it, replaces it; ctrl+s saves what was pasted.
func TestE2EEditAtTheEndAndPasteOverASelection(t *testing.T) {
	x := newTerm(t)
	_, doc, status := openDoc(t, x, string(model.ExampleJSON()))
	x.keys("app", "j", "Right")
	x.waitFor("app", "the editor focused", all(inEditor, has("▸ Name")))
	x.keys("app", "Down", "Down")
	x.waitFor("app", "the parameters focused", has("▸ Parameters (JSON Schema)"))
	x.keys("app", "Enter")
	x.waitFor("app", "editing at the end of the schema", all(editingField, has("21:2")))

	schema := `{"type":"object","properties":{"zip":{"type":"string"}},"required":["zip"],"additionalProperties":false}`
	x.keys("app", "M-a")
	x.waitFor("app", "the field selected", statusHas("Selected the whole field"))
	x.must("set-buffer", "-b", "schema", schema)
	x.must("paste-buffer", "-p", "-d", "-b", "schema", "-t", "app")
	x.waitFor("app", "the pasted schema in the preview", has(`"zip": {`))
	x.keys("app", "Escape")
	x.waitFor("app", "editing ended", inEditor)
	x.keys("app", "C-s")
	x.waitFor("app", "saved", statusHas("^Saved"))
	data, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	var saved struct {
		ToolsDefs []struct {
			Parameters json.RawMessage `json:"parameters"`
		} `json:"tools_defs"`
	}
	if err := json.Unmarshal(data, &saved); err != nil || len(saved.ToolsDefs) != 1 {
		t.Fatalf("the saved file: %v\n%s", err, data)
	}
	var got, want any
	_ = json.Unmarshal(saved.ToolsDefs[0].Parameters, &got)
	_ = json.Unmarshal([]byte(schema), &want)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("the paste did not replace the parameters:\n%s", saved.ToolsDefs[0].Parameters)
	}
	quitClean(t, x, status)
}

// TestE2EKeysHelpFilter: ? on the tools pane lists its keys first; / filters
// the help, esc drops the filter, then closes it.
func TestE2EKeysHelpFilter(t *testing.T) {
	x := newTerm(t)
	_, _, status := openDoc(t, x, string(model.ExampleJSON()))
	x.keys("app", "?")
	s := x.waitFor("app", "the keys help", has("/ filter · any other key closes"))
	if i, j := strings.Index(s, "Tools pane"), strings.Index(s, "Everywhere"); i < 0 || j >= 0 && j < i {
		t.Fatalf("the tools pane's keys do not come first:\n%s", s)
	}
	x.keys("app", "/")
	x.text("app", "duplicate")
	x.waitFor("app", "the filtered help", all(has("/ duplicate█ · 1 rows", "Duplicate tool"), func(s string) bool {
		return !strings.Contains(s, "Command palette")
	}))
	x.keys("app", "Enter")
	x.waitFor("app", "the filter kept", has("/ duplicate · 1 rows"))
	x.keys("app", "Escape")
	x.waitFor("app", "the filter dropped", has("/ filter · any other key closes", "Command palette"))
	x.keys("app", "Escape")
	x.waitFor("app", "the help closed", all(inTools, func(s string) bool { return !strings.Contains(s, "any other key closes") }))
	quitClean(t, x, status)
}

// TestE2EPreviewFollowsAndNarrowDiagnostics: renaming a function that
// had an error brings it into the request, and the preview shows it with
// the selection unmoved; at 80×24 a diagnostic about a deep field names the
// tool and the field.
func TestE2EPreviewFollowsAndNarrowDiagnostics(t *testing.T) {
	x := newTerm(t)
	var props []string
	for i := range 40 {
		props = append(props, fmt.Sprintf(`"p%d":{"type":"string"}`, i))
	}
	doc := `{"tools_defs":[{"name":"first","parameters":{"type":"object","properties":{` + strings.Join(props, ",") + `}}},` +
		`{"name":"bad name!","parameters":{"type":"object","properties":{}}}],` +
		`"extra":{"builtin_tools":[{"type":"web_search","filters":{"allowed_domains":"example.com"}}]}}`
	_, _, status := openDoc(t, x, doc)
	x.keys("app", "j", "j")
	x.waitFor("app", "bad name! selected", has("2 bad name! (function)"))
	x.keys("app", "Right", "Enter")
	x.waitFor("app", "editing its name", editingField)
	x.keys("app", "M-a")
	x.waitFor("app", "the name selected", statusHas("Selected the whole field"))
	x.text("app", "good_name")
	x.waitFor("app", "the renamed function in the preview", has(`"name": "good_name"`))
	x.keys("app", "Escape")
	x.waitFor("app", "editing ended", inEditor)

	x.must("resize-window", "-t", "app", "-x", "80", "-y", "24")
	x.keys("app", "4", "G")
	x.waitFor("app", "the diagnostic names the tool and the field", has("✗ web… allowed_domains"))
	x.keys("app", "C-q")
	x.waitFor("app", "the quit question", has("Quit"))
	x.keys("app", "d")
	x.wantExit("app", status, "0")
}
