package kit

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/tooltui/tooltui/internal/termtext"
	"github.com/tooltui/tooltui/internal/workspace"

	"github.com/charmbracelet/x/ansi"
	"github.com/tooltui/tooltui/internal/ui/filterlist"
)

// A dialog takes every key while it is open and answers with actions; it
// closes itself with actClose.
type Dialog interface {
	Update(msg tea.Msg, e *Env) (Dialog, []Action)
	// View returns the dialog's box, drawn centred over the panes of a
	// w×h screen.
	View(e *Env, w, h int) []string
	// Resize fits the dialog to a w×h screen.
	Resize(w, h int) Dialog
	Help(km *KeyMap) []key.Binding
	// Name is how a sentence names it: "the Quit dialog", "the keys help".
	Name() string
}

// Box frames lines as a dialog of width w.
func Box(e *Env, title string, lines []string, w int) []string {
	return Frame(Rect{0, 0, w, len(lines) + 2}, title, lines, e.St.BorderFocused, e.St.TitleFocused)
}

// DialogSize is the box for a list dialog on a w×h screen.
func DialogSize(w, h, wantW, wantH int) (int, int) {
	return max(20, min(wantW, w-4)), max(3, min(wantH, h-2))
}

// ListDialog is a dialog around a filterable list: the palette, the add
// picker, the tool_choice chooser and the copy menu.
type ListDialog struct {
	Title  string
	List   filterlist.Model
	choose func(i int) []Action
	w, h   int
	hist   FilterHist
}

func NewListDialog(title string, items []filterlist.Item, choose func(int) []Action) *ListDialog {
	d := &ListDialog{Title: title, List: filterlist.New(items), choose: choose}
	d.List.Placeholder = "type to filter"
	return d
}

func (d *ListDialog) Resize(w, h int) Dialog {
	d.w, d.h = DialogSize(w, h, 72, 20)
	d.List.SetHeight(d.h - 2)
	return d
}

func (d *ListDialog) Update(msg tea.Msg, e *Env) (Dialog, []Action) {
	if k, ok := msg.(tea.KeyPressMsg); ok && !listKey(k) {
		return d, []Action{ExplainDialogKey(k, d, e.Km)}
	}
	var ev filterlist.Event
	before := d.List.Filter()
	d.List, ev = d.List.Update(msg)
	d.hist.Changed(before, d.List.Filter())
	switch ev {
	case filterlist.Cancelled:
		return nil, []Action{ActClose{}}
	case filterlist.Chosen:
		i, ok := d.List.Selected()
		if !ok {
			return d, nil
		}
		return nil, append([]Action{ActClose{}}, d.choose(i)...)
	}
	return d, nil
}

func (d *ListDialog) View(e *Env, w, h int) []string {
	st := e.St
	ls := filterlist.Styles{
		Normal: st.Select, Selected: st.Selected, Match: st.Info.Bold(true), Dim: st.Dim,
		Key: st.Info, Filter: st.LabelFocused, Disabled: st.Disabled,
	}
	return Box(e, d.Title, d.List.View(ls, d.w-2, d.h-2), d.w)
}

// listKey reports whether a list dialog (filterlist) does something with k.
func listKey(k tea.KeyPressMsg) bool {
	switch k.String() {
	case "up", "down", "ctrl+n", "pgup", "pgdown", "home", "end", "enter", "esc",
		"backspace", "ctrl+h", "ctrl+w", "alt+backspace", "ctrl+u":
		return true
	}
	const mods = tea.ModCtrl | tea.ModAlt | tea.ModMeta | tea.ModSuper | tea.ModHyper
	return k.Text != "" && k.Mod&mods == 0
}

func (d *ListDialog) TypingText() bool { return true }

// UndoText takes the filter's typing back (ctrl+z), or puts it back.
func (d *ListDialog) UndoText(redo bool) (bool, []Action) {
	s, ok := d.hist.Step(redo, d.List.Filter())
	if ok {
		d.List.SetFilter(s)
	}
	return ok, nil
}

func (d *ListDialog) Help(km *KeyMap) []key.Binding {
	return []key.Binding{
		key.NewBinding(key.WithKeys("up", "down", "ctrl+n"), key.WithHelp("↑/↓", "choose")),
		key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "run")),
		key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "clear filter / close")),
		key.NewBinding(key.WithKeys("x"), key.WithHelp("type", "filter")),
	}
}

// ConfirmDialog asks a question answered with a few keys.
type ConfirmDialog struct {
	Title, Text string
	Keys        []key.Binding
	Answer      func(k tea.KeyPressMsg, km *KeyMap) ([]Action, bool)
	About       any // what the question is about: the change of a Changed on disk question
	w           int
}

func (d *ConfirmDialog) Resize(w, h int) Dialog {
	d.w = max(20, min(64, w-2))
	return d
}

func (d *ConfirmDialog) Update(msg tea.Msg, e *Env) (Dialog, []Action) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return d, nil
	}
	if acts, done := d.Answer(k, e.Km); done {
		return nil, append([]Action{ActClose{}}, acts...)
	}
	return d, []Action{ExplainDialogKey(k, d, e.Km)}
}

