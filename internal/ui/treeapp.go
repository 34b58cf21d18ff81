package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/termtext"
)

// The parameters tree in the app: T shows the selected function's
// parameters as a tree in the editor pane's place (T again, or esc, shows
// the form). The tree belongs to the function it was opened on: selecting
// another row shows that row's form, as R's JSON view does. On a screen
// narrower than the wide layout the tree, while it has the focus, takes
// the whole body (the panes' zoom); tab moves on to the other panes.

// treeState is the tree in the editor pane's place.
type treeState struct {
	pane *treePane // nil: the editor pane shows the form
	said int       // the id of the last status message the tree said
	from Pane      // the pane that had the focus when T showed the tree
}

// treeShown reports whether the editor pane shows the tree.
func (a *App) treeShown() bool { return a.tree.pane != nil && a.tree.pane.at == a.at }

// treeFocused reports whether the tree has the focus (no dialog over it).
func (a *App) treeFocused() bool { return a.treeShown() && a.focus == PaneEditor && a.dialog == nil }

// treeZoomed reports whether the tree takes the whole body: it has the
// focus on a screen narrower than the wide layout.
func (a *App) treeZoomed() bool {
	return a.treeShown() && a.focus == PaneEditor && a.width < wideWidth
}

// toggleTree shows the selected function's parameters as a tree, or the
// form again.
func (a *App) toggleTree() tea.Cmd {
	if a.treeShown() {
		return a.leaveTree(false, "")
	}
	p, why := newTreePane(a)
	if p == nil {
		return a.say(why, false)
	}
	a.tree = treeState{pane: p, said: -1, from: a.focus}
	cmd := a.setFocus(PaneEditor, false)
	a.relayout()
	p.setSize(a.lay.editor.inner())
	return cmd
}

// leaveTree shows the form again; back also gives the focus back to the
// pane that had it before the tree (esc, and ctrl+c or ctrl+q as they
// cancel a dialog), else it stays on the form (T). A message the tree said
// goes with it; msg (if any) is said instead.
func (a *App) leaveTree(back bool, msg string) tea.Cmd {
	if a.tree.said == a.status.id && a.status.text != "" {
		a.unsay()
	}
	from := a.tree.from
	a.tree = treeState{}
	var cmd tea.Cmd
	if back {
		cmd = a.setFocus(from, false)
	}
	a.relayout()
	if msg != "" {
		return tea.Batch(cmd, a.say(msg, false))
	}
	return cmd
}

// routeTree routes a key while the tree is shown, before the commands'
// keys (onKey). ok false leaves the key to the router: the global keys
// (but for what the tree says about them), tab and the commands' keys the
// tree does not take. With the focus, the tree's own keys are its, and
// while its prompt is open every other key is typed there (? too).
func (a *App) routeTree(k tea.KeyPressMsg) (tea.Cmd, bool) {
	if !a.treeShown() || a.dialog != nil {
		return nil, false
	}
	km, p := &a.keys, a.tree.pane
	if key.Matches(k, km.Save) {
		// the prompt's text is not in the document yet: the first ctrl+s
		// says so, the second saves
		if what := p.pending(); what != "" && a.savePending != what {
			a.savePending = what
			return a.say("ctrl+s saves the document without "+what+" · ctrl+s again saves now", false), true
		}
		a.savePending = ""
		return nil, false
	}
	if a.focus != PaneEditor {
		return nil, false
	}
	switch {
	case key.Matches(k, km.Quit):
		return a.leaveTree(true, "Left the tree ("+k.String()+" again quits)"), true
	case key.Matches(k, km.Undo, km.Redo):
		redo := key.Matches(k, km.Redo)
		if p.prompt != nil && fieldUndo(p.prompt, redo) {
			return a.say(undoWord(redo)+" typing in the field (once it has none, ctrl+z undoes the document)", false), true
		}
		return nil, false
	case key.Matches(k, km.NextField, km.PrevField):
		return nil, false
	}
	for _, c := range a.cmds {
		if len(c.global) > 0 && key.Matches(k, c.global...) {
			return nil, false
		}
	}
	switch {
	case p.prompt != nil:
		return a.treeUpdate(k), true
	case key.Matches(k, km.Help):
		return a.apply(actOpen{newTreeHelpDialog(a)}), true
	case key.Matches(k, treeKeys.Close):
		return a.leaveTree(true, ""), true
	case key.Matches(k, treeOwnKeys()...):
		return a.treeUpdate(k), true
	}
	return nil, false
}

