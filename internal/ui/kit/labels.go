package kit

import (
	"encoding/json"
	"unsafe"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
)

// labels names the tools in lists by the identity of their bytes (never
// changed in place): a tool's label is read when a row first shows it or
// the filter first matches it, and kept while the tool is unchanged. The
// first frame of a 1,000-tool document reads only the rows it shows, and
// a keystroke only the tool it edited.
type labels struct {
	cache map[labelKey]string
}

type labelKey struct {
	p    *byte
	n    int
	kind model.Kind
}

func keyOf(k model.Kind, t model.Tool) labelKey {
	return labelKey{unsafe.SliceData(t.Raw), len(t.Raw), k}
}

// of is tool t's label.
func (l *labels) of(k model.Kind, t model.Tool) string {
	key := keyOf(k, t)
	if s, ok := l.cache[key]; ok {
		return s
	}
	if l.cache == nil {
		l.cache = map[labelKey]string{}
	}
	_, s := ToolLabel(k, t)
	l.cache[key] = s
	return s
}

// prune forgets the labels of tools that d no longer holds.
func (l *labels) prune(d *model.Document) {
	next := make(map[labelKey]string, len(l.cache))
	for _, k := range []model.Kind{model.Function, model.Builtin} {
		for _, t := range d.List(k) {
			key := keyOf(k, t)
			if s, ok := l.cache[key]; ok {
				next[key] = s
			}
		}
	}
	l.cache = next
}

// ToolLabel is how a tool is named in lists: a function's name, a
// built-in's type (and its name or server label when it has one).
func ToolLabel(k model.Kind, t model.Tool) (icon, label string) {
	if k == model.Function {
		n := model.StringAt(t.Raw, []string{"name"})
		if n == "" {
			n = "(unnamed)"
		}
		return "ƒ", n
	}
	typ := TypeOf(t.Raw)
	if typ == "" {
		switch {
		case rawjson.CheckJSON(t.Raw) != nil:
			return "◆", "(invalid JSON)"
		case rawjson.JSONKind(t.Raw) != "object":
			return "◆", "(" + rawjson.JSONKind(t.Raw) + ")"
		}
		return "◆", "(no type)"
	}
	for _, k := range []string{"name", "server_label"} {
		if n := model.StringAt(t.Raw, []string{k}); n != "" {
			return "◆", typ + " " + n
		}
	}
	return "◆", typ
}

func IconOf(k model.Kind) string {
	if k == model.Function {
		return "ƒ"
	}
	return "◆"
}

// TypeOf returns the "type" string of a raw entry, or "".
func TypeOf(raw json.RawMessage) string {
	return model.StringAt(raw, []string{"type"})
}
