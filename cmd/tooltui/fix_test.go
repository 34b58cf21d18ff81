package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tooltui/tooltui/internal/model"
)

const fixCaseBody = `{
  "model": "gpt-5",
  "tool_choice": {"type": "function", "function": {"name": "lookup"}},
  "tools": [
    {"type": "function", "function": {"name": "lookup", "description": "Find an order.",
      "parameters": {"type": "object", "properties": {"id": {"type": "string"}, "note": {"type": "string"}}, "required": ["id"]},
      "strict": true}},
    {"type": "function", "name": "lookup", "description": "", "parameters": null, "strict": false},
    {"type": "web_serch"}
  ]
}
`

func TestFixGolden(t *testing.T) {
	cases := []struct {
		name   string
		args   []string
		stdin  string
		status int
	}{
		{"fix-body", []string{"-"}, fixCaseBody, 0},
		{"fix-example", []string{"testdata/example.json"}, "", 0},
		{"fix-mixed", []string{"testdata/mixed-invalid.json"}, "", 1},
		{"fix-not-json", []string{"-"}, "{\n  oops\n}", 2},
		{"fix-w-stdin", []string{"-w"}, "", 2},
		{"fix-unknown-flag", []string{"--all"}, "", 2},
		{"fix-chat", []string{"testdata/chat-request.json"}, "", 0},
		{"fix-w-chat", []string{"-w", "testdata/chat-request.json"}, "", 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			status := run(append([]string{"fix"}, c.args...), strings.NewReader(c.stdin), &out, &errb)
			if status != c.status {
				t.Errorf("status %d, want %d; stderr:\n%s", status, c.status, errb.String())
			}
			checkStderrSafe(t, errb.String(), 0)
			golden(t, c.name+".stdout", out.Bytes())
			golden(t, c.name+".stderr", errb.Bytes())
		})
	}
}

// TestFixOutputBuildsClean: what fix prints is a body that build accepts
// with no error left, and a second fix finds nothing safe to do.
func TestFixOutputBuildsClean(t *testing.T) {
	var out, errb bytes.Buffer
	if st := run([]string{"fix", "-"}, strings.NewReader(fixCaseBody), &out, &errb); st != 0 {
		t.Fatalf("fix: %d\n%s", st, errb.String())
	}
	var body, berr bytes.Buffer
	if st := run([]string{"build", "--strict", "-"}, bytes.NewReader(out.Bytes()), &body, &berr); st != 1 {
		t.Fatalf("build --strict: %d (the guessed type should remain a warning)\n%s", st, berr.String())
	}
	if strings.Contains(berr.String(), "error:") {
		t.Fatalf("errors left:\n%s", berr.String())
	}
	var again, aerr bytes.Buffer
	run([]string{"fix", "-"}, bytes.NewReader(out.Bytes()), &again, &aerr)
	if strings.Contains(aerr.String(), "fixed:") || !bytes.Equal(again.Bytes(), out.Bytes()) {
		t.Fatalf("second fix changed something:\n%s", aerr.String())
	}
}

func TestFixWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "body.json")
	if err := os.WriteFile(path, []byte(fixCaseBody), 0o600); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if st := run([]string{"fix", "-w", path}, nil, &out, &errb); st != 0 {
		t.Fatalf("fix -w: %d\n%s", st, errb.String())
	}
	if out.Len() != 0 {
		t.Fatalf("stdout with -w: %s", out.String())
	}
	got, _ := os.ReadFile(path)
	var want bytes.Buffer
	run([]string{"fix", "-"}, strings.NewReader(fixCaseBody), &want, &bytes.Buffer{})
	if !bytes.Equal(got, want.Bytes()) {
		t.Fatalf("-w wrote\n%s\nwant\n%s", got, want.Bytes())
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v, want the file's own 0600", fi.Mode().Perm())
	}
	// Nothing left to fix: the file is not written again.
	old := time.Now().Add(-time.Hour)
	os.Chtimes(path, old, old)
	errb.Reset()
	run([]string{"fix", "-w", path}, nil, &out, &errb)
	if fi, _ := os.Stat(path); !fi.ModTime().Equal(old) {
		t.Fatalf("rewritten with nothing to fix:\n%s", errb.String())
	}
}

