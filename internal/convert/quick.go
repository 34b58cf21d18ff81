package convert

// The quick check: a cheap way to learn that an entry passes the schema
// check and has no key to warn about, the common case on every load and
// keystroke, without running the JSON Schema validator and the walk for
// unknown keys. It reads the keywords of the embedded document that its
// tool schemas use; where it is not sure (a keyword it does not read, a
// pattern, a format, a number it cannot compare cheaply, a key a schema
// does not name), it says so, and CheckEntry takes the full path, which
// alone words what is wrong.

import (
	"encoding/json"
	"math/big"
	"strings"
	"unicode/utf8"
)

// qverdict is what the quick check knows of a value against a schema.
type qverdict int8

const (
	// qMaybe: not known; the validator and the key walk decide.
	qMaybe qverdict = iota
	// qYes: the value is valid, and the walk for unknown keys (with this
	// schema among those it follows) reports nothing anywhere inside it.
	qYes
	// qNo: the value is invalid.
	qNo
)

// JSON types as bits of qnode.types.
const (
	qObject = 1 << iota
	qArray
	qString
	qBoolean
	qNull
	qNumber
	qInteger
)

var qTypes = map[string]uint8{"object": qObject, "array": qArray, "string": qString, "boolean": qBoolean,
	"null": qNull, "number": qNumber, "integer": qInteger}

// qnode is one schema of the embedded document, in the form the quick
// check reads.
type qnode struct {
	unread  bool // holds a keyword the quick check does not read
	boolean int8 // the schema true (1) or false (-1)
	ref     *qnode
	anyOf   []*qnode
	oneOf   []*qnode
	types   uint8 // 0: any
	enum    []any
	hasEnum bool
	props   map[string]*qnode
	// required names; additionalProperties false
	required  []string
	addlFalse bool
	items     *qnode
	// -1 when absent
	minItems, maxItems, minLength, maxLength int
	minimum, maximum                         *big.Rat
	// pattern or format: a string is not known to match
	stringUnknown bool
}

// annotations are keywords that do not constrain a value.
var annotations = map[string]bool{"default": true, "description": true, "title": true, "deprecated": true, "$comment": true, "examples": true}

// quickClean reports whether v, an entry of the tool schema def, is valid
// and has no key the schema does not define, at any depth: what
// CheckEntry would learn from the validator and both walks for unknown
// keys when they find nothing. false means not known.
func (s *schemaSet) quickClean(def string, v any) bool {
	n := s.quick[def]
	obj, ok := v.(map[string]any)
	if n == nil || !ok {
		return false
	}
	// unknownKeyIssues reads the top-level keys from the definition itself.
	known := s.keySet[def]
	for k := range obj {
		if !known[k] {
			return false
		}
	}
	return quickCheck(n, v, 0) == qYes
}

// compileQuick turns the $defs of the embedded document into qnodes, by
// name.
func compileQuick(defs map[string]any) map[string]*qnode {
	out := make(map[string]*qnode, len(defs))
	for name := range defs {
		out[name] = &qnode{}
	}
	for name, d := range defs {
		*out[name] = *compileQNode(d, out)
	}
	return out
}

func compileQNode(schema any, defs map[string]*qnode) *qnode {
	n := &qnode{minItems: -1, maxItems: -1, minLength: -1, maxLength: -1}
	switch s := schema.(type) {
	case bool:
		n.boolean = -1
		if s {
			n.boolean = 1
		}
		return n
	case map[string]any:
		constraints := 0
		for k, v := range s {
			if annotations[k] {
				continue
			}
			constraints++
			if !n.compileKeyword(k, v, defs) {
				n.unread = true
			}
		}
		// $ref, anyOf and oneOf are read only alone: the key walk takes
		// no other keyword of such a schema as naming keys.
		if (n.ref != nil || n.anyOf != nil || n.oneOf != nil) && constraints > 1 {
			n.unread = true
		}
		return n
	}
	n.unread = true
	return n
}

