package main

// --into: merging the imported tools into DOC and writing it.

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"strings"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/formats"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
	"github.com/tooltui/tooltui/internal/termtext"
)

// target is the DOC of --into as it was read.
type target struct {
	path  string
	doc   *model.Document
	data  []byte      // the bytes read; nil for a new DOC
	stamp model.Stamp // the zero Stamp for a new DOC
}

// readTarget reads DOC, or starts a new tooltui document when there is
// none. A file in another format is refused: writing it would replace it
// with the Responses shape.
func readTarget(path string) (*target, error) {
	doc, data, stamp, err := formats.ReadFileStamped(path)
	if errors.Is(err, fs.ErrNotExist) {
		return &target{path: path, doc: &model.Document{}}, nil
	}
	if err != nil {
		return nil, namedError(err)
	}
	if doc.Source != nil {
		what := "in the " + doc.Source.Format + " format"
		if doc.Source.Format == formats.ResponsesArray {
			what = "a bare array of Responses tools"
		}
		return nil, fmt.Errorf("%s is %s, not a tooltui document or a Responses request body: --into would write it in another shape; "+
			"import both into a new file instead (tooltui import --into NEW.json %s, then the rest)", path, what, path)
	}
	if why := unusableLists(doc); why != "" {
		return nil, fmt.Errorf("%s: %s; repair it before importing into it", path, why)
	}
	return &target{path: path, doc: doc, data: data, stamp: stamp}, nil
}

