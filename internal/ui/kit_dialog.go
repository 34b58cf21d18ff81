package ui

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/tooltui/tooltui/internal/termtext"

	"github.com/charmbracelet/x/ansi"
	"github.com/tooltui/tooltui/internal/ui/filterlist"
)

// A dialog takes every key while it is open and answers with actions; it
// closes itself with actClose.
type dialog interface {
	update(msg tea.Msg, e *env) (dialog, []action)
	// view returns the dialog's box, drawn centred over the panes of a
	// w×h screen.
	view(e *env, w, h int) []string
	// resize fits the dialog to a w×h screen.
	resize(w, h int) dialog
	help(km *KeyMap) []key.Binding
	// name is how a sentence names it: "the Quit dialog", "the keys help".
	name() string
}

// box frames lines as a dialog of width w.
func box(e *env, title string, lines []string, w int) []string {
	return frame(rect{0, 0, w, len(lines) + 2}, title, lines, e.st.BorderFocused, e.st.TitleFocused)
}

// dialogSize is the box for a list dialog on a w×h screen.
func dialogSize(w, h, wantW, wantH int) (int, int) {
	return max(20, min(wantW, w-4)), max(3, min(wantH, h-2))
}

// listDialog is a dialog around a filterable list: the palette, the add
// picker, the tool_choice chooser and the copy menu.
type listDialog struct {
	title  string
	list   filterlist.Model
	choose func(i int) []action
	w, h   int
	hist   filterHist
}

func newListDialog(title string, items []filterlist.Item, choose func(int) []action) *listDialog {
	d := &listDialog{title: title, list: filterlist.New(items), choose: choose}
	d.list.Placeholder = "type to filter"
	return d
}

func (d *listDialog) resize(w, h int) dialog {
	d.w, d.h = dialogSize(w, h, 72, 20)
	d.list.SetHeight(d.h - 2)
	return d
}

func (d *listDialog) update(msg tea.Msg, e *env) (dialog, []action) {
	if k, ok := msg.(tea.KeyPressMsg); ok && !listKey(k) {
		return d, []action{explainDialogKey(k, d, e.km)}
	}
	var ev filterlist.Event
	before := d.list.Filter()
	d.list, ev = d.list.Update(msg)
	d.hist.changed(before, d.list.Filter())
	switch ev {
	case filterlist.Cancelled:
		return nil, []action{actClose{}}
	case filterlist.Chosen:
		i, ok := d.list.Selected()
		if !ok {
			return d, nil
		}
		return nil, append([]action{actClose{}}, d.choose(i)...)
	}
	return d, nil
}

func (d *listDialog) view(e *env, w, h int) []string {
	st := e.st
	ls := filterlist.Styles{
		Normal: st.Select, Selected: st.Selected, Match: st.Info.Bold(true), Dim: st.Dim,
		Key: st.Info, Filter: st.LabelFocused, Disabled: st.Disabled,
	}
	return box(e, d.title, d.list.View(ls, d.w-2, d.h-2), d.w)
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

func (d *listDialog) typingText() bool { return true }

// undoText takes the filter's typing back (ctrl+z), or puts it back.
func (d *listDialog) undoText(redo bool) (bool, []action) {
	s, ok := d.hist.step(redo, d.list.Filter())
	if ok {
		d.list.SetFilter(s)
	}
	return ok, nil
}

func (d *listDialog) help(km *KeyMap) []key.Binding {
	return []key.Binding{
		key.NewBinding(key.WithKeys("up", "down", "ctrl+n"), key.WithHelp("↑/↓", "choose")),
		key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "run")),
		key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "clear filter / close")),
		key.NewBinding(key.WithKeys("x"), key.WithHelp("type", "filter")),
	}
}

// confirmDialog asks a question answered with a few keys.
type confirmDialog struct {
	title, text string
	keys        []key.Binding
	answer      func(k tea.KeyPressMsg, km *KeyMap) ([]action, bool)
	about       any // what the question is about: the change of a Changed on disk question
	w           int
}

func (d *confirmDialog) resize(w, h int) dialog {
	d.w = max(20, min(64, w-2))
	return d
}

func (d *confirmDialog) update(msg tea.Msg, e *env) (dialog, []action) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return d, nil
	}
	if acts, done := d.answer(k, e.km); done {
		return nil, append([]action{actClose{}}, acts...)
	}
	return d, []action{explainDialogKey(k, d, e.km)}
}

