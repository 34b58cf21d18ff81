// Tests of the root model through Update: quitting, focus, help, sizes,
// paste, copying and saving. Pane-by-pane tests are in panes_test.go.
package ui_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/ui"
)

func TestQuit(t *testing.T) {
	t.Run("q quits at once when nothing changed", func(t *testing.T) {
		a, _ := newApp(t)
		if !isQuit(send(t, a, press('q'))) {
			t.Fatal("q did not quit a clean document")
		}
	})
	t.Run("ctrl+q quits at once when nothing changed", func(t *testing.T) {
		a, _ := newApp(t)
		if !isQuit(send(t, a, ctrl('q'))) {
			t.Fatal("ctrl+q did not quit a clean document")
		}
	})
	t.Run("esc leaves the field, then q asks when dirty", func(t *testing.T) {
		a, _ := newApp(t)
		send(t, a, press('j'), kEnter)
		typeText(t, a, "q")
		requireTools(t, a, "function:get_weatherq", "web_search", "file_search")
		send(t, a, kEsc)
		if cmd := send(t, a, press('q')); isQuit(cmd) {
			t.Fatal("q quit with unsaved changes without asking")
		}
		requireContains(t, statusLine(t, a), "Unsaved changes", "status line")
		// esc cancels, and the document is untouched.
		if cmd := send(t, a, kEsc); isQuit(cmd) {
			t.Fatal("esc in the quit prompt quit")
		}
		requireContains(t, statusLine(t, a), "Quit cancelled", "status line")
		requireTools(t, a, "function:get_weatherq", "web_search", "file_search")
		// d discards and quits.
		send(t, a, press('q'))
		if !isQuit(send(t, a, press('d'))) {
			t.Fatal("d in the quit prompt did not quit")
		}
	})
	t.Run("ctrl+q asks too, even while typing", func(t *testing.T) {
		a, _ := newApp(t)
		send(t, a, press('j'), kEnter)
		typeText(t, a, "z")
		if cmd := send(t, a, ctrl('q')); isQuit(cmd) {
			t.Fatal("ctrl+q quit with unsaved changes without asking")
		}
		requireContains(t, statusLine(t, a), "Unsaved changes", "status line")
		if !isQuit(send(t, a, ctrl('q'))) {
			t.Fatal("a second ctrl+q in the prompt did not quit")
		}
	})
	t.Run("other keys in the prompt do nothing", func(t *testing.T) {
		a, _ := newApp(t)
		send(t, a, press('j'), press('x'), press('q'))
		for _, m := range []tea.Msg{press('x'), press('a'), press('j'), kEnter} {
			if cmd := send(t, a, m); isQuit(cmd) {
				t.Fatalf("%v in the quit prompt quit", m)
			}
		}
		requireTools(t, a, "web_search", "file_search")
		requireContains(t, statusLine(t, a), "Unsaved changes", "status line")
	})
}

// TestTabAndPanes: tab and shift+tab move between the fields of the form,
// then on to the next pane; 1-4 focus a pane. Focus is checked by what the
// next key does.
func TestTabAndPanes(t *testing.T) {
	model := func(t *testing.T, a *ui.App) string { return decode(t, a.Output()).Model }

	t.Run("tab from the tools pane edits the first field", func(t *testing.T) {
		a, _ := newApp(t)
		send(t, a, kTab)
		typeText(t, a, "X")
		if got := model(t, a); got != "gpt-5X" {
			t.Fatalf("model = %q, want gpt-5X (typed into Model)", got)
		}
	})
	t.Run("tab moves to the next field", func(t *testing.T) {
		a, _ := newApp(t)
		send(t, a, kTab, kTab)
		if got := focusedField(t, a); got != "Instructions" {
			t.Fatalf("focused field %q, want Instructions", got)
		}
		typeText(t, a, "Y")
		if got := model(t, a); got != "gpt-5" {
			t.Fatalf("typing after two tabs changed the model to %q", got)
		}
		if !strings.Contains(string(a.Output()), `Y"`) && !strings.Contains(string(a.Output()), `"Y`) {
			t.Fatalf("Y did not reach the instructions:\n%s", a.Output())
		}
	})
	t.Run("shift+tab moves back a field", func(t *testing.T) {
		a, _ := newApp(t)
		send(t, a, kTab, kTab, kShiftTab)
		if got := focusedField(t, a); got != "Model" {
			t.Fatalf("focused field %q, want Model", got)
		}
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
		if a.Dirty() {
			t.Fatal("j after leaving the form changed the document")
		}
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
		if got := focusedField(t, a); got != "Other request fields (extra, JSON object)" {
			t.Fatalf("shift+tab into the editor focused %q, want its last field", got)
		}
	})
	t.Run("2 focuses the editor; after esc j moves between fields", func(t *testing.T) {
		a, _ := newApp(t)
		send(t, a, press('2'), kEsc, press('j'))
		if got := focusedField(t, a); got != "Instructions" {
			t.Fatalf("focused field %q, want Instructions", got)
		}
		if a.Dirty() {
			t.Fatal("j in the editor pane was typed")
		}
		send(t, a, press('1'), press('j'))
		if got := editorTitle(t, a); got != "get_weather (function)" {
			t.Fatalf("1 then j selected %q", got)
		}
	})
}

