// Package ui is tooltui's interactive builder: a Bubble Tea program with a
// tools list, a form for the selected tool, the live request preview and
// the converter's diagnostics.
package ui

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/ui/display"
	"github.com/tooltui/tooltui/internal/ui/editor"
)

// Pane is a region of the screen that can have focus.
type Pane int

const (
	PaneTools Pane = iota
	PaneEditor
	PanePreview
	PaneDiags
	paneCount
)

// Options configure the app.
type Options struct {
	Doc *model.Document
	// Path is the file saves go to; "" asks for one on the first save.
	Path string
	// Name is how the document is called in the title and status line.
	Name string
	Deps Deps
	// RecoveryFile keeps unsaved work between sessions ("" turns it off).
	RecoveryFile string
	// Recovered is unsaved work found in RecoveryFile at start; the app
	// offers to restore it.
	Recovered *model.Document
}

// mode is what the keyboard is doing besides editing the document.
type mode int

const (
	modeNormal      mode = iota
	modePicker           // choosing the kind of tool to add
	modeSaveAs           // typing a file name
	modeConfirmQuit      // unsaved changes: save, discard or cancel
	modeHelp             // the full key list
	modeRecover          // unsaved work from an earlier session: restore or discard
)

// App is the root model: it owns the document and routes every message.
type App struct {
	deps   Deps
	keys   KeyMap
	styles Styles
	help   help.Model

	doc     *model.Document
	conv    convert.Converter
	res     convert.Result
	marks   map[sel]int
	labels  labels
	path    string
	name    string
	version uint64 // identifies the document's state; new for every change
	saved   uint64 // the state on disk
	lastID  uint64 // the last state id handed out

	hist history

	focus   Pane
	mode    mode
	tools   toolsPane
	form    formPane
	preview previewPane
	diags   diagsPane
	picker  int
	prompt  editor.Model

	status      string
	statusErr   bool
	statusID    int
	quitOnSaved bool

	width, height int
	lay           layout

	recoveryFile string
	recovered    *model.Document
	recoveryDue  bool // a change waits for its recovery copy
}

// New returns the app for a document.
func New(o Options) *App {
	a := &App{
		deps:  o.Deps.withDefaults(),
		keys:  DefaultKeyMap(),
		help:  help.New(),
		doc:   o.Doc,
		path:  o.Path,
		name:  o.Name,
		focus: PaneTools,

		recoveryFile: o.RecoveryFile,
		recovered:    o.Recovered,
	}
	if a.recovered != nil {
		a.mode = modeRecover
	}
	if a.doc == nil {
		a.doc = &model.Document{}
	}
	if a.name == "" {
		a.name = "untitled"
	}
	a.setStyles(true)
	a.prompt = editor.New()
	a.prompt.ShowLineNumbers = false
	a.reconvert()
	a.selectRow(0)
	return a
}

// Output is the final request JSON, for --print.
func (a *App) Output() []byte { return a.res.JSON }

// Dirty reports unsaved changes.
func (a *App) Dirty() bool { return a.version != a.saved }

// Init asks the terminal for its background colour.
func (a *App) Init() tea.Cmd { return tea.RequestBackgroundColor }

func (a *App) setStyles(isDark bool) {
	a.styles = NewStyles(isDark)
	a.help.Styles = a.styles.Help
	a.preview.colors = a.styles.JSON.Resolve()
	for _, f := range a.form.fields {
		f.ed.Styles = a.styles.Editor
	}
	a.prompt.Styles = a.styles.Editor
}

// reconvert runs the converter and refreshes what depends on its result.
func (a *App) reconvert() {
	a.res = a.conv.Convert(a.doc)
	a.labels.sweep()
	a.marks = marks(a.res.Diagnostics)
	a.preview.setJSON(a.res.JSON)
}

// ---- selection and forms ----

