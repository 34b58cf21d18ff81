package ui

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/ui/help"
	"github.com/tooltui/tooltui/internal/ui/kit"
	"github.com/tooltui/tooltui/internal/ui/tree"
)

// The tree as a pane of the app: where it sits, what it shows beside the
// other panes, the keys it shares with them and the document it reads.

func sizedTreeApp(t *testing.T, w, h int) *App {
	t.Helper()
	a, _ := globalApp(t, "")
	a.Update(tea.WindowSizeMsg{Width: w, Height: h})
	typeKeys(a, "j", "T")
	if !treeFocused(a) {
		t.Fatalf("T did not show the tree:\n%s", treeScreen(a))
	}
	return a
}

// TestTreePaneBesideThePreview: on a wide screen the tree takes the form's
// place; the tools, the preview and the diagnostics stay, and the example
// arguments follow the schema as it changes.
func TestTreePaneBesideThePreview(t *testing.T) {
	a := sizedTreeApp(t, 160, 45)
	s := treeScreen(a)
	for _, want := range []string{"1 Tools", "2 Parameters of get_weather · tree · 3 rows", "3 Preview", "4 Diagnostics",
		"example arguments", `"city": "example"`, "city*"} {
		requireIn(t, s, want)
	}
	if strings.Contains(s, "zoomed") || a.lay.zoom != -1 {
		t.Fatalf("the tree is zoomed on a wide screen:\n%s", s)
	}
	typeKeys(a, "a", "days", "enter", "right", "right") // days: string → number → integer
	s = treeScreen(a)
	requireIn(t, s, `"days": 1`)
	requireIn(t, s, "days*")
	a.Update(settleMsg{})
	requireIn(t, treeScreen(a), `"days"`) // the preview, once converted
	if !strings.Contains(string(a.s.Result().JSON), `"days"`) {
		t.Fatal("the request does not have the new property")
	}
}

// TestTreePaneZoomsOnANarrowScreen: below the wide layout the tree with
// the focus takes the whole body; tab moves on to the other panes (the
// tree stays in the editor's place), shift+tab comes back to it zoomed.
func TestTreePaneZoomsOnANarrowScreen(t *testing.T) {
	a := sizedTreeApp(t, 80, 24)
	s := treeScreen(a)
	requireIn(t, s, "2 Parameters of get_weather · tree · 3 rows · zoomed")
	requireIn(t, s, `"unit": "celsius"`) // the example arguments beside the rows
	if strings.Contains(s, "1 Tools") || strings.Contains(s, "3 Preview") {
		t.Fatalf("other panes beside the zoomed tree:\n%s", s)
	}
	typeKeys(a, "tab")
	s = treeScreen(a)
	if a.focus != kit.PanePreview || !strings.Contains(s, "1 Tools") || !strings.Contains(s, "3 Preview") ||
		!strings.Contains(s, "2 Parameters of get_weather") || strings.Contains(s, "zoomed") {
		t.Fatalf("tab from the tree, focus %d:\n%s", a.focus, s)
	}
	typeKeys(a, "shift+tab")
	if !treeFocused(a) || !strings.Contains(treeScreen(a), "zoomed") {
		t.Fatalf("shift+tab back:\n%s", treeScreen(a))
	}
	a.Update(tea.WindowSizeMsg{Width: 140, Height: 40})
	if strings.Contains(treeScreen(a), "zoomed") {
		t.Fatalf("still zoomed on a wide screen:\n%s", treeScreen(a))
	}
}

