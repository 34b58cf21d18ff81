package ui

import (
	"fmt"
	"reflect"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/tooltui/tooltui/internal/ui/args"
	"github.com/tooltui/tooltui/internal/ui/files"
	"github.com/tooltui/tooltui/internal/ui/fix"
	"github.com/tooltui/tooltui/internal/ui/help"
	"github.com/tooltui/tooltui/internal/ui/infer"
	"github.com/tooltui/tooltui/internal/ui/kit"
	"github.com/tooltui/tooltui/internal/ui/mcptools"
	"github.com/tooltui/tooltui/internal/ui/sendview"
)

// The one key router. Every key press goes through onKey: a screen too
// small for the panes, then the global keys, then the open dialog (the top
// of the stack of overlays), then the focused pane.
//
// The global keys mean the same wherever they are pressed, dialogs and
// overlays included:
//
//	ctrl+s          save the document
//	?               the keys of where you are (typed as text in a field)
//	ctrl+p          the command palette, over the open dialog
//	ctrl+z ctrl+y   undo, redo the document
//	ctrl+r          send the request (send it again in the response view;
//	                a replay plays again)
//	ctrl+c ctrl+q   quit; inside a dialog, cancel that dialog
//
// A dialog claims one of them only by listing it among its keys (help), as
// the start-up question claims ctrl+q ("quit, keep it"); `?` shows what a
// dialog claims.

// globalKey names what a global key does.
type globalKey int

const (
	gNone globalKey = iota
	gQuit
	gSave
	gHelp
	gPalette
	gUndo
	gRedo
	gSend
)

// global says which global key k is in the open dialog, gNone when it is
// none or the dialog claims it.
func (a *App) global(k tea.KeyPressMsg) globalKey {
	km := &a.keys
	if a.dialog != nil {
		for _, b := range a.dialog.Help(km) {
			if key.Matches(k, b) {
				return gNone // the dialog's own key, listed in its help
			}
		}
	}
	switch {
	case key.Matches(k, km.Quit):
		return gQuit
	case key.Matches(k, km.Save):
		return gSave
	case key.Matches(k, km.Palette):
		return gPalette
	case key.Matches(k, km.Undo):
		return gUndo
	case key.Matches(k, km.Redo):
		return gRedo
	case key.Matches(k, km.Send):
		return gSend
	case key.Matches(k, km.Help):
		if t, ok := a.dialog.(kit.TextField); ok && t.TypingText() {
			return gNone // typed
		}
		return gHelp
	}
	return gNone
}

// dialogGlobal runs a global key pressed while a dialog is open.
func (a *App) dialogGlobal(g globalKey, k tea.KeyPressMsg) tea.Cmd {
	name := a.dialog.Name()
	switch g {
	case gQuit:
		if c, ok := a.dialog.(*kit.ConfirmDialog); ok && c.Title == kit.QuitTitle {
			a.closeDialog()
			return a.say("Quit cancelled: ctrl+c and ctrl+q cancel this question; d quits without saving", false)
		}
		if c, ok := a.dialog.(kit.CloseGuard); ok {
			if act, ok := c.MayClose(k.String()); !ok {
				return a.apply(act)
			}
		}
		a.closeDialog()
		return a.say(fmt.Sprintf("Closed %s: %s cancels a dialog; at the main screen it quits", name, k.String()), false)
	case gSave:
		if c, ok := a.dialog.(*kit.ConfirmDialog); ok && files.IsChangedDialog(c) && !c.About.(*files.DiskChangedMsg).Watched {
			// this question is the save's: asking it again says nothing new
			var keys []string
			for _, b := range c.Keys {
				keys = append(keys, b.Help().Key+" "+b.Help().Desc)
			}
			return a.say("The save waits on this question: "+strings.Join(keys, " · "), false)
		}
		return a.apply(kit.ActSave{Pending: a.typedText()})
	case gHelp:
		return a.apply(kit.ActOpen{D: help.ForDialog(&a.keys, a.dialog)})
	case gPalette:
		return a.apply(kit.ActOpen{D: newPaletteDialog(a)})
	case gUndo:
		return a.undo(false)
	case gRedo:
		return a.undo(true)
	case gSend:
		if sd, ok := a.dialog.(*sendview.Dialog); ok {
			if act, ok := sd.MayClose(k.String()); !ok {
				return a.apply(act)
			}
			a.closeDialog() // the stream under way stops
			if sd.Again != nil {
				return a.apply(sd.Again()...) // a replay plays again, offline
			}
			return a.sendRequest()
		}
		return a.run(kit.CmdSend)
	}
	return nil
}

// routeDialog hands a message to the open dialog. A dialog that answers
// nil has closed itself.
func (a *App) routeDialog(msg tea.Msg) tea.Cmd {
	d, acts := a.dialog.Update(msg, a.env())
	if d == nil {
		a.popDialog()
		acts = withoutClose(acts) // closed already: not the one under it
	} else {
		a.dialog = d
	}
	return a.apply(acts...)
}

// routeTo hands a message (a stream's event) to the open dialog that is,
// whether it is on top or under another (the keys help, the palette).
func (a *App) routeTo(is func(kit.Dialog) bool, msg tea.Msg) tea.Cmd {
	if a.dialog != nil && is(a.dialog) {
		return a.routeDialog(msg)
	}
	for i, d := range a.under {
		if !is(d) {
			continue
		}
		next, acts := d.Update(msg, a.env())
		if next == nil {
			a.under = append(a.under[:i:i], a.under[i+1:]...)
			acts = withoutClose(acts)
		} else {
			a.under[i] = next
		}
		return a.apply(acts...)
	}
	return nil
}