// compileKeyword reads one keyword into n; false when it is not one the
// quick check reads, or not in a form it reads.
func (n *qnode) compileKeyword(k string, v any, defs map[string]*qnode) bool {
	switch k {
	case "$ref":
		s, _ := v.(string)
		name, ok := strings.CutPrefix(s, "#/$defs/")
		n.ref = defs[name]
		return ok && n.ref != nil
	case "anyOf", "oneOf":
		return n.compileBranches(k, v, defs)
	case "type":
		return n.compileType(v)
	case "enum":
		list, ok := v.([]any)
		if ok {
			n.enum, n.hasEnum = list, true
		}
		return ok
	case "properties":
		props, ok := v.(map[string]any)
		if !ok {
			return false
		}
		n.props = make(map[string]*qnode, len(props))
		for name, p := range props {
			n.props[name] = compileQNode(p, defs)
		}
	case "required":
		return n.compileRequired(v)
	case "additionalProperties":
		switch a := v.(type) {
		case bool:
			n.addlFalse = !a
		case map[string]any:
			// a schema for the keys properties does not name: such a key
			// leaves the verdict unknown anyway
		default:
			return false
		}
	case "items":
		n.items = compileQNode(v, defs)
	case "minItems", "maxItems", "minLength", "maxLength":
		return n.compileCount(k, v)
	case "minimum", "maximum":
		return n.compileBound(k, v)
	case "pattern", "format":
		n.stringUnknown = true
	default:
		return false
	}
	return true
}

// compileBranches reads the list of schemas of anyOf or oneOf.
func (n *qnode) compileBranches(k string, v any, defs map[string]*qnode) bool {
	list, ok := v.([]any)
	if !ok || len(list) == 0 {
		return false
	}
	nodes := make([]*qnode, len(list))
	for i, x := range list {
		nodes[i] = compileQNode(x, defs)
	}
	if k == "anyOf" {
		n.anyOf = nodes
	} else {
		n.oneOf = nodes
	}
	return true
}

// compileType reads "type", one name or a list of them.
func (n *qnode) compileType(v any) bool {
	var names []any
	switch t := v.(type) {
	case string:
		names = []any{t}
	case []any:
		names = t
	default:
		return false
	}
	for _, x := range names {
		name, _ := x.(string)
		bit := qTypes[name]
		if bit == 0 {
			return false
		}
		n.types |= bit
	}
	return n.types != 0
}

// compileRequired reads the names of "required".
func (n *qnode) compileRequired(v any) bool {
	list, ok := v.([]any)
	if !ok {
		return false
	}
	for _, x := range list {
		s, ok := x.(string)
		if !ok {
			return false
		}
		n.required = append(n.required, s)
	}
	return true
}

// compileCount reads minItems, maxItems, minLength or maxLength.
func (n *qnode) compileCount(k string, v any) bool {
	num, ok := v.(json.Number)
	if !ok {
		return false
	}
	i, err := num.Int64()
	if err != nil || i < 0 || i > 1<<31 {
		return false
	}
	switch k {
	case "minItems":
		n.minItems = int(i)
	case "maxItems":
		n.maxItems = int(i)
	case "minLength":
		n.minLength = int(i)
	default:
		n.maxLength = int(i)
	}
	return true
}

// compileBound reads minimum or maximum.
func (n *qnode) compileBound(k string, v any) bool {
	num, ok := v.(json.Number)
	if !ok {
		return false
	}
	r, ok := new(big.Rat).SetString(string(num))
	if !ok {
		return false
	}
	if k == "minimum" {
		n.minimum = r
	} else {
		n.maximum = r
	}
	return true
}

// quickCheck checks v against the schema n. hops counts the $ref, anyOf
// and oneOf steps taken since the last step into a member or an element,
// which the key walk bounds by maxExpand: past them it would not find
// the schema naming a key.
//
// It is on the path of every keystroke: the common values (strings,
// booleans, null) are checked here, without a further call.
func quickCheck(n *qnode, v any, hops int) qverdict {
	switch {
	case n.unread:
		return qMaybe
	case n.boolean > 0:
		// Valid; but the key walk reads no keys through true, and one
		// more schema might name them.
		if needsNamingSchema(v) {
			return qMaybe
		}
		return qYes
	case n.boolean < 0:
		return qNo
	case n.ref != nil:
		if hops >= maxExpand {
			return qMaybe
		}
		return quickCheck(n.ref, v, hops+1)
	case n.anyOf != nil:
		if hops >= maxExpand {
			return qMaybe
		}
		return quickAnyOf(n.anyOf, v, hops+1)
	case n.oneOf != nil:
		if hops >= maxExpand {
			return qMaybe
		}
		return quickOneOf(n.oneOf, v, hops+1)
	}
	// A schema of its own: one the key walk takes as naming keys, when it
	// admits the value (as a valid value it does).
	switch v := v.(type) {
	case map[string]any:
		return n.quickObject(v)
	case []any:
		return n.quickArray(v)
	case string:
		if n.types != 0 && n.types&qString == 0 {
			return qNo
		}
		if n.hasEnum && !enumHas(n.enum, v) {
			return qNo
		}
		if n.minLength >= 0 || n.maxLength >= 0 {
			l := utf8.RuneCountInString(v)
			if n.minLength >= 0 && l < n.minLength || n.maxLength >= 0 && l > n.maxLength {
				return qNo
			}
		}
		if n.stringUnknown {
			return qMaybe
		}
	case bool:
		if n.types != 0 && n.types&qBoolean == 0 {
			return qNo
		}
		if n.hasEnum && !enumHas(n.enum, v) {
			return qNo
		}
	case nil:
		if n.types != 0 && n.types&qNull == 0 {
			return qNo
		}
		if n.hasEnum && !enumHas(n.enum, nil) {
			return qNo
		}
	case json.Number:
		return n.quickNumber(v)
	default:
		return qMaybe
	}
	return qYes
}

