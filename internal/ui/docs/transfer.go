package docs

import (
	"errors"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/session"
	"github.com/tooltui/tooltui/internal/ui/filterlist"
	"github.com/tooltui/tooltui/internal/ui/kit"
	"github.com/tooltui/tooltui/internal/workspace"
)

// Transfer lists the other documents of a workspace; enter copies or
// moves the tools to the chosen one: the destination, which is not shown,
// takes them as one change of its own session (its undo takes them out);
// the source, on a move, loses them as one change of the shown document.
// A name the destination has already asks once: rename (name_2) or not.
type Transfer struct {
	*kit.ListDialog
	w     *workspace.Workspace
	shown string
	doc   *model.Document // the shown document the tools are places of
	tools []session.At
	move  bool
	paths []string
	// clash is the question asked about dest, nil when none is.
	clash *workspace.ClashError
	dest  string
}

// NewTransfer opens the chooser of the destination of tools (places of
// doc, the document shown), with the command that reads the documents
// not read yet. Before the folder is listed, it says so and lists the
// documents when it is.
func NewTransfer(w *workspace.Workspace, shown string, doc *model.Document, tools []session.At, move bool) (*Transfer, tea.Cmd) {
	d := &Transfer{w: w, shown: shown, doc: doc, tools: tools, move: move}
	title := "Copy " + kit.Plural(len(tools), "tool") + " to"
	if move {
		title = "Move " + kit.Plural(len(tools), "tool") + " to"
	}
	d.ListDialog = kit.NewListDialog(title, nil, nil)
	return d, relist(d.ListDialog, w, d.refresh)
}

// refresh lists the documents but the shown one; known: every one is read.
func (d *Transfer) refresh() (known bool) {
	var items []filterlist.Item
	d.paths = nil
	known = true
	for _, s := range d.w.Summaries() {
		if s.Path == d.shown {
			continue
		}
		detail, ok := Badge(s)
		known = known && ok
		d.paths = append(d.paths, s.Path)
		var mark string
		if s.Dirty {
			mark = "● unsaved"
		}
		items = append(items, filterlist.Item{Title: s.Path, Detail: detail, Key: mark})
	}
	d.List.SetItems(items)
	return known
}

// Receives takes the check's answer, changes made on disk and the
// folder's listing.
func (d *Transfer) Receives(msg tea.Msg) bool { return receives(msg, d.w) }

func (d *Transfer) Update(msg tea.Msg, e *kit.Env) (kit.Dialog, []kit.Action) {
	if acts, ok := onListMsg(msg, d.ListDialog, &d.w, d.refresh); ok {
		return d, acts
	}
	k, isKey := msg.(tea.KeyPressMsg)
	if d.clash != nil {
		if !isKey {
			return d, nil
		}
		switch k.String() {
		case "r", "y", "enter":
			return d.do(e, d.dest, true)
		case "esc", "n", "c":
			return nil, []kit.Action{kit.ActClose{}, kit.Say("Nothing was " + d.verb(false) + ": " + d.dest + " is as it was")}
		}
		return d, []kit.Action{kit.Say("r renames (" + d.clash.Name + "_2), esc cancels")}
	}
	if isKey && k.String() == "enter" {
		i, ok := d.List.Selected()
		if !ok {
			return d, nil
		}
		return d.do(e, d.paths[i], false)
	}
	nd, acts := d.ListDialog.Update(msg, e)
	if nd == nil {
		return nil, acts
	}
	return d, acts
}

func (d *Transfer) verb(present bool) string {
	switch {
	case d.move && present:
		return "Move"
	case d.move:
		return "moved"
	case present:
		return "Copy"
	}
	return "copied"
}

