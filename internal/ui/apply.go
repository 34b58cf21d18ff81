package ui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/termtext"
	"github.com/tooltui/tooltui/internal/ui/files"
	"github.com/tooltui/tooltui/internal/ui/form"
	"github.com/tooltui/tooltui/internal/ui/kit"
	"github.com/tooltui/tooltui/internal/ui/outside"
	"github.com/tooltui/tooltui/internal/ui/palette"
)

// apply carries out what panes and dialogs asked for, in order, and
// returns every command that results (none is dropped).
func (a *App) apply(acts ...kit.Action) tea.Cmd {
	var cmds []tea.Cmd
	for _, act := range acts {
		if c := a.apply1(act); c != nil {
			cmds = append(cmds, c)
		}
	}
	return tea.Batch(cmds...)
}

func (a *App) apply1(act kit.Action) tea.Cmd {
	switch act := act.(type) {
	case nil:
		return nil
	case kit.ActSwitch:
		return a.switchTo(act)
	case kit.ActSelect:
		a.selectRow(act.At)
	case kit.ActFocus:
		return a.setFocus(act.Pane, act.Edit)
	case kit.ActEdit:
		prev, ver := a.s.Doc(), a.s.Version()
		apply := a.s.Apply
		if act.Later {
			apply = a.s.ApplyLater
		}
		err := apply(act.Group, a.at, act.Fn)
		a.madeBy(act.By, prev, ver)
		if err != nil {
			return a.say(err.Error(), true)
		}
		if act.Later {
			return func() tea.Msg { return settleMsg{} }
		}
		a.refresh()
	case kit.ActRun:
		if q := a.typedQuestion(act); q != nil {
			return a.open(q)
		}
		return a.run(act.Name)
	case kit.ActStatus:
		return a.say(act.Text, act.Err)
	case kit.ActJump:
		return a.jumpTo(act.D)
	case kit.ActOpen:
		return a.open(act.D)
	case kit.ActClose:
		a.closeDialog()
	case kit.ActCmd:
		return act.Cmd
	case kit.ActRebuild:
		a.buildForm()
	case kit.ActPick:
		return a.apply(a.form.Pick(act, a.env())...)
	case kit.ActAdd:
		return a.addTool(act.Typ)
	case kit.ActSaveTo:
		return a.apply(a.disk.SaveTo(a.fileCtx(), act)...)
	case kit.ActExport:
		return a.apply(a.disk.ExportTo(a.fileCtx(), act)...)
	case kit.ActReload:
		return a.apply(a.disk.Reload(a.fileCtx(), act)...)
	case kit.ActRefresh:
		a.refresh()
	case kit.ActShow:
		return a.show(act.At)
	case kit.ActDrop:
		a.dropDialogs(act.Match)
	case kit.ActLayout:
		a.relayout()
	case kit.ActUnsay:
		a.unsay()
	case kit.ActSave:
		if act.Pending != "" && a.savePending != act.Pending {
			a.savePending = act.Pending
			return a.say("ctrl+s saves the document without "+act.Pending+" · ctrl+s again saves now", false)
		}
		a.savePending = ""
		return a.run(kit.CmdSave)
	case kit.ActRestore:
		if act.Doc == nil {
			return tea.Batch(files.RemoveRecoveryCmd(a.disk.RecoveryFile, a.deps), a.say("Discarded the unsaved work of the earlier session", false))
		}
		a.s.Replace(act.Doc, a.at)
		a.selectRow(kit.RequestSel)
		a.relayout()
		return a.say("Restored the unsaved work; ctrl+s saves it, ctrl+z undoes the restore", false)
	case kit.ActCopy:
		return outside.Copy(a.deps, act.What, act.Text)
	case kit.ActQuit:
		if act.KeepRecovery {
			return tea.Sequence(a.disk.KeepRecoveryCmd(a.s), a.disk.QuitNow())
		}
		return a.disk.QuitNow()
	default:
		panic(fmt.Sprintf("ui: unknown action %T", act))
	}
	return nil
}

