package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Keys of a document that tooltui reads itself; every other top-level key
// is kept as written and passed to the request.
const (
	KeyToolsDefs    = "tools_defs"
	KeyExtra        = "extra"
	KeyBuiltinTools = "builtin_tools"
	KeyTools        = "tools"
	KeyMeta         = "tooltui"
)

// MaxDocumentBytes is the largest document tooltui reads: far above any
// real set of tool definitions, small enough to keep the app responsive.
const MaxDocumentBytes = 16 << 20

// Kind says which list of the document a tool belongs to.
type Kind int

const (
	// Function is an entry of tools_defs.
	Function Kind = iota
	// Builtin is an entry of extra.builtin_tools.
	Builtin
)

// Tool is one entry of tools_defs or extra.builtin_tools. Its byte slices
// and draft string are never modified in place; an edit replaces them.
type Tool struct {
	// Raw is the entry as written. For a built-in it may be invalid JSON
	// (a draft typed in the raw editor); the converter reports it.
	Raw json.RawMessage
	// ParamsDraft, when set, is the text of a function's parameters that is
	// not valid JSON yet; it stands in for Raw's "parameters".
	ParamsDraft *string
	// Disabled tools stay in the document but are left out of the request.
	Disabled bool
	// Origin is where the entry came from in the loaded input, such as
	// "tools[3]" for an imported Responses body; "" once moved or new.
	Origin string
}

// Document is what a user edits: request fields, function definitions and
// raw built-in tools. Fields keeps every top-level member in order (with
// tools_defs and extra as placeholders), so unknown keys survive a save.
type Document struct {
	Fields    Object // top-level members; tools_defs/extra/tooltui are rewritten on save
	Functions []Tool
	Builtins  []Tool
	Extra     Object // extra's members other than builtin_tools

	// ToolsDefsRaw and BuiltinsRaw keep a tools_defs or builtin_tools value
	// that is not an array, so the converter can report it and a save
	// writes it back unchanged.
	ToolsDefsRaw json.RawMessage
	BuiltinsRaw  json.RawMessage
	// ExtraRaw keeps an extra value that is not an object.
	ExtraRaw json.RawMessage

	// FromBody is set when the input was a Responses request body (it had
	// a top-level tools array).
	FromBody bool
}

// Clone returns a copy whose lists can be changed without touching d. The
// bytes of values are shared: they are never changed in place, only
// replaced, which makes a snapshot (for undo) cost one copy of each list.
func (d *Document) Clone() *Document {
	c := *d
	c.Fields = d.Fields.Clone()
	c.Extra = d.Extra.Clone()
	c.Functions = append([]Tool(nil), d.Functions...)
	c.Builtins = append([]Tool(nil), d.Builtins...)
	return &c
}

// List returns the tools of one kind.
func (d *Document) List(k Kind) []Tool {
	if k == Function {
		return d.Functions
	}
	return d.Builtins
}

// Location names where a tool is in the input, for diagnostics:
// tools_defs[i], extra.builtin_tools[i], or its origin (tools[i]).
func (d *Document) Location(k Kind, i int) string {
	if t := d.List(k); i < len(t) && t[i].Origin != "" {
		return t[i].Origin
	}
	if k == Function {
		return KeyToolsDefs + "[" + strconv.Itoa(i) + "]"
	}
	return KeyExtra + "." + KeyBuiltinTools + "[" + strconv.Itoa(i) + "]"
}

// ClearOrigins forgets where tools came from, after a structural edit.
func (d *Document) ClearOrigins() {
	for i := range d.Functions {
		d.Functions[i].Origin = ""
	}
	for i := range d.Builtins {
		d.Builtins[i].Origin = ""
	}
}

// LoadError is input that cannot be used as a document.
type LoadError struct {
	Syntax *SyntaxError // set for invalid JSON
	Msg    string
}

func (e *LoadError) Error() string {
	if e.Syntax != nil {
		return "not valid JSON: " + e.Syntax.Error()
	}
	return e.Msg
}

func (e *LoadError) Unwrap() error {
	if e.Syntax != nil {
		return e.Syntax
	}
	return nil
}

var utf8BOM = []byte("\xef\xbb\xbf")