// unusableLists says why the tools of d cannot be added to or taken from,
// or "".
func unusableLists(d *model.Document) string {
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

// place is where a tool is in a document.
type place struct {
	kind  model.Kind
	index int
}

// toolName is the name of a function or custom tool (one set of names, as
// tool_choice sees them), or "" for another entry.
func toolName(k model.Kind, raw json.RawMessage) string {
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

// merged is DOC with the imported tools in it.
type merged struct {
	doc      *model.Document
	added    [2]int         // imported tools by kind
	replaced int            // of them, how many replaced one of DOC's
	fresh    map[place]bool // where the imported tools are now
	clashes  []string       // names DOC already had, in import order
}

// mergeTools adds the tools of in to d: functions after d's functions,
// built-ins after its built-ins. A tool named like one of d's is a clash;
// with replace it takes the old one's place (or, when one is a function
// and the other a custom tool, the old one goes and the new one is added
// to its own list). Without replace the clashes are only listed.
func mergeTools(d, in *model.Document, replace bool) merged {
	m := merged{doc: d, fresh: map[place]bool{}}
	names := map[string]place{}
	for _, k := range []model.Kind{model.Function, model.Builtin} {
		for i, t := range d.List(k) {
			if n := toolName(k, t.Raw); n != "" {
				if _, dup := names[n]; !dup {
					names[n] = place{k, i}
				}
			}
		}
	}
	used := map[string]bool{}
	var appends []place // kind, index in in
	var drops []place   // of d, from clashes across kinds
	for _, k := range []model.Kind{model.Function, model.Builtin} {
		for i, t := range in.List(k) {
			m.added[k]++
			n := toolName(k, t.Raw)
			old, clash := names[n]
			if n == "" || !clash || used[n] {
				appends = append(appends, place{k, i})
				continue
			}
			used[n] = true
			m.clashes = append(m.clashes, n)
			if !replace {
				continue
			}
			m.replaced++
			if old.kind != k {
				drops = append(drops, old)
				appends = append(appends, place{k, i})
				continue
			}
			m.doc = putTool(m.doc, old, t)
			m.fresh[old] = true
		}
	}
	if !replace && len(m.clashes) > 0 {
		return m
	}
	// Drops last index first, so that the indices still to drop stay right.
	for len(drops) > 0 {
		j := 0
		for n, p := range drops {
			if p.kind > drops[j].kind || p.kind == drops[j].kind && p.index > drops[j].index {
				j = n
			}
		}
		p := drops[j]
		drops = append(drops[:j], drops[j+1:]...)
		m.doc, _, _ = model.DeleteTool(m.doc, p.kind, p.index)
		fresh := make(map[place]bool, len(m.fresh))
		for q := range m.fresh {
			if q.kind == p.kind && q.index > p.index {
				q.index--
			}
			fresh[q] = true
		}
		m.fresh = fresh
	}
	for _, p := range appends {
		var at int
		m.doc, at = model.InsertTool(m.doc, p.kind, -1, in.List(p.kind)[p.index])
		m.fresh[place{p.kind, at}] = true
	}
	return m
}

// putTool puts t in the place of d's tool at p, as it is: its entry, its
// origin and server, and whether it is disabled or has a draft.
func putTool(d *model.Document, p place, t model.Tool) *model.Document {
	d, _ = model.ReplaceTool(d, p.kind, p.index, t.Raw)
	d, _ = model.SetOrigin(d, p.kind, p.index, t.Origin)
	d, _ = model.SetServer(d, p.kind, p.index, t.Server, t.ServerTool)
	if d.List(p.kind)[p.index].Disabled != t.Disabled {
		d, _ = model.ToggleTool(d, p.kind, p.index)
	}
	if t.Draft != nil {
		d, _ = model.SetDraft(d, p.kind, p.index, t.DraftMember(), *t.Draft)
	}
	return d
}

// mergeImport is --into: DOC with the imported tools, written in place;
// srv, for tools from a live server, is recorded in DOC with them.
func mergeImport(opts importOptions, into *target, in *model.Document, srv *model.MCPServer, stderr io.Writer, fail func(error) int) int {
	if why := unusableLists(in); why != "" {
		return fail(fmt.Errorf("the input cannot be imported: %s", why))
	}
	var srvName string
	var srvNotes []convert.Diagnostic
	if srv != nil {
		var err error
		if srvName, err = serverName(into.doc, *srv, opts.mcpName); err != nil {
			return fail(fmt.Errorf("%s: %w; nothing was written", into.path, err))
		}
		if in, srvNotes, err = recordServer(into, in, srvName); err != nil {
			return fail(err)
		}
	}
	// recorded: DOC keeps the server with its functions.
	recorded := srv != nil && len(srvNotes) == 0
	m := mergeTools(into.doc, in, opts.replace)
	if recorded {
		m.doc, _ = model.SetMCPServer(m.doc, srvName, srv)
	}
	if len(m.clashes) > 0 && !opts.replace {
		return fail(clashError(into.path, m.clashes))
	}
	out, err := m.doc.Marshal()
	if err != nil {
		return fail(err)
	}
	if len(out) > model.MaxDocumentBytes {
		return fail(fmt.Errorf("%s would be %s, over the %d MiB tooltui can load; nothing was written",
			into.path, model.Bytes(int64(len(out))), model.MaxDocumentBytes>>20))
	}

	diags := mergeDiagnostics(into, in, m)
	diags = append(diags, srvNotes...)
	if recorded {
		diags = append(diags, headerNotes(into.path, srv, srvName)...)
	}
	if left := leftOut(in); len(left) > 0 {
		diags = append(diags, convert.Diagnostic{Severity: convert.Note, Location: importLocation, Index: -1,
			Message: "not merged into " + into.path + " (the import takes the tools only): " + strings.Join(left, ", ")})
	}

	// A DOC that gets nothing stays as it was, byte for byte.
	if into.data == nil || m.added[model.Function]+m.added[model.Builtin] > 0 {
		if err := writeTarget(into, out); err != nil {
			return fail(err)
		}
	}
	for _, d := range diags {
		fmt.Fprintln(stderr, termtext.SanitizeLine(d.String()))
	}
	reportMerge(stderr, opts, into, m)
	if recorded && m.added[model.Function] > 0 {
		fmt.Fprintln(stderr, termtext.SanitizeLine(fmt.Sprintf("their MCP server is recorded in %s as %s (%s): tooltui send --call-mcp calls its tools there",
			into.path, srvName, srv.Describe())))
	}
	return 0
}

// clashError says which names DOC already has, when --replace is not
// given.
func clashError(path string, clashes []string) error {
	quoted := make([]string, len(clashes))
	for i, n := range clashes {
		quoted[i] = termtext.Quote(n)
	}
	what, them := "a function or custom tool named "+quoted[0], "it"
	if n := len(quoted); n > 1 {
		what, them = "functions or custom tools named "+strings.Join(quoted[:n-1], ", ")+" and "+quoted[n-1], "them"
	}
	return fmt.Errorf("%s already has %s; nothing was written: give --replace to replace %s, or rename %[3]s first", path, what, them)
}

// mergeDiagnostics are the notes on the input's translation, then the
// diagnostics of the merged DOC about the imported tools, and those about
// the rest of DOC that it did not have before.
func mergeDiagnostics(into *target, in *model.Document, m merged) []convert.Diagnostic {
	var diags []convert.Diagnostic
	diags = append(diags, sourceNotes(in.Source)...)
	before := map[string]bool{}
	if into.data != nil {
		_, old := convert.Convert(into.doc)
		for _, d := range old {
			if !d.IsTool() {
				before[d.String()] = true
			}
		}
	}
	_, now := convert.Convert(m.doc)
	for _, d := range now {
		if d.IsTool() && m.fresh[place{d.Kind, d.Index}] || !d.IsTool() && !before[d.String()] {
			diags = append(diags, d)
		}
	}
	return diags
}

// headerNotes say, for each header given with --header, that DOC does not
// keep its value, and how to have tooltui send it.
func headerNotes(path string, srv *model.MCPServer, srvName string) []convert.Diagnostic {
	var diags []convert.Diagnostic
	for _, h := range sortedHeaderNames(srv.Headers) {
		if srv.Headers[h] == "" {
			diags = append(diags, convert.Diagnostic{Severity: convert.Note, Location: importLocation, Index: -1,
				Message: fmt.Sprintf("the value of --header %s is not kept in %s: for tooltui send --call-mcp to send it, import with "+
					"--header-env '%s=VAR' (VAR holds the value), or write \"headers\": {%q: \"$VAR\"} in \"tooltui\".\"mcp_servers\".%q",
					h, path, h, h, srvName)})
		}
	}
	return diags
}

// writeTarget writes DOC, unless it changed on disk since it was read.
func writeTarget(into *target, out []byte) error {
	now, _, err := model.ReadStamp(into.path)
	if err != nil {
		return err
	}
	if !into.stamp.Same(now) {
		what := "changed on disk"
		switch {
		case !now.Exists:
			what = "was deleted"
		case !into.stamp.Exists:
			what = "was created"
		}
		return fmt.Errorf("%s %s while the tools were imported; nothing was written: run the import again", into.path, what)
	}
	return model.WriteFileAtomic(into.path, out)
}

// reportMerge says what was added to DOC.
func reportMerge(stderr io.Writer, opts importOptions, into *target, m merged) {
	summary := fmt.Sprintf("added %s and %s to %s", plural(m.added[model.Function], "function"), plural(m.added[model.Builtin], "built-in"), into.path)
	if into.data == nil {
		summary += ", a new tooltui document"
	}
	if opts.replace {
		summary += fmt.Sprintf(" (replaced %d)", m.replaced)
	}
	fmt.Fprintln(stderr, termtext.SanitizeLine(summary))
}

// sourceNotes say what was read when the input was translated, and what
// did not carry over as written; their Path is a pointer in the input.
func sourceNotes(src *model.Source) []convert.Diagnostic {
	if src == nil {
		return nil
	}
	msg := "read as " + src.Format + " and translated to the Responses API"
	if strings.HasPrefix(src.Format, "Responses") {
		msg = "read as a " + src.Format
	}
	out := []convert.Diagnostic{{Severity: convert.Note, Location: convert.SourceLocation, Index: -1, Message: msg}}
	for _, n := range src.Notes {
		sev := convert.Note
		if n.Loss {
			sev = convert.Warning
		}
		out = append(out, convert.Diagnostic{Severity: sev, Location: convert.SourceLocation, Type: src.Format, Path: n.Path, Message: n.Message, Index: -1})
	}
	return out
}

// leftOut names what of the input --into does not take: its request
// fields (top-level and in extra), the unfinished ones, and mock outputs.
func leftOut(d *model.Document) []string {
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
		add("the mock outputs of " + plural(n, "function"))
	}
	return out
}

// plural is "1 function", "2 functions".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}
