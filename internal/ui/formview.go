package ui

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
	"github.com/tooltui/tooltui/internal/termtext"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// changed turns a field's new value into a document edit.
func (p *formPane) changed(f *field, e *kit.Env) []kit.Action {
	at := p.at
	group := fmt.Sprintf("%v/%d/%d/%s", at.Request, at.Kind, at.Index, f.id)
	var fn kit.Edit
	if at.Request {
		fn = requestEdit(f, e.S.Doc())
	} else {
		fn = toolEdit(f, at.Kind, at.Index)
	}
	if fn == nil {
		p.layoutFields()
		return nil
	}
	acts := []kit.Action{kit.ActEdit{Group: group, Fn: fn, By: kit.ByForm}}
	if f.id == "type" {
		acts = append(acts, kit.ActRebuild{}) // the fields depend on web_search's type
	}
	return acts
}

// requestEdit turns a request field's text into an edit. d is the document
// the edit will apply to, to say at once why the text cannot be applied.
// Text that cannot be applied yet is kept as a draft, so it is neither lost
// nor sent; the field keeps its last valid value in the request.
func requestEdit(f *field, d *model.Document) kit.Edit {
	switch f.id {
	case "input":
		text := f.ed.Value()
		v, ok := f.value()
		if !ok {
			return func(d *model.Document) (*model.Document, error) { return model.SetRequestDraft(d, "input", text), nil }
		}
		return func(d *model.Document) (*model.Document, error) {
			return model.SetRequestDraft(model.SetRequestField(d, "input", v), "input", ""), nil
		}
	case "extra":
		return otherEdit(f, d)
	}
	v, ok := f.value()
	if !ok {
		return nil
	}
	key := f.path[0]
	return func(d *model.Document) (*model.Document, error) { return model.SetRequestField(d, key, v), nil }
}

// otherEdit writes the other request fields (see model.OtherRequestFields).
func otherEdit(f *field, d *model.Document) kit.Edit {
	text := f.ed.Value()
	var o rawjson.Object
	o, f.err = otherFields(d, text)
	if f.err != "" {
		return func(d *model.Document) (*model.Document, error) { return model.SetRequestDraft(d, "extra", text), nil }
	}
	return func(d *model.Document) (*model.Document, error) {
		nd, err := model.SetOtherRequestFields(d, o)
		if err != nil { // d is not the document the text was checked against
			return model.SetRequestDraft(d, "extra", text), nil
		}
		return model.SetRequestDraft(nd, "extra", ""), nil
	}
}

func toolEdit(f *field, k model.Kind, i int) kit.Edit {
	text := f.ed.Value()
	switch f.id {
	case "raw":
		checkJSONField(f)
		return func(d *model.Document) (*model.Document, error) {
			return model.SetToolRaw(d, k, i, json.RawMessage(text))
		}
	case "parameters", "filters": // a function's parameters, a file_search's filters
		checkJSONField(f)
		member := f.id
		switch {
		case f.err != "":
			return func(d *model.Document) (*model.Document, error) { return model.SetDraft(d, k, i, member, text) }
		case strings.TrimSpace(text) == "":
			return func(d *model.Document) (*model.Document, error) { return model.SetToolValue(d, k, i, f.path, nil) }
		}
		return func(d *model.Document) (*model.Document, error) {
			return model.SetToolValue(d, k, i, f.path, json.RawMessage(text))
		}
	}
	v, ok := f.value()
	if !ok {
		return nil
	}
	if f.id == "name" {
		checkName(f)
	}
	path := f.path
	return func(d *model.Document) (*model.Document, error) {
		nd, err := model.SetToolValue(d, k, i, path, v)
		if err != nil || len(path) != 2 || path[0] != "user_location" || v == nil {
			return nd, err
		}
		// a location names its type first, as the API documents it
		if _, has := model.GetPath(nd.List(k)[i].Raw, []string{"user_location", "type"}); has {
			return nd, nil
		}
		return model.SetToolValue(nd, k, i, []string{"user_location", "type"}, rawjson.String("approximate"))
	}
}

// checkJSONField shows a JSON field's parse error with its line and column.
func checkJSONField(f *field) {
	f.err = ""
	if s := f.ed.Value(); strings.TrimSpace(s) != "" {
		if err := rawjson.CheckJSON([]byte(s)); err != nil {
			f.err = "not valid JSON: " + err.Error()
		}
	}
}

// fieldLines returns the first line of each field in the form's full
// (unscrolled) rendering, and the total number of lines. It mirrors view.
func (p *formPane) fieldLines() (starts []int, total int) {
	n := 0
	for i, f := range p.fields {
		starts = append(starts, n)
		n++
		if f.kind == fieldMulti {
			n += f.ed.Height()
		}
		if f.err != "" || f.diag != "" || (i == p.idx && f.hint != "") {
			n++
		}
	}
	return starts, n
}

