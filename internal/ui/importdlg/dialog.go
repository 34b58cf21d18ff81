package importdlg

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/importer"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/termtext"
	"github.com/tooltui/tooltui/internal/ui/checklist"
	"github.com/tooltui/tooltui/internal/ui/filterlist"
	"github.com/tooltui/tooltui/internal/ui/kit"
	"github.com/tooltui/tooltui/internal/workspace"
)

// Msg is the answer of reading dialog Id's source.
type Msg struct {
	ID   int
	src  source
	list importer.Checklist
	err  error
}

// State is where the dialog is.
type State int

const (
	Prompt  State = iota // asking for a file or a server
	Reading              // reading it, in a command
	Failed               // reading failed: the error, and back to the prompt
	Listed               // the checklist
	Asking               // a marked tool's name clashes: what to do
)

var keys = struct {
	Toggle, All, Filter, Import, Cancel, Replace, Rename, Skip, ReplaceAll, RenameAll, SkipAll key.Binding
}{
	Toggle:     key.NewBinding(key.WithKeys("space"), key.WithHelp("space", "mark/unmark")),
	All:        key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "mark all shown / unmark")),
	Filter:     key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "filter")),
	Import:     key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "import the marked tools")),
	Cancel:     key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back / close")),
	Replace:    key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "replace the document's")),
	Rename:     key.NewBinding(key.WithKeys("k"), key.WithHelp("k", "keep both, the new one renamed")),
	Skip:       key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "skip the new one")),
	ReplaceAll: key.NewBinding(key.WithKeys("R"), key.WithHelp("R", "replace, for every clash")),
	RenameAll:  key.NewBinding(key.WithKeys("K"), key.WithHelp("K", "keep both, for every clash")),
	SkipAll:    key.NewBinding(key.WithKeys("S"), key.WithHelp("S", "skip, for every clash")),
}

var ids int

// Dialog is "Import tools…".
type Dialog struct {
	deps   Deps
	ID     int
	State  State
	cancel context.CancelFunc

	// The prompt: the text typed, and the servers the document records
	// (in a workspace, every document), which up/down choose (cursor 0 is
	// the text).
	Text    string
	servers []workspace.Server
	pick    int
	Err     string // why reading failed
	reading string // what is being read, in words (a header's name, never its value)

	// In a workspace: the workspace, the document shown, and whether its
	// other documents are still being read for their servers.
	ws        *workspace.Workspace
	shown     string
	gathering bool

	src  source
	List importer.Checklist // the tools read; Rows marks them
	Rows checklist.Model

	// Asking: the names still to decide and the decisions so far.
	Ask     []string
	choices map[string]importer.Clash

	textHist kit.FilterHist

	sw, sh int
}

// ServersMsg: the documents of the dialog's workspace were read (Load),
// so the servers they record can be offered.
type ServersMsg struct {
	to *Dialog
	ws *workspace.Workspace // the one read
}

// Open opens the dialog on the prompt, or says why the document cannot
// take tools. In a workspace (e.Ws) the prompt offers the servers of every
// document: the shown one's at once, the others' once a command has read
// them.
func Open(e *kit.Env, deps kit.Deps) []kit.Action {
	d, why := newDialog(e, Deps{ReadFile: deps.ReadFile, List: deps.ListMCPTools, Getenv: deps.Getenv})
	if d == nil {
		return []kit.Action{kit.Say(why)}
	}
	if d.ws == nil {
		return []kit.Action{kit.ActOpen{D: d}}
	}
	return []kit.Action{kit.ActOpen{D: d}, kit.ActCmd{Cmd: d.gather()}}
}

// gather reads every document of the workspace in a command, so that
// ServersMsg can offer the servers they record.
func (d *Dialog) gather() tea.Cmd {
	d.gathering = true
	ws := d.ws
	return func() tea.Msg {
		ws.Load() // a file that cannot be read records nothing
		return ServersMsg{to: d, ws: ws}
	}
}

// newDialog is the dialog on the prompt, offering the servers the shown
// document records, or why the document cannot take tools.
func newDialog(e *kit.Env, deps Deps) (*Dialog, string) {
	doc := e.S.Doc()
	if why := importer.Unusable(doc); why != "" {
		return nil, "Cannot import tools: " + why
	}
	d := &Dialog{deps: deps, ws: e.Ws, shown: e.Shown}
	names := make([]string, 0, len(doc.MCPServers))
	for n := range doc.MCPServers {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		d.servers = append(d.servers, workspace.Server{Name: n, Rec: doc.MCPServers[n], Paths: []string{e.Shown}})
	}
	return d, ""
}

func (d *Dialog) Name() string { return "the Import tools dialog" }