func (a *App) selectRow(row int) {
	a.tools.row = max(0, min(row, rowCount(a.doc)-1))
	a.form.raw = false
	a.form.editing = false
	a.form.idx = 0
	a.form.yOff = 0
	a.buildForm()
	a.followSelection()
}

// buildForm builds the form of the selected row from the document.
func (a *App) buildForm() {
	s := selAt(a.doc, a.tools.row)
	kind := formRequest
	if !s.request {
		kind = formKindFor(s.kind, a.doc.List(s.kind)[s.index], a.form.raw)
	}
	a.form.sel, a.form.kind = s, kind
	fs := buildFields(a.doc, s, kind)
	for _, f := range fs {
		f.ed.Styles = a.styles.Editor
	}
	a.form.setFields(fs)
}

// followSelection scrolls the preview to the selected tool.
func (a *App) followSelection() {
	s := a.form.sel
	_, h := a.lay.preview.inner()
	if s.request {
		a.preview.yOff = 0
		return
	}
	for i, src := range a.res.Sources {
		if src.Kind == s.kind && src.Index == s.index {
			a.preview.follow(i, h)
			return
		}
	}
}

// ---- changes and undo ----

type snapshot struct {
	doc     *model.Document
	row     int
	version uint64
}

type history struct {
	undo, redo []snapshot
	group      string
}

const maxUndo = 200

// record saves the document before a change. Changes of the same group
// (typing in one field) are undone together.
func (a *App) record(group string) {
	if group != "" && group == a.hist.group {
		return
	}
	a.hist.group = group
	a.hist.undo = append(a.hist.undo, snapshot{doc: a.doc.Clone(), row: a.tools.row, version: a.version})
	if len(a.hist.undo) > maxUndo {
		a.hist.undo = a.hist.undo[1:]
	}
	a.hist.redo = nil
}

func (a *App) changed() {
	a.lastID++
	a.version = a.lastID
	a.reconvert()
	a.recoveryDue = true
}

func (a *App) undoRedo(redo bool) {
	from, to := &a.hist.undo, &a.hist.redo
	word := "Undid"
	if redo {
		from, to = to, from
		word = "Redid"
	}
	if len(*from) == 0 {
		a.setStatus("Nothing to "+strings.ToLower(strings.TrimSuffix(word, "id"))+"o", false)
		return
	}
	s := (*from)[len(*from)-1]
	*from = (*from)[:len(*from)-1]
	*to = append(*to, snapshot{doc: a.doc, row: a.tools.row, version: a.version})
	a.doc = s.doc.Clone()
	a.hist.group = ""
	a.changed()
	a.version = s.version // back to a known state: clean again if it was saved
	editing, idx := a.form.editing, a.form.idx
	a.selectRow(s.row)
	a.form.idx, a.form.editing = min(idx, len(a.form.fields)-1), editing && a.focus == PaneEditor
	a.form.syncFocus()
	a.setStatus(word+" the last change", false)
}

// applyField writes a field's value into the document.
func (a *App) applyField(f *field) {
	s := a.form.sel
	group := fmt.Sprintf("%v/%d/%d/%s", s.request, s.kind, s.index, f.id)
	if s.request {
		a.applyRequestField(f, group)
		return
	}
	a.record(group)
	list := a.doc.List(s.kind)
	t := list[s.index]
	switch f.id {
	case "raw":
		t.Raw = json.RawMessage(f.ed.Value())
		t.ParamsDraft = nil
		checkParams(f)
	case "parameters":
		checkParams(f)
		text := f.ed.Value()
		switch {
		case f.err != "":
			t.ParamsDraft = &text
		case strings.TrimSpace(text) == "":
			t.ParamsDraft = nil
			t.Raw = setPath(t.Raw, f.path, nil)
		default:
			t.ParamsDraft = nil
			t.Raw = setPath(t.Raw, f.path, json.RawMessage(text))
		}
	default:
		v, ok := f.value()
		if !ok {
			return // invalid JSON stays in the field until it parses
		}
		if len(f.path) == 2 && f.path[0] == "user_location" && v != nil {
			// a location names its type first, as the API documents it
			if _, has := getPath(t.Raw, []string{"user_location", "type"}); !has {
				t.Raw = setPath(t.Raw, []string{"user_location", "type"}, model.String("approximate"))
			}
		}
		t.Raw = setPath(t.Raw, f.path, v)
		if f.id == "name" {
			checkName(f)
		}
	}
	t.Origin = ""
	list[s.index] = t
	a.changed()
	if f.id == "type" {
		a.buildForm() // the fields depend on the web_search type
	}
}

