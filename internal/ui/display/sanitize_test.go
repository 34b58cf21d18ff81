package display

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func init() {
	// Tests and fuzzing treat any line that comes out too wide as a bug
	// instead of letting renderLine repair it.
	strictWidth = true
}

var sanitizeCases = []struct {
	name, in, want string
	line           string // SanitizeLine result when it differs from want
}{
	{name: "plain", in: "get_weather", want: "get_weather"},
	{name: "empty", in: "", want: ""},
	{name: "CSI clear screen", in: "\x1b[2J", want: `\x1b[2J`},
	{name: "SGR hidden text", in: "ok\x1b[8msecret\x1b[0m", want: `ok\x1b[8msecret\x1b[0m`},
	{name: "OSC title BEL", in: "\x1b]0;pwn\x07rest", want: `\x1b]0;pwn\x07rest`},
	{name: "OSC title unterminated", in: "a\x1b]0;title then text", want: `a\x1b]0;title then text`},
	{name: "OSC 52 clipboard", in: "\x1b]52;c;cm0gLXJmIH4=\x07", want: `\x1b]52;c;cm0gLXJmIH4=\x07`},
	{name: "OSC 8 link", in: "\x1b]8;;http://evil\x1b\\click\x1b]8;;\x1b\\", want: `\x1b]8;;http://evil\x1b\click\x1b]8;;\x1b\`},
	{name: "DCS DECRQSS", in: "\x1bP$qm\x1b\\", want: `\x1bP$qm\x1b\`},
	{name: "APC kitty graphics", in: "\x1b_Gf=100,a=T;AAAA\x1b\\", want: `\x1b_Gf=100,a=T;AAAA\x1b\`},
	{name: "PM", in: "\x1b^privacy\x1b\\", want: `\x1b^privacy\x1b\`},
	{name: "SOS", in: "\x1bXstring\x1b\\", want: `\x1bXstring\x1b\`},
	{name: "RIS", in: "\x1bc", want: `\x1bc`},
	{name: "bracketed paste end", in: "\x1b[201~rm -rf", want: `\x1b[201~rm -rf`},
	{name: "C1 CSI", in: "\u009b2J", want: `\u009b2J`},
	{name: "C1 OSC and ST", in: "\u009d0;t\u009c", want: `\u009d0;t\u009c`},
	{name: "raw 8-bit CSI byte", in: "\x9b2J", want: `\x9b2J`},
	{name: "CR overwrite", in: "safe\rEVIL", want: `safe\rEVIL`},
	{name: "CRLF", in: "a\r\nb", want: "a\\r\nb", line: `a\r\nb`},
	{name: "backspace", in: "ab\bc", want: `ab\x08c`},
	{name: "BEL", in: "\a", want: `\x07`},
	{name: "NUL", in: "a\x00b", want: `a\x00b`},
	{name: "DEL", in: "a\x7fb", want: `a\x7fb`},
	{name: "newline", in: "a\nb", want: "a\nb", line: `a\nb`},
	{name: "bidi RLO", in: "abc\u202edcba", want: `abc<U+202E>dcba`},
	{name: "bidi isolates", in: "\u2066x\u2069", want: `<U+2066>x<U+2069>`},
	{name: "bidi marks", in: "\u200e\u200f\u061c", want: `<U+200E><U+200F><U+061C>`},
	{name: "ZWSP", in: "get\u200bweather", want: `get<U+200B>weather`},
	{name: "ZWNJ", in: "a\u200cb", want: `a<U+200C>b`},
	{name: "ZWJ between letters", in: "a\u200db", want: `a<U+200D>b`},
	{name: "word joiner", in: "a\u2060b", want: `a<U+2060>b`},
	{name: "BOM", in: "\ufeff{}", want: `<U+FEFF>{}`},
	{name: "line separator", in: "a\u2028b", want: `a<U+2028>b`},
	{name: "soft hyphen", in: "pass\u00adword", want: `pass<U+00AD>word`},
	{name: "hangul filler", in: "\u3164", want: `<U+3164>`},
	{name: "tag smuggling", in: "hi\U000E0041\U000E0042", want: `hi<U+E0041><U+E0042>`},
	{name: "variation selector run", in: "😀\ufe0f\ufe0f\U000E0100", want: "😀\ufe0f<U+FE0F><U+E0100>"},
	{name: "variation selector at start", in: "\ufe0fa", want: `<U+FE0F>a`},
	{name: "invalid byte", in: "a\xffb", want: `a\xffb`},
	{name: "truncated rune", in: "\xe6\x97", want: `\xe6\x97`},
	{name: "surrogate", in: "\xed\xa0\x80", want: `\xed\xa0\x80`},
	{name: "overlong slash", in: "\xc0\xaf", want: `\xc0\xaf`},
	{name: "tab at start", in: "\tx", want: "    x"},
	{name: "tab mid", in: "ab\tc", want: "ab  c"},
	{name: "tab at stop", in: "abcd\te", want: "abcd    e"},
	{name: "tabs", in: "a\t\tb", want: "a       b"},
	{name: "tab after newline", in: "abc\nd\te", want: "abc\nd   e", line: `abc\nd  e`},
	{name: "tab after wide", in: "日\tx", want: "日  x"},
	{name: "tab after escape", in: "\x1b\tx", want: `\x1b` + "    x"},
	{name: "CJK", in: "日本語テキスト", want: "日本語テキスト"},
	{name: "emoji", in: "😀👍🏽", want: "😀👍🏽"},
	{name: "ZWJ family", in: "👨\u200d👩\u200d👧", want: "👨\u200d👩\u200d👧"},
	{name: "rainbow flag", in: "🏳\ufe0f\u200d🌈", want: "🏳\ufe0f\u200d🌈"},
	{name: "keycap", in: "1\ufe0f\u20e3", want: "1\ufe0f\u20e3"},
	{name: "scotland flag", in: "🏴\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F", want: "🏴\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F"},
	{name: "flag tags too long", in: "🏴\U000E0061\U000E0061\U000E0061\U000E0061\U000E0061\U000E0061\U000E0061\U000E0061\U000E007F",
		want: "🏴<U+E0061><U+E0061><U+E0061><U+E0061><U+E0061><U+E0061><U+E0061><U+E0061><U+E007F>"},
	{name: "combining", in: "e\u0301", want: "e\u0301"},
	{name: "replacement char is valid", in: "\ufffd", want: "\ufffd"},
	{name: "latin-1 and nbsp", in: "café\u00a0ok", want: "café\u00a0ok"},
	{name: "backslash kept", in: `C:\x1b`, want: `C:\x1b`},
	{name: "prepended concatenation mark", in: "\u0600123\U000110BD", want: `<U+0600>123<U+110BD>`},
	{name: "prepend letter before text", in: "\u0d4eമ", want: "\u0d4eമ"},
	{name: "prepend letter at end", in: "a\u0d4e", want: "a\u0d4e"},
	{name: "prepend letter before escape", in: "\u0d4e\x1b", want: `<U+0D4E>\x1b`},
	{name: "prepend letters before ZWJ", in: "\u0d4e\U000111C2\u200d", want: `<U+0D4E><U+111C2><U+200D>`},
	{name: "prepend letter before tab", in: "\u0d4e\tx", want: "<U+0D4E>    x"},
	{name: "prepend letter before newline", in: "\u0d4e\nx", want: "\u0d4e\nx", line: `<U+0D4E>\nx`},
	{name: "emoji modifier after tab", in: "\t\U0001F3FB\tx", want: "    \U0001F3FB    x"},
	{name: "combining mark after tab", in: "\t\u0301ab\tx", want: "    \u0301ab  x"},
}

// checkDisplaySafe asserts the sanitiser's output properties.
func checkDisplaySafe(t *testing.T, in, out string, oneLine bool) {
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

func TestSanitize(t *testing.T) {
	for _, tc := range sanitizeCases {
		t.Run(tc.name, func(t *testing.T) {
			got := Sanitize(tc.in)
			if got != tc.want {
				t.Errorf("Sanitize(%q) = %q, want %q", tc.in, got, tc.want)
			}
			wantLine := tc.want
			if tc.line != "" {
				wantLine = tc.line
			}
			if gotLine := SanitizeLine(tc.in); gotLine != wantLine {
				t.Errorf("SanitizeLine(%q) = %q, want %q", tc.in, gotLine, wantLine)
			}
			if Escaped(tc.in) != (tc.in != tc.want) {
				t.Errorf("Escaped(%q) = %v", tc.in, Escaped(tc.in))
			}
			checkSanitizeProps(t, tc.in)
		})
	}
}

func checkSanitizeProps(t *testing.T, in string) {
	t.Helper()
	out := Sanitize(in)
	checkDisplaySafe(t, in, out, false)
	if again := Sanitize(out); again != out {
		t.Fatalf("Sanitize not idempotent: %q -> %q -> %q", in, out, again)
	}
	line := SanitizeLine(in)
	checkDisplaySafe(t, in, line, true)
	if again := SanitizeLine(line); again != line {
		t.Fatalf("SanitizeLine not idempotent: %q -> %q -> %q", in, line, again)
	}
	if Escaped(in) != (out != in) {
		t.Fatalf("Escaped(%q) = %v but Sanitize gives %q", in, Escaped(in), out)
	}
	// Pieces cut at ASCII never join differently: sanitising line by line
	// gives the multi-line result.
	var b strings.Builder
	for i, l := range strings.Split(in, "\n") {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(SanitizeLine(l))
	}
	if b.String() != out {
		t.Fatalf("Sanitize(%q) = %q, but line by line %q", in, out, b.String())
	}
}

func TestSanitizeNoAllocWhenClean(t *testing.T) {
	clean := strings.Repeat(`{"name": "get_weather", "description": "Météo 日本 😀👨‍👩‍👧"}`+"\n", 100)
	var out string
	if n := testing.AllocsPerRun(100, func() { out = Sanitize(clean) }); n != 0 {
		t.Fatalf("Sanitize of clean text allocates %v times", n)
	}
	if out != clean {
		t.Fatal("clean text changed")
	}
	if n := testing.AllocsPerRun(100, func() { _ = SanitizeLine("status: ok") }); n != 0 {
		t.Fatalf("SanitizeLine of clean text allocates %v times", n)
	}
}

func FuzzSanitize(f *testing.F) {
	for _, tc := range sanitizeCases {
		f.Add(tc.in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		checkSanitizeProps(t, in)
	})
}

// TestScanCleanEveryByte checks the 8-bytes-at-a-time scan against the
// definition, with every byte value at every position of a block.
func TestScanCleanEveryByte(t *testing.T) {
	for pos := range 19 {
		for c := range 256 {
			b := []byte(strings.Repeat("a~ {}\"", 4)[:19])
			b[pos] = byte(c)
			s := string(b)
			bad := c < 0x20 || c >= 0x7f
			if got := Escaped(s); got != (bad && c != '\n') {
				t.Fatalf("Escaped(%q) = %v", s, got)
			}
			if got := SanitizeLine(s) != s; got != bad {
				t.Fatalf("SanitizeLine(%q) changed = %v", s, got)
			}
		}
	}
}
