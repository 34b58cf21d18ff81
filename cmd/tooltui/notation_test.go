package main

import (
	"bytes"
	"strings"
	"testing"
)

// notationDoc has a bidi control, a control character and a quote in values
// that the diagnostics name.
const notationDoc = `{
  "model": "gpt-5",
  "extra": {"builtin_tools": [
    {"type": "web_search", "user_location": {"type": "approximate", "country": "F\u202eR", "timezone": "a\u001b[2J\"b"}}
  ]}
}`

// TestBuildNamesValuesInTheScreenNotation: `tooltui build` names a user's
// value in a diagnostic as the builder's screen does (<U+202E>, \x1b), in
// the text form on stderr and in the messages of --json alike, and both
// stay safe to print.
func TestBuildNamesValuesInTheScreenNotation(t *testing.T) {
	var out, errb bytes.Buffer
	if st := run([]string{"build", "-"}, strings.NewReader(notationDoc), &out, &errb); st != 1 {
		t.Fatalf("status %d: %s", st, errb.String())
	}
	text := errb.String()
	checkStderrSafe(t, text, 0)
	for _, want := range []string{`got "F<U+202E>R"`, `got "a\x1b[2J\"b"`} {
		if !strings.Contains(text, want) {
			t.Errorf("stderr does not say %s:\n%s", want, text)
		}
	}
	if strings.Contains(text, `\u202e`) {
		t.Errorf("stderr writes U+202E Go's way:\n%s", text)
	}

	out.Reset()
	errb.Reset()
	if st := run([]string{"build", "--json", "-"}, strings.NewReader(notationDoc), &out, &errb); st != 1 {
		t.Fatalf("--json: status %d: %s", st, errb.String())
	}
	var msgs []string
	for _, d := range decodeJSONLines(t, errb.Bytes()) {
		msgs = append(msgs, d.Message)
	}
	all := strings.Join(msgs, "\n")
	for _, want := range []string{`got "F<U+202E>R"`, `got "a\x1b[2J\"b"`} {
		if !strings.Contains(all, want) {
			t.Errorf("--json messages do not say %s:\n%s", want, all)
		}
	}
	if !strings.Contains(text, msgs[0]) {
		t.Errorf("the text form and --json word the first message differently:\n%s\n%s", text, msgs[0])
	}
}
