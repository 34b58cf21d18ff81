package convert

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/model"
)

// oneFunction is a document with one function of these parameters and
// strict ("" for absent).
func oneFunction(t *testing.T, params, strict string) *model.Document {
	t.Helper()
	s := ""
	if strict != "" {
		s = `,"strict":` + strict
	}
	return mustParse(t, `{"model":"m","tools_defs":[{"name":"f","description":"d","parameters":`+params+s+`}]}`)
}

// fixKinds are the kinds of fixes a diagnostic offers.
func fixKinds(dg Diagnostic) []FixKind {
	var out []FixKind
	for _, f := range dg.Fixes {
		out = append(out, f.Kind)
	}
	return out
}

// errorAt is the error diagnostic at path, if any.
func errorAt(diags []Diagnostic, path string) (Diagnostic, bool) {
	for _, dg := range diags {
		if dg.Severity == Error && dg.Path == path {
			return dg, true
		}
	}
	return Diagnostic{}, false
}

// An object root without "properties" is an error whatever strict says,
// with "properties": {} as its safe fix; a nested one is left alone.
func TestObjectRootWithoutPropertiesIsAnError(t *testing.T) {
	for _, strict := range []string{"", "false", "true"} {
		for _, params := range []string{`{"type":"object"}`, `{"type":"object","additionalProperties":false,"required":[]}`,
			`{"type":"object","additionalProperties":{"type":"string"}}`} {
			d := oneFunction(t, params, strict)
			body, diags := Convert(d)
			dg, ok := errorAt(diags, "/parameters")
			if !ok || !strings.Contains(dg.Message, `without "properties"`) || !strings.Contains(dg.Message, "object schema missing properties") {
				t.Fatalf("strict %q, %s: no error for the missing properties:\n%s", strict, params, diagLines(diags))
			}
			if len(toolsOf(t, body)) != 0 {
				t.Errorf("strict %q, %s: the function stayed in the request", strict, params)
			}
			if dg.Fixes[0].Kind != FixAddProperties || !dg.Fixes[0].Safe() {
				t.Errorf("strict %q, %s: fixes %v", strict, params, fixKinds(dg))
			}
			fixed, changes, err := ApplyFixChanges(d, dg, dg.Fixes[0])
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(changes, []string{`/parameters/properties: add {} (no arguments)`}) {
				t.Errorf("changes %q", changes)
			}
			if got := model.StringAt(fixed.Functions[0].Raw, []string{"parameters", "type"}); got != "object" {
				t.Errorf("type %q", got)
			}
			if _, diags := Convert(fixed); slices.ContainsFunc(diags, func(dg Diagnostic) bool { return strings.Contains(dg.Message, `without "properties"`) }) {
				t.Errorf("after the fix:\n%s", diagLines(diags))
			}
		}
	}
	// Nested objects without properties: the API takes them when strict is
	// off.
	d := oneFunction(t, `{"type":"object","properties":{"meta":{"type":"object"}}}`, "false")
	if _, diags := Convert(d); len(diags) != 0 {
		t.Errorf("a nested object without properties:\n%s", diagLines(diags))
	}
	// tooltui fix applies it, strict unset included.
	fixed, applied := FixAll(oneFunction(t, `{"type":"object"}`, ""), nil)
	if len(applied) == 0 || applied[0].Title != (Fix{Kind: FixAddProperties}).Title() {
		t.Fatalf("FixAll applied %+v", applied)
	}
	if _, diags := Convert(fixed); hasError(diags) {
		t.Errorf("after FixAll:\n%s", diagLines(diags))
	}
}

func hasError(diags []Diagnostic) bool {
	return slices.ContainsFunc(diags, func(dg Diagnostic) bool { return dg.Severity == Error })
}