func (a *App) applyRequestField(f *field, group string) {
	v, ok := f.value()
	if !ok {
		return
	}
	if f.id == "extra" {
		var ex model.Object
		if v != nil {
			o, err := model.ParseObject(v)
			if err != nil {
				f.err = "must be a JSON object"
				return
			}
			ex = o
		}
		ex.Delete(model.KeyBuiltinTools)
		a.record(group)
		a.doc.Extra = ex
		a.doc.ExtraRaw = nil
		a.changed()
		return
	}
	a.record(group)
	if v == nil {
		a.doc.Fields.Delete(f.path[0])
	} else {
		a.doc.Fields.Set(f.path[0], v)
	}
	a.changed()
}

// ---- structural edits ----

func (a *App) addTool(t template) {
	a.record("")
	tool := model.Tool{Raw: json.RawMessage(t.raw)}
	var row int
	if t.kind == model.Function {
		a.doc.Functions = append(a.doc.Functions, tool)
		row = rowOf(a.doc, model.Function, len(a.doc.Functions)-1)
	} else {
		a.doc.Builtins = append(a.doc.Builtins, tool)
		row = rowOf(a.doc, model.Builtin, len(a.doc.Builtins)-1)
	}
	a.doc.ClearOrigins()
	a.changed()
	a.selectRow(row)
	a.setFocus(PaneEditor)
	a.setStatus("Added "+t.label, false)
}

// selected returns the selected tool's list and index, ok false for the request.
func (a *App) selected() (model.Kind, int, bool) {
	s := selAt(a.doc, a.tools.row)
	return s.kind, s.index, !s.request
}

func (a *App) setList(k model.Kind, ts []model.Tool) {
	if k == model.Function {
		a.doc.Functions = ts
	} else {
		a.doc.Builtins = ts
	}
}

// editSelected applies a structural edit to a copy of the selected tool's
// list. edit returns the new list and the index to select, or a nil list
// to refuse; moved says whether entries changed places.
func (a *App) editSelected(moved bool, edit func(ts []model.Tool, i int) ([]model.Tool, int)) (model.Kind, model.Tool, bool) {
	k, i, ok := a.selected()
	if !ok {
		return k, model.Tool{}, false
	}
	old := a.doc.List(k)[i]
	ts, j := edit(append([]model.Tool(nil), a.doc.List(k)...), i)
	if ts == nil {
		return k, old, false
	}
	a.record("")
	a.setList(k, ts)
	if moved {
		a.doc.ClearOrigins()
	}
	a.changed()
	a.selectRow(rowOf(a.doc, k, j))
	return k, old, true
}

func (a *App) deleteTool() {
	k, t, ok := a.editSelected(true, func(ts []model.Tool, i int) ([]model.Tool, int) {
		return append(ts[:i], ts[i+1:]...), i
	})
	if ok {
		_, label := toolLabel(k, t)
		a.setStatus("Deleted "+display.SanitizeLine(label)+" (ctrl+z to undo)", false)
	}
}

func (a *App) duplicateTool() {
	if _, _, ok := a.editSelected(true, func(ts []model.Tool, i int) ([]model.Tool, int) {
		dup := ts[i]
		dup.Origin = ""
		return append(ts[:i+1], append([]model.Tool{dup}, ts[i+1:]...)...), i + 1
	}); ok {
		a.setStatus("Duplicated (a function copy needs a new name)", false)
	}
}

