package ui

import (
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// The mouse works the same in every pane: a click focuses the pane and
// picks the row, field or diagnostic under the pointer; the wheel scrolls
// the pane under the pointer.

func (a *App) paneAt(x, y int) (kit.Pane, bool) {
	for p := kit.PaneTools; p < kit.PaneCount; p++ {
		if r := a.lay.rectOf(p); r.W > 0 && r.Contains(x, y) {
			return p, true
		}
	}
	return 0, false
}

func (a *App) onClick(m tea.Mouse) tea.Cmd {
	a.treeAfter = nil // a click ends the naming of a new function
	if a.lay.tooSmall || m.Button != tea.MouseLeft {
		return nil
	}
	if a.dialog != nil {
		return a.clickDialog(m)
	}
	p, ok := a.paneAt(m.X, m.Y)
	if !ok {
		return nil
	}
	r := a.lay.rectOf(p)
	y := m.Y - r.Y - 1 // the line inside the border
	cmd := a.setFocus(p, false)
	switch p {
	case kit.PaneTools:
		if row, ok := a.tools.RowAt(y); ok {
			a.selectRow(kit.SelAt(a.s.Doc(), row))
		}
	case kit.PaneEditor:
		if a.tree.shown(a.at) {
			a.tree.pane.Click(y)
			return cmd
		}
		if i, ok := a.form.FieldAt(y); ok {
			cmd = tea.Batch(cmd, a.form.Move(i))
		}
	case kit.PaneDiags:
		if i, ok := a.diags.RowAt(a.s.Result().Diagnostics, &a.styles, y); ok {
			a.diags.Row = i
			a.diags.Follow(a.s.Result().Diagnostics, &a.styles)
		}
	}
	return cmd
}

// clickDialog hands a click to the open dialog, relative to its box as
// overlay draws it; a click outside the box closes it.
func (a *App) clickDialog(m tea.Mouse) tea.Cmd {
	lines := a.dialog.View(a.env(), a.width, a.lay.status.Y)
	if len(lines) == 0 {
		return nil
	}
	bw := ansi.StringWidth(lines[0])
	x := max(0, (a.width-bw)/2)
	y := max(0, (a.lay.status.Y-len(lines))/3)
	if m.X < x || m.X >= x+bw || m.Y < y || m.Y >= y+len(lines) {
		a.closeDialog()
		return nil
	}
	local := tea.MouseClickMsg{X: m.X - x - 1, Y: m.Y - y - 1, Button: m.Button, Mod: m.Mod}
	return a.routeDialog(local)
}

func (a *App) onWheel(m tea.Mouse) tea.Cmd {
	if a.lay.tooSmall {
		return nil
	}
	d := 3
	switch m.Button {
	case tea.MouseWheelUp:
		d = -3
	case tea.MouseWheelDown:
	default:
		return nil
	}
	if a.dialog != nil {
		return a.routeDialog(tea.MouseWheelMsg(m))
	}
	p, ok := a.paneAt(m.X, m.Y)
	if !ok {
		return nil
	}
	switch p {
	case kit.PanePreview:
		a.preview.Scroll(d)
	case kit.PaneTools:
		a.tools.YOff = max(0, min(a.tools.YOff+d, len(a.tools.Rows)-a.tools.ListHeight()))
	case kit.PaneDiags:
		a.diags.YOff = max(0, min(a.diags.YOff+d/3, len(a.s.Result().Diagnostics)-1))
	case kit.PaneEditor:
		if a.tree.shown(a.at) {
			a.tree.pane.Update(tea.MouseWheelMsg(m), a.env())
			return nil
		}
		_, total := a.form.FieldLines()
		a.form.YOff = max(0, min(a.form.YOff+d, total-a.form.H))
	}
	return nil
}