// tooltui fix names every change it makes, and leaves out making a
// function imported from an MCP server strict-compatible, saying why. An
// import into a document records where its functions came from.
func TestFixTellsTheWholeTruth(t *testing.T) {
	dir := t.TempDir()
	doc := filepath.Join(dir, "doc.json")
	if err := os.WriteFile(doc, []byte(`{"model":"gpt-5","tools_defs":[{"name":"own","description":"d",
"parameters":{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}},"required":["a","ghost"]}}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	list := `{"tools":[{"name":"remote","description":"d","inputSchema":{"type":"object","properties":{"q":{"type":"string"}}}}]}`
	if status, _, stderr := importCmd(t, list, "--into", doc, "-"); status != 0 {
		t.Fatalf("import: %d\n%s", status, stderr)
	}
	saved, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, saved); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(compact.String(), `"origins":{"tools_defs[1]":"mcp"}`) {
		t.Fatalf("the import did not record the origin:\n%s", saved)
	}
	var out, errb bytes.Buffer
	st := run([]string{"fix", "-w", doc}, strings.NewReader(""), &out, &errb)
	if st != 0 {
		t.Fatalf("status %d\n%s", st, errb.String())
	}
	got := errb.String()
	for _, want := range []string{
		"fixed: tools_defs[0]: make the parameters strict-compatible and set strict to true: optional properties become required and nullable, so the tool receives null, not a missing key, for a value the model leaves out\n",
		"  - /parameters/required: add \"b\" (strict mode needs every property listed)\n",
		"  - /parameters/properties/b: make it nullable: the tool then receives null, not a missing key, when the model leaves it out\n",
		"  - /parameters/required: drop \"ghost\": no property has that name\n",
		"  - /strict: set to true\n",
		"not fixed: tools_defs[1]: make the parameters strict-compatible and set strict to true: optional properties become required and nullable, so the tool receives null, not a missing key, for a value the model leaves out: the function comes from an MCP server",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("stderr lacks %q:\n%s", want, got)
		}
	}
	after, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(after), `"name": "remote"`) || strings.Contains(string(after), `"q": {
            "type": [`) || !strings.Contains(string(after), `"origins"`) {
		t.Errorf("the MCP function changed, or lost its origin:\n%s", after)
	}
}

// fix -w never writes a file tooltui cannot open: a small indented file
// whose parameters nest an unknown keyword thousands of levels deep
// would indent to tens of megabytes; the deep part is written compactly
// instead, and build opens the result.
func TestFixWriteStaysOpenable(t *testing.T) {
	deep := strings.Repeat("[", 3500) + strings.Repeat("]", 3500)
	src := "{\n  \"model\": \"gpt-5\",\n  \"tools_defs\": [\n    {\n      \"name\": \"f\",\n      \"description\": \"d\",\n" +
		"      \"parameters\": {\"type\": \"object\", \"properties\": {}, \"required\": [], \"additionalProperties\": false, \"x-deep\": " + deep + "}\n    }\n  ]\n}\n"
	path := filepath.Join(t.TempDir(), "deep.json")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if st := run([]string{"fix", "-w", path}, strings.NewReader(""), &out, &errb); st != 0 {
		t.Fatalf("fix -w: status %d\n%s", st, errb.String())
	}
	if !strings.Contains(errb.String(), "fixed: tools_defs[0]: set strict to true") {
		t.Fatalf("nothing was fixed, so nothing was written:\n%s", errb.String())
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Size() > model.MaxDocumentBytes || fi.Size() > 2<<20 {
		t.Fatalf("fix -w wrote %d bytes", fi.Size())
	}
	errb.Reset()
	if st := run([]string{"build", path}, strings.NewReader(""), io.Discard, &errb); st == 2 {
		t.Fatalf("build cannot open what fix wrote:\n%s", errb.String())
	}
}