func (a *App) moveTool(d int) {
	a.editSelected(true, func(ts []model.Tool, i int) ([]model.Tool, int) {
		j := i + d
		if j < 0 || j >= len(ts) {
			return nil, i
		}
		ts[i], ts[j] = ts[j], ts[i]
		return ts, j
	})
}

func (a *App) toggleTool() {
	_, t, ok := a.editSelected(false, func(ts []model.Tool, i int) ([]model.Tool, int) {
		ts[i].Disabled = !ts[i].Disabled
		return ts, i
	})
	switch {
	case !ok:
	case !t.Disabled:
		a.setStatus("Disabled: kept in the document, left out of the request", false)
	default:
		a.setStatus("Enabled", false)
	}
}

// ---- focus ----

func (a *App) setFocus(p Pane) {
	a.focus = p
	a.form.editing = p == PaneEditor && len(a.form.fields) > 0
	a.form.syncFocus()
}

// tab moves to the next field, or the next pane after the last field.
func (a *App) tab(d int) {
	if a.focus == PaneEditor {
		n := a.form.idx + d
		if a.form.editing && n >= 0 && n < len(a.form.fields) {
			a.form.move(n)
			return
		}
		if !a.form.editing && len(a.form.fields) > 0 {
			a.form.editing = true
			a.form.syncFocus()
			return
		}
	}
	next := Pane((int(a.focus) + d + int(paneCount)) % int(paneCount))
	a.setFocus(next)
	if next == PaneEditor && d < 0 {
		a.form.move(len(a.form.fields) - 1)
	} else if next == PaneEditor {
		a.form.move(0)
	}
}

// ---- status ----

func (a *App) setStatus(s string, isErr bool) tea.Cmd {
	a.status, a.statusErr = s, isErr
	a.statusID++
	d := 4 * time.Second
	if isErr {
		d = 10 * time.Second
	}
	return clearStatusAfter(a.statusID, d)
}

// ---- Update ----

// Update routes a message: size and colour first, then results of
// commands, then keys (prompts, global keys, the focused pane).
func (a *App) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m, cmd := a.update(msg)
	if a.recoveryDue {
		a.recoveryDue = false
		cmd = tea.Batch(cmd, a.scheduleRecovery())
	}
	return m, cmd
}

func (a *App) update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		a.width, a.height = msg.Width, msg.Height
		a.relayout()
		return a, nil
	case tea.BackgroundColorMsg:
		a.setStyles(msg.IsDark())
		return a, nil
	case clearStatusMsg:
		if msg.id == a.statusID {
			a.status = ""
		}
		return a, nil
	case recoveryTickMsg:
		return a, a.onRecoveryTick(msg)
	case recoveryWrittenMsg:
		if msg.err != nil {
			return a, a.setStatus("Could not keep a recovery copy: "+display.SanitizeLine(msg.err.Error()), true)
		}
		return a, nil
	case copiedMsg:
		text, isErr := copyStatus(msg, a.deps.Getenv)
		return a, a.setStatus(text, isErr)
	case savedMsg:
		return a.onSaved(msg)
	case editorDoneMsg:
		return a, a.onEditorDone(msg)
	case tea.PasteMsg:
		return a, a.onPaste(msg)
	case tea.MouseClickMsg:
		a.onClick(msg.Mouse())
		return a, nil
	case tea.MouseWheelMsg:
		a.onWheel(msg.Mouse())
		return a, nil
	case tea.KeyPressMsg:
		return a.onKey(msg)
	}
	// Anything else (cursor blinks, terminal reports) needs nothing.
	return a, nil
}

