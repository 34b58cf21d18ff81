package workspace

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
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