// Parse reads a document or a Responses request body. A body (a top-level
// "tools" array) is imported: its function entries become tools_defs, the
// rest extra.builtin_tools, every other field stays.
func Parse(data []byte) (*Document, error) {
	if len(data) > MaxDocumentBytes {
		return nil, &LoadError{Msg: fmt.Sprintf("too large: %d bytes, the limit is %d MiB", len(data), MaxDocumentBytes>>20)}
	}
	data = bytes.TrimPrefix(data, utf8BOM)
	top, err := ParseObject(data)
	if err != nil {
		var se *SyntaxError
		if errors.As(err, &se) {
			return nil, &LoadError{Syntax: se}
		}
		if errors.Is(err, ErrNotObject) {
			return nil, &LoadError{Msg: "not a JSON object: a document or a Responses request body is an object, got " + JSONKind(data)}
		}
		return nil, &LoadError{Msg: err.Error()}
	}
	d := &Document{}
	var meta meta
	if raw, ok := top.Get(KeyMeta); ok {
		_ = json.Unmarshal(raw, &meta) // unusable metadata is dropped, never fatal
	}
	for _, m := range top {
		switch m.Key {
		case KeyToolsDefs:
			if !d.Fields.Has(KeyToolsDefs) {
				d.Fields = append(d.Fields, Member{Key: KeyToolsDefs})
			}
			items, ok := splitArray(m.Value)
			if !ok {
				d.ToolsDefsRaw = m.Value
				continue
			}
			base := len(d.Functions)
			for i, it := range items {
				d.Functions = append(d.Functions, Tool{Raw: it, Origin: KeyToolsDefs + "[" + strconv.Itoa(base+i) + "]"})
			}
		case KeyExtra:
			d.Fields = append(d.Fields, Member{Key: KeyExtra})
			ex, err := ParseObject(m.Value)
			if err != nil {
				d.ExtraRaw = m.Value
				continue
			}
			for _, em := range ex {
				if em.Key != KeyBuiltinTools {
					d.Extra = append(d.Extra, em)
					continue
				}
				items, ok := splitArray(em.Value)
				if !ok {
					d.BuiltinsRaw = em.Value
					continue
				}
				for i, it := range items {
					d.Builtins = append(d.Builtins, Tool{Raw: it, Origin: KeyExtra + "." + KeyBuiltinTools + "[" + strconv.Itoa(i) + "]"})
				}
			}
		case KeyTools:
			items, ok := splitArray(m.Value)
			if !ok {
				d.Fields = append(d.Fields, m) // not a body; kept and reported by the converter
				continue
			}
			d.FromBody = true
			for i, it := range items {
				t := Tool{Raw: it, Origin: "tools[" + strconv.Itoa(i) + "]"}
				if isFunctionEntry(it) {
					d.Functions = append(d.Functions, t)
				} else {
					d.Builtins = append(d.Builtins, t)
				}
			}
		case KeyMeta:
			// rebuilt on save
		default:
			d.Fields = append(d.Fields, m)
		}
	}
	meta.apply(d)
	return d, nil
}

// splitArray returns the raw elements of a JSON array, each in its own
// copy. It follows strings and brackets instead of decoding.
func splitArray(raw json.RawMessage) ([]json.RawMessage, bool) {
	if JSONKind(raw) != "array" || !validJSON(raw) {
		return nil, false
	}
	items := []json.RawMessage{}
	for _, e := range Elements(raw) {
		items = append(items, bytes.Clone(e))
	}
	return items, true
}

func isFunctionEntry(raw json.RawMessage) bool {
	var probe struct {
		Type json.RawMessage `json:"type"`
	}
	if json.Unmarshal(raw, &probe) != nil {
		return false
	}
	return string(probe.Type) == `"function"`
}

// meta is the "tooltui" member: what the app needs to restore its state and
// that the request never carries.
type meta struct {
	Disabled struct {
		ToolsDefs    []int `json:"tools_defs,omitempty"`
		BuiltinTools []int `json:"builtin_tools,omitempty"`
	} `json:"disabled,omitzero"`
	// Drafts lists entries saved as a JSON string because their text was
	// not valid JSON yet: "extra.builtin_tools[2]", "tools_defs[0]/parameters".
	Drafts []string `json:"drafts,omitempty"`
}

func (m meta) apply(d *Document) {
	for _, i := range m.Disabled.ToolsDefs {
		if i >= 0 && i < len(d.Functions) {
			d.Functions[i].Disabled = true
		}
	}
	for _, i := range m.Disabled.BuiltinTools {
		if i >= 0 && i < len(d.Builtins) {
			d.Builtins[i].Disabled = true
		}
	}
	for _, p := range m.Drafts {
		k, i, sub, ok := parseDraftPath(p)
		if !ok || i >= len(d.List(k)) {
			continue
		}
		t := &d.List(k)[i]
		if sub == "" {
			var s string
			if json.Unmarshal(t.Raw, &s) == nil {
				t.Raw = json.RawMessage(s)
			}
			continue
		}
		o, err := ParseObject(t.Raw)
		if err != nil {
			continue
		}
		raw, _ := o.Get("parameters")
		var s string
		if json.Unmarshal(raw, &s) == nil {
			t.ParamsDraft = &s
		}
	}
}

