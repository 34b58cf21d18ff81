// Package recent is the Recent sends dialog: the sends kept in the history
// of the document's workspace (internal/history), newest first, each with
// its document, date, model, outcome and turns; enter plays one back
// through the replay. It also turns the workspace's history on and off.
// Every read and write of the disk runs in a command.
package recent

import (
	"path/filepath"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/charmbracelet/x/ansi"
	"github.com/tooltui/tooltui/internal/history"
	"github.com/tooltui/tooltui/internal/send"
	"github.com/tooltui/tooltui/internal/session"
	"github.com/tooltui/tooltui/internal/termtext"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// Title is the dialog's title, as the palette names it.
const Title = "Recent sends"

// HowToTurnOn says the ways to turn a workspace's history on.
const HowToTurnOn = `"` + kit.CmdHistoryToggle + `" in the palette (ctrl+p), tooltui history --on in a shell, or {"history": true} in .tooltui/settings.json`

// Msg is the answer of a command of this package: a listing or a
// recording read for a dialog, or the history turned on or off.
type Msg struct {
	id   int
	list *listing
	file *recording
	acts []kit.Action // the toggle's
}

// Actions are what the root applies for a Msg that is no dialog's: how
// turning the history on or off went (none for a dialog's).
func (m Msg) Actions() []kit.Action { return m.acts }

// listing is what the dialog shows: the workspace of the folder, whether
// it keeps a history, and its sends.
type listing struct {
	root    string // "": the folder is in no workspace
	on      bool
	entries []history.Entry
	err     error
}

// recording is the file of a send read to be played back.
type recording struct {
	path string
	data []byte
	err  error
}

// Dialog lists the history of a workspace.
type Dialog struct {
	id   int
	dir  string // the folder whose workspace's history is listed
	list *listing
	cur  int
	top  int
	// read reads a recording; play opens the replay of the one read.
	read func(path string) ([]byte, error)
	play func(path string, data []byte) []kit.Action
	w, h int
}

var ids int

// Dir is the folder whose workspace holds the history of the document at
// doc: its folder, the working directory when it has no file yet.
func Dir(doc string) string {
	if doc == "" {
		return "."
	}
	return filepath.Dir(doc)
}

// Open is what opens the dialog New makes: the dialog and its listing.
func Open(doc string, read func(string) ([]byte, error), play func(path string, data []byte) []kit.Action) []kit.Action {
	d, cmd := New(doc, read, play)
	return []kit.Action{kit.ActOpen{D: d}, kit.ActCmd{Cmd: cmd}}
}

// New opens the dialog on the history of the workspace of the document at
// doc, and the command that lists it. read reads a recording chosen; play
// opens its replay.
func New(doc string, read func(string) ([]byte, error), play func(path string, data []byte) []kit.Action) (*Dialog, tea.Cmd) {
	ids++
	d := &Dialog{id: ids, dir: Dir(doc), read: read, play: play}
	id, dir := d.id, d.dir
	return d, func() tea.Msg { return Msg{id: id, list: load(dir)} }
}

// load reads the history of dir's workspace.
func load(dir string) *listing {
	root, ok := history.FindRoot(dir)
	if !ok {
		return &listing{}
	}
	l := &listing{root: root}
	ws, err := session.LoadWorkspaceSettings(root)
	if err != nil {
		l.err = err
		return l
	}
	l.on = ws.History
	l.entries, l.err = history.List(root)
	return l
}

// Receives reports whether msg is the answer of this dialog's command.
func (d *Dialog) Receives(msg tea.Msg) bool {
	m, ok := msg.(Msg)
	return ok && m.id == d.id && (m.list != nil || m.file != nil)
}

var keys = struct{ Play, Close key.Binding }{
	Play:  key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "play the send back")),
	Close: key.NewBinding(key.WithKeys("esc", "q"), key.WithHelp("esc", "close")),
}

func (d *Dialog) Name() string { return "the " + Title + " dialog" }

