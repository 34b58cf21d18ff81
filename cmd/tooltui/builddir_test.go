package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBuildDir: build DIR checks every document of the folder, one line
// each and a total, skipping other JSON and what .gitignore ignores; the
// exit status is the worst of them, --json and github name each file.
func TestBuildDir(t *testing.T) {
	dir := t.TempDir()
	for rel, data := range map[string]string{
		"ok.json":          `{"model":"gpt-5","tools_defs":[{"name":"f","parameters":{"type":"object","properties":{}},"strict":false}]}`,
		"sub/errors.json":  `{"model":"gpt-5","tools":[{"type":"web_search","search_context_size":"huge"},{"type":"web_search"}]}`,
		"sub/warning.json": `{"model":"gpt-5","tools":[{"type":"web_serch"}]}`,
		"package.json":     `{"name":"x","version":"1.0.0"}`,
		"out/gen.json":     `{"tools_defs": [,]}`,
		".gitignore":       "out/\n",
	} {
		p := filepath.Join(dir, rel)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var out, errb bytes.Buffer
	if st := run([]string{"build", dir}, nil, &out, &errb); st != 1 || errb.Len() > 0 {
		t.Fatalf("status %d, stderr %s", st, errb.String())
	}
	want := dir + "/ok.json: 1 tool in the request · 0 errors · 0 warnings\n" +
		dir + "/sub/errors.json: 1 tool in the request · 1 error · 0 warnings\n" +
		dir + "/sub/warning.json: 1 tool in the request · 0 errors · 1 warning\n" +
		"3 documents under " + dir + ": 1 with errors, 1 with warnings only, 0 that cannot be used\n"
	if out.String() != want {
		t.Fatalf("stdout:\n%s\nwant:\n%s", out.String(), want)
	}

	os.Remove(filepath.Join(dir, ".gitignore"))
	out.Reset()
	errb.Reset()
	if st := run([]string{"build", "--json", dir}, nil, &out, &errb); st != 2 {
		t.Fatalf("an unusable document: status %d", st)
	}
	if !strings.Contains(out.String(), dir+"/out/gen.json: cannot be used: line 1, column 17: not valid JSON:") {
		t.Errorf("stdout:\n%s", out.String())
	}
	for _, l := range strings.Split(strings.TrimSpace(errb.String()), "\n") {
		if !strings.HasPrefix(l, `{"file":"`+dir+"/") {
			t.Errorf("a JSON line without its file: %s", l)
		}
	}

	errb.Reset()
	run([]string{"build", "--format", "github", "--strict", dir}, nil, &bytes.Buffer{}, &errb)
	if !strings.Contains(errb.String(), "::error file="+dir+"/sub/errors.json,line=1,col=") ||
		!strings.Contains(errb.String(), "::warning file="+dir+"/sub/warning.json,line=1,col=") {
		t.Errorf("annotations:\n%s", errb.String())
	}

	errb.Reset()
	if st := run([]string{"build", "--to", "chat", dir}, nil, &bytes.Buffer{}, &errb); st != 2 || !strings.Contains(errb.String(), "--to writes one request") {
		t.Errorf("--to with a folder: status %d, %s", st, errb.String())
	}
}
