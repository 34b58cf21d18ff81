package importer

// An import decided name by name: for each function or custom tool whose
// name the document has already, replace the old one, keep both (the
// incoming one renamed) or leave the incoming one out.

import (
	"errors"
	"fmt"
	"strings"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
	"github.com/tooltui/tooltui/internal/termtext"
)

// Clash is what an import does with an incoming tool whose name the
// document already has (functions and custom tools share one set of
// names).
type Clash int

const (
	// ClashUndecided: nothing was decided; Apply refuses the import.
	ClashUndecided Clash = iota
	// ClashReplace: the incoming tool takes the old one's place (see
	// Merge).
	ClashReplace
	// ClashRename: both are kept, the incoming one under a name of its
	// own: name_2, name_3, … (see convert.FreeName).
	ClashRename
	// ClashSkip: the incoming tool is left out.
	ClashSkip
)

// ClashNames are the words for the decisions, as --on-clash takes them.
var ClashNames = []string{"replace", "rename", "skip"}

func (c Clash) String() string {
	if c >= ClashReplace && int(c) <= len(ClashNames) {
		return ClashNames[c-ClashReplace]
	}
	return "undecided"
}

// ParseClash reads "replace", "rename" or "skip".
func ParseClash(s string) (Clash, error) {
	for i, n := range ClashNames {
		if s == n {
			return ClashReplace + Clash(i), nil
		}
	}
	return ClashUndecided, fmt.Errorf("takes replace, rename or skip, got %s", termtext.Quote(s))
}

// Choices are what an import is told besides the tools themselves.
type Choices struct {
	// Clashes are the decisions, by the name that clashes.
	Clashes map[string]Clash
	// OnClash decides each clash that Clashes does not; with
	// ClashUndecided such a clash is a *ClashesError.
	OnClash Clash
	// Server, for tools a live MCP server listed, is recorded with its
	// functions, under ServerName ("" makes a name; see ServerName).
	Server     *model.MCPServer
	ServerName string
	// Path names the document in what Apply says ("" for "the
	// document").
	Path string
}

func (c Choices) path() string {
	if c.Path == "" {
		return "the document"
	}
	return c.Path
}

// decision is the decision for the clashing name n.
func (c Choices) decision(n string) Clash {
	if d := c.Clashes[n]; d != ClashUndecided {
		return d
	}
	return c.OnClash
}

// ClashesError names the clashes an import was given no decision for.
type ClashesError struct {
	Names []string // in import order
}

func (e *ClashesError) Error() string {
	quoted := make([]string, len(e.Names))
	for i, n := range e.Names {
		quoted[i] = termtext.Quote(n)
	}
	return "no decision (replace, rename or skip) for the clashing name " + strings.Join(quoted, ", ")
}

// Rename is an incoming tool that was given another name.
type Rename struct{ From, To string }

func (r Rename) String() string { return r.From + " -> " + r.To }

// Applied is the document with the imported tools in it. Its Merged
// part is the merge of the tools that went in: Added counts them,
// renamed and replacing ones included, skipped ones not; Clashes are
// the names that were replaced.
type Applied struct {
	Merged
	// In are the tools that went in, as they went: renamed, marked with
	// their server, without the skipped ones.
	In      *model.Document
	Renamed []Rename
	Skipped []string
	// Server is the name the document records the server under, when it
	// does ("" otherwise).
	Server string
	// Notes say what the import could not do (record the server in a
	// Responses body).
	Notes []convert.Diagnostic
}

