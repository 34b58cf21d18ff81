package importer

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/termtext"
)

// Names are the names a tool answers to when tools are picked by name:
// a function's or custom tool's name, an mcp tool's server_label, and a
// built-in's type (web_search picks every web_search tool).
func Names(k model.Kind, raw []byte) []string {
	var out []string
	if n := ToolName(k, raw); n != "" {
		out = append(out, n)
	}
	if k == model.Builtin {
		for _, key := range []string{"server_label", "type"} {
			if v := model.StringAt(raw, []string{key}); v != "" && !slices.Contains(out, v) {
				out = append(out, v)
			}
		}
	}
	return out
}

// Only keeps the tools of d that answer to one of names (see Names), in
// their order. A name no tool answers to is an error that lists the names
// d has, and d is left as it is.
func Only(d *model.Document, names []string) (*model.Document, error) {
	want := map[string]bool{}
	for _, n := range names {
		want[n] = true
	}
	found := map[string]bool{}
	var have []string
	keep := func(k model.Kind, t model.Tool) bool {
		ok := false
		for _, n := range Names(k, t.Raw) {
			if want[n] {
				found[n], ok = true, true
			}
		}
		return ok
	}
	for _, k := range []model.Kind{model.Function, model.Builtin} {
		for _, t := range d.List(k) {
			keep(k, t)
			if ns := Names(k, t.Raw); len(ns) > 0 && !slices.Contains(have, ns[0]) {
				have = append(have, ns[0])
			}
		}
	}
	var missing []string
	for _, n := range names {
		if !found[n] && !slices.Contains(missing, n) {
			missing = append(missing, termtext.Quote(n))
		}
	}
	if len(missing) > 0 {
		what := "no tool named " + missing[0]
		if len(missing) > 1 {
			what = "no tools named " + strings.Join(missing, ", ")
		}
		quoted := make([]string, len(have))
		for i, n := range have {
			quoted[i] = termtext.Quote(n)
		}
		if len(quoted) == 0 {
			return nil, fmt.Errorf("--only: %s: the input has no tools", what)
		}
		return nil, fmt.Errorf("--only: %s; the input has %s", what, strings.Join(quoted, ", "))
	}
	return keepTools(d, func(k model.Kind, _ int, t model.Tool) bool { return keep(k, t) }), nil
}

// keepTools is d with only the tools keep says to keep (tool i of kind
// k), in their order; keep sees them from the last built-in to the first
// function.
func keepTools(d *model.Document, keep func(k model.Kind, i int, t model.Tool) bool) *model.Document {
	out := d
	for _, k := range []model.Kind{model.Builtin, model.Function} {
		for i := len(out.List(k)) - 1; i >= 0; i-- {
			if !keep(k, i, out.List(k)[i]) {
				out, _, _ = model.DeleteTool(out, k, i)
			}
		}
	}
	return out
}
