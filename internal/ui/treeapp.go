package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/termtext"
	"github.com/tooltui/tooltui/internal/ui/form"
	"github.com/tooltui/tooltui/internal/ui/help"
	"github.com/tooltui/tooltui/internal/ui/kit"
	"github.com/tooltui/tooltui/internal/ui/tree"
)

// The parameters tree in the app: T shows the selected function's
// parameters as a tree in the editor pane's place (T again, or esc, shows
// the form). The tree belongs to the function it was opened on: selecting
// another row shows that row's form, as R's JSON view does. On a screen
// narrower than the wide layout the tree, while it has the focus, takes
// the whole body (the panes' zoom); tab moves on to the other panes.

// treeState is the tree in the editor pane's place.
type treeState struct {
	pane *tree.Pane // nil: the editor pane shows the form
	said int        // the id of the last status message the tree said
	from kit.Pane   // the pane that had the focus when T showed the tree
}

// treeCtx is what the tree reads of the app.
type treeCtx struct {
	e      *kit.Env
	focus  kit.Pane
	dialog bool // a dialog is open
	width  int
	status *statusLine
	cmds   []command
}

func (a *App) treeCtx() treeCtx {
	return treeCtx{e: a.env(), focus: a.focus, dialog: a.dialog != nil, width: a.width, status: &a.status, cmds: a.cmds}
}

// shown reports whether the editor pane shows the tree (at is the
// selection).
func (t *treeState) shown(at kit.Sel) bool { return t.pane != nil && t.pane.At == at }

// focused reports whether the tree has the focus (no dialog over it).
func (t *treeState) focused(c treeCtx) bool {
	return t.shown(c.e.At) && c.focus == kit.PaneEditor && !c.dialog
}

// zoomed reports whether the tree takes the whole body: it has the
// focus on a screen narrower than the wide layout.
func (t *treeState) zoomed(c treeCtx) bool {
	return t.shown(c.e.At) && c.focus == kit.PaneEditor && c.width < wideWidth
}

// toggle shows the selected function's parameters as a tree, or the form
// again.
func (t *treeState) toggle(c treeCtx) []kit.Action {
	if t.shown(c.e.At) {
		if typed := t.pane.Pending(); typed != "" {
			return []kit.Action{kit.Say("The form shows once the tree's prompt is done: " + typed)}
		}
		return t.leave(c, false, "")
	}
	p, why := tree.New(c.e)
	if p == nil {
		return []kit.Action{kit.Say(why)}
	}
	*t = treeState{pane: p, said: -1, from: c.focus}
	return []kit.Action{kit.ActFocus{Pane: kit.PaneEditor}, kit.ActLayout{}}
}

// leave shows the form again; back also gives the focus back to the pane
// that had it before the tree (esc, q), else it stays on the form (T). A message the tree said goes
// with it; msg (if any) is said instead.
func (t *treeState) leave(c treeCtx, back bool, msg string) []kit.Action {
	var acts []kit.Action
	if t.said == c.status.id && c.status.text != "" {
		acts = append(acts, kit.ActUnsay{})
	}
	from := t.from
	*t = treeState{}
	if back {
		acts = append(acts, kit.ActFocus{Pane: from})
	}
	acts = append(acts, kit.ActLayout{})
	if msg != "" {
		acts = append(acts, kit.Say(msg))
	}
	return acts
}