func (d *ConfirmDialog) View(e *Env, w, h int) []string {
	iw := d.w - 2
	var lines []string
	for _, l := range strings.Split(ansi.Wrap(d.Text, iw-2, " "), "\n") {
		lines = append(lines, " "+l)
	}
	lines = append(lines, "")
	var parts []string
	for _, k := range d.Keys {
		parts = append(parts, e.St.Info.Render(k.Help().Key)+" "+k.Help().Desc)
	}
	for _, l := range strings.Split(ansi.Wrap(strings.Join(parts, " · "), iw-2, " "), "\n") {
		lines = append(lines, " "+l)
	}
	return Box(e, d.Title, lines, d.w)
}

func (d *ConfirmDialog) Help(km *KeyMap) []key.Binding { return d.Keys }

// Digits is the number keys that choose one of n options: "1-8".
func Digits(n int) string {
	if n <= 1 {
		return "1"
	}
	return "1-" + strconv.Itoa(min(n, 9))
}

// IsDigitKey reports whether k is one of the number keys 1-9, which
// choose an option in the formats view and the fix dialog.
func IsDigitKey(k tea.KeyPressMsg) bool {
	s := k.String()
	return len(s) == 1 && s >= "1" && s <= "9"
}

// DigitChoice is the option number key k (isDigitKey) chooses among n
// (what names one: "format"); -1 and why when there is no such option.
func DigitChoice(k tea.KeyPressMsg, n int, what string) (int, string) {
	s := k.String()
	if i := int(s[0] - '1'); i < n {
		return i, ""
	}
	return -1, "No " + what + " " + s + ": " + Digits(n) + " chooses one of " + Plural(n, what)
}

// TextField is a dialog that has a text field with the focus: printable
// keys (? among them) are text there.
type TextField interface{ TypingText() bool }

// CloseGuard is a dialog that closing would drop text typed in (the
// argument tester, the infer dialog, the response view's output prompt):
// the first esc, ctrl+c or ctrl+q says so, the next closes.
type CloseGuard interface {
	MayClose(key string) (Action, bool)
}

// DropGuard is a closeGuard's state: armed by the first closing key, for
// the text as it was then (a paste or an undo since asks again).
type DropGuard struct {
	Armed bool
	at    uint64 // the text's version when armed
}

// MayClose reports whether a key that does what does (closes it, goes
// back) may go on; with text typed (typed says what, ver its version)
// the first press says what it would drop instead.
func (g *DropGuard) MayClose(key, does, typed string, ver uint64) (Action, bool) {
	if typed == "" || g.Armed && g.at == ver {
		return nil, true
	}
	g.Armed, g.at = true, ver
	return Say(key + " again " + does + " and drops " + typed), false
}

// PendingText is a dialog with text typed but not applied yet: pending
// says what, and what ctrl+s does with it ("" when there is none).
type PendingText interface{ Pending() string }

// ExplainDialogKey says why a key does nothing in the open dialog.
func ExplainDialogKey(k tea.KeyPressMsg, d Dialog, km *KeyMap) Action {
	var keys []string
	for _, b := range d.Help(km) {
		if h := b.Help(); h.Key != "" {
			keys = append(keys, h.Key+" "+h.Desc)
		}
		if len(keys) == 4 {
			break
		}
	}
	more := "? all keys"
	if t, ok := d.(TextField); ok && t.TypingText() {
		more = "ctrl+p commands (? is typed here)" // its "Show all keys" lists them
	}
	return Say(fmt.Sprintf("%s does nothing in %s · %s · %s", termtext.SanitizeLine(k.String()),
		d.Name(), strings.Join(keys, " · "), more))
}

// WithoutHint is what a view's pending text says without the keys it
// ends with in brackets ("…, "abc" (enter applies it, esc drops it)"),
// for a sentence said away from that view.
func WithoutHint(s string) string {
	if strings.HasSuffix(s, ")") {
		if i := strings.LastIndex(s, " ("); i > 0 {
			return s[:i]
		}
	}
	return s
}

func (d *ListDialog) Name() string { return "the " + d.Title + " dialog" }

func (d *ConfirmDialog) Name() string { return "the " + d.Title + " dialog" }

// KeyedView is a dialog of which several can show different things (the
// keys of one dialog or all keys, Save as or Save as then quit): viewKey
// tells them apart.
type KeyedView interface{ ViewKey() string }

// DocView is a dialog that shows (or holds an edit of) the document: it
// knows the version it read, and reads the document again when the
// session's version is another.
type DocView interface {
	SeenVersion() uint64
	See(version uint64)
	// Reread reads the document again (and remembers its version).
	Reread(e *Env)
}

// Dismisser is a dialog with work under way (a stream, a listing) that
// stops when the dialog goes away.
type Dismisser interface{ Dismiss() }

// Receiver is a dialog waiting for the answer of a command it started (a
// listing, a stream): Receives tells its answers from others.
type Receiver interface{ Receives(msg tea.Msg) bool }

// WorkspaceListed is the message that the workspace's folder was listed
// (the root has taken the listed workspace into Env.Ws by the time a
// dialog gets it): a dialog that read the workspace before may read it
// again.
type WorkspaceListed interface{ ListedWorkspace() *workspace.Workspace }
