package convert

import (
	"bytes"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// node walks the schema v at w.path. Schemas can be megabytes and hold
// thousands of nodes, so a node costs no allocation unless it breaks a
// rule: members go to scratch slices kept per depth, and a pointer is
// written out only for a violation.
func (w *strictWalk) node(v []byte, depth int) {
	if !isRawObject(v) {
		return
	}
	if depth >= maxDepth {
		w.report("", fmt.Sprintf("nests deeper than %d levels; not checked further", maxDepth))
		return
	}
	if depth == strictMaxNesting+1 {
		w.report("", nestingMessage)
	}
	var kw [kwCount][]byte
	readKeywords(v, &kw)
	typ, props := kw[kwType], kw[kwProperties]
	for len(w.members) <= depth {
		w.members = append(w.members, nil)
	}
	var propMembers []rawMember
	if isRawObject(props) {
		w.members[depth] = appendMembers(w.members[depth][:0], props)
		propMembers = w.members[depth]
	}
	if depth == 0 {
		if s, ok := stringValue(typ); !ok || s != "object" {
			w.reportRootType("", typ != nil)
		}
		if kw[kwAnyOf] != nil {
			w.report("/anyOf", rootAnyOfMessage)
		}
	}
	for _, u := range strictUnsupported {
		if kw[u.slot] != nil {
			w.report("/"+u.key, u.message())
		}
	}
	if s, ok := stringValue(kw[kwFormat]); ok && !strictFormat(s) {
		w.report("/format", formatMessage(s))
	}
	if objectType(typ, props != nil) {
		if string(kw[kwAdditionalProperties]) != "false" {
			w.report("", additionalFalseMessage)
		}
		req := w.required[:0]
		if required := kw[kwRequired]; isRawArray(required) {
			for e, i := nextElement(required, 1); e != nil; e, i = nextElement(required, i) {
				if e[0] == '"' {
					req = append(req, keyText(e))
				}
			}
		}
		w.required = req
		w.checkRequired(propMembers, req)
	}
	if enum := kw[kwEnum]; isRawArray(enum) {
		w.checkEnum(w.countEnum(enum))
	}
	if cnst := kw[kwConst]; cnst != nil {
		w.chars += rawScalarChars(cnst)
	}
	w.props += len(propMembers)
	for _, m := range propMembers {
		w.chars += utf8.RuneCountInString(m.key)
	}
	w.children(&kw, propMembers, depth)
}

// children walks the schemas inside the node whose keywords are kw, in the
// order the report follows: properties (propMembers), $defs and
// definitions, the lists (anyOf, oneOf, allOf, prefixItems), then items,
// additionalProperties and not.
func (w *strictWalk) children(kw *[kwCount][]byte, propMembers []rawMember, depth int) {
	w.path = append(w.path, strictStep{})
	step := len(w.path) - 1
	walkMembers := func(kwName string, ms []rawMember) {
		for _, m := range ms {
			w.path[step] = strictStep{kw: kwName, name: m.key, kind: stepName}
			w.node(m.val, depth+1)
		}
	}
	walkMembers("properties", propMembers)
	for _, d := range [...]struct {
		slot int
		name string
	}{{kwDefs, "$defs"}, {kwDefinitions, "definitions"}} {
		if defs := kw[d.slot]; isRawObject(defs) {
			w.members[depth] = appendMembers(w.members[depth][:0], defs)
			ds := w.members[depth]
			for _, m := range ds {
				w.chars += utf8.RuneCountInString(m.key)
			}
			walkMembers(d.name, ds)
		}
	}
	for _, l := range [...]struct {
		slot int
		name string
	}{{kwAnyOf, "anyOf"}, {kwOneOf, "oneOf"}, {kwAllOf, "allOf"}, {kwPrefixItems, "prefixItems"}} {
		if list := kw[l.slot]; isRawArray(list) {
			n := 0
			for s, i := nextElement(list, 1); s != nil; s, i = nextElement(list, i) {
				w.path[step] = strictStep{kw: l.name, idx: n, kind: stepIndex}
				w.node(s, depth+1)
				n++
			}
		}
	}
	for _, o := range [...]struct {
		slot int
		name string
	}{{kwItems, "items"}, {kwAdditionalProperties, "additionalProperties"}, {kwNot, "not"}} {
		if s := kw[o.slot]; isRawObject(s) {
			w.path[step] = strictStep{kw: o.name}
			w.node(s, depth+1)
		}
	}
	w.path = w.path[:step]
}

// readKeywords reads the keywords of the schema object v into kw, the
// last of a repeated one winning.
func readKeywords(v []byte, kw *[kwCount][]byte) {
	for i := rawjson.SkipSpace(v, 1); i < len(v) && v[i] != '}'; {
		end := rawjson.SkipString(v, i)
		id := strictKeyword(keyText(v[i:end]))
		i = rawjson.SkipSpace(v, rawjson.SkipSpace(v, end)+1) // ':'
		vend := rawjson.SkipValue(v, i)
		if id >= 0 {
			kw[id] = v[i:vend]
		}
		i = rawjson.SkipSpace(v, vend)
		if i < len(v) && v[i] == ',' {
			i = rawjson.SkipSpace(v, i+1)
		}
	}
}

// objectType reports whether a schema whose type keyword is typ (nil when
// absent) describes objects: type "object", or a list of types holding
// "object", or, without a type, a schema with properties (hasProps).
func objectType(typ []byte, hasProps bool) bool {
	if s, ok := stringValue(typ); ok {
		return s == "object"
	}
	if !isRawArray(typ) {
		return hasProps
	}
	isObject := false
	for e, i := nextElement(typ, 1); e != nil; e, i = nextElement(typ, i) {
		if s, ok := stringValue(e); ok && s == "object" {
			isObject = true
		}
	}
	return isObject
}

// countEnum counts the values of the enum list enum into the limits on the
// whole schema and returns how many are strings and their characters.
func (w *strictWalk) countEnum(enum []byte) (strs, chars int) {
	for e, i := nextElement(enum, 1); e != nil; e, i = nextElement(enum, i) {
		w.enumValues++
		n := rawScalarChars(e)
		w.chars += n
		if e[0] == '"' {
			strs++
			chars += n
		}
	}
	return strs, chars
}

// rawScalarChars is the length of an enum or const value as the limits
// count it: a string's characters, a number's or literal's text; 0 for an
// object or array.
func rawScalarChars(v []byte) int {
	switch v[0] {
	case '"':
		if bytes.IndexByte(v, '\\') < 0 {
			return utf8.RuneCount(v[1 : len(v)-1])
		}
		s, _ := rawjson.Unquote(v)
		return utf8.RuneCountInString(s)
	case '{', '[':
		return 0
	}
	return len(v)
}

// Strict mode's rules, from OpenAI's Structured Outputs guide ("Supported
// schemas") and the function-calling guide.
const (
	strictMaxNesting     = 10     // levels of nesting
	strictMaxProperties  = 5000   // object properties in all
	strictMaxEnumValues  = 1000   // enum values in all
	strictBigEnum        = 250    // a string enum with more values than this...
	strictBigEnumChars   = 15000  // ...may total at most this many characters
	strictMaxStringChars = 120000 // property and definition names, enum and const values
)

// strictFormats are the string formats strict mode supports.
var strictFormats = [...]string{"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"}

func strictFormat(s string) bool {
	for _, f := range strictFormats {
		if f == s {
			return true
		}
	}
	return false
}

// strictUnsupported are the keywords strict mode refuses, in the order
// they are reported.
var strictUnsupported = [...]unsupportedKeyword{
	{"oneOf", `use "anyOf"`, kwOneOf},
	{"allOf", "merge the schemas into one", kwAllOf},
	{"not", "", kwNot},
	{"if", "", kwIf},
	{"then", "", kwThen},
	{"else", "", kwElse},
	{"dependentRequired", "", kwDependentRequired},
	{"dependentSchemas", "", kwDependentSchemas},
	{"patternProperties", `list the properties under "properties"`, kwPatternProperties},
}

type unsupportedKeyword struct {
	key, hint string
	slot      int // the keyword's slot in the walk
}

func (u unsupportedKeyword) message() string {
	msg := fmt.Sprintf("%q is not supported", u.key)
	if u.hint != "" {
		msg += "; " + u.hint
	}
	return msg
}

const (
	additionalFalseMessage  = `an object schema needs "additionalProperties": false`
	nestingMessage          = "nests more than 10 levels deep; at most 10 levels of nesting are allowed"
	rootAnyOfMessage        = `"anyOf" is not allowed at the root; the root must be an object schema`
	rootTypeMessage         = `the root schema must be "type": "object" (not an array of types or another type)`
	rootNoTypeStrictMessage = `the root schema must have "type": "object"`
)

func formatMessage(f string) string {
	return fmt.Sprintf("format %s is not supported; the supported formats are %s", quoteForMessage(f), quotedList(strictFormats[:], "and"))
}

// reportRootType reports a root schema that is not "type": "object", at
// the node being walked, then path.
func (w *strictWalk) reportRootType(path string, hasType bool) {
	if hasType {
		w.report(path+"/type", rootTypeMessage)
	} else {
		w.report(path, rootNoTypeStrictMessage)
	}
}

// checkRequired reports, for an object schema with these properties
// (sorted by key, as appendMembers leaves them) and these "required"
// entries, the properties "required" leaves out and the names it lists
// that are not properties. It sorts required.
func (w *strictWalk) checkRequired(props []rawMember, required []string) {
	slices.Sort(required)
	var missing, unknown []string
	for _, p := range props {
		if _, ok := slices.BinarySearch(required, p.key); !ok {
			missing = append(missing, quoteForMessage(p.key))
		}
	}
	for _, r := range required {
		if _, ok := slices.BinarySearchFunc(props, r, func(m rawMember, k string) int { return strings.Compare(m.key, k) }); !ok {
			unknown = append(unknown, quoteForMessage(r))
		}
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		w.report("", "every property must be listed in \"required\"; missing "+strings.Join(missing, ", "))
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		unknown = slices.Compact(unknown)
		w.report("/required", "\"required\" names "+strings.Join(unknown, ", ")+", which \"properties\" does not define")
	}
}

// checkEnum reports an enum of more than 250 string values whose strings
// total more than 15,000 characters.
func (w *strictWalk) checkEnum(strs, chars int) {
	if strs > strictBigEnum && chars > strictBigEnumChars {
		w.report("/enum", fmt.Sprintf("an enum of %s string values totals %s characters; an enum of more than %d string values may total at most %s",
			thousands(strs), thousands(chars), strictBigEnum, thousands(strictBigEnumChars)))
	}
}

// finish reports the limits on the whole schema, whose root is at path,
// ahead of the other violations.
func (w *strictWalk) finish(path string) {
	var totals []Issue
	if w.props > strictMaxProperties {
		totals = append(totals, Issue{Path: path, Message: fmt.Sprintf("has %s object properties in all; at most %s are allowed",
			thousands(w.props), thousands(strictMaxProperties))})
	}
	if w.enumValues > strictMaxEnumValues {
		totals = append(totals, Issue{Path: path, Message: fmt.Sprintf("has %s enum values in all; at most %s are allowed",
			thousands(w.enumValues), thousands(strictMaxEnumValues))})
	}
	if w.chars > strictMaxStringChars {
		totals = append(totals, Issue{Path: path, Message: fmt.Sprintf("property names, definition names, enum values and const values total %s characters; at most %s are allowed",
			thousands(w.chars), thousands(strictMaxStringChars))})
	}
	if len(totals) == 0 {
		return
	}
	w.found = append(totals, w.found...)
}

// thousands writes n with commas: 120,000.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