// route routes a key while the tree is shown, before the commands' keys
// (onKey). ok false leaves the key to the router: the global keys (but
// for what the tree says about them), tab and the commands' keys the tree
// does not take. With the focus, the tree's own keys are its (own: the
// key goes to the tree's update), and while its prompt is open every
// other key is typed there (? too).
func (t *treeState) route(c treeCtx, k tea.KeyPressMsg) (acts []kit.Action, own, ok bool) {
	if !t.shown(c.e.At) || c.dialog {
		return nil, false, false
	}
	km, p := c.e.Km, t.pane
	if key.Matches(k, km.Save) {
		// the prompt's text is not in the document yet: the first ctrl+s
		// says so, the second saves
		return []kit.Action{kit.ActSave{Pending: p.Pending()}}, false, true
	}
	if c.focus != kit.PaneEditor {
		return nil, false, false
	}
	switch {
	case key.Matches(k, km.Quit) && p.Prompt != nil:
		msg := "Closed the prompt, nothing changed"
		if typed := p.Pending(); typed != "" {
			msg += "; dropped " + kit.WithoutHint(typed)
		}
		p.Prompt = nil // as esc: the prompt, as a dialog is cancelled
		return []kit.Action{kit.Say(msg + " (" + k.String() + " again quits, as on every pane; esc or q leaves the tree)")}, false, true
	case key.Matches(k, km.Undo, km.Redo):
		redo := key.Matches(k, km.Redo)
		if p.Prompt != nil && kit.FieldUndo(p.Prompt, redo) {
			return []kit.Action{kit.Say(kit.UndoWord(redo) + " typing in the field (once it has none, ctrl+z undoes the document)")}, false, true
		}
		return nil, false, false
	case key.Matches(k, km.NextField, km.PrevField):
		return nil, false, false
	}
	for _, cmd := range c.cmds {
		if len(cmd.global) > 0 && key.Matches(k, cmd.global...) {
			return nil, false, false
		}
	}
	switch {
	case p.Prompt != nil:
		return nil, true, true
	case key.Matches(k, km.Help):
		return []kit.Action{kit.ActOpen{D: newTreeHelpDialog(c, p)}}, false, true
	case key.Matches(k, tree.Keys.Close):
		return t.leave(c, true, ""), false, true
	case key.Matches(k, tree.OwnKeys()...), key.Matches(k, km.Up, km.Down, km.PageUp, km.PageDown, km.Home, km.End):
		return nil, true, true
	}
	return nil, false, false
}

// treeUpdate hands a message to the tree and applies what it asks; the
// tree remembers the status message it said (leave takes it away).
func (a *App) treeUpdate(msg tea.Msg) tea.Cmd {
	id := a.status.id
	cmd := a.apply(a.tree.pane.Update(msg, a.env())...)
	if a.status.id != id {
		a.tree.said = a.status.id
	}
	return cmd
}

// locate shows what diagnostic d is about in the tree, when the tree is
// shown for its tool (the selection at): one inside the parameters
// chooses the row of the schema it is about (or the nearest above it).
// One about another field of the function, or about parameters the tree
// cannot show, shows the form, where jumpTo finds the field.
func (t *treeState) locate(at kit.Sel, d form.Diagnostic) bool {
	if !t.shown(at) {
		return false
	}
	p := t.pane
	rest, ok := strings.CutPrefix(d.Path, "/parameters")
	if !ok || rest != "" && rest[0] != '/' || p.Tree == nil || d.Line > 0 {
		*t = treeState{}
		return false
	}
	if n := p.Tree.Nearest(rest); n != nil {
		p.SelectPtr(n.Ptr)
		p.Follow()
	}
	return true
}

// sync brings the tree up to the document and the selection after every
// message: another row selected shows its form, a document of another
// version is read again.
//
// Another row chosen closes the tree: dropped says what its prompt held
// (the row was chosen in another pane, tab having left the prompt open).
func (t *treeState) sync(e *kit.Env) (dropped string) {
	if p := t.pane; p != nil {
		if p.At != e.At {
			if typed := p.Pending(); typed != "" {
				dropped = "The parameters tree of " + termtext.SanitizeLine(p.Fn) + " closed with its prompt: " + kit.WithoutHint(typed) + " was not applied"
			}
			*t = treeState{}
		} else if p.Ver != e.S.Version() {
			p.Sync(e)
		}
	}
	return dropped
}

// newTreeHelpDialog lists the tree's keys first, then the global keys and
// every other key.
func newTreeHelpDialog(c treeCtx, p *tree.Pane) kit.Dialog {
	km := c.e.Km
	own := help.Group{Title: "Keys of the parameters tree (" + termtext.SanitizeLine(p.Fn) + ")"}
	for _, b := range tree.OwnKeys() {
		own.Rows = append(own.Rows, help.Row{Keys: help.KeyList(b), Desc: b.Help().Desc})
	}
	own.Rows = append(own.Rows,
		help.Row{Keys: help.KeyList(km.Up, km.Down, km.PageUp, km.PageDown, km.Home, km.End), Desc: "choose a row"},
		help.Row{Keys: help.KeyList(km.Tree), Desc: "the form instead of the tree"},
		help.Row{Keys: help.KeyList(km.Quit), Desc: "quit, as on every pane (with a prompt open: close the prompt)"},
		help.Row{Keys: help.KeyList(km.NextField, km.PrevField), Desc: "next / previous pane"},
		help.Row{Keys: "prompt: enter", Desc: "set the value (empty removes it); esc cancels, ctrl+z undoes typing"})
	groups := []help.Group{own, {Title: "Global keys, in the tree too", Rows: help.GlobalRows(km)}}
	return help.NewAbout(own.Title, append(groups, help.Groups(helpCommands(c.cmds), *km)...))
}
