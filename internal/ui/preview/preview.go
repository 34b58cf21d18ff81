// Package preview is the preview pane: the request JSON as it will be
// sent, coloured, kept on the tool being edited.
package preview

import (
	"bytes"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/ui/display"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// previewPane shows the request JSON. The text is indexed once per
// conversion and only the visible window is coloured.
type Pane struct {
	Doc    *display.Doc
	Src    []byte
	Colors *display.Colors
	YOff   int
	XOff   int
	W, H   int
	// entry is the first line of the selected tool's entry as last shown
	// (-1: the tool is not in the request, or the request row is
	// selected); the view keeps its place in that entry when an edit moves
	// the entry (track).
	entry int
}

// SetJSON shows a new request; the same bytes again cost nothing. It
// reports whether the text changed.
func (p *Pane) SetJSON(b []byte) bool {
	if p.Doc != nil && len(b) == len(p.Src) && (len(b) == 0 || &b[0] == &p.Src[0]) {
		return false
	}
	p.Src = b
	p.Doc = display.NewDoc(b)
	p.clamp()
	return true
}

func (p *Pane) SetSize(w, h int) {
	p.W, p.H = w, h
	p.clamp()
}

func (p *Pane) Lines() int {
	if p.Doc == nil {
		return 0
	}
	return p.Doc.Lines()
}

func (p *Pane) clamp() {
	p.YOff = max(0, min(p.YOff, p.Lines()-p.H))
	p.XOff = max(0, p.XOff)
}

func (p *Pane) Scroll(d int) {
	p.YOff += d
	p.clamp()
}

// Follow scrolls to the selected tool's entry in the request's tools; the
// request row scrolls to the top.
func (p *Pane) Follow(sources []convert.ToolRef, at kit.Sel) {
	p.entry = p.entryLine(sources, at)
	switch {
	case at.Request:
		p.YOff = 0
	case p.entry >= 0:
		p.YOff = p.entry - 1
		p.clamp()
	}
}

// Track keeps the view on the selected tool after an edit changed the
// request: the same place in its entry when the entry moved (a tool
// before it grew, or its own name changed the order), its start when it
// was not in the request before (it had an error).
func (p *Pane) Track(sources []convert.ToolRef, at kit.Sel) {
	if at.Request {
		return
	}
	line := p.entryLine(sources, at)
	switch {
	case line < 0:
	case p.entry < 0:
		p.YOff = line - 1
	default:
		p.YOff += line - p.entry
	}
	p.entry = line
	p.clamp()
}

// entryLine is the first line of the selected tool's entry in the
// request's tools (each starts with a line of exactly four spaces and
// "{"), or -1.
func (p *Pane) entryLine(sources []convert.ToolRef, at kit.Sel) int {
	if p.Doc == nil || at.Request {
		return -1
	}
	n := -1
	for i, src := range sources {
		if src.Kind == at.Kind && src.Index == at.Index {
			n = i
		}
	}
	start := p.Doc.FindLine([]byte(`  "tools": [`), 0)
	if n < 0 || start < 0 {
		return -1
	}
	seen := -1
	for i := start + 1; i < p.Doc.Lines(); i++ {
		l := p.Doc.Line(i)
		if bytes.Equal(l, []byte("    {")) {
			seen++
			if seen == n {
				return i
			}
		}
		if bytes.Equal(l, []byte("  ],")) || bytes.Equal(l, []byte("  ]")) {
			return -1
		}
	}
	return -1
}

func (p Pane) Update(msg tea.Msg, e *kit.Env) (Pane, []kit.Action) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return p, nil
	}
	km := e.Km
	page := max(1, p.H-1)
	switch {
	case key.Matches(k, km.Up):
		p.Scroll(-1)
	case key.Matches(k, km.Down):
		p.Scroll(1)
	case key.Matches(k, km.PageUp):
		p.Scroll(-page)
	case key.Matches(k, km.PageDown):
		p.Scroll(page)
	case key.Matches(k, km.Home):
		p.YOff = 0
	case key.Matches(k, km.End):
		p.Scroll(p.Lines())
	case key.Matches(k, km.Left):
		p.XOff = max(0, p.XOff-8)
	case key.Matches(k, km.Right):
		p.XOff += 8
	case key.Matches(k, km.Back):
		return p, []kit.Action{kit.ActFocus{Pane: kit.PaneTools}}
	case key.Matches(k, km.Enter):
		return p, []kit.Action{kit.Say("The preview is read-only: it is the request as built · y copies it")}
	default:
		return p, nil
	}
	return p, []kit.Action{nil}
}

func (p Pane) View(w, h int) []string {
	if p.Doc == nil {
		return nil
	}
	yOff := max(0, min(p.YOff, p.Lines()-h))
	return p.Doc.RenderColors(p.Colors, yOff, h, w, p.XOff)
}
