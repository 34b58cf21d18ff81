package ui

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

type diagnostic = convert.Diagnostic

// formPane is the editor pane: the form of the selected tool or of the
// request. Moving between fields never edits; enter (or i) starts editing
// the focused field and esc stops.
type formPane struct {
	at      kit.Sel
	kind    formKind
	raw     bool // the JSON editor instead of the form
	fields  []*field
	idx     int
	editing bool // keys go to the focused field
	yOff    int
	w, h    int

	// The fields show the document seen, session version ver. A change
	// made elsewhere is read again by syncDoc before anything else reads
	// or writes a field; the form's own edits move seen along.
	seen *model.Document
	ver  uint64
}

func (p *formPane) focused() *field {
	if p.idx >= 0 && p.idx < len(p.fields) {
		return p.fields[p.idx]
	}
	return nil
}

func (p *formPane) fieldIndex(id string) int {
	for i, f := range p.fields {
		if f.id == id {
			return i
		}
	}
	return -1
}

// build makes the fields of the selection; the focus stays on the field
// with the same id when the selection is the same.
func (p *formPane) build(e *kit.Env) {
	d := e.S.Doc()
	keep := ""
	var typing *field // the field being typed in: its cursor stays
	if f := p.focused(); f != nil && p.at == e.At {
		keep = f.id
		if f.ed.Focused() {
			typing = f
		}
	}
	p.at = e.At
	p.kind = formRequest
	if !e.At.Request {
		p.kind = formKindFor(e.At.Kind, d.List(e.At.Kind)[e.At.Index], p.raw)
	}
	for _, f := range p.fields {
		f.ed.Blur()
	}
	p.fields = buildFields(d, e.At, p.kind)
	p.seen, p.ver = d, e.S.Version()
	p.idx = max(0, p.fieldIndex(keep))
	if keep == "" {
		p.yOff = 0
	}
	if f := p.focused(); typing != nil && f.id == typing.id && f.isText() {
		f.ed.SetCursor(typing.ed.Line(), typing.ed.Column())
		f.ed.Focus()
	}
	p.layoutFields()
	p.sync()
}

// syncDoc brings the fields up to the session's document. A field whose
// value changed in the document since the form last saw it (a tree, a fix,
// undo, a reload) shows the new value, the cursor kept where it was as far
// as the new text allows; a field whose value did not change keeps its
// text as typed. It reports whether the form was behind.
func (p *formPane) syncDoc(e *kit.Env) bool {
	s := e.S
	if p.ver == s.Version() && p.seen == s.Doc() {
		return false
	}
	d, old := s.Doc(), p.seen
	p.seen, p.ver = d, s.Version()
	if p.at != e.At || !p.at.Valid(d) {
		return true // a new selection builds its form (selectRow)
	}
	kind := formRequest
	if !p.at.Request {
		t := d.List(p.at.Kind)[p.at.Index]
		if old != nil && p.at.Valid(old) && sameTool(old.List(p.at.Kind)[p.at.Index], t) {
			return true
		}
		kind = formKindFor(p.at.Kind, t, p.raw)
	}
	if kind != p.kind || old == nil || !p.at.Valid(old) {
		p.rebuild(e)
		return true
	}
	then, now := buildFields(old, p.at, kind), buildFields(d, p.at, kind)
	if len(then) != len(p.fields) || len(now) != len(p.fields) {
		p.rebuild(e)
		return true
	}
	for i, f := range p.fields {
		nf := now[i]
		if nf.id != f.id || then[i].id != f.id {
			p.rebuild(e)
			return true
		}
		if f.kind == fieldSelect {
			f.opts, f.sel, f.more = nf.opts, nf.sel, nf.more
			continue
		}
		text := nf.ed.Value()
		if then[i].ed.Value() == text || f.ed.Value() == text {
			continue
		}
		if f.ed.Focused() {
			f.ed.SetValueKeepCursor(text)
		} else {
			f.ed.SetValue(text)
		}
		f.err = nf.err
	}
	p.layoutFields()
	return true
}

// rebuild builds the fields again from the document, keeping the focused
// field and whether it is being edited.
func (p *formPane) rebuild(e *kit.Env) {
	editing := p.editing
	p.build(e)
	p.restyle(e.St)
	p.editing = editing && p.focused() != nil && p.focused().isText()
	p.sync()
}

