package workspace

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
	"github.com/tooltui/tooltui/internal/session"
)

// Field says which part of a tool a search matched.
type Field int

const (
	// FieldName: the tool's name (a function's or custom tool's name, an
	// MCP tool's server_label, else its type).
	FieldName Field = iota
	// FieldDescription: its description (an MCP tool's
	// server_description).
	FieldDescription
	// FieldParameter: the name or the description of a property in its
	// parameters schema, at any depth.
	FieldParameter
)

func (f Field) String() string {
	switch f {
	case FieldName:
		return "name"
	case FieldDescription:
		return "description"
	}
	return "parameter"
}

// Hit is a tool a search found.
type Hit struct {
	Path string     // the document, relative to the workspace
	At   session.At // the tool's place in the document
	Name string     // the tool's name, or its type when it has none
	Type string     // "function", or the built-in tool's type
	// Field is what matched, Text the text that did (the name, the
	// description, or the property's name or description).
	Field Field
	Text  string
	// Pointer is where Text is in the tool's entry, as a JSON Pointer:
	// "/name", "/description", "/parameters/properties/city/description".
	Pointer string
}

// Search finds the tools whose name, description or parameters (the
// names and descriptions of the properties of their schema) hold query,
// case-insensitively: one hit per tool, for its best field. Name matches
// come first (the name itself, then names that start with query, then
// the others), then descriptions, then parameters; within each, documents
// in the order of Paths and, in a document, functions before built-in
// tools, each in their order.
//
// It searches the documents as the app has them (a session's document
// when it has one) and reads no file: a document Load has not read is not
// searched (its Summary says Read false). What it derives from a document
// is kept until the document changes, so searching again costs only the
// comparisons.
func (w *Workspace) Search(query string) []Hit {
	q := strings.ToLower(strings.TrimSpace(query))
	if q == "" {
		return nil
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	var hits []ranked
	for _, p := range w.paths {
		e := w.docs[p]
		d := w.docOf(e)
		if d == nil {
			continue
		}
		if e.ixDoc != d {
			e.ixDoc, e.ix = d, indexDoc(d)
		}
		hits = appendHits(hits, p, e.ix, q)
	}
	slices.SortStableFunc(hits, func(a, b ranked) int { return a.rank - b.rank })
	out := make([]Hit, len(hits))
	for i, h := range hits {
		out[i] = h.Hit
	}
	return out
}

// SearchDocument is Search in one document d, called path in the hits.
func SearchDocument(path string, d *model.Document, query string) []Hit {
	q := strings.ToLower(strings.TrimSpace(query))
	if q == "" || d == nil {
		return nil
	}
	hits := appendHits(nil, path, indexDoc(d), q)
	slices.SortStableFunc(hits, func(a, b ranked) int { return a.rank - b.rank })
	out := make([]Hit, len(hits))
	for i, h := range hits {
		out[i] = h.Hit
	}
	return out
}

// ranked is a hit with its rank: lower comes first.
type ranked struct {
	Hit
	rank int
}

const (
	rankExactName = iota
	rankNamePrefix
	rankName
	rankDescription
	rankParameterName
	rankParameterDescription
)

// toolText is what Search compares in one tool, lower-cased.
type toolText struct {
	at                session.At
	name, typ         string
	lname, namePtr    string
	desc, ldesc, dPtr string
	params            []paramText
	ptrs              []byte // the pointers of params, one after the other
}

// paramText is a property's name or description: its text (shared with
// the entry's bytes when it has no escape), lower-cased, and where its
// pointer is in toolText.ptrs.
type paramText struct {
	text, lower []byte
	ptr         [2]int32
	name        bool
}

// indexDoc reads the searchable text of every tool of d.
func indexDoc(d *model.Document) []toolText {
	out := make([]toolText, 0, len(d.Functions)+len(d.Builtins))
	for _, k := range []model.Kind{model.Function, model.Builtin} {
		for i, t := range d.List(k) {
			out = append(out, indexTool(session.At{Kind: k, Index: i}, t.Raw))
		}
	}
	return out
}

// indexTool reads the searchable text of one entry, in one pass over its
// bytes. An entry that is not a JSON object has none; one that is not
// valid JSON (typed in the JSON editor) has what it holds up to where it
// stops being valid, more or less: the walk over its bytes never stops
// short of their end nor runs past it.
func indexTool(at session.At, raw json.RawMessage) toolText {
	tt := toolText{at: at, typ: "function"}
	if rawjson.JSONKind(raw) != "object" {
		if at.Kind == model.Builtin {
			tt.typ = ""
		}
		return tt
	}
	var label, sdesc string
	str := func(v []byte) string { return string(keyText(v)) }
	w := schemaWalker{data: raw, out: &tt.params}
	d := []byte(raw)
	for i := rawjson.SkipSpace(d, 0) + 1; ; {
		i = rawjson.SkipSpace(d, i)
		if i >= len(d) || d[i] != '"' {
			break
		}
		end := rawjson.SkipString(d, i)
		key := keyText(d[i:end])
		i = rawjson.SkipSpace(d, rawjson.SkipSpace(d, end)+1)
		if i >= len(d) {
			break
		}
		if key := string(key); key == "parameters" {
			w.ptr = append(w.ptr[:0], "/parameters"...)
			if w.ptrs == nil { // about what a schema of this size collects
				n := len(d) - i
				w.ptrs = make([]byte, 0, min(n/4, 1<<16))
				tt.params = make([]paramText, 0, min(n/128, 1<<12))
			}
			end = w.value(i)
		} else {
			end = rawjson.SkipValue(d, i)
			v := d[i:end]
			switch key {
			case "type":
				if at.Kind == model.Builtin {
					tt.typ = str(v)
				}
			case "name":
				tt.name, tt.namePtr = str(v), "/name"
			case "server_label":
				label = str(v)
			case "description":
				tt.desc, tt.dPtr = str(v), "/description"
			case "server_description":
				sdesc = str(v)
			}
		}
		if i = rawjson.SkipSpace(d, end); i < len(d) && d[i] == ',' {
			i++
		}
	}
	tt.ptrs = w.ptrs
	if tt.typ == model.FamilyMCP && label != "" {
		tt.name, tt.namePtr = label, "/server_label"
		if tt.desc == "" && sdesc != "" {
			tt.desc, tt.dPtr = sdesc, "/server_description"
		}
	}
	if tt.name == "" {
		tt.name, tt.namePtr = tt.typ, "/type"
	}
	tt.lname, tt.ldesc = strings.ToLower(tt.name), strings.ToLower(tt.desc)
	return tt
}

// schemaWalker collects the names and descriptions of the properties of a
// schema (valid JSON), at every depth, in one pass over its bytes. Values
// that are data, not schemas (enum, const, default, examples), are not
// entered.
type schemaWalker struct {
	data []byte
	ptr  []byte // the pointer of the value being walked
	ptrs []byte // the pointers of what was collected
	out  *[]paramText
}

// value walks the value at i and returns the index after it.
func (w *schemaWalker) value(i int) int {
	i = rawjson.SkipSpace(w.data, i)
	if i >= len(w.data) {
		return i
	}
	switch w.data[i] {
	case '{':
		return w.object(i, false)
	case '[':
		i++
		for n := 0; ; n++ {
			i = rawjson.SkipSpace(w.data, i)
			if i >= len(w.data) || w.data[i] == ']' {
				return i + 1
			}
			mark := len(w.ptr)
			w.ptr = strconv.AppendInt(append(w.ptr, '/'), int64(n), 10)
			i = w.value(i)
			w.ptr = w.ptr[:mark]
			switch i = rawjson.SkipSpace(w.data, i); {
			case i < len(w.data) && w.data[i] == ',':
				i++
			case i < len(w.data) && w.data[i] != ']':
				return i // not JSON: stop here
			}
		}
	}
	return max(rawjson.SkipValue(w.data, i), i+1) // always a step forward
}

// object walks the object at i and returns the index after it; props says
// it is a properties object, whose keys are property names.
func (w *schemaWalker) object(i int, props bool) int {
	d := w.data
	i++
	for {
		i = rawjson.SkipSpace(d, i)
		if i >= len(d) || d[i] != '"' {
			return i + 1 // '}'
		}
		end := rawjson.SkipString(d, i)
		key := keyText(d[i:end])
		i = rawjson.SkipSpace(d, end) + 1 // ':'
		i = rawjson.SkipSpace(d, i)
		if i >= len(d) {
			return i
		}
		mark := len(w.ptr)
		w.ptr = appendPointerToken(append(w.ptr, '/'), key)
		switch {
		case props:
			w.add(key, true)
			i = w.value(i)
		case string(key) == "properties" && d[i] == '{':
			i = w.object(i, true)
		case string(key) == "description" && d[i] == '"':
			end := rawjson.SkipString(d, i)
			if s := keyText(d[i:end]); len(s) > 0 {
				w.add(s, false)
			}
			i = end
		case string(key) == "enum", string(key) == "const", string(key) == "default", string(key) == "examples":
			i = rawjson.SkipValue(d, i)
		default:
			i = w.value(i)
		}
		w.ptr = w.ptr[:mark]
		if i = rawjson.SkipSpace(d, i); i < len(d) && d[i] == ',' {
			i++
		}
	}
}

func (w *schemaWalker) add(text []byte, name bool) {
	start := len(w.ptrs)
	w.ptrs = append(w.ptrs, w.ptr...)
	*w.out = append(*w.out, paramText{text: text, lower: lower(text), ptr: [2]int32{int32(start), int32(len(w.ptrs))}, name: name})
}

// lower is b lower-cased: b itself when it has no upper-case letter.
func lower(b []byte) []byte {
	for _, c := range b {
		if c >= 0x80 || 'A' <= c && c <= 'Z' {
			return bytes.ToLower(b)
		}
	}
	return b
}

// keyText is the text of a string token: its bytes between the quotes
// when it has no escape; nil for what is not a string token.
func keyText(tok []byte) []byte {
	if len(tok) < 2 || tok[0] != '"' {
		return nil
	}
	if inner := tok[1 : len(tok)-1]; bytes.IndexByte(inner, '\\') < 0 {
		return inner
	}
	s, _ := rawjson.Unquote(tok)
	return []byte(s)
}

// appendPointerToken appends a key as a JSON Pointer token.
func appendPointerToken(dst, k []byte) []byte {
	for _, c := range k {
		switch c {
		case '~':
			dst = append(dst, '~', '0')
		case '/':
			dst = append(dst, '~', '1')
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// appendHits appends the hits of query q (lower-cased) among the tools
// of document path.
func appendHits(out []ranked, path string, ix []toolText, q string) []ranked {
	bq := []byte(q)
	for i := range ix {
		t := &ix[i]
		h := ranked{Hit: Hit{Path: path, At: t.at, Name: t.name, Type: t.typ}, rank: -1}
		switch {
		case t.lname == q:
			h.rank, h.Field, h.Text, h.Pointer = rankExactName, FieldName, t.name, t.namePtr
		case strings.HasPrefix(t.lname, q):
			h.rank, h.Field, h.Text, h.Pointer = rankNamePrefix, FieldName, t.name, t.namePtr
		case strings.Contains(t.lname, q):
			h.rank, h.Field, h.Text, h.Pointer = rankName, FieldName, t.name, t.namePtr
		case strings.Contains(t.ldesc, q):
			h.rank, h.Field, h.Text, h.Pointer = rankDescription, FieldDescription, t.desc, t.dPtr
		default:
			best := -1
			for j := range t.params {
				p := &t.params[j]
				r := rankParameterDescription
				if p.name {
					r = rankParameterName
				}
				if (h.rank < 0 || r < h.rank) && bytes.Contains(p.lower, bq) {
					h.rank, best = r, j
				}
			}
			if best >= 0 {
				p := &t.params[best]
				h.Field, h.Text, h.Pointer = FieldParameter, string(p.text), string(t.ptrs[p.ptr[0]:p.ptr[1]])
			}
		}
		if h.rank >= 0 {
			out = append(out, h)
		}
	}
	return out
}
