package display

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/tooltui/tooltui/internal/termtext"
	"github.com/tooltui/tooltui/internal/termtext/termtexttest"
)

func init() {
	// Tests and fuzzing treat any line that comes out too wide as a bug
	// instead of letting renderLine repair it.
	strictWidth = true
}

// sgrRE matches only SGR sequences: after removing them, no escape sequence
// of any other kind may be left.
var sgrRE = regexp.MustCompile("\x1b\\[[0-9;:]*m")

func stripSGR(s string) string { return sgrRE.ReplaceAllString(s, "") }

// refCut is the reference for Render's text: the line sanitised as a whole,
// cut to the cells [xoff, xoff+width), a wide character cut by the left edge
// shown as spaces.
func refCut(raw string, width, xoff int) string {
	s := termtext.SanitizeLine(raw)
	right := xoff + width
	var b strings.Builder
	col := 0
	for len(s) > 0 && col < right {
		cl, w := ansi.FirstGraphemeCluster(s, ansi.GraphemeWidth)
		switch {
		case col+w <= xoff:
		case col < xoff:
			b.WriteString(strings.Repeat(" ", min(col+w, right)-xoff))
		case col+w > right:
			return b.String()
		default:
			b.WriteString(cl)
		}
		col += w
		s = s[len(cl):]
	}
	return b.String()
}

func checkRendered(t *testing.T, raw []byte, line string, width int) {
	t.Helper()
	if w := ansi.StringWidth(line); w > width {
		t.Fatalf("line %q of %q is %d cells wide, want <= %d", line, raw, w, width)
	}
	termtexttest.CheckSafe(t, string(raw), stripSGR(line), true)
}

func TestDocLines(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"a", []string{"a"}},
		{"a\n", []string{"a"}},
		{"a\nb", []string{"a", "b"}},
		{"a\nb\n", []string{"a", "b"}},
		{"\n", []string{""}},
		{"\n\n", []string{"", ""}},
		{"{\n  \"a\": 1\n}", []string{"{", `  "a": 1`, "}"}},
		{"a\r\nb", []string{"a\r", "b"}},
	} {
		d := NewDoc([]byte(tc.in))
		if d.Lines() != len(tc.want) {
			t.Errorf("NewDoc(%q).Lines() = %d, want %d", tc.in, d.Lines(), len(tc.want))
			continue
		}
		for i, w := range tc.want {
			if got := string(d.Line(i)); got != w {
				t.Errorf("NewDoc(%q).Line(%d) = %q, want %q", tc.in, i, got, w)
			}
		}
		if d.Line(-1) != nil || d.Line(len(tc.want)) != nil {
			t.Errorf("NewDoc(%q): out-of-range Line is not nil", tc.in)
		}
	}
}

func TestLineCannotClobber(t *testing.T) {
	src := []byte("ab\ncd")
	d := NewDoc(src)
	_ = append(d.Line(0), 'X')
	if string(src) != "ab\ncd" {
		t.Fatalf("append to Line(0) wrote into the document: %q", src)
	}
}

func TestFindLine(t *testing.T) {
	d := NewDoc(bigDoc())
	needle := []byte(`"name": "get_weather_1234"`)
	i := d.FindLine(needle, 0)
	if i < 0 || !bytes.Contains(d.Line(i), needle) {
		t.Fatalf("FindLine = %d, line %q", i, d.Line(i))
	}
	for j := range i {
		if bytes.Contains(d.Line(j), needle) {
			t.Fatalf("line %d before %d contains the needle", j, i)
		}
	}
	if got := d.FindLine(needle, i); got != i {
		t.Errorf("FindLine from the match = %d, want %d", got, i)
	}
	if got := d.FindLine(needle, i+1); got != -1 {
		t.Errorf("FindLine after the only match = %d, want -1", got)
	}
	// The next tool's name is further down.
	if got := d.FindLine([]byte(`"name": "get_weather_`), i+1); got <= i || !bytes.Contains(d.Line(got), []byte("get_weather_1235")) {
		t.Errorf("FindLine of the next name = %d (%q)", got, d.Line(got))
	}
	if got := d.FindLine([]byte(`"name": "nope"`), 0); got != -1 {
		t.Errorf("FindLine of a missing needle = %d", got)
	}
	if got := d.FindLine([]byte("{\n"), 0); got != -1 {
		t.Errorf("FindLine of a needle with a newline = %d", got)
	}
	if got := d.FindLine(nil, 7); got != 7 {
		t.Errorf("FindLine of an empty needle = %d, want 7", got)
	}
	if got := d.FindLine([]byte("{"), -5); got != 0 {
		t.Errorf("FindLine from a negative line = %d, want 0", got)
	}
	if got := d.FindLine([]byte("}"), d.Lines()-1); got != d.Lines()-1 {
		t.Errorf("FindLine on the last line = %d", got)
	}
	if got := d.FindLine([]byte("}"), d.Lines()); got != -1 {
		t.Errorf("FindLine past the end = %d", got)
	}
}

