package model

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// Marshal writes the document in its file's format and layout: a
// tooltui document, or a Responses body (see MarshalBody).
func (d *Document) Marshal() ([]byte, error) {
	if d.Format == FormatBody {
		return d.MarshalBody()
	}
	return d.marshalDocument(false)
}

// MarshalState writes everything the app holds, in tooltui's document
// format with a body's shape recorded: what a recovery copy keeps.
func (d *Document) MarshalState() ([]byte, error) {
	return d.marshalDocument(true)
}

// marshalDocument writes tooltui's format: top-level members in their
// order, tools_defs and extra rebuilt from the lists, and a "tooltui"
// member only when tools are disabled or drafts are kept.
func (d *Document) marshalDocument(state bool) ([]byte, error) {
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
			ex = append(rawjson.Object{{Key: KeyBuiltinTools, Value: bt}}, ex...)
		}
		if len(ex) > 0 {
			extra = ex.AppendJSON(nil)
		}
	}
	hasDefs := len(d.Functions) > 0 || d.ToolsDefsRaw != nil
	out := make(rawjson.Object, 0, len(d.Fields)+3)
	wroteDefs, wroteExtra := false, false
	for _, f := range d.Fields {
		switch {
		case f.Key == KeyToolsDefs || (f.Key == KeyTools && f.Value == nil):
			if !wroteDefs && hasDefs {
				out = append(out, rawjson.Member{Key: KeyToolsDefs, Value: defs})
			}
			wroteDefs = true
		case f.Key == KeyExtra:
			if !wroteExtra && extra != nil {
				out = append(out, rawjson.Member{Key: KeyExtra, Value: extra})
			}
			wroteExtra = true
		default:
			out = append(out, f)
		}
	}
	if !wroteDefs && hasDefs {
		out = append(out, rawjson.Member{Key: KeyToolsDefs, Value: defs})
	}
	if !wroteExtra && extra != nil {
		out = append(out, rawjson.Member{Key: KeyExtra, Value: extra})
	}
	m.RequestDrafts = d.RequestDrafts
	m.Mocks = d.Mocks
	m.MCPServers = d.namedServers()
	layout := d.Layout
	if state {
		layout = Layout{}
		if d.Format == FormatBody {
			var o strings.Builder
			for _, k := range d.order() {
				o.WriteByte("fb"[k])
			}
			m.Body = &bodyShape{Order: o.String(), Layout: d.Layout}
		}
	}
	if len(m.Disabled.ToolsDefs)+len(m.Disabled.BuiltinTools)+len(m.Drafts)+len(m.RequestDrafts)+len(m.Mocks)+len(m.MCPServers)+len(m.Origins) > 0 || m.Body != nil {
		mb, err := json.Marshal(m)
		if err != nil {
			return nil, err
		}
		out = append(out, rawjson.Member{Key: KeyMeta, Value: mb})
	}
	return layout.encode(out.AppendJSON(nil))
}

// MarshalBody writes the document as a Responses request body: the
// top-level members in their order with one tools array where the file had
// it, its entries in the body's order. A function without a "type" (as
// tools_defs holds them) is written with "type": "function" first, which
// is what makes it a function of the body read back. A body cannot carry
// what BodyLosses lists; those are left out.
func (d *Document) MarshalBody() ([]byte, error) {
	tools := []byte{'['}
	n := 0
	next := [2]int{}
	for _, k := range d.order() {
		t := d.List(k)[next[k]]
		next[k]++
		if t.Disabled || rawjson.CheckJSON(t.Raw) != nil {
			continue
		}
		if n > 0 {
			tools = append(tools, ',')
		}
		n++
		raw := t.Raw
		if k == Function {
			raw = TypedFunction(raw)
		}
		tools = append(tools, raw...)
	}
	tools = append(tools, ']')
	out := make(rawjson.Object, 0, len(d.Fields)+len(d.Extra)+1)
	wrote := false
	put := func() {
		if !wrote && len(d.Functions)+len(d.Builtins) > 0 {
			out = append(out, rawjson.Member{Key: KeyTools, Value: tools})
		}
		wrote = true
	}
	// extra's members go to the top level, as the request sends them,
	// unless one would then clash with another member: extra stays an
	// object, so that the body read back means what it did.
	extra := d.Extra
	if !d.extraSpreads() {
		extra = rawjson.Object{{Key: KeyExtra, Value: d.Extra.AppendJSON(nil)}}
	}
	for _, f := range d.Fields {
		switch {
		case f.Key == KeyTools && f.Value == nil, f.Key == KeyToolsDefs && d.ToolsDefsRaw == nil:
			put()
		case f.Key == KeyToolsDefs:
			out = append(out, rawjson.Member{Key: KeyToolsDefs, Value: d.ToolsDefsRaw})
		case f.Key == KeyExtra:
			if d.ExtraRaw != nil {
				out = append(out, rawjson.Member{Key: KeyExtra, Value: d.ExtraRaw})
				continue
			}
			put()
			out = append(out, extra...)
		default:
			out = append(out, f)
		}
	}
	put()
	if !d.Fields.Has(KeyExtra) {
		out = append(out, extra...)
	}
	return d.Layout.encode(out.AppendJSON(nil))
}

// extraSpreads reports whether extra's members can be written at the
// top level of a body: none is repeated, names a top-level member the
// body has already, or is a key tooltui reads itself (a "tools" there
// would be a second tools array).
func (d *Document) extraSpreads() bool {
	for i, m := range d.Extra {
		if tooltuiKey(m.Key) || d.Extra[:i].Has(m.Key) {
			return false
		}
		if v, ok := d.Fields.Get(m.Key); ok && v != nil {
			return false
		}
	}
	return true
}

