// Package tools is the tools pane: the request row and every tool with
// its state and cost, filtered with /, and the marks that let keys act on
// several tools at once.
package tools

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
type Pane struct {
	Row    int   // the selected row of the document
	Rows   []int // the rows shown (all, or those matching the filter)
	Pos    int   // index of row in rows, -1 when the filter hides it
	YOff   int   // first shown index of rows
	height int
	Filter filterInput
	Marks  Marks // the tools marked (m), kept as view state
}

// filterInput is the tools pane's filter line.
type filterInput struct {
	Typing bool // keys go to the filter text
	Text   string
	hist   kit.FilterHist
}

func NewFilterInput() filterInput { return filterInput{} }

func (p *Pane) SetHeight(h int) {
	p.height = max(1, h)
	p.scroll()
}

// ListHeight is the rows left for tools when the filter line shows.
func (p *Pane) ListHeight() int {
	if p.Filter.Typing || p.Filter.Text != "" {
		return max(1, p.height-1)
	}
	return p.height
}

// Show recomputes the shown rows for d and selects at.
func (p *Pane) Show(s *kit.Session, at kit.Sel) {
	p.Row = kit.RowOf(s.Doc(), at)
	p.Marks.Follow(s.Doc())
	p.Refilter(s.Doc(), s)
}

// Refilter recomputes the shown rows.
func (p *Pane) Refilter(d *model.Document, s *kit.Session) {
	n := kit.RowCount(d)
	p.Rows = p.Rows[:0]
	for r := 0; r < n; r++ {
		if p.Filter.Text == "" || p.matches(d, s, r) {
			p.Rows = append(p.Rows, r)
		}
	}
	p.Pos = -1
	for i, r := range p.Rows {
		if r == p.Row {
			p.Pos = i
		}
	}
	p.scroll()
}

func (p *Pane) matches(d *model.Document, s *kit.Session, r int) bool {
	at := kit.SelAt(d, r)
	label := "request"
	if !at.Request {
		label = s.Label(at.Kind, at.Index)
	}
	_, _, ok := filterlist.Match(p.Filter.Text, label)
	return ok
}

func (p *Pane) scroll() {
	h := p.ListHeight()
	if p.Pos >= 0 {
		if p.Pos < p.YOff {
			p.YOff = p.Pos
		}
		if p.Pos >= p.YOff+h {
			p.YOff = p.Pos - h + 1
		}
	}
	p.YOff = max(0, min(p.YOff, len(p.Rows)-h))
}

// UndoFilter takes the filter's typing back (ctrl+z while it is typed),
// or puts it back.
func (p *Pane) UndoFilter(redo bool, e *kit.Env) bool {
	if !p.Filter.Typing {
		return false
	}
	s, ok := p.Filter.hist.Step(redo, p.Filter.Text)
	if ok {
		p.Filter.Text = s
		p.Refilter(e.S.Doc(), e.S)
	}
	return ok
}

// StartFilter opens the filter line for typing.
func (p *Pane) StartFilter() []kit.Action {
	p.Filter.Typing = true
	p.scroll() // the filter line takes a row: keep the selection shown
	return []kit.Action{kit.Say("Type to filter the tools · enter keeps the filter · esc clears it")}
}

func (p Pane) Update(msg tea.Msg, e *kit.Env) (Pane, []kit.Action) {
	if p.Filter.Typing {
		return p.updateFilter(msg, e)
	}
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return p.updateKey(msg, e)
	}
	return p, nil
}

// moveTo selects the shown row at index i (clamped).
func (p *Pane) moveTo(i int, e *kit.Env) []kit.Action {
	if len(p.Rows) == 0 {
		return []kit.Action{kit.Say("No tool matches the filter · esc clears it")}
	}
	i = max(0, min(i, len(p.Rows)-1))
	return []kit.Action{kit.ActSelect{At: kit.SelAt(e.S.Doc(), p.Rows[i])}}
}

