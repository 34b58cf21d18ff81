package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/tooltui/tooltui/internal/ui/args"
	"github.com/tooltui/tooltui/internal/ui/files"
	"github.com/tooltui/tooltui/internal/ui/form"
	"github.com/tooltui/tooltui/internal/ui/formats"
	"github.com/tooltui/tooltui/internal/ui/help"
	"github.com/tooltui/tooltui/internal/ui/importdlg"
	"github.com/tooltui/tooltui/internal/ui/infer"
	"github.com/tooltui/tooltui/internal/ui/kit"
	"github.com/tooltui/tooltui/internal/ui/mcptools"
	"github.com/tooltui/tooltui/internal/ui/mocks"
	"github.com/tooltui/tooltui/internal/ui/palette"
	"github.com/tooltui/tooltui/internal/ui/recent"
	"github.com/tooltui/tooltui/internal/ui/sendview"
	"github.com/tooltui/tooltui/internal/ui/tools"
)

// A command is an action with a name: the palette lists every command,
// `?` shows its keys, and its keys run it.
type command struct {
	name  string
	group string // where `?` lists it
	// global keys work everywhere, also while editing; nav keys when no
	// text is being typed; pane keys are handled by the pane named in
	// where, listed here for the palette, help and explanations.
	global, nav, pane []key.Binding
	where             string
	run               func(a *App) tea.Cmd
	// avail says why the command cannot run now; "" when it can.
	avail func(a *App) string
}

// run runs a command by name, or says why it cannot run.
func (a *App) run(name string) tea.Cmd {
	for _, c := range a.cmds {
		if c.name != name {
			continue
		}
		if c.avail != nil {
			if why := c.avail(a); why != "" {
				return a.say(why, false)
			}
		}
		return c.run(a)
	}
	return nil
}

func needTool(a *App) string {
	if a.at.Request && a.tools.MarkCount(a.s.Doc()) == 0 {
		return "Select a tool in the tools pane first (the request row is selected)"
	}
	return ""
}

// needToolJSON is needTool for the switch to a tool's JSON.
func needToolJSON(a *App) string {
	if a.at.Request {
		return "The request has no JSON view; its other fields are JSON already"
	}
	return ""
}

func needField(a *App) string {
	if len(a.form.Fields) == 0 {
		return "The editor has no field here"
	}
	return ""
}

// needFormField is needField for a command on the form's focused field,
// which the parameters tree hides.
func needFormField(a *App) string {
	if a.tree.shown(a.at) {
		return "The parameters tree is in the form's place: T shows the form, whose JSON fields this formats"
	}
	return needField(a)
}

