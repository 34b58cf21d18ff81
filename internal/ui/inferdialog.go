package ui

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
type inferDialog struct {
	fn kit.Function
	ed editor.Model

	seen   uint64       // the editor version the proposal is for
	blank  bool         // no example yet
	schema []byte       // the proposed parameters; nil when there are none
	doc    *display.Doc // schema, for display
	err    string       // why there is no proposal
	yOff   int          // first schema line shown
	w, h   int
	ver    uint64 // the session version fn was read at
	guard  kit.DropGuard
}

// mayClose: the example typed goes with the dialog, so the first closing
// key says so.
func (d *inferDialog) MayClose(key string) (kit.Action, bool) {
	typed := ""
	if strings.TrimSpace(d.ed.Value()) != "" {
		typed = "the example typed (alt+enter sets the parameters it gives)"
	}
	return d.guard.MayClose(key, "closes it", typed, d.ed.Version())
}

func (d *inferDialog) SeenVersion() uint64 { return d.ver }
func (d *inferDialog) See(v uint64)        { d.ver = v }

// Reread reads the function again after the document changed, so that
// apply decides "strict" from the function as it is now.
func (d *inferDialog) Reread(e *kit.Env) {
	d.ver = e.S.Version()
	if f, why := kit.ReadFunction(e.S.Doc(), kit.Sel{Kind: d.fn.Kind, Index: d.fn.Index}, "infer its parameters"); why == "" {
		d.fn = f
	}
}

// newInferDialog opens the inference dialog on the selected function, or
// returns nil and says why it cannot (the row is not a function).
func newInferDialog(e *kit.Env) (kit.Dialog, string) {
	f, why := kit.SelectedFunction(e, "infer its parameters")
	if why != "" {
		return nil, why
	}
	d := &inferDialog{fn: f, ed: editor.New(), blank: true, ver: e.S.Version()}
	d.ed.AutoIndent = true
	d.ed.CharLimit = model.MaxDocumentBytes
	d.ed.Placeholder = "Paste or type an example of the arguments, a JSON object\nsuch as {\"city\": \"Paris\", \"days\": 3}"
	d.ed.Focus()
	d.seen = d.ed.Version()
	return d, ""
}

// inferFixedRows are the dialog's lines besides the editor and the schema:
// header, blank, proposal line, blank, keys.
const inferFixedRows = 5

func (d *inferDialog) editorRows() int { return max(3, (d.h-2-inferFixedRows)*2/5) }

func (d *inferDialog) schemaRows() int {
	return max(1, d.h-2-inferFixedRows-d.editorRows())
}

func (d *inferDialog) Resize(w, h int) kit.Dialog {
	d.w, d.h = kit.DialogSize(w, h, 100, 40)
	d.ed.SetSize(d.w-4, d.editorRows())
	d.clampScroll()
	return d
}

func (d *inferDialog) schemaLines() int {
	if d.doc == nil {
		return 0
	}
	return d.doc.Lines()
}

func (d *inferDialog) clampScroll() {
	d.yOff = max(0, min(d.yOff, d.schemaLines()-d.schemaRows()))
}

// infer proposes a schema for the example when it changed.
func (d *inferDialog) infer() {
	if d.ed.Version() == d.seen {
		return
	}
	d.seen = d.ed.Version()
	d.schema, d.doc, d.err = nil, nil, ""
	text := d.ed.Value()
	if d.blank = strings.TrimSpace(text) == ""; d.blank {
		return
	}
	s, err := schematree.Infer([]byte(text))
	if err != nil {
		d.err = kit.JSONError(err)
		return
	}
	d.schema = s
	d.doc = display.NewDoc(s)
	d.clampScroll()
}

func (d *inferDialog) Update(msg tea.Msg, e *kit.Env) (kit.Dialog, []kit.Action) {
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
			d.yOff--
			d.clampScroll()
			return d, nil
		case key.Matches(k, inferKeys.ScrollDown):
			d.yOff++
			d.clampScroll()
			return d, nil
		}
	}
	if k, ok := msg.(tea.KeyPressMsg); ok && !d.ed.Handles(k) {
		return d, []kit.Action{kit.ExplainDialogKey(k, d, e.Km)}
	}
	d.ed, _ = d.ed.Update(msg)
	d.infer()
	return d, nil
}

// apply sets the function's parameters to the proposed schema, and
// "strict" to true when the function does not say (the schema is
// strict-compatible); a function with "strict": false keeps it.
func (d *inferDialog) apply(e *kit.Env) (kit.Dialog, []kit.Action) {
	switch {
	case d.blank:
		return d, []kit.Action{kit.Say("Paste or type an example of the arguments first")}
	case d.schema == nil:
		return d, []kit.Action{kit.SayErr("No schema to set: " + termtext.SanitizeLine(d.err))}
	}
	if d.ver != e.S.Version() {
		d.Reread(e)
	}
	if _, why := kit.ReadFunction(e.S.Doc(), kit.Sel{Kind: d.fn.Kind, Index: d.fn.Index}, "infer its parameters"); why != "" {
		return d, []kit.Action{kit.SayErr(kit.ChangedWhy(why))}
	}
	k, i, schema := d.fn.Kind, d.fn.Index, json.RawMessage(d.schema)
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

func (d *inferDialog) View(e *kit.Env, w, h int) []string {
	iw := d.w - 2
	st := e.St
	head := " An example of " + d.fn.Label() + "'s arguments; alt+enter sets its parameters to the schema below"
	if d.fn.Params != nil || d.fn.DraftErr != "" {
		head = " An example of " + d.fn.Label() + "'s arguments; alt+enter replaces its parameters with the schema below"
	}
	lines := []string{st.Dim.Render(kit.Fit(head, iw))}
	ed := d.ed
	ed.Styles = st.Editor
	for _, l := range strings.Split(ed.View(), "\n") {
		lines = append(lines, " "+l)
	}
	lines = append(lines, "")
	rows := d.schemaRows()
	var body []string
	switch {
	case d.blank:
		lines = append(lines, st.Dim.Render(kit.Fit(" The proposed parameters show here", iw)))
	case d.schema == nil:
		lines = append(lines, st.Error.Render(kit.Fit(" ✗ "+termtext.SanitizeLine(d.err), iw)))
	default:
		n := d.schemaLines()
		label := " Proposed parameters (strict-compatible)"
		if n > rows {
			label += fmt.Sprintf(", lines %d-%d of %d (alt+↑/↓ scroll)", d.yOff+1, min(n, d.yOff+rows), n)
		}
		lines = append(lines, st.OK.Render(kit.Fit(label+":", iw)))
		for _, l := range d.doc.Render(st.JSON, d.yOff, rows, iw-2, 0) {
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

func (d *inferDialog) TypingText() bool { return true }

func (d *inferDialog) UndoText(redo bool) (bool, []kit.Action) {
	done := kit.FieldUndo(&d.ed, redo)
	d.infer()
	return done, nil
}

// pending: the example is not the document's; what ctrl+s leaves out.
func (d *inferDialog) Pending() string {
	if d.blank {
		return ""
	}
	return "the parameters inferred from the example (alt+enter sets them)"
}

func (d *inferDialog) Help(km *kit.KeyMap) []key.Binding {
	return []key.Binding{inferKeys.Apply, inferKeys.ScrollUp, inferKeys.ScrollDown, inferKeys.Close,
		key.NewBinding(key.WithKeys("x"), key.WithHelp("type/paste", "the example"))}
}

func (d *inferDialog) Name() string { return "the Infer parameters dialog" }
