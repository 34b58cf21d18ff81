// Package help is the keys help: every key, grouped by where it works,
// the focused place first, filtered with /.
package help

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/tooltui/tooltui/internal/termtext"
	"github.com/tooltui/tooltui/internal/ui/editor"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// helpDialog lists every key, by where it works, and scrolls. Its rows are
// laid out for the width of the box: long key lists and descriptions wrap,
// nothing is cut.
type Dialog struct {
	about  string // whose keys: "" for all of them, else its first group's title
	Groups []Group
	Text   []helpLine // groups laid out for the box, as the filter leaves them
	kw     int        // width of the keys column in text
	YOff   int
	W, H   int
	// Filter keeps the rows whose keys or description hold it (any case);
	// typing: "/" was pressed and keys go into the filter.
	Filter string
	typing bool
}

type Group struct {
	Title string
	Rows  []Row
}

// helpRow is one entry of the help: every key that does it, and what it does.
type Row struct{ Keys, Desc string }

// helpLine is one line of the laid-out help: a group title, a part of a
// row (its keys, its description or both; a wrapped row leaves one of them
// empty on its later lines), or a blank line.
type helpLine struct {
	title     bool
	keys, txt string
}

// newHelpAll lists groups of keys, every key of the app.
func New(groups []Group) kit.Dialog { return &Dialog{Groups: groups} }

// newHelpAbout lists the keys of one place (about names it, the first
// group's title) before the others.
func NewAbout(about string, groups []Group) kit.Dialog {
	return &Dialog{about: about, Groups: groups}
}

// helpCommand is a command of the palette as the help lists it.
type Command struct {
	Name, Group string
	Keys        []key.Binding
}

// GroupsFirst puts the groups titled first before the others, in the
// order first names them; the others keep their order.
func GroupsFirst(groups []Group, first []string) []Group {
	out := make([]Group, 0, len(groups))
	for _, t := range first {
		for _, g := range groups {
			if g.Title == t {
				out = append(out, g)
			}
		}
	}
	for _, g := range groups {
		if !slices.Contains(first, g.Title) {
			out = append(out, g)
		}
	}
	return out
}

// Shown are the groups as the filter leaves them: the rows that hold it,
// in groups that keep a row (a group whose title holds it keeps every row).
func (d *Dialog) Shown() []Group {
	if d.Filter == "" {
		return d.Groups
	}
	f := strings.ToLower(d.Filter)
	var out []Group
	for _, g := range d.Groups {
		if strings.Contains(strings.ToLower(g.Title), f) {
			out = append(out, g)
			continue
		}
		kept := Group{Title: g.Title}
		for _, r := range g.Rows {
			if strings.Contains(strings.ToLower(r.Keys), f) || strings.Contains(strings.ToLower(r.Desc), f) {
				kept.Rows = append(kept.Rows, r)
			}
		}
		if len(kept.Rows) > 0 {
			out = append(out, kept)
		}
	}
	return out
}

// Rows counts the rows the filter leaves.
func (d *Dialog) Rows() int {
	n := 0
	for _, g := range d.Shown() {
		n += len(g.Rows)
	}
	return n
}

// TypingText: while the filter is typed, printable keys (? among them)
// go into it.
func (d *Dialog) TypingText() bool { return d.typing }

// setFilter lays the help out again for a new filter, from its top.
func (d *Dialog) setFilter(f string) {
	d.Filter = f
	d.Text = nil
	d.YOff = 0
	d.Resize(d.W+2, d.H)
}

// newHelpDialogFor lists the keys of an open dialog (what it claims among
// them) and the global keys, which work there too.
func ForDialog(km *kit.KeyMap, d kit.Dialog) kit.Dialog {
	own := Group{Title: "Keys of " + d.Name()}
	for _, b := range d.Help(km) {
		if h := b.Help(); h.Key != "" {
			keys := KeyList(b)
			if !strings.Contains(keys, h.Key) {
				keys = h.Key // a label such as "type" or "←/→ 1-9"
			}
			own.Rows = append(own.Rows, Row{keys, h.Desc})
		}
	}
	return &Dialog{about: own.Title, Groups: []Group{own, {Title: "Everywhere, in dialogs too", Rows: GlobalRows(km)}}}
}