func commands() []command {
	km := kit.DefaultKeyMap()
	focus := func(p kit.Pane) func(a *App) tea.Cmd {
		return func(a *App) tea.Cmd { return a.setFocus(p, false) }
	}
	return []command{
		{name: "Command palette", group: "Everywhere", global: kb(km.Palette), run: func(a *App) tea.Cmd { return a.apply(kit.ActOpen{D: newPaletteDialog(a)}) }},
		{name: kit.CmdSave, group: "Everywhere", global: kb(km.Save), run: func(a *App) tea.Cmd { return a.apply(save(a.s, false)...) }},
		{name: kit.CmdSaveAs, group: "Everywhere", nav: kb(km.SaveAs), run: func(a *App) tea.Cmd { return a.apply(kit.ActOpen{D: files.NewSaveAs(a.s.Path(), false)}) }},
		{name: kit.CmdExport, group: "Everywhere", nav: kb(km.Export), run: func(a *App) tea.Cmd { return a.apply(kit.ActOpen{D: files.NewExportDialog(a.s)}) }},
		{name: "Undo", group: "Everywhere", global: kb(km.Undo), run: func(a *App) tea.Cmd { return a.undo(false) }},
		{name: "Redo", group: "Everywhere", global: kb(km.Redo), run: func(a *App) tea.Cmd { return a.undo(true) }},
		{name: kit.CmdQuit, group: "Everywhere", global: kb(km.Quit), nav: kb(km.QuitKey), run: func(a *App) tea.Cmd { return a.apply(a.quit()) }},
		{name: kit.CmdCopyReq, group: "Copy", global: kb(km.CopyRequest), run: func(a *App) tea.Cmd { return a.apply(palette.CopyOf(a.s, palette.CopyRequest, a.sendConfig().BaseURL)) }},
		{name: kit.CmdCopyTools, group: "Copy", global: kb(km.CopyTools), run: func(a *App) tea.Cmd {
			return a.onMarked(tools.OpCopy, func(*kit.Env) []kit.Action {
				return []kit.Action{palette.CopyOf(a.s, palette.CopyTools, a.sendConfig().BaseURL)}
			})
		}},
		{name: kit.CmdCopyCurl, group: "Copy", global: kb(km.CopyCurl), run: func(a *App) tea.Cmd { return a.apply(palette.CopyOf(a.s, palette.CopyCurl, a.sendConfig().BaseURL)) }},
		{name: "Copy…", group: "Copy", nav: kb(km.CopyMenu), run: func(a *App) tea.Cmd { return a.apply(kit.ActOpen{D: palette.NewCopy()}) }},
		{name: "Open field in $EDITOR", group: "Editor pane", global: kb(km.ExternalEditor), nav: kb(km.ExternalEditorKey), avail: needField, run: func(a *App) tea.Cmd { return a.apply(a.editExternally(a.tree.shown(a.at))) }},
		{name: "Switch form / JSON", group: "Editor pane", global: kb(km.RawToggle), nav: kb(km.RawToggleKey), avail: needToolJSON, run: func(a *App) tea.Cmd { return a.toggleRaw() }},
		{name: "Format JSON field", group: "Editor pane", global: kb(km.FormatJSON), nav: kb(km.FormatJSONKey), avail: needFormField, run: func(a *App) tea.Cmd { return a.apply(a.form.Format(a.env())...) }},
		{name: kit.CmdChoice, group: "Editor pane", run: func(a *App) tea.Cmd { return a.chooseToolChoice() }},
		{name: kit.CmdSaveQuit, group: "Everywhere", run: func(a *App) tea.Cmd { return a.apply(save(a.s, true)...) }},
		{name: "Select the whole field, to replace it", group: "Editor pane", pane: kb(km.SelectAll), where: "a field being edited", avail: needFormField, run: func(a *App) tea.Cmd { return a.selectField() }},
		{name: "Edit field", group: "Editor pane", pane: kb(km.Enter, km.Edit), where: "editor pane (2)", avail: needField, run: func(a *App) tea.Cmd { return a.setFocus(kit.PaneEditor, true) }},
		{name: kit.CmdAdd, group: "Tools pane", nav: kb(km.Add), run: func(a *App) tea.Cmd { return a.apply(kit.ActOpen{D: newAddDialog()}) }},
		{name: kit.CmdDelete, group: "Tools pane", pane: kb(km.Delete), where: "tools pane (1)", avail: needTool, run: func(a *App) tea.Cmd { return a.onMarked(tools.OpDelete, tools.DeleteTool) }},
		{name: kit.CmdDuplicate, group: "Tools pane", pane: kb(km.Duplicate), where: "tools pane (1)", avail: needTool, run: func(a *App) tea.Cmd { return a.onMarked(tools.OpDuplicate, tools.DuplicateTool) }},
		{name: kit.CmdMoveUp, group: "Tools pane", pane: kb(km.MoveUp), where: "tools pane (1)", avail: needTool, run: func(a *App) tea.Cmd { return a.onMarked(tools.OpMoveUp, tools.MoveTool(-1)) }},
		{name: kit.CmdMoveDown, group: "Tools pane", pane: kb(km.MoveDown), where: "tools pane (1)", avail: needTool, run: func(a *App) tea.Cmd { return a.onMarked(tools.OpMoveDown, tools.MoveTool(1)) }},
		{name: kit.CmdToggle, group: "Tools pane", pane: kb(km.Toggle), where: "tools pane (1)", avail: needTool, run: func(a *App) tea.Cmd { return a.onMarked(tools.OpToggle, tools.ToggleTool) }},
		{name: kit.CmdMark, group: "Tools pane", pane: kb(km.Mark), where: "tools pane (1)", run: func(a *App) tea.Cmd { return a.apply(a.tools.ToggleMark(a.env())...) }},
		{name: kit.CmdMarkAll, group: "Tools pane", pane: kb(km.MarkAll), where: "tools pane (1)", run: func(a *App) tea.Cmd { return a.apply(a.tools.MarkAll(a.env())...) }},
		{name: kit.CmdUnmark, group: "Tools pane", pane: kb(km.ClearMarks), where: "tools pane (1)", run: func(a *App) tea.Cmd { return a.apply(a.tools.ClearMarks(a.env())...) }},
		{name: kit.CmdFilter, group: "Tools pane", pane: kb(km.Filter), where: "tools pane (1)", run: func(a *App) tea.Cmd {
			return tea.Batch(a.setFocus(kit.PaneTools, false), a.apply(a.tools.StartFilter()...))
		}},
		{name: "Show all keys", group: "Screen", nav: kb(km.Help), run: func(a *App) tea.Cmd { return a.apply(kit.ActOpen{D: newHelpDialog(a)}) }},
		{name: "Zoom the focused pane", group: "Screen", nav: kb(km.Zoom), run: func(a *App) tea.Cmd { return a.toggleZoom() }},
		{name: "Focus tools pane", group: "Screen", nav: kb(km.FocusTools), run: focus(kit.PaneTools)},
		{name: "Focus editor pane", group: "Screen", nav: kb(km.FocusEditor), run: focus(kit.PaneEditor)},
		{name: "Focus preview pane", group: "Screen", nav: kb(km.FocusPreview), run: focus(kit.PanePreview)},
		{name: "Focus diagnostics pane", group: "Screen", nav: kb(km.FocusDiags), run: focus(kit.PaneDiags)},
		{name: "Go to diagnostic", group: "Diagnostics pane", pane: kb(km.Enter), where: "diagnostics pane (4)", run: func(a *App) tea.Cmd {
			if d, ok := a.diags.Current(a.s.Result().Diagnostics); ok {
				return a.jumpTo(d)
			}
			return a.say("No diagnostics: the request has no problems", false)
		}},
		{name: kit.CmdFix, group: "Diagnostics pane", pane: kb(km.Fix), where: "diagnostics pane (4)", run: func(a *App) tea.Cmd { return a.fixCurrent() }},
		{name: kit.CmdFixAll, group: "Everywhere", nav: kb(km.FixAll), run: func(a *App) tea.Cmd { return a.fixAll() }},
		{name: kit.CmdSend, group: "Everywhere", global: kb(km.Send), run: func(a *App) tea.Cmd { return a.sendRequest() }},
		{name: kit.CmdSendSim, group: "Everywhere", run: func(a *App) tea.Cmd { return a.sendToSimulator() }},
		{name: kit.CmdRecord, group: "Everywhere", run: func(a *App) tea.Cmd { return a.recordNextSend() }},
		{name: kit.CmdReplay, group: "Everywhere", run: func(a *App) tea.Cmd { return a.replayRecording() }},
		{name: kit.CmdRecent, group: "Everywhere", run: func(a *App) tea.Cmd {
			return a.apply(recent.Open(a.s.Path(), a.deps.ReadFile, func(p string, data []byte) []kit.Action { return sendview.OpenReplay(a.s, a.sender(), p, data) })...)
		}},
		{name: kit.CmdHistoryToggle, group: "Everywhere", run: func(a *App) tea.Cmd { return recent.Toggle(a.s.Path()) }},
		{name: kit.CmdTree, group: "Editor pane", nav: kb(km.Tree), run: func(a *App) tea.Cmd { return a.apply(a.tree.toggle(a.treeCtx())...) }},
		{name: kit.CmdTestArgs, group: "Editor pane", nav: kb(km.TestArgs), run: func(a *App) tea.Cmd { return a.apply(openOr(args.New(a.env()))) }},
		{name: kit.CmdInfer, group: "Editor pane", nav: kb(km.Infer), run: func(a *App) tea.Cmd { return a.apply(openOr(infer.New(a.env()))) }},
		{name: kit.CmdMocks, group: "Editor pane", nav: kb(km.Mocks), run: func(a *App) tea.Cmd { return a.apply(kit.ActOpen{D: mocks.New(a.env())}) }},
		{name: kit.CmdFormats, group: "Everywhere", nav: kb(km.Formats), run: func(a *App) tea.Cmd { return a.apply(kit.ActOpen{D: formats.New(a.s, a.sendConfig().BaseURL)}) }},
		{name: kit.CmdNewView, group: "Everywhere", run: func(a *App) tea.Cmd { return a.apply(a.disk.ToggleNewFunctionView()...) }},
		{name: kit.CmdImport, group: "Everywhere", global: kb(km.Import), run: func(a *App) tea.Cmd { return a.apply(importdlg.Open(a.env(), a.deps)...) }},
		{name: kit.CmdSwitchDoc, group: "Everywhere", global: kb(km.SwitchDoc), avail: needWorkspace, run: func(a *App) tea.Cmd { return a.openSwitcher() }},
		{name: kit.CmdSearchDocs, group: "Everywhere", global: kb(km.SearchDocs), avail: needWorkspace, run: func(a *App) tea.Cmd { return a.openSearch() }},
		{name: "Move tools to another document…", group: "Tools pane", where: "a workspace", avail: needWorkspaceTool, run: func(a *App) tea.Cmd { return a.openTransfer(true) }},
		{name: "Copy tools to another document…", group: "Tools pane", where: "a workspace", avail: needWorkspaceTool, run: func(a *App) tea.Cmd { return a.openTransfer(false) }},
		{name: kit.CmdSaveAll, group: "Everywhere", global: kb(km.SaveAll), run: func(a *App) tea.Cmd { return a.saveAll(false) }},
		{name: kit.CmdSaveAllQuit, group: "Everywhere", run: func(a *App) tea.Cmd { return a.saveAll(true) }},
		{name: kit.CmdListMCP, group: "Editor pane", nav: kb(km.ListMCPTools), avail: func(a *App) string { return mcptools.NeedServer(a.s.Doc(), a.at) }, run: func(a *App) tea.Cmd { return a.listMCPTools() }},
	}
}

