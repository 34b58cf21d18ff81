// Saving files you can trust: unchanged bytes, a body's losses, the size
// limit, export, a file changed on disk, failed writes.
package ui_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/ui"
)

// openStamped writes data to doc.json in the test's directory and opens
// it as tooltui does: with the bytes it read and their stamp.
func openStamped(t *testing.T, data string, configure ...func(*ui.Deps)) (*ui.App, *fakes, string) {
	t.Helper()
	f, deps := newFakes(t)
	for _, c := range configure {
		c(&deps)
	}
	path := filepath.Join(f.fs.dir, "doc.json")
	writeFile(t, path, []byte(data))
	return openRead(t, path, deps, model.ReadFileStamped, tea.WindowSizeMsg{Width: 80, Height: 24}), f, path
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// save presses ctrl+s and feeds the result back.
func save(t *testing.T, a *ui.App) {
	t.Helper()
	feed(t, a, send(t, a, ctrl('s')), settle)
}

const bodyDoc = `{
  "model": "gpt-5",
  "tools": [
    {"type": "function", "name": "lookup", "description": "Look it up", "parameters": {"type": "object", "properties": {}}},
    {"type": "web_search"},
    {"type": "function", "name": "other", "description": "Another", "parameters": {"type": "object", "properties": {}}}
  ]
}
`

// bodyTools decodes a saved body: its top-level keys and its tools' names
// (or types).
func bodyTools(t *testing.T, data string) (keys map[string]bool, names []string) {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(data), &m); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, data)
	}
	keys = map[string]bool{}
	for k := range m {
		keys[k] = true
	}
	var tools []map[string]any
	_ = json.Unmarshal(m["tools"], &tools)
	for _, tl := range tools {
		n, _ := tl["name"].(string)
		if n == "" {
			n, _ = tl["type"].(string)
		}
		names = append(names, n)
	}
	return keys, names
}

func TestSaveUnchangedWritesTheLoadedBytes(t *testing.T) {
	t.Parallel()
	// The example mixes one-line and indented objects: writing it out
	// again would indent every object.
	orig := string(model.ExampleJSON())
	d := parseDoc(t, orig)
	if out, _ := d.Marshal(); string(out) == orig {
		t.Fatal("the example marshals to its own bytes: this test would prove nothing")
	}
	t.Run("unchanged", func(t *testing.T) {
		t.Parallel()
		a, f, path := openStamped(t, orig)
		save(t, a)
		if got := string(f.fs.written()[path]); got != orig {
			t.Fatalf("an unchanged document saved as\n%s\nnot as the bytes it was loaded from", got)
		}
		requireContains(t, statusLine(t, a), "Saved", "status line")
	})
	t.Run("changed and undone", func(t *testing.T) {
		t.Parallel()
		a, f, path := openStamped(t, orig)
		send(t, a, press('j'), kSpace, ctrl('z'))
		requireDirty(t, a, false, "dirty after undoing the only change")
		save(t, a)
		if got := string(f.fs.written()[path]); got != orig {
			t.Fatalf("a document undone to its loaded state saved as\n%s", got)
		}
	})
	t.Run("changed", func(t *testing.T) {
		t.Parallel()
		a, f, path := openStamped(t, orig)
		send(t, a, press('j'), kSpace)
		save(t, a)
		got := string(f.fs.written()[path])
		if got == orig {
			t.Fatal("a changed document saved the loaded bytes")
		}
		// and saving it again, unchanged since, writes what the last save wrote
		save(t, a)
		if again := string(f.fs.written()[path]); again != got {
			t.Fatalf("the second save wrote\n%s\nthe first\n%s", again, got)
		}
	})
	t.Run("save as copies the bytes", func(t *testing.T) {
		t.Parallel()
		a, f, _ := openStamped(t, orig)
		send(t, a, ctrl('p'))
		typeText(t, a, "save as")
		send(t, a, kEnter)
		requireDialog(t, a, "Save as")
		other := filepath.Join(f.fs.dir, "copy.json")
		send(t, a, ctrl('e'), ctrl('u'))
		typeText(t, a, other)
		feed(t, a, send(t, a, kEnter), settle)
		if got := readFile(t, other); got != orig {
			t.Fatalf("save as of an unchanged document wrote\n%s", got)
		}
	})
}

