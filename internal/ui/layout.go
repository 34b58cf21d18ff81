package ui

import (
	"sort"

	"github.com/tooltui/tooltui/internal/ui/kit"
)

// Minimum terminal size; below it the app says the terminal is too small.
const (
	MinWidth  = 60
	MinHeight = 16
)

// layout places the panes for a terminal size.
type layout struct {
	tools, diags, editor, preview kit.Rect
	status, help                  kit.Rect
	wide, tooSmall                bool
	zoom                          kit.Pane // the pane that takes the whole body, -1 for none
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
func computeLayout(w, h, nDiags int, zoomed kit.Pane) layout {
	l := layout{zoom: zoomed}
	if w < MinWidth || h < MinHeight {
		l.tooSmall = true
		return l
	}
	l.help = kit.Rect{X: 0, Y: h - 1, W: w, H: 1}
	l.status = kit.Rect{X: 0, Y: h - 2, W: w, H: 1}
	body := h - 2
	if zoomed >= 0 {
		full := kit.Rect{X: 0, Y: 0, W: w, H: body}
		switch zoomed {
		case kit.PaneTools:
			l.tools = full
		case kit.PaneEditor:
			l.editor = full
		case kit.PanePreview:
			l.preview = full
		case kit.PaneDiags:
			l.diags = full
		}
		return l
	}
	leftW := max(24, min(40, w*3/10))
	rest := w - leftW
	if w >= wideWidth {
		l.wide = true
		l.tools = kit.Rect{X: 0, Y: 0, W: leftW, H: body}
		diagH := max(5, min(body/3, 3*nDiags+2))
		top := body - diagH
		prevW := rest * 9 / 20
		l.editor = kit.Rect{X: leftW, Y: 0, W: rest - prevW, H: top}
		l.preview = kit.Rect{X: leftW + rest - prevW, Y: 0, W: prevW, H: top}
		l.diags = kit.Rect{X: leftW, Y: top, W: rest, H: diagH}
		return l
	}
	toolsH := max(5, body*3/5)
	l.tools = kit.Rect{X: 0, Y: 0, W: leftW, H: toolsH}
	l.diags = kit.Rect{X: 0, Y: toolsH, W: leftW, H: body - toolsH}
	edH := max(6, body*11/20)
	l.editor = kit.Rect{X: leftW, Y: 0, W: rest, H: edH}
	l.preview = kit.Rect{X: leftW, Y: edH, W: rest, H: body - edH}
	return l
}

// byX lists the panes from left to right, the order in which their
// pieces of a screen row are joined.
func (l layout) byX() []kit.Pane {
	ps := []kit.Pane{kit.PaneTools, kit.PaneEditor, kit.PanePreview, kit.PaneDiags}
	sort.SliceStable(ps, func(i, j int) bool { return l.rectOf(ps[i]).X < l.rectOf(ps[j]).X })
	return ps
}

// rectOf is the pane's box.
func (l layout) rectOf(p kit.Pane) kit.Rect {
	switch p {
	case kit.PaneTools:
		return l.tools
	case kit.PaneEditor:
		return l.editor
	case kit.PanePreview:
		return l.preview
	}
	return l.diags
}
