// Package infer is the Infer parameters dialog: a JSON Schema for the
// selected function from example arguments.
package infer

import (
	"encoding/json"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/schematree"
	"github.com/tooltui/tooltui/internal/termtext"
	"github.com/tooltui/tooltui/internal/ui/display"
	"github.com/tooltui/tooltui/internal/ui/editor"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// inferKeys are the inference dialog's keys; every other key edits the
// example.
var inferKeys = struct {
	Apply, ScrollUp, ScrollDown, Close key.Binding
}{
	Apply:      key.NewBinding(key.WithKeys("alt+enter", "ctrl+enter"), key.WithHelp("alt+enter", "set the parameters (ctrl+enter too)")),
	ScrollUp:   key.NewBinding(key.WithKeys("alt+up"), key.WithHelp("alt+↑", "scroll the schema up")),
	ScrollDown: key.NewBinding(key.WithKeys("alt+down"), key.WithHelp("alt+↓", "scroll the schema down")),
	Close:      key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
}

// inferDialog proposes parameters for the selected function from an
// example of its arguments: the user pastes or types the example, sees the
// strict-compatible schema schematree.Infer makes of it as they type, and
// sets the function's parameters to it as one undoable edit.
type Dialog struct {
	fn kit.Function
	Ed editor.Model

	seen   uint64       // the editor version the proposal is for
	blank  bool         // no example yet
	Schema []byte       // the proposed parameters; nil when there are none
	doc    *display.Doc // schema, for display
	err    string       // why there is no proposal
	YOff   int          // first schema line shown
	w, H   int
	ver    uint64 // the session version fn was read at
	guard  kit.DropGuard
}

// MayClose: the example typed goes with the dialog, so the first closing
// key says so.
func (d *Dialog) MayClose(key string) (kit.Action, bool) {
	typed := ""
	if strings.TrimSpace(d.Ed.Value()) != "" {
		typed = "the example typed (alt+enter sets the parameters it gives)"
	}
	return d.guard.MayClose(key, "closes it", typed, d.Ed.Version())
}

func (d *Dialog) SeenVersion() uint64 { return d.ver }
func (d *Dialog) See(v uint64)        { d.ver = v }

// Reread reads the function again after the document changed, so that
// apply decides "strict" from the function as it is now.
func (d *Dialog) Reread(e *kit.Env) {
	d.ver = e.S.Version()
	if f, why := kit.ReadFunction(e.S.Doc(), kit.Sel{Kind: d.fn.Kind, Index: d.fn.Index}, "infer its parameters"); why == "" {
		d.fn = f
	}
}

// newInferDialog opens the inference dialog on the selected function, or
// returns nil and says why it cannot (the row is not a function).
func New(e *kit.Env) (kit.Dialog, string) {
	f, why := kit.SelectedFunction(e, "infer its parameters")
	if why != "" {
		return nil, why
	}
	d := &Dialog{fn: f, Ed: editor.New(), blank: true, ver: e.S.Version()}
	d.Ed.AutoIndent = true
	d.Ed.CharLimit = model.MaxDocumentBytes
	d.Ed.Placeholder = "Paste or type an example of the arguments, a JSON object\nsuch as {\"city\": \"Paris\", \"days\": 3}"
	d.Ed.Focus()
	d.seen = d.Ed.Version()
	return d, ""
}

// inferFixedRows are the dialog's lines besides the editor and the schema:
// header, blank, proposal line, blank, keys.
const inferFixedRows = 5

func (d *Dialog) editorRows() int { return max(3, (d.H-2-inferFixedRows)*2/5) }

func (d *Dialog) SchemaRows() int {
	return max(1, d.H-2-inferFixedRows-d.editorRows())
}

func (d *Dialog) Resize(w, h int) kit.Dialog {
	d.w, d.H = kit.DialogSize(w, h, 100, 40)
	d.Ed.SetSize(d.w-4, d.editorRows())
	d.clampScroll()
	return d
}

func (d *Dialog) SchemaLines() int {
	if d.doc == nil {
		return 0
	}
	return d.doc.Lines()
}

func (d *Dialog) clampScroll() {
	d.YOff = max(0, min(d.YOff, d.SchemaLines()-d.SchemaRows()))
}

// infer proposes a schema for the example when it changed.
func (d *Dialog) infer() {
	if d.Ed.Version() == d.seen {
		return
	}
	d.seen = d.Ed.Version()
	d.Schema, d.doc, d.err = nil, nil, ""
	text := d.Ed.Value()
	if d.blank = strings.TrimSpace(text) == ""; d.blank {
		return
	}
	s, err := schematree.Infer([]byte(text))
	if err != nil {
		d.err = kit.JSONError(err)
		return
	}
	d.Schema = s
	d.doc = display.NewDoc(s)
	d.clampScroll()
}

func (d *Dialog) Update(msg tea.Msg, e *kit.Env) (kit.Dialog, []kit.Action) {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		if !key.Matches(k, inferKeys.Close) {
			d.guard.Armed = false
		}
		switch {
		case key.Matches(k, inferKeys.Close):
			if act, ok := d.MayClose(k.String()); !ok {
				return d, []kit.Action{act}
			}
			return nil, []kit.Action{kit.ActClose{}, kit.Say("Inferring parameters cancelled")}
		case key.Matches(k, inferKeys.Apply):
			return d.apply(e)
		case key.Matches(k, inferKeys.ScrollUp):
			d.YOff--
			d.clampScroll()
			return d, nil
		case key.Matches(k, inferKeys.ScrollDown):
			d.YOff++
			d.clampScroll()
			return d, nil
		}
	}
	if k, ok := msg.(tea.KeyPressMsg); ok && !d.Ed.Handles(k) {
		return d, []kit.Action{kit.ExplainDialogKey(k, d, e.Km)}
	}
	d.Ed, _ = d.Ed.Update(msg)
	d.infer()
	return d, nil
}

