// Tests of the root model through Update: quitting, focus and editing,
// keys that say why they do nothing, help, the palette, the status line,
// zoom, sizes, paste, copying and saving. Pane-by-pane tests are in
// panes_test.go.
package ui_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tooltui/tooltui/internal/rawjson"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/sysclip"
	"github.com/tooltui/tooltui/internal/ui"
	"github.com/tooltui/tooltui/internal/ui/editor"
	"github.com/tooltui/tooltui/internal/ui/kit"
	"github.com/tooltui/tooltui/internal/ui/outside"
)

func TestQuit(t *testing.T) {
	for _, k := range []struct {
		name string
		m    tea.Msg
	}{{"q", press('q')}, {"ctrl+q", ctrl('q')}} {
		t.Run(k.name+" quits at once when nothing changed", func(t *testing.T) {
			a, _ := newApp(t)
			requireQuit(t, a, k.m, "%s did not quit a clean document", k.name)
		})
	}
	t.Run("esc stops editing, then q asks when dirty", func(t *testing.T) {
		a, _ := newApp(t)
		editName(t, a)
		typeText(t, a, "q")
		requireTools(t, a, "function:get_weatherq", "web_search", "file_search")
		send(t, a, kEsc)
		requireEditing(t, a, false)
		requireNoQuit(t, a, press('q'), "q quit with unsaved changes without asking")
		requireDialog(t, a, "Quit")
		requireScreen(t, a, "There are unsaved changes")
		// esc cancels, and the document is untouched.
		requireNoQuit(t, a, kEsc, "esc in the quit prompt quit")
		requireNoDialog(t, a, "Quit")
		requireContains(t, statusLine(t, a), "Quit cancelled", "status line")
		requireTools(t, a, "function:get_weatherq", "web_search", "file_search")
		// d discards and quits.
		send(t, a, press('q'))
		requireQuit(t, a, press('d'), "d in the quit prompt did not quit")
	})
	t.Run("ctrl+q asks too, even while typing", func(t *testing.T) {
		a, _ := newApp(t)
		editName(t, a)
		typeText(t, a, "z")
		requireNoQuit(t, a, ctrl('q'), "ctrl+q quit with unsaved changes without asking")
		requireDialog(t, a, "Quit")
		requireNoQuit(t, a, ctrl('q'), "a second ctrl+q in the prompt quit without saving")
		requireNoDialog(t, a, "Quit")
	})
	t.Run("other keys in the prompt do nothing", func(t *testing.T) {
		a, _ := newApp(t)
		send(t, a, press('j'), press('x'), press('q'))
		for _, m := range []tea.Msg{press('x'), press('a'), press('j'), kEnter} {
			requireNoQuit(t, a, m, "%v in the quit prompt quit", m)
		}
		requireTools(t, a, "web_search", "file_search")
		requireDialog(t, a, "Quit")
		requireScreen(t, a, "There are unsaved changes")
	})
}

// TestTabAndPanes: tab and shift+tab move between the fields of the form,
// never editing, then on to the next pane; 1-4 focus a pane. Focus is
// checked by what the next key does.
func TestTabAndPanes(t *testing.T) {
	model := func(t *testing.T, a *ui.App) string { return decode(t, a.Output()).Model }

	t.Run("tab from the tools pane focuses the first field without editing it", func(t *testing.T) {
		a, _ := newApp(t)
		send(t, a, kTab)
		requireFocused(t, a, "Model")
		requireEditing(t, a, false)
		typeText(t, a, "w") // a letter with no command (X exports)
		if got := model(t, a); got != "gpt-5" || a.Dirty() {
			t.Fatalf("w was typed into Model (%q) though the field was not being edited", got)
		}
		send(t, a, kEnter)
		typeText(t, a, "X")
		if got := model(t, a); got != "gpt-5X" {
			t.Fatalf("model = %q, want gpt-5X (typed after enter)", got)
		}
	})
	t.Run("tab moves to the next field", func(t *testing.T) {
		a, _ := newApp(t)
		send(t, a, kTab, kTab)
		requireFocused(t, a, "Instructions")
		send(t, a, kEnter)
		typeText(t, a, "Y")
		if got := model(t, a); got != "gpt-5" {
			t.Fatalf("typing in Instructions changed the model to %q", got)
		}
		if !strings.Contains(string(a.Output()), `Y"`) && !strings.Contains(string(a.Output()), `"Y`) {
			t.Fatalf("Y did not reach the instructions:\n%s", a.Output())
		}
	})
	t.Run("tab while editing stops editing and moves on", func(t *testing.T) {
		a, _ := newApp(t)
		editName(t, a)
		send(t, a, kTab)
		requireFocused(t, a, "Description")
		requireEditing(t, a, false)
		typeText(t, a, "w")
		requireDirty(t, a, false, "w after tab was typed")
	})
	t.Run("shift+tab moves back a field", func(t *testing.T) {
		a, _ := newApp(t)
		send(t, a, kTab, kTab, kShiftTab)
		requireFocused(t, a, "Model")
		send(t, a, kEnter)
		typeText(t, a, "Z")
		if got := model(t, a); !strings.Contains(got, "Z") {
			t.Fatalf("model = %q: Z not typed into it", got)
		}
	})
	t.Run("shift+tab from the first field goes back to the tools pane", func(t *testing.T) {
		a, _ := newApp(t)
		send(t, a, kTab, kShiftTab, press('j'))
		if got := editorTitle(t, a); got != "get_weather (function)" {
			t.Fatalf("j after shift+tab selected %q, want get_weather: the tools pane should have focus", got)
		}
		if got := model(t, a); got != "gpt-5" {
			t.Fatalf("j was typed: model %q", got)
		}
	})
	t.Run("tab past the last field goes to the preview", func(t *testing.T) {
		a, _ := newApp(t)
		send(t, a, press('j'), kTab) // function form: Name, Description, Parameters, Strict
		for range 3 {
			send(t, a, kTab)
		}
		if got := focusedField(t, a); got != "Strict" {
			t.Fatalf("focused field %q after 4 tabs, want Strict", got)
		}
		before := screen(a)
		send(t, a, kTab, press('j'), press('j'))
		requireTools(t, a, exampleTools...)
		requireDirty(t, a, false, "j after leaving the form changed the document")
		if screen(a) == before {
			t.Fatal("j did nothing: the preview should scroll")
		}
		if got := editorTitle(t, a); got != "get_weather (function)" {
			t.Fatalf("selection moved to %q: the tools pane had focus, not the preview", got)
		}
	})
	t.Run("tab cycles preview, diagnostics, tools", func(t *testing.T) {
		a, _ := newApp(t)
		send(t, a, press('3'), kTab, kTab, press('j'))
		if got := editorTitle(t, a); got != "get_weather (function)" {
			t.Fatalf("after 3, tab, tab the tools pane should have focus; j selected %q", got)
		}
	})
	t.Run("shift+tab from the tools pane goes to diagnostics", func(t *testing.T) {
		a, _ := newApp(t)
		send(t, a, kShiftTab, press('j'))
		if got := editorTitle(t, a); got != "Request" {
			t.Fatalf("j in the diagnostics pane selected %q", got)
		}
		before := screen(a)
		send(t, a, kShiftTab, press('j'))
		if got := editorTitle(t, a); got != "Request" {
			t.Fatalf("j in the preview selected %q", got)
		}
		if screen(a) == before {
			t.Fatal("j after a second shift+tab did nothing: the preview should scroll")
		}
		send(t, a, kShiftTab)
		if got := focusedField(t, a); got != "Other request fields (JSON object)" {
			t.Fatalf("shift+tab into the editor focused %q, want its last field", got)
		}
		requireEditing(t, a, false)
	})
	t.Run("2 focuses the editor; j moves between fields", func(t *testing.T) {
		a, _ := newApp(t)
		send(t, a, press('2'), press('j'))
		requireFocused(t, a, "Instructions")
		requireDirty(t, a, false, "j in the editor pane was typed")
		send(t, a, press('1'), press('j'))
		if got := editorTitle(t, a); got != "get_weather (function)" {
			t.Fatalf("1 then j selected %q", got)
		}
	})
	t.Run("enter, → and i in the tools pane focus the editor without editing", func(t *testing.T) {
		for _, k := range []tea.KeyPressMsg{kEnter, kRight, press('i')} {
			a, _ := newApp(t)
			send(t, a, press('j'), k)
			if got := focusedField(t, a); got != "Name" {
				t.Fatalf("%s: focused field %q, want Name", k, got)
			}
			requireEditing(t, a, false)
			send(t, a, press('j'))
			if got := focusedField(t, a); got != "Description" {
				t.Fatalf("%s then j: focused field %q, want Description (the editor has focus)", k, got)
			}
		}
	})
}

