package convert

// Reading the JSON Schema validator's errors into located findings.

import (
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/tooltui/tooltui/internal/convert/validator"
)

// schemaFinding is one problem read from the validator's error tree.
// wantTypes and wantValues are kept so that alternatives (anyOf/oneOf) can be
// compared and merged.
type schemaFinding struct {
	path       string
	msg        string
	wantTypes  []string // the value at path has the wrong JSON type
	wantValues []string // the value at path is not one of these (as JSON text)
}

type errorReader struct {
	set      *schemaSet
	instance any
}

// read flattens e into findings, choosing one branch for each failed
// anyOf/oneOf.
func (r errorReader) read(e *validator.ValidationError) []schemaFinding {
	switch k := e.ErrorKind.(type) {
	case *validator.AnyOf:
		return r.alternatives(e)
	case *validator.OneOf:
		if len(k.Subschemas) == 0 {
			return r.alternatives(e)
		}
		return []schemaFinding{{path: pointerOf(e.InstanceLocation), msg: "matches more than one of the allowed forms"}}
	}
	if len(e.Causes) == 0 {
		return r.leaf(e)
	}
	var out []schemaFinding
	for _, c := range e.Causes {
		out = append(out, r.read(c)...)
	}
	return out
}

// alternatives reports a value that matched none of several schemas. Branches
// that fail only because the value has another JSON type, or another "type"
// field, are set aside; of the rest, the one with the fewest problems wins.
// When none is left, one message lists what was wanted.
func (r errorReader) alternatives(e *validator.ValidationError) []schemaFinding {
	at := pointerOf(e.InstanceLocation)
	typeField := at + "/type"
	var (
		best       []schemaFinding
		wantTypes  []string
		wantValues []string
		valuesOnly []schemaFinding // a branch wanting scalar values where a container is
	)
	value, _ := r.valueAt(e.InstanceLocation)
	_, isMap := value.(map[string]any)
	_, isList := value.([]any)
	for _, c := range e.Causes {
		branch := r.read(c)
		if len(branch) == 1 && branch[0].path == at && branch[0].wantTypes != nil {
			wantTypes = appendNew(wantTypes, branch[0].wantTypes...)
			continue
		}
		if len(branch) == 1 && branch[0].path == at && branch[0].wantValues != nil && (isMap || isList) {
			// Not meant for an object or an array: another branch
			// that looked inside says more.
			if valuesOnly == nil {
				valuesOnly = branch
			}
			continue
		}
		if values, ok := valuesWantedAt(branch, typeField); ok {
			wantValues = appendNew(wantValues, values...)
			continue
		}
		if best == nil || len(branch) < len(best) {
			best = branch
		}
	}
	if best == nil {
		best = valuesOnly
	}
	if best != nil {
		return best
	}
	switch {
	case len(wantValues) > 0:
		obj, _ := value.(map[string]any)
		return []schemaFinding{{path: typeField, msg: valuesMessage(wantValues, obj["type"]), wantValues: wantValues}}
	case len(wantTypes) > 0:
		return []schemaFinding{{path: at, msg: typeMessage(wantTypes, value), wantTypes: wantTypes}}
	default:
		return []schemaFinding{{path: at, msg: "matches none of the allowed forms"}}
	}
}

// valuesWantedAt returns the values a branch wants at path, if it rejects the
// value found there.
func valuesWantedAt(branch []schemaFinding, path string) ([]string, bool) {
	for _, f := range branch {
		if f.path == path && f.wantValues != nil {
			return f.wantValues, true
		}
	}
	return nil, false
}

