package editor

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
	"unsafe"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/tooltui/tooltui/internal/termtext"
)

// ---- helpers -------------------------------------------------------------------

// plain returns a focused editor with no styles and no gutter.
func plain(w, h int) Model {
	m := New()
	m.Styles = Styles{}
	m.ShowLineNumbers = false
	m.SetSize(w, h)
	m.Focus()
	return m
}

// withCursor loads text in which '|' marks the cursor.
func withCursor(t testing.TB, m Model, text string) Model {
	t.Helper()
	i := strings.IndexByte(text, '|')
	if i < 0 {
		t.Fatalf("no cursor mark in %q", text)
	}
	m.SetValue(text[:i] + text[i+1:])
	m.SetCursorOffset(i)
	return m
}

// state renders the value with '|' at the cursor.
func state(m Model) string {
	var b strings.Builder
	for i, l := range m.lines {
		if i > 0 {
			b.WriteByte('\n')
		}
		if i == m.row {
			b.WriteString(l[:m.cb] + "|" + l[m.cb:])
		} else {
			b.WriteString(l)
		}
	}
	return b.String()
}

func ch(r rune) tea.KeyPressMsg                { return tea.KeyPressMsg{Code: r, Text: string(r)} }
func ctrl(r rune) tea.KeyPressMsg              { return tea.KeyPressMsg{Code: r, Mod: tea.ModCtrl} }
func alt(r rune) tea.KeyPressMsg               { return tea.KeyPressMsg{Code: r, Mod: tea.ModAlt} }
func keyc(r rune) tea.KeyPressMsg              { return tea.KeyPressMsg{Code: r} }
func mod(r rune, k tea.KeyMod) tea.KeyPressMsg { return tea.KeyPressMsg{Code: r, Mod: k} }

func typed(s string) []tea.Msg {
	var out []tea.Msg
	for _, r := range s {
		out = append(out, ch(r))
	}
	return out
}

func send(t testing.TB, m Model, msgs ...tea.Msg) Model {
	t.Helper()
	for _, msg := range msgs {
		var cmd tea.Cmd
		m, cmd = m.Update(msg)
		if cmd != nil {
			t.Fatalf("Update(%v) returned a non-nil command", msg)
		}
	}
	return m
}

// checkInvariants verifies the bookkeeping against a recomputation.
func checkInvariants(t testing.TB, m Model) {
	t.Helper()
	v := m.Value()
	if want := strings.Join(m.lines, "\n"); v != want {
		t.Fatalf("cached Value %q != joined lines %q", v, want)
	}
	if m.Len() != len(v) {
		t.Fatalf("Len() = %d, len(Value()) = %d", m.Len(), len(v))
	}
	if m.row < 0 || m.row >= len(m.lines) || m.cb < 0 || m.cb > len(m.lines[m.row]) {
		t.Fatalf("cursor out of range: row %d cb %d lines %d", m.row, m.cb, len(m.lines))
	}
}

// checkView asserts the View contract: at most Height lines, each at most
// Width cells, and (with plain styles) no ESC byte at all.
func checkView(t testing.TB, m Model, noESC bool) string {
	t.Helper()
	v := m.View()
	if m.Width() == 0 || m.Height() == 0 {
		if v != "" {
			t.Fatalf("%dx%d: View = %q, want empty", m.Width(), m.Height(), v)
		}
		return v
	}
	lines := strings.Split(v, "\n")
	if len(lines) > m.Height() {
		t.Fatalf("%dx%d: %d lines", m.Width(), m.Height(), len(lines))
	}
	for i, l := range lines {
		if w := ansi.StringWidth(l); w > m.Width() {
			t.Fatalf("%dx%d: line %d is %d cells wide: %q", m.Width(), m.Height(), i, w, l)
		}
	}
	if noESC && strings.IndexByte(v, 0x1b) >= 0 {
		t.Fatalf("plain View contains ESC: %q", v)
	}
	return v
}

// checkSanitized asserts that every line of the view, without its SGR
// sequences, is already in termtext.SanitizeLine's form: nothing in it
// would be escaped. The one exception is a ZWJ that joins two emoji in the
// text: where the view cuts the second one off, or where the grapheme
// segmentation splits the sequence, it is left dangling (harmless: it was
// kept, and it is invisible).
func checkSanitized(t testing.TB, v string) {
	t.Helper()
	for _, l := range strings.Split(ansi.Strip(v), "\n") {
		zwj := strings.NewReplacer("<U+200D>", "\u200d")
		if s := termtext.SanitizeLine(l); zwj.Replace(s) != zwj.Replace(l) {
			t.Fatalf("view line not sanitised:\n got %q\nwant %q", l, s)
		}
	}
}

func stripLines(v string) []string {
	out := strings.Split(ansi.Strip(v), "\n")
	for i := range out {
		out[i] = strings.TrimRight(out[i], " ")
	}
	return out
}

// ---- editing ---------------------------------------------------------------------

