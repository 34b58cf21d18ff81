// Watching the document's file: a change made elsewhere reloads a clean
// document or asks; our own saves are no change; the watcher stops.
package ui_test

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/session"
	"github.com/tooltui/tooltui/internal/ui"
)

// fakeWatch stands in for the file system's notifications: fire sends a
// change to the newest watcher. A command waiting for a change parks in
// runner (the pump that runs the app's commands), so the pump knows it
// waits for the test. Every watcher is stopped by the test's end, so no
// command waiting on it outlives the test.
type fakeWatch struct {
	t       testing.TB
	mu      sync.Mutex
	runner  *runner
	paths   []string
	cur     *fakeWatcher
	stopped int
	err     error
}

// fakeWatcher is one watch: a change nobody waits for yet is kept (one
// at most, as session.WatchFile keeps it).
type fakeWatcher struct {
	pending bool
	stopped bool
	waiting []chan bool
}

func (w *fakeWatch) watch(path string) (func() bool, func(), error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err != nil {
		return nil, nil, w.err
	}
	fw := &fakeWatcher{}
	w.paths = append(w.paths, path)
	w.cur = fw
	wait := func() bool {
		w.mu.Lock()
		switch {
		case fw.stopped:
			w.mu.Unlock()
			return false
		case fw.pending:
			fw.pending = false
			w.mu.Unlock()
			return true
		}
		ch := make(chan bool, 1)
		fw.waiting = append(fw.waiting, ch)
		if w.runner != nil {
			w.runner.park(1) // before it blocks
		}
		w.mu.Unlock()
		return <-ch
	}
	stop := func() {
		w.mu.Lock()
		defer w.mu.Unlock()
		if fw.stopped {
			return
		}
		fw.stopped = true
		w.stopped++
		for _, ch := range fw.waiting {
			w.wake(ch, false)
		}
		fw.waiting = nil
	}
	w.t.Cleanup(stop)
	return wait, stop, nil
}

// wake ends a wait, first counting its goroutine as running again; w.mu
// is held.
func (w *fakeWatch) wake(ch chan bool, changed bool) {
	if w.runner != nil {
		w.runner.park(-1)
	}
	ch <- changed
}

func (w *fakeWatch) fire() {
	w.mu.Lock()
	defer w.mu.Unlock()
	fw := w.cur
	switch {
	case fw == nil || fw.stopped:
		w.t.Errorf("fire: no watcher running")
	case len(fw.waiting) > 0:
		ch := fw.waiting[0]
		fw.waiting = fw.waiting[1:]
		w.wake(ch, true)
	default:
		fw.pending = true // or one is kept already
	}
}

func (w *fakeWatch) state() ([]string, int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]string(nil), w.paths...), w.stopped
}

// pump runs the app's commands as the program does: every command in its
// own goroutine, every message back into Update (on the test's goroutine,
// in settle). A command that waits for the watcher keeps waiting and
// delivers when the test fires.
type pump struct {
	t *testing.T
	a *ui.App
	r *runner
	w *fakeWatch
}

func newPump(t *testing.T, a *ui.App) *pump { return &pump{t: t, a: a, r: newRunner()} }

// watching makes the waits of w park in the pump; they must run in it.
func (p *pump) watching(w *fakeWatch) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.runner = p.r
	p.w = w
}

// fire tells the app the watched file changed, and runs what it asks for.
func (p *pump) fire() {
	p.t.Helper()
	p.w.fire()
	p.settle()
}

func (p *pump) run(cmd tea.Cmd) { p.r.run(cmd) }

// settle feeds messages back, and runs the commands they return, until
// nothing is left to do but wait for the watcher (or a timer: see
// fakeClock); it returns the messages. Work still going on after settle
// fails the test.
func (p *pump) settle() []tea.Msg {
	p.t.Helper()
	deadline := time.After(settle)
	var got []tea.Msg
	for {
		m, ok, stuck := p.r.next(deadline)
		if stuck {
			p.t.Fatalf("the app's commands were still running after %s", settle)
		}
		if !ok {
			return got
		}
		got = append(got, m)
		p.run(send(p.t, p.a, m))
	}
}

// key presses k and runs what it asks for.
func (p *pump) key(k tea.Msg) []tea.Msg {
	p.t.Helper()
	p.run(send(p.t, p.a, k))
	return p.settle()
}

