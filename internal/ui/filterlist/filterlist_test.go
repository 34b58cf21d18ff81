package filterlist

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
)

// key builds a key press: a single rune or a name such as "enter",
// "ctrl+w", "alt+backspace", "space".
func key(s string) tea.KeyPressMsg {
	var k tea.Key
	name := s
	for {
		switch {
		case strings.HasPrefix(name, "ctrl+") && len(name) > len("ctrl+"):
			k.Mod |= tea.ModCtrl
			name = name[len("ctrl+"):]
			continue
		case strings.HasPrefix(name, "alt+") && len(name) > len("alt+"):
			k.Mod |= tea.ModAlt
			name = name[len("alt+"):]
			continue
		}
		break
	}
	named := map[string]rune{
		"enter": tea.KeyEnter, "esc": tea.KeyEscape, "up": tea.KeyUp, "down": tea.KeyDown,
		"pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown, "home": tea.KeyHome, "end": tea.KeyEnd,
		"backspace": tea.KeyBackspace, "space": tea.KeySpace, "tab": tea.KeyTab,
	}
	if c, ok := named[name]; ok {
		k.Code = c
		if name == "space" && k.Mod == 0 {
			k.Text = " "
		}
	} else {
		r, size := utf8.DecodeRuneInString(name)
		if size != len(name) {
			panic("bad key " + s)
		}
		k.Code = r
		if k.Mod == 0 {
			k.Text = name
		}
	}
	msg := tea.KeyPressMsg(k)
	if msg.String() != s {
		panic(fmt.Sprintf("key %q builds %q", s, msg.String()))
	}
	return msg
}

// typeIn types s rune by rune.
func typeIn(t *testing.T, m Model, s string) Model {
	t.Helper()
	for _, r := range s {
		var ev Event
		if r == ' ' {
			m, ev = m.Update(key("space"))
		} else {
			m, ev = m.Update(key(string(r)))
		}
		if ev != None {
			t.Fatalf("typing %q: event %v", r, ev)
		}
	}
	return m
}

func titles(m Model, items []Item) []string {
	var out []string
	for _, h := range m.matches {
		out = append(out, items[h.idx].Title)
	}
	return out
}

var palette = []Item{
	{Title: "Compose message", Detail: "write a new user message", Key: "ctrl+m"},
	{Title: "Copy request", Detail: "copy the request body as JSON", Key: "ctrl+y"},
	{Title: "Copy as curl", Detail: "a curl command for the request", Key: "alt+c"},
	{Title: "Send request", Detail: "POST it to the endpoint", Key: "ctrl+s", Disabled: "no endpoint configured"},
	{Title: "Add a tool", Detail: "from a template or empty", Key: "ctrl+a"},
	{Title: "Delete tool", Key: "ctrl+d"},
	{Title: "Set tool_choice", Detail: "auto, none, required or one tool"},
	{Title: "Toggle wrap", Detail: "wrap long lines in the preview", Key: "w"},
	{Title: "fastest mode", Detail: "open the guide"},
	{Title: "Set timeout", Key: "ctrl+t"},
	{Title: "glowworm"},
	{Title: "getWeather", Detail: "a tool"},
	{Title: "Quit", Key: "ctrl+q"},
}

func TestMatch(t *testing.T) {
	for _, tc := range []struct {
		pattern, s string
		ok         bool
		pos        []int
	}{
		{"", "anything", true, nil},
		{"", "", true, nil},
		{"a", "", false, nil},
		{"abc", "ab", false, nil},
		{"cp", "Copy request", true, []int{0, 2}},
		{"cr", "Copy request", true, []int{0, 5}},
		{"req", "Copy request", true, []int{5, 6, 7}},
		{"CR", "Copy request", false, nil}, // smart case: R is upper-case
		{"Cr", "Copy request", true, []int{0, 5}},
		{"cR", "Copy Request", false, nil}, // smart case: c must be lower-case too
		{"cR", "copy Request", true, []int{0, 5}},
		{"ts", "tool_choice set", true, []int{0, 12}},
		{"gw", "getWeather", true, []int{0, 3}},
		{"ww", "get_weather_wind", true, []int{4, 12}},
		{"été", "Météo été", true, []int{8, 10, 11}}, // the word start wins
		{"ÉT", "Météo ÉTÉ", true, []int{8, 10}},
		{"東京", "天気 東京", true, []int{7, 10}},
		{"xyz", "Copy request", false, nil},
		{"aa", "a", false, nil},
	} {
		score, pos, ok := Match(tc.pattern, tc.s)
		if ok != tc.ok || !reflect.DeepEqual(pos, tc.pos) {
			t.Errorf("Match(%q, %q) = %d, %v, %v; want ok %v, positions %v", tc.pattern, tc.s, score, pos, ok, tc.ok, tc.pos)
		}
		if tc.pattern == "" && score != 0 {
			t.Errorf("Match(%q, %q): score %d, want 0", tc.pattern, tc.s, score)
		}
	}
}

