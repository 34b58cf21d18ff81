package convert

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// StrictRepair returns parameters made strict-compatible the way OpenAI's
// guide recommends, keeping what they mean: every object schema gets
// "additionalProperties": false, "required" drops names that are not
// properties, and each property it left out is added to it and made
// nullable ("type": ["string", "null"], or anyOf with {"type": "null"}
// for a $ref, an enum, a const or a schema without a type), so a model may
// still leave it empty. Key order and every other keyword are kept.
//
// ok is false when the result still breaks a strict-mode rule that has no
// repair keeping the meaning (an unsupported keyword, additionalProperties
// that allows keys, a root that is not an object, a limit): strict mode
// cannot take the schema, and strict false is the way out.
func StrictRepair(params []byte) (fixed json.RawMessage, ok bool) {
	fixed, ok, _ = StrictRepairChanges(params)
	return fixed, ok
}

// StrictRepairChanges is StrictRepair that also says what it changed,
// one change a line, each at the JSON Pointer of its schema under
// "/parameters": every "additionalProperties": false added, every
// property made required and nullable (which changes what the tool
// receives: a model in strict mode sends null for a value it leaves
// out), every name dropped from "required" because no property has it.
func StrictRepairChanges(params []byte) (fixed json.RawMessage, ok bool, changes []string) {
	params = bytes.TrimSpace(params)
	if rawjson.CheckJSON(params) != nil || rawjson.JSONKind(params) != "object" {
		return nil, false, nil
	}
	r := &repairer{}
	fixed = r.schema(params, "/parameters", 0)
	if root := rawjson.Members(fixed); root.Has("properties") && !root.Has("type") {
		fixed = append(rawjson.Object{{Key: "type", Value: rawjson.String("object")}}, root...).AppendJSON(nil)
		r.changes = append([]string{`/parameters/type: add "object"`}, r.changes...)
	}
	var w strictWalk
	w.walkRaw(fixed, "/parameters", 0)
	w.finish("/parameters")
	return fixed, len(w.found) == 0, r.changes
}

// repairer repairs schemas and records what it changed.
type repairer struct{ changes []string }

func (r *repairer) note(path, format string, a ...any) {
	r.changes = append(r.changes, path+": "+fmt.Sprintf(format, a...))
}

// schema repairs one schema, at path, and the schemas inside it.
func (r *repairer) schema(v []byte, path string, depth int) []byte {
	if rawjson.JSONKind(v) != "object" || depth > maxDepth {
		return v
	}
	o := rawjson.Members(v)
	for i, m := range o {
		at := path + "/" + pointerToken(m.Key)
		switch m.Key {
		case "properties", "$defs", "definitions":
			if rawjson.JSONKind(m.Value) == "object" {
				o[i].Value = r.schemaMap(m.Value, at, depth)
			}
		case "items", "additionalProperties", "not":
			o[i].Value = r.schema(m.Value, at, depth+1)
		case "anyOf", "oneOf", "allOf", "prefixItems":
			if rawjson.JSONKind(m.Value) == "array" {
				o[i].Value = r.schemaList(m.Value, at, depth)
			}
		}
	}
	if isObjectSchema(o) {
		r.object(&o, path)
	}
	return o.AppendJSON(nil)
}

func (r *repairer) schemaMap(v []byte, path string, depth int) []byte {
	o := rawjson.Members(v)
	for i, m := range o {
		o[i].Value = r.schema(m.Value, path+"/"+pointerToken(m.Key), depth+1)
	}
	return o.AppendJSON(nil)
}

func (r *repairer) schemaList(v []byte, path string, depth int) []byte {
	out := []byte{'['}
	for i, el := range rawjson.Elements(v) {
		if i > 0 {
			out = append(out, ',')
		}
		out = append(out, r.schema(el, path+"/"+itoa(i), depth+1)...)
	}
	return append(out, ']')
}

// isObjectSchema reports whether a schema describes an object: its type is
// (or includes) "object", or it has properties.
func isObjectSchema(o rawjson.Object) bool {
	if o.Has("properties") {
		return true
	}
	t, ok := o.Get("type")
	if !ok {
		return false
	}
	if s, isStr := rawjson.Unquote(t); isStr {
		return s == "object"
	}
	if rawjson.JSONKind(t) == "array" {
		return slices.Contains(stringElements(t), "object")
	}
	return false
}

