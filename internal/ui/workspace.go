package ui

import (
	"cmp"
	"path/filepath"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/session"
	"github.com/tooltui/tooltui/internal/ui/docs"
	"github.com/tooltui/tooltui/internal/ui/files"
	"github.com/tooltui/tooltui/internal/ui/kit"
	"github.com/tooltui/tooltui/internal/ui/palette"
	"github.com/tooltui/tooltui/internal/workspace"
)

// wsState is the workspace the app was opened on (Options.Workspace): the
// document shown, and what the app keeps of each other one it has shown,
// so that switching back finds its session (undo, unsaved changes), its
// file's side (recovery copy, settings) and its selection as they were.
// The shown document's file has its watcher (files), which stops when it
// is hidden and starts again when it is shown; the folder's (docs.Watcher)
// takes the changes to the others.
type wsState struct {
	w        *workspace.Workspace
	shown    string
	docs     map[string]*wsDoc
	quitSave bool // "save all and quit": quit once nothing is unsaved
	// notSaved: what the last Save all could not save (path: why), said
	// again after each of its saves (saving: how many are on their way).
	notSaved map[string]string
	saving   int
	watch    docs.Watcher
	listed   bool // listMsg is on its way, or was taken
}

type wsDoc struct {
	s    *kit.Session
	disk files.Disk
	at   kit.Sel
}

// switchMsg: the document to show was read (Load), or why it could not be.
type switchMsg struct {
	path      string
	at        *kit.Sel
	err       error
	recovered *model.Document // files.RecoveredFor a document not shown before
	over      bool
}

// switchTo reads the document path (a stat when it was read already) in
// a command, then shows it (onSwitch).
func (a *App) switchTo(act kit.ActSwitch) tea.Cmd {
	if a.ws == nil {
		return a.say("Only a workspace (tooltui DIR) has other documents", false)
	}
	w, first := a.ws.w, a.ws.docs[act.Path] == nil && act.Path != a.ws.shown && a.disk.RecoveryFile != ""
	return func() tea.Msg {
		m := switchMsg{path: act.Path, at: act.At, err: w.Load(act.Path)}
		if first && m.err == nil { // unsaved work of an earlier run, offered as at start
			m.recovered, m.over = files.RecoveredFor(filepath.Join(w.Dir(), filepath.FromSlash(act.Path)))
		}
		return m
	}
}

// onSwitch shows a document: the one shown is kept as it is, its watcher
// stopped and its unsaved work copied.
func (a *App) onSwitch(m switchMsg) tea.Cmd {
	ws := a.ws
	s, err := ws.w.Session(m.path)
	if err == nil && m.err != nil {
		err = m.err
	}
	if err != nil {
		return a.say(m.path+" cannot be opened: "+err.Error(), true)
	}
	var cmd tea.Cmd
	if m.path != ws.shown {
		ws.docs[ws.shown] = &wsDoc{s: a.s, disk: a.disk, at: a.at}
		cmd = a.disk.Leave(a.s)
		d := ws.docs[m.path]
		if d == nil || d.s.Session != s {
			ks := kit.WrapSession(s)
			d = &wsDoc{s: ks, disk: a.disk.For(ks), at: kit.RequestSel}
		}
		d.disk.Settings = a.disk.Settings
		a.s, a.disk, ws.shown = d.s, d.disk, m.path
		a.tok.Doc, a.tree = nil, treeState{} // a tree shows the hidden document's parameters
		a.selectRow(d.at)
		a.refresh()
		cmd = tea.Batch(cmd, a.disk.StartWatch(a.s.Path()), a.disk.CheckNow(a.s.Path()))
	}
	if m.at != nil {
		a.selectRow(*m.at)
		cmd = tea.Batch(cmd, a.setFocus(kit.PaneTools, false))
	}
	if m.recovered != nil && !a.s.Dirty() && !session.SameDoc(m.recovered, a.s.Doc()) {
		cmd = tea.Batch(cmd, a.apply(kit.ActOpen{D: files.NewRecovery(m.recovered, m.over)}))
	}
	return tea.Batch(cmd, a.say("Showing "+m.path, false))
}