// TypingText: keys are text in the prompt and while filtering.
func (d *Dialog) TypingText() bool { return d.State == Prompt || d.Rows.Typing() }

// UndoText takes typing in the prompt or the filter back (ctrl+z), or
// puts it back.
func (d *Dialog) UndoText(redo bool) (bool, []kit.Action) {
	switch {
	case d.State == Prompt:
		s, ok := d.textHist.Step(redo, d.Text)
		if ok {
			d.Text, d.pick = s, 0
		}
		return ok, nil
	case d.State == Listed:
		return d.Rows.Undo(redo, d.listRows()), nil
	}
	return false, nil
}

// Dismiss stops a reading under way when the dialog goes away.
func (d *Dialog) Dismiss() {
	if d.cancel != nil {
		d.cancel()
		d.cancel = nil
	}
}

// Receives reports whether msg is the answer of this dialog's reading,
// or its workspace's documents read.
func (d *Dialog) Receives(msg tea.Msg) bool {
	switch m := msg.(type) {
	case Msg:
		return m.ID == d.ID
	case ServersMsg:
		return m.to == d
	case kit.WorkspaceListed:
		return d.ws != nil
	}
	return false
}

// start reads what the prompt names (or the chosen server), in a command.
func (d *Dialog) start(target *model.Document) tea.Cmd {
	ids++
	ctx, cancel := context.WithCancel(context.Background())
	d.ID, d.cancel, d.State, d.Err = ids, cancel, Reading, ""
	id, deps, text := d.ID, d.deps, d.Text
	var name string
	var rec model.MCPServer
	d.reading = strings.TrimSpace(text)
	if d.pick > 0 {
		name, rec = d.servers[d.pick-1].Name, d.servers[d.pick-1].Rec
		d.reading = "MCP server " + name
	} else if words, err := splitCommand(d.reading); err == nil && len(words) > 0 && (isURL(words[0]) || isHeaderFlag(words[0])) {
		if s, err := urlSource(words, deps.Getenv); err == nil {
			d.reading = strings.TrimPrefix(s.describe(), "MCP server ") // the headers' names, not their values
		}
	}
	return func() tea.Msg {
		defer cancel()
		var src source
		var err error
		if name != "" {
			src, err = recorded(name, rec, deps.Getenv)
		} else {
			src, err = parseSource(text, deps)
		}
		if err != nil {
			return Msg{ID: id, err: err}
		}
		in, err := read(ctx, src, deps)
		if err != nil {
			return Msg{ID: id, src: src, err: err}
		}
		return Msg{ID: id, src: src, list: importer.NewChecklist(target, in, nil)}
	}
}

func (d *Dialog) Resize(w, h int) kit.Dialog {
	d.sw, d.sh = w, h
	d.Rows.Resize(d.listRows())
	return d
}

func (d *Dialog) Update(msg tea.Msg, e *kit.Env) (kit.Dialog, []kit.Action) {
	switch m := msg.(type) {
	case ServersMsg:
		if m.to == d && m.ws == d.ws {
			// The shown document's servers come first, as offered so far,
			// so that the one chosen stays chosen.
			d.servers, d.gathering = d.ws.Servers(d.shown), false
			d.pick = min(d.pick, len(d.servers))
		}
		return d, nil
	case kit.WorkspaceListed:
		// Opened before the folder was listed: what was read knew only
		// the shown document; the listed workspace is read again.
		if e.Ws != nil && e.Ws != d.ws {
			d.ws = e.Ws
			return d, []kit.Action{kit.ActCmd{Cmd: d.gather()}}
		}
		return d, nil
	case Msg:
		if m.ID != d.ID {
			return d, nil
		}
		d.cancel = nil
		if m.err != nil {
			d.State, d.Err = Failed, m.err.Error()
			return d, []kit.Action{kit.SayErr("Could not read the tools: nothing changed")}
		}
		d.src, d.List, d.State = m.src, m.list, Listed
		d.Rows = checklist.Model{NameWidth: func(w, iw int) int { return min(max(8, w), max(8, iw/3)) }}
		d.Rows.SetRows(rowsOf(d.List), nil)
		d.Rows.Resize(d.listRows())
		if len(d.List.Rows) == 0 {
			return d, []kit.Action{kit.Say(termtext.SanitizeLine(d.src.describe()) + " has no tools")}
		}
		return d, []kit.Action{kit.Say(termtext.SanitizeLine(d.src.describe()) + " has " + kit.Plural(len(d.List.Rows), "tool") + ": space marks, enter imports")}
	case tea.PasteMsg:
		switch {
		case d.State == Prompt:
			before := d.Text
			d.Text, d.pick = filterlist.Clean(d.Text+m.Content, 4096), 0
			d.textHist.Changed(before, d.Text)
		case d.State == Listed:
			d.Rows.Type(m.Content)
			d.Rows.Resize(d.listRows())
		}
	case tea.KeyPressMsg:
		return d.key(m, e)
	case tea.MouseClickMsg:
		d.click(m.Y)
	case tea.MouseWheelMsg:
		if d.State == Listed {
			d.Rows.Wheel(m.Button == tea.MouseWheelUp, d.listRows())
		}
	}
	return d, nil
}

