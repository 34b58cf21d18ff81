package ui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/ui/display"
)

// diagsPane lists the converter's diagnostics; choosing one jumps to the
// tool and field it is about.
type diagsPane struct {
	row  int
	yOff int
}

func (p *diagsPane) view(ds []convert.Diagnostic, st *Styles, w, h int, active bool) []string {
	if len(ds) == 0 {
		return []string{st.OK.Render(fit("✓ no problems", w))}
	}
	p.row = max(0, min(p.row, len(ds)-1))
	// Each diagnostic takes two lines, where and why; the chosen one is
	// shown whole.
	block := func(i int) []string {
		d := ds[i]
		icon := st.Warning.Render("!")
		if d.Severity == convert.Error {
			icon = st.Error.Render("✗")
		}
		where := d.Location
		if d.Type != "" {
			where += " (" + d.Type + ")"
		}
		if d.Path != "" {
			where += " " + d.Path
		}
		msg := d.Message
		if d.Severity == convert.Error {
			msg += "; left out"
		}
		l1 := fit(icon+" "+display.SanitizeLine(where), w)
		if i != p.row || !active {
			return []string{l1, fit("  "+display.SanitizeLine(msg), w)}
		}
		out := []string{st.Selected.Render(l1)}
		for _, l := range strings.Split(ansi.Wrap(display.SanitizeLine(where+": "+msg), max(1, w-2), " /"), "\n") {
			out = append(out, "  "+l)
		}
		return out
	}
	if p.row < p.yOff {
		p.yOff = p.row
	}
	// Scroll until the chosen block ends inside the pane.
	for p.yOff < p.row {
		n := 0
		for i := p.yOff; i <= p.row; i++ {
			n += len(block(i))
		}
		if n <= h {
			break
		}
		p.yOff++
	}
	var lines []string
	for i := p.yOff; i < len(ds) && len(lines) < h; i++ {
		lines = append(lines, block(i)...)
	}
	if len(lines) > h {
		lines = lines[:h]
	}
	return lines
}