func (p Pane) updateKey(k tea.KeyPressMsg, e *kit.Env) (Pane, []kit.Action) {
	km := e.Km
	page := max(1, p.ListHeight()-1)
	switch {
	case key.Matches(k, km.Up):
		return p, p.moveTo(p.Pos-1, e)
	case key.Matches(k, km.Down):
		return p, p.moveTo(p.Pos+1, e)
	case key.Matches(k, km.PageUp):
		return p, p.moveTo(p.Pos-page, e)
	case key.Matches(k, km.PageDown):
		return p, p.moveTo(p.Pos+page, e)
	case key.Matches(k, km.Home):
		return p, p.moveTo(0, e)
	case key.Matches(k, km.End):
		return p, p.moveTo(len(p.Rows)-1, e)
	case key.Matches(k, km.Enter, km.Right, km.Edit):
		return p, []kit.Action{kit.ActFocus{Pane: kit.PaneEditor}}
	case key.Matches(k, km.Filter):
		return p, p.StartFilter()
	case key.Matches(k, km.Back):
		if p.Filter.Text != "" {
			p.Filter.Text = ""
			p.Refilter(e.S.Doc(), e.S)
			return p, []kit.Action{kit.Say("Filter cleared")}
		}
		if p.MarkCount(e.S.Doc()) > 0 {
			return p, []kit.Action{kit.ActRun{Name: kit.CmdUnmark}}
		}
		return p, []kit.Action{kit.Say("Already at the top level · q quits")}
	case key.Matches(k, km.Mark):
		return p, []kit.Action{kit.ActRun{Name: kit.CmdMark}}
	case key.Matches(k, km.MarkAll):
		return p, []kit.Action{kit.ActRun{Name: kit.CmdMarkAll}}
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

func (p Pane) updateFilter(msg tea.Msg, e *kit.Env) (Pane, []kit.Action) {
	text := p.Filter.Text
	switch msg := msg.(type) {
	case tea.PasteMsg:
		text += strings.NewReplacer("\n", " ", "\r", " ").Replace(msg.Content)
	case tea.KeyPressMsg:
		switch msg.String() {
		case "esc":
			p.Filter = filterInput{}
			p.Refilter(e.S.Doc(), e.S)
			return p, []kit.Action{kit.Say("Filter cleared")}
		case "enter":
			p.Filter.Typing = false
			if len(p.Rows) == 0 {
				return p, []kit.Action{kit.Say("No tool matches " + text)}
			}
			return p, p.moveTo(max(0, p.Pos), e)
		case "up", "down", "pgup", "pgdown":
			p.Filter.Typing = false
			p, acts := p.updateKey(msg, e)
			p.Filter.Typing = true
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
	p.Filter.hist.Changed(p.Filter.Text, text)
	p.Filter.Text = text
	p.Refilter(e.S.Doc(), e.S)
	if p.Pos < 0 && len(p.Rows) > 0 {
		return p, p.moveTo(0, e) // keep the selection on a shown tool
	}
	return p, nil
}

// RowAt maps a line of the pane's inside to a row; ok false off the list.
func (p *Pane) RowAt(y int) (int, bool) {
	if p.Filter.Typing || p.Filter.Text != "" {
		y--
	}
	i := p.YOff + y
	if y < 0 || i < 0 || i >= len(p.Rows) {
		return 0, false
	}
	return p.Rows[i], true
}

// View renders the pane's inside, w×h.
func (p Pane) View(e *kit.Env, w, h int, focused bool) []string {
	st, d := e.St, e.S.Doc()
	lines := make([]string, 0, h)
	if p.Filter.Typing || p.Filter.Text != "" {
		fl := "/" + termtext.SanitizeLine(p.Filter.Text)
		if p.Filter.Typing {
			fl += "▏"
		}
		fl += st.Dim.Render("  " + kit.Plural(len(p.Rows), "match"))
		lines = append(lines, kit.Fit(st.Info.Render(fl), w))
	}
	// The estimate of each tool's tokens, right-aligned in a column as
	// wide as the widest shown (tokencount.go); none in a narrow pane.
	colW := 0
	if w >= minTokenColumnWidth && e.Tok != nil {
		for i := p.YOff; i < len(p.Rows) && i-p.YOff < h; i++ {
			if at := kit.SelAt(d, p.Rows[i]); !at.Request {
				colW = max(colW, utf8.RuneCountInString(e.Tok.Cell(d, at.Kind, at.Index))+1)
			}
		}
	}
	marked := p.Marks.at(d)
	for i := p.YOff; i < len(p.Rows) && len(lines) < h; i++ {
		r := p.Rows[i]
		at := kit.SelAt(d, r)
		gap := " "
		if marked[at] {
			gap = st.Info.Render("●")
		}
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
		line := kit.Fit(mark+gap+text, w)
		if colW > 0 {
			line = kit.Fit(mark+gap+text, w-colW) + st.Dim.Render(fmt.Sprintf("%*s", colW, cell))
		}
		if r == p.Row {
			if focused {
				line = st.Selected.Render(line)
			} else {
				line = st.SelectedBlurred.Render(line)
			}
		}
		lines = append(lines, line)
	}
	if len(p.Rows) == 0 {
		lines = append(lines, st.Dim.Render(kit.Fit("  no tool matches", w)))
	}
	return lines
}

// minTokenColumnWidth is the tools pane's inner width from which it
// shows each tool's count (from 100 columns; a zoomed pane always).
const minTokenColumnWidth = 26
