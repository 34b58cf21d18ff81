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
		if strict == nil {
			// The API's normalisation succeeds here, silently: nothing
			// breaks, but say so.
			return []Issue{{Path: prefix, Note: true, Message: "strict is not set, and these parameters are strict-compatible, " +
				"so the Responses API will quietly run this function in strict mode; set strict to true (or false) to say which you mean",
				Fixes: []Fix{{Kind: FixStrictTrue, At: prefix}, {Kind: FixStrictFalse, At: prefix}}}}
		}
		return nil
	}
	fixes := []Fix{{Kind: FixStrictFalse, At: prefix}}
	if si.repairable() {
		fixes = []Fix{{Kind: FixStrict, At: prefix}, fixes[0]}
	}
	if strict == nil {
		// The first violation, and every format strict mode does not
		// support by name: a format is easily missed, and the
		// normalisation may drop or refuse it.
		var shown []string
		for i, f := range found {
			if i == 0 || strings.HasSuffix(f.Path, "/format") {
				msg := f.Message
				if cut := strings.Index(msg, "; the supported formats"); cut > 0 {
					msg = msg[:cut]
				}
				shown = append(shown, prefix+f.Path+": "+msg)
			}
		}
		more := ""
		if n := len(found) - len(shown); n > 0 {
			more = fmt.Sprintf(" and %d more", n)
		}
		return []Issue{{Path: prefix + "/parameters", Message: fmt.Sprintf(
			"strict is not set, so the Responses API will try to normalise this schema into strict mode, but it is not strict-compatible (%s%s); set strict to false to opt out",
			strings.Join(shown, "; "), more), Fixes: fixes}}
	}
	out := make([]Issue, 0, len(found))
	for _, f := range found {
		f.Fatal = true
		f.Path = prefix + f.Path
		f.Fixes = fixes
		if f.Message == additionalFalseMessage {
			// Closing this one object keeps the rest of the schema as
			// it is, strict on.
			f.Fixes = append(append(fixes[:len(fixes)-1:len(fixes)-1], Fix{Kind: FixAdditionalFalse, At: f.Path}), fixes[len(fixes)-1])
		}
		f.Message = "strict mode: " + f.Message
		out = append(out, f)
	}
	return out
}

