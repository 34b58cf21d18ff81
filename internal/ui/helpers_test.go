// Shared helpers of the ui tests: fake deps, keys, reading the screen and
// the request, running commands.
package ui_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
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

func (c *fakeClipboard) copy(s string) error {
	if c.block != nil {
		<-c.block
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.texts = append(c.texts, s)
	return c.err
}

func (c *fakeClipboard) copied() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.texts...)
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
	clip *fakeClipboard
	fs   *fakeFS
	env  map[string]string
}

// newFakes returns deps that never touch the real clipboard, environment
// or file system: writes are recorded and refused outside t.TempDir().
func newFakes(t testing.TB) (*fakes, ui.Deps) {
	f := &fakes{
		clip: &fakeClipboard{},
		fs:   &fakeFS{t: t, dir: t.TempDir()},
		env:  map[string]string{},
	}
	return f, f.deps()
}

func (f *fakes) deps() ui.Deps {
	return ui.Deps{
		CopyNative:       f.clip.copy,
		WriteFile:        f.fs.write,
		Getenv:           func(k string) string { return f.env[k] },
		ClipboardTimeout: 5 * time.Second,
	}
}

// offlineDeps are deps for tests that neither copy nor save: any use of
// them fails the test.
func offlineDeps(t testing.TB) ui.Deps {
	return ui.Deps{
		CopyNative: func(string) error { t.Errorf("unexpected copy"); return errors.New("no clipboard in this test") },
		WriteFile: func(p string, _ []byte) error {
			t.Errorf("unexpected write to %s", p)
			return errors.New("no file system in this test")
		},
		Getenv:           func(string) string { return "" },
		ClipboardTimeout: time.Second,
	}
}

// ---- building the app ----

// newApp opens the example at 80×24 with fake deps.
func newApp(t testing.TB) (*ui.App, *fakes) {
	t.Helper()
	f, deps := newFakes(t)
	a := ui.New(ui.Options{Doc: model.Example(), Name: "example.json", Deps: deps})
	send(t, a, tea.WindowSizeMsg{Width: 80, Height: 24})
	return a, f
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

// statusLine is the line above the help: the status or the prompt.
func statusLine(t testing.TB, a *ui.App) string {
	t.Helper()
	ls := lines(a)
	if len(ls) < 2 {
		t.Fatalf("screen has %d lines, no status line:\n%s", len(ls), screen(a))
	}
	// A long status also takes the help line.
	return ls[len(ls)-2] + "\n" + ls[len(ls)-1]
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

// runCmd runs cmd (and the commands of a batch) in goroutines and returns
// the messages that arrive within d. Commands that take longer, such as the
// status line's clear timer, are left behind.
func runCmd(cmd tea.Cmd, d time.Duration) []tea.Msg {
	if cmd == nil {
		return nil
	}
	out := make(chan []tea.Msg, 1)
	go func() {
		msg := cmd()
		if b, ok := msg.(tea.BatchMsg); ok {
			var all []tea.Msg
			var mu sync.Mutex
			var wg sync.WaitGroup
			for _, c := range b {
				wg.Add(1)
				go func() {
					defer wg.Done()
					ms := runCmd(c, d)
					mu.Lock()
					all = append(all, ms...)
					mu.Unlock()
				}()
			}
			wg.Wait()
			out <- all
			return
		}
		if msg == nil {
			out <- nil
			return
		}
		out <- []tea.Msg{msg}
	}()
	select {
	case ms := <-out:
		return ms
	case <-time.After(d):
		return nil
	}
}

// feed sends the messages of cmd back into the app, as the program would,
// leaving out what takes longer than d.
func feed(t testing.TB, a *ui.App, cmd tea.Cmd, d time.Duration) []tea.Msg {
	t.Helper()
	ms := runCmd(cmd, d)
	for _, m := range ms {
		send(t, a, m)
	}
	return ms
}

// typeName is a message's Go type, to find messages the app does not export.
func typeName(m tea.Msg) string { return fmt.Sprintf("%T", m) }

func writeFile(t testing.TB, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// ---- reading the app ----

// editorTitle is the title of pane 2: what the tools pane has selected
// ("Request", "get_weather (function)", "web_search (built-in)") or
// "Add a tool" while the picker is open.
func editorTitle(t testing.TB, a *ui.App) string {
	t.Helper()
	m := regexp.MustCompile(`╭─2 ([^─╮]*)`).FindStringSubmatch(screen(a))
	if m == nil {
		t.Fatalf("no editor pane on the screen:\n%s", screen(a))
	}
	return strings.TrimSpace(m[1])
}

// isQuit reports whether cmd (or a command of its batch) quits the program.
func isQuit(cmd tea.Cmd) bool {
	for _, m := range runCmd(cmd, 500*time.Millisecond) {
		if _, ok := m.(tea.QuitMsg); ok {
			return true
		}
	}
	return false
}

// pick opens the picker and chooses the template with that label.
func pick(t testing.TB, a *ui.App, label string) {
	t.Helper()
	send(t, a, press('a'))
	if got := editorTitle(t, a); got != "Add a tool" {
		t.Fatalf("a did not open the picker; editor title %q", got)
	}
	chosen := regexp.MustCompile(`› ` + regexp.QuoteMeta(label) + `\s*│`)
	for range 40 {
		if chosen.MatchString(screen(a)) {
			send(t, a, kEnter)
			return
		}
		send(t, a, kDown)
	}
	t.Fatalf("the picker never offered %q:\n%s", label, screen(a))
}

// fieldValue is the text right of a one-line field's label on the screen,
// such as "◀ low ▶" for a select.
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

// clearField empties the focused multi-line field.
func clearField(t testing.TB, a *ui.App) {
	t.Helper()
	send(t, a, ctrl(tea.KeyHome))
	for range 200 {
		send(t, a, ctrl('k'))
	}
}

const brokenParams = "{\n  \"type\": \"object\",\n  oops\n}"

// openParameters focuses get_weather's parameters for typing.
func openParameters(t testing.TB, a *ui.App) {
	t.Helper()
	send(t, a, press('j'), kEnter, kTab, kTab)
	if got := focusedField(t, a); !strings.HasPrefix(got, "Parameters") {
		t.Fatalf("focused field %q, want Parameters", got)
	}
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
