package docs

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/ui/kit"
	"github.com/tooltui/tooltui/internal/workspace"
)

// cmds are the commands of acts.
func cmds(acts []kit.Action) []kit.ActCmd {
	var out []kit.ActCmd
	for _, a := range acts {
		if c, ok := a.(kit.ActCmd); ok && c.Cmd != nil {
			out = append(out, c)
		}
	}
	return out
}

// TestWatcherHoldsChangesUntilListed: changes reported before the folder
// is listed are taken into the listed workspace, once it is; the shown
// document's are left to its own watcher.
func TestWatcherHoldsChangesUntilListed(t *testing.T) {
	dir := t.TempDir()
	doc := []byte(`{"tools_defs": [{"name": "f", "description": "d", "parameters": {"type": "object", "properties": {}}}]}`)
	for _, n := range []string{"a.json", "b.json"} {
		if err := os.WriteFile(filepath.Join(dir, n), doc, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	first, err := workspace.OpenFirst(dir)
	if err != nil {
		t.Fatal(err)
	}
	var w Watcher
	wait := func() ([]string, bool) { return nil, false }
	w.Start(func(string) (func() ([]string, bool), func(), error) { return wait, func() {}, nil }, dir)
	if got := cmds(w.Update(watchStartedMsg{gen: w.gen, wait: wait, stop: func() {}}, first, "a.json")); len(got) != 1 {
		t.Fatalf("started: %d commands, want the wait", len(got))
	}
	listed, err := workspace.Open(dir) // listed before c.json is made
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "c.json"), doc, 0o644); err != nil {
		t.Fatal(err)
	}
	if got := cmds(w.Update(changesMsg{gen: w.gen, paths: []string{"a.json", "c.json"}}, first, "a.json")); len(got) != 1 {
		t.Fatalf("changes before the listing: %d commands, want the wait alone", len(got))
	}
	got := cmds(w.Update(ListedMsg{W: listed}, listed, "a.json"))
	if len(got) != 1 {
		t.Fatalf("listed: %d commands, want the held changes' one", len(got))
	}
	m, ok := got[0].Cmd().(ChangedMsg)
	if !ok || m.W != listed || !slices.Equal(m.Paths, []string{"c.json"}) {
		t.Fatalf("the held changes: %#v, want c.json's in the listed workspace", m)
	}
	if !slices.Contains(listed.Paths(), "c.json") {
		t.Errorf("c.json not listed: %q", listed.Paths())
	}
	if got := cmds(w.Update(ListedMsg{W: listed}, listed, "a.json")); len(got) != 0 {
		t.Errorf("a second listing took the held changes again")
	}
}

// TestWatcherSaysADirtyDocumentDeleted: a hidden document with unsaved
// changes whose file is deleted is said deleted, not changed.
func TestWatcherSaysADirtyDocumentDeleted(t *testing.T) {
	dir := t.TempDir()
	doc := []byte(`{"tools_defs": [{"name": "f", "description": "d", "parameters": {"type": "object", "properties": {}}}]}`)
	for _, n := range []string{"a.json", "b.json", "c.json"} {
		if err := os.WriteFile(filepath.Join(dir, n), doc, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ws, err := workspace.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"b.json", "c.json"} {
		s, err := ws.Session(n)
		if err != nil {
			t.Fatal(err)
		}
		s.Unsave() // unsaved changes
	}
	said := func(acts []kit.Action) string {
		for _, a := range acts {
			if s, ok := a.(kit.ActStatus); ok {
				return s.Text
			}
		}
		return ""
	}
	var w Watcher
	if err := os.Remove(filepath.Join(dir, "b.json")); err != nil {
		t.Fatal(err)
	}
	ws.Changed("b.json")
	if got, want := said(w.Update(ChangedMsg{W: ws, Paths: []string{"b.json"}}, ws, "a.json")), "b.json was deleted on disk"; !strings.HasPrefix(got, want) {
		t.Errorf("said %q, want %q…", got, want)
	}
	if err := os.Remove(filepath.Join(dir, "c.json")); err != nil {
		t.Fatal(err)
	}
	ws.Changed("c.json")
	if got, want := said(w.Update(ChangedMsg{W: ws, Paths: []string{"c.json"}}, ws, "a.json")), "c.json was deleted on disk"; !strings.HasPrefix(got, want) {
		t.Errorf("said %q, want %q…", got, want)
	}
}