func TestSaveBodyAsksAboutWhatItCannotHold(t *testing.T) {
	t.Parallel()
	t.Run("s saves the body without them, once asked", func(t *testing.T) {
		t.Parallel()
		a, f, path := openStamped(t, bodyDoc)
		send(t, a, tea.WindowSizeMsg{Width: 60, Height: 24})
		send(t, a, press('j'), kSpace) // disable lookup
		send(t, a, ctrl('s'))
		requireDialog(t, a, "Save as a body?")
		if len(f.fs.written()) != 0 {
			t.Fatal("wrote before the answer")
		}
		s := screen(a)
		for _, want := range []string{"doc.json is a Responses body, which cannot hold 1 thing:", "• the disabled tool lookup", "s save the body without them · t save as a tooltui document… · esc cancel"} {
			requireContains(t, paneText(t, a, "Save as a body?"), want, "the dialog")
		}
		for i, l := range lines(a) {
			if w := len([]rune(l)); w > 60 {
				t.Fatalf("line %d is %d columns wide on a 60-column screen:\n%s", i, w, s)
			}
		}
		send(t, a, ctrl('s'), ctrl('s')) // asked again from inside: the one question, not a stack
		requireContains(t, statusLine(t, a), `"Save as a body?" is asked already`, "status line")
		send(t, a, kEsc)
		requireNoDialog(t, a, "Save as a body?")
		send(t, a, ctrl('s'))
		feed(t, a, send(t, a, press('s')), settle)
		requireNoDialog(t, a, "Save as a body?")
		keys, names := bodyTools(t, readFile(t, path))
		if keys["tools_defs"] || keys["tooltui"] || !keys["tools"] || strings.Join(names, ",") != "web_search,other" {
			t.Fatalf("saved keys %v, tools %v; want a body with web_search and other", keys, names)
		}
		send(t, a, tea.WindowSizeMsg{Width: 200, Height: 24})
		requireContains(t, statusLine(t, a), "as a Responses body without 1 thing it cannot hold", "status line")
		requireDirty(t, a, false, "dirty after the save")
		// The app keeps the disabled tool, and the next save does not ask.
		requireScreen(t, a, "lookup")
		send(t, a, press('j'), kSpace, kSpace) // other: off and on again
		send(t, a, ctrl('s'))
		requireNoDialog(t, a, "Save as a body?")
		// A new loss asks again.
		send(t, a, press('j'), kSpace) // disable other
		send(t, a, ctrl('s'))
		requireDialog(t, a, "Save as a body?")
		requireContains(t, paneText(t, a, "Save as a body?"), "cannot hold 2 things", "the dialog")
	})
	t.Run("esc cancels", func(t *testing.T) {
		t.Parallel()
		a, f, path := openStamped(t, bodyDoc)
		send(t, a, press('j'), kSpace, ctrl('s'))
		requireDialog(t, a, "Save as a body?")
		send(t, a, kEsc)
		requireNoDialog(t, a, "Save as a body?")
		requireContains(t, statusLine(t, a), "Save cancelled", "status line")
		if len(f.fs.written()) != 0 || !a.Dirty() || readFile(t, path) != bodyDoc {
			t.Fatal("esc saved")
		}
		// It asks again: nothing was agreed.
		send(t, a, ctrl('s'))
		requireDialog(t, a, "Save as a body?")
	})
	t.Run("t saves a tooltui document instead", func(t *testing.T) {
		t.Parallel()
		a, f, path := openStamped(t, bodyDoc)
		send(t, a, press('j'), kSpace, ctrl('s'), press('t'))
		requireDialog(t, a, "Save as a tooltui document")
		want := filepath.Join(f.fs.dir, "doc.tooltui.json")
		feed(t, a, send(t, a, kEnter), settle) // the proposed name
		if readFile(t, path) != bodyDoc {
			t.Fatal("the body file changed")
		}
		keys, _ := bodyTools(t, readFile(t, want))
		if !keys["tools_defs"] || keys["tools"] || !keys["tooltui"] {
			t.Fatalf("%s has keys %v, want a tooltui document that keeps the disabled tool", want, keys)
		}
		back, err := model.ReadFile(want)
		if err != nil || len(back.Functions) != 2 || !back.Functions[0].Disabled {
			t.Fatalf("the document lost the disabled tool: %v", err)
		}
		requireDirty(t, a, false, "dirty after the save")
		requireContains(t, a.View().WindowTitle, "doc.tooltui.json", "window title")
		// From now on it is a document: a save neither asks nor writes a body.
		send(t, a, press('j'), kSpace)
		save(t, a)
		requireNoDialog(t, a, "Save as a body?")
		if keys, _ := bodyTools(t, readFile(t, want)); !keys["tools_defs"] {
			t.Fatal("the next save wrote a body")
		}
		// ... and undo does not bring the body format back.
		send(t, a, ctrl('z'), ctrl('z'))
		save(t, a)
		requireNoDialog(t, a, "Save as a body?")
		if keys, _ := bodyTools(t, readFile(t, want)); !keys["tools_defs"] {
			t.Fatal("a save after undo wrote a body")
		}
	})
}

