package editor

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

func TestAutoIndent(t *testing.T) {
	enter := keyc(tea.KeyEnter)
	tests := []struct {
		name  string
		start string
		msgs  []tea.Msg
		want  string
		edits uint64
	}{
		{"keeps indentation", "  foo|", []tea.Msg{enter}, "  foo\n  |", 1},
		{"keeps tab indentation", "\tfoo|", []tea.Msg{enter}, "\tfoo\n\t|", 1},
		{"splits a line", "  a|b", []tea.Msg{enter}, "  a\n  |b", 1},
		{"inside the indentation", "    |foo", []tea.Msg{enter}, "    \n    |foo", 1},
		{"no indentation", "foo|", []tea.Msg{enter}, "foo\n|", 1},
		{"after {", "  {|", []tea.Msg{enter}, "  {\n    |", 1},
		{"after [", `  "a": [|`, []tea.Msg{enter}, "  \"a\": [\n    |", 1},
		{"after { and spaces", "{  |", []tea.Msg{enter}, "{  \n  |", 1},
		{"between {}", "  {|}", []tea.Msg{enter}, "  {\n    |\n  }", 1},
		{"between []", "[|]", []tea.Msg{enter}, "[\n  |\n]", 1},
		{"between { and spaced }", "  {|  },", []tea.Msg{enter}, "  {\n    |\n  },", 1},
		{"between { } with tabs", "\t{|}", []tea.Msg{enter}, "\t{\n\t  |\n\t}", 1},
		{"mismatched bracket", "{|]", []tea.Msg{enter}, "{\n  |]", 1},
		{"text after the bracket", "{|x}", []tea.Msg{enter}, "{\n  |x}", 1},
		{"typing after the split", "{|}", []tea.Msg{enter, ch('a')}, "{\n  a|\n}", 2},
		{"nested", "{|}", []tea.Msg{enter, ch('['), enter}, "{\n  [\n    |\n}", 3},
		{"nested pair", "{|}", []tea.Msg{enter, ch('['), ch(']'), keyc(tea.KeyLeft), enter}, "{\n  [\n    |\n  ]\n}", 4},
		{"} dedents", "{\n    |", []tea.Msg{ch('}')}, "{\n  }|", 1},
		{"] dedents before text", "    |x", []tea.Msg{ch(']')}, "  ]|x", 1},
		{"} with one space", " |", []tea.Msg{ch('}')}, " }|", 1},
		{"} after text", "  a|", []tea.Msg{ch('}')}, "  a}|", 1},
		{"} after a tab", "\t|", []tea.Msg{ch('}')}, "\t}|", 1},
		{"other text not dedented", "    |", []tea.Msg{ch(')')}, "    )|", 1},
		{"round trip", "{|", []tea.Msg{enter, ch('"'), ch('a'), ch('"'), enter, ch('}')}, "{\n  \"a\"\n}|", 6},
		{"paste not indented", "  {|", []tea.Msg{tea.PasteMsg{Content: "\n}\n"}}, "  {\n}\n|", 1},
		{"typed text with a newline not indented", "  x|", []tea.Msg{tea.KeyPressMsg{Code: tea.KeyExtended, Text: "a\rb"}}, "  xa\nb|", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := withCursor(t, plain(20, 5), tt.start)
			m.AutoIndent = true
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
	// Off by default.
	m := withCursor(t, plain(20, 5), "  {|}")
	m = send(t, m, enter, ch('x'))
	if got := state(m); got != "  {\nx|}" {
		t.Fatalf("AutoIndent off: %q", got)
	}
	m = withCursor(t, plain(20, 5), "    |")
	m = send(t, m, ch('}'))
	if got := state(m); got != "    }|" {
		t.Fatalf("AutoIndent off: %q", got)
	}
}

func TestAutoIndentCharLimit(t *testing.T) {
	// The bracket split does not fit: a plain indented newline, cut to
	// the limit.
	m := withCursor(t, plain(20, 5), "  {|}")
	m.AutoIndent = true
	m.CharLimit = m.Len() + 4
	m = send(t, m, keyc(tea.KeyEnter))
	if got := state(m); got != "  {\n   |}" {
		t.Fatalf("state = %q", got)
	}
	checkInvariants(t, m)
	// A dedent shrinks the text, so it works at the limit.
	m = withCursor(t, plain(20, 5), "x\n    |")
	m.AutoIndent = true
	m.CharLimit = m.Len()
	m = send(t, m, ch('}'))
	if got := state(m); got != "x\n  }|" {
		t.Fatalf("state = %q", got)
	}
	checkInvariants(t, m)
}

func TestSelectAll(t *testing.T) {
	const text = "ab\ncd|e\nfg"
	tests := []struct {
		name     string
		msgs     []tea.Msg
		want     string
		edits    uint64
		selected bool
	}{
		{"typing replaces", []tea.Msg{ch('x')}, "x|", 1, false},
		{"typing then more", []tea.Msg{ch('x'), ch('y')}, "xy|", 2, false},
		{"paste replaces", []tea.Msg{tea.PasteMsg{Content: "new\r\ntext"}}, "new\ntext|", 1, false},
		{"empty paste ignored", []tea.Msg{tea.PasteMsg{}}, text, 0, true},
		{"enter replaces", []tea.Msg{keyc(tea.KeyEnter)}, "\n|", 1, false},
		{"tab replaces", []tea.Msg{keyc(tea.KeyTab)}, "  |", 1, false},
		{"backspace clears", []tea.Msg{keyc(tea.KeyBackspace)}, "|", 1, false},
		{"delete clears", []tea.Msg{keyc(tea.KeyDelete)}, "|", 1, false},
		{"ctrl+w clears", []tea.Msg{ctrl('w')}, "|", 1, false},
		{"alt+d clears", []tea.Msg{alt('d')}, "|", 1, false},
		{"ctrl+u clears", []tea.Msg{ctrl('u')}, "|", 1, false},
		{"ctrl+k clears", []tea.Msg{ctrl('k')}, "|", 1, false},
		{"left goes to the start", []tea.Msg{keyc(tea.KeyLeft)}, "|ab\ncde\nfg", 0, false},
		{"home goes to the start", []tea.Msg{keyc(tea.KeyHome)}, "|ab\ncde\nfg", 0, false},
		{"up goes to the start", []tea.Msg{keyc(tea.KeyUp)}, "|ab\ncde\nfg", 0, false},
		{"word back goes to the start", []tea.Msg{alt('b')}, "|ab\ncde\nfg", 0, false},
		{"pgup goes to the start", []tea.Msg{keyc(tea.KeyPgUp)}, "|ab\ncde\nfg", 0, false},
		{"ctrl+home goes to the start", []tea.Msg{mod(tea.KeyHome, tea.ModCtrl)}, "|ab\ncde\nfg", 0, false},
		{"right goes to the end", []tea.Msg{keyc(tea.KeyRight)}, "ab\ncde\nfg|", 0, false},
		{"end goes to the end", []tea.Msg{keyc(tea.KeyEnd)}, "ab\ncde\nfg|", 0, false},
		{"ctrl+e goes to the end", []tea.Msg{ctrl('e')}, "ab\ncde\nfg|", 0, false},
		{"down goes to the end", []tea.Msg{keyc(tea.KeyDown)}, "ab\ncde\nfg|", 0, false},
		{"word forward goes to the end", []tea.Msg{alt('f')}, "ab\ncde\nfg|", 0, false},
		{"pgdown goes to the end", []tea.Msg{keyc(tea.KeyPgDown)}, "ab\ncde\nfg|", 0, false},
		{"then typing inserts", []tea.Msg{keyc(tea.KeyLeft), ch('x')}, "x|ab\ncde\nfg", 1, false},
		{"unhandled key keeps it", []tea.Msg{keyc(tea.KeyEscape), ctrl('x')}, text, 0, true},
		{"alt+letter keeps it", []tea.Msg{tea.KeyPressMsg{Code: 'x', Text: "x", Mod: tea.ModAlt}}, text, 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := withCursor(t, plain(20, 5), text)
			m.SelectAll()
			if !m.Selected() {
				t.Fatal("not selected after SelectAll")
			}
			v0 := m.Version()
			m = send(t, m, tt.msgs...)
			if got := state(m); got != tt.want {
				t.Errorf("state = %q, want %q", got, tt.want)
			}
			if d := m.Version() - v0; d != tt.edits {
				t.Errorf("Version increased by %d, want %d", d, tt.edits)
			}
			if m.Selected() != tt.selected {
				t.Errorf("Selected() = %v, want %v", m.Selected(), tt.selected)
			}
			checkInvariants(t, m)
			checkView(t, m, true)
		})
	}
}

func TestSelectAllState(t *testing.T) {
	m := plain(20, 3)
	m.SelectAll()
	if m.Selected() {
		t.Fatal("empty text selected")
	}
	m.SetValue("abc")
	m.SelectAll()
	m.ClearSelection()
	if m.Selected() || m.Value() != "abc" {
		t.Fatal("ClearSelection")
	}
	for name, f := range map[string]func(*Model){
		"SetValue":           func(m *Model) { m.SetValue("x") },
		"SetValueKeepCursor": func(m *Model) { m.SetValueKeepCursor("x") },
		"SetCursor":          func(m *Model) { m.SetCursor(0, 1) },
		"SetCursorOffset":    func(m *Model) { m.SetCursorOffset(1) },
	} {
		m.SetValue("abc")
		m.SelectAll()
		f(&m)
		if m.Selected() {
			t.Errorf("%s keeps the selection", name)
		}
	}
	// InsertString replaces, focused or not; CharLimit applies.
	m.SetValue("abc")
	m.Blur()
	m.CharLimit = 4
	m.SelectAll()
	m.InsertString("123456")
	if m.Value() != "1234" || m.Selected() {
		t.Fatalf("InsertString: %q, selected %v", m.Value(), m.Selected())
	}
	// A blurred editor ignores keys and keeps the selection.
	m.SelectAll()
	m = send(t, m, ch('x'))
	if !m.Selected() || m.Value() != "1234" {
		t.Fatal("blurred editor acted on a key")
	}
}

func TestSelectAllView(t *testing.T) {
	m := New()
	m.ShowLineNumbers = false
	m.Styles = Styles{Cursor: lipgloss.NewStyle().Reverse(true), Selection: lipgloss.NewStyle().Background(lipgloss.Color("24")), Escape: lipgloss.NewStyle().Bold(true)}
	m.SetSize(10, 3)
	m.SetValue("ab\x1b\n\tc")
	m.Focus()
	m.SetCursor(0, 1)
	m.SelectAll()
	v := checkView(t, m, false)
	if strings.Contains(v, "\x1b[7m") {
		t.Fatalf("cursor drawn over the selection: %q", v)
	}
	sel := "\x1b[48;5;24m"
	if !strings.Contains(v, sel+`ab\x1b`+"\x1b[m") || !strings.Contains(v, sel+"    c\x1b[m") {
		t.Fatalf("selection not drawn: %q", v)
	}
	if got := stripLines(v); strings.Join(got, "|") != `ab\x1b|    c|` {
		t.Fatalf("text: %q", got)
	}
	m = send(t, m, keyc(tea.KeyRight))
	v = m.View()
	if strings.Contains(v, sel) || !strings.Contains(v, "\x1b[7m \x1b[m") {
		t.Fatalf("after right: %q", v)
	}
	if DefaultStyles(true).Selection.GetBackground() == nil || DefaultStyles(false).Selection.GetBackground() == nil {
		t.Fatal("default selection style has no background")
	}
}

func TestSetValueKeepCursor(t *testing.T) {
	m := plain(20, 4)
	m.SetValue(`{"a":1,"b":[1,2],"c":"déjà"}`)
	m.SetCursor(0, 25)
	v0 := m.Version()
	m.SetValueKeepCursor("{\n  \"a\": 1,\n  \"b\": [1, 2],\n  \"c\": \"déjà\"\n}")
	if m.Line() != 0 || m.Column() != 1 {
		t.Fatalf("cursor %d:%d, want 0:1 (clamped)", m.Line(), m.Column())
	}
	if m.Version() != v0+1 {
		t.Fatal("Version not incremented")
	}
	m.SetCursor(3, 10)
	m.SetValueKeepCursor("{\n  \"a\": 1,\n  \"b\": [1, 2],\n  \"c\":   \"déjà\"\n}")
	if m.Line() != 3 || m.Column() != 10 {
		t.Fatalf("cursor %d:%d, want 3:10", m.Line(), m.Column())
	}
	m.SetValueKeepCursor("x")
	if m.Line() != 0 || m.Column() != 1 {
		t.Fatalf("cursor %d:%d, want 0:1", m.Line(), m.Column())
	}
	checkInvariants(t, m)

	// The window does not jump when the cursor stays visible.
	m = plain(20, 4)
	m.SetValue(numbered(50))
	m.SetCursor(30, 3)
	m = send(t, m, keyc(tea.KeyPgUp)) // row 26, window 23..26 or so
	top := stripLines(m.View())[0]
	row := m.Line()
	m.SetValueKeepCursor(strings.ReplaceAll(numbered(50), "line", "LINE"))
	if got := stripLines(m.View())[0]; got != strings.ReplaceAll(top, "line", "LINE") || m.Line() != row || m.Column() != 3 {
		t.Fatalf("window moved: top %q -> %q, cursor %d:%d", top, got, m.Line(), m.Column())
	}
	// Fewer lines: the cursor and the window clamp.
	m.SetValueKeepCursor(numbered(5))
	if m.Line() != 4 {
		t.Fatalf("line %d, want 4", m.Line())
	}
	if got := stripLines(m.View()); got[3] != "line 0004" {
		t.Fatalf("window: %q", got)
	}
	checkView(t, m, true)
}

func TestPaging(t *testing.T) {
	text := numbered(50) // "line 0000" ... "line 0049"
	tests := []struct {
		name      string
		row, col  int
		keys      []tea.Msg
		wantRow   int
		wantCol   int
		wantFirst string // first visible line
	}{
		{"pgdown from the top", 0, 2, []tea.Msg{keyc(tea.KeyPgDown)}, 5, 2, "line 0005"},
		{"pgdown twice", 0, 2, []tea.Msg{keyc(tea.KeyPgDown), keyc(tea.KeyPgDown)}, 10, 2, "line 0010"},
		{"pgup from the middle", 22, 4, []tea.Msg{keyc(tea.KeyPgUp)}, 17, 4, "line 0013"},
		{"pgup to the top", 3, 1, []tea.Msg{keyc(tea.KeyPgUp)}, 0, 1, "line 0000"},
		{"pgdown to the end", 47, 0, []tea.Msg{keyc(tea.KeyPgDown)}, 49, 0, "line 0045"},
		{"pgdown then pgup", 12, 3, []tea.Msg{keyc(tea.KeyPgDown), keyc(tea.KeyPgUp)}, 12, 3, "line 0008"},
		{"column kept across a short line", 0, 8, []tea.Msg{keyc(tea.KeyPgDown), keyc(tea.KeyPgDown)}, 10, 8, "line 0010"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := plain(20, 5)
			m.SetValue(text)
			m.SetCursor(tt.row, tt.col)
			m = send(t, m, tt.keys...)
			if m.Line() != tt.wantRow || m.Column() != tt.wantCol {
				t.Errorf("cursor %d:%d, want %d:%d", m.Line(), m.Column(), tt.wantRow, tt.wantCol)
			}
			if got := stripLines(m.View())[0]; got != tt.wantFirst {
				t.Errorf("first line %q, want %q", got, tt.wantFirst)
			}
			checkView(t, m, true)
		})
	}
	// The goal column survives a short line on the way.
	m := plain(20, 1)
	m.SetValue("abcdef\nab\nabcdef")
	m.SetCursor(0, 5)
	m = send(t, m, keyc(tea.KeyPgDown))
	if m.Line() != 1 || m.Column() != 2 {
		t.Fatalf("cursor %d:%d, want 1:2", m.Line(), m.Column())
	}
	m = send(t, m, keyc(tea.KeyPgDown))
	if m.Line() != 2 || m.Column() != 5 {
		t.Fatalf("cursor %d:%d, want 2:5", m.Line(), m.Column())
	}
	if got := ansi.Strip(m.View()); got != "abcdef              " {
		t.Fatalf("view %q", got)
	}
}

