// Package model is the document a tooltui user edits, loads and saves: the
// request fields, the function definitions (tools_defs) and the raw built-in
// tool entries (extra.builtin_tools). It keeps JSON exactly as written (key
// order, numbers, unknown keys) and has no UI or IO beyond bytes.
package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/tooltui/tooltui/internal/rawjson"
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
	// Draft, when set, is the text of one member of the entry (DraftField,
	// "parameters" when empty) that is not valid JSON yet: a function's
	// parameters or a file_search's filters being typed. Raw keeps the
	// member's last valid value.
	Draft      *string
	DraftField string
	// Disabled tools stay in the document but are left out of the request.
	Disabled bool
	// Origin says where the tool was imported from, when that matters to
	// what may be done to it: OriginMCP for a function an MCP server
	// lists, which the server itself runs and validates. "" otherwise.
	Origin string
	// Server, for a function imported from a live MCP server, names the
	// entry of Document.MCPServers that says how to start or reach that
	// server: tooltui send --call-mcp answers a call of the function by
	// calling ServerTool there. ServerTool is the tool's name on the
	// server, which stays when the function is renamed ("": the
	// function's own name). Both are "" for every other tool.
	Server, ServerTool string
}

// OriginMCP is the Origin of a function imported from an MCP server (a
// tools/list result, read from a file or asked of a live server).
const OriginMCP = "mcp"

// MCPServer says how to start or reach an MCP server that functions of
// the document were imported from: a command line (a stdio server) or the
// URL of a streamable HTTP server, with the HTTP headers to send. It never
// holds a secret: a header's value is the name of the environment
// variable that holds it, "$VAR", or a text with such names in it
// ("Bearer ${VAR}"); "" says the value was given on the command line of
// the import and is not kept, so a call must be told where to find it.
type MCPServer struct {
	Command []string          `json:"command,omitempty"`
	URL     string            `json:"url,omitempty"`
	Headers map[string]string `json:"headers,omitempty"`
}

// Same reports whether s and o start or reach the same server: the same
// command line, or the same URL (the headers may differ).
func (s MCPServer) Same(o MCPServer) bool {
	return s.URL == o.URL && slices.Equal(s.Command, o.Command)
}

// Describe is the server's command line, or its URL, for people.
func (s MCPServer) Describe() string {
	if len(s.Command) > 0 {
		return strings.Join(s.Command, " ")
	}
	return s.URL
}

// originServerPrefix starts the saved origin of a function whose MCP
// server the document records: "mcp:NAME", or "mcp:NAME:TOOL" when the
// function's name is not the tool's name on the server.
const originServerPrefix = OriginMCP + ":"

// DraftMember is the member of the entry that Draft stands in for.
func (t *Tool) DraftMember() string {
	if t.DraftField == "" {
		return "parameters"
	}
	return t.DraftField
}

// Document is what a user edits: request fields, function definitions and
// raw built-in tools. Fields keeps every top-level member in order (with
// tools_defs and extra as placeholders), so unknown keys survive a save.
type Document struct {
	Fields    rawjson.Object // top-level members; tools_defs/extra/tooltui are rewritten on save
	Functions []Tool
	Builtins  []Tool
	Extra     rawjson.Object // extra's members other than builtin_tools

	// ToolsDefsRaw and BuiltinsRaw keep a tools_defs or builtin_tools value
	// that is not an array, so the converter can report it and a save
	// writes it back unchanged.
	ToolsDefsRaw json.RawMessage
	BuiltinsRaw  json.RawMessage
	// ExtraRaw keeps an extra value that is not an object.
	ExtraRaw json.RawMessage

	// Mocks are, by function name, the outputs tooltui answers the model's
	// calls with when it sends the request (the tool loop): a fixed
	// output, {"output": …}, or one per argument pattern,
	// {"when": [{"args": {…}, "output": …}], "output": …}. They live in
	// the "tooltui" member and are never sent.
	Mocks map[string]json.RawMessage

	// MCPServers are, by name, the MCP servers functions were imported
	// from (see Tool.Server). They live in the "tooltui" member, only
	// those a function names are saved, and they are never sent. Like
	// Mocks, the map is replaced by an edit, never changed in place.
	MCPServers map[string]MCPServer

	// RequestDrafts holds request fields whose text is not valid JSON yet,
	// by form field ("input", "extra" for the other request fields); the
	// fields keep their last valid value meanwhile.
	RequestDrafts map[string]string

	// Source, when set, says the file was in another API's format and
	// was translated on load; a save writes the Responses shape.
	Source *Source

	// Format is how the file holds the tools; a save keeps it.
	Format Format
	// Order, for a body, is the kind of each entry of its tools array in
	// file order. Each list keeps its own order, so inserting, deleting and
	// moving need only keep the counts right (see order).
	Order []Kind
	// Layout is how the file was written; a save writes it the same way.
	Layout Layout
}

