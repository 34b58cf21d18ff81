// Shared helpers of the ui tests: fake deps, keys, reading the screen and
// the request, running commands.
package ui_test

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/ui"
)

// ---- fakes ----

// fakeClipboard stands in for the system clipboard: it records every text
// and returns err. When block is set, a copy waits until it is closed
// (closed in t.Cleanup so no goroutine outlives the test).
type fakeClipboard struct {
	mu    sync.Mutex
	texts []string
	err   error
	block chan struct{}
}

func (c *fakeClipboard) copy(_ context.Context, s string) error {
	if c.block != nil {
		<-c.block
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.texts = append(c.texts, s)
	return c.err
}

// noCopy is a system clipboard that takes every copy.
func noCopy(context.Context, string) error { return nil }

func (c *fakeClipboard) copied() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.texts...)
}

// only is the one text copied; any other number of copies fails the test.
func (c *fakeClipboard) only(t testing.TB) string {
	t.Helper()
	got := c.copied()
	if len(got) != 1 {
		t.Fatalf("the system clipboard got %d texts, want one: %q", len(got), got)
	}
	return got[0]
}

// fakeFS records writes. With dir set it writes for real, but only inside
// dir (a t.TempDir()); with err set every write fails.
type fakeFS struct {
	t      testing.TB
	dir    string
	err    error
	mu     sync.Mutex
	writes map[string][]byte
}

func (f *fakeFS) write(path string, data []byte) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.writes == nil {
		f.writes = map[string][]byte{}
	}
	f.writes[path] = append([]byte(nil), data...)
	if f.err != nil {
		return f.err
	}
	if f.dir == "" {
		return nil
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	if rel, err := filepath.Rel(f.dir, abs); err != nil || strings.HasPrefix(rel, "..") {
		f.t.Errorf("the app wrote outside the test's temporary directory: %s", path)
		return errors.New("test refuses to write outside t.TempDir()")
	}
	return model.WriteFileAtomic(path, data)
}

func (f *fakeFS) written() map[string][]byte {
	f.mu.Lock()
	defer f.mu.Unlock()
	m := map[string][]byte{}
	for k, v := range f.writes {
		m[k] = v
	}
	return m
}

type fakes struct {
	clip  *fakeClipboard
	fs    *fakeFS
	env   map[string]string
	clock *fakeClock
}

// newFakes returns deps that never touch the real clipboard, environment
// or file system: writes are recorded and refused outside t.TempDir().
// Their timers wait for the test to move f.clock on.
func newFakes(t testing.TB) (*fakes, ui.Deps) {
	f := &fakes{
		clip:  &fakeClipboard{},
		fs:    &fakeFS{t: t, dir: t.TempDir()},
		env:   map[string]string{},
		clock: &fakeClock{},
	}
	return f, f.deps()
}

func (f *fakes) deps() ui.Deps {
	return ui.Deps{
		CopyNative:       f.clip.copy,
		WriteFile:        f.fs.write,
		Getenv:           func(k string) string { return f.env[k] },
		ClipboardTimeout: 5 * time.Second,
		Tick:             f.clock.tick,
	}
}

// offlineDeps are deps for tests that neither copy nor save: any use of
// them fails the test.
func offlineDeps(t testing.TB) ui.Deps {
	return ui.Deps{
		CopyNative: func(context.Context, string) error {
			t.Errorf("unexpected copy")
			return errors.New("no clipboard in this test")
		},
		WriteFile: func(p string, _ []byte) error {
			t.Errorf("unexpected write to %s", p)
			return errors.New("no file system in this test")
		},
		Getenv:           func(string) string { return "" },
		ClipboardTimeout: time.Second,
		Tick:             (&fakeClock{}).tick, // never fired
	}
}

// ---- building the app ----

// newApp opens the example at 80×24 with fake deps.
func newApp(t testing.TB) (*ui.App, *fakes) {
	t.Helper()
	f, deps := newFakes(t)
	a := exampleOn(deps)
	send(t, a, tea.WindowSizeMsg{Width: 80, Height: 24})
	return a, f
}