// openWatched opens doc.json holding the example, with a fake watcher
// started.
func openWatched(t *testing.T) (*ui.App, *fakes, string, *fakeWatch, *pump) {
	t.Helper()
	w := &fakeWatch{t: t}
	a, f, path := openStamped(t, string(model.ExampleJSON()), func(d *ui.Deps) { d.Watch = w.watch })
	p := newPump(t, a)
	p.watching(w)
	p.run(a.Init())
	p.settle()
	if paths, _ := w.state(); len(paths) != 1 || paths[0] != path {
		t.Fatalf("watching %q, want %s", paths, path)
	}
	return a, f, path, w, p
}

func TestWatchReloadsACleanDocument(t *testing.T) {
	t.Parallel()
	a, _, path, _, p := openWatched(t)
	changeOnDisk(t, path, externalDoc())
	p.fire()
	requireTools(t, a, "function:get_weather_ext", "web_search", "file_search")
	requireDirty(t, a, false, "dirty after reloading a clean document")
	requireNoDialog(t, a, "Changed on disk")
	send(t, a, tea.WindowSizeMsg{Width: 200, Height: 24})
	st := statusLine(t, a)
	requireContains(t, st, "Reloaded doc.json: it changed on disk", "status line")
	requireContains(t, st, "ctrl+z brings back the version you had", "status line")
	// The watcher is armed again.
	changeOnDisk(t, path, strings.Replace(externalDoc(), "get_weather_ext", "get_weather_2", 1))
	p.fire()
	requireTools(t, a, "function:get_weather_2", "web_search", "file_search")
	// Undo steps back through the reloads.
	send(t, a, ctrl('z'), ctrl('z'))
	requireTools(t, a, exampleTools...)
	requireDirty(t, a, true, "the version before the reloads is not the one on disk, but Dirty() is false")
}

func TestWatchIgnoresOurOwnSaves(t *testing.T) {
	t.Parallel()
	t.Run("after the save", func(t *testing.T) {
		t.Parallel()
		a, _, _, _, p := openWatched(t)
		send(t, a, press('j'), kSpace)
		out := string(a.Output())
		p.key(ctrl('s'))
		requireDirty(t, a, false, "the save did not go through")
		p.fire() // what our own write caused
		requireNoDialog(t, a, "Changed on disk")
		requireContains(t, statusLine(t, a), "Saved", "status line")
		if string(a.Output()) != out || a.Dirty() {
			t.Fatal("our own save was taken for a change")
		}
	})
	t.Run("before the save's result", func(t *testing.T) {
		t.Parallel()
		a, _, _, _, p := openWatched(t)
		send(t, a, press('j'), kSpace)
		var saved tea.Msg
		for _, m := range runCmd(send(t, a, ctrl('s')), settle) {
			if strings.HasSuffix(typeName(m), "SavedMsg") {
				saved = m
			}
		}
		if saved == nil {
			t.Fatal("no save result")
		}
		p.fire() // the file holds our bytes, the app has not heard yet
		requireNoDialog(t, a, "Changed on disk")
		requireTools(t, a, "web_search", "file_search")
		p.run(send(t, a, saved))
		p.settle()
		requireDirty(t, a, false, "dirty after the save")
		p.fire()
		requireNoDialog(t, a, "Changed on disk")
	})
	t.Run("the saved bytes put back after a change elsewhere", func(t *testing.T) {
		t.Parallel()
		a, _, path, _, p := openWatched(t)
		send(t, a, press('j'), kSpace)
		p.key(ctrl('s'))
		saved := readFile(t, path)
		changeOnDisk(t, path, externalDoc())
		p.fire()
		requireTools(t, a, "function:get_weather_ext", "web_search", "file_search")
		changeOnDisk(t, path, saved) // e.g. git checkout of the saved version
		p.fire()
		requireTools(t, a, "web_search", "file_search")
		requireContains(t, statusLine(t, a), "Reloaded", "status line")
	})
	t.Run("a touch with the same content", func(t *testing.T) {
		t.Parallel()
		a, _, path, _, p := openWatched(t)
		later := time.Now().Add(time.Minute)
		if err := os.Chtimes(path, later, later); err != nil {
			t.Fatal(err)
		}
		p.fire()
		requireNoDialog(t, a, "Changed on disk")
		if a.Dirty() || strings.Contains(statusLine(t, a), "Reloaded") {
			t.Fatal("a touch was taken for a change")
		}
	})
}

