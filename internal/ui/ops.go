package ui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/ui/editor"
)

// The commands behind the palette entries: each turns into a session
// edit, a dialog or an IO command.

func (a *App) deleteTool() tea.Cmd {
	t, _ := a.s.Tool(a.at)
	_, label := toolLabel(a.at.Kind, t)
	if cmd := a.structural(model.DeleteTool, "deleted"); cmd != nil {
		return cmd
	}
	return a.say("Deleted "+label+" (ctrl+z to undo)", false)
}

func (a *App) duplicateTool() tea.Cmd {
	if cmd := a.structural(model.DuplicateTool, "duplicated"); cmd != nil {
		return cmd
	}
	t, _ := a.s.Tool(a.at)
	_, label := toolLabel(a.at.Kind, t)
	return a.say("Duplicated as "+label, false)
}

func (a *App) moveTool(d int) tea.Cmd {
	return a.structural(func(doc *model.Document, k model.Kind, i int) (*model.Document, int, error) {
		return model.MoveTool(doc, k, i, d)
	}, "moved")
}

func (a *App) toggleTool() tea.Cmd {
	if cmd := a.structural(func(doc *model.Document, k model.Kind, i int) (*model.Document, int, error) {
		nd, err := model.ToggleTool(doc, k, i)
		return nd, i, err
	}, "disabled"); cmd != nil {
		return cmd
	}
	if t, _ := a.s.Tool(a.at); t.Disabled {
		return a.say("Disabled: kept in the document, left out of the request (space enables it)", false)
	}
	return a.say("Enabled: back in the request", false)
}

func (a *App) undo(redo bool) tea.Cmd {
	if f := a.form.focused(); a.dialog == nil && a.focus == PaneEditor && a.form.editing && f != nil && f.isText() {
		// the field being edited takes its own typing back first
		if done := fieldUndo(&f.ed, redo); done {
			cmd := a.apply(a.form.changed(f, a.env())...)
			a.form.scrollToFocus()
			return tea.Batch(cmd, a.say(undoWord(redo)+" typing in "+f.label+" (once it has none, ctrl+z undoes the document)", false))
		}
	}
	if d, ok := a.dialog.(textUndo); ok {
		if done, acts := d.undoText(redo); done {
			return tea.Batch(a.apply(acts...), a.say(undoWord(redo)+" typing in the field (once it has none, ctrl+z undoes the document)", false))
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
	var cmd tea.Cmd
	if at == a.at && at.Valid(a.s.Doc()) {
		// The same row: its form reads the document again, and a field
		// being edited keeps its cursor where it was (as far as the text
		// it gets back allows).
		a.refresh()
	} else {
		editing, idx := a.form.editing, a.form.idx
		a.selectRow(at)
		a.relayout()
		cmd = a.form.move(idx)
		if editing && a.focus == PaneEditor {
			cmd = tea.Batch(cmd, a.setFocus(PaneEditor, true))
		}
	}
	if redo {
		return tea.Batch(cmd, a.say("Redid the last undone change", false))
	}
	return tea.Batch(cmd, a.say("Undid the last change (ctrl+y redoes it)", false))
}

// textUndo is a dialog with a text field that takes its own typing back
// (ctrl+z) or puts it back (ctrl+y) before the document's undo does.
type textUndo interface {
	undoText(redo bool) (bool, []action)
}

// fieldUndo undoes (or redoes) a step of ed's own typing, if it has one.
func fieldUndo(ed *editor.Model, redo bool) bool {
	if redo {
		return ed.Redo()
	}
	return ed.Undo()
}

func undoWord(redo bool) string {
	if redo {
		return "Redid"
	}
	return "Undid"
}

func (a *App) quit() tea.Cmd {
	if a.s.Dirty() {
		return a.apply(actOpen{newQuitDialog()})
	}
	return a.disk.quitNow()
}

// save writes the document; with no file yet it asks for a name.
func (a *App) save(quit bool) tea.Cmd {
	if a.s.Path() == "" {
		return a.apply(actOpen{newSaveAsDialog("", quit)})
	}
	if src := a.s.Doc().Source; src != nil {
		// A save writes the Responses shape: never over the file in the
		// other format unless the user names it.
		return tea.Batch(a.apply(actOpen{newSaveAsDialog(responsesName(a.s.Path()), quit)}),
			a.say("This file is in the "+src.Format+" format; a save writes a Responses body, so it asks where", false))
	}
	return a.apply(actSaveTo{path: a.s.Path(), quit: quit})
}

type copyWhat int

const (
	copyRequest copyWhat = iota
	copyTools
	copyCurl
)

// copy puts the request, its tools or a curl command on the clipboards.
func (a *App) copy(w copyWhat) tea.Cmd {
	body := a.s.Result().JSON
	what, text := "request JSON", string(body)
	switch w {
	case copyTools:
		what, text = "tools array", toolsJSON(body)
	case copyCurl:
		cmd, err := curlCommand(body, a.sendConfig().BaseURL)
		if err != nil {
			return a.say("No curl command: "+err.Error(), true)
		}
		what, text = "curl command", cmd
	}
	return copyCmd(a.deps, what+" ("+copySummary(a.s)+")", text)
}

// copySummary says how many tools were copied and how many entries of the
// document were left out, and why.
func copySummary(s *Session) string {
	d := s.Doc()
	total, off := 0, 0
	for _, l := range [][]model.Tool{d.Functions, d.Builtins} {
		for _, t := range l {
			total++
			if t.Disabled {
				off++
			}
		}
	}
	kept := len(s.Result().Tools)
	out := plural(kept, "tool")
	var left []string
	if n := total - off - kept; n > 0 {
		left = append(left, fmt.Sprintf("%d with errors", n))
	}
	if off > 0 {
		left = append(left, fmt.Sprintf("%d disabled", off))
	}
	switch len(left) {
	case 1:
		out += "; left out " + left[0]
	case 2:
		out += "; left out " + left[0] + " and " + left[1]
	}
	return out
}

func (a *App) toggleRaw() tea.Cmd {
	if a.at.Request {
		return a.say("The request has no JSON view; its other fields are JSON already", false)
	}
	raw := a.form.kind != formRaw
	var acts []action
	if a.tree.shown(a.at) {
		acts, raw = a.tree.leave(a.treeCtx(), false, ""), true // from the tree to the tool's JSON
	}
	a.form.raw = raw
	return a.apply(append(acts, actRebuild{}, actFocus{pane: PaneEditor})...)
}

func (a *App) toggleZoom() tea.Cmd {
	a.zoom = !a.zoom
	a.relayout()
	if a.zoom {
		return a.say("Zoomed the focused pane · z again to restore", false)
	}
	return nil
}

// openExternalEditor edits the focused multi-line field in $EDITOR; with
// the parameters tree shown, the parameters.
func (a *App) openExternalEditor() tea.Cmd {
	f := a.form.focused()
	if a.tree.shown(a.at) {
		f = nil
		if i := a.form.fieldIndex("parameters"); i >= 0 {
			f = a.form.fields[i]
		}
	}
	if f == nil || f.kind != fieldMulti {
		return a.say("Focus a multi-line field (description, parameters, JSON) in the editor pane to open it in $EDITOR", false)
	}
	ext := ".txt"
	if f.val == valJSON {
		ext = ".json"
	}
	return externalEditorCmd(a.deps, a.at, f.id, f.ed.Value(), ext)
}