func TestMatchRanking(t *testing.T) {
	// Each pair: the first string must score higher than the second.
	for _, tc := range []struct{ pattern, better, worse string }{
		{"cp", "Copy request", "Compose message"}, // smaller gap
		{"st", "Set timeout", "fastest mode"},     // word starts beat a run in the middle
		{"st", "first steps", "fastest mode"},     // a word's prefix beats a run in the middle
		{"gw", "getWeather", "glowworm"},          // camelCase
		{"tc", "tool_choice", "tactic"},           // after _
		{"req", "request", "a request"},           // prefix
		{"req", "a request", "rexequal"},          // consecutive
		{"curl", "Copy as curl", "Compose a url"}, // run
		{"to", "Add a tool", "photo"},             // a word's prefix beats a run in the middle
	} {
		sb, _, okb := Match(tc.pattern, tc.better)
		sw, _, okw := Match(tc.pattern, tc.worse)
		if !okb || !okw || sb <= sw {
			t.Errorf("%q: %q scores %d (%v), %q scores %d (%v); want the first higher",
				tc.pattern, tc.better, sb, okb, tc.worse, sw, okw)
		}
	}
}

// TestMatchConsistent checks on random input that the reported alignment is
// a real match, that its score is what scorePositions gives it, and that it
// is never worse than the leftmost greedy alignment.
func TestMatchConsistent(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alpha := []rune("abcAB _-./é東")
	randStr := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteRune(alpha[rng.IntN(len(alpha))])
		}
		return b.String()
	}
	mt := new(matcher)
	for range 20000 {
		s := randStr(rng.IntN(16))
		pat := randStr(1 + rng.IntN(4))
		score, pos, ok := Match(pat, s)
		p := newPattern(pat)
		var tx text
		prepare(&tx, s, 1000)
		// Reference: is it a subsequence?
		want := isSubsequence(p.runes, tx.runes(p.caseSensitive))
		if ok != want {
			t.Fatalf("Match(%q, %q) ok = %v, want %v", pat, s, ok, want)
		}
		if !ok {
			continue
		}
		if len(pos) != len(p.runes) {
			t.Fatalf("Match(%q, %q): %d positions", pat, s, len(pos))
		}
		ri := make([]int, len(pos))
		for k, off := range pos {
			if k > 0 && off <= pos[k-1] {
				t.Fatalf("Match(%q, %q): positions %v not increasing", pat, s, pos)
			}
			r, _ := utf8.DecodeRuneInString(s[off:])
			if !p.caseSensitive {
				r = fold(r)
			}
			if r != p.runes[k] {
				t.Fatalf("Match(%q, %q): position %d is %q", pat, s, off, r)
			}
			ri[k] = utf8.RuneCountInString(s[:off])
		}
		if got := scorePositions(tx.bonus, ri); got != score {
			t.Fatalf("Match(%q, %q) = %d, but its alignment %v scores %d", pat, s, score, pos, got)
		}
		gs, _ := mt.greedy(&p, &tx, 0, false)
		if gs > score {
			t.Fatalf("Match(%q, %q) = %d, greedy alignment scores %d", pat, s, score, gs)
		}
	}
}

func isSubsequence(p, t []rune) bool {
	j := 0
	for _, r := range t {
		if j < len(p) && r == p[j] {
			j++
		}
	}
	return j == len(p)
}

