package editor

import (
	"strings"
	"testing"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/tooltui/tooltui/internal/termtext"
	"github.com/tooltui/tooltui/internal/termtext/termtexttest"
)

// trickyLines are lines whose display needs care: escapes next to text
// that joins them, zero-width text at the start, flags, tabs after wide
// and joined text.
var trickyLines = []string{
	"\u0301a\u200bb",
	"\u0301",
	"\ufe0f\u0301",
	"\x1b\ufe0fx\tz",
	"\u202e\u0301\u0301\tq",
	"\t\U0001F3FBx\ty",
	"a\u0d4e\x1b\tb",
	"\u0d4eമ\t\u0d4e",
	"\u0600\u0661\u0662\t|",
	"\x80\u0903\t.",
	"🏴\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F\tflag",
	"🏴\U000E0061\U000E007F\U000E0061\tbad tags",
	"👨\u200d👩\u200d👧 a\u200db \u200d",
	"😀\ufe0f\ufe0f\U000E0100\t.",
	"e\u0301\u0301\u0301\t世\t\t.",
	"\xff\u0301\xe6\x97\t.",
	"\u1100\u1161\u11a8\t\u1160.",
	"\u0915\u094d\u0937\t\u0915\u094d\x1b",
	"\U0001F1EB\U0001F1F7\U0001F1EB\t.",
	strings.Repeat("\u0d4e", 40) + "a\t.",
}

// checkLineDisplay asserts that the plain, blurred editor shows each line of
// text as termtext.SanitizeLine does, padded with blanks to exactly the
// width.
func checkLineDisplay(t *testing.T, text string) {
	t.Helper()
	const w = 400
	lines := strings.Split(text, "\n")
	m := plain(w, len(lines))
	m.SetValue(text)
	m.Blur()
	v := checkView(t, m, true)
	got := strings.Split(ansi.Strip(v), "\n")
	for i, l := range lines {
		want := termtext.SanitizeLine(l)
		sw := ansi.StringWidth(want)
		if sw >= w {
			continue
		}
		if got[i] != want+strings.Repeat(" ", w-sw) {
			t.Fatalf("line %d %q:\n got %q\nwant %q (then blanks to %d cells)", i, l, strings.TrimRight(got[i], " "), want, w)
		}
	}
}

// checkCursorWalk moves the cursor over each line unit by unit to the end
// and back, checking the bookkeeping and the View contract at every step.
func checkCursorWalk(t *testing.T, text string, w int) {
	t.Helper()
	m := plain(w, 3)
	m.ShowLineNumbers = true
	m.SetValue(text)
	for row := range m.LineCount() {
		m.SetCursor(row, 0)
		line := m.lines[row]
		steps := 0
		for m.cb < len(line) {
			cb := m.cb
			m = send(t, m, keyc(tea.KeyRight))
			if m.row != row || m.cb <= cb {
				t.Fatalf("%q: right from %d went to row %d byte %d", line, cb, m.row, m.cb)
			}
			checkView(t, m, true)
			checkSanitized(t, m.View())
			steps++
		}
		for m.cb > 0 {
			cb := m.cb
			m = send(t, m, keyc(tea.KeyLeft))
			if m.row != row || m.cb >= cb {
				t.Fatalf("%q: left from %d went to row %d byte %d", line, cb, m.row, m.cb)
			}
			checkView(t, m, true)
			steps--
		}
		if steps != 0 {
			t.Fatalf("%q: %d more steps right than left", line, steps)
		}
	}
	if m.Value() != text {
		t.Fatal("Value changed by moving")
	}
}

// TestViewMatchesSanitizeLine checks the shared table of hostile strings:
// the editor shows exactly what the lists, the status line and `tooltui
// build` show.
func TestViewMatchesSanitizeLine(t *testing.T) {
	for _, h := range termtexttest.Hostile {
		t.Run(h.Name, func(t *testing.T) {
			if strings.Contains(h.Text, "\n") {
				// The editor shows a line break as a line break;
				// each line is shown as SanitizeLine shows it.
				checkLineDisplay(t, h.Text)
				return
			}
			m := plain(200, 1)
			m.SetValue(h.Text)
			m.Blur()
			if got := strings.TrimRight(ansi.Strip(m.View()), " "); got != h.Want {
				t.Fatalf("View of %q\n got %q\nwant %q", h.Text, got, h.Want)
			}
			if m.Value() != h.Text {
				t.Fatal("Value changed by display escaping")
			}
			checkLineDisplay(t, h.Text)
			checkCursorWalk(t, h.Text, 12)
		})
	}
	for _, l := range trickyLines {
		checkLineDisplay(t, l)
		checkCursorWalk(t, l, 9)
		checkCursorWalk(t, l, 80)
	}
}

func FuzzViewMatchesSanitizeLine(f *testing.F) {
	for _, h := range termtexttest.Hostile {
		f.Add(h.Text)
	}
	for _, l := range trickyLines {
		f.Add(l)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 300 {
			return
		}
		checkLineDisplay(t, s)
		if utf8.RuneCountInString(s) < 60 {
			checkCursorWalk(t, s, 7)
		}
	})
}

// TestSimpleWidth checks the shortcut against the real measurement and
// segmentation, for every rune it accepts.
func TestSimpleWidth(t *testing.T) {
	n := 0
	for r := rune(0); r <= 0x10FFFF; r++ {
		w := simpleWidth(r)
		if w == 0 {
			continue
		}
		n++
		s := string(r)
		if got := ansi.StringWidth(s); got != w {
			t.Fatalf("%U: simpleWidth %d, StringWidth %d", r, w, got)
		}
		if termtext.SanitizeLine(s) != s || !visibleStart(r) {
			t.Fatalf("%U is escaped or not visibleStart", r)
		}
		for _, next := range []string{"a", "\x1b", "\t", "é", "日", "Я", "\uac00"} {
			if cl, _ := ansi.FirstGraphemeCluster(s+next, ansi.GraphemeWidth); cl != s {
				t.Fatalf("%U joins %q: cluster %q", r, next, cl)
			}
		}
		for _, prev := range []string{"a", " ", "~", "\x1b", "\t"} {
			if cl, _ := ansi.FirstGraphemeCluster(prev+s, ansi.GraphemeWidth); cl != prev {
				t.Fatalf("%q joins %U: cluster %q", prev, r, cl)
			}
		}
	}
	if n < 20000 {
		t.Fatalf("only %d runes", n)
	}
}
