package rawjson

import (
	"bytes"
	"strings"
	"unicode/utf8"
)

// LocatePointer returns the byte offset in text (JSON, any formatting, may
// be pretty-printed) of the value a JSON Pointer (RFC 6901, "" = whole
// document, "/properties/q/type", with ~0 ~1 escapes, array indices) names.
// When the pointer goes further than the text has, it returns the offset of
// the deepest existing value on the way and exact=false; for a pointer to
// an object member it is the offset of the member's value (not the key).
// ok=false when text is not valid JSON.
//
// A repeated key names its last member, as encoding/json decodes it. An
// array index is "0" or a number without leading zeros; "-" (past the end)
// names nothing. A pointer that does not start with "/" (other than "")
// names nothing: the offset is the whole document's, exact=false.
//
// It makes one validating pass over text (after a UTF-8 check), following
// the pointer as it goes, and decodes nothing but the keys it compares:
// about 3 ms for a megabyte, fit for every keystroke.
func LocatePointer(text []byte, pointer string) (offset int, exact bool, ok bool) {
	if !utf8.Valid(text) {
		return 0, false, false
	}
	var toks []string
	wellFormed := pointer == "" || pointer[0] == '/'
	if wellFormed && pointer != "" {
		toks = strings.Split(pointer[1:], "/")
		for k, t := range toks {
			toks[k] = unescapeToken(t)
		}
	}
	idx := make([]int, len(toks)) // the array index each token names, or -1
	for k, t := range toks {
		idx[k] = arrayIndex(t)
	}
	offs := make([]int, len(toks)+1) // offs[k]: the value at toks[:k]
	found, ok := locate(text, toks, idx, offs)
	if !ok {
		return 0, false, false
	}
	return offs[found], found == len(toks) && wellFormed, true
}

// unescapeToken decodes a reference token: ~1 is "/", then ~0 is "~".
func unescapeToken(tok string) string {
	if strings.IndexByte(tok, '~') < 0 {
		return tok
	}
	tok = strings.ReplaceAll(tok, "~1", "/")
	return strings.ReplaceAll(tok, "~0", "~")
}

// pointerFrame is an open array or object of a locate walk.
type pointerFrame struct {
	obj bool
	// on: the container is the value at toks[:lvl], so its member
	// toks[lvl] is the next step of the pointer.
	on  bool
	lvl int
	n   int // elements seen so far (arrays)
}

// locate validates data as Valid does (same grammar, same nesting
// limit) and fills offs with the offsets of the values the pointer tokens
// lead to; it returns how many tokens were resolved. A later member with
// the same key replaces an earlier one, and what was found inside it.
func locate(data []byte, toks []string, idx []int, offs []int) (found int, ok bool) {
	n := len(data)
	var stackBuf [64]pointerFrame
	stack := stackBuf[:0]
	i := SkipSpace(data, 0)
	offs[0] = i
	on := true // the value starting at i is offs[found]
	for {
		// A value starts at i.
		if i >= n {
			return 0, false
		}
		switch c := data[i]; {
		case c == '{' || c == '[':
			if len(stack) >= maxNesting {
				return 0, false
			}
			obj := c == '{'
			stack = append(stack, pointerFrame{obj: obj, on: on && found < len(toks), lvl: found})
			i = SkipSpace(data, i+1)
			if i < n && (obj && data[i] == '}' || !obj && data[i] == ']') {
				stack = stack[:len(stack)-1]
				i++
				break
			}
			f := &stack[len(stack)-1]
			if obj {
				if i, on = pointerKey(data, i, f, toks); i < 0 {
					return 0, false
				}
			} else {
				on = f.on && idx[f.lvl] == 0
			}
			if on {
				found = f.lvl + 1
				offs[found] = i
			}
			continue
		case c == '"':
			if i = validString(data, i); i < 0 {
				return 0, false
			}
		case c == '-' || c >= '0' && c <= '9':
			if i = validNumber(data, i); i < 0 {
				return 0, false
			}
		case c == 't':
			if !bytes.HasPrefix(data[i:], []byte("true")) {
				return 0, false
			}
			i += 4
		case c == 'f':
			if !bytes.HasPrefix(data[i:], []byte("false")) {
				return 0, false
			}
			i += 5
		case c == 'n':
			if !bytes.HasPrefix(data[i:], []byte("null")) {
				return 0, false
			}
			i += 4
		default:
			return 0, false
		}
		// A value ended at i: close containers, or move to the next value.
		for {
			i = SkipSpace(data, i)
			if len(stack) == 0 {
				return found, i == n
			}
			if i >= n {
				return 0, false
			}
			f := &stack[len(stack)-1]
			if c := data[i]; f.obj && c == '}' || !f.obj && c == ']' {
				stack = stack[:len(stack)-1]
				i++
				continue
			}
			if data[i] != ',' {
				return 0, false
			}
			i = SkipSpace(data, i+1)
			if f.obj {
				if i, on = pointerKey(data, i, f, toks); i < 0 {
					return 0, false
				}
			} else {
				f.n++
				on = f.on && idx[f.lvl] == f.n
			}
			if on {
				found = f.lvl + 1
				offs[found] = i
			}
			break
		}
	}
}

// pointerKey checks `"key" :` at i, as validKey does, and also reports
// whether the key is the pointer's next step in the object f.
func pointerKey(data []byte, i int, f *pointerFrame, toks []string) (int, bool) {
	if i >= len(data) || data[i] != '"' {
		return -1, false
	}
	end := validString(data, i)
	if end < 0 {
		return -1, false
	}
	match := f.on && keyIs(data[i:end], toks[f.lvl])
	i = SkipSpace(data, end)
	if i >= len(data) || data[i] != ':' {
		return -1, false
	}
	return SkipSpace(data, i+1), match
}

// keyIs reports whether the valid JSON string q decodes to key.
func keyIs(q []byte, key string) bool {
	inner := q[1 : len(q)-1]
	if bytes.IndexByte(inner, '\\') < 0 {
		return string(inner) == key
	}
	if len(inner) < len(key) { // an escape is never shorter than what it stands for
		return false
	}
	k, err := keyString(q)
	return err == nil && k == key
}

// arrayIndex returns the array index tok names ("0" or a decimal number
// without leading zeros), or -1.
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
