package form

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
	FieldSelect                  // one of a few options
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

// Option is a choice of a select field; a nil raw means "not set".
type Option struct {
	Label string
	Raw   json.RawMessage
}

// Field is one control of a form, bound to a path inside the entry.
type Field struct {
	ID    string
	Label string
	Kind  fieldKind
	val   valueKind
	path  []string
	Ed    editor.Model
	Opts  []Option
	Sel   int
	// More, when set, returns every option of a select field whose list
	// costs reading the whole document (tool_choice names every tool):
	// until the field is cycled or opened, opts holds the few that need
	// no reading, the current value among them (see options).
	More func() []Option
	hint string // shown under the field while it has focus
	Err  string // a problem with what was typed, shown under the field
	Diag string // the converter's first diagnostic about this field
	warn bool   // diag is a warning, not an error
	rows int    // multi-line height; 0 fills what is left
	// placed: the cursor was put where a diagnostic points, and editing
	// starts there; otherwise it starts at the end of the text.
	placed bool
}

func newTextField(id, label string, path []string, val valueKind, value string) *Field {
	f := &Field{ID: id, Label: label, Kind: fieldText, val: val, path: path, Ed: editor.New()}
	f.Ed.ShowLineNumbers = false
	f.Ed.SetValue(value)
	return f
}

func newMultiField(id, label string, path []string, val valueKind, value string, rows int) *Field {
	f := &Field{ID: id, Label: label, Kind: fieldMulti, val: val, path: path, Ed: editor.New(), rows: rows}
	f.Ed.ShowLineNumbers = val == valJSON
	f.Ed.AutoIndent = val == valJSON
	f.Ed.SetValue(value)
	return f
}

func NewSelectField(id, label string, path []string, opts []Option, current json.RawMessage) *Field {
	f := &Field{ID: id, Label: label, Kind: FieldSelect, path: path, Opts: opts}
	f.Sel = 0
	cur := kit.CompactJSON(current)
	for i, o := range opts {
		if (o.Raw == nil && current == nil) || (o.Raw != nil && kit.CompactJSON(o.Raw) == cur) {
			f.Sel = i
			return f
		}
	}
	if current != nil {
		// A value the options do not list: keep it as an option of its own.
		f.Opts = append(f.Opts, Option{Label: cur, Raw: current})
		f.Sel = len(f.Opts) - 1
	}
	return f
}

// IsText reports whether the field takes typed text.
func (f *Field) IsText() bool { return f.Kind != FieldSelect }

// Text returns the field's current text (the option label for a select).
func (f *Field) Text() string {
	if f.Kind == FieldSelect {
		if f.Sel < len(f.Opts) {
			return f.Opts[f.Sel].Label
		}
		return ""
	}
	return f.Ed.Value()
}

// value converts the field to the JSON value to store; nil means remove the
// key. ok is false when the text cannot be stored (invalid JSON), with the
// reason in f.err.
func (f *Field) value() (v json.RawMessage, ok bool) {
	f.Err = ""
	if f.Kind == FieldSelect {
		if f.Sel < len(f.Opts) {
			return f.Opts[f.Sel].Raw, true
		}
		return nil, true
	}
	s := f.Ed.Value()
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
		f.Err = "not a number; kept as text so the diagnostics show it"
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
			f.Err = msg
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
			f.Err = "not valid JSON: " + err.Error()
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
func (f *Field) options() []Option {
	if f.More != nil {
		var cur json.RawMessage
		if f.Sel < len(f.Opts) {
			cur = f.Opts[f.Sel].Raw
		}
		all := NewSelectField(f.ID, f.Label, f.path, f.More(), cur)
		f.Opts, f.Sel, f.More = all.Opts, all.Sel, nil
	}
	return f.Opts
}

// Cycle moves a select field by d options.
func (f *Field) Cycle(d int) {
	if n := len(f.options()); n > 0 {
		f.Sel = ((f.Sel+d)%n + n) % n
	}
}

// ---- reading values out of an entry ----

// textAt returns the string at path, or the JSON text of another value.
func textAt(raw json.RawMessage, path []string) string {
	v, ok := model.GetPath(raw, path)
	if !ok {
		return ""
	}
	return RawText(v)
}

// RawText is a string value's text, or the JSON of another value.
func RawText(v json.RawMessage) string {
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