// apply sets the function's parameters to the proposed schema, and
// "strict" to true when the function does not say (the schema is
// strict-compatible); a function with "strict": false keeps it.
func (d *Dialog) apply(e *kit.Env) (kit.Dialog, []kit.Action) {
	switch {
	case d.blank:
		return d, []kit.Action{kit.Say("Paste or type an example of the arguments first")}
	case d.Schema == nil:
		return d, []kit.Action{kit.SayErr("No schema to set: " + termtext.SanitizeLine(d.err))}
	}
	if d.ver != e.S.Version() {
		d.Reread(e)
	}
	if _, why := kit.ReadFunction(e.S.Doc(), kit.Sel{Kind: d.fn.Kind, Index: d.fn.Index}, "infer its parameters"); why != "" {
		return d, []kit.Action{kit.SayErr(kit.ChangedWhy(why))}
	}
	k, i, schema := d.fn.Kind, d.fn.Index, json.RawMessage(d.Schema)
	setStrict := d.fn.Strict == nil && !d.fn.StrictOther
	fn := func(doc *model.Document) (*model.Document, error) {
		doc, err := model.SetToolValue(doc, k, i, []string{"parameters"}, schema)
		if err != nil || !setStrict {
			return doc, err
		}
		return model.SetToolValue(doc, k, i, []string{"strict"}, json.RawMessage("true"))
	}
	// An edit that fails now would fail when applied: say so here and stay
	// open.
	if _, err := fn(e.S.Doc()); err != nil {
		return d, []kit.Action{kit.SayErr("Cannot set the parameters: " + err.Error())}
	}
	name := d.fn.Label()
	msg := "Set " + name + "'s parameters to the inferred schema"
	switch {
	case setStrict:
		msg += ` and "strict": true, which it fits`
	case d.fn.Strict != nil && !*d.fn.Strict:
		msg += `; "strict" stays false`
	}
	return nil, []kit.Action{kit.ActClose{}, kit.ActEdit{Fn: fn}, kit.ActRebuild{}, kit.Say(msg + " (ctrl+z undoes it)")}
}

func (d *Dialog) View(e *kit.Env, w, h int) []string {
	iw := d.w - 2
	st := e.St
	head := " An example of " + d.fn.Label() + "'s arguments; alt+enter sets its parameters to the schema below"
	if d.fn.Params != nil || d.fn.DraftErr != "" {
		head = " An example of " + d.fn.Label() + "'s arguments; alt+enter replaces its parameters with the schema below"
	}
	lines := []string{st.Dim.Render(kit.Fit(head, iw))}
	ed := d.Ed
	ed.Styles = st.Editor
	for _, l := range strings.Split(ed.View(), "\n") {
		lines = append(lines, " "+l)
	}
	lines = append(lines, "")
	rows := d.SchemaRows()
	var body []string
	switch {
	case d.blank:
		lines = append(lines, st.Dim.Render(kit.Fit(" The proposed parameters show here", iw)))
	case d.Schema == nil:
		lines = append(lines, st.Error.Render(kit.Fit(" ✗ "+termtext.SanitizeLine(d.err), iw)))
	default:
		n := d.SchemaLines()
		label := " Proposed parameters (strict-compatible)"
		if n > rows {
			label += fmt.Sprintf(", lines %d-%d of %d (alt+↑/↓ scroll)", d.YOff+1, min(n, d.YOff+rows), n)
		}
		lines = append(lines, st.OK.Render(kit.Fit(label+":", iw)))
		for _, l := range d.doc.Render(st.JSON, d.YOff, rows, iw-2, 0) {
			body = append(body, "  "+l)
		}
	}
	for len(body) < rows {
		body = append(body, "")
	}
	lines = append(lines, body...)
	lines = append(lines, "", st.Dim.Render(kit.Fit(" alt+enter or ctrl+enter set the parameters · esc cancel", iw)))
	return kit.Box(e, "Infer parameters from an example", lines, d.w)
}

func (d *Dialog) TypingText() bool { return true }

func (d *Dialog) UndoText(redo bool) (bool, []kit.Action) {
	done := kit.FieldUndo(&d.Ed, redo)
	d.infer()
	return done, nil
}

// Pending: the example is not the document's; what ctrl+s leaves out.
func (d *Dialog) Pending() string {
	if d.blank {
		return ""
	}
	return "the parameters inferred from the example (alt+enter sets them)"
}

func (d *Dialog) Help(km *kit.KeyMap) []key.Binding {
	return []key.Binding{inferKeys.Apply, inferKeys.ScrollUp, inferKeys.ScrollDown, inferKeys.Close,
		key.NewBinding(key.WithKeys("x"), key.WithHelp("type/paste", "the example"))}
}

func (d *Dialog) Name() string { return "the Infer parameters dialog" }
