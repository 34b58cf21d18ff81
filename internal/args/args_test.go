package args

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
)

const weather = `{
  "type": "object",
  "properties": {
    "city": {"type": "string"},
    "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]},
    "days": {"type": "integer", "minimum": 1},
    "where": {
      "type": "object",
      "properties": {"lat": {"type": "number"}, "lon": {"type": "number"}},
      "required": ["lat", "lon"],
      "additionalProperties": false
    }
  },
  "required": ["city", "unit"],
  "additionalProperties": false
}`

// open is a schema that leaves its objects open and a property optional:
// strict semantics close it.
const open = `{"type":"object","properties":{"q":{"type":"string"},"n":{"type":"integer"},"o":{"type":"object","properties":{"x":{"type":"string"}}}},"required":["q"]}`

func TestValidate(t *testing.T) {
	cases := []struct {
		name, params string
		strict       bool
		args         string
		want         []string // Problem.String of each
	}{
		{"valid", weather, false, `{"city":"Paris","unit":"celsius"}`, nil},
		{"valid nested", weather, true, `{"city":"Paris","unit":"celsius","days":2,"where":{"lat":1.5,"lon":-3}}`, nil},
		{"missing required", weather, false, "{\n  \"unit\": \"celsius\"\n}",
			[]string{`1:1 (arguments): missing required property "city"`}},
		{"two missing", weather, false, `{}`,
			[]string{`1:1 (arguments): missing required property "city"`, `1:1 (arguments): missing required property "unit"`}},
		{"wrong type", weather, false, "{\n  \"city\": 3,\n  \"unit\": \"celsius\"\n}",
			[]string{`2:11 /city: got number, want string`}},
		{"enum", weather, false, `{"city":"Paris","unit":"kelvin"}`,
			[]string{`1:24 /unit: value must be one of "celsius", "fahrenheit"`}},
		{"minimum", weather, false, `{"city":"Paris","unit":"celsius","days":0}`,
			[]string{`1:41 /days: minimum: got 0, want 1`}},
		{"nested pointer with line and column", weather, false, "{\"city\": \"Paris\", \"unit\": \"celsius\",\n  \"where\": {\n    \"lat\": \"north\",\n    \"lon\": 2\n  }\n}",
			[]string{`3:12 /where/lat: got string, want number`}},
		{"missing nested", weather, false, `{"city":"Paris","unit":"celsius","where":{"lat":1}}`,
			[]string{`1:42 /where: missing required property "lon"`}},
		{"extra key, closed by the schema", weather, false, "{\"city\":\"Paris\",\"unit\":\"celsius\",\n \"extra\": true}",
			[]string{`2:11 /extra: property "extra" is not allowed (the schema defines no such property)`}},
		{"extra key, open schema, not strict", open, false, `{"q":"a","zzz":1,"o":{"y":2}}`, nil},
		{"extra key, open schema, strict", open, true, `{"q":"a","n":1,"o":{"x":"s","y":2},"zzz":1}`,
			[]string{`1:33 /o/y: property "y" is not allowed (the schema defines no such property)`, `1:42 /zzz: property "zzz" is not allowed (the schema defines no such property)`}},
		{"strict requires every property", open, true, `{"q":"a"}`,
			[]string{`1:1 (arguments): missing required property "n"`, `1:1 (arguments): missing required property "o"`}},
		{"invalid JSON", weather, false, "{\n  \"city\": \"Paris\",\n  \"unit\": \n}",
			[]string{`4:1 (arguments): not valid JSON: invalid character '}' looking for beginning of value`}},
		{"truncated JSON", weather, false, `{"city": "Par`,
			[]string{`1:14 (arguments): not valid JSON: unexpected end of JSON input`}},
		{"not an object", weather, false, ` [1, 2]`,
			[]string{`1:2 (arguments): the arguments must be a JSON object, not an array`}},
		{"empty parameters take any object", ``, false, `{"anything":[1]}`, nil},
		{"empty parameters, strict, take nothing", `null`, true, `{"a":1}`,
			[]string{`1:6 /a: property "a" is not allowed (the schema defines no such property)`}},
		{"escaped keys", `{"type":"object","properties":{"a/b":{"properties":{"~":{"type":"string"}}}}}`, false, `{"a/b":{"~":1}}`,
			[]string{`1:13 /a~1b/~0: got number, want string`}},
		{"anyOf of types", `{"type":"object","properties":{"v":{"anyOf":[{"type":"string"},{"type":"integer"}]}}}`, false, `{"v":true}`,
			[]string{`1:6 /v: got boolean, want string or integer`}},
		{"anyOf, the branch meant", `{"type":"object","properties":{"v":{"anyOf":[{"type":"null"},{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}]}}}`, false, `{"v":{}}`,
			[]string{`1:6 /v: missing required property "a"`}},
		{"format is asserted under strict", `{"type":"object","properties":{"d":{"type":"string","format":"date"}},"required":["d"],"additionalProperties":false}`, true, `{"d":"tomorrow"}`,
			[]string{`1:6 /d: 'tomorrow' is not valid date: parsing time "tomorrow" as "2006-01-02": cannot parse "tomorrow" as "2006"`}},
		{"format is not asserted otherwise", `{"type":"object","properties":{"d":{"type":"string","format":"date"}}}`, false, `{"d":"tomorrow"}`, nil},
		{"false schema", `{"type":"object","properties":{"never":false}}`, false, `{"never":1}`,
			[]string{`1:10 /never: no value is allowed here (the schema is false)`}},
		{"problems in text order", weather, false, "{\"where\": {\"lat\": \"x\", \"lon\": 1},\n \"city\": 1, \"unit\": \"celsius\"}",
			[]string{`1:19 /where/lat: got string, want number`, `2:10 /city: got number, want string`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			for _, p := range Validate([]byte(c.params), c.strict, []byte(c.args)) {
				if p.Schema {
					t.Fatalf("a problem of the parameters: %s", p)
				}
				got = append(got, p.String())
			}
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Fatalf("problems:\n got %q\nwant %q", got, c.want)
			}
		})
	}
}