// exampleOn is an app of the example on deps, not yet sized.
func exampleOn(deps ui.Deps) *ui.App {
	return ui.New(ui.Options{Doc: model.Example(), Name: "example.json", Deps: deps})
}

// send runs msgs through Update and returns the command of the last one.
// Update must return the same *App: the tests keep using it.
func send(t testing.TB, a *ui.App, msgs ...tea.Msg) tea.Cmd {
	t.Helper()
	var cmd tea.Cmd
	for _, m := range msgs {
		var next tea.Model
		next, cmd = a.Update(m)
		if next != a {
			t.Fatalf("Update(%T) returned a different model %T", m, next)
		}
	}
	return cmd
}

// ---- keys ----

func press(r rune) tea.KeyPressMsg { return tea.KeyPressMsg{Code: r, Text: string(r)} }
func ctrl(r rune) tea.KeyPressMsg  { return tea.KeyPressMsg{Code: r, Mod: tea.ModCtrl} }
func alt(r rune) tea.KeyPressMsg   { return tea.KeyPressMsg{Code: r, Mod: tea.ModAlt} }
func code(c rune) tea.KeyPressMsg  { return tea.KeyPressMsg{Code: c} }

var (
	kEnter    = code(tea.KeyEnter)
	kEsc      = code(tea.KeyEscape)
	kTab      = code(tea.KeyTab)
	kShiftTab = tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift}
	kUp       = code(tea.KeyUp)
	kDown     = code(tea.KeyDown)
	kLeft     = code(tea.KeyLeft)
	kRight    = code(tea.KeyRight)
	kSpace    = tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
)

// keysOf turns text into one key press per rune, as a terminal sends
// them: enter for a newline, space for a space.
func keysOf(s string) []tea.Msg {
	var ms []tea.Msg
	for _, r := range s {
		switch r {
		case '\n':
			ms = append(ms, kEnter)
		case ' ':
			ms = append(ms, kSpace)
		default:
			ms = append(ms, press(r))
		}
	}
	return ms
}

// typeText types s into the app.
func typeText(t testing.TB, a *ui.App, s string) {
	t.Helper()
	send(t, a, keysOf(s)...)
}

// ---- reading the screen ----

// screen is the view without colours.
func screen(a *ui.App) string { return ansi.Strip(a.View().Content) }

// lines are the screen's lines.
func lines(a *ui.App) []string { return strings.Split(screen(a), "\n") }

// statusLine is the status line and the key help under it (a long status
// takes both lines), with every run of spaces made one space so that a
// message wrapped at a space reads as one line.
func statusLine(t testing.TB, a *ui.App) string {
	t.Helper()
	ls := lines(a)
	if len(ls) < 2 {
		t.Fatalf("screen has %d lines, no status line:\n%s", len(ls), screen(a))
	}
	return strings.Join(strings.Fields(ls[len(ls)-2]+" "+ls[len(ls)-1]), " ")
}

// idleStatus is the status line alone, spaces trimmed.
func idleStatus(t testing.TB, a *ui.App) string {
	t.Helper()
	ls := lines(a)
	if len(ls) < 2 {
		t.Fatalf("screen has %d lines, no status line:\n%s", len(ls), screen(a))
	}
	return strings.TrimSpace(ls[len(ls)-2])
}

func requireContains(t testing.TB, s, want, what string) {
	t.Helper()
	if !strings.Contains(s, want) {
		t.Fatalf("%s does not contain %q:\n%s", what, want, s)
	}
}

func requireNotContains(t testing.TB, s, unwanted, what string) {
	t.Helper()
	if strings.Contains(s, unwanted) {
		t.Fatalf("%s contains %q:\n%s", what, unwanted, s)
	}
}

func requireScreen(t testing.TB, a *ui.App, want string) {
	t.Helper()
	requireContains(t, screen(a), want, "screen")
}

// ---- the request ----

// request is Output() decoded.
type request struct {
	Model      string            `json:"model"`
	Tools      []json.RawMessage `json:"tools"`
	ToolChoice json.RawMessage   `json:"tool_choice"`
}

