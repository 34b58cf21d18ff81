// Package args checks the arguments of a function call against the
// function's parameters: what a model would send for a tool call, tested
// offline. Validation is real JSON Schema validation
// (internal/convert/validator, the draft the schema names or 2020-12), and
// every problem is located by JSON Pointer and by line and
// column in the arguments text.
package args

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/tooltui/tooltui/internal/convert/validator"
	"github.com/tooltui/tooltui/internal/rawjson"
)

// Problem is one reason the arguments do not fit the parameters.
type Problem struct {
	// Pointer is a JSON Pointer into the arguments ("" for the whole value).
	Pointer string
	// Line and Column (1-based, the column in characters) place the value
	// the problem is about in the arguments text; 0 when unknown.
	Line, Column int
	// Message says what is wrong.
	Message string
	// Schema: the parameters, not the arguments, are at fault (they are
	// not a usable JSON Schema); Pointer, Line and Column are then unset.
	Schema bool
}

// String is the problem on one line: "3:5 /city: got number, want string",
// or the message alone for a problem of the parameters.
func (p Problem) String() string {
	if p.Schema {
		return p.Message
	}
	var b strings.Builder
	if p.Line > 0 {
		fmt.Fprintf(&b, "%d:%d ", p.Line, p.Column)
	}
	ptr := p.Pointer
	if ptr == "" {
		ptr = "(arguments)"
	}
	b.WriteString(ptr)
	b.WriteString(": ")
	b.WriteString(p.Message)
	return b.String()
}

// maxProblems bounds the problems reported for one value.
const maxProblems = 50

// Validate checks arguments (the JSON text a model sends as a function
// call's arguments) against parameters (the function's JSON Schema). With
// strict, it checks them the way strict mode constrains the model: every
// object is closed (no property beyond those listed) and every listed
// property is required, and formats are asserted. It returns nil when the
// arguments fit.
//
// Arguments that are not valid JSON, or not an object, are one problem
// with the line and column. Parameters that are not a usable JSON Schema
// are one problem with Schema set that says so.
func Validate(parameters json.RawMessage, strict bool, arguments []byte) []Problem {
	v, err := Compile(parameters, strict)
	if err != nil {
		return []Problem{{Message: err.Error(), Schema: true}}
	}
	return v.Validate(arguments)
}

// Validator is a compiled parameters schema, to check many arguments
// against (the tester checks them as they are typed).
type Validator struct {
	sch    *validator.Schema
	strict bool
}

// SchemaError says why parameters cannot be used as a schema.
type SchemaError struct{ Reason string }

func (e *SchemaError) Error() string {
	return "the parameters are not a usable JSON Schema: " + e.Reason
}

// Compile compiles parameters for Validate. A missing (empty or null)
// schema accepts any object.
func Compile(parameters json.RawMessage, strict bool) (*Validator, error) {
	p := bytes.TrimSpace(parameters)
	if len(p) == 0 || string(p) == "null" {
		p = []byte(`{"type":"object"}`)
	}
	if err := rawjson.CheckJSON(p); err != nil {
		return nil, &SchemaError{Reason: "not valid JSON: " + err.Error()}
	}
	doc, err := validator.UnmarshalJSON(bytes.NewReader(p))
	if err != nil {
		return nil, &SchemaError{Reason: err.Error()}
	}
	if strict {
		doc = closeObjects(doc, 0)
	}
	c := validator.NewCompiler()
	c.DefaultDraft(validator.Draft2020)
	c.CheckSchemas()
	c.UseLoader(refuseLoad)
	if strict {
		c.AssertFormat()
	}
	if err := c.AddResource(parametersURL, doc); err != nil {
		return nil, &SchemaError{Reason: compileReason(err)}
	}
	sch, err := c.Compile(parametersURL)
	if err != nil {
		return nil, &SchemaError{Reason: compileReason(err)}
	}
	return &Validator{sch: sch, strict: strict}, nil
}

// parametersURL is where the compiler files the parameters.
const parametersURL = "tooltui:///parameters.json"

func refuseLoad(url string) error {
	return fmt.Errorf("no schema is loaded from %s: tooltui checks offline", url)
}

// compileReason words why a schema does not compile: for a schema the
// metaschema refuses, each keyword at fault as "/pointer: what is wrong"
// (not the metaschema's whole trail of allOf and anyOf).
func compileReason(err error) string {
	var sve *validator.SchemaValidationError
	if !errors.As(err, &sve) || sve.Err == nil {
		// the parameters' own URL says nothing: "#/$defs/x" is where
		return strings.ReplaceAll(oneLine(err.Error()), parametersURL, "")
	}
	var parts []string
	for _, p := range describe(sve.Err) {
		ptr := p.ptr
		if ptr == "" {
			ptr = "(root)"
		}
		parts = append(parts, ptr+": "+p.msg)
	}
	if len(parts) == 0 {
		return oneLine(err.Error())
	}
	return "the JSON Schema metaschema refuses it: " + strings.Join(parts, "; ")
}

