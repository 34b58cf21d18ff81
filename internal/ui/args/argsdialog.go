// Package args is the argument tester: arguments typed for the selected
// function, checked against its parameters as the model would be held to them.
package args

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/tooltui/tooltui/internal/args"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/schematree"
	"github.com/tooltui/tooltui/internal/termtext"
	"github.com/tooltui/tooltui/internal/ui/editor"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// argsKeys are the argument tester's keys; every other key edits the
// arguments.
var argsKeys = struct {
	Example, Copy, Next, Close key.Binding
}{
	Example: key.NewBinding(key.WithKeys("ctrl+g"), key.WithHelp("ctrl+g", "generate an example")),
	Copy:    key.NewBinding(key.WithKeys("alt+y"), key.WithHelp("alt+y", "copy the arguments")),
	Next:    key.NewBinding(key.WithKeys("ctrl+n"), key.WithHelp("ctrl+n", "go to the next problem")),
	Close:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "close")),
}

// argsDialog tests arguments, as a model would send them in a call of the
// selected function, against its parameters while they are typed or
// pasted: each problem is shown with its line, column and JSON Pointer.
type Dialog struct {
	Fn  kit.Function
	V   *args.Validator // compiled once, when the dialog opens
	How string          // the semantics used and why
	Ed  editor.Model

	seen  uint64         // the editor version probs are for
	blank bool           // the text is empty or only spaces: nothing to check
	probs []args.Problem // nil when the arguments fit (or there are none)
	next  int            // the problem ctrl+n goes to
	w, H  int
	ver   uint64 // the session version the parameters were read at
	why   string // why the parameters cannot check the arguments now
	guard kit.DropGuard
	made  string // the example ctrl+g wrote last: made again, not typed
}

// MayClose: arguments typed go with the dialog, so the first closing key
// says so.
func (d *Dialog) MayClose(key string) (kit.Action, bool) {
	typed := ""
	if v := d.Ed.Value(); strings.TrimSpace(v) != "" && v != d.made {
		typed = "the arguments typed"
	}
	return d.guard.MayClose(key, "closes it", typed, d.Ed.Version())
}

func (d *Dialog) SeenVersion() uint64 { return d.ver }
func (d *Dialog) See(v uint64)        { d.ver = v }

// Reread reads the function's parameters again after the document changed
// (an undo, a reload): the arguments are checked against them from now on.
func (d *Dialog) Reread(e *kit.Env) {
	d.ver = e.S.Version()
	f, why := kit.ReadFunction(e.S.Doc(), kit.Sel{Kind: d.Fn.Kind, Index: d.Fn.Index}, "test arguments")
	if why == "" && f.DraftErr != "" {
		why = fmt.Sprintf("%s's parameters are not valid JSON now (%s)", f.Label(), f.DraftErr)
	}
	if why == "" && string(f.Params) == string(d.Fn.Params) && boolPtrEq(f.Strict, d.Fn.Strict) {
		d.Fn, d.why = f, ""
		return
	}
	var v *args.Validator
	var how string
	if why == "" {
		strict, h := schematree.StrictFor(f.Params, f.Strict)
		var err error
		if v, err = args.Compile(f.Params, strict); err != nil {
			why = f.Label() + ": " + err.Error()
		}
		how = h
	}
	if why != "" {
		d.why = termtext.SanitizeLine(kit.ChangedWhy(why))
		return
	}
	d.Fn, d.V, d.How, d.why = f, v, how, ""
	d.seen-- // check the arguments again
	d.check()
}

func boolPtrEq(a, b *bool) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

// newArgsDialog opens the argument tester on the selected function, or
// returns nil and says why it cannot (not a function, parameters that are
// not valid JSON or not a usable JSON Schema).
func New(e *kit.Env) (kit.Dialog, string) {
	f, why := kit.SelectedFunction(e, "test arguments")
	if why != "" {
		return nil, why
	}
	if f.DraftErr != "" {
		return nil, termtext.SanitizeLine(fmt.Sprintf("%s's parameters are not valid JSON yet (%s); finish them before testing arguments", f.Label(), f.DraftErr))
	}
	strict, how := schematree.StrictFor(f.Params, f.Strict)
	v, err := args.Compile(f.Params, strict)
	if err != nil {
		return nil, termtext.SanitizeLine(f.Label() + ": " + err.Error())
	}
	d := &Dialog{Fn: f, V: v, How: how, Ed: editor.New(), ver: e.S.Version()}
	d.Ed.AutoIndent = true
	d.Ed.CharLimit = model.MaxDocumentBytes
	d.Ed.Placeholder = "Paste or type the arguments, a JSON object such as {\"city\": \"Paris\"}\n(ctrl+g writes an example)"
	d.Ed.Focus()
	d.seen, d.blank = d.Ed.Version(), true
	return d, ""
}

// resultRows is how many lines the verdict gets under the editor.
func (d *Dialog) resultRows() int { return max(2, min(8, (d.H-2)/3)) }

func (d *Dialog) Resize(w, h int) kit.Dialog {
	d.w, d.H = kit.DialogSize(w, h, 100, 34)
	// header, blank, editor, blank, verdict, blank, keys
	d.Ed.SetSize(d.w-4, max(1, d.H-2-4-d.resultRows()))
	return d
}

// check validates the arguments when they changed since the last check.
func (d *Dialog) check() {
	if d.Ed.Version() == d.seen {
		return
	}
	d.seen = d.Ed.Version()
	d.next = 0
	d.probs = nil
	text := d.Ed.Value()
	if d.blank = strings.TrimSpace(text) == ""; d.blank {
		return
	}
	d.probs = d.V.Validate([]byte(text))
}

