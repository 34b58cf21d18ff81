package termtexttest

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// Cases are the sanitiser's own cases: each input with its Sanitize form
// and, when it differs, its SanitizeLine form.
var Cases = []struct {
	Name, In, Want string
	Line           string // SanitizeLine result when it differs from Want
}{
	{Name: "plain", In: "get_weather", Want: "get_weather"},
	{Name: "empty", In: "", Want: ""},
	{Name: "CSI clear screen", In: "\x1b[2J", Want: `\x1b[2J`},
	{Name: "SGR hidden text", In: "ok\x1b[8msecret\x1b[0m", Want: `ok\x1b[8msecret\x1b[0m`},
	{Name: "OSC title BEL", In: "\x1b]0;pwn\x07rest", Want: `\x1b]0;pwn\x07rest`},
	{Name: "OSC title unterminated", In: "a\x1b]0;title then text", Want: `a\x1b]0;title then text`},
	{Name: "OSC 52 clipboard", In: "\x1b]52;c;cm0gLXJmIH4=\x07", Want: `\x1b]52;c;cm0gLXJmIH4=\x07`},
	{Name: "OSC 8 link", In: "\x1b]8;;http://evil\x1b\\click\x1b]8;;\x1b\\", Want: `\x1b]8;;http://evil\x1b\click\x1b]8;;\x1b\`},
	{Name: "DCS DECRQSS", In: "\x1bP$qm\x1b\\", Want: `\x1bP$qm\x1b\`},
	{Name: "APC kitty graphics", In: "\x1b_Gf=100,a=T;AAAA\x1b\\", Want: `\x1b_Gf=100,a=T;AAAA\x1b\`},
	{Name: "PM", In: "\x1b^privacy\x1b\\", Want: `\x1b^privacy\x1b\`},
	{Name: "SOS", In: "\x1bXstring\x1b\\", Want: `\x1bXstring\x1b\`},
	{Name: "RIS", In: "\x1bc", Want: `\x1bc`},
	{Name: "bracketed paste end", In: "\x1b[201~rm -rf", Want: `\x1b[201~rm -rf`},
	{Name: "C1 CSI", In: "\u009b2J", Want: `\u009b2J`},
	{Name: "C1 OSC and ST", In: "\u009d0;t\u009c", Want: `\u009d0;t\u009c`},
	{Name: "raw 8-bit CSI byte", In: "\x9b2J", Want: `\x9b2J`},
	{Name: "CR overwrite", In: "safe\rEVIL", Want: `safe\rEVIL`},
	{Name: "CRLF", In: "a\r\nb", Want: "a\\r\nb", Line: `a\r\nb`},
	{Name: "backspace", In: "ab\bc", Want: `ab\x08c`},
	{Name: "BEL", In: "\a", Want: `\x07`},
	{Name: "NUL", In: "a\x00b", Want: `a\x00b`},
	{Name: "DEL", In: "a\x7fb", Want: `a\x7fb`},
	{Name: "newline", In: "a\nb", Want: "a\nb", Line: `a\nb`},
	{Name: "bidi RLO", In: "abc\u202edcba", Want: `abc<U+202E>dcba`},
	{Name: "bidi isolates", In: "\u2066x\u2069", Want: `<U+2066>x<U+2069>`},
	{Name: "bidi marks", In: "\u200e\u200f\u061c", Want: `<U+200E><U+200F><U+061C>`},
	{Name: "ZWSP", In: "get\u200bweather", Want: `get<U+200B>weather`},
	{Name: "ZWNJ", In: "a\u200cb", Want: `a<U+200C>b`},
	{Name: "ZWJ between letters", In: "a\u200db", Want: `a<U+200D>b`},
	{Name: "word joiner", In: "a\u2060b", Want: `a<U+2060>b`},
	{Name: "BOM", In: "\ufeff{}", Want: `<U+FEFF>{}`},
	{Name: "line separator", In: "a\u2028b", Want: `a<U+2028>b`},
	{Name: "soft hyphen", In: "pass\u00adword", Want: `pass<U+00AD>word`},
	{Name: "hangul filler", In: "\u3164", Want: `<U+3164>`},
	{Name: "tag smuggling", In: "hi\U000E0041\U000E0042", Want: `hi<U+E0041><U+E0042>`},
	{Name: "variation selector run", In: "😀\ufe0f\ufe0f\U000E0100", Want: "😀\ufe0f<U+FE0F><U+E0100>"},
	{Name: "variation selector at start", In: "\ufe0fa", Want: `<U+FE0F>a`},
	{Name: "invalid byte", In: "a\xffb", Want: `a\xffb`},
	{Name: "truncated rune", In: "\xe6\x97", Want: `\xe6\x97`},
	{Name: "surrogate", In: "\xed\xa0\x80", Want: `\xed\xa0\x80`},
	{Name: "overlong slash", In: "\xc0\xaf", Want: `\xc0\xaf`},
	{Name: "tab at start", In: "\tx", Want: "    x"},
	{Name: "tab mid", In: "ab\tc", Want: "ab  c"},
	{Name: "tab at stop", In: "abcd\te", Want: "abcd    e"},
	{Name: "tabs", In: "a\t\tb", Want: "a       b"},
	{Name: "tab after newline", In: "abc\nd\te", Want: "abc\nd   e", Line: `abc\nd  e`},
	{Name: "tab after wide", In: "日\tx", Want: "日  x"},
	{Name: "tab after escape", In: "\x1b\tx", Want: `\x1b` + "    x"},
	{Name: "CJK", In: "日本語テキスト", Want: "日本語テキスト"},
	{Name: "emoji", In: "😀👍🏽", Want: "😀👍🏽"},
	{Name: "ZWJ family", In: "👨\u200d👩\u200d👧", Want: "👨\u200d👩\u200d👧"},
	{Name: "rainbow flag", In: "🏳\ufe0f\u200d🌈", Want: "🏳\ufe0f\u200d🌈"},
	{Name: "keycap", In: "1\ufe0f\u20e3", Want: "1\ufe0f\u20e3"},
	{Name: "scotland flag", In: "🏴\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F", Want: "🏴\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F"},
	{Name: "flag tags too long", In: "🏴\U000E0061\U000E0061\U000E0061\U000E0061\U000E0061\U000E0061\U000E0061\U000E0061\U000E007F",
		Want: "🏴<U+E0061><U+E0061><U+E0061><U+E0061><U+E0061><U+E0061><U+E0061><U+E0061><U+E007F>"},
	{Name: "combining", In: "e\u0301", Want: "e\u0301"},
	{Name: "replacement char is valid", In: "\ufffd", Want: "\ufffd"},
	{Name: "latin-1 and nbsp", In: "café\u00a0ok", Want: "café\u00a0ok"},
	{Name: "backslash kept", In: `C:\x1b`, Want: `C:\x1b`},
	{Name: "prepended concatenation mark", In: "\u0600123\U000110BD", Want: `<U+0600>123<U+110BD>`},
	{Name: "prepend letter before text", In: "\u0d4eമ", Want: "\u0d4eമ"},
	{Name: "prepend letter at end", In: "a\u0d4e", Want: "a\u0d4e"},
	{Name: "prepend letter before escape", In: "\u0d4e\x1b", Want: `<U+0D4E>\x1b`},
	{Name: "prepend letters before ZWJ", In: "\u0d4e\U000111C2\u200d", Want: `<U+0D4E><U+111C2><U+200D>`},
	{Name: "prepend letter before tab", In: "\u0d4e\tx", Want: "<U+0D4E>    x"},
	{Name: "prepend letter before newline", In: "\u0d4e\nx", Want: "\u0d4e\nx", Line: `<U+0D4E>\nx`},
	{Name: "emoji modifier after tab", In: "\t\U0001F3FB\tx", Want: "    \U0001F3FB    x"},
	{Name: "combining mark after tab", In: "\t\u0301ab\tx", Want: "    \u0301ab  x"},
}

// CheckSafe asserts the properties of the sanitiser's output out for the
// input in: valid UTF-8, no control byte (but '\n' when oneLine is false),
// no C1 control, bidi control or invisible character, a ZWJ only inside an
// emoji sequence, tag characters only in a flag, no two variation selectors
// in a row.
func CheckSafe(t *testing.T, in, out string, oneLine bool) {
	t.Helper()
	if !utf8.ValidString(out) {
		t.Fatalf("output is not valid UTF-8: %q -> %q", in, out)
	}
	for i := 0; i < len(out); i++ {
		c := out[i]
		if c == 0x7f || c < 0x20 && (oneLine || c != '\n') {
			t.Fatalf("control byte %#x at %d: %q -> %q", c, i, in, out)
		}
	}
	var prev, prev2 rune = -1, -1
	for i, r := range out {
		switch {
		case r >= 0x80 && r <= 0x9f:
			t.Fatalf("C1 control %U at %d: %q -> %q", r, i, in, out)
		case r == 0x061c, r == 0x200e, r == 0x200f, r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
			t.Fatalf("bidi control %U at %d: %q -> %q", r, i, in, out)
		case r == 0x200b, r == 0x200c, r == 0x2060, r == 0xfeff, r == 0x2028, r == 0x2029:
			t.Fatalf("invisible %U at %d: %q -> %q", r, i, in, out)
		case r == 0x200d:
			next, _ := utf8.DecodeRuneInString(out[i+3:])
			p := prev
			if p == 0xfe0f {
				p = prev2
			}
			if p < 0x2000 || next < 0x2000 {
				t.Fatalf("ZWJ outside an emoji sequence at %d: %q -> %q", i, in, out)
			}
		case r >= 0xe0000 && r <= 0xe007f:
			// Only inside a flag: the run of tags must start after U+1F3F4.
			j := strings.LastIndex(out[:i], "🏴")
			if j < 0 {
				t.Fatalf("tag %U outside a flag: %q -> %q", r, in, out)
			}
			for _, tr := range out[j+len("🏴") : i] {
				if tr < 0xe0000 || tr > 0xe007f {
					t.Fatalf("tag %U outside a flag: %q -> %q", r, in, out)
				}
			}
		case isVS(r) && isVS(prev):
			t.Fatalf("two variation selectors in a row at %d: %q -> %q", i, in, out)
		}
		prev2, prev = prev, r
	}
}

func isVS(r rune) bool {
	return r >= 0xFE00 && r <= 0xFE0F || r >= 0xE0100 && r <= 0xE01EF
}
