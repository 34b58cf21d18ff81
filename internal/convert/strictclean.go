package convert

import (
	"bytes"
	"slices"
	"unicode/utf8"

	"github.com/tooltui/tooltui/internal/rawjson"
)

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
		case kwAnyOf, kwPrefixItems:
			if id == kwAnyOf && depth == 0 {
				return 0, false
			}
			if data[i] != '[' {
				vend = w.skip(data, i)
			} else if vend, ok = w.cleanList(data, i, depth); !ok {
				return 0, false
			}
		case kwProperties, kwDefs, kwDefinitions:
			hasProps = hasProps || id == kwProperties
			if data[i] != '{' {
				vend = w.skip(data, i)
			} else if vend, ok = w.cleanMap(data, i, depth, id == kwProperties); !ok {
				return 0, false
			}
		case kwItems, kwAdditionalProperties:
			if data[i] != '{' {
				vend = w.skip(data, i)
			} else if vend, ok = w.clean(data, i, depth+1); !ok {
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
	if s, isString := stringValue(typ); depth == 0 && (!isString || s != "object") {
		return 0, false
	}
	if f, ok := stringValue(format); ok && !strictFormat(f) {
		return 0, false
	}
	if objectType(typ, hasProps) && (string(addl) != "false" || !w.allRequired(w.keys[depth], required)) {
		return 0, false
	}
	if isRawArray(enum) {
		if strs, chars := w.countEnum(enum); strs > strictBigEnum && chars > strictBigEnumChars {
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
