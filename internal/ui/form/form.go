// Package form is the editor pane's form: the fields of the selected tool
// (one form per tool type, forms.go) or of the request, edited in place.
package form

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/tooltui/tooltui/internal/ui/filterlist"
	"github.com/tooltui/tooltui/internal/ui/kit"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
	"github.com/tooltui/tooltui/internal/termtext"
)

type Diagnostic = convert.Diagnostic

// formPane is the editor pane: the form of the selected tool or of the
// request. Moving between fields never edits; enter (or i) starts editing
// the focused field and esc stops.
type Pane struct {
	At      kit.Sel
	Kind    FormKind
	Raw     bool // the JSON editor instead of the form
	Fields  []*Field
	Idx     int
	Editing bool // keys go to the focused field
	YOff    int
	w, H    int

	// The fields show the document seen, session version ver. A change
	// made elsewhere is read again by syncDoc before anything else reads
	// or writes a field; the form's own edits move seen along.
	Seen *model.Document
	Ver  uint64
}

func (p *Pane) Focused() *Field {
	if p.Idx >= 0 && p.Idx < len(p.Fields) {
		return p.Fields[p.Idx]
	}
	return nil
}

func (p *Pane) FieldIndex(id string) int {
	for i, f := range p.Fields {
		if f.ID == id {
			return i
		}
	}
	return -1
}

// Build makes the fields of the selection; the focus stays on the field
// with the same id when the selection is the same.
func (p *Pane) Build(e *kit.Env) {
	d := e.S.Doc()
	keep := ""
	var typing *Field // the field being typed in: its cursor stays
	if f := p.Focused(); f != nil && p.At == e.At {
		keep = f.ID
		if f.Ed.Focused() {
			typing = f
		}
	}
	p.At = e.At
	p.Kind = FormRequest
	if !e.At.Request {
		p.Kind = FormKindFor(e.At.Kind, d.List(e.At.Kind)[e.At.Index], p.Raw)
	}
	for _, f := range p.Fields {
		f.Ed.Blur()
	}
	p.Fields = BuildFields(d, e.At, p.Kind)
	p.Seen, p.Ver = d, e.S.Version()
	p.Idx = max(0, p.FieldIndex(keep))
	if keep == "" {
		p.YOff = 0
	}
	if f := p.Focused(); typing != nil && f.ID == typing.ID && f.IsText() {
		f.Ed.SetCursor(typing.Ed.Line(), typing.Ed.Column())
		f.Ed.Focus()
	}
	p.layoutFields()
	p.sync()
}

// SyncDoc brings the fields up to the session's document. A field whose
// value changed in the document since the form last saw it (a tree, a fix,
// undo, a reload) shows the new value, the cursor kept where it was as far
// as the new text allows; a field whose value did not change keeps its
// text as typed. It reports whether the form was behind.
func (p *Pane) SyncDoc(e *kit.Env) bool {
	s := e.S
	if p.Ver == s.Version() && p.Seen == s.Doc() {
		return false
	}
	d, old := s.Doc(), p.Seen
	p.Seen, p.Ver = d, s.Version()
	if p.At != e.At || !p.At.Valid(d) {
		return true // a new selection builds its form (selectRow)
	}
	kind := FormRequest
	if !p.At.Request {
		t := d.List(p.At.Kind)[p.At.Index]
		if old != nil && p.At.Valid(old) && sameTool(old.List(p.At.Kind)[p.At.Index], t) {
			return true
		}
		kind = FormKindFor(p.At.Kind, t, p.Raw)
	}
	if kind != p.Kind || old == nil || !p.At.Valid(old) {
		p.rebuild(e)
		return true
	}
	then, now := BuildFields(old, p.At, kind), BuildFields(d, p.At, kind)
	if len(then) != len(p.Fields) || len(now) != len(p.Fields) {
		p.rebuild(e)
		return true
	}
	for i, f := range p.Fields {
		nf := now[i]
		if nf.ID != f.ID || then[i].ID != f.ID {
			p.rebuild(e)
			return true
		}
		if f.Kind == FieldSelect {
			f.Opts, f.Sel, f.More = nf.Opts, nf.Sel, nf.More
			continue
		}
		text := nf.Ed.Value()
		if then[i].Ed.Value() == text || f.Ed.Value() == text {
			continue
		}
		if f.Ed.Focused() {
			f.Ed.SetValueKeepCursor(text)
		} else {
			f.Ed.SetValue(text)
		}
		f.Err = nf.Err
	}
	p.layoutFields()
	return true
}

// rebuild builds the fields again from the document, keeping the focused
// field and whether it is being edited.
func (p *Pane) rebuild(e *kit.Env) {
	editing := p.Editing
	p.Build(e)
	p.Restyle(e.St)
	p.Editing = editing && p.Focused() != nil && p.Focused().IsText()
	p.sync()
}

