package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/termtext"
	"github.com/tooltui/tooltui/internal/termtext/termtexttest"
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
		{"mixed-invalid", []string{"testdata/mixed-invalid.json"}, "", 1},
		{"mixed-invalid-strict", []string{"--strict", "testdata/mixed-invalid.json"}, "", 1},
		{"body-stdin", []string{"-"}, `{"model":"gpt-5","tools":[{"type":"web_search_preview","search_content_types":["text"]},{"type":"function","name":"f","parameters":null,"strict":false}],"store":false}`, 0},
		{"no-tools-stdin", nil, `{"model":"gpt-5","input":"hi"}`, 0},
		{"not-json", []string{"-"}, "{\n  \"model\": \"gpt-5\",\n  oops\n}", 2},
		{"not-object", []string{"-"}, `[1]`, 2},
		{"missing-file", []string{"testdata/does-not-exist.json"}, "", 2},
		{"unknown-flag", []string{"--nope"}, "", 2},
		{"mixed-invalid-json", []string{"--json", "testdata/mixed-invalid.json"}, "", 1},
		{"mixed-invalid-json-strict", []string{"--diagnostics=json", "--strict", "testdata/mixed-invalid.json"}, "", 1},
		{"drafts-json", []string{"--json", "-"}, jsonCaseDoc, 1},
		{"not-json-json", []string{"--json", "-"}, "{\n  \"model\": \"gpt-5\",\n  oops\n}", 2},
		{"missing-file-json", []string{"--json", "testdata/does-not-exist.json"}, "", 2},
		{"diagnostics-bad-value", []string{"--diagnostics=xml", "testdata/mixed-invalid.json"}, "", 2},
		{"diagnostics-no-value", []string{"--diagnostics", "json", "testdata/mixed-invalid.json"}, "", 2},
		{"chat-file", []string{"testdata/chat-request.json"}, "", 1},
		{"chat-file-strict", []string{"--strict", "testdata/chat-request.json"}, "", 1},
		{"anthropic-stdin", []string{"-"}, `{"model":"claude-sonnet-4-5","max_tokens":512,"tools":[{"name":"get_time","description":"Time in a zone","input_schema":{"type":"object","properties":{"tz":{"type":"string"}},"required":["tz"]},"cache_control":{"type":"ephemeral"}},{"type":"web_search_20250305","name":"web_search","max_uses":3,"allowed_domains":["example.com"]}],"messages":[{"role":"user","content":"hi"}]}`, 0},
		{"tools-array-stdin", []string{"-"}, `[{"type":"web_search"},{"type":"function","name":"f","parameters":{"type":"object","properties":{}},"strict":false}]`, 0},
		{"array-of-numbers", []string{"-"}, `[1, 2]`, 2},
		{"to-chat", []string{"--to", "chat", "testdata/example.json"}, "", 0},
		{"to-anthropic-strict", []string{"--strict", "--to=anthropic", "testdata/example.json"}, "", 1},
		{"to-gemini-json", []string{"--json", "--to", "gemini", "testdata/example.json"}, "", 0},
		{"to-curl-base-url", []string{"--to", "curl", "--base-url", "http://localhost:8080/v1", "testdata/example.json"}, "", 0},
		{"to-anthropic-model", []string{"--to", "anthropic", "--model", "claude-sonnet-4-5", "testdata/example.json"}, "", 0},
		{"to-bad", []string{"--to", "xml", "testdata/example.json"}, "", 2},
		{"repeated-keys", []string{"testdata/repeated-keys.json"}, "", 0},
		{"repeated-keys-json", []string{"--json", "testdata/repeated-keys.json"}, "", 0},
		{"repeated-keys-body", []string{"-"}, `{"model":"gpt-5","tools":[{"type":"web_search"}],"input":[{"role":"user","content":"hi","role":"developer"}],"tools":[{"type":"function","name":"f","parameters":null,"strict":false}],"model":"gpt-5-mini"}`, 0},
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
// that each is already in termtext.SanitizeLine's form.
func checkStderrSafe(t *testing.T, stderr string, lines int) {
	t.Helper()
	got := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	if lines > 0 && len(got) != lines {
		t.Fatalf("%d lines on stderr, want %d: %q", len(got), lines, stderr)
	}
	for _, l := range got {
		if s := termtext.SanitizeLine(l); s != l {
			t.Fatalf("stderr line not sanitised:\n got %q\nwant %q", l, s)
		}
	}
}

