package ui

// The mocks dialog: each function's mock outputs, read as the send loop
// reads them, edited one undoable change at a time; the document is read
// again whenever it changed, and a refused output keeps what was typed.

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
	"github.com/tooltui/tooltui/internal/send"
	"github.com/tooltui/tooltui/internal/ui/files"
	"github.com/tooltui/tooltui/internal/ui/help"
	"github.com/tooltui/tooltui/internal/ui/kit"
	"github.com/tooltui/tooltui/internal/ui/mocks"
	"github.com/tooltui/tooltui/internal/ui/sendview"
)

const mocksTestDoc = `{"model": "gpt-5", "tools_defs": [
	{"name": "get_weather", "description": "d", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}},
	{"name": "search_docs", "description": "d"}
	], "tooltui": {"mocks": {"search_docs": {"when": [{"args": {"q": "a"}, "output": "A"}, {"args": {"q": "b"}, "output": "B"}], "output": "other"}}}}`

// openMocks opens the mocks dialog over an app on function i.
func openMocks(t *testing.T, i int) (*App, *mocks.Dialog) {
	t.Helper()
	a := dialogTestApp(t, mocksTestDoc, kit.Sel{Kind: model.Function, Index: i})
	a.run(kit.CmdMocks)
	d, ok := a.dialog.(*mocks.Dialog)
	if !ok {
		t.Fatalf("the palette's %q opened %T", kit.CmdMocks, a.dialog)
	}
	return a, d
}

func mkeys(a *App, keys ...string) {
	for _, k := range keys {
		a.Update(ukey(k))
	}
}

