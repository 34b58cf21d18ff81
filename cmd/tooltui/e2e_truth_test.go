package main

// End-to-end tests of one source of truth and one key router: what the
// tree or a fix changes shows in the form at once and survives a text
// edit there; ctrl+c twice never throws unsaved work away; ctrl+s and ?
// work inside the tree.

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/model"
)

// TestE2ETruthTreeThenFormText: a property added in the tree shows in the
// form's Parameters field, and a text edit of that field keeps it.
func TestE2ETruthTreeThenFormText(t *testing.T) {
	x := newTerm(t)
	bin, doc, status := openDoc(t, x, string(model.ExampleJSON()))

	x.keys("app", "j")
	x.waitFor("app", "get_weather selected", has("2 get_weather (function)"))
	x.keys("app", "T")
	x.waitFor("app", "the tree", has("Parameters of get_weather", "city*"))
	x.addProperty("app", "stops")
	x.waitFor("app", "stops added", has("stops*", "Added stops"))
	x.keys("app", "Escape")
	x.waitFor("app", "the tree closed", func(s string) bool { return !strings.Contains(s, "Parameters of get_weather") })

	// one space typed at the end of the Parameters field, as text: the
	// field shows stops (in "required", at its end)
	x.keys("app", "Enter")
	x.waitFor("app", "the Name field focused", has("▸ Name"))
	x.keys("app", "Down", "Down")
	x.waitFor("app", "the Parameters field focused", has("▸ Parameters"))
	x.keys("app", "Enter")
	x.waitFor("app", "editing the parameters", editingField)
	x.keys("app", "C-End")
	x.waitFor("app", "the form shows stops", regexp.MustCompile(`[│┃] *\d+ +"stops"`).MatchString)
	x.keys("app", "Space")
	x.waitFor("app", "the space typed", statusHas("modified|EDIT"))
	x.keys("app", "Escape")
	x.waitFor("app", "editing stopped", func(s string) bool { return !editingField(s) })
	x.keys("app", "C-s")
	x.waitFor("app", "saved", statusHas("^Saved"))
	quitClean(t, x, status)
	if out := string(build(t, bin, doc)); !strings.Contains(out, `"stops"`) {
		t.Fatalf("the text edit dropped the property the tree added:\n%s", out)
	}
}

const e2eDupDoc = `{"model":"m","tools_defs":[
	{"name":"f","description":"one","parameters":null,"strict":false},
	{"name":"f","description":"two","parameters":null,"strict":false}]}`

// TestE2ETruthFixAllRenamesTheNameField: F renames the second of two
// functions named f; its Name field shows the new name, and typing there
// appends to it.
func TestE2ETruthFixAllRenamesTheNameField(t *testing.T) {
	x := newTerm(t)
	bin, doc, status := openDoc(t, x, e2eDupDoc)

	x.keys("app", "j", "j")
	x.waitFor("app", "the second f selected", has("2 f (function)", "two"))
	x.keys("app", "F")
	x.waitFor("app", "the fix applied", all(statusHas("^(Applied|F applied)"), has("2 f_2 (function)")))
	x.waitFor("app", "the Name field shows f_2", regexp.MustCompile(`Name +f_2 `).MatchString)

	x.keys("app", "Enter")
	x.waitFor("app", "the Name field focused", has("▸ Name"))
	x.keys("app", "Enter")
	x.waitFor("app", "editing the name", editingField)
	x.text("app", "x")
	x.keys("app", "Enter")
	x.waitFor("app", "the name typed", all(has("2 f_2x (function)"), func(s string) bool { return !editingField(s) }))
	x.keys("app", "C-s")
	x.waitFor("app", "saved", statusHas("^Saved"))
	quitClean(t, x, status)
	out := string(build(t, bin, doc))
	if !strings.Contains(out, `"f_2x"`) {
		t.Fatalf("the name typed was not written after the fix's:\n%s", out)
	}
}

