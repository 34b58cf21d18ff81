package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// LoadError is input that cannot be used as a document.
type LoadError struct {
	Syntax *rawjson.SyntaxError // set for invalid JSON
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
//
// The document's raw values share data's bytes (a 2 MB file is read
// without a second copy of it): data must not change afterwards.
func Parse(data []byte) (*Document, error) {
	if len(data) > MaxDocumentBytes {
		return nil, &LoadError{Msg: fmt.Sprintf("too large: %d bytes, the limit is %d MiB", len(data), MaxDocumentBytes>>20)}
	}
	data = bytes.TrimPrefix(data, utf8BOM)
	top, err := rawjson.ParseObjectShared(data)
	if err != nil {
		var se *rawjson.SyntaxError
		if errors.As(err, &se) {
			return nil, &LoadError{Syntax: se}
		}
		if errors.Is(err, rawjson.ErrNotObject) {
			return nil, &LoadError{Msg: "not a JSON object: a document or a Responses request body is an object, got " + rawjson.JSONKind(data)}
		}
		return nil, &LoadError{Msg: err.Error()}
	}
	d := &Document{}
	var meta meta
	if raw, ok := top.Get(KeyMeta); ok {
		_ = json.Unmarshal(raw, &meta) // unusable metadata is dropped, never fatal
	}
	var times map[string]int // the members read as one, when repeated
	count := func(key string) {
		if times == nil {
			times = map[string]int{}
		}
		times[key]++
	}
	for _, m := range top {
		switch m.Key {
		case KeyToolsDefs:
			count(KeyToolsDefs)
			if !d.Fields.Has(KeyToolsDefs) {
				d.Fields = append(d.Fields, rawjson.Member{Key: KeyToolsDefs})
			}
			items, ok := splitArray(m.Value)
			if !ok {
				d.ToolsDefsRaw = m.Value
				continue
			}
			for _, it := range items {
				d.Functions = append(d.Functions, Tool{Raw: it})
			}
		case KeyExtra:
			count(KeyExtra)
			if !d.Fields.Has(KeyExtra) {
				d.Fields = append(d.Fields, rawjson.Member{Key: KeyExtra})
			}
			if rawjson.JSONKind(m.Value) != "object" {
				d.ExtraRaw = m.Value
				continue
			}
			for _, em := range rawjson.Members(m.Value) {
				em.Value = em.Value[:len(em.Value):len(em.Value)] // shares m.Value's copy
				if em.Key != KeyBuiltinTools {
					d.Extra = append(d.Extra, em)
					continue
				}
				count(KeyExtra + "." + KeyBuiltinTools)
				items, ok := splitArray(em.Value)
				if !ok {
					d.BuiltinsRaw = em.Value
					continue
				}
				for _, it := range items {
					d.Builtins = append(d.Builtins, Tool{Raw: it})
				}
			}
		case KeyTools:
			items, ok := splitArray(m.Value)
			if !ok {
				d.Fields = append(d.Fields, m) // not a body; kept and reported by the converter
				continue
			}
			count(KeyTools)
			if d.Format != FormatBody {
				d.Format = FormatBody
				d.Fields = append(d.Fields, rawjson.Member{Key: KeyTools}) // where the array goes back
			}
			for _, it := range items {
				t := Tool{Raw: it}
				if isFunctionEntry(it) {
					d.Functions = append(d.Functions, t)
					d.Order = append(d.Order, Function)
				} else {
					d.Builtins = append(d.Builtins, t)
					d.Order = append(d.Order, Builtin)
				}
			}
		case KeyMeta:
			count(KeyMeta) // rebuilt on save
		default:
			d.Fields = append(d.Fields, m)
		}
	}
	for _, key := range [...]string{KeyToolsDefs, KeyTools, KeyExtra, KeyExtra + "." + KeyBuiltinTools, KeyMeta} {
		if n := times[key]; n > 1 {
			d.Merged = append(d.Merged, Repeat{Key: key, Times: n})
		}
	}
	d.Layout = detectLayout(data)
	meta.apply(d)
	return d, nil
}

// splitArray returns the raw elements of a JSON array, a value of the
// valid object that Parse read. It follows strings and brackets instead
// of decoding. The elements share the array's bytes, each capped at its
// end, so that appending to one copies it rather than write over the
// next.
func splitArray(raw json.RawMessage) ([]json.RawMessage, bool) {
	if rawjson.JSONKind(raw) != "array" {
		return nil, false
	}
	els := rawjson.Elements(raw)
	items := make([]json.RawMessage, len(els))
	for i, e := range els {
		items[i] = e[:len(e):len(e)]
	}
	return items, true
}

// isFunctionEntry reports whether a valid tool entry is an object whose
// "type" is "function", matching the key as encoding/json would (the
// last of any case).
func isFunctionEntry(raw json.RawMessage) bool {
	if rawjson.JSONKind(raw) != "object" {
		return false
	}
	var typ []byte
	for _, m := range rawjson.Members(raw) {
		if strings.EqualFold(m.Key, "type") {
			typ = m.Value
		}
	}
	return string(typ) == `"function"`
}

// meta is the "tooltui" member: what the app needs to restore its state and
// that the request never carries.
type meta struct {
	Disabled struct {
		ToolsDefs    []int `json:"tools_defs,omitempty"`
		BuiltinTools []int `json:"builtin_tools,omitempty"`
	} `json:"disabled,omitzero"`
	// Drafts lists entries saved as a JSON string because their text was
	// not valid JSON yet: "extra.builtin_tools[2]" (the whole entry),
	// "tools_defs[0]/parameters", "extra.builtin_tools[1]/filters".
	Drafts []string `json:"drafts,omitempty"`
	// RequestDrafts is request field text that is not valid JSON yet.
	RequestDrafts map[string]string `json:"request_drafts,omitempty"`
	// Mocks are the outputs a function's calls get when the request is
	// sent and the model calls it (see Document.Mocks).
	Mocks map[string]json.RawMessage `json:"mocks,omitempty"`
	// MCPServers are the MCP servers functions were imported from, by
	// name (see Document.MCPServers).
	MCPServers map[string]MCPServer `json:"mcp_servers,omitempty"`
	// Origins are the tools' Origin, by location: {"tools_defs[2]": "mcp"},
	// "mcp:NAME" for a function of the MCP server NAME of MCPServers, and
	// "mcp:NAME:TOOL" when the tool has another name on the server.
	Origins map[string]string `json:"origins,omitempty"`
	// A recovery copy of a body records the body's shape and layout.
	Body *bodyShape `json:"body,omitempty"`
}

type bodyShape struct {
	Order  string `json:"order"` // f and b per entry of tools
	Layout Layout `json:"layout"`
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
	for p, origin := range m.Origins {
		if k, i, sub, ok := parseDraftPath(p); ok && sub == "" && i < len(d.List(k)) {
			t := &d.List(k)[i]
			t.Origin = origin
			if rest, ok := strings.CutPrefix(origin, originServerPrefix); ok && rest != "" {
				t.Origin = OriginMCP
				t.Server, t.ServerTool, _ = strings.Cut(rest, ":")
			}
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
		o, err := rawjson.ParseObject(t.Raw)
		if err != nil {
			continue
		}
		raw, _ := o.Get(sub)
		var s string
		if json.Unmarshal(raw, &s) != nil {
			continue
		}
		t.Draft = &s
		if sub != "parameters" {
			t.DraftField = sub
		}
		// the entry keeps the member's last valid value, saved beside it
		if last, ok := o.Get(draftKeep + sub); ok {
			o = o.Clone()
			o.Set(sub, last)
			o.Delete(draftKeep + sub)
			t.Raw = o.AppendJSON(nil)
		} else {
			o = o.Clone()
			o.Delete(sub)
			t.Raw = o.AppendJSON(nil)
		}
	}
	if len(m.RequestDrafts) > 0 {
		d.RequestDrafts = m.RequestDrafts
	}
	if len(m.Mocks) > 0 {
		d.Mocks = m.Mocks
	}
	if len(m.MCPServers) > 0 {
		d.MCPServers = m.MCPServers
	}
	// A function's tool on its server is its own name unless the origin
	// says otherwise; the name is read now, so that a rename keeps it.
	for i := range d.Functions {
		t := &d.Functions[i]
		if t.Server != "" && t.ServerTool == "" {
			t.ServerTool = StringAt(t.Raw, []string{"name"})
		}
	}
	if m.Body != nil {
		d.Format = FormatBody
		d.Order = d.Order[:0]
		for _, c := range m.Body.Order {
			if c == 'f' {
				d.Order = append(d.Order, Function)
			} else {
				d.Order = append(d.Order, Builtin)
			}
		}
		d.Order = d.order()
		d.Layout = m.Body.Layout
	}
}

// draftKeep prefixes the member that keeps a draft's last valid value in a
// saved document ("tooltui:last:parameters").
const draftKeep = "tooltui:last:"

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
	if sub == "" {
		return k, i, "", true
	}
	member, ok := strings.CutPrefix(sub, "/")
	if !ok || member == "" || strings.Contains(member, "/") || (k == Function && member != "parameters") {
		return 0, 0, "", false
	}
	return k, i, member, true
}
