package ui

import (
	"regexp"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
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

func (a *App) diagsKey(k tea.KeyPressMsg) {
	km := a.keys
	n := len(a.res.Diagnostics)
	switch {
	case key.Matches(k, km.Up):
		a.diags.row = max(0, a.diags.row-1)
	case key.Matches(k, km.Down):
		a.diags.row = min(max(0, n-1), a.diags.row+1)
	case key.Matches(k, km.Home):
		a.diags.row = 0
	case key.Matches(k, km.End):
		a.diags.row = max(0, n-1)
	case key.Matches(k, km.Enter):
		if a.diags.row < n {
			a.jumpTo(a.res.Diagnostics[a.diags.row])
		}
	}
}

var lineColRe = regexp.MustCompile(`line (\d+), column (\d+)`)

// jumpTo selects the tool and field a diagnostic is about.
func (a *App) jumpTo(d convert.Diagnostic) {
	if d.IsTool() {
		if d.Index >= len(a.doc.List(d.Kind)) {
			return
		}
		a.selectRow(rowOf(a.doc, d.Kind, d.Index))
	} else {
		a.selectRow(0)
	}
	a.setFocus(PaneEditor)
	segs := strings.Split(strings.TrimPrefix(d.Path, "/"), "/")
	if !d.IsTool() {
		segs = []string{strings.SplitN(d.Location, ".", 2)[0]}
		if strings.HasPrefix(d.Location, "extra.") {
			segs = []string{"extra"}
		}
	}
	best, bestLen := 0, -1
	for i, f := range a.form.fields {
		n := 0
		if f.id == "raw" || f.id == "extra" {
			n = 0
			if segs[0] == f.id || f.id == "raw" {
				n = 1
			}
		}
		for n < len(f.path) && n < len(segs) && f.path[n] == segs[n] {
			n++
		}
		if n == len(f.path) && n > bestLen || (f.path == nil && n > bestLen) {
			best, bestLen = i, n
		}
	}
	a.form.move(best)
	if m := lineColRe.FindStringSubmatch(d.Message); m != nil {
		line, _ := strconv.Atoi(m[1])
		col, _ := strconv.Atoi(m[2])
		a.form.fields[best].ed.SetCursor(line-1, col-1)
	}
}
