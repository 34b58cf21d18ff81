// Package mocks is the mocks dialog: the outputs a send answers each
// function's calls with, by pattern of arguments or fixed.
package mocks

import (
	"bytes"
	"encoding/json"
	"sort"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
	"github.com/tooltui/tooltui/internal/termtext"
	"github.com/tooltui/tooltui/internal/ui/editor"
	"github.com/tooltui/tooltui/internal/ui/filterlist"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// The mocks dialog lists each function's mock outputs (the document's
// tooltui.mocks, read as the send loop reads them: model.MockCases) and
// edits them, one undoable change per edit. It keeps only the row it is on
// and what is being typed; it reads the document again whenever its
// version changes.

// mockKeys are the mocks dialog's keys.
var mockKeys = struct {
	AddPattern, SetFixed, Edit, Delete, MoveUp, MoveDown, Give, Close key.Binding
	Apply, NextField, PrevField, TextJSON, Back                       key.Binding
}{
	AddPattern: key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "add an output for arguments matching a pattern")),
	SetFixed:   key.NewBinding(key.WithKeys("o"), key.WithHelp("o", "the fixed output (for every other call)")),
	Edit:       key.NewBinding(key.WithKeys("enter", "e"), key.WithHelp("enter", "edit the output (on a function: its fixed output)")),
	Delete:     key.NewBinding(key.WithKeys("x", "delete"), key.WithHelp("x", "delete the output")),
	MoveUp:     key.NewBinding(key.WithKeys("K", "shift+up"), key.WithHelp("K", "move the pattern up (tried earlier)")),
	MoveDown:   key.NewBinding(key.WithKeys("J", "shift+down"), key.WithHelp("J", "move the pattern down")),
	Give:       key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "give the outputs of a name no function has (a renamed one) to a function")),
	Close:      key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "close")),

	Apply:     key.NewBinding(key.WithKeys("alt+enter", "ctrl+enter"), key.WithHelp("alt+enter", "write the output to the document (ctrl+enter too)")),
	NextField: key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "pattern / output")),
	PrevField: key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", "pattern / output")),
	TextJSON:  key.NewBinding(key.WithKeys("ctrl+t"), key.WithHelp("ctrl+t", "output as plain text or as JSON")),
	Back:      key.NewBinding(key.WithKeys("esc", "ctrl+c", "ctrl+q"), key.WithHelp("esc", "back to the list, as ctrl+c and ctrl+q are (twice when typed text would go)")),
}

// mockRow is a row of the list: a function (c < 0) or one of its outputs.
type mockRow struct {
	Fn     string // the function's name, the mock's key
	C      int    // the output's index in model.MockCases, -1 on a function
	Mc     model.MockCase
	fixed  bool // the function has a fixed output (on its row)
	Count  int  // outputs of the function (on its row)
	off    bool // the function is disabled
	orphan bool // no function has this name
}

// mocksDialog is the list of functions and their mock outputs, and the
// editor of one output.
type Dialog struct {
	Ver  uint64
	Rows []mockRow
	Cur  int
	yOff int
	// want is the row to select at the next reread (fn, output index).
	want *mockRow
	Ed   *mockEdit
	W, H int
}

// mockEdit is an output being typed.
type mockEdit struct {
	fn    string
	I     int            // the output's index, -1 for a new one
	from  model.MockCase // the output as it was when editing began
	Fixed bool
	Pat   editor.Model
	Out   editor.Model
	text  bool // the output is plain text (written as a JSON string)
	Focus int  // 0 the pattern, 1 the output
	Err   string
	// start is what the fields held when editing began; esc once more
	// drops what was typed after it.
	start [2]string
	guard kit.DropGuard
}

func (d *Dialog) SeenVersion() uint64 { return d.Ver }
func (d *Dialog) See(v uint64)        { d.Ver = v }

// newMocksDialog opens the mocks dialog on the selected function (the
// first row otherwise).
func New(e *kit.Env) kit.Dialog {
	d := &Dialog{}
	if f, why := kit.SelectedFunction(e, "edit its mocks"); why == "" && f.Name != "" {
		d.want = &mockRow{Fn: f.Name, C: -1}
	}
	d.Reread(e)
	return d
}

