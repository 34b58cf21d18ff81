package ui

// Inferring parameters from an example: the schema is proposed as the
// example is typed or pasted, and applying it sets the function's
// parameters (and "strict" when the function does not say) as one edit.

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/schematree"
	"github.com/tooltui/tooltui/internal/ui/infer"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

const inferTestDoc = `{"model": "gpt-5", "tools_defs": [
	{"name": "no_strict", "description": "d", "parameters": {"type": "object"}},
	{"name": "strict_true", "description": "d", "strict": true},
	{"name": "strict_false", "description": "d", "strict": false, "parameters": {"type": "object", "properties": {"old": {"type": "string"}}}}
	], "extra": {"builtin_tools": [{"type": "file_search", "vector_store_ids": ["vs_1"]}]}}`

var (
	inferNoStrict    = kit.Sel{Kind: model.Function, Index: 0}
	inferStrictTrue  = kit.Sel{Kind: model.Function, Index: 1}
	inferStrictFalse = kit.Sel{Kind: model.Function, Index: 2}
)

// inferExample is a multi-line example with nesting, arrays, null and a
// key some objects lack.
const inferExample = "{\n  \"city\": \"Paris\",\n  \"days\": 3,\n  \"where\": {\"lat\": 48.85, \"lon\": 2.35},\n  \"tags\": [\"a\", \"b\"],\n  \"stops\": [{\"name\": \"x\", \"at\": \"9:00\"}, {\"name\": \"y\"}],\n  \"note\": null\n}"

func openInfer(t *testing.T, at kit.Sel) (*App, *infer.Dialog) {
	t.Helper()
	a := dialogTestApp(t, inferTestDoc, at)
	return a, openIn[*infer.Dialog](t, a, infer.New)
}

// applyInfer presses alt+enter and checks the dialog closes with an edit.
func applyInfer(t *testing.T, a *App, d *infer.Dialog, k string) ([]kit.Action, kit.ActEdit) {
	t.Helper()
	nd, acts := d.Update(ukey(k), a.env())
	if nd != nil {
		t.Fatalf("%s left the dialog open: %#v", k, acts)
	}
	edits := actsOf[kit.ActEdit](acts)
	if len(edits) != 1 || len(actsOf[kit.ActClose](acts)) != 1 || len(actsOf[kit.ActStatus](acts)) != 1 {
		t.Fatalf("%s: %#v, want one close, one edit and one status", k, acts)
	}
	return acts, edits[0]
}

// toolDiags are the converter's diagnostics about tools_defs[i].
func toolDiags(d *model.Document, i int) []convert.Diagnostic {
	_, ds := convert.Convert(d)
	var out []convert.Diagnostic
	for _, x := range ds {
		if x.IsTool() && x.Kind == model.Function && x.Index == i {
			out = append(out, x)
		}
	}
	return out
}

