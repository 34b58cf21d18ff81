package ui

import (
	"context"
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/send"
	"github.com/tooltui/tooltui/internal/ui/files"
	"github.com/tooltui/tooltui/internal/ui/fix"
	"github.com/tooltui/tooltui/internal/ui/form"
	"github.com/tooltui/tooltui/internal/ui/formats"
	"github.com/tooltui/tooltui/internal/ui/help"
	"github.com/tooltui/tooltui/internal/ui/infer"
	"github.com/tooltui/tooltui/internal/ui/kit"
	"github.com/tooltui/tooltui/internal/ui/sendview"
)

// The global keys mean the same in every pane, dialog and overlay, decided
// by one router (router.go).

type writes struct {
	mu    sync.Mutex
	files map[string][]byte
	gone  []string
}

func (w *writes) write(p string, b []byte) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.files == nil {
		w.files = map[string][]byte{}
	}
	w.files[p] = append([]byte(nil), b...)
	return nil
}

func (w *writes) remove(p string) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.gone = append(w.gone, p)
	return nil
}

func (w *writes) has(p string) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	_, ok := w.files[p]
	return ok
}

// globalApp opens src (the example when "") as /work/doc.json, saved nowhere
// for real, at 130×36.
func globalApp(t *testing.T, src string) (*App, *writes) {
	t.Helper()
	d := model.Example()
	if src != "" {
		var err error
		if d, err = model.Parse([]byte(src)); err != nil {
			t.Fatal(err)
		}
	}
	w := &writes{}
	a := New(Options{Doc: d, Path: "/nonexistent/doc.json", Name: "doc.json", RecoveryFile: "/nonexistent/recovery.json", Deps: kit.Deps{
		CopyNative: noCopy,
		WriteFile:  w.write,
		Remove:     w.remove,
		MkdirAll:   func(string, os.FileMode) error { return nil },
		Getenv:     func(string) string { return "" },
		Tick:       (&heldTimers{}).tick,
		Send: func(ctx context.Context, _ send.Config, _ []byte, _ func(send.Event) error) error {
			<-ctx.Done()
			return ctx.Err()
		},
	}, BaseURL: "http://127.0.0.1:9/v1"})
	a.Update(tea.WindowSizeMsg{Width: 130, Height: 36})
	return a, w
}

// runNow runs cmd and the commands of its batches and sequences, each for
// at most 20 s (the app's timers answer at once: heldTimers), and returns
// their messages.
func runNow(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	ch := make(chan tea.Msg, 1)
	go func() { ch <- cmd() }()
	var msg tea.Msg
	select {
	case msg = <-ch:
	case <-time.After(20 * time.Second):
		return nil
	}
	if b, ok := msg.(tea.BatchMsg); ok {
		var out []tea.Msg
		for _, c := range b {
			out = append(out, runNow(c)...)
		}
		return out
	}
	if v := reflect.ValueOf(msg); v.IsValid() && v.Kind() == reflect.Slice && v.Type().Elem() == reflect.TypeFor[tea.Cmd]() {
		var out []tea.Msg
		for i := range v.Len() {
			out = append(out, runNow(v.Index(i).Interface().(tea.Cmd))...)
		}
		return out
	}
	if msg == nil {
		return nil
	}
	return []tea.Msg{msg}
}

func quits(msgs []tea.Msg) bool {
	for _, m := range msgs {
		if _, ok := m.(tea.QuitMsg); ok {
			return true
		}
	}
	return false
}

func status(a *App) string { return a.status.text }

func ctrlKey(r rune) tea.KeyPressMsg { return tea.KeyPressMsg{Code: r, Mod: tea.ModCtrl} }

