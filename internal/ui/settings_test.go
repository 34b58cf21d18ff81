// New functions go on to their parameters tree once named, unless the
// saved setting says to stay in the form; the palette switches it.
package ui_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/session"
	"github.com/tooltui/tooltui/internal/ui"
)

// addFunction adds a function from the catalogue and types its name.
func addFunction(t *testing.T, a *ui.App, name string) {
	t.Helper()
	send(t, a, press('a'))
	requireDialog(t, a, "Add a tool")
	send(t, a, kEnter) // function is the first kind
	typeText(t, a, name)
}

func settingsApp(t *testing.T, s session.Settings, file string) (*ui.App, *fakes) {
	t.Helper()
	f, deps := newFakes(t)
	a := ui.New(ui.Options{Doc: &model.Document{}, Name: "doc.json", Deps: deps, Settings: s, SettingsFile: file})
	send(t, a, tea.WindowSizeMsg{Width: 100, Height: 30})
	return a, f
}

func TestNewFunctionOpensItsParametersTree(t *testing.T) {
	t.Parallel()
	t.Run("enter after the name", func(t *testing.T) {
		a, _ := settingsApp(t, session.Settings{}, "")
		addFunction(t, a, "get_time")
		requireContains(t, statusLine(t, a), "enter goes on to its parameters as a tree", "status line")
		send(t, a, kEnter)
		requireContains(t, screen(a), "╭─2 Parameters of get_time · tree", "the screen")
	})
	t.Run("esc stays in the form", func(t *testing.T) {
		a, _ := settingsApp(t, session.Settings{}, "")
		addFunction(t, a, "get_time")
		send(t, a, kEsc)
		requireNotContains(t, screen(a), "Parameters of get_time", "the screen")
		// and a later enter on the name is an ordinary edit
		send(t, a, kEnter, kEnter)
		requireNotContains(t, screen(a), "Parameters of get_time", "the screen")
	})
	t.Run("the json setting stays in the form", func(t *testing.T) {
		a, _ := settingsApp(t, session.Settings{NewFunctionView: session.ViewJSON}, "")
		addFunction(t, a, "get_time")
		send(t, a, kEnter)
		requireNotContains(t, screen(a), "Parameters of get_time", "the screen")
	})
	t.Run("a built-in has no tree", func(t *testing.T) {
		a, _ := settingsApp(t, session.Settings{}, "")
		send(t, a, press('a'))
		typeText(t, a, "mcp")
		send(t, a, kEnter)
		typeText(t, a, "docs")
		send(t, a, kEnter)
		requireNotContains(t, screen(a), "Parameters of", "the screen")
	})
}

func TestSwitchNewFunctionViewSaves(t *testing.T) {
	t.Parallel()
	_, deps := newFakes(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "tooltui", "settings.json")
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, file, []byte(`{"theme": "later", "new_function_view": "tree"}`))
	deps.WriteFile = func(p string, b []byte) error { return os.WriteFile(p, b, 0o644) }
	a := ui.New(ui.Options{Doc: &model.Document{}, Deps: deps, SettingsFile: file})
	send(t, a, tea.WindowSizeMsg{Width: 100, Height: 30})

	switchView := func() {
		send(t, a, ctrl('p'))
		typeText(t, a, "where new functions")
		feed(t, a, send(t, a, kEnter), settle)
	}
	switchView()
	requireContains(t, statusLine(t, a), "stay in the form", "status line")
	got, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	s, err := session.LoadSettings(file)
	if err != nil || s.NewFunctionView != session.ViewJSON || !strings.Contains(string(got), `"theme": "later"`) {
		t.Fatalf("saved %s (%v, %+v): want json kept beside the other key", got, err, s)
	}
	addFunction(t, a, "f")
	send(t, a, kEnter)
	requireNoDialog(t, a, "Parameters of f")

	send(t, a, kEsc)
	switchView()
	requireContains(t, statusLine(t, a), "as a tree", "status line")
	if s, _ := session.LoadSettings(file); s.NewFunctionView != session.ViewTree {
		t.Fatalf("after switching back the file says %+v", s)
	}
}

func TestLoadSettings(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if s, err := session.LoadSettings(filepath.Join(dir, "none.json")); err != nil || s != (session.Settings{}) {
		t.Errorf("a missing file: %+v, %v", s, err)
	}
	for name, text := range map[string]string{
		"not json":     `{"new_function_view":`,
		"unknown view": `{"new_function_view": "graph"}`,
	} {
		p := filepath.Join(dir, strings.ReplaceAll(name, " ", "_"))
		writeFile(t, p, []byte(text))
		if _, err := session.LoadSettings(p); err == nil || !strings.Contains(err.Error(), p) {
			t.Errorf("%s: err = %v, want one naming the file", name, err)
		}
	}
}