// TestTreePaneGlobalKeys: ctrl+s saves, ? lists the tree's keys, ctrl+p
// opens the palette, ctrl+z undoes the tree's edit, ctrl+c and ctrl+q ask
// to quit as on every pane, esc and q leave the tree for the pane T was
// pressed in; T shows the form with the focus on it.
func TestTreePaneGlobalKeys(t *testing.T) {
	a := sizedTreeApp(t, 130, 36)
	typeKeys(a, "a", "stops", "enter")
	a.Update(ctrlKey('s'))
	if !strings.Contains(status(a), "Saving /nonexistent/doc.json") || !treeFocused(a) {
		t.Fatalf("ctrl+s: %q", status(a))
	}
	typeKeys(a, "?")
	if _, ok := a.dialog.(*help.Dialog); !ok || !strings.Contains(treeScreen(a), "Keys of the parameters tree") {
		t.Fatalf("? in the tree:\n%s", treeScreen(a))
	}
	requireIn(t, treeScreen(a), "add a property")
	typeKeys(a, "esc")
	a.Update(ctrlKey('p'))
	if _, ok := a.dialog.(*kit.ListDialog); !ok {
		t.Fatal("ctrl+p did not open the palette")
	}
	typeKeys(a, "esc")
	for _, quit := range []tea.KeyPressMsg{ctrlKey('c'), ctrlKey('q')} {
		if quits(runNow(a.update(quit))) {
			t.Fatalf("%s quit with unsaved changes", quit)
		}
		if c, ok := a.dialog.(*kit.ConfirmDialog); !ok || c.Title != kit.QuitTitle || !treeShown(a) {
			t.Fatalf("%s in the tree did not ask to quit, as on every pane: %T", quit, a.dialog)
		}
		typeKeys(a, "esc")
	}
	a.Update(ctrlKey('z'))
	if strings.Contains(params(t, a), "stops") || !treeFocused(a) {
		t.Fatal("ctrl+z did not undo the tree's edit")
	}
	if strings.Contains(treeScreen(a), "stops*") {
		t.Fatalf("the tree shows the undone property:\n%s", treeScreen(a))
	}
	for _, leave := range []tea.KeyPressMsg{keyMsg("esc"), keyMsg("q"), keyMsg("T")} {
		if !treeShown(a) {
			typeKeys(a, "T")
		}
		if !treeFocused(a) {
			t.Fatalf("T did not show the tree again")
		}
		if quits(runNow(a.update(leave))) {
			t.Fatalf("%s quit", leave)
		}
		a.Update(settleMsg{})
		want := kit.PaneTools
		if leave.String() == "T" {
			want = kit.PaneEditor
		}
		if treeShown(a) || a.focus != want || !strings.Contains(treeScreen(a), "2 get_weather (function)") {
			t.Fatalf("%s did not leave the tree for the form:\n%s", leave, treeScreen(a))
		}
	}
}

// TestTreePanePromptKeys: in the prompt, ? is typed, ctrl+z takes the
// typing back first, a paste goes in, ctrl+s says what it leaves out.
func TestTreePanePromptKeys(t *testing.T) {
	a := sizedTreeApp(t, 130, 36)
	typeKeys(a, "a", "a?")
	a.Update(tea.PasteMsg{Content: "b"})
	if p := a.tree.pane.Prompt; p == nil || p.Value() != "a?b" {
		t.Fatalf("the prompt holds %v", p)
	}
	if !strings.Contains(treeScreen(a), "EDIT") {
		t.Fatalf("no EDIT on the status line:\n%s", treeScreen(a))
	}
	a.Update(ctrlKey('s'))
	if !strings.Contains(status(a), `"a?b"`) {
		t.Fatalf("ctrl+s said %q", status(a))
	}
	a.Update(ctrlKey('z'))
	if a.tree.pane.Prompt.Value() == "a?b" {
		t.Fatal("ctrl+z did not take typing back")
	}
	typeKeys(a, "esc")
	if a.tree.pane.Prompt != nil || !treeFocused(a) {
		t.Fatal("esc did not close the prompt only")
	}
	for _, r := range []rune{'c', 'q'} { // as esc: the prompt, as a dialog
		typeKeys(a, "a", "x")
		a.Update(ctrlKey(r))
		if !treeFocused(a) || a.tree.pane.Prompt != nil {
			t.Fatalf("ctrl+%c in the prompt: prompt %v, tree focused %v", r, a.tree.pane.Prompt != nil, treeFocused(a))
		}
		requireIn(t, status(a), `dropped the new property name being typed, "x"`)
	}
	typeKeys(a, "a", "yz", "esc")
	requireIn(t, status(a), `Nothing changed; dropped the new property name being typed, "yz"`)
	typeKeys(a, "q")
	if treeShown(a) {
		t.Fatal("q with no prompt did not leave the tree")
	}
}

