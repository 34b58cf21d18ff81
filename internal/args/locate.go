package args

import (
	"bytes"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// locator places many JSON Pointers in one valid JSON text, with the
// answers of rawjson.LocatePointer and rawjson.LineCol: each object or array
// on the way is split once, and lines are counted once, so the fifty
// problems of a megabyte of arguments cost a few passes over the text, not
// fifty (the tester checks arguments on every keystroke).
type locator struct {
	text  []byte
	objs  map[int]map[string]int // an object's offset: its keys' value offsets (the last of a repeated key)
	arrs  map[int][]int          // an array's offset: its elements' offsets
	lines []int                  // offsets of the line starts, once needed
}

func newLocator(valid []byte) *locator {
	return &locator{text: valid, objs: map[int]map[string]int{}, arrs: map[int][]int{}}
}

// at is the offset of a value of l.text that is a subslice of it.
func (l *locator) at(v []byte) int { return cap(l.text) - cap(v) }

// offset is the offset of the value at ptr, or of the deepest value on its
// way that exists (as LocatePointer's offset).
func (l *locator) offset(ptr string) int {
	off := len(l.text) - len(bytes.TrimLeft(l.text, " \t\r\n"))
	if ptr == "" || ptr[0] != '/' {
		return off
	}
	for _, tok := range strings.Split(ptr[1:], "/") {
		if strings.IndexByte(tok, '~') >= 0 {
			tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		}
		if off >= len(l.text) {
			return off
		}
		switch l.text[off] {
		case '{':
			keys, ok := l.objs[off]
			if !ok {
				keys = map[string]int{}
				for _, m := range rawjson.Members(l.text[off:]) {
					keys[m.Key] = l.at(m.Value)
				}
				l.objs[off] = keys
			}
			next, ok := keys[tok]
			if !ok {
				return off
			}
			off = next
		case '[':
			elems, ok := l.arrs[off]
			if !ok {
				for _, e := range rawjson.Elements(l.text[off:]) {
					elems = append(elems, l.at(e))
				}
				l.arrs[off] = elems
			}
			i := arrayIndex(tok)
			if i < 0 || i >= len(elems) {
				return off
			}
			off = elems[i]
		default:
			return off
		}
	}
	return off
}

// position is the 1-based line and column (in runes) of the value at ptr.
func (l *locator) position(ptr string) (int, int) {
	off := l.offset(ptr)
	if l.lines == nil {
		l.lines = []int{0}
		for i, c := range l.text {
			if c == '\n' {
				l.lines = append(l.lines, i+1)
			}
		}
	}
	line := sort.SearchInts(l.lines, off+1) // the lines starting at or before off
	return line, utf8.RuneCount(l.text[l.lines[line-1]:off]) + 1
}

// arrayIndex is the array index tok names ("0" or a decimal number without
// leading zeros), or -1.
func arrayIndex(tok string) int {
	if tok == "" || len(tok) > 1 && tok[0] == '0' || len(tok) > 18 {
		return -1
	}
	v := 0
	for i := 0; i < len(tok); i++ {
		c := tok[i]
		if c < '0' || c > '9' {
			return -1
		}
		v = v*10 + int(c-'0')
	}
	return v
}
