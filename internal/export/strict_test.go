package export

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/formats"
)

// strictSchemas are parameters without strict, with what the Responses API
// does with them.
var strictSchemas = []struct {
	schema string
	want   convert.StrictVerdict
}{
	// No properties and no required: every property is required.
	{`{"type":"object","properties":{},"additionalProperties":false}`, convert.StrictAsWritten},
	{`{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false}`, convert.StrictAsWritten},
	{`{"type":"object","properties":{"a":{"type":["string","null"]},"b":{"$ref":"#/$defs/b"}},"required":["a","b"],"additionalProperties":false,` +
		`"$defs":{"b":{"type":"object","properties":{},"additionalProperties":false}}}`, convert.StrictAsWritten},
	{`{"type":"object","properties":{"a":{"type":"string"}}}`, convert.StrictNormalised},
	{`{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":false}`, convert.StrictNormalised},
	{`{"type":"object","properties":{"a":{"type":"object","properties":{}}},"required":["a"],"additionalProperties":false}`, convert.StrictNormalised},
	{`{"type":"object","properties":{"a":{"type":"string"}},"required":["a","b"],"additionalProperties":false}`, convert.StrictNormalised},
	{`{"type":"object","properties":{"a":{"type":"string","format":"uri"}},"required":["a"],"additionalProperties":false}`, convert.StrictNonStrict},
	{`{"type":"object","properties":{"a":{"allOf":[{"type":"string"}]}}}`, convert.StrictNonStrict},
	{`{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":true}`, convert.StrictNonStrict},
}

// buildVerdict is what tooltui build says of the only function of body.
func buildVerdict(t *testing.T, body []byte) convert.StrictVerdict {
	t.Helper()
	doc, err := formats.Load(body)
	if err != nil {
		t.Fatal(err)
	}
	_, diags := convert.Convert(doc)
	for _, d := range diags {
		kinds := make([]convert.FixKind, len(d.Fixes))
		for i, f := range d.Fixes {
			kinds[i] = f.Kind
		}
		switch {
		case d.Severity == convert.Note && slices.Contains(kinds, convert.FixStrictTrue):
			return convert.StrictAsWritten
		case d.Severity == convert.Warning && slices.Contains(kinds, convert.FixStrict):
			return convert.StrictNormalised
		case d.Severity == convert.Warning && slices.Contains(kinds, convert.FixStrictFalse):
			return convert.StrictNonStrict
		}
	}
	t.Fatalf("build says nothing of strict: %v", diags)
	return 0
}

// exportVerdict is what the export to target says of the only function of
// body: the strict it writes and its note (Chat, Anthropic), or whether
// its note says strict mode is lost (Gemini, MCP, which have none).
func exportVerdict(t *testing.T, body []byte, target Target) convert.StrictVerdict {
	t.Helper()
	res, err := Export(body, target, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var note *formats.Note
	for i, n := range res.Notes {
		if n.Path == "/tools/0/strict" {
			note = &res.Notes[i]
		}
	}
	switch target {
	case Chat, Anthropic:
		var out struct {
			Tools []struct {
				Strict   *bool
				Function struct{ Strict *bool }
			}
		}
		if err := json.Unmarshal(res.Text, &out); err != nil || len(out.Tools) != 1 {
			t.Fatalf("%s: %v\n%s", target, err, res.Text)
		}
		strict := out.Tools[0].Strict
		if target == Chat {
			strict = out.Tools[0].Function.Strict
		}
		switch {
		case strict == nil || note == nil:
			t.Fatalf("%s writes no strict, or says nothing of it:\n%s\n%v", target, res.Text, res.Notes)
		case *strict:
			return convert.StrictAsWritten
		case note.Loss:
			return convert.StrictNormalised
		}
		return convert.StrictNonStrict
	}
	switch {
	case note == nil:
		return convert.StrictNonStrict
	case strings.Contains(note.Message, "normalise"):
		return convert.StrictNormalised
	}
	return convert.StrictAsWritten
}

// For a function without strict, tooltui build's diagnostics and every
// export that writes or drops strict come to the one verdict of
// convert.StrictAbsent.
func TestStrictVerdictAgrees(t *testing.T) {
	for _, c := range strictSchemas {
		body := []byte(`{"model":"gpt-5","input":"hi","tools":[{"type":"function","name":"f","description":"d","parameters":` + c.schema + `}]}`)
		if got := convert.StrictAbsent([]byte(c.schema)); got != c.want {
			t.Errorf("%s: StrictAbsent = %d, want %d", c.schema, got, c.want)
		}
		if got := buildVerdict(t, body); got != c.want {
			t.Errorf("%s: build's verdict = %d, want %d", c.schema, got, c.want)
		}
		for _, to := range []Target{Chat, Anthropic, Gemini, MCP} {
			if got := exportVerdict(t, body, to); got != c.want {
				t.Errorf("%s: %s's verdict = %d, want %d", c.schema, to, got, c.want)
			}
		}
	}
}
