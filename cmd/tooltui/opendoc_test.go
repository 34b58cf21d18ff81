package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/model"
)

// TestOpenDocumentWorkspaces: DIR FILE shows FILE (named from the current
// folder or from DIR); no FILE opens the current folder when it holds a
// document itself, the example when its documents are only in folders
// under it; a FILE that is not one of DIR's documents is refused.
func TestOpenDocumentWorkspaces(t *testing.T) {
	dir := t.TempDir()
	doc := `{"tools_defs": [{"name": "f", "description": "d", "parameters": {"type": "object", "properties": {}}}]}`
	for rel, data := range map[string]string{
		"ws/a.json": doc, "ws/sub/b.json": doc, "ws/skip/c.json": doc, "ws/.gitignore": "skip/\n",
		"ws/notes.json": `{"name": "x"}`, "nested/deep/d.json": doc,
	} {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	for _, args := range [][]string{{"ws", "ws/sub/b.json"}, {"ws", "sub/b.json"}, {"ws", filepath.Join(dir, "ws", "sub", "b.json")}} {
		o, err := openDocument(args)
		if err != nil {
			t.Fatalf("%q: %v", args, err)
		}
		if o.Workspace == nil || o.Name != "sub/b.json" || o.Doc == nil || len(o.Doc.Functions) != 1 {
			t.Errorf("%q shows %q (workspace %v)", args, o.Name, o.Workspace != nil)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"ws", "ws/skip/c.json"}, "left out"},
		{[]string{"ws", "nested/deep/d.json"}, "not in the folder"},
		{[]string{"ws", "ws/notes.json"}, "holds no tools"},
		{[]string{"ws", "ws/none.json"}, "no such file"},
		{[]string{"ws/a.json", "ws/a.json"}, "is not a folder"},
	} {
		if _, err := openDocument(c.args); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want an error saying %q", c.args, err, c.want)
		}
	}

	t.Chdir(filepath.Join(dir, "ws"))
	if o, err := openDocument(nil); err != nil || o.Workspace == nil || o.Name != "a.json" {
		t.Errorf("no FILE in a folder holding a.json: %q, %v (workspace %v)", o.Name, err, o.Workspace != nil)
	}
	t.Chdir(filepath.Join(dir, "nested"))
	if o, err := openDocument(nil); err != nil || o.Workspace != nil || o.Name != model.ExampleName {
		t.Errorf("no FILE in a folder with documents only under it: %q, %v", o.Name, err)
	}
}

func TestJoinNotices(t *testing.T) {
	if got := joinNotices("", "b"); got != "b" {
		t.Errorf("%q", got)
	}
	if got := joinNotices("a.json is not valid JSON — showing b.json instead", "Settings not read"); got != "a.json is not valid JSON — showing b.json instead; Settings not read" {
		t.Errorf("%q", got)
	}
}
