package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd/tooltui -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs:\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

func TestBuildGolden(t *testing.T) {
	cases := []struct {
		name   string
		args   []string
		stdin  string
		status int
	}{
		{"example", []string{"testdata/example.json"}, "", 0},
		{"mixed-invalid", []string{"testdata/mixed-invalid.json"}, "", 0},
		{"mixed-invalid-strict", []string{"--strict", "testdata/mixed-invalid.json"}, "", 1},
		{"body-stdin", []string{"-"}, `{"model":"gpt-5","tools":[{"type":"web_search_preview","search_content_types":["text"]},{"type":"function","name":"f","parameters":null,"strict":false}],"store":false}`, 0},
		{"no-tools-stdin", nil, `{"model":"gpt-5","input":"hi"}`, 0},
		{"not-json", []string{"-"}, "{\n  \"model\": \"gpt-5\",\n  oops\n}", 2},
		{"not-object", []string{"-"}, `[1]`, 2},
		{"missing-file", []string{"testdata/does-not-exist.json"}, "", 2},
		{"directory", []string{"testdata"}, "", 2},
		{"unknown-flag", []string{"--nope"}, "", 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			status := run(append([]string{"build"}, c.args...), strings.NewReader(c.stdin), &out, &errb)
			if status != c.status {
				t.Errorf("status %d, want %d; stderr:\n%s", status, c.status, errb.String())
			}
			if c.status == 2 && out.Len() > 0 {
				t.Errorf("stdout not empty on a usage error: %s", out.String())
			}
			golden(t, c.name+".stdout", out.Bytes())
			golden(t, c.name+".stderr", errb.Bytes())
		})
	}
}

func TestBuildSanitisesDiagnostics(t *testing.T) {
	var out, errb bytes.Buffer
	doc := `{"extra":{"builtin_tools":[{"type":"web\u001b]0;pwned\u0007_search"}]}}`
	run([]string{"build", "-"}, strings.NewReader(doc), &out, &errb)
	if bytes.ContainsAny(errb.Bytes(), "\x1b\x07") {
		t.Fatalf("raw control characters on stderr: %q", errb.String())
	}
	if !strings.Contains(errb.String(), `\x1b]0;pwned\a`) {
		t.Fatalf("stderr = %q", errb.String())
	}
}