// TestE2ETruthCtrlCTwiceKeepsTheWork: ctrl+c asks, a second ctrl+c
// cancels the question (and says so) instead of quitting; d quits, and the
// next start offers the unsaved work back.
func TestE2ETruthCtrlCTwiceKeepsTheWork(t *testing.T) {
	x := newTerm(t)
	bin, doc, status := openDoc(t, x, string(model.ExampleJSON()))
	dir := filepath.Dir(doc)

	x.keys("app", "j", "x")
	x.waitFor("app", "get_weather deleted", statusHas("^Deleted"))
	x.keys("app", "C-c")
	x.waitFor("app", "the quit question", has("There are unsaved changes"))
	x.keys("app", "C-c")
	x.waitFor("app", "the question cancelled", all(statusHas("Quit cancelled"), func(s string) bool {
		return !strings.Contains(s, "There are unsaved changes")
	}))
	if _, err := os.Stat(status); err == nil {
		t.Fatal("a second ctrl+c quit the app")
	}
	x.keys("app", "C-q")
	x.waitFor("app", "the quit question", has("There are unsaved changes"))
	x.keys("app", "C-q")
	x.waitFor("app", "the question cancelled", statusHas("Quit cancelled"))
	x.keys("app", "C-q")
	x.waitFor("app", "the quit question", has("There are unsaved changes"))
	x.keys("app", "d")
	x.wantExit("app", status, "0")
	copies, _ := filepath.Glob(filepath.Join(dir, "cache", "tooltui", "recovery", "*.json"))
	if len(copies) != 1 {
		t.Fatalf("no recovery copy after d: %v", copies)
	}

	// the file changes on disk after the copy: the offer says so
	if err := os.WriteFile(doc, append(model.ExampleJSON(), '\n'), 0o600); err != nil {
		t.Fatal(err)
	}
	os.Remove(status)
	x.start("again", appCommand(t, dir, bin, []string{doc}, "", status))
	x.waitFor("again", "the unsaved work offered", has("Unsaved work found", "The file changed on disk"))
	x.keys("again", "r")
	x.waitFor("again", "the work restored", all(statusHas("^Restored"), func(s string) bool {
		return !strings.Contains(s, "get_weather")
	}))
}

// TestE2ETruthSaveAndHelpInTheTree: ctrl+s saves from inside the tree and
// ? lists the tree's keys.
func TestE2ETruthSaveAndHelpInTheTree(t *testing.T) {
	x := newTerm(t)
	bin, doc, status := openDoc(t, x, string(model.ExampleJSON()))

	x.keys("app", "j", "T")
	x.waitFor("app", "the tree", has("Parameters of get_weather", "city*"))
	x.addProperty("app", "stops")
	x.waitFor("app", "stops added", has("stops*", "Added stops"))
	x.keys("app", "C-s")
	x.waitFor("app", "saved from the tree", all(statusHas("^Saved"), has("Parameters of get_weather")))
	if out := string(build(t, bin, doc)); !strings.Contains(out, `"stops"`) {
		t.Fatalf("ctrl+s in the tree did not save:\n%s", out)
	}
	x.keys("app", "?")
	x.waitFor("app", "the tree's keys", has("Keys of the parameters tree", "add a property"))
	x.keys("app", "Escape")
	x.waitFor("app", "back in the tree", all(has("Parameters of get_weather"), func(s string) bool {
		return !strings.Contains(s, "Keys of the parameters tree")
	}))
	x.keys("app", "Escape")
	x.waitFor("app", "the tree closed", func(s string) bool { return !strings.Contains(s, "Parameters of get_weather") })
	quitClean(t, x, status)
}

// TestE2ETruthBadPath: a path that cannot be
// opened (under a file, not a directory) is refused before the app takes
// the screen: the terminal shows why, and the status is 2.
func TestE2ETruthBadPath(t *testing.T) {
	x := newTerm(t)
	dir, bin, status := newAppDir(t)
	writeTestFile(t, filepath.Join(dir, "notadir"), "a file\n")
	x.start("app", "cd "+shellQuote(dir)+" && "+appCommand(t, dir, bin, []string{"notadir/doc.json"}, "", status))
	x.wantExit("app", status, "2")
	// tmux's "Pane is dead" line scrolls a one-line output into the
	// history: read it too
	if s := x.must("capture-pane", "-p", "-S", "-", "-t", "app"); !strings.Contains(s, "tooltui: notadir/doc.json: not a directory") {
		t.Fatalf("the reason is not on the terminal:\n%s", s)
	}
}

// TestBadPathWritesNothingToTheScreen: the refusal comes before the
// program starts: nothing (no alternate screen) is written to stdout.
func TestBadPathWritesNothingToTheScreen(t *testing.T) {
	dir := t.TempDir()
	writeTestFile(t, filepath.Join(dir, "notadir"), "a file\n")
	var out, errOut strings.Builder
	code := run([]string{filepath.Join(dir, "notadir", "doc.json")}, strings.NewReader(""), &out, &errOut)
	if code != 2 || out.Len() != 0 || !strings.Contains(errOut.String(), "not a directory") {
		t.Fatalf("status %d, stdout %q, stderr %q", code, out.String(), errOut.String())
	}
}