func TestRenderWindowOfBigDoc(t *testing.T) {
	src := bigDoc()
	d := NewDoc(src)
	p := DefaultPalette(true)
	for _, tc := range []struct{ top, height, width, xoff int }{
		{0, 40, 120, 0},
		{1234, 40, 120, 0},
		{1234, 40, 120, 7},
		{1234, 40, 30, 20},
		{d.FindLine([]byte("東京"), 0) - 3, 10, 60, 0},
		{d.FindLine([]byte("東京"), 0) - 3, 10, 60, 48},
		{d.FindLine([]byte("東京"), 0) - 3, 10, 60, 49},
		{d.Lines() - 5, 40, 120, 0},
	} {
		lines := d.Render(p, tc.top, tc.height, tc.width, tc.xoff)
		if want := min(tc.height, d.Lines()-tc.top); len(lines) != want {
			t.Fatalf("%+v: %d lines, want %d", tc, len(lines), want)
		}
		for i, l := range lines {
			raw := d.Line(tc.top + i)
			checkRendered(t, raw, l, tc.width)
			if got, want := ansi.Strip(l), refCut(string(raw), tc.width, tc.xoff); got != want {
				t.Fatalf("%+v line %d: got %q, want %q", tc, tc.top+i, got, want)
			}
		}
	}
}

func TestRenderColours(t *testing.T) {
	d := NewDoc(toolsJSON(3))
	p := DefaultPalette(false)
	c := p.Resolve()
	key, str, num, lit, punct := c.pre[kKey], c.pre[kString], c.pre[kNumber], c.pre[kLiteral], c.pre[kPunct]
	if key == "" || str == "" || key == str || num == lit {
		t.Fatalf("palette does not resolve to distinct SGR: %q", c.pre)
	}
	if want := p.Key.Render("x"); want != key+"x"+SGRReset {
		t.Fatalf("SGR %q does not match lipgloss' %q", key, want)
	}
	render := func(needle string) string {
		t.Helper()
		i := d.FindLine([]byte(needle), 0)
		if i < 0 {
			t.Fatalf("no line with %s", needle)
		}
		return d.Render(p, i, 1, 200, 0)[0]
	}
	for needle, want := range map[string]string{
		`"name": "get_weather_1"`: `      ` + key + `"name"` + SGRReset + punct + `:` + SGRReset + ` ` + str + `"get_weather_1"` + SGRReset + punct + `,` + SGRReset,
		`"minimum": 1,`:           `            ` + key + `"minimum"` + SGRReset + punct + `:` + SGRReset + ` ` + num + `1` + SGRReset + punct + `,` + SGRReset,
		`"minimum": -1.5e3`:       `            ` + key + `"minimum"` + SGRReset + punct + `:` + SGRReset + ` ` + num + `-1.5e3` + SGRReset,
		`"strict": true`:          `      ` + key + `"strict"` + SGRReset + punct + `:` + SGRReset + ` ` + lit + `true` + SGRReset,
		`"parallel_tool_calls"`:   `  ` + key + `"parallel_tool_calls"` + SGRReset + punct + `:` + SGRReset + ` ` + lit + `null` + SGRReset,
		`"celsius",`:              `              ` + str + `"celsius"` + SGRReset + punct + `,` + SGRReset,
		`"tools": [`:              `  ` + key + `"tools"` + SGRReset + punct + `:` + SGRReset + ` ` + punct + `[` + SGRReset,
	} {
		if got := render(needle); got != want {
			t.Errorf("line with %s:\n got %q\nwant %q", needle, got, want)
		}
	}
	// Escaped quotes do not end a string; a string followed by ':' inside
	// another string is not a key.
	d2 := NewDoc([]byte(`  "a\"b\\": "x\": y"`))
	got := d2.Render(p, 0, 1, 100, 0)[0]
	want := `  ` + key + `"a\"b\\"` + SGRReset + punct + `:` + SGRReset + ` ` + str + `"x\": y"` + SGRReset
	if got != want {
		t.Errorf("escaped quotes:\n got %q\nwant %q", got, want)
	}
}

