package convert

import (
	"bytes"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// maxStrictReports caps the strict-mode violations listed for one schema.
const maxStrictReports = 20

// strictIssues turns the strict-mode violations of a function's
// parameters (paths under "/parameters") into the issues of the entry that
// holds the function at prefix ("" for a function entry, "/tools/2" for a
// function inside a namespace). With strict true a violation leaves the
// entry out (the API rejects it); with strict absent the API tries to
// normalise the schema, which is worth a warning; strict false opts out.
func strictIssues(si *schemaInfo, strict *bool, prefix string) []Issue {
	if strict != nil && !*strict {
		return nil
	}
	found := si.violations()
	if len(found) == 0 {
		return nil
	}
	fixes := []Fix{{Kind: FixStrictFalse, At: prefix}}
	if si.repairable() {
		fixes = []Fix{{Kind: FixStrict, At: prefix}, fixes[0]}
	}
	if strict == nil {
		first := found[0]
		more := ""
		if n := len(found) - 1; n > 0 {
			more = fmt.Sprintf(" and %d more", n)
		}
		return []Issue{{Path: prefix + "/parameters", Message: fmt.Sprintf(
			"strict is not set, so the Responses API will try to normalise this schema into strict mode, but it is not strict-compatible (%s: %s%s); set strict to false to opt out",
			prefix+first.Path, first.Message, more), Fixes: fixes}}
	}
	out := make([]Issue, 0, len(found))
	for _, f := range found {
		f.Fatal = true
		f.Path = prefix + f.Path
		f.Message = "strict mode: " + f.Message
		f.Fixes = fixes
		out = append(out, f)
	}
	return out
}

// schemaInfo is what the converter learned about one parameters schema.
// Schemas can be megabytes, so their strict-mode walk and layout are kept
// by their bytes: an edit to a function's name or description does not
// walk or re-indent its schema, and moving between tools keeps them.
type schemaInfo struct {
	key        string // the schema's bytes; the map key of both generations
	strictOnce sync.Once
	strict     []Issue
	repairOnce sync.Once
	canRepair  bool // StrictRepair makes it strict-compatible
	dupOnce    sync.Once
	dups       []Issue // repeated keys, with paths under "/parameters"
	indentOnce sync.Once
	indented   []byte
}

// schema returns the info for a parameters schema, carrying it into the
// next generation. Safe for concurrent use.
func (c *Converter) schema(p []byte) *schemaInfo {
	c.mu.Lock()
	defer c.mu.Unlock()
	if si, ok := c.schemaNext[unsafeString(p)]; ok {
		return si
	}
	si, ok := c.schemaCache[unsafeString(p)]
	if !ok {
		si = &schemaInfo{key: string(p)}
	}
	c.schemaNext[si.key] = si
	return si
}

// keep carries a schema into the next generation (its tool was reused).
func (c *Converter) keep(si *schemaInfo) {
	if si != nil {
		c.mu.Lock()
		c.schemaNext[si.key] = si
		c.mu.Unlock()
	}
}

// violations walks the schema for what breaks strict mode, once.
func (si *schemaInfo) violations() []Issue {
	si.strictOnce.Do(func() {
		var w strictWalk
		w.walkRaw(bytes.TrimSpace(unsafeBytes(si.key)), "/parameters", 0)
		w.finish("/parameters")
		si.strict = w.found
	})
	return si.strict
}

// repairable reports, once, whether StrictRepair can make the schema
// strict-compatible.
func (si *schemaInfo) repairable() bool {
	si.repairOnce.Do(func() { _, si.canRepair = StrictRepair(unsafeBytes(si.key)) })
	return si.canRepair
}

// duplicates scans the schema for repeated keys, once.
func (si *schemaInfo) duplicates() []Issue {
	si.dupOnce.Do(func() {
		si.dups = duplicateKeys(unsafeBytes(si.key), "/parameters")
	})
	return si.dups
}

// layout is the schema indented as the value of a tool's "parameters", once.
func (si *schemaInfo) layout() []byte {
	si.indentOnce.Do(func() { si.indented = appendIndented(nil, []byte(si.key), "      ") })
	return si.indented
}

// rawMember is one member of a raw object.
type rawMember struct {
	key string
	val []byte
}

// rawMembers splits a valid JSON object into its members; a later
// duplicate replaces an earlier one, as when decoding into a map. A key
// without an escape shares obj's bytes, so the members must not outlive
// obj (the walk copies what it reports).
func rawMembers(obj []byte) []rawMember {
	var out []rawMember
	var index map[string]int // for long objects: where each key is in out
	i := rawjson.SkipSpace(obj, 1)
	for i < len(obj) && obj[i] != '}' {
		end := rawjson.SkipString(obj, i)
		key := keyText(obj[i:end])
		i = rawjson.SkipSpace(obj, rawjson.SkipSpace(obj, end)+1) // ':'
		vend := rawjson.SkipValue(obj, i)
		val := obj[i:vend]
		i = rawjson.SkipSpace(obj, vend)
		if i < len(obj) && obj[i] == ',' {
			i = rawjson.SkipSpace(obj, i+1)
		}
		j := -1
		if index != nil {
			if k, ok := index[key]; ok {
				j = k
			}
		} else {
			for k := range out {
				if out[k].key == key {
					j = k
				}
			}
		}
		if j >= 0 {
			out[j].val = val
			continue
		}
		out = append(out, rawMember{key, val})
		if index == nil && len(out) > 16 {
			index = make(map[string]int, 64)
			for k, m := range out {
				index[m.key] = k
			}
		} else if index != nil {
			index[key] = len(out) - 1
		}
	}
	return out
}

func isRawObject(v []byte) bool { return len(v) > 0 && v[0] == '{' }
func isRawArray(v []byte) bool  { return len(v) > 0 && v[0] == '[' }

// walkRaw walks the text of a schema for what strict mode refuses. depth
// counts the schemas from the root (0) to v, as OpenAI's own validator
// does: each step into properties, items, additionalProperties,
// prefixItems, anyOf, oneOf, allOf, not or $defs is one level. $ref is not
// followed, so a recursive schema is walked once.
//
// strict_ref_test.go holds the same walk over a decoded schema; the two
// must agree issue for issue.
func (w *strictWalk) walkRaw(v []byte, path string, depth int) {
	if !isRawObject(v) {
		return
	}
	if depth >= maxDepth {
		w.report(path, fmt.Sprintf("nests deeper than %d levels; not checked further", maxDepth))
		return
	}
	if depth == strictMaxNesting+1 {
		w.report(path, nestingMessage)
	}
	var typ, props, required, addl, enum, cnst, format []byte
	hasPropsKey := false
	members := rawMembers(v)
	get := func(k string) []byte {
		for _, m := range members {
			if m.key == k {
				return m.val
			}
		}
		return nil
	}
	for _, m := range members {
		switch m.key {
		case "type":
			typ = m.val
		case "properties":
			props, hasPropsKey = m.val, true
		case "required":
			required = m.val
		case "additionalProperties":
			addl = m.val
		case "enum":
			enum = m.val
		case "const":
			cnst = m.val
		case "format":
			format = m.val
		}
	}
	var propMembers []rawMember
	hasProps := isRawObject(props)
	if hasProps {
		propMembers = rawMembers(props)
	}
	if depth == 0 {
		if s, ok := rawjson.Unquote(typ); !ok || s != "object" {
			w.reportRootType(path, typ != nil)
		}
		if get("anyOf") != nil {
			w.report(path+"/anyOf", rootAnyOfMessage)
		}
	}
	for _, u := range strictUnsupported {
		if get(u.key) != nil {
			w.report(path+"/"+u.key, u.message())
		}
	}
	if s, ok := rawjson.Unquote(format); ok && !strictFormat(s) {
		w.report(path+"/format", formatMessage(s))
	}
	isObject := hasPropsKey
	if s, ok := rawjson.Unquote(typ); ok {
		isObject = s == "object"
	} else if isRawArray(typ) {
		isObject = false
		for _, e := range rawjson.Elements(typ) {
			if s, ok := rawjson.Unquote(e); ok && s == "object" {
				isObject = true
			}
		}
	}
	if isObject {
		if string(addl) != "false" {
			w.report(path, `an object schema needs "additionalProperties": false`)
		}
		var req []string
		if isRawArray(required) {
			for _, e := range rawjson.Elements(required) {
				if e[0] == '"' {
					req = append(req, keyText(e))
				}
			}
		}
		keys := make([]string, len(propMembers))
		for i, m := range propMembers {
			keys[i] = m.key
		}
		w.checkRequired(path, keys, req)
	}
	if isRawArray(enum) {
		strs, chars := 0, 0
		els := rawjson.Elements(enum)
		w.enumValues += len(els)
		for _, e := range els {
			n := rawScalarChars(e)
			w.chars += n
			if e[0] == '"' {
				strs++
				chars += n
			}
		}
		w.checkEnum(path, strs, chars)
	}
	if cnst != nil {
		w.chars += rawScalarChars(cnst)
	}
	w.props += len(propMembers)
	for _, m := range propMembers {
		w.chars += utf8.RuneCountInString(m.key)
	}
	walkSorted := func(ms []rawMember, prefix string) {
		slices.SortFunc(ms, func(a, b rawMember) int { return strings.Compare(a.key, b.key) })
		for _, m := range ms {
			w.walkRaw(m.val, prefix+escapePointer(m.key), depth+1)
		}
	}
	walkSorted(propMembers, path+"/properties/")
	for _, key := range [...]string{"$defs", "definitions"} {
		if defs := get(key); isRawObject(defs) {
			ds := rawMembers(defs)
			for _, m := range ds {
				w.chars += utf8.RuneCountInString(m.key)
			}
			walkSorted(ds, path+"/"+key+"/")
		}
	}
	for _, key := range [...]string{"anyOf", "oneOf", "allOf", "prefixItems"} {
		if list := get(key); isRawArray(list) {
			for i, s := range rawjson.Elements(list) {
				w.walkRaw(s, path+"/"+key+"/"+itoa(i), depth+1)
			}
		}
	}
	for _, key := range [...]string{"items", "additionalProperties", "not"} {
		if s := get(key); isRawObject(s) {
			w.walkRaw(s, path+"/"+key, depth+1)
		}
	}
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
	{"oneOf", `use "anyOf"`},
	{"allOf", "merge the schemas into one"},
	{"not", ""},
	{"if", ""},
	{"then", ""},
	{"else", ""},
	{"dependentRequired", ""},
	{"dependentSchemas", ""},
	{"patternProperties", `list the properties under "properties"`},
}

type unsupportedKeyword struct{ key, hint string }

func (u unsupportedKeyword) message() string {
	msg := fmt.Sprintf("%q is not supported", u.key)
	if u.hint != "" {
		msg += "; " + u.hint
	}
	return msg
}

const (
	nestingMessage   = "nests more than 10 levels deep; at most 10 levels of nesting are allowed"
	rootAnyOfMessage = `"anyOf" is not allowed at the root; the root must be an object schema`
)

func formatMessage(f string) string {
	return fmt.Sprintf("format %s is not supported; the supported formats are %s", quoteForMessage(f), quotedList(strictFormats[:], "and"))
}

// reportRootType reports a root schema that is not "type": "object".
func (w *strictWalk) reportRootType(path string, hasType bool) {
	if hasType {
		w.report(path+"/type", `the root schema must be "type": "object" (not an array of types or another type)`)
	} else {
		w.report(path, `the root schema must have "type": "object"`)
	}
}

// checkRequired reports, for an object schema with these property names
// and these "required" entries, the properties "required" leaves out and
// the names it lists that are not properties.
func (w *strictWalk) checkRequired(path string, props, required []string) {
	var missing, unknown []string
	var reqSet, propSet map[string]bool
	if len(props) > 8 || len(required) > 8 {
		reqSet, propSet = make(map[string]bool, len(required)), make(map[string]bool, len(props))
		for _, r := range required {
			reqSet[r] = true
		}
		for _, p := range props {
			propSet[p] = true
		}
	}
	has := func(set map[string]bool, list []string, s string) bool {
		if set != nil {
			return set[s]
		}
		for _, x := range list {
			if x == s {
				return true
			}
		}
		return false
	}
	for _, p := range props {
		if !has(reqSet, required, p) {
			missing = append(missing, quoteForMessage(p))
		}
	}
	for _, r := range required {
		if !has(propSet, props, r) {
			unknown = append(unknown, quoteForMessage(r))
		}
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		w.report(path, "every property must be listed in \"required\"; missing "+strings.Join(missing, ", "))
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		unknown = slices.Compact(unknown)
		w.report(path+"/required", "\"required\" names "+strings.Join(unknown, ", ")+", which \"properties\" does not define")
	}
}

// checkEnum reports an enum of more than 250 string values whose strings
// total more than 15,000 characters.
func (w *strictWalk) checkEnum(path string, strs, chars int) {
	if strs > strictBigEnum && chars > strictBigEnumChars {
		w.report(path+"/enum", fmt.Sprintf("an enum of %s string values totals %s characters; an enum of more than %d string values may total at most %s",
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
	if len(w.found) > maxStrictReports {
		w.found = w.found[:maxStrictReports]
		w.truncated = true
	}
}

// thousands writes n with commas: 120,000.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

type strictWalk struct {
	found     []Issue
	truncated bool
	// what the limits on the whole schema count
	props, enumValues, chars int
}

func (w *strictWalk) report(path, msg string) {
	if len(w.found) >= maxStrictReports {
		w.truncated = true
		return
	}
	w.found = append(w.found, Issue{Path: path, Message: msg})
}

// escapePointer escapes a key for a JSON Pointer.
func escapePointer(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}