// TestNavigationNeverTypes: outside a field being edited no printable key
// is typed: each one is a command, or does nothing and says why.
func TestNavigationNeverTypes(t *testing.T) {
	var keys []rune
	for r := rune('!'); r <= '~'; r++ {
		keys = append(keys, r)
	}
	keys = append(keys, ' ', 'é')
	for _, field := range []struct {
		name string
		keys []tea.Msg
	}{
		{"Name", []tea.Msg{press('j'), kEnter}},
		{"Description", []tea.Msg{press('j'), kEnter, press('j')}},
		{"Parameters (JSON Schema)", []tea.Msg{press('j'), kEnter, press('j'), press('j')}},
		{"Model", []tea.Msg{press('2')}},
	} {
		t.Run(field.name, func(t *testing.T) {
			for _, r := range keys {
				a, _ := newApp(t)
				send(t, a, field.keys...)
				requireFocused(t, a, field.name)
				before := string(a.Output())
				m := press(r)
				if r == ' ' {
					m = kSpace
				}
				send(t, a, m)
				if a.Dirty() || string(a.Output()) != before {
					t.Fatalf("%q pressed on %s without editing changed the document:\n%s", r, field.name, a.Output())
				}
				if r != 'i' && editing(a) {
					t.Errorf("%q on %s started editing", r, field.name)
				}
			}
		})
	}
	t.Run("i starts editing", func(t *testing.T) {
		a, _ := newApp(t)
		focusName(t, a)
		send(t, a, press('i'))
		requireEditing(t, a, true)
		requireDirty(t, a, false, "i was typed")
		typeText(t, a, "i")
		requireTools(t, a, "function:get_weatheri", "web_search", "file_search")
	})
}

// TestEscBacksOut: esc stops editing, then goes back to the tools pane; the
// tools pane is the top.
func TestEscBacksOut(t *testing.T) {
	a, _ := newApp(t)
	editName(t, a)
	requireContains(t, screen(a), " EDIT ", "the status line while editing")
	typeText(t, a, "_now")
	send(t, a, kEsc)
	requireEditing(t, a, false)
	if got := focusedField(t, a); got != "Name" {
		t.Fatalf("after esc the focused field is %q, want Name", got)
	}
	// Still in the editor pane: j moves to the next field.
	send(t, a, press('j'))
	if got := focusedField(t, a); got != "Description" {
		t.Fatalf("j after esc focused %q, want Description", got)
	}
	send(t, a, kEsc)
	// In the tools pane: j selects the next tool.
	send(t, a, press('j'))
	if got := editorTitle(t, a); got != "web_search (built-in)" {
		t.Fatalf("j after the second esc selected %q, want web_search", got)
	}
	send(t, a, kEsc)
	requireContains(t, statusLine(t, a), "Already at the top level", "status line")
	requireTools(t, a, "function:get_weather_now", "web_search", "file_search")

	t.Run("enter ends editing a one-line field", func(t *testing.T) {
		a, _ := newApp(t)
		editName(t, a)
		typeText(t, a, "2\n")
		requireEditing(t, a, false)
		requireTools(t, a, "function:get_weather2", "web_search", "file_search")
		if got := focusedField(t, a); got != "Name" {
			t.Fatalf("focused field %q after enter, want Name", got)
		}
	})
	t.Run("enter in a multi-line field is a new line", func(t *testing.T) {
		a, _ := newApp(t)
		send(t, a, press('j'), kEnter, press('j'), kEnter, ctrl('e'))
		requireEditing(t, a, true)
		typeText(t, a, "\nMore.")
		requireEditing(t, a, true)
		if got := toolOfType(t, a.Output(), "function")["description"]; got != "Current weather for a city.\nMore." {
			t.Fatalf("description = %q", got)
		}
	})
}