func TestMatchHuge(t *testing.T) {
	// Past maxDPCells the greedy fallback answers, still correctly.
	s := strings.Repeat("ab", 100000) + "xyz"
	score, pos, ok := Match("axyz", s)
	if !ok || len(pos) != 4 || pos[1] != len(s)-3 {
		t.Fatalf("huge: %d %v %v", score, pos, ok)
	}
}

func TestUpdate(t *testing.T) {
	type step struct {
		keys      []string // key names; "paste:..." pastes
		wantEv    Event
		filter    string
		first     string // title of the first match ("" = no match)
		selected  string // title under the cursor ("" = none)
		len       int    // -1: don't check
		checkLast bool
	}
	n := len(palette)
	for _, tc := range []struct {
		name  string
		steps []step
	}{
		{"typing filters and ranks", []step{
			{keys: []string{"c"}, filter: "c", len: -1},
			{keys: []string{"p"}, filter: "cp", first: "Copy request", selected: "Copy request", len: -1},
			{keys: []string{"enter"}, wantEv: Chosen, filter: "cp", selected: "Copy request", len: -1},
		}},
		{"j and k are letters", []step{
			{keys: []string{"j"}, filter: "j", len: -1},
			{keys: []string{"k"}, filter: "jk", len: 0},
		}},
		{"word start", []step{
			{keys: []string{"s", "t", "i"}, filter: "sti", first: "Set timeout", len: -1},
		}},
		{"camel case", []step{
			{keys: []string{"g", "w"}, first: "getWeather", filter: "gw", len: -1},
		}},
		{"detail matches come after title matches", []step{
			{keys: []string{"p", "r", "e", "v", "i", "e", "w"}, filter: "preview", first: "Toggle wrap", len: 1},
			{keys: []string{"ctrl+u", "r", "e", "q", "u", "e", "s", "t"}, filter: "request", len: -1},
		}},
		{"esc twice", []step{
			{keys: []string{"x"}, filter: "x", len: -1},
			{keys: []string{"esc"}, wantEv: None, filter: "", len: n, selected: "Compose message"},
			{keys: []string{"esc"}, wantEv: Cancelled, filter: "", len: n},
		}},
		{"enter with no match does nothing", []step{
			{keys: []string{"z", "z", "z"}, filter: "zzz", len: 0, selected: ""},
			{keys: []string{"enter"}, wantEv: None, filter: "zzz", len: 0},
		}},
		{"backspace, ctrl+w, ctrl+u", []step{
			{keys: []string{"c", "o", "p", "y", "space", "a", "s"}, filter: "copy as", first: "Copy as curl", len: -1},
			{keys: []string{"backspace"}, filter: "copy a", len: -1},
			{keys: []string{"ctrl+w"}, filter: "copy ", len: -1},
			{keys: []string{"ctrl+w"}, filter: "", len: n},
			{keys: []string{"backspace"}, filter: "", len: n},
			{keys: []string{"a", "b", "alt+backspace"}, filter: "", len: n},
			{keys: []string{"a", "b", "ctrl+u"}, filter: "", len: n},
		}},
		{"movement", []step{
			{keys: []string{"down", "down"}, selected: "Copy as curl", len: n},
			{keys: []string{"ctrl+n", "ctrl+p", "up"}, selected: "Copy request", len: n},
			{keys: []string{"up", "up", "up"}, selected: "Compose message", len: n},
			{keys: []string{"end"}, selected: "Quit", len: n},
			{keys: []string{"down"}, selected: "Quit", len: n},
			{keys: []string{"home"}, selected: "Compose message", len: n},
			{keys: []string{"pgdown"}, selected: "Send request", len: n}, // height 4: 3 rows a page
			{keys: []string{"pgdown", "pgdown", "pgdown", "pgdown"}, selected: "Quit", len: n},
			{keys: []string{"pgup"}, selected: "Set timeout" /* 12 - 3 = 9 */, len: n},
		}},
		{"cursor clamps when the filter narrows", []step{
			{keys: []string{"end"}, selected: "Quit", len: n},
			{keys: []string{"t"}, filter: "t", len: -1, checkLast: true},
			{keys: []string{"end", "o", "o"}, filter: "too", len: -1, checkLast: true},
			{keys: []string{"end", "l"}, filter: "tool", len: -1, checkLast: true},
		}},
		{"disabled items can be chosen", []step{
			{keys: []string{"s", "e", "n", "d"}, first: "Send request", filter: "send", len: 1},
			{keys: []string{"enter"}, wantEv: Chosen, selected: "Send request", filter: "send", len: 1},
		}},
		{"paste", []step{
			{keys: []string{"paste:co\r\npy\n"}, filter: "copy", first: "Copy request", len: 2},
			{keys: []string{"paste:\x1b[31m\tas\x9b\x00"}, filter: "copy[31m as", len: 0},
		}},
		{"ctrl and alt letters are not typed", []step{
			{keys: []string{"ctrl+x", "alt+x", "ctrl+k", "tab"}, filter: "", len: n},
		}},
		{"smart case", []step{
			{keys: []string{"s", "T"}, filter: "sT", len: 0},
			{keys: []string{"backspace", "t", "i"}, filter: "sti", len: -1, first: "Set timeout"},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := New(palette)
			m.SetHeight(4)
			for i, st := range tc.steps {
				var ev Event
				for _, k := range st.keys {
					if p, ok := strings.CutPrefix(k, "paste:"); ok {
						m, ev = m.Update(tea.PasteMsg{Content: p})
					} else {
						m, ev = m.Update(key(k))
					}
				}
				if ev != st.wantEv {
					t.Errorf("step %d: event %v, want %v", i, ev, st.wantEv)
				}
				if m.Filter() != st.filter {
					t.Errorf("step %d: filter %q, want %q", i, m.Filter(), st.filter)
				}
				if st.len >= 0 && m.Len() != st.len {
					t.Errorf("step %d: %d matches %q, want %d", i, m.Len(), titles(m, palette), st.len)
				}
				if st.first != "" && (m.Len() == 0 || palette[m.matches[0].idx].Title != st.first) {
					t.Errorf("step %d: matches %q, want %q first", i, titles(m, palette), st.first)
				}
				idx, ok := m.Selected()
				sel := ""
				if ok {
					sel = palette[idx].Title
				}
				if st.selected != "" && sel != st.selected {
					t.Errorf("step %d: selected %q, want %q", i, sel, st.selected)
				}
				if ok != (m.Len() > 0) {
					t.Errorf("step %d: Selected ok = %v with %d matches", i, ok, m.Len())
				}
				if m.cursor < 0 || m.Len() > 0 && m.cursor >= m.Len() {
					t.Errorf("step %d: cursor %d out of %d", i, m.cursor, m.Len())
				}
				if top := m.yOff; top < 0 || top > m.cursor || m.cursor >= top+3 {
					t.Errorf("step %d: cursor %d outside window at %d", i, m.cursor, top)
				}
				if st.checkLast && m.cursor != 0 {
					t.Errorf("step %d: cursor %d after the filter changed, want the best match", i, m.cursor)
				}
			}
		})
	}
}