func TestSaveRefusesWhatCannotBeLoadedBack(t *testing.T) {
	t.Parallel()
	// Just under the limit as loaded; disabling f adds the few bytes
	// that record it.
	head, tail := `{"model":"m","tools_defs":[{"name":"f","description":"`, `","parameters":{"type":"object"}}]}`
	big := strings.Repeat("x", model.MaxDocumentBytes-len(head)-len(tail)-5)
	d := parseDoc(t, head+big+tail)
	f, deps := newFakes(t)
	path := filepath.Join(f.fs.dir, "big.json")
	a := ui.New(ui.Options{Doc: d, Path: path, Name: "big.json", Deps: deps})
	send(t, a, tea.WindowSizeMsg{Width: 200, Height: 24})
	send(t, a, press('j'), kSpace) // a change: disable f
	save(t, a)
	if len(f.fs.written()) != 0 {
		t.Fatal("a document over the limit was written")
	}
	if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("the file exists: %v", err)
	}
	st := statusLine(t, a)
	for _, want := range []string{"Cannot save", "16 MiB", "nothing was written", "bytes"} {
		requireContains(t, st, want, "status line")
	}
	requireDirty(t, a, true, "not dirty after a refused save")
}

func TestExportRequest(t *testing.T) {
	t.Parallel()
	mixed, err := os.ReadFile(filepath.Join("..", "..", "cmd", "tooltui", "testdata", "mixed-invalid.json"))
	if err != nil {
		t.Fatal(err)
	}
	a, f, path := openStamped(t, string(mixed))
	send(t, a, tea.WindowSizeMsg{Width: 200, Height: 30})
	send(t, a, press('j'), kSpace) // a change, so the document is dirty
	title := a.View().WindowTitle
	send(t, a, press('X'))
	requireDialog(t, a, "Export request")
	requireScreen(t, a, "doc.request.json")
	requireScreen(t, a, "enter export")
	feed(t, a, send(t, a, kEnter), settle)
	out := filepath.Join(f.fs.dir, "doc.request.json")
	got := readFile(t, out)
	if got != string(a.Output()) {
		t.Fatalf("the export differs from the request:\n%s\n---\n%s", got, a.Output())
	}
	// exactly what `tooltui build` prints for the document as it is
	want, _ := convert.Convert(parseDoc(t, string(mixed)))
	if string(want) == got {
		t.Fatal("the export ignores the change made in the app")
	}
	st := statusLine(t, a)
	for _, w := range []string{"Exported the request", fmt.Sprintf("%s bytes", model.Thousands(int64(len(got)))), out, "with errors"} {
		requireContains(t, st, w, "status line")
	}
	if !a.Dirty() || a.View().WindowTitle != title {
		t.Fatalf("export changed the document's state: dirty %v, title %q (was %q)", a.Dirty(), a.View().WindowTitle, title)
	}
	if readFile(t, path) != string(mixed) {
		t.Fatal("export wrote the document's file")
	}
	// The next save still goes to the document's file.
	save(t, a)
	if _, ok := f.fs.written()[path]; !ok || a.Dirty() {
		t.Fatal("ctrl+s after an export did not save the document to its file")
	}

	t.Run("not over the document", func(t *testing.T) {
		t.Parallel()
		a, f, path := openStamped(t, string(mixed))
		send(t, a, press('X'), ctrl('e'), ctrl('u'))
		typeText(t, a, path)
		feed(t, a, send(t, a, kEnter), settle)
		requireContains(t, statusLine(t, a), "document's own file", "status line")
		if len(f.fs.written()) != 0 {
			t.Fatal("exported over the document")
		}
	})
	t.Run("a failed export says why", func(t *testing.T) {
		t.Parallel()
		a, f, _ := openStamped(t, string(mixed))
		f.fs.err = errors.New("permission denied")
		send(t, a, press('X'))
		feed(t, a, send(t, a, kEnter), settle)
		requireContains(t, statusLine(t, a), "Export failed", "status line")
		requireContains(t, statusLine(t, a), "permission denied", "status line")
	})
	t.Run("esc cancels", func(t *testing.T) {
		t.Parallel()
		a, f, _ := openStamped(t, string(mixed))
		send(t, a, press('X'), kEsc)
		requireNoDialog(t, a, "Export request")
		requireContains(t, statusLine(t, a), "Export cancelled", "status line")
		if len(f.fs.written()) != 0 {
			t.Fatal("esc exported")
		}
	})
	t.Run("in the palette and the help", func(t *testing.T) {
		t.Parallel()
		a, _ := newApp(t)
		send(t, a, ctrl('p'))
		typeText(t, a, "export")
		requireScreen(t, a, "Export request…")
		send(t, a, kEnter)
		requireDialog(t, a, "Export request")
		requireScreen(t, a, "example.request.json")
		b, _ := newApp(t)
		send(t, b, tea.WindowSizeMsg{Width: 100, Height: 60}, press('?'))
		if !regexp.MustCompile(`X +Export request…`).MatchString(screen(b)) {
			t.Fatalf("? does not list X:\n%s", screen(b))
		}
	})
}

