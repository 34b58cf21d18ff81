// Package convert turns a tooltui document into the body of a Responses API
// request (POST /v1/responses): function definitions and raw built-in tools
// merge into one tools list, functions first; every entry is checked against
// the schema of its type; invalid entries are left out with a diagnostic
// that says where and why. The interactive app and `tooltui build` share it.
package convert

import (
	"bytes"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
)

// Result is a converted document.
type Result struct {
	// JSON is the request body, two-space indented, ending in a newline.
	JSON []byte
	// Diagnostics lists problems: tools in document order, then the
	// request-level ones.
	Diagnostics []Diagnostic
	// Tools are the entries of the request's tools, in order, and Sources
	// says which document entry each came from.
	Tools   []ResponseTool
	Sources []ToolRef
}

// ToolRef points at an entry of the document.
type ToolRef struct {
	Kind  model.Kind
	Index int
}

// Convert converts a document with a fresh converter.
func Convert(d *model.Document) ([]byte, []Diagnostic) {
	var c Converter
	r := c.Convert(d)
	return r.JSON, r.Diagnostics
}

// Converter converts documents and remembers the checks of every entry it
// saw last time, so that an edit to one tool re-checks only that tool. The
// zero value is ready to use. It is not safe for concurrent use.
//
// A tool whose Raw is the very slice the last conversion saw (same array,
// same length; documents are never changed in place, every edit makes new
// bytes) gets its entry without its bytes being read: with 1,000 tools a
// keystroke would otherwise hash and compare every tool's bytes. Any other
// tool is looked up by its bytes, so a tool that comes back in another
// array (a reload, an undo, a paste of the same JSON) is not checked again.
type Converter struct {
	// cache holds the entries of the last conversion by their bytes. It
	// is kept from one conversion to the next: an entry no tool uses any
	// more leaves it at the end of the conversion that stopped using it.
	cache map[entryKey]*entry
	// seen are the tools of the last conversion by kind and index, with
	// their slices: holding a slice keeps its array, so no other array
	// can take its address while seen is compared with. They are let go
	// at the end of the next conversion.
	seen, seenNext [2][]seenTool
	// used are the entries of this conversion, last those of the one
	// before; gen numbers the conversions, and entry.gen is the last that
	// used an entry.
	used, last []*entry
	gen        uint64
	// schemaRefs counts the references to each schema from the entries
	// of cache; a schema no entry refers to leaves the schema map.
	schemaRefs map[*schemaInfo]int
	mu         sync.Mutex // guards the schema map while entries are checked in parallel
	serial     bool       // check one entry at a time (tests compare the two)
	verify     bool       // panic if an entry found by identity is not of the tool's bytes (tests)
	// The schemas of the entries, by their bytes: one map, kept from one
	// conversion to the next (schemaCache and schemaNext are the same).
	schemaCache, schemaNext map[string]*schemaInfo
}

type entryKey struct {
	kind     model.Kind
	raw      string
	draft    string
	hasDraft bool
}

// seenTool is a tool of the last conversion; e is nil for a disabled one.
type seenTool struct {
	raw      []byte
	draft    string
	field    string
	hasDraft bool
	e        *entry
}

// seenAs records t, whose entry is e (set later for an entry not found).
func seenAs(t *model.Tool, e *entry) seenTool {
	s := seenTool{e: e}
	if len(t.Raw) > 0 {
		s.raw = t.Raw
	}
	if t.Draft != nil {
		s.hasDraft, s.draft, s.field = true, *t.Draft, t.DraftField
	}
	return s
}

// is reports whether t is the tool s was: the same slice of bytes (so the
// same bytes, as documents are never changed in place) and the same
// draft, compared as text (a draft carried from one document to the next
// is the same string, which compares without its bytes being read).
func (s *seenTool) is(t *model.Tool) bool {
	if s.e == nil || len(s.raw) != len(t.Raw) || len(t.Raw) > 0 && unsafe.SliceData(s.raw) != unsafe.SliceData(t.Raw) {
		return false
	}
	if t.Draft == nil {
		return !s.hasDraft
	}
	return s.hasDraft && s.field == t.DraftField && s.draft == *t.Draft
}

