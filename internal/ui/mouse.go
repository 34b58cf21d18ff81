package ui

import (
	tea "charm.land/bubbletea/v2"
)

func (a *App) paneAt(x, y int) (Pane, bool) {
	for p, r := range map[Pane]rect{PaneTools: a.lay.tools, PaneEditor: a.lay.editor, PanePreview: a.lay.preview, PaneDiags: a.lay.diags} {
		if r.contains(x, y) {
			return p, true
		}
	}
	return 0, false
}

func (a *App) onClick(m tea.Mouse) {
	if a.mode != modeNormal || a.lay.tooSmall || m.Button != tea.MouseLeft {
		return
	}
	p, ok := a.paneAt(m.X, m.Y)
	if !ok {
		return
	}
	a.setFocus(p)
	if p == PaneEditor {
		a.form.editing = false
		a.form.syncFocus()
	}
	if p == PaneTools {
		row := a.tools.yOff + m.Y - a.lay.tools.Y - 1
		if row >= 0 && row < rowCount(a.doc) {
			a.selectRow(row)
		}
	}
	if p == PaneDiags {
		row := a.diags.yOff + (m.Y-a.lay.diags.Y-1)/2
		if row >= 0 && row < len(a.res.Diagnostics) {
			a.diags.row = row
		}
	}
}

func (a *App) onWheel(m tea.Mouse) {
	if a.mode != modeNormal || a.lay.tooSmall {
		return
	}
	d := 3
	if m.Button == tea.MouseWheelUp {
		d = -3
	} else if m.Button != tea.MouseWheelDown {
		return
	}
	p, ok := a.paneAt(m.X, m.Y)
	if !ok {
		return
	}
	switch p {
	case PanePreview:
		_, h := a.lay.preview.inner()
		a.preview.scroll(d, h)
	case PaneTools:
		a.selectRow(a.tools.row + d/3)
	case PaneDiags:
		a.diags.row = max(0, min(len(a.res.Diagnostics)-1, a.diags.row+d/3))
	case PaneEditor:
		a.form.yOff = max(0, a.form.yOff+d)
	}
}