// schemaInfo is what the converter learned about one parameters schema.
// Schemas can be megabytes, so their strict-mode walk and layout are kept
// by their bytes: an edit to a function's name or description does not
// walk or re-indent its schema, and moving between tools keeps them.
type schemaInfo struct {
	key string // the schema's bytes; the map key of both generations
	// The first read of the schema, for the strict-mode walk and the
	// scan for repeated keys: whether it breaks no rule of a single
	// schema, what it counts for the limits on the whole schema, and
	// whether it holds no repeated key (known only when it is clean).
	readOnce                 sync.Once
	clean, noRepeats         bool
	props, enumValues, chars int
	strictOnce               sync.Once
	strict                   []Issue
	repairOnce               sync.Once
	canRepair                bool // StrictRepair makes it strict-compatible
	dupOnce                  sync.Once
	dups                     []Issue // repeated keys, with paths under "/parameters"
	indentOnce               sync.Once
	indented                 []byte
	metaOnce                 sync.Once
	meta                     []Issue // what the JSON Schema metaschema finds, under "/parameters"
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

// read reads the schema once with strictWalk.clean.
func (si *schemaInfo) read() {
	si.readOnce.Do(func() {
		v := bytes.TrimSpace(unsafeBytes(si.key))
		if !isRawObject(v) {
			return
		}
		w := strictWalks.Get().(*strictWalk)
		if _, si.clean = w.clean(v, 0, 0); si.clean {
			si.noRepeats = w.noRepeats()
			si.props, si.enumValues, si.chars = w.props, w.enumValues, w.chars
		}
		w.release()
	})
}

// violations walks the schema for what breaks strict mode, once: what
// walkRaw does, its first read shared with duplicates.
func (si *schemaInfo) violations() []Issue {
	si.strictOnce.Do(func() {
		si.read()
		w := strictWalks.Get().(*strictWalk)
		if si.clean {
			w.props, w.enumValues, w.chars = si.props, si.enumValues, si.chars
		} else {
			w.root = "/parameters"
			w.node(bytes.TrimSpace(unsafeBytes(si.key)), 0)
		}
		w.finish("/parameters")
		si.strict = w.found
		w.release()
	})
	return si.strict
}

// strictWalks keeps the scratch space of strict walks, for one
// conversion's many schemas.
var strictWalks = sync.Pool{New: func() any { return new(strictWalk) }}

// release resets w, keeping its scratch space but not what it pointed
// into, and puts it back in strictWalks.
func (w *strictWalk) release() {
	for i := range w.members {
		clear(w.members[i][:cap(w.members[i])])
		w.members[i] = w.members[i][:0]
	}
	for _, ks := range [...][][]string{w.keys, w.defKeys, w.nodeKeys} {
		for i := range ks {
			clear(ks[i][:cap(ks[i])])
			ks[i] = ks[i][:0]
		}
	}
	clear(w.path[:cap(w.path)])
	clear(w.required[:cap(w.required)])
	clear(w.set)
	*w = strictWalk{path: w.path[:0], members: w.members, required: w.required[:0],
		keys: w.keys, defKeys: w.defKeys, nodeKeys: w.nodeKeys, set: w.set}
	strictWalks.Put(w)
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
		if si.read(); !si.noRepeats {
			si.dups = duplicateKeys(unsafeBytes(si.key), "/parameters")
		}
	})
	return si.dups
}

// layout is the schema indented as the value of a tool's "parameters", once.
// It is read only.
func (si *schemaInfo) layout() []byte {
	si.indentOnce.Do(func() {
		if p := unsafeBytes(si.key); laidOut(p, memberPrefix) {
			si.indented = p // read only, as the key
		} else {
			si.indented = indented(p, memberPrefix)
		}
	})
	return si.indented
}

// rawMember is one member of a raw object: its key decoded, its value as
// written, and its place among the object's members.
type rawMember struct {
	key string
	val []byte
	ord int
}

// appendMembers appends the members of a valid JSON object to out, sorted
// by key; of a repeated key only the last member is kept, as when decoding
// into a map. A key without an escape shares obj's bytes, so the members
// must not outlive obj (the walk copies what it reports).
func appendMembers(out []rawMember, obj []byte) []rawMember {
	start := len(out)
	for i, n := rawjson.SkipSpace(obj, 1), 0; i < len(obj) && obj[i] != '}'; n++ {
		end := rawjson.SkipString(obj, i)
		key := keyText(obj[i:end])
		i = rawjson.SkipSpace(obj, rawjson.SkipSpace(obj, end)+1) // ':'
		vend := rawjson.SkipValue(obj, i)
		out = append(out, rawMember{key, obj[i:vend], n})
		i = rawjson.SkipSpace(obj, vend)
		if i < len(obj) && obj[i] == ',' {
			i = rawjson.SkipSpace(obj, i+1)
		}
	}
	ms := out[start:]
	slices.SortFunc(ms, func(a, b rawMember) int {
		if c := strings.Compare(a.key, b.key); c != 0 {
			return c
		}
		return a.ord - b.ord
	})
	// Keep the last of each run of equal keys.
	k := 0
	for j := range ms {
		if j+1 < len(ms) && ms[j+1].key == ms[j].key {
			continue
		}
		ms[k] = ms[j]
		k++
	}
	return out[:start+k]
}

