// Package ui is tooltui's interactive builder: a Bubble Tea program with a
// tools list, a form for the selected tool, the live request preview and
// the converter's diagnostics.
//
// The root model (App) only routes: size and colours, results of IO
// commands, the open dialog, global keys, then the focused pane. Panes and
// dialogs are components with their own update, view and keys; they ask
// for changes by returning actions, which the root applies in one place
// (apply.go). The document, the converter, undo and the saved state live in
// a Session.
package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/ui/cost"
	"github.com/tooltui/tooltui/internal/ui/diags"
	"github.com/tooltui/tooltui/internal/ui/docs"
	"github.com/tooltui/tooltui/internal/ui/files"
	"github.com/tooltui/tooltui/internal/ui/form"
	"github.com/tooltui/tooltui/internal/ui/importdlg"
	"github.com/tooltui/tooltui/internal/ui/kit"
	"github.com/tooltui/tooltui/internal/ui/mcptools"
	"github.com/tooltui/tooltui/internal/ui/outside"
	"github.com/tooltui/tooltui/internal/ui/preview"
	"github.com/tooltui/tooltui/internal/ui/recent"
	"github.com/tooltui/tooltui/internal/ui/sendview"
	"github.com/tooltui/tooltui/internal/ui/tools"
	"github.com/tooltui/tooltui/internal/ui/tree"
)

// App is the root model.
type App struct {
	deps      kit.Deps
	baseURL   string
	apiKeyEnv string
	keys      kit.KeyMap
	styles    kit.Styles
	s         *kit.Session
	cmds      []command

	at    kit.Sel // the selected row of the tools list
	focus kit.Pane
	zoom  bool

	tools   tools.Pane
	form    form.Pane
	preview preview.Pane
	diags   diags.Pane
	dialog  kit.Dialog   // the open dialog, nil when none: the top overlay
	under   []kit.Dialog // the dialogs under it, the nearest last

	status        statusLine
	width, height int
	lay           layout

	clipWarned bool          // a missing clipboard program was already reported
	mcpHint    mcptools.Hint // whether L lists the selection's server (the key help)
	// disk is the document's file, the recovery copy and the settings
	// (disk.go).
	disk files.Disk
	// treeAfter is the function just added while its name is typed: enter
	// then opens its parameters as a tree (Settings.NewFunctionView).
	treeAfter *kit.Sel
	notice    string // Options.Notice, until Init shows it
	// savePending is what a first ctrl+s in a dialog said it would leave
	// out; a second one saves.
	savePending string
	// The status message is about the dialog sayIn (nil: none), or about
	// the row sayAt: it goes when that dialog closes or another row is
	// selected.
	sayIn kit.Dialog
	sayAt *kit.Sel
	// tok estimates what the request's tools cost in tokens (tokencount.go).
	tok cost.State
	// sends is what the app keeps between sends (sendpermit.go).
	sends sendview.State
	// checkAsked: checkMsg is on its way (Options.CheckLater).
	checkAsked bool
	// tree is the parameters tree shown in the form's place (treeapp.go).
	tree treeState
	ws   *wsState // the workspace's documents (workspace.go); nil: one document
}

// New returns the app for a document.
func New(o Options) *App {
	name := o.Name
	if name == "" {
		name = "untitled"
	}
	a := &App{
		deps:      withDefaults(o.Deps),
		keys:      kit.DefaultKeyMap(),
		s:         o.session(name),
		at:        kit.RequestSel,
		baseURL:   o.BaseURL,
		apiKeyEnv: o.APIKeyEnv,
		notice:    o.Notice,
	}
	a.cmds = commands()
	a.setStyles(true)
	a.tools.Filter = tools.NewFilterInput()
	a.selectRow(kit.RequestSel)
	a.disk = files.NewDisk(files.Options{Kept: o.Session != nil, Loaded: o.Loaded, Translated: o.Doc != nil && o.Doc.Source != nil, Stamp: o.Stamp,
		RecoveryFile: o.RecoveryFile, Settings: o.Settings, SettingsFile: o.SettingsFile}, a.deps, a.s)
	if o.Workspace != nil {
		a.ws = &wsState{w: o.Workspace, shown: o.Name, docs: map[string]*wsDoc{}}
		if o.Session == nil {
			// the document read to be shown (OpenWorkspace) becomes the
			// workspace's own
			if err := o.Workspace.Adopt(o.Name, a.s.Session); err != nil {
				a.notice = err.Error()
			}
		}
	}
	if o.Recovered != nil {
		a.dialog = files.NewRecovery(o.Recovered, o.RecoveredOver)
	}
	return a
}

