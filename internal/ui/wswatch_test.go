// Watching a workspace's folder: a hidden document changed, made or
// deleted on disk, seen while the app runs; the move dialog opened
// before the folder is listed.
package ui_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/ui"
	"github.com/tooltui/tooltui/internal/ui/docs"
)

// fakeDirWatch stands in for the folder's watcher (Deps.WatchDir): fire
// reports paths to the newest one. A command waiting parks in the pump's
// runner, as fakeWatch's do.
type fakeDirWatch struct {
	t       testing.TB
	mu      sync.Mutex
	runner  *runner
	dirs    []string
	pending []string
	waiting chan []string // a wait blocked, nil when none
	stopped bool
}

func (w *fakeDirWatch) watch(dir string) (func() ([]string, bool), func(), error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.dirs = append(w.dirs, dir)
	wait := func() ([]string, bool) {
		w.mu.Lock()
		switch {
		case w.stopped:
			w.mu.Unlock()
			return nil, false
		case len(w.pending) > 0:
			out := w.pending
			w.pending = nil
			w.mu.Unlock()
			return out, true
		}
		ch := make(chan []string, 1)
		w.waiting = ch
		w.runner.park(1)
		w.mu.Unlock()
		out := <-ch
		return out, out != nil
	}
	stop := func() {
		w.mu.Lock()
		defer w.mu.Unlock()
		if w.stopped {
			return
		}
		w.stopped = true
		if w.waiting != nil {
			w.runner.park(-1)
			w.waiting <- nil
			w.waiting = nil
		}
	}
	w.t.Cleanup(stop)
	return wait, stop, nil
}

// fire reports paths, as one burst.
func (w *fakeDirWatch) fire(paths ...string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.waiting == nil {
		w.pending = append(w.pending, paths...)
		return
	}
	w.runner.park(-1)
	w.waiting <- paths
	w.waiting = nil
}

// wsWatched is wsAppWith with the folder watched by a fake, its commands
// run by a pump.
func wsWatched(t *testing.T, more map[string]string) (*ui.App, string, *fakeDirWatch, *pump) {
	t.Helper()
	docs := map[string]string{"a.json": wsDocA, "b.json": wsDocB, "c.json": wsDocC}
	for name, data := range more {
		docs[name] = data
	}
	o, f := wsOptions(t, docs)
	dir := f.fs.dir
	w := &fakeDirWatch{t: t}
	o.Deps.WatchDir = w.watch
	a := ui.New(o)
	p := newPump(t, a)
	w.runner = p.r
	p.run(send(t, a, tea.WindowSizeMsg{Width: 120, Height: 40}))
	p.run(a.Init())
	p.settle()
	if len(w.dirs) != 1 || w.dirs[0] != dir {
		t.Fatalf("watching %q, want %s", w.dirs, dir)
	}
	return a, dir, w, p
}

// switcherRow is the switcher's line of the document name ("" when it is
// not listed).
func switcherRow(a *ui.App, name string) string {
	for _, l := range lines(a) {
		if strings.Contains(l, " "+name+" ") {
			return strings.Join(strings.Fields(l), " ")
		}
	}
	return ""
}

func requireRow(t *testing.T, a *ui.App, name, want string) {
	t.Helper()
	if row := switcherRow(a, name); !strings.Contains(row, want) {
		t.Fatalf("the switcher's row of %s should say %q: %q\n%s", name, want, row, screen(a))
	}
}

const wsDocB3 = `{"tools_defs": [{"name": "beta_two", "description": "Second", "parameters": {"type": "object", "properties": {}}},
  {"name": "beta_three", "description": "Third", "parameters": {"type": "object", "properties": {}}}], "extra": {"builtin_tools": [{"type": "web_search"}]}}`

// A hidden document without unsaved changes takes its change on disk,
// read or not yet shown: the open switcher's counts follow.
func TestWorkspaceWatchTakesAHiddenCleanDocument(t *testing.T) {
	a, dir, w, p := wsWatched(t, nil)
	p.key(ctrl('o'))
	p.key(press('c'))
	p.key(code(tea.KeyEnter)) // c.json has a session now
	p.key(ctrl('o'))
	p.key(press('a'))
	p.key(code(tea.KeyEnter))
	p.key(ctrl('o'))
	requireRow(t, a, "b.json", "2 tools")
	requireRow(t, a, "c.json", "1 tool")

	writeFile(t, filepath.Join(dir, "b.json"), []byte(wsDocB3))
	writeFile(t, filepath.Join(dir, "c.json"), []byte(strings.Replace(wsDocB3, "beta_", "gamma_", -1)))
	w.fire("b.json", "c.json")
	p.settle()
	requireRow(t, a, "b.json", "3 tools")
	requireRow(t, a, "c.json", "3 tools")
	if strings.Contains(switcherRow(a, "c.json"), "unsaved") || strings.Contains(switcherRow(a, "c.json"), "changed on disk") {
		t.Errorf("c.json, clean, took the change: %q", switcherRow(a, "c.json"))
	}
	p.key(press('c'))
	p.key(code(tea.KeyEnter))
	requireContains(t, screen(a), "gamma_three", "c.json shown after its change")
}