// openSwitcher lists the workspace's documents (ctrl+o).
func (a *App) openSwitcher() tea.Cmd {
	d, cmd := docs.NewSwitcher(a.ws.w, a.ws.shown)
	return tea.Batch(a.apply(kit.ActOpen{D: d}), cmd)
}

// openSearch searches the workspace's tools (ctrl+f).
func (a *App) openSearch() tea.Cmd {
	d, cmd := docs.NewSearch(a.ws.w)
	return tea.Batch(a.apply(kit.ActOpen{D: d}), cmd)
}

// openTransfer copies or moves the marked tools, or the selected one, to
// another document of the workspace, chosen in a list.
func (a *App) openTransfer(move bool) tea.Cmd {
	sels := a.tools.Marked(a.s.Doc())
	if len(sels) == 0 {
		sels = []kit.Sel{a.at}
	}
	d, cmd := docs.NewTransfer(a.ws.w, a.ws.shown, a.s.Doc(), sels, move)
	return tea.Batch(a.apply(kit.ActOpen{D: d}), cmd)
}

// needWorkspaceTool: a workspace, and a tool selected or marked.
func needWorkspaceTool(a *App) string { return cmp.Or(needWorkspace(a), needTool(a)) }

func needWorkspace(a *App) string {
	if a.ws == nil {
		return "Only a workspace (tooltui DIR, or a folder with .tooltui/) has other documents"
	}
	return ""
}

// quit asks first when something is unsaved: in a workspace, naming every
// document that is.
func (a *App) quit() kit.Action {
	if a.ws == nil {
		return quit(a.s)
	}
	if names := a.ws.w.Unsaved(); len(names) > 0 {
		return kit.ActOpen{D: palette.NewQuitAll(names)}
	}
	return kit.ActQuit{}
}

// saveAll saves every unsaved document; then quits, with thenQuit, once
// nothing is unsaved.
func (a *App) saveAll(thenQuit bool) tea.Cmd {
	if a.ws == nil {
		return a.apply(save(a.s, thenQuit)...)
	}
	names := a.ws.w.Unsaved()
	if len(names) == 0 {
		if thenQuit {
			return a.apply(kit.ActQuit{})
		}
		return a.say("Nothing to save: every document is as on disk", false)
	}
	a.ws.quitSave, a.ws.notSaved, a.ws.saving = thenQuit, map[string]string{}, 0
	var cmds []tea.Cmd
	for _, p := range names {
		d := a.ws.docs[p]
		if s, err := a.ws.w.Session(p); p != a.ws.shown && (d == nil || d.s.Session != s) && err == nil {
			// never shown, but changed (tools copied or moved to it)
			ks := kit.WrapSession(s)
			d = &wsDoc{s: ks, disk: a.disk.For(ks), at: kit.RequestSel}
			d.disk.Settings = a.disk.Settings
			a.ws.docs[p] = d
		}
		switch {
		case p == a.ws.shown:
			a.ws.saving++
			cmds = append(cmds, a.apply(save(a.s, false)...))
		case d != nil:
			acts, why := d.disk.SaveUnshown(files.Ctx{S: d.s, At: d.at})
			if why != "" {
				a.ws.notSaved[p] = why
				continue
			}
			a.ws.saving++
			cmds = append(cmds, a.apply(acts...))
		}
	}
	return tea.Batch(append(cmds, a.sayNotSaved())...)
}

