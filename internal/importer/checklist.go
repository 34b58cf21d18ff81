package importer

// The checklist of an import: the incoming tools, each with what it costs
// and what is wrong with it, for the user to pick from.

import (
	"strings"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/tokens"
)

// Row is one incoming tool.
type Row struct {
	// Kind and Index place the tool in the incoming document.
	Kind  model.Kind
	Index int
	// Name is the name the tool answers to (the first of Names): a
	// function's or custom tool's name, an mcp tool's server_label, a
	// built-in's type; "" for an entry without any.
	Name string
	// Type is the tool's type: "function" for every function, "custom",
	// "web_search", … for a built-in ("" when it has none).
	Type        string
	Description string
	// Tokens is the estimate of what the tool adds to every request, as
	// the app's token column shows it (tokens.Cache.ResponseTool); -1
	// for a tool the request leaves out (disabled, or for an error).
	Tokens   int
	Disabled bool
	// Errors and Warnings count the tool's diagnostics in the incoming
	// document; First is the first error, else the first warning, as
	// "PATH: MESSAGE" ("MESSAGE" for the entry itself).
	Errors, Warnings int
	First            string
	// Clash says the target has a function or custom tool of this name.
	Clash bool
}

// Problems sums up the row's diagnostics: "" when it has none, "1 error:
// /name: must not be empty", "2 warnings: …", "1 error, 1 warning: …".
func (r Row) Problems() string {
	var counts []string
	if r.Errors > 0 {
		counts = append(counts, Plural(r.Errors, "error"))
	}
	if r.Warnings > 0 {
		counts = append(counts, Plural(r.Warnings, "warning"))
	}
	if len(counts) == 0 {
		return ""
	}
	return strings.Join(counts, ", ") + ": " + r.First
}

// Checklist is what an "Import tools…" dialog shows: a row for each tool
// of the incoming document, functions then built-ins in their order,
// each marked or not (none at first; the dialog's list marks them and
// hands them over with Only). A Checklist is a value: each operation
// returns a new one and leaves its receiver as it was.
type Checklist struct {
	// Rows are the incoming tools; they do not change.
	Rows []Row
	// Notes are the diagnostics about the input as a whole: how it was
	// translated, what it lacks.
	Notes  []convert.Diagnostic
	in     *model.Document
	marked []bool
}

// NewChecklist makes the checklist of the tools of in, an import into
// target. It converts in and counts every tool's tokens with cache (nil:
// a cache of its own), which takes tens of milliseconds the first time
// the encoding is used (see tokens.Warm): the app calls it in a command.
func NewChecklist(target, in *model.Document, cache *tokens.Cache) Checklist {
	if cache == nil {
		cache = &tokens.Cache{}
	}
	var conv convert.Converter
	res := conv.Convert(in)
	counts := [2][]int{make([]int, len(in.Functions)), make([]int, len(in.Builtins))}
	for k := range counts {
		for i := range counts[k] {
			counts[k][i] = -1
		}
	}
	for i, t := range res.Tools {
		if i < len(res.Sources) {
			src := res.Sources[i]
			counts[src.Kind][src.Index] = cache.ResponseTool(t)
		}
	}
	taken := toolNames(target)
	c := Checklist{in: in}
	at := [2]int{0, len(in.Functions)} // the first row of each kind
	for _, k := range []model.Kind{model.Function, model.Builtin} {
		for i, t := range in.List(k) {
			r := Row{Kind: k, Index: i, Tokens: counts[k][i], Disabled: t.Disabled,
				Description: model.StringAt(t.Raw, []string{"description"})}
			if ns := Names(k, t.Raw); len(ns) > 0 {
				r.Name = ns[0]
			}
			r.Type = model.StringAt(t.Raw, []string{"type"})
			if k == model.Function {
				r.Type = model.FamilyFunction
			}
			n := ToolName(k, t.Raw)
			r.Clash = n != "" && taken[n]
			c.Rows = append(c.Rows, r)
		}
	}
	var firstWarning [2][]string
	firstWarning[model.Function], firstWarning[model.Builtin] = make([]string, len(in.Functions)), make([]string, len(in.Builtins))
	for _, d := range res.Diagnostics {
		if !d.IsTool() {
			c.Notes = append(c.Notes, d)
			continue
		}
		if d.Index >= len(in.List(d.Kind)) {
			continue
		}
		r := &c.Rows[at[d.Kind]+d.Index]
		what := d.Message
		if d.Path != "" {
			what = d.Path + ": " + what
		}
		switch d.Severity {
		case convert.Error:
			if r.Errors == 0 {
				r.First = what
			}
			r.Errors++
		case convert.Warning:
			if r.Warnings == 0 {
				firstWarning[d.Kind][d.Index] = what
			}
			r.Warnings++
		}
	}
	for i := range c.Rows {
		if r := &c.Rows[i]; r.Errors == 0 && r.Warnings > 0 {
			r.First = firstWarning[r.Kind][r.Index]
		}
	}
	c.marked = make([]bool, len(c.Rows))
	return c
}

// IsMarked reports whether row i is marked.
func (c Checklist) IsMarked(i int) bool { return i >= 0 && i < len(c.marked) && c.marked[i] }

// Only is c with the rows given marked, and no other.
func (c Checklist) Only(rows []int) Checklist {
	c.marked = make([]bool, len(c.Rows))
	for _, i := range rows {
		if i >= 0 && i < len(c.marked) {
			c.marked[i] = true
		}
	}
	return c
}

// MarkedRows are the indices of the marked rows, in order.
func (c Checklist) MarkedRows() []int {
	var rows []int
	for i, m := range c.marked {
		if m {
			rows = append(rows, i)
		}
	}
	return rows
}

// Marked are the names of the marked rows, in order (a row without a
// name counts as its type).
func (c Checklist) Marked() []string {
	var names []string
	for _, i := range c.MarkedRows() {
		n := c.Rows[i].Name
		if n == "" {
			n = c.Rows[i].Type
		}
		names = append(names, n)
	}
	return names
}

// MarkedTokens is the estimate of what the marked tools add to every
// request: the sum of their Tokens (those the request leaves out add
// nothing).
func (c Checklist) MarkedTokens() int {
	n := 0
	for _, i := range c.MarkedRows() {
		n += max(0, c.Rows[i].Tokens)
	}
	return n
}

// Clashes are the names of the marked rows that the target has, each
// once, in order: the names to ask about (see Choices.Clashes).
func (c Checklist) Clashes() []string {
	var names []string
	seen := map[string]bool{}
	for _, i := range c.MarkedRows() {
		if r := c.Rows[i]; r.Clash && !seen[r.Name] {
			seen[r.Name] = true
			names = append(names, r.Name)
		}
	}
	return names
}

// Picked is the incoming document with only the marked tools, for Apply.
func (c Checklist) Picked() *model.Document {
	first := [2]int{0, len(c.in.Functions)}
	return keepTools(c.in, func(k model.Kind, i int, _ model.Tool) bool { return c.IsMarked(first[k] + i) })
}