func decode(t testing.TB, out []byte) request {
	t.Helper()
	var r request
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatalf("Output() is not JSON: %v\n%s", err, out)
	}
	return r
}

// toolTypes lists "type" or "function:name" for every tool of the request.
func toolTypes(t testing.TB, out []byte) []string {
	t.Helper()
	var ts []string
	for _, raw := range decode(t, out).Tools {
		var tl struct {
			Type string `json:"type"`
			Name string `json:"name"`
		}
		if err := json.Unmarshal(raw, &tl); err != nil {
			t.Fatalf("tool is not an object: %s", raw)
		}
		if tl.Type == "function" {
			ts = append(ts, "function:"+tl.Name)
		} else {
			ts = append(ts, tl.Type)
		}
	}
	return ts
}

func requireTools(t testing.TB, a *ui.App, want ...string) {
	t.Helper()
	if got := toolTypes(t, a.Output()); !reflect.DeepEqual(got, want) {
		t.Fatalf("request tools = %q, want %q\n%s", got, want, a.Output())
	}
}

// toolOfType returns the first tool of the request with that type.
func toolOfType(t testing.TB, out []byte, typ string) map[string]any {
	t.Helper()
	for _, raw := range decode(t, out).Tools {
		var m map[string]any
		if json.Unmarshal(raw, &m) == nil && m["type"] == typ {
			return m
		}
	}
	t.Fatalf("no %s tool in the request:\n%s", typ, out)
	return nil
}

// exampleTools are the request's tools for the untouched example.
var exampleTools = []string{"function:get_weather", "web_search", "file_search"}

// ---- running commands ----

// settle bounds how long a test waits for the commands it started: the
// helpers return as soon as every command has answered (a timer's command
// answers at once, see fakeClock), and a command still running after
// settle fails the test. A busy machine makes a test slower, not fail.
const settle = 20 * time.Second

// runner runs commands as the program does: each in a goroutine of its
// own, the commands of batches and sequences too, and queues their
// messages in the order they come. A goroutine that waits for something
// only the test makes happen (a fake watcher's next change) counts as
// parked: the runner is idle when every goroutine it started has
// finished or is parked, and no message is queued.
type runner struct {
	mu      sync.Mutex
	changed chan struct{} // closed, and replaced, on every change
	running int           // goroutines running a command
	parked  int           // of those, the ones parked
	queue   []tea.Msg
}

func newRunner() *runner { return &runner{changed: make(chan struct{})} }

// signal wakes next; r.mu is held.
func (r *runner) signal() {
	close(r.changed)
	r.changed = make(chan struct{})
}

// run runs cmd (nil is nothing) in a new goroutine.
func (r *runner) run(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	r.mu.Lock()
	r.running++
	r.mu.Unlock()
	go func() {
		msg := cmd()
		cmds, many := subCmds(msg)
		for _, c := range cmds {
			r.run(c) // counted before this goroutine counts as finished
		}
		r.mu.Lock()
		defer r.mu.Unlock()
		if !many && msg != nil {
			r.queue = append(r.queue, msg) // queued before it counts as finished
		}
		r.running--
		r.signal()
	}()
}

// park counts a goroutine of the runner as parked (n = 1) or running
// again (n = -1). A fake calls park(1) on the goroutine that waits on it
// before it blocks, and park(-1) before it wakes it.
func (r *runner) park(n int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.parked += n
	r.signal()
}

// next returns the next message. ok is false when none can come without
// the test's doing: the runner is idle. stuck is true when deadline
// passed first.
func (r *runner) next(deadline <-chan time.Time) (msg tea.Msg, ok, stuck bool) {
	for {
		r.mu.Lock()
		if len(r.queue) > 0 {
			msg = r.queue[0]
			r.queue = r.queue[1:]
			r.mu.Unlock()
			return msg, true, false
		}
		if r.running == r.parked {
			r.mu.Unlock()
			return nil, false, false
		}
		changed := r.changed
		r.mu.Unlock()
		select {
		case <-changed:
		case <-deadline:
			return nil, false, true
		}
	}
}

