// Package schematree reads a function's parameters (a JSON Schema) as a
// tree of rows, one per schema: the root object, each property, an array's
// items, each branch of an anyOf or oneOf, each definition of $defs. It
// edits the schema through pure functions that take the schema's bytes and
// return new bytes, touching only the objects on the way to the change:
// key order, numbers and every keyword the tree does not edit are kept
// byte for byte.
//
// It also proposes a schema from an example of arguments (Infer) and
// writes an example of arguments that fits a schema (Example).
package schematree

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// Role is what a row's schema is to its parent.
type Role int

const (
	// Root is the parameters schema itself.
	Root Role = iota
	// Property is a member of an object schema's "properties".
	Property
	// Items is an array schema's "items".
	Items
	// Def is a member of "$defs" (or "definitions").
	Def
	// Branch is an element of "anyOf" or "oneOf".
	Branch
	// DefsGroup is the "$defs" (or "definitions") map itself: a row that
	// groups the definitions, not a schema.
	DefsGroup
)

// The types the tree offers; "enum" is a string (or number) with "enum".
var Types = []string{"string", "number", "integer", "boolean", "object", "array", "enum"}

// Type is what a row shows as its type.
type Type struct {
	// Base is one of Types; "null"; "" for a schema without a type (any
	// value); "ref", "anyOf", "oneOf", "const" for those keywords;
	// "mixed" for a type array of several non-null types; "true" or
	// "false" for a boolean schema; "invalid" for a type that is not a
	// string or an array of strings.
	Base string
	// Nullable: the type (or the anyOf) also allows null.
	Nullable bool
	// Ref is the $ref of a "ref" row.
	Ref string
	// Names are the types as written, for "mixed".
	Names []string
}

// Label is the type as a row shows it: "string", "integer|null",
// "→ Address", "anyOf", "any".
func (t Type) Label() string {
	s := t.Base
	switch t.Base {
	case "":
		s = "any"
	case "ref":
		s = "→ " + RefName(t.Ref)
	case "mixed":
		var parts []string
		for _, n := range t.Names {
			if n != "null" {
				parts = append(parts, n)
			}
		}
		s = strings.Join(parts, "|")
	case "true":
		s = "any (true)"
	case "false":
		s = "nothing (false)"
	}
	if t.Nullable && t.Base != "null" {
		s += "|null"
	}
	return s
}

// RefName is how a $ref is shown: the last token of a local pointer
// ("#/$defs/Address" is Address), "(root)" for "#", else the ref itself.
func RefName(ref string) string {
	switch {
	case ref == "#":
		return "(root)"
	case strings.HasPrefix(ref, "#/"):
		toks := Split(ref[1:])
		if len(toks) > 0 {
			return toks[len(toks)-1]
		}
	}
	return ref
}

// Node is one row of the tree.
type Node struct {
	// Ptr is the schema's JSON Pointer inside the parameters ("" for the
	// root); for a DefsGroup the pointer of the map.
	Ptr  string
	Role Role
	// Name is the property or definition name, "items", "anyOf 1", or
	// "$defs" for a group.
	Name  string
	Depth int
	// Raw is the schema as written; Keys its keywords in order (nil for a
	// boolean schema). Both share the parameters' bytes.
	Raw  json.RawMessage
	Keys rawjson.Object
	Type Type
	// Required: a property its owner lists in "required".
	Required bool
	Parent   *Node
	Children []*Node
	// Other are the keywords the tree does not edit, shown read-only and
	// kept as written.
	Other []string
	// Problems are the strict-mode rules the schema breaks (see
	// MarkStrict), empty until marked.
	Problems []string

	// sub are the members of the map the row's children are read from:
	// a schema's "properties", a DefsGroup's definitions. They share the
	// parameters' bytes, so an edit finds its way without reading the
	// bytes again (see update.go).
	sub rawjson.Object
}

// Get returns a keyword's value.
func (n *Node) Get(key string) (json.RawMessage, bool) {
	if n == nil {
		return nil, false
	}
	return n.Keys.Get(key)
}