// open opens d over the open dialog, or brings the one open for the same
// thing to the top. A question asked again from inside itself (ctrl+s in
// a save's question) takes its own place, as it is now.
func (a *App) open(d kit.Dialog) tea.Cmd {
	if a.raise(d) {
		name := d.Name()
		return a.say(strings.ToUpper(name[:1])+name[1:]+" is open already: here it is", false)
	}
	if q, ok := d.(*kit.ConfirmDialog); ok {
		if top, ok := a.dialog.(*kit.ConfirmDialog); ok && top.Title == q.Title {
			a.dialog = q.Resize(a.width, a.lay.status.Y)
			return a.say(`"`+q.Title+`" is asked already: answer it here`, false)
		}
	}
	a.pushDialog(d)
	return nil
}

// show selects the row at (an undo's, a reload's) keeping the focused
// field; typing goes on only in the entry it was in: an undo that took
// that entry away, or shows another, ends it.
func (a *App) show(at kit.Sel) tea.Cmd {
	editing, idx, was := a.form.Editing, a.form.Idx, a.at
	a.selectRow(at)
	a.relayout()
	cmd := a.form.Move(idx)
	if editing && a.focus == kit.PaneEditor && a.at == was {
		cmd = tea.Batch(cmd, a.setFocus(kit.PaneEditor, true))
	}
	return cmd
}

// madeBy tells the view an edit came from that it shows the document the
// edit made (it was up to date with prev, version ver, before): it does
// not read its own edit back. Every other view reads the document again.
// After an edit the session refused, the form and dialogs still show the
// document; the tree, which shows its edit already, reads it again.
func (a *App) madeBy(by kit.Viewer, prev *model.Document, ver uint64) {
	switch by {
	case kit.ByTree:
		if p := a.tree.pane; p != nil {
			if a.s.Version() != ver && p.Ver == ver {
				p.Ver = a.s.Version()
			} else {
				p.Sync(a.env())
			}
		}
	case kit.ByForm:
		if a.form.Seen == prev && a.form.Ver == ver {
			a.form.Seen, a.form.Ver = a.s.Doc(), a.s.Version()
		}
	case kit.ByDialog:
		if v, ok := a.dialog.(kit.DocView); ok && v.SeenVersion() == ver {
			v.See(a.s.Version())
		}
	}
}

// closeDialog closes the open dialog (the top one); one with work under
// way (a stream) stops it.
func (a *App) closeDialog() {
	if d, ok := a.dialog.(kit.Dismisser); ok {
		d.Dismiss()
	}
	a.popDialog()
}

// say shows a status message; every message clears itself. A message
// said while a dialog is open is about it, and goes when it closes.
func (a *App) say(text string, isErr bool) tea.Cmd {
	a.sayIn, a.sayAt = a.dialog, nil
	return a.status.set(termtext.SanitizeLine(text), isErr, a.deps.Tick)
}

// sayAbout is say for a message about row at: it goes when another row is
// selected.
func (a *App) sayAbout(at kit.Sel, text string) tea.Cmd {
	cmd := a.say(text, false)
	a.sayAt = &at
	return cmd
}

// unsay takes the status message away.
func (a *App) unsay() {
	a.status.clear(a.status.id)
	a.sayIn, a.sayAt = nil, nil
}

// settleMsg converts a document ApplyLater changed (see App.Update).
type settleMsg struct{}

// settle converts the document if it changed without being converted,
// and brings the panes up to date with the result.
func (a *App) settle() {
	if a.s.Settle() {
		a.refresh()
	}
}

// refresh brings the panes up to date after the document changed under
// the selection (an edit of the selected tool keeps its form and fields).
func (a *App) refresh() {
	d := a.s.Doc()
	if !a.at.Valid(d) {
		a.selectRow(a.at)
		return
	}
	a.tools.Show(a.s, a.at)
	a.form.SyncDoc(a.env())
	a.form.Attach(a.s.Result().Diagnostics, a.at)
	if a.preview.SetJSON(a.s.Result().JSON) {
		a.preview.Track(a.s.Result().Sources, a.at)
	}
	a.diags.Clamp(len(a.s.Result().Diagnostics))
	a.relayout()
}