func (a *App) relayout() {
	hh := 1
	a.help.SetWidth(a.width)
	a.lay = computeLayout(a.width, a.height, hh)
	w, h := a.lay.editor.inner()
	a.form.setSize(w, h)
	a.prompt.SetSize(max(1, a.width-12), 1)
}

func (a *App) onKey(k tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	km := a.keys
	switch a.mode {
	case modeRecover:
		switch {
		case key.Matches(k, km.Restore):
			a.record("")
			a.doc = a.recovered
			a.recovered = nil
			a.mode = modeNormal
			a.changed()
			a.selectRow(0)
			return a, a.setStatus("Restored the unsaved work; ctrl+s saves it, ctrl+z undoes the restore", false)
		case key.Matches(k, km.Discard):
			a.recovered = nil
			a.mode = modeNormal
			a.dropRecovery()
			return a, a.setStatus("Discarded the unsaved work of the earlier session", false)
		}
		if key.Matches(k, km.Quit) {
			return a, tea.Quit // the copy stays for next time
		}
		return a, nil
	case modeConfirmQuit:
		switch {
		case key.Matches(k, km.SaveQuit):
			a.mode = modeNormal
			return a, a.save(true)
		case key.Matches(k, km.Discard):
			a.dropRecovery()
			return a, tea.Quit
		case key.Matches(k, km.Cancel):
			a.mode = modeNormal
			return a, a.setStatus("Quit cancelled", false)
		case key.Matches(k, km.Quit):
			return a, tea.Quit
		}
		return a, nil
	case modeSaveAs:
		switch {
		case key.Matches(k, km.Esc):
			a.mode = modeNormal
			a.quitOnSaved = false
			return a, a.setStatus("Save cancelled", false)
		case key.Matches(k, km.Enter):
			p := strings.TrimSpace(a.prompt.Value())
			if p == "" {
				return a, nil
			}
			a.mode = modeNormal
			return a, a.saveTo(p, a.quitOnSaved)
		case key.Matches(k, km.Quit):
			return a, tea.Quit
		}
		var cmd tea.Cmd
		a.prompt, cmd = a.prompt.Update(k)
		return a, cmd
	case modeHelp:
		if key.Matches(k, km.Quit) {
			return a.quit()
		}
		a.mode = modeNormal
		return a, nil
	case modePicker:
		switch {
		case key.Matches(k, km.Esc), key.Matches(k, km.QuitKey):
			a.mode = modeNormal
		case key.Matches(k, km.Up):
			a.picker = (a.picker - 1 + len(templates)) % len(templates)
		case key.Matches(k, km.Down):
			a.picker = (a.picker + 1) % len(templates)
		case key.Matches(k, km.Enter), key.Matches(k, km.Right):
			a.mode = modeNormal
			a.addTool(templates[a.picker])
		case key.Matches(k, km.Quit):
			return a.quit()
		}
		return a, nil
	}
	if a.lay.tooSmall {
		if key.Matches(k, km.Quit) || key.Matches(k, km.QuitKey) {
			return a.quit()
		}
		return a, nil
	}

	// Global keys: none is printable, so they never steal typing.
	switch {
	case key.Matches(k, km.Quit):
		return a.quit()
	case key.Matches(k, km.Save):
		return a, a.save(false)
	case key.Matches(k, km.Undo):
		a.undoRedo(false)
		return a, nil
	case key.Matches(k, km.Redo):
		a.undoRedo(true)
		return a, nil
	case key.Matches(k, km.CopyRequest):
		return a, copyCmd(a.deps, "request JSON", string(a.res.JSON))
	case key.Matches(k, km.CopyTools):
		return a, copyCmd(a.deps, "tools array", toolsJSON(a.res.JSON))
	case key.Matches(k, km.CopyCurl):
		return a, copyCmd(a.deps, "curl command", curlCommand(a.res.JSON))
	case key.Matches(k, km.ExternalEditor):
		return a, a.openExternalEditor()
	case key.Matches(k, km.RawToggle):
		if !a.form.sel.request {
			a.form.raw = a.form.kind != formRaw
			a.buildForm()
			a.setFocus(PaneEditor)
		}
		return a, nil
	case key.Matches(k, km.NextField):
		a.tab(1)
		return a, nil
	case key.Matches(k, km.PrevField):
		a.tab(-1)
		return a, nil
	}

	if a.focus == PaneEditor && a.form.editing {
		if key.Matches(k, km.Esc) {
			a.form.editing = false
			a.form.syncFocus()
			return a, nil
		}
		changed, cmd := a.form.update(k, km)
		if changed {
			a.applyField(a.form.focused())
		}
		return a, cmd
	}

	// Navigation: no text field has focus.
	switch {
	case key.Matches(k, km.Help):
		a.mode = modeHelp
		return a, nil
	case key.Matches(k, km.QuitKey):
		return a.quit()
	case key.Matches(k, km.FocusTools):
		a.setFocus(PaneTools)
		a.form.editing = false
		return a, nil
	case key.Matches(k, km.FocusEditor):
		a.setFocus(PaneEditor)
		return a, nil
	case key.Matches(k, km.FocusPreview):
		a.setFocus(PanePreview)
		return a, nil
	case key.Matches(k, km.FocusDiags):
		a.setFocus(PaneDiags)
		return a, nil
	case key.Matches(k, km.Add):
		a.mode = modePicker
		return a, nil
	}
	switch a.focus {
	case PaneTools:
		a.toolsKey(k)
	case PaneEditor:
		a.formNavKey(k)
	case PanePreview:
		a.previewKey(k)
	case PaneDiags:
		a.diagsKey(k)
	}
	return a, nil
}

