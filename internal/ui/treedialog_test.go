package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/tooltui/tooltui/internal/benchdata"
	"github.com/tooltui/tooltui/internal/model"
)

func treeApp(t *testing.T) *App {
	t.Helper()
	a := New(Options{Doc: model.Example(), Name: "example.json", Deps: Deps{
		CopyNative: func(string) error { return nil },
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
	}
	r := []rune(s)[0]
	return tea.KeyPressMsg{Code: r, Text: s}
}

func typeKeys(a *App, keys ...string) {
	for _, k := range keys {
		if len(k) > 1 && k != "enter" && k != "esc" && k != "right" && k != "left" && k != "down" && k != "ctrl+z" {
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
	p, _ := model.GetPath(a.s.doc.Functions[0].Raw, []string{"parameters"})
	return string(p)
}

// TestTreeBuildsANestedSchemaWithoutABrace: a nested object with an array
// of objects, all from keys; every step is one undo.
func TestTreeBuildsANestedSchemaWithoutABrace(t *testing.T) {
	a := treeApp(t)
	typeKeys(a, "j", "T")
	if _, ok := a.dialog.(*treeDialog); !ok {
		t.Fatalf("T did not open the tree: %s", treeScreen(a))
	}
	requireIn(t, treeScreen(a), "Parameters of get_weather")
	typeKeys(a, "a", "stops", "enter")
	requireIn(t, params(t, a), `"stops":{"type":"string","description":""}`)
	typeKeys(a, "right", "right", "right", "right", "right") // string → … → array
	if _, ok := a.dialog.(*treeDialog); !ok {
		t.Fatalf("the tree closed: %s", treeScreen(a))
	}
	requireIn(t, params(t, a), `"stops":{"type":"array","description":"","items":{"type":"string"}}`)
	typeKeys(a, "down", "right", "right", "right", "right") // items: string → object
	requireIn(t, params(t, a), `"items":{"type":"object","properties":{},"required":[],"additionalProperties":false}`)
	typeKeys(a, "a", "stop_name", "enter")
	requireIn(t, params(t, a), `"items":{"type":"object","properties":{"stop_name":{"type":"string","description":""}},"required":["stop_name"],"additionalProperties":false}`)
	s := treeScreen(a)
	requireIn(t, s, "stops*")
	requireIn(t, s, "stop_name*")
	if !strings.Contains(string(a.Output()), `"stop_name"`) {
		t.Fatal("the request does not follow the tree")
	}
	typeKeys(a, "ctrl+z")
	a.Update(treeSyncMsg{})
	if strings.Contains(params(t, a), "stop_name") {
		t.Fatal("undo did not take the last edit back")
	}
	typeKeys(a, "esc")
	if a.dialog != nil {
		t.Fatal("esc did not close the tree")
	}
}

// TestTreeMouse: a click picks the row under the pointer, a second click
// folds it, the wheel moves down.
func TestTreeMouse(t *testing.T) {
	a := treeApp(t)
	typeKeys(a, "j", "T")
	d := a.dialog.(*treeDialog)
	d.update(tea.MouseClickMsg{Y: 2}, a.env())
	if n := d.current(); n == nil || n.Name != "unit" {
		t.Fatalf("the click chose %+v", n)
	}
	d.update(tea.MouseClickMsg{Y: 0}, a.env())
	d.update(tea.MouseClickMsg{Y: 0}, a.env())
	if len(d.rows) != 1 {
		t.Fatalf("a second click on the root did not fold it: %d rows", len(d.rows))
	}
	d.update(tea.MouseClickMsg{Y: 0}, a.env())
	d.update(tea.MouseWheelMsg{Button: tea.MouseWheelDown}, a.env())
	if d.row != len(d.rows)-1 {
		t.Fatalf("the wheel moved to row %d of %d", d.row, len(d.rows))
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
// the parameters and reads the tree again), on the typical document's
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
			a := New(Options{Doc: d, Name: "bench.json", Deps: Deps{CopyNative: func(string) error { return nil },
				WriteFile: func(string, []byte) error { return nil }, Getenv: func(string) string { return "" }}})
			a.Update(tea.WindowSizeMsg{Width: 140, Height: 40})
			a.Update(keyMsg("j"))
			a.Update(keyMsg("T"))
			if _, ok := a.dialog.(*treeDialog); !ok {
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
	}
}