// TestBuildHostileText runs the shared table of hostile strings through
// every place `tooltui build` prints untrusted text: tool types in
// diagnostics, file names in errors, unknown flags. Each shows exactly what
// the lists and the editor of the builder show (termtext.SanitizeLine).
func TestBuildHostileText(t *testing.T) {
	dir := t.TempDir()
	for _, h := range termtexttest.Hostile {
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

// jsonCaseDoc has an entry saved while it was not valid JSON (a diagnostic
// with line and column), a type with a bidi control, a C1 control, DEL and a
// character beyond U+FFFF, and a function using a field of the overlay.
const jsonCaseDoc = `{
  "model": "gpt-5",
  "tools_defs": [{"name": "f", "description": "", "parameters": {"type": "object", "properties": {}, "required": [], "additionalProperties": false}, "strict": true, "async": true}],
  "extra": {"builtin_tools": [
    "{\"type\": \"web_search\",\n  \"search_context_size\": oops}",
    {"type": "web\u202e_search\u009b\u007f\ud83d\ude00"}
  ]},
  "tooltui": {"drafts": ["extra.builtin_tools[0]"]}
}`

// TestBuildDiagnosticsText checks that --diagnostics=text is the default.
func TestBuildDiagnosticsText(t *testing.T) {
	var out, errb bytes.Buffer
	if st := run([]string{"build", "--json", "--diagnostics=text", "testdata/mixed-invalid.json"}, nil, &out, &errb); st != 1 {
		t.Fatalf("status %d", st)
	}
	golden(t, "mixed-invalid.stdout", out.Bytes())
	golden(t, "mixed-invalid.stderr", errb.Bytes())
}

// decodeJSONLines decodes each line of stderr, refusing unknown fields and
// anything but printable ASCII.
func decodeJSONLines(t *testing.T, stderr []byte) []jsonDiagnostic {
	t.Helper()
	var ds []jsonDiagnostic
	for _, line := range bytes.SplitAfter(stderr, []byte("\n")) {
		if len(line) == 0 {
			continue
		}
		for _, c := range line[:len(line)-1] {
			if c < 0x20 || c > 0x7e {
				t.Fatalf("byte %#x in %q", c, line)
			}
		}
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.DisallowUnknownFields()
		var d jsonDiagnostic
		if err := dec.Decode(&d); err != nil {
			t.Fatalf("%v: %q", err, line)
		}
		if dec.More() {
			t.Fatalf("more than one value in %q", line)
		}
		ds = append(ds, d)
	}
	return ds
}

// TestBuildJSONMatchesText checks that --json says what the text form says,
// diagnostic for diagnostic, with exact values, and prints the same request.
func TestBuildJSONMatchesText(t *testing.T) {
	for _, in := range []struct{ name, file, stdin string }{
		{"mixed-invalid", "testdata/mixed-invalid.json", ""},
		{"drafts", "-", jsonCaseDoc},
		{"example", "testdata/example.json", ""},
	} {
		t.Run(in.name, func(t *testing.T) {
			var textOut, textErr, jsonOut, jsonErr bytes.Buffer
			st1 := run([]string{"build", "--strict", in.file}, strings.NewReader(in.stdin), &textOut, &textErr)
			st2 := run([]string{"build", "--strict", "--json", in.file}, strings.NewReader(in.stdin), &jsonOut, &jsonErr)
			if st1 != st2 || !bytes.Equal(textOut.Bytes(), jsonOut.Bytes()) {
				t.Fatalf("status %d and %d, or the request differs", st1, st2)
			}
			var text []string
			for _, d := range decodeJSONLines(t, jsonErr.Bytes()) {
				cd := convert.Diagnostic{Location: d.Location, Type: d.Type, Path: d.Pointer, Message: d.Message}
				switch d.Severity {
				case "error":
					cd.Severity = convert.Error
				case "warning":
					cd.Severity = convert.Warning
				default:
					t.Fatalf("severity %q", d.Severity)
				}
				text = append(text, termtext.SanitizeLine(cd.String())+"\n")
			}
			if got := strings.Join(text, ""); got != textErr.String() {
				t.Errorf("JSON lines say:\n%s\ntext says:\n%s", got, textErr.String())
			}
		})
	}
}

// TestBuildJSONLineColumn checks where a syntax error is placed.
func TestBuildJSONLineColumn(t *testing.T) {
	var out, errb bytes.Buffer
	run([]string{"build", "--json", "-"}, strings.NewReader(jsonCaseDoc), &out, &errb)
	ds := decodeJSONLines(t, errb.Bytes())
	if len(ds) != 2 {
		t.Fatalf("%d diagnostics: %s", len(ds), errb.String())
	}
	if d := ds[0]; d.Severity != "error" || d.Location != "extra.builtin_tools[0]" || d.Line != 2 || d.Column != 26 || d.Pointer != "" {
		t.Errorf("syntax error reported as %+v", d)
	}
	if d := ds[1]; d.Line != 0 || d.Column != 0 || d.Type != "web\u202e_search\u009b\u007f\U0001F600" {
		t.Errorf("second diagnostic %+v", d)
	}
	if bytes.Contains(errb.Bytes(), []byte(`"line":0`)) || bytes.Contains(errb.Bytes(), []byte(`"column":0`)) {
		t.Errorf("unknown line or column written: %s", errb.String())
	}
}

// TestBuildJSONHostileText runs the shared hostile strings through the JSON
// lines: each decodes to the exact value and is printable ASCII.
func TestBuildJSONHostileText(t *testing.T) {
	for _, h := range termtexttest.Hostile {
		t.Run(h.Name, func(t *testing.T) {
			if !utf8.ValidString(h.Text) {
				t.Skip("JSON cannot carry invalid UTF-8")
			}
			typ, _ := json.Marshal(h.Text)
			doc := `{"model":"gpt-5","extra":{"builtin_tools":[{"type":` + string(typ) + `}]}}`
			var out, errb bytes.Buffer
			if st := run([]string{"build", "--json", "-"}, strings.NewReader(doc), &out, &errb); st != 0 {
				t.Fatalf("status %d: %s", st, errb.String())
			}
			ds := decodeJSONLines(t, errb.Bytes())
			if len(ds) != 1 || ds[0].Type != h.Text {
				t.Fatalf("diagnostics %+v, want one about type %q", ds, h.Text)
			}
			checkStderrSafe(t, errb.String(), 1)
		})
	}
}

func TestJSONLineEscapes(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"plain <&> \"q\" \\", `"plain <&> \"q\" \\"`},
		{"\x00\x1b\n\t\x7f", `"\u0000\u001b\n\t\u007f"`},
		{"\u009b\u200b\u202e\u2028é", `"\u009b\u200b\u202e\u2028\u00e9"`},
		{"\U0001F600\U000E0041", `"\ud83d\ude00\udb40\udc41"`},
		{"a\xffb", `"a\ufffdb"`},
	} {
		got := jsonLine(c.in)
		if string(got) != c.want+"\n" {
			t.Errorf("jsonLine(%q) = %s, want %s", c.in, got, c.want)
		}
		var back string
		if err := json.Unmarshal(got, &back); err != nil || (utf8.ValidString(c.in) && back != c.in) {
			t.Errorf("jsonLine(%q) decodes to %q (%v)", c.in, back, err)
		}
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// TestBuildJSONFlags covers the spellings of the flag and a request that
// cannot be written.
func TestBuildJSONFlags(t *testing.T) {
	var out, errb bytes.Buffer
	if st := run([]string{"build", "--diagnosticsx=json", "-"}, strings.NewReader("{}"), &out, &errb); st != 2 ||
		!strings.HasPrefix(errb.String(), "tooltui build: unknown flag --diagnosticsx=json\n") {
		t.Errorf("status %d, stderr %q", st, errb.String())
	}
	for _, flag := range []string{"-json", "-diagnostics=json", "--diagnostics=json"} {
		errb.Reset()
		if st := run([]string{"build", flag, "-"}, strings.NewReader(`{"model":"m","tools":[1]}`), io.Discard, &errb); st != 1 {
			t.Errorf("%s: status %d", flag, st)
		}
		if ds := decodeJSONLines(t, errb.Bytes()); len(ds) != 1 || ds[0].Location != "tools[0]" {
			t.Errorf("%s: %s", flag, errb.String())
		}
	}
	errb.Reset()
	if st := run([]string{"build", "--json", "-"}, strings.NewReader(`{"model":"m"}`), failingWriter{}, &errb); st != 2 {
		t.Errorf("status %d", st)
	}
	if ds := decodeJSONLines(t, errb.Bytes()); len(ds) != 1 || ds[0].Severity != "fatal" || ds[0].Message != "writing the request: disk full" {
		t.Errorf("stderr %s", errb.String())
	}
}

// One convention: build exits 1 when an entry was left out (an error),
// 0 otherwise; --strict fails on warnings too, never on notes.
func TestBuildExitStatus(t *testing.T) {
	const (
		clean   = `{"model":"gpt-5","tools_defs":[{"name":"f","parameters":{"type":"object","properties":{},"additionalProperties":false,"required":[]},"strict":true}]}`
		note    = `{"model":"gpt-5","tools_defs":[{"name":"f","parameters":{"type":"object","properties":{},"additionalProperties":false,"required":[]}}]}`
		warning = `{"model":"gpt-5","extra":{"builtin_tools":[{"type":"web_search","filters":{"allowed_domains":["https://example.com"]}}]}}`
		leftOut = `{"model":"gpt-5","extra":{"builtin_tools":[{"type":"file_search","vector_store_ids":[]}]}}`
		choice  = `{"model":"gpt-5","tool_choice":{"type":"function","name":"nope"}}`
	)
	for _, c := range []struct {
		doc               string
		plain, strictWant int
	}{
		{clean, 0, 0}, {note, 0, 0}, {warning, 0, 1}, {leftOut, 1, 1}, {choice, 1, 1},
	} {
		for _, strict := range []bool{false, true} {
			args, want := []string{"build", "-"}, c.plain
			if strict {
				args, want = []string{"build", "--strict", "-"}, c.strictWant
			}
			var out, errb bytes.Buffer
			if st := run(args, strings.NewReader(c.doc), &out, &errb); st != want {
				t.Errorf("%v %s: status %d, want %d\n%s", args, c.doc, st, want, errb.String())
			}
		}
	}
}
