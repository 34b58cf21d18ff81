package export

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// language is what a programming language keeps of a JSON request once it
// holds it as its own value (a Python dict, a JavaScript object) and its
// library writes it back as JSON. A program sends that value when the
// language keeps the request exactly, and otherwise the request's text,
// byte for byte, saying why (see respelled): the one rule of the Python,
// TypeScript and Go programs.
type language struct {
	value string // what the language holds the request as: "a Python dict"
	// number is how the language writes the JSON number tok back.
	number func(tok string) string
	// indexKeysFirst: an object puts the keys that are array indexes
	// first, in ascending order (JavaScript).
	indexKeysFirst bool
	// sortedFree: free-form JSON (a function's parameters, metadata, a
	// text format's schema) is a map, whose keys are written sorted (Go).
	sortedFree bool
	// exactNumber, if set, reports whether the number at path is held
	// exactly another way (Go's int64 fields), for the program to check.
	exactNumber func(path string) bool
}

var (
	pythonLang     = language{value: "a Python dict", number: pyNumber}
	javascriptLang = language{value: "a JavaScript object", number: jsNumberToken, indexKeysFirst: true}
	// Go writes a float64 as JavaScript does; an integer field's int64
	// is checked where the program writes one (goParams).
	goLang = language{value: "openai-go's typed parameters", number: jsNumberToken, sortedFree: true, exactNumber: func(path string) bool {
		f, ok := goFields()[strings.TrimPrefix(path, "/")]
		return ok && f.kind == "int"
	}}
)

// respelled returns why a program in l cannot send body as the language's
// value: the first number l writes back as another text (1.50 as 1.5,
// 1e400 as Infinity), the first key an object holds twice (the value keeps
// the last only), or the first key l moves; "" when l keeps the body.
func respelled(body []byte, l language) string {
	var why string
	var walk func(v []byte, path string) bool
	walk = func(v []byte, path string) bool {
		v = bytes.TrimSpace(v)
		switch rawjson.JSONKind(v) {
		case "object":
			o := rawjson.Members(v)
			seen := make(map[string]bool, len(o))
			for _, m := range o {
				if seen[m.Key] {
					why = fmt.Sprintf("the key %s, written twice in %s, would be sent once, with its last value", strconv.Quote(m.Key), where(path))
					return true
				}
				seen[m.Key] = true
			}
			if l.sortedFree && freeForm(path) && !slices.IsSortedFunc(o, func(a, b rawjson.Member) int { return strings.Compare(a.Key, b.Key) }) {
				why = fmt.Sprintf("openai-go holds %s as map[string]any, which Go writes with its keys sorted", where(path))
				return true
			}
			if l.indexKeysFirst {
				if k, ok := movedIndexKey(o); ok {
					why = fmt.Sprintf("the key %s in %s would move ahead of the keys before it (keys that are array indexes come first)", strconv.Quote(k), where(path))
					return true
				}
			}
			for _, m := range o {
				if walk(m.Value, key(path, m.Key)) {
					return true
				}
			}
		case "array":
			for i, el := range rawjson.Elements(v) {
				if walk(el, index(path, i)) {
					return true
				}
			}
		case "number":
			if l.exactNumber != nil && l.exactNumber(path) {
				break
			}
			if w := l.number(string(v)); w != string(v) {
				why = fmt.Sprintf("the number %s at %s would be sent as %s", v, where(path), w)
				return true
			}
		}
		return false
	}
	walk(body, "")
	return why
}

// freeForm reports whether the object at path is free-form JSON, which
// openai-go holds as a map: a function's parameters or anything in them,
// metadata, a text format's schema.
func freeForm(path string) bool {
	toks := strings.Split(path, "/")
	switch {
	case len(toks) >= 2 && toks[1] == "metadata":
		return true
	case len(toks) >= 4 && toks[1] == "tools" && toks[3] == "parameters":
		return true
	case len(toks) >= 4 && toks[1] == "text" && toks[2] == "format" && toks[3] == "schema":
		return true
	}
	return false
}

// where names a place in the request for a comment.
func where(path string) string {
	if path == "" {
		return "the request"
	}
	return path
}

// movedIndexKey returns the first key of o that JavaScript would move:
// keys that are array indexes ("0", "17") come first, in ascending order.
func movedIndexKey(o rawjson.Object) (string, bool) {
	keys := make([]string, len(o))
	var idx []string
	for i, m := range o {
		keys[i] = m.Key
		if arrayIndex(m.Key) {
			idx = append(idx, m.Key)
		}
	}
	if len(idx) == 0 {
		return "", false
	}
	slices.SortStableFunc(idx, func(a, b string) int {
		if len(a) != len(b) {
			return len(a) - len(b)
		}
		return strings.Compare(a, b)
	})
	for i, k := range idx {
		if keys[i] != k {
			return k, true
		}
	}
	return "", false
}

// arrayIndex reports whether k is an array index in JavaScript: a
// canonical decimal below 2^32-1.
func arrayIndex(k string) bool {
	if k == "" || len(k) > 10 || k != "0" && k[0] == '0' {
		return false
	}
	n, err := strconv.ParseUint(k, 10, 64)
	return err == nil && n < math.MaxUint32
}

// jsNumberToken is how JSON.stringify writes the JSON number tok once
// JavaScript holds it as a double.
func jsNumberToken(tok string) string {
	f, _ := strconv.ParseFloat(tok, 64)
	return jsNumber(f)
}

// pyNumber is how json.dumps writes the JSON number tok once Python holds
// it: an integer as an int, of any size; any other as a float, by repr.
func pyNumber(tok string) string {
	if !strings.ContainsAny(tok, ".eE") {
		if strings.TrimLeft(tok, "-0") == "" {
			return "0"
		}
		return tok
	}
	f, err := strconv.ParseFloat(tok, 64)
	switch {
	case err != nil && f < 0:
		return "-Infinity"
	case err != nil:
		return "Infinity"
	}
	return pyRepr(f)
}

// pyRepr is Python's repr of a float: the shortest digits that read back
// as f, in fixed notation from 1e-4 up to 1e16 (with at least one digit
// after the point), in exponent notation otherwise.
func pyRepr(f float64) string {
	if abs := math.Abs(f); f == 0 || abs >= 1e-4 && abs < 1e16 {
		s := strconv.FormatFloat(f, 'f', -1, 64)
		if !strings.Contains(s, ".") {
			s += ".0"
		}
		return s
	}
	return strconv.FormatFloat(f, 'e', -1, 64)
}