func TestRankingCopyBeforeCompose(t *testing.T) {
	// "Compose message" comes first in the items; "Copy request" must
	// still be the best match for "cp".
	m := typeIn(t, New(palette), "cp")
	got := titles(m, palette)
	if len(got) < 2 || got[0] != "Copy request" {
		t.Fatalf("cp: %q", got)
	}
	ci, pi := -1, -1
	for i, s := range got {
		switch s {
		case "Copy request":
			ci = i
		case "Compose message":
			pi = i
		}
	}
	if ci < 0 || pi < 0 || ci > pi {
		t.Fatalf("cp: %q", got)
	}
}

func TestStableOrderForEqualScores(t *testing.T) {
	items := []Item{{Title: "b one"}, {Title: "a two"}, {Title: "c one"}, {Title: "a one"}}
	m := typeIn(t, New(items), "one")
	if got := titles(m, items); !reflect.DeepEqual(got, []string{"b one", "c one", "a one"}) {
		t.Fatalf("one: %q", got)
	}
}

func TestIncrementalFilterSameAsFull(t *testing.T) {
	items := benchItems(1000)
	m := New(items)
	for _, s := range []string{"g", "ge", "get", "get_", "get_w", "get_we", "get_wx", "get_w", "gwe", "gWe", "WeA"} {
		m.setFilter(s)
		full := New(items)
		full.setFilter(s)
		if !reflect.DeepEqual(m.matches, full.matches) {
			t.Fatalf("%q: incremental %d matches, full %d", s, m.Len(), full.Len())
		}
	}
}