func TestWatchAsksWhenThereAreUnsavedChanges(t *testing.T) {
	t.Parallel()
	changed := func(t *testing.T) (*ui.App, *fakes, string, *pump) {
		a, f, path, _, p := openWatched(t)
		send(t, a, press('j'), press('j'), press('x')) // delete web_search
		changeOnDisk(t, path, externalDoc())
		p.fire()
		requireDialog(t, a, "Changed on disk")
		txt := paneText(t, a, "Changed on disk")
		for _, want := range []string{"doc.json changed on disk", "r reload (your edits stay one ctrl+z away)", "k keep mine (the next save will ask)", "esc close"} {
			requireContains(t, txt, want, "the dialog")
		}
		requireNotContains(t, txt, "overwrite", "the dialog")
		requireTools(t, a, "function:get_weather", "file_search")
		return a, f, path, p
	}
	t.Run("r reloads, ctrl+z brings the edits back", func(t *testing.T) {
		t.Parallel()
		a, _, _, p := changed(t)
		p.key(press('o')) // not offered here
		requireDialog(t, a, "Changed on disk")
		p.key(press('r'))
		requireNoDialog(t, a, "Changed on disk")
		requireTools(t, a, "function:get_weather_ext", "web_search", "file_search")
		requireDirty(t, a, false, "dirty after the reload")
		send(t, a, ctrl('z'))
		requireTools(t, a, "function:get_weather", "file_search")
		requireDirty(t, a, true, "the edits are back but Dirty() is false")
	})
	t.Run("k keeps mine, and the next save asks", func(t *testing.T) {
		t.Parallel()
		a, f, path, p := changed(t)
		p.key(press('k'))
		requireNoDialog(t, a, "Changed on disk")
		requireContains(t, statusLine(t, a), "Kept your version", "status line")
		requireTools(t, a, "function:get_weather", "file_search")
		p.key(ctrl('s'))
		requireDialog(t, a, "Changed on disk")
		requireContains(t, paneText(t, a, "Changed on disk"), "o overwrite", "the dialog")
		p.key(ctrl('s')) // again, in the save's question: it says what it waits for
		requireContains(t, statusLine(t, a), "The save waits on this question: o overwrite", "status line")
		if len(f.fs.written()) != 0 || readFile(t, path) != externalDoc() {
			t.Fatal("the save wrote without asking")
		}
		p.key(press('o'))
		if a.Dirty() || readFile(t, path) == externalDoc() {
			t.Fatal("o did not write")
		}
	})
	t.Run("esc is keep mine", func(t *testing.T) {
		t.Parallel()
		a, _, _, p := changed(t)
		p.key(kEsc)
		requireNoDialog(t, a, "Changed on disk")
		requireContains(t, statusLine(t, a), "Kept your version", "status line")
		requireDirty(t, a, true, "not dirty")
	})
	t.Run("a newer change replaces the save's question, over the dialog it was asked in", func(t *testing.T) {
		t.Parallel()
		a, _, path, p := changed(t)
		p.key(press('k'))
		p.key(ctrl('p'))
		requireDialog(t, a, "Commands")
		p.key(ctrl('s')) // in the palette: the save finds the file changed
		requireDialog(t, a, "Changed on disk")
		requireContains(t, paneText(t, a, "Changed on disk"), "o overwrite", "the save's question")
		requireContains(t, paneText(t, a, "Changed on disk"), "1,138 → 1,142 bytes", "the save's question")
		changeOnDisk(t, path, strings.Replace(externalDoc(), "get_weather_ext", "get_weather_3", 1))
		p.fire()
		// still the save's question, about the file as it is now
		requireContains(t, paneText(t, a, "Changed on disk"), "o overwrite", "the newer change's question")
		requireContains(t, paneText(t, a, "Changed on disk"), "1,138 → 1,140 bytes", "the newer change's question")
		p.key(press('r'))
		requireNoDialog(t, a, "Changed on disk")
		requireDialog(t, a, "Commands")
		requireTools(t, a, "function:get_weather_3", "web_search", "file_search")
	})
	t.Run("a clean document takes a newer change, and the dialog the question was asked in comes back", func(t *testing.T) {
		t.Parallel()
		a, _, path, _, p := openWatched(t)
		changeOnDisk(t, path, externalDoc()) // the watcher has not told yet
		p.key(ctrl('p'))
		p.key(ctrl('s')) // in the palette: the save finds the file changed
		requireDialog(t, a, "Changed on disk")
		requireContains(t, paneText(t, a, "Changed on disk"), "o overwrite", "the save's question")
		p.fire()
		requireNoDialog(t, a, "Changed on disk")
		requireDialog(t, a, "Commands")
		requireTools(t, a, "function:get_weather_ext", "web_search", "file_search")
		requireDirty(t, a, false, "dirty after the reload")
		if readFile(t, path) != externalDoc() {
			t.Fatal("the file was written")
		}
	})
	t.Run("a newer change replaces the question under the keys help", func(t *testing.T) {
		t.Parallel()
		a, _, path, p := changed(t)
		p.key(press('?'))
		second := strings.Replace(externalDoc(), "get_weather_ext", "get_weather_3", 1)
		changeOnDisk(t, path, second)
		p.fire()
		requireDialog(t, a, "Changed on disk")
		p.key(press('r'))
		requireTools(t, a, "function:get_weather_3", "web_search", "file_search")
		requireDirty(t, a, false, "dirty after reloading the file as it is")
		requireNoDialog(t, a, "Changed on disk") // the first change's question is gone too
		p.key(kEsc)                              // the keys help
		requireNoDialog(t, a, "Changed on disk")
	})
	t.Run("o in the save's question answers the watcher's too", func(t *testing.T) {
		t.Parallel()
		a, _, path, p := changed(t)
		p.key(ctrl('s')) // in the watcher's question: the save asks again
		requireContains(t, paneText(t, a, "Changed on disk"), "o overwrite", "the save's question")
		p.key(press('o'))
		p.fire() // the watcher sees the save
		requireNoDialog(t, a, "Changed on disk")
		requireDirty(t, a, false, "dirty after o")
		if readFile(t, path) == externalDoc() {
			t.Fatal("o did not write")
		}
	})
	t.Run("the watcher's report of the change the save found keeps the save's question", func(t *testing.T) {
		t.Parallel()
		a, _, path, _, p := openWatched(t)
		send(t, a, press('j'), press('j'), press('x'))
		changeOnDisk(t, path, externalDoc()) // the watcher has not told yet
		p.key(ctrl('s'))
		requireContains(t, paneText(t, a, "Changed on disk"), "o overwrite", "the save's question")
		p.fire()
		requireContains(t, paneText(t, a, "Changed on disk"), "o overwrite", "the question after the watcher's report")
		p.key(press('o'))
		requireNoDialog(t, a, "Changed on disk")
		if readFile(t, path) == externalDoc() {
			t.Fatal("o did not write")
		}
	})
	t.Run("another dialog stays open", func(t *testing.T) {
		t.Parallel()
		a, _, path, _, p := openWatched(t)
		send(t, a, press('j'), kSpace, ctrl('p'))
		requireDialog(t, a, "Commands")
		changeOnDisk(t, path, externalDoc())
		p.fire()
		requireDialog(t, a, "Commands")
		send(t, a, tea.WindowSizeMsg{Width: 200, Height: 24})
		requireContains(t, statusLine(t, a), "the next save asks before writing over it", "status line")
	})
}

