package export

import (
	"bytes"
	"encoding/json"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// geminiKeywords are the fields of Gemini's Schema: the OpenAPI subset its
// functionDeclarations[].parameters takes. Anything else is refused.
var geminiKeywords = sync.OnceValue(func() map[string]bool {
	return set("type", "format", "title", "description", "nullable", "enum", "maxItems", "minItems",
		"properties", "required", "minProperties", "maxProperties", "minLength", "maxLength", "pattern",
		"example", "anyOf", "propertyOrdering", "default", "items", "minimum", "maximum")
})

// geminiFormats are the formats Gemini takes, by type.
var geminiFormats = sync.OnceValue(func() map[string]map[string]bool {
	return map[string]map[string]bool{
		"string":  set("enum", "date-time"),
		"number":  set("float", "double"),
		"integer": set("int32", "int64"),
	}
})

// Limits on converting one schema: $refs are inlined, so a small schema
// can stand for a huge one.
const (
	maxSchemaDepth = 64
	maxSchemaNodes = 20000
)

var emptySchema = json.RawMessage("{}")

// geminiSchema converts one function's parameters from JSON Schema to
// Gemini's subset, noting each keyword it changes or drops at its place in
// the body.
type geminiSchema struct {
	root   []byte   // the parameters, which $refs point into
	base   string   // the pointer of root in the body
	n      *notes   //
	refs   []string // the $refs being inlined, to find recursion
	budget int      // schema nodes left to write
}

func newGeminiSchema(root []byte, base string, n *notes) *geminiSchema {
	return &geminiSchema{root: root, base: base, n: n, budget: maxSchemaNodes}
}

// schema converts the schema v found at path.
func (g *geminiSchema) schema(v []byte, path string, depth int) json.RawMessage {
	g.budget--
	switch {
	case g.budget < 0 || depth > maxSchemaDepth:
		g.n.lost(path, "the schema is nested or referenced too deeply to convert for Gemini; left unconstrained")
		return emptySchema
	case isTrue(v):
		return emptySchema
	case isFalse(v):
		g.n.lost(path, "a false schema (no value allowed) has no Gemini equivalent; left unconstrained")
		return emptySchema
	}
	o, ok := members(v)
	if !ok {
		g.n.lost(path, "a schema that is a %s; left unconstrained", rawjson.JSONKind(v))
		return emptySchema
	}
	if ref, ok := o.Get("$ref"); ok {
		return g.ref(o, ref, path, depth)
	}
	out := g.keywords(o, path, depth)
	g.finish(&out, path)
	return out.AppendJSON(nil)
}

// keywords converts the members of a schema object one by one.
func (g *geminiSchema) keywords(o rawjson.Object, path string, depth int) rawjson.Object {
	var out rawjson.Object
	for _, m := range o {
		p := key(path, m.Key)
		switch m.Key {
		case "type":
			g.typ(m.Value, p, o.Has("anyOf"), &out)
		case "const":
			g.constant(m.Value, p, o.Has("enum"), &out)
		case "enum":
			g.enum(m.Value, p, &out)
		case "examples":
			g.examples(m.Value, p, o.Has("example"), &out)
		case "properties":
			out.Set(m.Key, g.properties(m.Value, p, depth))
		case "items":
			out.Set(m.Key, g.items(m.Value, p, depth))
		case "anyOf", "oneOf":
			g.anyOf(m.Key, m.Value, p, o.Has("anyOf"), depth, &out)
		case "allOf":
			g.allOf(m.Value, p, depth, &out)
		case "$defs", "definitions":
			g.n.changed(p, "Gemini's parameters has no definitions: %s is dropped and each $ref to it is inlined", m.Key)
		case "$schema", "$comment", "$id":
			g.n.changed(p, "%s is not in the schema subset Gemini's parameters takes; dropped (it constrains nothing)", m.Key)
		default:
			if geminiKeywords()[m.Key] {
				out = append(out, m)
			} else {
				g.n.lost(p, "%s is not in the schema subset Gemini's parameters takes; dropped", m.Key)
			}
		}
	}
	return out
}

// finish drops a format Gemini refuses for the type and gives an array
// without items an items schema, which Gemini requires.
func (g *geminiSchema) finish(out *rawjson.Object, path string) {
	typ, _ := getStr(*out, "type")
	if f, ok := getStr(*out, "format"); ok && !geminiFormats()[strings.ToLower(typ)][f] {
		out.Delete("format")
		g.n.lost(key(path, "format"), "format %q is not one Gemini takes for type %q; dropped", f, typ)
	}
	if strings.EqualFold(typ, "array") && !out.Has("items") {
		out.Set("items", emptySchema)
		g.n.changed(path, "Gemini requires items on every array: written as items {} (any element)")
	}
	if out.Has("nullable") && typ == "" && !out.Has("anyOf") {
		// null alone ({"type":"null"} in a oneOf, say), or beside an empty
		// type: Gemini's nullable qualifies a type, and read back without
		// one it is gone
		out.Delete("nullable")
		g.n.lost(path, "nullable with no type qualifies nothing in Gemini's schema; left out, so any value is allowed")
	}
}

// typ writes a type; a list of types becomes one type, or anyOf, and
// "null" in it becomes nullable.
func (g *geminiSchema) typ(v []byte, path string, hasAnyOf bool, out *rawjson.Object) {
	g.typeCase(v, path)
	if s, ok := str(v); ok && s == "TYPE_UNSPECIFIED" {
		g.n.changed(path, "TYPE_UNSPECIFIED, Gemini's name for any type, is left out, as Gemini reads a schema without a type")
		return
	}
	if _, ok := str(v); ok {
		out.Set("type", v)
		return
	}
	list, ok := elements(v)
	if !ok {
		g.n.lost(path, "a type that is a %s; dropped", rawjson.JSONKind(v))
		return
	}
	var types []string
	null := false
	for _, el := range list {
		switch s, _ := str(el); {
		case strings.EqualFold(s, "null"):
			null = true
		case s == "" || s == "TYPE_UNSPECIFIED":
		default:
			types = append(types, s)
		}
	}
	switch {
	case len(types) == 1:
		out.Set("type", jstr(types[0]))
		g.n.changed(path, "Gemini takes one type: the list is written as type %q%s", types[0], nullableText(null))
	case len(types) > 1 && !hasAnyOf:
		alts := make([]json.RawMessage, len(types))
		for i, t := range types {
			alt := rawjson.Object{{Key: "type", Value: jstr(t)}}
			g.finish(&alt, index(key(strings.TrimSuffix(path, "/type"), "anyOf"), i)) // an array gets its items
			alts[i] = alt.AppendJSON(nil)
		}
		out.Set("anyOf", array(alts))
		g.n.changed(path, "Gemini takes one type: the list is written as anyOf%s", nullableText(null))
	case len(types) > 1:
		out.Set("type", jstr(types[0]))
		g.n.lost(path, "Gemini takes one type and the schema already has anyOf: written as type %q", types[0])
	}
	if null {
		setNullable(out)
	}
}

// typeCase notes each type name of v in a case other than JSON Schema's,
// which Gemini reads as the name (geminiSpelling writes it in upper case).
func (g *geminiSchema) typeCase(v []byte, path string) {
	names := [][]byte{v}
	if list, ok := elements(v); ok {
		names = list
	}
	for _, el := range names {
		s, _ := str(el)
		if up := geminiTypes()[strings.ToLower(s)]; up != "" && s != strings.ToLower(s) {
			g.n.changed(path, "the type name %q, which JSON Schema spells %q, is written %q, as Gemini reads it", s, strings.ToLower(s), up)
		}
	}
}

// setNullable writes nullable true right after the type, where it is
// written again when the schema is read back (nullable becomes "null" in
// the type) and exported once more.
func setNullable(out *rawjson.Object) {
	if i := slices.IndexFunc(*out, func(m rawjson.Member) bool { return m.Key == "type" }); i >= 0 && !out.Has("nullable") {
		*out = slices.Insert(*out, i+1, rawjson.Member{Key: "nullable", Value: jtrue})
		return
	}
	out.Set("nullable", jtrue)
}

func nullableText(null bool) string {
	if null {
		return " with nullable true"
	}
	return ""
}

// constant writes a string const as an enum of one.
func (g *geminiSchema) constant(v []byte, path string, hasEnum bool, out *rawjson.Object) {
	switch {
	case hasEnum:
		g.n.lost(path, "const beside enum: Gemini has no const; dropped")
	case rawjson.JSONKind(v) == "string":
		out.Set("enum", array([]json.RawMessage{v}))
		g.n.changed(path, "Gemini has no const: written as an enum of one")
	default:
		g.n.lost(path, "Gemini has no const and its enum takes strings only; dropped")
	}
}

// enum keeps an enum of strings, the only kind Gemini takes; null among
// them is written as nullable true, which lets a Gemini enum be null.
func (g *geminiSchema) enum(v []byte, path string, out *rawjson.Object) {
	list, ok := elements(v)
	var keep []json.RawMessage
	null := false
	for _, el := range list {
		switch rawjson.JSONKind(el) {
		case "string":
			keep = append(keep, el)
		case "null":
			null = true
		default:
			ok = false
		}
	}
	switch {
	case !ok || null && len(keep) == 0:
		g.n.lost(path, "Gemini's enum takes strings only; dropped")
	case !null:
		out.Set("enum", v)
	default:
		out.Set("enum", array(keep))
		setNullable(out)
		g.n.changed(path, "Gemini's enum takes strings only: null in it is written as nullable true")
	}
}

// examples writes the first of JSON Schema's examples as OpenAPI's
// example, Gemini's keyword for one.
func (g *geminiSchema) examples(v []byte, path string, hasExample bool, out *rawjson.Object) {
	list, ok := elements(v)
	switch {
	case !ok || len(list) == 0 || hasExample:
		g.n.lost(path, "examples is not in the schema subset Gemini's parameters takes; dropped")
	case len(list) > 1:
		out.Set("example", list[0])
		g.n.lost(path, "Gemini takes one example: the first of examples is written as example, the others are dropped")
	default:
		out.Set("example", list[0])
		g.n.changed(path, "examples of one is written as Gemini's example")
	}
}

// properties converts each property's schema.
func (g *geminiSchema) properties(v []byte, path string, depth int) json.RawMessage {
	props, ok := members(v)
	if !ok {
		g.n.lost(path, "properties that are not an object; left empty")
		return emptySchema
	}
	for i, m := range props {
		props[i].Value = g.schema(m.Value, key(path, m.Key), depth+1)
	}
	if props == nil {
		return emptySchema
	}
	return props.AppendJSON(nil)
}

// items converts an items schema; of a list (tuple) only the first is kept.
func (g *geminiSchema) items(v []byte, path string, depth int) json.RawMessage {
	list, isList := elements(v)
	if !isList {
		return g.schema(v, path, depth+1)
	}
	if len(list) == 0 {
		g.n.lost(path, "an empty list of items; written as items {}")
		return emptySchema
	}
	if len(list) > 1 {
		g.n.lost(path, "Gemini takes one items schema: the first of the list is used")
	}
	return g.schema(list[0], index(path, 0), depth+1)
}

// anyOf converts anyOf (and oneOf, which Gemini lacks); {"type":"null"}
// among them becomes nullable, and a single one left is merged in.
func (g *geminiSchema) anyOf(kw string, v []byte, path string, hasAnyOf bool, depth int, out *rawjson.Object) {
	list, ok := elements(v)
	if !ok || (kw == "oneOf" && hasAnyOf) {
		g.n.lost(path, "this %s cannot be written for Gemini; dropped", kw)
		return
	}
	if kw == "oneOf" {
		g.n.lost(path, "Gemini has no oneOf: written as anyOf, which lets more than one match")
	}
	var alts []json.RawMessage
	null := false
	for i, el := range list {
		s := g.schema(el, index(path, i), depth+1)
		if isNullSchema(s) {
			null = true
			continue
		}
		alts = append(alts, s)
	}
	switch {
	case len(alts) == 1:
		g.merge(out, alts[0], path)
	case len(alts) > 1:
		out.Set("anyOf", array(alts))
	}
	if null {
		setNullable(out)
		g.n.changed(path, "{\"type\":\"null\"} in %s is written as nullable true", kw)
	}
}

// isNullSchema reports whether s is {"type":"null"}, the type in any case.
func isNullSchema(s []byte) bool {
	o, _ := members(s)
	typ, _ := getStr(o, "type")
	return len(o) == 1 && strings.EqualFold(typ, "null")
}

// allOf merges its schemas into one, which Gemini takes.
func (g *geminiSchema) allOf(v []byte, path string, depth int, out *rawjson.Object) {
	list, ok := elements(v)
	if !ok {
		g.n.lost(path, "an allOf that is not a list; dropped")
		return
	}
	g.n.changed(path, "Gemini has no allOf: its schemas are merged into this one")
	for i, el := range list {
		g.merge(out, g.schema(el, index(path, i), depth+1), index(path, i))
	}
}

// merge adds the members of schema s that out lacks; a clash is noted.
func (g *geminiSchema) merge(out *rawjson.Object, s []byte, path string) {
	o, _ := members(s)
	for _, m := range o {
		if !out.Has(m.Key) {
			*out = append(*out, m)
		} else if v, _ := out.Get(m.Key); string(compact(v)) != string(compact(m.Value)) {
			g.n.lost(key(path, m.Key), "%s clashes with the schema it is merged into; dropped", m.Key)
		}
	}
}

// ref inlines the schema a $ref points to, with the $ref's siblings on
// top; a recursive or unresolvable $ref is noted and left out.
func (g *geminiSchema) ref(o rawjson.Object, ref []byte, path string, depth int) json.RawMessage {
	siblings := o.Clone()
	siblings.Delete("$ref")
	out := g.keywords(siblings, path, depth)
	at := key(path, "$ref")
	target, tpath, ok := g.resolve(ref)
	switch {
	case !ok:
		g.n.lost(at, "a $ref that does not point into the parameters; Gemini has no references, so it is left unconstrained")
	case slices.Contains(g.refs, tpath):
		g.n.lost(at, "a recursive $ref cannot be inlined and Gemini has no references; left unconstrained here")
	default:
		g.refs = append(g.refs, tpath)
		inlined := g.schema(target, tpath, depth+1)
		g.refs = g.refs[:len(g.refs)-1]
		g.n.changed(at, "Gemini has no references: the $ref is inlined")
		g.merge(&out, inlined, at)
	}
	g.finish(&out, path)
	return out.AppendJSON(nil)
}

// resolve follows a "#/..." reference inside the parameters; tpath is the
// target's pointer in the body.
func (g *geminiSchema) resolve(ref []byte) (v []byte, tpath string, ok bool) {
	s, _ := str(ref)
	frag, found := strings.CutPrefix(s, "#")
	if !found {
		return nil, "", false
	}
	if u, err := url.PathUnescape(frag); err == nil {
		frag = u
	}
	if frag != "" && !strings.HasPrefix(frag, "/") {
		return nil, "", false
	}
	v = g.root
	for _, tok := range strings.Split(frag, "/")[1:] {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		if v, ok = child(v, tok); !ok {
			return nil, "", false
		}
	}
	return v, g.base + frag, true
}

// child is the member tok of an object or the element tok of an array.
func child(v []byte, tok string) ([]byte, bool) {
	if o, ok := members(v); ok {
		c, ok := o.Get(tok)
		return c, ok
	}
	list, ok := elements(v)
	i, err := strconv.Atoi(tok)
	if !ok || err != nil || i < 0 || i >= len(list) {
		return nil, false
	}
	return list[i], true
}

// geminiTypes are JSON Schema's type names as @google/genai's Type enum
// spells them, the values Gemini's Schema takes.
var geminiTypes = sync.OnceValue(func() map[string]string {
	return map[string]string{"string": "STRING", "number": "NUMBER", "integer": "INTEGER",
		"boolean": "BOOLEAN", "array": "ARRAY", "object": "OBJECT", "null": "NULL"}
})

// geminiCounts are the keywords Gemini's Schema takes as int64, which its
// JSON (and @google/genai's types) write as strings.
var geminiCounts = sync.OnceValue(func() map[string]bool {
	return set("minItems", "maxItems", "minLength", "maxLength", "minProperties", "maxProperties")
})

// geminiSpelling writes a converted schema as @google/genai's types spell
// Gemini's Schema: type names in upper case (in any case before: see typ)
// and counts as strings. Both mean the same to the API.
func geminiSpelling(v []byte) json.RawMessage {
	o, ok := members(v)
	if !ok {
		return v
	}
	for i, m := range o {
		switch {
		case m.Key == "type":
			s, _ := str(m.Value)
			if up := geminiTypes()[strings.ToLower(s)]; up != "" {
				o[i].Value = jstr(up)
			}
		case geminiCounts()[m.Key] && isCount(m.Value):
			o[i].Value = jstr(string(bytes.TrimSpace(m.Value)))
		case m.Key == "properties":
			props, _ := members(m.Value)
			for j, pm := range props {
				props[j].Value = geminiSpelling(pm.Value)
			}
			if props != nil {
				o[i].Value = props.AppendJSON(nil)
			}
		case m.Key == "items":
			o[i].Value = geminiSpelling(m.Value)
		case m.Key == "anyOf":
			list, _ := elements(m.Value)
			for j, el := range list {
				list[j] = geminiSpelling(el)
			}
			o[i].Value = array(list)
		}
	}
	return o.AppendJSON(nil)
}

// isCount reports whether v is a JSON number written as a whole number
// without a sign, what proto JSON writes as a string for an int64 count.
func isCount(v []byte) bool {
	v = bytes.TrimSpace(v)
	if len(v) == 0 {
		return false
	}
	for _, c := range v {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