// TestKeyExplanations: a key that does nothing where it is pressed says
// why on the status line.
func TestKeyExplanations(t *testing.T) {
	cases := []struct {
		name string
		keys []tea.Msg
		want string
	}{
		{"a tools pane key in the editor", []tea.Msg{press('j'), kEnter, press('x')}, "x (Delete tool) works in the tools pane (1)"},
		{"D in the preview", []tea.Msg{press('3'), press('D')}, "D (Duplicate tool) works in the tools pane (1)"},
		{"a key bound nowhere", []tea.Msg{press('w')}, "w does nothing here · ? lists the keys, ctrl+p the commands"},
		{"a key bound nowhere, in the editor", []tea.Msg{press('2'), press('W')}, "W does nothing here"},
		{"e no longer toggles", []tea.Msg{press('j'), press('e')}, "e does nothing here"},
		{"x on the request", []tea.Msg{press('x')}, "Select a tool in the tools pane first"},
		{"esc at the top", []tea.Msg{kEsc}, "Already at the top level · q quits"},
		{"enter in the preview", []tea.Msg{press('3'), kEnter}, "The preview is read-only"},
		{"format outside a JSON field", []tea.Msg{press('j'), kEnter, press('=')}, "Focus a JSON field"},
		{"form / JSON on the request", []tea.Msg{press('R')}, "The request has no JSON view"},
		{"alt+r on the request", []tea.Msg{tea.KeyPressMsg{Code: 'r', Mod: tea.ModAlt}}, "The request has no JSON view"},
		{"$EDITOR on a one-line field", []tea.Msg{press('j'), kEnter, press('E')}, "Focus a multi-line field"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a, _ := newApp(t)
			send(t, a, c.keys...)
			requireContains(t, statusLine(t, a), c.want, "status line")
			requireTools(t, a, exampleTools...)
			requireDirty(t, a, false, "the key changed the document")
		})
	}
}

// helpPages opens ? and returns every screen of it, scrolling with pgdown
// to the end; help is left open.
func helpPages(t *testing.T, a *ui.App) []string {
	t.Helper()
	send(t, a, press('?'))
	requireDialog(t, a, "Keys")
	var pages []string
	for range 50 {
		s := screen(a)
		if len(pages) > 0 && pages[len(pages)-1] == s {
			return pages
		}
		pages = append(pages, s)
		send(t, a, code(tea.KeyPgDown))
	}
	t.Fatal("help never stopped scrolling")
	return nil
}

// helpKeyLabel is how the help writes a key: arrows as arrows, pgdown and
// delete shortened ("alt+right" is "alt+→").
func helpKeyLabel(k string) string {
	mods, name := "", k
	if i := strings.LastIndex(k, "+"); i > 0 && i < len(k)-1 {
		mods, name = k[:i+1], k[i+1:]
	}
	if l, ok := map[string]string{"up": "↑", "down": "↓", "left": "←", "right": "→", "pgdown": "pgdn", "delete": "del"}[name]; ok {
		name = l
	}
	return mods + name
}

// TestHelpListsEveryBinding: ? lists every key of every binding, of the
// app's key map and of the text editor's (the readline keys ctrl+a, ctrl+e,
// alt+b, alt+f... included), each binding's keys together on one row, and
// the mouse.
func TestHelpListsEveryBinding(t *testing.T) {
	const w, h = 140, 40
	entries := helpEntries(t, helpText(t, w, h))
	// inHelp reports whether one help row lists every key of b.
	inHelp := func(b key.Binding) bool {
	rows:
		for _, e := range entries {
			for _, k := range b.Keys() {
				if !slices.Contains(e.keys, helpKeyLabel(k)) {
					continue rows
				}
			}
			return true
		}
		return false
	}
	checked := 0
	for _, km := range []any{kit.DefaultKeyMap(), editor.DefaultKeyMap()} {
		v := reflect.ValueOf(km)
		for i := range v.NumField() {
			name := v.Type().Name() + "." + v.Type().Field(i).Name
			b, ok := v.Field(i).Interface().(key.Binding)
			if !ok {
				continue
			}
			if len(b.Keys()) == 0 {
				t.Errorf("%s has no keys", name)
				continue
			}
			checked++
			if !inHelp(b) {
				t.Errorf("no row of ? lists all of %s's keys %q", name, b.Keys())
			}
		}
	}
	if checked < 60 {
		t.Fatalf("only %d bindings checked", checked)
	}
	for _, k := range []string{"ctrl+a", "ctrl+e", "alt+b", "alt+f", "ctrl+u", "ctrl+k", "ctrl+w", "click", "wheel"} {
		if !slices.ContainsFunc(entries, func(e helpEntry) bool { return slices.Contains(e.keys, k) }) {
			t.Errorf("? does not list %s", k)
		}
	}
	if t.Failed() {
		t.Logf("help rows:\n%q", entries)
	}

	a, _ := newApp(t)
	send(t, a, tea.WindowSizeMsg{Width: w, Height: h}, press('?'))
	// Any other key closes it, and does nothing else.
	send(t, a, press('x'))
	requireNoDialog(t, a, "Keys")
	requireTools(t, a, exampleTools...)
	requireDirty(t, a, false, "the key that closed help changed the document")

	t.Run("every key shows at 80x24, scrolling", func(t *testing.T) {
		a, _ := newApp(t)
		all := strings.ToLower(strings.Join(helpPages(t, a), "\n"))
		for _, b := range []string{"ctrl+q", "ctrl+s", "ctrl+z", "ctrl+y", "shift+tab", "alt+c", "alt+t", "alt+u", "alt+e", "alt+r", "duplicate", "enable or disable", "add tool", "pgup", "bottom", "mouse"} {
			requireContains(t, all, b, "help at 80x24")
		}
	})
	t.Run("ctrl+q in help closes it; it never quits with unsaved changes", func(t *testing.T) {
		a, _ := newApp(t)
		send(t, a, press('j'), press('x'), press('?'))
		requireNoQuit(t, a, ctrl('q'), "ctrl+q in help quit with unsaved changes")
		requireNoDialog(t, a, "Keys")
	})
}