func TestEditing(t *testing.T) {
	tests := []struct {
		name  string
		start string
		msgs  []tea.Msg
		want  string
		edits uint64 // expected Version increase
	}{
		{"insert mid line", "ab|c", typed("x"), "abx|c", 1},
		{"insert text in order", "|", typed("héllo"), "héllo|", 5},
		{"space key", "a|b", []tea.Msg{tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}}, "a |b", 1},
		{"shifted letter", "|", []tea.Msg{tea.KeyPressMsg{Code: 'a', Text: "A", Mod: tea.ModShift}}, "A|", 1},
		{"alt+letter not inserted", "a|", []tea.Msg{tea.KeyPressMsg{Code: 'x', Text: "x", Mod: tea.ModAlt}}, "a|", 0},
		{"ctrl+letter not inserted", "a|", []tea.Msg{ctrl('x')}, "a|", 0},
		{"unhandled esc", "a|", []tea.Msg{keyc(tea.KeyEscape)}, "a|", 0},
		{"enter splits", "ab|c", []tea.Msg{keyc(tea.KeyEnter)}, "ab\n|c", 1},
		{"ctrl+m splits", "ab|c", []tea.Msg{ctrl('m')}, "ab\n|c", 1},
		{"enter at end of last line", "ab|", []tea.Msg{keyc(tea.KeyEnter), ch('x')}, "ab\nx|", 2},
		{"tab inserts two spaces", "|a", []tea.Msg{keyc(tea.KeyTab)}, "  |a", 1},
		{"backspace", "ab|c", []tea.Msg{keyc(tea.KeyBackspace)}, "a|c", 1},
		{"backspace at line start joins", "ab\n|cd", []tea.Msg{keyc(tea.KeyBackspace)}, "ab|cd", 1},
		{"backspace at buffer start", "|ab", []tea.Msg{keyc(tea.KeyBackspace)}, "|ab", 0},
		{"ctrl+h is backspace", "ab|", []tea.Msg{ctrl('h')}, "a|", 1},
		{"backspace wide char", "a世|b", []tea.Msg{keyc(tea.KeyBackspace)}, "a|b", 1},
		{"backspace emoji cluster", "a👩‍💻|b", []tea.Msg{keyc(tea.KeyBackspace)}, "a|b", 1},
		{"backspace combining cluster", "xe\u0301|y", []tea.Msg{keyc(tea.KeyBackspace)}, "x|y", 1},
		{"backspace invalid byte", "a\xff|b", []tea.Msg{keyc(tea.KeyBackspace)}, "a|b", 1},
		{"delete", "a|bc", []tea.Msg{keyc(tea.KeyDelete)}, "a|c", 1},
		{"delete at line end joins", "ab|\ncd", []tea.Msg{keyc(tea.KeyDelete)}, "ab|cd", 1},
		{"delete at buffer end", "ab|", []tea.Msg{keyc(tea.KeyDelete)}, "ab|", 0},
		{"delete wide char", "a|世b", []tea.Msg{keyc(tea.KeyDelete)}, "a|b", 1},
		{"left", "ab|", []tea.Msg{keyc(tea.KeyLeft)}, "a|b", 0},
		{"left over wide char", "a世|", []tea.Msg{keyc(tea.KeyLeft)}, "a|世", 0},
		{"left over emoji cluster", "a🇫🇷|", []tea.Msg{keyc(tea.KeyLeft)}, "a|🇫🇷", 0},
		{"left at line start", "ab\n|c", []tea.Msg{keyc(tea.KeyLeft)}, "ab|\nc", 0},
		{"right over combining cluster", "|e\u0301x", []tea.Msg{keyc(tea.KeyRight)}, "e\u0301|x", 0},
		{"right at line end", "a|\nb", []tea.Msg{keyc(tea.KeyRight)}, "a\n|b", 0},
		{"right at buffer end", "a|", []tea.Msg{keyc(tea.KeyRight)}, "a|", 0},
		{"home", "ab|c", []tea.Msg{keyc(tea.KeyHome)}, "|abc", 0},
		{"end", "a|bc\nd", []tea.Msg{keyc(tea.KeyEnd)}, "abc|\nd", 0},
		{"ctrl+a", "ab|c", []tea.Msg{ctrl('a')}, "|abc", 0},
		{"ctrl+e", "a|bc", []tea.Msg{ctrl('e')}, "abc|", 0},
		{"ctrl+home", "a\nb\nc|d", []tea.Msg{mod(tea.KeyHome, tea.ModCtrl)}, "|a\nb\ncd", 0},
		{"ctrl+end", "a|b\nc\nd", []tea.Msg{mod(tea.KeyEnd, tea.ModCtrl)}, "ab\nc\nd|", 0},
		{"word forward alt+right", `|  "name": value_1 x`, []tea.Msg{mod(tea.KeyRight, tea.ModAlt)}, `  "name|": value_1 x`, 0},
		{"word forward twice", `|  "name": value_1 x`, []tea.Msg{mod(tea.KeyRight, tea.ModAlt), mod(tea.KeyRight, tea.ModCtrl)}, `  "name": value_1| x`, 0},
		{"word forward alt+f", "|ab cd", []tea.Msg{alt('f')}, "ab| cd", 0},
		{"word forward at line end", "ab|\ncd", []tea.Msg{mod(tea.KeyRight, tea.ModCtrl)}, "ab\n|cd", 0},
		{"word back ctrl+left", `"name": value_1|`, []tea.Msg{mod(tea.KeyLeft, tea.ModCtrl)}, `"name": |value_1`, 0},
		{"word back twice", `"name": value_1|`, []tea.Msg{mod(tea.KeyLeft, tea.ModCtrl), mod(tea.KeyLeft, tea.ModAlt)}, `"|name": value_1`, 0},
		{"word back alt+b", "ab cd|", []tea.Msg{alt('b')}, "ab |cd", 0},
		{"word back at line start", "ab\n|cd", []tea.Msg{mod(tea.KeyLeft, tea.ModAlt)}, "ab|\ncd", 0},
		{"word back unicode", "déjà vu|", []tea.Msg{mod(tea.KeyLeft, tea.ModAlt), mod(tea.KeyLeft, tea.ModAlt)}, "|déjà vu", 0},
		{"ctrl+k", "ab|cd\nef", []tea.Msg{ctrl('k')}, "ab|\nef", 1},
		{"ctrl+k at line end joins", "ab|\nef", []tea.Msg{ctrl('k')}, "ab|ef", 1},
		{"ctrl+k at buffer end", "ab|", []tea.Msg{ctrl('k')}, "ab|", 0},
		{"ctrl+u", "x\nab|cd", []tea.Msg{ctrl('u')}, "x\n|cd", 1},
		{"ctrl+u at line start", "x\n|cd", []tea.Msg{ctrl('u')}, "x\n|cd", 0},
		{"ctrl+w", "foo bar  |x", []tea.Msg{ctrl('w')}, "foo |x", 1},
		{"ctrl+w twice", "foo bar|", []tea.Msg{ctrl('w'), ctrl('w')}, "|", 2},
		{"ctrl+w json", `  "type": "obj|`, []tea.Msg{ctrl('w')}, `  "type": "|`, 1},
		{"alt+backspace", "foo bar|", []tea.Msg{mod(tea.KeyBackspace, tea.ModAlt)}, "foo |", 1},
		{"ctrl+w at line start joins", "ab\n|cd", []tea.Msg{ctrl('w')}, "ab|cd", 1},
		{"ctrl+w at buffer start", "|ab", []tea.Msg{ctrl('w')}, "|ab", 0},
		{"alt+d deletes word forward", "a|b cd", []tea.Msg{alt('d')}, "a| cd", 1},
		{"alt+delete", "|ab cd", []tea.Msg{mod(tea.KeyDelete, tea.ModAlt), mod(tea.KeyDelete, tea.ModAlt)}, "|", 2},
		{"paste CRLF", "a|b", []tea.Msg{tea.PasteMsg{Content: "x\r\ny\rz\n"}}, "ax\ny\nz\n|b", 1},
		{"paste single line", "a|b", []tea.Msg{tea.PasteMsg{Content: "xyz"}}, "axyz|b", 1},
		{"paste empty", "a|b", []tea.Msg{tea.PasteMsg{Content: ""}}, "a|b", 0},
		{"paste multi-line middle", "l0\nA|B\nl2", []tea.Msg{tea.PasteMsg{Content: "1\n2\n3"}}, "l0\nA1\n2\n3|B\nl2", 1},
		{"typed text with newline", "a|b", []tea.Msg{tea.KeyPressMsg{Code: tea.KeyExtended, Text: "x\ry"}}, "ax\ny|b", 1},
		{"control chars kept", "|", []tea.Msg{tea.PasteMsg{Content: "\x1b[2J\u202e"}}, "\x1b[2J\u202e|", 1},
		{"up keeps column", "abcdef|\nab\nabcdefgh", []tea.Msg{keyc(tea.KeyDown)}, "abcdef\nab|\nabcdefgh", 0},
		{"up/down desired column", "abcdef|\nab\nabcdefgh", []tea.Msg{keyc(tea.KeyDown), keyc(tea.KeyDown)}, "abcdef\nab\nabcdef|gh", 0},
		{"desired column reset by left", "abcdef|\nab\nabcdefgh", []tea.Msg{keyc(tea.KeyDown), keyc(tea.KeyLeft), keyc(tea.KeyDown)}, "abcdef\nab\na|bcdefgh", 0},
		{"desired column reset by typing", "abcdef|\nab\nabcdefgh", []tea.Msg{keyc(tea.KeyDown), ch('x'), keyc(tea.KeyDown)}, "abcdef\nabx\nabc|defgh", 1},
		{"up keeps desired column", "abcdefgh\nab\nabcdef|", []tea.Msg{keyc(tea.KeyUp), keyc(tea.KeyUp)}, "abcdef|gh\nab\nabcdef", 0},
		{"down in cells across wide chars", "ab|cd\n世界", []tea.Msg{keyc(tea.KeyDown)}, "abcd\n世|界", 0},
		{"down mid wide char", "a|bcd\n世界", []tea.Msg{keyc(tea.KeyDown)}, "abcd\n|世界", 0},
		{"down across tab", "abcde|\n\txy", []tea.Msg{keyc(tea.KeyDown)}, "abcde\n\tx|y", 0},
		{"up on first line", "ab|c", []tea.Msg{keyc(tea.KeyUp)}, "|abc", 0},
		{"down on last line", "a|bc", []tea.Msg{keyc(tea.KeyDown)}, "abc|", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := withCursor(t, plain(20, 5), tt.start)
			v0 := m.Version()
			m = send(t, m, tt.msgs...)
			if got := state(m); got != tt.want {
				t.Errorf("state = %q, want %q", got, tt.want)
			}
			if d := m.Version() - v0; d != tt.edits {
				t.Errorf("Version increased by %d, want %d", d, tt.edits)
			}
			checkInvariants(t, m)
			checkView(t, m, true)
		})
	}
}