// runCmd runs cmd, and the commands of its batches and sequences, in
// goroutines and returns their messages once every one has answered. A
// command still running after d is left behind (its goroutine ends when
// it does), and runCmd returns what came.
func runCmd(cmd tea.Cmd, d time.Duration) []tea.Msg {
	msgs, _ := runCmdStuck(cmd, d)
	return msgs
}

// runCmdStuck is runCmd, and whether a command was left behind.
func runCmdStuck(cmd tea.Cmd, d time.Duration) (msgs []tea.Msg, stuck bool) {
	r := newRunner()
	r.run(cmd)
	deadline := time.After(d)
	for {
		m, ok, stuck := r.next(deadline)
		if !ok {
			return msgs, stuck
		}
		msgs = append(msgs, m)
	}
}

// subCmds returns the commands of a batch or of a sequence (whose type
// Bubble Tea does not export: any slice of commands).
func subCmds(msg tea.Msg) ([]tea.Cmd, bool) {
	if b, ok := msg.(tea.BatchMsg); ok {
		return b, true
	}
	v := reflect.ValueOf(msg)
	if !v.IsValid() || v.Kind() != reflect.Slice || v.Type().Elem() != reflect.TypeFor[tea.Cmd]() {
		return nil, false
	}
	cmds := make([]tea.Cmd, v.Len())
	for i := range cmds {
		cmds[i] = v.Index(i).Interface().(tea.Cmd)
	}
	return cmds, true
}

// feed runs cmd as runCmd does and sends its messages back into the app,
// as the program would; a command still running after d fails the test.
func feed(t testing.TB, a *ui.App, cmd tea.Cmd, d time.Duration) []tea.Msg {
	t.Helper()
	ms, stuck := runCmdStuck(cmd, d)
	if stuck {
		t.Fatalf("a command was still running after %s", d)
	}
	for _, m := range ms {
		send(t, a, m)
	}
	return ms
}

// fakeClock holds the app's timers (Deps.Tick) for the test to fire: a
// tick's command answers at once, with no message, and leaves its timer
// here. No test waits for a timer, and a status message stays until the
// test moves the clock on.
type fakeClock struct {
	mu     sync.Mutex
	now    time.Duration // since the clock's start
	timers []fakeTimer
}

type fakeTimer struct {
	at time.Duration
	fn func(time.Time) tea.Msg
}

// clockStart is the time of a fakeClock's start.
var clockStart = time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC)

// tick is Deps.Tick. As tea.Tick, its timer starts when the command runs.
func (c *fakeClock) tick(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
	return func() tea.Msg {
		c.mu.Lock()
		defer c.mu.Unlock()
		c.timers = append(c.timers, fakeTimer{at: c.now + d, fn: fn})
		return nil
	}
}

// advance moves the clock on by d and returns the messages of the timers
// that came due, the earliest first: what the program would get.
func (c *fakeClock) advance(d time.Duration) []tea.Msg {
	c.mu.Lock()
	c.now += d
	var due, left []fakeTimer
	for _, tm := range c.timers {
		if tm.at <= c.now {
			due = append(due, tm)
		} else {
			left = append(left, tm)
		}
	}
	c.timers = left
	c.mu.Unlock()
	slices.SortStableFunc(due, func(x, y fakeTimer) int { return cmp.Compare(x.at, y.at) })
	var msgs []tea.Msg
	for _, tm := range due {
		msgs = append(msgs, tm.fn(clockStart.Add(tm.at)))
	}
	return msgs
}

// pending is the time left on each timer, in the order they started.
func (c *fakeClock) pending() []time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	var left []time.Duration
	for _, tm := range c.timers {
		left = append(left, tm.at-c.now)
	}
	return left
}

// typeName is a message's Go type, to find messages the app does not export.
func typeName(m tea.Msg) string { return fmt.Sprintf("%T", m) }