func mtype(a *App, s string) {
	for _, r := range s {
		a.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

// mockOut is what the send loop answers fn's call with now.
func mockOut(a *App, fn, args string) (string, bool) {
	return send.Mocks(a.s.Doc().Mocks).Output(fn, args)
}

func TestMocksDialogListsEveryFunction(t *testing.T) {
	a, d := openMocks(t, 0)
	view := stripped(d.View(a.env(), a.width, a.height))
	for _, want := range []string{"ƒ get_weather", "no mock", "ƒ search_docs", `when {"q":"a"} → "A"`, `when {"q":"b"} → "B"`, `otherwise → "other"`} {
		if !strings.Contains(view, want) {
			t.Fatalf("the list lacks %q:\n%s", want, view)
		}
	}
	if r := d.Rows[d.Cur]; r.Fn != "get_weather" || r.C != -1 {
		t.Fatalf("opened on %+v, want get_weather's row", r)
	}
}

// TestMocksKeyFromTheForm: M in a function's form opens the dialog on that
// function; in the request's form too (on the first function).
func TestMocksKeyFromTheForm(t *testing.T) {
	a := dialogTestApp(t, mocksTestDoc, kit.Sel{Kind: model.Function, Index: 1})
	a.Update(ukey("2"))
	a.Update(ukey("M"))
	d, ok := a.dialog.(*mocks.Dialog)
	if !ok {
		t.Fatalf("M opened %T", a.dialog)
	}
	if r := d.Rows[d.Cur]; r.Fn != "search_docs" {
		t.Fatalf("opened on %+v", r)
	}
}

func TestMocksDialogAddFixedUndoRedo(t *testing.T) {
	a, d := openMocks(t, 0)
	v0 := a.s.Version()
	mkeys(a, "o")
	if d.Ed == nil || !d.Ed.Fixed {
		t.Fatal("o did not start a fixed output")
	}
	mtype(a, `{"temp_c": 12}`)
	mkeys(a, "alt+enter")
	if d.Ed != nil {
		t.Fatalf("the output stayed in the editor: %s", d.Ed.Err)
	}
	if got := string(a.s.Doc().Mocks["get_weather"]); got != `{"output":{"temp_c":12}}` {
		t.Fatalf("mock %s", got)
	}
	if out, ok := mockOut(a, "get_weather", `{"city":"Oslo"}`); !ok || out != `{"temp_c":12}` {
		t.Fatalf("the send loop answers %q %v", out, ok)
	}
	if r := d.Rows[d.Cur]; r.Fn != "get_weather" || r.C != 0 {
		t.Fatalf("after the add the dialog is on %+v", r)
	}
	mkeys(a, "ctrl+z")
	if _, ok := a.s.Doc().Mocks["get_weather"]; ok || a.s.Version() != v0 {
		t.Fatal("ctrl+z did not take the added output back in one step")
	}
	if strings.Contains(stripped(d.View(a.env(), a.width, a.height)), "temp_c") {
		t.Fatal("the dialog still shows the undone output")
	}
	mkeys(a, "ctrl+y")
	if _, ok := a.s.Doc().Mocks["get_weather"]; !ok {
		t.Fatal("ctrl+y did not put it back")
	}
}

func TestMocksDialogAddPatternTextOutput(t *testing.T) {
	a, d := openMocks(t, 0)
	mkeys(a, "a")
	if d.Ed == nil || d.Ed.Fixed || d.Ed.Focus != 0 || d.Ed.Pat.Value() != "{}" {
		t.Fatal("a did not start a pattern in {}")
	}
	mtype(a, `"city": "Paris"`)
	mkeys(a, "tab", "ctrl+t")
	mtype(a, "Sunny, 12 °C")
	mkeys(a, "alt+enter")
	if out, ok := mockOut(a, "get_weather", `{"city": "Paris", "days": 2}`); !ok || out != "Sunny, 12 °C" {
		t.Fatalf("Paris: %q %v", out, ok)
	}
	if _, ok := mockOut(a, "get_weather", `{"city": "Oslo"}`); ok {
		t.Fatal("a call the pattern does not match is answered")
	}
	if st := a.status.text; strings.Contains(st, "note:") {
		t.Fatalf("a note about a pattern that fits the parameters: %s", st)
	}
}

// TestMocksDialogNotesAPatternNoCallMatches: a pattern naming a member
// closed parameters do not have is written, with a note that a call that
// fits them never matches it.
func TestMocksDialogNotesAPatternNoCallMatches(t *testing.T) {
	a := dialogTestApp(t, `{"model": "m", "tools_defs": [{"name": "f", "description": "d", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "additionalProperties": false}}]}`, kit.Sel{Kind: model.Function, Index: 0})
	a.run(kit.CmdMocks)
	mkeys(a, "a")
	mtype(a, `"town": "Paris"`)
	mkeys(a, "tab")
	mtype(a, "1")
	mkeys(a, "alt+enter")
	if _, ok := a.s.Doc().Mocks["f"]; !ok {
		t.Fatal("the pattern was not written")
	}
	if st := a.status.text; !strings.Contains(st, `note: "town" is not among f's parameters`) {
		t.Fatalf("status %q", st)
	}
}

func TestMocksDialogInvalidInputKeepsTheText(t *testing.T) {
	a, d := openMocks(t, 0)
	before := a.s.Version()
	mkeys(a, "o")
	mtype(a, `{"temp_c": 12`)
	mkeys(a, "alt+enter")
	if d.Ed == nil || d.Ed.Out.Value() != `{"temp_c": 12` {
		t.Fatal("the invalid output was lost")
	}
	if !strings.Contains(d.Ed.Err, "not valid JSON") || !strings.Contains(d.Ed.Err, "ctrl+t") || a.s.Version() != before {
		t.Fatalf("message %q, version %d→%d", d.Ed.Err, before, a.s.Version())
	}
	if !strings.Contains(stripped(d.View(a.env(), a.width, a.height)), "not valid JSON") {
		t.Fatal("the view does not say why")
	}
	mkeys(a, "esc")
	if d.Ed == nil {
		t.Fatal("one esc dropped what was typed")
	}
	mkeys(a, "esc", "a", "ctrl+u", "ctrl+k")
	mtype(a, ` ["Paris"]`)
	mkeys(a, "tab")
	mtype(a, `"x"`)
	mkeys(a, "alt+enter")
	if d.Ed == nil || d.Ed.Pat.Value() != ` ["Paris"]` || !strings.Contains(d.Ed.Err, "The pattern at line 1, column 2 is an array: a pattern is a JSON object") {
		t.Fatalf("a pattern that is not an object: %v %q", d.Ed == nil, d.Ed.Err)
	}
	if a.s.Version() != before {
		t.Fatal("a refused output changed the document")
	}
}

func TestMocksDialogRereadsAStaleDocument(t *testing.T) {
	a, d := openMocks(t, 1)
	// edit search_docs' first pattern; meanwhile the document changes
	mkeys(a, "down", "enter")
	if d.Ed == nil || d.Ed.I != 0 || d.Ed.Pat.Value() == "" {
		t.Fatal("enter did not edit the first pattern")
	}
	mkeys(a, "ctrl+e")
	mtype(a, "X")
	if err := a.s.Apply("", a.at, func(doc *model.Document) (*model.Document, error) {
		nd, _, err := model.MoveMockCase(doc, "search_docs", 1, -1)
		return nd, err
	}); err != nil {
		t.Fatal(err)
	}
	a.Update(tea.WindowSizeMsg{Width: 120, Height: 40}) // any message: the views read the document
	if d.Ver != a.s.Version() {
		t.Fatal("the dialog did not read the changed document")
	}
	mkeys(a, "alt+enter")
	for args, want := range map[string]string{`{"q":"a"}`: "AX", `{"q":"b"}`: "B", `{"q":"c"}`: "other"} {
		if out, _ := mockOut(a, "search_docs", args); out != want {
			t.Fatalf("%s → %q, want %q: %s", args, out, want, a.s.Doc().Mocks["search_docs"])
		}
	}
	// The output being edited goes away meanwhile: what was typed stays,
	// and a second alt+enter adds it.
	mkeys(a, "enter", "ctrl+e")
	mtype(a, "Y")
	i := d.Ed.I
	if err := a.s.Apply("", a.at, func(doc *model.Document) (*model.Document, error) {
		return model.DeleteMockCase(doc, "search_docs", i)
	}); err != nil {
		t.Fatal(err)
	}
	mkeys(a, "alt+enter")
	if d.Ed == nil || !strings.Contains(d.Ed.Err, "gone") || d.Ed.Out.Value() != "AXY" {
		t.Fatalf("the output gone meanwhile: %v", d.Ed == nil)
	}
	mkeys(a, "alt+enter")
	if out, _ := mockOut(a, "search_docs", `{"q":"a"}`); out != "AXY" {
		t.Fatalf("the second alt+enter: %s", a.s.Doc().Mocks["search_docs"])
	}
	// Leaving an output that went away meanwhile does not say it stays.
	mkeys(a, "enter")
	i = d.Ed.I
	if err := a.s.Apply("", a.at, func(doc *model.Document) (*model.Document, error) {
		return model.DeleteMockCase(doc, "search_docs", i)
	}); err != nil {
		t.Fatal(err)
	}
	mkeys(a, "esc")
	if d.Ed != nil || !strings.Contains(status(a), "no longer in the document") {
		t.Fatalf("esc over an output gone: editing %v, status %q", d.Ed != nil, status(a))
	}
}

func TestMocksDialogDeleteAndMove(t *testing.T) {
	a, d := openMocks(t, 1)
	mkeys(a, "down", "down", "K")
	if out, _ := mockOut(a, "search_docs", `{"q":"b"}`); out != "B" {
		t.Fatal("the move changed what a call gets")
	}
	cases := model.MockCases(a.s.Doc().Mocks["search_docs"])
	if mocks.OneLine(cases[0].Args) != `{"q":"b"}` || d.Rows[d.Cur].C != 0 {
		t.Fatalf("K did not move the pattern up: %s (on %+v)", a.s.Doc().Mocks["search_docs"], d.Rows[d.Cur])
	}
	mkeys(a, "G", "K")
	if got := string(a.s.Doc().Mocks["search_docs"]); !strings.HasSuffix(got, `"output":"other"}`) {
		t.Fatalf("the fixed output moved: %s", got)
	}
	mkeys(a, "x")
	if _, ok := mockOut(a, "search_docs", `{"q":"zzz"}`); ok {
		t.Fatal("x did not delete the fixed output")
	}
	mkeys(a, "ctrl+z")
	if out, _ := mockOut(a, "search_docs", `{"q":"zzz"}`); out != "other" {
		t.Fatal("ctrl+z did not bring the fixed output back")
	}
	// the last output of a function: the row that takes its place is
	// selected
	mkeys(a, "G", "x")
	if r := d.Rows[d.Cur]; d.Cur != len(d.Rows)-1 || r.Fn != "search_docs" {
		t.Fatalf("after the delete the dialog is on row %d %+v", d.Cur, r)
	}
	mkeys(a, "esc")
	if a.dialog != nil {
		t.Fatal("esc did not close the list")
	}
}

func TestKeepAsMock(t *testing.T) {
	d := parseDoc(t, mocksTestDoc)
	for _, tc := range []struct{ args, typed, call, want string }{
		{`{"city":"Rome"}`, `{"temp_c": 20}`, `{"city":"Rome"}`, `{"temp_c":20}`},
		{`{"city":"Rome"}`, `sunny`, `{"city":"Rome"}`, `sunny`},
		{`{}`, `"quoted"`, `{"city":"Oslo"}`, `"quoted"`},
	} {
		fn, what, err := kit.KeepAsMock("get_weather", tc.args, tc.typed)
		if err != nil {
			t.Fatal(err)
		}
		nd, err := fn(d)
		if err != nil {
			t.Fatal(err)
		}
		if out, ok := send.Mocks(nd.Mocks).Output("get_weather", tc.call); !ok || out != tc.want {
			t.Fatalf("%s kept as %s (%s): %q %v", tc.typed, nd.Mocks["get_weather"], what, out, ok)
		}
	}
}

// TestMocksDialogGivesLostOutputsToAFunction: outputs of a name no
// function has (a renamed function) are listed, and r gives them to a
// function without outputs, as one undoable change.
func TestMocksDialogGivesLostOutputsToAFunction(t *testing.T) {
	a, d := openMocks(t, 0)
	if err := a.s.Apply("", a.at, func(doc *model.Document) (*model.Document, error) {
		// written as a whole, as another program would: the mocks stay
		o, err := rawjson.ParseObject(doc.Functions[1].Raw)
		if err != nil {
			return nil, err
		}
		o.Set("name", []byte(`"find_docs"`))
		return model.ReplaceTool(doc, model.Function, 1, o.AppendJSON(nil))
	}); err != nil {
		t.Fatal(err)
	}
	a.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	view := stripped(d.View(a.env(), a.width, a.height))
	if !strings.Contains(view, "ƒ search_docs  (no function has this name") || !strings.Contains(view, "ƒ find_docs  · no mock") {
		t.Fatalf("the lost outputs are not shown:\n%s", view)
	}
	mkeys(a, "G", "r")
	if _, ok := a.dialog.(*kit.ListDialog); !ok {
		t.Fatalf("r opened %T", a.dialog)
	}
	mtype(a, "find")
	mkeys(a, "enter")
	if a.dialog != d {
		t.Fatalf("the mocks dialog is not back on top: %T", a.dialog)
	}
	if out, ok := mockOut(a, "find_docs", `{"q":"a"}`); !ok || out != "A" {
		t.Fatalf("find_docs got %v", a.s.Doc().Mocks)
	}
	if r := d.Rows[d.Cur]; r.Fn != "find_docs" {
		t.Fatalf("on %+v", r)
	}
	mkeys(a, "ctrl+z")
	if _, ok := a.s.Doc().Mocks["search_docs"]; !ok {
		t.Fatal("ctrl+z did not take the change back")
	}
}

// TestSendDialogKeepsATypedOutputAsAMock: alt+enter in the prompt for a
// call no mock answers sends the output, as enter does, and keeps it as a
// mock of the function for these arguments, as one undoable change.
func TestSendDialogKeepsATypedOutputAsAMock(t *testing.T) {
	var second []byte
	a := sendApp(t, twoTurns(t, &second, []string{osloCall}, []string{`{"type":"response.output_text.delta","delta":"Cold in Oslo."}`}))
	p := startSend(t, a, asking)
	requireIn(t, treeScreen(a), "alt+enter send it, keep it as a mock")
	mtype(a, `{"temp_c": -3}`)
	a.Update(ctrlKey('s')) // the output is not in the document yet: a first ctrl+s says so
	requireIn(t, status(a), "without the output being typed for get_weather")
	for _, k := range []string{"esc", "ctrl+c", "ctrl+r"} { // each says first what it would drop
		a.Update(ukey(k))
		if _, ok := a.dialog.(*sendview.Dialog); !ok || !strings.Contains(status(a), k+" again") || !strings.Contains(status(a), "drops the output being typed") {
			t.Fatalf("a first %s: %T, status %q", k, a.dialog, status(a))
		}
		mtype(a, " ") // typing again: the next close asks again
	}
	p.press(ukey("alt+enter"), ended)
	requireIn(t, treeScreen(a), "Cold in Oslo.")
	if !strings.Contains(string(second), `"output":"{\"temp_c\": -3}"`) {
		t.Fatalf("the output sent: %s", second)
	}
	if out, ok := mockOut(a, "get_weather", `{"unit":"celsius","city":"Oslo"}`); !ok || out != `{"temp_c":-3}` {
		t.Fatalf("kept %v", a.s.Doc().Mocks)
	}
	if _, ok := mockOut(a, "get_weather", `{"city":"Rome","unit":"celsius"}`); ok {
		t.Fatal("kept for other arguments too")
	}
	a.Update(ukey("ctrl+z"))
	if len(a.s.Doc().Mocks) != 0 {
		t.Fatal("ctrl+z did not take the kept mock back")
	}
}

// TestMocksDialogFitsSmallScreens: the list and the editor fit the screen
// they are drawn on, down to the smallest the app draws (MinWidth ×
// MinHeight, less the status lines).
func TestMocksDialogFitsSmallScreens(t *testing.T) {
	a, d := openMocks(t, 1)
	for _, edit := range []string{"", "a", "o"} {
		if edit != "" {
			mkeys(a, edit)
		}
		for _, sz := range [][2]int{{120, 40}, {80, 24}, {60, 16}, {MinWidth, MinHeight - 2}} {
			d.Resize(sz[0], sz[1])
			lines := d.View(a.env(), sz[0], sz[1])
			if len(lines) > sz[1] {
				t.Errorf("%q at %dx%d: %d lines", edit, sz[0], sz[1], len(lines))
			}
			for _, l := range lines {
				if w := ansi.StringWidth(l); w > sz[0] {
					t.Errorf("%q at %dx%d: a line of %d cells", edit, sz[0], sz[1], w)
				}
			}
		}
		d.Ed = nil
	}
}

// TestMocksDialogGlobalKeys: in the editor ? is typed and the first ctrl+s
// says the output typed is not in the document; in the list ? shows the
// dialog's keys.
func TestMocksDialogGlobalKeys(t *testing.T) {
	a, d := openMocks(t, 0)
	mkeys(a, "o")
	mtype(a, `"why?"`)
	if d.Ed.Out.Value() != `"why?"` {
		t.Fatalf("? was not typed: %q", d.Ed.Out.Value())
	}
	mkeys(a, "ctrl+s")
	if st := a.status.text; !strings.Contains(st, "without the mock output being typed") {
		t.Fatalf("the first ctrl+s: %q", st)
	}
	mkeys(a, "alt+enter", "?")
	if _, ok := a.dialog.(*help.Dialog); !ok || !strings.Contains(stripped(a.dialog.View(a.env(), a.width, a.height)), "Keys of the mocks dialog") {
		t.Fatalf("? in the list opened %T", a.dialog)
	}
}

// TestMocksDialogMouse: a click picks a row, a click on the picked row
// edits it, the wheel moves through the rows.
func TestMocksDialogMouse(t *testing.T) {
	a, d := openMocks(t, 0)
	d.Update(tea.MouseClickMsg{X: 5, Y: 2 + 3, Button: tea.MouseLeft}, a.env())
	if r := d.Rows[d.Cur]; r.Fn != "search_docs" || r.C != 1 {
		t.Fatalf("the click picked %+v", r)
	}
	d.Update(tea.MouseClickMsg{X: 5, Y: 2 + 3, Button: tea.MouseLeft}, a.env())
	if d.Ed == nil || d.Ed.I != 1 {
		t.Fatal("a click on the picked row did not edit it")
	}
	d.Ed = nil
	d.Update(tea.MouseWheelMsg{Button: tea.MouseWheelDown}, a.env())
	if d.Cur != len(d.Rows)-1 {
		t.Fatalf("the wheel went to row %d", d.Cur)
	}
}

// TestMocksEditorCancelKeys: ctrl+c and ctrl+q in the output editor go
// back to the list as esc does (twice when typed text would go); in the
// list they close the dialog, as in every dialog.
func TestMocksEditorCancelKeys(t *testing.T) {
	for _, k := range []string{"ctrl+c", "ctrl+q"} {
		a, d := openMocks(t, 0)
		mkeys(a, "o")
		mtype(a, `"typed"`)
		mkeys(a, k)
		if a.dialog != d || d.Ed == nil || d.Ed.Out.Value() != `"typed"` {
			t.Fatalf("%s dropped the typed output (dialog %T)", k, a.dialog)
		}
		if st := a.status.text; !strings.Contains(st, k+" again goes back to the list and drops what you typed") {
			t.Fatalf("%s said %q", k, st)
		}
		mkeys(a, k)
		if a.dialog != d || d.Ed != nil {
			t.Fatalf("%s twice: dialog %T, editing %v", k, a.dialog, d.Ed != nil)
		}
		mkeys(a, k)
		if a.dialog != nil {
			t.Fatalf("%s in the list left %T open", k, a.dialog)
		}
	}
}

// TestPaletteSaveOrQuitAsksAboutTypedText: "Save", "Save and quit" and
// "Quit" chosen in the palette while an output is typed ask first (esc
// goes back to the typing, enter goes on); ctrl+s with the palette over
// the editor says what it leaves out, as it does in the editor.
func TestPaletteSaveOrQuitAsksAboutTypedText(t *testing.T) {
	choose := func(a *App, name string) {
		a.Update(ctrlKey('p'))
		mtype(a, strings.ToLower(name))
		mkeys(a, "enter")
	}
	for _, name := range []string{kit.CmdSave, kit.CmdSaveQuit, kit.CmdQuit} {
		a, d := openMocks(t, 0)
		mkeys(a, "o")
		mtype(a, `{"a":1}`)
		choose(a, name)
		q, ok := a.dialog.(*kit.ConfirmDialog)
		if !ok || q.Title != name+"?" || !strings.Contains(q.Text, " the mock output being typed") {
			t.Fatalf("%s with an output typed: %T %+v", name, a.dialog, a.dialog)
		}
		mkeys(a, "esc")
		if a.dialog != d || d.Ed == nil || d.Ed.Out.Value() != `{"a":1}` {
			t.Fatalf("esc after %s: %T, the typed output lost", name, a.dialog)
		}
		requireIn(t, status(a), "is still there")
		choose(a, name)
		msgs := runNow(a.update(ukey("enter")))
		switch name {
		case kit.CmdQuit:
			if !quits(msgs) {
				t.Fatalf("enter did not quit a clean document: %T", a.dialog)
			}
		default: // the document has no file yet: a save asks where
			if sa, ok := a.dialog.(*files.SaveAs); !ok || strings.HasSuffix(sa.What, " then quit") != (name == kit.CmdSaveQuit) {
				t.Fatalf("enter did not %s: %T, status %q", name, a.dialog, status(a))
			}
		}
	}

	a, _ := openMocks(t, 0)
	mkeys(a, "o")
	mtype(a, `{"a":1}`)
	a.Update(ctrlKey('p'))
	a.Update(ctrlKey('s'))
	requireIn(t, status(a), "without the mock output being typed")

	// The same command chosen over its question does not ask twice.
	mkeys(a, "esc")
	choose(a, kit.CmdSave)
	choose(a, kit.CmdSave)
	if q, ok := a.dialog.(*kit.ConfirmDialog); !ok || q.Title != "Save?" || len(a.under) != 1 {
		t.Fatalf("a second Save over its question: %T over %d", a.dialog, len(a.under))
	}
	requireIn(t, status(a), `"Save?" is asked already`)

	// ctrl+s in the Save? question is its answer: it saves and goes.
	a.Update(ctrlKey('s'))
	if sa, ok := a.dialog.(*files.SaveAs); !ok {
		t.Fatalf("ctrl+s in the Save? question: %T %v, status %q", a.dialog, sa, status(a))
	}

	// With nothing typed, the command runs at once.
	a, _ = openMocks(t, 0)
	choose(a, kit.CmdQuit)
	if _, ok := a.dialog.(*kit.ConfirmDialog); ok {
		t.Fatal("Quit asked with nothing typed")
	}
}
