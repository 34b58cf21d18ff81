package schematree

import (
	"bytes"
	"errors"
	"math"
	"strconv"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// exampleType is the type an example of the schema takes and whether null
// is allowed. A schema without a usable type is read from its keywords
// (properties: an object, items: an array, minLength: a string, ...); the
// root is an object; a schema that says nothing takes a string.
func exampleType(keys rawjson.Object, root bool) (string, bool) {
	if t, ok := keys.Get("type"); ok {
		switch rawjson.JSONKind(t) {
		case "string":
			s, _ := rawjson.Unquote(t)
			return s, s == "null"
		case "array":
			first, nullable := "", false
			for _, e := range rawjson.Elements(t) {
				s, _ := rawjson.Unquote(e)
				switch {
				case s == "null":
					nullable = true
				case first == "" && s != "":
					first = s
				}
			}
			if first != "" {
				return first, nullable
			}
			if nullable {
				return "null", true
			}
		}
	}
	has := func(kws ...string) bool {
		for _, k := range kws {
			if keys.Has(k) {
				return true
			}
		}
		return false
	}
	switch {
	case root || has("properties", "required", "additionalProperties", "minProperties", "maxProperties", "patternProperties", "propertyNames"):
		return "object", false
	case has("items", "prefixItems", "minItems", "maxItems", "contains", "uniqueItems"):
		return "array", false
	case has("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"):
		return "number", false
	}
	return "string", false
}

// object writes an object: the properties in order, then the required
// names "properties" lacks, then made-up names up to minProperties.
func (g *generator) object(keys rawjson.Object, ptr string, depth int, minimal bool) ([]byte, error) {
	var props rawjson.Object
	if v, ok := keys.Get("properties"); ok && rawjson.JSONKind(v) == "object" {
		props = lastWins(rawjson.Members(v))
	}
	required := requiredList(keys)
	req := make(map[string]bool, len(required))
	for _, r := range required {
		req[r] = true
	}
	b := []byte{'{'}
	written := map[string]bool{}
	put := func(name string, v []byte) {
		if len(written) > 0 {
			b = append(b, ',')
		}
		b = rawjson.AppendString(b, name)
		b = append(b, ':')
		b = append(b, v...)
		written[name] = true
	}
	for _, m := range props {
		if minimal && !req[m.Key] {
			continue
		}
		v, err := g.value(m.Value, Join(ptr, "properties", m.Key), depth+1, minimal)
		if err != nil {
			if req[m.Key] || errors.Is(err, errTooLarge) {
				return nil, err
			}
			continue
		}
		put(m.Key, v)
	}
	extra, extraPtr := []byte("true"), ptr
	if v, ok := keys.Get("additionalProperties"); ok && rawjson.JSONKind(v) == "object" {
		extra, extraPtr = v, Join(ptr, "additionalProperties")
	}
	for _, name := range required {
		if written[name] {
			continue
		}
		v, err := g.value(extra, extraPtr, depth+1, minimal)
		if err != nil {
			return nil, err
		}
		put(name, v)
	}
	closed := false
	if v, ok := keys.Get("additionalProperties"); ok {
		closed = bytes.Equal(bytes.TrimSpace(v), []byte("false"))
	}
	for i := 1; !closed && len(written) < intKeyword(keys, "minProperties", 0); i++ {
		name := "property" + itoa(i)
		if written[name] {
			continue
		}
		v, err := g.value(extra, extraPtr, depth+1, minimal)
		if err != nil {
			return nil, err
		}
		put(name, v)
	}
	return append(b, '}'), nil
}

// requiredList is the names "required" lists, once each, in order.
func requiredList(keys rawjson.Object) []string {
	v, ok := keys.Get("required")
	if !ok || rawjson.JSONKind(v) != "array" {
		return nil
	}
	var out []string
	seen := map[string]bool{}
	for _, e := range rawjson.Elements(v) {
		if s, ok := rawjson.Unquote(e); ok && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// array writes an array: one item, or minItems, at most maxItems; the
// items of "prefixItems" (or of an "items" array) first.
func (g *generator) array(keys rawjson.Object, ptr string, depth int, minimal bool) ([]byte, error) {
	minItems := intKeyword(keys, "minItems", 0)
	maxItems := intKeyword(keys, "maxItems", -1)
	var prefix [][]byte
	prefixKw := "prefixItems"
	var rest []byte
	restPtr := Join(ptr, "items")
	if v, ok := keys.Get("prefixItems"); ok && rawjson.JSONKind(v) == "array" {
		prefix = rawjson.Elements(v)
	}
	if v, ok := keys.Get("items"); ok {
		switch rawjson.JSONKind(v) {
		case "array": // the tuple form of earlier drafts
			prefix, prefixKw = rawjson.Elements(v), "items"
			rest, restPtr = nil, Join(ptr, "additionalItems")
			if a, ok := keys.Get("additionalItems"); ok {
				rest = a
			}
		case "object", "boolean":
			rest = v
		}
	} else if c, ok := keys.Get("contains"); ok {
		rest, restPtr = c, Join(ptr, "contains")
	}
	count := 1
	if minimal {
		count = 0
	} else {
		count = max(count, len(prefix))
	}
	count = max(count, minItems)
	if maxItems >= 0 {
		count = min(count, maxItems)
	}
	count = min(count, maxExampleItems)
	b := []byte{'['}
	var restValue []byte // every item of rest is the same
	for i := range count {
		var v []byte
		var err error
		switch {
		case i < len(prefix):
			v, err = g.value(prefix[i], Join(ptr, prefixKw, itoa(i)), depth+1, minimal)
		case restValue != nil:
			v = restValue
		case rest == nil:
			v = []byte(`"example"`)
		default:
			v, err = g.value(rest, restPtr, depth+1, minimal)
			restValue = v
		}
		if err != nil {
			if i >= minItems && !errors.Is(err, errTooLarge) {
				break
			}
			return nil, err
		}
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, v...)
	}
	return append(b, ']'), nil
}

// intKeyword reads a count keyword (minItems, maxLength, ...) as a
// non-negative int, def when absent or unusable.
func intKeyword(keys rawjson.Object, key string, def int) int {
	v, ok := keys.Get(key)
	if !ok || rawjson.JSONKind(v) != "number" {
		return def
	}
	f, err := strconv.ParseFloat(string(bytes.TrimSpace(v)), 64)
	if err != nil && !math.IsInf(f, 0) || f < 0 || f != math.Trunc(f) {
		return def
	}
	return int(min(f, 1<<30))
}

// mergeAllOf returns the schema with its allOf merged in: the keywords of
// each schema of the list (a $ref followed) that the schema does not have
// yet, with "properties" and "required" joined.
func (g *generator) mergeAllOf(keys rawjson.Object, all []byte, ptr string) ([]byte, error) {
	out := make(rawjson.Object, 0, len(keys))
	for _, m := range keys {
		if m.Key != "allOf" {
			out = append(out, m)
		}
	}
	for i, e := range rawjson.Elements(all) {
		sch := e
		if rawjson.JSONKind(e) == "object" {
			if r, ok := rawjson.Members(e).Get("$ref"); ok {
				s, _ := rawjson.Unquote(r)
				if t, ok := g.resolve(s); ok {
					sch = t
				}
			}
		}
		switch rawjson.JSONKind(sch) {
		case "object":
		case "boolean":
			if bytes.Equal(bytes.TrimSpace(sch), []byte("false")) {
				return nil, &exampleError{Join(ptr, "allOf", itoa(i)), "the schema is false: no value fits"}
			}
			continue
		default:
			return nil, &exampleError{Join(ptr, "allOf", itoa(i)), "not a schema: a schema is an object or a boolean"}
		}
		for _, m := range lastWins(rawjson.Members(sch)) {
			switch m.Key {
			case "properties", "required":
				old, _ := out.Get(m.Key)
				out.Set(m.Key, joinMembers(old, m.Value))
			default:
				if !out.Has(m.Key) {
					out = append(out, m)
				}
			}
		}
	}
	return out.AppendJSON(nil), nil
}

// joinMembers joins two "properties" objects (the first schema of a name
// kept) or two "required" arrays; a value of another kind is replaced.
func joinMembers(a, b []byte) []byte {
	switch {
	case a == nil || rawjson.JSONKind(a) != rawjson.JSONKind(b):
		return b
	case rawjson.JSONKind(a) == "object":
		o := lastWins(rawjson.Members(a))
		for _, m := range lastWins(rawjson.Members(b)) {
			if !o.Has(m.Key) {
				o = append(o, m)
			}
		}
		return o.AppendJSON(nil)
	case rawjson.JSONKind(a) == "array":
		out := append([]byte(nil), bytes.TrimSpace(a)...)
		out = bytes.TrimSuffix(out, []byte("]"))
		n := len(rawjson.Elements(a))
		for _, e := range rawjson.Elements(b) {
			if n > 0 {
				out = append(out, ',')
			}
			out = append(out, e...)
			n++
		}
		return append(out, ']')
	}
	return b
}

// String values of a format.
var formatExamples = map[string]string{
	"date-time":             "2024-01-15T09:30:00Z",
	"date":                  "2024-01-15",
	"time":                  "09:30:00Z",
	"duration":              "P1D",
	"email":                 "user@example.com",
	"idn-email":             "user@example.com",
	"hostname":              "example.com",
	"idn-hostname":          "example.com",
	"ipv4":                  "192.0.2.1",
	"ipv6":                  "2001:db8::1",
	"uuid":                  "123e4567-e89b-12d3-a456-426614174000",
	"uri":                   "https://example.com/",
	"iri":                   "https://example.com/",
	"uri-reference":         "https://example.com/",
	"iri-reference":         "https://example.com/",
	"uri-template":          "https://example.com/{id}",
	"json-pointer":          "/example",
	"relative-json-pointer": "0",
	"regex":                 "^example$",
}
