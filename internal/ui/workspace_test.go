// A workspace in the app: tooltui DIR, the switcher, each document's own
// undo and unsaved changes, save all, the quit question, the search.
package ui_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/session"
	"github.com/tooltui/tooltui/internal/ui"
	"github.com/tooltui/tooltui/internal/ui/docs"
)

const (
	wsDocA = `{"tools_defs": [{"name": "alpha_one", "description": "First", "parameters": {"type": "object", "properties": {}}}]}`
	wsDocB = `{"tools_defs": [{"name": "beta_two", "description": "Second", "parameters": {"type": "object", "properties": {"city": {"type": "string", "description": "Where"}}}}], "extra": {"builtin_tools": [{"type": "web_search"}]}}`
	wsDocC = `{"tools_defs": [{"name": "gamma", "description": "Third with a bad schema", "parameters": {"type": "object", "properties": {"x": {"type": "nope"}}}}]}`
)

// wsOptions writes docs (name: text) into the fakes' folder and returns
// the options the binary opens it with (ui.OpenWorkspace), with the fake
// deps.
func wsOptions(t *testing.T, docs map[string]string) (ui.Options, *fakes) {
	t.Helper()
	f, deps := newFakes(t)
	for name, data := range docs {
		if err := os.WriteFile(filepath.Join(f.fs.dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	o, err := ui.OpenWorkspace(f.fs.dir)
	if err != nil {
		t.Fatal(err)
	}
	o.Deps = deps
	return o, f
}

// wsApp opens a folder of three documents (a.json, b.json, c.json) as the
// binary does (ui.OpenWorkspace), sized, with fake deps writing only in
// the folder.
func wsApp(t *testing.T) (*ui.App, *fakes, string) {
	t.Helper()
	return wsAppWith(t, nil)
}

// wsAppWith is wsApp with more documents.
func wsAppWith(t *testing.T, more map[string]string) (*ui.App, *fakes, string) {
	t.Helper()
	docs := map[string]string{"a.json": wsDocA, "b.json": wsDocB, "c.json": wsDocC}
	for name, data := range more {
		docs[name] = data
	}
	o, f := wsOptions(t, docs)
	a := ui.New(o)
	dir := f.fs.dir
	drain(t, a, send(t, a, tea.WindowSizeMsg{Width: 120, Height: 40})) // lists the folder after the first frame
	feed(t, a, a.Init(), settle)
	return a, f, dir
}

// switchTo opens the switcher, filters it by name and chooses the first.
func switchTo(t *testing.T, a *ui.App, name string) {
	t.Helper()
	feed(t, a, send(t, a, ctrl('o')), settle)
	requireContains(t, screen(a), "Documents", "the switcher")
	for _, r := range name {
		send(t, a, press(r))
	}
	feed(t, a, send(t, a, code(tea.KeyEnter)), settle)
	requireContains(t, statusLine(t, a), name, "the status line after switching")
}

func TestWorkspaceSwitchKeepsEachDocumentsUndo(t *testing.T) {
	a, _, _ := wsApp(t)
	requireContains(t, statusLine(t, a), "a.json", "the first document")
	feed(t, a, send(t, a, ctrl('o')), settle)
	s := screen(a)
	requireContains(t, s, "b.json", "the switcher")
	requireContains(t, s, "2 tools", "b.json's tool count, once checked")
	requireContains(t, s, "✗", "c.json's error badge")

	switchTo(t, a, "b.json")
	requireContains(t, screen(a), "beta_two", "b.json shown")
	send(t, a, press('j'), press(' ')) // disable beta_two: unsaved
	if !a.Dirty() {
		t.Fatal("b.json not dirty after the edit")
	}
	switchTo(t, a, "a.json")
	if a.Dirty() {
		t.Fatal("a.json is dirty: it was not edited")
	}
	requireContains(t, screen(a), "alpha_one", "a.json shown")
	feed(t, a, send(t, a, ctrl('o')), settle)
	requireContains(t, screen(a), "● unsaved", "b.json marked unsaved in the switcher")
	send(t, a, code(tea.KeyEscape))

	switchTo(t, a, "b.json")
	requireContains(t, screen(a), "beta_two (off)", "b.json's edit kept")
	feed(t, a, send(t, a, ctrl('z')), settle)
	if a.Dirty() {
		t.Fatal("undo in b.json did not take its edit back")
	}
}

func TestWorkspaceSaveAllAndQuitQuestion(t *testing.T) {
	a, _, dir := wsApp(t)
	send(t, a, press('j'), press(' ')) // a.json: alpha_one off
	switchTo(t, a, "b.json")
	send(t, a, press('j'), press(' ')) // b.json: beta_two off

	feed(t, a, send(t, a, ctrl('q')), settle)
	s := screen(a)
	requireContains(t, s, "a.json", "the quit question")
	requireContains(t, s, "b.json", "the quit question")
	if strings.Contains(s, "c.json") {
		t.Fatalf("the quit question names c.json, which is saved:\n%s", s)
	}
	send(t, a, code(tea.KeyEscape))

	feed(t, a, send(t, a, alt('s')), settle)
	for _, name := range []string{"a.json", "b.json"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), "disabled") {
			t.Errorf("%s not saved by save all:\n%s", name, data)
		}
	}
	if a.Dirty() {
		t.Fatal("the shown document is unsaved after save all")
	}
	if msgs := feed(t, a, send(t, a, ctrl('q')), settle); !hasQuit(msgs) {
		t.Fatalf("quit asked with nothing unsaved:\n%s", screen(a))
	}
}

func TestWorkspaceSearchOpensTheHit(t *testing.T) {
	a, _, _ := wsApp(t)
	feed(t, a, send(t, a, ctrl('f')), settle)
	for _, r := range "where" { // beta_two's parameter city's description
		feed(t, a, send(t, a, press(r)), settle)
	}
	requireContains(t, screen(a), "beta_two", "the search's hit")
	feed(t, a, send(t, a, code(tea.KeyEnter)), settle)
	requireContains(t, statusLine(t, a), "b.json", "the hit's document shown")
	requireContains(t, screen(a), "2 beta_two (function)", "the hit's tool selected")
}

// wsBody is a request body with one function.
const wsBody = `{"model": "gpt-5", "tools": [{"type": "function", "name": "lookup", "description": "d", "parameters": {"type": "object", "properties": {}}}]}`

// wsWithUnsavableBody is wsApp with body.json (wsBody), whose function is
// disabled, unsaved: a body cannot hold a disabled tool, so its save asks
// what it leaves out. a.json is shown.
func wsWithUnsavableBody(t *testing.T) (*ui.App, string) {
	t.Helper()
	a, _, dir := wsAppWith(t, map[string]string{"body.json": wsBody})
	switchTo(t, a, "body.json")
	send(t, a, press('j'), press(' '))
	switchTo(t, a, "a.json")
	return a, dir
}

// TestWorkspaceSaveAllLeavesAQuestionToItsDocument: a hidden body whose
// save would ask what it leaves out is not saved by Save all (the
// question would be about the shown document): it is named instead.
func TestWorkspaceSaveAllLeavesAQuestionToItsDocument(t *testing.T) {
	a, dir := wsWithUnsavableBody(t)
	feed(t, a, send(t, a, alt('s')), settle)
	requireContains(t, statusLine(t, a), "body.json needs a choice", "save all")
	if data, _ := os.ReadFile(filepath.Join(dir, "body.json")); string(data) != wsBody {
		t.Fatalf("body.json written:\n%s", data)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "a.json")); string(data) != wsDocA {
		t.Fatalf("a.json written over:\n%s", data)
	}
}

