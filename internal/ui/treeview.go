package ui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/tooltui/tooltui/internal/schematree"
	"github.com/tooltui/tooltui/internal/termtext"
)

// How the parameters tree draws: the rows, the example beside them, and
// the chosen row's details, prompt and keys under them.

func (d *treeDialog) view(e *env, w, h int) []string {
	st := e.st
	iw := d.w - 2
	var lines []string
	if d.tree == nil {
		lines = append(lines, fit(" "+termtext.SanitizeLine(d.why), iw))
		for len(lines) < d.h-3 {
			lines = append(lines, "")
		}
		lines = append(lines, st.Dim.Render(fit(" esc close · R in the editor shows the JSON", iw)))
		return box(e, "Parameters of "+termtext.SanitizeLine(d.fn), lines, d.w)
	}
	treeW := iw
	var side []string
	if d.example != "" && iw >= 70 {
		treeW = iw * 3 / 5
		side = strings.Split(d.example, "\n")
	}
	lh := d.listHeight()
	for i := d.yOff; i < len(d.rows) && i < d.yOff+lh; i++ {
		lines = append(lines, d.rowLine(e, d.rows[i], i == d.row, treeW))
	}
	for len(lines) < lh {
		lines = append(lines, "")
	}
	if side != nil {
		for i := range lines {
			s := ""
			if i == 0 {
				s = st.Label.Render("example arguments")
			} else if i-1 < len(side) {
				s = termtext.SanitizeLine(side[i-1])
			}
			lines[i] = fit(lines[i], treeW) + "│" + fit(s, iw-treeW-1)
		}
	}
	lines = append(lines, d.details(e, iw)...)
	return box(e, "Parameters of "+termtext.SanitizeLine(d.fn)+" · "+plural(d.tree.Len(), "row"), lines, d.w)
}

// rowLine draws one row: fold mark, name, type, required, constraints,
// description; a row that breaks a strict rule starts with ✗.
func (d *treeDialog) rowLine(e *env, n *schematree.Node, chosen bool, w int) string {
	st := e.st
	mark := "  "
	if len(n.Children) > 0 {
		mark = "▾ "
		if d.folded[n.Ptr] {
			mark = "▸ "
		}
	}
	name := n.Name
	if n.Role == schematree.Root {
		name = "(parameters)"
	}
	req := " "
	if n.Role == schematree.Property {
		req = "?"
		if n.Required {
			req = "*"
		}
	}
	bad := " "
	if len(n.Problems) > 0 {
		bad = st.Error.Render("✗")
	}
	label := n.Type.Label()
	typ := st.Info.Render(termtext.SanitizeLine(label))
	sum := n.Summary()
	if len(sum) > 0 && label == "enum" {
		sum[0] = strings.TrimPrefix(sum[0], "enum ") // the type says it already
	}
	if len(sum) > 0 {
		typ += " · " + termtext.SanitizeLine(strings.Join(sum, " · "))
	}
	text := bad + strings.Repeat("  ", n.Depth) + mark + termtext.SanitizeLine(name) + req + "  " + typ
	if desc := n.Description(); desc != "" {
		text += "  " + st.Dim.Render(termtext.SanitizeLine(desc))
	}
	text = fit(text, w)
	if chosen {
		text = st.Selected.Render(text)
	}
	return text
}

// details is the part under the tree: the chosen row's pointer, its
// strict problems or read-only keywords, the prompt, the keys.
func (d *treeDialog) details(e *env, iw int) []string {
	st := e.st
	n := d.current()
	// Each part is sanitised before it is styled: a styled string is
	// never sanitised again (its escape sequences would show as text).
	var info string
	if n != nil {
		info = termtext.SanitizeLine("/" + strings.TrimPrefix(n.Ptr, "/"))
		if len(n.Problems) > 0 {
			info += "  " + st.Error.Render(termtext.SanitizeLine("strict: "+strings.Join(n.Problems, "; ")))
		} else if other := n.OtherText(24); len(other) > 0 {
			info += termtext.SanitizeLine("  kept as written: " + strings.Join(other, ", "))
		}
	}
	out := []string{"", fit(" "+info, iw)}
	if d.prompt != nil {
		p := *d.prompt
		p.Styles = e.st.Editor
		p.SetSize(max(10, iw-len(askLabels[d.asking])-4), 1)
		out = append(out, fit(" "+st.LabelFocused.Render(askLabels[d.asking])+" "+p.View(), iw),
			st.Dim.Render(fit(" enter set · esc cancel · empty removes it", iw)), "", "")
		return out
	}
	keys := strings.Split(ansi.Wrap("a add · x delete · D duplicate · K/J move · enter rename · ←/→ type · r required · d description · e enum · f format · </> min/max · p pattern · = default · space fold · v example · y copy it · esc close", iw-2, " "), "\n")
	for len(keys) < 3 {
		keys = append(keys, "")
	}
	out = append(out, "")
	for _, l := range keys[:3] {
		out = append(out, st.Dim.Render(fit(" "+l, iw)))
	}
	return out
}