// Source is the format a document was translated from on load (Chat
// Completions, Anthropic, Gemini, MCP), with what did not carry over.
type Source struct {
	Format string // its name for people, e.g. "Chat Completions"
	Notes  []SourceNote
}

// SourceNote is one field of the input that was changed or lost on the
// way: Path is its JSON Pointer in the input.
type SourceNote struct {
	Path, Message string
	Loss          bool
}

// Format is how a file holds the tools.
type Format int

const (
	// FormatDocument is tooltui's own: tools_defs and extra.builtin_tools.
	FormatDocument Format = iota
	// FormatBody is a Responses request body: one top-level tools array,
	// so that `curl -d @file` sends it as it is.
	FormatBody
)

// Layout is how a file was indented.
type Layout struct {
	Indent         string // one level; "" means two spaces
	Compact        bool   // the whole file on one line
	NoFinalNewline bool
	CRLF           bool // lines end in \r\n
}

// detectLayout reads the indentation of the first indented line.
func detectLayout(data []byte) Layout {
	t := bytes.TrimRight(data, " \t\r\n")
	l := Layout{NoFinalNewline: len(t) == len(data), CRLF: bytes.Contains(data, []byte("\r\n"))}
	nl := bytes.IndexByte(t, '\n')
	if nl < 0 {
		l.Compact = true
		return l
	}
	for _, line := range bytes.Split(t[nl+1:], []byte("\n")) {
		line = bytes.TrimSuffix(line, []byte("\r"))
		w := len(line) - len(bytes.TrimLeft(line, " \t"))
		if w > 0 && w < len(line) {
			if ind := string(line[:w]); ind != "  " {
				l.Indent = ind
			}
			break
		}
	}
	return l
}

// order returns the kinds of a body's tools entries, repaired so that it
// counts exactly the tools of each list: extra entries of a kind are
// dropped from the end, missing ones appended.
func (d *Document) order() []Kind {
	nf, nb := len(d.Functions), len(d.Builtins)
	cf, cb := 0, 0
	for _, k := range d.Order {
		if k == Function {
			cf++
		} else {
			cb++
		}
	}
	if cf == nf && cb == nb {
		return d.Order
	}
	out := make([]Kind, 0, nf+nb)
	cf, cb = 0, 0
	for _, k := range d.Order {
		if k == Function && cf < nf {
			cf++
			out = append(out, k)
		} else if k == Builtin && cb < nb {
			cb++
			out = append(out, k)
		}
	}
	for ; cf < nf; cf++ {
		out = append(out, Function)
	}
	for ; cb < nb; cb++ {
		out = append(out, Builtin)
	}
	return out
}