func TestWatchDeletedFile(t *testing.T) {
	t.Parallel()
	a, _, path, _, p := openWatched(t)
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	p.fire()
	requireContains(t, statusLine(t, a), "doc.json was deleted on disk; ctrl+s writes it again", "status line")
	requireDirty(t, a, true, "a document whose file is gone is not dirty: quitting would not ask")
	requireTools(t, a, exampleTools...)
	p.key(ctrl('s'))
	requireDialog(t, a, "Changed on disk")
	requireContains(t, paneText(t, a, "Changed on disk"), "doc.json was deleted", "the dialog")
	p.key(press('o'))
	if readFile(t, path) != string(model.ExampleJSON()) || a.Dirty() {
		t.Fatal("o did not write the file again (with the bytes it was loaded from)")
	}
}

func TestWatchStops(t *testing.T) {
	t.Parallel()
	t.Run("on quit", func(t *testing.T) {
		t.Parallel()
		_, _, _, w, p := openWatched(t)
		quit := hasQuit(p.key(ctrl('q')))
		if _, stopped := w.state(); !quit || stopped != 1 {
			t.Fatalf("quit %v, watchers stopped %d; want a quit and the watcher stopped", quit, stopped)
		}
	})
	t.Run("on save as, for the new file", func(t *testing.T) {
		t.Parallel()
		a, f, path, w, p := openWatched(t)
		send(t, a, ctrl('p'))
		typeText(t, a, "save as")
		send(t, a, kEnter, ctrl('e'), ctrl('u'))
		other := filepath.Join(f.fs.dir, "other.json")
		typeText(t, a, other)
		p.key(kEnter)
		paths, stopped := w.state()
		if len(paths) != 2 || paths[0] != path || paths[1] != other || stopped != 1 {
			t.Fatalf("watched %q, %d stopped; want %s then %s, the first stopped", paths, stopped, path, other)
		}
		// A change to the new file reloads it.
		changeOnDisk(t, other, externalDoc())
		p.fire()
		requireTools(t, a, "function:get_weather_ext", "web_search", "file_search")
	})
	t.Run("a watcher that cannot start says so", func(t *testing.T) {
		t.Parallel()
		w := &fakeWatch{t: t, err: errors.New("too many open files")}
		a, _, _ := openStamped(t, string(model.ExampleJSON()), func(d *ui.Deps) { d.Watch = w.watch })
		send(t, a, tea.WindowSizeMsg{Width: 200, Height: 24})
		p := newPump(t, a)
		p.run(a.Init())
		p.settle()
		requireContains(t, statusLine(t, a), "Not watching doc.json for changes made elsewhere: too many open files", "status line")
	})
}

