// Package checklist is a list of rows to mark, under a filter line: space
// marks the row under the cursor, / types a filter that narrows the rows
// to those whose name or description holds it, and the caller's keys move.
// Each row shows its mark, its name, the caller's columns and a detail (a
// description, or a problem in its colour). It backs the "Import tools…"
// dialog's list of a source's tools and the MCP tools list.
//
// Like filterlist, it draws nothing around itself and does not know where
// it is on the screen: the caller says how many rows it shows and passes
// clicks with the row made relative to the first one.
package checklist

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/tooltui/tooltui/internal/termtext"
	"github.com/tooltui/tooltui/internal/ui/filterlist"
)

// Look is how a row's detail is drawn.
type Look int

const (
	Plain Look = iota // dim: a description
	Warn              // a warning
	Bad               // an error
)

// Row is one line of the list. Its text is untrusted: SetRows sanitises
// it once.
type Row struct {
	Name string // shown in the name column; the filter matches it
	Desc string // the filter matches it; shown when Note is ""
	// Cols are drawn after the name, as they are; Flag after them in the
	// warning style (a clash).
	Cols, Flag string
	Note       string // shown in Desc's place, as Look says
	Look       Look
	Tokens     int // what the row costs; MarkedTokens sums the marked ones' (-1: nothing)
}

// Styles is the look of the list, provided by the caller.
type Styles struct {
	Dim, Warning, Error lipgloss.Style
	Selected            lipgloss.Style // the row under the cursor, over its full width
	Filter              lipgloss.Style // the filter line while typed or set (its cursor drawn reversed)
}

// maxFilter bounds the filter: longer than any tool name.
const maxFilter = 128

// Model is the list: its rows, which are marked, the filter and the cursor.
type Model struct {
	rows   []Row
	lower  [][2]string // the rows' names and descriptions in lower case
	marked []bool
	widest int // the widest name

	shown  []int // the rows the filter shows, in order
	cursor int   // index into shown
	yOff   int   // the first shown row on screen
	filter string
	typing bool
	hist   filterlist.Hist

	// NameWidth is the name column's width for the widest name in iw
	// cells (nil: the widest name's).
	NameWidth func(widest, iw int) int
}

// SetRows lists rows, marked as marked says (nil: none), with no filter
// and the cursor on the first.
func (m *Model) SetRows(rows []Row, marked []bool) {
	m.rows, m.lower, m.widest = make([]Row, len(rows)), make([][2]string, len(rows)), 0
	for i, r := range rows {
		r.Name, r.Desc, r.Note = termtext.SanitizeLine(r.Name), termtext.SanitizeLine(r.Desc), termtext.SanitizeLine(r.Note)
		r.Cols, r.Flag = termtext.SanitizeLine(r.Cols), termtext.SanitizeLine(r.Flag)
		m.rows[i], m.lower[i] = r, [2]string{strings.ToLower(r.Name), strings.ToLower(r.Desc)}
		m.widest = max(m.widest, ansi.StringWidth(r.Name))
	}
	m.marked = make([]bool, len(rows))
	copy(m.marked, marked)
	m.filter, m.typing = "", false
	m.refilter()
}

// Len is how many rows the list has; Shown, the ones the filter shows.
func (m *Model) Len() int      { return len(m.rows) }
func (m *Model) Shown() []int  { return m.shown }
func (m *Model) Row(i int) Row { return m.rows[i] }

// Filter is the filter's text; Typing, whether keys type into it.
func (m *Model) Filter() string { return m.filter }
func (m *Model) Typing() bool   { return m.typing }

// IsMarked reports whether row i is marked.
func (m *Model) IsMarked(i int) bool { return i >= 0 && i < len(m.marked) && m.marked[i] }

// Marked are the indices of the marked rows, in order.
func (m *Model) Marked() []int {
	var out []int
	for i, on := range m.marked {
		if on {
			out = append(out, i)
		}
	}
	return out
}

// MarkedTokens sums what the marked rows cost.
func (m *Model) MarkedTokens() int {
	n := 0
	for _, i := range m.Marked() {
		n += max(0, m.rows[i].Tokens)
	}
	return n
}