func (a *App) quit() (tea.Model, tea.Cmd) {
	if a.Dirty() {
		a.mode = modeConfirmQuit
		return a, nil
	}
	return a, tea.Quit
}

// save writes the document; with no file yet it asks for a name.
func (a *App) save(quit bool) tea.Cmd {
	if a.path == "" {
		a.mode = modeSaveAs
		a.quitOnSaved = quit
		a.prompt.SetValue("tooltui.json")
		a.prompt.SetCursor(0, len("tooltui.json"))
		a.prompt.Focus()
		return nil
	}
	return a.saveTo(a.path, quit)
}

// saveTo writes the document to path; the app takes path as its file
// once the write succeeded.
func (a *App) saveTo(path string, quit bool) tea.Cmd {
	data, err := a.doc.Marshal()
	if err != nil {
		return a.setStatus("Cannot save: "+err.Error(), true)
	}
	a.setStatus("Saving "+display.SanitizeLine(path)+"…", false)
	return saveCmd(a.deps, path, data, a.version, quit)
}

func (a *App) onSaved(m savedMsg) (tea.Model, tea.Cmd) {
	if m.err != nil {
		a.quitOnSaved = false
		return a, a.setStatus("Save failed, nothing changed on disk or here: "+display.SanitizeLine(m.err.Error()), true)
	}
	a.saved = m.version
	a.path, a.name = m.path, filepath.Base(m.path)
	if !a.Dirty() {
		a.dropRecovery()
	}
	if m.quit {
		return a, tea.Quit
	}
	return a, a.setStatus("Saved "+display.SanitizeLine(m.path), false)
}

// openExternalEditor edits the focused multi-line field in $EDITOR.
func (a *App) openExternalEditor() tea.Cmd {
	f := a.form.focused()
	if a.focus != PaneEditor || f == nil || f.kind != fieldMulti {
		return a.setStatus("Focus a multi-line field (description, parameters, JSON) to open it in $EDITOR", false)
	}
	ext := ".txt"
	if f.val == valJSON {
		ext = ".json"
	}
	return externalEditorCmd(a.deps, a.form.sel, f.id, f.ed.Value(), ext)
}