// explainKey says why a key does nothing where it was pressed.
func explainKey(cmds []command, k tea.KeyPressMsg) kit.Action {
	ks := k.String()
	for _, c := range cmds {
		for _, b := range c.pane {
			for _, bk := range b.Keys() {
				if bk == ks {
					return kit.Say(fmt.Sprintf("%s (%s) works in the %s", ks, c.name, c.where))
				}
			}
		}
	}
	if k.Text == "" {
		return nil // arrows at an edge, modifiers alone: nothing to say
	}
	return kit.Say(fmt.Sprintf("%s does nothing here · ? lists the keys, ctrl+p the commands", termtext.SanitizeLine(ks)))
}

// addTool adds a tool of a catalogue type after the selection's list end,
// selects it and, for named tools, starts editing the name with the
// suggested one selected so typing replaces it.
func (a *App) addTool(typ string) tea.Cmd {
	k, t, label, ok := palette.NewTool(a.s.Doc(), typ)
	if !ok {
		return a.say("Unknown tool type "+typ, true)
	}
	idx := 0
	_ = a.s.Apply("", a.at, func(d *model.Document) (*model.Document, error) {
		nd, i := model.InsertTool(d, k, -1, t)
		idx = i
		return nd, nil
	})
	a.selectRow(kit.Sel{Kind: k, Index: idx})
	a.relayout()
	cmd := a.setFocus(kit.PaneEditor, false)
	if i := a.form.FieldIndex("name"); i >= 0 {
		cmd = tea.Batch(cmd, a.form.Move(i), a.setFocus(kit.PaneEditor, true))
		a.form.Fields[i].Ed.SelectAll()
		if k == model.Function && a.disk.Settings.TreeFirst() {
			a.treeAfter = &kit.Sel{Kind: k, Index: idx}
			return tea.Batch(cmd, a.sayAbout(kit.Sel{Kind: k, Index: idx}, "Added "+label+" · type its name; enter goes on to its parameters as a tree, esc stays here"))
		}
		return tea.Batch(cmd, a.sayAbout(kit.Sel{Kind: k, Index: idx}, "Added "+label+" · type its name, esc when done"))
	}
	return tea.Batch(cmd, a.sayAbout(kit.Sel{Kind: k, Index: idx}, "Added "+label+" · enter edits the focused field"))
}

// jumpTo goes to what a diagnostic is about.
func (a *App) jumpTo(d form.Diagnostic) tea.Cmd {
	at := kit.RequestSel
	if d.IsTool() {
		at = kit.Sel{Kind: d.Kind, Index: d.Index}
		if !at.Valid(a.s.Doc()) {
			return a.say("That tool is gone", false)
		}
	}
	a.selectRow(at)
	cmd := a.setFocus(kit.PaneEditor, false)
	if a.tree.locate(a.at, d) {
		return cmd
	}
	return tea.Batch(cmd, a.form.Locate(d))
}

// ---- results of commands ----

func (a *App) onCopied(m outside.CopiedMsg) tea.Cmd {
	text, isErr := outside.CopyStatus(m, a.deps.Getenv, a.clipWarned)
	if m.Native != nil {
		a.clipWarned = true
	}
	return a.say(text, isErr)
}

// maxPaste bounds one paste: far above any real tool definition.
const maxPaste = model.MaxDocumentBytes

func (a *App) onPaste(m tea.PasteMsg) tea.Cmd {
	if a.dialog != nil {
		return a.routeDialog(m)
	}
	if a.focus == kit.PaneTools && a.tools.Filter.Typing {
		return a.apply(a.paneUpdate(m)...)
	}
	f := a.form.Focused()
	if a.focus != kit.PaneEditor || f == nil || !f.IsText() {
		return a.say("Paste into a text field: focus one and press enter to edit it", false)
	}
	if len(m.Content)+f.Ed.Len() > maxPaste {
		return a.say(fmt.Sprintf("Paste refused: %d bytes would pass the %d MiB limit of a field", len(m.Content), maxPaste>>20), true)
	}
	if size := a.s.Doc().Size() + len(m.Content); size > model.MaxDocumentBytes {
		return a.say(fmt.Sprintf("Paste refused: the document would be %.1f MiB, over the %d MiB tooltui can open", float64(size)/(1<<20), model.MaxDocumentBytes>>20), true)
	}
	cmd := a.form.SetEditing(true)
	a.s.BreakGroup()
	return tea.Batch(cmd, a.apply(a.paneUpdate(m)...))
}