// TestQuitNeedsAnExplicitD: ctrl+c twice (or ctrl+q twice) never quits
// with unsaved changes; the second cancels the question and says so. d
// quits, and the recovery copy of the unsaved work stays for the next
// start.
func TestQuitNeedsAnExplicitD(t *testing.T) {
	for _, r := range []rune{'c', 'q'} {
		a, w := globalApp(t, "")
		typeKeys(a, "j", "j", " ") // disable web_search: unsaved
		if !a.Dirty() {
			t.Fatal("not dirty")
		}
		if quits(runNow(a.update(ctrlKey(r)))) {
			t.Fatalf("ctrl+%c quit with unsaved changes", r)
		}
		if c, ok := a.dialog.(*kit.ConfirmDialog); !ok || c.Title != kit.QuitTitle {
			t.Fatalf("ctrl+%c did not ask: %T", r, a.dialog)
		}
		if quits(runNow(a.update(ctrlKey(r)))) {
			t.Fatalf("a second ctrl+%c quit without saving", r)
		}
		if a.dialog != nil {
			t.Fatalf("a second ctrl+%c left the question open", r)
		}
		if !strings.Contains(status(a), "Quit cancelled") {
			t.Fatalf("status %q", status(a))
		}
		a.update(ctrlKey(r))
		msgs := runNow(a.update(tea.KeyPressMsg{Code: 'd', Text: "d"}))
		if !quits(msgs) {
			t.Fatal("d did not quit")
		}
		if !w.has("/nonexistent/recovery.json") {
			t.Fatal("d quit without keeping a recovery copy")
		}
		for _, g := range w.gone {
			if g == "/nonexistent/recovery.json" {
				t.Fatal("d removed the recovery copy")
			}
		}
	}
}