func (d *Dialog) Help(km *kit.KeyMap) []key.Binding {
	if d.list == nil || len(d.list.entries) == 0 {
		return []key.Binding{keys.Close}
	}
	return []key.Binding{km.Up, km.Down, keys.Play, keys.Close}
}

func (d *Dialog) Resize(w, h int) kit.Dialog {
	d.w, d.h = kit.DialogSize(w, h, 100, 24)
	return d
}

// rows is how many sends fit.
func (d *Dialog) rows() int { return max(1, d.h-2-3) }

func (d *Dialog) Update(msg tea.Msg, e *kit.Env) (kit.Dialog, []kit.Action) {
	switch m := msg.(type) {
	case Msg:
		if m.list != nil {
			d.list, d.cur, d.top = m.list, 0, 0
			return d, nil
		}
		if m.file.err != nil {
			return d, []kit.Action{kit.SayErr("Cannot replay: " + termtext.SanitizeLine(m.file.err.Error()))}
		}
		return nil, append([]kit.Action{kit.ActClose{}}, d.play(m.file.path, m.file.data)...)
	case tea.KeyPressMsg:
		return d.key(m, e.Km)
	}
	return d, nil
}

func (d *Dialog) key(k tea.KeyPressMsg, km *kit.KeyMap) (kit.Dialog, []kit.Action) {
	if key.Matches(k, keys.Close) {
		return nil, []kit.Action{kit.ActClose{}}
	}
	n := 0
	if d.list != nil {
		n = len(d.list.entries)
	}
	if key.Matches(k, keys.Play) {
		if n == 0 {
			return d, []kit.Action{kit.Say("No send to play back: esc closes")}
		}
		e := d.list.entries[d.cur]
		if e.Err != nil {
			return d, []kit.Action{kit.SayErr("Cannot play it back: " + termtext.SanitizeLine(e.Err.Error()))}
		}
		id, path, read := d.id, e.Path, d.read
		return d, []kit.Action{kit.ActCmd{Cmd: func() tea.Msg {
			data, err := read(path)
			return Msg{id: id, file: &recording{path: path, data: data, err: err}}
		}}}
	}
	if next, ok := kit.ListMove(k, km, d.cur, d.rows(), n); ok {
		d.cur = max(0, min(next, n-1))
		d.top = max(min(d.top, d.cur), d.cur-d.rows()+1)
		return d, nil
	}
	return d, []kit.Action{kit.Say("In " + Title + ": ↑/↓ choose a send, enter plays it back, esc closes")}
}

func (d *Dialog) View(e *kit.Env, w, h int) []string {
	st := e.St
	iw := d.w - 2
	line := func(s string) string { return " " + kit.Fit(termtext.SanitizeLine(s), iw-1) }
	var lines []string
	wrap := func(s string) {
		for _, l := range strings.Split(wrapText(s, iw-2), "\n") {
			lines = append(lines, " "+l)
		}
	}
	l := d.list
	switch {
	case l == nil:
		lines = append(lines, st.Dim.Render(line("Reading the history…")))
	case l.root == "":
		wrap("No history: " + displayDir(d.dir) + " is in no workspace (no folder from it up holds a .tooltui folder).")
		wrap("To keep a history of the sends of its documents: " + HowToTurnOn + ".")
	case l.err != nil:
		lines = append(lines, st.Error.Render(line("Cannot read the history: "+l.err.Error())))
	case len(l.entries) == 0 && !l.on:
		wrap("The history of sends is off in " + l.root + ": sends are not recorded.")
		wrap("To turn it on: " + HowToTurnOn + ".")
	case len(l.entries) == 0:
		wrap("No sends in the history of " + l.root + " yet: every send of a document in it is recorded.")
	default:
		lines = append(lines, st.Dim.Render(line(kit.Plural(len(l.entries), "send")+" in the history of "+l.root)))
		cols := d.columns()
		lines = append(lines, st.Label.Render(line(row(cols, "date (local time)", "document", "model", "outcome"))))
		for i := d.top; i < len(l.entries) && i < d.top+d.rows(); i++ {
			s := line(entryRow(cols, l.entries[i]))
			switch {
			case i == d.cur:
				s = st.Selected.Render(kit.FitExact(s, iw))
			case l.entries[i].Err != nil:
				s = st.Error.Render(s)
			}
			lines = append(lines, s)
		}
		if !l.on {
			lines = append(lines, st.Warning.Render(line("The history is off: new sends are not recorded ("+HowToTurnOn+").")))
		}
	}
	foot := "esc close"
	if l != nil && len(l.entries) > 0 {
		foot = "↑/↓ choose · enter play it back · " + foot
	}
	lines = append(lines, "", st.Dim.Render(line(foot)))
	return kit.Box(e, Title, lines, d.w)
}

