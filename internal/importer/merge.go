// Package importer merges imported tools into a document: functions after
// its functions, built-ins after its built-ins, a name it has already
// replaced, renamed, skipped or refused (Apply), each tool's origin and
// MCP server recorded, and the diagnostics about what came in. A
// Checklist lists the incoming tools with their token estimates and
// diagnostics for the user to pick from. `tooltui import --into` uses it,
// and so can the app; reading the input (a file, a server) and printing
// are the caller's.
package importer

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/formats"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
	"github.com/tooltui/tooltui/internal/termtext"
)

// Location is the Location of what an import says itself about the input
// (left out, not carried over).
const Location = "import"

// Target is the document the tools go into, as it was read.
type Target struct {
	Path  string
	Doc   *model.Document
	Data  []byte      // the bytes read; nil for a new document
	Stamp model.Stamp // the zero Stamp for a new document
}

// ReadTarget reads the document at path, or starts a new tooltui document
// when there is none. A file in another format is refused: writing it
// would replace it with the Responses shape. A file that cannot be read
// gives the *model.FileError of formats.ReadFileStamped.
func ReadTarget(path string) (*Target, error) {
	doc, data, stamp, err := formats.ReadFileStamped(path)
	if errors.Is(err, fs.ErrNotExist) {
		return &Target{Path: path, Doc: &model.Document{}}, nil
	}
	if err != nil {
		return nil, err
	}
	if doc.Source != nil {
		what := "in the " + doc.Source.Format + " format"
		if doc.Source.Format == formats.ResponsesArray {
			what = "a bare array of Responses tools"
		}
		return nil, fmt.Errorf("%s is %s, not a tooltui document or a Responses request body: --into would write it in another shape; "+
			"import both into a new file instead (tooltui import --into NEW.json %s, then the rest)", path, what, path)
	}
	if why := Unusable(doc); why != "" {
		return nil, fmt.Errorf("%s: %s; repair it before importing into it", path, why)
	}
	return &Target{Path: path, Doc: doc, Data: data, Stamp: stamp}, nil
}

// Write writes out as the target's file, atomically, unless the file
// changed on disk since it was read.
func (t *Target) Write(out []byte) error {
	now, _, err := model.ReadStamp(t.Path)
	if err != nil {
		return err
	}
	if !t.Stamp.Same(now) {
		what := "changed on disk"
		switch {
		case !now.Exists:
			what = "was deleted"
		case !t.Stamp.Exists:
			what = "was created"
		}
		return fmt.Errorf("%s %s while the tools were imported; nothing was written: run the import again", t.Path, what)
	}
	return model.WriteFileAtomic(t.Path, out)
}

// Unusable says why the tools of d cannot be added to or taken from, or
// "".
func Unusable(d *model.Document) string {
	switch {
	case d.ToolsDefsRaw != nil:
		return model.KeyToolsDefs + " must be an array of function definitions, got " + rawjson.JSONKind(d.ToolsDefsRaw)
	case d.ExtraRaw != nil:
		return model.KeyExtra + " must be an object, got " + rawjson.JSONKind(d.ExtraRaw)
	case d.BuiltinsRaw != nil:
		return model.KeyExtra + "." + model.KeyBuiltinTools + " must be an array of tools, got " + rawjson.JSONKind(d.BuiltinsRaw)
	}
	if v, ok := d.Fields.Get(model.KeyTools); ok && v != nil {
		return model.KeyTools + " must be an array of tools, got " + rawjson.JSONKind(v)
	}
	return ""
}

// Place is where a tool is in a document.
type Place struct {
	Kind  model.Kind
	Index int
}

// ToolName is the name of a function or custom tool (one set of names, as
// tool_choice sees them), or "" for another entry.
func ToolName(k model.Kind, raw json.RawMessage) string {
	if rawjson.JSONKind(raw) != "object" || rawjson.CheckJSON(raw) != nil {
		return ""
	}
	if k == model.Builtin {
		if typ := model.StringAt(raw, []string{"type"}); typ != model.FamilyFunction && typ != model.FamilyCustom {
			return ""
		}
	}
	return model.StringAt(raw, []string{"name"})
}

// Merged is a document with the imported tools in it.
type Merged struct {
	Doc      *model.Document
	Added    [2]int         // imported tools by kind
	Replaced int            // of them, how many replaced one of the document's
	Fresh    map[Place]bool // where the imported tools are now
	Clashes  []string       // names the document already had, in import order
}