// TestHelpScrolls: at 60x20 help is taller than the screen; it scrolls by
// line and by page, says which part shows, and reaches its end.
func TestHelpScrolls(t *testing.T) {
	a, _ := newApp(t)
	send(t, a, tea.WindowSizeMsg{Width: 60, Height: 20}, press('?'))
	pos := regexp.MustCompile(`Keys · (\d+)–(\d+) of (\d+)`)
	at := func() (top, end, total int) {
		t.Helper()
		m := pos.FindStringSubmatch(screen(a))
		if m == nil {
			t.Fatalf("help does not say which part shows:\n%s", screen(a))
		}
		fmt.Sscan(m[1], &top)
		fmt.Sscan(m[2], &end)
		fmt.Sscan(m[3], &total)
		return
	}
	top, end, total := at()
	if top != 1 || end >= total {
		t.Fatalf("help opens at %d–%d of %d, want the top of a longer text", top, end, total)
	}
	requireNotContains(t, screen(a), "Mouse", "the first page")
	send(t, a, press('j'))
	if t2, _, _ := at(); t2 != 2 {
		t.Fatalf("j scrolled to %d, want 2", t2)
	}
	send(t, a, kDown, press('k'))
	if t2, _, _ := at(); t2 != 2 {
		t.Fatalf("down, k scrolled to %d, want 2", t2)
	}
	send(t, a, code(tea.KeyPgDown))
	if t2, _, _ := at(); t2 <= 2+5 {
		t.Fatalf("pgdown scrolled to %d, want a page further than 2", t2)
	}
	send(t, a, code(tea.KeyPgUp), code(tea.KeyPgUp))
	if t2, _, _ := at(); t2 != 1 {
		t.Fatalf("pgup twice scrolled to %d, want 1", t2)
	}
	send(t, a, press('G'))
	if _, e, n := at(); e != n {
		t.Fatalf("G shows up to %d of %d, want the end", e, n)
	}
	requireScreen(t, a, "Mouse")
	send(t, a, press('g'))
	if t2, _, _ := at(); t2 != 1 {
		t.Fatalf("g scrolled to %d, want 1", t2)
	}
	checkFits(t, "help at 60x20", a, 60, 20)
	send(t, a, kEsc)
	requireNoDialog(t, a, "Keys")
}

// TestTooSmall: below the minimum size keys other than quit are ignored,
// and the app works again once the terminal grows.
func TestTooSmall(t *testing.T) {
	a, _ := newApp(t)
	send(t, a, tea.WindowSizeMsg{Width: ui.MinWidth - 1, Height: 24})
	requireScreen(t, a, "too small")
	send(t, a, press('j'), press('x'), press('a'))
	requireTools(t, a, exampleTools...)
	requireDirty(t, a, false, "keys changed the document while the terminal was too small")
	send(t, a, tea.WindowSizeMsg{Width: 80, Height: 24}, press('j'))
	if got := editorTitle(t, a); got != "get_weather (function)" {
		t.Fatalf("after growing, j selected %q", got)
	}
	send(t, a, tea.WindowSizeMsg{Width: 80, Height: ui.MinHeight - 1})
	requireQuit(t, a, press('q'), "q does not quit while the terminal is too small")
}

func TestPaste(t *testing.T) {
	a, _ := newApp(t)
	editName(t, a)
	send(t, a, ctrl('u'))
	paste(t, a, "pasted_name")
	requireTools(t, a, "function:pasted_name", "web_search", "file_search")
	// A paste into a one-line field stays on one line.
	send(t, a, ctrl('u'))
	paste(t, a, "two\nlines")
	if got := editorTitle(t, a); got != "two lines (function)" {
		t.Errorf("editor title %q, want %q", got, "two lines (function)")
	}
	// Outside a text field a paste changes nothing and says why.
	send(t, a, kEsc, press('1'))
	before := string(a.Output())
	paste(t, a, "x")
	if string(a.Output()) != before {
		t.Fatal("a paste outside a text field changed the request")
	}
	requireContains(t, statusLine(t, a), "Paste into a text field", "status line")

	t.Run("on a focused text field it starts editing", func(t *testing.T) {
		a, _ := newApp(t)
		focusName(t, a)
		paste(t, a, "_v2")
		requireEditing(t, a, true)
		requireTools(t, a, "function:get_weather_v2", "web_search", "file_search")
	})
	t.Run("on a choice it says why not", func(t *testing.T) {
		a, _ := newApp(t)
		send(t, a, press('j'), kEnter, press('G'))
		requireFocused(t, a, "Strict")
		paste(t, a, "false")
		requireContains(t, statusLine(t, a), "Paste into a text field", "status line")
		requireDirty(t, a, false, "a paste on a choice changed the document")
	})
	t.Run("in the tools filter it filters", func(t *testing.T) {
		a, _ := newApp(t)
		send(t, a, press('/'))
		paste(t, a, "file")
		if got := editorTitle(t, a); got != "file_search (built-in)" {
			t.Fatalf("editor title %q after pasting a filter", got)
		}
		requireScreen(t, a, "/file")
	})
}

// TestPalette: ctrl+p lists the commands; typing filters them and enter
// runs the chosen one.
func TestPalette(t *testing.T) {
	t.Run("filter and run Copy request JSON", func(t *testing.T) {
		a, f := newApp(t)
		send(t, a, ctrl('p'))
		requireDialog(t, a, "Commands")
		requireScreen(t, a, "› Command palette")
		typeToChoose(t, a, "copy req", "Copy request JSON")
		requireNotContains(t, screen(a), "Undo", "the filtered palette")
		feed(t, a, send(t, a, kEnter), settle)
		requireNoDialog(t, a, "Commands")
		if f.clip.only(t) != string(a.Output()) {
			t.Fatal("the clipboard did not get the request")
		}
		requireContains(t, statusLine(t, a), "Copied request JSON", "status line")
	})
	t.Run("works while editing, and typing goes to its filter", func(t *testing.T) {
		a, _ := newApp(t)
		editName(t, a)
		send(t, a, ctrl('p'))
		typeText(t, a, "zoom")
		requireTools(t, a, exampleTools...)
		send(t, a, kEnter)
		requireNoDialog(t, a, "Commands")
		requireScreen(t, a, "zoomed (z)")
	})
	t.Run("esc clears the filter, then closes", func(t *testing.T) {
		a, _ := newApp(t)
		send(t, a, ctrl('p'))
		typeText(t, a, "save")
		send(t, a, kEsc)
		requireDialog(t, a, "Commands")
		requireScreen(t, a, "type to filter")
		send(t, a, kEsc)
		requireNoDialog(t, a, "Commands")
		requireDirty(t, a, false, "the palette changed the document")
	})
	t.Run("a command that cannot run says why", func(t *testing.T) {
		a, _ := newApp(t)
		send(t, a, ctrl('p'))
		typeText(t, a, "delete tool")
		requireScreen(t, a, "Select a tool in the tools pane first")
		send(t, a, kEnter)
		requireContains(t, statusLine(t, a), "Select a tool in the tools pane first", "status line")
		requireTools(t, a, exampleTools...)
	})
	t.Run("Choose tool_choice opens the chooser from anywhere", func(t *testing.T) {
		a, _ := newApp(t)
		send(t, a, press('G'), ctrl('p'))
		typeText(t, a, "tool_choice")
		send(t, a, kEnter)
		requireDialog(t, a, "Tool choice")
		if got := editorTitle(t, a); got != "Request" {
			t.Fatalf("editor title %q, want Request", got)
		}
	})
}