// changeOnDisk writes the file as another program would.
func changeOnDisk(t *testing.T, path, data string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// externalDoc is the example with get_weather renamed, as another program
// writes it.
func externalDoc() string {
	return strings.Replace(string(model.ExampleJSON()), `"get_weather"`, `"get_weather_ext"`, 1)
}

func dialogText(a *ui.App) string { return strings.Join(strings.Fields(screen(a)), " ") }

func TestSaveChecksTheFileOnDisk(t *testing.T) {
	t.Parallel()
	orig := string(model.ExampleJSON())
	edited := func(t *testing.T) (*ui.App, *fakes, string) {
		a, f, path := openStamped(t, orig)
		send(t, a, press('j'), press('j'), press('x')) // delete web_search
		changeOnDisk(t, path, externalDoc())
		save(t, a)
		requireDialog(t, a, "Changed on disk")
		if readFile(t, path) != externalDoc() {
			t.Fatal("the save wrote over a file changed on disk")
		}
		if len(f.fs.written()) != 0 {
			t.Fatal("the save wrote before asking")
		}
		return a, f, path
	}
	t.Run("the dialog says what changed", func(t *testing.T) {
		t.Parallel()
		a, _, _ := edited(t)
		txt := dialogText(a)
		n, m := len(orig), len(externalDoc())
		requireContains(t, txt, "doc.json changed on disk", "dialog")
		requireContains(t, txt, fmt.Sprintf("%s → %s bytes", model.Thousands(int64(n)), model.Thousands(int64(m))), "dialog")
		for _, k := range []string{"o overwrite", "r reload (your edits stay one ctrl+z away)", "esc cancel"} {
			requireContains(t, txt, k, "dialog")
		}
		requireDirty(t, a, true, "not dirty")
	})
	t.Run("o overwrites", func(t *testing.T) {
		t.Parallel()
		a, f, path := edited(t)
		feed(t, a, send(t, a, press('o')), settle)
		requireNoDialog(t, a, "Changed on disk")
		if a.Dirty() || readFile(t, path) != string(f.fs.written()[path]) {
			t.Fatal("o did not save")
		}
		requireSavedAs(t, a, path)
		// The stamp is the one of the bytes written: the next save does
		// not ask, one after another change on disk does.
		send(t, a, press('j'), kSpace)
		save(t, a)
		requireNoDialog(t, a, "Changed on disk")
		changeOnDisk(t, path, orig)
		send(t, a, kSpace)
		save(t, a)
		requireDialog(t, a, "Changed on disk")
	})
	t.Run("r reloads, ctrl+z brings the edits back", func(t *testing.T) {
		t.Parallel()
		a, f, path := edited(t)
		mine := string(a.Output())
		send(t, a, press('r'))
		requireNoDialog(t, a, "Changed on disk")
		requireTools(t, a, "function:get_weather_ext", "web_search", "file_search")
		requireDirty(t, a, false, "dirty after a reload")
		requireContains(t, statusLine(t, a), "Reloaded doc.json", "status line")
		send(t, a, ctrl('z'))
		if string(a.Output()) != mine || !a.Dirty() {
			t.Fatal("ctrl+z did not bring the edits back")
		}
		// The disk version is the known one now: overwriting needs no question.
		save(t, a)
		requireNoDialog(t, a, "Changed on disk")
		requireSavedAs(t, a, path)
		_ = f
	})
	t.Run("esc cancels", func(t *testing.T) {
		t.Parallel()
		a, f, path := edited(t)
		send(t, a, kEsc)
		requireNoDialog(t, a, "Changed on disk")
		requireContains(t, statusLine(t, a), "Save cancelled", "status line")
		if len(f.fs.written()) != 0 || !a.Dirty() || readFile(t, path) != externalDoc() {
			t.Fatal("esc saved")
		}
	})
	t.Run("a deleted file: o writes it again", func(t *testing.T) {
		t.Parallel()
		a, _, path := openStamped(t, orig)
		send(t, a, press('j'), kSpace)
		if err := os.Remove(path); err != nil {
			t.Fatal(err)
		}
		save(t, a)
		requireDialog(t, a, "Changed on disk")
		txt := dialogText(a)
		requireContains(t, txt, "doc.json was deleted", "dialog")
		requireContains(t, txt, "o write it again", "dialog")
		requireNotContains(t, txt, "r reload", "dialog")
		send(t, a, press('r')) // not offered: nothing happens
		requireDialog(t, a, "Changed on disk")
		feed(t, a, send(t, a, press('o')), settle)
		requireSavedAs(t, a, path)
		requireDirty(t, a, false, "dirty after writing the file again")
	})
	t.Run("save and quit asks, and o quits after writing", func(t *testing.T) {
		t.Parallel()
		a, _, path := openStamped(t, orig)
		send(t, a, press('j'), kSpace)
		changeOnDisk(t, path, externalDoc())
		send(t, a, press('q'))
		feed(t, a, send(t, a, press('s')), settle)
		requireDialog(t, a, "Changed on disk")
		msgs := runCmd(send(t, a, press('o')), settle)
		quit := false
		for _, m := range msgs {
			if isQuit(send(t, a, m)) {
				quit = true
			}
		}
		if !quit {
			t.Fatal("o from save and quit did not quit")
		}
		requireSavedAs(t, a, path)
	})
}

func TestFailedSavesKeepTheDocument(t *testing.T) {
	t.Parallel()
	orig := string(model.ExampleJSON())
	for _, reason := range []string{"permission denied", "read-only file system", "no space left on device"} {
		t.Run(reason, func(t *testing.T) {
			t.Parallel()
			a, f, path := openStamped(t, orig)
			send(t, a, press('j'), kSpace)
			out := string(a.Output())
			f.fs.err = errors.New(reason)
			save(t, a)
			st := statusLine(t, a)
			requireContains(t, st, "Save failed", "status line")
			requireContains(t, st, reason, "status line")
			if !a.Dirty() || string(a.Output()) != out {
				t.Fatal("a failed save changed the document or its state")
			}
			if readFile(t, path) != orig {
				t.Fatal("a failed save changed the file")
			}
			// Once the disk is back, the save goes through without a question.
			f.fs.err = nil
			save(t, a)
			requireNoDialog(t, a, "Changed on disk")
			if a.Dirty() {
				t.Fatalf("dirty after the retry: %s", statusLine(t, a))
			}
		})
	}
	t.Run("unreadable file", func(t *testing.T) {
		t.Parallel()
		a, f, path := openStamped(t, orig, func(d *ui.Deps) {
			d.ReadStamp = func(string) (model.Stamp, []byte, error) {
				return model.Stamp{}, nil, errors.New("permission denied")
			}
		})
		send(t, a, press('j'), kSpace)
		save(t, a)
		st := statusLine(t, a)
		requireContains(t, st, "Save failed", "status line")
		requireContains(t, st, "permission denied", "status line")
		if !a.Dirty() || len(f.fs.written()) != 0 || readFile(t, path) != orig {
			t.Fatal("a save that could not check the file wrote it")
		}
	})
	t.Run("a deleted directory", func(t *testing.T) {
		t.Parallel()
		f, deps := newFakes(t)
		dir := filepath.Join(f.fs.dir, "sub")
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, "doc.json")
		writeFile(t, path, model.ExampleJSON())
		a := openRead(t, path, deps, model.ReadFileStamped, tea.WindowSizeMsg{Width: 200, Height: 24})
		send(t, a, press('j'), kSpace)
		if err := os.RemoveAll(dir); err != nil {
			t.Fatal(err)
		}
		save(t, a)
		requireDialog(t, a, "Changed on disk")
		requireContains(t, dialogText(a), "was deleted", "dialog")
		feed(t, a, send(t, a, press('o')), settle)
		st2 := statusLine(t, a)
		requireContains(t, st2, "Save failed", "status line")
		requireContains(t, st2, "no such file or directory", "status line")
		requireDirty(t, a, true, "not dirty after a failed save")
	})
}

// TestSaveInsideTheQuitQuestionEndsIt: ctrl+s at the quit question saves;
// with nothing unsaved after it, the question (about unsaved changes) goes.
func TestSaveInsideTheQuitQuestionEndsIt(t *testing.T) {
	t.Parallel()
	a, _, _ := openStamped(t, bodyDoc)
	send(t, a, press('j'), press('j'), kSpace, kSpace, press('x')) // delete: a change the body holds
	send(t, a, ctrl('q'))
	requireDialog(t, a, "Quit")
	feed(t, a, send(t, a, ctrl('s')), settle)
	requireNoDialog(t, a, "Quit")
	requireDirty(t, a, false, "dirty after the save")
	requireContains(t, statusLine(t, a), "Saved", "status line")
}
