package ui

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/tooltui/tooltui/internal/model"

	"github.com/tooltui/tooltui/internal/termtext"
	"github.com/tooltui/tooltui/internal/ui/filterlist"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// toolsPane lists the request and every tool of the document. Row 0 is the
// request; then the functions, then the built-ins, as in the request. `/`
// narrows the list to the tools whose label matches what is typed.
type toolsPane struct {
	row    int   // the selected row of the document
	rows   []int // the rows shown (all, or those matching the filter)
	pos    int   // index of row in rows, -1 when the filter hides it
	yOff   int   // first shown index of rows
	height int
	filter filterInput
}

// filterInput is the tools pane's filter line.
type filterInput struct {
	typing bool // keys go to the filter text
	text   string
	hist   kit.FilterHist
}

func newFilterInput() filterInput { return filterInput{} }

func (p *toolsPane) setHeight(h int) {
	p.height = max(1, h)
	p.scroll()
}

// listHeight is the rows left for tools when the filter line shows.
func (p *toolsPane) listHeight() int {
	if p.filter.typing || p.filter.text != "" {
		return max(1, p.height-1)
	}
	return p.height
}

// show recomputes the shown rows for d and selects at.
func (p *toolsPane) show(s *kit.Session, at kit.Sel) {
	p.row = kit.RowOf(s.Doc(), at)
	p.refilter(s.Doc(), s)
}

// refilter recomputes the shown rows.
func (p *toolsPane) refilter(d *model.Document, s *kit.Session) {
	n := kit.RowCount(d)
	p.rows = p.rows[:0]
	for r := 0; r < n; r++ {
		if p.filter.text == "" || p.matches(d, s, r) {
			p.rows = append(p.rows, r)
		}
	}
	p.pos = -1
	for i, r := range p.rows {
		if r == p.row {
			p.pos = i
		}
	}
	p.scroll()
}

func (p *toolsPane) matches(d *model.Document, s *kit.Session, r int) bool {
	at := kit.SelAt(d, r)
	label := "request"
	if !at.Request {
		label = s.Label(at.Kind, at.Index)
	}
	_, _, ok := filterlist.Match(p.filter.text, label)
	return ok
}

func (p *toolsPane) scroll() {
	h := p.listHeight()
	if p.pos >= 0 {
		if p.pos < p.yOff {
			p.yOff = p.pos
		}
		if p.pos >= p.yOff+h {
			p.yOff = p.pos - h + 1
		}
	}
	p.yOff = max(0, min(p.yOff, len(p.rows)-h))
}

// undoFilter takes the filter's typing back (ctrl+z while it is typed),
// or puts it back.
func (p *toolsPane) undoFilter(redo bool, e *kit.Env) bool {
	if !p.filter.typing {
		return false
	}
	s, ok := p.filter.hist.Step(redo, p.filter.text)
	if ok {
		p.filter.text = s
		p.refilter(e.S.Doc(), e.S)
	}
	return ok
}

// startFilter opens the filter line for typing.
func (p *toolsPane) startFilter() []kit.Action {
	p.filter.typing = true
	p.scroll() // the filter line takes a row: keep the selection shown
	return []kit.Action{kit.Say("Type to filter the tools · enter keeps the filter · esc clears it")}
}

func (p toolsPane) Update(msg tea.Msg, e *kit.Env) (toolsPane, []kit.Action) {
	if p.filter.typing {
		return p.updateFilter(msg, e)
	}
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return p.updateKey(msg, e)
	}
	return p, nil
}

// moveTo selects the shown row at index i (clamped).
func (p *toolsPane) moveTo(i int, e *kit.Env) []kit.Action {
	if len(p.rows) == 0 {
		return []kit.Action{kit.Say("No tool matches the filter · esc clears it")}
	}
	i = max(0, min(i, len(p.rows)-1))
	return []kit.Action{kit.ActSelect{At: kit.SelAt(e.S.Doc(), p.rows[i])}}
}

func (p toolsPane) updateKey(k tea.KeyPressMsg, e *kit.Env) (toolsPane, []kit.Action) {
	km := e.Km
	page := max(1, p.listHeight()-1)
	switch {
	case key.Matches(k, km.Up):
		return p, p.moveTo(p.pos-1, e)
	case key.Matches(k, km.Down):
		return p, p.moveTo(p.pos+1, e)
	case key.Matches(k, km.PageUp):
		return p, p.moveTo(p.pos-page, e)
	case key.Matches(k, km.PageDown):
		return p, p.moveTo(p.pos+page, e)
	case key.Matches(k, km.Home):
		return p, p.moveTo(0, e)
	case key.Matches(k, km.End):
		return p, p.moveTo(len(p.rows)-1, e)
	case key.Matches(k, km.Enter, km.Right, km.Edit):
		return p, []kit.Action{kit.ActFocus{Pane: kit.PaneEditor}}
	case key.Matches(k, km.Filter):
		return p, p.startFilter()
	case key.Matches(k, km.Back):
		if p.filter.text != "" {
			p.filter.text = ""
			p.refilter(e.S.Doc(), e.S)
			return p, []kit.Action{kit.Say("Filter cleared")}
		}
		return p, []kit.Action{kit.Say("Already at the top level · q quits")}
	case key.Matches(k, km.Delete):
		return p, []kit.Action{kit.ActRun{Name: kit.CmdDelete}}
	case key.Matches(k, km.Duplicate):
		return p, []kit.Action{kit.ActRun{Name: kit.CmdDuplicate}}
	case key.Matches(k, km.MoveUp):
		return p, []kit.Action{kit.ActRun{Name: kit.CmdMoveUp}}
	case key.Matches(k, km.MoveDown):
		return p, []kit.Action{kit.ActRun{Name: kit.CmdMoveDown}}
	case key.Matches(k, km.Toggle):
		return p, []kit.Action{kit.ActRun{Name: kit.CmdToggle}}
	}
	return p, nil
}