// TestTreePaneFollowsTheSelection: selecting another row shows its form;
// the tree is the function's it was shown for.
func TestTreePaneFollowsTheSelection(t *testing.T) {
	a := sizedTreeApp(t, 130, 36)
	typeKeys(a, "1", "down")
	if treeShown(a) || !strings.Contains(treeScreen(a), "2 web_search (built-in)") {
		t.Fatalf("another row selected:\n%s", treeScreen(a))
	}
	typeKeys(a, "T")
	if treeShown(a) || !strings.Contains(status(a), "not a function") {
		t.Fatalf("T on a built-in: %q", status(a))
	}
	typeKeys(a, "k")
	if treeShown(a) || !strings.Contains(treeScreen(a), "2 get_weather (function)") {
		t.Fatalf("back on the function:\n%s", treeScreen(a))
	}
}

// TestTreePaneReadsTheDocumentByVersion: a change the tree was not told
// of (made straight through the session, as by another view) is read
// before the tree's next edit, which keeps it.
func TestTreePaneReadsTheDocumentByVersion(t *testing.T) {
	a := sizedTreeApp(t, 130, 36)
	for i, zone := range []string{"zone", "area"} {
		p := json.RawMessage(`{"type":"object","properties":{"city":{"type":"string"},"` + zone +
			`":{"type":"string"}},"required":["city","` + zone + `"],"additionalProperties":false}`)
		if i == 1 {
			typeKeys(a, "tab") // the tree shown, the preview focused
		}
		err := a.s.Apply("", a.at, func(d *model.Document) (*model.Document, error) {
			return model.SetToolValue(d, model.Function, 0, []string{"parameters"}, p)
		})
		if err != nil {
			t.Fatal(err)
		}
		if i == 1 {
			a.Update(settleMsg{})
			requireIn(t, treeScreen(a), zone+"*")
			typeKeys(a, "shift+tab")
		}
		typeKeys(a, "a", "stops", "enter")
		got := params(t, a)
		if !strings.Contains(got, zone) || !strings.Contains(got, "stops") || strings.Contains(got, "unit") {
			t.Fatalf("the tree wrote %s", got)
		}
	}
}

// TestTreePaneMouse: a click on a row of the pane chooses it and gives the
// tree the focus; a click in the tools pane moves the focus there.
func TestTreePaneMouse(t *testing.T) {
	a := sizedTreeApp(t, 130, 36)
	typeKeys(a, "tab")
	r := a.lay.editor
	a.Update(tea.MouseClickMsg{X: r.X + 5, Y: r.Y + 3, Button: tea.MouseLeft})
	if !treeFocused(a) || a.tree.pane.Current().Name != "unit" {
		t.Fatalf("the click: focus %d, row %+v", a.focus, a.tree.pane.Current())
	}
	a.Update(tea.MouseWheelMsg{X: r.X + 5, Y: r.Y + 3, Button: tea.MouseWheelUp})
	if a.tree.pane.Row != 0 {
		t.Fatalf("the wheel: row %d", a.tree.pane.Row)
	}
	a.Update(tea.MouseClickMsg{X: 3, Y: 3, Button: tea.MouseLeft})
	if a.focus != kit.PaneTools {
		t.Fatalf("a click in the tools pane: focus %d", a.focus)
	}
}