// Merge adds the tools of in to d: functions after d's functions,
// built-ins after its built-ins. A tool named like one of d's is a clash;
// with replace it takes the old one's place (or, when one is a function
// and the other a custom tool, the old one goes and the new one is added
// to its own list). Without replace the clashes are only listed, and d is
// left as it is.
func Merge(d, in *model.Document, replace bool) Merged {
	m := Merged{Doc: d, Fresh: map[Place]bool{}}
	names := map[string]Place{}
	for _, k := range []model.Kind{model.Function, model.Builtin} {
		for i, t := range d.List(k) {
			if n := ToolName(k, t.Raw); n != "" {
				if _, dup := names[n]; !dup {
					names[n] = Place{k, i}
				}
			}
		}
	}
	used := map[string]bool{}
	var appends []Place // kind, index in in
	var drops []Place   // of d, from clashes across kinds
	for _, k := range []model.Kind{model.Function, model.Builtin} {
		for i, t := range in.List(k) {
			m.Added[k]++
			n := ToolName(k, t.Raw)
			old, clash := names[n]
			if n == "" || !clash || used[n] {
				appends = append(appends, Place{k, i})
				continue
			}
			used[n] = true
			m.Clashes = append(m.Clashes, n)
			if !replace {
				continue
			}
			m.Replaced++
			if old.Kind != k {
				drops = append(drops, old)
				appends = append(appends, Place{k, i})
				continue
			}
			m.Doc = putTool(m.Doc, old, t)
			m.Fresh[old] = true
		}
	}
	if !replace && len(m.Clashes) > 0 {
		return m
	}
	// Drops last index first, so that the indices still to drop stay right.
	for len(drops) > 0 {
		j := 0
		for n, p := range drops {
			if p.Kind > drops[j].Kind || p.Kind == drops[j].Kind && p.Index > drops[j].Index {
				j = n
			}
		}
		p := drops[j]
		drops = append(drops[:j], drops[j+1:]...)
		m.Doc, _, _ = model.DeleteTool(m.Doc, p.Kind, p.Index)
		fresh := make(map[Place]bool, len(m.Fresh))
		for q := range m.Fresh {
			if q.Kind == p.Kind && q.Index > p.Index {
				q.Index--
			}
			fresh[q] = true
		}
		m.Fresh = fresh
	}
	for _, p := range appends {
		var at int
		m.Doc, at = model.InsertTool(m.Doc, p.Kind, -1, in.List(p.Kind)[p.Index])
		m.Fresh[Place{p.Kind, at}] = true
	}
	return m
}

// putTool puts t in the place of d's tool at p, as it is: its entry, its
// origin and server, and whether it is disabled or has a draft.
func putTool(d *model.Document, p Place, t model.Tool) *model.Document {
	d, _ = model.ReplaceTool(d, p.Kind, p.Index, t.Raw)
	d, _ = model.SetOrigin(d, p.Kind, p.Index, t.Origin)
	d, _ = model.SetServer(d, p.Kind, p.Index, t.Server, t.ServerTool)
	if d.List(p.Kind)[p.Index].Disabled != t.Disabled {
		d, _ = model.ToggleTool(d, p.Kind, p.Index)
	}
	if t.Draft != nil {
		d, _ = model.SetDraft(d, p.Kind, p.Index, t.DraftMember(), *t.Draft)
	}
	return d
}

// Options are the choices of an import into a document.
type Options struct {
	// OnClash decides what becomes of a tool whose name the document
	// has: ClashReplace puts it in the old one's place, ClashRename adds
	// it under a name of its own, ClashSkip leaves it out; with
	// ClashUndecided such a clash refuses the import.
	OnClash Clash
	// Replace is OnClash ClashReplace (--replace).
	Replace bool
	// ServerName is the name to record a server under; "" makes one.
	ServerName string
}

// onClash is the decision the options give every clash.
func (o Options) onClash() Clash {
	if o.OnClash == ClashUndecided && o.Replace {
		return ClashReplace
	}
	return o.OnClash
}

// Result is an import into a document, ready to write.
type Result struct {
	Applied
	// Out is the document's new file; Write says whether it needs
	// writing (a document that gets nothing stays as it was, byte for
	// byte).
	Out   []byte
	Write bool
	// Diags are the notes on the input's translation, the diagnostics
	// about the imported tools and what they changed in the document, and
	// what the import says of itself.
	Diags []convert.Diagnostic
	// replace says the import replaces every clash (--replace).
	replace bool
}

