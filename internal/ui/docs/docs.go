// Package docs is the dialogs on a workspace's documents: the switcher,
// which lists every document with its tool count and its errors and
// warnings, and the workspace search, which finds tools across them.
package docs

import (
	"fmt"
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
// command that checks them all (nil when every one is known).
func NewSwitcher(w *workspace.Workspace, shown string) (*Switcher, tea.Cmd) {
	d := &Switcher{w: w, shown: shown}
	d.ListDialog = kit.NewListDialog("Documents", nil, func(i int) []kit.Action {
		return []kit.Action{kit.ActSwitch{Path: d.paths[i]}}
	})
	known := d.refresh()
	if known {
		return d, nil
	}
	return d, CheckCmd(w)
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

// Receives takes the check's answer.
func (d *Switcher) Receives(msg tea.Msg) bool {
	m, ok := msg.(CheckedMsg)
	return ok && m.W == d.w
}

func (d *Switcher) Update(msg tea.Msg, e *kit.Env) (kit.Dialog, []kit.Action) {
	if _, ok := msg.(CheckedMsg); ok {
		d.refresh()
		return d, nil
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
	return d, CheckCmd(w)
}

// Receives takes the check's answer: the documents read since are
// searched too.
func (d *Search) Receives(msg tea.Msg) bool {
	m, ok := msg.(CheckedMsg)
	return ok && m.W == d.w
}

func (d *Search) Update(msg tea.Msg, e *kit.Env) (kit.Dialog, []kit.Action) {
	_, checked := msg.(CheckedMsg)
	var acts []kit.Action
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
