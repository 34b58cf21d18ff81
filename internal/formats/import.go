package formats

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// Imported is input in another format translated into a Responses request
// body.
type Imported struct {
	// From is the format that was read. It is Responses when the input is
	// already a Responses body or a tooltui document, or is not recognised:
	// then Body is the input unchanged and Notes is empty.
	From Name
	// Body is a Responses request body: a JSON object with "tools" and
	// whatever request fields carry over, indented with two spaces and
	// ending in a newline.
	Body []byte
	// Notes names every field of the input that did not carry over
	// (Loss) or was changed on the way, by its JSON pointer in the input.
	Notes []Note
}

var utf8BOM = []byte("\xef\xbb\xbf")

// Import translates tools (and the request around them) written for Chat
// Completions, Anthropic Messages, Gemini or MCP into a Responses request
// body. Input already in the Responses shape, or not recognised, comes back
// unchanged. The error is for input that is not JSON, or that is in a
// foreign format but holds nothing that can be translated.
func Import(data []byte) (Imported, error) {
	valid := bytes.TrimPrefix(data, utf8BOM)
	if err := rawjson.CheckJSON(valid); err != nil {
		return Imported{}, fmt.Errorf("not JSON: %w", err)
	}
	return importValid(data, valid)
}

// importValid is Import of data whose JSON (valid: data without a byte
// order mark) is known to be valid.
func importValid(data, valid []byte) (Imported, error) {
	return importFrom(data, valid, detect(valid))
}

// importFrom is importValid of data known to be in the format from.
func importFrom(data, valid []byte, from Name) (Imported, error) {
	if from == Responses {
		return Imported{From: Responses, Body: data}, nil
	}
	b := &builder{}
	var err error
	switch from {
	case Chat:
		err = importChat(b, valid)
	case Anthropic:
		err = importAnthropic(b, valid)
	case Gemini:
		err = importGemini(b, valid)
	case MCP:
		err = importMCP(b, valid)
	}
	if err != nil {
		return Imported{}, fmt.Errorf("%s: %w", from.Title(), err)
	}
	return Imported{From: from, Body: b.body(), Notes: b.notes}, nil
}

// builder collects a Responses request body: its members in order, each
// key once, the tools, the input messages and the notes on the way.
type builder struct {
	fields rawjson.Object
	nested map[string]rawjson.Object // members of "text", "reasoning", …
	tools  []json.RawMessage
	input  []json.RawMessage
	hosted map[string]string // built-in tool type -> input path of the first one
	notes  []Note
}

// lose notes a field of the input that is not in the output.
func (b *builder) lose(path, format string, args ...any) {
	b.notes = append(b.notes, Note{Path: path, Message: fmt.Sprintf(format, args...), Loss: true})
}

// loseInert notes a field of the input that is not in the output and
// that the request would not act on (metadata for a client).
func (b *builder) loseInert(path, format string, args ...any) {
	b.notes = append(b.notes, Note{Path: path, Message: fmt.Sprintf(format, args...), Loss: true, Inert: true})
}

// breaks notes a field that carried over as it is although it breaks
// its own format's rules: nothing is lost, but what reads it may refuse
// it.
func (b *builder) breaks(path, format string, args ...any) {
	b.notes = append(b.notes, Note{Path: path, Message: fmt.Sprintf(format, args...), Breaks: true})
}

// change notes a field that carried over in another form.
func (b *builder) change(path, format string, args ...any) {
	b.notes = append(b.notes, Note{Path: path, Message: fmt.Sprintf(format, args...)})
}

// set writes a top-level member of the body, replacing an earlier value.
func (b *builder) set(key string, v json.RawMessage) { b.fields.Set(key, v) }

// setIn writes member sub of the object member key, e.g. text.format.
func (b *builder) setIn(key, sub string, v json.RawMessage) {
	if b.nested == nil {
		b.nested = map[string]rawjson.Object{}
	}
	o, ok := b.nested[key]
	if !ok {
		b.fields.Set(key, nil) // holds the place; filled in by body
	}
	o.Set(sub, v)
	b.nested[key] = o
}

// tool adds a tool to the body.
func (b *builder) tool(t rawjson.Object) { b.tools = append(b.tools, t.AppendJSON(nil)) }

// hostedTool adds a built-in tool of type typ unless one is there already:
// a request holds each built-in once.
func (b *builder) hostedTool(path string, t rawjson.Object) {
	typ, _ := rawjson.Unquote(t[0].Value)
	if first, dup := b.hosted[typ]; dup {
		b.lose(path, "a second %s tool (the first comes from %s): the request holds one; this one is left out", typ, first)
		return
	}
	if b.hosted == nil {
		b.hosted = map[string]string{}
	}
	b.hosted[typ] = path
	b.tool(t)
}

// leading are the members a body starts with, in this order; the rest
// follow in the order the input had them.
var leading = []string{"model", "instructions", "input", "tools", "tool_choice", "parallel_tool_calls"}

