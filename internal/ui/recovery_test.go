package ui

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tooltui/tooltui/internal/rawjson"
	"github.com/tooltui/tooltui/internal/ui/files"
	"github.com/tooltui/tooltui/internal/ui/kit"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/session"
)

// recoveryFS records what the app does to recovery copies.
type recoveryFS struct {
	mu      sync.Mutex
	files   map[string][]byte
	removed []string
	timers  heldTimers
}

// heldTimers stands in for the app's timers (Deps.Tick): a tick's command
// answers at once, with no message, and leaves its timer here until the
// test fires it.
type heldTimers struct {
	mu     sync.Mutex
	timers []heldTimer
}

type heldTimer struct {
	d  time.Duration
	fn func(time.Time) tea.Msg
}

func (h *heldTimers) tick(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
	return func() tea.Msg {
		h.mu.Lock()
		defer h.mu.Unlock()
		h.timers = append(h.timers, heldTimer{d, fn})
		return nil
	}
}

// fire fires the timers that were set for d, and returns their messages.
func (h *heldTimers) fire(d time.Duration) []tea.Msg {
	h.mu.Lock()
	var due, left []heldTimer
	for _, tm := range h.timers {
		if tm.d == d {
			due = append(due, tm)
		} else {
			left = append(left, tm)
		}
	}
	h.timers = left
	h.mu.Unlock()
	var msgs []tea.Msg
	for _, tm := range due {
		msgs = append(msgs, tm.fn(time.Now()))
	}
	return msgs
}

func (f *recoveryFS) deps() kit.Deps {
	return kit.Deps{
		CopyNative: noCopy,
		WriteFile: func(p string, b []byte) error {
			f.mu.Lock()
			defer f.mu.Unlock()
			f.files[p] = append([]byte(nil), b...)
			return nil
		},
		MkdirAll: func(string, os.FileMode) error { return nil },
		Remove: func(p string) error {
			f.mu.Lock()
			defer f.mu.Unlock()
			delete(f.files, p)
			f.removed = append(f.removed, p)
			return nil
		},
		RecoveryFile: func(p string) string { return "/recovery/" + filepath.Base(p) },
		Tick:         f.timers.tick,
	}
}

func (f *recoveryFS) has(p string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	_, ok := f.files[p]
	return ok
}

func newRecoveryApp(t *testing.T, d *model.Document) (*App, *recoveryFS) {
	t.Helper()
	fs := &recoveryFS{files: map[string][]byte{}}
	a := New(Options{Doc: d, Path: "work.json", Name: "work.json", Deps: fs.deps(), RecoveryFile: "/recovery/work.json"})
	a.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	return a, fs
}

// step runs f as Update runs a message: the recovery copy follows a
// change of the document.
func step(a *App, f func() tea.Cmd) tea.Cmd {
	before := a.s.Version()
	cmd := f()
	if a.s.Version() != before {
		cmd = tea.Batch(cmd, a.disk.AfterChange(a.s))
	}
	return cmd
}

// change makes one edit, as a keystroke in the Model field would.
func change(t *testing.T, a *App, text string) tea.Cmd {
	t.Helper()
	return step(a, func() tea.Cmd {
		return a.apply(kit.ActEdit{Group: "model", Fn: func(d *model.Document) (*model.Document, error) {
			return model.SetRequestField(d, "model", rawjson.String(text)), nil
		}})
	})
}

// runAll runs a command and its batches to the end and returns their
// messages. None waits: the timers' commands answer at once (heldTimers)
// and the file system is recoveryFS.
func runAll(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	msg := cmd()
	if b, ok := msg.(tea.BatchMsg); ok {
		var out []tea.Msg
		for _, c := range b {
			out = append(out, runAll(c)...)
		}
		return out
	}
	if msg == nil {
		return nil
	}
	return []tea.Msg{msg}
}

func TestRecoveryCopyIsWrittenWhileTypingGoesOn(t *testing.T) {
	a, fs := newRecoveryApp(t, model.Example())
	runAll(change(t, a, "m1"))
	if !a.disk.Rec.Pending {
		t.Fatal("the first change asked for no copy")
	}
	// Steady typing does not put the copy off: one tick is on its way and
	// it writes what the document holds when it arrives.
	for _, s := range []string{"m2", "m3", "m4"} {
		runAll(change(t, a, s))
	}
	ticks := fs.timers.fire(files.RecoveryDelay)
	if len(ticks) != 1 {
		t.Fatalf("%d recovery timers for four changes, want one", len(ticks))
	}
	for _, m := range ticks {
		_, cmd := a.Update(m)
		for _, m := range runAll(cmd) {
			a.Update(m)
		}
	}
	data, ok := fs.files["/recovery/work.json"]
	if !ok {
		t.Fatal("no copy after the tick, though changes went on")
	}
	if !strings.Contains(string(data), `"m4"`) {
		t.Fatalf("the copy is not the latest state:\n%s", data)
	}
	// the next change asks for the next copy
	if change(t, a, "m5"); !a.disk.Rec.Pending {
		t.Fatal("no copy asked for after the first was written")
	}
}