// A root that is not "type": "object" is an error whatever strict says,
// never answered with "set strict to false" alone; a fix adds the type
// and properties where that keeps the meaning.
func TestRootThatIsNotAnObjectIsAnError(t *testing.T) {
	cases := []struct {
		params, path string
		fix          bool
		changes      []string
	}{
		{`{"$schema":"http://json-schema.org/draft-07/schema#"}`, "/parameters", true,
			[]string{`/parameters/type: add "object"`, `/parameters/properties: add {} (no arguments)`}},
		{`{}`, "/parameters", true, []string{`/parameters/type: add "object"`, `/parameters/properties: add {} (no arguments)`}},
		{`{"properties":{"a":{"type":"string"}}}`, "/parameters", true, []string{`/parameters/type: add "object"`}},
		{`{"type":["object","null"],"properties":{}}`, "/parameters/type", true, []string{`/parameters/type: change ["object","null"] to "object"`}},
		{`{"type":"string"}`, "/parameters/type", false, nil},
		{`{"anyOf":[{"type":"object","properties":{}}]}`, "/parameters", true, nil},
	}
	for _, c := range cases {
		for _, strict := range []string{"", "false", "true"} {
			d := oneFunction(t, c.params, strict)
			_, diags := Convert(d)
			dg, ok := errorAt(diags, c.path)
			if !ok {
				t.Fatalf("strict %q, %s: no error at %s:\n%s", strict, c.params, c.path, diagLines(diags))
			}
			if strings.Contains(diagLines(diags), "set strict to false to opt out") {
				t.Errorf("strict %q, %s: the advice is still to turn strict off:\n%s", strict, c.params, diagLines(diags))
			}
			if !c.fix {
				if len(dg.Fixes) != 0 {
					t.Errorf("%s: fixes %v", c.params, fixKinds(dg))
				}
				continue
			}
			if len(dg.Fixes) == 0 || dg.Fixes[0].Kind != FixRootObject {
				t.Fatalf("%s: fixes %v", c.params, fixKinds(dg))
			}
			fixed, changes, err := ApplyFixChanges(d, dg, dg.Fixes[0])
			if err != nil {
				t.Fatal(err)
			}
			if c.changes != nil && !slices.Equal(changes, c.changes) {
				t.Errorf("%s: changes %q, want %q", c.params, changes, c.changes)
			}
			if _, diags := Convert(fixed); slices.ContainsFunc(diags, func(dg Diagnostic) bool {
				return strings.Contains(dg.Message, "root schema") || strings.Contains(dg.Message, `without "properties"`)
			}) {
				t.Errorf("%s: after the fix:\n%s", c.params, diagLines(diags))
			}
		}
	}
	// The same inside a namespace, at the function's pointer.
	d := mustParse(t, `{"model":"m","tools":[{"type":"namespace","name":"n","description":"","tools":[{"type":"function","name":"g","parameters":{"$schema":"x"}}]}]}`)
	_, diags := Convert(d)
	if _, ok := errorAt(diags, "/tools/0/parameters"); !ok {
		t.Fatalf("namespace:\n%s", diagLines(diags))
	}
	// An array is refused by the spec's own check; null parameters (which
	// the spec allows, and OpenAI's Go SDK sends as no parameters) are not
	// reported.
	if _, diags := Convert(oneFunction(t, `[]`, "false")); !hasError(diags) {
		t.Errorf("array parameters:\n%s", diagLines(diags))
	}
	if _, diags := Convert(oneFunction(t, `null`, "false")); len(diags) != 0 {
		t.Errorf("null parameters:\n%s", diagLines(diags))
	}
}

