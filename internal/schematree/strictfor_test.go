package schematree

import (
	"strings"
	"testing"
)

func TestStrictFor(t *testing.T) {
	yes, no := true, false
	compatible := `{"type":"object","properties":{"q":{"type":"string"}},"required":["q"],"additionalProperties":false}`
	for _, c := range []struct {
		params string
		strict *bool
		want   bool
		how    string
	}{
		{compatible, &yes, true, `strict: "strict" is true`},
		{`{"type":"object"}`, &yes, true, `strict: "strict" is true`},
		{compatible, &no, false, `not strict: "strict" is false`},
		{compatible, nil, true, `strict: "strict" is absent and the parameters are strict-compatible`},
		{`{"type":"object","properties":{"q":{"type":"string"}}}`, nil, false, `not strict: "strict" is absent and strict mode refuses the parameters (`},
		{``, nil, false, `not strict: "strict" is absent and there are no parameters`},
		{`null`, nil, false, `there are no parameters`},
	} {
		got, how := StrictFor([]byte(c.params), c.strict)
		if got != c.want || !strings.Contains(how, c.how) {
			t.Errorf("StrictFor(%s, %v) = %v %q, want %v %q", c.params, c.strict, got, how, c.want, c.how)
		}
	}
}