// TestGlobalKeysInEveryDialog: in each dialog and overlay, ctrl+s saves,
// ctrl+z undoes the document, ctrl+p opens the palette over it, ? shows
// its keys, ctrl+r sends, ctrl+q and ctrl+c cancel it, and a key that does
// nothing says so.
func TestGlobalKeysInEveryDialog(t *testing.T) {
	openers := map[string]func(a *App){
		"help":    func(a *App) { typeKeys(a, "?") },
		"args":    func(a *App) { typeKeys(a, "A") },
		"infer":   func(a *App) { typeKeys(a, "I") },
		"export":  func(a *App) { typeKeys(a, "X") },
		"formats": func(a *App) { typeKeys(a, "V") },
		"quit":    func(a *App) { a.Update(ctrlKey('q')) },
		"changed": func(a *App) {
			a.apply(kit.ActOpen{D: files.NewChangedDialog("doc.json", files.DiskChangedMsg{Path: "/nonexistent/doc.json", Watched: true,
				Was: model.Stamp{Exists: true, Size: 1}, Now: model.Stamp{Exists: true, Size: 2}})})
		},
		"response": func(a *App) { a.Update(ctrlKey('r')) },
		"palette":  func(a *App) { a.Update(ctrlKey('p')) },
		"add":      func(a *App) { typeKeys(a, "a") },
		"copy":     func(a *App) { typeKeys(a, "y") },
		"choice":   func(a *App) { a.run(kit.CmdChoice) },
	}
	for name, open := range openers {
		t.Run(name, func(t *testing.T) {
			fresh := func() (*App, kit.Dialog) {
				a, _ := globalApp(t, "")
				typeKeys(a, "j")                             // get_weather
				a.Update(tea.KeyPressMsg{Code: tea.KeyDown}) // web_search
				typeKeys(a, " ")                             // disable it: one undoable change
				a.Update(tea.KeyPressMsg{Code: tea.KeyUp})
				open(a)
				if a.dialog == nil {
					t.Fatalf("no dialog:\n%s", treeScreen(a))
				}
				return a, a.dialog
			}
			// ctrl+s saves
			a, d := fresh()
			a.Update(ctrlKey('s'))
			if !strings.Contains(status(a), "Saving /nonexistent/doc.json") {
				a.Update(ctrlKey('s')) // a first ctrl+s may say what it leaves out
			}
			if !strings.Contains(status(a), "Saving /nonexistent/doc.json") {
				t.Fatalf("ctrl+s did not save: %q", status(a))
			}
			if a.dialog != d {
				t.Fatalf("ctrl+s closed the dialog")
			}
			// ctrl+z undoes the document
			a, d = fresh()
			a.Update(ctrlKey('z'))
			if a.Dirty() || a.s.Doc().Builtins[0].Disabled {
				t.Fatalf("ctrl+z did not undo: %q", status(a))
			}
			if a.dialog != d {
				t.Fatalf("ctrl+z closed the dialog")
			}
			// ctrl+p opens the palette over it (in the palette, it is up)
			a, d = fresh()
			a.Update(ctrlKey('p'))
			if name == "palette" {
				if a.dialog != d || len(a.under) != 0 {
					t.Fatal("ctrl+p in the palette opened another")
				}
			} else {
				if l, ok := a.dialog.(*kit.ListDialog); !ok || l.Title != "Commands" || len(a.under) != 1 || a.under[0] != d {
					t.Fatalf("ctrl+p: %T over %d", a.dialog, len(a.under))
				}
				typeKeys(a, "esc")
				if a.dialog != d {
					t.Fatal("esc in the palette did not go back to the dialog")
				}
			}
			// ? lists the dialog's keys and the global ones
			a, d = fresh()
			if _, isHelp := d.(*help.Dialog); !isHelp {
				a.Update(tea.KeyPressMsg{Code: '?', Text: "?"})
				if typing, ok := d.(kit.TextField); ok && typing.TypingText() {
					if a.dialog != d {
						t.Fatal("? in a text field left the dialog")
					}
				} else {
					h, ok := a.dialog.(*help.Dialog)
					if !ok {
						t.Fatalf("? showed no help: %T, status %q", a.dialog, status(a))
					}
					if h.Groups[0].Title != "Keys of "+d.Name() || len(h.Groups[0].Rows) == 0 {
						t.Fatalf("the help is not the dialog's: %+v", h.Groups[0])
					}
					typeKeys(a, "esc")
					if a.dialog != d {
						t.Fatal("esc in the help did not go back to the dialog")
					}
				}
			}
			// ctrl+r sends (again, in the response view)
			a, d = fresh()
			a.Update(ctrlKey('r'))
			s, ok := a.dialog.(*sendview.Dialog)
			if !ok {
				t.Fatalf("ctrl+r: %T, status %q", a.dialog, status(a))
			}
			if prev, was := d.(*sendview.Dialog); was && prev.ID == s.ID {
				t.Fatal("ctrl+r in the response view did not send again")
			}
			a.closeDialog()
			// ctrl+q and ctrl+c cancel it
			for _, r := range []rune{'q', 'c'} {
				a, d = fresh()
				if quits(runNow(a.update(ctrlKey(r)))) {
					t.Fatalf("ctrl+%c quit", r)
				}
				if a.dialog == d {
					t.Fatalf("ctrl+%c did not cancel the dialog", r)
				}
				if a.dialog != nil {
					t.Fatalf("ctrl+%c opened %T", r, a.dialog)
				}
				if status(a) == "" {
					t.Fatalf("ctrl+%c said nothing", r)
				}
			}
			// a key that does nothing says why
			if _, isHelp := d.(*help.Dialog); !isHelp {
				a, d = fresh()
				a.status.text = ""
				a.Update(ctrlKey('o'))
				if a.dialog != d || status(a) == "" {
					t.Fatalf("ctrl+o: %q", status(a))
				}
			}
		})
	}
}

// TestSaveInTheTreeSaysWhatItLeavesOut: with a name being typed in the
// tree, the first ctrl+s says the name is not in the save; the second
// saves.
func TestSaveInTheTreeSaysWhatItLeavesOut(t *testing.T) {
	a, _ := globalApp(t, "")
	typeKeys(a, "j", "T", "a", "sto")
	a.Update(ctrlKey('s'))
	if st := status(a); !strings.Contains(st, `"sto"`) || !strings.Contains(st, "ctrl+s again") {
		t.Fatalf("the first ctrl+s said %q", st)
	}
	a.Update(ctrlKey('s'))
	if !strings.Contains(status(a), "Saving") {
		t.Fatalf("the second ctrl+s said %q", status(a))
	}
	if d := a.tree.pane; !treeFocused(a) || d.Prompt == nil || d.Prompt.Value() != "sto" {
		t.Fatal("the save took the name being typed away")
	}
}