// A $ref that resolves nowhere is an error; those that resolve are not.
func TestRefThatResolvesNowhereIsAnError(t *testing.T) {
	for _, c := range []struct {
		params, path string
	}{
		{`{"type":"object","properties":{"a":{"$ref":"#/$defs/nope"}}}`, "/parameters/properties/a/$ref"},
		{`{"type":"object","properties":{"a":{"$ref":"#nope"}}}`, "/parameters/properties/a/$ref"},
		{`{"type":"object","properties":{"a":{"$ref":"https://example.com/s.json"}}}`, "/parameters/properties/a/$ref"},
		{`{"type":"object","properties":{"a":{"anyOf":[{"type":"null"},{"$ref":"#/definitions/b"}]}},"$defs":{"b":{}}}`, "/parameters/properties/a/anyOf/1/$ref"},
	} {
		for _, strict := range []string{"false", "true"} {
			_, diags := Convert(oneFunction(t, c.params, strict))
			dg, ok := errorAt(diags, c.path)
			if !ok || !strings.Contains(dg.Message, "resolves nowhere") {
				t.Errorf("strict %s, %s: no error at %s:\n%s", strict, c.params, c.path, diagLines(diags))
			}
		}
	}
	for _, params := range []string{
		`{"type":"object","properties":{"a":{"$ref":"#/$defs/b"}},"$defs":{"b":{"type":"string"}}}`,
		`{"type":"object","properties":{"a":{"$ref":"#/definitions/b"}},"definitions":{"b":{"type":"string"}}}`,
		`{"type":"object","properties":{"next":{"$ref":"#"}}}`,
		`{"type":"object","properties":{"a":{"$ref":"#b"}},"$defs":{"b":{"$anchor":"b","type":"string"}}}`,
		`{"$id":"https://x.example/s","type":"object","properties":{"a":{"$ref":"s#/$defs/b"}},"$defs":{"b":{"type":"string"}}}`,
		`{"type":"object","properties":{"a":{"type":"string","pattern":"^(?=a)b"}}}`,
	} {
		if _, diags := Convert(oneFunction(t, params, "false")); hasError(diags) {
			t.Errorf("%s:\n%s", params, diagLines(diags))
		}
	}
}

// Every strict-mode violation is listed; where text shortens the list,
// "and N more" counts exactly.
func TestEveryStrictViolationIsListed(t *testing.T) {
	var props []string
	for i := range 29 {
		props = append(props, fmt.Sprintf(`"p%02d":{"type":"object","properties":{"x":{"type":"string"}},"required":["x"],"additionalProperties":false,"oneOf":[{"type":"object","properties":{},"required":[],"additionalProperties":false}]}`, i))
	}
	params := `{"type":"object","properties":{` + strings.Join(props, ",") + `},"required":[` + quotedNames(29) + `],"additionalProperties":false}`
	_, diags := Convert(oneFunction(t, params, "true"))
	n := 0
	for _, dg := range diags {
		if strings.Contains(dg.Message, `"oneOf" is not supported`) {
			n++
		}
	}
	if n != 29 {
		t.Fatalf("%d of 29 violations listed:\n%s", n, diagLines(diags))
	}
	_, diags = Convert(oneFunction(t, params, ""))
	if len(diags) != 1 || !strings.Contains(diags[0].Message, "and 28 more") {
		t.Fatalf("strict unset:\n%s", diagLines(diags))
	}
}

func quotedNames(n int) string {
	var out []string
	for i := range n {
		out = append(out, fmt.Sprintf(`"p%02d"`, i))
	}
	return strings.Join(out, ",")
}