func TestRecoveryCopyGoesWhenUndoReturnsToSaved(t *testing.T) {
	a, fs := newRecoveryApp(t, model.Example())
	change(t, a, "m1")
	runAll(a.disk.OnRecoveryTick(a.s))
	if !fs.has("/recovery/work.json") {
		t.Fatal("no copy")
	}
	runAll(step(a, func() tea.Cmd { return a.undo(false) }))
	if a.s.Dirty() || fs.has("/recovery/work.json") {
		t.Fatalf("dirty %v, copy kept after undo to the saved state", a.s.Dirty())
	}
	// redo is unsaved again: the copy comes back with the next tick
	runAll(step(a, func() tea.Cmd { return a.undo(true) }))
	runAll(a.disk.OnRecoveryTick(a.s))
	if !fs.has("/recovery/work.json") {
		t.Fatal("redo left no copy")
	}
}

func TestRecoveryCopyTooLargeIsNotWritten(t *testing.T) {
	a, fs := newRecoveryApp(t, model.Example())
	runAll(a.disk.OnRecoveryTick(a.s)) // nothing to keep yet
	big := strings.Repeat("x", model.MaxDocumentBytes)
	change(t, a, big)
	// the copy is made off the event loop; what it reports comes back
	msg := a.disk.OnRecoveryTick(a.s)()
	a.Update(msg)
	if fs.has("/recovery/work.json") {
		t.Fatal("a copy tooltui cannot load back was written")
	}
	if st := a.status.text; !strings.Contains(st, "No recovery copy") || !strings.Contains(st, "16 MiB") {
		t.Fatalf("status %q does not say why", st)
	}
}

func TestRecoveryCopyFollowsSaveAs(t *testing.T) {
	a, fs := newRecoveryApp(t, model.Example())
	change(t, a, "m1")
	runAll(a.disk.OnRecoveryTick(a.s))
	change(t, a, "m2")
	// saved under a new name while a later change is still unsaved
	version := a.s.Version()
	change(t, a, "m3")
	runAll(a.apply(a.disk.OnSaved(a.fileCtx(), files.SavedMsg{Path: "renamed.json", Version: version})...))
	if a.disk.RecoveryFile != "/recovery/renamed.json" {
		t.Fatalf("recovery file %q after save as", a.disk.RecoveryFile)
	}
	if fs.has("/recovery/work.json") {
		t.Fatal("the old name's copy is left behind")
	}
	runAll(a.disk.OnRecoveryTick(a.s))
	if !fs.has("/recovery/renamed.json") {
		t.Fatal("the unsaved change after save as has no copy under the new name")
	}
}

func TestRecoveryCopyKeepsABodysShape(t *testing.T) {
	body := `{"model":"m","tools":[{"type":"web_search"},{"type":"function","name":"f","parameters":{}}]}`
	d, err := model.Parse([]byte(body))
	if err != nil {
		t.Fatal(err)
	}
	a, fs := newRecoveryApp(t, d)
	change(t, a, "m2")
	runAll(a.disk.OnRecoveryTick(a.s))
	copyBytes := fs.files["/recovery/work.json"]
	back, err := model.Parse(copyBytes)
	if err != nil {
		t.Fatal(err)
	}
	out, err := back.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]json.RawMessage
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	if _, ok := got["tools"]; !ok || got["tools_defs"] != nil || string(got["model"]) != `"m2"` {
		t.Fatalf("a restored body does not save as a body:\n%s", out)
	}
	if back.Location(model.Builtin, 0) != "tools[0]" || back.Location(model.Function, 0) != "tools[1]" {
		t.Fatalf("locations after restore: %s %s", back.Location(model.Builtin, 0), back.Location(model.Function, 0))
	}
}

// TestRecoveryCopyNotesTheFileItWasMadeOver: beside the copy goes the
// note of the file the session knew, which goes with the copy; a start
// over a file changed since says so at the offer.
func TestRecoveryCopyNotesTheFileItWasMadeOver(t *testing.T) {
	fs := &recoveryFS{files: map[string][]byte{}}
	data := model.ExampleJSON()
	stamp := model.StampOf(data, nil)
	a := New(Options{Doc: model.Example(), Path: "work.json", Name: "work.json", Deps: fs.deps(),
		RecoveryFile: "/recovery/work.json", Loaded: data, Stamp: &stamp})
	a.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	change(t, a, "m1")
	runAll(a.disk.OnRecoveryTick(a.s))
	if got := string(fs.files["/recovery/work.json.base"]); got != string(session.BaseOf(&stamp)) {
		t.Fatalf("the note is %q, want the loaded file's", got)
	}
	runAll(step(a, func() tea.Cmd { return a.undo(false) }))
	if fs.has("/recovery/work.json.base") {
		t.Fatal("the note outlived its copy")
	}

	d := files.NewRecovery(model.Example(), true).Resize(80, 24)
	if s := stripped(d.View(a.env(), 80, 24)); !strings.Contains(strings.Join(strings.Fields(s), " "), "The file changed on disk since") {
		t.Fatalf("the offer does not say the file changed:\n%s", s)
	}
}