func (p toolsPane) updateFilter(msg tea.Msg, e *kit.Env) (toolsPane, []kit.Action) {
	text := p.filter.text
	switch msg := msg.(type) {
	case tea.PasteMsg:
		text += strings.NewReplacer("\n", " ", "\r", " ").Replace(msg.Content)
	case tea.KeyPressMsg:
		switch msg.String() {
		case "esc":
			p.filter = filterInput{}
			p.refilter(e.S.Doc(), e.S)
			return p, []kit.Action{kit.Say("Filter cleared")}
		case "enter":
			p.filter.typing = false
			if len(p.rows) == 0 {
				return p, []kit.Action{kit.Say("No tool matches " + text)}
			}
			return p, p.moveTo(max(0, p.pos), e)
		case "up", "down", "pgup", "pgdown":
			p.filter.typing = false
			p, acts := p.updateKey(msg, e)
			p.filter.typing = true
			return p, acts
		case "backspace", "ctrl+h":
			if text != "" {
				_, n := utf8.DecodeLastRuneInString(text)
				text = text[:len(text)-n]
			}
		case "ctrl+u":
			text = ""
		default:
			if msg.Text == "" || msg.Mod&(tea.ModCtrl|tea.ModAlt) != 0 {
				return p, nil
			}
			text += msg.Text
		}
	default:
		return p, nil
	}
	p.filter.hist.Changed(p.filter.text, text)
	p.filter.text = text
	p.refilter(e.S.Doc(), e.S)
	if p.pos < 0 && len(p.rows) > 0 {
		return p, p.moveTo(0, e) // keep the selection on a shown tool
	}
	return p, nil
}

// rowAt maps a line of the pane's inside to a row; ok false off the list.
func (p *toolsPane) rowAt(y int) (int, bool) {
	if p.filter.typing || p.filter.text != "" {
		y--
	}
	i := p.yOff + y
	if y < 0 || i < 0 || i >= len(p.rows) {
		return 0, false
	}
	return p.rows[i], true
}

// view renders the pane's inside, w×h.
func (p toolsPane) View(e *kit.Env, w, h int, focused bool) []string {
	st, d := e.St, e.S.Doc()
	lines := make([]string, 0, h)
	if p.filter.typing || p.filter.text != "" {
		fl := "/" + termtext.SanitizeLine(p.filter.text)
		if p.filter.typing {
			fl += "▏"
		}
		fl += st.Dim.Render("  " + kit.Plural(len(p.rows), "match"))
		lines = append(lines, kit.Fit(st.Info.Render(fl), w))
	}
	// The estimate of each tool's tokens, right-aligned in a column as
	// wide as the widest shown (tokencount.go); none in a narrow pane.
	colW := 0
	if w >= minTokenColumnWidth && e.Tok != nil {
		for i := p.yOff; i < len(p.rows) && i-p.yOff < h; i++ {
			if at := kit.SelAt(d, p.rows[i]); !at.Request {
				colW = max(colW, utf8.RuneCountInString(e.Tok.Cell(d, at.Kind, at.Index))+1)
			}
		}
	}
	for i := p.yOff; i < len(p.rows) && len(lines) < h; i++ {
		r := p.rows[i]
		at := kit.SelAt(d, r)
		mark := " "
		switch e.S.RowMarks()[at] {
		case 2:
			mark = st.Error.Render("✗")
		case 1:
			mark = st.Warning.Render("!")
		}
		text := "⚙ Request"
		cell := ""
		if !at.Request {
			t := d.List(at.Kind)[at.Index]
			text = kit.IconOf(at.Kind) + " " + termtext.SanitizeLine(e.S.Label(at.Kind, at.Index))
			if t.Disabled {
				text = st.Disabled.Render(text + " (off)")
			}
			if colW > 0 {
				cell = e.Tok.Cell(d, at.Kind, at.Index)
			}
		}
		line := kit.Fit(mark+" "+text, w)
		if colW > 0 {
			line = kit.Fit(mark+" "+text, w-colW) + st.Dim.Render(fmt.Sprintf("%*s", colW, cell))
		}
		if r == p.row {
			if focused {
				line = st.Selected.Render(line)
			} else {
				line = st.SelectedBlurred.Render(line)
			}
		}
		lines = append(lines, line)
	}
	if len(p.rows) == 0 {
		lines = append(lines, st.Dim.Render(kit.Fit("  no tool matches", w)))
	}
	return lines
}

// minTokenColumnWidth is the tools pane's inner width from which it
// shows each tool's count (from 100 columns; a zoomed pane always).
const minTokenColumnWidth = 26