func TestSetItemsKeepsFilterAndClamps(t *testing.T) {
	m := New(palette)
	m.SetHeight(5)
	m = typeIn(t, m, "o")
	m, _ = m.Update(key("end"))
	last := m.cursor
	m.SetItems(palette[:5])
	if m.Filter() != "o" {
		t.Fatalf("filter %q", m.Filter())
	}
	if m.Len() == 0 || m.cursor != m.Len()-1 || m.cursor >= last {
		t.Fatalf("cursor %d of %d (was %d)", m.cursor, m.Len(), last)
	}
	m.SetItems(nil)
	if _, ok := m.Selected(); ok || m.Len() != 0 || m.cursor != 0 {
		t.Fatalf("empty: cursor %d, len %d", m.cursor, m.Len())
	}
	if m, ev := m.Update(key("enter")); ev != None || m.Len() != 0 {
		t.Fatal("enter on an empty list")
	}
	m.SetItems(palette)
	if m.Len() == 0 {
		t.Fatal("no match after SetItems")
	}
}

func TestReset(t *testing.T) {
	m := New(palette)
	m.SetHeight(4)
	m = typeIn(t, m, "o")
	m, _ = m.Update(key("end"))
	m.Reset()
	if m.Filter() != "" || m.cursor != 0 || m.yOff != 0 || m.Len() != len(palette) {
		t.Fatalf("after Reset: filter %q cursor %d yOff %d len %d", m.Filter(), m.cursor, m.yOff, m.Len())
	}
	m, _ = m.Update(key("end"))
	m.Reset()
	if i, ok := m.Selected(); !ok || i != 0 || m.yOff != 0 {
		t.Fatalf("after Reset: selected %d %v, yOff %d", i, ok, m.yOff)
	}
}

func TestSelectedItem(t *testing.T) {
	m := typeIn(t, New(palette), "send")
	it, ok := m.SelectedItem()
	if !ok || it != palette[3] {
		t.Fatalf("%+v %v", it, ok)
	}
}

func TestFilterLimit(t *testing.T) {
	m := New(palette)
	m, _ = m.Update(tea.PasteMsg{Content: strings.Repeat("é", 1000)})
	if n := utf8.RuneCountInString(m.Filter()); n != maxFilterRunes {
		t.Fatalf("filter of %d runes", n)
	}
	m = typeIn(t, m, "x")
	if n := utf8.RuneCountInString(m.Filter()); n != maxFilterRunes {
		t.Fatalf("filter of %d runes", n)
	}
}

var testStyles = Styles{
	Normal:   lipgloss.NewStyle(),
	Selected: lipgloss.NewStyle().Background(lipgloss.Color("#3A3356")).Bold(true),
	Match:    lipgloss.NewStyle().Foreground(lipgloss.Color("#F2C94C")).Underline(true),
	Dim:      lipgloss.NewStyle().Foreground(lipgloss.Color("#8A8A8A")),
	Key:      lipgloss.NewStyle().Foreground(lipgloss.Color("#9D8CFF")),
	Filter:   lipgloss.NewStyle().Foreground(lipgloss.Color("#9D8CFF")),
	Disabled: lipgloss.NewStyle().Foreground(lipgloss.Color("#707070")).Strikethrough(true),
}