// rawID is the identity of a slice of bytes: its first byte and length.
type rawID struct {
	p *byte
	n int
}

func idOf(b []byte) rawID {
	if len(b) == 0 {
		return rawID{}
	}
	return rawID{unsafe.SliceData(b), len(b)}
}

// entry is what the converter learned about one tool entry, independent of
// where it stands in the document.
type entry struct {
	key      entryKey
	gen      uint64      // the last conversion that used it
	schema   *schemaInfo // a function's object parameters
	indented []byte      // the entry as it appears in the request, made once
	tool     ResponseTool
	typ      string
	name     string        // function or custom tool name
	label    string        // mcp server_label
	inner    []toolInfo    // a namespace's functions and custom tools
	schemas  []*schemaInfo // a namespace's functions' object parameters
	issues   []Issue
	drop     bool
}

// Convert converts d. It never fails: what cannot be used is left out and
// reported.
func (c *Converter) Convert(d *model.Document) Result {
	c.start(len(d.Functions) + len(d.Builtins))
	defer c.finish()

	var r Result
	diags := sourceDiagnostics(d.Source)
	nsource := len(diags)
	structural := func(loc, msg string) {
		diags = append(diags, Diagnostic{Severity: Error, Location: loc, Message: msg, Index: -1})
	}
	if d.ToolsDefsRaw != nil {
		structural(model.KeyToolsDefs, "must be an array of function definitions, got "+rawjson.JSONKind(d.ToolsDefsRaw))
	}
	if d.ExtraRaw != nil {
		structural(model.KeyExtra, "must be an object, got "+rawjson.JSONKind(d.ExtraRaw))
	}
	if d.BuiltinsRaw != nil {
		structural(model.KeyExtra+"."+model.KeyBuiltinTools, "must be an array of tool objects, got "+rawjson.JSONKind(d.BuiltinsRaw))
	}

	entries := c.prepare(d)
	locs := d.Locator()
	// Names a later tool may not reuse: function and custom tool names
	// (one set: tool_choice could not tell them apart), MCP server labels.
	type named struct{ loc, typ string }
	toolNames := map[string]named{}
	labels := map[string]string{} // server_label -> location
	var infos []toolInfo
	var kept []*entry
	var toolDiags []Diagnostic
	add := func(k model.Kind, list []model.Tool) {
		for i := range list {
			e := entries[k][i]
			if e == nil { // disabled
				continue
			}
			loc := locs.At(k, i)
			for _, is := range e.issues {
				sev := Warning
				switch {
				case is.Fatal:
					sev = Error
				case is.Note:
					sev = Note
				}
				toolDiags = append(toolDiags, Diagnostic{Severity: sev, Location: loc, Type: e.typ, Path: is.Path, Message: is.Message,
					Line: is.Line, Column: is.Column, Kind: k, Index: i, Fixes: is.Fixes})
			}
			if e.drop {
				continue
			}
			switch e.typ {
			case "function", "custom":
				if first, dup := toolNames[e.name]; dup {
					msg := fmt.Sprintf("duplicate function name %s: %s already defines it", quoteForMessage(e.name), first.loc)
					if first.typ != "function" || e.typ != "function" {
						msg = fmt.Sprintf("duplicate tool name %s: %s (%s) already defines it; functions and custom tools share one set of names",
							quoteForMessage(e.name), first.loc, first.typ)
					}
					toolDiags = append(toolDiags, Diagnostic{Severity: Error, Location: loc, Type: e.typ, Path: "/name",
						Message: msg, Kind: k, Index: i, Fixes: []Fix{{Kind: FixRename, At: "/name"}}})
					continue
				}
				toolNames[e.name] = named{loc, e.typ}
			case "mcp":
				if first, dup := labels[e.label]; dup {
					toolDiags = append(toolDiags, Diagnostic{Severity: Error, Location: loc, Type: e.typ, Path: "/server_label",
						Message: fmt.Sprintf("duplicate server_label %s: %s already uses it; each MCP server needs its own label", quoteForMessage(e.label), first), Kind: k, Index: i,
						Fixes: []Fix{{Kind: FixRename, At: "/server_label"}}})
					continue
				}
				labels[e.label] = loc
			}
			infos = append(infos, toolInfo{typ: e.typ, name: e.name, label: e.label})
			infos = append(infos, e.inner...)
			kept = append(kept, e)
			r.Tools = append(r.Tools, e.tool)
			r.Sources = append(r.Sources, ToolRef{Kind: k, Index: i})
		}
	}
	add(model.Function, d.Functions)
	add(model.Builtin, d.Builtins)
	if d.BuiltinsFirst() {
		diags = append(diags, Diagnostic{Severity: Warning, Location: model.KeyTools, Index: -1,
			Message: "built-in tools come before functions in this body; the request lists the functions first, then the built-ins, each in file order"})
	}
	diags = slices.Concat(diags[:nsource], toolDiags, diags[nsource:])

	body, reqDiags := c.request(d, &r, infos, kept)
	diags = append(diags, reqDiags...)
	r.JSON = body
	r.Diagnostics = diags
	return r
}