// object closes an object schema and requires all its properties, the
// ones it did not require made nullable. Each change is named at the
// pointer of the member it changes.
func (r *repairer) object(o *rawjson.Object, path string) {
	if !o.Has("additionalProperties") {
		o.Set("additionalProperties", json.RawMessage("false"))
		r.note(path+"/additionalProperties", "add false (the model may send no key the schema does not list)")
	}
	props, _ := o.Get("properties")
	if rawjson.JSONKind(props) != "object" {
		if !o.Has("properties") {
			return
		}
		props = nil
	}
	members := rawjson.Members(props)
	names := make(map[string]bool, len(members))
	for _, m := range members {
		names[m.Key] = true
	}
	var required, dropped, repeated, made []string
	had := map[string]bool{}
	req, hasReq := o.Get("required")
	others := 0 // elements of "required" that are not strings
	if hasReq && rawjson.JSONKind(req) == "array" {
		for _, el := range rawjson.Elements(req) {
			s, ok := rawjson.Unquote(el)
			switch {
			case !ok:
				others++
			case names[s] && !had[s]:
				required = append(required, s)
				had[s] = true
			case names[s]:
				repeated = appendNew(repeated, s)
			default:
				dropped = appendNew(dropped, s)
			}
		}
	}
	changed := false
	for i, m := range members {
		if !had[m.Key] {
			members[i].Value = nullable(m.Value)
			required = append(required, m.Key)
			made = append(made, m.Key)
			changed = true
		}
	}
	if changed {
		o.Set("properties", members.AppendJSON(nil))
	}
	at := path + "/required"
	switch {
	case !hasReq && len(made) == 0:
		r.note(at, `add [] (strict mode needs "required" on every object, even with no property in it)`)
	case !hasReq:
		r.note(at, "add, listing %s (strict mode needs every property listed)", quotedList(made, "and"))
	case rawjson.JSONKind(req) != "array":
		r.note(at, "replace %s with a list of the properties (strict mode needs every property listed)", compactText(req))
	case len(made) > 0:
		r.note(at, "add %s (strict mode needs every property listed)", quotedList(made, "and"))
	}
	for _, m := range made {
		r.note(path+"/properties/"+pointerToken(m), "make it nullable: the tool then receives null, not a missing key, when the model leaves it out")
	}
	if len(dropped) > 0 {
		r.note(at, "drop %s: no property has %s name", quotedList(dropped, "and"), possessive(len(dropped)))
	}
	if len(repeated) > 0 {
		r.note(at, "drop the repeated %s", quotedList(repeated, "and"))
	}
	if others > 0 && rawjson.JSONKind(req) == "array" {
		r.note(at, "drop %d %s that %s not a property name", others, plural(others, "value", "values"), plural(others, "is", "are"))
	}
	list := []byte{'['}
	for i, s := range required {
		if i > 0 {
			list = append(list, ',')
		}
		list = rawjson.AppendString(list, s)
	}
	o.Set("required", append(list, ']'))
}

// nullable returns a property schema that also takes null.
// appendToArray is a new JSON array: the elements of arr, then v. It
// never writes into arr's bytes, which belong to the document.
func appendToArray(arr []byte, v string) []byte {
	elems := rawjson.Elements(arr)
	out := make([]byte, 0, len(arr)+len(v)+2)
	out = append(out, '[')
	for _, e := range elems {
		out = append(out, bytes.TrimSpace(e)...)
		out = append(out, ',')
	}
	out = append(out, v...)
	return append(out, ']')
}

func nullable(v []byte) []byte {
	if rawjson.JSONKind(v) != "object" {
		return v
	}
	o := rawjson.Members(v)
	if takesNull(o) {
		return v
	}
	t, hasType := o.Get("type")
	if !o.Has("$ref") && !o.Has("enum") && !o.Has("const") && !o.Has("anyOf") && hasType {
		if s, ok := rawjson.Unquote(t); ok {
			o.Set("type", append(append(append([]byte{'['}, rawjson.String(s)...), `,"null"`...), ']'))
			return o.AppendJSON(nil)
		}
		if rawjson.JSONKind(t) == "array" {
			o.Set("type", appendToArray(t, `"null"`))
			return o.AppendJSON(nil)
		}
	}
	if branches, ok := o.Get("anyOf"); ok && rawjson.JSONKind(branches) == "array" && len(o) == 1 {
		o.Set("anyOf", appendToArray(branches, `{"type":"null"}`))
		return o.AppendJSON(nil)
	}
	// Wrap it, the description staying on the outside where a reader
	// looks for it.
	wrap := rawjson.Object{}
	if d, ok := o.Get("description"); ok && !o.Has("$ref") {
		wrap = append(wrap, rawjson.Member{Key: "description", Value: d})
		o.Delete("description")
	}
	branch := append(append([]byte{'['}, o.AppendJSON(nil)...), `,{"type":"null"}]`...)
	wrap = append(wrap, rawjson.Member{Key: "anyOf", Value: branch})
	return wrap.AppendJSON(nil)
}

// takesNull reports whether a schema already admits null.
func takesNull(o rawjson.Object) bool {
	if t, ok := o.Get("type"); ok {
		if s, isStr := rawjson.Unquote(t); isStr {
			return s == "null"
		}
		if rawjson.JSONKind(t) == "array" && slices.Contains(stringElements(t), "null") {
			return true
		}
	}
	if b, ok := o.Get("anyOf"); ok && rawjson.JSONKind(b) == "array" {
		for _, el := range rawjson.Elements(b) {
			if rawjson.JSONKind(el) == "object" && takesNull(rawjson.Members(el)) {
				return true
			}
		}
	}
	return false
}

// stringElements are the string elements of a valid JSON array.
func stringElements(v []byte) []string {
	var out []string
	for _, el := range rawjson.Elements(v) {
		if s, ok := rawjson.Unquote(el); ok {
			out = append(out, s)
		}
	}
	return out
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func possessive(n int) string {
	if n == 1 {
		return "that"
	}
	return "such a"
}
