package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tooltui/tooltui/internal/termtext"
	"github.com/tooltui/tooltui/internal/termtext/termtexttest"
)

// writeTemp writes a file in a test's temporary directory.
func writeTemp(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

const inferredWeather = `{
  "type": "object",
  "properties": {
    "city": {
      "type": "string"
    },
    "days": {
      "type": "integer"
    }
  },
  "required": [
    "city",
    "days"
  ],
  "additionalProperties": false
}
`

func TestInferCommand(t *testing.T) {
	example := writeTemp(t, "example.json", "\xef\xbb\xbf{\"city\": \"Paris\", \"days\": 3}\n")
	notJSON := writeTemp(t, "broken.json", "{\n  \"city\": \"Paris\",\n  oops\n}")
	cases := []struct {
		name   string
		args   []string
		stdin  string
		status int
		stdout string
		stderr string // a prefix of standard error
	}{
		{"file", []string{example}, "", 0, inferredWeather, ""},
		{"stdin", nil, `{"city":"x","days":1}`, 0, inferredWeather, ""},
		{"dash", []string{"-"}, `{"city":"x","days":1}`, 0, inferredWeather, ""},
		{"after --", []string{"--", "-"}, `{"city":"x","days":1}`, 0, inferredWeather, ""},
		{"syntax error", []string{notJSON}, "", 2, "", "tooltui infer: " + notJSON + ": line 3, column 3: not valid JSON: invalid character 'o' looking for beginning of object key string\n"},
		{"syntax error on stdin", nil, `{"a":`, 2, "", "tooltui infer: standard input: line 1, column 6: not valid JSON: unexpected end of JSON input\n"},
		{"not an object", []string{"-"}, `[{"a":1}]`, 2, "", "tooltui infer: standard input: not a JSON object: the arguments of a function call are an object, the example is an array\n"},
		{"missing file", []string{"does-not-exist.json"}, "", 2, "", "tooltui infer: does-not-exist.json: no such file or directory\n"},
		{"directory", []string{t.TempDir()}, "", 2, "", "tooltui infer: "},
		{"two files", []string{"a.json", "b.json"}, "", 2, "", "tooltui infer: one example at a time, got 2\n\nusage: tooltui infer"},
		{"unknown flag", []string{"--strict"}, "", 2, "", "tooltui infer: unknown flag --strict\n\nusage: tooltui infer"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			status := run(append([]string{"infer"}, c.args...), strings.NewReader(c.stdin), &out, &errb)
			if status != c.status {
				t.Errorf("status %d, want %d; stderr: %s", status, c.status, errb.String())
			}
			if out.String() != c.stdout {
				t.Errorf("stdout:\n%s\nwant:\n%s", out.String(), c.stdout)
			}
			if !strings.HasPrefix(errb.String(), c.stderr) || c.stderr == "" && errb.Len() > 0 {
				t.Errorf("stderr %q, want %q", errb.String(), c.stderr)
			}
		})
	}
}

// TestInferNotes: objects of an array that lack a key their siblings have
// are named on standard error; the schema is printed all the same.
func TestInferNotes(t *testing.T) {
	var out, errb bytes.Buffer
	example := "{\"stops\": [\n  {\"name\": \"a\", \"at\": 1},\n  {\"name\": \"b\"}\n]}"
	if st := run([]string{"infer"}, strings.NewReader(example), &out, &errb); st != 0 {
		t.Fatalf("status %d: %s", st, errb.String())
	}
	want := `tooltui infer: note: standard input:3:3: /stops/1: missing required property "at"; other items have it: the schema makes it required and nullable (strict mode's optional)` + "\n"
	if errb.String() != want {
		t.Fatalf("stderr:\n%q\nwant\n%q", errb.String(), want)
	}
	if !strings.Contains(out.String(), `"type": [
              "integer",
              "null"
            ]`) {
		t.Fatalf("at is not nullable:\n%s", out.String())
	}
}

// TestInferHostileText: keys of the example reach standard output as JSON
// escapes, never raw, and decode to the same keys; file names in errors
// are sanitised.
func TestInferHostileText(t *testing.T) {
	for _, h := range termtexttest.Hostile {
		t.Run(h.Name, func(t *testing.T) {
			if !utf8.ValidString(h.Text) {
				return // not valid in JSON
			}
			key, _ := json.Marshal(h.Text)
			var out, errb bytes.Buffer
			if st := run([]string{"infer"}, strings.NewReader(`{`+string(key)+`:1}`), &out, &errb); st != 0 {
				t.Fatalf("status %d: %s", st, errb.String())
			}
			for _, line := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
				if s := termtext.SanitizeLine(line); s != line {
					t.Fatalf("stdout line not safe to print: %q", line)
				}
			}
			var got struct {
				Properties map[string]any `json:"properties"`
			}
			if err := json.Unmarshal(out.Bytes(), &got); err != nil {
				t.Fatal(err)
			}
			if _, ok := got.Properties[h.Text]; !ok || len(got.Properties) != 1 {
				t.Fatalf("the key is not kept: %v", got.Properties)
			}

			out.Reset()
			errb.Reset()
			missing := filepath.Join(t.TempDir(), "missing-"+h.Text+".json")
			if st := run([]string{"infer", missing}, nil, &out, &errb); st != 2 {
				t.Fatalf("status %d", st)
			}
			checkStderrSafe(t, errb.String(), 1)
		})
	}
}

func TestInferTerminalSafeJSON(t *testing.T) {
	in := []byte("{\"a\u202eb\": \"x\u007fy\U000E0041\", \"ok\": \"café 😀\"}")
	got := string(terminalSafeJSON(in))
	want := `{"a\u202eb": "x\u007fy\udb40\udc41", "ok": "café 😀"}`
	if got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	plain := []byte(`{"a": 1}`)
	if out := terminalSafeJSON(plain); &out[0] != &plain[0] {
		t.Fatal("plain text is copied")
	}
}