// Apply imports the tools of in into target as one change: it returns a
// new document and leaves both as they are. Functions go after target's
// functions and built-ins after its built-ins (Merge); each tool whose
// name target has is replaced, renamed or skipped as c decides, and a
// clash without a decision is a *ClashesError, with nothing done. The
// functions of a live server (c.Server) record it, as `tooltui import
// --into` does. When nothing goes in, the document is target itself.
func Apply(target, in *model.Document, c Choices) (*Applied, error) {
	if why := Unusable(in); why != "" {
		return nil, fmt.Errorf("the input cannot be imported: %s", why)
	}
	if why := Unusable(target); why != "" {
		return nil, fmt.Errorf("%s: %s", c.path(), why)
	}
	a := &Applied{}
	recorded := false
	if c.Server != nil {
		name, err := ServerName(target, *c.Server, c.ServerName)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", c.path(), err)
		}
		if target.Format == model.FormatBody {
			a.Notes = append(a.Notes, convert.Diagnostic{Severity: convert.Note, Location: Location, Index: -1,
				Message: c.path() + " is a Responses request body, which cannot record the MCP server: tooltui send --call-mcp cannot call these functions there; " +
					"import them into a tooltui document to keep it"})
		} else {
			if in, err = recordServer(in, name); err != nil {
				return nil, err
			}
			recorded, a.Server = true, name
		}
	}

	taken := toolNames(target)
	decided := map[string]Clash{}
	var undecided []string
	for _, k := range []model.Kind{model.Function, model.Builtin} {
		for _, t := range in.List(k) {
			n := ToolName(k, t.Raw)
			if _, done := decided[n]; n == "" || !taken[n] || done {
				continue
			}
			decided[n] = c.decision(n)
			switch decided[n] {
			case ClashUndecided:
				undecided = append(undecided, n)
			case ClashSkip:
				a.Skipped = append(a.Skipped, n)
			}
		}
	}
	if len(undecided) > 0 {
		return nil, &ClashesError{Names: undecided}
	}

	// Renamed tools take names neither document has.
	for n := range toolNames(in) {
		taken[n] = true
	}
	for _, k := range []model.Kind{model.Function, model.Builtin} {
		for i, t := range in.List(k) {
			n := ToolName(k, t.Raw)
			if decided[n] != ClashRename {
				continue
			}
			to := convert.FreeName(n, func(s string) bool { return taken[s] })
			taken[to] = true
			var err error
			if in, err = model.SetToolValue(in, k, i, []string{"name"}, rawjson.String(to)); err != nil {
				return nil, err
			}
			a.Renamed = append(a.Renamed, Rename{n, to})
		}
	}
	in = keepTools(in, func(k model.Kind, _ int, t model.Tool) bool { return decided[ToolName(k, t.Raw)] != ClashSkip })

	// What clashes now is to be replaced.
	a.Merged = Merge(target, in, true)
	a.In = in
	if recorded && len(in.Functions) == 0 {
		recorded, a.Server = false, "" // none of its functions goes in
	}
	if recorded {
		var err error
		if a.Doc, err = model.SetMCPServer(a.Doc, a.Server, c.Server); err != nil {
			return nil, err
		}
	}
	return a, nil
}

// toolNames are the names of the functions and custom tools of d.
func toolNames(d *model.Document) map[string]bool {
	names := map[string]bool{}
	for _, k := range []model.Kind{model.Function, model.Builtin} {
		for _, t := range d.List(k) {
			if n := ToolName(k, t.Raw); n != "" {
				names[n] = true
			}
		}
	}
	return names
}

// Summary says what the import did: "added 2 functions and 1 built-in
// (replaced 1; renamed search -> search_2; skipped fetch)".
func (a *Applied) Summary() string {
	return "added " + addedTools(a.Added) + a.details(false)
}

// addedTools names what was added: "2 functions", "1 built-in", "2
// functions and 1 built-in", or "nothing".
func addedTools(added [2]int) string {
	fns, bis := added[model.Function], added[model.Builtin]
	switch {
	case fns > 0 && bis > 0:
		return Plural(fns, "function") + " and " + Plural(bis, "built-in")
	case bis > 0:
		return Plural(bis, "built-in")
	case fns > 0:
		return Plural(fns, "function")
	}
	return "nothing"
}

// details are the parentheses of a summary: what was replaced (always,
// with replace), renamed and skipped; "" for nothing.
func (a *Applied) details(replace bool) string {
	var parts []string
	if replace || len(a.Clashes) > 0 {
		parts = append(parts, fmt.Sprintf("replaced %d", len(a.Clashes)))
	}
	if len(a.Renamed) > 0 {
		r := make([]string, len(a.Renamed))
		for i, x := range a.Renamed {
			r[i] = x.String()
		}
		parts = append(parts, "renamed "+strings.Join(r, ", "))
	}
	if len(a.Skipped) > 0 {
		parts = append(parts, "skipped "+strings.Join(a.Skipped, ", "))
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, "; ") + ")"
}

// isClashes reports whether err is a *ClashesError, and returns it.
func isClashes(err error) (*ClashesError, bool) {
	var ce *ClashesError
	ok := errors.As(err, &ce)
	return ce, ok
}