// TestTreePaneJumpsToADiagnostic: enter on a diagnostic about a schema
// inside the parameters chooses its row in the tree; one about another
// field of the function shows the form.
func TestTreePaneJumpsToADiagnostic(t *testing.T) {
	a, _ := globalApp(t, `{"model":"m","tools_defs":[{"name":"bad name!","description":"","strict":true,
		"parameters":{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"object","properties":{"c":{"type":"string"}}}},
		"required":["a","b"],"additionalProperties":false}}]}`)
	typeKeys(a, "j", "T")
	var inParams, other int = -1, -1
	for i, d := range a.s.Result().Diagnostics {
		switch {
		case strings.HasPrefix(d.Path, "/parameters/properties/b"):
			inParams = i
		case d.Path == "/name":
			other = i
		}
	}
	if inParams < 0 || other < 0 {
		t.Fatalf("diagnostics %+v", a.s.Result().Diagnostics)
	}
	for _, i := range []int{inParams, other} {
		a.diags.Row = i
		typeKeys(a, "4", "enter")
		if i == inParams {
			if !treeFocused(a) || a.tree.pane.Current().Ptr != "/properties/b" {
				t.Fatalf("the jump into the parameters chose %+v:\n%s", a.tree.pane.Current(), treeScreen(a))
			}
			continue
		}
		if treeShown(a) || a.focus != kit.PaneEditor || a.form.Fields[a.form.Idx].Label != "Name" {
			t.Fatalf("the jump to the name:\n%s", treeScreen(a))
		}
	}
}

// TestTreePaneMakesLargeExamplesLater: the example arguments of large
// parameters are made by a command, "making them…" shown meanwhile; those
// of parameters changed since are dropped.
func TestTreePaneMakesLargeExamplesLater(t *testing.T) {
	var props []string
	for i := range 1500 {
		props = append(props, fmt.Sprintf(`"p%d":{"type":"string","description":"property number %d"}`, i, i))
	}
	a, _ := globalApp(t, `{"model":"m","tools_defs":[{"name":"big","description":"","strict":false,
		"parameters":{"type":"object","properties":{`+strings.Join(props, ",")+`}}}]}`)
	typeKeys(a, "j")
	_, cmd := a.Update(keyMsg("T"))
	if !treeFocused(a) || !a.tree.pane.ExampleLater || !strings.Contains(treeScreen(a), "making them…") {
		t.Fatalf("no example under way:\n%s", treeScreen(a))
	}
	var made []tea.Msg
	for _, m := range runNow(cmd) {
		if _, ok := m.(tree.ExampleMsg); ok {
			made = append(made, m)
		}
	}
	if len(made) != 1 {
		t.Fatalf("%d examples made", len(made))
	}
	typeKeys(a, "down")
	_, cmd = a.Update(keyMsg("r")) // p0 optional: other parameters
	a.Update(made[0])
	if !a.tree.pane.ExampleLater {
		t.Fatal("the example of the parameters before the edit was shown")
	}
	for _, m := range runNow(cmd) {
		a.Update(m)
	}
	if a.tree.pane.ExampleLater || !strings.Contains(treeScreen(a), `"p0": "example"`) {
		t.Fatalf("the example was not shown:\n%s", treeScreen(a))
	}
}

// treeShown reports whether the editor pane shows the parameters tree.
func treeShown(a *App) bool { return a.tree.shown(a.at) }

// treeFocused reports whether the parameters tree has the focus.
func treeFocused(a *App) bool { return a.tree.focused(a.treeCtx()) }