func writeFile(t testing.TB, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// openPath reads the document at path and opens it in an app on deps,
// named doc.json, at 80×24.
func openPath(t testing.TB, path string, deps ui.Deps) *ui.App {
	t.Helper()
	doc, err := model.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	a := ui.New(ui.Options{Doc: doc, Path: path, Name: "doc.json", Deps: deps})
	send(t, a, tea.WindowSizeMsg{Width: 80, Height: 24})
	return a
}

// openRead opens path as tooltui does: read (model.ReadFileStamped or
// formats.ReadFileStamped) gives the document, the bytes read and their
// stamp; the app is on deps, named after the file, at size.
func openRead(t testing.TB, path string, deps ui.Deps, read func(string) (*model.Document, []byte, model.Stamp, error), size tea.WindowSizeMsg) *ui.App {
	t.Helper()
	doc, raw, st, err := read(path)
	if err != nil {
		t.Fatal(err)
	}
	a := ui.New(ui.Options{Doc: doc, Path: path, Name: filepath.Base(path), Deps: deps, Loaded: raw, Stamp: &st})
	send(t, a, size)
	return a
}

// ---- reading the app ----

// editorTitle is the title of pane 2: what the tools pane has selected
// ("Request", "get_weather (function)", "web_search (built-in)").
func editorTitle(t testing.TB, a *ui.App) string {
	t.Helper()
	m := regexp.MustCompile(`╭─2 ([^─╮]*)`).FindStringSubmatch(screen(a))
	if m == nil {
		t.Fatalf("no editor pane on the screen:\n%s", screen(a))
	}
	return strings.TrimSpace(m[1])
}

// hasDialog reports whether a dialog with that title is open.
func hasDialog(a *ui.App, title string) bool {
	return regexp.MustCompile(`╭─` + regexp.QuoteMeta(title) + `[─ ]`).MatchString(screen(a))
}

func requireDialog(t testing.TB, a *ui.App, title string) {
	t.Helper()
	if !hasDialog(a, title) {
		t.Fatalf("no %q dialog on the screen:\n%s", title, screen(a))
	}
}

func requireNoDialog(t testing.TB, a *ui.App, title string) {
	t.Helper()
	if hasDialog(a, title) {
		t.Fatalf("the %q dialog is still open:\n%s", title, screen(a))
	}
}

// isQuit reports whether cmd (or a command of its batch) quits the program.
func isQuit(cmd tea.Cmd) bool { return hasQuit(runCmd(cmd, settle)) }

// hasQuit reports whether msgs hold the message that quits the program.
func hasQuit(msgs []tea.Msg) bool {
	for _, m := range msgs {
		if _, ok := m.(tea.QuitMsg); ok {
			return true
		}
	}
	return false
}

// requireQuit sends m, which must quit the program; format and args say
// what failed.
func requireQuit(t testing.TB, a *ui.App, m tea.Msg, format string, args ...any) {
	t.Helper()
	if !isQuit(send(t, a, m)) {
		t.Fatalf(format, args...)
	}
}

// requireNoQuit sends m, which must not quit the program; format and args
// say what failed.
func requireNoQuit(t testing.TB, a *ui.App, m tea.Msg, format string, args ...any) {
	t.Helper()
	if isQuit(send(t, a, m)) {
		t.Fatalf(format, args...)
	}
}

// typeToChoose types filter into a's open list, which must then have
// label under its cursor.
func typeToChoose(t testing.TB, a *ui.App, filter, label string) {
	t.Helper()
	typeText(t, a, filter)
	if !chosenRow(label).MatchString(screen(a)) {
		t.Fatalf("%s did not choose %s:\n%s", filter, label, screen(a))
	}
}

// chosenRow matches the row under the cursor of a list dialog: "› label",
// then its detail after two spaces, or the dialog's border.
func chosenRow(label string) *regexp.Regexp {
	return regexp.MustCompile(`› ` + regexp.QuoteMeta(label) + `( {2}|\s*│)`)
}

// pick opens the add picker and chooses the type with that label, moving
// down to it as a user would.
func pick(t testing.TB, a *ui.App, label string) {
	t.Helper()
	send(t, a, press('a'))
	requireDialog(t, a, "Add a tool")
	chosen := chosenRow(label)
	for range 40 {
		if chosen.MatchString(screen(a)) {
			send(t, a, kEnter)
			requireNoDialog(t, a, "Add a tool")
			return
		}
		send(t, a, kDown)
	}
	t.Fatalf("the picker never offered %q:\n%s", label, screen(a))
}

// fieldValue is the text right of a one-line field's label on the screen,
// such as "◀ low ▶" for a choice.
func fieldValue(t testing.TB, a *ui.App, label string) string {
	t.Helper()
	re := regexp.MustCompile(`[▸ ] ` + regexp.QuoteMeta(label) + ` +([^│]*)│`)
	m := re.FindStringSubmatch(screen(a))
	if m == nil {
		t.Fatalf("no field %q on the screen:\n%s", label, screen(a))
	}
	return strings.TrimSpace(m[1])
}

// focusedField is the label of the field the editor marks with ▸.
func focusedField(t testing.TB, a *ui.App) string {
	t.Helper()
	m := regexp.MustCompile(`│▸ ([^│]*?)(  |│)`).FindStringSubmatch(screen(a))
	if m == nil {
		t.Fatalf("no focused field on the screen:\n%s", screen(a))
	}
	return strings.TrimSpace(m[1])
}

// requireFocused checks that the editor pane's focused field is want.
func requireFocused(t testing.TB, a *ui.App, want string) {
	t.Helper()
	if got := focusedField(t, a); got != want {
		t.Fatalf("focused field %q, want %s", got, want)
	}
}

// editing reports whether a field is being edited: the idle status line
// then starts with " EDIT ", and the key help with how to stop. (A long
// status message hides both.)
func editing(a *ui.App) bool {
	ls := lines(a)
	if len(ls) < 2 {
		return false
	}
	return strings.HasPrefix(ls[len(ls)-2], " EDIT ") || strings.HasPrefix(ls[len(ls)-1], "esc stop editing")
}

// requireDirty checks whether a has unsaved changes; why says what
// failed.
func requireDirty(t testing.TB, a *ui.App, want bool, why string) {
	t.Helper()
	if a.Dirty() != want {
		t.Fatal(why)
	}
}

func requireEditing(t testing.TB, a *ui.App, want bool) {
	t.Helper()
	if got := editing(a); got != want {
		t.Fatalf("editing = %v, want %v:\n%s", got, want, screen(a))
	}
}

// focusName focuses get_weather's Name field without editing it.
func focusName(t testing.TB, a *ui.App) {
	t.Helper()
	send(t, a, press('j'), kEnter)
	requireFocused(t, a, "Name")
	requireEditing(t, a, false)
}

// editName starts editing get_weather's Name, the cursor at its end.
func editName(t testing.TB, a *ui.App) {
	t.Helper()
	focusName(t, a)
	send(t, a, kEnter)
	requireEditing(t, a, true)
}

func toolOfTypeRaw(t testing.TB, raw []byte) string {
	t.Helper()
	m := map[string]any{}
	if err := jsonUnmarshal(raw, &m); err != nil {
		t.Fatalf("entry is not an object: %s", raw)
	}
	s, _ := m["type"].(string)
	return s
}

var lineCol = regexp.MustCompile(`line (\d+), column (\d+)`)

// clearField empties the multi-line field being edited.
func clearField(t testing.TB, a *ui.App) {
	t.Helper()
	send(t, a, ctrl(tea.KeyHome))
	for range 200 {
		send(t, a, ctrl('k'))
	}
}

// brokenParams is pasted, not typed: typed, an editor that indents new
// lines would change it.
const brokenParams = "{\n  \"type\": \"object\",\n  oops\n}"

// paste pastes text, as a terminal's bracketed paste does.
func paste(t testing.TB, a *ui.App, text string) {
	t.Helper()
	send(t, a, tea.PasteMsg{Content: text})
}

// openParameters starts editing get_weather's parameters.
func openParameters(t testing.TB, a *ui.App) {
	t.Helper()
	send(t, a, press('j'), kEnter, kTab, kTab)
	if got := focusedField(t, a); !strings.HasPrefix(got, "Parameters") {
		t.Fatalf("focused field %q, want Parameters", got)
	}
	send(t, a, kEnter)
	requireEditing(t, a, true)
}

func toolTypesAfter(t testing.TB, a *ui.App) []string { return toolTypes(t, a.Output()) }

func jsonUnmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }

func compact(s string) string {
	var b bytes.Buffer
	if json.Compact(&b, []byte(s)) != nil {
		return s
	}
	return b.String()
}

// previewLines are the text lines inside the preview pane's border.
func previewLines(t testing.TB, a *ui.App) []string { return paneLines(t, a, "3 Preview") }

// paneLines are the text lines inside the border of the pane whose title
// starts with title.
func paneLines(t testing.TB, a *ui.App, title string) []string {
	t.Helper()
	ls := lines(a)
	for i, l := range ls {
		rs := []rune(l)
		col := strings.Index(l, "╭─"+title)
		if col < 0 {
			continue
		}
		col = len([]rune(l[:col]))
		end := col + 1
		for end < len(rs) && rs[end] != '╮' {
			end++
		}
		var out []string
		for _, l := range ls[i+1:] {
			rs := []rune(l)
			if len(rs) <= end || rs[col] != '│' {
				break
			}
			out = append(out, strings.TrimRight(string(rs[col+1:end]), " "))
		}
		return out
	}
	t.Fatalf("no pane %q on the screen:\n%s", title, screen(a))
	return nil
}

// paneText is a pane's text with every run of spaces and line breaks
// made one space, so wrapped text reads as one line.
func paneText(t testing.TB, a *ui.App, title string) string {
	t.Helper()
	return strings.Join(strings.Fields(strings.Join(paneLines(t, a, title), "\n")), " ")
}