func TestInferDialogProposesASchemaAsTheExampleChanges(t *testing.T) {
	a, d := openInfer(t, inferNoStrict)
	if v := argsView(a, d); !strings.Contains(v, "The proposed parameters show here") {
		t.Fatalf("empty:\n%s", v)
	}
	sendTo(t, a, d, tea.PasteMsg{Content: inferExample})
	v := argsView(a, d)
	want, err := schematree.Infer([]byte(inferExample))
	if err != nil {
		t.Fatal(err)
	}
	if string(d.Schema) != string(want) {
		t.Fatalf("proposed %s, want %s", d.Schema, want)
	}
	for _, s := range []string{"Proposed parameters (strict-compatible)", `"type": "object"`, `"city": {`} {
		if !strings.Contains(v, s) {
			t.Errorf("the view lacks %q:\n%s", s, v)
		}
	}
	if again := argsView(a, d); again != v {
		t.Fatalf("a second view differs")
	}
	if n := len(d.View(a.env(), a.width, a.lay.status.Y)); n != d.H {
		t.Errorf("the box has %d lines, want %d", n, d.H)
	}
	// a schema longer than the room scrolls
	if n := d.SchemaLines(); n <= d.SchemaRows() {
		t.Fatalf("the schema (%d lines) fits in %d rows; the test needs it longer", n, d.SchemaRows())
	}
	sendTo(t, a, d, ukey("alt+down"))
	if d.YOff != 1 || !strings.Contains(argsView(a, d), "lines 2-") {
		t.Errorf("alt+down: yOff %d\n%s", d.YOff, argsView(a, d))
	}
	for range 1000 {
		sendTo(t, a, d, ukey("alt+down"))
	}
	if d.YOff != d.SchemaLines()-d.SchemaRows() {
		t.Errorf("scrolled past the end: %d", d.YOff)
	}
	if v := argsView(a, d); !strings.Contains(v, `"additionalProperties": false`) || !strings.Contains(v, fmt.Sprintf("of %d", d.SchemaLines())) {
		t.Errorf("the end of the schema:\n%s", v)
	}
	// a syntax error, placed by line and column of the pasted lines
	sendTo(t, a, d, ukey("ctrl+end"))
	sendTo(t, a, d, tea.PasteMsg{Content: "\r\n  oops"})
	v = argsView(a, d)
	if d.Schema != nil || !strings.Contains(v, "✗ 9:3: not valid JSON") {
		t.Fatalf("a syntax error, %q:\n%s", d.Ed.Value(), v)
	}
	// not an object
	d.Ed.SetValue("")
	sendTo(t, a, d, tea.PasteMsg{Content: "[1, 2]"})
	if v := argsView(a, d); !strings.Contains(v, "✗ ") || !strings.Contains(v, "an array") {
		t.Fatalf("an array:\n%s", v)
	}
	if acts := sendTo(t, a, d, ukey("alt+enter")); len(actsOf[kit.ActEdit](acts)) != 0 || len(actsOf[kit.ActStatus](acts)) != 1 || !actsOf[kit.ActStatus](acts)[0].Err {
		t.Errorf("alt+enter with no schema: %#v", acts)
	}
}

func TestInferDialogAppliesAStrictCompatibleSchema(t *testing.T) {
	for _, c := range []struct {
		name       string
		at         kit.Sel
		key        string
		wantStrict string
		status     string
	}{
		{"strict absent: set to true", inferNoStrict, "alt+enter", "true", `"strict": true`},
		{"strict true: kept", inferStrictTrue, "alt+enter", "true", "(ctrl+z undoes it)"},
		{"strict false: kept", inferStrictFalse, "alt+enter", "false", `"strict" stays false`},
	} {
		t.Run(c.name, func(t *testing.T) {
			a, d := openInfer(t, c.at)
			sendTo(t, a, d, tea.PasteMsg{Content: inferExample})
			schema := append([]byte(nil), d.Schema...)
			before := a.s.Doc()
			acts, edit := applyInfer(t, a, d, c.key)
			if st := actsOf[kit.ActStatus](acts)[0]; st.Err || !strings.Contains(st.Text, c.status) {
				t.Errorf("status %q, want %q", st.Text, c.status)
			}
			next, err := edit.Fn(before)
			if err != nil {
				t.Fatal(err)
			}
			raw := next.Functions[c.at.Index].Raw
			if got, _ := model.GetPath(raw, []string{"parameters"}); string(got) != string(schema) {
				t.Errorf("parameters %s, want %s", got, schema)
			}
			if got, _ := model.GetPath(raw, []string{"strict"}); string(got) != c.wantStrict {
				t.Errorf("strict %s, want %s", got, c.wantStrict)
			}
			if ds := toolDiags(next, c.at.Index); len(ds) != 0 {
				t.Errorf("the converter reports %+v", ds)
			}
			if c.wantStrict == "true" {
				if ok, why := schematree.StrictCompatible(schema); !ok {
					t.Errorf("not strict-compatible: %s", why)
				}
			}
			// the other functions are untouched
			for i := range before.Functions {
				if i != c.at.Index && string(before.Functions[i].Raw) != string(next.Functions[i].Raw) {
					t.Errorf("function %d changed", i)
				}
			}
		})
	}
}