// nextElement returns the element of a valid JSON array that starts at or
// after i (1 for the first) and the index to pass for the next one; elem
// is nil after the last.
func nextElement(arr []byte, i int) (elem []byte, next int) {
	i = rawjson.SkipSpace(arr, i)
	if i >= len(arr) || arr[i] == ']' {
		return nil, i
	}
	end := rawjson.SkipValue(arr, i)
	next = rawjson.SkipSpace(arr, end)
	if next < len(arr) && arr[next] == ',' {
		next++
	}
	return arr[i:end], next
}

// stringValue is the text of a JSON string token, sharing v's bytes when
// it has no escape; ok is false for another value.
func stringValue(v []byte) (s string, ok bool) {
	if len(v) == 0 || v[0] != '"' {
		return "", false
	}
	return keyText(v), true
}

func isRawObject(v []byte) bool { return len(v) > 0 && v[0] == '{' }
func isRawArray(v []byte) bool  { return len(v) > 0 && v[0] == '[' }

// The keywords the strict walk reads, as indexes of its slots.
const (
	kwType = iota
	kwProperties
	kwRequired
	kwAdditionalProperties
	kwEnum
	kwConst
	kwFormat
	kwAnyOf
	kwOneOf
	kwAllOf
	kwPrefixItems
	kwItems
	kwNot
	kwDefs
	kwDefinitions
	kwIf
	kwThen
	kwElse
	kwDependentRequired
	kwDependentSchemas
	kwPatternProperties
	kwCount
)

// strictKeyword is the slot of a keyword the walk reads, or -1.
func strictKeyword(k string) int {
	switch k {
	case "type":
		return kwType
	case "properties":
		return kwProperties
	case "required":
		return kwRequired
	case "additionalProperties":
		return kwAdditionalProperties
	case "enum":
		return kwEnum
	case "const":
		return kwConst
	case "format":
		return kwFormat
	case "anyOf":
		return kwAnyOf
	case "oneOf":
		return kwOneOf
	case "allOf":
		return kwAllOf
	case "prefixItems":
		return kwPrefixItems
	case "items":
		return kwItems
	case "not":
		return kwNot
	case "$defs":
		return kwDefs
	case "definitions":
		return kwDefinitions
	case "if":
		return kwIf
	case "then":
		return kwThen
	case "else":
		return kwElse
	case "dependentRequired":
		return kwDependentRequired
	case "dependentSchemas":
		return kwDependentSchemas
	case "patternProperties":
		return kwPatternProperties
	}
	return -1
}

// walkRaw walks the text of a schema, whose pointer is path, for what
// strict mode refuses. depth counts the schemas from the root (0) to v,
// as OpenAI's own validator does: each step into properties, items,
// additionalProperties, prefixItems, anyOf, oneOf, allOf, not or $defs is
// one level. $ref is not followed, so a recursive schema is walked once.
//
// Most schemas break no rule, so the walk first reads the text once, in
// order, only to find out whether anything is to be reported (clean);
// only when something is does it walk again, node by node in the order
// the report follows (node).
//
// strict_ref_test.go holds the same walk over a decoded schema; the two
// must agree issue for issue.
func (w *strictWalk) walkRaw(v []byte, path string, depth int) {
	w.root = path
	w.path = w.path[:0]
	if isRawObject(v) {
		if _, ok := w.clean(v, 0, depth); ok {
			return
		}
		w.props, w.enumValues, w.chars = 0, 0, 0
	}
	w.node(v, depth)
}

