package validator

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	reference "github.com/santhosh-tekuri/jsonschema/v6"
)

// The reference for these tests is github.com/santhosh-tekuri/jsonschema/v6,
// the validator tooltui used before (its package init compiled five
// metaschemas on every start); it is only a test dependency. Each case is
// a schema with values to check; the verdicts, and the leaves of the error
// trees (instance location and kind), must be the same.
var referenceCases = []struct {
	draft  Draft
	schema string
	values []string
}{
	{Draft2020, `{"type":"object","properties":{"a":{"type":"string","minLength":2,"maxLength":4,"pattern":"^x"}},"required":["a","b"],"additionalProperties":false}`,
		[]string{`{"a":"xy"}`, `{"a":"xy","b":1}`, `{"a":"y","b":1,"c":2,"d":3}`, `{"a":"xxxxxxx","b":1}`, `[]`, `{"a":1}`}},
	{Draft2020, `{"type":["integer","null"],"minimum":1,"maximum":10,"multipleOf":2}`,
		[]string{`1`, `2`, `2.0`, `null`, `12`, `-4`, `"x"`, `2.5`, `1e400`}},
	{Draft2020, `{"exclusiveMinimum":0,"exclusiveMaximum":1}`, []string{`0`, `0.5`, `1`, `"x"`}},
	{Draft2020, `{"enum":["a",1,null,{"k":[1]}]}`, []string{`"a"`, `1.0`, `null`, `{"k":[1.0]}`, `"b"`, `{"k":[2]}`}},
	{Draft2020, `{"const":{"a":[1,2]}}`, []string{`{"a":[1,2]}`, `{"a":[2,1]}`}},
	{Draft2020, `{"anyOf":[{"type":"string"},{"type":"object","properties":{"t":{"const":"x"},"v":{"type":"integer"}},"required":["t"]}]}`,
		[]string{`"s"`, `{"t":"x"}`, `{"t":"y"}`, `{"t":"x","v":"1"}`, `3`}},
	{Draft2020, `{"oneOf":[{"type":"integer"},{"minimum":2}]}`, []string{`1`, `3`, `1.5`, `"a"`}},
	{Draft2020, `{"allOf":[{"required":["a"]},{"required":["b"]}],"not":{"required":["c"]}}`, []string{`{"a":1,"b":2}`, `{"a":1}`, `{"a":1,"b":2,"c":3}`}},
	{Draft2020, `{"if":{"properties":{"k":{"const":1}}},"then":{"required":["a"]},"else":{"required":["b"]}}`, []string{`{"k":1}`, `{"k":2}`, `{"k":1,"a":0}`, `{"b":0}`}},
	{Draft2020, `{"type":"array","prefixItems":[{"type":"string"}],"items":{"type":"integer"},"minItems":2,"maxItems":3,"uniqueItems":true,"contains":{"const":5},"minContains":1,"maxContains":1}`,
		[]string{`["a",5]`, `["a",5,5]`, `[1]`, `["a","b",5,6]`, `["a",6]`}},
	{Draft2020, `{"$defs":{"node":{"type":"object","properties":{"next":{"$ref":"#/$defs/node"},"v":{"type":"integer"}}}},"$ref":"#/$defs/node"}`,
		[]string{`{"v":1,"next":{"v":2,"next":{"v":"x"}}}`, `{"next":{}}`}},
	{Draft2020, `{"$defs":{"a":{"$anchor":"A","type":"string"}},"properties":{"x":{"$ref":"#A"}}}`, []string{`{"x":"s"}`, `{"x":1}`}},
	{Draft2020, `{"$id":"https://example.com/root","$defs":{"b":{"$id":"b.json","type":"boolean"}},"properties":{"x":{"$ref":"b.json"}}}`, []string{`{"x":true}`, `{"x":1}`}},
	{Draft2020, `{"propertyNames":{"pattern":"^[a-z]+$"},"patternProperties":{"^n":{"type":"number"}},"additionalProperties":{"type":"string"}}`,
		[]string{`{"n1":1,"s":"x"}`, `{"N":1}`, `{"nx":"a","s":2}`}},
	{Draft2020, `{"dependentRequired":{"a":["b"]},"dependentSchemas":{"c":{"required":["d"]}},"minProperties":1,"maxProperties":2}`,
		[]string{`{"a":1,"b":2}`, `{"a":1}`, `{"c":1}`, `{}`, `{"a":1,"b":2,"x":3}`}},
	{Draft2020, `{"properties":{"a":true},"unevaluatedProperties":false,"anyOf":[{"properties":{"b":true}},{"properties":{"c":true}}]}`,
		[]string{`{"a":1,"b":2}`, `{"a":1,"c":2}`, `{"a":1,"d":2}`}},
	{Draft2020, `{"prefixItems":[true],"unevaluatedItems":false,"contains":{"const":2}}`, []string{`[1,2]`, `[1,2,3]`, `[1]`}},
	{Draft2020, `{"$id":"https://example.com/tree","$dynamicAnchor":"node","type":"object","properties":{"kids":{"type":"array","items":{"$dynamicRef":"#node"}}}}`,
		[]string{`{"kids":[{"kids":[]}]}`, `{"kids":[1]}`}},
	{Draft2020, `{"type":"string","format":"email"}`, []string{`"a@b.c"`, `"nope"`}},
	{Draft2020, `false`, []string{`1`}},
	{Draft2020, `{"properties":{"a":false}}`, []string{`{"a":1}`, `{}`}},
	{Draft2019, `{"items":[{"type":"string"}],"additionalItems":false}`, []string{`["a"]`, `["a",1]`, `[1]`}},
	{Draft2019, `{"$recursiveAnchor":true,"type":"object","properties":{"k":{"$recursiveRef":"#"}}}`, []string{`{"k":{"k":{}}}`, `{"k":1}`}},
	{Draft7, `{"definitions":{"s":{"type":"string"}},"properties":{"a":{"$ref":"#/definitions/s","type":"integer"}},"dependencies":{"a":["b"],"c":{"required":["d"]}}}`,
		[]string{`{"a":"x","b":1}`, `{"a":1,"b":1}`, `{"a":"x"}`, `{"c":1}`}},
	{Draft7, `{"type":"string","format":"date-time"}`, []string{`"2024-01-02T03:04:05Z"`, `"2024-13-02T03:04:05Z"`, `"yesterday"`}},
	{Draft6, `{"items":{"type":"integer"},"contains":{"minimum":3}}`, []string{`[1,3]`, `[1,2]`, `[1,"a"]`}},
	{Draft4, `{"id":"http://example.com/s","maximum":3,"exclusiveMaximum":true,"minimum":1,"exclusiveMinimum":false}`, []string{`1`, `2`, `3`}},
	{Draft4, `{"properties":{"a":{"$ref":"#/definitions/x"}},"definitions":{"x":{"enum":[1,2]}}}`, []string{`{"a":1}`, `{"a":3}`}},
}

