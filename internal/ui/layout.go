package ui

import (
	"sort"
)

// Minimum terminal size; below it the app says the terminal is too small.
const (
	MinWidth  = 60
	MinHeight = 16
)

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