// clean reads the schema object at data[i:] in one pass, counting what
// the limits on the whole schema count, and returns the index after it.
// ok is false as soon as the schema holds anything node would report, or
// anything that makes the order node reads it in matter: a keyword or a
// property given twice (the last one counts). With ok true, node would
// report nothing and count the same.
func (w *strictWalk) clean(data []byte, i, depth int) (end int, ok bool) {
	if depth >= maxDepth || depth == strictMaxNesting+1 {
		return 0, false
	}
	for len(w.keys) <= depth {
		w.keys = append(w.keys, nil)
		w.nodeKeys = append(w.nodeKeys, nil)
	}
	var (
		typ, required, addl, enum, format []byte
		seen                              uint32
		hasProps                          bool
	)
	w.keys[depth] = w.keys[depth][:0]
	keys := w.nodeKeys[depth][:0]
	i = rawjson.SkipSpace(data, i+1)
	for i < len(data) && data[i] != '}' {
		kend := rawjson.SkipString(data, i)
		key := keyText(data[i:kend])
		keys = append(keys, key)
		id := strictKeyword(key)
		i = rawjson.SkipSpace(data, rawjson.SkipSpace(data, kend)+1) // ':'
		if id >= 0 {
			if seen&(1<<id) != 0 {
				return 0, false
			}
			seen |= 1 << id
		}
		var vend int
		switch id {
		case kwOneOf, kwAllOf, kwNot, kwIf, kwThen, kwElse, kwDependentRequired, kwDependentSchemas, kwPatternProperties:
			return 0, false // not supported
		case kwAnyOf:
			if depth == 0 {
				return 0, false
			}
			if data[i] != '[' {
				vend = w.skip(data, i)
				break
			}
			if vend, ok = w.cleanList(data, i, depth); !ok {
				return 0, false
			}
		case kwPrefixItems:
			if data[i] != '[' {
				vend = w.skip(data, i)
				break
			}
			if vend, ok = w.cleanList(data, i, depth); !ok {
				return 0, false
			}
		case kwProperties, kwDefs, kwDefinitions:
			hasProps = hasProps || id == kwProperties
			if data[i] != '{' {
				vend = w.skip(data, i)
				break
			}
			if vend, ok = w.cleanMap(data, i, depth, id == kwProperties); !ok {
				return 0, false
			}
		case kwItems, kwAdditionalProperties:
			if data[i] != '{' {
				vend = w.skip(data, i)
				if id == kwAdditionalProperties {
					addl = data[i:vend]
				}
				break
			}
			if vend, ok = w.clean(data, i, depth+1); !ok {
				return 0, false
			}
			if id == kwAdditionalProperties {
				addl = data[i:vend]
			}
		default:
			vend = w.skip(data, i)
			switch id {
			case kwType:
				typ = data[i:vend]
			case kwRequired:
				required = data[i:vend]
			case kwEnum:
				enum = data[i:vend]
			case kwConst:
				w.chars += rawScalarChars(data[i:vend])
			case kwFormat:
				format = data[i:vend]
			}
		}
		i = rawjson.SkipSpace(data, vend)
		if i < len(data) && data[i] == ',' {
			i = rawjson.SkipSpace(data, i+1)
		}
	}
	end = i + 1
	w.nodeKeys[depth] = keys
	if !w.repeated && w.repeats(keys) {
		w.repeated = true
	}
	s, isString := stringValue(typ)
	if depth == 0 && (!isString || s != "object") {
		return 0, false
	}
	if f, ok := stringValue(format); ok && !strictFormat(f) {
		return 0, false
	}
	isObject := hasProps
	if isString {
		isObject = s == "object"
	} else if isRawArray(typ) {
		isObject = false
		for e, j := nextElement(typ, 1); e != nil; e, j = nextElement(typ, j) {
			if s, ok := stringValue(e); ok && s == "object" {
				isObject = true
			}
		}
	}
	if isObject && (string(addl) != "false" || !w.allRequired(w.keys[depth], required)) {
		return 0, false
	}
	if isRawArray(enum) {
		strs, chars := 0, 0
		for e, j := nextElement(enum, 1); e != nil; e, j = nextElement(enum, j) {
			w.enumValues++
			n := rawScalarChars(e)
			w.chars += n
			if e[0] == '"' {
				strs++
				chars += n
			}
		}
		if strs > strictBigEnum && chars > strictBigEnumChars {
			return 0, false
		}
	}
	return end, true
}