func TestBlurredIgnoresInput(t *testing.T) {
	m := withCursor(t, plain(10, 3), "a|b")
	m.Blur()
	m = send(t, m, ch('x'), tea.PasteMsg{Content: "yy"}, keyc(tea.KeyLeft))
	if got := state(m); got != "a|b" {
		t.Fatalf("blurred editor changed: %q", got)
	}
	if m.Focused() {
		t.Fatal("Focused() after Blur")
	}
}

func TestDisabledBinding(t *testing.T) {
	m := withCursor(t, plain(10, 3), "ab|")
	m.KeyMap.DeleteWordBackward.SetEnabled(false)
	m = send(t, m, ctrl('w'))
	if got := state(m); got != "ab|" {
		t.Fatalf("disabled ctrl+w acted: %q", got)
	}
}

func TestCharLimit(t *testing.T) {
	tests := []struct {
		name  string
		limit int
		start string
		msg   tea.Msg
		want  string
	}{
		{"paste truncated", 5, "ab|", tea.PasteMsg{Content: "cdefgh"}, "abcde|"},
		{"multibyte fits", 4, "a|", tea.PasteMsg{Content: "世"}, "a世|"},
		{"multibyte does not fit", 3, "a|", tea.PasteMsg{Content: "世"}, "a|"},
		{"newline counts", 3, "a|", tea.PasteMsg{Content: "\n\n\n"}, "a\n\n|"},
		{"full", 2, "ab|", ch('c'), "ab|"},
		{"enter when full", 2, "ab|", keyc(tea.KeyEnter), "ab|"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := plain(20, 3)
			m.CharLimit = tt.limit
			m = withCursor(t, m, tt.start)
			m = send(t, m, tt.msg)
			if got := state(m); got != tt.want {
				t.Errorf("state = %q, want %q", got, tt.want)
			}
			checkInvariants(t, m)
		})
	}
}