func TestAgainstReference(t *testing.T) {
	for i, c := range referenceCases {
		for _, v := range c.values {
			if msg := compareWithReference(c.draft, []byte(c.schema), []byte(v)); msg != "" {
				t.Errorf("case %d %s with %s: %s", i, c.schema, v, msg)
			}
		}
	}
}

// FuzzAgainstReference: any schema and value get the same verdicts (the
// schema's compile, the value's validation, the schema against its
// metaschema) and the same leaves as from the reference validator.
func FuzzAgainstReference(f *testing.F) {
	for _, c := range referenceCases {
		for _, v := range c.values {
			f.Add(int(c.draft), []byte(c.schema), []byte(v))
		}
	}
	f.Fuzz(func(t *testing.T, draft int, schema, value []byte) {
		if len(schema)+len(value) > 4<<10 || !json.Valid(schema) || !json.Valid(value) {
			return
		}
		switch Draft(draft) {
		case Draft4, Draft6, Draft7, Draft2019, Draft2020:
		default:
			return
		}
		if bytes.Contains(schema, []byte(`"$schema"`)) || bytes.Contains(schema, []byte(`"$vocabulary"`)) {
			return // another dialect than the draft: the reference loads what it names
		}
		if msg := compareWithReference(Draft(draft), schema, value); msg != "" {
			t.Fatalf("%s with %s: %s", schema, value, msg)
		}
	})
}