// TestTooLargeSaysWhatCanBeDone: a document grown over the limit gets
// neither a recovery copy nor a save, and both say what can be done;
// each thing offered works: X exports the request, an undo brings the
// document back under the limit and ctrl+s saves it.
func TestTooLargeSaysWhatCanBeDone(t *testing.T) {
	big := strings.Repeat("x", model.MaxDocumentBytes/2+1<<20)
	d, err := model.Parse([]byte(`{"model":"m","tools_defs":[{"name":"f","description":"` + big + `","parameters":null,"strict":false}]}`))
	if err != nil {
		t.Fatal(err)
	}
	a, fs := newRecoveryApp(t, d)
	// D: a copy of f, twice the limit's half
	runAll(step(a, func() tea.Cmd {
		return a.apply(kit.ActEdit{Fn: func(d *model.Document) (*model.Document, error) {
			c, _, err := model.DuplicateTool(d, model.Function, 0)
			return c, err
		}})
	}))
	a.Update(a.disk.OnRecoveryTick(a.s)())
	if fs.has("/recovery/work.json") {
		t.Fatal("a copy tooltui cannot load back was written")
	}
	for _, want := range []string{"No recovery copy, nor a save", "over the 16 MiB tooltui loads", "undo (ctrl+z) or delete tools", "X exports the request"} {
		requireIn(t, a.status.text, want)
	}
	runAll(a.apply(save(a.s, false)...))
	if fs.has("work.json") {
		t.Fatal("a document over the limit was saved")
	}
	for _, want := range []string{"Cannot save work.json", "nothing was written", "undo (ctrl+z) or delete tools", "X exports the request"} {
		requireIn(t, a.status.text, want)
	}
	// X exports the request, whatever its size.
	a.Update(tea.KeyPressMsg{Code: '1'})
	a.Update(tea.KeyPressMsg{Code: 'X', Text: "X"})
	if _, ok := a.dialog.(*files.SaveAs); !ok {
		t.Fatalf("X opened %T", a.dialog)
	}
	_, cmd := a.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	for _, m := range runAll(cmd) {
		a.Update(m)
	}
	if !fs.has("work.request.json") {
		t.Fatalf("nothing exported; status %q", a.status.text)
	}
	requireIn(t, a.status.text, "Exported the request")
	// ctrl+z: back under the limit, and the save is written.
	runAll(step(a, func() tea.Cmd { return a.undo(false) }))
	runAll(step(a, func() tea.Cmd {
		return a.apply(kit.ActEdit{Fn: func(d *model.Document) (*model.Document, error) {
			return model.SetRequestField(d, "model", []byte(`"m2"`)), nil
		}})
	}))
	for _, m := range runAll(a.apply(save(a.s, false)...)) {
		a.Update(m)
	}
	if !fs.has("work.json") {
		t.Fatalf("the save after the undo was not written: %q", a.status.text)
	}
}

// TestTooLargeForACopyButNotForTheBody: a body whose recovery copy would
// be over the limit only for what the body leaves out (a disabled tool)
// is said to be saved to be kept, and the save, once asked, is written.
func TestTooLargeForACopyButNotForTheBody(t *testing.T) {
	big := strings.Repeat("x", model.MaxDocumentBytes/2+1<<20)
	d, err := model.Parse([]byte(`{"model":"m","tools":[{"type":"function","name":"f","description":"` + big + `","parameters":null,"strict":false}]}`))
	if err != nil {
		t.Fatal(err)
	}
	a, fs := newRecoveryApp(t, d)
	runAll(step(a, func() tea.Cmd {
		return a.apply(kit.ActEdit{Fn: func(d *model.Document) (*model.Document, error) {
			c, i, err := model.DuplicateTool(d, model.Function, 0)
			if err != nil {
				return nil, err
			}
			return model.ToggleTool(c, model.Function, i)
		}})
	}))
	a.Update(a.disk.OnRecoveryTick(a.s)())
	requireIn(t, a.status.text, "No recovery copy: the document is")
	requireIn(t, a.status.text, "save it (ctrl+s) to keep it")
	runAll(a.apply(save(a.s, false)...))
	_, cmd := a.Update(tea.KeyPressMsg{Code: 's', Text: "s"}) // save the body without the disabled copy
	for _, m := range runAll(cmd) {
		a.Update(m)
	}
	if !fs.has("work.json") {
		t.Fatalf("not saved: %q", a.status.text)
	}
}