func TestReadlineKeys(t *testing.T) {
	tests := []struct {
		name  string
		start string
		key   tea.Msg
		want  string
	}{
		{"ctrl+a", "x\n  ab|c", ctrl('a'), "x\n|  abc"},
		{"ctrl+a at line start", "x\n|abc", ctrl('a'), "x\n|abc"},
		{"ctrl+e", "a|bc\nx", ctrl('e'), "abc|\nx"},
		{"ctrl+e at line end", "abc|\nx", ctrl('e'), "abc|\nx"},
		{"ctrl+u", "x\n  ab|cd", ctrl('u'), "x\n|cd"},
		{"ctrl+u keeps other lines", "a\nb|c\nd", ctrl('u'), "a\n|c\nd"},
		{"ctrl+k", "x\nab|cd\ny", ctrl('k'), "x\nab|\ny"},
		{"ctrl+k at line end joins", "ab|\ncd", ctrl('k'), "ab|cd"},
		{"ctrl+w word", "say hello|", ctrl('w'), "say |"},
		{"ctrl+w punctuation then word", `"name": "va|`, ctrl('w'), `"name": "|`},
		{"ctrl+w spaces then word", "a bc   |", ctrl('w'), "a |"},
		{"ctrl+w unicode", "née été|", ctrl('w'), "née |"},
		{"ctrl+w at line start joins", "ab\n|cd", ctrl('w'), "ab|cd"},
		{"alt+b", "one two|", alt('b'), "one |two"},
		{"alt+b inside a word", "one tw|o", alt('b'), "one |two"},
		{"alt+b over punctuation", `{"key": |1}`, alt('b'), `{"|key": 1}`},
		{"alt+b at line start", "ab\n|cd", alt('b'), "ab|\ncd"},
		{"alt+f", "|one two", alt('f'), "one| two"},
		{"alt+f over punctuation", `|{"key": 1}`, alt('f'), `{"key|": 1}`},
		{"alt+f at line end", "ab|\ncd", alt('f'), "ab\n|cd"},
		{"alt+d", "one |two three", alt('d'), "one | three"},
		{"alt+d inside a word", "one t|wo", alt('d'), "one t|"},
		{"alt+d at line end joins", "ab|\ncd", alt('d'), "ab|cd"},
		{"alt+d at buffer end", "ab|", alt('d'), "ab|"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := withCursor(t, plain(20, 5), tt.start)
			m = send(t, m, tt.key)
			if got := state(m); got != tt.want {
				t.Errorf("state = %q, want %q", got, tt.want)
			}
			checkInvariants(t, m)
		})
	}
}