// checkNew checks an entry the converter has not seen and lays it out. It
// is safe to run for several entries at once.
func (c *Converter) checkNew(k model.Kind, t *model.Tool) *entry {
	var e *entry
	if k == model.Function {
		e = c.checkDefinition(t)
	} else {
		e = c.checkBuiltin(t.Raw)
		if t.Draft != nil {
			if err := rawjson.CheckJSON([]byte(*t.Draft)); err != nil {
				e.issues = append(e.issues, syntaxIssue("/"+t.DraftMember(), err))
				e.drop = true
			}
		}
	}
	if !e.drop {
		c.indentedEntry(e)
	}
	return e
}

// parallelMin is the number of unseen entries from which checking is
// spread over the processors (loading a document, not a keystroke).
const parallelMin = 32

// start readies the converter for a conversion of a document of n tools.
func (c *Converter) start(n int) {
	c.gen++
	if c.cache == nil {
		c.cache = make(map[entryKey]*entry, n)
		c.schemaRefs = make(map[*schemaInfo]int)
	}
	if c.schemaCache == nil {
		c.schemaCache = make(map[string]*schemaInfo)
	}
	c.schemaNext = c.schemaCache
}

// finish lets go of what the conversion did not use: the entries of the
// last conversion that no tool has now, their schemas when no other entry
// refers to them, and the slices of the tools seen before.
func (c *Converter) finish() {
	for _, e := range c.last {
		if e.gen == c.gen {
			continue
		}
		if c.verify && c.cache[e.key] != e {
			panic("convert: an entry left the cache before its time")
		}
		delete(c.cache, e.key)
		c.refer(e, -1)
	}
	clear(c.last)
	c.last, c.used = c.used, c.last[:0]
	for k := range c.seen {
		clear(c.seen[k])
		c.seen[k], c.seenNext[k] = c.seenNext[k], c.seen[k][:0]
	}
	// Every schema is looked up for the entry that holds it, so the map
	// holds only schemas that entries refer to; if it ever held another,
	// it would stay for good: the map is made again from those in use.
	if len(c.schemaCache) > len(c.schemaRefs) {
		c.schemaNext = make(map[string]*schemaInfo, len(c.schemaRefs))
		for si := range c.schemaRefs {
			c.keep(si)
		}
		c.schemaCache = c.schemaNext
	}
}

// use records that this conversion uses e.
func (c *Converter) use(e *entry) {
	if e.gen != c.gen {
		e.gen = c.gen
		c.used = append(c.used, e)
	}
}

// refer counts n more references from the cache to e's schemas (n is 1
// when e enters the cache, -1 when it leaves); a schema no entry refers
// to any more leaves the schema map.
func (c *Converter) refer(e *entry, n int) {
	if e.schema != nil {
		c.referSchema(e.schema, n)
	}
	for _, si := range e.schemas {
		c.referSchema(si, n)
	}
}

