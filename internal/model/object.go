// Package model is the document a tooltui user edits, loads and saves: the
// request fields, the function definitions (tools_defs) and the raw built-in
// tool entries (extra.builtin_tools). It keeps JSON exactly as written (key
// order, numbers, unknown keys) and has no UI or IO beyond bytes.
package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Member is one key of a JSON object and its value as written.
type Member struct {
	Key   string
	Value json.RawMessage
}

// Object is a JSON object that keeps its keys in document order and its
// values byte for byte.
type Object []Member

// Get returns the value of the last member named key (as encoding/json does).
func (o Object) Get(key string) (json.RawMessage, bool) {
	for i := len(o) - 1; i >= 0; i-- {
		if o[i].Key == key {
			return o[i].Value, true
		}
	}
	return nil, false
}

// Has reports whether the object has a member named key.
func (o Object) Has(key string) bool {
	_, ok := o.Get(key)
	return ok
}

// Set replaces the value of key in place, or appends it.
func (o *Object) Set(key string, v json.RawMessage) {
	for i := len(*o) - 1; i >= 0; i-- {
		if (*o)[i].Key == key {
			(*o)[i].Value = v
			return
		}
	}
	*o = append(*o, Member{Key: key, Value: v})
}

// Delete removes every member named key.
func (o *Object) Delete(key string) {
	out := (*o)[:0]
	for _, m := range *o {
		if m.Key != key {
			out = append(out, m)
		}
	}
	*o = out
}

// Clone returns a copy that shares no member slice with o.
func (o Object) Clone() Object {
	if o == nil {
		return nil
	}
	return append(Object(nil), o...)
}

// AppendJSON appends the object as compact-ish JSON (values as written).
func (o Object) AppendJSON(dst []byte) []byte {
	dst = append(dst, '{')
	for i, m := range o {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = AppendString(dst, m.Key)
		dst = append(dst, ':')
		dst = append(dst, m.Value...)
	}
	return append(dst, '}')
}

// MarshalJSON implements json.Marshaler.
func (o Object) MarshalJSON() ([]byte, error) { return o.AppendJSON(nil), nil }

// ErrNotObject is returned by ParseObject for a valid JSON value that is not an object.
var ErrNotObject = errors.New("not a JSON object")

// ParseObject splits a JSON object into its members, keeping order,
// duplicates and the bytes of every value. It reports invalid JSON with the
// line and column (see SyntaxError) and a non-object with ErrNotObject.
func ParseObject(data []byte) (Object, error) {
	if err := CheckJSON(data); err != nil {
		return nil, err
	}
	d := bytes.TrimLeft(data, " \t\r\n")
	if len(d) == 0 || d[0] != '{' {
		return nil, ErrNotObject
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if _, err := dec.Token(); err != nil { // {
		return nil, err
	}
	var o Object
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := t.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, err
		}
		o = append(o, Member{Key: key, Value: bytes.Clone(raw)})
	}
	return o, nil
}

// SyntaxError is invalid JSON with the place where it was found (1-based).
type SyntaxError struct {
	Line, Column int
	Offset       int64
	Msg          string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Column, e.Msg)
}

// CheckJSON reports whether data is one valid JSON value in UTF-8; the error
// is a *SyntaxError with line and column.
func CheckJSON(data []byte) error {
	if json.Valid(data) {
		if !utf8.Valid(data) {
			return newSyntaxError(data, invalidUTF8Offset(data), "invalid UTF-8")
		}
		return nil
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return newSyntaxError(data, len(data), "no JSON value (empty input)")
	}
	var v any
	err := json.Unmarshal(data, &v)
	var se *json.SyntaxError
	if errors.As(err, &se) {
		if se.Error() == "unexpected end of JSON input" {
			return newSyntaxError(data, len(data), se.Error())
		}
		return newSyntaxError(data, int(se.Offset)-1, se.Error())
	}
	if err != nil {
		return newSyntaxError(data, len(data), err.Error())
	}
	return newSyntaxError(data, len(data), "not valid JSON")
}

func invalidUTF8Offset(data []byte) int {
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return len(data)
}

// newSyntaxError places msg at the byte index pos of data.
func newSyntaxError(data []byte, pos int, msg string) *SyntaxError {
	pos = max(0, min(pos, len(data)))
	line, col := LineCol(data, pos)
	msg = strings.TrimPrefix(msg, "json: ")
	return &SyntaxError{Line: line, Column: col, Offset: int64(pos), Msg: msg}
}

// LineCol converts the byte index pos of data to a 1-based line and column
// (the column counts runes).
func LineCol(data []byte, pos int) (line, col int) {
	pos = max(0, min(pos, len(data)))
	prefix := data[:pos]
	line = bytes.Count(prefix, []byte{'\n'}) + 1
	start := bytes.LastIndexByte(prefix, '\n') + 1
	col = utf8.RuneCount(prefix[start:]) + 1
	return line, col
}

// AppendString appends s as a JSON string without HTML escaping.
func AppendString(dst []byte, s string) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	b := buf.Bytes()
	return append(dst, b[:len(b)-1]...) // drop the newline Encode adds
}

// String returns s as a JSON string value.
func String(s string) json.RawMessage { return AppendString(nil, s) }

// JSONKind names the JSON type of a raw value for messages: object, array,
// string, number, boolean or null.
func JSONKind(v json.RawMessage) string {
	v = bytes.TrimLeft(v, " \t\r\n")
	if len(v) == 0 {
		return "nothing"
	}
	switch v[0] {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	default:
		return "number"
	}
}