// TestHelpListsEveryBinding: every binding of the key map is shown on
// screen where it works: in the ? help, or, for the keys of a prompt
// (quit, recovery), in the prompt itself.
func TestHelpListsEveryBinding(t *testing.T) {
	a, _ := newApp(t)
	send(t, a, tea.WindowSizeMsg{Width: 140, Height: 40}, press('?'))
	help := screen(a)

	q, _ := newApp(t)
	send(t, q, tea.WindowSizeMsg{Width: 140, Height: 40}, press('j'), press('x'), press('q'))
	quitPrompt := statusLine(t, q)
	requireContains(t, quitPrompt, "Unsaved changes", "quit prompt")

	_, deps := newFakes(t)
	r := ui.New(ui.Options{Doc: model.Example(), Name: "example.json", Deps: deps, Recovered: &model.Document{}})
	send(t, r, tea.WindowSizeMsg{Width: 140, Height: 40})
	recoverPrompt := statusLine(t, r)

	v := reflect.ValueOf(ui.DefaultKeyMap())
	for i := range v.NumField() {
		name := v.Type().Field(i).Name
		b, ok := v.Field(i).Interface().(key.Binding)
		if !ok {
			continue
		}
		h := b.Help()
		if h.Key == "" {
			continue // shown with another binding (1-4, K/J, ←/→)
		}
		shown := false
		for _, s := range []string{help, quitPrompt, recoverPrompt} {
			if regexp.MustCompile(regexp.QuoteMeta(h.Key) + ` +` + regexp.QuoteMeta(h.Desc)).MatchString(s) {
				shown = true
			}
		}
		if !shown {
			t.Errorf("no screen lists %s as %q %q", name, h.Key, h.Desc)
		}
	}
	if t.Failed() {
		t.Logf("help:\n%s\nquit prompt: %s\nrecovery prompt: %s", help, quitPrompt, recoverPrompt)
	}

	// Any key closes it, and does nothing else.
	send(t, a, press('x'))
	requireNotContains(t, screen(a), "Any key closes", "screen")
	requireTools(t, a, exampleTools...)

	t.Run("fits at 80x24", func(t *testing.T) {
		a, _ := newApp(t)
		send(t, a, press('?'))
		s := screen(a)
		for _, b := range []string{"ctrl+q", "ctrl+s", "ctrl+z", "ctrl+y", "shift+tab", "alt+c", "alt+t", "alt+u", "alt+e", "alt+r", "duplicate", "enable/disable", "add tool", "pgup", "bottom"} {
			requireContains(t, s, b, "help at 80x24")
		}
	})
	t.Run("q in help asks before quitting when dirty", func(t *testing.T) {
		a, _ := newApp(t)
		send(t, a, press('j'), press('x'), press('?'))
		if cmd := send(t, a, ctrl('q')); isQuit(cmd) {
			t.Fatal("ctrl+q in help quit with unsaved changes")
		}
	})
}

