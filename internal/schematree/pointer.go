package schematree

import (
	"strconv"
	"strings"
)

// Pointers name schemas inside the parameters (RFC 6901): "" is the root,
// "/properties/address/properties/city" a nested property,
// "/properties/tags/items" an array's items, "/$defs/Address" a definition.

// Escape escapes one reference token (~ and /).
func Escape(tok string) string {
	if !strings.ContainsAny(tok, "~/") {
		return tok
	}
	return strings.ReplaceAll(strings.ReplaceAll(tok, "~", "~0"), "/", "~1")
}

// Unescape decodes one reference token.
func Unescape(tok string) string {
	if !strings.Contains(tok, "~") {
		return tok
	}
	return strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
}

// Split returns the decoded tokens of a pointer.
func Split(ptr string) []string {
	if ptr == "" {
		return nil
	}
	toks := strings.Split(strings.TrimPrefix(ptr, "/"), "/")
	for i, t := range toks {
		toks[i] = Unescape(t)
	}
	return toks
}

// Join appends tokens to a pointer.
func Join(ptr string, toks ...string) string {
	var b strings.Builder
	b.WriteString(ptr)
	for _, t := range toks {
		b.WriteByte('/')
		b.WriteString(Escape(t))
	}
	return b.String()
}

// parent returns the pointer without its last token, and that token.
func parent(ptr string) (string, string) {
	i := strings.LastIndexByte(ptr, '/')
	if i < 0 {
		return "", ""
	}
	return ptr[:i], Unescape(ptr[i+1:])
}

func itoa(i int) string { return strconv.Itoa(i) }
