package convert

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/tooltui/tooltui/internal/model"
)

// maxStrictReports caps the strict-mode violations listed for one schema.
const maxStrictReports = 20

// strictIssues checks a function's parameters against the rules of strict
// mode: every object schema has "additionalProperties": false and lists all
// its properties in "required". With strict true a violation leaves the
// function out (the API rejects it); with strict absent the API tries to
// normalise the schema, which is worth a warning; strict false opts out.
func strictIssues(found []Issue, strict *bool) []Issue {
	if strict != nil && !*strict {
		return nil
	}
	if len(found) == 0 {
		return nil
	}
	w := strictWalk{found: found}
	if strict == nil {
		first := w.found[0]
		more := ""
		if n := len(w.found) - 1; n > 0 {
			more = fmt.Sprintf(" and %d more", n)
		}
		return []Issue{{Path: "/parameters", Message: fmt.Sprintf(
			"strict is not set, so the Responses API will try to normalise this schema into strict mode, but it is not strict-compatible (%s: %s%s); set strict to false to opt out",
			first.Path, first.Message, more)}}
	}
	out := make([]Issue, 0, len(w.found))
	for _, f := range w.found {
		f.Fatal = true
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
	key        string // the schema's bytes; the map key of both generations
	strictOnce sync.Once
	strict     []Issue
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
		w.walkRaw(bytes.TrimSpace([]byte(si.key)), "/parameters", 0)
		si.strict = w.found
	})
	return si.strict
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
// duplicate replaces an earlier one, as when decoding into a map.
func rawMembers(obj []byte) []rawMember {
	var out []rawMember
	var index map[string]int // for long objects: where each key is in out
	for _, m := range model.Members(obj) {
		j := -1
		if index != nil {
			if k, ok := index[m.Key]; ok {
				j = k
			}
		} else {
			for k := range out {
				if out[k].key == m.Key {
					j = k
				}
			}
		}
		if j >= 0 {
			out[j].val = m.Value
			continue
		}
		out = append(out, rawMember{m.Key, m.Value})
		if index == nil && len(out) > 16 {
			index = make(map[string]int, 64)
			for k, m := range out {
				index[m.key] = k
			}
		} else if index != nil {
			index[m.Key] = len(out) - 1
		}
	}
	return out
}

func isRawObject(v []byte) bool { return len(v) > 0 && v[0] == '{' }
func isRawArray(v []byte) bool  { return len(v) > 0 && v[0] == '[' }

// walkRaw is walk over the text of a schema.
func (w *strictWalk) walkRaw(v []byte, path string, depth int) {
	if len(w.found) >= maxStrictReports || !isRawObject(v) {
		return
	}
	if depth >= maxDepth {
		w.report(path, fmt.Sprintf("nests deeper than %d levels; not checked further", maxDepth))
		return
	}
	var typ, props, required, addl []byte
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
		}
	}
	var propMembers []rawMember
	hasProps := isRawObject(props)
	if hasProps {
		propMembers = rawMembers(props)
	}
	isObject := hasPropsKey
	if s, ok := model.Unquote(typ); ok {
		isObject = s == "object"
	} else if isRawArray(typ) {
		isObject = false
		for _, e := range model.Elements(typ) {
			if s, ok := model.Unquote(e); ok && s == "object" {
				isObject = true
			}
		}
	}
	if isObject {
		if s := string(addl); s != "false" {
			w.report(path, `an object schema needs "additionalProperties": false`)
		}
		if hasProps {
			req := map[string]bool{}
			if isRawArray(required) {
				for _, e := range model.Elements(required) {
					if s, ok := model.Unquote(e); ok {
						req[s] = true
					}
				}
			}
			var missing []string
			for _, m := range propMembers {
				if !req[m.key] {
					missing = append(missing, fmt.Sprintf("%q", m.key))
				}
			}
			if len(missing) > 0 {
				sort.Strings(missing)
				w.report(path, "every property must be listed in \"required\"; missing "+strings.Join(missing, ", "))
			}
		}
	}
	walkSorted := func(ms []rawMember, prefix string) {
		sort.Slice(ms, func(i, j int) bool { return ms[i].key < ms[j].key })
		for _, m := range ms {
			w.walkRaw(m.val, prefix+escapePointer(m.key), depth+1)
		}
	}
	walkSorted(propMembers, path+"/properties/")
	for _, key := range [...]string{"$defs", "definitions"} {
		if defs := get(key); isRawObject(defs) {
			walkSorted(rawMembers(defs), path+"/"+key+"/")
		}
	}
	for _, key := range [...]string{"anyOf", "oneOf", "allOf", "prefixItems"} {
		if list := get(key); isRawArray(list) {
			for i, s := range model.Elements(list) {
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

type strictWalk struct {
	found     []Issue
	truncated bool
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
