package convert

import (
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// nestedUnknownKeys warns about keys, at any depth below v's top level
// (and at the top level too when top is set), that the schema of the
// object holding them does not define: web_search's
// filters.blocked_domains, a typo in ranking_options or user_location, an
// extra key in a tool_choice object. schema is a node of the embedded
// document (a $defs entry).
//
// An object is checked against every schema that may apply to it: $ref is
// followed, the branches of anyOf, oneOf and allOf are all taken, and a
// branch is set aside when the value's JSON type or its "type" member
// rules it out. A key is unknown when none of them defines it and none
// takes other keys. A schema with "additionalProperties": false is left
// to the validator, which refuses such a key; one without properties, or
// with an empty "properties" (a placeholder for any object, such as a
// JSON Schema), takes any key.
func (s *schemaSet) nestedUnknownKeys(schema any, v any, top bool) []Issue {
	if obj, ok := v.(map[string]any); ok && !top && !hasContainer(obj) {
		return nil // nothing below the top level
	}
	defs, _ := s.doc["$defs"].(map[string]any)
	k := keyWalk{defs: defs}
	k.walk([]any{schema}, v, top)
	return k.issues
}

type keyWalk struct {
	defs   map[string]any
	path   []string
	issues []Issue
}

// maxKeyReports caps the unknown keys reported for one value.
const maxKeyReports = 20

func (k *keyWalk) walk(schemas []any, v any, check bool) {
	if len(schemas) == 0 || len(k.path) >= entryDepthLimit || len(k.issues) >= maxKeyReports {
		return
	}
	switch val := v.(type) {
	case map[string]any:
		cands := k.expand(schemas, v, nil, 0)
		if len(cands) == 0 {
			return
		}
		open, checkable := false, false
		var rest []any // the schemas of keys no candidate names
		for _, c := range cands {
			props, _ := c["properties"].(map[string]any)
			switch ap := c["additionalProperties"].(type) {
			case bool:
				open = open || ap
			case map[string]any:
				open = true
				rest = append(rest, ap)
			case nil:
				if len(props) == 0 {
					open = true
				} else {
					checkable = true
				}
			}
		}
		for _, key := range slices.Sorted(maps.Keys(val)) {
			var child []any
			for _, c := range cands {
				if props, ok := c["properties"].(map[string]any); ok {
					if cs, ok := props[key]; ok {
						child = append(child, cs)
					}
				}
			}
			if child == nil {
				child = rest
				if check && !open && checkable && len(k.issues) < maxKeyReports {
					ptr := pointerOf(append(k.path, key))
					k.issues = append(k.issues, Issue{
						Path:    ptr,
						Message: unknownKeyMessage(cands),
						Fixes:   []Fix{{Kind: FixDropKey, At: ptr}},
					})
				}
			}
			k.path = append(k.path, key)
			k.walk(child, val[key], true)
			k.path = k.path[:len(k.path)-1]
		}
	case []any:
		var child []any
		for _, c := range k.expand(schemas, v, nil, 0) {
			if it, ok := c["items"]; ok {
				child = append(child, it)
			}
		}
		for i, x := range val {
			k.path = append(k.path, strconv.Itoa(i))
			k.walk(child, x, true)
			k.path = k.path[:len(k.path)-1]
		}
	}
}

// unknownKeyMessage says which keys the schemas define.
func unknownKeyMessage(cands []map[string]any) string {
	var names []string
	for _, c := range cands {
		if props, ok := c["properties"].(map[string]any); ok {
			for name := range props {
				names = appendNew(names, name)
			}
		}
	}
	slices.Sort(names)
	return "unknown key; the spec defines only " + quotedList(names, "and") + " here; the API may reject it"
}

// maxExpand bounds how many $ref and anyOf/oneOf/allOf steps expand takes
// for one value (the document's references are not cyclic without an
// object in between, but nothing depends on that).
const maxExpand = 16

// expand collects the schemas among schemas (following $ref and every
// branch of anyOf, oneOf and allOf) that may describe v: those whose
// "type" admits v's JSON type and, for an object with a string "type"
// member, whose own "type" property admits that value.
func (k *keyWalk) expand(schemas []any, v any, out []map[string]any, steps int) []map[string]any {
	for _, sc := range schemas {
		node, ok := sc.(map[string]any)
		if !ok {
			continue
		}
		if ref, ok := node["$ref"].(string); ok {
			if steps < maxExpand {
				if target, ok := k.defs[strings.TrimPrefix(ref, "#/$defs/")]; ok && strings.HasPrefix(ref, "#/$defs/") {
					out = k.expand([]any{target}, v, out, steps+1)
				}
			}
			continue
		}
		branched := false
		for _, kw := range [...]string{"anyOf", "oneOf", "allOf"} {
			if list, ok := node[kw].([]any); ok {
				branched = true
				if steps < maxExpand {
					out = k.expand(list, v, out, steps+1)
				}
			}
		}
		if branched && node["type"] == nil && node["properties"] == nil {
			continue
		}
		if admitsType(node["type"], v) && admitsTypeMember(node, v) {
			out = append(out, node)
		}
	}
	return out
}

// admitsType reports whether a schema's "type" (absent, a name or a list)
// admits v.
func admitsType(t any, v any) bool {
	var got []string
	switch v.(type) {
	case map[string]any:
		got = []string{"object"}
	case []any:
		got = []string{"array"}
	case string:
		got = []string{"string"}
	case bool:
		got = []string{"boolean"}
	case nil:
		got = []string{"null"}
	case json.Number:
		got = []string{"number", "integer"}
	default:
		return true
	}
	switch t := t.(type) {
	case nil:
		return true
	case string:
		return slices.Contains(got, t)
	case []any:
		for _, x := range t {
			if s, ok := x.(string); ok && slices.Contains(got, s) {
				return true
			}
		}
		return false
	}
	return true
}

// admitsTypeMember reports whether an object schema's "type" property
// (an enum or a const, the spec's discriminator) admits the object's
// "type" member.
func admitsTypeMember(node map[string]any, v any) bool {
	obj, ok := v.(map[string]any)
	if !ok {
		return true
	}
	want, ok := obj["type"].(string)
	if !ok {
		return true
	}
	props, _ := node["properties"].(map[string]any)
	tp, _ := props["type"].(map[string]any)
	if tp == nil {
		return true
	}
	if c, ok := tp["const"]; ok {
		return c == want
	}
	if list, ok := tp["enum"].([]any); ok {
		return slices.Contains(list, any(want))
	}
	return true
}

// hasContainer reports whether an object has an object or array member
// (other than an empty object, as a function's parameters are passed).
func hasContainer(obj map[string]any) bool {
	for _, x := range obj {
		switch x := x.(type) {
		case map[string]any:
			if len(x) > 0 {
				return true
			}
		case []any:
			return true
		}
	}
	return false
}