// Toggle marks the row under the cursor, or unmarks it.
func (m *Model) Toggle() {
	if m.cursor >= 0 && m.cursor < len(m.shown) {
		i := m.shown[m.cursor]
		m.marked[i] = !m.marked[i]
	}
}

// MarkShown marks (on) or unmarks every row the filter shows.
func (m *Model) MarkShown(on bool) {
	for _, i := range m.shown {
		m.marked[i] = on
	}
}

// ToggleShown marks every row the filter shows, or unmarks them when
// they all are.
func (m *Model) ToggleShown() {
	for _, i := range m.shown {
		if !m.marked[i] {
			m.MarkShown(true)
			return
		}
	}
	m.MarkShown(false)
}

func (m *Model) refilter() {
	m.shown = m.shown[:0]
	f := strings.ToLower(strings.TrimSpace(m.filter))
	for i, l := range m.lower {
		if f == "" || strings.Contains(l[0], f) || strings.Contains(l[1], f) {
			m.shown = append(m.shown, i)
		}
	}
	m.cursor, m.yOff = 0, 0
}

// setFilter changes the filter's text, as one step of its undo.
func (m *Model) setFilter(s string) {
	m.hist.Changed(m.filter, s)
	m.filter = s
	m.refilter()
}

// clamp keeps the cursor on a shown row and in view of rows rows.
func (m *Model) clamp(rows int) {
	m.cursor = max(0, min(m.cursor, len(m.shown)-1))
	m.yOff = filterlist.WindowTop(m.cursor, m.yOff, len(m.shown), max(1, rows))
}

// Move is how the caller's keys move a cursor: the row a key moves cur to
// in a list of n rows, page at a time (ok false: not a moving key).
type Move func(k tea.KeyPressMsg, cur, page, n int) (next int, ok bool)

// Key handles k for a list that shows rows rows: while the filter is
// typed every key is the filter's (enter keeps it, esc clears it, ↑/↓
// move); else space marks, / starts the filter, esc clears a filter set,
// and move's keys move. It reports whether k was the list's.
func (m *Model) Key(k tea.KeyPressMsg, rows int, move Move) bool {
	defer m.clamp(rows)
	if m.typing {
		switch s := k.String(); s {
		case "enter":
			m.typing = false
		case "esc":
			m.typing = false
			m.setFilter("")
		case "up", "down":
			m.cursor += map[string]int{"up": -1, "down": 1}[s]
		default:
			if f, ok := filterlist.Edit(k, m.filter); ok {
				m.setFilter(filterlist.Clean(f, maxFilter))
			}
		}
		return true
	}
	switch k.String() {
	case "space":
		m.Toggle()
	case "/":
		m.typing = true
	case "esc":
		if m.filter == "" {
			return false
		}
		m.setFilter("")
	default:
		next, ok := move(k, m.cursor, rows, len(m.shown))
		if !ok {
			return false
		}
		m.cursor = next
	}
	return true
}

// Type adds s, without its control characters, to the filter while it is
// typed (a paste).
func (m *Model) Type(s string) {
	if !m.typing {
		return
	}
	m.setFilter(filterlist.Clean(m.filter+s, maxFilter))
}

// Undo takes the filter's last change back (redo: puts it back), while it
// is typed; ok false when there is none.
func (m *Model) Undo(redo bool, rows int) bool {
	if !m.typing {
		return false
	}
	s, ok := m.hist.Step(redo, m.filter)
	if ok {
		m.filter = s
		m.refilter()
		m.clamp(rows)
	}
	return ok
}

// Wheel scrolls three rows up or down, the cursor kept in view.
func (m *Model) Wheel(up bool, rows int) {
	step := 3
	if up {
		step = -3
	}
	m.yOff = max(0, min(m.yOff+step, len(m.shown)-rows))
	m.cursor = max(m.yOff, min(m.cursor, m.yOff+rows-1))
}

// Click marks or unmarks the row drawn at line y of the rows (0 the
// first), of rows shown.
func (m *Model) Click(y, rows int) {
	if j := m.yOff + y; y >= 0 && y < rows && j < len(m.shown) {
		m.cursor = j
		m.Toggle()
	}
}

// Resize keeps the cursor in view of rows rows.
func (m *Model) Resize(rows int) { m.clamp(rows) }