func (a *App) onEditorDone(m editorDoneMsg) tea.Cmd {
	if m.err != nil {
		return a.setStatus("External editor: "+display.SanitizeLine(m.err.Error()), true)
	}
	if m.sel != a.form.sel {
		return a.setStatus("The tool changed while the editor was open; its text was not applied", true)
	}
	for _, f := range a.form.fields {
		if f.id == m.fieldID {
			text := strings.TrimSuffix(m.text, "\n")
			if text == f.ed.Value() {
				return a.setStatus("No change from the external editor", false)
			}
			a.hist.group = ""
			f.ed.SetValue(text)
			a.applyField(f)
			return a.setStatus("Applied the text from the external editor", false)
		}
	}
	return nil
}

// maxPaste bounds one paste: far above any real tool definition.
const maxPaste = model.MaxDocumentBytes

func (a *App) onPaste(m tea.PasteMsg) tea.Cmd {
	if a.mode == modeSaveAs {
		a.prompt, _ = a.prompt.Update(m)
		return nil
	}
	f := a.form.focused()
	if a.focus != PaneEditor || !a.form.editing || f == nil || !f.isText() {
		return a.setStatus("Paste into a text field: focus one with tab or enter first", false)
	}
	if len(m.Content)+f.ed.Len() > maxPaste {
		return a.setStatus(fmt.Sprintf("Paste refused: %d bytes would pass the %d MiB limit of a field", len(m.Content), maxPaste>>20), true)
	}
	changed, cmd := a.form.update(m, a.keys)
	if changed {
		a.hist.group = ""
		a.applyField(f)
	}
	return cmd
}

// ---- mouse ----

// toolsJSON extracts the request's tools array, indented as a document of
// its own; "[]" when there are none.
func toolsJSON(body []byte) string {
	var req struct {
		Tools json.RawMessage `json:"tools"`
	}
	if json.Unmarshal(body, &req) != nil || req.Tools == nil {
		return "[]\n"
	}
	return prettyJSON(req.Tools) + "\n"
}

// ---- View ----

// View draws the screen. It is pure: every pane renders only its visible
// part from state that Update keeps current.
func (a *App) View() tea.View {
	var v tea.View
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	title := "tooltui — " + display.SanitizeLine(a.name)
	if a.Dirty() {
		title += " •"
	}
	v.WindowTitle = title
	if a.width == 0 || a.height == 0 {
		return v
	}
	if a.lay.tooSmall {
		msg := fmt.Sprintf("Terminal too small: %d×%d, tooltui needs at least %d×%d. Enlarge it or press ctrl+q to quit.", a.width, a.height, MinWidth, MinHeight)
		v.SetContent(lipgloss.NewStyle().Width(a.width).MaxHeight(a.height).Render(msg))
		return v
	}
	st := &a.styles
	box := func(p Pane, r rect, title string, lines []string) []string {
		b, t := st.Border, st.Title
		if a.focus == p && a.mode == modeNormal {
			b, t = st.BorderFocused, st.TitleFocused
		}
		return frame(r, title, lines, b, t)
	}
	rows := make([][]string, a.lay.status.Y)
	if a.mode == modeHelp {
		place(rows, rect{0, 0, a.width, a.lay.status.Y}, a.helpView())
	} else {
		tw, th := a.lay.tools.inner()
		place(rows, a.lay.tools, box(PaneTools, a.lay.tools, "1 Tools", a.tools.view(a.doc, a.marks, &a.labels, st, tw, th, a.focus == PaneTools)))
		dw, dh := a.lay.diags.inner()
		nErr, nWarn := countDiags(a.res.Diagnostics)
		dTitle := fmt.Sprintf("4 Diagnostics (%d)", nErr+nWarn)
		place(rows, a.lay.diags, box(PaneDiags, a.lay.diags, dTitle, a.diags.view(a.res.Diagnostics, st, dw, dh, a.focus == PaneDiags)))
		var edLines []string
		edTitle := "2 " + a.formTitle()
		if a.mode == modePicker {
			edTitle = "2 Add a tool"
			edLines = a.pickerView(a.lay.editor.inner())
		} else {
			edLines = a.form.view(st, a.focus == PaneEditor)
		}
		place(rows, a.lay.editor, box(PaneEditor, a.lay.editor, edTitle, edLines))
		pw, ph := a.lay.preview.inner()
		prevTitle := fmt.Sprintf("3 Preview · %d bytes", len(a.res.JSON))
		place(rows, a.lay.preview, box(PanePreview, a.lay.preview, prevTitle, a.preview.view(pw, ph)))
	}
	var b strings.Builder
	b.Grow(a.width * a.height * 4)
	for _, r := range rows {
		for _, part := range r {
			b.WriteString(part)
		}
		b.WriteByte('\n')
	}
	status := a.statusView()
	if a.mode == modeNormal && a.status != "" && ansi.StringWidth(status) > a.width {
		// A long message takes the help line too, so its end (often the
		// reason and what to do) stays readable.
		wrapped := strings.SplitN(ansi.Wrap(status, a.width, " "), "\n", 3)
		b.WriteString(fitExact(wrapped[0], a.width))
		b.WriteByte('\n')
		if len(wrapped) > 1 {
			b.WriteString(fit(wrapped[1], a.width))
		}
	} else {
		b.WriteString(fit(status, a.width))
		b.WriteByte('\n')
		b.WriteString(fitExact(a.help.View(a), a.width))
	}
	v.SetContent(b.String())
	return v
}