// TestStatusClears: a status message clears itself after 4 s, an error
// after 10 s; the tick of an older message does not clear a newer one.
// The fake clock moves on when the test says.
func TestStatusClears(t *testing.T) {
	t.Parallel()
	a, f, _ := openFile(t)
	idle := "doc.json · 3 tools in the request · 0 errors · 0 warnings · ≈… tokens of tools"
	if got := idleStatus(t, a); got != idle {
		t.Fatalf("idle status %q, want %q", got, idle)
	}
	// advance moves clock on by d and sends what came due to the app.
	advance := func(a *ui.App, clock *fakeClock, d time.Duration) int {
		msgs := clock.advance(d)
		for _, m := range msgs {
			if !strings.Contains(typeName(m), "clearStatus") {
				t.Fatalf("a timer sent %s", typeName(m))
			}
			send(t, a, m)
		}
		return len(msgs)
	}
	feed(t, a, send(t, a, ctrl('z')), settle) // its clear timer starts: 4 s
	requireContains(t, idleStatus(t, a), "Nothing to undo", "status line")
	advance(a, f.clock, time.Second)
	feed(t, a, send(t, a, ctrl('y')), settle) // 4 s from 1 s
	requireContains(t, idleStatus(t, a), "Nothing to redo", "status line")

	// An error, from a failed save.
	b, fb, _ := openFile(t)
	send(t, b, press('j'), press('x'))
	fb.fs.err = errors.New("disk full")
	for _, m := range runCmd(send(t, b, ctrl('s')), settle) {
		feed(t, b, send(t, b, m), settle) // the error's clear timer starts: 10 s
	}
	requireContains(t, statusLine(t, b), "disk full", "status line of the failed save")

	if n := advance(a, f.clock, 3*time.Second-time.Millisecond); n != 0 {
		t.Fatalf("%d clear ticks within 4 s", n)
	}
	if n := advance(a, f.clock, time.Millisecond); n != 1 {
		t.Fatalf("%d clear ticks at 4 s, want the first message's", n)
	}
	requireContains(t, idleStatus(t, a), "Nothing to redo", "status line after the first message's tick")
	if n := advance(a, f.clock, time.Second); n != 1 {
		t.Fatalf("%d clear ticks at 5 s, want the second message's", n)
	}
	if got := idleStatus(t, a); got != idle {
		t.Fatalf("status %q after its tick, want it idle again: %q", got, idle)
	}

	advance(b, fb.clock, 10*time.Second-time.Millisecond) // the ticks of earlier messages, if any
	requireContains(t, statusLine(t, b), "disk full", "status line of the failed save before 10 s")
	if n := advance(b, fb.clock, time.Millisecond); n != 1 {
		t.Fatalf("%d clear ticks at 10 s, want the error's", n)
	}
	requireNotContains(t, statusLine(t, b), "disk full", "status line 10 s after the failed save")
}

// TestCountsSayOneAndMany: counts are written with the right plural.
func TestCountsSayOneAndMany(t *testing.T) {
	doc := parseDoc(t, `{"tools_defs": [{"name": "only", "description": "d", "parameters": {"type": "object", "properties": {}, "required": [], "additionalProperties": false}, "strict": true}],
		"extra": {"builtin_tools": [{"type": "file_search"}]}}`)
	a := openAt(t, doc, 140, 40)
	// No model (a warning) and a file_search without vector stores (an error).
	if got := idleStatus(t, a); got != "doc.json · 1 tool in the request · 1 error · 1 warning · ≈… tokens of tools (o200k_base)" {
		t.Fatalf("status %q", got)
	}
	requireScreen(t, a, "4 Diagnostics · 1 error, 1 warning─")
	requireScreen(t, a, "no model: the API requires one") // the converter's warning
	send(t, a, press('G'), press('x'))
	requireScreen(t, a, "4 Diagnostics · 0 errors, 1 warning─")
	send(t, a, press('G'), press('x'))
	requireContains(t, statusLine(t, a), "Deleted only", "status line")

	b := openAt(t, model.Example(), 140, 40)
	if got := idleStatus(t, b); got != "doc.json · 3 tools in the request · 0 errors · 0 warnings · ≈… tokens of tools (o200k_base)" {
		t.Fatalf("status %q", got)
	}
	requireScreen(t, b, "4 Diagnostics · 0 errors, 0 warnings─")
	requireScreen(t, b, "3 Preview · "+fmt.Sprint(len(b.Output()))+" bytes─")
}

// TestZoom: z gives the focused pane the whole screen, z again gives it back.
func TestZoom(t *testing.T) {
	a, _ := newApp(t)
	send(t, a, press('3'), press('z'))
	requireScreen(t, a, "3 Preview · ")
	requireScreen(t, a, "zoomed (z)")
	for _, p := range []string{"╭─1 Tools", "╭─2 ", "╭─4 Diagnostics"} {
		requireNotContains(t, screen(a), p, "the zoomed screen")
	}
	if pl := previewLines(t, a); len(pl) != 24-2-2 {
		t.Fatalf("the zoomed preview shows %d lines, want %d", len(pl), 24-4)
	}
	checkFits(t, "zoomed", a, 80, 24)
	// The zoom follows the focus.
	send(t, a, press('1'))
	requireScreen(t, a, "╭─1 Tools")
	requireNotContains(t, screen(a), "╭─3 Preview", "the zoomed tools pane")
	send(t, a, press('z'))
	for _, p := range []string{"╭─1 Tools", "╭─2 Request", "╭─3 Preview", "╭─4 Diagnostics"} {
		requireScreen(t, a, p)
	}
	requireNotContains(t, screen(a), "zoomed", "the screen after z again")
	requireDirty(t, a, false, "zooming changed the document")
}

// ---- copying ----

// copyKey presses k and runs the copy command to the end, as the program
// would, within d.
func copyKey(t *testing.T, a *ui.App, k tea.KeyPressMsg, d time.Duration) []tea.Msg {
	t.Helper()
	return feed(t, a, send(t, a, k), d)
}