// Size is about the number of bytes the document takes on disk, without
// indentation: the sum of its values as written. It is cheap (no
// encoding), for keeping the document under MaxDocumentBytes as it grows.
func (d *Document) Size() int {
	n := 0
	for _, f := range d.Fields {
		n += len(f.Key) + len(f.Value) + 4
	}
	for _, f := range d.Extra {
		n += len(f.Key) + len(f.Value) + 4
	}
	for _, ts := range [2][]Tool{d.Functions, d.Builtins} {
		for i := range ts {
			n += len(ts[i].Raw) + 1
			if ts[i].Draft != nil {
				n += len(*ts[i].Draft) + 2
			}
		}
	}
	for k, v := range d.RequestDrafts {
		n += len(k) + len(v) + 4
	}
	return n + len(d.ToolsDefsRaw) + len(d.BuiltinsRaw) + len(d.ExtraRaw)
}

// BuiltinsFirst reports whether a body lists a built-in tool before a
// function, which the request reorders (functions come first).
func (d *Document) BuiltinsFirst() bool {
	if d.Format != FormatBody {
		return false
	}
	seenBuiltin := false
	for _, k := range d.order() {
		if k == Builtin {
			seenBuiltin = true
		} else if seenBuiltin {
			return true
		}
	}
	return false
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
	c.Order = append([]Kind(nil), d.Order...)
	return &c
}

// List returns the tools of one kind.
func (d *Document) List(k Kind) []Tool {
	if k == Function {
		return d.Functions
	}
	return d.Builtins
}

// Location names where a tool is in the file, for diagnostics:
// tools_defs[i] or extra.builtin_tools[i] in a document, tools[n] in a
// body (the user's own index, as the file is saved).
func (d *Document) Location(k Kind, i int) string {
	return d.Locator().At(k, i)
}

// Locator names the locations of every tool of a document, computing a
// body's positions once.
type Locator struct {
	body bool
	pos  [2][]int
}

// Locator returns the locations of d's tools as they stand now.
func (d *Document) Locator() Locator {
	if d.Format != FormatBody {
		return Locator{}
	}
	l := Locator{body: true}
	for n, k := range d.order() {
		l.pos[k] = append(l.pos[k], n)
	}
	return l
}

// At is the location of tool i of kind k.
func (l Locator) At(k Kind, i int) string {
	if l.body {
		if i >= 0 && i < len(l.pos[k]) {
			return KeyTools + "[" + strconv.Itoa(l.pos[k][i]) + "]"
		}
		return KeyTools + "[?]"
	}
	if k == Function {
		return KeyToolsDefs + "[" + strconv.Itoa(i) + "]"
	}
	return KeyExtra + "." + KeyBuiltinTools + "[" + strconv.Itoa(i) + "]"
}

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
func Parse(data []byte) (*Document, error) {
	if len(data) > MaxDocumentBytes {
		return nil, &LoadError{Msg: fmt.Sprintf("too large: %d bytes, the limit is %d MiB", len(data), MaxDocumentBytes>>20)}
	}
	data = bytes.TrimPrefix(data, utf8BOM)
	top, err := rawjson.ParseObject(data)
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
	for _, m := range top {
		switch m.Key {
		case KeyToolsDefs:
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
			d.Fields = append(d.Fields, rawjson.Member{Key: KeyExtra})
			ex, err := rawjson.ParseObject(m.Value)
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
			// rebuilt on save
		default:
			d.Fields = append(d.Fields, m)
		}
	}
	d.Layout = detectLayout(data)
	meta.apply(d)
	return d, nil
}

// splitArray returns the raw elements of a JSON array, each in its own
// copy. It follows strings and brackets instead of decoding.
func splitArray(raw json.RawMessage) ([]json.RawMessage, bool) {
	if rawjson.JSONKind(raw) != "array" || !rawjson.Valid(raw) {
		return nil, false
	}
	items := []json.RawMessage{}
	for _, e := range rawjson.Elements(raw) {
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
// it, its entries in the body's order. A body cannot carry what BodyLosses
// lists; those are left out.
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
		tools = append(tools, t.Raw...)
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
			out = append(out, d.Extra...)
		default:
			out = append(out, f)
		}
	}
	put()
	if !d.Fields.Has(KeyExtra) {
		out = append(out, d.Extra...)
	}
	return d.Layout.encode(out.AppendJSON(nil))
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
