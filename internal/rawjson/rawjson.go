// Package rawjson is tooltui's toolkit for JSON kept as text: an object
// that keeps its keys in order and its values byte for byte, a scanner
// and validator that place a syntax error by line and column, the layout
// of json.Indent without its cost, string encoding as encoding/json does
// it, and JSON Pointers located in text. The document model, the
// converter and the UI share it, so JSON is read and written one way.
package rawjson

import (
	"bytes"
	"encoding/binary"
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
//
// It runs on every keystroke and every frame (to read and write fields of
// the selected tool and to label the visible ones), on entries of up to
// megabytes, so it makes one validating pass (CheckJSON) and one pass that
// only follows strings and brackets, and copies each value once.
func ParseObject(data []byte) (Object, error) {
	o, err := ParseObjectShared(data)
	for i := range o {
		o[i].Value = bytes.Clone(o[i].Value)
	}
	return o, err
}

// ParseObjectShared is ParseObject without the copies: the values share
// data's bytes, each capped at its end (an append copies it rather than
// write over the next), so data must not change while they are in use.
// Reading a file that was just read costs no second copy of it.
func ParseObjectShared(data []byte) (Object, error) {
	if err := CheckJSON(data); err != nil {
		return nil, err
	}
	i := SkipSpace(data, 0)
	if i == len(data) || data[i] != '{' {
		return nil, ErrNotObject
	}
	o := Members(data)
	for i, m := range o {
		o[i].Value = m.Value[:len(m.Value):len(m.Value)]
	}
	return o, nil
}

// Members splits JSON text already known to be a valid object into its
// members, in order and with repeated keys as written. The values share
// data's bytes.
func Members(valid []byte) Object {
	i := SkipSpace(valid, SkipSpace(valid, 0)+1)
	if i >= len(valid) || valid[i] == '}' {
		return nil
	}
	var o Object
	for {
		end := SkipString(valid, i)
		key, _ := keyString(valid[i:end])
		i = SkipSpace(valid, end)
		i = SkipSpace(valid, i+1) // ':'
		end = SkipValue(valid, i)
		o = append(o, Member{Key: key, Value: valid[i:end]})
		i = SkipSpace(valid, end)
		if i >= len(valid) || valid[i] == '}' {
			return o
		}
		i = SkipSpace(valid, i+1) // ','
	}
}

// Elements splits JSON text already known to be a valid array into its
// elements, which share valid's bytes.
func Elements(valid []byte) [][]byte {
	i := SkipSpace(valid, SkipSpace(valid, 0)+1)
	if i >= len(valid) || valid[i] == ']' {
		return nil
	}
	var out [][]byte
	for {
		end := SkipValue(valid, i)
		out = append(out, valid[i:end])
		i = SkipSpace(valid, end)
		if i >= len(valid) || valid[i] == ']' {
			return out
		}
		i = SkipSpace(valid, i+1) // ','
	}
}

// Unquote decodes a valid JSON string token; ok is false for another value.
func Unquote(valid []byte) (s string, ok bool) {
	if len(valid) == 0 || valid[0] != '"' {
		return "", false
	}
	s, err := keyString(valid)
	return s, err == nil
}

// AppendIndent appends valid JSON text laid out exactly as
// json.Indent(TrimSpace(v), prefix, indent) would. It copies strings in
// bulk, where json.Indent runs its scanner on every byte; the text must
// already be known to be valid.
func AppendIndent(dst, v []byte, prefix, indent string) []byte {
	nl := "\n" + prefix
	needIndent := false
	depth := 0
	newline := func() {
		dst = append(dst, nl...)
		for range depth {
			dst = append(dst, indent...)
		}
	}
	src := bytes.TrimSpace(v)
	for i := 0; i < len(src); {
		c := src[i]
		switch c {
		case ' ', '\t', '\n', '\r':
			i++
			continue
		}
		if needIndent && c != '}' && c != ']' {
			needIndent = false
			depth++
			newline()
		}
		switch c {
		case '"':
			end := SkipString(src, i)
			dst = append(dst, src[i:end]...)
			i = end
			continue
		case '{', '[':
			needIndent = true
			dst = append(dst, c)
		case ',':
			dst = append(dst, c)
			newline()
		case ':':
			dst = append(dst, c, ' ')
		case '}', ']':
			if needIndent {
				needIndent = false
			} else {
				depth--
				newline()
			}
			dst = append(dst, c)
		default: // a number or a literal
			end := SkipValue(src, i)
			dst = append(dst, src[i:end]...)
			i = end
			continue
		}
		i++
	}
	return dst
}

// keyString decodes a quoted key as encoding/json does.
func keyString(q []byte) (string, error) {
	if bytes.IndexByte(q, '\\') < 0 && utf8.Valid(q) {
		return string(q[1 : len(q)-1]), nil
	}
	var s string
	err := json.Unmarshal(q, &s)
	return s, err
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// SkipSpace returns the index of the first byte at or after i that is not
// JSON whitespace.
func SkipSpace(data []byte, i int) int {
	for i < len(data) && isSpace(data[i]) {
		i++
	}
	return i
}

// SkipString returns the index after the string that starts (with its
// quote) at i, in valid JSON: the next quote not escaped by an odd number
// of backslashes.
func SkipString(data []byte, i int) int {
	i++
	for {
		k := bytes.IndexByte(data[i:], '"')
		if k < 0 {
			return len(data)
		}
		i += k
		n := 0
		for j := i - 1; j >= 0 && data[j] == '\\'; j-- {
			n++
		}
		i++
		if n%2 == 0 {
			return i
		}
	}
}

// SkipValue returns the index after the value that starts at i, in valid
// JSON.
func SkipValue(data []byte, i int) int {
	switch data[i] {
	case '"':
		return SkipString(data, i)
	case '{', '[':
		depth := 0
		for i < len(data) {
			switch data[i] {
			case '"':
				i = SkipString(data, i)
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1
				}
			}
			i++
		}
		return i
	}
	for i < len(data) { // number or literal
		switch data[i] {
		case ',', '}', ']', ' ', '\t', '\n', '\r':
			return i
		}
		i++
	}
	return i
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
//
// Valid input, the common case on every keystroke, takes one pass of
// Valid (several times faster than json.Valid on the strings that make
// up most of a schema) and one of utf8.Valid; anything Valid refuses
// goes through encoding/json, which decides and words the error.
func CheckJSON(data []byte) error {
	if Valid(data) {
		if !utf8.Valid(data) {
			return newSyntaxError(data, invalidUTF8Offset(data), "invalid UTF-8")
		}
		return nil
	}
	return checkJSONSlow(data)
}

// checkJSONSlow is CheckJSON with encoding/json deciding validity.
func checkJSONSlow(data []byte) error {
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

// maxNesting is encoding/json's limit: 10,000 nested arrays and objects
// are valid, 10,001 are not.
const maxNesting = 10000

// Valid reports whether data is exactly one JSON value with optional
// surrounding whitespace: what json.Valid reports, including its nesting
// limit and its acceptance of any byte >= 0x80 inside strings (CheckJSON
// checks UTF-8 separately).
func Valid(data []byte) bool {
	n := len(data)
	var stackBuf [64]bool // true: in an object, false: in an array
	stack := stackBuf[:0]
	i := SkipSpace(data, 0)
	for {
		// A value starts at i.
		if i >= n {
			return false
		}
		switch c := data[i]; {
		case c == '{' || c == '[':
			if len(stack) >= maxNesting {
				return false
			}
			obj := c == '{'
			stack = append(stack, obj)
			i = SkipSpace(data, i+1)
			if i < n && (obj && data[i] == '}' || !obj && data[i] == ']') {
				stack = stack[:len(stack)-1]
				i++
				break
			}
			if obj {
				if i = validKey(data, i); i < 0 {
					return false
				}
			}
			continue
		case c == '"':
			if i = validString(data, i); i < 0 {
				return false
			}
		case c == '-' || c >= '0' && c <= '9':
			if i = validNumber(data, i); i < 0 {
				return false
			}
		case c == 't':
			if !bytes.HasPrefix(data[i:], []byte("true")) {
				return false
			}
			i += 4
		case c == 'f':
			if !bytes.HasPrefix(data[i:], []byte("false")) {
				return false
			}
			i += 5
		case c == 'n':
			if !bytes.HasPrefix(data[i:], []byte("null")) {
				return false
			}
			i += 4
		default:
			return false
		}
		// A value ended at i: close containers, or move to the next value.
		for {
			i = SkipSpace(data, i)
			if len(stack) == 0 {
				return i == n
			}
			if i >= n {
				return false
			}
			obj := stack[len(stack)-1]
			if c := data[i]; obj && c == '}' || !obj && c == ']' {
				stack = stack[:len(stack)-1]
				i++
				continue
			}
			if data[i] != ',' {
				return false
			}
			i = SkipSpace(data, i+1)
			if obj {
				if i = validKey(data, i); i < 0 {
					return false
				}
			}
			break
		}
	}
}

// validKey checks `"key" :` at i and returns the index of the value after
// it (whitespace skipped), or -1.
func validKey(data []byte, i int) int {
	if i >= len(data) || data[i] != '"' {
		return -1
	}
	if i = validString(data, i); i < 0 {
		return -1
	}
	i = SkipSpace(data, i)
	if i >= len(data) || data[i] != ':' {
		return -1
	}
	return SkipSpace(data, i+1)
}

const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
)

// plain8 reports whether none of the 8 bytes of x is a quote, a backslash
// or a control character (< 0x20): the bytes a string scan can skip.
func plain8(x uint64) bool {
	q := x ^ (lsb * '"')
	b := x ^ (lsb * '\\')
	// (v - lsb) & ^v & msb is non-zero iff some byte of v is zero, and
	// (x - 0x20*lsb) & ^x & msb iff some byte of x is below 0x20.
	return ((q-lsb)&^q|(b-lsb)&^b|(x-lsb*0x20)&^x)&msb == 0
}

// validString checks the string whose quote is at i and returns the index
// after its closing quote, or -1.
func validString(data []byte, i int) int {
	n := len(data)
	i++
	for {
		for i+8 <= n && plain8(binary.LittleEndian.Uint64(data[i:])) {
			i += 8
		}
		if i >= n {
			return -1
		}
		switch c := data[i]; {
		case c == '"':
			return i + 1
		case c < 0x20:
			return -1
		case c == '\\':
			if i+1 >= n {
				return -1
			}
			switch data[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > n {
					return -1
				}
				for _, h := range data[i+2 : i+6] {
					if !isHex(h) {
						return -1
					}
				}
				i += 6
			default:
				return -1
			}
		default:
			i++
		}
	}
}

func isHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// validNumber checks the number at i (JSON's grammar:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?) and returns the index
// after it, or -1.
func validNumber(data []byte, i int) int {
	n := len(data)
	if data[i] == '-' {
		i++
	}
	switch {
	case i < n && data[i] == '0':
		i++
	case i < n && data[i] >= '1' && data[i] <= '9':
		for i++; i < n && isDigit(data[i]); i++ {
		}
	default:
		return -1
	}
	if i < n && data[i] == '.' {
		i++
		if i >= n || !isDigit(data[i]) {
			return -1
		}
		for i++; i < n && isDigit(data[i]); i++ {
		}
	}
	if i < n && (data[i] == 'e' || data[i] == 'E') {
		i++
		if i < n && (data[i] == '+' || data[i] == '-') {
			i++
		}
		if i >= n || !isDigit(data[i]) {
			return -1
		}
		for i++; i < n && isDigit(data[i]); i++ {
		}
	}
	return i
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

// AppendString appends s as a JSON string without HTML escaping: byte for
// byte what a json.Encoder with SetEscapeHTML(false) writes (invalid UTF-8
// becomes \ufffd; U+2028 and U+2029 are escaped), without its allocations.
func AppendString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		if b := s[i]; b < utf8.RuneSelf {
			if b >= 0x20 && b != '"' && b != '\\' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch b {
			case '\\', '"':
				dst = append(dst, '\\', b)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[b>>4], hexDigits[b&0xF])
			}
			i++
			start = i
			continue
		}
		c, size := utf8.DecodeRuneInString(s[i:])
		if c == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if c == '\u2028' || c == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[c&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

const hexDigits = "0123456789abcdef"

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