// sayNotSaved names the documents the last Save all could not save that
// are still unsaved (each must be shown to be saved), after what its
// saves said.
func (a *App) sayNotSaved() tea.Cmd {
	var out []string
	for _, p := range a.ws.w.Unsaved() {
		if why, ok := a.ws.notSaved[p]; ok {
			out = append(out, p+" "+why)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return a.say("Not saved: "+strings.Join(out, "; ")+" (show each with ctrl+o and save it there)", true)
}

// fileMsg hands a message of the file flows to the disk side of its
// document: a save of a hidden document (Save all) finishes there.
func (a *App) fileMsg(msg files.Msg) tea.Cmd {
	if a.ws != nil {
		var path string
		switch m := msg.(type) {
		case files.SavedMsg:
			path = m.Path
		case files.DiskChangedMsg:
			if !m.Watched {
				path = m.Path
			}
		}
		for p, d := range a.ws.docs {
			if p == a.ws.shown || path == "" || d.s.Path() != path {
				continue
			}
			if _, ok := msg.(files.DiskChangedMsg); ok {
				return a.say(p+" changed on disk since it was read: not saved (show it with ctrl+o to choose)", true)
			}
			cmd := a.apply(d.disk.Update(files.Ctx{S: d.s, At: d.at}, msg)...)
			return tea.Batch(cmd, a.afterSaveAll())
		}
	}
	cmd := a.apply(a.disk.Update(a.fileCtx(), msg)...)
	if _, ok := msg.(files.SavedMsg); ok && a.ws != nil {
		cmd = tea.Batch(cmd, a.afterSaveAll())
	}
	return cmd
}

// afterSaveAll quits when "save all and quit" has nothing left unsaved,
// else says what keeps it from quitting (a save's own word is gone).
func (a *App) afterSaveAll() tea.Cmd {
	if left := a.ws.w.Unsaved(); !a.ws.quitSave || len(left) > 0 {
		if a.ws.quitSave {
			return a.say("Not quitting: unsaved "+strings.Join(left, ", ")+" (show each with ctrl+o and save it there)", true)
		}
		if a.ws.saving == 0 { // a save of its own, not of Save all
			return nil
		}
		a.ws.saving--
		return a.sayNotSaved()
	}
	return a.apply(kit.ActQuit{})
}

// listMsg: the first frame is drawn, the folder can be listed.
type listMsg struct{}

// listAfterFrame asks for the folder's listing once the frame for the
// first size is drawn, as checkAfterFrame asks for the conversion: the
// listing reads every document's file, and started with the program it
// would share the machine with the first frame.
func (a *App) listAfterFrame() tea.Cmd {
	if a.ws == nil || a.ws.listed {
		return nil
	}
	a.ws.listed = true
	return func() tea.Msg { return listMsg{} }
}

// listWorkspace lists the folder of a workspace opened on its first
// document (OpenWorkspace), after the first frame, and watches it.
func (a *App) listWorkspace() tea.Cmd {
	if a.ws == nil {
		return nil
	}
	var list tea.Cmd
	if !a.ws.w.Listed() {
		list = docs.ListCmd(a.ws.w.Dir())
	}
	return tea.Batch(list, a.ws.watch.Start(a.deps.WatchDir, a.ws.w.Dir()))
}

// onDocsMsg takes the folder's listing and changes made on disk: the
// listed workspace takes the place of the one document shown meanwhile,
// which keeps its session; the dialogs listing documents list them again.
func (a *App) onDocsMsg(msg docs.Msg) tea.Cmd {
	if m, ok := msg.(docs.ListedMsg); ok {
		err := m.Err
		if err == nil {
			var s *session.Session
			if s, err = a.ws.w.Session(a.ws.shown); err == nil {
				err = m.W.Adopt(a.ws.shown, s)
			}
		}
		if err != nil { // the document shown is all there is: the dialogs stop waiting
			a.ws.w.EndListing()
			return tea.Batch(a.say("The workspace's folder could not be listed: "+err.Error(), true), a.receive(docs.ChangedMsg{W: a.ws.w}))
		}
		a.ws.w = m.W
	}
	return tea.Batch(a.receive(msg), a.apply(a.ws.watch.Update(msg, a.ws.w, a.ws.shown)...))
}
