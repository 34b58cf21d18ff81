package workspace

import (
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
// in the order of Paths and tools in their order in the document.
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
		w.follow(e)
		d := e.doc
		if e.sess != nil {
			d = e.sess.Doc()
		}
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
}

// paramText is a property's name or description.
type paramText struct {
	text, lower, ptr string
	name             bool
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

// indexTool reads the searchable text of one entry; an entry that is not
// a valid JSON object has none.
func indexTool(at session.At, raw json.RawMessage) toolText {
	tt := toolText{at: at, typ: "function"}
	if rawjson.JSONKind(raw) != "object" || rawjson.CheckJSON(raw) != nil {
		if at.Kind == model.Builtin {
			tt.typ = ""
		}
		return tt
	}
	var label, sdesc string
	for _, m := range rawjson.Members(raw) {
		switch m.Key {
		case "type":
			if s, ok := rawjson.Unquote(m.Value); ok && at.Kind == model.Builtin {
				tt.typ = s
			}
		case "name":
			tt.name, _ = rawjson.Unquote(m.Value)
			tt.namePtr = "/name"
		case "server_label":
			label, _ = rawjson.Unquote(m.Value)
		case "description":
			tt.desc, _ = rawjson.Unquote(m.Value)
			tt.dPtr = "/description"
		case "server_description":
			sdesc, _ = rawjson.Unquote(m.Value)
		case "parameters":
			walkSchema(m.Value, "/parameters", &tt.params)
		}
	}
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

// walkSchema collects the names and descriptions of the properties of the
// schema v at pointer ptr, at every depth. Values that are data, not
// schemas (enum, const, default, examples), are not entered.
func walkSchema(v []byte, ptr string, out *[]paramText) {
	switch rawjson.JSONKind(v) {
	case "object":
		for _, m := range rawjson.Members(v) {
			p := ptr + "/" + escapePointer(m.Key)
			switch m.Key {
			case "properties":
				if rawjson.JSONKind(m.Value) != "object" {
					continue
				}
				for _, pm := range rawjson.Members(m.Value) {
					pp := p + "/" + escapePointer(pm.Key)
					*out = append(*out, paramText{text: pm.Key, lower: strings.ToLower(pm.Key), ptr: pp, name: true})
					walkSchema(pm.Value, pp, out)
				}
			case "description":
				if s, ok := rawjson.Unquote(m.Value); ok && s != "" {
					*out = append(*out, paramText{text: s, lower: strings.ToLower(s), ptr: p})
				}
			case "enum", "const", "default", "examples":
			default:
				walkSchema(m.Value, p, out)
			}
		}
	case "array":
		for i, el := range rawjson.Elements(v) {
			walkSchema(el, ptr+"/"+strconv.Itoa(i), out)
		}
	}
}

// escapePointer escapes a key as a JSON Pointer token.
func escapePointer(k string) string {
	if !strings.ContainsAny(k, "~/") {
		return k
	}
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(k)
}

// appendHits appends the hits of query q (lower-cased) among the tools
// of document path.
func appendHits(out []ranked, path string, ix []toolText, q string) []ranked {
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
			for _, p := range t.params {
				r := rankParameterDescription
				if p.name {
					r = rankParameterName
				}
				if (h.rank < 0 || r < h.rank) && strings.Contains(p.lower, q) {
					h.rank, h.Field, h.Text, h.Pointer = r, FieldParameter, p.text, p.ptr
				}
			}
		}
		if h.rank >= 0 {
			out = append(out, h)
		}
	}
	return out
}