func TestSetValueKeepsExactText(t *testing.T) {
	for _, s := range []string{
		"", "\n", "a\r\nb\r\n", "tab\there", "\x1b]52;c;AAAA\a", "\xff\xfe invalid", "\u202eevil", "x\x00y",
	} {
		m := plain(10, 3)
		m.SetValue(s)
		if m.Value() != s {
			t.Errorf("Value() = %q, want %q", m.Value(), s)
		}
		if m.Len() != len(s) {
			t.Errorf("Len() = %d, want %d", m.Len(), len(s))
		}
		if m.Line() != 0 || m.Column() != 0 {
			t.Errorf("cursor after SetValue at %d:%d", m.Line(), m.Column())
		}
		if want := strings.Count(s, "\n") + 1; m.LineCount() != want {
			t.Errorf("LineCount() = %d, want %d", m.LineCount(), want)
		}
	}
}

func TestValueCachedAndVersion(t *testing.T) {
	m := plain(20, 5)
	m.SetValue("abc\ndef")
	v0 := m.Version()
	a, b := m.Value(), m.Value()
	if unsafe.StringData(a) != unsafe.StringData(b) {
		t.Error("Value() rebuilt without an edit")
	}
	m = send(t, m, keyc(tea.KeyDown), keyc(tea.KeyEnd)) // moves only
	if m.Version() != v0 {
		t.Errorf("cursor moves changed Version")
	}
	_ = m.View()
	if c := m.Value(); unsafe.StringData(c) != unsafe.StringData(a) {
		t.Error("Value() rebuilt after moves/View")
	}
	m = send(t, m, ch('!'))
	if m.Version() != v0+1 {
		t.Errorf("Version = %d, want %d", m.Version(), v0+1)
	}
	if got := m.Value(); got != "abc\ndef!" {
		t.Errorf("Value() = %q", got)
	}
	c, d := m.Value(), m.Value()
	if unsafe.StringData(c) != unsafe.StringData(d) {
		t.Error("Value() not cached after edit")
	}
	m.SetValue("x")
	if m.Version() != v0+2 {
		t.Errorf("SetValue did not bump Version")
	}
}

func TestZeroModel(t *testing.T) {
	var m Model
	if m.View() != "" || m.Value() != "" || m.LineCount() != 1 {
		t.Fatal("zero Model not empty")
	}
	m.SetSize(10, 2)
	m.Focus()
	m, _ = m.Update(ch('a'))
	if m.Value() != "a" {
		t.Fatalf("zero Model: Value %q", m.Value())
	}
	checkView(t, m, true)
}

// ---- cursor ----------------------------------------------------------------------

func TestSetCursorClamps(t *testing.T) {
	m := plain(20, 5)
	m.SetValue("世界x\nab\nlast line")
	tests := []struct {
		line, col         int
		wantLine, wantCol int
		state             string
	}{
		{-5, -5, 0, 0, "|世界x\nab\nlast line"},
		{0, 2, 0, 2, "世界|x\nab\nlast line"},
		{1, 99, 1, 2, "世界x\nab|\nlast line"},
		{99, 99, 2, 9, "世界x\nab\nlast line|"},
		{99, 4, 2, 4, "世界x\nab\nlast| line"},
	}
	for _, tt := range tests {
		m.SetCursor(tt.line, tt.col)
		if m.Line() != tt.wantLine || m.Column() != tt.wantCol {
			t.Errorf("SetCursor(%d,%d) -> %d:%d, want %d:%d", tt.line, tt.col, m.Line(), m.Column(), tt.wantLine, tt.wantCol)
		}
		if got := state(m); got != tt.state {
			t.Errorf("SetCursor(%d,%d) state %q, want %q", tt.line, tt.col, got, tt.state)
		}
	}
}

