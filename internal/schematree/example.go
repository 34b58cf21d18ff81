package schematree

import (
	"bytes"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// Example writes arguments that fit parameters, to show beside the tree
// and to copy: what a model could send for the function.
//
//   - "const" gives its value, "enum" its first value (the first that is
//     not null when there is one);
//   - a nullable type ("type": ["string", "null"]) takes its non-null
//     type, an "anyOf" or "oneOf" its first branch that is not
//     {"type": "null"}, an "allOf" its schemas merged (properties and
//     required joined);
//   - "$ref" to the schema itself ("#", "#/$defs/Name", any "#/..."
//     pointer) is followed; a recursive schema is written a few levels
//     deep, then with only its required properties, null where null is
//     allowed and empty arrays where they are allowed;
//   - a string takes a plausible value for its format (date-time, date,
//     time, duration, email, hostname, ipv4, ipv6, uuid, uri, ...) or
//     "example", lengthened or shortened to minLength and maxLength; with a
//     "pattern", a few usual values are tried and the first that matches is
//     taken, else the plain value (it does not then match);
//   - a number or integer respects minimum, maximum, the exclusive bounds
//     and multipleOf; a boolean is true;
//   - an object lists every property (skipping one that cannot be
//     written, unless it is required), in the schema's order, and the
//     required names "properties" does not define;
//   - an array has one item, or minItems of them, at most maxItems;
//     "prefixItems" are written in order.
//
// Empty parameters (absent or null) give {}. The result is JSON indented by
// two spaces without a final newline. Invalid JSON is a *rawjson.SyntaxError;
// a schema nothing fits (false, a $ref outside the schema, a recursion
// that never ends) is an error naming where.
func Example(parameters []byte) ([]byte, error) {
	p := bytes.TrimSpace(parameters)
	if len(p) == 0 || string(p) == "null" {
		return []byte("{}"), nil
	}
	if err := rawjson.CheckJSON(p); err != nil {
		return nil, err
	}
	g := &generator{root: p, refs: map[string]int{}}
	v, err := g.value(p, "", 0, false)
	if err != nil {
		return nil, err
	}
	return rawjson.AppendIndent(nil, v, "", "  "), nil
}

// Bounds of the example's generation.
const (
	// refRepeat is how many times one $ref is followed on the way to a
	// value before the example keeps to what is required.
	refRepeat = 2
	// refLimit is how many times before the recursion is given up.
	refLimit = 12
	// softDepth is the nesting after which the example keeps to what is
	// required.
	softDepth = 16
	// softValues and maxValues bound the values written: after softValues
	// the example keeps to what is required, after maxValues it gives up.
	softValues = 20000
	maxValues  = 200000
	// maxExampleItems bounds an array's items (minItems may be huge).
	maxExampleItems = 1000
)

// generator writes one example.
type generator struct {
	root   []byte
	refs   map[string]int // the $refs followed on the way to the value
	values int
}

// exampleError is a schema nothing can be written for, at a pointer.
type exampleError struct {
	ptr, msg string
}

func (e *exampleError) Error() string {
	if e.ptr == "" {
		return e.msg
	}
	return e.ptr + ": " + e.msg
}

var errTooLarge = errors.New("the example would be too large")

// value writes a value that fits the schema raw (at ptr in the
// parameters). With minimal it writes as little as the schema allows.
func (g *generator) value(raw []byte, ptr string, depth int, minimal bool) ([]byte, error) {
	g.values++
	if g.values > maxValues {
		return nil, errTooLarge
	}
	if depth > maxDepth {
		return nil, &exampleError{ptr, fmt.Sprintf("nests deeper than %d levels", maxDepth)}
	}
	minimal = minimal || depth > softDepth || g.values > softValues
	switch rawjson.JSONKind(raw) {
	case "object":
	case "boolean":
		if bytes.Equal(bytes.TrimSpace(raw), []byte("false")) {
			return nil, &exampleError{ptr, "the schema is false: no value fits"}
		}
		if ptr == "" {
			return []byte("{}"), nil // arguments are an object
		}
		return []byte(`"example"`), nil
	default:
		return nil, &exampleError{ptr, "not a schema: a schema is an object or a boolean"}
	}
	keys := lastWins(rawjson.Members(raw))
	if ref, ok := keys.Get("$ref"); ok {
		return g.ref(ref, ptr, depth, minimal)
	}
	if v, ok := keys.Get("const"); ok {
		return compact(v), nil
	}
	if v, ok := keys.Get("enum"); ok && rawjson.JSONKind(v) == "array" {
		if e := firstEnum(v); e != nil {
			return compact(e), nil
		}
	}
	if all, ok := keys.Get("allOf"); ok && rawjson.JSONKind(all) == "array" {
		merged, err := g.mergeAllOf(keys, all, ptr)
		if err != nil {
			return nil, err
		}
		return g.value(merged, ptr, depth, minimal)
	}
	for _, kw := range [...]string{"anyOf", "oneOf"} {
		if list, ok := keys.Get(kw); ok && rawjson.JSONKind(list) == "array" {
			return g.branch(rawjson.Elements(list), Join(ptr, kw), depth, minimal)
		}
	}
	typ, nullable := exampleType(keys, ptr == "")
	if minimal && nullable {
		return []byte("null"), nil
	}
	switch typ {
	case "object":
		return g.object(keys, ptr, depth, minimal)
	case "array":
		return g.array(keys, ptr, depth, minimal)
	case "string":
		return rawjson.String(exampleString(keys)), nil
	case "integer", "number":
		return []byte(exampleNumber(keys, typ == "integer")), nil
	case "boolean":
		return []byte("true"), nil
	case "null":
		return []byte("null"), nil
	}
	return nil, &exampleError{ptr, fmt.Sprintf("unknown type %q", typ)}
}

// firstEnum is the first value of an enum that is not null, else the
// first value; nil for an empty enum.
func firstEnum(list []byte) []byte {
	els := rawjson.Elements(list)
	for _, e := range els {
		if rawjson.JSONKind(e) != "null" {
			return e
		}
	}
	if len(els) > 0 {
		return els[0]
	}
	return nil
}

// ref follows a $ref inside the parameters.
func (g *generator) ref(ref []byte, ptr string, depth int, minimal bool) ([]byte, error) {
	s, ok := rawjson.Unquote(ref)
	if !ok {
		return nil, &exampleError{Join(ptr, "$ref"), "not a string"}
	}
	target, ok := g.resolve(s)
	if !ok {
		return nil, &exampleError{Join(ptr, "$ref"), fmt.Sprintf("%q is not a schema of these parameters", s)}
	}
	n := g.refs[s]
	if n >= refLimit {
		return nil, &exampleError{Join(ptr, "$ref"), fmt.Sprintf("%q refers to itself without end: no finite value fits", s)}
	}
	g.refs[s] = n + 1
	defer func() { g.refs[s] = n }()
	return g.value(target, Join(ptr, "$ref"), depth+1, minimal || n >= refRepeat)
}

// resolve returns the schema a local $ref names: "#" or "#/a/b".
func (g *generator) resolve(ref string) ([]byte, bool) {
	frag, ok := strings.CutPrefix(ref, "#")
	if !ok {
		return nil, false
	}
	if f, err := url.PathUnescape(frag); err == nil {
		frag = f
	}
	if frag != "" && frag[0] != '/' {
		return nil, false // an $anchor
	}
	cur := g.root
	for _, tok := range Split(frag) {
		switch rawjson.JSONKind(cur) {
		case "object":
			v, ok := lastWins(rawjson.Members(cur)).Get(tok)
			if !ok {
				return nil, false
			}
			cur = v
		case "array":
			els := rawjson.Elements(cur)
			i, ok := index(tok)
			if !ok || i >= len(els) {
				return nil, false
			}
			cur = els[i]
		default:
			return nil, false
		}
	}
	return cur, true
}

// index reads an array index token.
func index(tok string) (int, bool) {
	if tok == "" || len(tok) > 9 || len(tok) > 1 && tok[0] == '0' {
		return 0, false
	}
	n := 0
	for _, c := range tok {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// branch writes the first branch of an anyOf or oneOf that can be written,
// trying {"type": "null"} last (first when minimal).
func (g *generator) branch(list [][]byte, ptr string, depth int, minimal bool) ([]byte, error) {
	order := make([]int, 0, len(list))
	var nulls []int
	for i, b := range list {
		if isNullSchema(b) {
			nulls = append(nulls, i)
		} else {
			order = append(order, i)
		}
	}
	if minimal {
		order = append(nulls, order...)
	} else {
		order = append(order, nulls...)
	}
	var first error
	for _, i := range order {
		v, err := g.value(list[i], Join(ptr, itoa(i)), depth+1, minimal)
		if err == nil {
			return v, nil
		}
		if errors.Is(err, errTooLarge) {
			return nil, err
		}
		if first == nil {
			first = err
		}
	}
	if first == nil {
		first = &exampleError{ptr, "no branch to take"}
	}
	return nil, first
}