func (d *confirmDialog) view(e *env, w, h int) []string {
	iw := d.w - 2
	var lines []string
	for _, l := range strings.Split(ansi.Wrap(d.text, iw-2, " "), "\n") {
		lines = append(lines, " "+l)
	}
	lines = append(lines, "")
	var parts []string
	for _, k := range d.keys {
		parts = append(parts, e.st.Info.Render(k.Help().Key)+" "+k.Help().Desc)
	}
	for _, l := range strings.Split(ansi.Wrap(strings.Join(parts, " · "), iw-2, " "), "\n") {
		lines = append(lines, " "+l)
	}
	return box(e, d.title, lines, d.w)
}

func (d *confirmDialog) help(km *KeyMap) []key.Binding { return d.keys }

// digits is the number keys that choose one of n options: "1-8".
func digits(n int) string {
	if n <= 1 {
		return "1"
	}
	return "1-" + strconv.Itoa(min(n, 9))
}

// isDigitKey reports whether k is one of the number keys 1-9, which
// choose an option in the formats view and the fix dialog.
func isDigitKey(k tea.KeyPressMsg) bool {
	s := k.String()
	return len(s) == 1 && s >= "1" && s <= "9"
}

// digitChoice is the option number key k (isDigitKey) chooses among n
// (what names one: "format"); -1 and why when there is no such option.
func digitChoice(k tea.KeyPressMsg, n int, what string) (int, string) {
	s := k.String()
	if i := int(s[0] - '1'); i < n {
		return i, ""
	}
	return -1, "No " + what + " " + s + ": " + digits(n) + " chooses one of " + plural(n, what)
}

// textField is a dialog that has a text field with the focus: printable
// keys (? among them) are text there.
type textField interface{ typingText() bool }

// closeGuard is a dialog that closing would drop text typed in (the
// argument tester, the infer dialog, the response view's output prompt):
// the first esc, ctrl+c or ctrl+q says so, the next closes.
type closeGuard interface {
	mayClose(key string) (action, bool)
}

// dropGuard is a closeGuard's state: armed by the first closing key, for
// the text as it was then (a paste or an undo since asks again).
type dropGuard struct {
	armed bool
	at    uint64 // the text's version when armed
}

// mayClose reports whether a key that does what does (closes it, goes
// back) may go on; with text typed (typed says what, ver its version)
// the first press says what it would drop instead.
func (g *dropGuard) mayClose(key, does, typed string, ver uint64) (action, bool) {
	if typed == "" || g.armed && g.at == ver {
		return nil, true
	}
	g.armed, g.at = true, ver
	return say(key + " again " + does + " and drops " + typed), false
}

// pendingText is a dialog with text typed but not applied yet: pending
// says what, and what ctrl+s does with it ("" when there is none).
type pendingText interface{ pending() string }

// explainDialogKey says why a key does nothing in the open dialog.
func explainDialogKey(k tea.KeyPressMsg, d dialog, km *KeyMap) action {
	var keys []string
	for _, b := range d.help(km) {
		if h := b.Help(); h.Key != "" {
			keys = append(keys, h.Key+" "+h.Desc)
		}
		if len(keys) == 4 {
			break
		}
	}
	more := "? all keys"
	if t, ok := d.(textField); ok && t.typingText() {
		more = "ctrl+p commands (? is typed here)" // its "Show all keys" lists them
	}
	return say(fmt.Sprintf("%s does nothing in %s · %s · %s", termtext.SanitizeLine(k.String()),
		d.name(), strings.Join(keys, " · "), more))
}

// withoutHint is what a view's pending text says without the keys it
// ends with in brackets ("…, "abc" (enter applies it, esc drops it)"),
// for a sentence said away from that view.
func withoutHint(s string) string {
	if strings.HasSuffix(s, ")") {
		if i := strings.LastIndex(s, " ("); i > 0 {
			return s[:i]
		}
	}
	return s
}

func (d *listDialog) name() string { return "the " + d.title + " dialog" }

func (d *confirmDialog) name() string { return "the " + d.title + " dialog" }

// keyedView is a dialog of which several can show different things (the
// keys of one dialog or all keys, Save as or Save as then quit): viewKey
// tells them apart.
type keyedView interface{ viewKey() string }