// TestInferAppliesWithAltEnter: ctrl+s saves in the infer dialog; the
// inferred parameters are set with alt+enter.
func TestInferAppliesWithAltEnter(t *testing.T) {
	a, _ := globalApp(t, "")
	typeKeys(a, "j", "I")
	a.Update(tea.PasteMsg{Content: `{"city": "Paris", "days": 3}`})
	a.Update(ctrlKey('s'))
	if _, ok := a.dialog.(*infer.Dialog); !ok || strings.Contains(toolParams(a, 0), "days") {
		t.Fatal("ctrl+s applied the inferred parameters")
	}
	a.Update(tea.KeyPressMsg{Code: tea.KeyEnter, Mod: tea.ModAlt})
	if a.dialog != nil || !strings.Contains(toolParams(a, 0), "days") {
		t.Fatalf("alt+enter did not set the parameters: %T %s", a.dialog, status(a))
	}
}

// TestFixDialogGlobalKeysAndUndo: in the fix dialog ctrl+s saves and
// ctrl+z undoes the document; the dialog then shows the fixes of the
// document as it is, and enter never applies a fix made for an older one.
func TestFixDialogGlobalKeysAndUndo(t *testing.T) {
	a, _ := globalApp(t, dupDoc)
	typeKeys(a, "j", "x") // delete the first f: no duplicate left
	if len(a.s.Doc().Functions) != 1 {
		t.Fatal("x did not delete")
	}
	a.Update(ctrlKey('z')) // the duplicate is back
	typeKeys(a, "4")
	for i := 0; i < 10; i++ {
		if d, ok := a.diags.Current(a.s.Result().Diagnostics); ok && len(d.Fixes) > 0 {
			break
		}
		a.Update(tea.KeyPressMsg{Code: tea.KeyDown})
	}
	typeKeys(a, "f")
	fd, ok := a.dialog.(*fix.Dialog)
	if !ok {
		t.Fatalf("f opened %T", a.dialog)
	}
	a.Update(ctrlKey('s'))
	if !strings.Contains(status(a), "Saving") || a.dialog != fd {
		t.Fatalf("ctrl+s in the fix dialog: %q", status(a))
	}
	a.Update(ctrlKey('y')) // redo the delete: the problem is gone
	if len(a.s.Doc().Functions) != 1 {
		t.Fatalf("ctrl+y did not redo: %q", status(a))
	}
	if !fd.Gone {
		t.Fatal("the fix dialog did not see the document change")
	}
	typeKeys(a, "enter")
	if len(a.s.Doc().Functions) != 1 {
		t.Fatal("enter applied a fix made for the older document")
	}
	a.Update(ctrlKey('z'))
	if fd.Gone || len(a.s.Doc().Functions) != 2 {
		t.Fatal("undo did not bring the problem back to the dialog")
	}
	typeKeys(a, "enter")
	if n := model.StringAt(a.s.Doc().Functions[1].Raw, []string{"name"}); n == "f" || len(a.s.Doc().Functions) != 2 {
		t.Fatalf("the fix was not applied to the document as it is: %q", n)
	}
}

