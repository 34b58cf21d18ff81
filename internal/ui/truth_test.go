package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/ui/fix"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// One source of truth: every view shows the document as it is now, and no
// keystroke writes an older value over a newer one.

// formText is the text of the form's field id ("" when there is none).
func formText(a *App, id string) string {
	if i := a.form.FieldIndex(id); i >= 0 {
		return a.form.Fields[i].Text()
	}
	return ""
}

func toolParams(a *App, i int) string {
	p, _ := model.GetPath(a.s.Doc().Functions[i].Raw, []string{"parameters"})
	return string(p)
}

// TestTruthTreeThenFormText: a property added in the tree shows in the
// form's Parameters field at once, and editing that field as text keeps it.
func TestTruthTreeThenFormText(t *testing.T) {
	a := treeApp(t)
	typeKeys(a, "j", "T", "a", "stops", "enter", "esc")
	a.Update(settleMsg{})
	if !strings.Contains(toolParams(a, 0), `"stops"`) {
		t.Fatalf("the tree did not add stops: %s", toolParams(a, 0))
	}
	if !strings.Contains(formText(a, "parameters"), `"stops"`) {
		t.Fatalf("the form's Parameters field shows old parameters:\n%s", formText(a, "parameters"))
	}
	// edit the field as text: focus the form, go to Parameters, one space, esc
	typeKeys(a, "2")
	a.Update(tea.KeyPressMsg{Code: tea.KeyTab})
	for a.form.Focused() != nil && a.form.Focused().ID != "parameters" {
		a.Update(tea.KeyPressMsg{Code: tea.KeyDown})
	}
	typeKeys(a, "enter")
	a.Update(tea.KeyPressMsg{Code: tea.KeySpace, Text: " "})
	typeKeys(a, "esc")
	if !strings.Contains(toolParams(a, 0), `"stops"`) {
		t.Fatalf("a text edit of the Parameters field dropped the property the tree added: %s", toolParams(a, 0))
	}
	if !strings.Contains(string(a.Output()), `"stops"`) {
		t.Fatal("the request lost stops")
	}
}

const dupDoc = `{"model":"m","tools_defs":[
	{"name":"f","description":"one","parameters":null,"strict":false},
	{"name":"f","description":"two","parameters":null,"strict":false}]}`

func dupApp(t *testing.T) *App {
	t.Helper()
	d, err := model.Parse([]byte(dupDoc))
	if err != nil {
		t.Fatal(err)
	}
	a := New(Options{Doc: d, Name: "dup.json", Deps: kit.Deps{
		CopyNative: noCopy,
		WriteFile:  func(string, []byte) error { t.Error("no writes here"); return nil },
		Getenv:     func(string) string { return "" },
	}})
	a.Update(tea.WindowSizeMsg{Width: 130, Height: 36})
	return a
}

// TestTruthFixRenamesTheNameField: F renames the second f; the Name field
// of the selected tool shows the new name, and typing in it starts from it.
func TestTruthFixRenamesTheNameField(t *testing.T) {
	a := dupApp(t)
	typeKeys(a, "j", "j") // the second f
	if formText(a, "name") != "f" {
		t.Fatalf("name field %q", formText(a, "name"))
	}
	typeKeys(a, "F")
	got := model.StringAt(a.s.Doc().Functions[1].Raw, []string{"name"})
	if got == "f" {
		t.Fatalf("F did not rename the duplicate")
	}
	if formText(a, "name") != got {
		t.Fatalf("the Name field shows %q, the document %q", formText(a, "name"), got)
	}
	// typing at the end of the field appends to the new name
	typeKeys(a, "2")
	for a.form.Focused().ID != "name" {
		a.Update(tea.KeyPressMsg{Code: tea.KeyUp})
	}
	typeKeys(a, "enter", "x", "enter")
	if n := model.StringAt(a.s.Doc().Functions[1].Raw, []string{"name"}); n != got+"x" {
		t.Fatalf("typing in the Name field wrote %q, want %q", n, got+"x")
	}
}