// sameTool reports whether an entry is the same in two documents (edits
// never change a document in place, so equal slices are equal values).
func sameTool(a, b model.Tool) bool {
	return a.Disabled == b.Disabled && a.DraftField == b.DraftField && a.Draft == b.Draft &&
		len(a.Raw) == len(b.Raw) && (len(a.Raw) == 0 || &a.Raw[0] == &b.Raw[0])
}

func (p *formPane) restyle(st *kit.Styles) {
	for _, f := range p.fields {
		f.ed.Styles = st.Editor
	}
}

// attach shows the converter's diagnostics under the fields they are about.
func (p *formPane) attach(ds []diagnostic, at kit.Sel) {
	for _, f := range p.fields {
		f.diag, f.warn = "", false
	}
	for _, d := range ds {
		if d.IsTool() != !at.Request || (d.IsTool() && (d.Kind != at.Kind || d.Index != at.Index)) {
			continue
		}
		i, _ := p.fieldFor(d)
		if i < 0 {
			continue
		}
		f := p.fields[i]
		if f.diag == "" || (f.warn && d.Severity == convert.Error) {
			f.diag, f.warn = d.Message, d.Severity != convert.Error
		}
	}
	p.layoutFields()
}

// fieldFor returns the field a diagnostic is about and the pointer that is
// left inside that field's value.
func (p *formPane) fieldFor(d diagnostic) (int, string) {
	segs := pointerSegments(d.Path)
	if !d.IsTool() {
		top := d.Location
		if i := strings.IndexAny(top, ".["); i >= 0 {
			top = top[:i]
		}
		if i := p.fieldIndex(top); i >= 0 {
			return i, ""
		}
		return p.fieldIndex("extra"), ""
	}
	best, bestLen := -1, -1
	for i, f := range p.fields {
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

// locate focuses the field a diagnostic is about and, inside a JSON field,
// puts the cursor on the offending value.
func (p *formPane) locate(d diagnostic) tea.Cmd {
	i, rest := p.fieldFor(d)
	if i < 0 {
		return nil
	}
	cmd := p.move(i)
	f := p.fields[i]
	if f.kind != fieldMulti {
		return cmd
	}
	switch {
	case d.Line > 0:
		f.ed.SetCursor(d.Line-1, max(0, d.Column-1))
		f.placed = true
	case f.val == valJSON:
		text := []byte(f.ed.Value())
		if off, _, ok := rawjson.LocatePointer(text, rest); ok {
			line, col := rawjson.LineCol(text, off)
			f.ed.SetCursor(line-1, col-1)
			f.placed = true
		}
	}
	return cmd
}

func (p *formPane) setSize(w, h int) {
	p.w, p.h = w, h
	p.layoutFields()
}

// labelWidth is the column where single-line values start: the longest
// label of this form, so no label is cut.
func (p *formPane) labelWidth() int {
	lw := 8
	for _, f := range p.fields {
		if f.kind != fieldMulti {
			lw = max(lw, len([]rune(f.label)))
		}
	}
	return min(lw+4, max(10, p.w/2))
}

// layoutFields gives single-line fields the room right of the label and
// shares the leftover height among multi-line fields that fill.
func (p *formPane) layoutFields() {
	used, fill := 0, 0
	for _, f := range p.fields {
		used++
		if f.kind == fieldMulti {
			if f.rows == 0 {
				fill++
			} else {
				used += f.rows
			}
		}
		if f.err != "" || f.diag != "" {
			used++
		}
	}
	used++ // the focused field's hint
	spare := p.h - used
	lw := p.labelWidth()
	for _, f := range p.fields {
		switch f.kind {
		case fieldText:
			f.ed.SetSize(max(1, p.w-lw), 1)
		case fieldMulti:
			rows := f.rows
			if rows == 0 {
				rows = max(3, spare/max(1, fill))
			}
			f.ed.SetSize(max(1, p.w-2), rows)
		}
	}
}

// setEditing starts or stops editing the focused field. Only text fields
// are edited; a choice is changed with ←/→ or its chooser.
func (p *formPane) setEditing(on bool) tea.Cmd {
	f := p.focused()
	p.editing = on && f != nil && f.isText()
	return p.sync()
}

// sync focuses the editor of the focused field while editing.
func (p *formPane) sync() tea.Cmd {
	var cmd tea.Cmd
	for i, f := range p.fields {
		if i == p.idx && p.editing {
			if !f.ed.Focused() && !f.placed {
				f.ed.SetCursor(f.ed.LineCount()-1, len(f.ed.Value())) // typing appends
			}
			f.placed = false
			cmd = f.ed.Focus()
		} else {
			if f.ed.Focused() {
				f.ed.ClearUndo() // left: its typing is the document's to undo
			}
			f.ed.Blur()
			f.ed.ClearSelection()
		}
	}
	return cmd
}

// move focuses field i (clamped) without editing it.
func (p *formPane) move(i int) tea.Cmd {
	if len(p.fields) == 0 {
		return nil
	}
	p.idx = max(0, min(i, len(p.fields)-1))
	p.editing = false
	p.scrollToFocus()
	return p.sync()
}

func (p formPane) Update(msg tea.Msg, e *kit.Env) (formPane, []kit.Action) {
	// a key never writes a field's text over a newer value
	p.syncDoc(e)
	f := p.focused()
	if f == nil {
		if k, ok := msg.(tea.KeyPressMsg); ok && key.Matches(k, e.Km.Back) {
			return p, []kit.Action{kit.ActFocus{Pane: kit.PaneTools}}
		}
		return p, nil
	}
	if p.editing {
		return p.updateEditing(msg, f, e)
	}
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return p, nil
	}
	km := e.Km
	switch {
	case key.Matches(k, km.Up):
		return p, cmdActs(p.move(p.idx - 1))
	case key.Matches(k, km.Down):
		return p, cmdActs(p.move(p.idx + 1))
	case key.Matches(k, km.Home):
		return p, cmdActs(p.move(0))
	case key.Matches(k, km.End):
		return p, cmdActs(p.move(len(p.fields) - 1))
	case key.Matches(k, km.PageUp, km.PageDown):
		return p, cmdActs(p.page(key.Matches(k, km.PageDown)))
	case key.Matches(k, km.Back):
		return p, []kit.Action{kit.ActFocus{Pane: kit.PaneTools}}
	case key.Matches(k, km.Left, km.Right) && f.kind == fieldSelect:
		d := 1
		if key.Matches(k, km.Left) {
			d = -1
		}
		f.cycle(d)
		return p, p.changed(f, e)
	case key.Matches(k, km.Enter, km.Edit) && f.kind == fieldSelect:
		return p, []kit.Action{kit.ActOpen{D: newSelectDialog(f, p.at)}}
	case key.Matches(k, km.Enter, km.Edit):
		return p, []kit.Action{kit.ActFocus{Pane: kit.PaneEditor, Edit: true}}
	}
	return p, nil
}

// selectAll selects the whole text of the field being edited, so that
// typing or a paste replaces it.
func selectAll(f *field) kit.Action {
	if f.ed.Len() == 0 {
		return kit.Say("Nothing to select: the field is empty")
	}
	f.ed.SelectAll()
	return kit.Say("Selected the whole field: typing or a paste replaces it, a movement key drops the selection")
}

// cmdActs reports a handled key, with the command it produced (if any).
func cmdActs(cmd tea.Cmd) []kit.Action {
	return []kit.Action{kit.ActCmd{Cmd: cmd}}
}

func (p formPane) updateEditing(msg tea.Msg, f *field, e *kit.Env) (formPane, []kit.Action) {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch {
		case key.Matches(k, e.Km.StopEditing):
			return p, cmdActs(p.setEditing(false))
		case key.Matches(k, e.Km.Done) && f.kind == fieldText:
			return p, cmdActs(p.setEditing(false))
		case key.Matches(k, e.Km.SelectAll):
			return p, []kit.Action{selectAll(f)}
		}
	}
	v := f.ed.Version()
	var cmd tea.Cmd
	f.ed, cmd = f.ed.Update(msg)
	if f.kind == fieldText && strings.ContainsAny(f.ed.Value(), "\n\r") {
		// a paste into a one-line field: keep it on one line
		f.ed.SetValue(strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(f.ed.Value()))
	}
	acts := cmdActs(cmd)
	if f.ed.Version() != v {
		acts = append(acts, p.changed(f, e)...)
	}
	p.scrollToFocus()
	return p, acts
}

