package checklist

import (
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// named are the keys the tests press by name.
var named = map[string]tea.KeyPressMsg{"space": {Code: tea.KeySpace, Text: " "}, "enter": {Code: tea.KeyEnter},
	"esc": {Code: tea.KeyEscape}, "up": {Code: tea.KeyUp}, "down": {Code: tea.KeyDown}}

// key is a key press as the terminal sends it: a name, or text.
func key(s string) tea.KeyPressMsg {
	if k, ok := named[s]; ok {
		return k
	}
	return tea.KeyPressMsg{Code: []rune(s)[0], Text: s}
}

// move is the arrows only, a page for pgdown.
func move(k tea.KeyPressMsg, cur, page, n int) (int, bool) {
	switch k.String() {
	case "up":
		return cur - 1, true
	case "down":
		return cur + 1, true
	case "pgdown":
		return cur + page, true
	}
	return cur, false
}

func press(m *Model, rows int, keys ...string) {
	for _, k := range keys {
		m.Key(key(k), rows, move)
	}
}

func sample() *Model {
	m := &Model{}
	m.SetRows([]Row{
		{Name: "get_weather", Desc: "Current weather", Tokens: 40},
		{Name: "search_docs", Desc: "Search the docs", Tokens: 25, Flag: "  clash  "},
		{Name: "read_file", Desc: "Read a file", Note: "1 error: /name: bad\x1b[31m", Look: Bad, Tokens: -1},
		{Name: "weather_alerts", Desc: "Alerts", Tokens: 10},
	}, []bool{false, false, false, true})
	return m
}

// TestKeysMarkFilterAndMove: space marks the row under the cursor; /
// types a filter over names and descriptions (enter keeps it, esc clears
// it, the undo takes typing back); the marks of the rows shown change
// together; keys that are not the list's are left to the caller.
func TestKeysMarkFilterAndMove(t *testing.T) {
	m := sample()
	press(m, 10, "space", "down", "down", "space")
	if got := m.Marked(); !slices.Equal(got, []int{0, 2, 3}) {
		t.Fatalf("marked %v", got)
	}
	if n := m.MarkedTokens(); n != 50 {
		t.Errorf("marked tokens %d, want 50 (a row without tokens counts none)", n)
	}
	press(m, 10, "/", "W", "e", "a")
	if !m.Typing() || m.Filter() != "Wea" || !slices.Equal(m.Shown(), []int{0, 3}) {
		t.Fatalf("typing %v filter %q shows %v", m.Typing(), m.Filter(), m.Shown())
	}
	press(m, 10, "space") // typed, not a mark
	if m.Filter() != "Wea " || !slices.Equal(m.Shown(), []int{0, 3}) {
		t.Fatalf("a space in the filter: %q shows %v", m.Filter(), m.Shown())
	}
	if !m.Undo(false, 10) || m.Filter() != "Wea" {
		t.Errorf("undo left %q", m.Filter())
	}
	press(m, 10, "enter")
	m.ToggleShown() // both shown are marked: both unmarked
	if got := m.Marked(); !slices.Equal(got, []int{2}) {
		t.Errorf("toggle shown, all marked: %v", got)
	}
	m.Toggle()
	m.ToggleShown() // one of the two is unmarked: both marked
	if got := m.Marked(); !slices.Equal(got, []int{0, 2, 3}) {
		t.Errorf("toggle shown, one unmarked: %v", got)
	}
	m.MarkShown(false)
	if got := m.Marked(); !slices.Equal(got, []int{2}) {
		t.Errorf("unmark shown: %v", got)
	}
	m.MarkShown(true)
	if got := m.Marked(); !slices.Equal(got, []int{0, 2, 3}) {
		t.Errorf("mark shown: %v", got)
	}
	press(m, 10, "esc", "/", "docs", "enter") // the description matches
	if !slices.Equal(m.Shown(), []int{1}) {
		t.Errorf("filter %q shows %v", m.Filter(), m.Shown())
	}
	if !m.Key(key("esc"), 10, move) || m.Filter() != "" || len(m.Shown()) != 4 {
		t.Errorf("esc with a filter: %q %v", m.Filter(), m.Shown())
	}
	for _, k := range []string{"esc", "enter", "a", "x"} {
		if m.Key(key(k), 10, move) {
			t.Errorf("%s was taken by the list", k)
		}
	}
	press(m, 2, "down", "down", "down", "down")
	m.Toggle()
	if !slices.Equal(m.Marked(), []int{0, 2}) {
		t.Errorf("the cursor did not stop at the last row: %v", m.Marked())
	}
}

// TestViewRowsAndMouse: the filter line with the caller's count, a row
// each with its mark, name column, columns, flag and detail (a note in
// its place), sanitised; a click marks the row drawn there, the wheel
// scrolls.
func TestViewRowsAndMouse(t *testing.T) {
	m := sample()
	m.NameWidth = func(w, iw int) int { return min(w, 12) }
	var lines []string
	for _, l := range m.View(Styles{}, 60, 3, "1 of 4 checked", "none") {
		lines = append(lines, strings.TrimRight(ansi.Strip(l), " "))
	}
	v := strings.Join(lines, "\n")
	want := " / filter                                     1 of 4 checked\n" +
		" › [ ] get_weather   Current weather\n" +
		"   [ ] search_docs     clash  Search the docs\n" +
		"   [ ] read_file     1 error: /name: bad\\x1b[31m"
	if v != want {
		t.Errorf("view\n%s\nwant\n%s", v, want)
	}
	m.Click(2, 3)
	if !slices.Equal(m.Marked(), []int{2, 3}) {
		t.Errorf("a click on the third row: %v", m.Marked())
	}
	m.Wheel(false, 3)
	if v := ansi.Strip(strings.Join(m.View(Styles{}, 60, 3, "", "none"), "\n")); !strings.Contains(v, "[x] weather_ale…") || strings.Contains(v, "get_weather") {
		t.Errorf("after the wheel:\n%s", v)
	}
	empty := &Model{}
	empty.SetRows(nil, nil)
	if v := ansi.Strip(strings.Join(empty.View(Styles{}, 40, 2, "", "The server has no tools"), "\n")); !strings.Contains(v, "The server has no tools") {
		t.Errorf("an empty list:\n%s", v)
	}
}

// BenchmarkKey is a keystroke in a list of 200 rows and the frame after
// it: a mark, the marked total, the rows on screen.
func BenchmarkKey(b *testing.B) {
	rows := make([]Row, 200)
	for i := range rows {
		rows[i] = Row{Name: "tool_" + strings.Repeat("x", i%20), Desc: "Does a thing.", Cols: "function      ≈40         ", Tokens: 40}
	}
	m := &Model{}
	m.SetRows(rows, nil)
	keys := []tea.KeyPressMsg{key("space"), key("down")}
	for i := 0; b.Loop(); i++ {
		m.Key(keys[i%2], 30, move)
		_ = m.MarkedTokens()
		_ = m.View(Styles{}, 98, 30, "", "")
	}
}
