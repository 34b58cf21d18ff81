package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/tooltui/tooltui/internal/ui/files"
	"github.com/tooltui/tooltui/internal/ui/form"
	"github.com/tooltui/tooltui/internal/ui/help"
	"github.com/tooltui/tooltui/internal/ui/kit"
	"github.com/tooltui/tooltui/internal/ui/mocks"
	"github.com/tooltui/tooltui/internal/ui/outside"
	"github.com/tooltui/tooltui/internal/ui/sendview"
)

// countDialogs counts the open dialogs that are (or are over and under)
// of the type of want.
func countDialogs[T kit.Dialog](a *App) int {
	n := 0
	for _, d := range a.dialogs() {
		if _, ok := d.(T); ok {
			n++
		}
	}
	return n
}

// paletteRun runs a command by typing its name in the palette.
func paletteRun(a *App, name string) {
	a.Update(ctrlKey('p'))
	for _, r := range name {
		a.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	a.Update(keyMsg("enter"))
}

// TestPaletteOverADialogRaisesItsKind: the palette over the mocks dialog
// (or over the keys help over it) asking for the mocks dialog brings the
// open one back to the top instead of opening a second.
func TestPaletteOverADialogRaisesItsKind(t *testing.T) {
	a, _ := globalApp(t, "")
	typeKeys(a, "j")
	a.run(kit.CmdMocks)
	if n := countDialogs[*mocks.Dialog](a); n != 1 {
		t.Fatalf("%d mocks dialogs open before the palette", n)
	}
	paletteRun(a, "Edit mocks")
	if n := countDialogs[*mocks.Dialog](a); n != 1 {
		t.Fatalf("the palette over the mocks dialog opened %d of them", n)
	}
	if _, ok := a.dialog.(*mocks.Dialog); !ok || !strings.Contains(status(a), "open already") {
		t.Fatalf("top %T, status %q", a.dialog, status(a))
	}
	a.Update(keyMsg("?"))
	if _, ok := a.dialog.(*help.Dialog); !ok {
		t.Fatalf("? in the mocks dialog opened %T", a.dialog)
	}
	paletteRun(a, "Edit mocks")
	if _, ok := a.dialog.(*mocks.Dialog); !ok || countDialogs[*mocks.Dialog](a) != 1 || countDialogs[*help.Dialog](a) != 1 {
		t.Fatalf("the palette over the help over the mocks dialog: top %T, %d dialogs", a.dialog, len(a.dialogs()))
	}
}

// TestFormCommandsWithTheTreeShown: the commands that act on the form's
// fields never act on the form the tree hides: alt+r goes from the tree
// to the tool's JSON, alt+e opens the parameters in $EDITOR, format JSON
// says why it does nothing.
func TestFormCommandsWithTheTreeShown(t *testing.T) {
	a, _ := globalApp(t, "")
	typeKeys(a, "j", "T")
	if !treeShown(a) {
		t.Fatal("T did not show the tree")
	}
	before := a.s.Version()
	a.run("Format JSON field")
	if a.s.Version() != before || !strings.Contains(status(a), "tree") {
		t.Fatalf("format JSON in the tree: version %d -> %d, status %q", before, a.s.Version(), status(a))
	}

	cmd := a.run("Open field in $EDITOR")
	var done outside.EditorDoneMsg
	for _, m := range runNow(cmd) {
		if d, ok := m.(outside.EditorDoneMsg); ok {
			done = d
		}
	}
	if done.FieldID != "parameters" {
		t.Fatalf("alt+e in the tree edits %q (status %q), want the parameters", done.FieldID, status(a))
	}
	params := `{"type":"object","properties":{"from_editor":{"type":"string"}}}`
	a.Update(outside.EditorDoneMsg{FieldID: "parameters", Sel: done.Sel, Text: params})
	if !strings.Contains(toolParams(a, 0), "from_editor") {
		t.Fatalf("the editor's parameters were not applied: %s (status %q)", toolParams(a, 0), status(a))
	}
	if !treeShown(a) || !strings.Contains(ansi.Strip(a.View().Content), "from_editor") {
		t.Fatal("the tree does not show the parameters from the editor")
	}

	a.Update(tea.KeyPressMsg{Code: 'r', Mod: tea.ModAlt})
	if treeShown(a) || a.form.Kind != form.FormRaw {
		t.Fatalf("alt+r in the tree: tree shown %v, form kind %v", treeShown(a), a.form.Kind)
	}

	// The tree over the tool's JSON: alt+e opens that JSON, which holds
	// the parameters.
	typeKeys(a, "T")
	if !treeShown(a) {
		t.Fatal("T over the tool's JSON did not show the tree")
	}
	done = outside.EditorDoneMsg{}
	for _, m := range runNow(a.run("Open field in $EDITOR")) {
		if d, ok := m.(outside.EditorDoneMsg); ok {
			done = d
		}
	}
	if done.FieldID != "raw" {
		t.Fatalf("alt+e in the tree over the tool's JSON edits %q (status %q), want the tool's JSON", done.FieldID, status(a))
	}
}

// TestPaletteRaisesOnlyTheSameView: a view of the same kind opened for
// something else is not the one asked for: the keys of one dialog are not
// all keys, and "Save as" is not "Save and quit".
func TestPaletteRaisesOnlyTheSameView(t *testing.T) {
	helpOf := func(a *App) string {
		h, ok := a.dialog.(*help.Dialog)
		if !ok {
			t.Fatalf("top %T, status %q", a.dialog, status(a))
		}
		return h.Groups[0].Title
	}
	t.Run("? in a dialog over all keys", func(t *testing.T) {
		a, _ := globalApp(t, "")
		a.run("Show all keys")
		all := helpOf(a)
		a.run(kit.CmdMocks)
		a.Update(keyMsg("?"))
		if got := helpOf(a); got == all || !strings.Contains(got, "mocks") {
			t.Errorf("? in the mocks dialog shows %q", got)
		}
	})
	t.Run("all keys over a dialog's keys", func(t *testing.T) {
		a, _ := globalApp(t, "")
		a.run("Show all keys")
		all := helpOf(a)
		a.Update(keyMsg("esc"))
		a.run(kit.CmdMocks)
		a.Update(keyMsg("?"))
		paletteRun(a, "Show all keys")
		if got := helpOf(a); got != all {
			t.Errorf("Show all keys over the mocks dialog's keys shows %q, want %q", got, all)
		}
		paletteRun(a, "Show all keys") // this one is open: raised, not stacked
		if n := countDialogs[*help.Dialog](a); n != 2 {
			t.Errorf("%d keys helps open, want 2", n)
		}
	})
	t.Run("Save and quit over Save as", func(t *testing.T) {
		a, _ := globalApp(t, "")
		a.s.Saved(a.s.Version(), "", "example") // no file yet: Save and quit asks for a name
		a.run(kit.CmdSaveAs)
		plain := a.dialog.(*files.SaveAs)
		paletteRun(a, "Save and quit")
		d, ok := a.dialog.(*files.SaveAs)
		if !ok || d == plain {
			t.Fatalf("Save and quit over Save as: top %T (the same: %v), status %q", a.dialog, d == plain, status(a))
		}
		quits := false
		for _, act := range d.Done("/tmp/x.json") {
			if s, ok := act.(kit.ActSaveTo); ok {
				quits = s.Quit
			}
		}
		if !quits {
			t.Error("the Save as that Save and quit opened does not quit")
		}
	})
}

// TestSendOverTheResponseViewSends: ctrl+r with the keys help over the
// response view sends the request again (a new response view) rather
// than bring the old one back: only views of what is open are raised,
// never the dialog of an operation.
func TestSendOverTheResponseViewSends(t *testing.T) {
	a, _ := globalApp(t, "")
	a.Update(ctrlKey('r'))
	first, ok := a.dialog.(*sendview.Dialog)
	if !ok {
		t.Fatalf("ctrl+r opened %T", a.dialog)
	}
	a.Update(keyMsg("?"))
	if _, ok := a.dialog.(*help.Dialog); !ok {
		t.Fatalf("? in the response view opened %T", a.dialog)
	}
	a.Update(ctrlKey('r'))
	s, ok := a.dialog.(*sendview.Dialog)
	if !ok || s.ID == first.ID || strings.Contains(status(a), "open already") {
		t.Fatalf("ctrl+r over the help over the response view: top %T, status %q", a.dialog, status(a))
	}
}

// TestPaletteCommandKeepsTheCursor: a palette command that changes the
// document while a field is being typed in (the form is built again)
// leaves the cursor where it was, so the next letter lands after the last.
func TestPaletteCommandKeepsTheCursor(t *testing.T) {
	for _, c := range []struct {
		down int
		want string
	}{
		{0, "get_weatherXY"},
		{1, "Current weather for a city.XY"},
	} {
		a, _ := globalApp(t, "")
		typeKeys(a, "j", "enter")
		for range c.down {
			typeKeys(a, "j")
		}
		typeKeys(a, "enter")
		a.Update(ctrlKey('e'))
		typeKeys(a, "X")
		paletteRun(a, "Enable or disable")
		typeKeys(a, "Y")
		if got := a.form.Focused().Ed.Value(); got != c.want {
			t.Errorf("typed after the palette's Enable or disable: %q, want %q", got, c.want)
		}
	}
}
