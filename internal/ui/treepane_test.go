package ui

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/tooltui/tooltui/internal/benchdata"
	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/schematree"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

func treeApp(t *testing.T) *App {
	t.Helper()
	a := New(Options{Doc: model.Example(), Name: "example.json", Deps: kit.Deps{
		CopyNative: noCopy,
		WriteFile:  func(string, []byte) error { t.Error("no writes here"); return nil },
		Getenv:     func(string) string { return "" },
	}})
	a.Update(tea.WindowSizeMsg{Width: 130, Height: 36})
	return a
}

func keyMsg(s string) tea.KeyPressMsg {
	switch s {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "right":
		return tea.KeyPressMsg{Code: tea.KeyRight}
	case "left":
		return tea.KeyPressMsg{Code: tea.KeyLeft}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "ctrl+z":
		return tea.KeyPressMsg{Code: 'z', Mod: tea.ModCtrl}
	case "tab":
		return tea.KeyPressMsg{Code: tea.KeyTab}
	case "shift+tab":
		return tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift}
	}
	r := []rune(s)[0]
	return tea.KeyPressMsg{Code: r, Text: s}
}

func typeKeys(a *App, keys ...string) {
	for _, k := range keys {
		switch k {
		case "enter", "esc", "right", "left", "down", "ctrl+z", "tab", "shift+tab":
			a.Update(keyMsg(k))
			continue
		}
		if len(k) > 1 {
			for _, r := range k {
				a.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
			}
			continue
		}
		a.Update(keyMsg(k))
	}
}

func treeScreen(a *App) string { return ansi.Strip(a.View().Content) }

func params(t *testing.T, a *App) string {
	t.Helper()
	p, _ := model.GetPath(a.s.Doc().Functions[0].Raw, []string{"parameters"})
	return string(p)
}

// TestTreeBuildsANestedSchemaWithoutABrace: a nested object with an array
// of objects, all from keys; every step is one undo.
func TestTreeBuildsANestedSchemaWithoutABrace(t *testing.T) {
	a := treeApp(t)
	typeKeys(a, "j", "T")
	if !treeFocused(a) {
		t.Fatalf("T did not show the tree: %s", treeScreen(a))
	}
	requireIn(t, treeScreen(a), "Parameters of get_weather")
	typeKeys(a, "a", "stops", "enter")
	requireIn(t, params(t, a), `"stops":{"type":"string"}`)
	typeKeys(a, "right", "right", "right", "right", "right") // string → … → array
	if !treeFocused(a) {
		t.Fatalf("the tree closed: %s", treeScreen(a))
	}
	requireIn(t, params(t, a), `"stops":{"type":"array","items":{"type":"string"}}`)
	typeKeys(a, "down", "right", "right", "right", "right") // items: string → object
	requireIn(t, params(t, a), `"items":{"type":"object","properties":{},"required":[],"additionalProperties":false}`)
	typeKeys(a, "a", "stop_name", "enter")
	requireIn(t, params(t, a), `"items":{"type":"object","properties":{"stop_name":{"type":"string"}},"required":["stop_name"],"additionalProperties":false}`)
	s := treeScreen(a)
	requireIn(t, s, "stops*")
	requireIn(t, s, "stop_name*")
	if !strings.Contains(string(a.Output()), `"stop_name"`) {
		t.Fatal("the request does not follow the tree")
	}
	typeKeys(a, "ctrl+z")
	a.Update(settleMsg{}) // the message after the undo
	if strings.Contains(params(t, a), "stop_name") {
		t.Fatal("undo did not take the last edit back")
	}
	typeKeys(a, "esc")
	if treeShown(a) || a.focus != kit.PaneTools || !strings.Contains(treeScreen(a), "2 get_weather (function)") {
		t.Fatalf("esc did not show the form:\n%s", treeScreen(a))
	}
}

