// Package docs is the dialogs on a workspace's documents: the switcher,
// which lists every document with its tool count and its errors and
// warnings, and the workspace search, which finds tools across them; and
// the watcher of the workspace's folder (watch.go), which takes changes
// made on disk to the documents not shown.
package docs

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/ui/filterlist"
	"github.com/tooltui/tooltui/internal/ui/kit"
	"github.com/tooltui/tooltui/internal/workspace"
)

// CheckedMsg: the workspace's documents were read and checked (Check), so
// Summaries has their counts.
type CheckedMsg struct{ W *workspace.Workspace }

// CheckCmd reads and checks every document of w, in a command.
func CheckCmd(w *workspace.Workspace) tea.Cmd {
	return func() tea.Msg {
		w.Check() // a file that cannot be read is its Summary's Err
		return CheckedMsg{W: w}
	}
}

// Switcher lists the documents of a workspace; enter shows the chosen one.
type Switcher struct {
	*kit.ListDialog
	w     *workspace.Workspace
	shown string // the document shown now
	paths []string
}

// NewSwitcher lists the documents of w as far as they are known, and the
// command that checks them all (nil when every one is known). Before the
// folder is listed (Listed), it says so and lists it when it is.
func NewSwitcher(w *workspace.Workspace, shown string) (*Switcher, tea.Cmd) {
	d := &Switcher{w: w, shown: shown}
	d.ListDialog = kit.NewListDialog("Documents", nil, func(i int) []kit.Action {
		return []kit.Action{kit.ActSwitch{Path: d.paths[i]}}
	})
	return d, relist(d.ListDialog, w, d.refresh)
}

// listing is the filter line's text while the folder is being listed.
const listing = "listing the workspace…"

// relist lists the documents again (refresh), and returns the command
// that checks them when some are not known yet; before the folder is
// listed, the filter line says so.
func relist(l *kit.ListDialog, w *workspace.Workspace, refresh func() bool) tea.Cmd {
	switch {
	case !w.Listed():
		l.List.Placeholder = listing
	case l.List.Placeholder == listing:
		l.List.Placeholder = "type to filter"
	}
	if refresh() || !w.Listed() {
		return nil
	}
	return CheckCmd(w)
}

// receives tells the messages a dialog listing the documents of w takes:
// the answer of its check, changes made on disk, and the listing of the
// folder.
func receives(msg tea.Msg, w *workspace.Workspace) bool {
	switch m := msg.(type) {
	case CheckedMsg:
		return m.W == w
	case ChangedMsg:
		return m.W == w
	case ListedMsg:
		return m.Err == nil && !w.Listed()
	}
	return false
}

// onListMsg takes a message receives told: the listed workspace in the
// place of *w, the documents listed again; ok is false for another
// message.
func onListMsg(msg tea.Msg, l *kit.ListDialog, w **workspace.Workspace, refresh func() bool) (acts []kit.Action, ok bool) {
	switch m := msg.(type) {
	case CheckedMsg:
		refresh()
		return nil, true
	case ListedMsg:
		*w = m.W
	case ChangedMsg:
	default:
		return nil, false
	}
	if cmd := relist(l, *w, refresh); cmd != nil {
		return []kit.Action{kit.ActCmd{Cmd: cmd}}, true
	}
	return nil, true
}

// refresh lists the summaries; known: every one has its counts.
func (d *Switcher) refresh() (known bool) {
	sums := d.w.Summaries()
	items := make([]filterlist.Item, len(sums))
	d.paths = make([]string, len(sums))
	known = true
	for i, s := range sums {
		d.paths[i] = s.Path
		detail, ok := Badge(s)
		known = known && ok
		var mark []string
		if s.Dirty {
			mark = append(mark, "● unsaved")
		}
		if s.DiskChanged {
			mark = append(mark, "changed on disk")
		}
		if s.Path == d.shown {
			mark = append(mark, "shown")
		}
		items[i] = filterlist.Item{Title: s.Path, Detail: detail, Key: strings.Join(mark, " · ")}
	}
	d.List.SetItems(items)
	return known
}

