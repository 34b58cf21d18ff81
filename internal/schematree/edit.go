package schematree

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
)

// The edits of the tree: pure functions from the parameters' bytes to new
// bytes. Only the objects on the way to the change are rewritten (compact);
// every other byte, key order and keyword is kept.
//
// Each edit is written once, against a source: the parameters as bytes
// (the functions here), or a Tree that follows each step of the edit
// without reading the whole schema again (the methods in update.go). Both
// write the same bytes.

// source is what an edit reads and rewrites.
type source interface {
	// params are the parameters as they are now.
	params() []byte
	// value returns the value at ptr.
	value(ptr string) ([]byte, bool)
	// update rewrites the object at ptr as update does.
	update(ptr string, f func(o rawjson.Object) (rawjson.Object, error)) error
	// replace puts new parameters in place, written some other way.
	replace(b []byte)
}

// bytesSource is an edit on the bytes alone.
type bytesSource struct{ b []byte }

func (s *bytesSource) params() []byte                  { return s.b }
func (s *bytesSource) value(ptr string) ([]byte, bool) { return value(s.b, ptr) }
func (s *bytesSource) replace(b []byte)                { s.b = b }
func (s *bytesSource) result(err error) []byte {
	if err != nil {
		return nil
	}
	return s.b
}

func (s *bytesSource) update(ptr string, f func(o rawjson.Object) (rawjson.Object, error)) error {
	out, err := update(s.b, ptr, f)
	if err != nil {
		return err
	}
	s.b = out
	return nil
}

// ErrNotHere means the edit does not apply to that row.
var ErrNotHere = errors.New("not possible on this row")

// value returns the value at ptr inside valid JSON v.
func value(v []byte, ptr string) ([]byte, bool) {
	cur := v
	for _, tok := range Split(ptr) {
		if rawjson.JSONKind(cur) != "object" {
			return nil, false
		}
		next, ok := rawjson.Members(cur).Get(tok)
		if !ok {
			return nil, false
		}
		cur = next
	}
	return cur, true
}

// update returns v with the object at ptr replaced by what f makes of its
// members (f returning nil deletes nothing: it is the new object).
func update(v []byte, ptr string, f func(o rawjson.Object) (rawjson.Object, error)) ([]byte, error) {
	toks := Split(ptr)
	var rec func(cur []byte, i int) ([]byte, error)
	rec = func(cur []byte, i int) ([]byte, error) {
		if rawjson.JSONKind(cur) != "object" {
			return nil, ErrNotHere
		}
		o := rawjson.Members(cur).Clone()
		if i == len(toks) {
			no, err := f(o)
			if err != nil {
				return nil, err
			}
			return no.AppendJSON(nil), nil
		}
		child, ok := o.Get(toks[i])
		if !ok {
			return nil, ErrNotHere
		}
		nc, err := rec(child, i+1)
		if err != nil {
			return nil, err
		}
		o.Set(toks[i], nc)
		return o.AppendJSON(nil), nil
	}
	return rec(emptyAsObject(v), 0)
}

func emptyAsObject(v []byte) []byte {
	if t := bytes.TrimSpace(v); len(t) == 0 || string(t) == "null" {
		return []byte(`{"type":"object","properties":{},"required":[],"additionalProperties":false}`)
	}
	return v
}

// memberOf splits the pointer of a property or definition row.
func memberOf(ptr string) (owner, keyword, name string, ok bool) {
	rest, name := parent(ptr)
	owner, keyword = parent(rest)
	switch keyword {
	case "properties", "$defs", "definitions":
		return owner, keyword, name, rest != ""
	}
	return "", "", "", false
}

// requiredNames reads an object schema's "required".
func requiredNames(o rawjson.Object) []string {
	r, ok := o.Get("required")
	if !ok || rawjson.JSONKind(r) != "array" {
		return nil
	}
	var out []string
	for _, e := range rawjson.Elements(r) {
		if s, ok := rawjson.Unquote(e); ok {
			out = append(out, s)
		}
	}
	return out
}

func stringArray(names []string) json.RawMessage {
	b := []byte{'['}
	for i, n := range names {
		if i > 0 {
			b = append(b, ',')
		}
		b = rawjson.AppendString(b, n)
	}
	return append(b, ']')
}

// NewProperty is the schema a new property starts with: no "description"
// until one is typed (an empty one would be sent with every request).
const NewProperty = `{"type":"string"}`

// AddProperty adds a property named name (a string) to the object schema at
// objPtr, after its last property, and lists it in "required". With strict
// an object without "additionalProperties" gets it false. It returns the
// new row's pointer.
func AddProperty(params []byte, objPtr, name string, strict bool) ([]byte, string, error) {
	s := &bytesSource{b: params}
	ptr, err := addProperty(s, objPtr, name, strict)
	return s.result(err), ptr, err
}

