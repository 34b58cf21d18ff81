// Package diags is the diagnostics pane: the converter's findings, each
// with where it is and a jump to it.
package diags

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/termtext"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// diagsPane lists the converter's diagnostics: where, then why, wrapped to
// the pane's width; the chosen one is shown whole. enter jumps to the tool,
// field, line and column it is about.
type Pane struct {
	Row  int // the chosen diagnostic
	YOff int // the first diagnostic shown
	w, h int
}

// MaxBlurredLines is how many lines of its message a diagnostic that is
// not chosen shows.
const MaxBlurredLines = 2

func (p *Pane) SetSize(w, h int) {
	p.w, p.h = w, h
}

func (p *Pane) Clamp(n int) {
	p.Row = max(0, min(p.Row, n-1))
	p.YOff = max(0, min(p.YOff, p.Row))
}

func (p Pane) Current(ds []convert.Diagnostic) (convert.Diagnostic, bool) {
	if p.Row < 0 || p.Row >= len(ds) {
		return convert.Diagnostic{}, false
	}
	return ds[p.Row], true
}

// block renders diagnostic i: a line saying where, then the message. name
// is the tool's as the tools list names it ("" when it is about no tool):
// where the location does not fit, the line says the name and the last
// part of the pointer (where).
func block(d convert.Diagnostic, name string, st *kit.Styles, w int, chosen, focused bool) []string {
	icon := st.Warning.Render("!")
	switch d.Severity {
	case convert.Error:
		icon = st.Error.Render("✗")
	case convert.Note:
		icon = st.Info.Render("i")
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
	head := kit.Fit(icon+" "+termtext.SanitizeLine(ShortWhere(where, d.Location, name, d.Path, w-2)), w)
	if chosen && focused {
		head = st.Selected.Render(head)
	} else if chosen {
		head = st.SelectedBlurred.Render(head)
	}
	body := strings.Split(ansi.Wrap(termtext.SanitizeLine(msg), max(1, w-2), " /"), "\n")
	if !chosen && len(body) > MaxBlurredLines {
		body = body[:MaxBlurredLines]
		body[MaxBlurredLines-1] = ansi.Truncate(body[MaxBlurredLines-1]+" …", max(1, w-2), "…")
	}
	out := []string{head}
	for _, l := range body {
		out = append(out, "  "+l)
	}
	if chosen && len(d.Fixes) > 0 {
		more := ""
		if n := len(d.Fixes) - 1; n > 0 {
			more = " (+" + kit.Itoa(n) + ")"
		}
		out = append(out, st.Dim.Render(kit.Fit("  f fix: "+d.Fixes[0].Title()+more, w)))
	}
	return out
}

// ShortWhere is where (location, type, pointer), or, when it is wider
// than w cells, the tool's name with the last part of the pointer inside
// it ("web_search …/allowed_domains"), after the location when that fits
// too; the name is shortened first, then the "…/" before the part.
func ShortWhere(where, location, name, path string, w int) string {
	if ansi.StringWidth(where) <= w || name == "" {
		return where
	}
	if path == "" {
		return ansi.Truncate(name, w, "…")
	}
	seg := path[strings.LastIndexByte(path, '/')+1:]
	last := path
	if len(seg) < len(path)-1 {
		last = "…/" + seg
	}
	for _, c := range []string{location + " " + name + " " + last, name + " " + last} {
		if ansi.StringWidth(c) <= w {
			return c
		}
	}
	for _, tail := range []string{last, seg} {
		if room := w - ansi.StringWidth(tail) - 1; room >= 4 {
			return ansi.Truncate(name, room, "…") + " " + tail
		}
	}
	return ansi.Truncate(last, w, "…")
}

// heights returns the number of lines of each block, for scrolling and the
// mouse; it mirrors view.
func (p *Pane) Height(d convert.Diagnostic, i int, st *kit.Styles) int {
	return len(block(d, "", st, p.w, i == p.Row, false))
}

// Follow scrolls until the chosen block ends inside the pane.
func (p *Pane) Follow(ds []convert.Diagnostic, st *kit.Styles) {
	p.Clamp(len(ds))
	if p.Row < p.YOff {
		p.YOff = p.Row
	}
	for p.YOff < p.Row {
		n := 0
		for i := p.YOff; i <= p.Row; i++ {
			n += p.Height(ds[i], i, st)
		}
		if n <= p.h {
			break
		}
		p.YOff++
	}
}

// RowAt maps a line of the pane's inside to the diagnostic drawn there.
func (p *Pane) RowAt(ds []convert.Diagnostic, st *kit.Styles, y int) (int, bool) {
	line := 0
	for i := p.YOff; i < len(ds); i++ {
		line += p.Height(ds[i], i, st)
		if y < line {
			return i, true
		}
	}
	return 0, false
}

func (p Pane) Update(msg tea.Msg, e *kit.Env) (Pane, []kit.Action) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return p, nil
	}
	ds := e.S.Result().Diagnostics
	km := e.Km
	page := max(1, p.h/3)
	switch {
	case key.Matches(k, km.Up):
		p.Row--
	case key.Matches(k, km.Down):
		p.Row++
	case key.Matches(k, km.PageUp):
		p.Row -= page
	case key.Matches(k, km.PageDown):
		p.Row += page
	case key.Matches(k, km.Home):
		p.Row = 0
	case key.Matches(k, km.End):
		p.Row = len(ds) - 1
	case key.Matches(k, km.Enter):
		return p, []kit.Action{kit.ActRun{Name: "Go to diagnostic"}}
	case key.Matches(k, km.Fix):
		return p, []kit.Action{kit.ActRun{Name: kit.CmdFix}}
	case key.Matches(k, km.Back):
		return p, []kit.Action{kit.ActFocus{Pane: kit.PaneTools}}
	default:
		return p, nil
	}
	p.Follow(ds, e.St)
	return p, []kit.Action{nil}
}

func (p Pane) View(e *kit.Env, w, h int, focused bool) []string {
	ds := e.S.Result().Diagnostics
	st := e.St
	if !e.S.Checked() {
		return []string{st.Dim.Render(kit.Fit("checking…", w))}
	}
	if len(ds) == 0 {
		return []string{st.OK.Render(kit.Fit("✓ no problems", w))}
	}
	var lines []string
	for i := max(0, min(p.YOff, len(ds)-1)); i < len(ds) && len(lines) < h; i++ {
		name := ""
		if ds[i].IsTool() {
			name = e.S.Label(ds[i].Kind, ds[i].Index)
		}
		lines = append(lines, block(ds[i], name, st, w, i == p.Row, focused)...)
	}
	if len(lines) > h {
		lines = lines[:h]
	}
	return lines
}
