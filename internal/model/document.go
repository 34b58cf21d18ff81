// Package model is the document a tooltui user edits, loads and saves: the
// request fields, the function definitions (tools_defs) and the raw built-in
// tool entries (extra.builtin_tools). It keeps JSON exactly as written (key
// order, numbers, unknown keys) and has no UI or IO beyond bytes.
package model

import (
	"bytes"
	"encoding/json"
	"slices"
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

	// Merged lists the members tooltui reads as one that the file
	// repeats (tools_defs, a body's tools, extra, extra.builtin_tools,
	// tooltui): a save writes each once, and the converter warns until
	// then. Other repeated top-level members stay in Fields as written.
	Merged []Repeat

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

// Repeat is a member a file holds more than once.
type Repeat struct {
	Key   string // "extra.builtin_tools" for a member of extra
	Times int
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
	for rest := t[nl+1:]; len(rest) > 0; {
		line := rest
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			line, rest = rest[:i], rest[i+1:]
		} else {
			rest = nil
		}
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
// function, which the request reorders (functions come first): of the
// entries a save writes (see Locator).
func (d *Document) BuiltinsFirst() bool {
	return d.Locator().BuiltinsFirst()
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
// body: the entry's index in the body as a save writes it, which leaves
// out disabled tools and entries whose JSON is not valid (see Locator).
func (d *Document) Location(k Kind, i int) string {
	return d.Locator().At(k, i)
}

// Locator names the locations of every tool of a document, computing a
// body's positions once.
type Locator struct {
	body bool
	// pos are the positions in the body of each kind's entries; an entry
	// the body leaves out is -1-n, n being the entries saved before it.
	pos   [2][]int
	saved int // entries the body saves
}

// Locator returns the locations of d's tools as they stand now. It reads
// every entry of a body; LocatorOf takes what a caller knows already.
func (d *Document) Locator() Locator {
	return d.LocatorOf(func(k Kind, i int) bool {
		t := &d.List(k)[i]
		return t.Disabled || rawjson.CheckJSON(t.Raw) != nil
	})
}

// LocatorOf is Locator for a caller that knows which entries a save of
// a body leaves out: left(k, i) reports whether tool i of kind k is
// disabled or its JSON is not valid. It is called for a body only.
func (d *Document) LocatorOf(left func(k Kind, i int) bool) Locator {
	if d.Format != FormatBody {
		return Locator{}
	}
	l := Locator{body: true}
	saved := 0
	var next [2]int
	for _, k := range d.order() {
		i := next[k]
		next[k]++
		if left(k, i) {
			l.pos[k] = append(l.pos[k], -1-saved)
			continue
		}
		l.pos[k] = append(l.pos[k], saved)
		saved++
	}
	l.saved = saved
	return l
}

// BuiltinsFirst reports whether the body as saved lists a built-in
// tool before a function.
func (l Locator) BuiltinsFirst() bool {
	firstBuiltin := -1
	for _, p := range l.pos[Builtin] {
		if p >= 0 {
			firstBuiltin = p
			break
		}
	}
	if firstBuiltin < 0 {
		return false
	}
	for _, p := range l.pos[Function] {
		if p > firstBuiltin {
			return true
		}
	}
	return false
}

// At is the location of tool i of kind k. In a body, an entry a save
// leaves out is named by the saved entry before it.
func (l Locator) At(k Kind, i int) string {
	if l.body {
		if i < 0 || i >= len(l.pos[k]) {
			return KeyTools + "[?]"
		}
		switch p := l.pos[k][i]; {
		case p >= 0:
			return KeyTools + "[" + strconv.Itoa(p) + "]"
		case p == -1 && l.saved == 0:
			return "an unsaved entry of " + KeyTools
		case p == -1:
			return "an unsaved entry before " + KeyTools + "[0]"
		default:
			return "an unsaved entry after " + KeyTools + "[" + strconv.Itoa(-2-p) + "]"
		}
	}
	if k == Function {
		return KeyToolsDefs + "[" + strconv.Itoa(i) + "]"
	}
	return KeyExtra + "." + KeyBuiltinTools + "[" + strconv.Itoa(i) + "]"
}