// cleanList is clean for the schemas of an array (anyOf, prefixItems).
func (w *strictWalk) cleanList(data []byte, i, depth int) (end int, ok bool) {
	i = rawjson.SkipSpace(data, i+1)
	for i < len(data) && data[i] != ']' {
		if data[i] == '{' {
			if i, ok = w.clean(data, i, depth+1); !ok {
				return 0, false
			}
		} else {
			i = w.skip(data, i)
		}
		i = rawjson.SkipSpace(data, i)
		if i < len(data) && data[i] == ',' {
			i = rawjson.SkipSpace(data, i+1)
		}
	}
	return i + 1, true
}

// cleanMap is clean for the schemas of an object (properties, $defs,
// definitions); the names of properties are kept in w.keys[depth].
func (w *strictWalk) cleanMap(data []byte, i, depth int, properties bool) (end int, ok bool) {
	for len(w.defKeys) <= depth {
		w.defKeys = append(w.defKeys, nil)
	}
	names := w.defKeys[depth][:0]
	if properties {
		names = w.keys[depth]
	}
	i = rawjson.SkipSpace(data, i+1)
	for i < len(data) && data[i] != '}' {
		kend := rawjson.SkipString(data, i)
		name := keyText(data[i:kend])
		names = append(names, name)
		w.chars += utf8.RuneCountInString(name)
		i = rawjson.SkipSpace(data, rawjson.SkipSpace(data, kend)+1) // ':'
		if data[i] == '{' {
			if i, ok = w.clean(data, i, depth+1); !ok {
				return 0, false
			}
		} else {
			i = w.skip(data, i)
		}
		i = rawjson.SkipSpace(data, i)
		if i < len(data) && data[i] == ',' {
			i = rawjson.SkipSpace(data, i+1)
		}
	}
	if properties {
		w.keys[depth] = names
		w.props += len(names)
	} else {
		w.defKeys[depth] = names
	}
	if w.repeats(names) {
		return 0, false
	}
	return i + 1, true
}

// skip returns the index after the value at data[i:], which clean does
// not read as a schema; an object in it is one clean does not look at
// for repeated keys.
func (w *strictWalk) skip(data []byte, i int) int {
	end := rawjson.SkipValue(data, i)
	if c := data[i]; c == '{' || c == '[' && bytes.IndexByte(data[i+1:end], '{') >= 0 {
		w.unread = true
	}
	return end
}

// noRepeats reports, after clean read a whole schema, that no object in
// it holds a key twice: it read the keys of every one.
func (w *strictWalk) noRepeats() bool { return !w.repeated && !w.unread }

// repeats reports whether a name appears twice in names.
func (w *strictWalk) repeats(names []string) bool {
	if len(names) <= 16 {
		for i, a := range names {
			for _, b := range names[:i] {
				if a == b {
					return true
				}
			}
		}
		return false
	}
	if w.set == nil {
		w.set = make(map[string]struct{}, len(names))
	}
	clear(w.set)
	for _, n := range names {
		if _, dup := w.set[n]; dup {
			return true
		}
		w.set[n] = struct{}{}
	}
	return false
}

