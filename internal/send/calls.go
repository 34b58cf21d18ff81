package send

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/tooltui/tooltui/internal/args"
	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/rawjson"
	"github.com/tooltui/tooltui/internal/schematree"
)

// CheckCall says whether a function call's arguments fit the parameters
// of the function of that name among the request's tools, with the same
// semantics and located problems as `tooltui args`: "fits its
// parameters", "does not fit its parameters: …", or that the request has
// no such function.
func CheckCall(tools []convert.ResponseTool, name, arguments string) (verdict string, ok bool) {
	for _, t := range tools {
		f := t.Function
		if f == nil || f.Name != name {
			continue
		}
		strict, _ := schematree.StrictFor(f.Parameters, f.Strict)
		problems := args.Validate(f.Parameters, strict, []byte(arguments))
		if len(problems) == 0 {
			return "fits its parameters", true
		}
		ps := make([]string, len(problems))
		for i, p := range problems {
			ps[i] = p.String()
		}
		return "does not fit its parameters: " + strings.Join(ps, "; "), false
	}
	return "the request has no function of that name", false
}

// UnknownFunction is the error output that answers a call of a function
// the request does not have, so that the model can recover (call one it
// has, or answer without it), and true; "" and false when the request
// has the function (or a custom tool of that name, or namespaces, whose
// tools this does not read).
func UnknownFunction(tools []convert.ResponseTool, name string) (string, bool) {
	var names []string
	for _, t := range tools {
		if f := t.Function; f != nil {
			if f.Name == name {
				return "", false
			}
			names = append(names, f.Name)
			continue
		}
		o := rawjson.Members(bytes.TrimSpace(t.Builtin))
		typ, _ := o.Get("type")
		switch strings.TrimSpace(string(typ)) {
		case `"namespace"`:
			return "", false
		case `"custom"`:
			if n, _ := o.Get("name"); strings.TrimSpace(string(n)) == string(rawjson.String(name)) {
				return "", false
			}
		}
	}
	out := "Error: this request has no function named " + strconv.Quote(name)
	if len(names) > 0 {
		out += "; its functions are " + strings.Join(names, ", ")
	}
	return out + ". Call one of those, or answer without it.", true
}
