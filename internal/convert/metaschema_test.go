package convert

import (
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
)

// Parameters that are not valid JSON Schema leave the function out, the
// keyword at fault located by its JSON Pointer.
func TestParametersMetaschema(t *testing.T) {
	for _, c := range []struct {
		params, path, msg string
	}{
		{`{"type":"object","properties":{"q":{"type":"strng"}}}`, "/parameters/properties/q/type", `did you mean "string"?`},
		{`{"type":"object","properties":{"q":{"type":"string","minLength":"three"}}}`, "/parameters/properties/q/minLength", "must be an integer, got string"},
		{`{"type":"object","properties":{"q":{"type":"array","items":"nope"}}}`, "/parameters/properties/q/items", "must be a boolean or an object, got string"},
		{`{"type":"object","properties":{"q":{"type":"string"}},"required":"q"}`, "/parameters/required", "must be an array, got string"},
		{`{"type":"object","properties":{"q":{"type":["string","strng"]}}}`, "/parameters/properties/q/type/1", "must be one of"},
		{`{"type":"object","properties":{"q":{"type":"string","minLength":-1}}}`, "/parameters/properties/q/minLength", "must be at least 0"},
		{`{"type":"object","properties":{"q":{"type":"string"}},"required":["q","q"]}`, "/parameters/required", "unique"},
		{`{"type":"object","anyOf":[]}`, "/parameters/anyOf", "at least 1 item"},
	} {
		doc := `{"model":"gpt-5","tools_defs":[{"name":"f","description":"d","parameters":` + c.params + `,"strict":false}]}`
		d, err := model.Parse([]byte(doc))
		if err != nil {
			t.Fatal(err)
		}
		r := (&Converter{}).Convert(d)
		var found *Diagnostic
		for i, dg := range r.Diagnostics {
			if dg.Path == c.path {
				found = &r.Diagnostics[i]
			}
		}
		if found == nil {
			t.Errorf("%s: no diagnostic at %s: %v", c.params, c.path, r.Diagnostics)
			continue
		}
		if found.Severity != Error || !strings.Contains(found.Message, c.msg) || !strings.HasPrefix(found.Message, "not valid JSON Schema: ") {
			t.Errorf("%s: got %s, want an error saying %q", c.params, found, c.msg)
		}
		if len(r.Tools) != 0 {
			t.Errorf("%s: the function was kept", c.params)
		}
	}
}

// Valid schemas of every kind pass, and the quick pass knows it for the
// common ones.
func TestParametersMetaschemaValid(t *testing.T) {
	for _, p := range []string{
		`{"type":"object","properties":{"q":{"type":"string","minLength":1,"maxLength":10,"pattern":"^a"}},"required":["q"],"additionalProperties":false}`,
		`{"type":"object","properties":{"n":{"type":["integer","null"],"minimum":-1.5,"multipleOf":0.5},"e":{"enum":["a",null,1]},"c":{"const":{"x":1}}}}`,
		`{"type":"object","$defs":{"a":{"type":"object","properties":{"b":{"$ref":"#/$defs/a"}}}},"properties":{"a":{"$ref":"#/$defs/a"}}}`,
		`{"type":"object","properties":{"l":{"type":"array","items":{"anyOf":[{"type":"string"},true]},"prefixItems":[false],"uniqueItems":true}},"x-unknown":{"type":"strng"}}`,
		`{"type":"object","dependencies":{"a":["b"],"c":{"required":["d"]}},"dependentRequired":{"a":["b"]},"propertyNames":{"pattern":"^[a-z]+$"}}`,
	} {
		end, ok := metaClean([]byte(p), 0, 0)
		if !ok || end != len(p) {
			t.Errorf("quick pass not sure of %s", p)
		}
		if is := metaschemaIssues([]byte(p)); len(is) != 0 {
			t.Errorf("%s: %v", p, is)
		}
	}
	// A schema naming draft-07 is checked against draft-07: items may be an array.
	p := `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"t":{"type":"array","items":[{"type":"string"}]}}}`
	if is := metaschemaIssues([]byte(p)); len(is) != 0 {
		t.Errorf("draft-07: %v", is)
	}
}

// Namespaces' functions and built-in function entries are checked too.
func TestParametersMetaschemaNamespace(t *testing.T) {
	doc := `{"model":"gpt-5","extra":{"builtin_tools":[
		{"type":"namespace","name":"ns","description":"d","tools":[{"type":"function","name":"g","parameters":{"type":"object","properties":{"a":{"type":"strng"}}},"strict":false}]},
		{"type":"function","name":"h","parameters":{"type":"object","required":"a"},"strict":false}]}}`
	d, err := model.Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	r := (&Converter{}).Convert(d)
	want := map[string]bool{"/tools/0/parameters/properties/a/type": false, "/parameters/required": false}
	for _, dg := range r.Diagnostics {
		if _, ok := want[dg.Path]; ok && dg.Severity == Error {
			want[dg.Path] = true
		}
	}
	for p, ok := range want {
		if !ok {
			t.Errorf("no error at %s: %v", p, r.Diagnostics)
		}
	}
}

// FuzzMetaClean: when the quick pass says a schema is valid, the
// metaschema agrees; every finding of the validator is located at a
// value the schema holds, and none panics.
func FuzzMetaClean(f *testing.F) {
	for _, s := range []string{
		`{"type":"object","properties":{"q":{"type":"strng"}}}`,
		`{"type":"object","properties":{"q":{"type":"string","minLength":"three"}},"required":["q"]}`,
		`{"type":["object","null"],"items":true,"anyOf":[{"enum":[1]},false],"multipleOf":0.5,"maxItems":3}`,
		`{"type":"object","dependencies":{"a":["b","b"]},"$defs":{"x":{"required":["a","b"]}}}`,
		`{"$schema":"http://json-schema.org/draft-04/schema#","type":"object","properties":{"a":{"exclusiveMinimum":true}}}`,
		`{"type":"object","$id":"x#y","$anchor":"1a","multipleOf":0,"minimum":"1"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, p []byte) {
		if len(p) > 16<<10 || rawjsonCheck(p) != nil || !isRawObject(p) {
			return
		}
		issues := metaschemaIssues(p)
		if end, ok := metaClean(p, 0, 0); ok && end == len(p) {
			for _, is := range issues {
				if is.Fatal {
					t.Fatalf("quick pass says valid, the metaschema says %s: %s", is.Path, is.Message)
				}
			}
		}
		for _, is := range issues {
			if !strings.HasPrefix(is.Path, "/parameters") {
				t.Fatalf("finding outside the parameters: %+v", is)
			}
			if _, ok := valueAt(p, strings.TrimPrefix(is.Path, "/parameters")); !ok {
				t.Fatalf("finding at %s, which %s does not hold", is.Path, p)
			}
		}
	})
}

func rawjsonCheck(p []byte) error { return rawjson.CheckJSON(p) }