func oneLine(s string) string {
	s = strings.TrimSpace(s)
	s = strings.ReplaceAll(s, "\n", "; ")
	return s
}

// maxDepth bounds the walk of closeObjects (Go stacks are not infinite;
// the converter stops at 64 levels too).
const maxDepth = 64

// closeObjects returns the decoded schema with strict mode's reading of
// every object schema: additionalProperties false and every property of
// "properties" required. Maps are copied, never changed in place.
func closeObjects(v any, depth int) any {
	if depth > maxDepth {
		return v
	}
	switch x := v.(type) {
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = closeObjects(e, depth+1)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x)+2)
		for k, e := range x {
			switch k {
			case "enum", "const", "default", "examples", "required":
				out[k] = e // values, not schemas
			case "properties", "$defs", "definitions", "patternProperties", "dependentSchemas":
				if m, ok := e.(map[string]any); ok {
					mm := make(map[string]any, len(m))
					for pk, pv := range m {
						mm[pk] = closeObjects(pv, depth+1)
					}
					out[k] = mm
				} else {
					out[k] = e
				}
			default:
				out[k] = closeObjects(e, depth+1)
			}
		}
		if isObjectSchema(x) {
			out["additionalProperties"] = false
			if props, ok := x["properties"].(map[string]any); ok && len(props) > 0 {
				req := make([]any, 0, len(props))
				keys := make([]string, 0, len(props))
				for k := range props {
					keys = append(keys, k)
				}
				sort.Strings(keys)
				for _, k := range keys {
					req = append(req, k)
				}
				out["required"] = req
			}
		}
		return out
	}
	return v
}

// isObjectSchema reports whether a decoded schema describes objects: its
// type is (or includes) "object", or it has no type and lists properties.
func isObjectSchema(m map[string]any) bool {
	switch t := m["type"].(type) {
	case string:
		return t == "object"
	case []any:
		for _, e := range t {
			if e == "object" {
				return true
			}
		}
		return false
	}
	_, ok := m["properties"].(map[string]any)
	return ok
}

// Strict reports whether the validator checks with strict semantics.
func (v *Validator) Strict() bool { return v.strict }

// Validate checks one arguments text; nil when it fits.
func (v *Validator) Validate(arguments []byte) []Problem {
	text := arguments
	if err := rawjson.CheckJSON(text); err != nil {
		p := Problem{Message: "not valid JSON: " + err.Error()}
		var se *rawjson.SyntaxError
		if errors.As(err, &se) {
			p.Line, p.Column = se.Line, se.Column
			p.Message = "not valid JSON: " + se.Msg
		}
		return []Problem{p}
	}
	if k := rawjson.JSONKind(bytes.TrimSpace(text)); k != "object" {
		p := Problem{Message: "the arguments must be a JSON object, not " + article(k)}
		p.Line, p.Column = position(text, "")
		return []Problem{p}
	}
	inst, err := validator.UnmarshalJSON(bytes.NewReader(text))
	if err != nil {
		return []Problem{{Message: err.Error()}}
	}
	err = v.sch.Validate(inst)
	if err == nil {
		return nil
	}
	var verr *validator.ValidationError
	if !errors.As(err, &verr) {
		return []Problem{{Message: oneLine(err.Error())}}
	}
	var out []Problem
	seen := map[string]bool{}
	loc := newLocator(text)
	for _, l := range describe(verr) {
		if seen[l.ptr+"\x00"+l.msg] {
			continue
		}
		seen[l.ptr+"\x00"+l.msg] = true
		p := Problem{Pointer: l.ptr, Message: l.msg}
		p.Line, p.Column = loc.position(l.ptr)
		out = append(out, p)
		if len(out) == maxProblems {
			break
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Line != out[j].Line {
			return out[i].Line < out[j].Line
		}
		return out[i].Column < out[j].Column
	})
	return out
}

func article(kind string) string {
	switch kind {
	case "array", "object":
		return "an " + kind
	case "":
		return "nothing"
	}
	return "a " + kind
}

// position returns the 1-based line and column of the value at ptr in text.
func position(text []byte, ptr string) (int, int) {
	off, _, ok := rawjson.LocatePointer(text, ptr)
	if !ok {
		return 0, 0
	}
	return rawjson.LineCol(text, off)
}
