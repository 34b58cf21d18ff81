package convert

import (
	"bytes"
	"strconv"
	"sync"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// appendIndented appends a checked JSON value laid out as json.Indent
// does with prefix and a two-space indent.
func appendIndented(dst, v []byte, prefix string) []byte {
	return rawjson.AppendIndent(dst, v, prefix, "  ")
}

// layoutBufs are scratch buffers for laying values out: the size of a
// layout is known only once it is made, and growing it as it is made
// would copy it over and over.
var layoutBufs = sync.Pool{New: func() any { return new([]byte) }}

// indented is a checked JSON value laid out as appendIndented does, in a
// slice of its own of just its size.
func indented(v []byte, prefix string) []byte {
	bp := layoutBufs.Get().(*[]byte)
	b := appendIndented((*bp)[:0], v, prefix)
	out := make([]byte, len(b))
	copy(out, b)
	*bp = b
	layoutBufs.Put(bp)
	return out
}

// memberPrefix is the indentation of a tool's members in the request:
// three levels deep.
const memberPrefix = "      "

// indentedEntry is a tool as it appears inside the request's tools array.
// A function is laid out piece by piece so that its parameters, which can
// be megabytes, are indented once per distinct schema.
func (c *Converter) indentedEntry(e *entry) []byte {
	if e.indented != nil {
		return e.indented
	}
	const in = memberPrefix
	f := e.tool.Function
	if f == nil {
		e.indented = indented(e.tool.Builtin, "    ")
		return e.indented
	}
	var params []byte
	if len(f.Parameters) > 0 && e.schema != nil {
		params = e.schema.layout()
	}
	// The size: the fixed text, the strings (escapes aside) and the
	// parameters' layout, when it is made already.
	size := 160 + len(f.Name) + len(f.Description) + len(params)
	if params == nil {
		size += 2 * len(f.Parameters)
	}
	for _, m := range f.Extra {
		size += 16 + len(m.Key) + 2*len(m.Value)
	}
	b := make([]byte, 0, size)
	b = append(b, "{\n"+in+`"type": "function",`+"\n"+in+`"name": `...)
	b = rawjson.AppendString(b, f.Name)
	b = append(b, ",\n"+in+`"description": `...)
	b = rawjson.AppendString(b, f.Description)
	b = append(b, ",\n"+in+`"parameters": `...)
	switch {
	case len(f.Parameters) == 0:
		b = append(b, "null"...)
	case params != nil:
		b = append(b, params...)
	default:
		b = appendIndented(b, f.Parameters, in)
	}
	if f.Strict != nil {
		b = append(b, ",\n"+in+`"strict": `...)
		b = strconv.AppendBool(b, *f.Strict)
	}
	for _, m := range f.Extra {
		b = append(b, ",\n"+in...)
		b = rawjson.AppendString(b, m.Key)
		b = append(b, ": "...)
		b = appendIndented(b, m.Value, in)
	}
	e.indented = append(b, "\n    }"...)
	return e.indented
}

func estimateSize(ts []ResponseTool) int {
	n := 0
	for _, t := range ts {
		if t.Function != nil {
			n += len(t.Function.Parameters) + len(t.Function.Description) + 64
		} else {
			n += len(t.Builtin)
		}
	}
	return n
}

// laidOut reports whether src, a checked JSON value, is already laid out
// as appendIndented(nil, src, prefix) would lay it out: a function's
// parameters in a document tooltui saved stand at the depth they take in
// the request, so their text is often the layout itself. It reads src
// once and writes nothing.
func laidOut(src []byte, prefix string) bool {
	const indent = "  "
	depth := 0
	// newline checks that the line break and indentation for depth are
	// at i, and returns the index after them.
	newline := func(i, depth int) (int, bool) {
		if i >= len(src) || src[i] != '\n' || !bytes.HasPrefix(src[i+1:], []byte(prefix)) {
			return 0, false
		}
		i += 1 + len(prefix)
		for range depth {
			if !bytes.HasPrefix(src[i:], []byte(indent)) {
				return 0, false
			}
			i += len(indent)
		}
		return i, true
	}
	i, ok := 0, true
	for {
		// A value (or an object's key) starts at i.
		if i >= len(src) {
			return false
		}
		switch src[i] {
		case '{', '[':
			i++
			if i < len(src) && (src[i] == '}' || src[i] == ']') {
				i++ // empty: written without a line break
				break
			}
			depth++
			if i, ok = newline(i, depth); !ok {
				return false
			}
			continue
		case '"':
			i = rawjson.SkipString(src, i)
		case '}', ']', ',', ':', ' ', '\t', '\n', '\r':
			return false
		default: // a number or a literal
			i = rawjson.SkipValue(src, i)
		}
		// A value ended at i: a colon, a comma or the end of containers
		// follows.
	ended:
		for {
			switch {
			case i == len(src):
				return depth == 0
			case src[i] == ':':
				if !bytes.HasPrefix(src[i:], []byte(": ")) {
					return false
				}
				i += 2
				break ended
			case src[i] == ',':
				if i, ok = newline(i+1, depth); !ok {
					return false
				}
				break ended
			default:
				if depth == 0 {
					return false
				}
				depth--
				if i, ok = newline(i, depth); !ok || i >= len(src) || src[i] != '}' && src[i] != ']' {
					return false
				}
				i++
			}
		}
	}
}