func (c *Converter) referSchema(si *schemaInfo, n int) {
	if r := c.schemaRefs[si] + n; r > 0 {
		c.schemaRefs[si] = r
		return
	}
	delete(c.schemaRefs, si)
	if c.verify && c.schemaCache[si.key] != si {
		panic("convert: a schema in use is missing from the schema map")
	}
	delete(c.schemaCache, si.key)
}

// movedMin is the number of tools not found at their index from which the
// tools seen last time are looked up by identity at any index: a tool was
// inserted, deleted or moved, and those after it changed places.
const movedMin = 2

// prepare finds or checks the entry of every tool of d that is enabled:
// entries[k][i] is that of the tool at index i of list k, nil for a
// disabled tool. A tool is looked up by the identity of its bytes first
// (seen), by its bytes next (cache); the others are checked, in parallel
// when there are many.
func (c *Converter) prepare(d *model.Document) (entries [2][]*entry) {
	type job struct {
		k   model.Kind
		i   int
		t   *model.Tool
		key entryKey // its raw views t.Raw: copied when stored
		e   *entry
	}
	var jobs []job
	for _, k := range [...]model.Kind{model.Function, model.Builtin} {
		list := d.List(k)
		seen := c.seen[k]
		next := c.seenNext[k][:0]
		es := make([]*entry, len(list))
		var moved map[rawID]int // seen by identity, made once several tools moved
		misses := 0
		for i := range list {
			t := &list[i]
			if t.Disabled {
				next = append(next, seenTool{})
				continue
			}
			var e *entry
			if i < len(seen) && seen[i].is(t) {
				e = seen[i].e
			} else {
				if misses++; misses >= movedMin && moved == nil {
					moved = make(map[rawID]int, len(seen))
					for j := len(seen) - 1; j >= 0; j-- { // the first of a repeated slice wins
						if seen[j].e != nil {
							moved[idOf(seen[j].raw)] = j
						}
					}
				}
				if j, ok := moved[idOf(t.Raw)]; ok && seen[j].is(t) {
					e = seen[j].e
				}
			}
			if e != nil && c.verify {
				if key := keyOf(k, t); e.key != entryKeyLookup(key, t.Raw) {
					panic("convert: an entry found by identity is not of the tool's bytes")
				}
			}
			if e == nil {
				key := entryKeyLookup(keyOf(k, t), t.Raw)
				if e = c.cache[key]; e == nil {
					jobs = append(jobs, job{k: k, i: i, t: t, key: key})
				}
			}
			if e != nil {
				c.use(e)
				es[i] = e
			}
			next = append(next, seenAs(t, e))
		}
		entries[k] = es
		c.seenNext[k] = next
	}

	workers := min(runtime.GOMAXPROCS(0), len(jobs)/parallelMin*2)
	if workers >= 2 && !c.serial {
		var wg sync.WaitGroup
		next := atomic.Int64{}
		for w := 0; w < workers; w++ {
			wg.Go(func() {
				for {
					i := int(next.Add(1)) - 1
					if i >= len(jobs) {
						return
					}
					jobs[i].e = c.checkNew(jobs[i].k, jobs[i].t)
				}
			})
		}
		wg.Wait()
	}
	for _, j := range jobs {
		var e *entry
		if len(jobs) > 1 { // an earlier one may have had the same bytes
			e = c.cache[j.key]
		}
		if e == nil {
			if e = j.e; e == nil {
				e = c.checkNew(j.k, j.t)
			}
			e.key = j.key
			e.key.raw = string(j.t.Raw)
			c.cache[e.key] = e
			c.refer(e, 1)
		}
		c.use(e)
		entries[j.k][j.i] = e
		c.seenNext[j.k][j.i].e = e
	}
	return entries
}

// keyOf is the cache key of an entry, without its raw text.
func keyOf(k model.Kind, t *model.Tool) entryKey {
	key := entryKey{kind: k}
	if t.Draft != nil {
		key.hasDraft, key.draft = true, t.DraftField+"\x00"+*t.Draft
	}
	return key
}

