package ui

import (
	tea "charm.land/bubbletea/v2"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

func (a *App) relayout() {
	nErr, nWarn := kit.CountDiags(a.s.Result().Diagnostics)
	a.lay = computeLayout(a.width, a.height, nErr+nWarn, a.zoomed())
	w, h := a.lay.editor.Inner()
	a.form.SetSize(w, h)
	_, th := a.lay.tools.Inner()
	a.tools.SetHeight(th)
	pw, ph := a.lay.preview.Inner()
	a.preview.SetSize(pw, ph)
	dw, dh := a.lay.diags.Inner()
	a.diags.SetSize(dw, dh)
	if a.tree.pane != nil {
		a.tree.pane.SetSize(w, h)
	}
	for i, d := range a.under {
		a.under[i] = d.Resize(a.width, a.lay.status.Y)
	}
	if a.dialog != nil {
		a.dialog = a.dialog.Resize(a.width, a.lay.status.Y)
	}
}

// zoomed is the pane that takes the whole body, -1 when none.
func (a *App) zoomed() kit.Pane {
	if a.zoom {
		return a.focus
	}
	if a.tree.zoomed(a.treeCtx()) {
		return kit.PaneEditor
	}
	return -1
}

// capturing reports whether the focused pane takes typed text now (a field
// being edited, the tools filter being typed).
func (a *App) capturing() bool {
	switch a.focus {
	case kit.PaneEditor:
		return a.form.Editing
	case kit.PaneTools:
		return a.tools.Filter.Typing
	}
	return false
}

// tab moves to the next field of the form, or to the next pane after the
// last field. Moving never starts editing.
func (a *App) tab(d int) tea.Cmd {
	if a.focus == kit.PaneEditor && !a.tree.shown(a.at) {
		n := a.form.Idx + d
		if n >= 0 && n < len(a.form.Fields) {
			return tea.Batch(a.form.SetEditing(false), a.form.Move(n))
		}
	}
	next := kit.Pane((int(a.focus) + d + int(kit.PaneCount)) % int(kit.PaneCount))
	cmd := a.setFocus(next, false)
	if next == kit.PaneEditor {
		i := 0
		if d < 0 {
			i = len(a.form.Fields) - 1
		}
		cmd = tea.Batch(cmd, a.form.Move(i))
	}
	return cmd
}

// setFocus is the one place focus changes: it focuses pane p, starts or
// stops editing the form's focused field, and returns the commands the
// editors ask for.
func (a *App) setFocus(p kit.Pane, edit bool) tea.Cmd {
	if p != kit.PaneTools {
		a.tools.Filter.Typing = false
	}
	a.focus = p
	if a.zoom {
		a.relayout()
	}
	return a.form.SetEditing(p == kit.PaneEditor && edit && !a.tree.shown(a.at))
}

// selectRow selects a row and builds its form.
func (a *App) selectRow(at kit.Sel) {
	d := a.s.Doc()
	if !at.Valid(d) {
		at = kit.SelAt(d, min(kit.RowOf(d, at), kit.RowCount(d)-1))
	}
	if a.sayAt != nil && *a.sayAt != at {
		a.unsay()
	}
	a.at = at
	a.tools.Show(a.s, at)
	a.form.Raw = false
	a.buildForm()
	a.preview.SetJSON(a.s.Result().JSON)
	a.preview.Follow(a.s.Result().Sources, at)
}

// buildForm builds the form of the selected row from the document.
func (a *App) buildForm() {
	a.form.Build(a.env())
	a.form.Attach(a.s.Result().Diagnostics, a.at)
	a.form.Restyle(&a.styles)
}