var hostile = []Item{
	{Title: "evil\x1b[2J\x1b]0;pwned\x07title", Detail: "rtl \u202egnp.exe\u202c and \x9b31m", Key: "ctrl+\x1bx"},
	{Title: "\u202eright to left", Disabled: "because\x1b[5m\nreasons\u2066"},
	{Title: "wide 東京の天気 ☀️ and 👩‍💻 café", Detail: "e\u0301 combining", Key: "界"},
	{Title: "tab\there\r\nnewline\x00nul\x7fdel", Detail: strings.Repeat("long detail ", 50)},
	{Title: strings.Repeat("very long title ", 40), Key: "ctrl+shift+alt+f12"},
	{Title: "zero\u200bwidth\ufefftag\U000E0041s"},
	{Title: "plain"},
	{Title: "", Detail: "empty title"},
}

var sgrRE = regexp.MustCompile(`\x1b\[[0-9;:]*m`)

// checkSafe fails if a line holds anything but text and SGR sequences, or
// text that the terminal would take as a control, a bidi control or an
// invisible character.
func checkSafe(t *testing.T, line string) {
	t.Helper()
	text := sgrRE.ReplaceAllString(line, "")
	for i, r := range text {
		switch {
		case r < 0x20, r == 0x7f, r >= 0x80 && r < 0xa0:
			t.Fatalf("control %U at %d in %q", r, i, line)
		case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x200b, r == 0xfeff,
			r >= 0xe0000 && r <= 0xe007f, r == utf8.RuneError:
			t.Fatalf("invisible or bidi %U at %d in %q", r, i, line)
		}
	}
}

func checkView(t *testing.T, m Model, st Styles, w, h int) []string {
	t.Helper()
	before := fmt.Sprintf("%#v", m)
	lines := m.View(st, w, h)
	if after := fmt.Sprintf("%#v", m); after != before {
		t.Fatalf("View changed the model")
	}
	want := min(h, 1+max(1, m.Len()))
	if w <= 0 || h <= 0 {
		want = 0
	}
	if len(lines) != want {
		t.Fatalf("w=%d h=%d: %d lines, want %d", w, h, len(lines), want)
	}
	for i, l := range lines {
		if got := ansi.StringWidth(ansi.Strip(l)); got != w {
			t.Fatalf("w=%d h=%d: line %d is %d cells: %q", w, h, i, got, l)
		}
		if strings.Contains(l, "\n") {
			t.Fatalf("w=%d h=%d: line %d has a newline: %q", w, h, i, l)
		}
		checkSafe(t, l)
	}
	return lines
}

func TestViewSizes(t *testing.T) {
	lists := map[string][]Item{"palette": palette, "hostile": hostile, "empty": nil}
	for name, items := range lists {
		for _, filter := range []string{"", "e", "ti", "東", "zzz", "\u202e\x1b", strings.Repeat("w", 100)} {
			for _, st := range []Styles{{}, testStyles} {
				for _, sz := range [][2]int{{10, 2}, {1, 1}, {2, 3}, {3, 5}, {5, 1}, {10, 4}, {20, 3}, {40, 6}, {80, 20}, {200, 30}, {0, 5}, {5, 0}} {
					w, h := sz[0], sz[1]
					m := New(items)
					m.Placeholder = "type \x1b[1mto\u202e filter"
					m.SetHeight(h)
					m, _ = m.Update(tea.PasteMsg{Content: filter})
					for _, k := range []string{"", "down", "down", "down", "end", "pgup"} {
						if k != "" {
							m, _ = m.Update(key(k))
						}
						t.Run(fmt.Sprintf("%s/%q/%dx%d/%s", name, filter, w, h, k), func(t *testing.T) {
							checkView(t, m, st, w, h)
						})
					}
				}
			}
		}
	}
}