// mockFunctions lists the functions' names as the tools list shows them,
// each once, then the names of mocks no function has.
func mockFunctions(doc *model.Document) []mockRow {
	var out []mockRow
	seen := map[string]bool{}
	add := func(t model.Tool) {
		name := model.StringAt(t.Raw, []string{"name"})
		if name == "" || seen[name] {
			return
		}
		seen[name] = true
		out = append(out, mockRow{Fn: name, C: -1, off: t.Disabled})
	}
	for _, t := range doc.Functions {
		add(t)
	}
	for _, t := range doc.Builtins {
		if model.StringAt(t.Raw, []string{"type"}) == "function" {
			add(t)
		}
	}
	var orphans []string
	for name := range doc.Mocks {
		if !seen[name] {
			orphans = append(orphans, name)
		}
	}
	sort.Strings(orphans)
	for _, name := range orphans {
		out = append(out, mockRow{Fn: name, C: -1, orphan: true})
	}
	return out
}

// Reread builds the rows from the document as it is now, keeping the row
// it was on (or the one asked for).
func (d *Dialog) Reread(e *kit.Env) {
	d.Ver = e.S.Version()
	doc := e.S.Doc()
	want := d.want
	if want == nil && d.Cur < len(d.Rows) {
		r := d.Rows[d.Cur]
		want = &r
	}
	d.want = nil
	d.Rows = d.Rows[:0]
	for _, f := range mockFunctions(doc) {
		cases := model.MockCases(doc.Mocks[f.Fn])
		f.Count = len(cases)
		at := len(d.Rows)
		d.Rows = append(d.Rows, f)
		for i, c := range cases {
			d.Rows[at].fixed = d.Rows[at].fixed || c.Fixed()
			d.Rows = append(d.Rows, mockRow{Fn: f.Fn, C: i, Mc: c, off: f.off, orphan: f.orphan})
		}
	}
	if want != nil {
		if i := d.find(want.Fn, want.C); i >= 0 {
			d.Cur = i
		} // else the row that took its place
	}
	d.clamp()
}

// find is the row of output c of function fn (its last output when there
// are fewer, the function when it has none), -1 when fn is gone.
func (d *Dialog) find(fn string, c int) int {
	best := -1
	for i, r := range d.Rows {
		if r.Fn != fn {
			continue
		}
		if best < 0 || r.C <= c {
			best = i
		}
	}
	return best
}

func (d *Dialog) clamp() {
	d.Cur = max(0, min(d.Cur, len(d.Rows)-1))
	rows := d.listRows()
	if d.Cur < d.yOff {
		d.yOff = d.Cur
	}
	if d.Cur >= d.yOff+rows {
		d.yOff = d.Cur - rows + 1
	}
	d.yOff = max(0, min(d.yOff, len(d.Rows)-rows))
}

func (d *Dialog) Resize(w, h int) kit.Dialog {
	d.W, d.H = kit.DialogSize(w, h, 100, 34)
	if d.Ed != nil {
		d.Ed.size(d.W, d.H)
	}
	d.clamp()
	return d
}

func (d *Dialog) Update(msg tea.Msg, e *kit.Env) (kit.Dialog, []kit.Action) {
	if d.Ed != nil {
		return d, d.editUpdate(msg, e)
	}
	switch m := msg.(type) {
	case tea.MouseClickMsg:
		// rows start under the header and a blank line; a click on the
		// selected row edits it, as enter does
		if i := d.yOff + m.Y - 2; m.Button == tea.MouseLeft && m.Y >= 2 && i < len(d.Rows) {
			if i != d.Cur {
				d.Cur = i
				d.clamp()
				return d, nil
			}
			msg = tea.KeyPressMsg{Code: tea.KeyEnter}
		}
	case tea.MouseWheelMsg:
		if m.Button == tea.MouseWheelUp {
			d.Cur -= 3
		} else {
			d.Cur += 3
		}
		d.clamp()
		return d, nil
	}
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return d, nil
	}
	if next, ok := kit.ListMove(k, e.Km, d.Cur, d.listRows(), len(d.Rows)); ok {
		d.Cur = next
		d.clamp()
		return d, nil
	}
	if d.Ver != e.S.Version() {
		d.Reread(e)
	}
	switch {
	case key.Matches(k, mockKeys.Close):
		return nil, []kit.Action{kit.ActClose{}}
	case len(d.Rows) == 0:
		return d, []kit.Action{kit.Say("No function to mock: add a function and give it a name first")}
	case key.Matches(k, mockKeys.AddPattern):
		return d, d.startEdit(d.Rows[d.Cur].Fn, -1, false, e)
	case key.Matches(k, mockKeys.SetFixed):
		return d, d.editFixed(e)
	case key.Matches(k, mockKeys.Edit):
		if r := d.Rows[d.Cur]; r.C >= 0 {
			return d, d.startEdit(r.Fn, r.C, r.Mc.Fixed(), e)
		}
		return d, d.editFixed(e)
	case key.Matches(k, mockKeys.Delete):
		return d, d.deleteCase(e)
	case key.Matches(k, mockKeys.MoveUp):
		return d, d.moveCase(-1, e)
	case key.Matches(k, mockKeys.MoveDown):
		return d, d.moveCase(1, e)
	case key.Matches(k, mockKeys.Give):
		return d, d.giveTo(e)
	}
	return d, []kit.Action{kit.ExplainDialogKey(k, d, e.Km)}
}