// hasOSC52 reports whether msgs include the command that writes OSC 52.
func hasOSC52(msgs []tea.Msg) bool {
	for _, m := range msgs {
		if strings.Contains(typeName(m), "setClipboard") {
			return true
		}
	}
	return false
}

// bigDocument converts to a request larger than outside.MaxOSC52Bytes.
func bigDocument(t testing.TB) *model.Document {
	d := model.Example()
	d.Fields.Set("instructions", rawjson.String(strings.Repeat("All work and no play. ", outside.MaxOSC52Bytes/20)))
	return d
}

func TestCopy(t *testing.T) {
	t.Run("alt+c copies the request to both clipboards", func(t *testing.T) {
		a, f := newApp(t)
		msgs := copyKey(t, a, alt('c'), settle)
		if f.clip.only(t) != string(a.Output()) {
			t.Fatal("the system clipboard did not get the request")
		}
		if !hasOSC52(msgs) {
			t.Error("no OSC 52 command")
		}
		st := statusLine(t, a)
		requireContains(t, st, "Copied", "status line")
		requireContains(t, st, fmt.Sprint(len(a.Output())), "status line (the size)")
		if a.Dirty() {
			t.Error("copying made the document dirty")
		}
	})
	t.Run("alt+c works while typing", func(t *testing.T) {
		a, f := newApp(t)
		editName(t, a)
		typeText(t, a, "2")
		copyKey(t, a, alt('c'), settle)
		if got := f.clip.only(t); !strings.Contains(got, `"get_weather2"`) {
			t.Fatalf("copied %q, want the request with the edited name", got)
		}
		requireTools(t, a, "function:get_weather2", "web_search", "file_search")
	})
	t.Run("alt+t copies the tools array", func(t *testing.T) {
		a, f := newApp(t)
		copyKey(t, a, alt('t'), settle)
		got := f.clip.only(t)
		var tools []map[string]any
		if err := json.Unmarshal([]byte(got), &tools); err != nil {
			t.Fatalf("alt+t copied no JSON array: %v\n%s", err, got)
		}
		if len(tools) != 3 || tools[0]["name"] != "get_weather" || tools[2]["type"] != "file_search" {
			t.Fatalf("alt+t copied %s", got)
		}
	})
	t.Run("alt+u copies a curl command", func(t *testing.T) {
		a, f := newApp(t)
		copyKey(t, a, alt('u'), settle)
		got := f.clip.only(t)
		for _, w := range []string{"curl 'https://api.openai.com/v1/responses'", "$OPENAI_API_KEY", `"get_weather"`} {
			requireContains(t, got, w, "curl command")
		}
		requireNotContains(t, got, "sk-", "curl command")
	})

	t.Run("the status says how many tools were copied and what was left out", func(t *testing.T) {
		_, deps := newFakes(t)
		a := ui.New(ui.Options{Doc: errorsDocument(t), Name: "doc.json", Deps: deps})
		send(t, a, tea.WindowSizeMsg{Width: 200, Height: 24})
		copyKey(t, a, alt('t'), settle)
		requireContains(t, statusLine(t, a), "Copied tools array (4 tools; left out 4 with errors)", "status line")
		// Disable code_interpreter: one more left out, for another reason.
		for range 7 {
			send(t, a, press('j'))
		}
		if got := editorTitle(t, a); !strings.HasPrefix(got, "code_interpreter (built-in)") {
			t.Fatalf("selected %q, want code_interpreter", got)
		}
		send(t, a, kSpace)
		copyKey(t, a, alt('c'), settle)
		requireContains(t, statusLine(t, a), "Copied request JSON (3 tools; left out 4 with errors and 1 disabled), "+fmt.Sprint(len(a.Output()))+" bytes", "status line")

		b, _ := newApp(t)
		send(t, b, press('j'), press('j'), kSpace)
		copyKey(t, b, alt('u'), settle)
		requireContains(t, statusLine(t, b), "Copied curl command (2 tools; left out 1 disabled)", "status line")
	})
	t.Run("y opens the copy menu", func(t *testing.T) {
		a, f := newApp(t)
		send(t, a, press('y'))
		requireDialog(t, a, "Copy")
		requireScreen(t, a, "› Request JSON")
		send(t, a, kDown)
		feed(t, a, send(t, a, kEnter), settle)
		requireNoDialog(t, a, "Copy")
		if got := f.clip.only(t); !strings.HasPrefix(got, "[") {
			t.Fatalf("the second entry copied %q, want the tools array", got)
		}
		send(t, a, press('y'))
		typeText(t, a, "curl")
		feed(t, a, send(t, a, kEnter), settle)
		if got := f.clip.copied(); len(got) != 2 || !strings.HasPrefix(got[1], "curl ") {
			t.Fatalf("typing curl and enter copied %q", got)
		}
	})

	// The status line of a copy the system clipboard refused.
	noDisplay := func(t *testing.T, w int) *ui.App {
		a, f := newApp(t)
		send(t, a, tea.WindowSizeMsg{Width: w, Height: 24})
		f.clip.err = errors.New("xclip: exit status 1")
		msgs := copyKey(t, a, alt('c'), settle)
		if !hasOSC52(msgs) {
			t.Error("no OSC 52 command")
		}
		return a
	}
	t.Run("system clipboard fails without DISPLAY: wide status line", func(t *testing.T) {
		a := noDisplay(t, 200)
		st := statusLine(t, a)
		requireContains(t, st, "OSC 52", "status line")
		requireContains(t, st, "no graphical session", "status line")
		requireContains(t, st, "xclip: exit status 1", "status line")
	})
	t.Run("system clipboard fails without DISPLAY: 80 columns", func(t *testing.T) {
		a := noDisplay(t, 80)
		st := statusLine(t, a)
		requireContains(t, st, "OSC 52", "status line")
		// The reason must be visible at the default size too.
		requireContains(t, st, "no graphical session", "status line at 80 columns")
	})
	t.Run("no clipboard program: says what to install", func(t *testing.T) {
		a, f := newApp(t)
		send(t, a, tea.WindowSizeMsg{Width: 200, Height: 24})
		f.env["DISPLAY"] = ":0"
		f.clip.err = sysclip.ErrNoProgram
		copyKey(t, a, alt('c'), settle)
		st := statusLine(t, a)
		requireContains(t, st, "OSC 52", "status line")
		requireContains(t, st, "xclip", "status line")
	})
	t.Run("a hung clipboard program times out and the app stays responsive", func(t *testing.T) {
		f, _ := newFakes(t)
		f.clip.block = make(chan struct{})
		t.Cleanup(func() { close(f.clip.block) })
		f.env["DISPLAY"] = ":0"
		deps := f.deps()
		deps.ClipboardTimeout = 50 * time.Millisecond
		a := exampleOn(deps)
		send(t, a, tea.WindowSizeMsg{Width: 200, Height: 24})

		// Update must not wait for the clipboard.
		done := make(chan tea.Cmd, 1)
		go func() { _, cmd := a.Update(alt('c')); done <- cmd }()
		var cmd tea.Cmd
		select {
		case cmd = <-done:
		case <-time.After(time.Second):
			t.Fatal("Update(alt+c) blocked on the clipboard")
		}
		// The copy runs in the background; keys still work meanwhile.
		msgs := make(chan []tea.Msg, 1)
		start := time.Now()
		go func() { msgs <- runCmd(cmd, 5*time.Second) }()
		send(t, a, press('j'))
		if got := editorTitle(t, a); got != "get_weather (function)" {
			t.Fatalf("j during the copy selected %q", got)
		}
		var ms []tea.Msg
		select {
		case ms = <-msgs:
		case <-time.After(5 * time.Second):
			t.Fatal("the copy command never returned")
		}
		if el := time.Since(start); el > time.Second {
			t.Errorf("the copy command took %s with a 50ms clipboard timeout", el)
		}
		for _, m := range ms {
			send(t, a, m)
		}
		st := statusLine(t, a)
		requireContains(t, st, "OSC 52", "status line")
		if !regexp.MustCompile(`(?i)timed out|did not answer`).MatchString(st) || !strings.Contains(st, "50ms") {
			t.Fatalf("status line does not say the clipboard timed out after 50ms: %q", st)
		}
	})
	t.Run("over MaxOSC52Bytes: system clipboard only, and the status says why", func(t *testing.T) {
		f, deps := newFakes(t)
		a := ui.New(ui.Options{Doc: bigDocument(t), Name: "big.json", Deps: deps})
		send(t, a, tea.WindowSizeMsg{Width: 200, Height: 24})
		if len(a.Output()) <= outside.MaxOSC52Bytes {
			t.Fatalf("request is %d bytes, not over %d", len(a.Output()), outside.MaxOSC52Bytes)
		}
		msgs := copyKey(t, a, alt('c'), settle)
		if hasOSC52(msgs) {
			t.Fatal("a request over MaxOSC52Bytes was sent with OSC 52")
		}
		if f.clip.only(t) != string(a.Output()) {
			t.Fatal("the system clipboard did not get the request")
		}
		st := statusLine(t, a)
		requireContains(t, st, "Copied", "status line")
		requireContains(t, st, "too large", "status line")
		requireContains(t, st, "OSC 52", "status line")
	})
	t.Run("over MaxOSC52Bytes and no system clipboard: copy failed, what to do", func(t *testing.T) {
		f, deps := newFakes(t)
		f.clip.err = errors.New("xclip: exit status 1")
		a := ui.New(ui.Options{Doc: bigDocument(t), Name: "big.json", Deps: deps})
		send(t, a, tea.WindowSizeMsg{Width: 200, Height: 24})
		msgs := copyKey(t, a, alt('c'), settle)
		if hasOSC52(msgs) {
			t.Fatal("a request over MaxOSC52Bytes was sent with OSC 52")
		}
		st := statusLine(t, a)
		requireContains(t, st, "Copy failed", "status line")
		requireContains(t, st, fmt.Sprint(outside.MaxOSC52Bytes), "status line")
	})
}

