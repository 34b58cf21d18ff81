package ui

import (
	"encoding/json"
	"strings"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
	"github.com/tooltui/tooltui/internal/ui/editor"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// fieldKind is how a field is edited.
type fieldKind int

const (
	fieldText   fieldKind = iota // one line of text
	fieldMulti                   // several lines (description, JSON)
	fieldSelect                  // one of a few options
)

// valueKind is how a field's text becomes a JSON value.
type valueKind int

const (
	valString     valueKind = iota // "" removes the key
	valStringKeep                  // always a string, "" included
	valNumber                      // a JSON number; other text is kept as a string (and reported)
	valList                        // comma-separated strings
	valJSON                        // any JSON; invalid text is shown as an error and not applied
	valInput                       // text, or a JSON array when it starts with [ or { (other JSON is refused)
)

// option is a choice of a select field; a nil raw means "not set".
type option struct {
	label string
	raw   json.RawMessage
}

// field is one control of a form, bound to a path inside the entry.
type field struct {
	id    string
	label string
	kind  fieldKind
	val   valueKind
	path  []string
	ed    editor.Model
	opts  []option
	sel   int
	// more, when set, returns every option of a select field whose list
	// costs reading the whole document (tool_choice names every tool):
	// until the field is cycled or opened, opts holds the few that need
	// no reading, the current value among them (see options).
	more func() []option
	hint string // shown under the field while it has focus
	err  string // a problem with what was typed, shown under the field
	diag string // the converter's first diagnostic about this field
	warn bool   // diag is a warning, not an error
	rows int    // multi-line height; 0 fills what is left
	// placed: the cursor was put where a diagnostic points, and editing
	// starts there; otherwise it starts at the end of the text.
	placed bool
}

func newTextField(id, label string, path []string, val valueKind, value string) *field {
	f := &field{id: id, label: label, kind: fieldText, val: val, path: path, ed: editor.New()}
	f.ed.ShowLineNumbers = false
	f.ed.SetValue(value)
	return f
}

func newMultiField(id, label string, path []string, val valueKind, value string, rows int) *field {
	f := &field{id: id, label: label, kind: fieldMulti, val: val, path: path, ed: editor.New(), rows: rows}
	f.ed.ShowLineNumbers = val == valJSON
	f.ed.AutoIndent = val == valJSON
	f.ed.SetValue(value)
	return f
}

func newSelectField(id, label string, path []string, opts []option, current json.RawMessage) *field {
	f := &field{id: id, label: label, kind: fieldSelect, path: path, opts: opts}
	f.sel = 0
	cur := kit.CompactJSON(current)
	for i, o := range opts {
		if (o.raw == nil && current == nil) || (o.raw != nil && kit.CompactJSON(o.raw) == cur) {
			f.sel = i
			return f
		}
	}
	if current != nil {
		// A value the options do not list: keep it as an option of its own.
		f.opts = append(f.opts, option{label: cur, raw: current})
		f.sel = len(f.opts) - 1
	}
	return f
}

// isText reports whether the field takes typed text.
func (f *field) isText() bool { return f.kind != fieldSelect }

// text returns the field's current text (the option label for a select).
func (f *field) text() string {
	if f.kind == fieldSelect {
		if f.sel < len(f.opts) {
			return f.opts[f.sel].label
		}
		return ""
	}
	return f.ed.Value()
}

// value converts the field to the JSON value to store; nil means remove the
// key. ok is false when the text cannot be stored (invalid JSON), with the
// reason in f.err.
func (f *field) value() (v json.RawMessage, ok bool) {
	f.err = ""
	if f.kind == fieldSelect {
		if f.sel < len(f.opts) {
			return f.opts[f.sel].raw, true
		}
		return nil, true
	}
	s := f.ed.Value()
	switch f.val {
	case valStringKeep:
		return rawjson.String(s), true
	case valString:
		if s == "" {
			return nil, true
		}
		return rawjson.String(s), true
	case valNumber:
		t := strings.TrimSpace(s)
		if t == "" {
			return nil, true
		}
		if kit.IsJSONNumber(t) {
			return json.RawMessage(t), true
		}
		f.err = "not a number; kept as text so the diagnostics show it"
		return rawjson.String(s), true
	case valList:
		items := kit.SplitList(s)
		if len(items) == 0 {
			return nil, true
		}
		b := []byte{'['}
		for i, it := range items {
			if i > 0 {
				b = append(b, ',')
			}
			b = rawjson.AppendString(b, it)
		}
		return append(b, ']'), true
	case valInput:
		t := strings.TrimSpace(s)
		if t == "" {
			return nil, true
		}
		if msg := inputJSONError(t); msg != "" {
			f.err = msg
			return nil, false
		}
		if t[0] == '[' {
			return json.RawMessage(t), true
		}
		return rawjson.String(s), true
	case valJSON:
		if strings.TrimSpace(s) == "" {
			return nil, true
		}
		if err := rawjson.CheckJSON([]byte(s)); err != nil {
			f.err = "not valid JSON: " + err.Error()
			return nil, false
		}
		return json.RawMessage(s), true
	}
	return nil, true
}

// inputJSONError says why trimmed input text meant as JSON (it starts with
// [ or {) cannot be the request's input: "" for text and for a valid array.
func inputJSONError(t string) string {
	if t == "" || (t[0] != '[' && t[0] != '{') {
		return ""
	}
	if err := rawjson.CheckJSON([]byte(t)); err != nil {
		return "not valid JSON: " + err.Error()
	}
	if t[0] == '{' {
		return "must be text or a JSON array of input items, not a JSON object"
	}
	return ""
}

// options completes the options of a select field built with more, the
// current value still chosen.
func (f *field) options() []option {
	if f.more != nil {
		var cur json.RawMessage
		if f.sel < len(f.opts) {
			cur = f.opts[f.sel].raw
		}
		all := newSelectField(f.id, f.label, f.path, f.more(), cur)
		f.opts, f.sel, f.more = all.opts, all.sel, nil
	}
	return f.opts
}

// cycle moves a select field by d options.
func (f *field) cycle(d int) {
	if n := len(f.options()); n > 0 {
		f.sel = ((f.sel+d)%n + n) % n
	}
}

// ---- reading values out of an entry ----

// textAt returns the string at path, or the JSON text of another value.
func textAt(raw json.RawMessage, path []string) string {
	v, ok := model.GetPath(raw, path)
	if !ok {
		return ""
	}
	return rawText(v)
}

// rawText is a string value's text, or the JSON of another value.
func rawText(v json.RawMessage) string {
	if v == nil {
		return ""
	}
	var s string
	if json.Unmarshal(v, &s) == nil {
		return s
	}
	if rawjson.JSONKind(v) == "null" {
		return ""
	}
	return kit.CompactJSON(v)
}

// listAt returns an array of strings at path as "a, b, c".
func listAt(raw json.RawMessage, path []string) string {
	v, ok := model.GetPath(raw, path)
	if !ok {
		return ""
	}
	var items []string
	if json.Unmarshal(v, &items) == nil {
		return strings.Join(items, ", ")
	}
	return kit.CompactJSON(v)
}

// jsonAt returns the value at path pretty-printed, "" when absent.
func jsonAt(raw json.RawMessage, path []string) string {
	v, ok := model.GetPath(raw, path)
	if !ok {
		return ""
	}
	return kit.PrettyJSON(v)
}