// TestWatchFile runs the real watcher (fsnotify) on a temporary directory.
func TestWatchFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "doc.json")
	writeFile(t, path, []byte("{}"))
	before := runtime.NumGoroutine()
	wait, stop, err := session.WatchFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	events := make(chan bool, 16)
	go func() {
		for {
			ok := wait()
			events <- ok
			if !ok {
				return
			}
		}
	}()
	// An event comes within settle. That none comes can only be watched
	// for a while: noEvent is three times the watcher's debounce (200 ms).
	const noEvent = 600 * time.Millisecond
	next := func(what string, want bool) {
		t.Helper()
		limit := settle
		if !want {
			limit = noEvent
		}
		select {
		case ok := <-events:
			if !ok {
				t.Fatalf("%s: the watcher stopped", what)
			}
			if !want {
				t.Fatalf("%s: an event", what)
			}
		case <-time.After(limit):
			if want {
				t.Fatalf("%s: no event within %s", what, limit)
			}
		}
	}
	// A burst of writes is one event.
	for i := range 5 {
		writeFile(t, path, []byte(strings.Repeat(" ", i)+"{}"))
	}
	next("a burst of writes", true)
	next("after the burst", false)
	// Another file of the directory is no event.
	writeFile(t, filepath.Join(dir, "other.json"), []byte("{}"))
	next("another file", false)
	// An editor's save: a new file renamed over the old one.
	if err := model.WriteFileAtomic(path, []byte(`{"model":"m"}`)); err != nil {
		t.Fatal(err)
	}
	next("a rename over the file", true)
	// and deleting it
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	next("a deletion", true)

	stop()
	select {
	case ok := <-events:
		if ok {
			t.Fatal("an event after stop")
		}
	case <-time.After(settle):
		t.Fatalf("wait did not return within %s of stop", settle)
	}
	stop() // twice is fine
	if wait() {
		t.Fatal("wait after stop reported a change")
	}
	deadline := time.Now().Add(settle)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Fatalf("%d goroutines after stop, %d before watching", n, before)
	}
}

func TestWatchKeepsTheDocumentWhenTheFileIsNotJSON(t *testing.T) {
	t.Parallel()
	a, _, path, _, p := openWatched(t)
	changeOnDisk(t, path, `{"model": `)
	p.fire()
	requireTools(t, a, exampleTools...)
	send(t, a, tea.WindowSizeMsg{Width: 200, Height: 24})
	requireContains(t, statusLine(t, a), "Cannot reload doc.json", "status line")
	requireDirty(t, a, true, "the file on disk is not the document, but Dirty() is false: quitting would not ask")
}
