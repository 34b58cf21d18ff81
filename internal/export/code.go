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
}

// value writes the valid JSON value v at depth.
func (l literal) value(b *strings.Builder, v []byte, depth int) {
	v = bytes.TrimSpace(v)
	switch rawjson.JSONKind(v) {
	case "object":
		l.object(b, uniq(rawjson.Members(v)), depth)
	case "array":
		l.array(b, rawjson.Elements(v), depth)
	case "string":
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
}

func (l literal) object(b *strings.Builder, o rawjson.Object, depth int) {
	if len(o) == 0 {
		b.WriteString("{}")
		return
	}
	b.WriteString("{\n")
	for _, m := range o {
		b.WriteString(strings.Repeat(l.indent, depth+1))
		l.key(b, m.Key)
		b.WriteString(": ")
		l.value(b, m.Value, depth+1)
		b.WriteString(",\n")
	}
	b.WriteString(strings.Repeat(l.indent, depth) + "}")
}

func (l literal) array(b *strings.Builder, els [][]byte, depth int) {
	if len(els) == 0 {
		b.WriteString("[]")
		return
	}
	b.WriteString("[\n")
	for _, el := range els {
		b.WriteString(strings.Repeat(l.indent, depth+1))
		l.value(b, el, depth+1)
		b.WriteString(",\n")
	}
	b.WriteString(strings.Repeat(l.indent, depth) + "]")
}

// quoted writes s in double quotes with the escapes Python and JavaScript
// share: printable characters as they are, every other one (controls, line
// and paragraph separators, format characters such as bidirectional
// overrides) through hex, so the source shows what is sent.
func quoted(b *strings.Builder, s string, hex func(b *strings.Builder, r rune)) {
	b.WriteByte('"')
	for _, r := range s {
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
			if r < utf8.RuneSelf && r >= 0x20 && r != 0x7f || r >= utf8.RuneSelf && unicode.IsPrint(r) {
				b.WriteRune(r)
			} else {
				hex(b, r)
			}
		}
	}
	b.WriteByte('"')
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