// entryKeyLookup builds a lookup key without copying raw: the compiler
// turns map[string(b)] into a non-allocating lookup only in an index
// expression, so the copy is made once, on insert.
func entryKeyLookup(k entryKey, raw []byte) entryKey {
	k.raw = unsafeString(raw)
	return k
}

// fixedOrder are the request fields written first, in this order.
var fixedOrder = [...]string{"model", "instructions", "input", model.KeyTools, "tool_choice", "parallel_tool_calls"}

// request assembles the body and runs the request-level checks.
func (c *Converter) request(d *model.Document, r *Result, infos []toolInfo, kept []*entry) ([]byte, []Diagnostic) {
	var diags []Diagnostic
	reqDiag := func(sev Severity, loc, msg string) {
		diags = append(diags, Diagnostic{Severity: sev, Location: loc, Message: msg, Index: -1})
	}

	// Top-level fields, then extra's; an extra key replaces a field.
	fields := make(rawjson.Object, 0, len(d.Fields)+len(d.Extra))
	for _, f := range d.Fields {
		switch f.Key {
		case model.KeyToolsDefs, model.KeyExtra, model.KeyMeta:
			continue
		case model.KeyTools:
			if f.Value != nil { // nil: where a body's tools array stands
				reqDiag(Error, model.KeyTools, "must be an array of tools, got "+rawjson.JSONKind(f.Value))
			}
			continue
		}
		fields = append(fields, f)
	}
	for _, m := range d.Extra {
		loc := model.KeyExtra + "." + m.Key
		switch m.Key {
		case model.KeyTools:
			reqDiag(Error, loc, "conflicts with the tools tooltui builds; put tools in tools_defs or extra.builtin_tools")
			continue
		}
		if fields.Has(m.Key) {
			reqDiag(Warning, loc, fmt.Sprintf("replaces the top-level %q", m.Key))
			fields.Delete(m.Key)
		}
		fields = append(fields, m)
	}
	// Drop values that are not JSON (a field typed in the app).
	valid := fields[:0:0]
	var invalid map[string]bool
	for _, f := range fields {
		if err := rawjson.CheckJSON(f.Value); err != nil {
			if invalid == nil {
				invalid = map[string]bool{}
			}
			is := syntaxIssue("", err)
			diags = append(diags, Diagnostic{Severity: Error, Location: f.Key, Message: is.Message,
				Line: is.Line, Column: is.Column, Index: -1})
			invalid[f.Key] = true
			continue
		}
		valid = append(valid, f)
	}
	fields = valid
	diags = append(diags, requestDrafts(d)...)
	diags = append(diags, checkRequestFields(fields, invalid)...)

	if raw, ok := fields.Get("tool_choice"); ok {
		msg, fixes, warnings := checkToolChoice(raw, infos)
		if msg != "" {
			diags = append(diags, Diagnostic{Severity: Error, Location: "tool_choice", Message: msg, Index: -1, Fixes: fixes})
			fields.Delete("tool_choice")
		}
		for _, is := range warnings {
			diags = append(diags, Diagnostic{Severity: Warning, Location: "tool_choice", Path: is.Path, Message: is.Message, Index: -1, Fixes: is.Fixes})
		}
	}

	// The body is assembled already indented, exactly as json.Indent with
	// two spaces would lay it out: each tool's indented form is made once
	// and kept with its checks, so a keystroke re-indents only what changed.
	b := make([]byte, 0, 256+estimateSize(r.Tools)*5/4)
	b = append(b, '{')
	n := 0
	member := func(key string) {
		if n > 0 {
			b = append(b, ',')
		}
		n++
		b = append(b, "\n  "...)
		b = rawjson.AppendString(b, key)
		b = append(b, ": "...)
	}
	written := map[string]bool{}
	for _, key := range fixedOrder {
		written[key] = true
		if key == model.KeyTools {
			if len(kept) == 0 {
				continue
			}
			member(key)
			b = append(b, '[')
			for i, e := range kept {
				if i > 0 {
					b = append(b, ',')
				}
				b = append(b, "\n    "...)
				b = append(b, c.indentedEntry(e)...)
			}
			b = append(b, "\n  ]"...)
			continue
		}
		if v, ok := fields.Get(key); ok {
			member(key)
			b = appendIndented(b, v, "  ")
		}
	}
	for _, f := range fields {
		if written[f.Key] {
			continue
		}
		written[f.Key] = true
		v, _ := fields.Get(f.Key)
		member(f.Key)
		b = appendIndented(b, v, "  ")
	}
	if n > 0 {
		b = append(b, '\n')
	}
	b = append(b, "}\n"...)
	return b, diags
}

