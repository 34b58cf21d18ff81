package export

import (
	"strings"
	"testing"
)

// An export with no message, which every target's API refuses, says so
// at /input; one with a message does not.
func TestNoMessagesNoted(t *testing.T) {
	for _, c := range []struct {
		body string
		to   Target
		want bool
	}{
		{`{"model":"m","tools":[{"type":"function","name":"f"}]}`, Chat, true},
		{`{"model":"m"}`, Anthropic, true},
		{`{"model":"m"}`, Gemini, true},
		{`{"model":"m","input":[{"type":"function_call_output","call_id":"c","output":"{}"}]}`, Chat, true},
		{`{"model":"m","input":[{"role":"system","content":"Be brief."}]}`, Anthropic, true},
		{`{"model":"m","input":[{"role":"system","content":"Be brief."}]}`, Gemini, true},
		{`{"model":"m","instructions":"Be brief."}`, Chat, false}, // a system message
		{`{"model":"m","input":"hi"}`, Chat, false},
		{`{"model":"m","input":"hi"}`, Anthropic, false},
		{`{"model":"m","input":"hi"}`, Gemini, false},
	} {
		res := mustExport(t, []byte(c.body), c.to)
		got := false
		for _, n := range res.Notes {
			if n.Path == "/input" && n.Loss && strings.Contains(n.Message, "requires at least one") {
				got = true
			}
		}
		if got != c.want {
			t.Errorf("%s to %s: a note that no message is written: %v, want %v; notes:\n%s", c.body, c.to, got, c.want, formatNotes(res.Notes))
		}
	}
}

// The Anthropic export names the API version it is written for, and drops
// what that version refuses, saying so.
func TestAnthropicVersion(t *testing.T) {
	res := mustExport(t, []byte(`{"model":"claude-x","input":"hi","temperature":0.2,"top_p":0.9,"stream":true}`), Anthropic)
	if got := field(t, res.Text, "/temperature") + field(t, res.Text, "/top_p"); got != "<none><none>" {
		t.Errorf("temperature, top_p = %s\n%s", got, res.Text)
	}
	if got := field(t, res.Text, "/stream"); got != "true" {
		t.Errorf("stream = %s", got)
	}
	want := map[string]bool{"/temperature": true, "/top_p": true, "": false}
	for _, n := range res.Notes {
		if loss, ok := want[n.Path]; ok && n.Loss == loss && strings.Contains(n.Message, AnthropicVersion) {
			delete(want, n.Path)
		}
	}
	if len(want) > 0 {
		t.Errorf("no note naming version %s at %v; notes:\n%s", AnthropicVersion, want, formatNotes(res.Notes))
	}
}