// Badge is what the switcher says of a document: its tools, errors and
// warnings, "…" until they are known, or why it cannot be opened.
func Badge(s workspace.Summary) (text string, known bool) {
	switch {
	case errors.Is(s.Err, fs.ErrNotExist):
		return "✗ deleted on disk", true
	case s.Err != nil:
		return "✗ " + s.Err.Error(), true
	case !s.Read || !s.Checked:
		return "…", false
	}
	text = fmt.Sprintf("%d tools", s.Tools)
	if s.Tools == 1 {
		text = "1 tool"
	}
	if s.Errors > 0 {
		text += fmt.Sprintf(" ✗%d", s.Errors)
	}
	if s.Warnings > 0 {
		text += fmt.Sprintf(" !%d", s.Warnings)
	}
	return text, true
}

// Receives takes the check's answer, changes made on disk and the
// folder's listing.
func (d *Switcher) Receives(msg tea.Msg) bool { return receives(msg, d.w) }

func (d *Switcher) Update(msg tea.Msg, e *kit.Env) (kit.Dialog, []kit.Action) {
	if acts, ok := onListMsg(msg, d.ListDialog, &d.w, d.refresh); ok {
		return d, acts
	}
	nd, acts := d.ListDialog.Update(msg, e)
	if nd == nil {
		return nil, acts
	}
	return d, acts
}

func (d *Switcher) Resize(w, h int) kit.Dialog {
	d.ListDialog.Resize(w, h)
	return d
}

func (d *Switcher) Name() string { return "the documents switcher" }

// Search finds tools across the workspace as the query is typed; enter
// shows the document of the hit and selects the tool.
type Search struct {
	*kit.ListDialog
	w     *workspace.Workspace
	query string
	hits  []workspace.Hit
}

// NewSearch opens the search on w, with the command that reads the
// documents not read yet (Search reads no file).
func NewSearch(w *workspace.Workspace) (*Search, tea.Cmd) {
	d := &Search{w: w}
	d.ListDialog = kit.NewListDialog("Search the workspace", nil, func(i int) []kit.Action {
		h := d.hits[i]
		return []kit.Action{kit.ActSwitch{Path: h.Path, At: &h.At}}
	})
	d.List.Placeholder = "type a tool's name, description or parameter"
	if !w.Listed() {
		d.List.Placeholder = listing
		return d, nil
	}
	return d, CheckCmd(w)
}

// Receives takes the check's answer (the documents read since are
// searched too), changes made on disk and the folder's listing.
func (d *Search) Receives(msg tea.Msg) bool { return receives(msg, d.w) }

func (d *Search) Update(msg tea.Msg, e *kit.Env) (kit.Dialog, []kit.Action) {
	checked := receives(msg, d.w)
	var acts []kit.Action
	if m, ok := msg.(ListedMsg); ok && checked {
		d.w = m.W
		d.List.Placeholder = "type a tool's name, description or parameter"
		acts = []kit.Action{kit.ActCmd{Cmd: CheckCmd(d.w)}}
	}
	if !checked {
		nd, a := d.ListDialog.Update(msg, e)
		if nd == nil {
			return nil, a
		}
		acts = a
	}
	if q := d.List.Filter(); checked || q != d.query {
		d.query = q
		d.research()
	}
	return d, acts
}

// research lists the hits of the query.
func (d *Search) research() {
	d.hits = nil
	if strings.TrimSpace(d.query) != "" {
		d.hits = d.w.Search(d.query)
	}
	items := make([]filterlist.Item, len(d.hits))
	for i, h := range d.hits {
		// The matched text is the title or the detail, so that the
		// list's own filter keeps every hit.
		detail := h.Type
		if h.Field != workspace.FieldName {
			detail = h.Field.String() + ": " + h.Text
		}
		items[i] = filterlist.Item{Title: h.Name, Detail: detail, Key: h.Path}
	}
	d.List.SetItems(items)
}

func (d *Search) Resize(w, h int) kit.Dialog {
	d.ListDialog.Resize(w, h)
	return d
}

func (d *Search) Name() string { return "the workspace search" }
