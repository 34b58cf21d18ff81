package ui

import (
	"sort"
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
	zoom                          Pane // the pane that takes the whole body, -1 for none
}

// wideWidth is the narrowest screen with the wide layout.
const wideWidth = 130

// computeLayout is pure: the panes for a w×h terminal with nDiags
// diagnostics, zoomed is the pane that takes the whole body (-1 for none).
// Two lines at the bottom hold the status and the key help. Narrow
// terminals stack the editor over the preview, with the diagnostics under
// the tools; from 130 columns the preview gets its own column and the
// diagnostics run under the editor and the preview, as tall as they need
// up to a third of the screen.
func computeLayout(w, h, nDiags int, zoomed Pane) layout {
	l := layout{zoom: zoomed}
	if w < MinWidth || h < MinHeight {
		l.tooSmall = true
		return l
	}
	l.help = rect{0, h - 1, w, 1}
	l.status = rect{0, h - 2, w, 1}
	body := h - 2
	if zoomed >= 0 {
		full := rect{0, 0, w, body}
		switch zoomed {
		case PaneTools:
			l.tools = full
		case PaneEditor:
			l.editor = full
		case PanePreview:
			l.preview = full
		case PaneDiags:
			l.diags = full
		}
		return l
	}
	leftW := max(24, min(40, w*3/10))
	rest := w - leftW
	if w >= wideWidth {
		l.wide = true
		l.tools = rect{0, 0, leftW, body}
		diagH := max(5, min(body/3, 3*nDiags+2))
		top := body - diagH
		prevW := rest * 9 / 20
		l.editor = rect{leftW, 0, rest - prevW, top}
		l.preview = rect{leftW + rest - prevW, 0, prevW, top}
		l.diags = rect{leftW, top, rest, diagH}
		return l
	}
	toolsH := max(5, body*3/5)
	l.tools = rect{0, 0, leftW, toolsH}
	l.diags = rect{0, toolsH, leftW, body - toolsH}
	edH := max(6, body*11/20)
	l.editor = rect{leftW, 0, rest, edH}
	l.preview = rect{leftW, edH, rest, body - edH}
	return l
}

// byX lists the panes from left to right, the order in which their
// pieces of a screen row are joined.
func (l layout) byX() []Pane {
	ps := []Pane{PaneTools, PaneEditor, PanePreview, PaneDiags}
	sort.SliceStable(ps, func(i, j int) bool { return l.rectOf(ps[i]).X < l.rectOf(ps[j]).X })
	return ps
}

// rectOf is the pane's box.
func (l layout) rectOf(p Pane) rect {
	switch p {
	case PaneTools:
		return l.tools
	case PaneEditor:
		return l.editor
	case PanePreview:
		return l.preview
	}
	return l.diags
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
		s = ansi.Truncate(s, w, "…")
		sw = ansi.StringWidth(s) // a cut inside a wide character leaves a cell
	}
	return s + strings.Repeat(" ", w-sw)
}
