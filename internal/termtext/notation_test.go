package termtext_test

import (
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/termtext"
	"github.com/tooltui/tooltui/internal/termtext/termtexttest"
)

// TestQuoteUsesTheSanitiserNotation: Quote writes what it escapes as
// SanitizeLine does (<U+202E>, \x1b, \u009b, \xff), never as Go does
// (\u202e), so a character reads the same in a message as in the list.
func TestQuoteUsesTheSanitiserNotation(t *testing.T) {
	for _, h := range termtexttest.Hostile {
		if strings.ContainsAny(h.Text, "\\\"\t") {
			continue // below: Quote escapes them itself
		}
		if got, want := termtext.Quote(h.Text), `"`+h.Want+`"`; got != want {
			t.Errorf("%s: Quote(%q) = %s, want %s", h.Name, h.Text, got, want)
		}
	}
	for _, c := range []struct{ in, want string }{
		{"a\u202eb", `"a<U+202E>b"`},
		{"\u202e", `"<U+202E>"`},
		{"get_weather", `"get_weather"`},
		{"", `""`},
		{"café 東京 😀", `"café 東京 😀"`},
		{"👩‍💻", `"👩‍💻"`}, // a ZWJ between emoji is kept, as in the list
		{`say "hi"`, `"say \"hi\""`},
		{`C:\x1b`, `"C:\\x1b"`},
		{"a\x1bb", `"a\x1bb"`},
		{"a\tb", `"a\tb"`},
		{"a\nb\r", `"a\nb\r"`},
		{"bell\a", `"bell\x07"`},
		{"\u009b2J", `"\u009b2J"`},
		{"\xff", `"\xff"`},
		{"<U+202E>", `"<U+003C>U+202E>"`},
		{"a<b>", `"a<b>"`},
		{"a\u00a0b", `"a<U+00A0>b"`},
		{"a\u3000b", `"a<U+3000>b"`},
		{"\ue000", `"<U+E000>"`},
	} {
		if got := termtext.Quote(c.in); got != c.want {
			t.Errorf("Quote(%q) = %s, want %s", c.in, got, c.want)
		}
	}
}

// TestQuoteIsSafeAndUnambiguous: the quoted text holds no control, no bidi
// or invisible character, is left alone by SanitizeLine, and two strings
// that look alike on screen quote differently.
func TestQuoteIsSafeAndUnambiguous(t *testing.T) {
	ins := []string{
		"\u202e", "<U+202E>", "<U+003C>U+202E>", "\x1b", `\x1b`, "\t", `\t`, "\n", `\n`,
		`"`, `\"`, `\`, `\\`, "\u00a0", " ", "\u200b", "", "\xff", `\xff`, "\u009b", `\u009b`,
	}
	seen := map[string]string{}
	for _, h := range termtexttest.Hostile {
		ins = append(ins, h.Text)
	}
	for _, in := range ins {
		q := termtext.Quote(in)
		if termtext.SanitizeLine(q) != q {
			t.Errorf("SanitizeLine changes Quote(%q) = %s", in, q)
		}
		for _, r := range q {
			if r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0 || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 || r == 0x200b {
				t.Errorf("Quote(%q) = %q holds %U", in, q, r)
			}
		}
		if other, ok := seen[q]; ok && other != in {
			t.Errorf("Quote(%q) and Quote(%q) are both %s", in, other, q)
		}
		seen[q] = in
	}
}
