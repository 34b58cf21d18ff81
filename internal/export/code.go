package export

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// literal writes JSON values as the literals of a programming language,
// laid out over lines with trailing commas.
type literal struct {
	indent        string
	null, yes, no string
	str           func(b *strings.Builder, s string) // a string value
	key           func(b *strings.Builder, k string) // an object key
	// strRaw, if set, writes a string value from its JSON token instead
	// of str.
	strRaw func(b *strings.Builder, token []byte)
	// wrap, if set, is asked about each value by its JSON pointer in the
	// body: comment lines to write before it, and text to write before
	// and after it.
	wrap func(path string, v []byte) (comment []string, before, after string)
}

// value writes the valid JSON value v at depth.
func (l literal) value(b *strings.Builder, v []byte, depth int) { l.at(b, v, depth, "") }

// at writes v, found at path in the body.
func (l literal) at(b *strings.Builder, v []byte, depth int, path string) {
	v = bytes.TrimSpace(v)
	after := ""
	if l.wrap != nil {
		var before string
		_, before, after = l.wrap(path, v)
		b.WriteString(before)
	}
	switch rawjson.JSONKind(v) {
	case "object":
		l.object(b, uniq(rawjson.Members(v)), depth, path)
	case "array":
		l.array(b, rawjson.Elements(v), depth, path)
	case "string":
		if l.strRaw != nil {
			l.strRaw(b, v)
			break
		}
		s, _ := str(v)
		l.str(b, s)
	case "null":
		b.WriteString(l.null)
	case "boolean":
		if isTrue(v) {
			b.WriteString(l.yes)
		} else {
			b.WriteString(l.no)
		}
	default:
		b.Write(v) // a JSON number is a number literal in Python, JavaScript and Go
	}
	b.WriteString(after)
}

// comments writes the comment lines wrap has for the value at path, each
// at the indentation of depth.
func (l literal) comments(b *strings.Builder, v []byte, depth int, path string) {
	if l.wrap == nil {
		return
	}
	lines, _, _ := l.wrap(path, bytes.TrimSpace(v))
	for _, c := range lines {
		b.WriteString(strings.Repeat(l.indent, depth) + c + "\n")
	}
}

func (l literal) object(b *strings.Builder, o rawjson.Object, depth int, path string) {
	if len(o) == 0 {
		b.WriteString("{}")
		return
	}
	b.WriteString("{\n")
	for _, m := range o {
		p := key(path, m.Key)
		l.comments(b, m.Value, depth+1, p)
		b.WriteString(strings.Repeat(l.indent, depth+1))
		l.key(b, m.Key)
		b.WriteString(": ")
		l.at(b, m.Value, depth+1, p)
		b.WriteString(",\n")
	}
	b.WriteString(strings.Repeat(l.indent, depth) + "}")
}

func (l literal) array(b *strings.Builder, els [][]byte, depth int, path string) {
	if len(els) == 0 {
		b.WriteString("[]")
		return
	}
	b.WriteString("[\n")
	for i, el := range els {
		p := index(path, i)
		l.comments(b, el, depth+1, p)
		b.WriteString(strings.Repeat(l.indent, depth+1))
		l.at(b, el, depth+1, p)
		b.WriteString(",\n")
	}
	b.WriteString(strings.Repeat(l.indent, depth) + "]")
}

// quoted writes s in double quotes with the escapes Python and JavaScript
// share (see escaped), every other character through hex.
func quoted(b *strings.Builder, s string, hex func(b *strings.Builder, r rune)) {
	b.WriteByte('"')
	for _, r := range s {
		escaped(b, r, hex)
	}
	b.WriteByte('"')
}

// escaped writes r as it is inside a double-quoted string literal of
// Python or JavaScript: printable characters as they are, every other one
// (controls, line and paragraph separators, format characters such as
// bidirectional overrides) through hex, so the source shows what is sent.
func escaped(b *strings.Builder, r rune, hex func(b *strings.Builder, r rune)) {
	switch r {
	case '\\':
		b.WriteString(`\\`)
	case '"':
		b.WriteString(`\"`)
	case '\n':
		b.WriteString(`\n`)
	case '\r':
		b.WriteString(`\r`)
	case '\t':
		b.WriteString(`\t`)
	default:
		if printable(r) {
			b.WriteRune(r)
		} else {
			hex(b, r)
		}
	}
}

// printable reports whether r is shown as it is in a string literal.
func printable(r rune) bool {
	return r < utf8.RuneSelf && r >= 0x20 && r != 0x7f || r >= utf8.RuneSelf && unicode.IsPrint(r)
}

const hexDigits = "0123456789abcdef"

// writeHex writes \ + letter + r in width hex digits.
func writeHex(b *strings.Builder, letter byte, r rune, width int) {
	b.WriteByte('\\')
	b.WriteByte(letter)
	for shift := (width - 1) * 4; shift >= 0; shift -= 4 {
		b.WriteByte(hexDigits[(r>>uint(shift))&0xF])
	}
}