// BodyLosses lists what a Responses body cannot hold of d, so a save as a
// body can say what it leaves out: disabled tools, entries whose JSON is not
// valid, and text kept as a draft (the body keeps the last valid value).
func (d *Document) BodyLosses() []string {
	var out []string
	loc := d.Locator()
	name := func(k Kind, i int, t *Tool) string {
		if n := StringAt(t.Raw, []string{"name"}); n != "" {
			return n
		}
		if n := StringAt(t.Raw, []string{"server_label"}); n != "" {
			return n
		}
		if n := StringAt(t.Raw, []string{"type"}); n != "" {
			return n
		}
		return loc.At(k, i)
	}
	for _, k := range [...]Kind{Function, Builtin} {
		for i := range d.List(k) {
			t := &d.List(k)[i]
			switch {
			case t.Disabled:
				out = append(out, "the disabled tool "+name(k, i, t))
			case rawjson.CheckJSON(t.Raw) != nil:
				out = append(out, loc.At(k, i)+", whose JSON is not valid")
			case t.Draft != nil:
				out = append(out, "the unfinished "+t.DraftMember()+" of "+name(k, i, t))
			}
		}
	}
	for _, f := range sortedKeys(d.RequestDrafts) {
		if f == "extra" {
			f = "other request fields"
		}
		out = append(out, "the unfinished "+f+" of the request")
	}
	switch n := len(d.Mocks); {
	case n == 1:
		out = append(out, "the mock outputs of 1 function")
	case n > 1:
		out = append(out, "the mock outputs of "+strconv.Itoa(n)+" functions")
	}
	served := 0
	for _, t := range d.Functions {
		if t.Server != "" {
			served++
		}
	}
	switch {
	case served == 1:
		out = append(out, "the MCP server that serves 1 function")
	case served > 1:
		out = append(out, "the MCP servers that serve "+strconv.Itoa(served)+" functions")
	}
	return out
}

// savedOrigin is the origin of t as a saved document records it.
func (t *Tool) savedOrigin() string {
	if t.Server == "" {
		return t.Origin
	}
	o := originServerPrefix + t.Server
	if t.ServerTool != "" && t.ServerTool != StringAt(t.Raw, []string{"name"}) {
		o += ":" + t.ServerTool
	}
	return o
}

// namedServers are the MCP servers a tool names, those a save keeps.
func (d *Document) namedServers() map[string]MCPServer {
	var out map[string]MCPServer
	for _, ts := range [2][]Tool{d.Functions, d.Builtins} {
		for _, t := range ts {
			s, ok := d.MCPServers[t.Server]
			if t.Server == "" || !ok {
				continue
			}
			if out == nil {
				out = map[string]MCPServer{}
			}
			out[t.Server] = s
		}
	}
	return out
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// encode writes compact JSON in the layout, ending in a newline unless
// the file had none. Indentation never makes the result larger than
// MaxDocumentBytes, so that tooltui can open what it wrote: it grows with
// depth (a deeply nested value can take a thousand times its size
// indented), so when the indented text would be too large, the levels
// too deep to indent within a sensible size are written compactly (see
// capIndent). A document over the limit even compact is written compact;
// whoever writes it to a file refuses it by its size.
func (l Layout) encode(compact []byte) ([]byte, error) {
	var buf bytes.Buffer
	var err error
	indent := l.Indent
	if indent == "" {
		indent = "  "
	}
	if l.Compact {
		err = json.Compact(&buf, compact)
	} else {
		err = json.Indent(&buf, compact, "", indent)
	}
	if err != nil {
		return nil, fmt.Errorf("document is not valid JSON: %w", err)
	}
	newline := 1
	if l.CRLF {
		newline = 2
	}
	if !l.Compact && size(buf.Bytes(), newline, !l.NoFinalNewline) > MaxDocumentBytes {
		buf = capIndent(compact, indent, newline, !l.NoFinalNewline)
	}
	if !l.NoFinalNewline {
		buf.WriteByte('\n')
	}
	if l.CRLF {
		// JSON text holds no raw newline inside strings, so every one is a line end
		return bytes.ReplaceAll(buf.Bytes(), []byte("\n"), []byte("\r\n")), nil
	}
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
		// locations in the saved file are those of the saved lists
		loc := Locator{}.At(k, i)
		if t.Disabled {
			if k == Function {
				m.Disabled.ToolsDefs = append(m.Disabled.ToolsDefs, i)
			} else {
				m.Disabled.BuiltinTools = append(m.Disabled.BuiltinTools, i)
			}
		}
		if origin := t.savedOrigin(); origin != "" {
			if m.Origins == nil {
				m.Origins = map[string]string{}
			}
			m.Origins[loc] = origin
		}
		raw := t.Raw
		if rawjson.CheckJSON(raw) != nil {
			m.Drafts = append(m.Drafts, loc)
			b = rawjson.AppendString(b, string(raw))
			continue
		}
		if t.Draft != nil {
			if o, err := rawjson.ParseObject(raw); err == nil {
				member := t.DraftMember()
				o = o.Clone()
				if last, ok := o.Get(member); ok {
					o.Set(draftKeep+member, last)
				}
				o.Set(member, rawjson.String(*t.Draft))
				raw = o.AppendJSON(nil)
				m.Drafts = append(m.Drafts, loc+"/"+member)
			}
		}
		b = append(b, raw...)
	}
	return append(b, ']')
}
