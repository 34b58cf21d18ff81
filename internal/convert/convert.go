// Package convert turns a tooltui document into the body of a Responses API
// request (POST /v1/responses): function definitions and raw built-in tools
// merge into one tools list, functions first; every entry is checked against
// the schema of its type; invalid entries are left out with a diagnostic
// that says where and why. The interactive app and `tooltui build` share it.
package convert

import (
	"fmt"
	"runtime"
	"slices"
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
	// fieldDups are the keys repeated inside the request fields' values
	// of the last conversion, by location (see nestedDuplicates).
	fieldDups map[string]fieldDup
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
	badJSON  bool // the entry is not valid JSON: a body's save leaves it out
}

// Convert converts d. It never fails: what cannot be used is left out and
// reported.
func (c *Converter) Convert(d *model.Document) Result {
	c.start(len(d.Functions) + len(d.Builtins))
	defer c.finish()

	var r Result
	diags := SourceDiagnostics(d.Source, true)
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
	diags = append(diags, mergedDiagnostics(d)...)

	entries := c.prepare(d)
	// A body's entries are named by their index in the body as saved,
	// which leaves out disabled entries and those whose JSON is not valid.
	locs := d.LocatorOf(func(k model.Kind, i int) bool {
		e := entries[k][i]
		return e == nil || e.badJSON
	})
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
	if locs.BuiltinsFirst() {
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
