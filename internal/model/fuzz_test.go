package model

import (
	"encoding/json"
	"testing"
)

// FuzzParse: any bytes either load or give an error; a loaded document
// saves to valid JSON that loads again to the same save.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		string(exampleJSON),
		`{"model":"m","tools":[{"type":"function","name":"f"},{"type":"web_search"}]}`,
		`{"tools_defs":{},"extra":[],"tooltui":{"disabled":{"tools_defs":[5,-1]},"drafts":["tools_defs[0]/parameters","extra.builtin_tools[9]","x"]}}`,
		`{"extra":{"builtin_tools":["{\"type\":"]},"tooltui":{"drafts":["extra.builtin_tools[0]"]}}`,
		`{"tools":[{"type":"web_search"}],"tools":[{"name":"f"}],"extra":{"a":1},"extra":{"builtin_tools":[],"a":2},"tooltui":{"body":{"order":"bf","layout":{}}}}`,
		"\xef\xbb\xbf{}", `[]`, `"x"`, `{"a":1}{}`, "{\"a\":\"\xff\"}", ``,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := Parse(data)
		if err != nil {
			return
		}
		out, err := d.Marshal()
		if err != nil {
			t.Fatalf("marshal: %v", err)
		}
		if !json.Valid(out) {
			t.Fatalf("saved document is not JSON: %s", out)
		}
		d2, err := Parse(out)
		if err != nil {
			t.Fatalf("saved document does not load: %v\n%s", err, out)
		}
		out2, err := d2.Marshal()
		if err != nil || string(out2) != string(out) {
			t.Fatalf("save is not stable:\n%s\n%s", out, out2)
		}
	})
}