// page moves the focus about one screen down or up.
func (p *formPane) page(down bool) tea.Cmd {
	starts, _ := p.fieldLines()
	if len(starts) == 0 {
		return nil
	}
	target := starts[p.idx] - p.h
	if down {
		target = starts[p.idx] + p.h
	}
	i := p.idx
	for j, s := range starts {
		if (down && s <= target) || (!down && s >= target && j < i) {
			i = j
			if !down {
				break
			}
		}
	}
	return p.move(i)
}

// pick sets a choice field to option i (from its chooser).
// pick sets a choice made in a list. The options are the field's as it
// is now: the choice is found by the label the list showed, so that a
// document changed meanwhile (an undo, a reload) never sets another one.
func (p *formPane) pick(act kit.ActPick, e *kit.Env) []kit.Action {
	j := p.fieldIndex(act.Field)
	if j < 0 || p.at != act.At {
		return []kit.Action{kit.Say("Nothing set: another row is selected now than the one the list was opened for")}
	}
	f := p.fields[j]
	opts := f.options()
	i := slices.IndexFunc(opts, func(o option) bool { return o.label == act.Label })
	if i < 0 {
		return []kit.Action{kit.SayErr("Nothing set: " + termtext.SanitizeLine(act.Label) + " is no longer a choice (the document changed while the list was open)")}
	}
	f.sel = i
	return p.changed(f, e)
}

