package args_test

import (
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/args"
	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/model"
)

// TestBuildAndArgsAgreeOnUsableParameters runs each schema through the
// converter (what `tooltui build` reports) and through args.Compile (what
// `tooltui args` and the app's tester use): the parameters are refused by
// both or by neither. Every root here is an object with properties, the
// API's own rule for the root, which is no JSON Schema rule.
func TestBuildAndArgsAgreeOnUsableParameters(t *testing.T) {
	for _, c := range []struct {
		name, props string
		extra       string // more members of the root
		usable      bool
	}{
		{"plain", `{"a":{"type":"string"}}`, ``, true},
		{"ref to $defs", `{"a":{"$ref":"#/$defs/b"}}`, `,"$defs":{"b":{"type":"string"}}`, true},
		{"ref to a missing $defs member", `{"a":{"$ref":"#/$defs/nope"}}`, `,"$defs":{"b":{"type":"string"}}`, false},
		{"ref with no $defs at all", `{"a":{"$ref":"#/$defs/b"}}`, ``, false},
		{"ref to definitions", `{"a":{"$ref":"#/definitions/b"}}`, `,"definitions":{"b":{"type":"string"}}`, true},
		{"ref to a property", `{"a":{"type":"string"},"b":{"$ref":"#/properties/a"}}`, ``, true},
		{"ref to an escaped name", `{"a":{"$ref":"#/$defs/x~1y"}}`, `,"$defs":{"x/y":{"type":"string"}}`, true},
		{"ref percent-encoded", `{"a":{"$ref":"#/$defs/x%20y"}}`, `,"$defs":{"x y":{"type":"string"}}`, true},
		{"recursive ref", `{"next":{"anyOf":[{"$ref":"#"},{"type":"null"}]}}`, ``, true},
		{"anchor", `{"a":{"$ref":"#b"}}`, `,"$defs":{"b":{"$anchor":"b","type":"string"}}`, true},
		{"missing anchor", `{"a":{"$ref":"#nope"}}`, ``, false},
		{"remote ref", `{"a":{"$ref":"https://example.com/s.json"}}`, ``, false},
		{"relative ref against $id", `{"a":{"$ref":"s#/$defs/b"}}`, `,"$id":"https://x.example/s","$defs":{"b":{"type":"string"}}`, true},
		{"relative ref without $id", `{"a":{"$ref":"other.json"}}`, ``, false},
		{"ref inside $defs to nowhere", `{"a":{"$ref":"#/$defs/b"}}`, `,"$defs":{"b":{"$ref":"#/$defs/c"}}`, false},
		{"draft-07 definitions", `{"a":{"$ref":"#/definitions/b"}}`, `,"$schema":"http://json-schema.org/draft-07/schema#","definitions":{"b":{"type":"string"}}`, true},
		{"type typo", `{"a":{"type":"strng"}}`, ``, false},
		{"required not a list", `{"a":{"type":"string"}}`, `,"required":"a"`, false},
		{"items not a schema", `{"a":{"type":"array","items":"nope"}}`, ``, false},
		{"enum with a ref-like value", `{"a":{"enum":[{"$ref":"#/nowhere"}]}}`, ``, true},
	} {
		params := `{"type":"object","properties":` + c.props + c.extra + `}`
		_, argsErr := args.Compile([]byte(params), false)
		d, err := model.Parse([]byte(`{"model":"m","tools_defs":[{"name":"f","description":"d","parameters":` + params + `,"strict":false}]}`))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		_, diags := convert.Convert(d)
		var buildErr []string
		for _, dg := range diags {
			if dg.Severity == convert.Error && strings.HasPrefix(dg.Path, "/parameters") {
				buildErr = append(buildErr, dg.String())
			}
		}
		if (argsErr == nil) != c.usable || (len(buildErr) == 0) != c.usable {
			t.Errorf("%s: want usable %v; args: %v; build: %q", c.name, c.usable, argsErr, buildErr)
		}
	}
}
