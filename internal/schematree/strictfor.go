package schematree

import (
	"bytes"
	"encoding/json"
)

// StrictFor decides whether arguments are checked with strict semantics
// for a function, as the Responses API treats it, and says which it chose
// and why (for `tooltui args` and the argument tester):
//
//   - "strict": true is strict, "strict": false is not;
//   - with "strict" absent (strict nil), the API normalises the function to
//     strict mode when its parameters are strict-compatible: strict then,
//     and not strict when there are no parameters or strict mode refuses
//     them (the reason is in the explanation).
func StrictFor(parameters json.RawMessage, strict *bool) (bool, string) {
	switch {
	case strict != nil && *strict:
		return true, `strict: "strict" is true`
	case strict != nil:
		return false, `not strict: "strict" is false`
	}
	if p := bytes.TrimSpace(parameters); len(p) == 0 || string(p) == "null" {
		return false, `not strict: "strict" is absent and there are no parameters`
	}
	if ok, why := StrictCompatible(parameters); !ok {
		return false, `not strict: "strict" is absent and strict mode refuses the parameters (` + why + ")"
	}
	return true, `strict: "strict" is absent and the parameters are strict-compatible`
}