// diagTitle matches the diagnostics pane's title, in full or, when the pane
// is narrow, short ("4 Diagnostics ✗1 !0").
var diagTitle = regexp.MustCompile(`4 Diagnostics (?:· (\d+) errors?, (\d+) warnings?|✗(\d+) !(\d+))`)

// diagCounts reads the numbers of errors and warnings off the diagnostics
// pane's title.
func diagCounts(t testing.TB, a *ui.App) (errs, warns int) {
	t.Helper()
	m := diagTitle.FindStringSubmatch(screen(a))
	if m == nil {
		t.Fatalf("no diagnostics pane title on the screen:\n%s", screen(a))
	}
	e, w := m[1], m[2]
	if e == "" {
		e, w = m[3], m[4]
	}
	fmt.Sscan(e, &errs)
	fmt.Sscan(w, &warns)
	return errs, warns
}

func requireCounts(t testing.TB, a *ui.App, errs, warns int) {
	t.Helper()
	if e, w := diagCounts(t, a); e != errs || w != warns {
		t.Fatalf("diagnostics: %d errors, %d warnings; want %d and %d\n%s", e, w, errs, warns, screen(a))
	}
}

// parseDoc parses a document for a test.
func parseDoc(t testing.TB, text string) *model.Document {
	t.Helper()
	d, err := model.Parse([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return d
}
func jsonMarshal(v any) ([]byte, error) { return json.Marshal(v) }

// feedUntil is feed for commands that reach the file system: it sends the
// messages of cmd back as they arrive and returns once one of type typ
// (as typeName spells it) came, failing the test if none came within
// settle.
func feedUntil(t testing.TB, a *ui.App, cmd tea.Cmd, typ string) {
	t.Helper()
	r := newRunner()
	r.run(cmd)
	deadline := time.After(settle)
	for {
		m, ok, stuck := r.next(deadline)
		switch {
		case stuck:
			t.Fatalf("no %s within %s", typ, settle)
		case !ok:
			t.Fatalf("the commands ended without a %s", typ)
		}
		send(t, a, m)
		if typeName(m) == typ {
			return
		}
	}
}