func countDiags(ds []convert.Diagnostic) (errs, warns int) {
	for _, d := range ds {
		if d.Severity == convert.Error {
			errs++
		} else {
			warns++
		}
	}
	return
}

func (a *App) formTitle() string {
	s := a.form.sel
	if s.request {
		return "Request"
	}
	if s.index >= len(a.doc.List(s.kind)) {
		return "Editor"
	}
	_, label := a.labels.get(s.kind, a.doc.List(s.kind)[s.index])
	kind := "function"
	if s.kind == model.Builtin {
		kind = "built-in"
	}
	t := display.SanitizeLine(label) + " (" + kind + ")"
	if a.form.kind == formRaw {
		t += " · JSON"
	}
	return t
}

func (a *App) pickerView(w, h int) []string {
	lines := []string{a.styles.Dim.Render(fit("enter add · esc cancel", w))}
	top := max(0, min(a.picker-(h-2)/2, len(templates)-(h-1)))
	for i := top; i < len(templates) && len(lines) < h; i++ {
		l := fit("  "+templates[i].label, w)
		if i == a.picker {
			l = a.styles.Selected.Render(fit("› "+templates[i].label, w))
		}
		lines = append(lines, l)
	}
	return lines
}

func (a *App) statusView() string {
	st := &a.styles
	w := a.width
	switch a.mode {
	case modeRecover:
		return fit(st.Warning.Render("Unsaved work from an earlier session was found. ")+"r restore · d discard", w)
	case modeConfirmQuit:
		return fit(st.Warning.Render("Unsaved changes. ")+"s save and quit · d discard and quit · esc cancel", w)
	case modeSaveAs:
		return fit(st.Info.Render("Save as: ")+a.prompt.View(), w) // prompt is one line
	}
	if a.status != "" {
		s := st.StatusInfo
		if a.statusErr {
			s = st.StatusErr
		}
		return s.Render(display.SanitizeLine(a.status))
	}
	nErr, nWarn := countDiags(a.res.Diagnostics)
	dirty := ""
	if a.Dirty() {
		dirty = " (modified)"
	}
	info := fmt.Sprintf("%s%s · %d tools in the request · %d errors · %d warnings",
		display.SanitizeLine(a.name), dirty, len(a.res.Tools), nErr, nWarn)
	return fit(st.Dim.Render(info), w)
}