func TestSetCursorOffset(t *testing.T) {
	m := plain(20, 5)
	m.SetValue("ab\n世x\nc")
	for _, tt := range []struct {
		off   int
		state string
	}{
		{-1, "|ab\n世x\nc"},
		{2, "ab|\n世x\nc"},
		{3, "ab\n|世x\nc"},
		{4, "ab\n|世x\nc"}, // inside the UTF-8 sequence
		{6, "ab\n世|x\nc"},
		{8, "ab\n世x\n|c"},
		{100, "ab\n世x\nc|"},
	} {
		m.SetCursorOffset(tt.off)
		if got := state(m); got != tt.state {
			t.Errorf("SetCursorOffset(%d) = %q, want %q", tt.off, got, tt.state)
		}
	}
}

func numbered(n int) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "line %04d", i)
	}
	return b.String()
}

func TestSetCursorScrolls(t *testing.T) {
	m := plain(30, 5)
	m.SetValue(numbered(3000))
	m.SetCursor(1500, 5)
	got := stripLines(m.View())
	want := []string{"line 1496", "line 1497", "line 1498", "line 1499", "line 1500"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("after SetCursor(1500): %q, want %q", got, want)
	}
	// Jumping back up puts the target line at the top.
	m.SetCursor(10, 0)
	if got := stripLines(m.View()); got[0] != "line 0010" {
		t.Fatalf("after SetCursor(10): first line %q", got[0])
	}
	// Horizontal: a column far to the right of a long line.
	m.SetValue(strings.Repeat("0123456789", 30))
	m.SetCursor(0, 255)
	l := stripLines(m.View())[0]
	if !strings.Contains(l, "5") || ansi.StringWidth(l) > 30 {
		t.Fatalf("horizontal SetCursor: %q", l)
	}
	if x := m.Cursor().X; x != 29 {
		t.Fatalf("cursor cell %d, want the last column 29", x)
	}
	if want := strings.Repeat("0123456789", 30)[226:256]; l != want {
		t.Fatalf("horizontal SetCursor view %q, want %q", l, want)
	}
}

// ---- view ------------------------------------------------------------------------

func TestViewWindowOf3000Lines(t *testing.T) {
	m := New()
	m.Styles = Styles{}
	m.SetSize(20, 4)
	m.SetValue(numbered(3000))
	m.Focus()
	m = send(t, m, mod(tea.KeyEnd, tea.ModCtrl))
	want := []string{"2997 line 2996", "2998 line 2997", "2999 line 2998", "3000 line 2999"}
	if got := stripLines(m.View()); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("ctrl+end: %q, want %q", got, want)
	}
	m = send(t, m, keyc(tea.KeyPgUp))
	if m.Line() != 2995 {
		t.Fatalf("pgup: line %d, want 2995", m.Line())
	}
	want = []string{"2993 line 2992", "2994 line 2993", "2995 line 2994", "2996 line 2995"}
	if got := stripLines(m.View()); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("pgup: %q, want %q", got, want)
	}
	m = send(t, m, mod(tea.KeyHome, tea.ModCtrl), keyc(tea.KeyPgDown), keyc(tea.KeyPgDown))
	if m.Line() != 8 {
		t.Fatalf("pgdown: line %d, want 8", m.Line())
	}
	want = []string{"   9 line 0008", "  10 line 0009", "  11 line 0010", "  12 line 0011"}
	if got := stripLines(m.View()); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("pgdown: %q, want %q", got, want)
	}
	// A short buffer is padded to Height lines of Width cells.
	m.SetValue("x")
	v := m.View()
	if n := strings.Count(v, "\n") + 1; n != 4 {
		t.Fatalf("short buffer: %d lines", n)
	}
	for _, l := range strings.Split(v, "\n") {
		if ansi.StringWidth(l) != 20 {
			t.Fatalf("line %q not padded to 20", l)
		}
	}
}

func TestPageDownStopsAtEnd(t *testing.T) {
	m := plain(20, 4)
	m.SetValue(numbered(10))
	m = send(t, m, keyc(tea.KeyPgDown), keyc(tea.KeyPgDown), keyc(tea.KeyPgDown))
	if m.Line() != 9 {
		t.Fatalf("line %d, want 9", m.Line())
	}
	want := []string{"line 0006", "line 0007", "line 0008", "line 0009"}
	if got := stripLines(m.View()); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("pgdown past end: %q, want %q", got, want)
	}
	// Deleting lines below the window never leaves blank rows at the bottom.
	m.SetCursor(6, 99)
	for range 3 {
		m = send(t, m, keyc(tea.KeyDelete), ctrl('k'))
	}
	if got := stripLines(m.View()); got[0] != "line 0003" || got[3] != "line 0006" {
		t.Fatalf("after deleting the tail: %q", got)
	}
}