func kb(bs ...key.Binding) []key.Binding { return bs }

// openOr opens d, or says why it could not be opened.
func openOr(d kit.Dialog, why string) kit.Action {
	if d == nil {
		return kit.Say(why)
	}
	return kit.ActOpen{D: d}
}

// chooseToolChoice opens the request's tool_choice chooser.
func (a *App) chooseToolChoice() tea.Cmd {
	a.selectRow(kit.RequestSel)
	cmd := a.setFocus(kit.PaneEditor, false)
	i := a.form.FieldIndex("tool_choice")
	if i < 0 {
		return cmd
	}
	return tea.Batch(cmd, a.form.Move(i), a.apply(kit.ActOpen{D: form.NewSelectDialog(a.form.Fields[i], a.form.At)}))
}

// newHelpDialog lists every key, those of the focused pane first (while a
// field is edited, the editing keys).
func newHelpDialog(a *App) kit.Dialog {
	var first []string
	switch a.focus {
	case kit.PaneTools:
		first = []string{"Tools pane"}
	case kit.PaneEditor:
		first = []string{"Editor pane", help.Moving}
		if a.form.Editing {
			first = []string{help.Editing, "Editor pane"}
		}
	case kit.PanePreview:
		first = []string{help.Moving}
	case kit.PaneDiags:
		first = []string{"Diagnostics pane"}
	}
	return help.New(help.GroupsFirst(help.Groups(helpCommands(a.cmds), a.keys), first))
}

// helpCommands are the commands as the keys help lists them.
func helpCommands(cmds []command) []help.Command {
	hs := make([]help.Command, len(cmds))
	for i, c := range cmds {
		hs[i] = help.Command{Name: c.name, Group: c.group, Keys: append(append(append([]key.Binding{}, c.global...), c.nav...), c.pane...)}
	}
	return hs
}

// newPaletteDialog lists every command with its keys.
func newPaletteDialog(a *App) kit.Dialog {
	entries := make([]palette.Entry, len(a.cmds))
	for i, c := range a.cmds {
		var keys []string
		for _, b := range append(append(append([]key.Binding{}, c.global...), c.nav...), c.pane...) {
			if h := b.Help().Key; h != "" {
				keys = append(keys, h)
			}
		}
		entries[i] = palette.Entry{Name: c.name, Group: c.group, Keys: strings.Join(keys, " ")}
		if c.avail != nil {
			entries[i].Disabled = c.avail(a)
		}
	}
	return palette.New(entries)
}

// newAddDialog offers every tool type of the catalogue.
func newAddDialog() kit.Dialog { return palette.NewAdd(palette.Kinds()) }
