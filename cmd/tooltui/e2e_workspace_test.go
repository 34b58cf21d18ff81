package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// threeDocuments writes the folder dir/ws of three documents, one.json,
// two.json and three.json, each with one function (first_fn, second_fn,
// third_fn), and returns its path.
func threeDocuments(t *testing.T, dir string) string {
	t.Helper()
	ws := filepath.Join(dir, "ws")
	if err := os.MkdirAll(ws, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, fn := range map[string]string{"one.json": "first_fn", "two.json": "second_fn", "three.json": "third_fn"} {
		writeTestFile(t, filepath.Join(ws, name), `{"tools_defs": [{"name": "`+fn+`", "description": "d", "parameters": {"type": "object", "properties": {}, "additionalProperties": false}, "strict": true}]}`)
	}
	return ws
}

// TestE2EWorkspaceShowsTheFileNamed: `tooltui DIR FILE` shows FILE first,
// and the switcher lists the folder's other documents.
func TestE2EWorkspaceShowsTheFileNamed(t *testing.T) {
	x := newTerm(t)
	dir, bin, status := newAppDir(t)
	ws := threeDocuments(t, dir)
	x.start("app", appCommand(t, dir, bin, []string{ws, filepath.Join(ws, "two.json")}, "", status))
	x.waitFor("app", "two.json shown first", all(has("second_fn", "two.json ·"), inTools))
	x.keys("app", "C-o")
	x.waitFor("app", "the switcher with the other documents", has("Documents", "one.json", "three.json"))
	x.keys("app", "Escape")
	x.waitFor("app", "the switcher closed", inTools)
	x.keys("app", "C-q")
	x.wantExit("app", status, "0")
}

// TestE2EWorkspace: `tooltui DIR` on a folder of three documents shows the
// first; ctrl+o switches to another, each edited; quitting names both
// unsaved documents, and d quits without saving them.
func TestE2EWorkspace(t *testing.T) {
	x := newTerm(t)
	dir, bin, status := newAppDir(t)
	ws := threeDocuments(t, dir)
	x.start("app", appCommand(t, dir, bin, []string{ws}, "", status))
	// Find's order is lexical: one, three, two.
	x.waitFor("app", "the first document", all(has("1 Tools", "first_fn", "one.json ·"), inTools))
	x.keys("app", "j", "Space")
	x.waitFor("app", "first_fn disabled", has("first_fn (off)"))

	x.keys("app", "C-o")
	x.waitFor("app", "the switcher with every count", has("Documents", "two.json", "three.json", "● unsaved"))
	x.text("app", "two")
	x.keys("app", "Enter")
	x.waitFor("app", "two.json shown", all(has("second_fn", "two.json ·"), inTools))
	x.keys("app", "j", "Space")
	x.waitFor("app", "second_fn disabled", has("second_fn (off)"))

	x.keys("app", "C-q")
	s := x.waitFor("app", "the quit question", has("Unsaved:"))
	if f := flat(s); !strings.Contains(f, "one.json") || !strings.Contains(f, "two.json") || strings.Contains(f, "three.json,") {
		t.Fatalf("the quit question should name one.json and two.json:\n%s", s)
	}
	x.keys("app", "d")
	x.wantExit("app", status, "0")
	for _, name := range []string{"one.json", "two.json"} {
		data, err := os.ReadFile(filepath.Join(ws, name))
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(data), "disabled") {
			t.Errorf("%s was saved though d quits without saving:\n%s", name, data)
		}
	}
}

// TestE2EWorkspaceMoveTool: a function moved from one document to
// another through the palette is there once the other is shown; save all
// writes both files.
func TestE2EWorkspaceMoveTool(t *testing.T) {
	x := newTerm(t)
	dir, bin, status := newAppDir(t)
	ws := threeDocuments(t, dir)
	x.start("app", appCommand(t, dir, bin, []string{ws}, "", status))
	x.waitFor("app", "the first document", all(has("1 Tools", "first_fn", "one.json ·"), inTools))
	x.keys("app", "j", "C-p")
	x.waitFor("app", "the palette", has("Commands"))
	x.text("app", "move tools to another")
	x.keys("app", "Enter")
	x.waitFor("app", "the documents to move to", has("Move 1 tool to", "two.json", "three.json"))
	x.text("app", "two")
	x.keys("app", "Enter")
	x.waitFor("app", "the move said", has("Moved 1 tool to two.json"))

	x.keys("app", "C-o")
	x.waitFor("app", "the switcher", has("Documents", "two.json"))
	x.text("app", "two")
	x.keys("app", "Enter")
	x.waitFor("app", "two.json with the moved tool", all(has("second_fn", "first_fn", "two.json (modified)"), inTools))

	x.keys("app", "M-s")
	x.waitFor("app", "both saved", has("Saved"))
	x.keys("app", "C-q")
	x.wantExit("app", status, "0")
	one, err := os.ReadFile(filepath.Join(ws, "one.json"))
	if err != nil {
		t.Fatal(err)
	}
	two, err := os.ReadFile(filepath.Join(ws, "two.json"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(one), "first_fn") {
		t.Errorf("one.json keeps first_fn:\n%s", one)
	}
	if !strings.Contains(string(two), "first_fn") || !strings.Contains(string(two), "second_fn") {
		t.Errorf("two.json lacks a function:\n%s", two)
	}
}

// TestE2EWorkspaceWatch: a document of the workspace rewritten by another
// program while the app runs shows its new tool count in the open
// switcher, and one made in a new folder is listed, without restarting.
func TestE2EWorkspaceWatch(t *testing.T) {
	x := newTerm(t)
	dir, bin, status := newAppDir(t)
	ws := filepath.Join(dir, "ws")
	if err := os.MkdirAll(ws, 0o755); err != nil {
		t.Fatal(err)
	}
	fn := func(name string) string {
		return `{"name": "` + name + `", "description": "d", "parameters": {"type": "object", "properties": {}, "additionalProperties": false}, "strict": true}`
	}
	for name, f := range map[string]string{"one.json": "first_fn", "two.json": "second_fn"} {
		writeTestFile(t, filepath.Join(ws, name), `{"tools_defs": [`+fn(f)+`]}`)
	}
	x.start("app", appCommand(t, dir, bin, []string{ws}, "", status))
	x.waitFor("app", "the first document", all(has("1 Tools", "first_fn", "one.json ·"), inTools))
	x.keys("app", "C-o")
	x.waitFor("app", "the switcher with every count", has("Documents", "two.json  1 tool"))

	writeTestFile(t, filepath.Join(ws, "two.json"), `{"tools_defs": [`+fn("second_fn")+`, `+fn("more_fn")+`, `+fn("last_fn")+`]}`)
	x.waitFor("app", "two.json's new count", has("two.json  3 tools"))
	if err := os.Mkdir(filepath.Join(ws, "new"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeTestFile(t, filepath.Join(ws, "new", "three.json"), `{"tools_defs": [`+fn("a")+`, `+fn("b")+`]}`)
	x.waitFor("app", "the new document", has("new/three.json  2 tools"))

	x.text("app", "two")
	x.keys("app", "Enter")
	x.waitFor("app", "two.json shown as on disk", all(has("second_fn", "more_fn", "last_fn", "two.json ·"), inTools))
	x.keys("app", "C-q")
	x.wantExit("app", status, "0")
}