// allRequired reports whether "required" (a raw value) lists exactly the
// properties names, which hold no name twice, as checkRequired wants:
// none left out, none that is not a property.
func (w *strictWalk) allRequired(names []string, required []byte) bool {
	req := w.required[:0]
	if isRawArray(required) {
		for e, j := nextElement(required, 1); e != nil; e, j = nextElement(required, j) {
			if e[0] == '"' {
				req = append(req, keyText(e))
			}
		}
	}
	w.required = req
	if slices.Equal(req, names) {
		return true
	}
	if len(names) <= 16 {
		// every name required, and every required name a property
		for _, n := range names {
			if !slices.Contains(req, n) {
				return false
			}
		}
		for _, r := range req {
			if !slices.Contains(names, r) {
				return false
			}
		}
		return true
	}
	// Every required name a property, and as many distinct ones as
	// there are properties.
	if w.set == nil {
		w.set = make(map[string]struct{}, len(names))
	}
	clear(w.set)
	for _, n := range names {
		w.set[n] = struct{}{}
	}
	for _, r := range req {
		if _, ok := w.set[r]; !ok {
			return false
		}
	}
	slices.Sort(req)
	return len(slices.Compact(req)) == len(names)
}

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
	// The keywords, the last of a repeated one winning.
	var kw [kwCount][]byte
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
	isObject := props != nil
	if s, ok := stringValue(typ); ok {
		isObject = s == "object"
	} else if isRawArray(typ) {
		isObject = false
		for e, i := nextElement(typ, 1); e != nil; e, i = nextElement(typ, i) {
			if s, ok := stringValue(e); ok && s == "object" {
				isObject = true
			}
		}
	}
	if isObject {
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
		strs, chars := 0, 0
		for e, i := nextElement(enum, 1); e != nil; e, i = nextElement(enum, i) {
			w.enumValues++
			n := rawScalarChars(e)
			w.chars += n
			if e[0] == '"' {
				strs++
				chars += n
			}
		}
		w.checkEnum(strs, chars)
	}
	if cnst := kw[kwConst]; cnst != nil {
		w.chars += rawScalarChars(cnst)
	}
	w.props += len(propMembers)
	for _, m := range propMembers {
		w.chars += utf8.RuneCountInString(m.key)
	}
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
	additionalFalseMessage = `an object schema needs "additionalProperties": false`
	nestingMessage         = "nests more than 10 levels deep; at most 10 levels of nesting are allowed"
	rootAnyOfMessage       = `"anyOf" is not allowed at the root; the root must be an object schema`
)

func formatMessage(f string) string {
	return fmt.Sprintf("format %s is not supported; the supported formats are %s", quoteForMessage(f), quotedList(strictFormats[:], "and"))
}

// reportRootType reports a root schema that is not "type": "object", at
// the node being walked, then path.
func (w *strictWalk) reportRootType(path string, hasType bool) {
	if hasType {
		w.report(path+"/type", `the root schema must be "type": "object" (not an array of types or another type)`)
	} else {
		w.report(path, `the root schema must have "type": "object"`)
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

	root     string       // the pointer of the schema walked
	path     []strictStep // from the root to the node being walked
	members  [][]rawMember
	required []string
	// clean's: per depth, the names under properties and under $defs or
	// definitions; a set for long lists
	keys, defKeys [][]string
	set           map[string]struct{}
	// clean's look for repeated keys: per depth, the keys of the schema
	// read; whether one of them repeats a key; whether a value it skipped
	// holds an object
	nodeKeys         [][]string
	repeated, unread bool
}

// strictStep is one step of the walk from a schema into a schema inside
// it: a keyword ("items"), with a member name ("properties", "$defs") or
// an index ("anyOf").
type strictStep struct {
	kw   string
	name string
	idx  int
	kind uint8
}

const (
	stepKeyword = iota
	stepName
	stepIndex
)

// pointer is the JSON Pointer of the node being walked, then suffix.
func (w *strictWalk) pointer(suffix string) string {
	var b strings.Builder
	b.WriteString(w.root)
	for _, s := range w.path {
		b.WriteByte('/')
		b.WriteString(s.kw)
		switch s.kind {
		case stepName:
			b.WriteByte('/')
			b.WriteString(escapePointer(s.name))
		case stepIndex:
			b.WriteByte('/')
			b.WriteString(itoa(s.idx))
		}
	}
	b.WriteString(suffix)
	return b.String()
}

// report records a violation at the node being walked, or at suffix
// inside it ("/format").
func (w *strictWalk) report(suffix, msg string) {
	if len(w.found) >= maxStrictReports {
		w.truncated = true
		return
	}
	w.found = append(w.found, Issue{Path: w.pointer(suffix), Message: msg})
}

// escapePointer escapes a key for a JSON Pointer.
func escapePointer(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}