// do copies or moves the tools to dest; a name dest has already is a
// question unless rename.
func (d *Transfer) do(e *kit.Env, dest string, rename bool) (kit.Dialog, []kit.Action) {
	var sum workspace.Summary
	for _, s := range d.w.Summaries() {
		if s.Path == dest {
			sum = s
		}
	}
	if sum.Err != nil {
		return d, []kit.Action{kit.SayErr(dest + " cannot be opened: " + sum.Err.Error())}
	}
	if !sum.Read {
		return d, []kit.Action{kit.Say(dest + " is still being read: choose it again in a moment")}
	}
	if e.S.Doc() != d.doc {
		return nil, []kit.Action{kit.ActClose{}, kit.SayErr("The document changed since the tools were chosen; nothing was " + d.verb(false))}
	}
	dst, err := d.w.Session(dest) // read already: no file is read
	if err != nil {
		return d, []kit.Action{kit.SayErr(dest + " cannot be opened: " + err.Error())}
	}
	tr, err := Apply(d.doc, dst, d.tools, d.move, rename)
	var clash *workspace.ClashError
	if errors.As(err, &clash) {
		d.clash, d.dest = clash, dest
		return d, nil
	}
	if err != nil {
		return nil, []kit.Action{kit.ActClose{}, kit.SayErr("Nothing was " + d.verb(false) + ": " + err.Error())}
	}
	n := kit.Plural(len(d.tools), "tool")
	them := "them"
	if len(d.tools) == 1 {
		them = "it"
	}
	text := "Copied " + n + " to " + dest + " (" + dest + "'s own undo takes " + them + " out)"
	acts := []kit.Action{kit.ActClose{}}
	if d.move {
		text = "Moved " + n + " to " + dest + " (ctrl+z here undoes the removal; " + dest + "'s own undo takes " + them + " out)"
		src := d.doc
		acts = append(acts, kit.ActEdit{Fn: func(base *model.Document) (*model.Document, error) {
			if base != src {
				return nil, errors.New("the document changed; nothing was moved")
			}
			return tr.Src, nil
		}})
		row := min(kit.RowOf(src, d.tools[0]), kit.RowCount(tr.Src)-1)
		acts = append(acts, kit.ActSelect{At: kit.SelAt(tr.Src, row)}, kit.ActLayout{})
	}
	if len(tr.Notes) > 0 {
		text += "; " + strings.Join(tr.Notes, "; ")
	}
	return nil, append(acts, kit.Say(text))
}

// Apply copies (or moves) the tools of src at places tools into the
// session dst, as one change of it: the transfer done, whose Src is the
// source to put in place on a move.
func Apply(src *model.Document, dst *session.Session, tools []session.At, move, rename bool) (workspace.Transfer, error) {
	do := workspace.Copy
	if move {
		do = workspace.Move
	}
	tr, err := do(src, dst.Doc(), tools, workspace.Options{Rename: rename})
	if err != nil {
		return tr, err
	}
	at := session.RequestAt
	if len(tr.Placed) > 0 {
		at = tr.Placed[0]
	}
	err = dst.Apply("", at, func(*model.Document) (*model.Document, error) { return tr.Dst, nil })
	return tr, err
}

func (d *Transfer) View(e *kit.Env, w, h int) []string {
	if d.clash == nil {
		return d.ListDialog.View(e, w, h)
	}
	lines := []string{
		strings.Replace(d.clash.Error(), "the destination", d.dest, 1) + ".",
		"",
		"r  " + d.verb(true) + " it as " + d.clash.Name + "_2 (the first free name)",
		"esc  cancel: nothing is " + d.verb(false),
	}
	return kit.Box(e, d.Title, lines, min(w, 72))
}

func (d *Transfer) Help(km *kit.KeyMap) []key.Binding {
	if d.clash == nil {
		return d.ListDialog.Help(km)
	}
	return []key.Binding{
		key.NewBinding(key.WithKeys("r", "enter"), key.WithHelp("r", "add it as "+d.clash.Name+"_2")),
		key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
	}
}

func (d *Transfer) Resize(w, h int) kit.Dialog {
	d.ListDialog.Resize(w, h)
	return d
}

func (d *Transfer) Name() string {
	return "the " + strings.ToLower(d.verb(true)) + " to another document dialog"
}
