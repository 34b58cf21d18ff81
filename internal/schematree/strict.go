package schematree

import (
	"fmt"
	"sort"
	"strings"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// StrictFormats are the string formats strict mode supports.
var StrictFormats = []string{"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"}

func strictFormat(s string) bool {
	for _, f := range StrictFormats {
		if f == s {
			return true
		}
	}
	return false
}

// strictRefused are the keywords strict mode refuses, with what to do.
var strictRefused = [...][2]string{
	{"oneOf", `use "anyOf"`},
	{"allOf", "merge the schemas into one"},
	{"not", ""},
	{"if", ""}, {"then", ""}, {"else", ""},
	{"dependentRequired", ""},
	{"dependentSchemas", ""},
	{"patternProperties", `list the properties under "properties"`},
}

// MarkStrict sets every row's Problems to the strict-mode rules its schema
// breaks (OpenAI's Structured Outputs "Supported schemas"): the root is an
// object, every object has "additionalProperties": false and lists every
// property in "required" (an optional field is required and nullable),
// only the supported keywords and formats. The converter reports the same
// rules with the limits on the whole schema; these marks put each on its
// row. The edits of a marked tree keep its marks.
func MarkStrict(t *Tree) {
	t.marked = true
	var walk func(n *Node)
	walk = func(n *Node) {
		n.Problems = strictProblems(n)
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(t.Root)
}

// ClearStrict removes the marks of MarkStrict.
func ClearStrict(t *Tree) {
	t.marked = false
	var walk func(n *Node)
	walk = func(n *Node) {
		n.Problems = nil
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(t.Root)
}

func strictProblems(n *Node) []string {
	if n.Role == DefsGroup {
		return nil
	}
	var out []string
	if n.Role == Root && !n.Empty() {
		if n.Type.Base != "object" {
			out = append(out, `the root needs "type": "object"`)
		}
		if _, ok := n.Get("anyOf"); ok {
			out = append(out, `"anyOf" is not allowed at the root`)
		}
	}
	if n.Role == Property && !n.Required {
		out = append(out, `every property must be in "required" (r: required; optional is required and nullable)`)
	}
	for _, r := range strictRefused {
		if _, ok := n.Get(r[0]); ok {
			msg := fmt.Sprintf("%q is not supported", r[0])
			if r[1] != "" {
				msg += "; " + r[1]
			}
			out = append(out, msg)
		}
	}
	if f := n.Str("format"); f != "" && !strictFormat(f) {
		out = append(out, fmt.Sprintf("format %q is not supported (%s)", f, strings.Join(StrictFormats, ", ")))
	}
	if n.objectish() && !n.Empty() {
		if v, _ := n.Get("additionalProperties"); strings.TrimSpace(string(v)) != "false" {
			out = append(out, `an object needs "additionalProperties": false`)
		}
		var unknown []string
		props := map[string]bool{}
		for _, c := range n.Children {
			if c.Role == Property {
				props[c.Name] = true
			}
		}
		for name := range requiredSet(n.Keys) {
			if !props[name] {
				unknown = append(unknown, fmt.Sprintf("%q", name))
			}
		}
		if len(unknown) > 0 {
			sort.Strings(unknown)
			out = append(out, `"required" names `+strings.Join(unknown, ", ")+`, which "properties" does not define`)
		}
	}
	return out
}

// Empty reports a root of absent parameters.
func (n *Node) Empty() bool { return n.Role == Root && n.Keys == nil && string(n.Raw) == "{}" }

// objectish: the schema is (or may be) an object: its type is or
// includes "object", or it has no type and has "properties".
func (n *Node) objectish() bool {
	if n.Type.Base == "object" {
		return true
	}
	for _, t := range n.Type.Names {
		if t == "object" {
			return true
		}
	}
	if n.Type.Base == "" {
		v, ok := n.Get("properties")
		return ok && rawjson.JSONKind(v) == "object"
	}
	return false
}

// StrictCompatible reports whether parameters follow strict mode's rules
// as MarkStrict reads them (no row breaks one), and otherwise names the
// first rule broken, "/properties/a: ...". Absent parameters follow them;
// a schema the tree cannot show does not (strict mode refuses what the
// tree cannot show, and a non-object root). The limits on the whole schema
// (nesting, counts, sizes) are the converter's to check.
func StrictCompatible(params []byte) (bool, string) {
	t, err := Parse(params)
	if err != nil {
		return false, err.Error()
	}
	MarkStrict(t)
	for _, n := range t.Rows(nil) {
		if len(n.Problems) > 0 {
			where := n.Ptr
			if where == "" {
				where = "(root)"
			}
			return false, where + ": " + n.Problems[0]
		}
	}
	return true, ""
}
