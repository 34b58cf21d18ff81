package schematree

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// Infer proposes parameters for a function from an example of its
// arguments (a JSON object, as a model would send them), in the form strict
// mode accepts, for the user to edit in the tree:
//
//   - every object is "type": "object" with its "properties" in the
//     example's key order, every property in "required" and
//     "additionalProperties": false;
//   - a number written without a fraction or exponent is an "integer",
//     any other number a "number" (an array holding both is "number");
//   - an array's "items" merge every element: objects merge their keys (in
//     order of first appearance), a key that some of the objects lack is
//     required and nullable (strict mode's form of an optional property,
//     so such an element itself does not fit until it sends null),
//     elements of several types are an "anyOf" of one schema per type; an
//     empty array's items are guessed to be strings;
//   - null is a nullable value: null beside another type adds "null" to it
//     ("type": ["integer", "null"], or a {"type": "null"} branch of an
//     anyOf), and a value that is only ever null is guessed to be an
//     optional string, "type": ["string", "null"];
//   - a repeated key counts once, with its last value (as the API reads it).
//
// Strings get no "format": the example cannot tell a date from text that
// looks like one. The schema is JSON indented by two spaces, with the
// keywords in the order type, properties (or items, or anyOf), required,
// additionalProperties, and no final newline; the same example always
// gives the same bytes.
//
// Invalid JSON is a *rawjson.SyntaxError with its line and column; a value
// that is not an object is an error wrapping rawjson.ErrNotObject.
func Infer(example []byte) ([]byte, error) {
	if err := rawjson.CheckJSON(example); err != nil {
		return nil, err
	}
	v := bytes.TrimSpace(example)
	if k := rawjson.JSONKind(v); k != "object" {
		return nil, fmt.Errorf("%w: the arguments of a function call are an object, the example is %s", rawjson.ErrNotObject, article(k))
	}
	var s shape
	if err := s.add(v, "", 0); err != nil {
		return nil, err
	}
	return rawjson.AppendIndent(nil, s.appendSchema(nil), "", "  "), nil
}

func article(kind string) string {
	switch kind {
	case "array", "object":
		return "an " + kind
	}
	return "a " + kind
}

// shape is what the example values seen at one place have in common.
type shape struct {
	// kinds are the non-null JSON Schema types seen, in order of first
	// appearance.
	kinds []string
	null  bool
	// objects counts the objects merged; keys are their keys in order of
	// first appearance.
	objects int
	keys    []string
	props   map[string]*prop
	// items merges the elements of every array; nil when every array was
	// empty.
	items *shape
}

// prop is one key of merged objects and how many of them have it.
type prop struct {
	s     shape
	count int
}

func (s *shape) addKind(k string) {
	if !slices.Contains(s.kinds, k) {
		s.kinds = append(s.kinds, k)
	}
}

// add merges one valid JSON value, found at ptr in the example.
func (s *shape) add(v []byte, ptr string, depth int) error {
	if depth > maxDepth {
		return fmt.Errorf("the example nests deeper than %d levels (at %s)", maxDepth, ptr)
	}
	switch v[0] {
	case 'n':
		s.null = true
	case 't', 'f':
		s.addKind("boolean")
	case '"':
		s.addKind("string")
	case '[':
		s.addKind("array")
		for i, e := range rawjson.Elements(v) {
			if s.items == nil {
				s.items = &shape{}
			}
			if err := s.items.add(e, Join(ptr, itoa(i)), depth+1); err != nil {
				return err
			}
		}
	case '{':
		s.addKind("object")
		s.objects++
		if s.props == nil {
			s.props = map[string]*prop{}
		}
		for _, m := range lastWins(rawjson.Members(v)) {
			p := s.props[m.Key]
			if p == nil {
				p = &prop{}
				s.props[m.Key] = p
				s.keys = append(s.keys, m.Key)
			}
			p.count++
			if err := p.s.add(m.Value, Join(ptr, m.Key), depth+1); err != nil {
				return err
			}
		}
	default:
		if bytes.ContainsAny(v, ".eE") {
			s.addKind("number")
		} else {
			s.addKind("integer")
		}
	}
	return nil
}

// lastWins returns the members with one per key: the key where it first
// appears, with the value of its last appearance.
func lastWins(o rawjson.Object) rawjson.Object {
	var seen map[string]int
	out := make(rawjson.Object, 0, len(o))
	for _, m := range o {
		if seen == nil && len(out) < 8 {
			if i := slices.IndexFunc(out, func(x rawjson.Member) bool { return x.Key == m.Key }); i >= 0 {
				out[i].Value = m.Value
				continue
			}
		} else {
			if seen == nil {
				seen = make(map[string]int, len(o))
				for i, x := range out {
					seen[x.Key] = i
				}
			}
			if i, ok := seen[m.Key]; ok {
				out[i].Value = m.Value
				continue
			}
			seen[m.Key] = len(out)
		}
		out = append(out, m)
	}
	return out
}

// types are the kinds to write: "integer" goes when "number" is there.
func (s *shape) types() []string {
	if !slices.Contains(s.kinds, "number") || !slices.Contains(s.kinds, "integer") {
		return s.kinds
	}
	out := make([]string, 0, len(s.kinds)-1)
	for _, k := range s.kinds {
		switch k {
		case "integer":
			if !slices.Contains(out, "number") {
				out = append(out, "number")
			}
		case "number":
			if !slices.Contains(out, "number") {
				out = append(out, k)
			}
		default:
			out = append(out, k)
		}
	}
	return out
}

// appendSchema appends the schema of the shape as compact JSON.
func (s *shape) appendSchema(b []byte) []byte {
	kinds := s.types()
	switch len(kinds) {
	case 0: // only null, or the items of empty arrays
		if s.null {
			return append(b, `{"type":["string","null"]}`...)
		}
		return append(b, `{"type":"string"}`...)
	case 1:
		return s.appendTyped(b, kinds[0], s.null)
	}
	b = append(b, `{"anyOf":[`...)
	for i, k := range kinds {
		if i > 0 {
			b = append(b, ',')
		}
		b = s.appendTyped(b, k, false)
	}
	if s.null {
		b = append(b, `,{"type":"null"}`...)
	}
	return append(b, "]}"...)
}

// appendTyped appends the schema of the shape's values of one kind.
func (s *shape) appendTyped(b []byte, kind string, null bool) []byte {
	b = append(b, `{"type":`...)
	if null {
		b = append(b, `["`+kind+`","null"]`...)
	} else {
		b = append(b, `"`+kind+`"`...)
	}
	switch kind {
	case "object":
		b = append(b, `,"properties":{`...)
		for i, k := range s.keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = rawjson.AppendString(b, k)
			b = append(b, ':')
			p := s.props[k]
			ps := p.s // a copy: only null changes
			if p.count < s.objects {
				ps.null = true
			}
			b = ps.appendSchema(b)
		}
		b = append(b, `},"required":[`...)
		for i, k := range s.keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = rawjson.AppendString(b, k)
		}
		b = append(b, `],"additionalProperties":false`...)
	case "array":
		b = append(b, `,"items":`...)
		if s.items == nil {
			b = append(b, `{"type":"string"}`...)
		} else {
			b = s.items.appendSchema(b)
		}
	}
	return append(b, '}')
}