// scrollToFocus keeps the focused field (and, while editing, its cursor)
// in view.
func (p *formPane) scrollToFocus() {
	starts, total := p.fieldLines()
	if len(starts) == 0 {
		p.yOff = 0
		return
	}
	top := starts[p.idx]
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
	p.yOff = max(0, min(p.yOff, total-p.h))
}

// fieldAt maps a line of the pane's inside to a field.
func (p *formPane) fieldAt(y int) (int, bool) {
	starts, total := p.fieldLines()
	line := p.yOff + y
	if y < 0 || line >= total {
		return 0, false
	}
	for i := len(starts) - 1; i >= 0; i-- {
		if starts[i] <= line {
			return i, true
		}
	}
	return 0, false
}

// view renders the form into lines of the pane's inner width.
func (p formPane) View(e *kit.Env, focused bool) []string {
	st := e.St
	lw := p.labelWidth()
	var lines []string
	for i, f := range p.fields {
		isFocus := focused && i == p.idx
		editing := isFocus && p.editing
		lab := st.Label
		if isFocus {
			lab = st.LabelFocused
		}
		label := "  " + f.label
		if i == p.idx {
			label = "▸ " + f.label
		}
		tag := ""
		if editing {
			tag = " " + st.EditTag.Render(" EDIT ")
		}
		switch f.kind {
		case fieldText:
			val := f.ed.View()
			if editing {
				val = st.EditLine.Render(val)
			}
			if editing {
				lab = st.EditTag
			}
			lines = append(lines, kit.Fit(lab.Render(kit.Fit(label, lw-1))+" ", lw)+val)
		case fieldSelect:
			vs := st.Select
			if isFocus {
				vs = st.SelectFocused
			}
			lines = append(lines, kit.Fit(lab.Render(kit.Fit(label, lw-1))+" ", lw)+vs.Render("◀ "+termtext.SanitizeLine(f.text())+" ▶"))
		case fieldMulti:
			extra := ""
			if f.val == valJSON && isFocus {
				extra = st.Dim.Render("  " + strconv.Itoa(f.ed.Line()+1) + ":" + strconv.Itoa(f.ed.Column()+1))
			}
			lines = append(lines, lab.Render(label)+tag+extra)
			bar := st.Border.Render("  ")
			if editing {
				bar = st.BorderFocused.Render("┃ ")
			} else if isFocus {
				bar = st.BorderFocused.Render("│ ")
			}
			for _, l := range p.multiLines(f, editing, st) {
				lines = append(lines, bar+l)
			}
		}
		switch {
		case f.err != "":
			lines = append(lines, st.Error.Render("    ✗ "+termtext.SanitizeLine(f.err)))
		case f.diag != "" && f.warn:
			lines = append(lines, st.Warning.Render("    ! "+termtext.SanitizeLine(f.diag)))
		case f.diag != "":
			lines = append(lines, st.Error.Render("    ✗ "+termtext.SanitizeLine(f.diag)))
		case i == p.idx && f.hint != "":
			hint := f.hint
			if isFocus && !editing && f.isText() {
				hint = "enter edits · " + hint
			}
			lines = append(lines, st.Dim.Render("    "+hint))
		}
	}
	yOff := max(0, min(p.yOff, len(lines)-p.h))
	lines = lines[min(yOff, len(lines)):]
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

// multiLines renders a multi-line field: the editor while it is edited or
// holds JSON, else the text wrapped to the pane's width.
func (p *formPane) multiLines(f *field, editing bool, st *kit.Styles) []string {
	h := f.ed.Height()
	if editing || f.val == valJSON || f.ed.Focused() {
		return strings.Split(f.ed.View(), "\n")
	}
	w := max(1, p.w-2)
	text := termtext.Sanitize(f.ed.Value())
	wrapped := strings.Split(ansi.Wrap(text, w, " "), "\n")
	if len(wrapped) > h {
		wrapped = wrapped[:h]
		wrapped[h-1] = ansi.Truncate(wrapped[h-1]+" …", w, "…")
	}
	for len(wrapped) < h {
		wrapped = append(wrapped, "")
	}
	if f.ed.Value() == "" {
		wrapped[0] = st.Dim.Render("(empty)")
	}
	return wrapped
}

// title is the editor pane's title: the row the form shows, and
// whether it shows its JSON.
func (p *formPane) title(s *kit.Session) string {
	at := p.at
	if at.Request {
		return "Request"
	}
	if !at.Valid(s.Doc()) {
		return "Editor"
	}
	kind := "function"
	if !at.Request && at.Kind != 0 {
		kind = "built-in"
	}
	t := termtext.SanitizeLine(s.Label(at.Kind, at.Index)) + " (" + kind + ")"
	if p.kind == formRaw {
		t += " · JSON"
	}
	return t
}
