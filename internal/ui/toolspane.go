package ui

import (
	"unsafe"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/ui/display"
)

// toolsPane lists the request and every tool of the document. Row 0 is the
// request; then the functions, then the built-ins, as in the request.
type toolsPane struct {
	row  int
	yOff int
}

// rowCount is the number of rows for d.
func rowCount(d *model.Document) int { return 1 + len(d.Functions) + len(d.Builtins) }

// selAt maps a row to the selection.
func selAt(d *model.Document, row int) sel {
	switch {
	case row <= 0:
		return sel{request: true}
	case row <= len(d.Functions):
		return sel{kind: model.Function, index: row - 1}
	default:
		return sel{kind: model.Builtin, index: row - 1 - len(d.Functions)}
	}
}

// rowOf maps a tool to its row.
func rowOf(d *model.Document, k model.Kind, i int) int {
	if k == model.Function {
		return 1 + i
	}
	return 1 + len(d.Functions) + i
}

// toolLabel is how a tool is named in lists: a function's name, a
// built-in's type (and its name or server label when it has one).
func toolLabel(k model.Kind, t model.Tool) (icon, label string) {
	if k == model.Function {
		n := stringAt(t.Raw, []string{"name"})
		if n == "" {
			n = "(unnamed)"
		}
		return "ƒ", n
	}
	typ := typeOf(t.Raw)
	if typ == "" {
		switch {
		case model.CheckJSON(t.Raw) != nil:
			return "◆", "(invalid JSON)"
		case model.JSONKind(t.Raw) != "object":
			return "◆", "(" + model.JSONKind(t.Raw) + ")"
		}
		return "◆", "(no type)"
	}
	for _, k := range []string{"name", "server_label"} {
		if n := stringAt(t.Raw, []string{k}); n != "" {
			return "◆", typ + " " + n
		}
	}
	return "◆", typ
}

// labels remembers tool labels by the identity of their bytes (which are
// never changed in place), so drawing a list does not parse every entry,
// some of which may be megabytes, on every frame.
type labels struct {
	cur, next map[labelKey]string
}

type labelKey struct {
	p    *byte
	n    int
	kind model.Kind
}

// get returns the label of a tool, computing it once per distinct bytes.
func (l *labels) get(k model.Kind, t model.Tool) (icon, label string) {
	icon = "◆"
	if k == model.Function {
		icon = "ƒ"
	}
	key := labelKey{unsafe.SliceData(t.Raw), len(t.Raw), k}
	if s, ok := l.next[key]; ok {
		return icon, s
	}
	s, ok := l.cur[key]
	if !ok {
		_, s = toolLabel(k, t)
	}
	if l.next == nil {
		l.next = map[labelKey]string{}
	}
	l.next[key] = s
	return icon, s
}

// sweep forgets labels not asked for since the last sweep.
func (l *labels) sweep() {
	if len(l.next) > 0 {
		l.cur, l.next = l.next, nil
	}
}

// marks returns the worst severity per tool: 0 none, 1 warning, 2 error.
func marks(ds []convert.Diagnostic) map[sel]int {
	m := map[sel]int{}
	for _, d := range ds {
		if !d.IsTool() {
			m[sel{request: true}] = max(m[sel{request: true}], sevRank(d.Severity))
			continue
		}
		s := sel{kind: d.Kind, index: d.Index}
		m[s] = max(m[s], sevRank(d.Severity))
	}
	return m
}

func sevRank(s convert.Severity) int {
	if s == convert.Error {
		return 2
	}
	return 1
}

// view renders the rows into w×h lines.
func (p *toolsPane) view(d *model.Document, mk map[sel]int, lb *labels, st *Styles, w, h int, active bool) []string {
	n := rowCount(d)
	p.row = max(0, min(p.row, n-1))
	if p.row < p.yOff {
		p.yOff = p.row
	}
	if p.row >= p.yOff+h {
		p.yOff = p.row - h + 1
	}
	p.yOff = max(0, min(p.yOff, n-h))
	lines := make([]string, 0, h)
	for r := p.yOff; r < n && len(lines) < h; r++ {
		s := selAt(d, r)
		mark := " "
		switch mk[s] {
		case 2:
			mark = st.Error.Render("✗")
		case 1:
			mark = st.Warning.Render("!")
		}
		var icon, label string
		disabled := false
		if s.request {
			icon, label = "⚙", "Request"
		} else {
			t := d.List(s.kind)[s.index]
			icon, label = lb.get(s.kind, t)
			disabled = t.Disabled
		}
		text := icon + " " + display.SanitizeLine(label)
		if disabled {
			text = st.Disabled.Render(text + " (off)")
		}
		line := fit(mark+" "+text, w)
		if r == p.row {
			if active {
				line = st.Selected.Render(line)
			} else {
				line = st.SelectedBlurred.Render(line)
			}
		}
		lines = append(lines, line)
	}
	return lines
}

func (a *App) toolsKey(k tea.KeyPressMsg) {
	km := a.keys
	_, h := a.lay.tools.inner()
	switch {
	case key.Matches(k, km.Up):
		a.selectRow(a.tools.row - 1)
	case key.Matches(k, km.Down):
		a.selectRow(a.tools.row + 1)
	case key.Matches(k, km.PageUp):
		a.selectRow(a.tools.row - max(1, h-1))
	case key.Matches(k, km.PageDown):
		a.selectRow(a.tools.row + max(1, h-1))
	case key.Matches(k, km.Home):
		a.selectRow(0)
	case key.Matches(k, km.End):
		a.selectRow(rowCount(a.doc) - 1)
	case key.Matches(k, km.Enter), key.Matches(k, km.Right):
		a.setFocus(PaneEditor)
		a.form.move(0)
	case key.Matches(k, km.Delete):
		a.deleteTool()
	case key.Matches(k, km.Duplicate):
		a.duplicateTool()
	case key.Matches(k, km.MoveUp):
		a.moveTool(-1)
	case key.Matches(k, km.MoveDown):
		a.moveTool(1)
	case key.Matches(k, km.Toggle):
		a.toggleTool()
	}
}