// requestDrafts reports the request fields whose text is kept as a draft
// because it cannot be applied yet: not valid JSON, or valid JSON the field
// does not take. The request keeps the field's last valid value meanwhile.
func requestDrafts(d *model.Document) []Diagnostic {
	var diags []Diagnostic
	const keeps = "; the request keeps the last valid value until it is"
	for _, f := range []string{"input", "extra"} {
		text, ok := d.RequestDrafts[f]
		if !ok {
			continue
		}
		loc := f
		if f == "extra" {
			loc = "other request fields"
		}
		// Nothing is left out: the request is sent with the last valid
		// value, which is worth a warning.
		diag := Diagnostic{Severity: Warning, Location: loc, Index: -1}
		if err := rawjson.CheckJSON([]byte(text)); err != nil {
			is := syntaxIssue("", err)
			diag.Line, diag.Column = is.Line, is.Column
			diag.Message = "the text typed is " + is.Message + keeps
		} else if f == "input" {
			if k := rawjson.JSONKind([]byte(text)); k != "array" {
				diag.Message = "must be text or a JSON array of input items, not a JSON " + k + keeps
			}
		} else if o, err := rawjson.ParseObject([]byte(text)); err != nil {
			diag.Message = "must be a JSON object, not a JSON " + rawjson.JSONKind([]byte(text)) + keeps
		} else if _, err := model.SetOtherRequestFields(d, o); err != nil {
			diag.Message = "the text typed cannot be applied: " + err.Error() + "; the request keeps the last valid value until it can"
		}
		if diag.Message != "" {
			diags = append(diags, diag)
		}
	}
	return diags
}

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

// checkRequestFields warns about request fields of the wrong JSON type,
// and about a missing model (unless its value was dropped as invalid JSON,
// which is reported already).
func checkRequestFields(fields rawjson.Object, invalid map[string]bool) []Diagnostic {
	want := map[string][]string{
		"model":               {"string"},
		"instructions":        {"string", "null"},
		"input":               {"string", "array"},
		"parallel_tool_calls": {"boolean", "null"},
	}
	var diags []Diagnostic
	warn := func(key, msg string) {
		diags = append(diags, Diagnostic{Severity: Warning, Location: key, Index: -1, Message: msg})
	}
	for _, key := range [...]string{"model", "instructions", "input", "parallel_tool_calls"} {
		v, ok := fields.Get(key)
		if !ok {
			if key == "model" && !invalid[key] {
				warn(key, `no model: the API requires one, e.g. "gpt-5"`)
			}
			continue
		}
		k := rawjson.JSONKind(v)
		okKind := false
		for _, w := range want[key] {
			okKind = okKind || w == k
		}
		switch {
		case !okKind && key == "model":
			warn(key, `must be a string naming a model, e.g. "gpt-5", got `+k)
		case !okKind:
			warn(key, "must be "+joinOr(want[key])+", got "+k)
		case key == "model":
			if s, _ := rawjson.Unquote(v); strings.TrimSpace(s) == "" {
				warn(key, `is empty: the API requires a model, e.g. "gpt-5"`)
			}
		}
	}
	return diags
}

func joinOr(ws []string) string {
	switch len(ws) {
	case 1:
		return "a " + ws[0]
	default:
		return "a " + ws[0] + " or " + ws[1]
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

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