// TestTreePanePromptKeepsTextItCannotApply: a rename whose row went away
// (the document changed under the prompt) or that the schema refuses
// keeps the prompt open with what was typed, and says why.
func TestTreePanePromptKeepsTextItCannotApply(t *testing.T) {
	a := sizedTreeApp(t, 130, 36)
	typeKeys(a, "G", "enter")
	d := a.tree.pane
	if d.Prompt == nil || d.AskPtr != "/properties/unit" {
		t.Fatalf("enter on unit: prompt %v at %q", d.Prompt != nil, d.AskPtr)
	}
	typeKeys(a, "units") // over the old name, chosen whole
	a.apply(kit.ActEdit{Fn: func(doc *model.Document) (*model.Document, error) {
		return model.SetToolValue(doc, model.Function, 0, []string{"parameters"},
			json.RawMessage(`{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}`))
	}})
	a.Update(settleMsg{})
	requireIn(t, treeScreen(a), "/properties/unit  gone from the parameters") // not the row chosen now
	typeKeys(a, "enter")
	if d.Prompt == nil || d.Prompt.Value() != "units" {
		t.Fatalf("enter after unit went away dropped the typed name (prompt %v)", d.Prompt != nil)
	}
	requireIn(t, status(a), "The row /properties/unit is gone from the parameters")
	if strings.Contains(toolParams(a, 0), "units") {
		t.Fatal("the name was applied to another row")
	}
	typeKeys(a, "esc", "g", "down", "=", "nice") // a default that is not JSON
	typeKeys(a, "enter")
	if d.Prompt == nil || d.Prompt.Value() != "nice" {
		t.Fatalf("a refused default dropped the typed text (status %q)", status(a))
	}
	requireIn(t, status(a), "the prompt keeps what you typed")
	typeKeys(a, "left", "left", "left", "left", `"`, "right", "right", "right", "right", `"`, "enter")
	if d.Prompt != nil || !strings.Contains(toolParams(a, 0), `"default":"nice"`) {
		t.Fatalf("the default mended in the prompt: %s (status %q)", toolParams(a, 0), status(a))
	}
}

// TestTreePromptTextIsNamedWherever: a tree prompt's text is named by a
// quit from another pane (tab left the tree with the prompt open), stays
// in view when the parameters change to ones the tree cannot show, and
// an empty prompt names nothing.
func TestTreePromptTextIsNamedWherever(t *testing.T) {
	a := sizedTreeApp(t, 130, 36)
	typeKeys(a, "a")
	if p := a.tree.pane.Pending(); p != "" {
		t.Fatalf("an empty add prompt is pending: %q", p)
	}
	typeKeys(a, "xyz", "tab")
	if treeFocused(a) || a.tree.pane.Prompt == nil {
		t.Fatal("tab did not move on with the prompt open")
	}
	a.Update(ctrlKey('q'))
	q, ok := a.dialog.(*kit.ConfirmDialog)
	if !ok || q.Title != "Quit?" || !strings.Contains(q.Text, `"xyz"`) || strings.Contains(q.Text, "enter applies") {
		t.Fatalf("ctrl+q in another pane: %T %+v", a.dialog, a.dialog)
	}
	typeKeys(a, "esc")
	if a.dialog != nil || a.tree.pane.Prompt == nil || a.tree.pane.Prompt.Value() != "xyz" {
		t.Fatal("esc did not go back to the prompt's text")
	}
	a.run(kit.CmdTree) // the form waits for the prompt
	if !treeShown(a) || !strings.Contains(status(a), "The form shows once the tree's prompt is done") {
		t.Fatalf("the palette's tree/form switch over a prompt: shown %v, status %q", treeShown(a), status(a))
	}
	a.apply(kit.ActEdit{Fn: func(doc *model.Document) (*model.Document, error) {
		return model.SetToolValue(doc, model.Function, 0, []string{"parameters"}, json.RawMessage(`{"type":"object","not":{}}`))
	}})
	a.Update(settleMsg{})
	s := treeScreen(a)
	requireIn(t, s, "New property name xyz")
	requireIn(t, s, "esc drops the prompt")
}

// TestTreePromptGoneWithAnotherRowSaysSo: choosing another row in the
// tools pane while the tree's prompt holds text closes the tree and says
// what was not applied.
func TestTreePromptGoneWithAnotherRowSaysSo(t *testing.T) {
	a := sizedTreeApp(t, 130, 36)
	typeKeys(a, "a", "foo", "tab")
	a.Update(keyMsg("1"))
	a.Update(keyMsg("down"))
	if treeShown(a) {
		t.Fatal("the tree stayed for another row")
	}
	requireIn(t, status(a), `The parameters tree of get_weather closed with its prompt: the new property name being typed, "foo" was not applied`)
}