// sameTool reports whether an entry is the same in two documents (edits
// never change a document in place, so equal slices are equal values).
func sameTool(a, b model.Tool) bool {
	return a.Disabled == b.Disabled && a.DraftField == b.DraftField && a.Draft == b.Draft &&
		len(a.Raw) == len(b.Raw) && (len(a.Raw) == 0 || &a.Raw[0] == &b.Raw[0])
}

func (p *Pane) Restyle(st *kit.Styles) {
	for _, f := range p.Fields {
		f.Ed.Styles = st.Editor
	}
}

// Attach shows the converter's diagnostics under the fields they are about.
func (p *Pane) Attach(ds []Diagnostic, at kit.Sel) {
	for _, f := range p.Fields {
		f.Diag, f.warn = "", false
	}
	for _, d := range ds {
		if d.IsTool() != !at.Request || (d.IsTool() && (d.Kind != at.Kind || d.Index != at.Index)) {
			continue
		}
		i, _ := p.FieldFor(d)
		if i < 0 {
			continue
		}
		f := p.Fields[i]
		if f.Diag == "" || (f.warn && d.Severity == convert.Error) {
			f.Diag, f.warn = d.Message, d.Severity != convert.Error
		}
	}
	p.layoutFields()
}

// FieldFor returns the field a diagnostic is about and the pointer that is
// left inside that field's value.
func (p *Pane) FieldFor(d Diagnostic) (int, string) {
	segs := pointerSegments(d.Path)
	if !d.IsTool() {
		top := d.Location
		if i := strings.IndexAny(top, ".["); i >= 0 {
			top = top[:i]
		}
		if i := p.FieldIndex(top); i >= 0 {
			return i, ""
		}
		return p.FieldIndex("extra"), ""
	}
	best, bestLen := -1, -1
	for i, f := range p.Fields {
		n := 0
		for n < len(f.path) && n < len(segs) && f.path[n] == segs[n] {
			n++
		}
		if n == len(f.path) && n > bestLen {
			best, bestLen = i, n
		}
	}
	if best < 0 {
		return -1, ""
	}
	rest := ""
	for _, s := range segs[bestLen:] {
		rest += "/" + strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
	}
	return best, rest
}

func pointerSegments(ptr string) []string {
	if ptr == "" || ptr == "/" {
		return nil
	}
	segs := strings.Split(strings.TrimPrefix(ptr, "/"), "/")
	for i, s := range segs {
		segs[i] = strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
	}
	return segs
}

// Locate focuses the field a diagnostic is about and, inside a JSON field,
// puts the cursor on the offending value.
func (p *Pane) Locate(d Diagnostic) tea.Cmd {
	i, rest := p.FieldFor(d)
	if i < 0 {
		return nil
	}
	cmd := p.Move(i)
	f := p.Fields[i]
	if f.Kind != fieldMulti {
		return cmd
	}
	switch {
	case d.Line > 0:
		f.Ed.SetCursor(d.Line-1, max(0, d.Column-1))
		f.placed = true
	case f.val == valJSON:
		text := []byte(f.Ed.Value())
		if off, _, ok := rawjson.LocatePointer(text, rest); ok {
			line, col := rawjson.LineCol(text, off)
			f.Ed.SetCursor(line-1, col-1)
			f.placed = true
		}
	}
	return cmd
}

func (p *Pane) SetSize(w, h int) {
	p.w, p.H = w, h
	p.layoutFields()
}

// labelWidth is the column where single-line values start: the longest
// label of this form, so no label is cut.
func (p *Pane) labelWidth() int {
	lw := 8
	for _, f := range p.Fields {
		if f.Kind != fieldMulti {
			lw = max(lw, len([]rune(f.Label)))
		}
	}
	return min(lw+4, max(10, p.w/2))
}

// layoutFields gives single-line fields the room right of the label and
// shares the leftover height among multi-line fields that fill.
func (p *Pane) layoutFields() {
	used, fill := 0, 0
	for _, f := range p.Fields {
		used++
		if f.Kind == fieldMulti {
			if f.rows == 0 {
				fill++
			} else {
				used += f.rows
			}
		}
		if f.Err != "" || f.Diag != "" {
			used++
		}
	}
	used++ // the focused field's hint
	spare := p.H - used
	lw := p.labelWidth()
	for _, f := range p.Fields {
		switch f.Kind {
		case fieldText:
			f.Ed.SetSize(max(1, p.w-lw), 1)
		case fieldMulti:
			rows := f.rows
			if rows == 0 {
				rows = max(3, spare/max(1, fill))
			}
			f.Ed.SetSize(max(1, p.w-2), rows)
		}
	}
}