// Through the app: one undoable edit, the form shows the new parameters.
func TestInferDialogIsOneUndoableEdit(t *testing.T) {
	a, d := openInfer(t, inferNoStrict)
	a.apply(kit.ActOpen{D: d})
	before := string(a.s.Doc().Functions[0].Raw)
	a.Update(tea.PasteMsg{Content: `{"q": "weather", "n": 2}`})
	if !strings.Contains(screenText(a), `"required": [`) {
		t.Fatalf("the screen:\n%s", screenText(a))
	}
	a.Update(ukey("alt+enter"))
	if a.dialog != nil {
		t.Fatal("alt+enter left the dialog open")
	}
	raw := a.s.Doc().Functions[0].Raw
	if v, _ := model.GetPath(raw, []string{"strict"}); string(v) != "true" {
		t.Errorf("strict not set: %s", raw)
	}
	if f := fieldByID(t, &a.form, "parameters"); !strings.Contains(f.Ed.Value(), `"n"`) {
		t.Errorf("the form's parameters: %s", f.Ed.Value())
	}
	a.run("Undo")
	if got := string(a.s.Doc().Functions[0].Raw); got != before {
		t.Errorf("one undo gives %s, want %s", got, before)
	}
}

func TestInferDialogCancelsAndRefuses(t *testing.T) {
	a, d := openInfer(t, inferNoStrict)
	sendTo(t, a, d, tea.PasteMsg{Content: `{"a": 1}`})
	nd, acts := d.Update(ukey("esc"), a.env()) // the example would go: says so first
	if nd != d || len(acts) != 1 || !strings.Contains(acts[0].(kit.ActStatus).Text, "esc again closes it and drops the example typed") {
		t.Fatalf("first esc: %v %#v", nd, acts)
	}
	nd, acts = d.Update(ukey("esc"), a.env())
	if nd != nil || !reflect.DeepEqual(acts, []kit.Action{kit.ActClose{}, kit.Say("Inferring parameters cancelled")}) {
		t.Fatalf("esc: %v %#v", nd, acts)
	}
	a, d = openInfer(t, inferNoStrict)
	if acts := sendTo(t, a, d, ukey("alt+enter")); len(actsOf[kit.ActEdit](acts)) != 0 || len(actsOf[kit.ActStatus](acts)) != 1 {
		t.Errorf("alt+enter with no example: %#v", acts)
	}
	// enter is a new line, keys the app would take are typed
	typeText(t, a, d, "{\nq")
	if got := d.Ed.Value(); got != "{\n  q" {
		t.Errorf("typed %q", got)
	}
	if len(d.Help(&a.keys)) == 0 {
		t.Error("no help")
	}
	for _, at := range []kit.Sel{kit.RequestSel, {Kind: model.Builtin, Index: 0}} {
		a := dialogTestApp(t, inferTestDoc, at)
		if d, why := infer.New(a.env()); d != nil || !strings.Contains(why, "not a function") {
			t.Errorf("%+v: %v %q", at, d, why)
		}
	}
	// a parameters draft is replaced, so the dialog opens
	a = dialogTestApp(t, inferTestDoc, inferNoStrict)
	doc, err := model.SetDraft(a.s.Doc(), model.Function, 0, "parameters", "{\"type\": ")
	if err != nil {
		t.Fatal(err)
	}
	a.s.Replace(doc, a.at)
	nd2, why := infer.New(a.env())
	if nd2 == nil {
		t.Fatalf("a parameters draft: %s", why)
	}
	id := nd2.Resize(a.width, a.lay.status.Y).(*infer.Dialog)
	sendTo(t, a, id, tea.PasteMsg{Content: `{"a": true}`})
	_, edit := applyInfer(t, a, id, "alt+enter")
	next, err := edit.Fn(a.s.Doc())
	if err != nil {
		t.Fatal(err)
	}
	if next.Functions[0].Draft != nil {
		t.Error("the draft stayed")
	}
}