// globalHelpRows are the global keys as the help lists them (router.go).
func GlobalRows(km *kit.KeyMap) []Row {
	return []Row{
		{KeyList(km.Save), "save the document (a text being typed in a dialog is not in it: the first ctrl+s says so)"},
		{KeyList(km.Help), "the keys of where you are (typed as text in a text field)"},
		{KeyList(km.Palette), "the command palette, over the dialog"},
		{KeyList(km.Undo), "undo: a text field's own typing first, then the document's last change"},
		{KeyList(km.Redo), "redo, in the same order"},
		{KeyList(km.Send), "send the request (in the response view: send it again)"},
		{KeyList(km.Quit), "cancel the dialog (at the main screen: quit, asking when there are unsaved changes)"},
	}
}

const (
	Moving  = "Moving (outside a field being edited)"
	Editing = "Editing a field"
)

// helpGroups collects the keys: the commands' keys by group, the keys of
// each pane, the editing keys, the questions' keys and the mouse. A row
// lists every key of its bindings, not only the first.
func Groups(cmds []Command, km kit.KeyMap) []Group {
	var groups []Group
	index := map[string]int{}
	addRow := func(group, keys, desc string) {
		i, ok := index[group]
		if !ok {
			i = len(groups)
			index[group] = i
			groups = append(groups, Group{Title: group})
		}
		groups[i].Rows = append(groups[i].Rows, Row{keys, desc})
	}
	add := func(group, desc string, bs ...key.Binding) { addRow(group, KeyList(bs...), desc) }
	for _, c := range cmds {
		k := KeyList(c.Keys...)
		if k == "" {
			k = "(palette)"
		}
		addRow(c.Group, k, c.Name)
	}
	for _, b := range []key.Binding{km.NextField, km.PrevField, km.Up, km.Down, km.PageUp, km.PageDown, km.Home, km.End, km.Left, km.Right} {
		add(Moving, b.Help().Desc, b)
	}
	add(Moving, "edit the focused field; open a choice", km.Enter, km.Edit)
	add(Moving, "back: stop editing, then to the tools list", km.Back)

	ek := editor.DefaultKeyMap()
	add(Editing, "stop editing", km.StopEditing)
	add(Editing, "done (one-line field)", km.Done)
	add(Editing, km.SelectAll.Help().Desc+"; a movement key drops the selection", km.SelectAll)
	add(Editing, "new line, indented (JSON field)", ek.InsertNewline)
	add(Editing, "next / previous field (a tab character comes in by paste)", km.NextField, km.PrevField)
	for _, col := range ek.FullHelp() {
		for _, b := range col {
			if h := b.Help().Key; h == ek.InsertNewline.Help().Key || h == ek.InsertTab.Help().Key {
				continue // above: tab moves to the next field
			}
			add(Editing, b.Help().Desc, b)
		}
	}
	addRow(Editing, "paste", "insert text, or replace the selection; a field of one line keeps it on one line")

	const lists = "Lists and dialogs"
	addRow(lists, "type", "filter (palette, add, choices; / in the tools pane)")
	addRow(lists, "↑ ↓ ctrl+p ctrl+n", "previous / next entry")
	addRow(lists, "pgup pgdn home end", "a page up or down, first, last")
	addRow(lists, "backspace ctrl+h", "delete a character of the filter")
	addRow(lists, "ctrl+w alt+backspace", "delete a word of a dialog's filter")
	addRow(lists, "ctrl+u", "clear the filter")
	addRow(lists, "enter", "choose; keep the tools filter")
	addRow(lists, "esc", "clear the filter, then close")

	const mcp = "The MCP server's tools (L on an mcp tool)"
	addRow(mcp, "space", "check or uncheck a tool (a click does too)")
	addRow(mcp, "a n", "check / uncheck every tool shown")
	addRow(mcp, "/", "filter by name or description; enter keeps the filter, esc clears it")
	addRow(mcp, "enter", "set allowed_tools to the checked tools, in the server's order, as one undo step; with none checked it asks, then removes allowed_tools (every tool is allowed)")
	addRow(mcp, "esc", "cancel the listing under way, or close without a change")
	addRow(mcp, "r", "after a failure, list again")

	for _, r := range GlobalRows(&km) {
		addRow("Everywhere, in dialogs too", r.Keys, r.Desc)
	}

	const questions = "Questions (quit, unsaved work found)"
	add(questions, "save and quit", km.SaveQuit)
	add(questions, "quit without saving (the unsaved work is kept for the next start); at start-up, drop the unsaved copy", km.Discard)
	add(questions, "restore the unsaved work found at start-up", km.Restore)
	add(questions, "cancel", km.Cancel)

	const cost = "What the tools cost (≈)"
	addRow(cost, "≈123", "an estimate of the input tokens the tool adds to every request that carries it: its JSON as the request sends it, compact, counted with "+
		"o200k_base, the encoding of OpenAI's current models. The API lays tools out in a format of its own before the model reads them, so it is an estimate; "+
		"a disabled tool is not in the request and has no count")
	addRow(cost, "≈…", "not counted yet: the encoding is being loaded after start, or a large tool is being counted again after a change")
	addRow(cost, "sent:", "after ctrl+r, the input tokens the first turn's usage reported (instructions and input included), beside the estimate while the document is unchanged")

	addRow("Mouse", "click", "focus a pane; pick a tool, field, diagnostic or list entry; outside a dialog, close it")
	addRow("Mouse", "wheel", "scroll the pane or list under the pointer, and this help")
	return groups
}

