package schematree

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/args"
)

// FuzzInfer: Infer never panics; a schema it returns is strict-compatible
// JSON that the example fits with strict semantics (but for the keys an
// object of an array lacks and its siblings have, which strict mode makes
// required and nullable), and the Example of that schema fits it too.
func FuzzInfer(f *testing.F) {
	for _, s := range []string{
		`{}`, `{"a":1}`, `{"city":"Paris","n":2.5,"ok":false,"z":null}`,
		`{"v":[{"a":1},{"b":"x"},null,[],3]}`, `{"a":1,"a":"x"}`, `{"m":[[1],[2.5],[]]}`,
		`{"\u00e9\ud800":{"~/":[true,null,{"":{}}]}}`, `{"big":123456789012345678901234567890,"e":1E-7}`,
		`[1]`, `"x"`, `{"a":`, ``, "{\"a\":\"\xff\"}",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 4<<10 {
			return // the validator compiles each schema: keep runs fast
		}
		sch, err := Infer(data)
		if err != nil {
			return
		}
		if !json.Valid(sch) {
			t.Fatalf("not JSON:\n%s", sch)
		}
		if again, _ := Infer(data); !bytes.Equal(again, sch) {
			t.Fatal("the same example gives other bytes")
		}
		if ok, why := StrictCompatible(sch); !ok && !strings.Contains(why, "deeper") {
			t.Fatalf("not strict-compatible: %s\n%s", why, sch)
		}
		for _, p := range args.Validate(sch, true, data) {
			if !strings.HasPrefix(p.Message, "missing required property") || !inArray(p.Pointer) {
				t.Fatalf("the example does not fit: %s\nexample %s\nschema %s", p, data, sch)
			}
		}
		ex, err := Example(sch)
		if err != nil {
			t.Fatalf("no example: %v\n%s", err, sch)
		}
		if probs := args.Validate(sch, true, ex); probs != nil {
			t.Fatalf("the schema's example does not fit: %v\nexample %s\nschema %s", probs, ex, sch)
		}
	})
}

// inArray reports whether a pointer goes through an array index (a token
// of digits; a key of digits passes too, which only weakens the check).
func inArray(ptr string) bool {
	for _, tok := range Split(ptr) {
		if _, ok := index(tok); ok {
			return true
		}
	}
	return false
}

// FuzzExample: Example never panics on any parameters text (the tree shows
// an example beside whatever is being typed), and what it returns is JSON.
func FuzzExample(f *testing.F) {
	for _, s := range []string{
		`{}`, `true`, `false`, `null`, `[]`, `{"type":"object","properties":{"a":{"$ref":"#"}}}`,
		`{"type":"object","properties":{"n":{"type":"number","minimum":1e400,"multipleOf":0}}}`,
		`{"properties":{"s":{"type":"string","pattern":"(","minLength":-1,"maxLength":1.5}}}`,
		`{"allOf":[{"$ref":"#"}],"anyOf":[{"$ref":"#/anyOf/0"}]}`,
		`{"$defs":{"a":{"anyOf":[{"$ref":"#/$defs/a"},{"$ref":"#/$defs/a"}]}},"properties":{"x":{"$ref":"#/$defs/a"}},"required":["x"]}`,
		`{"type":["null"],"items":[{"const":1}],"prefixItems":true,"enum":[]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 4<<10 {
			return
		}
		ex, err := Example(data)
		if err == nil && !json.Valid(ex) {
			t.Fatalf("not JSON: %s", ex)
		}
	})
}