func compareWithReference(draft Draft, schema, value []byte) string {
	const url = "https://example.com/schema.json"
	doc, err := UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		return ""
	}
	inst, err := UnmarshalJSON(bytes.NewReader(value))
	if err != nil {
		return ""
	}
	rdoc, _ := reference.UnmarshalJSON(bytes.NewReader(schema))
	rinst, _ := reference.UnmarshalJSON(bytes.NewReader(value))

	// the schema against its draft's metaschema, formats asserted
	meta, err := Metaschema(DraftURL(draft), true)
	if err != nil {
		return err.Error()
	}
	rc := reference.NewCompiler()
	rc.AssertFormat()
	rmeta, err := rc.Compile(DraftURL(draft))
	if err != nil {
		return err.Error()
	}
	metaErr, rmetaErr := meta.Validate(doc), rmeta.Validate(rdoc)
	if (metaErr == nil) != (rmetaErr == nil) {
		return fmt.Sprintf("metaschema: %v; reference: %v", metaErr, rmetaErr)
	}
	if metaErr != nil {
		if a, b := leaves(metaErr), referenceLeaves(rmetaErr); !slices.Equal(a, b) {
			return fmt.Sprintf("metaschema leaves %v; reference %v", a, b)
		}
		return ""
	}

	c := NewCompiler()
	c.DefaultDraft(draft)
	c.UseLoader(func(string) error { return errors.New("offline") })
	r := reference.NewCompiler()
	r.DefaultDraft(map[Draft]*reference.Draft{Draft4: reference.Draft4, Draft6: reference.Draft6, Draft7: reference.Draft7,
		Draft2019: reference.Draft2019, Draft2020: reference.Draft2020}[draft])
	r.UseLoader(offline{})
	var sch *Schema
	if err = c.AddResource(url, doc); err == nil {
		sch, err = c.Compile(url)
	}
	var rsch *reference.Schema
	rerr := r.AddResource(url, rdoc)
	if rerr == nil {
		rsch, rerr = r.Compile(url)
	}
	if err == nil && rerr != nil && strings.Contains(rerr.Error(), "offline") {
		// The reference normalises some $id values to another URL ("A:/0"
		// becomes "a:///0") and then looks for that document outside the
		// one given; this validator resolves them within it.
		return ""
	}
	if (err == nil) != (rerr == nil) {
		return fmt.Sprintf("compile: %v; reference: %v", err, rerr)
	}
	if err != nil {
		return ""
	}
	verr, rverr := sch.Validate(inst), rsch.Validate(rinst)
	if (verr == nil) != (rverr == nil) {
		return fmt.Sprintf("validate: %v; reference: %v", verr, rverr)
	}
	if verr != nil {
		if a, b := leaves(verr), referenceLeaves(rverr); !slices.Equal(a, b) {
			return fmt.Sprintf("leaves %v; reference %v", a, b)
		}
	}
	return ""
}

type offline struct{}

func (offline) Load(string) (any, error) { return nil, errors.New("offline") }