func TestRenderWide(t *testing.T) {
	d := NewDoc([]byte("\"日本語\"\n\"👨\u200d👩\u200d👧x\"\n\"e\u0301\u0301a\""))
	p := Palette{}
	for _, tc := range []struct {
		line, width, xoff int
		want              string
	}{
		{0, 8, 0, `"日本語"`},
		{0, 5, 0, `"日本`},
		{0, 4, 0, `"日`},
		{0, 4, 1, `日本`},
		{0, 4, 2, ` 本`},
		{0, 3, 6, ` "`},
		{0, 1, 2, ` `},
		{0, 1, 7, `"`},
		{0, 1, 8, ``},
		{0, 100, 100, ``},
		{1, 3, 0, "\"👨\u200d👩\u200d👧"},
		{1, 2, 0, `"`},
		{1, 2, 2, " x"},
		{2, 2, 0, "\"e\u0301\u0301"},
	} {
		got := d.Render(p, tc.line, 1, tc.width, tc.xoff)[0]
		checkRendered(t, d.Line(tc.line), got, tc.width)
		if got != tc.want {
			t.Errorf("line %d width %d xoff %d: got %q, want %q", tc.line, tc.width, tc.xoff, got, tc.want)
		}
	}
}

// TestRenderEscapesControls: encoding/json leaves DEL, C1 and bidi controls
// raw, and a document that is not JSON can carry anything.
func TestRenderEscapesControls(t *testing.T) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(map[string]any{
		"name\u202e":  "get\u200bweather",
		"description": "a\u009b2Jb \u202eexe.txt\u202c del\x7f \u009d0;title\u009c \u2066x\u2069",
	}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(buf.Bytes(), []byte("\u009b")) || !bytes.Contains(buf.Bytes(), []byte("\x7f")) {
		t.Fatalf("encoding/json escaped what the test relies on: %q", buf.Bytes())
	}
	raw := append(buf.Bytes(), "\x1b]0;pwn\x07 \x1bP$qm\x1b\\ \x1b_Gf=1;AA\x1b\\ \x1b^pm\x1b\\ \x1bXsos\x1b\\ \x9b2J \x1b[2J\r\b\x00\n\t\"k\":\ttrue\n"...)
	d := NewDoc(raw)
	for _, p := range []Palette{DefaultPalette(true), {}} {
		lines := d.Render(p, 0, d.Lines(), 200, 0)
		var plain strings.Builder
		for i, l := range lines {
			checkRendered(t, d.Line(i), l, 200)
			plain.WriteString(ansi.Strip(l) + "\n")
		}
		for _, want := range []string{
			`"name<U+202E>"`, `"get<U+200B>weather"`, `a\u009b2Jb <U+202E>exe.txt<U+202C> del\x7f \u009d0;title\u009c <U+2066>x<U+2069>`,
			`\x1b]0;pwn\x07 \x1bP$qm\x1b\ \x1b_Gf=1;AA\x1b\ \x1b^pm\x1b\ \x1bXsos\x1b\ \x9b2J \x1b[2J\r\x08\x00`,
			`    "k":    true`,
		} {
			if !strings.Contains(plain.String(), want) {
				t.Errorf("rendered text lacks %q:\n%s", want, plain.String())
			}
		}
	}
}

// TestRenderClusterAcrossTokens: "1" is a number and "\ufe0f" is not JSON;
// together they are one 2-cell cluster, apart 1 + 0 cells. Render must keep
// them apart (with an escape between them) even when both are unstyled, or
// the line would be wider than measured.
func TestRenderClusterAcrossTokens(t *testing.T) {
	for _, src := range []string{"1\ufe0f1\ufe0f1\ufe0f", "x \u0903\u0903", "true\u0903,", "\u0600\"a\"", "\"a\"\u0301:1"} {
		d := NewDoc([]byte(src))
		for _, p := range []Palette{{}, DefaultPalette(true)} {
			for width := 1; width < 8; width++ {
				for xoff := range 4 {
					l := d.Render(p, 0, 1, width, xoff)[0]
					checkRendered(t, d.Line(0), l, width)
				}
			}
		}
	}
}