func TestViewContent(t *testing.T) {
	m := New(palette)
	m.Placeholder = "type to filter"
	m.SetHeight(5)
	plain := func(lines []string) string {
		var b strings.Builder
		for _, l := range lines {
			b.WriteString(ansi.Strip(l))
			b.WriteString("|\n")
		}
		return b.String()
	}
	lines := checkView(t, m, testStyles, 40, 5)
	want := "" +
		"> type to filter                    1/13|\n" +
		"› Compose message  write a new u… ctrl+m|\n" +
		"  Copy request  copy the request… ctrl+y|\n" +
		"  Copy as curl  a curl command fo… alt+c|\n" +
		"  Send request  no endpoint conf… ctrl+s|\n"
	if got := plain(lines); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	m = typeIn(t, m, "cp")
	m, _ = m.Update(key("down"))
	lines = checkView(t, m, testStyles, 40, 5)
	if !strings.HasPrefix(ansi.Strip(lines[0]), "> cp ") || !strings.HasPrefix(ansi.Strip(lines[2]), "› ") {
		t.Errorf("got\n%s", plain(lines))
	}
	// The filter line ends with a reversed cursor cell.
	if !strings.Contains(lines[0], "\x1b[") || !strings.Contains(lines[0], "7") {
		t.Errorf("no cursor: %q", lines[0])
	}
	m = typeIn(t, m, "qx")
	lines = checkView(t, m, testStyles, 40, 5)
	if got := plain(lines); got != ""+
		"> cpqx                                  |\n"+
		"  no match for cpqx                     |\n" {
		t.Errorf("got\n%s", got)
	}
	// Tiny.
	m.Reset()
	if got := plain(checkView(t, m, Styles{}, 10, 2)); got != "> ty… 1/13|\n› Compose…|\n" {
		t.Errorf("tiny: got\n%s", got)
	}
}

func TestViewHostileGolden(t *testing.T) {
	m := New(hostile)
	m.Placeholder = "type to filter"
	m.SetHeight(10)
	var b strings.Builder
	for _, w := range []int{60, 24} {
		for _, l := range checkView(t, m, Styles{}, w, 10) {
			b.WriteString(l)
			b.WriteString("|\n")
		}
	}
	m = typeIn(t, m, "t")
	for _, l := range checkView(t, m, testStyles, 50, 10) {
		b.WriteString(l)
		b.WriteString("|\n")
	}
	golden.RequireEqual(t, b.String())
}

func TestViewGolden(t *testing.T) {
	m := New(palette)
	m.Placeholder = "type to filter"
	m.SetHeight(6)
	m = typeIn(t, m, "co")
	m, _ = m.Update(key("down"))
	golden.RequireEqual(t, strings.Join(m.View(testStyles, 50, 6), "\n")+"\n")
}

func TestMatchHighlightKeepsClusters(t *testing.T) {
	// A combining accent stays with its letter when the letter is matched:
	// no escape sequence between them.
	st := Styles{Match: lipgloss.NewStyle().Bold(true)}
	m := New([]Item{{Title: "cafe\u0301 au lait"}, {Title: "👩‍💻 dev"}})
	m = typeIn(t, m, "e")
	lines := checkView(t, m, st, 30, 3)
	if !strings.Contains(lines[1], "e\u0301\x1b[") {
		t.Fatalf("%q", lines[1])
	}
	if strings.Contains(lines[1], "e\x1b[m\u0301") || strings.Contains(lines[1], "e\x1b[0m\u0301") {
		t.Fatalf("cluster split: %q", lines[1])
	}
}

