package mocks

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/tooltui/tooltui/internal/rawjson"
	"github.com/tooltui/tooltui/internal/termtext"
	"github.com/tooltui/tooltui/internal/ui/editor"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// mockListFixedRows are the list view's lines besides the rows: header,
// blank, blank, keys.
const mockListFixedRows = 4

// mockMinRows are the fewest rows the list box shows.
const mockMinRows = 8

// listRows is how many rows of the list the box can show.
func (d *Dialog) listRows() int { return max(1, d.H-2-mockListFixedRows) }

func (d *Dialog) View(e *kit.Env, w, h int) []string {
	if d.Ed != nil {
		return d.editView(e)
	}
	iw := d.W - 2
	st := e.St
	lines := []string{st.Dim.Render(kit.Fit(" What a send answers the calls with (tooltui.mocks; never sent). Patterns are tried in order", iw)), ""}
	// the box is as tall as the rows need, up to the screen
	rows := min(d.listRows(), max(mockMinRows, len(d.Rows)))
	if len(d.Rows) == 0 {
		lines = append(lines, st.Dim.Render(kit.Fit(" No function yet: add one (a in the tools pane) and give it a name", iw)))
	}
	for i := d.yOff; i < len(d.Rows) && i < d.yOff+rows; i++ {
		line := kit.Fit(d.rowText(i), iw)
		switch r := d.Rows[i]; {
		case i == d.Cur:
			line = st.Selected.Render(line)
		case r.C < 0:
			line = st.Label.Render(line)
		case r.Mc.Ignored() != "":
			line = st.Warning.Render(line)
		}
		lines = append(lines, line)
	}
	for len(lines) < rows+2 {
		lines = append(lines, "")
	}
	keys := " enter edit · a add for a pattern · o fixed output · x delete · K/J move · esc close · ? keys"
	lines = append(lines, "", st.Dim.Render(kit.Fit(keys, iw)))
	return kit.Box(e, "Mock outputs", lines, d.W)
}

// rowText is row i as text: a function with how many outputs it has, or
// one output.
func (d *Dialog) rowText(i int) string {
	r := d.Rows[i]
	name := termtext.SanitizeLine(r.Fn)
	if r.C < 0 {
		s := " ƒ " + name
		switch {
		case r.orphan:
			s += "  (no function has this name: r gives its outputs to one)"
		case r.off:
			s += "  (off)"
		}
		if r.Count == 0 {
			return s + "  · no mock: a adds an output for a pattern, o a fixed one"
		}
		return s + "  · " + kit.Plural(r.Count, "output")
	}
	out := OneLine(r.Mc.Output)
	if why := r.Mc.Ignored(); why != "" {
		return "     ! ignored (" + why + "): " + OneLine(r.Mc.Raw)
	}
	if r.Mc.Fixed() {
		if d.patterns(r.Fn) == 0 {
			return "     always → " + out
		}
		return "     otherwise → " + out
	}
	if len(rawjson.Members(r.Mc.Args)) == 0 {
		return "     when any arguments ({}) → " + out
	}
	return "     when " + OneLine(r.Mc.Args) + " → " + out
}

// patterns counts fn's outputs for patterns.
func (d *Dialog) patterns(fn string) int {
	n := 0
	for _, r := range d.Rows {
		if r.Fn == fn && r.C >= 0 && !r.Mc.Fixed() {
			n++
		}
	}
	return n
}

// OneLine is JSON on one line, for a row.
func OneLine(v json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, v) != nil {
		return termtext.SanitizeLine(string(v))
	}
	return termtext.SanitizeLine(b.String())
}

// editView is the editor of one output: the pattern (not for the fixed
// output) and the output.
func (d *Dialog) editView(e *kit.Env) []string {
	me := d.Ed
	iw := d.W - 2
	st := e.St
	name := termtext.SanitizeLine(me.fn)
	head := " " + name + " · the output for calls whose arguments match the pattern"
	if me.Fixed {
		head = " " + name + " · the fixed output: for every call no pattern matches"
	}
	lines := []string{st.Dim.Render(kit.Fit(head, iw))}
	label := func(text string, focused bool) string {
		if focused {
			return st.LabelFocused.Render(kit.Fit(" "+text, iw))
		}
		return st.Label.Render(kit.Fit(" "+text, iw))
	}
	field := func(m *editor.Model) {
		ed := *m
		ed.Styles = st.Editor
		for _, l := range strings.Split(ed.View(), "\n") {
			lines = append(lines, " "+l)
		}
	}
	if !me.Fixed {
		lines = append(lines, label("Pattern: a JSON object; a call matches when its arguments have each member, with that value", me.Focus == 0))
		field(&me.Pat)
	}
	kind := "Output (JSON; ctrl+t: plain text)"
	if me.text {
		kind = "Output (plain text, sent as typed; ctrl+t: JSON)"
	}
	lines = append(lines, label(kind, me.Focus == 1 || me.Fixed))
	field(&me.Out)
	lines = append(lines, "")
	switch {
	case me.Err != "":
		lines = append(lines, st.Error.Render(kit.Fit(" ✗ "+me.Err, iw)))
	case me.from.Raw != nil && rawjson.JSONKind(me.from.Raw) == "object" && me.from.Ignored() != "":
		lines = append(lines, st.Warning.Render(kit.Fit(" ! ignored by a send now ("+me.from.Ignored()+"); alt+enter writes both", iw)))
	default:
		lines = append(lines, "")
	}
	lines = append(lines, "", st.Dim.Render(kit.Fit(" alt+enter write · tab pattern/output · ctrl+t text/JSON · esc back", iw)))
	title := "Mock output"
	if me.I < 0 {
		title = "New mock output"
	}
	return kit.Box(e, title, lines, d.W)
}
