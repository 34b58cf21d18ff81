package ui

import (
	"encoding/json"
	"unsafe"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
)

// labels holds every tool's label, recomputed after each change: a tool
// whose bytes did not change (they are never changed in place) reuses its
// label, so a keystroke in a 1,000-tool document parses only the tool it
// edited, and drawing a list parses nothing.
type labels struct {
	list  [2][]string // by kind, by index
	cache map[labelKey]string
}

type labelKey struct {
	p    *byte
	n    int
	kind model.Kind
}

func (l *labels) update(d *model.Document) {
	next := make(map[labelKey]string, len(d.Functions)+len(d.Builtins))
	for _, k := range []model.Kind{model.Function, model.Builtin} {
		ts := d.List(k)
		out := make([]string, len(ts))
		for i, t := range ts {
			key := labelKey{unsafe.SliceData(t.Raw), len(t.Raw), k}
			s, ok := l.cache[key]
			if !ok {
				_, s = toolLabel(k, t)
			}
			next[key] = s
			out[i] = s
		}
		l.list[k] = out
	}
	l.cache = next
}

// toolLabel is how a tool is named in lists: a function's name, a
// built-in's type (and its name or server label when it has one).
func toolLabel(k model.Kind, t model.Tool) (icon, label string) {
	if k == model.Function {
		n := model.StringAt(t.Raw, []string{"name"})
		if n == "" {
			n = "(unnamed)"
		}
		return "ƒ", n
	}
	typ := typeOf(t.Raw)
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

func iconOf(k model.Kind) string {
	if k == model.Function {
		return "ƒ"
	}
	return "◆"
}

// typeOf returns the "type" string of a raw entry, or "".
func typeOf(raw json.RawMessage) string {
	return model.StringAt(raw, []string{"type"})
}