// format pretty-prints the focused JSON field.
func (p *formPane) format(e *kit.Env) []kit.Action {
	f := p.focused()
	if f == nil || f.val != valJSON {
		return []kit.Action{kit.Say("Focus a JSON field (parameters, filters, a raw entry) to format it")}
	}
	text := f.ed.Value()
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
	f.ed.SetValueKeepCursor(pretty)
	return append(p.changed(f, e), kit.Say("Formatted"))
}

// newSelectDialog chooses an option of a choice field (tool_choice lists
// every tool of the document).
func newSelectDialog(f *field, at kit.Sel) kit.Dialog {
	items := make([]filterlist.Item, len(f.options()))
	for i, o := range f.opts {
		items[i] = filterlist.Item{Title: o.label}
		if i == f.sel {
			items[i].Key = "current"
		}
	}
	id := f.id
	d := kit.NewListDialog(f.label, items, func(i int) []kit.Action {
		return []kit.Action{kit.ActPick{Field: id, Label: items[i].Title, At: at}}
	})
	d.List.Select(f.sel)
	return d
}

// externalField is the field $EDITOR edits: the focused multi-line one,
// or with params (the parameters tree is shown) the parameters, or the
// tool's JSON when the form shows that instead; its id, text and file
// extension, ok false when there is none.
func (p *formPane) externalField(params bool) (id, text, ext string, ok bool) {
	f := p.focused()
	if params {
		f = nil
		if i := p.fieldIndex("parameters"); i >= 0 {
			f = p.fields[i]
		} else if p.kind == formRaw && len(p.fields) > 0 {
			f = p.fields[0]
		}
	}
	if f == nil || f.kind != fieldMulti {
		return "", "", "", false
	}
	ext = ".txt"
	if f.val == valJSON {
		ext = ".json"
	}
	return f.id, f.ed.Value(), ext, true
}

// applyExternal puts the text an external editor wrote into field id.
func (p *formPane) applyExternal(id, text string, e *kit.Env) []kit.Action {
	i := p.fieldIndex(id)
	if i < 0 {
		return nil
	}
	f := p.fields[i]
	text = strings.TrimSuffix(text, "\n")
	if text == f.ed.Value() {
		return []kit.Action{kit.Say("No change from the external editor")}
	}
	if size := e.S.Doc().Size() - f.ed.Len() + len(text); size > model.MaxDocumentBytes {
		return []kit.Action{kit.SayErr(fmt.Sprintf("The external editor's text was not applied: the document would be %.1f MiB, over the %d MiB tooltui can open", float64(size)/(1<<20), model.MaxDocumentBytes>>20))}
	}
	e.S.BreakGroup()
	f.ed.SetValue(text)
	return append(p.changed(f, e), kit.Say("Applied the text from the external editor"))
}