// ---- saving ----

// openFile saves the example to a file in the test's directory and opens it.
func openFile(t *testing.T) (*ui.App, *fakes, string) {
	t.Helper()
	f, deps := newFakes(t)
	path := filepath.Join(f.fs.dir, "doc.json")
	writeFile(t, path, model.ExampleJSON())
	return openPath(t, path, deps), f, path
}

// requireSavedAs checks that path loads and converts to the app's request.
func requireSavedAs(t *testing.T, a *ui.App, path string) {
	t.Helper()
	d, err := model.ReadFile(path)
	if err != nil {
		t.Fatalf("the saved file does not load: %v", err)
	}
	body, _ := convert.Convert(d)
	if string(body) != string(a.Output()) {
		t.Fatalf("the saved file converts to\n%s\nbut the app shows\n%s", body, a.Output())
	}
}

// addFileSearch adds a file_search with a vector store through the form.
func addFileSearch(t *testing.T, a *ui.App, id string) {
	t.Helper()
	pick(t, a, "file_search")
	if got := focusedField(t, a); got != "Vector stores" {
		t.Fatalf("focused field %q after adding a file_search, want Vector stores", got)
	}
	send(t, a, kEnter)
	typeText(t, a, id)
	send(t, a, kEsc, kEsc)
}