// TestWorkspaceSaveAllSaysWhatItLeftAfterItsSaves: Save all that saves
// the shown document and cannot save a hidden one names that one after
// the shown one's "Saved" (whose word would otherwise be the last); a
// save of the shown document alone later says only its own word.
func TestWorkspaceSaveAllSaysWhatItLeftAfterItsSaves(t *testing.T) {
	a, dir := wsWithUnsavableBody(t)
	send(t, a, press('j'), press(' '))
	drain(t, a, send(t, a, alt('s')))
	requireContains(t, statusLine(t, a), "Not saved: body.json needs a choice to be saved", "after Save all's saves")
	if data, _ := os.ReadFile(filepath.Join(dir, "a.json")); !strings.Contains(string(data), "disabled") {
		t.Fatalf("a.json not saved:\n%s", data)
	}
	send(t, a, press(' '))
	drain(t, a, send(t, a, ctrl('s')))
	requireContains(t, statusLine(t, a), "Saved", "a save of the shown document alone")
	requireNotContains(t, statusLine(t, a), "Not saved", "a save of the shown document alone")
}

// TestWorkspaceSaveAllAndQuitSaysWhatIsLeft: "save and quit" with a
// hidden document Save all cannot save does not quit, and the status line
// names that document after the shown one's save (whose word would
// otherwise be the last).
func TestWorkspaceSaveAllAndQuitSaysWhatIsLeft(t *testing.T) {
	a, _ := wsWithUnsavableBody(t)
	send(t, a, press('j'), press(' ')) // a.json: alpha_one off
	feed(t, a, send(t, a, ctrl('q')), settle)
	requireContains(t, screen(a), "a.json, body.json", "the quit question")
	if msgs := feed(t, a, send(t, a, press('s')), settle); hasQuit(msgs) {
		t.Fatal("quit with body.json unsaved")
	}
	if a.Dirty() {
		t.Fatal("a.json not saved")
	}
	requireContains(t, statusLine(t, a), "Not quitting: unsaved body.json", "the status line after save and quit")
}