// treeUpdate hands a message to the tree and applies what it asks. An edit
// the tree made is the document it shows; an edit the session refused
// makes it read the document again.
func (a *App) treeUpdate(msg tea.Msg) tea.Cmd {
	p := a.tree.pane
	p.setSize(a.lay.editor.inner())
	acts := p.update(msg, a.env())
	ver, id := a.s.Version(), a.status.id
	cmd := a.apply(acts...)
	if p.wrote {
		if a.s.Version() != ver && p.ver == ver {
			p.ver = a.s.Version()
		} else {
			p.sync(a.env())
		}
	}
	if a.status.id != id {
		a.tree.said = a.status.id
	}
	return cmd
}

// treeLocate shows what diagnostic d is about in the tree, when the tree
// is shown for its tool: one inside the parameters chooses the row of the
// schema it is about (or the nearest above it). One about another field of
// the function, or about parameters the tree cannot show, shows the form,
// where jumpTo finds the field.
func (a *App) treeLocate(d diagnostic) bool {
	if !a.treeShown() {
		return false
	}
	p := a.tree.pane
	rest, ok := strings.CutPrefix(d.Path, "/parameters")
	if !ok || rest != "" && rest[0] != '/' || p.tree == nil || d.Line > 0 {
		a.tree = treeState{}
		return false
	}
	if n := p.tree.Nearest(rest); n != nil {
		p.selectPtr(n.Ptr)
		p.follow()
	}
	return true
}

// syncTree brings the tree up to the document and the selection after
// every message: another row selected shows its form, a document of
// another version is read again. The layout follows the tree's zoom.
func (a *App) syncTree() {
	if p := a.tree.pane; p != nil {
		if p.at != a.at {
			a.tree = treeState{}
		} else if p.ver != a.s.Version() {
			p.sync(a.env())
		}
	}
	if a.width > 0 && a.height > 0 && a.lay.zoom != a.zoomed() {
		a.relayout()
	}
	if p := a.tree.pane; p != nil {
		p.setSize(a.lay.editor.inner())
	}
}

// treeExampleMsg brings the example arguments of params.
type treeExampleMsg struct {
	params    []byte
	text, why string
}

// treeExampleCmd makes the example arguments of large parameters off the
// main loop, once for each parameters the tree shows.
func (a *App) treeExampleCmd() tea.Cmd {
	p := a.tree.pane
	if p == nil || !p.exampleLater || p.exampleAsked {
		return nil
	}
	p.exampleAsked = true
	params := p.params // never changed in place: an edit makes new bytes
	return func() tea.Msg {
		text, why := makeExample(params)
		return treeExampleMsg{params: params, text: text, why: why}
	}
}

// onTreeExample shows example arguments made by treeExampleCmd, if they
// are of the parameters the tree shows now.
func (a *App) onTreeExample(m treeExampleMsg) {
	if p := a.tree.pane; p != nil && p.exampleLater && string(m.params) == string(p.params) {
		p.example, p.exampleWhy, p.exampleLater = m.text, m.why, false
	}
}

// treeShortHelp is the key help line while the tree has the focus.
func (a *App) treeShortHelp() []key.Binding {
	km, tk := &a.keys, &treeKeys
	if p := a.tree.pane; p.prompt != nil {
		keys := p.help()
		if askKeyword[p.asking] != "" {
			keys = append(keys, key.NewBinding(key.WithKeys("x"), key.WithHelp("empty", "removes it")))
		}
		return append(keys, km.Undo, km.Save)
	}
	short := func(b key.Binding, k, desc string) key.Binding { b.SetHelp(k, desc); return b }
	return []key.Binding{short(tk.Add, "a", "add"), tk.Delete, tk.Rename, short(tk.TypeNext, "←/→", "type"),
		short(tk.Required, "r", "required"), short(tk.Fold, "space", "fold"), short(tk.Copy, "y", "copy example"),
		short(km.Tree, "T", "form"), short(tk.Close, "esc", "leave"), short(km.Help, "?", "all keys")}
}

// newTreeHelpDialog lists the tree's keys first, then the global keys and
// every other key.
func newTreeHelpDialog(a *App) dialog {
	km := &a.keys
	own := helpGroup{title: "Keys of the parameters tree (" + termtext.SanitizeLine(a.tree.pane.fn) + ")"}
	for _, b := range treeOwnKeys() {
		own.rows = append(own.rows, helpRow{keyList(b), b.Help().Desc})
	}
	own.rows = append(own.rows,
		helpRow{keyList(km.Up, km.Down, km.PageUp, km.PageDown, km.Home, km.End), "choose a row"},
		helpRow{keyList(km.Tree), "the form instead of the tree"},
		helpRow{keyList(km.Quit), "leave the tree, as they cancel a dialog"},
		helpRow{keyList(km.NextField, km.PrevField), "next / previous pane"},
		helpRow{"prompt: enter", "set the value (empty removes it); esc cancels, ctrl+z undoes typing"})
	groups := []helpGroup{own, {title: "Global keys, in the tree too", rows: globalHelpRows(km)}}
	return &helpDialog{groups: append(groups, helpGroups(a)...)}
}