// body lays out the collected body, indented as the rest of tooltui
// writes JSON.
func (b *builder) body() []byte {
	if len(b.input) > 0 {
		b.set("input", array(b.input))
	}
	b.set("tools", array(b.tools))
	for k, o := range b.nested {
		b.fields.Set(k, o.AppendJSON(nil))
	}
	var o rawjson.Object
	for _, k := range leading {
		if v, ok := b.fields.Get(k); ok {
			o = append(o, rawjson.Member{Key: k, Value: v})
		}
	}
	for _, m := range b.fields {
		if !isLeading(m.Key) {
			o = append(o, m)
		}
	}
	out := rawjson.AppendIndent(nil, o.AppendJSON(nil), "", "  ")
	return append(out, '\n')
}

func isLeading(k string) bool {
	for _, l := range leading {
		if l == k {
			return true
		}
	}
	return false
}

// array joins raw JSON values into an array.
func array(vs []json.RawMessage) json.RawMessage {
	out := []byte{'['}
	for i, v := range vs {
		if i > 0 {
			out = append(out, ',')
		}
		out = append(out, v...)
	}
	return append(out, ']')
}

// strs is an array of JSON strings.
func strs(ss ...string) json.RawMessage {
	vs := make([]json.RawMessage, len(ss))
	for i, s := range ss {
		vs[i] = rawjson.String(s)
	}
	return array(vs)
}

// obj builds an object from key, value pairs: a string value is written as
// a JSON string, raw JSON as it is; a nil value leaves its key out.
func obj(kv ...any) rawjson.Object {
	o := make(rawjson.Object, 0, len(kv)/2)
	for i := 0; i+1 < len(kv); i += 2 {
		var v json.RawMessage
		switch x := kv[i+1].(type) {
		case string:
			v = rawjson.String(x)
		case json.RawMessage:
			v = x
		case []byte:
			v = x
		case rawjson.Object:
			v = x.AppendJSON(nil)
		}
		if v != nil {
			o.Set(kv[i].(string), v)
		}
	}
	return o
}

// members returns the members of v when it is an object, with each key
// once (the last value wins, as encoding/json reads it) at the place it
// first appeared.
func members(v []byte) (rawjson.Object, bool) {
	if rawjson.JSONKind(v) != "object" {
		return nil, false
	}
	all := rawjson.Members(v)
	o := make(rawjson.Object, 0, len(all))
	index := make(map[string]int, len(all))
	for _, m := range all {
		if i, dup := index[m.Key]; dup {
			o[i].Value = m.Value
			continue
		}
		index[m.Key] = len(o)
		o = append(o, m)
	}
	return o, true
}

// elements returns the elements of v when it is an array.
func elements(v []byte) ([][]byte, bool) {
	if rawjson.JSONKind(v) != "array" {
		return nil, false
	}
	return rawjson.Elements(v), true
}

// str returns the string member key of o.
func str(o rawjson.Object, key string) (string, bool) {
	v, ok := o.Get(key)
	if !ok {
		return "", false
	}
	return rawjson.Unquote(bytes.TrimSpace(v))
}

// lit reports whether v is the JSON literal (true, false, null) or number s.
func lit(v []byte, s string) bool { return string(bytes.TrimSpace(v)) == s }

// at is the JSON pointer of member key under path.
func at(path, key string) string {
	return path + "/" + strings.NewReplacer("~", "~0", "/", "~1").Replace(key)
}

// ati is the JSON pointer of element i under path.
func ati(path string, i int) string { return path + "/" + strconv.Itoa(i) }

// firstOf returns the first of keys o has, and its value.
func firstOf(o rawjson.Object, keys ...string) (string, json.RawMessage, bool) {
	for _, k := range keys {
		if v, ok := o.Get(k); ok {
			return k, v, true
		}
	}
	return "", nil, false
}

// toolsArray returns the elements of a body's tools member, or an error
// when it is there and not an array.
func toolsArray(o rawjson.Object, path string) ([][]byte, error) {
	v, ok := o.Get("tools")
	if !ok {
		return nil, nil
	}
	els, ok := elements(v)
	if !ok {
		return nil, fmt.Errorf("%s must be an array of tools, got %s", at(path, "tools"), rawjson.JSONKind(v))
	}
	return els, nil
}

// strictNote is the note for a function that says nothing about strict:
// the format it comes from reads that as non-strict, Responses does not.
func (b *builder) strictNote(path string, from Name) {
	const then = "the Responses API first tries to run a function without strict in strict mode; set strict to false to keep the old behaviour"
	if from == Chat || from == Anthropic {
		b.change(path, "strict is not set: %s reads that as non-strict, while %s", from.Title(), then)
		return
	}
	b.change(path, "%s has no strict setting, and %s", from.Title(), then)
}

// withProperties adds "properties": {} to an object schema without them,
// as the OpenAI API wants them: parameters from formats that do not ask
// for them often leave them out.
func withProperties(b *builder, p string, v json.RawMessage) json.RawMessage {
	o, ok := members(v)
	if !ok || o.Has("properties") {
		return v
	}
	if typ, _ := str(o, "type"); typ != "object" {
		return v
	}
	out := make(rawjson.Object, 0, len(o)+1)
	for _, m := range o {
		out = append(out, m)
		if m.Key == "type" {
			out = append(out, rawjson.Member{Key: "properties", Value: json.RawMessage("{}")})
		}
	}
	b.change(p, "the schema has no properties: \"properties\": {} is added, as the OpenAI API wants them on an object schema")
	return out.AppendJSON(nil)
}
