package workspace

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
)

func write(t *testing.T, dir, rel, data string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestFind(t *testing.T) {
	dir := t.TempDir()
	doc := `{"tools_defs":[{"name":"f"}]}`
	for rel, data := range map[string]string{
		"agent.json":                 doc,
		"body.json":                  `{"model":"gpt-5","tools":[{"type":"web_search"}]}`,
		"package.json":               `{"name":"x","version":"1.0.0"}`,
		"notes.txt":                  doc,
		"broken.json":                `{"tools_defs": [,]}`,
		"demos/a/chat.json":          `{"model":"gpt-4o","messages":[],"tools":[]}`,
		"demos/a/tmp.json":           doc,
		"demos/a/.gitignore":         "tmp.json\n",
		"build/out.json":             doc,
		"node_modules/x/tools.json":  doc,
		"logs/keep.json":             doc,
		"logs/drop.json":             doc,
		".git/x.json":                doc,
		".tooltui/history/x.json":    doc,
		"deep/er/still/mcp.json":     `{"tools":[{"name":"a","inputSchema":{"type":"object"}}]}`,
		"deep/er/generated.gen.json": doc,
		".gitignore":                 "# built\n/build/\nnode_modules/\nlogs/*\n!logs/keep.json\n**/*.gen.json\n",
	} {
		write(t, dir, rel, data)
	}
	got, err := Find(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"agent.json", "body.json", "broken.json", "deep/er/still/mcp.json", "demos/a/chat.json", "logs/keep.json"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Find:\n got %q\nwant %q", got, want)
	}
	if _, err := Find(filepath.Join(dir, "nope")); err == nil {
		t.Error("a missing folder is not an error")
	}
}

func TestGlobRegexp(t *testing.T) {
	for _, c := range []struct {
		glob, path string
		want       bool
	}{
		{"*.json", "a.json", true},
		{"*.json", "a/b.json", false},
		{"a/**/b", "a/b", true},
		{"a/**/b", "a/x/y/b", true},
		{"a/**", "a/x/y", true},
		{"**/x", "p/q/x", true},
		{"f?o", "foo", true},
		{"f[a-c]o", "fbo", true},
		{"f[!a-c]o", "fbo", false},
		{"a.b", "axb", false},
	} {
		re := "^" + globRegexp(c.glob) + "$"
		if got := mustMatch(re, c.path); got != c.want {
			t.Errorf("%s on %s: %v", c.glob, c.path, got)
		}
	}
}

func mustMatch(expr, s string) bool {
	return regexp.MustCompile(expr).MatchString(s)
}

// walkFirst is the first of Find's paths in the order a walk meets them:
// by name in each folder, a folder's documents where its name sorts.
func walkFirst(paths []string) string {
	best := ""
	for _, p := range paths {
		if best == "" || slices.Compare(strings.Split(p, "/"), strings.Split(best, "/")) < 0 {
			best = p
		}
	}
	return best
}

func TestOpenFirstIsTheFirstDocumentFindWalksTo(t *testing.T) {
	doc := `{"tools_defs":[{"name":"f"}]}`
	for name, files := range map[string]map[string]string{
		"a folder sorts before a file it prefixes": {"a/x.json": doc, "a.json": doc, "b.json": doc},
		"a file that is no document is passed":     {"a.json": `{"name":"x"}`, "b.txt": doc, "c.json": doc},
		"ignored, .git and the marker are skipped": {".git/a.json": doc, ".tooltui/a.json": doc, "build/a.json": doc, ".gitignore": "build/\n", "z.json": doc},
		"a nested .gitignore applies":              {"a/.gitignore": "*.json\n!keep.json\n", "a/b.json": doc, "a/keep.json": doc, "b.json": doc},
		"a folder named like a document":           {"a.json/b.json": doc, "b.json": doc},
		"an empty folder first":                    {"a/b/c.txt": "x", "b/c/d.json": doc},
		"no document at all":                       {"a.txt": doc, "b/c.json": `[1,2]`},
		"upper-case extension":                     {"A.JSON": doc, "b.json": doc},
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			for rel, data := range files {
				write(t, dir, rel, data)
			}
			all, err := Find(dir)
			if err != nil {
				t.Fatal(err)
			}
			w, err := OpenFirst(dir)
			if err != nil {
				t.Fatal(err)
			}
			got := ""
			if ps := w.Paths(); len(ps) > 0 {
				got = ps[0]
			}
			if want := walkFirst(all); got != want {
				t.Errorf("OpenFirst shows %q, Find (%q) walks to %q first", got, all, want)
			}
			if data, _ := w.First(); got != "" && string(data) != files[got] {
				t.Errorf("First: %q, the file holds %q", data, files[got])
			}
		})
	}
	if _, err := OpenFirst(filepath.Join(t.TempDir(), "nope")); err == nil {
		t.Error("a missing folder is not an error")
	}
}

