package ui

// Each pane and dialog tested alone: its update with an env built from a
// Session (no App), and a golden view (testdata/TestPaneGolden/).
//
//	go test ./internal/ui -run TestPaneGolden -update

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/rawjson"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/tooltui/tooltui/internal/mcpclient"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/ui/args"
	"github.com/tooltui/tooltui/internal/ui/diags"
	"github.com/tooltui/tooltui/internal/ui/editor"
	"github.com/tooltui/tooltui/internal/ui/files"
	"github.com/tooltui/tooltui/internal/ui/form"
	"github.com/tooltui/tooltui/internal/ui/help"
	"github.com/tooltui/tooltui/internal/ui/infer"
	"github.com/tooltui/tooltui/internal/ui/kit"
	"github.com/tooltui/tooltui/internal/ui/mcptools"
	"github.com/tooltui/tooltui/internal/ui/palette"
	"github.com/tooltui/tooltui/internal/ui/preview"
	"github.com/tooltui/tooltui/internal/ui/tools"
	"github.com/tooltui/tooltui/internal/ui/tree"
)

// ---- helpers ----

func unitEnv(s *kit.Session, at kit.Sel) *kit.Env {
	st := kit.NewStyles(true)
	km := kit.DefaultKeyMap()
	return &kit.Env{S: s, St: &st, Km: &km, At: at}
}

// ukey is the key press String() gives back as s: "up", "ctrl+u", "K", "x".
func ukey(s string) tea.KeyPressMsg {
	named := map[string]rune{
		"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
		"enter": tea.KeyEnter, "esc": tea.KeyEscape, "tab": tea.KeyTab, "backspace": tea.KeyBackspace,
		"pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown, "home": tea.KeyHome, "end": tea.KeyEnd,
		"delete": tea.KeyDelete, "insert": tea.KeyInsert,
	}
	var mod tea.KeyMod
	for {
		switch {
		case strings.HasPrefix(s, "ctrl+") && len(s) > 5:
			mod |= tea.ModCtrl
			s = s[5:]
			continue
		case strings.HasPrefix(s, "alt+") && len(s) > 4:
			mod |= tea.ModAlt
			s = s[4:]
			continue
		case strings.HasPrefix(s, "shift+") && len(s) > 6:
			mod |= tea.ModShift
			s = s[6:]
			continue
		}
		break
	}
	if s == "space" {
		k := tea.KeyPressMsg{Code: tea.KeySpace, Mod: mod}
		if mod == 0 {
			k.Text = " "
		}
		return k
	}
	if c, ok := named[s]; ok {
		return tea.KeyPressMsg{Code: c, Mod: mod}
	}
	r := []rune(s)[0]
	if mod != 0 {
		return tea.KeyPressMsg{Code: r, Mod: mod}
	}
	return tea.KeyPressMsg{Code: r, Text: s}
}

func TestUnitKeyHelperRoundTrips(t *testing.T) {
	for _, s := range []string{"up", "down", "enter", "esc", "pgup", "pgdown", "home", "end", "x", "K", "/", "ctrl+u", "ctrl+q", "space", "shift+up", "alt+c"} {
		if got := ukey(s).String(); got != s {
			t.Errorf("ukey(%q).String() = %q", s, got)
		}
	}
}

