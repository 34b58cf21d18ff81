package formats

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"
	"sync"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// Gemini's parameters are an OpenAPI 3.0 Schema object: type names in
// upper case, nullable instead of a "null" type, format "enum" beside the
// enum, propertyOrdering. geminiSchema rewrites one into the JSON Schema a
// Responses function takes, keeping every other keyword, its place and its
// bytes.

// snake_case spellings of Schema fields that proto JSON accepts.
var geminiSchemaKeys = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"any_of": "anyOf", "property_ordering": "propertyOrdering", "min_items": "minItems", "max_items": "maxItems",
		"min_length": "minLength", "max_length": "maxLength", "min_properties": "minProperties", "max_properties": "maxProperties",
	}
})

type schemaWalk struct {
	b     *builder
	upper int // type names rewritten in lower case
}

// geminiSchema rewrites the schema v found at path p.
func geminiSchema(b *builder, p string, v json.RawMessage) json.RawMessage {
	w := &schemaWalk{b: b}
	out := w.node(p, v)
	if w.upper > 0 {
		b.change(p, "OpenAPI type names (OBJECT, STRING, …) are written in lower case, as JSON Schema spells them (%d in this schema)", w.upper)
	}
	return out
}

func (w *schemaWalk) node(p string, v json.RawMessage) json.RawMessage {
	o, ok := members(v)
	if !ok {
		return v
	}
	out := make(rawjson.Object, 0, len(o))
	nullable := false
	for _, m := range o {
		mp := at(p, m.Key)
		key := m.Key
		if camel, ok := geminiSchemaKeys()[key]; ok && !o.Has(camel) {
			w.b.change(mp, "%s is spelled %s in JSON Schema", key, camel)
			key = camel
		}
		switch key {
		case "type":
			if t := w.typ(mp, m.Value); t != nil {
				out.Set(key, t)
			}
		case "nullable":
			nullable = lit(m.Value, "true")
			if !nullable {
				w.b.change(mp, "nullable %s is the default; left out", string(m.Value))
			}
		case "format":
			if s, _ := rawjson.Unquote(m.Value); s == "enum" {
				w.b.change(mp, "format \"enum\" is left out: the enum keyword carries the values")
				continue
			}
			out.Set(key, m.Value)
		case "propertyOrdering":
			w.b.change(mp, "propertyOrdering is left out: JSON Schema has no such keyword, and the properties keep the order they are written in")
		case "example":
			out.Set("examples", array([]json.RawMessage{m.Value}))
			w.b.change(mp, "OpenAPI's example becomes JSON Schema's examples, an array of one")
		case "properties":
			out.Set(key, w.properties(mp, m.Value))
		case "items":
			out.Set(key, w.node(mp, m.Value))
		case "anyOf":
			out.Set(key, w.each(mp, m.Value))
		case "minItems", "maxItems", "minLength", "maxLength", "minProperties", "maxProperties":
			out.Set(key, w.count(mp, m.Value))
		default:
			out.Set(key, m.Value)
		}
	}
	if nullable {
		out = w.nullable(at(p, "nullable"), out)
	}
	return out.AppendJSON(nil)
}

// geminiTypes are the names of Gemini's Type enum besides TYPE_UNSPECIFIED,
// as JSON Schema spells them.
var geminiTypes = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"string": true, "number": true, "integer": true, "boolean": true, "array": true, "object": true, "null": true}
})

// typ lower-cases a type name (or an array of them); TYPE_UNSPECIFIED
// means no type. A name that is no type in any case is kept as written.
func (w *schemaWalk) typ(p string, v json.RawMessage) json.RawMessage {
	if els, ok := elements(v); ok {
		out := make([]json.RawMessage, len(els))
		for i, e := range els {
			out[i] = w.typ(ati(p, i), e)
		}
		return array(out)
	}
	s, ok := rawjson.Unquote(v)
	switch {
	case !ok:
		return v
	case s == "TYPE_UNSPECIFIED":
		w.b.change(p, "TYPE_UNSPECIFIED means any type; the type keyword is left out")
		return nil
	case s != strings.ToLower(s) && geminiTypes()[strings.ToLower(s)]:
		w.upper++
		return rawjson.String(strings.ToLower(s))
	}
	return v
}

// count reads a limit that proto JSON writes as a string ("3"), as
// it writes every int64, as the number JSON Schema wants.
func (w *schemaWalk) count(p string, v json.RawMessage) json.RawMessage {
	s, ok := rawjson.Unquote(v)
	if !ok || !digits().MatchString(s) {
		return v
	}
	w.b.change(p, "the count %s, written as a string, becomes the number %s", string(v), s)
	return json.RawMessage(s)
}

var digits = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(0|[1-9][0-9]*)$`) })

func (w *schemaWalk) properties(p string, v json.RawMessage) json.RawMessage {
	o, ok := members(v)
	if !ok {
		return v
	}
	for i, m := range o {
		o[i].Value = w.node(at(p, m.Key), m.Value)
	}
	return o.AppendJSON(nil)
}

func (w *schemaWalk) each(p string, v json.RawMessage) json.RawMessage {
	els, ok := elements(v)
	if !ok {
		return v
	}
	out := make([]json.RawMessage, len(els))
	for i, e := range els {
		out[i] = w.node(ati(p, i), e)
	}
	return array(out)
}

// nullable writes nullable: true the JSON Schema way: "null" joins the
// type (and the enum), or {"type":"null"} joins the anyOf.
func (w *schemaWalk) nullable(p string, o rawjson.Object) rawjson.Object {
	t, hasType := o.Get("type")
	switch {
	case hasType && rawjson.JSONKind(t) == "string":
		o.Set("type", array([]json.RawMessage{t, rawjson.String("null")}))
		w.b.change(p, "nullable: true becomes \"null\" in the type")
		nullEnum(o)
	case hasType && rawjson.JSONKind(t) == "array":
		o.Set("type", appendNull(t, rawjson.String("null")))
		w.b.change(p, "nullable: true becomes \"null\" in the type")
		nullEnum(o)
	case o.Has("anyOf"):
		o.Set("anyOf", appendNull(mustGet(o, "anyOf"), obj("type", "null").AppendJSON(nil)))
		w.b.change(p, "nullable: true becomes {\"type\":\"null\"} in the anyOf")
	default:
		w.b.change(p, "nullable: true is left out: a schema without a type accepts null already")
	}
	return o
}

// nullEnum adds null to the enum of a nullable schema, which would
// otherwise refuse the null its type allows.
func nullEnum(o rawjson.Object) {
	if e, ok := o.Get("enum"); ok && rawjson.JSONKind(e) == "array" {
		o.Set("enum", appendNull(e, json.RawMessage("null")))
	}
}

// appendNull appends v to the array arr unless arr holds it already.
func appendNull(arr json.RawMessage, v json.RawMessage) json.RawMessage {
	els := rawjson.Elements(arr)
	out := make([]json.RawMessage, 0, len(els)+1)
	for _, e := range els {
		if compact(e) == compact(v) {
			return arr
		}
		out = append(out, e)
	}
	return array(append(out, v))
}

// compact is valid JSON without its insignificant space.
func compact(v []byte) string {
	var buf bytes.Buffer
	if json.Compact(&buf, v) != nil {
		return string(v)
	}
	return buf.String()
}
