package export

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// uniq keeps one member per key, as a JSON decoder sees the object: at the
// place of the first, with the value of the last.
func uniq(o rawjson.Object) rawjson.Object {
	seen := make(map[string]int, len(o))
	out := make(rawjson.Object, 0, len(o))
	for _, m := range o {
		if i, ok := seen[m.Key]; ok {
			out[i].Value = m.Value
			continue
		}
		seen[m.Key] = len(out)
		out = append(out, m)
	}
	return out
}

// members returns the members of v, once per key, or nil when v is not an
// object.
func members(v []byte) (rawjson.Object, bool) {
	if rawjson.JSONKind(v) != "object" {
		return nil, false
	}
	return uniq(rawjson.Members(v)), true
}

// elements returns the elements of v, or false when v is not an array.
func elements(v []byte) ([][]byte, bool) {
	if rawjson.JSONKind(v) != "array" {
		return nil, false
	}
	return rawjson.Elements(v), true
}

// str returns v as a Go string when it is a JSON string.
func str(v []byte) (string, bool) { return rawjson.Unquote(bytes.TrimSpace(v)) }

// getStr returns the string value of key in o.
func getStr(o rawjson.Object, key string) (string, bool) {
	v, ok := o.Get(key)
	if !ok {
		return "", false
	}
	return str(v)
}

// isNull reports whether v is JSON null.
func isNull(v []byte) bool { return string(bytes.TrimSpace(v)) == "null" }

// isTrue and isFalse report whether v is that JSON literal.
func isTrue(v []byte) bool  { return string(bytes.TrimSpace(v)) == "true" }
func isFalse(v []byte) bool { return string(bytes.TrimSpace(v)) == "false" }

// jstr is s as a JSON string value.
func jstr(s string) json.RawMessage { return rawjson.String(s) }

// jtrue and jfalse are the JSON literals.
var (
	jtrue  = json.RawMessage("true")
	jfalse = json.RawMessage("false")
)

// obj builds a JSON object from key, value pairs.
func obj(kv ...any) json.RawMessage {
	var o rawjson.Object
	for i := 0; i+1 < len(kv); i += 2 {
		var v json.RawMessage
		switch x := kv[i+1].(type) {
		case json.RawMessage:
			v = x
		case []byte:
			v = x
		}
		o = append(o, rawjson.Member{Key: kv[i].(string), Value: v})
	}
	if o == nil {
		return json.RawMessage("{}")
	}
	return o.AppendJSON(nil)
}

// array builds a JSON array of values.
func array[T ~[]byte](vs []T) json.RawMessage {
	out := []byte{'['}
	for i, v := range vs {
		if i > 0 {
			out = append(out, ',')
		}
		out = append(out, v...)
	}
	return append(out, ']')
}

// key is the JSON pointer of key under base.
func key(base, k string) string {
	k = strings.ReplaceAll(k, "~", "~0")
	return base + "/" + strings.ReplaceAll(k, "/", "~1")
}

// index is the JSON pointer of element i under base.
func index(base string, i int) string { return base + "/" + strconv.Itoa(i) }

// dropRest notes every member of o whose key is not in handled as lost,
// under base, with why as the reason.
func dropRest(n *notes, o rawjson.Object, base string, handled map[string]bool, why string) {
	for _, m := range o {
		if !handled[m.Key] {
			n.lost(key(base, m.Key), "%s %s; dropped", m.Key, why)
		}
	}
}

// set is a set of keys.
func set(keys ...string) map[string]bool {
	m := make(map[string]bool, len(keys))
	for _, k := range keys {
		m[k] = true
	}
	return m
}
