package ui_test

import (
	"reflect"
	"regexp"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/ui"
)

// helpEntry is one row of the ? help as the screen shows it, its wrapped
// lines joined.
type helpEntry struct {
	group string
	keys  []string
	desc  string
}

var helpPos = regexp.MustCompile(`Keys · (\d+)–(\d+) of (\d+)`)

// helpBox returns the title of the open help dialog and the lines inside
// its box (the scroll hint first).
func helpBox(t testing.TB, a *ui.App) (title string, inner []string) {
	t.Helper()
	ls := lines(a)
	for i, l := range ls {
		bi := strings.Index(l, "╭─Keys")
		if bi < 0 {
			continue
		}
		rs := []rune(l)
		x := len([]rune(l[:bi]))
		end := x + 1
		for end < len(rs) && rs[end] != '╮' {
			end++
		}
		title = strings.TrimRight(string(rs[x+2:end]), "─")
		for _, row := range ls[i+1:] {
			r := []rune(row)
			if len(r) <= end || r[x] == '╰' {
				break
			}
			inner = append(inner, string(r[x+1:end]))
		}
		return title, inner
	}
	t.Fatalf("no help dialog on screen:\n%s", screen(a))
	return "", nil
}

// helpText opens ? on a w×h screen and reads the whole help, a line at a
// time, as the lines that show inside its box.
func helpText(t testing.TB, w, h int) []string {
	t.Helper()
	a, _ := newApp(t)
	send(t, a, tea.WindowSizeMsg{Width: w, Height: h}, press('?'))
	title, inner := helpBox(t, a)
	text := append([]string(nil), inner[1:]...)
	for range 1000 {
		m := helpPos.FindStringSubmatch(title)
		if m == nil || m[2] == m[3] {
			return text
		}
		send(t, a, press('j'))
		next, inner := helpBox(t, a)
		if next == title {
			t.Fatalf("j does not scroll the help at %q", title)
		}
		title = next
		text = append(text, inner[len(inner)-1])
	}
	t.Fatal("help never ends")
	return nil
}

// helpEntries reads the rows of the help's text: a group title at column 1,
// a row's keys at column 2 and its description at one column that is the
// same for every row; a row's later lines indent its keys by two more or
// leave them blank.
func helpEntries(t testing.TB, text []string) []helpEntry {
	t.Helper()
	descCol := -1
	gap := regexp.MustCompile(`^  \S(?:.*?\S)?  +(\S)`)
	for _, l := range text {
		if m := gap.FindStringSubmatchIndex(l); m != nil {
			c := len([]rune(l[:m[2]]))
			if descCol >= 0 && c != descCol {
				t.Fatalf("descriptions start at column %d and %d:\n%s", descCol, c, strings.Join(text, "\n"))
			}
			descCol = c
		}
	}
	if descCol < 0 {
		t.Fatalf("no help rows:\n%s", strings.Join(text, "\n"))
	}
	var out []helpEntry
	group := ""
	for _, l := range text {
		rs := []rune(l + strings.Repeat(" ", descCol+1))
		keys, desc := strings.TrimSpace(string(rs[:descCol])), strings.TrimSpace(string(rs[descCol:]))
		switch {
		case strings.TrimSpace(l) == "":
		case rs[0] == ' ' && rs[1] != ' ':
			group = strings.TrimSpace(l)
		case rs[2] != ' ':
			out = append(out, helpEntry{group: group, keys: strings.Fields(keys), desc: desc})
		case len(out) == 0:
			t.Fatalf("a continued row before the first row: %q", l)
		default:
			last := &out[len(out)-1]
			if keys != "" {
				if rs[3] != ' ' || rs[4] == ' ' {
					t.Errorf("keys continued without the indent of two: %q", l)
				}
				last.keys = append(last.keys, strings.Fields(keys)...)
			}
			if desc != "" {
				last.desc = strings.TrimSpace(last.desc + " " + desc)
			}
		}
	}
	return out
}

// TestHelpReadableAt60x20: at the smallest screen the help wraps long
// descriptions and key lists instead of cutting them: read back, its rows
// are the same as on a wide screen, no line is cut with "…", and it still
// scrolls.
func TestHelpReadableAt60x20(t *testing.T) {
	wide := helpEntries(t, helpText(t, 140, 40))
	if len(wide) < 60 {
		t.Fatalf("only %d help rows on a wide screen", len(wide))
	}
	for _, size := range [][2]int{{60, 20}, {80, 24}} {
		text := helpText(t, size[0], size[1])
		for _, l := range text {
			if strings.HasSuffix(l, "…") {
				t.Errorf("%dx%d: a cut line: %q", size[0], size[1], l)
			}
		}
		got := helpEntries(t, text)
		if !reflect.DeepEqual(got, wide) {
			for i := range max(len(got), len(wide)) {
				var g, w helpEntry
				if i < len(got) {
					g = got[i]
				}
				if i < len(wide) {
					w = wide[i]
				}
				if !reflect.DeepEqual(g, w) {
					t.Errorf("%dx%d: row %d is %q, on a wide screen %q", size[0], size[1], i, g, w)
				}
			}
		}
	}
	a, _ := newApp(t)
	send(t, a, tea.WindowSizeMsg{Width: 60, Height: 20}, press('?'))
	title, inner := helpBox(t, a)
	if !helpPos.MatchString(title) || len(inner) != 16 {
		t.Fatalf("at 60x20 the help shows %d lines titled %q, want a scrolled box", len(inner), title)
	}
	requireNotContains(t, inner[0], "…", "the scroll hint")
}

// TestHelpWheelScrolls: the wheel scrolls the help as it scrolls a pane.
func TestHelpWheelScrolls(t *testing.T) {
	a, _ := newApp(t)
	send(t, a, tea.WindowSizeMsg{Width: 60, Height: 20}, press('?'))
	top := func() string {
		title, _ := helpBox(t, a)
		return helpPos.FindStringSubmatch(title)[1]
	}
	send(t, a, tea.MouseWheelMsg{X: 30, Y: 8, Button: tea.MouseWheelDown})
	if got := top(); got != "4" {
		t.Fatalf("wheel down: the help shows from line %s, want 4", got)
	}
	send(t, a, tea.MouseWheelMsg{X: 30, Y: 8, Button: tea.MouseWheelUp}, tea.MouseWheelMsg{X: 30, Y: 8, Button: tea.MouseWheelUp})
	if got := top(); got != "1" {
		t.Fatalf("wheel up twice: the help shows from line %s, want 1", got)
	}
	requireDialog(t, a, "Keys")
}