func (d *Dialog) Update(msg tea.Msg, e *kit.Env) (kit.Dialog, []kit.Action) {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		if !key.Matches(k, argsKeys.Close) {
			d.guard.Armed = false
		}
		switch {
		case key.Matches(k, argsKeys.Close):
			if act, ok := d.MayClose(k.String()); !ok {
				return d, []kit.Action{act}
			}
			return nil, []kit.Action{kit.ActClose{}}
		case key.Matches(k, argsKeys.Example):
			ex, err := schematree.Example(d.Fn.Params)
			if err != nil {
				return d, []kit.Action{kit.SayErr("No example: " + err.Error())}
			}
			d.Ed.SetValue(string(ex))
			d.made = d.Ed.Value()
			d.check()
			if len(d.probs) > 0 {
				return d, []kit.Action{kit.Say("Wrote an example of the arguments; it does not fit every rule of the parameters")}
			}
			return d, []kit.Action{kit.Say("Wrote an example of " + d.Fn.Label() + "'s arguments")}
		case key.Matches(k, argsKeys.Copy):
			if d.Ed.Len() == 0 {
				return d, []kit.Action{kit.Say("No arguments to copy: paste or type them, or ctrl+g for an example")}
			}
			return d, []kit.Action{kit.ActCopy{What: "the arguments of " + d.Fn.Label(), Text: d.Ed.Value()}}
		case key.Matches(k, argsKeys.Next):
			return d, d.goNext()
		}
	}
	if k, ok := msg.(tea.KeyPressMsg); ok && !d.Ed.Handles(k) {
		return d, []kit.Action{kit.ExplainDialogKey(k, d, e.Km)}
	}
	d.Ed, _ = d.Ed.Update(msg)
	d.check()
	return d, nil
}

func (d *Dialog) TypingText() bool { return true }

func (d *Dialog) UndoText(redo bool) (bool, []kit.Action) {
	done := kit.FieldUndo(&d.Ed, redo)
	d.check()
	return done, nil
}

// goNext moves the cursor to the next located problem.
func (d *Dialog) goNext() []kit.Action {
	var located []args.Problem
	for _, p := range d.probs {
		if p.Line > 0 {
			located = append(located, p)
		}
	}
	if len(located) == 0 {
		if len(d.probs) == 0 {
			return []kit.Action{kit.Say("No problem to go to")}
		}
		return []kit.Action{kit.Say("The problems have no place in the text")}
	}
	p := located[d.next%len(located)]
	d.next = (d.next + 1) % len(located)
	d.Ed.SetCursor(p.Line-1, p.Column-1)
	return nil
}

// verdict is what the dialog says of the arguments, at most n lines of
// width w: a problem takes as many lines as its text needs, and the
// problems that do not fit are counted on the last line.
func (d *Dialog) verdict(e *kit.Env, n, w int) []string {
	st := e.St
	switch {
	case d.blank:
		return []string{st.Dim.Render(kit.Fit(" Nothing to check yet: paste or type the arguments", w))}
	case len(d.probs) == 0:
		return []string{st.OK.Render(kit.Fit(" ✓ fits "+d.Fn.Label()+"'s parameters", w))}
	}
	lines := []string{st.Error.Render(kit.Fit(" ✗ "+kit.Plural(len(d.probs), "problem"), w))}
	room := n - 1
	shown := 0
	for i, p := range d.probs {
		pl := problemLines(p, w)
		last := i == len(d.probs)-1
		if len(lines)-1+len(pl) > room || (!last && len(lines)-1+len(pl) > room-1) {
			if shown == 0 { // a problem too long for the room: its start
				keep := room - 1
				if last {
					keep = room
				}
				lines = append(lines, pl[:max(0, keep)]...)
				shown = 1
			}
			break
		}
		lines = append(lines, pl...)
		shown++
	}
	if shown < len(d.probs) {
		lines = append(lines, st.Dim.Render(kit.Fit(fmt.Sprintf("   … %d more (ctrl+n goes from one to the next)", len(d.probs)-shown), w)))
	}
	return lines
}

// problemLines is one problem, "line:col pointer: message", wrapped to w.
func problemLines(p args.Problem, w int) []string {
	var out []string
	for i, l := range strings.Split(ansi.Wrap(termtext.SanitizeLine(p.String()), max(1, w-5), " /"), "\n") {
		pre := "   "
		if i > 0 {
			pre = "     "
		}
		out = append(out, kit.Fit(pre+l, w))
	}
	return out
}

func (d *Dialog) View(e *kit.Env, w, h int) []string {
	iw := d.w - 2
	st := e.St
	lines := []string{st.Dim.Render(kit.Fit(" "+d.Fn.Label()+" · "+termtext.SanitizeLine(d.How), iw))}
	if d.why != "" {
		lines[0] = st.Error.Render(kit.Fit(" ✗ "+d.why+"; the check below is of the parameters before", iw))
	}
	ed := d.Ed
	ed.Styles = st.Editor
	for _, l := range strings.Split(ed.View(), "\n") {
		lines = append(lines, " "+l)
	}
	lines = append(lines, "")
	n := d.resultRows()
	v := d.verdict(e, n, iw)
	for len(v) < n {
		v = append(v, "")
	}
	lines = append(lines, v...)
	lines = append(lines, "", st.Dim.Render(kit.Fit(" ctrl+g example · alt+y copy · ctrl+n next problem · esc close", iw)))
	return kit.Box(e, "Test arguments", lines, d.w)
}

func (d *Dialog) Help(km *kit.KeyMap) []key.Binding {
	return []key.Binding{argsKeys.Example, argsKeys.Copy, argsKeys.Next, argsKeys.Close,
		key.NewBinding(key.WithKeys("x"), key.WithHelp("type/paste", "the arguments"))}
}

func (d *Dialog) Name() string { return "the argument tester" }
