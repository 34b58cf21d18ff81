package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/ui/files"
	"github.com/tooltui/tooltui/internal/ui/form"
	"github.com/tooltui/tooltui/internal/ui/kit"
	"github.com/tooltui/tooltui/internal/ui/outside"
	"github.com/tooltui/tooltui/internal/ui/palette"
	"github.com/tooltui/tooltui/internal/ui/tools"
)

// The commands behind the palette entries: each turns into a session
// edit, a dialog or an IO command.

// onMarked does op to the marked tools (tools.Pane.OnMarked) if any are
// marked, else one to the selection.
func (a *App) onMarked(op tools.Op, one func(e *kit.Env) []kit.Action) tea.Cmd {
	if acts, ok := a.tools.OnMarked(op, a.env()); ok {
		return a.apply(acts...)
	}
	return a.apply(one(a.env())...)
}

func (a *App) undo(redo bool) tea.Cmd {
	if f := a.form.Focused(); a.dialog == nil && a.focus == kit.PaneEditor && a.form.Editing && f != nil && f.IsText() {
		// the field being edited takes its own typing back first
		if done := kit.FieldUndo(&f.Ed, redo); done {
			cmd := a.apply(a.form.Changed(f, a.env())...)
			a.form.ScrollToFocus()
			return tea.Batch(cmd, a.say(kit.UndoWord(redo)+" typing in "+f.Label+" (once it has none, ctrl+z undoes the document)", false))
		}
	}
	if a.dialog == nil && a.focus == kit.PaneTools && a.tools.UndoFilter(redo, a.env()) {
		return a.say(kit.UndoWord(redo)+" typing in the filter (once it has none, ctrl+z undoes the document)", false)
	}
	if d, ok := a.dialog.(kit.TextUndo); ok {
		if done, acts := d.UndoText(redo); done {
			return tea.Batch(a.apply(acts...), a.say(kit.UndoWord(redo)+" typing in the field (once it has none, ctrl+z undoes the document)", false))
		}
	}
	at, ok := a.s.Undo(redo, a.at)
	word := "undo"
	if redo {
		word = "redo"
	}
	if !ok {
		return a.say("Nothing to "+word, false)
	}
	// The same row: its form reads the document again, and a field being
	// edited keeps its cursor where it was (as far as the text it gets
	// back allows). Another row is selected, keeping the focused field.
	var show kit.Action = kit.ActRefresh{}
	if at != a.at || !at.Valid(a.s.Doc()) {
		show = kit.ActShow{At: at}
	}
	if redo {
		return a.apply(show, kit.Say("Redid the last undone change"))
	}
	return a.apply(show, kit.Say("Undid the last change (ctrl+y redoes it)"))
}

// quit quits, asking first when there are unsaved changes.
func quit(s *kit.Session) kit.Action {
	if s.Dirty() {
		return kit.ActOpen{D: palette.NewQuit()}
	}
	return kit.ActQuit{}
}

// save writes the document; with no file yet it asks for a name.
func save(s *kit.Session, thenQuit bool) []kit.Action {
	if s.Path() == "" {
		return []kit.Action{kit.ActOpen{D: files.NewSaveAs("", thenQuit)}}
	}
	if src := s.Doc().Source; src != nil {
		// A save writes the Responses shape: never over the file in the
		// other format unless the user names it.
		return []kit.Action{kit.ActOpen{D: files.NewSaveAs(files.ResponsesName(s.Path()), thenQuit)},
			kit.Say("This file is in the " + src.Format + " format; a save writes a Responses body, so it asks where")}
	}
	return []kit.Action{kit.ActSaveTo{Path: s.Path(), Quit: thenQuit}}
}

// toggleRaw switches the selected tool between its form and its JSON
// (the palette's needToolJSON keeps it off the request row).
func (a *App) toggleRaw() tea.Cmd {
	raw := a.form.Kind != form.FormRaw
	if !raw && !a.at.Request && !a.tree.shown(a.at) {
		if why, later := form.NoFormWhy(a.at.Kind, a.s.Doc().List(a.at.Kind)[a.at.Index]); why != "" {
			a.form.Raw = !later // JSON not valid yet: the form shows once it is
			return a.say(why, false)
		}
	}
	var acts []kit.Action
	if a.tree.shown(a.at) {
		acts, raw = a.tree.leave(a.treeCtx(), false, ""), true // from the tree to the tool's JSON
	}
	a.form.Raw = raw
	return a.apply(append(acts, kit.ActRebuild{}, kit.ActFocus{Pane: kit.PaneEditor})...)
}

func (a *App) toggleZoom() tea.Cmd {
	a.zoom = !a.zoom
	a.relayout()
	if a.zoom {
		return a.say("Zoomed the focused pane · z again to restore", false)
	}
	return nil
}

// editExternally edits the focused multi-line field of the form in
// $EDITOR; params (the parameters tree is shown) edits the parameters, or
// the tool's JSON when the form shows that instead.
func (a *App) editExternally(params bool) kit.Action {
	id, text, ext, ok := a.form.ExternalField(params)
	if !ok {
		return kit.Say("Focus a multi-line field (description, parameters, JSON) in the editor pane to open it in $EDITOR")
	}
	return kit.ActCmd{Cmd: outside.Editor(a.deps, a.at, id, text, ext)}
}

// editorDone applies the text the external editor wrote to the field it
// was opened on, if the form still shows that tool.
func (a *App) editorDone(m outside.EditorDoneMsg) []kit.Action {
	if m.Err != nil {
		return []kit.Action{kit.SayErr("External editor: " + m.Err.Error())}
	}
	if m.Sel != a.at {
		return []kit.Action{kit.SayErr("The tool changed while the editor was open; its text was not applied")}
	}
	return a.form.ApplyExternal(m.FieldID, m.Text, a.env())
}

// selectField edits the form's focused field with its whole text
// selected (the palette's "Select the whole field").
func (a *App) selectField() tea.Cmd {
	cmd := a.setFocus(kit.PaneEditor, true)
	f := a.form.Focused()
	if f == nil || !f.IsText() || !a.form.Editing {
		return tea.Batch(cmd, a.say("The focused field is a choice: ←/→ or enter change it", false))
	}
	return tea.Batch(cmd, a.apply(form.SelectAll(f)))
}