// Keywords outside strict mode's documented subset are named, all of
// them, in a note on a strict function, with what is known of them; a
// property named like a keyword is not one. Dropping "default" is a fix
// of its own, also beside "make strict-compatible".
func TestKeywordsOutsideTheStrictSubsetAreNamed(t *testing.T) {
	params := `{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{` +
		`"q":{"type":"string","minLength":1,"maxLength":9,"default":"x","examples":["y"]},` +
		`"default":{"type":"object","properties":{},"propertyNames":{"pattern":"^a"},"required":[],"additionalProperties":false},` +
		`"n":{"anyOf":[{"type":"integer","default":3},{"type":"null"}]}},` +
		`"required":["q","default","n"],"additionalProperties":false}`
	d := oneFunction(t, params, "true")
	_, diags := Convert(d)
	if len(diags) != 1 || diags[0].Severity != Note {
		t.Fatalf("want one note:\n%s", diagLines(diags))
	}
	msg := diags[0].Message
	if strings.Contains(msg, "minLength") || strings.Contains(msg, "maxLength") {
		t.Errorf("minLength and maxLength are taken as supported:\n%s", msg)
	}
	for _, want := range []string{
		`"$schema" at /parameters/$schema`,
		`"examples" at /parameters/properties/q/examples (the guide does not list it; what strict mode does with it is not documented)`,
		`"default" at /parameters/properties/q/default, /parameters/properties/n/anyOf/0/default (OpenAI accepted it in tests in 2026; Azure OpenAI refuses it)`,
		`"propertyNames" at /parameters/properties/default/propertyNames`,
		"4 keywords",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("the note lacks %q:\n%s", want, msg)
		}
	}
	if !slices.Equal(fixKinds(diags[0]), []FixKind{FixDropDefault}) {
		t.Fatalf("fixes %v", fixKinds(diags[0]))
	}
	fixed, changes, err := ApplyFixChanges(d, diags[0], diags[0].Fixes[0])
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"/parameters/properties/q/default: remove it", "/parameters/properties/n/anyOf/0/default: remove it"}; !slices.Equal(changes, want) {
		t.Errorf("changes %q", changes)
	}
	if _, diags := Convert(fixed); strings.Contains(diagLines(diags), `"default" at`) || !strings.Contains(diagLines(diags), "propertyNames") {
		t.Errorf("after the fix:\n%s", diagLines(diags))
	}
	if (Fix{Kind: FixDropDefault}).Safe() {
		t.Error("dropping defaults is applied by fix all")
	}
	// Not strict: no note.
	if _, diags := Convert(oneFunction(t, params, "false")); len(diags) != 0 {
		t.Errorf("strict false:\n%s", diagLines(diags))
	}
	// Beside "make strict-compatible".
	_, diags = Convert(oneFunction(t, `{"type":"object","properties":{"q":{"type":"string","default":"x"}}}`, ""))
	if len(diags) != 1 || !slices.Equal(fixKinds(diags[0]), []FixKind{FixStrict, FixDropDefault, FixStrictFalse}) {
		t.Fatalf("strict unset, not compatible:\n%s %v", diagLines(diags), fixKinds(diags[0]))
	}
}

// A country written as an English name gets its code as a safe fix.
func TestCountryNameGetsItsCode(t *testing.T) {
	for _, c := range []struct{ name, code string }{{"France", "FR"}, {"united kingdom", "GB"}, {"UNITED STATES", "US"}, {"Côte d'Ivoire", "CI"}, {"Frence", ""}} {
		d := mustParse(t, `{"model":"m","extra":{"builtin_tools":[{"type":"web_search","user_location":{"type":"approximate","country":"`+c.name+`"}}]}}`)
		_, diags := Convert(d)
		dg, ok := errorAt(diags, "/user_location/country")
		if !ok {
			t.Fatalf("%s:\n%s", c.name, diagLines(diags))
		}
		if c.code == "" {
			if len(dg.Fixes) != 0 {
				t.Errorf("%s: a guess: %v", c.name, fixKinds(dg))
			}
			continue
		}
		if len(dg.Fixes) != 1 || dg.Fixes[0].Kind != FixCountry || dg.Fixes[0].Arg != c.code || !dg.Fixes[0].Safe() {
			t.Fatalf("%s: fixes %+v", c.name, dg.Fixes)
		}
		fixed, applied := FixAll(d, nil)
		if len(applied) != 1 || model.StringAt(fixed.Builtins[0].Raw, []string{"user_location", "country"}) != c.code {
			t.Errorf("%s: FixAll %+v:\n%s", c.name, applied, fixed.Builtins[0].Raw)
		}
	}
	if len(countryCodes) < 249 {
		t.Errorf("%d names", len(countryCodes))
	}
}