// KeyList names every key of the bindings, each once: "ctrl+q ctrl+c q".
func KeyList(bs ...key.Binding) string {
	var out []string
	seen := map[string]bool{}
	for _, b := range bs {
		for _, k := range b.Keys() {
			if l := keyLabel(k); !seen[l] {
				seen[l] = true
				out = append(out, l)
			}
		}
	}
	return strings.Join(out, " ")
}

// keyLabel writes a key as the help shows it: arrows as arrows ("alt+→"),
// pgdown and delete shortened as on the keys' labels elsewhere.
func keyLabel(k string) string {
	mods, name := "", k
	if i := strings.LastIndexByte(k, '+'); i > 0 && i < len(k)-1 {
		mods, name = k[:i+1], k[i+1:]
	}
	switch name {
	case "up":
		name = "↑"
	case "down":
		name = "↓"
	case "left":
		name = "←"
	case "right":
		name = "→"
	case "pgdown":
		name = "pgdn"
	case "delete":
		name = "del"
	}
	return mods + name
}

// layoutHelp lays the groups out in iw cells: keys in a column of their
// own and descriptions beside it, both wrapped; below 40 cells, each row's
// descriptions go under its keys. It returns the lines and the width of
// the keys column.
func layoutHelp(groups []Group, iw int) ([]helpLine, int) {
	kw := 0
	for _, g := range groups {
		for _, r := range g.Rows {
			kw = max(kw, ansi.StringWidth(r.Keys))
		}
	}
	oneCol := iw < 40
	if oneCol {
		kw = 2
	} else {
		kw = max(1, min(kw, 24, iw/3))
	}
	// A line is "  " + keys (padded to kw) + "  " + description.
	dw := max(1, iw-kw-4)
	var out []helpLine
	for _, g := range groups {
		out = append(out, helpLine{title: true, txt: g.Title})
		for _, r := range g.Rows {
			if oneCol {
				for _, k := range wrapKeys(r.Keys, max(1, iw-4)) {
					out = append(out, helpLine{keys: k})
				}
				for _, d := range wrapLines(r.Desc, dw) {
					out = append(out, helpLine{txt: d})
				}
				continue
			}
			ks, ds := wrapKeys(r.Keys, kw), wrapLines(r.Desc, dw)
			for i := range max(len(ks), len(ds)) {
				var l helpLine
				if i < len(ks) {
					l.keys = ks[i]
				}
				if i < len(ds) {
					l.txt = ds[i]
				}
				out = append(out, l)
			}
		}
		out = append(out, helpLine{})
	}
	return out, kw
}

// wrapKeys wraps a list of keys into lines of at most w cells, the later
// lines indented by two so that they read as the same row's.
func wrapKeys(s string, w int) []string {
	var out []string
	line := ""
	for _, k := range strings.Fields(s) {
		room := w
		if len(out) > 0 {
			room = w - 2
		}
		switch {
		case line == "":
			line = k
		case ansi.StringWidth(line)+1+ansi.StringWidth(k) <= room:
			line += " " + k
		default:
			out = append(out, line)
			line = k
		}
	}
	out = append(out, line)
	for i := 1; i < len(out); i++ {
		out[i] = "  " + out[i]
	}
	return out
}

// wrapLines wraps s at spaces (and inside a word longer than w) into lines
// of at most w cells.
func wrapLines(s string, w int) []string {
	return strings.Split(ansi.Wrap(s, w, ""), "\n")
}

func (d *Dialog) Resize(w, h int) kit.Dialog {
	nw := max(20, min(90, w-2))
	if nw != d.W || d.Text == nil {
		d.Text, d.kw = layoutHelp(d.Shown(), nw-2)
	}
	d.W, d.H = nw, max(4, h)
	d.scrollTo(d.YOff)
	return d
}

// scrollTo puts line y of the text at the top, within bounds.
func (d *Dialog) scrollTo(y int) {
	d.YOff = max(0, min(y, len(d.Text)-(d.H-3)))
}