// click acts on line y inside the box: in the prompt it chooses the text
// or a recorded server, in the checklist it marks or unmarks a row.
func (d *Dialog) click(y int) {
	switch d.State {
	case Prompt:
		switch {
		case y == 1:
			d.pick = 0
		case y >= 4 && y-4 < len(d.servers):
			d.pick = y - 3
		}
	case Listed:
		d.Rows.Click(y-1, d.listRows())
	}
}

// typed handles a key in a text line of at most n characters: it
// reports the new text and whether the key was the line's.
func typed(k tea.KeyPressMsg, s string, n int) (string, bool) {
	s, ok := filterlist.Edit(k, s)
	return filterlist.Clean(s, n), ok
}

func (d *Dialog) key(k tea.KeyPressMsg, e *kit.Env) (kit.Dialog, []kit.Action) {
	switch d.State {
	case Prompt:
		switch k.String() {
		case "esc":
			return nil, []kit.Action{kit.ActClose{}, kit.Say("Import cancelled: nothing changed")}
		case "enter":
			if d.pick == 0 && strings.TrimSpace(d.Text) == "" {
				return d, []kit.Action{kit.Say("Type a file path, an MCP server's command line or its http(s) URL (-H 'Name: value' after it sends a header), or choose a recorded server with ↓")}
			}
			return d, []kit.Action{kit.ActCmd{Cmd: d.start(e.S.Doc())}}
		case "up":
			d.pick = max(0, d.pick-1)
			return d, nil
		case "down", "tab":
			d.pick = min(len(d.servers), d.pick+1)
			return d, nil
		}
		if s, ok := typed(k, d.Text, 4096); ok {
			d.textHist.Changed(d.Text, s)
			d.Text, d.pick = s, 0
			return d, nil
		}
		return d, []kit.Action{kit.ExplainDialogKey(k, d, e.Km)}
	case Reading:
		if k.String() == "esc" {
			d.Dismiss()
			d.State, d.ID = Prompt, 0 // its late answer is no one's
			return d, []kit.Action{kit.Say("Reading cancelled: nothing changed")}
		}
		return d, []kit.Action{kit.Say("Reading the tools… esc cancels")}
	case Failed:
		switch k.String() {
		case "esc", "enter":
			d.State = Prompt
			return d, nil
		}
		return d, []kit.Action{kit.Say("enter or esc goes back to the prompt; nothing changed")}
	case Asking:
		return d.answer(k, e)
	}
	if d.Rows.Key(k, d.listRows(), e.Km.Move) {
		return d, nil
	}
	switch {
	case key.Matches(k, keys.Cancel):
		return nil, []kit.Action{kit.ActClose{}, kit.Say("Import cancelled: nothing changed")}
	case key.Matches(k, keys.Import):
		d.choices = map[string]importer.Clash{}
		return d.importMarked(e)
	case key.Matches(k, keys.All):
		d.Rows.ToggleShown()
		return d, nil
	}
	return d, []kit.Action{kit.ExplainDialogKey(k, d, e.Km)}
}

// answer takes the decision for the first name asked about; the capital
// letters decide every clash left.
func (d *Dialog) answer(k tea.KeyPressMsg, e *kit.Env) (kit.Dialog, []kit.Action) {
	var c importer.Clash
	all := false
	switch {
	case key.Matches(k, keys.Replace):
		c = importer.ClashReplace
	case key.Matches(k, keys.Rename):
		c = importer.ClashRename
	case key.Matches(k, keys.Skip):
		c = importer.ClashSkip
	case key.Matches(k, keys.ReplaceAll):
		c, all = importer.ClashReplace, true
	case key.Matches(k, keys.RenameAll):
		c, all = importer.ClashRename, true
	case key.Matches(k, keys.SkipAll):
		c, all = importer.ClashSkip, true
	case k.String() == "esc":
		d.State, d.Ask = Listed, nil
		return d, []kit.Action{kit.Say("Import not done: nothing changed")}
	default:
		return d, []kit.Action{kit.ExplainDialogKey(k, d, e.Km)}
	}
	for _, n := range d.Ask {
		d.choices[n] = c
		if !all {
			break
		}
	}
	return d.importMarked(e)
}