func withoutClose(acts []kit.Action) []kit.Action {
	out := acts[:0:0]
	for _, act := range acts {
		if _, ok := act.(kit.ActClose); !ok {
			out = append(out, act)
		}
	}
	return out
}

// pushDialog opens d over the open dialog (if any).
func (a *App) pushDialog(d kit.Dialog) {
	if a.dialog != nil {
		a.under = append(a.under, a.dialog)
	}
	a.dialog = d.Resize(a.width, a.lay.status.Y)
}

// raise brings the open dialog of d's kind (same type, same name, opened
// for the same thing: viewKey) to the top instead of opening a second one,
// as the palette over a dialog can ask; it reports whether there was one. Only views of what the app holds
// are raised: a question, and the dialog of an operation (a send, a
// replay, a listing, a fix, a function's arguments), open each time.
func (a *App) raise(d kit.Dialog) bool {
	switch d.(type) {
	case *kit.ConfirmDialog, *sendview.Dialog, *sendview.Replay, *mcptools.Dialog, *fix.Dialog, *fix.Report, *args.Dialog, *infer.Dialog:
		return false
	}
	if a.dialog == nil {
		return false
	}
	same := func(o kit.Dialog) bool {
		return reflect.TypeOf(o) == reflect.TypeOf(d) && ViewKey(o) == ViewKey(d)
	}
	if same(a.dialog) {
		return true
	}
	for i, u := range a.under {
		if same(u) {
			a.under = append(append(a.under[:i:i], a.under[i+1:]...), a.dialog)
			a.dialog = u
			return true
		}
	}
	return false
}

// popDialog closes the top dialog; the one under it (if any) is open
// again.
func (a *App) popDialog() {
	if a.dialog != nil && a.sayIn == a.dialog {
		a.unsay() // it was about this dialog
	}
	a.dialog = nil
	if n := len(a.under); n > 0 {
		a.dialog = a.under[n-1]
		a.under = a.under[:n-1]
	}
}

// dropDialogs closes the open dialogs that match, wherever they are in
// the stack.
func (a *App) dropDialogs(match func(kit.Dialog) bool) {
	kept := a.under[:0]
	for _, u := range a.under {
		switch {
		case !match(u):
			kept = append(kept, u)
		case a.sayIn == u:
			a.unsay() // it was about this dialog
		}
	}
	clear(a.under[len(kept):])
	a.under = kept
	if a.dialog != nil && match(a.dialog) {
		a.popDialog()
	}
}

// dialogs are the open dialogs, the top one last.
func (a *App) dialogs() []kit.Dialog {
	if a.dialog == nil {
		return nil
	}
	return append(append([]kit.Dialog(nil), a.under...), a.dialog)
}

// viewKey tells apart the views of one kind that show different things:
// the keys of one dialog from all keys, "Save as" from "Save as" then
// quit.
func ViewKey(d kit.Dialog) string {
	if k, ok := d.(kit.KeyedView); ok {
		return d.Name() + "\x00" + k.ViewKey()
	}
	return d.Name()
}

// typedText says what text being typed is not in the document yet, in the
// open dialogs (the top one first, so that ctrl+s in the palette or the
// keys help over the mocks editor tells too) or in the tree's prompt; ""
// when there is none.
func (a *App) typedText() string {
	ds := a.dialogs()
	for i := len(ds) - 1; i >= 0; i-- {
		if p, ok := ds[i].(kit.PendingText); ok {
			if s := p.Pending(); s != "" {
				return s
			}
		}
	}
	if a.tree.shown(a.at) {
		return a.tree.pane.Pending()
	}
	return ""
}

// typedQuestion asks before a command chosen in the palette saves or
// quits without the text being typed (ctrl+s says so on its first press
// instead); nil when it leaves nothing out.
func (a *App) typedQuestion(act kit.ActRun) *kit.ConfirmDialog {
	does, ok := map[string]string{kit.CmdSave: "The save writes the document without %s.",
		kit.CmdSaveQuit: "Saving and quitting writes the document without %s, which then goes.",
		kit.CmdQuit:     "Quitting drops %s."}[act.Name]
	if !act.Chosen || !ok {
		return nil
	}
	typed := a.typedText()
	if typed == "" {
		return nil
	}
	goOn := key.NewBinding(key.WithKeys("enter", "y"), key.WithHelp("enter", strings.ToLower(act.Name[:1])+act.Name[1:]+" anyway"))
	if act.Name == kit.CmdSave {
		goOn.SetKeys("enter", "y", "ctrl+s") // a save asked for again is the answer
	}
	back := key.NewBinding(key.WithKeys("esc", "n"), key.WithHelp("esc", "go back (finish or drop it there first)"))
	typed = kit.WithoutHint(typed) // its keys are the view's, not this question's
	return &kit.ConfirmDialog{
		Title: act.Name + "?",
		Text:  fmt.Sprintf(does, typed),
		Keys:  []key.Binding{goOn, back},
		Answer: func(k tea.KeyPressMsg, _ *kit.KeyMap) ([]kit.Action, bool) {
			switch {
			case key.Matches(k, goOn):
				return []kit.Action{kit.ActRun{Name: act.Name}}, true
			case key.Matches(k, back):
				return []kit.Action{kit.Say(act.Name + " cancelled: " + typed + " is still there")}, true
			}
			return nil, false
		},
	}
}
