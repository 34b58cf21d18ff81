package convert

import (
	"strings"
	"testing"
)

// TestMessagesQuoteInTheScreenNotation: a user's value in a message is
// written as the tools list and the fields write it, a bidi control as
// <U+202E> rather than Go's \u202e, with quotes and backslashes escaped and
// long values shortened.
func TestMessagesQuoteInTheScreenNotation(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"a\u202eb", `"a<U+202E>b"`},
		{"x\x1b[2J", `"x\x1b[2J"`},
		{`a"b\c`, `"a\"b\\c"`},
		{"tab\there", `"tab\there"`},
		{"<U+202E>", `"<U+003C>U+202E>"`},
		{strings.Repeat("é", 45), `"` + strings.Repeat("é", 40) + `…"`},
	} {
		if got := quoteForMessage(c.in); got != c.want {
			t.Errorf("quoteForMessage(%q) = %s, want %s", c.in, got, c.want)
		}
	}
	if got := quotedList([]string{"a\u202e", "b"}, "and"); got != `"a<U+202E>" and "b"` {
		t.Errorf("quotedList: %s", got)
	}

	runEntryCases(t, []entryCase{
		{name: "bidi in a value", typ: "function", json: `{"type":"function","name":"f","allowed_callers":["dir\u202eect"]}`,
			want: []want{fatalAt("/allowed_callers/0", `got "dir<U+202E>ect"`)}},
		{name: "bidi in the type", typ: "function", json: `{"type":"func\u202etion","name":"f"}`,
			want: []want{fatalAt("/type", `must be "function", got "func<U+202E>tion"`)}},
		{name: "control in a country", typ: "web_search", json: `{"type":"web_search","user_location":{"type":"approximate","country":"F\u001bR"}}`,
			want: []want{fatalAt("/user_location/country", `got "F\x1bR"`)}},
	})
	for _, c := range []struct{ typ, json string }{
		{"function", `{"type":"function","name":"f","allowed_callers":["dir\u202eect"]}`},
		{"web_search", `{"type":"web_search","user_location":{"type":"approximate","country":"F\u2066R","timezone":"a\u200bb"}}`},
	} {
		for _, is := range CheckEntry(c.typ, entryDecode(t, c.json)) {
			if strings.Contains(is.Message, `\u20`) {
				t.Errorf("%s: %q writes a character Go's way", c.typ, is.Message)
			}
		}
	}
}