// Into merges in into t as Apply does, with the decision opts gives every
// clash; srv, for tools from a live server, is recorded with them.
// Nothing is written: the caller writes Out with t.Write.
func Into(t *Target, in *model.Document, srv *model.MCPServer, opts Options) (*Result, error) {
	if why := Unusable(in); why != "" {
		return nil, fmt.Errorf("the input cannot be imported: %s", why)
	}
	a, err := Apply(t.Doc, in, Choices{OnClash: opts.onClash(), Server: srv, ServerName: opts.ServerName, Path: t.Path})
	if ce, ok := isClashes(err); ok {
		return nil, ClashError(t.Path, ce.Names)
	}
	if err != nil {
		return nil, fmt.Errorf("%w; nothing was written", err)
	}
	r := &Result{Applied: *a, replace: opts.onClash() == ClashReplace}
	out, err := r.Doc.Marshal()
	if err != nil {
		return nil, err
	}
	if len(out) > model.MaxDocumentBytes {
		return nil, fmt.Errorf("%s would be %s, over the %d MiB tooltui can load; nothing was written",
			t.Path, model.Bytes(int64(len(out))), model.MaxDocumentBytes>>20)
	}
	r.Out = out
	r.Write = t.Data == nil || r.Added[model.Function]+r.Added[model.Builtin] > 0

	r.Diags = diagnostics(t, in, r.Merged)
	r.Diags = append(r.Diags, r.Notes...)
	if r.Server != "" {
		r.Diags = append(r.Diags, headerNotes(t.Path, srv, r.Server)...)
	}
	if left := LeftOut(in); len(left) > 0 {
		r.Diags = append(r.Diags, convert.Diagnostic{Severity: convert.Note, Location: Location, Index: -1,
			Message: "not merged into " + t.Path + " (the import takes the tools only): " + strings.Join(left, ", ")})
	}
	return r, nil
}

// Summary says what was added to the target, and what became of the
// clashes: replaced (always said with --replace), renamed, skipped.
func (r *Result) Summary(t *Target) string {
	summary := "added " + addedTools(r.Added) + " to " + t.Path
	if t.Data == nil {
		summary += ", a new tooltui document"
	}
	return summary + r.details(r.replace)
}

// ClashError says which names the document at path already has, when
// the import was told nothing to do about them.
func ClashError(path string, clashes []string) error {
	quoted := make([]string, len(clashes))
	for i, n := range clashes {
		quoted[i] = termtext.Quote(n)
	}
	what, them, ones := "a function or custom tool named "+quoted[0], "it", "one"
	if n := len(quoted); n > 1 {
		what, them, ones = "functions or custom tools named "+strings.Join(quoted[:n-1], ", ")+" and "+quoted[n-1], "them", "ones"
	}
	return fmt.Errorf("%s already has %s; nothing was written: give --on-clash replace (or --replace) to replace %s, "+
		"--on-clash rename to keep both with the new %s renamed, or --on-clash skip to leave %[3]s out", path, what, them, ones)
}

// diagnostics are the notes on the input's translation, then the
// diagnostics of the merged document about the imported tools, and those
// about the rest of it that it did not have before.
func diagnostics(t *Target, in *model.Document, m Merged) []convert.Diagnostic {
	diags := convert.SourceDiagnostics(in.Source, false)
	before := map[string]bool{}
	if t.Data != nil {
		_, old := convert.Convert(t.Doc)
		for _, d := range old {
			if !d.IsTool() {
				before[d.String()] = true
			}
		}
	}
	_, now := convert.Convert(m.Doc)
	for _, d := range now {
		if d.IsTool() && m.Fresh[Place{d.Kind, d.Index}] || !d.IsTool() && !before[d.String()] {
			diags = append(diags, d)
		}
	}
	return diags
}

// headerNotes say, for each header given with --header, that the document
// does not keep its value, and how to have tooltui send it.
func headerNotes(path string, srv *model.MCPServer, srvName string) []convert.Diagnostic {
	var diags []convert.Diagnostic
	for _, h := range SortedHeaderNames(srv.Headers) {
		if srv.Headers[h] == "" {
			diags = append(diags, convert.Diagnostic{Severity: convert.Note, Location: Location, Index: -1,
				Message: fmt.Sprintf("the value of --header %s is not kept in %s: for tooltui send --call-mcp to send it, import with "+
					"--header-env '%s=VAR' (VAR holds the value), or write \"headers\": {%q: \"$VAR\"} in \"tooltui\".\"mcp_servers\".%q",
					h, path, h, h, srvName)})
		}
	}
	return diags
}

// LeftOut names what of the input an import into a document does not
// take: its request fields (top-level and in extra), the unfinished ones,
// and mock outputs.
func LeftOut(d *model.Document) []string {
	var out []string
	seen := map[string]bool{}
	add := func(k string) {
		if !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	for _, f := range d.Fields {
		switch f.Key {
		case model.KeyToolsDefs, model.KeyExtra, model.KeyMeta:
		case model.KeyTools:
			if f.Value != nil {
				add(f.Key)
			}
		default:
			add(f.Key)
		}
	}
	for _, f := range d.Extra {
		add(f.Key)
	}
	if len(d.RequestDrafts) > 0 {
		add("the unfinished request fields")
	}
	if n := len(d.Mocks); n > 0 {
		add("the mock outputs of " + Plural(n, "function"))
	}
	return out
}

// Plural is "1 function", "2 functions".
func Plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}
