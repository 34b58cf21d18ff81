package termtext_test

import (
	"testing"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"github.com/tooltui/tooltui/internal/termtext"
	"github.com/tooltui/tooltui/internal/termtext/termtexttest"
)

// TestHostileTable checks the shared table against SanitizeLine: lists,
// previews and the editor all show Want.
func TestHostileTable(t *testing.T) {
	for _, h := range termtexttest.Hostile {
		if got := termtext.SanitizeLine(h.Text); got != h.Want {
			t.Errorf("SanitizeLine(%q) = %q, want %q", h.Text, got, h.Want)
		}
	}
}

// rebuild sanitises s with NextEscape and AppendEscape only, the column
// of a tab being the width of everything before it as ansi.StringWidth
// measures it.
func rebuild(s string) string {
	var b []byte
	for i := 0; i < len(s); {
		j := termtext.NextEscape(s, i, len(s))
		b = append(b, s[i:j]...)
		if j == len(s) {
			break
		}
		col := ansi.StringWidth(string(b))
		n0 := len(b)
		w, size := termtext.EscapeWidth(s, j, col)
		var size2 int
		b, size2 = termtext.AppendEscape(b, s, j, col)
		if size != size2 || w != len(b)-n0 || size == 0 {
			panic("EscapeWidth and AppendEscape disagree")
		}
		i = j + size
	}
	return string(b)
}

func TestNextEscapeAppendEscapeRebuildSanitizeLine(t *testing.T) {
	for _, s := range []string{
		"", "plain", "a\tb\t\tc", "日\tx", "\x1b\tx", "🏴\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F",
		"👨\u200d👩\u200d👧", "a\u200db", "😀\ufe0f\ufe0f", "\ufe0fa", "\xe6\x97", "\u009b", "\U0010FFFF\U000E01EF\U000E0001",
	} {
		if got, want := rebuild(s), termtext.SanitizeLine(s); got != want {
			t.Errorf("rebuild(%q) = %q, SanitizeLine = %q", s, got, want)
		}
	}
	for _, h := range termtexttest.Hostile {
		if got := rebuild(h.Text); got != h.Want {
			t.Errorf("rebuild(%q) = %q, want %q", h.Text, got, h.Want)
		}
	}
}

func FuzzNextEscape(f *testing.F) {
	for _, h := range termtexttest.Hostile {
		f.Add(h.Text)
	}
	f.Add("🏴\U000E0067\U000E007F\U000E0067\t\u200d😀")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := rebuild(s), termtext.SanitizeLine(s); got != want {
			t.Fatalf("rebuild(%q) = %q, SanitizeLine = %q", s, got, want)
		}
	})
}

func TestEscapeForms(t *testing.T) {
	for _, tc := range []struct {
		s    string
		col  int
		want string
	}{
		{"\x1b", 0, `\x1b`}, {"\r", 0, `\r`}, {"\n", 0, `\n`}, {"\x7f", 0, `\x7f`},
		{"\xff", 0, `\xff`}, {"\u0085", 0, `\u0085`}, {"\u202e", 0, `<U+202E>`},
		{"\U000E0041", 0, `<U+E0041>`}, {"\U0010FFFF", 0, `<U+10FFFF>`},
		{"\t", 0, "    "}, {"\t", 1, "   "}, {"\t", 3, " "}, {"\t", 4, "    "},
		{"a", 0, `\x61`}, {"é", 0, `<U+00E9>`},
	} {
		got, n := termtext.AppendEscape([]byte("pre"), tc.s, 0, tc.col)
		if string(got) != "pre"+tc.want || n != len(tc.s) {
			t.Errorf("AppendEscape(%q, col %d) = %q, %d; want %q, %d", tc.s, tc.col, got, n, "pre"+tc.want, len(tc.s))
		}
		if w, n := termtext.EscapeWidth(tc.s, 0, tc.col); w != len(tc.want) || n != len(tc.s) {
			t.Errorf("EscapeWidth(%q, col %d) = %d, %d", tc.s, tc.col, w, n)
		}
	}
	if got, n := termtext.AppendEscape(nil, "x", 5, 0); got != nil || n != 0 {
		t.Errorf("out of range: %q, %d", got, n)
	}
	if w, n := termtext.EscapeWidth("x", -1, 0); w != 0 || n != 0 {
		t.Errorf("out of range: %d, %d", w, n)
	}
	if got := termtext.NextEscape("ab\x1b", 0, 99); got != 2 {
		t.Errorf("NextEscape = %d", got)
	}
	if got := termtext.NextEscape("ab\x1b", 3, 1); got != 1 {
		t.Errorf("NextEscape empty range = %d", got)
	}
	// Context outside [from, to): the ZWJ between two emoji is kept even
	// when the range holds only the ZWJ.
	s := "😀\u200d😀"
	if got := termtext.NextEscape(s, 4, 7); got != 7 {
		t.Errorf("NextEscape on a ZWJ between emoji = %d, want 7", got)
	}
	if !utf8.ValidString(termtext.SanitizeLine("\xff")) {
		t.Error("invalid output")
	}
}