// Output is the final request JSON, for --print.
func (a *App) Output() []byte {
	a.settle()
	return a.s.Result().JSON
}

// Dirty reports unsaved changes.
func (a *App) Dirty() bool { return a.s.Dirty() }

// Init asks the terminal for its background colour and starts watching
// the file.
func (a *App) Init() tea.Cmd {
	cmds := []tea.Cmd{tea.RequestBackgroundColor, a.disk.StartWatch(a.s.Path())}
	if a.notice != "" {
		cmds = append(cmds, a.say(a.notice, true))
		a.notice = ""
	}
	return tea.Batch(cmds...)
}

func (a *App) setStyles(isDark bool) {
	a.styles = kit.NewStyles(isDark)
	a.preview.Colors = a.styles.JSON.Resolve()
	a.form.Restyle(&a.styles)
}

func (a *App) env() *kit.Env {
	e := &kit.Env{S: a.s, St: &a.styles, Km: &a.keys, At: a.at, Tok: &a.tok}
	if a.ws != nil {
		e.Ws, e.Shown = a.ws.w, a.ws.shown
	}
	return e
}

// Update routes a message: size and colour first, then results of
// commands, then input (the open dialog, global keys, the focused pane).
func (a *App) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if !a.treeKey(msg) && !a.beforeCheck(msg) {
		// Everything but the tree's own keys reads the conversion: an edit
		// the tree left unconverted is converted first.
		a.settle()
	}
	before := a.s.Version()
	cmd := a.update(msg)
	if a.s.Version() != before {
		cmd = tea.Batch(cmd, a.disk.AfterChange(a.s))
	}
	if c := a.syncViews(); c != nil {
		cmd = tea.Batch(cmd, c)
	}
	if c := a.syncTokens(); c != nil {
		cmd = tea.Batch(cmd, c)
	}
	if c := a.tree.pane.ExampleCmd(); c != nil {
		cmd = tea.Batch(cmd, c)
	}
	return a, cmd
}

// syncViews brings the views that keep text of the document (the form's
// fields) up to the document, whatever changed it. The tree's edits wait
// for the conversion in the next message (settle), and are read then.
func (a *App) syncViews() (cmd tea.Cmd) {
	// another row selected shows its form, and the layout follows the
	// tree's zoom
	if dropped := a.tree.sync(a.env()); dropped != "" {
		cmd = a.say(dropped, false)
	}
	if a.width > 0 && a.height > 0 && a.lay.zoom != a.zoomed() {
		a.relayout()
	}
	if p := a.tree.pane; p != nil {
		p.SetSize(a.lay.editor.Inner())
	}
	if a.s.Stale() {
		return
	}
	e := a.env()
	if a.form.SyncDoc(e) {
		a.form.Attach(a.s.Result().Diagnostics, a.at)
	}
	for _, d := range a.dialogs() {
		if v, ok := d.(kit.DocView); ok && v.SeenVersion() != a.s.Version() {
			v.Reread(e)
		}
	}
	return cmd
}

// treeKey reports whether msg is a key for the parameters tree with the
// focus, which reads only its own parameters (never the conversion).
func (a *App) treeKey(msg tea.Msg) bool {
	_, key := msg.(tea.KeyPressMsg)
	return key && a.tree.focused(a.treeCtx()) && !a.lay.tooSmall
}