// TestOpenAtNamesADocumentFindLists: a FILE through a link to a folder of
// the workspace names the document as Find lists it (else the listing
// cannot take the document shown); a name that is a file of the current
// folder outside DIR but also one of DIR is DIR's; a link to a document
// is refused, saying so.
func TestOpenAtNamesADocumentFindLists(t *testing.T) {
	root := t.TempDir()
	doc := `{"tools_defs":[{"name":"f"}]}`
	write(t, root, "ws/real/t.json", doc)
	write(t, root, "ws/a.json", doc)
	write(t, root, "a.json", doc)
	for link, to := range map[string]string{"ws/link": "real", "ws/s.json": "a.json", "wslink": "ws"} {
		if err := os.Symlink(to, filepath.Join(root, filepath.FromSlash(link))); err != nil {
			t.Skipf("no symbolic links here: %v", err)
		}
	}
	t.Chdir(root)
	listed, err := Find("ws")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ dir, file, want string }{
		{"ws", "ws/link/t.json", "real/t.json"},
		{"ws", "link/t.json", "real/t.json"},
		{"ws", filepath.Join(root, "ws", "link", "t.json"), "real/t.json"},
		{"wslink", "wslink/link/t.json", "real/t.json"},
		{"wslink", "ws/real/t.json", "real/t.json"},
		{"ws", "a.json", "a.json"},
	} {
		w, err := OpenAt(c.dir, c.file)
		if err != nil {
			t.Errorf("OpenAt(%q, %q): %v", c.dir, c.file, err)
			continue
		}
		if got := w.Paths(); len(got) != 1 || got[0] != c.want || !slices.Contains(listed, got[0]) {
			t.Errorf("OpenAt(%q, %q) shows %q, want %q of %q", c.dir, c.file, got, c.want, listed)
		}
	}
	if _, err := OpenAt("ws", "ws/s.json"); err == nil || !strings.Contains(err.Error(), "a link") {
		t.Errorf("a link to a document: %v, want an error saying it is a link", err)
	}
}

// TestHasDocuments: a folder holds a document (tooltui with no FILE opens
// it) when a .json file of its own has tools; one that only may be a
// document (a firebase.json's "functions", a request without tools, JSON
// that does not parse) does not make it one, nor a document in a folder
// under it or one .gitignore leaves out.
func TestHasDocuments(t *testing.T) {
	doc := `{"tools_defs":[{"name":"f"}]}`
	for name, c := range map[string]struct {
		files map[string]string
		want  bool
	}{
		"a document":            {map[string]string{"a.json": doc}, true},
		"a request with a tool": {map[string]string{"r.json": `{"model":"gpt-5","tools":[{"type":"web_search"}]}`}, true},
		"firebase.json":         {map[string]string{"firebase.json": `{"functions": {"source": "functions"}, "hosting": {}}`}, false},
		"a request, no tools":   {map[string]string{"r.json": `{"model":"gpt-5","tools":[]}`}, false},
		"broken JSON":           {map[string]string{"a.json": `{"tools": [`}, false},
		"only under it":         {map[string]string{"sub/a.json": doc}, false},
		"ignored":               {map[string]string{"a.json": doc, ".gitignore": "a.json\n"}, false},
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			for rel, data := range c.files {
				write(t, dir, rel, data)
			}
			if got := HasDocuments(dir); got != c.want {
				t.Errorf("HasDocuments = %v, want %v", got, c.want)
			}
		})
	}
}