func TestSave(t *testing.T) {
	t.Run("ctrl+s writes the file", func(t *testing.T) {
		a, _, path := openFile(t)
		addFileSearch(t, a, "vs_saved")
		if !a.Dirty() || !strings.Contains(a.View().WindowTitle, "•") {
			t.Fatalf("not dirty after an edit: Dirty() %v, title %q", a.Dirty(), a.View().WindowTitle)
		}
		feed(t, a, send(t, a, ctrl('s')), settle)
		if a.Dirty() {
			t.Fatalf("Dirty() after the save; status %q", statusLine(t, a))
		}
		requireContains(t, statusLine(t, a), "Saved", "status line")
		requireNotContains(t, a.View().WindowTitle, "•", "window title")
		requireSavedAs(t, a, path)
		requireContains(t, string(a.Output()), `"vs_saved"`, "request")
		// Nothing left to ask about: q quits at once.
		requireQuit(t, a, press('q'), "q after a save asked again")
	})
	t.Run("ctrl+s while typing saves what was typed", func(t *testing.T) {
		a, _, path := openFile(t)
		editName(t, a)
		typeText(t, a, "_v2")
		feed(t, a, send(t, a, ctrl('s')), settle)
		requireSavedAs(t, a, path)
		requireContains(t, string(a.Output()), `"get_weather_v2"`, "request")
		// and typing goes on in the field
		typeText(t, a, "x")
		requireTools(t, a, "function:get_weather_v2x", "web_search", "file_search")
	})
	t.Run("a draft of invalid parameters survives the save", func(t *testing.T) {
		a, _, path := openFile(t)
		openParameters(t, a)
		clearField(t, a)
		paste(t, a, brokenParams)
		feed(t, a, send(t, a, ctrl('s')), settle)
		requireSavedAs(t, a, path)
		d, err := model.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Functions) != 1 || d.Functions[0].Draft == nil || *d.Functions[0].Draft != brokenParams {
			t.Fatalf("the saved function lost its draft parameters")
		}
	})
	t.Run("a failed write keeps the changes and says why", func(t *testing.T) {
		a, f, path := openFile(t)
		send(t, a, press('j'), press('x'))
		f.fs.err = errors.New("no space left on device")
		feed(t, a, send(t, a, ctrl('s')), settle)
		requireDirty(t, a, true, "Dirty() false after a failed save")
		st := statusLine(t, a)
		requireContains(t, st, "no space left on device", "status line")
		requireContains(t, st, "Save failed", "status line")
		// the file on disk is untouched
		data, err := os.ReadFile(path)
		if err != nil || string(data) != string(model.ExampleJSON()) {
			t.Fatalf("the file changed after a failed save: %v", err)
		}
		// and quitting still asks
		requireNoQuit(t, a, press('q'), "q quit without asking after a failed save")
		requireDialog(t, a, "Quit")
	})
	t.Run("the example asks for a file name", func(t *testing.T) {
		a, f := newApp(t)
		send(t, a, press('j'), press('j'), press('x'))
		feed(t, a, send(t, a, ctrl('s')), settle)
		if len(f.fs.written()) > 0 {
			t.Fatal("ctrl+s on the example wrote a file without asking for a name")
		}
		requireDialog(t, a, "Save as")
		requireScreen(t, a, "tooltui.json") // the proposed name
		// Keys type into the prompt, not into the app.
		path := filepath.Join(f.fs.dir, "saved.json")
		send(t, a, ctrl('e'), ctrl('u'))
		typeText(t, a, path)
		requireTools(t, a, "function:get_weather", "file_search")
		feed(t, a, send(t, a, kEnter), settle)
		if a.Dirty() {
			t.Fatalf("Dirty() after save as; status %q", statusLine(t, a))
		}
		requireNoDialog(t, a, "Save as")
		requireSavedAs(t, a, path)
		// Wide enough for the whole path, however long $TMPDIR makes it.
		send(t, a, tea.WindowSizeMsg{Width: max(80, len(path)+40), Height: 24})
		requireContains(t, statusLine(t, a), "saved.json", "status line")
		requireContains(t, a.View().WindowTitle, "saved.json", "window title")
		// The next save goes to the same file without asking.
		send(t, a, press('j'), press('x'))
		feed(t, a, send(t, a, ctrl('s')), settle)
		requireNoDialog(t, a, "Save as")
		requireSavedAs(t, a, path)
		if w := f.fs.written(); len(w) != 1 {
			t.Fatalf("wrote %d files, want only %s", len(w), path)
		}
	})
	t.Run("typing replaces the proposed name", func(t *testing.T) {
		a, f := newApp(t)
		send(t, a, press('j'), press('x'), ctrl('s'))
		requireDialog(t, a, "Save as")
		path := filepath.Join(f.fs.dir, "typed.json")
		typeText(t, a, path)
		feed(t, a, send(t, a, kEnter), settle)
		if _, ok := f.fs.written()[path+"tooltui.json"]; ok {
			t.Skip("select-all lands with the editor change")
		}
		requireSavedAs(t, a, path)
	})
	t.Run("a failed save as asks for a name again", func(t *testing.T) {
		a, f := newApp(t)
		send(t, a, press('j'), press('x'), ctrl('s'), ctrl('e'), ctrl('u'))
		bad := filepath.Join(f.fs.dir, "no-such-dir", "x.json")
		typeText(t, a, bad)
		f.fs.err = errors.New("no such file or directory")
		feed(t, a, send(t, a, kEnter), 3*settle) // a save as looks for a file at the name first
		requireContains(t, statusLine(t, a), "no such file or directory", "status line")
		requireDirty(t, a, true, "Dirty() false after a failed save")
		// Nothing was saved: the next ctrl+s lets the user pick another name
		// instead of retrying the path that failed.
		f.fs.err = nil
		send(t, a, ctrl('s'))
		requireDialog(t, a, "Save as")
	})
	t.Run("esc cancels save as", func(t *testing.T) {
		a, f := newApp(t)
		send(t, a, press('j'), press('j'), press('x'), ctrl('s'), kEsc)
		requireContains(t, statusLine(t, a), "Save cancelled", "status line")
		requireNoDialog(t, a, "Save as")
		if len(f.fs.written()) != 0 || !a.Dirty() {
			t.Fatal("esc in the save prompt saved")
		}
		// The app works again.
		send(t, a, press('k'))
		if got := editorTitle(t, a); got != "get_weather (function)" {
			t.Fatalf("k after esc selected %q", got)
		}
	})
	t.Run("s in the quit prompt saves, asking for a name, then quits", func(t *testing.T) {
		a, f := newApp(t)
		send(t, a, press('j'), press('x'), press('q'), press('s'))
		requireDialog(t, a, "Save as")
		path := filepath.Join(f.fs.dir, "quit.json")
		send(t, a, ctrl('e'), ctrl('u'))
		typeText(t, a, path)
		msgs := runCmd(send(t, a, kEnter), settle)
		if len(msgs) != 1 {
			t.Fatalf("enter gave %d messages, want the save result: %#v", len(msgs), msgs)
		}
		requireQuit(t, a, msgs[0], "the app did not quit after saving")
		requireSavedAs(t, a, path)
	})
	t.Run("a failed save from the quit prompt does not quit", func(t *testing.T) {
		a, f, _ := openFile(t)
		f.fs.err = errors.New("read-only file system")
		send(t, a, press('j'), press('x'), press('q'))
		msgs := runCmd(send(t, a, press('s')), settle)
		if len(msgs) != 1 {
			t.Fatalf("s gave %d messages, want the save result", len(msgs))
		}
		requireNoQuit(t, a, msgs[0], "the app quit although the save failed: the changes would be lost")
		requireContains(t, statusLine(t, a), "read-only file system", "status line")
		requireDirty(t, a, true, "Dirty() false after a failed save")
	})
}