// editFixed edits the selected function's fixed output, or starts one.
func (d *Dialog) editFixed(e *kit.Env) []kit.Action {
	fn := d.Rows[d.Cur].Fn
	for _, r := range d.Rows {
		if r.Fn == fn && r.C >= 0 && r.Mc.Fixed() {
			return d.startEdit(fn, r.C, true, e)
		}
	}
	return d.startEdit(fn, -1, true, e)
}

// startEdit opens the editor on output i of fn (-1: a new one, fixed or
// for a pattern).
func (d *Dialog) startEdit(fn string, i int, fixed bool, e *kit.Env) []kit.Action {
	me := &mockEdit{fn: fn, I: i, Fixed: fixed, Pat: newMockEditor(), Out: newMockEditor(), Focus: 1}
	me.Pat.Placeholder = `the arguments a call must have, such as {"city": "Paris"}`
	me.Out.Placeholder = "the output, JSON such as {\"temp_c\": 12}\n(ctrl+t: plain text)"
	if i >= 0 {
		cases := model.MockCases(e.S.Doc().Mocks[fn])
		if i >= len(cases) {
			return []kit.Action{kit.Say("That output is gone: the document changed")}
		}
		me.from = cases[i]
		if me.from.Ignored() != "" && !me.from.Fixed() && rawjson.JSONKind(me.from.Raw) != "object" {
			return []kit.Action{kit.Say("This \"when\" entry is not an object: x deletes it, or edit the file")}
		}
		if me.from.Args != nil {
			me.Pat.SetValue(indentJSON(me.from.Args))
		}
		if s, ok := rawjson.Unquote(bytes.TrimSpace(me.from.Output)); ok {
			me.text = true
			me.Out.SetValue(s)
		} else if me.from.Output != nil {
			me.Out.SetValue(indentJSON(me.from.Output))
		}
	}
	if !fixed && i < 0 {
		me.Focus = 0
		me.Pat.SetValue("{}")
		me.Pat.SetCursor(0, 1)
	}
	me.start = [2]string{me.Pat.Value(), me.Out.Value()}
	me.size(d.W, d.H)
	d.Ed = me
	return []kit.Action{kit.ActCmd{Cmd: me.field().Focus()}}
}

func newMockEditor() editor.Model {
	m := editor.New()
	m.AutoIndent = true
	m.CharLimit = model.MaxDocumentBytes
	m.KeyMap.InsertTab.SetEnabled(false) // tab goes to the other field
	return m
}

// indentJSON lays valid JSON out for editing.
func indentJSON(v json.RawMessage) string {
	return string(rawjson.AppendIndent(nil, bytes.TrimSpace(v), "", "  "))
}

// field is the editor with the focus.
func (me *mockEdit) field() *editor.Model {
	if me.Focus == 0 && !me.Fixed {
		return &me.Pat
	}
	return &me.Out
}

// size fits the fields to a dialog of w×h: the pattern a few lines, the
// output the rest.
func (me *mockEdit) size(w, h int) {
	rest := max(2, h-2-mockEditFixedRows)
	pr := 0
	if !me.Fixed {
		pr = max(1, min(6, rest/3))
	}
	me.Pat.SetSize(max(10, w-4), max(1, pr))
	me.Out.SetSize(max(10, w-4), max(1, min(mockOutputRows, rest-pr)))
}

// mockOutputRows are the most lines the output field takes.
const mockOutputRows = 14

// mockEditFixedRows are the edit view's lines besides the fields: header,
// the two labels, blank, message, blank, keys.
const mockEditFixedRows = 7