func (a *App) update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case settleMsg, checkMsg: // settled on the way in
		return nil
	case tea.WindowSizeMsg:
		a.width, a.height = msg.Width, msg.Height
		a.relayout()
		return tea.Batch(a.checkAfterFrame(), a.listAfterFrame())
	case listMsg:
		return a.listWorkspace()
	case tea.BackgroundColorMsg:
		a.setStyles(msg.IsDark())
		return nil
	case clearStatusMsg:
		a.status.clear(msg.id)
		return nil
	case outside.CopiedMsg:
		return a.onCopied(msg)
	case sendview.StreamMsg:
		return a.onStream(msg)
	case tree.ExampleMsg:
		a.tree.pane.OnExample(msg)
		return nil
	case cost.WarmMsg, cost.CountedMsg:
		return a.onTokens(msg)
	case mcptools.Msg, importdlg.Msg, importdlg.ServersMsg:
		return a.receive(msg)
	case recent.Msg: // a listing for its dialog, or the history turned on or off
		return tea.Batch(a.apply(msg.Actions()...), a.receive(msg))
	case files.Msg: // saves, exports, the watcher, the recovery copy, the settings
		return a.fileMsg(msg)
	case switchMsg:
		return a.onSwitch(msg)
	case docs.Msg: // the folder listed, or changed on disk
		return a.onDocsMsg(msg)
	case docs.CheckedMsg:
		return a.receive(msg)
	case outside.EditorDoneMsg:
		return a.apply(a.editorDone(msg)...)
	case tea.PasteMsg:
		if a.tree.focused(a.treeCtx()) {
			return a.treeUpdate(msg)
		}
		return a.onPaste(msg)
	case tea.MouseClickMsg:
		return a.onClick(msg.Mouse())
	case tea.MouseWheelMsg:
		return a.onWheel(msg.Mouse())
	case tea.KeyPressMsg:
		return a.onKey(msg)
	}
	// Anything else (terminal reports) needs nothing.
	return nil
}

// onKey is the one key router (router.go): a screen too small, the open
// dialog with the global keys in front of it, then, with no dialog, the
// commands' global keys, tab, the focused pane's typing, the commands'
// navigation keys and the focused pane.
func (a *App) onKey(k tea.KeyPressMsg) tea.Cmd {
	km := &a.keys
	if a.lay.tooSmall {
		if key.Matches(k, km.Quit, km.QuitKey) && a.dialog == nil {
			return a.run(kit.CmdQuit) // with unsaved changes, the question waits for a larger screen
		}
		return nil
	}
	if k.String() != "ctrl+s" {
		a.savePending = ""
	}
	if a.dialog != nil {
		if g := a.global(k); g != gNone {
			return a.dialogGlobal(g, k)
		}
		return a.routeDialog(k)
	}
	if acts, own, ok := a.tree.route(a.treeCtx(), k); ok {
		if own {
			return a.treeUpdate(k)
		}
		return a.apply(acts...)
	}
	for _, c := range a.cmds {
		if len(c.global) > 0 && key.Matches(k, c.global...) {
			return a.apply(kit.ActRun{Name: c.name, Chosen: true})
		}
	}
	if key.Matches(k, km.NextField) {
		return a.tab(1)
	}
	if key.Matches(k, km.PrevField) {
		return a.tab(-1)
	}
	if a.capturing() {
		naming := a.treeAfter
		cmd := a.apply(a.paneUpdate(k)...)
		if naming != nil && !a.capturing() {
			// The new function's name is done: enter goes on to its
			// parameters, as a tree; esc stays in the form. The hint
			// about naming it is over.
			a.treeAfter = nil
			if a.sayAt != nil && *a.sayAt == *naming {
				a.unsay()
			}
			if key.Matches(k, km.Done) && a.at == *naming && a.focus == kit.PaneEditor {
				return tea.Batch(cmd, a.run(kit.CmdTree))
			}
		}
		return cmd
	}
	a.treeAfter = nil
	for _, c := range a.cmds {
		if len(c.nav) > 0 && key.Matches(k, c.nav...) {
			return a.apply(kit.ActRun{Name: c.name, Chosen: true})
		}
	}
	acts := a.paneUpdate(k)
	if len(acts) == 0 {
		acts = []kit.Action{explainKey(a.cmds, k)}
	}
	return a.apply(acts...)
}

// paneUpdate gives a message to the focused pane.
func (a *App) paneUpdate(msg tea.Msg) []kit.Action {
	e := a.env()
	var acts []kit.Action
	switch a.focus {
	case kit.PaneTools:
		a.tools, acts = a.tools.Update(msg, e)
	case kit.PaneEditor:
		if a.tree.shown(a.at) {
			return a.tree.pane.Update(msg, e)
		}
		a.form, acts = a.form.Update(msg, e)
	case kit.PanePreview:
		a.preview, acts = a.preview.Update(msg, e)
	case kit.PaneDiags:
		a.diags, acts = a.diags.Update(msg, e)
	}
	return acts
}

// fileCtx is what the file flows read of the app.
func (a *App) fileCtx() files.Ctx {
	return files.Ctx{S: a.s, At: a.at, Dialog: a.dialog, Dialogs: a.dialogs()}
}