// A hidden document with unsaved changes keeps them: the status line says
// so once, the switcher marks it.
func TestWorkspaceWatchKeepsAHiddenDirtyDocument(t *testing.T) {
	a, dir, w, p := wsWatched(t, nil)
	p.key(ctrl('o'))
	p.key(press('b'))
	p.key(code(tea.KeyEnter))
	p.key(press('j'))
	p.key(kSpace) // beta_two off
	requireDirty(t, a, true, "b.json edited")
	p.key(ctrl('o'))
	p.key(press('a'))
	p.key(code(tea.KeyEnter))

	writeFile(t, filepath.Join(dir, "b.json"), []byte(wsDocB3))
	w.fire("b.json")
	p.settle()
	requireContains(t, statusLine(t, a), "b.json changed on disk; your unsaved changes are kept — open it to choose", "the status line")
	p.key(ctrl('o'))
	requireRow(t, a, "b.json", "changed on disk")
	requireRow(t, a, "b.json", "unsaved")
	requireRow(t, a, "b.json", "2 tools") // its session's, kept
	p.key(code(tea.KeyEscape))

	// Said once: the next change to it says nothing more.
	p.key(ctrl('o'))
	p.key(press('c'))
	p.key(code(tea.KeyEnter))
	writeFile(t, filepath.Join(dir, "b.json"), []byte(strings.Replace(wsDocB3, "Third", "Third again", 1)))
	w.fire("b.json")
	p.settle()
	requireNotContains(t, statusLine(t, a), "changed on disk", "the status line after a second change")

	// Shown, it asks which version to keep.
	p.key(ctrl('o'))
	p.key(press('b'))
	p.key(code(tea.KeyEnter))
	requireDialog(t, a, "Changed on disk")
	requireContains(t, screen(a), "beta_two (off)", "b.json's unsaved change under the question")
}

// A document made in the folder is listed, one deleted without a session
// is not; one deleted with a session stays, said deleted.
func TestWorkspaceWatchListsNewAndDeletedDocuments(t *testing.T) {
	a, dir, w, p := wsWatched(t, nil)
	p.key(ctrl('o'))
	p.key(press('b'))
	p.key(code(tea.KeyEnter)) // b.json has a session
	p.key(ctrl('o'))
	p.key(press('a'))
	p.key(code(tea.KeyEnter))
	p.key(ctrl('o'))
	if switcherRow(a, "sub/d.json") != "" {
		t.Fatal("sub/d.json listed before it is made")
	}

	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "sub", "d.json"), []byte(wsDocB3))
	for _, n := range []string{"b.json", "c.json"} {
		if err := os.Remove(filepath.Join(dir, n)); err != nil {
			t.Fatal(err)
		}
	}
	w.fire("b.json", "c.json", "sub/d.json")
	p.settle()
	requireRow(t, a, "sub/d.json", "3 tools")
	if row := switcherRow(a, "c.json"); row != "" {
		t.Errorf("c.json, deleted, is still listed: %q", row)
	}
	requireRow(t, a, "b.json", "deleted")
	p.key(code(tea.KeyEscape))
	p.key(ctrl('o'))
	p.key(press('d'))
	p.key(code(tea.KeyEnter))
	requireContains(t, screen(a), "beta_three", "sub/d.json shown")
}

// The move and switch dialogs opened before the folder is listed say so,
// and list the documents once it is.
func TestWorkspaceDialogsBeforeTheListing(t *testing.T) {
	o, _ := wsOptions(t, map[string]string{"a.json": wsDocA, "b.json": wsDocB, "c.json": wsDocC})
	a := ui.New(o)
	list := send(t, a, tea.WindowSizeMsg{Width: 120, Height: 40}) // not run yet: the folder is not listed
	feed(t, a, a.Init(), settle)
	send(t, a, press('j'))
	runCommand(t, a, "Move tools to another document…")
	requireContains(t, screen(a), "listing the workspace", "the move dialog before the listing")
	drain(t, a, list)
	requireRow(t, a, "b.json", "2 tools")
	requireRow(t, a, "c.json", "1 tool")
	requireNotContains(t, screen(a), "listing the workspace", "the move dialog after the listing")
	typeToChoose(t, a, "c.json", "c.json")
	feed(t, a, send(t, a, kEnter), settle)
	requireContains(t, statusLine(t, a), "Moved 1 tool to c.json", "the status line")
}

func TestWorkspaceSwitcherBeforeTheListing(t *testing.T) {
	o, _ := wsOptions(t, map[string]string{"a.json": wsDocA, "b.json": wsDocB})
	a := ui.New(o)
	list := send(t, a, tea.WindowSizeMsg{Width: 120, Height: 40}) // not run yet: the folder is not listed
	feed(t, a, a.Init(), settle)
	feed(t, a, send(t, a, ctrl('o')), settle)
	requireContains(t, screen(a), "listing the workspace", "the switcher before the listing")
	drain(t, a, list)
	requireRow(t, a, "b.json", "2 tools")
}

// drain runs cmd, sends its messages back and runs what they ask for,
// until nothing is left.
func drain(t *testing.T, a *ui.App, cmd tea.Cmd) {
	t.Helper()
	for cmd != nil {
		var next []tea.Cmd
		for _, m := range runCmd(cmd, settle) {
			next = append(next, send(t, a, m))
		}
		cmd = tea.Batch(next...)
	}
}

// TestWorkspaceListingThatFails: when the folder cannot be listed, the
// status line says why and a dialog waiting for the listing lists the
// document shown instead of waiting for good.
func TestWorkspaceListingThatFails(t *testing.T) {
	o, _ := wsOptions(t, map[string]string{"a.json": wsDocA, "b.json": wsDocB})
	a := ui.New(o)
	send(t, a, tea.WindowSizeMsg{Width: 120, Height: 40}) // the listing's command is not run
	feed(t, a, a.Init(), settle)
	feed(t, a, send(t, a, ctrl('o')), settle)
	requireContains(t, screen(a), "listing the workspace", "the switcher before the listing")
	drain(t, a, send(t, a, docs.ListedMsg{Err: errors.New("permission denied")}))
	requireNotContains(t, screen(a), "listing the workspace", "the switcher after the listing failed")
	requireRow(t, a, "a.json", "1 tool")
	requireContains(t, statusLine(t, a), "could not be listed: permission denied", "the status line")
}