func TestValidateUnusableSchema(t *testing.T) {
	cases := []struct{ name, params, want string }{
		{"invalid JSON", `{"type":`, "not valid JSON: line 1, column 9"},
		{"bad type", `{"type":"object","properties":{"a":{"type":"text"}}}`, "/properties/a/type: "},
		{"bad regex", `{"type":"object","properties":{"a":{"type":"string","pattern":"("}}}`, "/properties/a/pattern: '(' is not valid regex"},
		{"missing $defs", `{"type":"object","properties":{"a":{"$ref":"#/$defs/Nope"}}}`, `json-pointer in "#/$defs/Nope" not found`},
		{"remote $ref", `{"$ref":"https://example.com/s.json"}`, "tooltui checks offline"},
		{"not a schema", `"object"`, "the JSON Schema metaschema refuses it"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			probs := Validate([]byte(c.params), false, []byte(`{}`))
			if len(probs) != 1 || !probs[0].Schema {
				t.Fatalf("problems %v, want one of the parameters", probs)
			}
			p := probs[0]
			if !strings.HasPrefix(p.String(), "the parameters are not a usable JSON Schema: ") || !strings.Contains(p.String(), c.want) {
				t.Fatalf("message %q, want %q in it", p.String(), c.want)
			}
			if strings.Contains(p.Message, "\n") {
				t.Fatalf("message on several lines: %q", p.Message)
			}
			_, err := Compile([]byte(c.params), false)
			var se *SchemaError
			if !errors.As(err, &se) {
				t.Fatalf("Compile: %v, want a *SchemaError", err)
			}
		})
	}
}

func TestValidatorReuse(t *testing.T) {
	v, err := Compile([]byte(open), true)
	if err != nil {
		t.Fatal(err)
	}
	if !v.Strict() {
		t.Fatal("not strict")
	}
	if p := v.Validate([]byte(`{"q":"a","n":1,"o":{"x":"b"}}`)); p != nil {
		t.Fatal(p)
	}
	if p := v.Validate([]byte(`{"q":"a","n":1,"o":{"x":"b"},"z":0}`)); len(p) != 1 {
		t.Fatal(p)
	}
	// strict semantics do not leak into a compile of the same text
	if p := Validate([]byte(open), false, []byte(`{"q":"a","z":0}`)); p != nil {
		t.Fatal(p)
	}
}

func TestValidateCapsProblems(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"v":[`)
	for i := range 80 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"%d"`, i)
	}
	b.WriteString(`]}`)
	probs := Validate([]byte(`{"type":"object","properties":{"v":{"type":"array","items":{"type":"integer"}}}}`), false, []byte(b.String()))
	if len(probs) != maxProblems {
		t.Fatalf("%d problems, want %d", len(probs), maxProblems)
	}
	if probs[0].Pointer != "/v/0" || probs[0].Column != 7 {
		t.Fatalf("first problem %s", probs[0])
	}
}

func TestProblemString(t *testing.T) {
	for _, c := range []struct {
		p    Problem
		want string
	}{
		{Problem{Pointer: "/a", Line: 3, Column: 5, Message: "m"}, "3:5 /a: m"},
		{Problem{Message: "m"}, "(arguments): m"},
		{Problem{Message: "the parameters are not usable", Schema: true}, "the parameters are not usable"},
	} {
		if got := c.p.String(); got != c.want {
			t.Errorf("%#v: %q, want %q", c.p, got, c.want)
		}
	}
}

// An enum or const error writes the values wanted as JSON: null is null,
// not Go's <nil>, and strings are in double quotes.
func TestEnumValuesAsJSON(t *testing.T) {
	for _, c := range []struct{ schema, args, want string }{
		{`{"type":"object","properties":{"unit":{"enum":["celsius","fahrenheit",null]}}}`, `{"unit":"kelvin"}`,
			`/unit: value must be one of "celsius", "fahrenheit", null`},
		{`{"type":"object","properties":{"unit":{"enum":[1.5,true,{"a":"b"}]}}}`, `{"unit":"kelvin"}`,
			`/unit: value must be one of 1.5, true, {"a":"b"}`},
		{`{"type":"object","properties":{"unit":{"const":null}}}`, `{"unit":"kelvin"}`,
			`/unit: value must be null`},
		{`{"type":"object","properties":{"unit":{"enum":["it's"]}}}`, `{"unit":"kelvin"}`,
			`/unit: value must be "it's"`},
	} {
		probs := Validate(json.RawMessage(c.schema), false, []byte(c.args))
		if len(probs) != 1 || !strings.HasSuffix(probs[0].String(), c.want) {
			t.Errorf("%s: got %v, want %s", c.schema, probs, c.want)
		}
		if strings.Contains(probs[0].String(), "<nil>") {
			t.Errorf("%s: %s", c.schema, probs[0])
		}
	}
}
