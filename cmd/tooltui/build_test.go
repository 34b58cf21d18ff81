package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tooltui/tooltui/internal/ui/display"
	"github.com/tooltui/tooltui/internal/ui/display/displaytest"
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
	if !strings.Contains(errb.String(), `(web\x1b]0;pwned\x07_search)`) {
		t.Fatalf("stderr = %q", errb.String())
	}
}

// checkStderrSafe asserts that stderr has the given number of lines and
// that each is already in display.SanitizeLine's form.
func checkStderrSafe(t *testing.T, stderr string, lines int) {
	t.Helper()
	got := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	if lines > 0 && len(got) != lines {
		t.Fatalf("%d lines on stderr, want %d: %q", len(got), lines, stderr)
	}
	for _, l := range got {
		if s := display.SanitizeLine(l); s != l {
			t.Fatalf("stderr line not sanitised:\n got %q\nwant %q", l, s)
		}
	}
}

// TestBuildHostileText runs the shared table of hostile strings through
// every place `tooltui build` prints untrusted text: tool types in
// diagnostics, file names in errors, unknown flags. Each shows exactly what
// the lists and the editor of the builder show (display.SanitizeLine).
func TestBuildHostileText(t *testing.T) {
	dir := t.TempDir()
	for _, h := range displaytest.Hostile {
		t.Run(h.Name, func(t *testing.T) {
			// Context-free entries only: a tab's width depends on the
			// column it is printed at.
			portable := !strings.Contains(h.Text, "\t")

			// A tool type, in the diagnostics. JSON cannot carry
			// invalid UTF-8.
			if utf8.ValidString(h.Text) {
				typ, _ := json.Marshal(h.Text)
				doc := `{"extra":{"builtin_tools":[{"type":` + string(typ) + `}]}}`
				var out, errb bytes.Buffer
				if st := run([]string{"build", "-"}, strings.NewReader(doc), &out, &errb); st != 0 {
					t.Fatalf("status %d: %s", st, errb.String())
				}
				checkStderrSafe(t, errb.String(), 0)
				if portable && !strings.Contains(errb.String(), "("+h.Want+")") {
					t.Errorf("diagnostics do not show the type as %q:\n%s", h.Want, errb.String())
				}
			}

			// A file name that does not exist.
			missing := filepath.Join(dir, "missing-"+h.Text+".json")
			var out, errb bytes.Buffer
			if st := run([]string{"build", missing}, nil, &out, &errb); st != 2 {
				t.Fatalf("status %d: %s", st, errb.String())
			}
			checkStderrSafe(t, errb.String(), 1)
			if portable && !strings.Contains(errb.String(), "missing-"+h.Want+".json") {
				t.Errorf("error does not show the file name as %q: %q", h.Want, errb.String())
			}

			// A file with that name that is not JSON.
			if !strings.Contains(h.Text, "\x00") {
				bad := filepath.Join(dir, "bad-"+h.Text+".json")
				if err := os.WriteFile(bad, []byte("not json"), 0o644); err != nil {
					t.Fatal(err)
				}
				out.Reset()
				errb.Reset()
				if st := run([]string{"build", bad}, nil, &out, &errb); st != 2 {
					t.Fatalf("status %d: %s", st, errb.String())
				}
				checkStderrSafe(t, errb.String(), 1)
				if portable && !strings.Contains(errb.String(), "bad-"+h.Want+".json") {
					t.Errorf("error does not show the file name as %q: %q", h.Want, errb.String())
				}
			}

			// An unknown flag.
			out.Reset()
			errb.Reset()
			if st := run([]string{"build", "--" + h.Text}, nil, &out, &errb); st != 2 {
				t.Fatalf("status %d: %s", st, errb.String())
			}
			first, _, _ := strings.Cut(errb.String(), "\n")
			checkStderrSafe(t, first, 1)
			if portable && first != "tooltui build: unknown flag --"+h.Want {
				t.Errorf("unknown flag shown as %q", first)
			}
		})
	}
}
