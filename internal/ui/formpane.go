package ui

import (
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/tooltui/tooltui/internal/ui/display"
)

// labelWidth is the column where single-line values start.
const labelWidth = 17

// formPane is the editor pane: the form of the selected tool or of the
// request. It owns its fields; the root applies their values.
type formPane struct {
	sel     sel
	kind    formKind
	raw     bool // the JSON editor instead of the form
	fields  []*field
	idx     int
	editing bool // keys go to the focused field
	yOff    int
	w, h    int
}

func (p *formPane) focused() *field {
	if p.idx >= 0 && p.idx < len(p.fields) {
		return p.fields[p.idx]
	}
	return nil
}

// setFields replaces the fields, keeping the focus on the field with the
// same id when there is one.
func (p *formPane) setFields(fs []*field) {
	keep := ""
	if f := p.focused(); f != nil {
		keep = f.id
	}
	for _, f := range p.fields {
		f.ed.Blur()
	}
	p.fields = fs
	p.idx = 0
	for i, f := range fs {
		if f.id == keep {
			p.idx = i
		}
	}
	p.layoutFields()
	p.syncFocus()
}

// syncFocus focuses the editor of the focused field while editing.
func (p *formPane) syncFocus() {
	for i, f := range p.fields {
		if i == p.idx && p.editing && f.isText() {
			if !f.ed.Focused() && f.kind == fieldText {
				f.ed.SetCursor(0, len(f.ed.Value())) // typing appends
			}
			f.ed.Focus()
		} else {
			f.ed.Blur()
		}
	}
}

// setSize sizes the fields for an inner area of w×h.
func (p *formPane) setSize(w, h int) {
	p.w, p.h = w, h
	p.layoutFields()
}

// layoutFields gives single-line fields the room right of the label and
// shares the leftover height among multi-line fields that fill.
func (p *formPane) layoutFields() {
	used, fill := 0, 0
	for _, f := range p.fields {
		switch f.kind {
		case fieldMulti:
			used++ // label line
			if f.rows == 0 {
				fill++
			} else {
				used += f.rows
			}
		default:
			used++
		}
		if f.err != "" {
			used++
		}
	}
	used++ // the focused field's hint
	spare := p.h - used
	for _, f := range p.fields {
		switch f.kind {
		case fieldText:
			f.ed.SetSize(max(1, p.w-labelWidth), 1)
		case fieldMulti:
			rows := f.rows
			if rows == 0 {
				rows = max(3, spare/max(1, fill))
			}
			f.ed.SetSize(max(1, p.w-2), rows)
		}
	}
}

// move focuses field i (clamped).
func (p *formPane) move(i int) {
	if len(p.fields) == 0 {
		return
	}
	p.idx = max(0, min(i, len(p.fields)-1))
	p.syncFocus()
}

// update handles a key for the focused field while editing. changed
// reports whether the field's value changed.
func (p *formPane) update(msg tea.Msg, km KeyMap) (changed bool, cmd tea.Cmd) {
	f := p.focused()
	if f == nil {
		return false, nil
	}
	if f.kind == fieldSelect {
		if k, ok := msg.(tea.KeyPressMsg); ok {
			switch {
			case key.Matches(k, km.Left):
				f.cycle(-1)
				return true, nil
			case key.Matches(k, km.Right), key.Matches(k, km.Toggle), key.Matches(k, km.Enter):
				f.cycle(1)
				return true, nil
			}
		}
		return false, nil
	}
	if k, ok := msg.(tea.KeyPressMsg); ok && f.kind == fieldText && key.Matches(k, km.Enter) {
		return false, nil // enter in a one-line field does not add a line
	}
	v := f.ed.Version()
	f.ed, cmd = f.ed.Update(msg)
	if f.kind == fieldText && strings.ContainsAny(f.ed.Value(), "\n\r") {
		// a paste into a one-line field: keep it on one line
		f.ed.SetValue(strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(f.ed.Value()))
	}
	return f.ed.Version() != v, cmd
}

// view renders the form into lines of exactly the pane's inner width.
func (p *formPane) view(st *Styles, active bool) []string {
	var lines []string
	top := 0
	for i, f := range p.fields {
		focused := active && i == p.idx
		if i == p.idx {
			top = len(lines)
		}
		lab := st.Label
		if focused {
			lab = st.LabelFocused
		}
		label := "  " + f.label
		if i == p.idx {
			label = "▸ " + f.label
		}
		switch f.kind {
		case fieldText:
			lines = append(lines, fit(lab.Render(fit(label, labelWidth-1))+" ", labelWidth)+f.ed.View())
		case fieldSelect:
			val := display.SanitizeLine(f.text())
			vs := st.Select
			if focused {
				vs = st.SelectFocused
			}
			lines = append(lines, fit(lab.Render(fit(label, labelWidth-1))+" ", labelWidth)+vs.Render("◀ "+val+" ▶"))
		case fieldMulti:
			extra := ""
			if f.val == valJSON && focused {
				extra = st.Dim.Render("  " + strconv.Itoa(f.ed.Line()+1) + ":" + strconv.Itoa(f.ed.Column()+1))
			}
			lines = append(lines, lab.Render(label)+extra)
			bar := st.Border.Render("  ")
			if focused {
				bar = st.BorderFocused.Render("│ ")
			}
			for _, l := range strings.Split(f.ed.View(), "\n") {
				lines = append(lines, bar+l)
			}
		}
		switch {
		case f.err != "":
			lines = append(lines, st.Error.Render("    ✗ "+display.SanitizeLine(f.err)))
		case focused && f.hint != "":
			lines = append(lines, st.Dim.Render("    "+f.hint))
		}
	}
	// Keep the focused field in view.
	end := top + 2
	if f := p.focused(); f != nil && f.kind == fieldMulti {
		end = top + 2 + f.ed.Height()
	}
	if top < p.yOff {
		p.yOff = top
	}
	if end > p.yOff+p.h {
		p.yOff = max(0, end-p.h)
	}
	if p.yOff > max(0, len(lines)-p.h) {
		p.yOff = max(0, len(lines)-p.h)
	}
	lines = lines[min(p.yOff, len(lines)):]
	if len(lines) > p.h {
		lines = lines[:p.h]
	}
	for i := range lines {
		if ansi.StringWidth(lines[i]) > p.w {
			lines[i] = ansi.Truncate(lines[i], p.w, "…")
		}
	}
	return lines
}

func (a *App) formNavKey(k tea.KeyPressMsg) {
	km := a.keys
	switch {
	case key.Matches(k, km.Up):
		a.form.move(a.form.idx - 1)
	case key.Matches(k, km.Down):
		a.form.move(a.form.idx + 1)
	case key.Matches(k, km.Enter):
		a.form.editing = true
		a.form.syncFocus()
	case key.Matches(k, km.Left) && a.form.focused() != nil && a.form.focused().kind == fieldSelect:
		a.form.focused().cycle(-1)
		a.applyField(a.form.focused())
	case key.Matches(k, km.Right) && a.form.focused() != nil && a.form.focused().kind == fieldSelect:
		a.form.focused().cycle(1)
		a.applyField(a.form.focused())
	}
}