func TestHorizontalScrollFollowsCursor(t *testing.T) {
	long := strings.Repeat("0123456789", 10)
	m := plain(10, 2)
	m.SetValue(long + "\nshort")
	m = send(t, m, ctrl('e'))
	if got := stripLines(m.View())[0]; got != "123456789" {
		t.Fatalf("end: %q, want the tail and the cursor cell", got)
	}
	if c := m.Cursor(); c == nil || c.X != 9 || c.Y != 0 {
		t.Fatalf("end: cursor %+v", c)
	}
	// Moving down to a short line scrolls back left.
	m = send(t, m, keyc(tea.KeyDown))
	if got := stripLines(m.View()); got[1] != "short" {
		t.Fatalf("down: %q", got)
	}
	m = send(t, m, keyc(tea.KeyUp), ctrl('a'))
	if got := stripLines(m.View())[0]; got != "0123456789" {
		t.Fatalf("home: %q", got)
	}
	// Step right past the edge: the window moves one cell at a time.
	for range 12 {
		m = send(t, m, keyc(tea.KeyRight))
	}
	if got := stripLines(m.View())[0]; got != "3456789012" {
		t.Fatalf("right x12: %q", got)
	}
}

func TestViewWideCharsAtEdges(t *testing.T) {
	m := plain(4, 1)
	m.SetValue("a世界bc")
	m.Blur()
	if got := stripLines(m.View())[0]; got != "a世" {
		t.Fatalf("cut wide char at right edge: %q", got)
	}
	m.Focus()
	m = send(t, m, ctrl('e')) // cursor after "c" at cell 7: window 4..7
	v := m.View()
	if got := stripLines(v)[0]; got != " bc" {
		t.Fatalf("cut wide char at left edge: %q (%q)", got, v)
	}
	if w := ansi.StringWidth(v); w != 4 {
		t.Fatalf("width %d", w)
	}
}

func TestViewClusters(t *testing.T) {
	m := plain(8, 1)
	m.SetValue("abe\u0301c\u0301\u0301d")
	m.Blur()
	v := m.View()
	if got := stripLines(v)[0]; got != "abe\u0301c\u0301\u0301d" {
		t.Fatalf("combining marks split from their base: %q", got)
	}
	if w := ansi.StringWidth(v); w != 8 {
		t.Fatalf("width %d", w)
	}
	// The cursor on a cluster reverses the whole cluster.
	m = New()
	m.ShowLineNumbers = false
	m.SetSize(8, 1)
	m.SetValue("ae\u0301x")
	m.Focus()
	m.SetCursor(0, 1)
	if v := m.View(); !strings.Contains(v, "a\x1b[7me\u0301\x1b[m") {
		t.Fatalf("cursor cluster: %q", v)
	}
	// Invisible characters are escaped as termtext.SanitizeLine does; a
	// combining mark at the start of the line is kept, as it is there,
	// and joins the cell after it.
	m.SetValue("\u0301a\u200bb")
	m.SetSize(20, 1)
	m.Blur()
	if got := stripLines(m.View())[0]; got != "\u0301a<U+200B>b" {
		t.Fatalf("zero-width: %q", got)
	}
}

func TestViewTabsExpanded(t *testing.T) {
	m := plain(20, 1)
	m.SetValue("a\tb\t\tc")
	m.Blur()
	if got := stripLines(m.View())[0]; got != "a   b       c" {
		t.Fatalf("tabs: %q", got)
	}
	if m.Value() != "a\tb\t\tc" {
		t.Fatal("tabs not kept in Value")
	}
}

var sgr = regexp.MustCompile(`\x1b\[[0-9;:]*m`)

func TestViewEscapesControls(t *testing.T) {
	text := "a\x1b[31mred\x1b[0m\x1b]52;c;QQ==\a|\u202eevil\u2066|\x7f|\u009b|\xff|\u200b|\x00|\r|é"
	want := `a\x1b[31mred\x1b[0m\x1b]52;c;QQ==\x07|<U+202E>evil<U+2066>|\x7f|\u009b|\xff|<U+200B>|\x00|\r|é`
	if s := termtext.SanitizeLine(text); s != want {
		t.Fatalf("SanitizeLine = %q, want %q", s, want)
	}

	m := plain(200, 2)
	m.SetValue(text)
	v := checkView(t, m, true) // plain styles: no ESC at all
	if got := stripLines(v)[0]; got != want {
		t.Fatalf("plain view\n got %q\nwant %q", got, want)
	}
	if m.Value() != text {
		t.Fatal("Value changed by display escaping")
	}

	// With the default styles the only escape sequences are SGRs.
	m.Styles = DefaultStyles(true)
	m.ShowLineNumbers = true
	m.SetCursor(0, 1) // the cursor on ESC
	v = checkView(t, m, false)
	rest := sgr.ReplaceAllString(v, "")
	if strings.IndexByte(rest, 0x1b) >= 0 {
		t.Fatalf("non-SGR escape in styled view: %q", rest)
	}
	checkSanitized(t, rest)
	if got := stripLines(v)[0]; got != "  1 "+want {
		t.Fatalf("styled view\n got %q\nwant %q", got, "  1 "+want)
	}
	if !strings.Contains(v, "\x1b[7m\\x1b\x1b[m") {
		t.Fatalf("cursor on ESC not drawn reversed over the escape: %q", v)
	}
}