// TestUndoTakesATextFieldsOwnTypingFirst: in the tree's name prompt
// ctrl+z takes back what was typed there; once the prompt has nothing to
// take back, it undoes the document.
func TestUndoTakesATextFieldsOwnTypingFirst(t *testing.T) {
	a, _ := globalApp(t, "")
	typeKeys(a, "j", "T", "a", "stops", "enter") // one edit of the document
	typeKeys(a, "a", "sto")
	d := a.tree.pane
	a.Update(ctrlKey('z'))
	if d.Prompt == nil || d.Prompt.Value() != "" || !strings.Contains(toolParams(a, 0), "stops") {
		t.Fatalf("ctrl+z in the prompt: prompt %v, parameters %s", d.Prompt, toolParams(a, 0))
	}
	a.Update(ctrlKey('y'))
	if d.Prompt.Value() != "sto" {
		t.Fatalf("ctrl+y in the prompt gave %q", d.Prompt.Value())
	}
	a.Update(ctrlKey('z'))
	a.Update(ctrlKey('z'))
	if strings.Contains(toolParams(a, 0), "stops") {
		t.Fatal("ctrl+z with nothing left in the prompt did not undo the document")
	}
}

// TestQuitOnATooSmallScreen: with unsaved changes, ctrl+q on a screen too
// small for the panes opens the question once; the screen says it waits,
// and ctrl+q never quits without it.
func TestQuitOnATooSmallScreen(t *testing.T) {
	a, _ := globalApp(t, "")
	typeKeys(a, "j", "x")
	a.Update(tea.WindowSizeMsg{Width: 30, Height: 8})
	for range 3 {
		if quits(runNow(a.update(ctrlKey('q')))) {
			t.Fatal("ctrl+q quit with unsaved changes on a small screen")
		}
	}
	if len(a.under) != 0 || a.dialog == nil {
		t.Fatalf("%d questions under the top one", len(a.under))
	}
	if !strings.Contains(strings.Join(strings.Fields(treeScreen(a)), " "), "a question is waiting") {
		t.Fatalf("the screen:\n%s", treeScreen(a))
	}
	a.Update(tea.WindowSizeMsg{Width: 130, Height: 36})
	if !strings.Contains(treeScreen(a), "There are unsaved changes") {
		t.Fatalf("the question is not shown once the screen is larger:\n%s", treeScreen(a))
	}
}

// TestFormatsViewFollowsUndo: ctrl+z in the formats view undoes the
// document, and the view shows the request as it is then.
func TestFormatsViewFollowsUndo(t *testing.T) {
	a, _ := globalApp(t, "")
	typeKeys(a, "j", " ") // get_weather disabled: not in the request
	typeKeys(a, "V")
	d := a.dialog.(*formats.Dialog)
	if strings.Contains(string(d.Body), "get_weather") {
		t.Fatal("the disabled function is in the request")
	}
	a.Update(ctrlKey('z'))
	if !strings.Contains(string(d.Body), "get_weather") || !strings.Contains(d.Current().Text, "get_weather") {
		t.Fatal("the formats view shows the request before the undo")
	}
}

// TestSwitchToAFormThereIsNone: alt+r (R) on a built-in without a form, or
// on JSON that is not valid yet, says why it stays JSON.
func TestSwitchToAFormThereIsNone(t *testing.T) {
	src := `{"model": "gpt-5", "extra": {"builtin_tools": [{"type": "code_interpreter", "container": {"type": "auto"}}, {"type": "web_search"}]}}`
	a := dialogTestApp(t, src, kit.Sel{Kind: model.Builtin, Index: 0})
	a.run("Switch form / JSON")
	if a.form.Kind != form.FormRaw || !strings.Contains(status(a), "code_interpreter has no form") {
		t.Fatalf("code_interpreter: kind %v, status %q", a.form.Kind, status(a))
	}
	a.apply(kit.ActSelect{At: kit.Sel{Kind: model.Builtin, Index: 1}})
	a.run("Switch form / JSON") // web_search: to its JSON
	if a.form.Kind != form.FormRaw {
		t.Fatalf("web_search did not switch to JSON: %v", a.form.Kind)
	}
	a.apply(kit.ActEdit{Fn: func(d *model.Document) (*model.Document, error) {
		return model.SetToolRaw(d, model.Builtin, 1, json.RawMessage(`{"type": "web_search",`))
	}})
	a.run("Switch form / JSON")
	if a.form.Kind != form.FormRaw || !strings.Contains(status(a), "not valid JSON yet: its form, if its type has one, shows once it is") {
		t.Fatalf("invalid JSON: kind %v, status %q", a.form.Kind, status(a))
	}
	a.apply(kit.ActEdit{Fn: func(d *model.Document) (*model.Document, error) {
		return model.SetToolRaw(d, model.Builtin, 1, json.RawMessage(`{"type": "web_search"}`))
	}})
	a.Update(settleMsg{})
	if a.form.Kind != form.FormWebSearch { // as the status said
		t.Fatalf("valid again: kind %v, status %q", a.form.Kind, status(a))
	}
}