func addProperty(s source, objPtr, name string, strict bool) (string, error) {
	if name == "" {
		return "", errors.New("a property needs a name")
	}
	err := s.update(objPtr, func(o rawjson.Object) (rawjson.Object, error) {
		props, _ := o.Get("properties")
		if props == nil {
			props = json.RawMessage("{}")
		}
		if rawjson.JSONKind(props) != "object" {
			return nil, ErrNotHere
		}
		pm := rawjson.Members(props).Clone()
		if pm.Has(name) {
			return nil, fmt.Errorf("%q is already a property here", name)
		}
		pm = append(pm, rawjson.Member{Key: name, Value: json.RawMessage(NewProperty)})
		if !o.Has("type") {
			o = append(rawjson.Object{{Key: "type", Value: rawjson.String("object")}}, o...)
		}
		o.Set("properties", pm.AppendJSON(nil))
		o.Set("required", stringArray(append(requiredNames(o), name)))
		if strict && !o.Has("additionalProperties") {
			o.Set("additionalProperties", json.RawMessage("false"))
		}
		return o, nil
	})
	return Join(objPtr, "properties", name), err
}

// Delete removes a property (and its "required" entry) or a definition.
func Delete(params []byte, ptr string) ([]byte, error) {
	s := &bytesSource{b: params}
	err := deleteMember(s, ptr)
	return s.result(err), err
}

func deleteMember(s source, ptr string) error {
	owner, kw, name, ok := memberOf(ptr)
	if !ok {
		return ErrNotHere
	}
	return s.update(owner, func(o rawjson.Object) (rawjson.Object, error) {
		m, _ := o.Get(kw)
		mm := rawjson.Members(m).Clone()
		if !mm.Has(name) {
			return nil, ErrNotHere
		}
		mm.Delete(name)
		o.Set(kw, mm.AppendJSON(nil))
		if kw == "properties" && o.Has("required") {
			o.Set("required", stringArray(slices.DeleteFunc(requiredNames(o), func(s string) bool { return s == name })))
		}
		return o, nil
	})
}

// Move moves a property or definition delta places among its siblings
// (and its "required" entry with it); its pointer stays the same.
func Move(params []byte, ptr string, delta int) ([]byte, error) {
	s := &bytesSource{b: params}
	err := move(s, ptr, delta)
	return s.result(err), err
}

func move(s source, ptr string, delta int) error {
	owner, kw, name, ok := memberOf(ptr)
	if !ok {
		return ErrNotHere
	}
	return s.update(owner, func(o rawjson.Object) (rawjson.Object, error) {
		m, _ := o.Get(kw)
		mm := rawjson.Members(m).Clone()
		i := slices.IndexFunc(mm, func(x rawjson.Member) bool { return x.Key == name })
		j := i + delta
		if i < 0 || j < 0 || j >= len(mm) {
			return nil, ErrNotHere
		}
		mm[i], mm[j] = mm[j], mm[i]
		o.Set(kw, mm.AppendJSON(nil))
		if kw == "properties" {
			req := requiredNames(o)
			if a, b := slices.Index(req, mm[i].Key), slices.Index(req, name); a >= 0 && b >= 0 {
				req[a], req[b] = req[b], req[a]
				o.Set("required", stringArray(req))
			}
		}
		return o, nil
	})
}

// Duplicate copies a property or definition under the first free name of
// name_2, name_3, ... right after it, required as the original is, and
// returns the copy's pointer.
func Duplicate(params []byte, ptr string) ([]byte, string, error) {
	s := &bytesSource{b: params}
	np, err := duplicate(s, ptr)
	return s.result(err), np, err
}

func duplicate(s source, ptr string) (string, error) {
	owner, kw, name, ok := memberOf(ptr)
	if !ok {
		return "", ErrNotHere
	}
	var copyName string
	err := s.update(owner, func(o rawjson.Object) (rawjson.Object, error) {
		m, _ := o.Get(kw)
		mm := rawjson.Members(m).Clone()
		i := slices.IndexFunc(mm, func(x rawjson.Member) bool { return x.Key == name })
		if i < 0 {
			return nil, ErrNotHere
		}
		copyName = model.UniqueName(name, mm.Has)
		mm = slices.Insert(mm, i+1, rawjson.Member{Key: copyName, Value: mm[i].Value})
		o.Set(kw, mm.AppendJSON(nil))
		if req := requiredNames(o); kw == "properties" && slices.Contains(req, name) {
			o.Set("required", stringArray(append(req, copyName)))
		}
		return o, nil
	})
	return Join(owner, kw, copyName), err
}

