package tree

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/tooltui/tooltui/internal/schematree"
	"github.com/tooltui/tooltui/internal/termtext"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// How the parameters tree draws in its pane: the rows; the example
// arguments beside them (a wide pane) or under them; the chosen row's
// pointer and the prompt at the bottom.

// treeSideWidth is the narrowest inside of the pane that shows the example
// arguments beside the rows instead of under them.
const treeSideWidth = 70

// treeDetailLines are the lines under the rows: the chosen row's pointer
// and problems, then the prompt (or a hint of the keys).
const treeDetailLines = 2

// exampleShown reports whether the example arguments (or why there are
// none) are drawn.
func (d *Pane) exampleShown() bool {
	return !d.noExample && (d.Example != "" || d.ExampleWhy != "" || d.ExampleLater)
}

// exampleText is what the example part shows.
func (d *Pane) exampleText() []string {
	if d.ExampleLater {
		return []string{"making them…"}
	}
	if d.Example == "" {
		return []string{d.ExampleWhy}
	}
	return strings.Split(d.Example, "\n")
}

// exampleUnder is the height of the example part under the rows (0: none,
// or beside them).
func (d *Pane) exampleUnder() int {
	if !d.exampleShown() || d.w >= treeSideWidth {
		return 0
	}
	// the rows take what they need, up to two thirds of the pane
	return min(len(d.exampleText())+1, max(3, d.h/3, d.h-treeDetailLines-len(d.Rows)))
}

// listHeight is the number of rows the tree shows.
func (d *Pane) listHeight() int {
	return max(1, d.h-treeDetailLines-d.exampleUnder())
}

// Title is the pane's title.
func (d *Pane) Title() string {
	t := "Parameters of " + termtext.SanitizeLine(d.Fn) + " · tree"
	if d.Tree != nil {
		t += " · " + kit.Plural(d.Tree.Len(), "row")
	}
	return t
}

// View draws the inside of the pane (d.w×d.h cells).
func (d *Pane) View(e *kit.Env, focused bool) []string {
	st := e.St
	iw := d.w
	if d.Tree == nil {
		var lines []string
		for _, l := range strings.Split(ansi.Wrap(termtext.SanitizeLine(d.why), iw-2, " "), "\n") {
			lines = append(lines, " "+l)
		}
		if d.Prompt != nil { // opened before the parameters changed under it
			return append(lines, "", d.promptLine(e, iw), st.Dim.Render(kit.Fit(" esc drops the prompt; then T or esc shows the form", iw)))
		}
		return append(lines, "", st.Dim.Render(kit.Fit(" T or esc shows the form, where the parameters are JSON", iw)))
	}
	treeW := iw
	side := d.exampleShown() && iw >= treeSideWidth
	if side {
		treeW = iw * 3 / 5
	}
	lh := d.listHeight()
	var lines []string
	for i := d.yOff; i < len(d.Rows) && i < d.yOff+lh; i++ {
		lines = append(lines, d.rowLine(e, d.Rows[i], i == d.Row && focused, i == d.Row, treeW))
	}
	for len(lines) < lh {
		lines = append(lines, "")
	}
	if side {
		ex := d.exampleLines(e, lh, iw-treeW-1)
		for i := range lines {
			lines[i] = kit.Fit(lines[i], treeW) + st.Dim.Render("│") + ex[i]
		}
	} else if n := d.exampleUnder(); n > 0 {
		lines = append(lines, d.exampleLines(e, n, iw)...)
	}
	return append(lines, d.details(e, iw, focused)...)
}

// exampleLines draws the example arguments in n lines of w cells: a title,
// then as much of them as fits.
func (d *Pane) exampleLines(e *kit.Env, n, w int) []string {
	st := e.St
	text := d.exampleText()
	out := []string{kit.Fit(" "+st.Label.Render("example arguments")+st.Dim.Render(" · y copies · v hides"), w)}
	room := n - 1
	for i := range room {
		s := ""
		switch {
		case i >= len(text):
		case i == room-1 && len(text) > room:
			s = st.Dim.Render("  …")
		case d.Example == "":
			s = st.Dim.Render(" " + termtext.SanitizeLine(text[i]))
		default:
			s = " " + termtext.SanitizeLine(text[i])
		}
		out = append(out, kit.Fit(s, w))
	}
	return out
}

// rowLine draws one row: fold mark, name, type, required, constraints,
// description; a row that breaks a strict rule starts with ✗. The chosen
// row is highlighted while the pane has the focus, marked ▸ without it.
func (d *Pane) rowLine(e *kit.Env, n *schematree.Node, lit, chosen bool, w int) string {
	st := e.St
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
	} else if chosen && !lit {
		bad = "›"
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
	text = kit.Fit(text, w)
	if lit {
		text = st.Selected.Render(text)
	}
	return text
}

// details is the part under the tree: the chosen row's pointer, its
// strict problems or read-only keywords, then the prompt or a hint. With
// the prompt open it is the row the prompt is about, which an undo or a
// reload may have taken away.
func (d *Pane) details(e *kit.Env, iw int, focused bool) []string {
	st := e.St
	n := d.Current()
	if d.Prompt != nil && d.Tree != nil {
		if n = d.Tree.Node(d.AskPtr); n == nil {
			gone := termtext.SanitizeLine(ptrOrRoot(d.AskPtr)) + "  gone from the parameters (the document changed); esc drops the prompt"
			return []string{st.Error.Render(kit.Fit(" "+gone, iw)), d.promptLine(e, iw)}
		}
	}
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
	out := []string{kit.Fit(" "+info, iw)}
	if d.Prompt != nil {
		return append(out, d.promptLine(e, iw))
	}
	if focused {
		return append(out, "")
	}
	return append(out, st.Dim.Render(kit.Fit(" 2 or a click gives the tree the focus; T shows the form", iw)))
}

// promptLine is the open prompt with its label.
func (d *Pane) promptLine(e *kit.Env, iw int) string {
	label := askLabels[d.Asking]
	p := *d.Prompt
	p.Styles = e.St.Editor
	p.SetSize(max(10, iw-ansi.StringWidth(label)-2), 1)
	return kit.Fit(" "+e.St.LabelFocused.Render(label)+" "+p.View(), iw)
}