// SetEditing starts or stops editing the focused field. Only text fields
// are edited; a choice is changed with ←/→ or its chooser.
func (p *Pane) SetEditing(on bool) tea.Cmd {
	f := p.Focused()
	p.Editing = on && f != nil && f.IsText()
	return p.sync()
}

// sync focuses the editor of the focused field while editing.
func (p *Pane) sync() tea.Cmd {
	var cmd tea.Cmd
	for i, f := range p.Fields {
		if i == p.Idx && p.Editing {
			if !f.Ed.Focused() && !f.placed {
				f.Ed.SetCursor(f.Ed.LineCount()-1, len(f.Ed.Value())) // typing appends
			}
			f.placed = false
			cmd = f.Ed.Focus()
		} else {
			if f.Ed.Focused() {
				f.Ed.ClearUndo() // left: its typing is the document's to undo
			}
			f.Ed.Blur()
			f.Ed.ClearSelection()
		}
	}
	return cmd
}

// Move focuses field i (clamped) without editing it.
func (p *Pane) Move(i int) tea.Cmd {
	if len(p.Fields) == 0 {
		return nil
	}
	p.Idx = max(0, min(i, len(p.Fields)-1))
	p.Editing = false
	p.ScrollToFocus()
	return p.sync()
}

func (p Pane) Update(msg tea.Msg, e *kit.Env) (Pane, []kit.Action) {
	// a key never writes a field's text over a newer value
	p.SyncDoc(e)
	f := p.Focused()
	if f == nil {
		if k, ok := msg.(tea.KeyPressMsg); ok && key.Matches(k, e.Km.Back) {
			return p, []kit.Action{kit.ActFocus{Pane: kit.PaneTools}}
		}
		return p, nil
	}
	if p.Editing {
		return p.updateEditing(msg, f, e)
	}
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return p, nil
	}
	km := e.Km
	switch {
	case key.Matches(k, km.Up):
		return p, cmdActs(p.Move(p.Idx - 1))
	case key.Matches(k, km.Down):
		return p, cmdActs(p.Move(p.Idx + 1))
	case key.Matches(k, km.Home):
		return p, cmdActs(p.Move(0))
	case key.Matches(k, km.End):
		return p, cmdActs(p.Move(len(p.Fields) - 1))
	case key.Matches(k, km.PageUp, km.PageDown):
		return p, cmdActs(p.page(key.Matches(k, km.PageDown)))
	case key.Matches(k, km.Back):
		return p, []kit.Action{kit.ActFocus{Pane: kit.PaneTools}}
	case key.Matches(k, km.Left, km.Right) && f.Kind == FieldSelect:
		d := 1
		if key.Matches(k, km.Left) {
			d = -1
		}
		f.Cycle(d)
		return p, p.Changed(f, e)
	case key.Matches(k, km.Enter, km.Edit) && f.Kind == FieldSelect:
		return p, []kit.Action{kit.ActOpen{D: NewSelectDialog(f, p.At)}}
	case key.Matches(k, km.Enter, km.Edit):
		return p, []kit.Action{kit.ActFocus{Pane: kit.PaneEditor, Edit: true}}
	}
	return p, nil
}

// SelectAll selects the whole text of the field being edited, so that
// typing or a paste replaces it.
func SelectAll(f *Field) kit.Action {
	if f.Ed.Len() == 0 {
		return kit.Say("Nothing to select: the field is empty")
	}
	f.Ed.SelectAll()
	return kit.Say("Selected the whole field: typing or a paste replaces it, a movement key drops the selection")
}

// cmdActs reports a handled key, with the command it produced (if any).
func cmdActs(cmd tea.Cmd) []kit.Action {
	return []kit.Action{kit.ActCmd{Cmd: cmd}}
}

func (p Pane) updateEditing(msg tea.Msg, f *Field, e *kit.Env) (Pane, []kit.Action) {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch {
		case key.Matches(k, e.Km.StopEditing):
			return p, cmdActs(p.SetEditing(false))
		case key.Matches(k, e.Km.Done) && f.Kind == fieldText:
			return p, cmdActs(p.SetEditing(false))
		case key.Matches(k, e.Km.SelectAll):
			return p, []kit.Action{SelectAll(f)}
		}
	}
	v := f.Ed.Version()
	var cmd tea.Cmd
	f.Ed, cmd = f.Ed.Update(msg)
	if f.Kind == fieldText && strings.ContainsAny(f.Ed.Value(), "\n\r") {
		// a paste into a one-line field: keep it on one line
		f.Ed.SetValue(strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(f.Ed.Value()))
	}
	acts := cmdActs(cmd)
	if f.Ed.Version() != v {
		acts = append(acts, p.Changed(f, e)...)
	}
	p.ScrollToFocus()
	return p, acts
}

