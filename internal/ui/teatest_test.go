package ui_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/ui"
	"github.com/tooltui/tooltui/internal/ui/outside"
)

// These tests run the app in a real Bubble Tea program with teatest.

// screenProbe asks the running program for its screen. The program's
// filter answers it on the event loop, after every message sent before
// it, so reading the screen never races with Update.
type screenProbe struct{ reply chan string }

func probeFilter(m tea.Model, msg tea.Msg) tea.Msg {
	if p, ok := msg.(screenProbe); ok {
		p.reply <- ansi.Strip(m.View().Content)
		return nil
	}
	return msg
}

// runProgram runs a in a teatest program at w×h; the program is shut down
// when the test ends.
func runProgram(t *testing.T, a *ui.App, w, h int) *teatest.TestModel {
	t.Helper()
	tm := teatest.NewTestModel(t, a,
		teatest.WithInitialTermSize(w, h),
		teatest.WithProgramOptions(tea.WithFilter(probeFilter)))
	t.Cleanup(func() {
		_ = tm.Quit()
		tm.WaitFinished(t, teatest.WithFinalTimeout(settle))
	})
	return tm
}

// startProgram runs a in a teatest program at 80×24 and waits for its
// first frame; the program is shut down when the test ends.
func startProgram(t *testing.T, a *ui.App) *teatest.TestModel {
	t.Helper()
	tm := runProgram(t, a, 80, 24)
	waitScreen(t, tm, "the first frame", func(s string) bool { return strings.Contains(s, "1 Tools") })
	return tm
}

// startExample runs the example with fake deps in a program at 80×24.
func startExample(t *testing.T) (*teatest.TestModel, *fakes) {
	t.Helper()
	f, deps := newFakes(t)
	return startProgram(t, exampleOn(deps)), f
}

// waitScreen polls the program's screen until ok holds, for up to settle.
func waitScreen(t *testing.T, tm *teatest.TestModel, what string, ok func(string) bool) string {
	t.Helper()
	return waitScreenFor(t, tm, settle, what, ok)
}