// choicesFor are the choices of the import as decided so far.
func (d *Dialog) choicesFor(e *kit.Env) importer.Choices {
	c := importer.Choices{Clashes: d.choices, Path: e.S.Name()}
	if d.src.path == "" {
		rec, name, recs := d.src.rec, d.src.name, e.S.Doc().MCPServers
		if old, ok := recs[name]; ok && name != "" && !old.Same(rec) {
			// another document's server, under a name this one gives
			// another server
			name = model.UniqueName(name, func(n string) bool { _, taken := recs[n]; return taken })
		}
		c.Server, c.ServerName = &rec, name
	}
	return c
}

// importMarked imports the marked tools as one edit, or asks about the
// first clash not decided yet.
func (d *Dialog) importMarked(e *kit.Env) (kit.Dialog, []kit.Action) {
	if len(d.Rows.Marked()) == 0 {
		d.State = Listed
		return d, []kit.Action{kit.Say("No tool is marked: space marks one, a marks all")}
	}
	picked, choices := d.List.Only(d.Rows.Marked()).Picked(), d.choicesFor(e)
	a, err := importer.Apply(e.S.Doc(), picked, choices)
	var ce *importer.ClashesError
	if errors.As(err, &ce) {
		d.State, d.Ask = Asking, ce.Names
		return d, nil
	}
	if err != nil {
		d.State = Listed
		return d, []kit.Action{kit.SayErr("Cannot import: " + termtext.SanitizeLine(err.Error()))}
	}
	summary := kit.Capitalize(termtext.SanitizeLine(a.Summary()))
	if a.Added[model.Function]+a.Added[model.Builtin] == 0 {
		return nil, []kit.Action{kit.ActClose{}, kit.Say(summary + ": nothing changed")}
	}
	fn := func(doc *model.Document) (*model.Document, error) {
		a, err := importer.Apply(doc, picked, choices)
		if err != nil {
			return nil, err
		}
		return a.Doc, nil
	}
	return nil, []kit.Action{kit.ActClose{}, kit.ActEdit{Fn: fn}, kit.ActRefresh{}, kit.Say(summary + " (ctrl+z undoes it)")}
}

// Summary is what the footer says of the marked tools.
func (d *Dialog) Summary() string {
	return fmt.Sprintf("%d of %d marked · ≈%d tokens", len(d.Rows.Marked()), d.Rows.Len(), d.Rows.MarkedTokens())
}

// Marked are the names of the marked tools (a tool without a name counts
// as its type).
func (d *Dialog) Marked() []string { return d.List.Only(d.Rows.Marked()).Marked() }

// rowsOf are the checklist's rows of the tools read: name, type, tokens,
// a clash mark and the problems, else the description.
func rowsOf(l importer.Checklist) []checklist.Row {
	rows := make([]checklist.Row, len(l.Rows))
	for i, r := range l.Rows {
		tok := "     -"
		if r.Tokens >= 0 {
			tok = fmt.Sprintf("%6s", fmt.Sprintf("≈%d", r.Tokens))
		}
		row := checklist.Row{Name: r.Name, Desc: r.Description, Cols: kit.FitExact(termtext.SanitizeLine(r.Type), 11) + tok, Tokens: r.Tokens}
		if row.Name == "" {
			row.Name = "(" + r.Type + ")"
		}
		if r.Clash {
			row.Flag = "  clash  "
		} else {
			row.Cols += "         "
		}
		if p := r.Problems(); p != "" {
			row.Note, row.Look = p, checklist.Warn
			if r.Errors > 0 {
				row.Look = checklist.Bad
			}
		}
		rows[i] = row
	}
	return rows
}

func (d *Dialog) Help(km *kit.KeyMap) []key.Binding {
	switch d.State {
	case Prompt:
		return []key.Binding{
			key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "read the file or list the server")),
			key.NewBinding(key.WithKeys("up", "down"), key.WithHelp("↑/↓", "choose a recorded server")),
			key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "close")),
		}
	case Reading:
		return []key.Binding{key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel"))}
	case Failed:
		return []key.Binding{key.NewBinding(key.WithKeys("esc", "enter"), key.WithHelp("esc", "back to the prompt"))}
	case Asking:
		return []key.Binding{keys.Replace, keys.Rename, keys.Skip, keys.ReplaceAll, keys.RenameAll, keys.SkipAll,
			key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back to the list"))}
	}
	return []key.Binding{keys.Toggle, keys.All, keys.Filter, keys.Import, keys.Cancel}
}