// Rename renames a property (its "required" entry follows) or a
// definition (every local "$ref" to it follows) and returns its pointer.
func Rename(params []byte, ptr, to string) ([]byte, string, error) {
	s := &bytesSource{b: params}
	np, err := rename(s, ptr, to)
	if err != nil {
		return nil, "", err
	}
	return s.b, np, nil
}

func rename(s source, ptr, to string) (string, error) {
	owner, kw, name, ok := memberOf(ptr)
	if !ok {
		return "", ErrNotHere
	}
	if to == "" {
		return "", errors.New("a name cannot be empty")
	}
	if to == name {
		return ptr, nil
	}
	err := s.update(owner, func(o rawjson.Object) (rawjson.Object, error) {
		m, _ := o.Get(kw)
		mm := rawjson.Members(m).Clone()
		if mm.Has(to) {
			return nil, fmt.Errorf("%q is already used here", to)
		}
		i := slices.IndexFunc(mm, func(x rawjson.Member) bool { return x.Key == name })
		if i < 0 {
			return nil, ErrNotHere
		}
		mm[i].Key = to
		o.Set(kw, mm.AppendJSON(nil))
		if kw == "properties" {
			req := requiredNames(o)
			if j := slices.Index(req, name); j >= 0 {
				req[j] = to
				o.Set("required", stringArray(req))
			}
		}
		return o, nil
	})
	if err != nil {
		return "", err
	}
	if kw != "properties" {
		s.replace(renameRefs(s.params(), "#"+Join(owner, kw, name), "#"+Join(owner, kw, to)))
	}
	return Join(owner, kw, to), nil
}

// renameRefs rewrites every "$ref" equal to from (or below it) to to.
func renameRefs(v []byte, from, to string) []byte {
	switch rawjson.JSONKind(v) {
	case "object":
		o := rawjson.Members(v).Clone()
		for i, m := range o {
			if m.Key == "$ref" {
				if s, ok := rawjson.Unquote(m.Value); ok && (s == from || len(s) > len(from) && s[:len(from)+1] == from+"/") {
					o[i].Value = rawjson.String(to + s[len(from):])
				}
				continue
			}
			o[i].Value = renameRefs(m.Value, from, to)
		}
		return o.AppendJSON(nil)
	case "array":
		els := rawjson.Elements(v)
		b := []byte{'['}
		for i, e := range els {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, renameRefs(e, from, to)...)
		}
		return append(b, ']')
	}
	return v
}

// ToggleRequired makes an optional property required or a required one
// optional. With strict, where every property must be required, optional
// means required and nullable: it toggles whether the property takes null.
func ToggleRequired(params []byte, ptr string, strict bool) ([]byte, error) {
	s := &bytesSource{b: params}
	err := toggleRequired(s, ptr, strict)
	return s.result(err), err
}

func toggleRequired(s source, ptr string, strict bool) error {
	owner, kw, name, ok := memberOf(ptr)
	if !ok || kw != "properties" {
		return ErrNotHere
	}
	if strict {
		cur, _ := s.value(ptr)
		isNull := rawjson.JSONKind(cur) == "object" && typeOf(rawjson.Members(cur)).Nullable
		if err := setNullable(s, ptr, !isNull); err != nil {
			return err
		}
		return s.update(owner, func(o rawjson.Object) (rawjson.Object, error) {
			if req := requiredNames(o); !slices.Contains(req, name) {
				o.Set("required", stringArray(append(req, name)))
			}
			return o, nil
		})
	}
	return s.update(owner, func(o rawjson.Object) (rawjson.Object, error) {
		req := requiredNames(o)
		if j := slices.Index(req, name); j >= 0 {
			req = slices.Delete(req, j, j+1)
		} else {
			req = append(req, name)
		}
		o.Set("required", stringArray(req))
		return o, nil
	})
}

// SetNullable makes the schema at ptr take null as well (or no longer):
// "null" in its type array, or a {"type":"null"} branch of its anyOf.
func SetNullable(params []byte, ptr string, on bool) ([]byte, error) {
	s := &bytesSource{b: params}
	err := setNullable(s, ptr, on)
	return s.result(err), err
}

func setNullable(s source, ptr string, on bool) error {
	return s.update(ptr, func(o rawjson.Object) (rawjson.Object, error) {
		if br, ok := o.Get("anyOf"); ok && rawjson.JSONKind(br) == "array" {
			var kept [][]byte
			for _, e := range rawjson.Elements(br) {
				if !isNullSchema(e) {
					kept = append(kept, e)
				}
			}
			if on {
				kept = append(kept, []byte(`{"type":"null"}`))
			}
			o.Set("anyOf", append(append([]byte{'['}, bytes.Join(kept, []byte{','})...), ']'))
			return o, nil
		}
		names := typeNames(o)
		if len(names) == 0 {
			return nil, errors.New("give the property a type first")
		}
		names = slices.DeleteFunc(names, func(s string) bool { return s == "null" })
		if on {
			names = append(names, "null")
		}
		o.Set("type", typeValue(names))
		if e, ok := o.Get("enum"); ok && rawjson.JSONKind(e) == "array" {
			o.Set("enum", enumWithNull(e, on))
		}
		return o, nil
	})
}

