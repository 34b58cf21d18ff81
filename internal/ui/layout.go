package ui

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// Minimum terminal size; below it the app says the terminal is too small.
const (
	MinWidth  = 60
	MinHeight = 16
)

// rect is a box on the screen, in cells; the pane's border is inside it.
type rect struct{ X, Y, W, H int }

func (r rect) contains(x, y int) bool { return x >= r.X && x < r.X+r.W && y >= r.Y && y < r.Y+r.H }

// inner is the content area inside the border.
func (r rect) inner() (w, h int) { return max(0, r.W-2), max(0, r.H-2) }

// layout places the panes for a terminal size.
type layout struct {
	tools, diags, editor, preview rect
	status, help                  rect
	wide, tooSmall                bool
}

// computeLayout is pure: the panes for a w×h terminal with helpHeight rows
// of help at the bottom. Narrow terminals stack the editor over the
// preview; from 130 columns the preview gets its own column.
func computeLayout(w, h, helpHeight int) layout {
	var l layout
	if w < MinWidth || h < MinHeight {
		l.tooSmall = true
		return l
	}
	helpHeight = max(1, min(helpHeight, h/2))
	l.help = rect{0, h - helpHeight, w, helpHeight}
	l.status = rect{0, h - helpHeight - 1, w, 1}
	body := h - helpHeight - 1

	leftW := max(24, min(36, w*3/10))
	toolsH := max(5, body*3/5)
	l.tools = rect{0, 0, leftW, toolsH}
	l.diags = rect{0, toolsH, leftW, body - toolsH}

	rest := w - leftW
	if w >= 130 {
		l.wide = true
		prevW := rest * 9 / 20
		l.editor = rect{leftW, 0, rest - prevW, body}
		l.preview = rect{leftW + rest - prevW, 0, prevW, body}
		return l
	}
	edH := max(6, body*11/20)
	l.editor = rect{leftW, 0, rest, edH}
	l.preview = rect{leftW, edH, rest, body - edH}
	return l
}

// frame draws a rounded box of r's size with title in the top border and
// the given content lines inside, cut or padded to the inner width. It
// returns exactly r.H lines of exactly r.W cells.
func frame(r rect, title string, content []string, border, titleStyle lipgloss.Style) []string {
	if r.W < 2 || r.H < 2 {
		return nil
	}
	iw, ih := r.inner()
	out := make([]string, 0, r.H)
	title = ansi.Truncate(title, max(0, iw-2), "…")
	if tw := ansi.StringWidth(title); tw > 0 {
		out = append(out, border.Render("╭─")+titleStyle.Render(title)+border.Render(strings.Repeat("─", max(0, iw-1-tw))+"╮"))
	} else {
		out = append(out, border.Render("╭"+strings.Repeat("─", iw)+"╮"))
	}
	side := border.Render("│")
	for i := 0; i < ih; i++ {
		line := ""
		if i < len(content) {
			line = content[i]
		}
		out = append(out, side+fitExact(line, iw)+side)
	}
	return append(out, border.Render("╰"+strings.Repeat("─", iw)+"╯"))
}

// fitExact pads or cuts a styled line to exactly w cells, without an
// ellipsis.
func fitExact(s string, w int) string {
	sw := ansi.StringWidth(s)
	if sw > w {
		s = ansi.Truncate(s, w, "")
		sw = ansi.StringWidth(s)
	}
	if sw < w {
		s += strings.Repeat(" ", w-sw)
	}
	return s
}

// place copies a pane's lines onto the screen rows at r.
func place(rows [][]string, r rect, lines []string) {
	for i, l := range lines {
		if y := r.Y + i; y >= 0 && y < len(rows) {
			rows[y] = append(rows[y], l)
		}
	}
}

// fit pads or cuts a styled line to exactly w cells.
func fit(s string, w int) string {
	if w <= 0 {
		return ""
	}
	sw := ansi.StringWidth(s)
	if sw > w {
		return ansi.Truncate(s, w, "…")
	}
	return s + strings.Repeat(" ", w-sw)
}