// page moves the focus about one screen down or up.
func (p *Pane) page(down bool) tea.Cmd {
	starts, _ := p.FieldLines()
	if len(starts) == 0 {
		return nil
	}
	target := starts[p.Idx] - p.H
	if down {
		target = starts[p.Idx] + p.H
	}
	i := p.Idx
	for j, s := range starts {
		if (down && s <= target) || (!down && s >= target && j < i) {
			i = j
			if !down {
				break
			}
		}
	}
	return p.Move(i)
}

// Pick sets a choice field to option i (from its chooser).
// pick sets a choice made in a list. The options are the field's as it
// is now: the choice is found by the label the list showed, so that a
// document changed meanwhile (an undo, a reload) never sets another one.
func (p *Pane) Pick(act kit.ActPick, e *kit.Env) []kit.Action {
	j := p.FieldIndex(act.Field)
	if j < 0 || p.At != act.At {
		return []kit.Action{kit.Say("Nothing set: another row is selected now than the one the list was opened for")}
	}
	f := p.Fields[j]
	opts := f.options()
	i := slices.IndexFunc(opts, func(o Option) bool { return o.Label == act.Label })
	if i < 0 {
		return []kit.Action{kit.SayErr("Nothing set: " + termtext.SanitizeLine(act.Label) + " is no longer a choice (the document changed while the list was open)")}
	}
	f.Sel = i
	return p.Changed(f, e)
}

// Format pretty-prints the focused JSON field.
func (p *Pane) Format(e *kit.Env) []kit.Action {
	f := p.Focused()
	if f == nil || f.val != valJSON {
		return []kit.Action{kit.Say("Focus a JSON field (parameters, filters, a raw entry) to format it")}
	}
	text := f.Ed.Value()
	if strings.TrimSpace(text) == "" {
		return []kit.Action{kit.Say("Nothing to format")}
	}
	if err := rawjson.CheckJSON([]byte(text)); err != nil {
		return []kit.Action{kit.Say("Cannot format: not valid JSON yet: " + err.Error())}
	}
	pretty := kit.PrettyJSON([]byte(text))
	if pretty == text {
		return []kit.Action{kit.Say("Already formatted")}
	}
	f.Ed.SetValueKeepCursor(pretty)
	return append(p.Changed(f, e), kit.Say("Formatted"))
}

// NewSelectDialog chooses an option of a choice field (tool_choice lists
// every tool of the document).
func NewSelectDialog(f *Field, at kit.Sel) kit.Dialog {
	items := make([]filterlist.Item, len(f.options()))
	for i, o := range f.Opts {
		items[i] = filterlist.Item{Title: o.Label}
		if i == f.Sel {
			items[i].Key = "current"
		}
	}
	id := f.ID
	d := kit.NewListDialog(f.Label, items, func(i int) []kit.Action {
		return []kit.Action{kit.ActPick{Field: id, Label: items[i].Title, At: at}}
	})
	d.List.Select(f.Sel)
	return d
}

// ExternalField is the field $EDITOR edits: the focused multi-line one,
// or with params (the parameters tree is shown) the parameters, or the
// tool's JSON when the form shows that instead; its id, text and file
// extension, ok false when there is none.
func (p *Pane) ExternalField(params bool) (id, text, ext string, ok bool) {
	f := p.Focused()
	if params {
		f = nil
		if i := p.FieldIndex("parameters"); i >= 0 {
			f = p.Fields[i]
		} else if p.Kind == FormRaw && len(p.Fields) > 0 {
			f = p.Fields[0]
		}
	}
	if f == nil || f.Kind != fieldMulti {
		return "", "", "", false
	}
	ext = ".txt"
	if f.val == valJSON {
		ext = ".json"
	}
	return f.ID, f.Ed.Value(), ext, true
}

// ApplyExternal puts the text an external editor wrote into field id.
func (p *Pane) ApplyExternal(id, text string, e *kit.Env) []kit.Action {
	i := p.FieldIndex(id)
	if i < 0 {
		return nil
	}
	f := p.Fields[i]
	text = strings.TrimSuffix(text, "\n")
	if text == f.Ed.Value() {
		return []kit.Action{kit.Say("No change from the external editor")}
	}
	if size := e.S.Doc().Size() - f.Ed.Len() + len(text); size > model.MaxDocumentBytes {
		return []kit.Action{kit.SayErr(fmt.Sprintf("The external editor's text was not applied: the document would be %.1f MiB, over the %d MiB tooltui can open", float64(size)/(1<<20), model.MaxDocumentBytes>>20))}
	}
	e.S.BreakGroup()
	f.Ed.SetValue(text)
	return append(p.Changed(f, e), kit.Say("Applied the text from the external editor"))
}