// TestTooSmall: below the minimum size keys other than quit are ignored,
// and the app works again once the terminal grows.
func TestTooSmall(t *testing.T) {
	a, _ := newApp(t)
	send(t, a, tea.WindowSizeMsg{Width: ui.MinWidth - 1, Height: 24})
	requireScreen(t, a, "too small")
	send(t, a, press('j'), press('x'), press('a'))
	requireTools(t, a, exampleTools...)
	if a.Dirty() {
		t.Fatal("keys changed the document while the terminal was too small")
	}
	send(t, a, tea.WindowSizeMsg{Width: 80, Height: 24}, press('j'))
	if got := editorTitle(t, a); got != "get_weather (function)" {
		t.Fatalf("after growing, j selected %q", got)
	}
	send(t, a, tea.WindowSizeMsg{Width: 80, Height: ui.MinHeight - 1})
	if !isQuit(send(t, a, press('q'))) {
		t.Fatal("q does not quit while the terminal is too small")
	}
}

func TestPaste(t *testing.T) {
	a, _ := newApp(t)
	send(t, a, press('j'), kEnter, ctrl('u'), tea.PasteMsg{Content: "pasted_name"})
	requireTools(t, a, "function:pasted_name", "web_search", "file_search")
	// A paste into a one-line field stays on one line.
	send(t, a, ctrl('u'), tea.PasteMsg{Content: "two\nlines"})
	if got := editorTitle(t, a); got != "two lines (function)" {
		t.Errorf("editor title %q, want %q", got, "two lines (function)")
	}
	// Outside a text field a paste changes nothing and says why.
	send(t, a, kEsc, press('1'))
	before := string(a.Output())
	send(t, a, tea.PasteMsg{Content: "x"})
	if string(a.Output()) != before {
		t.Fatal("a paste outside a text field changed the request")
	}
	requireContains(t, statusLine(t, a), "Paste into a text field", "status line")
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

// bigDocument converts to a request larger than ui.MaxOSC52Bytes.
func bigDocument(t testing.TB) *model.Document {
	d := model.Example()
	d.Fields.Set("instructions", model.String(strings.Repeat("All work and no play. ", ui.MaxOSC52Bytes/20)))
	return d
}

func TestCopy(t *testing.T) {
	t.Run("alt+c copies the request to both clipboards", func(t *testing.T) {
		a, f := newApp(t)
		msgs := copyKey(t, a, alt('c'), 5*time.Second)
		if got := f.clip.copied(); len(got) != 1 || got[0] != string(a.Output()) {
			t.Fatalf("system clipboard got %d texts; want exactly the request", len(got))
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
		send(t, a, press('j'), kEnter)
		typeText(t, a, "2")
		copyKey(t, a, alt('c'), 5*time.Second)
		got := f.clip.copied()
		if len(got) != 1 || !strings.Contains(got[0], `"get_weather2"`) {
			t.Fatalf("copied %q, want the request with the edited name", got)
		}
		requireTools(t, a, "function:get_weather2", "web_search", "file_search")
	})
	t.Run("alt+t copies the tools array", func(t *testing.T) {
		a, f := newApp(t)
		copyKey(t, a, alt('t'), 5*time.Second)
		got := f.clip.copied()
		if len(got) != 1 {
			t.Fatalf("copied %d texts", len(got))
		}
		var tools []map[string]any
		if err := json.Unmarshal([]byte(got[0]), &tools); err != nil {
			t.Fatalf("alt+t copied no JSON array: %v\n%s", err, got[0])
		}
		if len(tools) != 3 || tools[0]["name"] != "get_weather" || tools[2]["type"] != "file_search" {
			t.Fatalf("alt+t copied %s", got[0])
		}
	})
	t.Run("alt+u copies a curl command", func(t *testing.T) {
		a, f := newApp(t)
		copyKey(t, a, alt('u'), 5*time.Second)
		got := f.clip.copied()
		if len(got) != 1 {
			t.Fatalf("copied %d texts", len(got))
		}
		for _, w := range []string{"curl https://api.openai.com/v1/responses", "$OPENAI_API_KEY", `"get_weather"`} {
			requireContains(t, got[0], w, "curl command")
		}
		requireNotContains(t, got[0], "sk-", "curl command")
	})

	// The status line of a copy the system clipboard refused.
	noDisplay := func(t *testing.T, w int) *ui.App {
		a, f := newApp(t)
		send(t, a, tea.WindowSizeMsg{Width: w, Height: 24})
		f.clip.err = errors.New("xclip: exit status 1")
		msgs := copyKey(t, a, alt('c'), 5*time.Second)
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
		f.clip.err = errors.New("No clipboard utilities available. Please install xsel, xclip, wl-clipboard or Termux:API add-on for termux-clipboard-get/set.")
		copyKey(t, a, alt('c'), 5*time.Second)
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
		a := ui.New(ui.Options{Doc: model.Example(), Name: "example.json", Deps: deps})
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
		if len(a.Output()) <= ui.MaxOSC52Bytes {
			t.Fatalf("request is %d bytes, not over %d", len(a.Output()), ui.MaxOSC52Bytes)
		}
		msgs := copyKey(t, a, alt('c'), 5*time.Second)
		if hasOSC52(msgs) {
			t.Fatal("a request over MaxOSC52Bytes was sent with OSC 52")
		}
		if got := f.clip.copied(); len(got) != 1 || got[0] != string(a.Output()) {
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
		msgs := copyKey(t, a, alt('c'), 5*time.Second)
		if hasOSC52(msgs) {
			t.Fatal("a request over MaxOSC52Bytes was sent with OSC 52")
		}
		st := statusLine(t, a)
		requireContains(t, st, "Copy failed", "status line")
		requireContains(t, st, fmt.Sprint(ui.MaxOSC52Bytes), "status line")
	})
}

// ---- saving ----

// openFile saves the example to a file in the test's directory and opens it.
func openFile(t *testing.T) (*ui.App, *fakes, string) {
	t.Helper()
	f, deps := newFakes(t)
	path := filepath.Join(f.fs.dir, "doc.json")
	writeFile(t, path, model.ExampleJSON())
	doc, err := model.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	a := ui.New(ui.Options{Doc: doc, Path: path, Name: "doc.json", Deps: deps})
	send(t, a, tea.WindowSizeMsg{Width: 80, Height: 24})
	return a, f, path
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
	typeText(t, a, id)
	send(t, a, kEsc, press('1'))
}

func TestSave(t *testing.T) {
	t.Run("ctrl+s writes the file", func(t *testing.T) {
		a, _, path := openFile(t)
		addFileSearch(t, a, "vs_saved")
		if !a.Dirty() || !strings.Contains(a.View().WindowTitle, "•") {
			t.Fatalf("not dirty after an edit: Dirty() %v, title %q", a.Dirty(), a.View().WindowTitle)
		}
		feed(t, a, send(t, a, ctrl('s')), 5*time.Second)
		if a.Dirty() {
			t.Fatalf("Dirty() after the save; status %q", statusLine(t, a))
		}
		requireContains(t, statusLine(t, a), "Saved", "status line")
		requireNotContains(t, a.View().WindowTitle, "•", "window title")
		requireSavedAs(t, a, path)
		requireContains(t, string(a.Output()), `"vs_saved"`, "request")
		// Nothing left to ask about: q quits at once.
		if !isQuit(send(t, a, press('q'))) {
			t.Fatal("q after a save asked again")
		}
	})
	t.Run("ctrl+s while typing saves what was typed", func(t *testing.T) {
		a, _, path := openFile(t)
		send(t, a, press('j'), kEnter)
		typeText(t, a, "_v2")
		feed(t, a, send(t, a, ctrl('s')), 5*time.Second)
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
		typeText(t, a, brokenParams)
		feed(t, a, send(t, a, ctrl('s')), 5*time.Second)
		requireSavedAs(t, a, path)
		d, err := model.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Functions) != 1 || d.Functions[0].ParamsDraft == nil || *d.Functions[0].ParamsDraft != brokenParams {
			t.Fatalf("the saved function lost its draft parameters")
		}
	})
	t.Run("a failed write keeps the changes and says why", func(t *testing.T) {
		a, f, path := openFile(t)
		send(t, a, press('j'), press('x'))
		f.fs.err = errors.New("no space left on device")
		feed(t, a, send(t, a, ctrl('s')), 5*time.Second)
		if !a.Dirty() {
			t.Fatal("Dirty() false after a failed save")
		}
		st := statusLine(t, a)
		requireContains(t, st, "no space left on device", "status line")
		requireContains(t, st, "ail", "status line") // "failed"/"Failed"
		// the file on disk is untouched
		data, err := os.ReadFile(path)
		if err != nil || string(data) != string(model.ExampleJSON()) {
			t.Fatalf("the file changed after a failed save: %v", err)
		}
		// and quitting still asks
		if isQuit(send(t, a, press('q'))) {
			t.Fatal("q quit without asking after a failed save")
		}
	})
	t.Run("the example asks for a file name", func(t *testing.T) {
		a, f := newApp(t)
		send(t, a, press('j'), press('j'), press('x'))
		feed(t, a, send(t, a, ctrl('s')), 200*time.Millisecond)
		if len(f.fs.written()) > 0 {
			t.Fatal("ctrl+s on the example wrote a file without asking for a name")
		}
		requireContains(t, statusLine(t, a), "Save as:", "status line")
		requireContains(t, statusLine(t, a), "tooltui.json", "the proposed name")
		// Keys type into the prompt, not into the app.
		path := filepath.Join(f.fs.dir, "saved.json")
		send(t, a, ctrl('u'))
		typeText(t, a, path)
		requireTools(t, a, "function:get_weather", "file_search")
		feed(t, a, send(t, a, kEnter), 5*time.Second)
		if a.Dirty() {
			t.Fatalf("Dirty() after save as; status %q", statusLine(t, a))
		}
		requireSavedAs(t, a, path)
		requireContains(t, statusLine(t, a), "saved.json", "status line")
		requireContains(t, a.View().WindowTitle, "saved.json", "window title")
		// The next save goes to the same file without asking.
		send(t, a, press('j'), press('x'))
		feed(t, a, send(t, a, ctrl('s')), 5*time.Second)
		requireNotContains(t, statusLine(t, a), "Save as:", "status line")
		requireSavedAs(t, a, path)
		if w := f.fs.written(); len(w) != 1 {
			t.Fatalf("wrote %d files, want only %s", len(w), path)
		}
	})
	t.Run("a failed save as asks for a name again", func(t *testing.T) {
		a, f := newApp(t)
		send(t, a, press('j'), press('x'), ctrl('s'), ctrl('u'))
		bad := filepath.Join(f.fs.dir, "no-such-dir", "x.json")
		typeText(t, a, bad)
		f.fs.err = errors.New("no such file or directory")
		feed(t, a, send(t, a, kEnter), 5*time.Second)
		requireContains(t, statusLine(t, a), "no such file or directory", "status line")
		if !a.Dirty() {
			t.Fatal("Dirty() false after a failed save")
		}
		// Nothing was saved: the next ctrl+s lets the user pick another name
		// instead of retrying the path that failed.
		f.fs.err = nil
		send(t, a, ctrl('s'))
		requireContains(t, statusLine(t, a), "Save as:", "status line after a second ctrl+s")
	})
	t.Run("esc cancels save as", func(t *testing.T) {
		a, f := newApp(t)
		send(t, a, press('j'), press('x'), ctrl('s'), kEsc)
		requireContains(t, statusLine(t, a), "cancel", "status line")
		if len(f.fs.written()) != 0 || !a.Dirty() {
			t.Fatal("esc in the save prompt saved")
		}
		// The app works again.
		send(t, a, press('j'))
		if got := editorTitle(t, a); got != "file_search (built-in)" {
			t.Fatalf("j after esc selected %q", got)
		}
	})
	t.Run("s in the quit prompt saves, asking for a name, then quits", func(t *testing.T) {
		a, f := newApp(t)
		send(t, a, press('j'), press('x'), press('q'), press('s'))
		requireContains(t, statusLine(t, a), "Save as:", "status line")
		path := filepath.Join(f.fs.dir, "quit.json")
		send(t, a, ctrl('u'))
		typeText(t, a, path)
		msgs := runCmd(send(t, a, kEnter), 5*time.Second)
		if len(msgs) != 1 {
			t.Fatalf("enter gave %d messages, want the save result", len(msgs))
		}
		if !isQuit(send(t, a, msgs[0])) {
			t.Fatal("the app did not quit after saving")
		}
		requireSavedAs(t, a, path)
	})
	t.Run("a failed save from the quit prompt does not quit", func(t *testing.T) {
		a, f, _ := openFile(t)
		f.fs.err = errors.New("read-only file system")
		send(t, a, press('j'), press('x'), press('q'))
		msgs := runCmd(send(t, a, press('s')), 5*time.Second)
		if len(msgs) != 1 {
			t.Fatalf("s gave %d messages, want the save result", len(msgs))
		}
		if isQuit(send(t, a, msgs[0])) {
			t.Fatal("the app quit although the save failed: the changes would be lost")
		}
		requireContains(t, statusLine(t, a), "read-only file system", "status line")
		if !a.Dirty() {
			t.Fatal("Dirty() false after a failed save")
		}
	})
}
