package model

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestParseKeepsUnknownFieldsAndOrder(t *testing.T) {
	in := `{"zeta":{"b":1,"a":2},"model":"gpt-5","tools_defs":[{"name":"f","x":9007199254740993}],"extra":{"store":false,"builtin_tools":[{"type":"web_search","unknown":[1.50]}]},"alpha":true}`
	d, err := Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	out, err := d.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "zeta": {
    "b": 1,
    "a": 2
  },
  "model": "gpt-5",
  "tools_defs": [
    {
      "name": "f",
      "x": 9007199254740993
    }
  ],
  "extra": {
    "builtin_tools": [
      {
        "type": "web_search",
        "unknown": [
          1.50
        ]
      }
    ],
    "store": false
  },
  "alpha": true
}
`
	if bytes.Count(out, []byte("\n")) != 0 || len(out) != len(in) {
		t.Fatalf("a file on one line saves on one line; got\n%s", out)
	}
	d, err = Parse([]byte(want))
	if err != nil {
		t.Fatal(err)
	}
	if out, _ = d.Marshal(); string(out) != want {
		t.Fatalf("got\n%s\nwant\n%s", out, want)
	}
	again, err := Parse(out)
	if err != nil {
		t.Fatal(err)
	}
	out2, _ := again.Marshal()
	if !bytes.Equal(out, out2) {
		t.Fatal("save is not stable")
	}
}

func TestParseImportsResponsesBody(t *testing.T) {
	in := `{"model":"m","tools":[{"type":"web_search"},{"type":"function","name":"f","defer_loading":true},{"type":"mcp","server_label":"s"}],"store":true}`
	d, err := Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if d.Format != FormatBody || len(d.Functions) != 1 || len(d.Builtins) != 2 {
		t.Fatalf("import: body=%v functions=%d builtins=%d", d.Format, len(d.Functions), len(d.Builtins))
	}
	if d.Location(Function, 0) != "tools[1]" || d.Location(Builtin, 1) != "tools[2]" {
		t.Fatalf("locations %s %s", d.Location(Function, 0), d.Location(Builtin, 1))
	}
	if out, _ := d.Marshal(); string(out) != in {
		t.Errorf("a body saves as the same body; got\n%s", out)
	}
	// a recovery copy keeps everything in tooltui's format, with the body's shape
	state, _ := d.MarshalState()
	for _, want := range []string{`"tools_defs"`, `"builtin_tools"`, `"defer_loading": true`, `"store": true`, `"order": "bfb"`} {
		if !strings.Contains(string(state), want) {
			t.Errorf("state lacks %s:\n%s", want, state)
		}
	}
	back, err := Parse(state)
	if err != nil {
		t.Fatal(err)
	}
	if out, _ := back.Marshal(); string(out) != in {
		t.Errorf("a body's state restores the same body; got\n%s", out)
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		{"", "not valid JSON: line 1, column 1: no JSON value"},
		{"{\n  \"a\": 1,\n  oops\n}", "not valid JSON: line 3, column 3: invalid character 'o'"},
		{"{\"a\": 1", "not valid JSON: line 1, column 8: unexpected end of JSON input"},
		{"[1,2]", "not a JSON object: a document or a Responses request body is an object, got array"},
		{"{\"a\":\"\xff\"}", "not valid JSON: line 1, column 7: invalid UTF-8"},
		{"{} {}", "not valid JSON: line 1, column 4: invalid character '{' after top-level value"},
	}
	for _, c := range cases {
		_, err := Parse([]byte(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q) = %v, want %q", c.in, err, c.want)
		}
	}
}

func TestParseAcceptsBOMAndCRLF(t *testing.T) {
	d, err := Parse([]byte("\xef\xbb\xbf{\r\n\t\"model\": \"m\"\r\n}"))
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := d.Fields.Get("model"); string(v) != `"m"` {
		t.Fatalf("model = %s", v)
	}
}

func TestParseDeepNestingIsAnErrorNotACrash(t *testing.T) {
	deep := `{"a":` + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + `}`
	if _, err := Parse([]byte(deep)); err == nil || !strings.Contains(err.Error(), "max depth") {
		t.Fatalf("err = %v", err)
	}
}

func TestDraftsAndDisabledSurviveSave(t *testing.T) {
	d := Example()
	d.Builtins[0].Disabled = true
	d.Builtins = append(d.Builtins, Tool{Raw: []byte("{\"type\": \"mcp\",\n oops")})
	draft := `{"type": "object",`
	d.Functions[0].Draft = &draft
	out, err := d.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	back, err := Parse(out)
	if err != nil {
		t.Fatalf("saved document does not load: %v\n%s", err, out)
	}
	if !back.Builtins[0].Disabled || back.Builtins[1].Disabled {
		t.Fatal("disabled flags lost")
	}
	if string(back.Builtins[2].Raw) != "{\"type\": \"mcp\",\n oops" {
		t.Fatalf("raw draft = %q", back.Builtins[2].Raw)
	}
	if back.Functions[0].Draft == nil || *back.Functions[0].Draft != draft {
		t.Fatalf("parameters draft lost: %v", back.Functions[0].Draft)
	}
}

func TestExampleLoads(t *testing.T) {
	d := Example()
	if len(d.Functions) != 1 || len(d.Builtins) != 2 {
		t.Fatalf("example: %d functions, %d builtins", len(d.Functions), len(d.Builtins))
	}
}

func TestReadFileRefusesWhatIsNotADocument(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "bin")
	os.WriteFile(bin, []byte{0, 1, 2, 0xff}, 0o644)
	trunc := filepath.Join(dir, "trunc.json")
	os.WriteFile(trunc, []byte("{\"model\": \"m\",\n \"tools_defs\": ["), 0o644)
	cases := []struct{ path, want string }{
		{filepath.Join(dir, "missing.json"), "missing.json: no such file or directory"},
		{dir, ": is a directory"},
		{fifo, "fifo: is a named pipe"},
		{"/dev/zero", "/dev/zero: is a device"},
		{bin, "bin: not valid JSON: line 1, column 1:"},
		{trunc, "trunc.json: not valid JSON: line 2, column 17: unexpected end of JSON input"},
	}
	for _, c := range cases {
		_, err := ReadFile(c.path)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ReadFile(%s) = %v, want %q", c.path, err, c.want)
		}
	}
}

func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "doc.json")
	if err := os.WriteFile(p, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteFileAtomic(p, []byte("new")); err != nil {
		t.Fatal(err)
	}
	fi, _ := os.Stat(p)
	if b, _ := os.ReadFile(p); string(b) != "new" || fi.Mode().Perm() != 0o600 {
		t.Fatalf("content %q mode %v", b, fi.Mode())
	}
	// A symlink stays a symlink; its target changes.
	link := filepath.Join(dir, "link.json")
	os.Symlink(p, link)
	if err := WriteFileAtomic(link, []byte("via link")); err != nil {
		t.Fatal(err)
	}
	if li, _ := os.Lstat(link); li.Mode()&os.ModeSymlink == 0 {
		t.Fatal("symlink replaced by a file")
	}
	if b, _ := os.ReadFile(p); string(b) != "via link" {
		t.Fatalf("target = %q", b)
	}
	// New files are 0644.
	n := filepath.Join(dir, "new.json")
	if err := WriteFileAtomic(n, []byte("x")); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(n); fi.Mode().Perm() != 0o644 {
		t.Fatalf("new mode %v", fi.Mode())
	}
	if os.Geteuid() == 0 {
		t.Skip("root ignores directory permissions")
	}
	ro := filepath.Join(dir, "ro")
	os.Mkdir(ro, 0o755)
	rp := filepath.Join(ro, "doc.json")
	os.WriteFile(rp, []byte("keep"), 0o644)
	os.Chmod(ro, 0o555)
	defer os.Chmod(ro, 0o755)
	err := WriteFileAtomic(rp, []byte("lost"))
	var fe *FileError
	if !errors.As(err, &fe) {
		t.Fatalf("err = %v", err)
	}
	if b, _ := os.ReadFile(rp); string(b) != "keep" {
		t.Fatalf("old file changed: %q", b)
	}
}

// A tool's origin is kept in the "tooltui" member by location, and
// follows the tool when tools move.
func TestOriginRoundTrip(t *testing.T) {
	d, err := Parse([]byte(`{"tools_defs":[{"name":"a"},{"name":"b"}],"tooltui":{"origins":{"tools_defs[1]":"mcp"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	if d.Functions[0].Origin != "" || d.Functions[1].Origin != OriginMCP {
		t.Fatalf("origins: %+v", d.Functions)
	}
	d, _, err = MoveTool(d, Function, 1, -1)
	if err != nil {
		t.Fatal(err)
	}
	out, err := d.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), `"tooltui":{"origins":{"tools_defs[0]":"mcp"}}`) {
		t.Fatalf("saved:\n%s", out)
	}
	d, err = SetOrigin(d, Function, 0, "")
	if err != nil {
		t.Fatal(err)
	}
	if out, _ := d.Marshal(); strings.Contains(string(out), "tooltui") {
		t.Fatalf("an origin left behind:\n%s", out)
	}
}