func parseDraftPath(p string) (Kind, int, string, bool) {
	k := Function
	rest, ok := strings.CutPrefix(p, KeyToolsDefs+"[")
	if !ok {
		k = Builtin
		rest, ok = strings.CutPrefix(p, KeyExtra+"."+KeyBuiltinTools+"[")
		if !ok {
			return 0, 0, "", false
		}
	}
	num, sub, ok := strings.Cut(rest, "]")
	if !ok {
		return 0, 0, "", false
	}
	i, err := strconv.Atoi(num)
	if err != nil || i < 0 {
		return 0, 0, "", false
	}
	if sub != "" && (k != Function || sub != "/parameters") {
		return 0, 0, "", false
	}
	return k, i, sub, true
}

// Marshal writes the document in tooltui's format, two-space indented:
// top-level members in their order, tools_defs and extra rebuilt from the
// lists, and a "tooltui" member only when tools are disabled or drafts.
func (d *Document) Marshal() ([]byte, error) {
	var m meta
	defs := d.ToolsDefsRaw
	if defs == nil {
		defs = d.toolsJSON(Function, &m)
	}
	var extra json.RawMessage
	if d.ExtraRaw != nil {
		extra = d.ExtraRaw
	} else {
		ex := d.Extra.Clone()
		bt := d.BuiltinsRaw
		if bt == nil && len(d.Builtins) > 0 {
			bt = d.toolsJSON(Builtin, &m)
		}
		if bt != nil {
			ex = append(Object{{Key: KeyBuiltinTools, Value: bt}}, ex...)
		}
		if len(ex) > 0 {
			extra = ex.AppendJSON(nil)
		}
	}
	out := make(Object, 0, len(d.Fields)+3)
	wroteDefs, wroteExtra := false, false
	for _, f := range d.Fields {
		switch f.Key {
		case KeyToolsDefs:
			if !wroteDefs && (len(d.Functions) > 0 || d.ToolsDefsRaw != nil) {
				out = append(out, Member{Key: KeyToolsDefs, Value: defs})
			}
			wroteDefs = true
		case KeyExtra:
			if !wroteExtra && extra != nil {
				out = append(out, Member{Key: KeyExtra, Value: extra})
			}
			wroteExtra = true
		default:
			out = append(out, f)
		}
	}
	if !wroteDefs && (len(d.Functions) > 0 || d.ToolsDefsRaw != nil) {
		out = append(out, Member{Key: KeyToolsDefs, Value: defs})
	}
	if !wroteExtra && extra != nil {
		out = append(out, Member{Key: KeyExtra, Value: extra})
	}
	if len(m.Disabled.ToolsDefs)+len(m.Disabled.BuiltinTools)+len(m.Drafts) > 0 {
		mb, err := json.Marshal(m)
		if err != nil {
			return nil, err
		}
		out = append(out, Member{Key: KeyMeta, Value: mb})
	}
	var buf bytes.Buffer
	if err := json.Indent(&buf, out.AppendJSON(nil), "", "  "); err != nil {
		return nil, fmt.Errorf("document is not valid JSON: %w", err)
	}
	buf.WriteByte('\n')
	return buf.Bytes(), nil
}

// toolsJSON writes one list as a JSON array, storing drafts as strings.
func (d *Document) toolsJSON(k Kind, m *meta) json.RawMessage {
	ts := d.List(k)
	b := []byte{'['}
	for i, t := range ts {
		if i > 0 {
			b = append(b, ',')
		}
		loc := d.Location(k, i)
		if t.Origin != "" {
			// locations in the saved file are those of the saved lists
			if k == Function {
				loc = KeyToolsDefs + "[" + strconv.Itoa(i) + "]"
			} else {
				loc = KeyExtra + "." + KeyBuiltinTools + "[" + strconv.Itoa(i) + "]"
			}
		}
		if t.Disabled {
			if k == Function {
				m.Disabled.ToolsDefs = append(m.Disabled.ToolsDefs, i)
			} else {
				m.Disabled.BuiltinTools = append(m.Disabled.BuiltinTools, i)
			}
		}
		raw := t.Raw
		if CheckJSON(raw) != nil {
			m.Drafts = append(m.Drafts, loc)
			b = AppendString(b, string(raw))
			continue
		}
		if t.ParamsDraft != nil {
			if o, err := ParseObject(raw); err == nil {
				o = o.Clone()
				o.Set("parameters", String(*t.ParamsDraft))
				raw = o.AppendJSON(nil)
				m.Drafts = append(m.Drafts, loc+"/parameters")
			}
		}
		b = append(b, raw...)
	}
	return append(b, ']')
}
