package ui

import (
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
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

// newPaletteDialog lists every command with its keys.
func newPaletteDialog(a *App) dialog {
	var items []filterlist.Item
	var names []string
	for _, c := range a.cmds {
		var keys []string
		for _, b := range append(append(append([]key.Binding{}, c.global...), c.nav...), c.pane...) {
			if h := b.Help().Key; h != "" {
				keys = append(keys, h)
			}
		}
		it := filterlist.Item{Title: c.name, Detail: c.group, Key: strings.Join(keys, " ")}
		if c.avail != nil {
			it.Disabled = c.avail(a)
		}
		items = append(items, it)
		names = append(names, c.name)
	}
	return newListDialog("Commands", items, func(i int) []action {
		return []action{actRun{name: names[i], chosen: true}}
	})
}

// newAddDialog offers every tool type; it opens at the top every time.
func newAddDialog() dialog {
	kinds := catalogKinds()
	items := make([]filterlist.Item, len(kinds))
	for i, k := range kinds {
		items[i] = filterlist.Item{Title: k.Type, Detail: k.Summary}
	}
	return newListDialog("Add a tool", items, func(i int) []action {
		return []action{actAdd{kinds[i].Type}}
	})
}

// newSelectDialog chooses an option of a choice field (tool_choice lists
// every tool of the document).
func newSelectDialog(f *field, at sel) dialog {
	items := make([]filterlist.Item, len(f.options()))
	for i, o := range f.opts {
		items[i] = filterlist.Item{Title: o.label}
		if i == f.sel {
			items[i].Key = "current"
		}
	}
	id := f.id
	d := newListDialog(f.label, items, func(i int) []action {
		return []action{actPick{field: id, label: items[i].Title, at: at}}
	})
	d.list.Select(f.sel)
	return d
}

func newCopyDialog() dialog {
	items := []filterlist.Item{
		{Title: "Request JSON", Detail: "the whole request, as the preview shows it", Key: "alt+c"},
		{Title: "Tools array", Detail: "only the tools, as a JSON array", Key: "alt+t"},
		{Title: "curl command", Detail: "POST /v1/responses with $OPENAI_API_KEY", Key: "alt+u"},
	}
	names := []string{cmdCopyReq, cmdCopyTools, cmdCopyCurl}
	return newListDialog("Copy", items, func(i int) []action { return []action{actRun{name: names[i]}} })
}

// confirmDialog asks a question answered with a few keys.
type confirmDialog struct {
	title, text string
	keys        []key.Binding
	answer      func(k tea.KeyPressMsg, km *KeyMap) ([]action, bool)
	changed     *diskChangedMsg // the change a Changed on disk question is about
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

// quitTitle is the quit question's title.
const quitTitle = "Quit"

// newQuitDialog asks before quitting with unsaved changes. Only d quits
// without saving, and even then the recovery copy stays for the next
// start; ctrl+c and ctrl+q cancel it, as they cancel every dialog.
func newQuitDialog() dialog {
	km := DefaultKeyMap()
	return &confirmDialog{
		title: quitTitle,
		text:  "There are unsaved changes. d quits without saving them; the next start offers them back once.",
		keys:  []key.Binding{km.SaveQuit, km.Discard, km.Cancel},
		answer: func(k tea.KeyPressMsg, km *KeyMap) ([]action, bool) {
			switch {
			case key.Matches(k, km.SaveQuit):
				return []action{actRun{name: cmdSaveQuit}}, true
			case key.Matches(k, km.Discard):
				return []action{actQuit{keepRecovery: true}}, true
			case key.Matches(k, km.Cancel):
				return []action{say("Quit cancelled")}, true
			}
			return nil, false
		},
	}
}

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