// leaves are an error tree's leaves as "pointer kind", sorted.
func leaves(err error) []string {
	var out []string
	var walk func(e *ValidationError)
	walk = func(e *ValidationError) {
		if len(e.Causes) == 0 {
			out = append(out, pointer(e.InstanceLocation)+" "+kindName(e.ErrorKind))
		}
		for _, c := range e.Causes {
			walk(c)
		}
	}
	var verr *ValidationError
	if errors.As(err, &verr) {
		walk(verr)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func referenceLeaves(err error) []string {
	var out []string
	var walk func(e *reference.ValidationError)
	walk = func(e *reference.ValidationError) {
		if len(e.Causes) == 0 {
			out = append(out, pointer(e.InstanceLocation)+" "+kindName(e.ErrorKind))
		}
		for _, c := range e.Causes {
			walk(c)
		}
	}
	var verr *reference.ValidationError
	if errors.As(err, &verr) {
		walk(verr)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func kindName(k any) string {
	s := fmt.Sprintf("%T", k)
	return s[strings.LastIndexByte(s, '.')+1:]
}

// Messages are the reference's words.
func TestMessages(t *testing.T) {
	for _, c := range []struct {
		schema, value, want string
	}{
		{`{"minimum":1}`, `0`, "minimum: got 0, want 1"},
		{`{"type":"string"}`, `1`, "got number, want string"},
		{`{"type":["string","null"]}`, `1`, "got number, want null or string"},
		{`{"required":["a","b"]}`, `{}`, "missing properties 'a', 'b'"},
		{`{"pattern":"^a"}`, `"b"`, "'b' does not match pattern '^a'"},
		{`{"enum":["a","b"]}`, `"c"`, "value must be one of 'a', 'b'"},
		{`{"format":"email"}`, `"x"`, "'x' is not valid email: missing @"},
		{`{"additionalProperties":false}`, `{"b":1,"a":2}`, "additional properties 'a', 'b' not allowed"},
	} {
		doc, _ := UnmarshalJSON(strings.NewReader(c.schema))
		comp := NewCompiler()
		comp.AssertFormat()
		if err := comp.AddResource("x.json", doc); err != nil {
			t.Fatal(err)
		}
		s, err := comp.Compile("x.json")
		if err != nil {
			t.Fatal(err)
		}
		v, _ := UnmarshalJSON(strings.NewReader(c.value))
		err = s.Validate(v)
		var verr *ValidationError
		if !errors.As(err, &verr) || len(verr.Causes) != 1 || verr.Causes[0].ErrorKind.Message() != c.want {
			t.Errorf("%s with %s: %v, want %q", c.schema, c.value, err, c.want)
		}
	}
}

// A reference cycle that never moves into the value is an error, not a
// stack overflow.
func TestRefCycle(t *testing.T) {
	doc, _ := UnmarshalJSON(strings.NewReader(`{"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a"}},"$ref":"#/$defs/a"}`))
	c := NewCompiler()
	if err := c.AddResource("x.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("x.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Validate(1.0); err == nil || !strings.Contains(err.Error(), "reference cycle") {
		t.Fatalf("got %v", err)
	}
}

// Unknown references and documents name what is missing.
func TestCompileErrors(t *testing.T) {
	for _, c := range []struct{ schema, want string }{
		{`{"$ref":"#/$defs/nope"}`, `json-pointer in "x.json#/$defs/nope" not found`},
		{`{"$ref":"https://example.com/s.json"}`, `failing loading "https://example.com/s.json": offline`},
		{`{"$ref":"#nope"}`, `anchor in "x.json#nope" not found`},
		{`{"pattern":"("}`, `invalid regex "("`},
		{`{"$schema":"https://example.com/dialect"}`, `failing loading "https://example.com/dialect"`},
	} {
		doc, _ := UnmarshalJSON(strings.NewReader(c.schema))
		comp := NewCompiler()
		comp.UseLoader(func(string) error { return errors.New("offline") })
		err := comp.AddResource("x.json", doc)
		if err == nil {
			_, err = comp.Compile("x.json")
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.schema, err, c.want)
		}
	}
}

// CheckSchemas refuses a schema its metaschema refuses, with the place.
func TestCheckSchemas(t *testing.T) {
	doc, _ := UnmarshalJSON(strings.NewReader(`{"properties":{"a":{"type":"strng"}}}`))
	c := NewCompiler()
	c.CheckSchemas()
	if err := c.AddResource("x.json", doc); err != nil {
		t.Fatal(err)
	}
	_, err := c.Compile("x.json")
	var sve *SchemaValidationError
	if !errors.As(err, &sve) || !slices.Contains(leaves(sve.Err), "/properties/a/type Enum") {
		t.Fatalf("got %v", err)
	}
}