// Str returns a keyword's string value, "" when absent or not a string.
func (n *Node) Str(key string) string {
	v, ok := n.Get(key)
	if !ok {
		return ""
	}
	s, _ := rawjson.Unquote(v)
	return s
}

// IsObject reports whether the row holds properties (an object schema).
func (n *Node) IsObject() bool {
	if n.Role == DefsGroup {
		return false
	}
	if n.Type.Base == "object" {
		return true
	}
	if n.Type.Base == "" {
		_, ok := n.Get("properties")
		return ok || n.Role == Root
	}
	return false
}

// IsMember reports whether the row is a property or a definition (it can
// be renamed, deleted, moved and duplicated).
func (n *Node) IsMember() bool { return n.Role == Property || n.Role == Def }

// Tree is a parsed parameters schema.
type Tree struct {
	Root *Node
	// Empty: the parameters are absent or null; the tree shows an empty
	// object and the first edit writes one.
	Empty bool
	nodes map[string]*Node
	count int

	params []byte   // the parameters read; every node's bytes are inside them
	marked bool     // MarkStrict marks the rows (and an edit marks the rows it makes)
	dups   bool     // a pointer names two rows (a repeated key): edits read the result whole
	rb     *rebuild // set while an edit reads the schema it rewrote again
}

// Params are the parameters the tree shows.
func (t *Tree) Params() []byte { return t.params }

// Node returns the row with a pointer, nil when none.
func (t *Tree) Node(ptr string) *Node { return t.nodes[ptr] }

// Len is the number of rows.
func (t *Tree) Len() int { return t.count }

// Nearest returns the row of ptr or of the nearest schema above it (a
// diagnostic about "/properties/a/required" is about row "/properties/a").
func (t *Tree) Nearest(ptr string) *Node {
	for {
		if n := t.nodes[ptr]; n != nil {
			return n
		}
		if ptr == "" {
			return t.Root
		}
		ptr, _ = parent(ptr)
	}
}

// Unrepresentable says why the tree cannot show a schema; the schema is
// then edited as JSON, unchanged.
type Unrepresentable struct {
	Ptr    string // where ("" the root)
	Reason string
}

func (e *Unrepresentable) Error() string {
	where := "the root"
	if e.Ptr != "" {
		where = e.Ptr
	}
	return e.Reason + " (at " + where + ")"
}

// maxDepth bounds the nesting the tree reads (Go stacks are not infinite).
const maxDepth = 64

// Parse reads parameters as a tree. Empty text or null is an empty tree.
// Invalid JSON is a *rawjson.SyntaxError with its line and column; a schema
// the tree cannot show is an *Unrepresentable.
func Parse(params []byte) (*Tree, error) {
	p := bytes.TrimSpace(params)
	t := &Tree{nodes: map[string]*Node{}, params: params}
	if len(p) == 0 || string(p) == "null" {
		t.Empty = true
		t.Root = &Node{Role: Root, Type: Type{Base: "object"}, Raw: json.RawMessage(`{}`)}
		t.nodes[""] = t.Root
		t.count = 1
		return t, nil
	}
	if err := rawjson.CheckJSON(p); err != nil {
		return nil, err
	}
	if k := rawjson.JSONKind(p); k != "object" {
		return nil, &Unrepresentable{Reason: fmt.Sprintf("the parameters are a JSON %s, not an object schema", k)}
	}
	root, err := t.parse(p, "", Root, "", 0, nil)
	if err != nil {
		return nil, err
	}
	switch root.Type.Base {
	case "object", "":
	default:
		return nil, &Unrepresentable{Reason: fmt.Sprintf("the root schema is %q, not an object; the tree shows object parameters", root.Type.Label())}
	}
	t.Root = root
	return t, nil
}