func parseDoc(t *testing.T, src string) *model.Document {
	t.Helper()
	d, err := model.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// manyToolsDoc has n functions tool_00…, a disabled one among them, and
// two built-ins, the second one invalid.
func manyToolsDoc(t *testing.T, n int) *model.Document {
	t.Helper()
	var b strings.Builder
	b.WriteString(`{"model": "gpt-5", "tools_defs": [`)
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"name": "tool_%02d", "strict": false, "parameters": {"type": "object", "properties": {}}}`, i)
	}
	b.WriteString(`], "extra": {"builtin_tools": [{"type": "web_search"}, {"type": "file_search"}]}}`)
	d := parseDoc(t, b.String())
	d, err := model.ToggleTool(d, model.Function, 2)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// diagsDoc gives diagnostics of every kind, some with messages that wrap
// to several lines in a narrow pane.
const diagsDoc = `{"model": "m", "tools_defs": [
	{"name": "deep", "strict": true, "parameters": {"type": "object", "additionalProperties": false, "required": ["outer"], "properties": {"outer": {"type": "object", "additionalProperties": false, "required": ["inner"], "properties": {"inner": {"type": "object", "properties": {"leaf": {"type": "string"}}, "required": ["leaf"]}}}}}},
	{"name": "bad name", "parameters": {"type": "object"}}
	], "tool_choice": {"type": "function", "name": "nope"},
	"extra": {"builtin_tools": [{"type": "web_search", "search_context_size": "huge"}, {"type": "file_search"}]}}`

func actsOf[T any](acts []kit.Action) []T {
	var out []T
	for _, a := range acts {
		if v, ok := a.(T); ok {
			out = append(out, v)
		}
	}
	return out
}

func stripped(lines []string) string { return ansi.Strip(strings.Join(lines, "\n")) }

// ---- tools pane ----

// toolsFixture is a tools pane over a session, with the selection the app
// would keep: actSelect is applied as App.selectRow applies it.
type toolsFixture struct {
	t *testing.T
	s *kit.Session
	e *kit.Env
	p tools.Pane
}

func newToolsFixture(t *testing.T, d *model.Document, h int) *toolsFixture {
	f := &toolsFixture{t: t, s: kit.NewSession(d, "", "x")}
	f.e = unitEnv(f.s, kit.RequestSel)
	f.p.Filter = tools.NewFilterInput()
	f.p.SetHeight(h)
	f.p.Show(f.s, kit.RequestSel)
	return f
}

func (f *toolsFixture) send(k string) []kit.Action {
	f.t.Helper()
	var acts []kit.Action
	f.p, acts = f.p.Update(ukey(k), f.e)
	for _, s := range actsOf[kit.ActSelect](acts) {
		f.e.At = s.At
		f.p.Show(f.s, s.At)
	}
	return acts
}

func (f *toolsFixture) label(row int) string {
	at := kit.SelAt(f.s.Doc(), row)
	if at.Request {
		return "Request"
	}
	return f.s.Label(at.Kind, at.Index)
}

func TestToolsPaneMoving(t *testing.T) {
	f := newToolsFixture(t, manyToolsDoc(t, 30), 10)
	last := kit.RowCount(f.s.Doc()) - 1
	if acts := f.send("down"); !reflect.DeepEqual(acts, []kit.Action{kit.ActSelect{At: kit.SelAt(f.s.Doc(), 1)}}) {
		t.Fatalf("down: %#v", acts)
	}
	if f.p.Row != 1 || f.e.At != (kit.Sel{Kind: model.Function, Index: 0}) {
		t.Fatalf("down: row %d", f.p.Row)
	}
	f.send("j")
	if f.p.Row != 2 {
		t.Fatalf("j: row %d", f.p.Row)
	}
	f.send("k")
	f.send("up")
	f.send("up") // clamped at the request row
	if f.p.Row != 0 {
		t.Fatalf("up at the top: row %d", f.p.Row)
	}
	f.send("pgdown")
	if f.p.Row != 9 {
		t.Fatalf("pgdown from 0 with 10 lines: row %d, want 9", f.p.Row)
	}
	f.send("pgup")
	if f.p.Row != 0 {
		t.Fatalf("pgup: row %d", f.p.Row)
	}
	for _, k := range []string{"end", "G"} {
		f.send("home")
		f.send(k)
		if f.p.Row != last || f.e.At != (kit.Sel{Kind: model.Builtin, Index: 1}) {
			t.Fatalf("%s: row %d, want %d", k, f.p.Row, last)
		}
		if f.p.Pos < f.p.YOff || f.p.Pos >= f.p.YOff+10 {
			t.Fatalf("%s: the selection (%d) is not shown from %d", k, f.p.Pos, f.p.YOff)
		}
	}
	f.send("down") // clamped at the end
	if f.p.Row != last {
		t.Fatalf("down at the end: row %d", f.p.Row)
	}
	for _, k := range []string{"g", "home"} {
		f.send("end")
		f.send(k)
		if f.p.Row != 0 || f.p.YOff != 0 {
			t.Fatalf("%s: row %d yOff %d", k, f.p.Row, f.p.YOff)
		}
	}
	for k, want := range map[string]kit.Action{
		"enter": kit.ActFocus{Pane: kit.PaneEditor}, "right": kit.ActFocus{Pane: kit.PaneEditor}, "l": kit.ActFocus{Pane: kit.PaneEditor}, "i": kit.ActFocus{Pane: kit.PaneEditor},
		"x": kit.ActRun{Name: kit.CmdDelete}, "delete": kit.ActRun{Name: kit.CmdDelete}, "D": kit.ActRun{Name: kit.CmdDuplicate},
		"K": kit.ActRun{Name: kit.CmdMoveUp}, "shift+up": kit.ActRun{Name: kit.CmdMoveUp}, "J": kit.ActRun{Name: kit.CmdMoveDown}, "shift+down": kit.ActRun{Name: kit.CmdMoveDown},
		"space": kit.ActRun{Name: kit.CmdToggle},
	} {
		if acts := f.send(k); !reflect.DeepEqual(acts, []kit.Action{want}) {
			t.Errorf("%s: %#v, want %#v", k, acts, want)
		}
	}
	if acts := f.send("esc"); len(actsOf[kit.ActStatus](acts)) != 1 {
		t.Errorf("esc without a filter: %#v", acts)
	}
	for _, k := range []string{"w", "ctrl+x", "tab"} {
		if acts := f.send(k); acts != nil {
			t.Errorf("%s: %#v, want nothing", k, acts)
		}
	}
}

func TestToolsPaneFilter(t *testing.T) {
	f := newToolsFixture(t, manyToolsDoc(t, 30), 10)
	all := kit.RowCount(f.s.Doc())
	if acts := f.send("/"); !f.p.Filter.Typing || len(actsOf[kit.ActStatus](acts)) != 1 {
		t.Fatalf("/: typing %v acts %#v", f.p.Filter.Typing, acts)
	}
	for _, k := range []string{"t", "o", "o", "l", "_", "1"} {
		f.send(k)
	}
	if f.p.Filter.Text != "tool_1" {
		t.Fatalf("filter %q", f.p.Filter.Text)
	}
	// tool_1 matches tool_10…tool_19 (and fuzzily a few more): every shown
	// row matches, and the request row, which does not, gave up the
	// selection to the first match.
	if len(f.p.Rows) == 0 || len(f.p.Rows) >= all {
		t.Fatalf("%d of %d rows shown", len(f.p.Rows), all)
	}
	for _, r := range f.p.Rows {
		if !strings.HasPrefix(f.label(r), "tool_") {
			t.Errorf("row %d (%s) shown for tool_1", r, f.label(r))
		}
	}
	if f.p.Row != f.p.Rows[0] || f.p.Pos != 0 {
		t.Fatalf("the selection is row %d (pos %d), want the first match %d", f.p.Row, f.p.Pos, f.p.Rows[0])
	}
	// Keys that act elsewhere are text while typing.
	for _, k := range []string{"x", "D", "j", "q", "space"} {
		if acts := f.send(k); len(actsOf[kit.ActRun](acts)) > 0 || len(actsOf[kit.ActFocus](acts)) > 0 {
			t.Fatalf("%s while typing the filter: %#v", k, acts)
		}
	}
	if f.p.Filter.Text != "tool_1xDjq " || len(f.p.Rows) != 0 {
		t.Fatalf("filter %q, %d rows", f.p.Filter.Text, len(f.p.Rows))
	}
	if v := stripped(f.p.View(f.e, 30, 10, true)); !strings.Contains(v, "no tool matches") || !strings.Contains(v, "0 matches") {
		t.Errorf("no match view:\n%s", v)
	}
	for range 5 {
		f.send("backspace")
	}
	if f.p.Filter.Text != "tool_1" {
		t.Fatalf("after backspaces: %q", f.p.Filter.Text)
	}
	f.send("ctrl+x") // ignored
	// Arrows move among the matches and keep typing.
	first := f.p.Row
	f.send("down")
	if !f.p.Filter.Typing || f.p.Row != f.p.Rows[1] {
		t.Fatalf("down while typing: typing %v row %d, want %d", f.p.Filter.Typing, f.p.Row, f.p.Rows[1])
	}
	f.send("up")
	if f.p.Row != first {
		t.Fatalf("up while typing: row %d", f.p.Row)
	}
	// enter keeps the filter and stops typing.
	if acts := f.send("enter"); f.p.Filter.Typing || f.p.Filter.Text != "tool_1" || len(actsOf[kit.ActSelect](acts)) != 1 {
		t.Fatalf("enter: typing %v text %q acts %#v", f.p.Filter.Typing, f.p.Filter.Text, acts)
	}
	// Now keys act on the filtered list again.
	f.send("end")
	if f.p.Row != f.p.Rows[len(f.p.Rows)-1] {
		t.Fatalf("end in the filtered list: row %d", f.p.Row)
	}
	kept := f.p.Row
	if acts := f.send("esc"); f.p.Filter.Text != "" || len(f.p.Rows) != all || len(actsOf[kit.ActSelect](acts)) != 0 {
		t.Fatalf("esc: text %q, %d rows, acts %#v", f.p.Filter.Text, len(f.p.Rows), acts)
	}
	if f.p.Row != kept || f.p.Rows[f.p.Pos] != kept {
		t.Fatalf("esc lost the selection: row %d, want %d", f.p.Row, kept)
	}
	// esc while typing clears and stops.
	f.send("/")
	f.send("w")
	f.send("e")
	f.send("b")
	if acts := f.send("esc"); f.p.Filter.Typing || f.p.Filter.Text != "" || len(f.p.Rows) != all || len(actsOf[kit.ActStatus](acts)) != 1 {
		t.Fatalf("esc while typing: %+v, %d rows", f.p.Filter, len(f.p.Rows))
	}
	// ctrl+u empties the text; a paste is one line.
	f.send("/")
	f.send("z")
	f.send("ctrl+u")
	if f.p.Filter.Text != "" || !f.p.Filter.Typing {
		t.Fatalf("ctrl+u: %+v", f.p.Filter)
	}
	f.p, _ = f.p.Update(tea.PasteMsg{Content: "web\nsearch"}, f.e)
	if f.p.Filter.Text != "web search" {
		t.Fatalf("paste: %q", f.p.Filter.Text)
	}
	// enter with no match says so and selects nothing.
	f.p.Filter.Text = "zzzz"
	f.p.Refilter(f.s.Doc(), f.s)
	if acts := f.send("enter"); len(actsOf[kit.ActSelect](acts)) != 0 || len(actsOf[kit.ActStatus](acts)) != 1 {
		t.Fatalf("enter with no match: %#v", acts)
	}
	if acts := f.send("down"); len(actsOf[kit.ActSelect](acts)) != 0 {
		t.Fatalf("down with no match: %#v", acts)
	}
}

// TestToolsPaneRowAt maps every line of the view back to its row: scrolled,
// filtered, or both.
func TestToolsPaneRowAt(t *testing.T) {
	f := newToolsFixture(t, manyToolsDoc(t, 30), 8)
	check := func(where string) {
		t.Helper()
		lines := strings.Split(stripped(f.p.View(f.e, 30, 8, true)), "\n")
		for y, l := range lines {
			row, ok := f.p.RowAt(y)
			if y == 0 && (f.p.Filter.Typing || f.p.Filter.Text != "") {
				if ok {
					t.Errorf("%s: the filter line maps to row %d", where, row)
				}
				continue
			}
			if !ok {
				t.Errorf("%s: line %d %q maps to no row", where, y, l)
				continue
			}
			if lab := f.label(row); !strings.Contains(l, lab) {
				t.Errorf("%s: line %d %q maps to row %d (%s)", where, y, l, row, lab)
			}
		}
		if _, ok := f.p.RowAt(len(lines)); ok && len(lines) < 8 {
			t.Errorf("%s: the line under the list maps to a row", where)
		}
		if _, ok := f.p.RowAt(-1); ok {
			t.Errorf("%s: line -1 maps to a row", where)
		}
	}
	check("top")
	if r, ok := f.p.RowAt(3); !ok || r != 3 {
		t.Fatalf("rowAt(3) = %d, %v", r, ok)
	}
	f.send("end")
	if f.p.YOff == 0 {
		t.Fatal("the list did not scroll")
	}
	check("scrolled to the end")
	if r, _ := f.p.RowAt(7); r != kit.RowCount(f.s.Doc())-1 {
		t.Errorf("the last line maps to row %d", r)
	}
	f.send("/")
	check("typing the filter at the end")
	f.send("t")
	f.send("o")
	check("filtered")
	f.send("end")
	check("filtered, at the end")
	f.send("enter")
	check("filter kept")
	// The wheel (App.onWheel) moves yOff alone.
	f.p.YOff = 3
	check("wheel-scrolled")
}

func TestToolsPaneView(t *testing.T) {
	f := newToolsFixture(t, manyToolsDoc(t, 3), 10)
	f.send("down")
	on, off := f.p.View(f.e, 30, 10, true), f.p.View(f.e, 30, 10, false)
	if len(on) != kit.RowCount(f.s.Doc()) {
		t.Fatalf("%d lines for %d rows", len(on), kit.RowCount(f.s.Doc()))
	}
	for i := range on {
		if w := ansi.StringWidth(on[i]); w != 30 {
			t.Errorf("line %d is %d wide", i, w)
		}
		if (on[i] != off[i]) != (i == 1) {
			t.Errorf("line %d: focused and blurred views differ: %v", i, on[i] != off[i])
		}
	}
	if on[1] != f.e.St.Selected.Render(kit.Fit("  ƒ tool_00", 30)) {
		t.Errorf("the selected row is not drawn selected: %q", on[1])
	}
	text := stripped(on)
	for _, want := range []string{"⚙ Request", "tool_02 (off)", "✗ ◆ file_search"} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in\n%s", want, text)
		}
	}
	if got := len(f.p.View(f.e, 30, 2, true)); got != 2 {
		t.Errorf("%d lines in 2", got)
	}
}

// ---- diagnostics pane ----

func diagsFixture(t *testing.T) (*kit.Session, *kit.Env, []form.Diagnostic) {
	s := kit.NewSession(parseDoc(t, diagsDoc), "", "x")
	if len(s.Result().Diagnostics) < 4 {
		t.Fatalf("only %d diagnostics", len(s.Result().Diagnostics))
	}
	return s, unitEnv(s, kit.RequestSel), s.Result().Diagnostics
}

// owners maps each line of a diagnostics view to the block it belongs to:
// a block starts with its icon.
func owners(lines []string, first int) []int {
	out := make([]int, len(lines))
	cur := first - 1
	for i, l := range lines {
		l = ansi.Strip(l)
		if strings.HasPrefix(l, "✗ ") || strings.HasPrefix(l, "! ") {
			cur++
		}
		out[i] = cur
	}
	return out
}

func TestDiagsPaneRowAtWithExpandedBlocks(t *testing.T) {
	_, e, ds := diagsFixture(t)
	const w = 34
	expanded := false
	for chosen := range ds {
		for yOff := 0; yOff <= chosen; yOff++ {
			p := diags.Pane{Row: chosen, YOff: yOff}
			p.SetSize(w, 100)
			lines := p.View(e, w, 100, true)
			own := owners(lines, yOff)
			if n := p.Height(ds[chosen], chosen, e.St); n > 1+diags.MaxBlurredLines {
				expanded = true
			}
			for y := range lines {
				got, ok := p.RowAt(ds, e.St, y)
				if !ok || got != own[y] {
					t.Fatalf("chosen %d, from %d: line %d %q maps to %d (%v), drawn for %d", chosen, yOff, y, ansi.Strip(lines[y]), got, ok, own[y])
				}
			}
			if _, ok := p.RowAt(ds, e.St, len(lines)); ok {
				t.Fatalf("chosen %d: the line under the last block maps to a diagnostic", chosen)
			}
		}
	}
	if !expanded {
		t.Fatal("no chosen diagnostic was longer than a blurred one: the test proves nothing")
	}
}

func TestDiagsPaneFollowKeepsTheChosenBlockVisible(t *testing.T) {
	_, e, ds := diagsFixture(t)
	const w = 34
	for _, h := range []int{4, 6, 9, 14} {
		p := diags.Pane{}
		p.SetSize(w, h)
		check := func(k string) {
			t.Helper()
			lines := p.View(e, w, h, true)
			own := owners(lines, p.YOff)
			n := 0
			head := false
			for i, o := range own {
				if o == p.Row {
					n++
					if l := ansi.Strip(lines[i]); strings.HasPrefix(l, "✗ ") || strings.HasPrefix(l, "! ") {
						head = true
					}
				}
			}
			want := min(h, p.Height(ds[p.Row], p.Row, e.St))
			if !head || n != want {
				t.Fatalf("h %d after %s: diagnostic %d shows %d of %d lines (head %v) from %d:\n%s", h, k, p.Row, n, want, head, p.YOff, stripped(lines))
			}
		}
		var acts []kit.Action
		for range len(ds) + 2 {
			p, acts = p.Update(ukey("down"), e)
			if len(acts) == 0 {
				t.Fatal("down: no action, the app would explain the key")
			}
			check("down")
		}
		if p.Row != len(ds)-1 {
			t.Fatalf("down past the end: row %d", p.Row)
		}
		for range len(ds) + 2 {
			p, _ = p.Update(ukey("up"), e)
			check("up")
		}
		if p.Row != 0 || p.YOff != 0 {
			t.Fatalf("up past the top: row %d yOff %d", p.Row, p.YOff)
		}
		for _, k := range []string{"end", "home", "G", "g", "pgdown", "pgdown", "pgup"} {
			p, _ = p.Update(ukey(k), e)
			check(k)
		}
	}
}

func TestDiagsPaneKeys(t *testing.T) {
	s, e, ds := diagsFixture(t)
	p := diags.Pane{}
	p.SetSize(40, 10)
	var acts []kit.Action
	p, acts = p.Update(ukey("enter"), e)
	if !reflect.DeepEqual(acts, []kit.Action{kit.ActRun{Name: "Go to diagnostic"}}) {
		t.Errorf("enter: %#v", acts)
	}
	p, acts = p.Update(ukey("esc"), e)
	if !reflect.DeepEqual(acts, []kit.Action{kit.ActFocus{Pane: kit.PaneTools}}) {
		t.Errorf("esc: %#v", acts)
	}
	p, acts = p.Update(ukey("x"), e)
	if acts != nil {
		t.Errorf("x: %#v", acts)
	}
	p, _ = p.Update(tea.PasteMsg{Content: "x"}, e)
	if d, ok := p.Current(ds); !ok || !reflect.DeepEqual(d, ds[0]) {
		t.Error("current is not the first diagnostic")
	}
	p.Row = 99
	p.Clamp(len(ds))
	if p.Row != len(ds)-1 {
		t.Errorf("clamp: row %d", p.Row)
	}
	// No diagnostics.
	s.Result().Diagnostics = nil
	if v := stripped(p.View(e, 40, 10, true)); !strings.Contains(v, "✓ no problems") {
		t.Errorf("empty view: %q", v)
	}
	if _, ok := p.Current(nil); ok {
		t.Error("current with no diagnostics")
	}
}

// ---- preview pane ----

func previewFixture(t *testing.T) (*kit.Session, *kit.Env, preview.Pane) {
	s := kit.NewSession(model.Example(), "", "x")
	e := unitEnv(s, kit.RequestSel)
	var p preview.Pane
	p.Colors = e.St.JSON.Resolve()
	p.SetJSON(s.Result().JSON)
	p.SetSize(40, 10)
	return s, e, p
}

func TestPreviewPaneScrollsAndClamps(t *testing.T) {
	s, e, p := previewFixture(t)
	n := p.Lines()
	if n < 30 {
		t.Fatalf("%d lines", n)
	}
	doc := strings.Split(strings.TrimRight(string(s.Result().JSON), "\n"), "\n")
	step := func(k string, want int) {
		t.Helper()
		var acts []kit.Action
		p, acts = p.Update(ukey(k), e)
		if len(acts) == 0 {
			t.Fatalf("%s: no action, the app would explain the key", k)
		}
		if p.YOff != want {
			t.Fatalf("%s: yOff %d, want %d", k, p.YOff, want)
		}
		lines := p.View(40, 10)
		if len(lines) != 10 {
			t.Fatalf("%s: %d lines", k, len(lines))
		}
		if got, want := strings.TrimRight(ansi.Strip(lines[0]), " "), ansi.Truncate(doc[p.YOff], 40, ""); got != strings.TrimRight(want, " ") && p.XOff == 0 {
			t.Fatalf("%s: first line %q, want %q", k, got, want)
		}
	}
	step("down", 1)
	step("j", 2)
	step("up", 1)
	step("k", 0)
	step("up", 0)
	step("pgdown", 9)
	step("pgdown", 18)
	step("pgup", 9)
	step("pgup", 0)
	step("pgup", 0)
	step("end", n-10)
	step("down", n-10)
	step("pgdown", n-10)
	step("home", 0)
	step("G", n-10)
	step("g", 0)
	p, _ = p.Update(ukey("right"), e)
	p, _ = p.Update(ukey("l"), e)
	if p.XOff != 16 {
		t.Fatalf("right twice: xOff %d", p.XOff)
	}
	if l := ansi.Strip(p.View(40, 10)[1]); strings.HasPrefix(l, "  \"model\"") {
		t.Errorf("scrolled right, the line still starts at column 0: %q", l)
	}
	for range 3 {
		p, _ = p.Update(ukey("left"), e)
	}
	if p.XOff != 0 {
		t.Fatalf("left past the start: xOff %d", p.XOff)
	}
	var acts []kit.Action
	p, acts = p.Update(ukey("esc"), e)
	if !reflect.DeepEqual(acts, []kit.Action{kit.ActFocus{Pane: kit.PaneTools}}) {
		t.Errorf("esc: %#v", acts)
	}
	p, acts = p.Update(ukey("enter"), e)
	if len(actsOf[kit.ActStatus](acts)) != 1 {
		t.Errorf("enter: %#v", acts)
	}
	p, acts = p.Update(ukey("x"), e)
	if acts != nil {
		t.Errorf("x: %#v", acts)
	}
	// A taller pane, or a shorter request, clamps the scroll.
	p.YOff = n - 10
	p.SetSize(40, n+5)
	if p.YOff != 0 {
		t.Errorf("taller than the text: yOff %d", p.YOff)
	}
	if got := len(p.View(40, n+5)); got != n {
		t.Errorf("%d lines of %d", got, n)
	}
	p.SetSize(40, 10)
	p.YOff = n - 10
	p.SetJSON([]byte("{\n  \"a\": 1\n}\n"))
	if p.YOff != 0 {
		t.Errorf("a shorter request: yOff %d", p.YOff)
	}
}

func TestPreviewPaneSetJSONKeepsTheScrollForTheSameBytes(t *testing.T) {
	s, _, p := previewFixture(t)
	p.Scroll(5)
	doc := p.Doc
	p.SetJSON(s.Result().JSON)
	if p.Doc != doc || p.YOff != 5 {
		t.Fatal("the same bytes were indexed again or lost the scroll")
	}
	p.SetJSON(append([]byte(nil), s.Result().JSON...))
	if p.Doc == doc || p.YOff != 5 {
		t.Fatalf("new bytes: reindexed %v, yOff %d", p.Doc != doc, p.YOff)
	}
}

func TestPreviewPaneFollowsTheSelectedTool(t *testing.T) {
	s, _, p := previewFixture(t)
	for i, src := range s.Result().Sources {
		at := kit.Sel{Kind: src.Kind, Index: src.Index}
		p.Follow(s.Result().Sources, at)
		lines := strings.Split(stripped(p.View(40, 10)), "\n")
		if strings.TrimRight(lines[1], " ") != "    {" {
			t.Errorf("tool %d: the entry does not start on the second line:\n%s", i, strings.Join(lines, "\n"))
		}
		want := `"name": "get_weather"`
		if src.Kind == model.Builtin {
			want = `"type": "` + kit.TypeOf(s.Doc().Builtins[src.Index].Raw) + `"`
		}
		if !strings.Contains(strings.Join(lines, "\n"), want) {
			t.Errorf("tool %d: %s not shown:\n%s", i, want, strings.Join(lines, "\n"))
		}
	}
	p.Follow(s.Result().Sources, kit.RequestSel)
	if p.YOff != 0 {
		t.Errorf("the request row: yOff %d", p.YOff)
	}
}

// ---- editor pane (form) ----

func formFixture(t *testing.T, d *model.Document, at kit.Sel, w, h int) (*kit.Session, *kit.Env, form.Pane) {
	s := kit.NewSession(d, "", "x")
	e := unitEnv(s, at)
	var p form.Pane
	p.SetSize(w, h)
	p.Build(e)
	p.Attach(s.Result().Diagnostics, at)
	p.Restyle(e.St)
	return s, e, p
}

var fn0 = kit.Sel{Kind: model.Function, Index: 0}

func fieldIDs(p *form.Pane) []string {
	var ids []string
	for _, f := range p.Fields {
		ids = append(ids, f.ID)
	}
	return ids
}

func TestFormPaneMoveAndEditing(t *testing.T) {
	s, e, p := formFixture(t, model.Example(), fn0, 60, 20)
	if got := fieldIDs(&p); !reflect.DeepEqual(got, []string{"name", "description", "parameters", "strict"}) {
		t.Fatalf("fields %v", got)
	}
	if p.Idx != 0 || p.Editing {
		t.Fatalf("a new form: idx %d editing %v", p.Idx, p.Editing)
	}
	for _, c := range [][2]int{{2, 2}, {99, 3}, {-5, 0}, {1, 1}} {
		p.Move(c[0])
		if p.Idx != c[1] || p.Editing {
			t.Fatalf("move(%d): idx %d editing %v", c[0], p.Idx, p.Editing)
		}
	}
	p.Move(0)
	p.SetEditing(true)
	if !p.Editing || !p.Fields[0].Ed.Focused() {
		t.Fatal("setEditing(true) on the name")
	}
	p.Move(1)
	if p.Editing || p.Fields[0].Ed.Focused() || p.Fields[1].Ed.Focused() {
		t.Fatal("moving kept editing")
	}
	p.Move(3)
	p.SetEditing(true)
	if p.Editing {
		t.Fatal("a choice is edited as text")
	}
	// enter and i: edit a text field, open a choice's chooser.
	for _, k := range []string{"enter", "i"} {
		p.Move(3)
		_, acts := p.Update(ukey(k), e)
		if op := actsOf[kit.ActOpen](acts); len(op) != 1 {
			t.Errorf("%s on strict: %#v", k, acts)
		} else if _, ok := op[0].D.(*kit.ListDialog); !ok {
			t.Errorf("%s on strict opened %T", k, op[0].D)
		}
		p.Move(0)
		if _, acts := p.Update(ukey(k), e); !reflect.DeepEqual(acts, []kit.Action{kit.ActFocus{Pane: kit.PaneEditor, Edit: true}}) {
			t.Errorf("%s on the name: %#v", k, acts)
		}
	}
	if _, acts := p.Update(ukey("esc"), e); !reflect.DeepEqual(acts, []kit.Action{kit.ActFocus{Pane: kit.PaneTools}}) {
		t.Errorf("esc: %#v", acts)
	}
	// Typing while editing is an edit of this field, grouped by field.
	p.SetEditing(true)
	var acts []kit.Action
	p, acts = p.Update(ukey("x"), e)
	ed := actsOf[kit.ActEdit](acts)
	if len(ed) != 1 || !strings.HasSuffix(ed[0].Group, "/name") {
		t.Fatalf("typing x: %#v", acts)
	}
	if err := s.Apply(ed[0].Group, e.At, ed[0].Fn); err != nil {
		t.Fatal(err)
	}
	if fnName(s, 0) != "get_weatherx" {
		t.Fatalf("typing appends: name %q", fnName(s, 0))
	}
	// enter ends a one-line field, esc any field, and neither edits.
	for _, k := range []string{"enter", "esc"} {
		p.SetEditing(true)
		p, acts = p.Update(ukey(k), e)
		if p.Editing || len(actsOf[kit.ActEdit](acts)) != 0 {
			t.Errorf("%s while editing the name: editing %v acts %#v", k, p.Editing, acts)
		}
	}
	// In a multi-line field enter is a new line.
	p.Move(1)
	p.SetEditing(true)
	p, acts = p.Update(ukey("enter"), e)
	if !p.Editing || len(actsOf[kit.ActEdit](acts)) != 1 || !strings.Contains(p.Fields[1].Ed.Value(), "\n") {
		t.Errorf("enter in the description: editing %v acts %#v", p.Editing, acts)
	}
	// ←/→ change a choice.
	p.Move(3)
	before := p.Fields[3].Sel
	p, acts = p.Update(ukey("right"), e)
	if p.Fields[3].Sel == before || len(actsOf[kit.ActEdit](acts)) != 1 {
		t.Errorf("right on strict: sel %d→%d acts %#v", before, p.Fields[3].Sel, acts)
	}
}

func TestFormPaneNavigationKeysKeepValues(t *testing.T) {
	d := parseDoc(t, `{"model": "gpt-5", "instructions": "be brief\nand kind", "input": "hi", "tool_choice": "auto", "parallel_tool_calls": true,
		"tools_defs": [{"name": "f", "description": "line one\nline two\nline three\nline four", "parameters": {"type": "object", "properties": {"a": {"type": "string"}}}, "strict": false}],
		"extra": {"temperature": 0.5, "builtin_tools": [
			{"type": "web_search", "search_context_size": "low", "user_location": {"type": "approximate", "city": "Paris", "country": "FR"}, "filters": {"allowed_domains": ["a.fr", "b.fr"]}},
			{"type": "file_search", "vector_store_ids": ["vs_1"], "max_num_results": 5, "filters": {"type": "eq", "key": "k", "value": "v"}},
			{"type": "code_interpreter", "container": {"type": "auto"}}]}}`)
	values := func(p *form.Pane) []string {
		var out []string
		for _, f := range p.Fields {
			out = append(out, f.Text())
		}
		return out
	}
	idle := []string{"up", "down", "j", "k", "home", "end", "g", "G", "pgup", "pgdown", "esc", "tab", "x", "q", "1", "?"}
	editing := []string{"up", "down", "left", "right", "home", "end", "pgup", "pgdown", "ctrl+a", "ctrl+e"}
	for row := 0; row < kit.RowCount(d); row++ {
		at := kit.SelAt(d, row)
		_, e, p := formFixture(t, d, at, 60, 20)
		want := values(&p)
		for i, f := range p.Fields {
			keys := idle
			if f.Kind != form.FieldSelect {
				// left and right change a select's value; elsewhere they
				// do not.
				keys = append(slices.Clip(idle), "left", "right", "h", "l")
			}
			for _, k := range keys {
				p.Move(i)
				var acts []kit.Action
				p, acts = p.Update(ukey(k), e)
				if len(actsOf[kit.ActEdit](acts)) > 0 || !reflect.DeepEqual(values(&p), want) {
					t.Fatalf("row %d field %s: %s changed a value: %#v", row, f.ID, k, acts)
				}
			}
			if f.Kind != form.FieldSelect {
				for _, k := range editing {
					p.Move(i)
					p.SetEditing(true)
					v := f.Ed.Version()
					var acts []kit.Action
					p, acts = p.Update(ukey(k), e)
					if len(actsOf[kit.ActEdit](acts)) > 0 || f.Ed.Version() != v || !reflect.DeepEqual(values(&p), want) {
						t.Fatalf("row %d field %s: %s while editing changed the value: %#v", row, f.ID, k, acts)
					}
				}
				p.SetEditing(false)
			}
		}
	}
}

func TestFormPaneFieldFor(t *testing.T) {
	d := parseDoc(t, `{"model": "gpt-5", "tool_choice": "auto", "input": [{"role": "user", "content": "hi"}],
		"tools_defs": [{"name": "f", "description": "d", "parameters": {"type": "object"}}],
		"extra": {"temperature": 2, "builtin_tools": [
			{"type": "web_search"}, {"type": "file_search"}, {"type": "code_interpreter"}]}}`)
	// A case is on the row at: where is a Location on the request row, and
	// a Path on a tool's row.
	type c struct {
		at              kit.Sel
		where, id, rest string
	}
	diag := func(at kit.Sel, where string) form.Diagnostic {
		if at == kit.RequestSel {
			return form.Diagnostic{Index: -1, Location: where}
		}
		return form.Diagnostic{Kind: at.Kind, Index: at.Index, Path: where, Location: d.Location(at.Kind, at.Index)}
	}
	ws, fs, raw := kit.Sel{Kind: model.Builtin, Index: 0}, kit.Sel{Kind: model.Builtin, Index: 1}, kit.Sel{Kind: model.Builtin, Index: 2}
	for _, tc := range []c{
		{fn0, "/name", "name", ""},
		{fn0, "/description", "description", ""},
		{fn0, "/parameters", "parameters", ""},
		{fn0, "/parameters/properties/a~1b/items/0", "parameters", "/properties/a~1b/items/0"},
		{fn0, "/parameters/properties/t~0x", "parameters", "/properties/t~0x"},
		{fn0, "/strict", "strict", ""},
		{fn0, "/nope", "", ""},
		{kit.RequestSel, "model", "model", ""},
		{kit.RequestSel, "tool_choice", "tool_choice", ""},
		{kit.RequestSel, "input[0].content", "input", ""},
		{kit.RequestSel, "parallel_tool_calls", "parallel_tool_calls", ""},
		{kit.RequestSel, "temperature", "extra", ""},
		{kit.RequestSel, "extra.temperature", "extra", ""},
		{ws, "/type", "type", ""},
		{ws, "/user_location/country", "user_location.country", ""},
		{ws, "/filters/allowed_domains/1", "filters.allowed_domains", "/1"},
		{fs, "/vector_store_ids", "vector_store_ids", ""},
		{fs, "/ranking_options/hybrid_search/text_weight", "ranking_options.hybrid_search.text_weight", ""},
		{fs, "/filters/filters/0/key", "filters", "/filters/0/key"},
		{raw, "/container/type", "raw", "/container/type"},
		{raw, "", "raw", ""},
	} {
		_, _, p := formFixture(t, d, tc.at, 60, 20)
		dg := diag(tc.at, tc.where)
		i, rest := p.FieldFor(dg)
		id := ""
		if i >= 0 {
			id = p.Fields[i].ID
		}
		if id != tc.id || rest != tc.rest {
			t.Errorf("%s %q: field %q rest %q, want %q %q", dg.Location, dg.Path, id, rest, tc.id, tc.rest)
		}
	}
}

func TestFormPaneLocatesASchemaProblemDeepInParameters(t *testing.T) {
	d := parseDoc(t, diagsDoc)
	s, e, p := formFixture(t, d, fn0, 60, 12)
	var deep form.Diagnostic
	for _, x := range s.Result().Diagnostics {
		if x.IsTool() && x.Index == 0 && strings.HasPrefix(x.Path, "/parameters/properties/outer/properties/inner") {
			deep = x
		}
	}
	if deep.Path == "" {
		t.Fatalf("no diagnostic deep in the parameters: %v", s.Result().Diagnostics)
	}
	p.Locate(deep)
	f := p.Focused()
	if f == nil || f.ID != "parameters" || p.Editing {
		t.Fatalf("locate focused %v (editing %v)", f, p.Editing)
	}
	lines := strings.Split(f.Ed.Value(), "\n")
	want := -1
	for i, l := range lines {
		if strings.Contains(l, `"inner": {`) {
			want = i
		}
	}
	if f.Ed.Line() != want || f.Ed.Column() != strings.Index(lines[want], "{") {
		t.Fatalf("cursor at %d:%d, want %d:%d (%q)", f.Ed.Line()+1, f.Ed.Column()+1, want+1, strings.Index(lines[want], "{")+1, lines[want])
	}
	// The line is on screen, with the error under the field.
	v := stripped(p.View(e, true))
	if !strings.Contains(v, `"inner"`) {
		t.Errorf("the located line is not shown:\n%s", v)
	}
	if !strings.Contains(v, fmt.Sprintf("%d:%d", want+1, strings.Index(lines[want], "{")+1)) {
		t.Errorf("the cursor position is not shown:\n%s", v)
	}
	if !strings.Contains(v, "✗ strict mode") {
		t.Errorf("the diagnostic is not under the field:\n%s", v)
	}
}

func TestFormPaneLocatesASyntaxErrorByLineAndColumn(t *testing.T) {
	d := model.Example()
	draft := "{\n  \"type\": \"object\",\n  \"properties\": {\n    \"a\": {\"type\": \"string\"},,\n  }\n}"
	d, err := model.SetDraft(d, model.Function, 0, "parameters", draft)
	if err != nil {
		t.Fatal(err)
	}
	s, _, p := formFixture(t, d, fn0, 60, 20)
	var syn form.Diagnostic
	for _, x := range s.Result().Diagnostics {
		if x.Line > 0 {
			syn = x
		}
	}
	if syn.Line != 4 {
		t.Fatalf("no syntax error on line 4: %+v", s.Result().Diagnostics)
	}
	p.Locate(syn)
	f := p.Focused()
	if f.ID != "parameters" || f.Ed.Line() != syn.Line-1 || f.Ed.Column() != syn.Column-1 {
		t.Fatalf("focused %s at %d:%d, want parameters at %d:%d", f.ID, f.Ed.Line()+1, f.Ed.Column()+1, syn.Line, syn.Column)
	}
	// A diagnostic that names no field moves nothing.
	p.Move(1)
	p.Locate(form.Diagnostic{Kind: model.Function, Index: 0, Path: "/unknown"})
	if p.Idx != 1 {
		t.Errorf("a diagnostic about no field moved the focus to %d", p.Idx)
	}
}

// ---- dialogs ----

// noCopy is a system clipboard that takes every copy.
func noCopy(context.Context, string) error { return nil }

func exampleApp() *App {
	return New(Options{Doc: model.Example(), Name: "example.json", Deps: kit.Deps{CopyNative: noCopy}})
}

func bindingKeys(c command) []string {
	var keys []string
	for _, b := range append(append(append([]key.Binding{}, c.global...), c.nav...), c.pane...) {
		if h := b.Help().Key; h != "" {
			keys = append(keys, h)
		}
	}
	return keys
}

func TestPaletteListsEveryCommandWithItsKeys(t *testing.T) {
	a := exampleApp()
	e := a.env()
	d := newPaletteDialog(a).Resize(120, 40).(*kit.ListDialog)
	if d.List.Len() != len(a.cmds) {
		t.Fatalf("%d items for %d commands", d.List.Len(), len(a.cmds))
	}
	withKeys := 0
	for i, c := range a.cmds {
		it, ok := d.List.SelectedItem()
		if !ok || it.Title != c.name {
			t.Fatalf("item %d is %q, want %q", i, it.Title, c.name)
		}
		keys := bindingKeys(c)
		for _, k := range keys {
			if !strings.Contains(it.Key, k) {
				t.Errorf("%s: keys %q do not show %s", c.name, it.Key, k)
			}
		}
		// The selected line shows the name and the keys.
		if len(keys) > 0 {
			withKeys++
			found := false
			for _, l := range d.View(e, 120, 40) {
				l = ansi.Strip(l)
				if strings.Contains(l, c.name) && strings.Contains(l, keys[0]) {
					found = true
				}
			}
			if !found {
				t.Errorf("%s: no line shows it with %s:\n%s", c.name, keys[0], stripped(d.View(e, 120, 40)))
			}
		}
		var dl kit.Dialog
		dl, _ = d.Update(ukey("down"), e)
		d = dl.(*kit.ListDialog)
	}
	if withKeys < len(a.cmds)/2 {
		t.Fatalf("only %d commands have keys", withKeys)
	}
	// Commands that cannot run now say why (the request row is selected).
	d = newPaletteDialog(a).Resize(120, 40).(*kit.ListDialog)
	for range a.cmds {
		it, _ := d.List.SelectedItem()
		if it.Title == kit.CmdDelete && it.Disabled == "" {
			t.Error("Delete tool is not marked unavailable on the request row")
		}
		dl, _ := d.Update(ukey("down"), e)
		d = dl.(*kit.ListDialog)
	}
	// Typing filters; enter runs the match and closes.
	d = newPaletteDialog(a).Resize(120, 40).(*kit.ListDialog)
	for _, r := range "undo" {
		dl, _ := d.Update(ukey(string(r)), e)
		d = dl.(*kit.ListDialog)
	}
	dl, acts := d.Update(ukey("enter"), e)
	if dl != nil || !reflect.DeepEqual(acts, []kit.Action{kit.ActClose{}, kit.ActRun{Name: "Undo", Chosen: true}}) {
		t.Fatalf("enter on undo: %v %#v", dl, acts)
	}
	// esc clears the filter, then closes.
	d = newPaletteDialog(a).Resize(120, 40).(*kit.ListDialog)
	dl, _ = d.Update(ukey("z"), e)
	dl, acts = dl.Update(ukey("esc"), e)
	if dl == nil || acts != nil {
		t.Fatalf("esc with a filter closed the palette")
	}
	dl, acts = dl.Update(ukey("esc"), e)
	if dl != nil || !reflect.DeepEqual(acts, []kit.Action{kit.ActClose{}}) {
		t.Fatalf("esc: %v %#v", dl, acts)
	}
}

func TestQuitDialogKeys(t *testing.T) {
	e := exampleApp().env()
	for k, want := range map[string][]kit.Action{
		"s":   {kit.ActClose{}, kit.ActRun{Name: "Save and quit"}},
		"y":   {kit.ActClose{}, kit.ActRun{Name: "Save and quit"}},
		"d":   {kit.ActClose{}, kit.ActQuit{KeepRecovery: true}},
		"n":   {kit.ActClose{}, kit.ActQuit{KeepRecovery: true}},
		"esc": {kit.ActClose{}, kit.Say("Quit cancelled")},
		"c":   {kit.ActClose{}, kit.Say("Quit cancelled")},
		// ctrl+q and ctrl+c cancel every dialog: the router (globalkeys_test.go)
		"x":     nil,
		"q":     nil,
		"enter": nil,
		"space": nil,
	} {
		d := palette.NewQuit().Resize(80, 24)
		got, acts := d.Update(ukey(k), e)
		if want == nil && len(acts) == 1 { // says why the key does nothing
			if st, ok := acts[0].(kit.ActStatus); ok && strings.Contains(st.Text, "does nothing") {
				acts = nil
			}
		}
		if !reflect.DeepEqual(acts, want) {
			t.Errorf("%s: %#v, want %#v", k, acts, want)
		}
		if (got == nil) != (want != nil) {
			t.Errorf("%s: dialog open %v", k, got != nil)
		}
	}
	d := palette.NewQuit().Resize(80, 24)
	if got, acts := d.Update(tea.PasteMsg{Content: "s"}, e); got == nil || acts != nil {
		t.Error("a paste answered the quit dialog")
	}
	v := stripped(d.View(e, 80, 24))
	for _, want := range []string{"unsaved changes", "s save and quit", "d discard", "esc cancel"} {
		if !strings.Contains(v, want) {
			t.Errorf("no %q in\n%s", want, v)
		}
	}
}

func TestRecoveryDialogKeys(t *testing.T) {
	e := exampleApp().env()
	doc := model.Example()
	for k, want := range map[string][]kit.Action{
		"r":      {kit.ActClose{}, kit.ActRestore{Doc: doc}},
		"y":      {kit.ActClose{}, kit.ActRestore{Doc: doc}},
		"d":      {kit.ActClose{}, kit.ActRestore{Doc: nil}},
		"n":      {kit.ActClose{}, kit.ActRestore{Doc: nil}},
		"q":      {kit.ActClose{}, kit.ActQuit{}},
		"ctrl+q": {kit.ActClose{}, kit.ActQuit{}},
		"esc":    nil,
		"x":      nil,
	} {
		got, acts := files.NewRecovery(doc, false).Resize(80, 24).Update(ukey(k), e)
		if want == nil && len(acts) == 1 { // says why the key does nothing
			if st, ok := acts[0].(kit.ActStatus); ok && strings.Contains(st.Text, "does nothing") {
				acts = nil
			}
		}
		if !reflect.DeepEqual(acts, want) || (got == nil) != (want != nil) {
			t.Errorf("%s: %v %#v, want %#v", k, got, acts, want)
		}
	}
}

func TestSaveAsDialog(t *testing.T) {
	e := exampleApp().env()
	d := files.NewSaveAs("", false).Resize(80, 24)
	// The suggested name is replaced by what is typed (selected), or kept.
	if got, acts := d.Update(ukey("enter"), e); got != nil || !reflect.DeepEqual(acts, []kit.Action{kit.ActClose{}, kit.ActSaveTo{Path: "tooltui.json"}}) {
		t.Fatalf("enter: %#v", acts)
	}
	d = files.NewSaveAs("/tmp/a.json", true).Resize(80, 24)
	d, _ = d.Update(ukey("end"), e)
	for range len("/tmp/a.json") {
		d, _ = d.Update(ukey("backspace"), e)
	}
	for _, k := range []string{"space", "space"} {
		d, _ = d.Update(ukey(k), e)
	}
	if got, acts := d.Update(ukey("enter"), e); got == nil || len(actsOf[kit.ActStatus](acts)) != 1 {
		t.Fatalf("enter with a blank name: %v %#v", got, acts)
	}
	if got, acts := d.Update(ukey("esc"), e); got != nil || !reflect.DeepEqual(acts, []kit.Action{kit.ActClose{}, kit.Say("Save cancelled")}) {
		t.Fatalf("esc: %#v", acts)
	}
}

func TestHelpDialogListsEditingKeysAndTheMouse(t *testing.T) {
	a := exampleApp()
	e := a.env()
	d := newHelpDialog(a).Resize(100, 30).(*help.Dialog)
	has := func(group, k, desc string) bool {
		for _, g := range d.Groups {
			if g.Title != group {
				continue
			}
			for _, r := range g.Rows {
				if r.Keys == k && r.Desc == desc {
					return true
				}
			}
		}
		return false
	}
	names := map[string]bool{}
	for _, g := range d.Groups {
		for _, r := range g.Rows {
			names[r.Desc] = true
		}
	}
	for _, c := range a.cmds {
		if !names[c.name] {
			t.Errorf("command %q is not listed", c.name)
		}
	}
	for _, r := range [][3]string{
		{"Editing a field", "esc", "stop editing"},
		{"Editing a field", "enter", "done (one-line field)"},
		{"Editing a field", "enter ctrl+m", "new line, indented (JSON field)"},
		{"Editing a field", "home ctrl+a", "line start"},
		{"Editing a field", "end ctrl+e", "line end"},
		{"Editing a field", "alt+← ctrl+← alt+b", "word back"},
		{"Editing a field", "alt+→ ctrl+→ alt+f", "word forward"},
		{"Mouse", "click", "focus a pane; pick a tool, field, diagnostic or list entry; outside a dialog, close it"},
		{"Mouse", "wheel", "scroll the pane or list under the pointer, and this help"},
		{"Moving (outside a field being edited)", "enter i", "edit the focused field; open a choice"},
		{"Moving (outside a field being edited)", "tab", "next field/pane"},
		{"Everywhere", "ctrl+q ctrl+c q", kit.CmdQuit},
	} {
		if !has(r[0], r[1], r[2]) {
			t.Errorf("no %q %q under %q", r[1], r[2], r[0])
		}
	}
	n := 0
	for _, col := range editor.DefaultKeyMap().FullHelp() {
		for _, b := range col {
			if h := b.Help(); h.Key != "enter" && h.Key != "tab" {
				n++
				if !has("Editing a field", help.KeyList(b), h.Desc) {
					t.Errorf("editor key %s (%s) is not listed", h.Key, h.Desc)
				}
			}
		}
	}
	if n < 5 {
		t.Fatalf("only %d editor keys", n)
	}
	// Every line of the laid-out text fits the box.
	for _, l := range strings.Split(stripped(d.View(e, 100, 30)), "\n") {
		if w := ansi.StringWidth(l); w != d.W {
			t.Errorf("a line %d wide in a box %d wide: %q", w, d.W, l)
		}
	}
	// It scrolls, within bounds, and any other key closes it.
	total := len(d.Text)
	var dl kit.Dialog = d
	for range total + 5 {
		dl, _ = dl.Update(ukey("down"), e)
	}
	if hd := dl.(*help.Dialog); hd.YOff != total-(hd.H-3) {
		t.Errorf("down past the end: yOff %d, want %d", hd.YOff, total-(hd.H-3))
	}
	v := stripped(dl.View(e, 100, 30))
	if !strings.Contains(v, "wheel") || !strings.Contains(v, fmt.Sprintf("of %d", total)) {
		t.Errorf("the end of the help:\n%s", v)
	}
	dl, _ = dl.Update(ukey("home"), e)
	if dl.(*help.Dialog).YOff != 0 {
		t.Error("home")
	}
	dl, _ = dl.Update(ukey("up"), e)
	if dl.(*help.Dialog).YOff != 0 {
		t.Error("up past the top")
	}
	if got, acts := dl.Update(ukey("x"), e); got != nil || !reflect.DeepEqual(acts, []kit.Action{kit.ActClose{}}) {
		t.Errorf("x: %#v", acts)
	}
}

func TestAddAndCopyDialogsChoose(t *testing.T) {
	e := exampleApp().env()
	d := newAddDialog().Resize(80, 24)
	if got, acts := d.Update(ukey("enter"), e); got != nil || !reflect.DeepEqual(acts, []kit.Action{kit.ActClose{}, kit.ActAdd{Typ: palette.Kinds()[0].Type}}) {
		t.Errorf("add, enter: %#v", acts)
	}
	names := []string{kit.CmdCopyReq, kit.CmdCopyTools, kit.CmdCopyCurl}
	for i, want := range names {
		d := palette.NewCopy().Resize(80, 24)
		for range i {
			d, _ = d.Update(ukey("down"), e)
		}
		if got, acts := d.Update(ukey("enter"), e); got != nil || !reflect.DeepEqual(acts, []kit.Action{kit.ActClose{}, kit.ActRun{Name: want}}) {
			t.Errorf("copy item %d: %#v", i, acts)
		}
	}
	f := form.NewSelectField("x", "Pick", nil, []form.Option{form.NotSet, form.StrOpt("a"), form.StrOpt("b")}, rawjson.String("a"))
	d = form.NewSelectDialog(f, kit.RequestSel).Resize(80, 24)
	d, _ = d.Update(ukey("end"), e)
	if got, acts := d.Update(ukey("enter"), e); got != nil || !reflect.DeepEqual(acts, []kit.Action{kit.ActClose{}, kit.ActPick{Field: "x", Label: "b", At: kit.RequestSel}}) {
		t.Errorf("select, end enter: %#v", acts)
	}
}

// ---- golden views ----

func TestPaneGolden(t *testing.T) {
	pane := func(title string, lines []string, w, h int) string {
		st := kit.NewStyles(true)
		return stripped(kit.Frame(kit.Rect{X: 0, Y: 0, W: w + 2, H: h + 2}, title, lines, st.Border, st.Title)) + "\n"
	}
	t.Run("tools", func(t *testing.T) {
		f := newToolsFixture(t, manyToolsDoc(t, 12), 10)
		f.send("down")
		f.send("down")
		f.send("down")
		golden.RequireEqual(t, pane("1 Tools", f.p.View(f.e, 26, 10, true), 26, 10))
	})
	t.Run("tools_filter", func(t *testing.T) {
		f := newToolsFixture(t, manyToolsDoc(t, 12), 10)
		for _, k := range []string{"/", "t", "_", "1"} {
			f.send(k)
		}
		golden.RequireEqual(t, pane("1 Tools", f.p.View(f.e, 26, 10, true), 26, 10))
	})
	t.Run("editor_function", func(t *testing.T) {
		_, e, p := formFixture(t, parseDoc(t, diagsDoc), fn0, 58, 18)
		p.Move(2)
		golden.RequireEqual(t, pane("2 deep (function)", p.View(e, true), 58, 18))
	})
	t.Run("editor_request", func(t *testing.T) {
		_, e, p := formFixture(t, model.Example(), kit.RequestSel, 58, 18)
		p.Move(0)
		p.SetEditing(true)
		golden.RequireEqual(t, pane("2 Request", p.View(e, true), 58, 18))
	})
	t.Run("editor_web_search", func(t *testing.T) {
		_, e, p := formFixture(t, model.Example(), kit.Sel{Kind: model.Builtin, Index: 0}, 58, 14)
		p.Move(1)
		golden.RequireEqual(t, pane("2 web_search (built-in)", p.View(e, true), 58, 14))
	})
	t.Run("preview", func(t *testing.T) {
		s, _, p := previewFixture(t)
		p.Follow(s.Result().Sources, kit.Sel{Kind: model.Builtin, Index: 0})
		golden.RequireEqual(t, pane("3 Preview", p.View(40, 10), 40, 10))
	})
	t.Run("diagnostics", func(t *testing.T) {
		_, e, _ := diagsFixture(t)
		p := diags.Pane{}
		p.SetSize(40, 12)
		p, _ = p.Update(ukey("down"), e)
		golden.RequireEqual(t, pane("4 Diagnostics", p.View(e, 40, 12, true), 40, 12))
	})
	// the parameters tree, its example arguments under the rows (a
	// narrow pane) and beside them (a wide one)
	for _, w := range []int{58, 76} {
		t.Run(fmt.Sprintf("tree_%d", w), func(t *testing.T) {
			a := exampleApp()
			a.selectRow(fn0)
			d, why := tree.New(a.env())
			if d == nil {
				t.Fatal(why)
			}
			d.SetSize(w, 14)
			d.SelectPtr("/properties/unit")
			golden.RequireEqual(t, pane("2 "+d.Title(), d.View(a.env(), true), w, 14))
		})
	}
	// onFn0 opens a dialog of the function fn0.
	onFn0 := func(open func(*kit.Env) (kit.Dialog, string)) func(a *App) kit.Dialog {
		return func(a *App) kit.Dialog {
			a.selectRow(fn0)
			d, why := open(a.env())
			if d == nil {
				t.Fatal(why)
			}
			return d
		}
	}
	dialogs := []struct {
		name string
		open func(a *App) kit.Dialog
	}{
		{"palette", func(a *App) kit.Dialog { return newPaletteDialog(a) }},
		{"help", func(a *App) kit.Dialog { return newHelpDialog(a) }},
		{"add", func(a *App) kit.Dialog { return newAddDialog() }},
		{"copy", func(a *App) kit.Dialog { return palette.NewCopy() }},
		{"quit", func(a *App) kit.Dialog { return palette.NewQuit() }},
		{"save_as", func(a *App) kit.Dialog { return files.NewSaveAs("tools/weather.json", false) }},
		{"recovery", func(a *App) kit.Dialog { return files.NewRecovery(model.Example(), false) }},
		{"tool_choice", func(a *App) kit.Dialog {
			a.selectRow(kit.RequestSel)
			return form.NewSelectDialog(a.form.Fields[a.form.FieldIndex("tool_choice")], kit.RequestSel)
		}},
		{"test_arguments", onFn0(args.New)},
		{"infer", onFn0(infer.New)},
		{"mcp_tools", func(a *App) kit.Dialog {
			d := &mcptools.Dialog{T: mcptools.McpTarget{Label: "docs", Srv: mcpclient.Server{URL: "https://docs.example/mcp"},
				Allowed: mcptools.AllowedTools{Form: mcptools.AllowedList, Names: []string{"search", "gone"}, HasNames: true}}}
			d.Resize(80, 22)
			d.Update(mcptools.Msg{ID: d.ID, Out: []byte(mcpTestTools)}, a.env())
			d.Update(ukey("down"), a.env())
			return d
		}},
	}
	for _, dc := range dialogs {
		t.Run("dialog_"+dc.name, func(t *testing.T) {
			a := exampleApp()
			d := dc.open(a).Resize(80, 22)
			golden.RequireEqual(t, stripped(d.View(a.env(), 80, 22))+"\n")
		})
	}
}

// ---- more invariants: what is drawn is what the keys and the mouse use ----

func TestToolsPaneFilterLineKeepsTheSelectionShown(t *testing.T) {
	f := newToolsFixture(t, manyToolsDoc(t, 30), 8)
	for range 7 {
		f.send("down") // the last line of the pane
	}
	if f.p.YOff != 0 || f.p.Row != 7 {
		t.Fatalf("row %d yOff %d", f.p.Row, f.p.YOff)
	}
	f.send("/") // the filter line takes a line of the list
	v := stripped(f.p.View(f.e, 30, 8, true))
	if !strings.Contains(v, f.label(7)) {
		t.Errorf("the selected row %s is not shown once the filter line opens:\n%s", f.label(7), v)
	}
}

func TestFormPaneFieldAtMatchesTheView(t *testing.T) {
	d := parseDoc(t, diagsDoc)
	d2 := model.Example()
	for _, c := range []struct {
		d  *model.Document
		at kit.Sel
	}{
		{d2, kit.RequestSel}, {d2, fn0}, {d2, kit.Sel{Kind: model.Builtin, Index: 0}}, {d2, kit.Sel{Kind: model.Builtin, Index: 1}},
		{d, fn0}, {d, kit.Sel{Kind: model.Function, Index: 1}}, {d, kit.Sel{Kind: model.Builtin, Index: 1}}, {d, kit.RequestSel},
	} {
		for _, h := range []int{6, 10, 20, 40} {
			_, e, p := formFixture(t, c.d, c.at, 56, h)
			for i := range p.Fields {
				p.Move(i)
				lines := p.View(e, true)
				if len(lines) > h {
					t.Fatalf("%+v h %d: %d lines", c.at, h, len(lines))
				}
				// The focused field's label line is shown.
				head := -1
				for y, l := range lines {
					if strings.HasPrefix(ansi.Strip(l), "▸ "+p.Fields[i].Label) {
						head = y
					}
				}
				if head < 0 {
					t.Fatalf("%+v h %d: field %s focused but its label is not shown:\n%s", c.at, h, p.Fields[i].ID, stripped(lines))
				}
				if got, ok := p.FieldAt(head); !ok || got != i {
					t.Fatalf("%+v h %d: the label line of %s maps to field %d", c.at, h, p.Fields[i].ID, got)
				}
				// Every line maps to the field drawn there.
				owner := -1
				for k := range p.Fields {
					if s, _ := p.FieldLines(); s[k] <= p.YOff {
						owner = k
					}
				}
				for y, l := range lines {
					sl := ansi.Strip(l)
					if owner+1 < len(p.Fields) {
						lab := p.Fields[owner+1].Label
						if strings.HasPrefix(sl, "▸ "+lab) || strings.HasPrefix(sl, "  "+lab) {
							owner++
						}
					}
					if got, ok := p.FieldAt(y); !ok || got != owner {
						t.Fatalf("%+v h %d focus %s: line %d %q maps to field %d (%v), drawn for %d\n%s", c.at, h, p.Fields[i].ID, y, sl, got, ok, owner, stripped(lines))
					}
				}
			}
		}
	}
}

func TestFormPanePagesThroughTheFields(t *testing.T) {
	_, e, p := formFixture(t, model.Example(), kit.RequestSel, 56, 8)
	seen := []int{p.Idx}
	for range len(p.Fields) + 2 {
		p, _ = p.Update(ukey("pgdown"), e)
		seen = append(seen, p.Idx)
	}
	if p.Idx != len(p.Fields)-1 {
		t.Fatalf("pgdown never reached the last field: %v", seen)
	}
	for i := 1; i < len(seen); i++ {
		if seen[i] < seen[i-1] {
			t.Fatalf("pgdown went back: %v", seen)
		}
	}
	seen = []int{p.Idx}
	for range len(p.Fields) + 2 {
		p, _ = p.Update(ukey("pgup"), e)
		seen = append(seen, p.Idx)
	}
	if p.Idx != 0 {
		t.Fatalf("pgup never reached the first field: %v", seen)
	}
	for i := 1; i < len(seen); i++ {
		if seen[i] > seen[i-1] {
			t.Fatalf("pgup went forward: %v", seen)
		}
	}
}

func TestDialogsFitEveryScreen(t *testing.T) {
	opens := map[string]func(a *App) kit.Dialog{
		"palette":  func(a *App) kit.Dialog { return newPaletteDialog(a) },
		"help":     func(a *App) kit.Dialog { return newHelpDialog(a) },
		"add":      func(a *App) kit.Dialog { return newAddDialog() },
		"copy":     func(a *App) kit.Dialog { return palette.NewCopy() },
		"quit":     func(a *App) kit.Dialog { return palette.NewQuit() },
		"save_as":  func(a *App) kit.Dialog { return files.NewSaveAs(strings.Repeat("long/", 40)+"x.json", false) },
		"recovery": func(a *App) kit.Dialog { return files.NewRecovery(model.Example(), false) },
	}
	a := exampleApp()
	e := a.env()
	for name, open := range opens {
		for _, s := range [][2]int{{MinWidth, MinHeight - 2}, {80, 22}, {200, 58}} {
			d := open(a).Resize(s[0], s[1])
			lines := d.View(e, s[0], s[1])
			if len(lines) == 0 || len(lines) > s[1] {
				t.Errorf("%s at %dx%d: %d lines", name, s[0], s[1], len(lines))
				continue
			}
			w := ansi.StringWidth(lines[0])
			if w > s[0] {
				t.Errorf("%s at %dx%d: %d wide", name, s[0], s[1], w)
			}
			for i, l := range lines {
				if lw := ansi.StringWidth(l); lw != w {
					t.Errorf("%s at %dx%d: line %d is %d wide, the box %d: %q", name, s[0], s[1], i, lw, w, ansi.Strip(l))
				}
			}
		}
	}
}

func TestSelectDialogOpensOnTheCurrentOption(t *testing.T) {
	a := exampleApp()
	a.selectRow(kit.RequestSel)
	i := a.form.FieldIndex("tool_choice")
	f := a.form.Fields[i]
	if f.Text() != "auto" {
		t.Fatalf("tool_choice is %q", f.Text())
	}
	d := form.NewSelectDialog(f, kit.RequestSel).Resize(80, 24)
	_, acts := d.Update(ukey("enter"), a.env())
	if want := []kit.Action{kit.ActClose{}, kit.ActPick{Field: "tool_choice", Label: f.Text(), At: kit.RequestSel}}; !reflect.DeepEqual(acts, want) {
		t.Errorf("enter on the chooser as opened: %#v, want to keep option %d (%s)", acts, f.Sel, f.Text())
	}
}

// TestEditingStartsAtTheEnd: editing a one-line or a multi-line field puts
// the cursor at the end of its text; alt+a selects the whole field and a
// paste replaces it, as one document change.
func TestEditingStartsAtTheEnd(t *testing.T) {
	a := exampleApp()
	a.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	typeKeys(a, "down", "enter") // get_weather's form
	for _, id := range []string{"name", "parameters"} {
		i := a.form.FieldIndex(id)
		a.form.Move(i)
		typeKeys(a, "enter")
		f := a.form.Fields[i]
		lines := strings.Split(f.Ed.Value(), "\n")
		if !f.Ed.Focused() || f.Ed.Line() != len(lines)-1 || f.Ed.Column() != len([]rune(lines[len(lines)-1])) {
			t.Fatalf("editing %s starts at %d:%d, want the end of %d lines", id, f.Ed.Line()+1, f.Ed.Column()+1, len(lines))
		}
		typeKeys(a, "esc")
	}

	i := a.form.FieldIndex("parameters")
	a.form.Move(i)
	typeKeys(a, "enter")
	a.Update(tea.KeyPressMsg{Code: 'a', Mod: tea.ModAlt})
	requireIn(t, status(a), "Selected the whole field")
	schema := `{"type":"object","properties":{"q":{"type":"string"}},"required":["q"],"additionalProperties":false}`
	a.Update(tea.PasteMsg{Content: schema})
	a.Update(settleMsg{})
	if got := string(a.s.Doc().Functions[0].Raw); !strings.Contains(got, `"parameters":`+schema) {
		t.Fatalf("the paste over the selection did not replace the parameters: %s", got)
	}
}

// TestPreviewFollowsTheEditedTool: a function left out of the request for
// an error comes in once its name is mended, and the preview shows it
// without the selection moving.
func TestPreviewFollowsTheEditedTool(t *testing.T) {
	props := ""
	for i := range 30 {
		props += fmt.Sprintf(`,"p%d":{"type":"string"}`, i)
	}
	doc, err := model.Parse([]byte(`{"tools_defs":[{"name":"first","parameters":{"type":"object","properties":{"q":{"type":"string"}` + props + `}}},{"name":"bad name!","parameters":{"type":"object","properties":{}}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	a := New(Options{Doc: doc, Name: "doc.json", Deps: kit.Deps{CopyNative: noCopy}})
	a.Update(tea.WindowSizeMsg{Width: 120, Height: 30})
	typeKeys(a, "down", "down", "enter") // bad name!'s form, its name field
	typeKeys(a, "enter")
	a.Update(tea.KeyPressMsg{Code: 'a', Mod: tea.ModAlt})
	typeKeys(a, "good_name")
	a.Update(settleMsg{})
	shown := strings.Join(a.preview.View(a.preview.W, a.preview.H), "\n")
	if !strings.Contains(ansi.Strip(shown), `"name": "good_name"`) {
		t.Fatalf("the preview does not show the tool being edited:\n%s", ansi.Strip(shown))
	}
}

// TestHelpFocusedFirstAndFiltered: ? lists the focused pane's keys first
// (the editing keys while a field is edited); / filters the rows by key or
// description, ? typed into the filter, esc drops the filter, then closes.
func TestHelpFocusedFirstAndFiltered(t *testing.T) {
	a := exampleApp()
	a.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	firstGroup := func() string {
		t.Helper()
		d, ok := a.dialog.(*help.Dialog)
		if !ok {
			t.Fatalf("no keys help: %T", a.dialog)
		}
		return d.Shown()[0].Title
	}
	typeKeys(a, "?")
	if g := firstGroup(); g != "Tools pane" {
		t.Errorf("the tools pane focused: the help starts with %q", g)
	}
	typeKeys(a, "esc", "down", "enter", "enter") // editing get_weather's name
	typeKeys(a, "?")
	if a.dialog != nil {
		t.Fatalf("? while editing opened %T instead of being typed", a.dialog)
	}
	a.Update(ctrlKey('p')) // ? is text here: the palette's "Show all keys"
	typeKeys(a, "Show all keys", "enter")
	if g := firstGroup(); g != help.Editing {
		t.Errorf("a field edited: the help starts with %q", g)
	}

	d := a.dialog.(*help.Dialog)
	all := d.Rows()
	typeKeys(a, "/", "sel", "?")
	if d.Filter != "sel?" || a.dialog != d {
		t.Fatalf("the filter holds %q (? is typed into it)", d.Filter)
	}
	a.Update(tea.KeyPressMsg{Code: tea.KeyBackspace})
	if d.Filter != "sel" {
		t.Fatalf("backspace left %q", d.Filter)
	}
	n := d.Rows()
	if n == 0 || n >= all {
		t.Fatalf("the filter kept %d of %d rows", n, all)
	}
	requireIn(t, treeScreen(a), "select the whole field")
	requireIn(t, treeScreen(a), "/ sel█ · "+kit.Itoa(n)+" rows")
	for _, g := range d.Shown() {
		for _, r := range g.Rows {
			if !strings.Contains(strings.ToLower(r.Keys+r.Desc+g.Title), "sel") {
				t.Errorf("the filter kept %q", r)
			}
		}
	}
	typeKeys(a, "enter", "esc")
	if a.dialog != d || d.Filter != "" || d.Rows() != all {
		t.Fatalf("esc did not drop the filter first: %q, %d rows", d.Filter, d.Rows())
	}
	typeKeys(a, "esc")
	if a.dialog != nil {
		t.Fatal("esc without a filter did not close the keys help")
	}
}

// TestShortWhere: a location too wide for the diagnostics pane keeps the
// tool's name and the pointer's last part.
func TestShortWhere(t *testing.T) {
	where := "extra.builtin_tools[2] (web_search) /filters/allowed_domains"
	for _, c := range []struct {
		w    int
		want string
	}{
		{80, where},
		{52, "extra.builtin_tools[2] web_search …/allowed_domains"},
		{28, "web_search …/allowed_domains"},
		{24, "web_s… …/allowed_domains"},
		{20, "web… allowed_domains"},
		{12, "…/allowed_d…"},
	} {
		if got := diags.ShortWhere(where, "extra.builtin_tools[2]", "web_search", "/filters/allowed_domains", c.w); got != c.want {
			t.Errorf("%d cells: %q, want %q", c.w, got, c.want)
		}
	}
	if got := diags.ShortWhere("tools_defs[12] (function)", "tools_defs[12]", "a_long_function_name", "", 12); got != "a_long_func…" {
		t.Errorf("no pointer: %q", got)
	}
}