// columns are the widths of the date, document and model columns.
func (d *Dialog) columns() [3]int {
	c := [3]int{len("2006-01-02 15:04:05"), len("document"), len("model")}
	for _, e := range d.list.entries {
		if e.Err == nil {
			c[1] = max(c[1], len([]rune(e.Document)))
			c[2] = max(c[2], len([]rune(e.Model)))
		}
	}
	c[1], c[2] = min(c[1], 32), min(c[2], 24)
	return c
}

func row(c [3]int, date, doc, model, outcome string) string {
	return kit.FitExact(date, c[0]) + "  " + kit.FitExact(doc, c[1]) + "  " + kit.FitExact(model, c[2]) + "  " + outcome
}

// entryRow is a send as the list shows it.
func entryRow(c [3]int, e history.Entry) string {
	date := "-"
	if !e.Date.IsZero() {
		date = e.Date.Local().Format("2006-01-02 15:04:05")
	}
	if e.Err != nil {
		return row(c, date, "-", "-", "unreadable: "+filepath.Base(e.Path)+": "+e.Err.Error())
	}
	model := e.Model
	if model == "" {
		model = "-"
	}
	return row(c, date, e.Document, model, Outcome(e.Outcome, e.Turns))
}

// Outcome is how a send ended, in the list: "completed, 2 turns",
// "error (HTTP 500), 1 turn".
func Outcome(o send.Outcome, turns int) string {
	s := o.Kind
	if o.Kind == send.OutcomeError && o.Status != "" {
		s += " (" + o.Status + ")"
	}
	return s + ", " + kit.Plural(turns, "turn")
}

func displayDir(dir string) string {
	if abs, err := filepath.Abs(dir); err == nil {
		return abs
	}
	return dir
}

// wrapText wraps s at w cells on spaces, a long path at its slashes
// (and a word longer than a line where it must), so that nothing is cut.
func wrapText(s string, w int) string {
	return ansi.Wrap(termtext.SanitizeLine(s), max(w, 1), "/")
}

// Toggle turns the history of the workspace of the document at doc on
// (making its folder a workspace when it is in none) or off, as tooltui
// history --on and --off do; the Msg it answers says how it went.
func Toggle(doc string) tea.Cmd {
	if doc == "" {
		return func() tea.Msg {
			return Msg{acts: []kit.Action{kit.SayErr("The history keeps the sends of a workspace's files: save the document first")}}
		}
	}
	return func() tea.Msg {
		dir := Dir(doc)
		root, ok := history.FindRoot(dir)
		if !ok {
			root = displayDir(dir)
		}
		ws, err := session.LoadWorkspaceSettings(root)
		if err == nil {
			ws.History = !ws.History
			err = session.SaveWorkspaceSettings(root, ws)
		}
		if err != nil {
			return Msg{acts: []kit.Action{kit.SayErr("Cannot change the history: " + termtext.SanitizeLine(err.Error()))}}
		}
		if ws.History {
			return Msg{acts: []kit.Action{kit.Say("The history of sends is on in " + termtext.SanitizeLine(root) + ": every send of a document in it is recorded (" + Title + " lists them)")}}
		}
		return Msg{acts: []kit.Action{kit.Say("The history of sends is off in " + termtext.SanitizeLine(root) + "; what it holds stays")}}
	}
}
