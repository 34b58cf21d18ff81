package send

import (
	"strings"

	"github.com/tooltui/tooltui/internal/args"
	"github.com/tooltui/tooltui/internal/convert"
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