// typeNames reads "type" as a list.
func typeNames(o rawjson.Object) []string {
	t, ok := o.Get("type")
	if !ok {
		return nil
	}
	if s, ok := rawjson.Unquote(t); ok {
		return []string{s}
	}
	var out []string
	if rawjson.JSONKind(t) == "array" {
		for _, e := range rawjson.Elements(t) {
			if s, ok := rawjson.Unquote(e); ok {
				out = append(out, s)
			}
		}
	}
	return out
}

func typeValue(names []string) json.RawMessage {
	if len(names) == 1 {
		return rawjson.String(names[0])
	}
	return stringArray(names)
}

// enumWithNull adds null to an enum's values, or takes it out.
func enumWithNull(e []byte, on bool) json.RawMessage {
	var kept [][]byte
	for _, v := range rawjson.Elements(e) {
		if string(v) != "null" {
			kept = append(kept, v)
		}
	}
	if on {
		kept = append(kept, []byte("null"))
	}
	return append(append([]byte{'['}, bytes.Join(kept, []byte{','})...), ']')
}

// SetType gives the schema at ptr one of Types, keeping whether it takes
// null and its description. Keywords of the old type that the new one has
// no use for go (properties, required and additionalProperties of an
// object, items of an array, enum values); an object starts empty (closed
// with strict), an array with string items, an enum with one value.
func SetType(params []byte, ptr, typ string, strict bool) ([]byte, error) {
	s := &bytesSource{b: params}
	err := setType(s, ptr, typ, strict)
	return s.result(err), err
}

func setType(s source, ptr, typ string, strict bool) error {
	if !slices.Contains(Types, typ) {
		return fmt.Errorf("unknown type %q", typ)
	}
	return s.update(ptr, func(o rawjson.Object) (rawjson.Object, error) {
		nullable := slices.Contains(typeNames(o), "null")
		base := typ
		if typ == "enum" {
			base = "string"
		}
		names := []string{base}
		if nullable {
			names = append(names, "null")
		}
		for _, k := range []string{"$ref", "anyOf", "oneOf", "const"} {
			o.Delete(k)
		}
		if typ != "object" {
			o.Delete("properties")
			o.Delete("required")
			o.Delete("additionalProperties")
		}
		if typ != "array" {
			o.Delete("items")
		}
		if typ != "enum" {
			o.Delete("enum")
		}
		if typ != "string" && typ != "enum" {
			o.Delete("pattern")
			o.Delete("format")
		}
		if typ != "number" && typ != "integer" {
			o.Delete("minimum")
			o.Delete("maximum")
		}
		if o.Has("type") {
			o.Set("type", typeValue(names))
		} else {
			o = append(rawjson.Object{{Key: "type", Value: typeValue(names)}}, o...)
		}
		switch typ {
		case "object":
			if !o.Has("properties") {
				o.Set("properties", json.RawMessage("{}"))
				o.Set("required", json.RawMessage("[]"))
			}
			if strict && !o.Has("additionalProperties") {
				o.Set("additionalProperties", json.RawMessage("false"))
			}
		case "array":
			if !o.Has("items") {
				o.Set("items", json.RawMessage(`{"type":"string"}`))
			}
		case "enum":
			if !o.Has("enum") {
				vals := `["value"]`
				if nullable {
					vals = `["value",null]`
				}
				o.Set("enum", json.RawMessage(vals))
			}
		}
		return o, nil
	})
}

// NextType is the type after (delta 1) or before (-1) the row's in Types.
func NextType(n *Node, delta int) string {
	cur := n.Type.Base
	if _, ok := n.Get("enum"); ok {
		cur = "enum"
	}
	i := slices.Index(Types, cur)
	if i < 0 {
		if delta > 0 {
			return Types[0]
		}
		return Types[len(Types)-1]
	}
	return Types[(i+delta+len(Types))%len(Types)]
}

// SetKeyword sets (v nil removes) one keyword of the schema at ptr.
func SetKeyword(params []byte, ptr, key string, v json.RawMessage) ([]byte, error) {
	s := &bytesSource{b: params}
	err := setKeyword(s, ptr, key, v)
	return s.result(err), err
}

func setKeyword(s source, ptr, key string, v json.RawMessage) error {
	return s.update(ptr, func(o rawjson.Object) (rawjson.Object, error) {
		if v == nil {
			o.Delete(key)
		} else {
			o.Set(key, v)
		}
		return o, nil
	})
}
