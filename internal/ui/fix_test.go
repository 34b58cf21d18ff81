package ui_test

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/ui"
)

const fixDoc = `{"model":"gpt-5","tools_defs":[{"name":"lookup","description":"Find an order.","strict":true,
 "parameters":{"type":"object","properties":{"id":{"type":"string"},"note":{"type":"string"}},"required":["id"],"additionalProperties":false}}],
 "extra":{"builtin_tools":[{"type":"web_serch"}]}}`

func newFixApp(t *testing.T) *ui.App {
	t.Helper()
	d, err := model.Parse([]byte(fixDoc))
	if err != nil {
		t.Fatal(err)
	}
	a := ui.New(ui.Options{Doc: d, Name: "doc.json", Deps: offlineDeps(t)})
	send(t, a, tea.WindowSizeMsg{Width: 120, Height: 36})
	return a
}

// TestFixDialogShowsDiffAndApplies: f on the strict diagnostic shows both
// fixes with the diff of the entry; enter applies the first as one
// undoable step.
func TestFixDialogShowsDiffAndApplies(t *testing.T) {
	a := newFixApp(t)
	send(t, a, press('4'))
	requireContains(t, screen(a), "f fix: make the", "diagnostics pane")
	send(t, a, press('f'))
	requireDialog(t, a, "Fix")
	s := screen(a)
	requireContains(t, s, "1 make the parameters strict-compatible", "fix dialog")
	requireContains(t, s, "2 set strict to false", "fix dialog")
	requireContains(t, s, `+          "null"`, "diff")
	requireContains(t, s, `+      "note"`, "diff")
	send(t, a, press('2'))
	requireContains(t, screen(a), `+  "strict": false,`, "diff of the second fix")
	send(t, a, press('1'), code(tea.KeyEnter))
	requireNoDialog(t, a, "Fix")
	out := string(a.Output())
	requireContains(t, out, `"required": [
          "id",
          "note"
        ]`, "request")
	requireContains(t, statusLine(t, a), "Fixed tools_defs[0]", "status")
	requireDirty(t, a, true, "a fix leaves the document unmodified")
	send(t, a, ctrl('z'))
	requireDirty(t, a, false, "one undo does not take the fix back")
}

// TestFixWithoutFixSaysWhy: a diagnostic with no fix says so; esc cancels
// the dialog and leaves the document alone.
func TestFixWithoutFixSaysWhy(t *testing.T) {
	d, err := model.Parse([]byte(`{"model":"m","extra":{"builtin_tools":[{"type":"file_search","max_num_results":99,"vector_store_ids":["v"]}]}}`))
	if err != nil {
		t.Fatal(err)
	}
	a := ui.New(ui.Options{Doc: d, Name: "doc.json", Deps: offlineDeps(t)})
	send(t, a, tea.WindowSizeMsg{Width: 120, Height: 36})
	send(t, a, press('4'), press('f'))
	requireNoDialog(t, a, "Fix")
	requireContains(t, statusLine(t, a), "has no automatic fix", "status")

	b := newFixApp(t)
	send(t, b, press('4'), press('f'), code(tea.KeyEscape))
	requireNoDialog(t, b, "Fix")
	if b.Dirty() {
		t.Fatal("esc applied the fix")
	}
}

// TestFixAllAppliesOnlySafeFixes: F repairs the schema, leaves the guessed
// type for the user, and is one undo step.
func TestFixAllAppliesOnlySafeFixes(t *testing.T) {
	a := newFixApp(t)
	send(t, a, press('F'))
	out := string(a.Output())
	requireContains(t, out, `"note"`, "request")
	if !strings.Contains(out, `"web_serch"`) {
		t.Fatal("fix all changed a guessed type")
	}
	requireContains(t, statusLine(t, a), "F applied 1 fix", "status")
	send(t, a, press('F'))
	requireContains(t, statusLine(t, a), "No safe fix", "status")
	send(t, a, ctrl('z'))
	requireDirty(t, a, false, "fix all is not one undo step")
	send(t, a, ctrl('p'))
	typeText(t, a, "fix all")
	requireContains(t, screen(a), "Fix all safe problems", "palette")
}
