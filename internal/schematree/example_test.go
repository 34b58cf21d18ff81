package schematree

import (
	"errors"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/args"
	"github.com/tooltui/tooltui/internal/rawjson"
)

// obj wraps properties into a closed object schema with all of them
// required.
func obj(props string, names ...string) string {
	req := `"` + strings.Join(names, `","`) + `"`
	if len(names) == 0 {
		req = ""
	}
	return `{"type":"object","properties":{` + props + `},"required":[` + req + `],"additionalProperties":false}`
}

func TestExample(t *testing.T) {
	cases := []struct {
		name, schema, want string
	}{
		{"absent", ``, `{}`},
		{"scalars", obj(`"s":{"type":"string"},"i":{"type":"integer"},"n":{"type":"number"},"b":{"type":"boolean"},"z":{"type":"null"}`, "s", "i", "n", "b", "z"),
			`{"s":"example","i":1,"n":1.5,"b":true,"z":null}`},
		{"enum and const", obj(`"u":{"type":"string","enum":["celsius","fahrenheit"]},"v":{"enum":[null,2]},"k":{"const":{"x":[1]}}`, "u", "v", "k"),
			`{"u":"celsius","v":2,"k":{"x":[1]}}`},
		{"nullable", obj(`"a":{"type":["null","integer"]},"b":{"anyOf":[{"type":"null"},{"type":"string","format":"date"}]}`, "a", "b"),
			`{"a":1,"b":"2024-01-15"}`},
		{"formats", obj(`"a":{"type":"string","format":"date-time"},"b":{"type":"string","format":"time"},"c":{"type":"string","format":"email"},"d":{"type":"string","format":"uri"},"e":{"type":"string","format":"uuid"},"f":{"type":"string","format":"ipv4"},"g":{"type":"string","format":"ipv6"},"h":{"type":"string","format":"hostname"},"i":{"type":"string","format":"duration"}`, "a", "b", "c", "d", "e", "f", "g", "h", "i"),
			`{"a":"2024-01-15T09:30:00Z","b":"09:30:00Z","c":"user@example.com","d":"https://example.com/","e":"123e4567-e89b-12d3-a456-426614174000","f":"192.0.2.1","g":"2001:db8::1","h":"example.com","i":"P1D"}`},
		{"number bounds", obj(`"a":{"type":"integer","minimum":10},"b":{"type":"integer","exclusiveMinimum":10,"maximum":11},"c":{"type":"number","maximum":0},"d":{"type":"number","exclusiveMinimum":0,"exclusiveMaximum":1},"e":{"type":"integer","maximum":-5}`, "a", "b", "c", "d", "e"),
			`{"a":10,"b":11,"c":0,"d":0.5,"e":-5}`},
		{"multipleOf", obj(`"a":{"type":"number","multipleOf":0.25,"minimum":3.1},"b":{"type":"integer","multipleOf":7,"minimum":20}`, "a", "b"),
			`{"a":3.25,"b":21}`},
		{"draft 4 exclusive", `{"$schema":"http://json-schema.org/draft-04/schema#","type":"object","properties":{"a":{"type":"integer","minimum":5,"exclusiveMinimum":true}},"required":["a"]}`,
			`{"a":6}`},
		{"string lengths", obj(`"a":{"type":"string","minLength":10},"b":{"type":"string","maxLength":3}`, "a", "b"),
			`{"a":"exampleeee","b":"exa"}`},
		{"patterns", obj(`"zip":{"type":"string","pattern":"^\\d{5}(-\\d{4})?$"},"code":{"type":"string","pattern":"^[A-Z]{3}$"},"key":{"type":"string","pattern":"^sk-"},"hex":{"type":"string","pattern":"^#[0-9a-f]{6}$"},"lang":{"type":"string","pattern":"^[a-z]{2}-[A-Z]{2}$"}`, "zip", "code", "key", "hex", "lang"),
			`{"zip":"12345","code":"ABC","key":"sk-example","hex":"#123456","lang":"en-US"}`},
		{"arrays", obj(`"one":{"type":"array","items":{"type":"integer"}},"three":{"type":"array","items":{"type":"string"},"minItems":3},"none":{"type":"array","maxItems":0},"tuple":{"type":"array","prefixItems":[{"type":"string"},{"type":"boolean"}]}`, "one", "three", "none", "tuple"),
			`{"one":[1],"three":["example","example","example"],"none":[],"tuple":["example",true]}`},
		{"optional properties are shown", `{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"integer"}},"required":["b"]}`,
			`{"a":"example","b":1}`},
		{"required without a property", `{"type":"object","required":["x"],"additionalProperties":{"type":"integer"}}`,
			`{"x":1}`},
		{"refs", `{"type":"object","properties":{"home":{"$ref":"#/$defs/Address"},"work":{"anyOf":[{"$ref":"#/$defs/Address"},{"type":"null"}]}},"required":["home","work"],"additionalProperties":false,"$defs":{"Address":` + obj(`"city":{"type":"string"}`, "city") + `}}`,
			`{"home":{"city":"example"},"work":{"city":"example"}}`},
		{"recursion is bounded", `{"type":"object","properties":{"root":{"$ref":"#/$defs/Node"}},"required":["root"],"additionalProperties":false,"$defs":{"Node":` + obj(`"name":{"type":"string"},"children":{"type":"array","items":{"$ref":"#/$defs/Node"}}`, "name", "children") + `}}`,
			`{"root":{"name":"example","children":[{"name":"example","children":[{"name":"example","children":[]}]}]}}`},
		{"optional recursion", `{"type":"object","properties":{"next":{"$ref":"#"}}}`,
			`{"next":{"next":{"next":{}}}}`},
		{"allOf merged", `{"type":"object","allOf":[{"$ref":"#/$defs/A"},{"properties":{"b":{"type":"boolean"}},"required":["b"]}],"$defs":{"A":{"properties":{"a":{"type":"string"}},"required":["a"]}}}`,
			`{"a":"example","b":true}`},
		{"untyped keywords", `{"properties":{"n":{"minimum":4},"s":{"minLength":2},"l":{"items":{"type":"integer"}}}}`,
			`{"n":4,"s":"example","l":[1]}`},
		{"a false property is left out", `{"type":"object","properties":{"never":false,"a":{"type":"string"}}}`,
			`{"a":"example"}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Example([]byte(c.schema))
			if err != nil {
				t.Fatal(err)
			}
			if s := compactJSON(t, got); s != c.want {
				t.Fatalf("Example:\n got %s\nwant %s", s, c.want)
			}
			checkFits(t, c.schema, got)
		})
	}
}

// checkFits validates an example against its schema, with strict
// semantics too when the schema is strict-compatible.
func checkFits(t *testing.T, schema string, example []byte) {
	t.Helper()
	if probs := args.Validate([]byte(schema), false, example); probs != nil {
		t.Errorf("the example does not fit: %v\n%s", probs, example)
	}
	if ok, _ := StrictCompatible([]byte(schema)); ok {
		if probs := args.Validate([]byte(schema), true, example); probs != nil {
			t.Errorf("the example does not fit strictly: %v\n%s", probs, example)
		}
	}
}

func TestExampleErrors(t *testing.T) {
	cases := []struct {
		name, schema, want string
	}{
		{"false", `false`, "no value fits"},
		{"required false", `{"type":"object","properties":{"a":false},"required":["a"]}`, "/properties/a: the schema is false"},
		{"remote ref", `{"type":"object","properties":{"a":{"$ref":"https://example.com/a.json"}},"required":["a"]}`, `/properties/a/$ref: "https://example.com/a.json" is not a schema of these parameters`},
		{"missing def", `{"type":"object","properties":{"a":{"$ref":"#/$defs/Nope"}},"required":["a"]}`, "is not a schema of these parameters"},
		{"endless", `{"type":"object","properties":{"a":{"$ref":"#"}},"required":["a"]}`, "without end"},
		{"not a schema", `{"type":"object","properties":{"a":3},"required":["a"]}`, "not a schema"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Example([]byte(c.schema))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want %q", err, c.want)
			}
		})
	}
	_, err := Example([]byte(`{"type":`))
	var se *rawjson.SyntaxError
	if !errors.As(err, &se) {
		t.Fatalf("invalid JSON: %v", err)
	}
}

// TestExampleOfInferred: an example written from an inferred schema fits
// it, and infers the same schema again (when the example has no null,
// which the example of a nullable type does not give back).
func TestExampleOfInferred(t *testing.T) {
	sch, err := Infer([]byte(`{"city":"Paris","days":[1,2],"opts":{"metric":true,"note":"x"},"stops":[{"name":"a","at":1.5}]}`))
	if err != nil {
		t.Fatal(err)
	}
	ex, err := Example(sch)
	if err != nil {
		t.Fatal(err)
	}
	checkFits(t, string(sch), ex)
	again, err := Infer(ex)
	if err != nil {
		t.Fatal(err)
	}
	if string(again) != string(sch) {
		t.Fatalf("inferred again:\n%s\nfirst:\n%s", again, sch)
	}
}

// TestExampleLarge: a schema with a few thousand properties and a
// branching recursion stays fast and bounded.
func TestExampleLarge(t *testing.T) {
	var b strings.Builder
	var names []string
	for i := range 3000 {
		if i > 0 {
			b.WriteByte(',')
		}
		n := "p" + itoa(i)
		names = append(names, n)
		b.WriteString(`"` + n + `":{"type":"string"}`)
	}
	sch := obj(b.String(), names...)
	ex, err := Example([]byte(sch))
	if err != nil {
		t.Fatal(err)
	}
	checkFits(t, sch, ex)
	branching := `{"type":"object","properties":{"t":{"$ref":"#/$defs/T"}},"required":["t"],"$defs":{"T":{"type":"object","properties":{"a":{"$ref":"#/$defs/T"},"b":{"$ref":"#/$defs/T"},"c":{"$ref":"#/$defs/T"}}}}}`
	ex, err = Example([]byte(branching))
	if err != nil {
		t.Fatal(err)
	}
	checkFits(t, branching, ex)
	if len(ex) > 1<<20 {
		t.Fatalf("example of %d bytes", len(ex))
	}
}

func TestFormatExamples(t *testing.T) {
	for _, f := range StrictFormats {
		if _, ok := formatExamples[f]; !ok {
			t.Errorf("no example for format %q", f)
		}
	}
}