// edited are the keywords the tree edits or shows as rows; every other
// keyword is shown read-only on its row.
var edited = map[string]bool{
	"type": true, "description": true, "enum": true, "format": true,
	"minimum": true, "maximum": true, "pattern": true, "default": true,
	"properties": true, "required": true, "additionalProperties": true,
	"items": true, "$ref": true, "$defs": true, "definitions": true,
	"anyOf": true, "oneOf": true,
}

// conditional keywords the tree cannot show.
var conditional = [...]string{"if", "then", "else", "not"}

func (t *Tree) parse(raw []byte, ptr string, role Role, name string, depth int, par *Node) (*Node, error) {
	if depth > maxDepth {
		return nil, &Unrepresentable{Ptr: ptr, Reason: fmt.Sprintf("nests deeper than %d levels", maxDepth)}
	}
	old := t.nodes[ptr]
	if rb := t.rb; rb != nil {
		if rb.made[ptr] {
			return nil, errRepeated
		}
		rb.made[ptr] = true
		if old != nil && old.Role == role && old.Depth == depth && old.Name == name && bytes.Equal(old.Raw, raw) {
			rb.keep(old, raw, par)
			return old, nil
		}
	} else if old != nil {
		t.dups = true
	}
	n := &Node{Ptr: ptr, Role: role, Name: name, Depth: depth, Raw: raw, Parent: par}
	t.add(n)
	switch rawjson.JSONKind(raw) {
	case "object":
	case "boolean":
		n.Type.Base = string(bytes.TrimSpace(raw))
		return n, nil
	default:
		n.Type.Base = "invalid"
		n.Other = []string{"(not a schema)"}
		return n, nil
	}
	if rb := t.rb; rb != nil && ptr == rb.target && sameBytes(raw, rb.targetRaw) {
		n.Keys = rb.targetKeys
	} else {
		n.Keys = rawjson.Members(raw)
	}
	for _, c := range conditional {
		if _, ok := n.Keys.Get(c); ok {
			return nil, &Unrepresentable{Ptr: ptr, Reason: fmt.Sprintf("%q (a conditional schema) is not shown as a tree", c)}
		}
	}
	if all, ok := n.Keys.Get("allOf"); ok {
		if role != Root {
			return nil, &Unrepresentable{Ptr: ptr, Reason: `"allOf" below the root is not shown as a tree`}
		}
		if rawjson.JSONKind(all) == "array" {
			for i, e := range rawjson.Elements(all) {
				if rawjson.JSONKind(e) == "object" {
					if _, deep := rawjson.Members(e).Get("allOf"); deep {
						return nil, &Unrepresentable{Ptr: Join(ptr, "allOf", itoa(i)), Reason: `an "allOf" inside "allOf" is not shown as a tree`}
					}
				}
			}
		}
	}
	n.Type = typeOf(n.Keys)
	for _, m := range n.Keys {
		if !edited[m.Key] {
			n.Other = append(n.Other, m.Key)
		}
	}
	if err := t.parseChildren(n, ptr, depth, old); err != nil {
		return nil, err
	}
	return n, nil
}

// add records a new row.
func (t *Tree) add(n *Node) {
	t.nodes[n.Ptr] = n
	t.count++
	if t.rb != nil {
		t.rb.fresh = append(t.rb.fresh, n)
	}
}

