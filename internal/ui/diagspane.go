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
	// Each diagnostic takes two lines: where, then why.
	per := 2
	vis := max(1, h/per)
	if p.row < p.yOff {
		p.yOff = p.row
	}
	if p.row >= p.yOff+vis {
		p.yOff = p.row - vis + 1
	}
	var lines []string
	for i := p.yOff; i < len(ds) && len(lines)+per <= max(h, per); i++ {
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
		if i == p.row && active {
			// the chosen one is shown whole
			lines = append(lines, st.Selected.Render(l1))
			for _, l := range strings.Split(ansi.Wrap(display.SanitizeLine(where+": "+msg), max(1, w-2), " /"), "\n") {
				lines = append(lines, "  "+l)
			}
			continue
		}
		lines = append(lines, l1, fit("  "+display.SanitizeLine(msg), w))
	}
	return lines
}