// waitScreenFor polls the program's screen until ok holds, for up to d.
func waitScreenFor(t *testing.T, tm *teatest.TestModel, d time.Duration, what string, ok func(string) bool) string {
	t.Helper()
	deadline := time.Now().Add(d)
	last := ""
	for {
		reply := make(chan string, 1)
		go tm.Send(screenProbe{reply: reply})
		select {
		case last = <-reply:
			if ok(last) {
				return last
			}
		case <-time.After(time.Until(deadline)):
		}
		if time.Now().After(deadline) {
			t.Fatalf("waited %s for %s; last screen:\n%s", d, what, last)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func contains(s string) func(string) bool {
	return func(screen string) bool { return strings.Contains(screen, s) }
}

// pickIn chooses a type in the add picker of a running program.
func pickIn(t *testing.T, tm *teatest.TestModel, label string) {
	t.Helper()
	tm.Send(press('a'))
	re := chosenRow(label)
	for range 40 {
		s := waitScreen(t, tm, "the picker", contains("╭─Add a tool"))
		if re.MatchString(s) {
			tm.Send(kEnter)
			return
		}
		tm.Send(kDown)
	}
	t.Fatalf("the picker never offered %s", label)
}

// quitDiscarding quits a dirty app through the quit prompt.
func quitDiscarding(t *testing.T, tm *teatest.TestModel) *ui.App {
	t.Helper()
	tm.Send(ctrl('q'))
	waitScreen(t, tm, "the quit prompt", contains("There are unsaved changes"))
	tm.Send(press('d'))
	return tm.FinalModel(t, teatest.WithFinalTimeout(settle)).(*ui.App)
}

func TestProgramAddWebSearchWithContextSize(t *testing.T) {
	tm, _ := startExample(t)

	pickIn(t, tm, "web_search")
	waitScreen(t, tm, "the web_search form", contains("▸ Type"))
	tm.Send(kTab)
	tm.Send(kRight)
	waitScreen(t, tm, "context size low", func(s string) bool {
		return regexp.MustCompile(`▸ Context size\s+◀ low ▶`).MatchString(s)
	})
	a := quitDiscarding(t, tm)

	out := a.Output()
	if n := bytes.Count(out, []byte(`"search_context_size": "low"`)); n != 2 {
		t.Fatalf(`"search_context_size": "low" appears %d times, want 2 (the example's and the new one's):`+"\n%s", n, out)
	}
	tools := decode(t, out).Tools
	if got := compact(string(tools[len(tools)-1])); got != `{"type":"web_search","search_context_size":"low"}` {
		t.Fatalf("the new tool is %s", got)
	}
}

func TestProgramBrokenParameters(t *testing.T) {
	tm, _ := startExample(t)

	for _, m := range []tea.Msg{press('j'), kEnter, kTab, kTab, kEnter, ctrl(tea.KeyHome)} {
		tm.Send(m)
	}
	waitScreen(t, tm, "the parameters field being edited", contains(" EDIT "))
	for range 60 {
		tm.Send(ctrl('k'))
	}
	tm.Send(tea.PasteMsg{Content: brokenParams})
	tm.Send(kEsc)
	waitScreen(t, tm, "the error", contains("4 Diagnostics ✗0 !1"))
	a := quitDiscarding(t, tm)

	s := screen(a)
	requireContains(t, s, "line 3, column 3", "final screen")
	requireContains(t, s, "get_wea… /parameters", "final screen")
	requireCounts(t, a, 0, 1)
	requireTools(t, a, "function:get_weather", "web_search", "file_search")
}

// signalClipboard is a fake system clipboard that reports each copy.
type signalClipboard struct {
	texts chan string
	err   error
}

func (c *signalClipboard) copy(_ context.Context, s string) error {
	c.texts <- s
	return c.err
}

// copyApp is an app of doc, named name, whose system clipboard is clip;
// want is its request.
func copyApp(t *testing.T, doc *model.Document, name string) (a *ui.App, clip *signalClipboard, want string) {
	t.Helper()
	clip = &signalClipboard{texts: make(chan string, 4)}
	_, deps := newFakes(t)
	deps.CopyNative = clip.copy
	a = ui.New(ui.Options{Doc: doc, Name: name, Deps: deps})
	return a, clip, string(a.Output()) // read before a program owns the app
}

// requireCopied waits for the system clipboard's next copy, which must be
// want.
func (c *signalClipboard) requireCopied(t *testing.T, want string) {
	t.Helper()
	select {
	case got := <-c.texts:
		if got != want {
			t.Fatalf("the system clipboard got\n%s\nwant the request\n%s", got, want)
		}
	case <-time.After(settle):
		t.Fatal("the system clipboard was never written")
	}
}

// waitOSC52 waits for the program to write text to the terminal's
// clipboard (OSC 52).
func waitOSC52(t *testing.T, tm *teatest.TestModel, text string) {
	t.Helper()
	osc := "\x1b]52;c;" + base64.StdEncoding.EncodeToString([]byte(text))
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(osc)) },
		teatest.WithDuration(settle), teatest.WithCheckInterval(10*time.Millisecond))
}

func TestProgramCopyWritesOSC52(t *testing.T) {
	a, clip, want := copyApp(t, model.Example(), "example.json")
	tm := startProgram(t, a)

	tm.Send(alt('c'))
	waitOSC52(t, tm, want)
	clip.requireCopied(t, want)
	waitScreen(t, tm, "the copy status", contains("Copied"))
	if err := tm.Quit(); err != nil {
		t.Fatal(err)
	}
	fm := tm.FinalModel(t, teatest.WithFinalTimeout(settle)).(*ui.App)
	if string(fm.Output()) != want {
		t.Fatal("copying changed the request")
	}
}

func TestProgramLargeRequestSkipsOSC52(t *testing.T) {
	a, clip, want := copyApp(t, bigDocument(t), "big.json")
	if len(want) <= outside.MaxOSC52Bytes {
		t.Fatalf("request is %d bytes, not over %d", len(want), outside.MaxOSC52Bytes)
	}
	tm := runProgram(t, a, 200, 24)

	tm.Send(alt('c'))
	clip.requireCopied(t, want)
	st := waitScreen(t, tm, "the copy status", contains("Copied"))
	requireContains(t, st, "too large", "status")
	_ = tm.Quit()
	out, err := io.ReadAll(tm.FinalOutput(t, teatest.WithFinalTimeout(settle)))
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(out, []byte("\x1b]52;")) {
		t.Fatalf("a %d-byte request was sent with OSC 52", len(want))
	}
}