// TestUndoOfTheEntryBeingTypedInEndsTheTyping: a function added and
// being named, taken back by ctrl+z: what is typed next goes into no
// other entry's field.
func TestUndoOfTheEntryBeingTypedInEndsTheTyping(t *testing.T) {
	for _, typedFirst := range []bool{false, true} {
		a, _ := globalApp(t, "")
		before := string(model.Example().Functions[0].Raw)
		typeKeys(a, "1", "j", "a")
		a.Update(keyMsg("enter")) // function, the first in the picker
		if !a.form.Editing {
			t.Fatalf("adding a function did not start naming it:\n%s", treeScreen(a))
		}
		if typedFirst {
			typeKeys(a, "fn")
		}
		for i := 0; i < 3 && len(a.s.Doc().Functions) > 1; i++ { // the typing first, then the function
			a.Update(ctrlKey('z'))
		}
		if len(a.s.Doc().Functions) != 1 {
			t.Fatal("ctrl+z did not take the new function back")
		}
		typeKeys(a, "abc")
		if got := string(a.s.Doc().Functions[0].Raw); got != before || strings.Contains(string(a.s.Result().JSON), "abc") {
			t.Fatalf("typed first %v: typing after the undo went into another entry:\n%s", typedFirst, a.s.Result().JSON)
		}
	}
}

// TestUndoInAFilterTakesItsTypingBackFirst: ctrl+z while a filter is
// typed (a list dialog's, the tools pane's) takes that typing back before
// it undoes the document under it; ctrl+y puts it back.
func TestUndoInAFilterTakesItsTypingBackFirst(t *testing.T) {
	a, _ := globalApp(t, "")
	typeKeys(a, "j", "j", " ", "k", "k") // disable web_search: a change to undo
	v := a.s.Version()
	typeKeys(a, "a", "fi")
	l, ok := a.dialog.(*kit.ListDialog)
	if !ok {
		t.Fatalf("a opened %T", a.dialog)
	}
	a.Update(ctrlKey('z'))
	if l.List.Filter() != "f" || a.s.Version() != v {
		t.Fatalf("ctrl+z in the picker: filter %q, version %d → %d", l.List.Filter(), v, a.s.Version())
	}
	a.Update(ctrlKey('y'))
	if l.List.Filter() != "fi" {
		t.Fatalf("ctrl+y in the picker: filter %q", l.List.Filter())
	}
	a.Update(ctrlKey('z'))
	a.Update(ctrlKey('z'))
	a.Update(ctrlKey('z')) // the filter is empty: now the document
	if l.List.Filter() != "" || a.s.Doc().Builtins[0].Disabled {
		t.Fatalf("the third ctrl+z: filter %q, web_search disabled %v", l.List.Filter(), a.s.Doc().Builtins[0].Disabled)
	}
	typeKeys(a, "esc")

	a, _ = globalApp(t, "")
	typeKeys(a, "j", "j", " ", "k", "k")
	v = a.s.Version()
	typeKeys(a, "/", "web")
	a.Update(ctrlKey('z'))
	if a.tools.Filter.Text != "we" || a.s.Version() != v {
		t.Fatalf("ctrl+z in the tools filter: filter %q, version %d → %d", a.tools.Filter.Text, v, a.s.Version())
	}
}