// quickAnyOf checks v against the branches of an anyOf: valid with one
// valid branch, invalid when every branch is.
func quickAnyOf(branches []*qnode, v any, hops int) qverdict {
	no := 0
	for _, b := range branches {
		switch quickCheck(b, v, hops) {
		case qYes:
			return qYes
		case qNo:
			no++
		}
	}
	if no == len(branches) {
		return qNo
	}
	return qMaybe
}

// quickOneOf checks v against the branches of a oneOf: valid when
// exactly one branch is known valid and all others known invalid.
func quickOneOf(branches []*qnode, v any, hops int) qverdict {
	yes, no := 0, 0
	for _, b := range branches {
		switch quickCheck(b, v, hops) {
		case qYes:
			yes++
		case qNo:
			no++
		}
	}
	switch {
	case no == len(branches):
		return qNo
	case yes == 1 && no == len(branches)-1:
		return qYes
	}
	return qMaybe
}

// quickObject checks an object against n's own keywords, and each member
// against the schema properties gives it.
func (n *qnode) quickObject(v map[string]any) qverdict {
	if n.types != 0 && n.types&qObject == 0 {
		return qNo
	}
	r := qYes
	if n.hasEnum {
		r = qMaybe
	}
	for _, name := range n.required {
		if _, ok := v[name]; !ok {
			return qNo
		}
	}
	for k, x := range v {
		p, ok := n.props[k]
		if !ok {
			if n.addlFalse {
				return qNo
			}
			r = qMaybe // valid, maybe, but a key no schema names
			continue
		}
		switch quickCheck(p, x, 0) {
		case qNo:
			return qNo
		case qMaybe:
			r = qMaybe
		}
	}
	return r
}

// quickArray checks an array against n's own keywords, and each element
// against items.
func (n *qnode) quickArray(v []any) qverdict {
	if n.types != 0 && n.types&qArray == 0 {
		return qNo
	}
	r := qYes
	if n.hasEnum {
		r = qMaybe
	}
	if n.minItems >= 0 && len(v) < n.minItems || n.maxItems >= 0 && len(v) > n.maxItems {
		return qNo
	}
	for _, x := range v {
		if n.items == nil {
			if needsNamingSchema(x) {
				r = qMaybe
			}
			continue
		}
		switch quickCheck(n.items, x, 0) {
		case qNo:
			return qNo
		case qMaybe:
			r = qMaybe
		}
	}
	return r
}

// quickNumber checks a number against n's type and bounds; an enum of
// numbers, and an integer written 1.0 or 1e2, are left to the validator.
func (n *qnode) quickNumber(v json.Number) qverdict {
	r := qYes
	if n.types != 0 && n.types&qNumber == 0 {
		if n.types&qInteger == 0 {
			return qNo
		}
		if !plainInteger(string(v)) {
			r = qMaybe // 1.0 and 1e2 are integers too
		}
	}
	if n.hasEnum {
		r = qMaybe
	}
	if n.minimum != nil || n.maximum != nil {
		x, ok := new(big.Rat).SetString(string(v))
		if !ok {
			return qMaybe
		}
		if n.minimum != nil && x.Cmp(n.minimum) < 0 || n.maximum != nil && x.Cmp(n.maximum) > 0 {
			return qNo
		}
	}
	return r
}

// enumHas reports whether a string, a boolean or null is among the values
// of an enum.
func enumHas(enum []any, v any) bool {
	for _, x := range enum {
		if x == v {
			return true
		}
	}
	return false
}

// plainInteger reports whether a JSON number is written as an integer,
// digits only.
func plainInteger(s string) bool {
	s = strings.TrimPrefix(s, "-")
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// needsNamingSchema reports whether the key walk, going through v, would
// look up a key in the schemas it has: v is an object with a key, or an
// array holding one at some depth.
func needsNamingSchema(v any) bool {
	switch v := v.(type) {
	case map[string]any:
		return len(v) > 0
	case []any:
		for _, x := range v {
			if needsNamingSchema(x) {
				return true
			}
		}
	}
	return false
}