// parseChildren reads the rows under a schema row: its properties, items,
// anyOf and oneOf branches and definitions, in that order. A keyword of
// the wrong kind is shown read-only instead. old is the row that had the
// pointer before an edit (nil in Parse): a map it read with the same
// bytes is not read again.
func (t *Tree) parseChildren(n *Node, ptr string, depth int, old *Node) error {
	if props, ok := n.Keys.Get("properties"); ok {
		if rawjson.JSONKind(props) != "object" {
			n.Other = append(n.Other, "properties")
		} else {
			n.sub = t.members(props, old)
			req := requiredSet(n.Keys)
			for _, m := range n.sub {
				c, err := t.parse(m.Value, Join(ptr, "properties", m.Key), Property, m.Key, depth+1, n)
				if err != nil {
					return err
				}
				was := c.Required
				c.Required = req[m.Key]
				if t.rb != nil && t.marked && was != c.Required && t.rb.kept[c] {
					c.Problems = strictProblems(c)
				}
				n.Children = append(n.Children, c)
			}
		}
	}
	if items, ok := n.Keys.Get("items"); ok {
		switch rawjson.JSONKind(items) {
		case "object", "boolean":
			c, err := t.parse(items, Join(ptr, "items"), Items, "items", depth+1, n)
			if err != nil {
				return err
			}
			n.Children = append(n.Children, c)
		default:
			n.Other = append(n.Other, "items")
		}
	}
	for _, kw := range [...]string{"anyOf", "oneOf"} {
		list, ok := n.Keys.Get(kw)
		if !ok {
			continue
		}
		if rawjson.JSONKind(list) != "array" {
			n.Other = append(n.Other, kw)
			continue
		}
		for i, e := range rawjson.Elements(list) {
			c, err := t.parse(e, Join(ptr, kw, itoa(i)), Branch, fmt.Sprintf("%s %d", kw, i+1), depth+1, n)
			if err != nil {
				return err
			}
			n.Children = append(n.Children, c)
		}
	}
	for _, kw := range [...]string{"$defs", "definitions"} {
		defs, ok := n.Keys.Get(kw)
		if !ok {
			continue
		}
		if rawjson.JSONKind(defs) != "object" {
			n.Other = append(n.Other, kw)
			continue
		}
		gptr := Join(ptr, kw)
		og := t.nodes[gptr]
		if rb := t.rb; rb != nil {
			if rb.made[gptr] {
				return errRepeated
			}
			rb.made[gptr] = true
			if og != nil && og.Role == DefsGroup && og.Depth == depth+1 && bytes.Equal(og.Raw, defs) {
				rb.keep(og, defs, n)
				n.Children = append(n.Children, og)
				continue
			}
		} else if og != nil {
			t.dups = true
		}
		g := &Node{Ptr: gptr, Role: DefsGroup, Name: kw, Depth: depth + 1, Raw: defs, Parent: n}
		t.add(g)
		g.sub = rawjson.Members(defs)
		for _, m := range g.sub {
			c, err := t.parse(m.Value, Join(gptr, m.Key), Def, m.Key, depth+2, g)
			if err != nil {
				return err
			}
			g.Children = append(g.Children, c)
		}
		n.Children = append(n.Children, g)
	}
	return nil
}

// requiredSet returns the names an object schema lists in "required".
func requiredSet(keys rawjson.Object) map[string]bool {
	req, ok := keys.Get("required")
	if !ok || rawjson.JSONKind(req) != "array" {
		return nil
	}
	set := map[string]bool{}
	for _, e := range rawjson.Elements(req) {
		if s, ok := rawjson.Unquote(e); ok {
			set[s] = true
		}
	}
	return set
}

// typeOf reads a schema's type from its keywords.
func typeOf(keys rawjson.Object) Type {
	var t Type
	if typ, ok := keys.Get("type"); ok {
		switch rawjson.JSONKind(typ) {
		case "string":
			s, _ := rawjson.Unquote(typ)
			t.Base = s
		case "array":
			for _, e := range rawjson.Elements(typ) {
				s, ok := rawjson.Unquote(e)
				if !ok {
					t.Base = "invalid"
					return t
				}
				t.Names = append(t.Names, s)
			}
			var nonNull []string
			for _, s := range t.Names {
				if s == "null" {
					t.Nullable = true
				} else {
					nonNull = append(nonNull, s)
				}
			}
			switch len(nonNull) {
			case 0:
				t.Base = "null"
			case 1:
				t.Base = nonNull[0]
			default:
				t.Base = "mixed"
			}
		default:
			t.Base = "invalid"
			return t
		}
	}
	if _, ok := keys.Get("enum"); ok && t.Base != "mixed" {
		t.Base = "enum"
	}
	if ref, ok := keys.Get("$ref"); ok && t.Base == "" {
		t.Base = "ref"
		t.Ref, _ = rawjson.Unquote(ref)
	}
	if _, ok := keys.Get("const"); ok && t.Base == "" {
		t.Base = "const"
	}
	for _, kw := range [...]string{"anyOf", "oneOf"} {
		list, ok := keys.Get(kw)
		if !ok || t.Base != "" || rawjson.JSONKind(list) != "array" {
			continue
		}
		t.Base = kw
		for _, e := range rawjson.Elements(list) {
			if isNullSchema(e) {
				t.Nullable = true
			}
		}
	}
	return t
}

