package model

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// The tools of a parsed file share its bytes: appending to one must copy
// it, never write over the tool after it.
func TestParsedToolsDoNotOverlap(t *testing.T) {
	for _, in := range []string{
		`{"tools_defs":[{"name":"a","parameters":{}},{"name":"b","parameters":{}}],"extra":{"builtin_tools":[{"type":"web_search"},{"type":"file_search","vector_store_ids":["v"]}],"store":false}}`,
		`{"tools":[{"type":"function","name":"a"},{"type":"web_search"},{"type":"function","name":"b"},{"type":"code_interpreter"}],"model":"m"}`,
	} {
		d, err := Parse([]byte(in))
		if err != nil {
			t.Fatal(err)
		}
		before, err := d.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		var fields [][]byte
		for i := range d.Extra {
			fields = append(fields, d.Extra[i].Value)
		}
		for _, list := range [][]Tool{d.Functions, d.Builtins} {
			for i := range list {
				_ = append(list[i].Raw, `XXXXXXXXXXXXXXXX`...)
			}
		}
		for _, f := range fields {
			_ = append(f, `XXXXXXXXXXXXXXXX`...)
		}
		after, err := d.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(before, after) {
			t.Errorf("an append to one value changed another:\nbefore %s\nafter  %s", before, after)
		}
	}
}

// A body's entries are functions by their "type" as encoding/json reads
// it: any case of the key, the last one written.
func TestBodyFunctionEntriesByType(t *testing.T) {
	d := parseBody(t, `{"tools":[
		{"TYPE":"function","name":"upper"},
		{"type":"function","type":"web_search"},
		{"type":"web_search","Type":"function","name":"last"},
		{"type":"function ","name":"spaced"},
		[1],
		{"type":"function","name":"plain"}
	]}`)
	var names []string
	for _, f := range d.Functions {
		o, err := rawjson.ParseObject(f.Raw)
		if err != nil {
			t.Fatal(err)
		}
		n, _ := o.Get("name")
		names = append(names, strings.Trim(string(n), `"`))
	}
	if got := strings.Join(names, ","); got != "upper,last,plain" {
		t.Errorf("functions %q, want upper,last,plain", got)
	}
	if len(d.Builtins) != 3 {
		t.Errorf("%d built-ins, want 3", len(d.Builtins))
	}
}

// A file is read into one buffer of its size; one that grows while it is
// read is read to its end all the same.
func TestReadSized(t *testing.T) {
	data := bytes.Repeat([]byte("0123456789"), 1000)
	for _, hint := range []int64{0, 1, 9999, 10000, 10001, 50000} {
		for name, r := range map[string]io.Reader{
			"whole": bytes.NewReader(data),
			"bytes": iotest.OneByteReader(bytes.NewReader(data)),
			"half":  iotest.HalfReader(bytes.NewReader(data)),
		} {
			got, err := readSized(r, hint)
			if err != nil || !bytes.Equal(got, data) {
				t.Errorf("hint %d, %s: %d bytes, %v", hint, name, len(got), err)
			}
		}
	}
	if _, err := readSized(iotest.ErrReader(io.ErrUnexpectedEOF), 10); err != io.ErrUnexpectedEOF {
		t.Errorf("error %v, want the reader's", err)
	}
	p := filepath.Join(t.TempDir(), "doc.json")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := ReadLimited(p)
	if err != nil || !bytes.Equal(got, data) {
		t.Errorf("ReadLimited: %d bytes, %v", len(got), err)
	}
}