func TestRenderEdgeCases(t *testing.T) {
	d := NewDoc([]byte("{\n  \"a\": 1\n}"))
	p := DefaultPalette(true)
	if got := d.Render(p, 0, 0, 10, 0); got != nil {
		t.Errorf("height 0: %q", got)
	}
	if got := d.Render(p, 3, 5, 10, 0); got != nil {
		t.Errorf("top past the end: %q", got)
	}
	if got := d.Render(p, 1, 5, 0, 0); len(got) != 2 || got[0] != "" || got[1] != "" {
		t.Errorf("width 0: %q", got)
	}
	if got := d.Render(p, -3, 1, -1, -1); len(got) != 1 || got[0] != "" {
		t.Errorf("negative arguments: %q", got)
	}
	if got := d.Render(p, 0, 1, 1<<62, 1<<62); len(got) != 1 || got[0] != "" {
		t.Errorf("huge arguments: %q", got)
	}
	if got := NewDoc(nil).Render(p, 0, 10, 10, 0); got != nil {
		t.Errorf("empty doc: %q", got)
	}
	if got := d.RenderColors(nil, 1, 1, 100, 0); len(got) != 1 || got[0] != `  "a": 1` {
		t.Errorf("nil colours: %q", got)
	}
	// A style with layout properties only lends its colours.
	boxed := Palette{Key: lipgloss.NewStyle().Padding(1, 4).Border(lipgloss.RoundedBorder()).Width(40).Bold(true)}
	if got := ansi.Strip(d.Render(boxed, 1, 1, 100, 0)[0]); got != `  "a": 1` {
		t.Errorf("layout properties changed the text: %q", got)
	}
}

func TestRenderCache(t *testing.T) {
	d := NewDoc(bigDoc())
	c := DefaultPalette(true).Resolve()
	a := d.RenderColors(c, 100, 40, 120, 0)
	if d.rendered != 40 {
		t.Fatalf("first render rendered %d lines", d.rendered)
	}
	b := d.RenderColors(c, 100, 40, 120, 0)
	if &a[0] != &b[0] || d.rendered != 40 {
		t.Fatalf("same window rendered again (%d lines)", d.rendered)
	}
	if n := testing.AllocsPerRun(100, func() { d.RenderColors(c, 100, 40, 120, 0) }); n != 0 {
		t.Fatalf("cached render allocates %v times", n)
	}
	// Scrolling by one line renders one line.
	s := d.RenderColors(c, 101, 40, 120, 0)
	if d.rendered != 41 {
		t.Fatalf("scroll by one rendered %d lines", d.rendered-40)
	}
	fresh := NewDoc(bigDoc()).RenderColors(c, 101, 40, 120, 0)
	for i := range s {
		if s[i] != fresh[i] {
			t.Fatalf("line %d from the cache differs: %q vs %q", i, s[i], fresh[i])
		}
	}
	// Other width, xoff or palette: everything again.
	d.RenderColors(c, 101, 40, 100, 0)
	d.RenderColors(c, 101, 40, 100, 3)
	d.RenderColors(DefaultPalette(false).Resolve(), 101, 40, 100, 3)
	if d.rendered != 41+3*40 {
		t.Fatalf("rendered %d lines, want %d", d.rendered, 41+3*40)
	}
	// Render(p) recognises an equal palette, even built anew.
	d.Render(DefaultPalette(true), 0, 40, 120, 0)
	n := d.rendered
	d.Render(DefaultPalette(true), 0, 40, 120, 0)
	if d.rendered != n {
		t.Fatalf("equal palette re-rendered %d lines", d.rendered-n)
	}
	d.Render(Palette{Key: lipgloss.NewStyle().Bold(true)}, 0, 40, 120, 0)
	if d.rendered != n+40 {
		t.Fatalf("new palette rendered %d lines", d.rendered-n)
	}
}

func TestRenderConcurrent(t *testing.T) {
	d := NewDoc(bigDoc())
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			p := DefaultPalette(g%2 == 0)
			for i := range 50 {
				lines := d.Render(p, (g*1000+i*37)%d.Lines(), 20, 80, i%3)
				for _, l := range lines {
					if ansi.StringWidth(l) > 80 {
						t.Error("too wide")
						return
					}
				}
			}
		})
	}
	wg.Wait()
}