func (d *Dialog) Update(msg tea.Msg, e *kit.Env) (kit.Dialog, []kit.Action) {
	if m, ok := msg.(tea.MouseWheelMsg); ok {
		switch m.Button {
		case tea.MouseWheelUp:
			d.scrollTo(d.YOff - 3)
		case tea.MouseWheelDown:
			d.scrollTo(d.YOff + 3)
		}
		return d, nil
	}
	if p, ok := msg.(tea.PasteMsg); ok && d.typing {
		d.setFilter(d.Filter + strings.Join(strings.Fields(p.Content), " "))
		return d, nil
	}
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return d, nil
	}
	if d.typing && d.typeFilter(k) {
		return d, nil
	}
	page := max(1, d.H-4)
	y := d.YOff
	switch {
	case k.String() == "/":
		d.typing = true
		return d, nil
	case key.Matches(k, e.Km.Back) && d.Filter != "":
		d.setFilter("")
		return d, nil
	case key.Matches(k, e.Km.Up):
		y--
	case key.Matches(k, e.Km.Down):
		y++
	case key.Matches(k, e.Km.PageUp):
		y -= page
	case key.Matches(k, e.Km.PageDown, e.Km.Toggle):
		y += page
	case key.Matches(k, e.Km.Home):
		y = 0
	case key.Matches(k, e.Km.End):
		y = len(d.Text)
	default:
		return nil, []kit.Action{kit.ActClose{}}
	}
	d.scrollTo(y)
	return d, nil
}

// typeFilter takes a key while the filter is typed: text goes in,
// backspace and ctrl+u take it back, enter keeps the filter and esc drops
// it. A moving key ends the typing and is left to scroll (false).
func (d *Dialog) typeFilter(k tea.KeyPressMsg) bool {
	switch k.String() {
	case "enter":
		d.typing = false
	case "esc":
		d.typing = false
		d.setFilter("")
	case "backspace", "ctrl+h":
		if r := []rune(d.Filter); len(r) > 0 {
			d.setFilter(string(r[:len(r)-1]))
		}
	case "ctrl+u":
		d.setFilter("")
	case "up", "down", "pgup", "pgdown":
		d.typing = false
		return false
	default:
		if k.Text != "" && k.Mod&^tea.ModShift == 0 {
			d.setFilter(d.Filter + k.Text)
		}
	}
	return true
}

func (d *Dialog) View(e *kit.Env, w, h int) []string {
	st := e.St
	iw := d.W - 2
	body := d.H - 3
	head := " ↑/↓ pgup/pgdn scroll · / filter · any other key closes"
	switch {
	case d.typing:
		head = " / " + termtext.SanitizeLine(d.Filter) + "█ · " + kit.Itoa(d.Rows()) + " rows · enter keeps, esc drops the filter"
	case d.Filter != "":
		head = " / " + termtext.SanitizeLine(d.Filter) + " · " + kit.Itoa(d.Rows()) + " rows · esc drops the filter, / changes it"
	}
	out := []string{st.Dim.Render(kit.Fit(head, iw))}
	if d.Filter != "" && len(d.Text) == 0 {
		out = append(out, "  No key matches "+termtext.Quote(d.Filter))
	}
	for i := d.YOff; i < len(d.Text) && len(out) <= body; i++ {
		l := d.Text[i]
		switch {
		case l.title:
			out = append(out, st.TitleFocused.Render(" "+l.txt))
		case l.keys == "" && l.txt == "":
			out = append(out, "")
		default:
			pad := strings.Repeat(" ", max(0, d.kw-ansi.StringWidth(l.keys)))
			out = append(out, "  "+st.Info.Render(l.keys)+pad+"  "+l.txt)
		}
	}
	title := "Keys"
	if len(d.Text) > body {
		title += " · " + scrollPos(d.YOff, len(d.Text), body)
	}
	return kit.Box(e, title, out, d.W)
}

func (d *Dialog) Help(km *kit.KeyMap) []key.Binding {
	return []key.Binding{km.Up, km.Down, km.PageDown, key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "filter the keys (esc drops the filter)")),
		key.NewBinding(key.WithKeys("esc", "?"), key.WithHelp("esc", "close"))}
}

// scrollPos says which part of a scrolled text shows, e.g. "12–30 of 80".
func scrollPos(top, total, h int) string {
	end := min(total, top+h)
	return kit.Itoa(top+1) + "–" + kit.Itoa(end) + " of " + kit.Itoa(total)
}

func (d *Dialog) Name() string { return "the keys help" }

func (d *Dialog) ViewKey() string { return d.about }