// TestTruthFixDialogRenamesTheNameField: the same with f on the diagnostic.
func TestTruthFixDialogRenamesTheNameField(t *testing.T) {
	a := dupApp(t)
	typeKeys(a, "j", "j", "4")
	for i := 0; i < 10; i++ {
		if d, ok := a.diags.Current(a.s.Result().Diagnostics); ok && len(d.Fixes) > 0 && d.Index == 1 {
			break
		}
		a.Update(tea.KeyPressMsg{Code: tea.KeyDown})
	}
	typeKeys(a, "f")
	if _, ok := a.dialog.(*fix.Dialog); !ok {
		t.Fatalf("f opened no fix dialog:\n%s", treeScreen(a))
	}
	typeKeys(a, "enter")
	got := model.StringAt(a.s.Doc().Functions[1].Raw, []string{"name"})
	if got == "f" {
		t.Fatal("the fix did not rename")
	}
	if a.at != (kit.Sel{Kind: model.Function, Index: 1}) {
		t.Fatalf("selection moved to %+v", a.at)
	}
	if formText(a, "name") != got {
		t.Fatalf("the Name field shows %q, the document %q", formText(a, "name"), got)
	}
}

// TestUndoKeepsTheCursor: ctrl+z while typing in a field takes the typing
// back and leaves the cursor where the restored text ends, so typing goes
// on at the end, not at the start of the field.
func TestUndoKeepsTheCursor(t *testing.T) {
	for _, id := range []string{"name", "description"} {
		a := treeApp(t)
		typeKeys(a, "j", "2")
		for a.form.Focused().ID != id {
			a.Update(tea.KeyPressMsg{Code: tea.KeyDown})
		}
		typeKeys(a, "enter")
		a.Update(tea.KeyPressMsg{Code: tea.KeyEnd, Mod: tea.ModCtrl})
		a.Update(tea.KeyPressMsg{Code: tea.KeyEnd})
		before := formText(a, id)
		for _, k := range keysOfText(" XX") {
			a.Update(k)
		}
		if formText(a, id) != before+" XX" {
			t.Fatalf("%s: typed %q", id, formText(a, id))
		}
		a.Update(tea.KeyPressMsg{Code: 'z', Mod: tea.ModCtrl})
		if formText(a, id) != before {
			t.Fatalf("%s: ctrl+z left %q", id, formText(a, id))
		}
		typeKeys(a, "YY")
		if got := formText(a, id); got != before+"YY" {
			t.Fatalf("%s: after ctrl+z, typing gave %q, want %q", id, got, before+"YY")
		}
		if !a.form.Editing {
			t.Fatalf("%s: ctrl+z stopped editing", id)
		}
	}
}

func keysOfText(s string) []tea.KeyPressMsg {
	var out []tea.KeyPressMsg
	for _, r := range s {
		if r == ' ' {
			out = append(out, tea.KeyPressMsg{Code: tea.KeySpace, Text: " "})
			continue
		}
		out = append(out, tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	return out
}

// TestModifiedMeansDifferentFromTheFile: disabling and enabling a tool
// again, or typing and deleting what was typed, leaves the document as it
// was loaded: not modified, and a save writes the loaded bytes.
func TestModifiedMeansDifferentFromTheFile(t *testing.T) {
	a := treeApp(t)
	typeKeys(a, "j", "j", " ")
	if !a.Dirty() {
		t.Fatal("disabling a tool is not a change")
	}
	typeKeys(a, " ")
	if a.Dirty() {
		t.Fatal("enabling it again left the document modified")
	}
	if strings.Contains(treeScreen(a), "(modified)") {
		t.Fatal("the status line says modified")
	}
	typeKeys(a, "k", "2", "enter")
	a.Update(tea.KeyPressMsg{Code: tea.KeyEnd})
	typeKeys(a, "x")
	if !a.Dirty() {
		t.Fatal("typing is not a change")
	}
	a.Update(tea.KeyPressMsg{Code: tea.KeyBackspace})
	if a.Dirty() {
		t.Fatal("deleting what was typed left the document modified")
	}
	typeKeys(a, "esc")
	// undo and redo through the changes: clean whenever the content is
	a.Update(tea.KeyPressMsg{Code: 'z', Mod: tea.ModCtrl})
	if a.Dirty() != (formText(a, "name") != "get_weather") {
		t.Fatalf("after undo: dirty %v with name %q", a.Dirty(), formText(a, "name"))
	}
}