func FuzzRender(f *testing.F) {
	f.Add(bigDoc()[:2000], uint16(0), uint8(80), uint8(0))
	f.Add(toolsJSON(1), uint16(3), uint8(20), uint8(10))
	for _, tc := range termtexttest.Cases {
		f.Add([]byte(`{"a": "`+tc.In+`"}`), uint16(0), uint8(10), uint8(2))
	}
	f.Add([]byte("\"日本語\"\n\"👨\u200d👩\u200d👧x\""), uint16(0), uint8(3), uint8(2))
	f.Add([]byte("1\ufe0f,\u0600\"a\"\tnull\u0903"), uint16(0), uint8(4), uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, top uint16, width, xoff uint8) {
		if len(data) > 1<<16 {
			return
		}
		checkRenderDoc(t, data, top, width, xoff)
		// The same bytes read as picks from tricky pieces, so that the
		// fuzzer combines joiners, marks and tokens far more often than
		// random bytes would.
		checkRenderDoc(t, trickyText(data), top, width, xoff)
	})
}

// trickyPieces are runes and snippets that interact with grapheme
// clustering, the sanitiser's context rules or the tokenizer.
var trickyPieces = []string{
	"\"", ":", ",", " ", "1", "-", "e", "true", "null", "{", "]", "a", "日", "\n", "\t", "\\",
	"\u0301", "\u0903", "\u0600", "\u200d", "\u200b", "\ufe0f", "\U000E0100", "\u20e3",
	"😀", "👍", "\U0001F3FB", "🏴", "\U000E0067", "\U000E007F", "\U0001F1FA", "\U0001F1F8",
	"\u1100", "\u1161", "\u11a8", "\uac00", "\u0915", "\u094d", "\u00ad", "\u3164",
	"\x1b", "\x1b[31m", "\x1b]0;t\x07", "\u009b", "\u202e", "\x7f", "\r", "\x00",
	"\xff", "\xe6\x97", "\ufffd", "\u2028", "é", "ж", "ア", "\u3099",
}

func trickyText(data []byte) []byte {
	var b []byte
	for _, c := range data {
		b = append(b, trickyPieces[int(c)%len(trickyPieces)]...)
	}
	return b
}

func checkRenderDoc(t *testing.T, data []byte, top uint16, width, xoff uint8) {
	t.Helper()
	{
		d := NewDoc(data)
		w, x := int(width), int(xoff)
		tp := int(top) % max(d.Lines(), 1)
		for _, p := range []Palette{DefaultPalette(true), {}} {
			lines := d.Render(p, tp, 8, w, x)
			if want := min(8, d.Lines()-tp); len(lines) != want && !(want <= 0 && lines == nil) {
				t.Fatalf("%d lines, want %d", len(lines), want)
			}
			for i, l := range lines {
				raw := d.Line(tp + i)
				checkRendered(t, raw, l, w)
				if utf8.Valid(raw) && isASCII(raw) {
					if got, want := stripSGR(l), refCut(string(raw), w, x); got != want {
						t.Fatalf("line %q: got %q, want %q", raw, got, want)
					}
				}
			}
			// Scrolling through the cache gives what a fresh Doc gives.
			if d.Lines() > tp+1 {
				got := d.Render(p, tp+1, 8, w, x)
				want := NewDoc(data).Render(p, tp+1, 8, w, x)
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Fatalf("cached scroll %q != fresh %q", got, want)
				}
			}
		}
	}
}

// TestRenderTrickyUnicode renders random lines built from trickyPieces at
// every width and offset up to 12 (strictWidth is on: a line that comes
// out wider than measured panics).
func TestRenderTrickyUnicode(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 800 {
		data := make([]byte, rng.IntN(24))
		for i := range data {
			data[i] = byte(rng.IntN(256))
		}
		text := trickyText(data)
		d := NewDoc(text)
		for _, p := range []Palette{{}, DefaultPalette(true)} {
			for width := 1; width <= 12; width++ {
				for xoff := range 12 {
					for i, l := range d.Render(p, 0, d.Lines(), width, xoff) {
						checkRendered(t, d.Line(i), l, width)
					}
				}
			}
		}
	}
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