// TestTreeMouse: a click picks the row under the pointer, a second click
// folds it, the wheel moves down.
func TestTreeMouse(t *testing.T) {
	a := treeApp(t)
	typeKeys(a, "j", "T")
	d := a.tree.pane
	d.Update(tea.MouseClickMsg{Y: 2}, a.env())
	if n := d.Current(); n == nil || n.Name != "unit" {
		t.Fatalf("the click chose %+v", n)
	}
	d.Update(tea.MouseClickMsg{Y: 0}, a.env())
	d.Update(tea.MouseClickMsg{Y: 0}, a.env())
	if len(d.Rows) != 1 {
		t.Fatalf("a second click on the root did not fold it: %d rows", len(d.Rows))
	}
	d.Update(tea.MouseClickMsg{Y: 0}, a.env())
	d.Update(tea.MouseWheelMsg{Button: tea.MouseWheelDown}, a.env())
	if d.Row != len(d.Rows)-1 {
		t.Fatalf("the wheel moved to row %d of %d", d.Row, len(d.Rows))
	}
}

// TestTreeFollowsTheDocument: after every key of a session in the tree,
// the tree the pane shows (brought up to date by each edit, not read
// again) is the tree of the document's parameters, marks included; the
// conversion an edit leaves for the next message is the document's, and
// any message but the tree's keys converts first.
func TestTreeFollowsTheDocument(t *testing.T) {
	a := treeApp(t)
	typeKeys(a, "j", "T")
	d := a.tree.pane
	check := func(step string) {
		t.Helper()
		want, err := schematree.Parse([]byte(params(t, a)))
		if err != nil {
			t.Fatalf("%s: %v", step, err)
		}
		if d.Strict {
			schematree.MarkStrict(want)
		}
		if d.Tree == nil || string(d.Tree.Params()) != params(t, a) {
			t.Fatalf("%s: the tree shows other parameters", step)
		}
		got, wr := d.Tree.Rows(nil), want.Rows(nil)
		if len(got) != len(wr) || d.Tree.Len() != want.Len() {
			t.Fatalf("%s: %d rows, want %d", step, len(got), len(wr))
		}
		for i := range got {
			g, w := got[i], wr[i]
			if g.Ptr != w.Ptr || g.Name != w.Name || string(g.Raw) != string(w.Raw) || g.Required != w.Required ||
				g.Type.Label() != w.Type.Label() || strings.Join(g.Problems, ";") != strings.Join(w.Problems, ";") ||
				d.Tree.Node(w.Ptr) != g {
				t.Fatalf("%s: row %d is %+v, want %+v", step, i, g, w)
			}
		}
	}
	steps := []string{"a", "stops", "enter", "right", "right", "right", "right", "right", "down", "right", "right",
		"right", "right", "a", "stop_name", "enter", "r", "r", "K", "J", "D", "x", "d", "Where to", "enter",
		"left", "e", "a, b", "enter", "r", "n", "halt", "enter", "ctrl+z"}
	for i, k := range steps {
		typeKeys(a, k)
		if k == "ctrl+z" {
			a.Update(settleMsg{}) // the message after the undo
		}
		check(fmt.Sprintf("step %d (%s)", i, k))
	}
	typeKeys(a, "r")
	if !a.s.Stale() {
		t.Fatal("the edit converted in the keystroke")
	}
	_ = a.View() // draws the conversion before the edit
	a.Update(settleMsg{})
	if a.s.Stale() {
		t.Fatal("settleMsg did not convert")
	}
	if want, _ := convert.Convert(a.s.Doc()); string(a.s.Result().JSON) != string(want) {
		t.Fatal("the settled conversion is not the document's")
	}
	typeKeys(a, "r")
	a.Update(clearStatusMsg{})
	if a.s.Stale() {
		t.Fatal("a message that is not a tree key did not convert first")
	}
	typeKeys(a, "r")
	if want, _ := convert.Convert(a.s.Doc()); string(a.Output()) != string(want) {
		t.Fatal("Output is not the document's conversion")
	}
}

func requireIn(t *testing.T, s, want string) {
	t.Helper()
	if !strings.Contains(s, want) {
		t.Fatalf("%q not in:\n%s", want, s)
	}
}