// TestProgramHungClipboard: a clipboard program that never answers does
// not freeze the app, and the status line says it timed out.
func TestProgramHungClipboard(t *testing.T) {
	block := make(chan struct{})
	t.Cleanup(func() { close(block) })
	f, _ := newFakes(t)
	f.env["DISPLAY"] = ":0"
	deps := f.deps()
	deps.CopyNative = func(context.Context, string) error { <-block; return nil }
	deps.ClipboardTimeout = 50 * time.Millisecond
	tm := runProgram(t, exampleOn(deps), 200, 24)

	start := time.Now()
	tm.Send(alt('c'))
	tm.Send(press('j'))
	waitScreen(t, tm, "j to select the function", contains("2 get_weather (function)"))
	st := waitScreen(t, tm, "the timeout status", contains("50ms"))
	if el := time.Since(start); el > 2*time.Second {
		t.Errorf("the timeout was reported after %s", el)
	}
	requireContains(t, st, "OSC 52", "status")
}

// TestProgramSaveAs drives a save as from the quit prompt in a program:
// the app quits once the file is written.
func TestProgramSaveAs(t *testing.T) {
	tm, f := startExample(t)
	path := f.fs.dir + "/from-program.json"

	tm.Send(press('j'))
	tm.Send(press('x'))
	tm.Send(press('q'))
	waitScreen(t, tm, "the quit prompt", contains("There are unsaved changes"))
	tm.Send(press('s'))
	waitScreen(t, tm, "the save prompt", contains("╭─Save as"))
	tm.Send(ctrl('e'))
	tm.Send(ctrl('u'))
	tm.Type(path)
	tm.Send(kEnter)
	a := tm.FinalModel(t, teatest.WithFinalTimeout(settle)).(*ui.App)
	requireDirty(t, a, false, "quit dirty after save and quit")
	d, err := model.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Functions) != 0 || len(d.Builtins) != 2 {
		t.Fatalf("saved %d functions and %d built-ins, want 0 and 2", len(d.Functions), len(d.Builtins))
	}
	var req map[string]any
	if err := json.Unmarshal(a.Output(), &req); err != nil {
		t.Fatal(err)
	}
}

// TestProgramStatusClears: in a running program a status message goes away
// when its timer, of 4 s, fires, and the idle status comes back. The
// program runs the timer's command; the test's clock fires it.
func TestProgramStatusClears(t *testing.T) {
	t.Parallel()
	tm, f := startExample(t)
	idle := "example.json · 3 tools in the request · 0 errors · 0 warnings"
	waitScreen(t, tm, "the idle status", contains(idle))
	before := len(f.clock.pending())
	tm.Send(ctrl('z'))
	waitScreen(t, tm, "the message", contains("Nothing to undo"))
	waitFor(t, "the message's clear timer", func() bool { return len(f.clock.pending()) > before })
	if left := f.clock.pending()[before]; left != 4*time.Second {
		t.Fatalf("the message's timer is of %s, want 4 s", left)
	}
	if msgs := f.clock.advance(4*time.Second - time.Millisecond); len(msgs) != 0 {
		t.Fatalf("%d timers fired before 4 s", len(msgs))
	}
	for _, m := range f.clock.advance(time.Millisecond) {
		tm.Send(m)
	}
	waitScreen(t, tm, "the message to clear", contains(idle))
}

// waitFor polls ok until it holds; not within settle fails the test.
func waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(settle); !ok(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("waited %s for %s", settle, what)
		}
	}
}

// TestProgramPaletteCopies: ctrl+p, a few letters and enter run Copy
// request JSON: the request goes to the terminal (OSC 52) and the system
// clipboard.
func TestProgramPaletteCopies(t *testing.T) {
	a, clip, want := copyApp(t, model.Example(), "example.json")
	tm := startProgram(t, a)

	tm.Send(ctrl('p'))
	waitScreen(t, tm, "the palette", contains("╭─Commands"))
	tm.Type("cpyreq")
	waitScreen(t, tm, "Copy request JSON chosen", chosenRow("Copy request JSON").MatchString)
	tm.Send(kEnter)
	clip.requireCopied(t, want)
	waitOSC52(t, tm, want)
	st := waitScreen(t, tm, "the copy status", contains("Copied request JSON"))
	requireNotContains(t, st, "╭─Commands", "screen after the palette ran")
}