func TestMouse(t *testing.T) {
	items := benchItems(50)
	m := New(items)
	m.SetHeight(6) // 5 rows
	for range 12 {
		m, _ = m.Update(key("down"))
	}
	lines := checkView(t, m, Styles{}, 60, 6)
	// The cursor (12) is on the last row: rows show 8..12.
	if m.yOff != 8 || !strings.HasPrefix(ansi.Strip(lines[5]), "› ") {
		t.Fatalf("yOff %d\n%s", m.yOff, strings.Join(lines, "\n"))
	}
	click := func(m Model, x, y int, b tea.MouseButton) (Model, Event) {
		return m.Update(tea.MouseClickMsg{X: x, Y: y, Button: b})
	}
	// Row 2 on the screen is the second visible item.
	m2, ev := click(m, 10, 2, tea.MouseLeft)
	idx, ok := m2.Selected()
	if ev != Chosen || !ok || !strings.Contains(ansi.Strip(lines[2]), items[idx].Title) {
		t.Fatalf("click row 2: %v %d %v, line %q", ev, idx, ok, ansi.Strip(lines[2]))
	}
	if idx != 9 {
		t.Fatalf("click row 2 chose %d, want 9", idx)
	}
	// The view after the click shows the same window, with the cursor there.
	lines2 := checkView(t, m2, Styles{}, 60, 6)
	if !strings.HasPrefix(ansi.Strip(lines2[2]), "› "+items[9].Title) || lines2[1] != lines[1] {
		t.Fatalf("after click:\n%s", strings.Join(lines2, "\n"))
	}
	for _, c := range []struct {
		x, y int
		b    tea.MouseButton
	}{{3, 0, tea.MouseLeft}, {3, 6, tea.MouseLeft}, {3, 2, tea.MouseRight}, {-1, 2, tea.MouseLeft}} {
		if m3, ev := click(m, c.x, c.y, c.b); ev != None || m3.cursor != m.cursor {
			t.Errorf("click %+v: %v, cursor %d", c, ev, m3.cursor)
		}
	}
	// Clicking below the last match does nothing.
	f := typeIn(t, m, "list_weather")
	f.SetHeight(6)
	if f.Len() >= 5 {
		t.Fatalf("%d matches", f.Len())
	}
	if f2, ev := click(f, 3, f.Len()+1, tea.MouseLeft); ev != None || f2.cursor != 0 {
		t.Errorf("click below: %v", ev)
	}
	if _, ev := click(f, 3, f.Len(), tea.MouseLeft); ev != Chosen {
		t.Errorf("click last: %v", ev)
	}
	// Wheel.
	m3, ev := m.Update(tea.MouseWheelMsg{X: 1, Y: 1, Button: tea.MouseWheelDown})
	if ev != None || m3.cursor != 13 {
		t.Fatalf("wheel down: %v %d", ev, m3.cursor)
	}
	m3, _ = m3.Update(tea.MouseWheelMsg{Button: tea.MouseWheelUp})
	m3, _ = m3.Update(tea.MouseWheelMsg{Button: tea.MouseWheelUp})
	if m3.cursor != 11 {
		t.Fatalf("wheel up: %d", m3.cursor)
	}
}

// benchItems is n items like the ones of the "add a tool" picker and the
// command palette.
func benchItems(n int) []Item {
	verbs := []string{"get", "set", "list", "create", "delete", "update", "search", "copy", "toggle", "open"}
	nouns := []string{"weather", "request", "tool", "file", "issue", "user", "message", "preview", "template", "schema"}
	items := make([]Item, n)
	for i := range items {
		v, o := verbs[i%len(verbs)], nouns[(i/len(verbs))%len(nouns)]
		items[i] = Item{
			Title:  fmt.Sprintf("%s_%s_%d", v, o, i),
			Detail: fmt.Sprintf("%s a %s (tool %d); use it when the user asks to %s the %s", strings.ToUpper(v[:1])+v[1:], o, i, v, o),
			Key:    []string{"", "ctrl+s", "alt+x", ""}[i%4],
		}
	}
	return items
}

// BenchmarkFilter1000 is one keystroke on a list of 1,000 items, with
// nothing to reuse: the whole list is matched and sorted.
func BenchmarkFilter1000(b *testing.B) {
	m := New(benchItems(1000))
	patterns := []string{"gw", "gwe", "upd", "tool", "srt", "copyr", "e", "xq"}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		m.filter = patterns[i%len(patterns)]
		m.matched = ""
		m.refilter()
		i++
	}
}

// BenchmarkTyping1000 types "get_weather" into a list of 1,000 items, one
// Update per key, and clears it.
func BenchmarkTyping1000(b *testing.B) {
	m := New(benchItems(1000))
	keys := make([]tea.KeyPressMsg, 0, 12)
	for _, r := range "get_weather" {
		keys = append(keys, key(string(r)))
	}
	clear := key("ctrl+u")
	b.ReportAllocs()
	for b.Loop() {
		for _, k := range keys {
			m, _ = m.Update(k)
		}
		m, _ = m.Update(clear)
	}
}

func BenchmarkView(b *testing.B) {
	m := New(benchItems(1000))
	m.SetHeight(30)
	m.setFilter("gw")
	b.ReportAllocs()
	for b.Loop() {
		m.View(testStyles, 100, 30)
	}
}