func TestVirtualCursor(t *testing.T) {
	m := New()
	m.ShowLineNumbers = false
	m.SetSize(10, 2)
	m.SetValue("abc")
	m.Focus()
	m.SetCursor(0, 1)
	if v := m.View(); !strings.Contains(v, "a\x1b[7mb\x1b[m") {
		t.Fatalf("no reverse cursor on b: %q", v)
	}
	m.SetCursor(0, 3)
	if v := m.View(); !strings.Contains(v, "abc\x1b[7m \x1b[m") {
		t.Fatalf("no reverse cursor at end of line: %q", v)
	}
	m.SetVirtualCursor(false)
	if v := m.View(); strings.Contains(v, "\x1b[7m") {
		t.Fatalf("virtual cursor drawn while disabled: %q", v)
	}
	if c := m.Cursor(); c == nil || c.X != 3 || c.Y != 0 {
		t.Fatalf("Cursor() = %+v", c)
	}
	m.Blur()
	if v := m.View(); strings.Contains(v, "\x1b[7m") {
		t.Fatalf("cursor drawn while blurred: %q", v)
	}
	if m.Cursor() != nil {
		t.Fatal("Cursor() non-nil while blurred")
	}
}

func TestPlaceholder(t *testing.T) {
	m := plain(12, 3)
	m.Placeholder = "Describe it\nsecond"
	if got := stripLines(m.View()); got[0] != "Describe it" || got[1] != "second" {
		t.Fatalf("placeholder: %q", got)
	}
	m = send(t, m, ch('x'))
	if got := stripLines(m.View()); got[0] != "x" || got[1] != "" {
		t.Fatalf("after typing: %q", got)
	}
	m.Placeholder = "\x1b[31mred"
	m.SetValue("")
	if got := stripLines(checkView(t, m, true))[0]; got != `\x1b[31mred` {
		t.Fatalf("placeholder not escaped: %q", got)
	}
}

func TestLineNumberGutter(t *testing.T) {
	m := New()
	m.Styles = Styles{}
	m.SetSize(10, 3)
	m.SetValue("a\nb")
	if got := stripLines(m.View()); strings.Join(got, "|") != "  1 a|  2 b|" {
		t.Fatalf("gutter: %q", got)
	}
	// Too narrow for gutter and text: the gutter is dropped.
	m.SetSize(4, 1)
	if got := stripLines(m.View())[0]; got != "a" {
		t.Fatalf("narrow: %q", got)
	}
	m.SetSize(5, 1)
	if got := stripLines(m.View())[0]; got != "  1 a" {
		t.Fatalf("5 wide: %q", got)
	}
}

func TestViewSizes(t *testing.T) {
	texts := []string{
		"",
		"a",
		"世界世界\n👩‍💻 emoji\ttab\n\x1b[31m\u202e\xff",
		numbered(50),
		strings.Repeat("wide世", 40) + "\n" + strings.Repeat("x", 300),
	}
	keys := []tea.Msg{
		nil, ctrl('e'), keyc(tea.KeyDown), mod(tea.KeyEnd, tea.ModCtrl), keyc(tea.KeyPgUp),
		keyc(tea.KeyLeft), ch('世'), keyc(tea.KeyBackspace), keyc(tea.KeyEnter),
	}
	for _, text := range texts {
		for _, w := range []int{0, 1, 2, 3, 4, 5, 7, 80} {
			for _, h := range []int{0, 1, 2, 5} {
				for _, gutter := range []bool{false, true} {
					m := New()
					m.ShowLineNumbers = gutter
					m.Placeholder = "type here"
					m.SetValue(text)
					m.SetSize(w, h)
					m.Focus()
					for _, k := range keys {
						if k != nil {
							m, _ = m.Update(k)
						}
						checkView(t, m, false)
						p := m
						p.Styles = Styles{}
						checkView(t, p, true)
						if c := m.Cursor(); c != nil && (c.X >= w || c.Y >= h) {
							t.Fatalf("cursor %+v outside %dx%d", c, w, h)
						}
					}
					checkInvariants(t, m)
				}
			}
		}
	}
	m := New()
	m.SetSize(-3, -1)
	if m.Width() != 0 || m.Height() != 0 || m.View() != "" {
		t.Fatal("negative size")
	}
}

