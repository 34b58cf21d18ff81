package convert

import (
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/model"
)

// TestRequestDrafts: request field text kept as a draft is reported at the
// field, whether it is not JSON or JSON the field does not take, and the
// request keeps the field's last valid value.
func TestRequestDrafts(t *testing.T) {
	const doc = `{"model":"m","input":"hi","extra":{"store":false}}`
	for _, tc := range []struct {
		field, text string
		loc, msg    string // "" msg: no diagnostic
		line        int
	}{
		{"input", "[\n  {\"role\":", "input", "the text typed is not valid JSON", 2},
		{"input", `{"role": "user"}`, "input", "must be text or a JSON array of input items, not a JSON object; the request keeps the last valid value", 0},
		{"input", `[{"role": "user"}]`, "input", "", 0},
		{"extra", "{\n  \"store\": true,\n  x\n}", "other request fields", "the text typed is not valid JSON", 3},
		{"extra", `[1]`, "other request fields", "must be a JSON object, not a JSON array", 0},
		{"extra", `{"tools": []}`, "other request fields", `the text typed cannot be applied: "tools" cannot be set here`, 0},
		{"extra", `{"model": "x"}`, "other request fields", `"model" has a field of its own`, 0},
		{"extra", `{"store": true}`, "other request fields", "", 0},
	} {
		d := model.SetRequestDraft(mustParse(t, doc), tc.field, tc.text)
		body, diags := Convert(d)
		var got []Diagnostic
		for _, x := range diags {
			if x.Location == tc.loc {
				got = append(got, x)
			}
		}
		if tc.msg == "" {
			if len(got) != 0 {
				t.Errorf("%s %q: %v", tc.field, tc.text, got)
			}
			continue
		}
		// Nothing is left out: the request keeps the last valid value.
		if len(got) != 1 || got[0].Severity != Warning || !strings.Contains(got[0].Message, tc.msg) || got[0].Line != tc.line || got[0].IsTool() {
			t.Errorf("%s %q: %v, want one warning %q at line %d", tc.field, tc.text, got, tc.msg, tc.line)
		}
		if !strings.Contains(string(body), `"input": "hi"`) || !strings.Contains(string(body), `"store": false`) {
			t.Errorf("%s %q: the request lost the last valid values:\n%s", tc.field, tc.text, body)
		}
	}
}