func (r errorReader) leaf(e *validator.ValidationError) []schemaFinding {
	at := pointerOf(e.InstanceLocation)
	value, _ := r.valueAt(e.InstanceLocation)
	one := func(msg string) []schemaFinding { return []schemaFinding{{path: at, msg: msg}} }
	switch k := e.ErrorKind.(type) {
	case *validator.Type:
		return []schemaFinding{{path: at, msg: typeMessage(k.Want, value), wantTypes: k.Want}}
	case *validator.Enum:
		want := literalTexts(k.Want...)
		return []schemaFinding{{path: at, msg: valuesMessage(want, value), wantValues: want}}
	case *validator.Const:
		want := literalTexts(k.Want)
		return []schemaFinding{{path: at, msg: valuesMessage(want, value), wantValues: want}}
	case *validator.Required:
		out := make([]schemaFinding, len(k.Missing))
		for i, name := range k.Missing {
			out[i] = schemaFinding{path: at + "/" + pointerToken(name), msg: "required"}
		}
		return out
	case *validator.AdditionalProperties:
		msg := "not allowed here"
		if allowed := r.set.propertyNames(e.SchemaURL); r.set != nil && len(allowed) > 0 {
			msg = "unknown key; allowed keys are " + quotedList(allowed, "and")
		}
		out := make([]schemaFinding, len(k.Properties))
		for i, name := range k.Properties {
			out[i] = schemaFinding{path: at + "/" + pointerToken(name), msg: msg}
		}
		return out
	case *validator.MinLength:
		if k.Want == 1 && k.Got == 0 {
			return one("must not be empty")
		}
		return one(fmt.Sprintf("must be at least %s long, got %d", countOf(k.Want, "character"), k.Got))
	case *validator.MaxLength:
		return one(fmt.Sprintf("must be at most %s long, got %d", countOf(k.Want, "character"), k.Got))
	case *validator.Pattern:
		return one(fmt.Sprintf("must match the pattern %s, got %s", k.Want, describeValue(value)))
	case *validator.MinItems:
		return one(fmt.Sprintf("must have at least %s, got %d", countOf(k.Want, "item"), k.Got))
	case *validator.MaxItems:
		return one(fmt.Sprintf("must have at most %s, got %d", countOf(k.Want, "item"), k.Got))
	case *validator.Minimum:
		return one(fmt.Sprintf("must be at least %s, got %s", ratText(k.Want), describeValue(value)))
	case *validator.Maximum:
		return one(fmt.Sprintf("must be at most %s, got %s", ratText(k.Want), describeValue(value)))
	case *validator.ExclusiveMinimum:
		return one(fmt.Sprintf("must be greater than %s, got %s", ratText(k.Want), describeValue(value)))
	case *validator.ExclusiveMaximum:
		return one(fmt.Sprintf("must be less than %s, got %s", ratText(k.Want), describeValue(value)))
	case *validator.MultipleOf:
		return one(fmt.Sprintf("must be a multiple of %s, got %s", ratText(k.Want), describeValue(value)))
	case *validator.UniqueItems:
		return one(fmt.Sprintf("items %d and %d are equal; items must be unique", k.Duplicates[0], k.Duplicates[1]))
	case *validator.Format:
		if k.Want == "uri" {
			return one(fmt.Sprintf("must be an absolute URL such as \"https://example.com/mcp\", got %s", describeValue(value)))
		}
		return one(fmt.Sprintf("must be a valid %s, got %s", k.Want, describeValue(value)))
	case *validator.FalseSchema:
		return one("not allowed here")
	case *validator.InvalidJsonValue:
		return one(fmt.Sprintf("unsupported value of Go type %T", k.Value))
	default:
		return one("does not satisfy the schema keyword " + strings.Join(e.ErrorKind.KeywordPath(), "/"))
	}
}

// valueAt returns the part of the checked value at an instance location.
func (r errorReader) valueAt(loc []string) (any, bool) {
	v := r.instance
	for _, tok := range loc {
		switch node := v.(type) {
		case map[string]any:
			child, ok := node[tok]
			if !ok {
				return nil, false
			}
			v = child
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(node) {
				return nil, false
			}
			v = node[i]
		default:
			return nil, false
		}
	}
	return v, true
}

// propertyNames returns the sorted property names of the schema at a
// location in the embedded document, such as
// https://tooltui.invalid/tools.schema.json#/$defs/ComparisonFilter.
func (s *schemaSet) propertyNames(loc string) []string {
	if s == nil {
		return nil
	}
	_, frag, ok := strings.Cut(loc, "#")
	if !ok {
		return nil
	}
	if unescaped, err := url.PathUnescape(frag); err == nil {
		frag = unescaped
	}
	var node any = s.doc
	for _, tok := range strings.Split(strings.TrimPrefix(frag, "/"), "/") {
		if tok == "" {
			continue
		}
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch n := node.(type) {
		case map[string]any:
			node = n[tok]
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(n) {
				return nil
			}
			node = n[i]
		default:
			return nil
		}
	}
	obj, _ := node.(map[string]any)
	props, _ := obj["properties"].(map[string]any)
	return slices.Sorted(maps.Keys(props))
}