// deleteCase deletes the selected output.
func (d *Dialog) deleteCase(e *kit.Env) []kit.Action {
	r := d.Rows[d.Cur]
	if r.C < 0 {
		return []kit.Action{kit.Say("Select one of " + termtext.SanitizeLine(r.Fn) + "'s outputs to delete it")}
	}
	fn, i := r.Fn, r.C
	edit := func(doc *model.Document) (*model.Document, error) { return model.DeleteMockCase(doc, fn, i) }
	if _, err := edit(e.S.Doc()); err != nil {
		return []kit.Action{kit.SayErr(kit.Capitalize(err.Error()))}
	}
	d.want = &mockRow{Fn: fn, C: i}
	return []kit.Action{kit.ActEdit{Fn: edit}, kit.Say("Deleted a mock output of " + termtext.SanitizeLine(fn) + " (ctrl+z undoes it)")}
}

// moveCase moves the selected pattern among its function's patterns.
func (d *Dialog) moveCase(delta int, e *kit.Env) []kit.Action {
	r := d.Rows[d.Cur]
	if r.C < 0 {
		return []kit.Action{kit.Say("Select a pattern to move it: patterns are tried from the first")}
	}
	fn, i := r.Fn, r.C
	_, j, err := model.MoveMockCase(e.S.Doc(), fn, i, delta)
	if err != nil {
		return []kit.Action{kit.Say(kit.Capitalize(err.Error()))}
	}
	d.want = &mockRow{Fn: fn, C: j}
	edit := func(doc *model.Document) (*model.Document, error) {
		nd, _, err := model.MoveMockCase(doc, fn, i, delta)
		return nd, err
	}
	return []kit.Action{kit.ActEdit{Fn: edit}, kit.Say("Moved the pattern (ctrl+z undoes it)")}
}

// giveTo offers the functions without mock outputs to give the selected
// name's outputs to, when no function has that name (it was renamed).
func (d *Dialog) giveTo(e *kit.Env) []kit.Action {
	r := d.Rows[d.Cur]
	old := r.Fn
	if !r.orphan {
		return []kit.Action{kit.Say("r is for outputs of a name no function has; these are " + termtext.SanitizeLine(old) + "'s")}
	}
	doc := e.S.Doc()
	var names []string
	var items []filterlist.Item
	for _, f := range mockFunctions(doc) {
		if _, has := doc.Mocks[f.Fn]; !f.orphan && !has {
			names = append(names, f.Fn)
			items = append(items, filterlist.Item{Title: termtext.SanitizeLine(f.Fn)})
		}
	}
	if len(names) == 0 {
		return []kit.Action{kit.Say("Every function has mock outputs already: delete one's, then give it these")}
	}
	ld := kit.NewListDialog("Give "+termtext.SanitizeLine(old)+"'s mock outputs to", items, func(i int) []kit.Action {
		name := names[i]
		d.want = &mockRow{Fn: name, C: -1}
		edit := func(doc *model.Document) (*model.Document, error) { return model.RenameMock(doc, old, name) }
		return []kit.Action{kit.ActEdit{Fn: edit}, kit.Say("Gave " + termtext.SanitizeLine(old) + "'s mock outputs to " + termtext.SanitizeLine(name) + " (ctrl+z undoes it)")}
	})
	return []kit.Action{kit.ActOpen{D: ld}}
}

func (d *Dialog) TypingText() bool { return d.Ed != nil }

func (d *Dialog) UndoText(redo bool) (bool, []kit.Action) {
	if d.Ed == nil {
		return false, nil
	}
	return kit.FieldUndo(d.Ed.field(), redo), nil
}

// Pending: an output being typed is not in the document yet.
func (d *Dialog) Pending() string {
	if d.Ed == nil || !d.Ed.changed() {
		return ""
	}
	return "the mock output being typed (alt+enter writes it)"
}

func (d *Dialog) Help(km *kit.KeyMap) []key.Binding {
	if d.Ed != nil {
		return []key.Binding{mockKeys.Apply, mockKeys.NextField, mockKeys.PrevField, mockKeys.TextJSON, mockKeys.Back,
			key.NewBinding(key.WithKeys("x"), key.WithHelp("type/paste", "the pattern or the output"))}
	}
	return []key.Binding{mockKeys.Edit, mockKeys.AddPattern, mockKeys.SetFixed, mockKeys.Delete,
		mockKeys.MoveUp, mockKeys.MoveDown, mockKeys.Give, mockKeys.Close, km.Up, km.Down, km.PageUp, km.PageDown, km.Home, km.End}
}
func (d *Dialog) Name() string { return "the mocks dialog" }