// TestWorkspaceSwitchClosesTheTree: the parameters tree of a function
// closes when another document is shown, whose tool at the same place is
// another function.
func TestWorkspaceSwitchClosesTheTree(t *testing.T) {
	a, _, _ := wsApp(t)
	switchTo(t, a, "b.json")
	send(t, a, press('j')) // b.json's selection: beta_two
	switchTo(t, a, "a.json")
	send(t, a, press('j'), press('T'))
	requireContains(t, screen(a), "alpha_one", "the tree of alpha_one")
	switchTo(t, a, "b.json")
	requireContains(t, screen(a), "beta_two", "b.json's selection")
	if s := screen(a); strings.Contains(s, "alpha_one") {
		t.Fatalf("b.json shows a.json's alpha_one:\n%s", s)
	}
}

// TestWorkspaceOffersAHiddenDocumentsRecoveryCopy: unsaved work of an
// earlier run is offered when its document is first shown, as at start.
func TestWorkspaceOffersAHiddenDocumentsRecoveryCopy(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	o, f := wsOptions(t, map[string]string{"a.json": wsDocA, "b.json": wsDocB})
	copyOf := filepath.Join(f.fs.dir, "b.json")
	rec := session.RecoveryFile(copyOf)
	if err := os.MkdirAll(filepath.Dir(rec), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(rec, []byte(strings.Replace(wsDocB, "beta_two", "beta_recovered", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	o.RecoveryFile = session.RecoveryFile(o.Path)
	a := ui.New(o)
	drain(t, a, send(t, a, tea.WindowSizeMsg{Width: 120, Height: 40})) // lists the folder after the first frame
	feed(t, a, a.Init(), settle)
	requireNotContains(t, screen(a), "Unsaved work found", "a.json, which has no copy")
	switchTo(t, a, "b.json")
	requireContains(t, screen(a), "Unsaved work found", "b.json's recovery copy offered")
	feed(t, a, send(t, a, press('r')), settle)
	requireContains(t, screen(a), "beta_recovered", "the restored work")
}

// TestWorkspaceListsTheFolderAfterTheFirstFrame: the folder's listing
// (every document read) waits for the frame of the first size, so that it
// does not share the machine with the first frame; Init does not list it.
func TestWorkspaceListsTheFolderAfterTheFirstFrame(t *testing.T) {
	o, _ := wsOptions(t, map[string]string{"a.json": wsDocA, "b.json": wsDocB})
	a := ui.New(o)
	for _, m := range runCmd(a.Init(), settle) {
		if _, ok := m.(docs.ListedMsg); ok {
			t.Fatal("Init lists the folder, before the first frame")
		}
		send(t, a, m)
	}
	drain(t, a, send(t, a, tea.WindowSizeMsg{Width: 120, Height: 40}))
	switchTo(t, a, "b.json")
	requireContains(t, screen(a), "beta_two", "b.json, listed after the first frame")
}

// TestOpenWorkspaceFirstDocumentBroken: a folder whose first document is
// not valid JSON opens on the next one, saying why; it fails only when
// no document can be shown.
func TestOpenWorkspaceFirstDocumentBroken(t *testing.T) {
	o, _ := wsOptions(t, map[string]string{"a.json": `{"tools_defs": [`, "b.json": wsDocB})
	if o.Name != "b.json" || o.Doc == nil || !strings.Contains(o.Notice, "a.json") || !strings.Contains(o.Notice, "showing b.json") {
		t.Errorf("shows %q, notice %q: want b.json, saying why not a.json", o.Name, o.Notice)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.json"), []byte(`{"tools_defs": [`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ui.OpenWorkspace(dir); err == nil || !strings.Contains(err.Error(), "a.json") {
		t.Errorf("a folder of one broken document: %v, want its error", err)
	}
}