// BenchmarkTree measures a keystroke in the tree (Update and View at
// 140×40): moving down a row, and an edit (r on a property, which writes
// the parameters and brings the tree up to date; the conversion follows in
// the next message, which EditSettled adds), on the typical document's
// function and on one with a 1 MB schema (about 3,000 properties).
func BenchmarkTree(b *testing.B) {
	for _, bd := range []struct {
		name string
		json []byte
	}{{"Typical", benchdata.Typical()}, {"BigParams1MB", benchdata.BigParams1MB()}} {
		d, err := model.Parse(bd.json)
		if err != nil {
			b.Fatal(err)
		}
		open := func(b *testing.B) *App {
			a := New(Options{Doc: d, Name: "bench.json", Deps: kit.Deps{CopyNative: noCopy,
				WriteFile: func(string, []byte) error { return nil }, Getenv: func(string) string { return "" }}})
			a.Update(tea.WindowSizeMsg{Width: 140, Height: 40})
			a.Update(keyMsg("j"))
			a.Update(keyMsg("T"))
			if !treeFocused(a) {
				b.Fatal("no tree")
			}
			a.Update(keyMsg("down")) // the first property
			return a
		}
		b.Run(bd.name+"/Down", func(b *testing.B) {
			a := open(b)
			up := true
			for b.Loop() {
				k := "down"
				if up = !up; up {
					k = "k"
				}
				a.Update(keyMsg(k))
				_ = a.View()
			}
		})
		b.Run(bd.name+"/Edit", func(b *testing.B) {
			a := open(b)
			for b.Loop() {
				a.Update(keyMsg("r"))
				_ = a.View()
			}
		})
		// The whole of an edit: the keystroke, then the message that
		// converts the document (and its frame).
		b.Run(bd.name+"/EditSettled", func(b *testing.B) {
			a := open(b)
			for b.Loop() {
				a.Update(keyMsg("r"))
				_ = a.View()
				a.Update(settleMsg{})
				_ = a.View()
			}
		})
	}
}

// TestTreeRowKeysSayNothing: j, k, G and g choose a row in the tree as the
// arrows do, with no "does nothing" on the status line.
func TestTreeRowKeysSayNothing(t *testing.T) {
	a, _ := globalApp(t, "")
	typeKeys(a, "j", "T")
	if !treeShown(a) {
		t.Fatal("T did not show the tree")
	}
	for _, c := range []struct {
		key string
		row int
	}{{"j", 1}, {"G", 2}, {"k", 1}, {"g", 0}} {
		a.unsay()
		typeKeys(a, c.key)
		if a.tree.pane.Row != c.row || status(a) != "" {
			t.Errorf("%s in the tree: row %d, want %d; status %q", c.key, a.tree.pane.Row, c.row, status(a))
		}
	}
}

// TestTreeFoldOnALeafSaysWhy: space and z on a row with nothing under it
// fold nothing and say so; on the root they fold its rows.
func TestTreeFoldOnALeafSaysWhy(t *testing.T) {
	a, _ := globalApp(t, "")
	typeKeys(a, "j", "T")
	if !treeShown(a) {
		t.Fatal("T did not show the tree")
	}
	typeKeys(a, "j") // a property: a string, no rows under it
	rows := len(a.tree.pane.Rows)
	for _, k := range []string{" ", "z"} {
		a.unsay()
		typeKeys(a, k)
		if got := status(a); !strings.Contains(got, "Nothing to fold") || !strings.Contains(got, "/properties/") {
			t.Errorf("%q on a leaf row says %q", k, got)
		}
		if len(a.tree.pane.Rows) != rows {
			t.Errorf("%q on a leaf row changed the rows", k)
		}
	}
	typeKeys(a, "g", "z")
	if len(a.tree.pane.Rows) != 1 {
		t.Errorf("z on the root left %d rows, want it folded", len(a.tree.pane.Rows))
	}
}
