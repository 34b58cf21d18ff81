package bridge

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// DropNulls returns the arguments of a call without the nulls strict mode
// makes a model send for the optional properties it leaves out: a member
// whose value is null, that the schema (the tool's inputSchema as its MCP
// server lists it) does not require, and whose own schema does not accept
// null. It looks into nested objects and arrays as the schema describes
// them, and names what it dropped ("head", "options.depth",
// "files[2].mode"). Everything else is kept byte for byte; args that are
// not a JSON object come back as they are.
func DropNulls(schema, args []byte) ([]byte, []string) {
	var root any
	dec := json.NewDecoder(bytes.NewReader(schema))
	dec.UseNumber()
	if dec.Decode(&root) != nil || rawjson.JSONKind(args) != "object" || !rawjson.Valid(args) {
		return args, nil
	}
	w := &walker{root: root}
	out := w.value(root, bytes.TrimSpace(args), "", 0)
	return out, w.dropped
}

type walker struct {
	root    any
	dropped []string
}

// maxDepth bounds the walk through a schema's references and nesting.
const maxDepth = 64

// resolve follows a schema's local "$ref" ("#/$defs/x", "#/definitions/x").
func (w *walker) resolve(s any) any {
	for range maxDepth {
		m, ok := s.(map[string]any)
		if !ok {
			return s
		}
		ref, ok := m["$ref"].(string)
		if !ok {
			return s
		}
		target, ok := w.pointer(ref)
		if !ok {
			return s
		}
		s = target
	}
	return s
}

// pointer finds a "#/…" JSON Pointer in the root schema.
func (w *walker) pointer(ref string) (any, bool) {
	p, ok := strings.CutPrefix(ref, "#")
	if !ok {
		return nil, false
	}
	cur := w.root
	if p == "" {
		return cur, true
	}
	p, ok = strings.CutPrefix(p, "/")
	if !ok {
		return nil, false
	}
	for _, tok := range strings.Split(p, "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch c := cur.(type) {
		case map[string]any:
			if cur, ok = c[tok]; !ok {
				return nil, false
			}
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(c) {
				return nil, false
			}
			cur = c[i]
		default:
			return nil, false
		}
	}
	return cur, true
}

// acceptsNull reports whether null is valid against schema s, as far as
// its type, enum, const and combinators say. An unknown or empty schema
// accepts it.
func (w *walker) acceptsNull(s any, depth int) bool {
	if depth > maxDepth {
		return true
	}
	s = w.resolve(s)
	switch s := s.(type) {
	case bool:
		return s
	case map[string]any:
		if n, _ := s["nullable"].(bool); n {
			return true // OpenAPI's spelling, which some validators take
		}
		switch t := s["type"].(type) {
		case string:
			if t != "null" {
				return false
			}
		case []any:
			if !hasValue(t, "null") {
				return false
			}
		}
		if e, ok := s["enum"].([]any); ok && !hasValue(e, nil) {
			return false
		}
		if c, ok := s["const"]; ok && c != nil {
			return false
		}
		for _, k := range []string{"anyOf", "oneOf"} {
			if branches, ok := s[k].([]any); ok && len(branches) > 0 {
				accepts := false
				for _, b := range branches {
					if w.acceptsNull(b, depth+1) {
						accepts = true
						break
					}
				}
				if !accepts {
					return false
				}
			}
		}
		if branches, ok := s["allOf"].([]any); ok {
			for _, b := range branches {
				if !w.acceptsNull(b, depth+1) {
					return false
				}
			}
		}
	}
	return true
}

func hasValue(list []any, v any) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// objectParts are the properties and required names of an object schema,
// with those of its allOf branches.
func (w *walker) objectParts(s any, depth int) (map[string]any, map[string]bool) {
	props, required := map[string]any{}, map[string]bool{}
	var collect func(s any, depth int)
	collect = func(s any, depth int) {
		m, ok := w.resolve(s).(map[string]any)
		if !ok || depth > maxDepth {
			return
		}
		if ps, ok := m["properties"].(map[string]any); ok {
			for k, v := range ps {
				if _, seen := props[k]; !seen {
					props[k] = v
				}
			}
		}
		if rs, ok := m["required"].([]any); ok {
			for _, r := range rs {
				if name, ok := r.(string); ok {
					required[name] = true
				}
			}
		}
		if branches, ok := m["allOf"].([]any); ok {
			for _, b := range branches {
				collect(b, depth+1)
			}
		}
	}
	collect(s, depth)
	return props, required
}

// value returns v (valid JSON) without the droppable nulls inside it.
func (w *walker) value(s any, v []byte, path string, depth int) []byte {
	if depth > maxDepth {
		return v
	}
	switch rawjson.JSONKind(v) {
	case "object":
		props, required := w.objectParts(s, depth)
		if len(props) == 0 {
			return v
		}
		o := rawjson.Members(v)
		out := make(rawjson.Object, 0, len(o))
		changed := false
		for _, m := range o {
			ps, known := props[m.Key]
			val := bytes.TrimSpace(m.Value)
			if !known {
				out = append(out, m)
				continue
			}
			if string(val) == "null" && !required[m.Key] && !w.acceptsNull(ps, depth+1) {
				w.dropped = append(w.dropped, join(path, m.Key))
				changed = true
				continue
			}
			nv := w.value(ps, val, join(path, m.Key), depth+1)
			if !bytes.Equal(nv, val) {
				changed = true
				m.Value = nv
			}
			out = append(out, m)
		}
		if !changed {
			return v
		}
		return out.AppendJSON(nil)
	case "array":
		m, ok := w.resolve(s).(map[string]any)
		if !ok {
			return v
		}
		items, ok := m["items"]
		if !ok {
			return v
		}
		els := rawjson.Elements(v)
		changed := false
		b := []byte{'['}
		for i, e := range els {
			e = bytes.TrimSpace(e)
			ne := w.value(items, e, path+"["+strconv.Itoa(i)+"]", depth+1)
			if !bytes.Equal(ne, e) {
				changed = true
			}
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, ne...)
		}
		if !changed {
			return v
		}
		return append(b, ']')
	}
	return v
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}
