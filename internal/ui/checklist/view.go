package checklist

import (
	"fmt"

	"github.com/charmbracelet/x/ansi"

	"github.com/tooltui/tooltui/internal/termtext"
)

// View is the filter line, with right (such as "2 of 4 checked") at its
// end, and rows rows of the list, iw cells wide; empty is what an empty
// list says.
func (m *Model) View(st Styles, iw, rows int, right, empty string) []string {
	var left string
	filter := termtext.SanitizeLine(m.filter)
	switch {
	case m.typing:
		left = st.Filter.Render(" / "+filter) + st.Filter.Reverse(true).Render(" ")
	case m.filter != "":
		left = st.Filter.Render(" / "+filter) + st.Dim.Render(fmt.Sprintf("  %d shown", len(m.shown)))
	default:
		left = st.Dim.Render(" / filter")
	}
	if right != "" {
		left = termtext.Fit(left, max(0, iw-ansi.StringWidth(right)-1)) + " " + st.Dim.Render(right)
	}
	lines := make([]string, 0, rows+1)
	lines = append(lines, left)
	switch {
	case len(m.rows) == 0:
		lines = append(lines, st.Dim.Render(termtext.Fit("   "+empty, iw)))
	case len(m.shown) == 0:
		lines = append(lines, st.Dim.Render(termtext.Fit("   No tool matches "+termtext.Quote(m.filter), iw)))
	}
	nameW := m.widest
	if m.NameWidth != nil {
		nameW = m.NameWidth(m.widest, iw)
	}
	for j := m.yOff; j < len(m.shown) && j < m.yOff+rows; j++ {
		i := m.shown[j]
		lines = append(lines, m.row(st, m.rows[i], m.marked[i], j == m.cursor, nameW, iw))
	}
	for len(lines) < rows+1 {
		lines = append(lines, "")
	}
	return lines
}

// row is one row: the cursor's pointer, the mark, the name, the columns,
// the flag and the detail.
func (m *Model) row(st Styles, r Row, marked, cur bool, nameW, iw int) string {
	pointer, check := "  ", "[ ] "
	if cur {
		pointer = "› "
	}
	if marked {
		check = "[x] "
	}
	head := " " + pointer + check + termtext.Fit(r.Name, nameW) + "  " + r.Cols
	rest := max(0, iw-ansi.StringWidth(head+r.Flag))
	detail, style := r.Desc, st.Dim
	switch {
	case r.Note == "":
	case r.Look == Bad:
		detail, style = r.Note, st.Error
	case r.Look == Warn:
		detail, style = r.Note, st.Warning
	default:
		detail = r.Note
	}
	if cur {
		return st.Selected.Render(termtext.FitExact(head+r.Flag+termtext.Fit(detail, rest), iw))
	}
	if r.Flag != "" {
		head += st.Warning.Render(r.Flag)
	}
	return head + style.Render(termtext.Fit(detail, rest))
}
