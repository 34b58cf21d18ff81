package form

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

// Changed turns a field's new value into a document edit.
func (p *Pane) Changed(f *Field, e *kit.Env) []kit.Action {
	at := p.At
	group := fmt.Sprintf("%v/%d/%d/%s", at.Request, at.Kind, at.Index, f.ID)
	var fn kit.Edit
	if at.Request {
		fn = RequestEdit(f, e.S.Doc())
	} else {
		fn = ToolEdit(f, at.Kind, at.Index)
	}
	if fn == nil {
		p.layoutFields()
		return nil
	}
	acts := []kit.Action{kit.ActEdit{Group: group, Fn: fn, By: kit.ByForm}}
	if f.ID == "type" {
		acts = append(acts, kit.ActRebuild{}) // the fields depend on web_search's type
	}
	return acts
}

// RequestEdit turns a request field's text into an edit. d is the document
// the edit will apply to, to say at once why the text cannot be applied.
// Text that cannot be applied yet is kept as a draft, so it is neither lost
// nor sent; the field keeps its last valid value in the request.
func RequestEdit(f *Field, d *model.Document) kit.Edit {
	switch f.ID {
	case "input":
		text := f.Ed.Value()
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
func otherEdit(f *Field, d *model.Document) kit.Edit {
	text := f.Ed.Value()
	var o rawjson.Object
	o, f.Err = otherFields(d, text)
	if f.Err != "" {
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

func ToolEdit(f *Field, k model.Kind, i int) kit.Edit {
	text := f.Ed.Value()
	switch f.ID {
	case "raw":
		checkJSONField(f)
		return func(d *model.Document) (*model.Document, error) {
			return model.SetToolRaw(d, k, i, json.RawMessage(text))
		}
	case "parameters", "filters": // a function's parameters, a file_search's filters
		checkJSONField(f)
		member := f.ID
		switch {
		case f.Err != "":
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
	if f.ID == "name" {
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
func checkJSONField(f *Field) {
	f.Err = ""
	if s := f.Ed.Value(); strings.TrimSpace(s) != "" {
		if err := rawjson.CheckJSON([]byte(s)); err != nil {
			f.Err = "not valid JSON: " + err.Error()
		}
	}
}

// FieldLines returns the first line of each field in the form's full
// (unscrolled) rendering, and the total number of lines. It mirrors view.
func (p *Pane) FieldLines() (starts []int, total int) {
	n := 0
	for i, f := range p.Fields {
		starts = append(starts, n)
		n++
		if f.Kind == fieldMulti {
			n += f.Ed.Height()
		}
		if f.Err != "" || f.Diag != "" || (i == p.Idx && f.hint != "") {
			n++
		}
	}
	return starts, n
}

// ScrollToFocus keeps the focused field (and, while editing, its cursor)
// in view.
func (p *Pane) ScrollToFocus() {
	starts, total := p.FieldLines()
	if len(starts) == 0 {
		p.YOff = 0
		return
	}
	top := starts[p.Idx]
	end := top + 2
	if f := p.Focused(); f != nil && f.Kind == fieldMulti {
		end = top + 2 + f.Ed.Height()
	}
	if top < p.YOff {
		p.YOff = top
	}
	if end > p.YOff+p.H {
		p.YOff = max(0, end-p.H)
	}
	p.YOff = max(0, min(p.YOff, total-p.H))
}

// FieldAt maps a line of the pane's inside to a field.
func (p *Pane) FieldAt(y int) (int, bool) {
	starts, total := p.FieldLines()
	line := p.YOff + y
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

// View renders the form into lines of the pane's inner width.
func (p Pane) View(e *kit.Env, focused bool) []string {
	st := e.St
	lw := p.labelWidth()
	var lines []string
	for i, f := range p.Fields {
		isFocus := focused && i == p.Idx
		editing := isFocus && p.Editing
		lab := st.Label
		if isFocus {
			lab = st.LabelFocused
		}
		label := "  " + f.Label
		if i == p.Idx {
			label = "▸ " + f.Label
		}
		tag := ""
		if editing {
			tag = " " + st.EditTag.Render(" EDIT ")
		}
		switch f.Kind {
		case fieldText:
			val := f.Ed.View()
			if editing {
				val = st.EditLine.Render(val)
			}
			if editing {
				lab = st.EditTag
			}
			lines = append(lines, kit.Fit(lab.Render(kit.Fit(label, lw-1))+" ", lw)+val)
		case FieldSelect:
			vs := st.Select
			if isFocus {
				vs = st.SelectFocused
			}
			lines = append(lines, kit.Fit(lab.Render(kit.Fit(label, lw-1))+" ", lw)+vs.Render("◀ "+termtext.SanitizeLine(f.Text())+" ▶"))
		case fieldMulti:
			extra := ""
			if f.val == valJSON && isFocus {
				extra = st.Dim.Render("  " + strconv.Itoa(f.Ed.Line()+1) + ":" + strconv.Itoa(f.Ed.Column()+1))
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
		case f.Err != "":
			lines = append(lines, st.Error.Render("    ✗ "+termtext.SanitizeLine(f.Err)))
		case f.Diag != "" && f.warn:
			lines = append(lines, st.Warning.Render("    ! "+termtext.SanitizeLine(f.Diag)))
		case f.Diag != "":
			lines = append(lines, st.Error.Render("    ✗ "+termtext.SanitizeLine(f.Diag)))
		case i == p.Idx && f.hint != "":
			hint := f.hint
			if isFocus && !editing && f.IsText() {
				hint = "enter edits · " + hint
			}
			lines = append(lines, st.Dim.Render("    "+hint))
		}
	}
	yOff := max(0, min(p.YOff, len(lines)-p.H))
	lines = lines[min(yOff, len(lines)):]
	if len(lines) > p.H {
		lines = lines[:p.H]
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
func (p *Pane) multiLines(f *Field, editing bool, st *kit.Styles) []string {
	h := f.Ed.Height()
	if editing || f.val == valJSON || f.Ed.Focused() {
		return strings.Split(f.Ed.View(), "\n")
	}
	w := max(1, p.w-2)
	text := termtext.Sanitize(f.Ed.Value())
	wrapped := strings.Split(ansi.Wrap(text, w, " "), "\n")
	if len(wrapped) > h {
		wrapped = wrapped[:h]
		wrapped[h-1] = ansi.Truncate(wrapped[h-1]+" …", w, "…")
	}
	for len(wrapped) < h {
		wrapped = append(wrapped, "")
	}
	if f.Ed.Value() == "" {
		wrapped[0] = st.Dim.Render("(empty)")
	}
	return wrapped
}

// Title is the editor pane's title: the row the form shows, and
// whether it shows its JSON.
func (p *Pane) Title(s *kit.Session) string {
	at := p.At
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
	if p.Kind == FormRaw {
		t += " · JSON"
	}
	return t
}