// TestRandomEdits compares random ASCII editing with a reference
// implementation on a plain string.
func TestRandomEdits(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	m := plain(7, 3)
	ref, cur := "", 0 // reference text and byte cursor
	lineStart := func() int { return strings.LastIndexByte(ref[:cur], '\n') + 1 }
	lineEnd := func() int {
		if i := strings.IndexByte(ref[cur:], '\n'); i >= 0 {
			return cur + i
		}
		return len(ref)
	}
	for i := range 5000 {
		var msg tea.Msg
		switch op := rng.IntN(10); op {
		case 0, 1, 2:
			r := rune('a' + rng.IntN(3))
			msg = ch(r)
			ref, cur = ref[:cur]+string(r)+ref[cur:], cur+1
		case 3:
			msg = keyc(tea.KeyEnter)
			ref, cur = ref[:cur]+"\n"+ref[cur:], cur+1
		case 4:
			msg = keyc(tea.KeyBackspace)
			if cur > 0 {
				ref, cur = ref[:cur-1]+ref[cur:], cur-1
			}
		case 5:
			msg = keyc(tea.KeyDelete)
			if cur < len(ref) {
				ref = ref[:cur] + ref[cur+1:]
			}
		case 6:
			msg = keyc(tea.KeyLeft)
			cur = max(cur-1, 0)
		case 7:
			msg = keyc(tea.KeyRight)
			cur = min(cur+1, len(ref))
		case 8:
			msg = ctrl('k')
			if e := lineEnd(); e > cur {
				ref = ref[:cur] + ref[e:]
			} else if cur < len(ref) {
				ref = ref[:cur] + ref[cur+1:]
			}
		case 9:
			s := []string{"xy\nz", "\r\n", "q", "\n\n"}[rng.IntN(4)]
			msg = tea.PasteMsg{Content: s}
			s = strings.ReplaceAll(s, "\r\n", "\n")
			ref, cur = ref[:cur]+s+ref[cur:], cur+len(s)
		}
		_ = lineStart
		m = send(t, m, msg)
		checkInvariants(t, m)
		if m.Value() != ref {
			t.Fatalf("step %d (%v): Value %q, want %q", i, msg, m.Value(), ref)
		}
		off := 0
		for j := 0; j < m.Line(); j++ {
			off += len(m.lines[j]) + 1
		}
		if off+m.cb != cur {
			t.Fatalf("step %d (%v): cursor %d, want %d", i, msg, off+m.cb, cur)
		}
		checkView(t, m, true)
	}
}

func TestKeyMapNoCollisions(t *testing.T) {
	seen := map[string]string{}
	for _, b := range DefaultKeyMap().bindings() {
		for _, k := range b.Keys() {
			if prev, ok := seen[k]; ok {
				t.Errorf("key %q bound to %q and %q", k, prev, b.Help().Desc)
			}
			seen[k] = b.Help().Desc
		}
	}
	// Every binding must match the string Bubble Tea produces for it.
	for _, k := range []struct {
		msg  tea.KeyPressMsg
		want string
	}{
		{mod(tea.KeyHome, tea.ModCtrl), "ctrl+home"},
		{mod(tea.KeyBackspace, tea.ModAlt), "alt+backspace"},
		{keyc(tea.KeyPgDown), "pgdown"},
		{mod(tea.KeyRight, tea.ModAlt), "alt+right"},
	} {
		if s := k.msg.String(); s != k.want {
			t.Errorf("String() = %q, want %q", s, k.want)
		}
		if _, ok := seen[k.want]; !ok {
			t.Errorf("%q not bound", k.want)
		}
	}
}

// FuzzView checks that arbitrary text never reaches the terminal raw and
// never breaks the size contract.
func FuzzView(f *testing.F) {
	for _, s := range []string{"", "a\x1b[2Jb", "\u202e\u2066", "\xff\xfe", "世\t界\n👩‍💻", "e\u0301\u0301", "\u0301", "\x1bP1;2|x\x1b\\"} {
		f.Add(s, 6, 2, 3)
	}
	f.Fuzz(func(t *testing.T, s string, w, h, col int) {
		w, h = w%40, h%6
		m := plain(w, h)
		m.ShowLineNumbers = col%2 == 0
		m.SetValue(s)
		m.SetCursor(0, col)
		v := checkView(t, m, true)
		checkSanitized(t, v)
		if !utf8.ValidString(v) {
			t.Fatalf("invalid UTF-8 in view %q", v)
		}
		if m.Value() != s {
			t.Fatal("Value changed")
		}
	})
}

type selectAllMsg struct{}

// FuzzEdit applies arbitrary key sequences to arbitrary text and checks
// the bookkeeping and the View contract after each step.
func FuzzEdit(f *testing.F) {
	f.Add("世界\n👩‍💻 e\u0301\t\x1b\xff\nlast", []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21})
	f.Add("", []byte{3, 3, 21, 21, 6, 0})
	keys := []tea.Msg{
		keyc(tea.KeyLeft), keyc(tea.KeyRight), keyc(tea.KeyUp), keyc(tea.KeyDown),
		mod(tea.KeyLeft, tea.ModAlt), mod(tea.KeyRight, tea.ModAlt), keyc(tea.KeyHome), keyc(tea.KeyEnd),
		keyc(tea.KeyPgUp), keyc(tea.KeyPgDown), mod(tea.KeyHome, tea.ModCtrl), mod(tea.KeyEnd, tea.ModCtrl),
		keyc(tea.KeyEnter), keyc(tea.KeyTab), keyc(tea.KeyBackspace), keyc(tea.KeyDelete),
		ctrl('w'), alt('d'), ctrl('k'), ctrl('u'), ch('世'), tea.PasteMsg{Content: "a\r\nb\xff\u202e"},
		ch('{'), ch('}'), ch(' '), selectAllMsg{},
	}
	f.Fuzz(func(t *testing.T, text string, ops []byte) {
		m := plain(9, 3)
		m.ShowLineNumbers = len(ops)%2 == 0
		m.AutoIndent = len(text)%2 == 0
		m.CharLimit = len(text) + 8
		m.SetValue(text)
		for _, op := range ops {
			if k := keys[int(op)%len(keys)]; k == (selectAllMsg{}) {
				m.SelectAll()
			} else {
				m = send(t, m, k)
			}
			checkInvariants(t, m)
			checkView(t, m, true)
			if m.Len() > m.CharLimit {
				t.Fatalf("Len %d over CharLimit %d", m.Len(), m.CharLimit)
			}
		}
	})
}