// isNullSchema reports whether a schema is {"type": "null"}.
func isNullSchema(v []byte) bool {
	if rawjson.JSONKind(v) != "object" {
		return false
	}
	o := rawjson.Members(v)
	if len(o) != 1 || o[0].Key != "type" {
		return false
	}
	s, _ := rawjson.Unquote(o[0].Value)
	return s == "null"
}

// Rows lists the rows shown when the rows folded says are folded hide
// their children: the root first, then depth first in schema order.
func (t *Tree) Rows(folded func(ptr string) bool) []*Node {
	out := make([]*Node, 0, t.count)
	var walk func(n *Node)
	walk = func(n *Node) {
		out = append(out, n)
		if folded != nil && len(n.Children) > 0 && folded(n.Ptr) {
			return
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(t.Root)
	return out
}

// Summary is the row's constraints as short text: enum values, format,
// bounds, pattern, items type, default, and additionalProperties.
func (n *Node) Summary() []string {
	var out []string
	if v, ok := n.Get("enum"); ok {
		out = append(out, "enum "+valuesText(v, 60))
	}
	if f := n.Str("format"); f != "" {
		out = append(out, "format "+f)
	}
	lo, hasLo := n.Get("minimum")
	hi, hasHi := n.Get("maximum")
	switch {
	case hasLo && hasHi:
		out = append(out, string(compact(lo))+"…"+string(compact(hi)))
	case hasLo:
		out = append(out, "≥ "+string(compact(lo)))
	case hasHi:
		out = append(out, "≤ "+string(compact(hi)))
	}
	if v, ok := n.Get("pattern"); ok {
		out = append(out, "pattern "+clip(string(compact(v)), 40))
	}
	if items, ok := n.Get("items"); ok && rawjson.JSONKind(items) == "object" {
		out = append(out, "items "+typeOf(rawjson.Members(items)).Label())
	}
	if v, ok := n.Get("default"); ok {
		out = append(out, "default "+clip(string(compact(v)), 30))
	}
	if v, ok := n.Get("additionalProperties"); ok {
		switch s := string(bytes.TrimSpace(v)); s {
		case "false":
			out = append(out, "closed")
		case "true":
			out = append(out, "open")
		}
	}
	return out
}

// OtherText is the row's read-only keywords as key=value, shortened.
func (n *Node) OtherText(max int) []string {
	var out []string
	for _, k := range n.Other {
		v, ok := n.Get(k)
		if !ok {
			out = append(out, k)
			continue
		}
		out = append(out, k+"="+clip(string(compact(v)), max))
	}
	return out
}

// Description is the row's description, "" when none.
func (n *Node) Description() string { return n.Str("description") }

func valuesText(v []byte, max int) string {
	if rawjson.JSONKind(v) != "array" {
		return clip(string(compact(v)), max)
	}
	var parts []string
	for _, e := range rawjson.Elements(v) {
		if s, ok := rawjson.Unquote(e); ok {
			parts = append(parts, s)
		} else {
			parts = append(parts, string(compact(e)))
		}
	}
	return clip(strings.Join(parts, "|"), max)
}

func compact(v []byte) []byte {
	var b bytes.Buffer
	if json.Compact(&b, v) != nil {
		return v
	}
	return b.Bytes()
}

// clip shortens s to at most max characters, ending in "…" when cut.
func clip(s string, max int) string {
	r := []rune(s)
	if len(r) <= max {
		return s
	}
	return string(r[:max-1]) + "…"
}
