package ui

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
type previewPane struct {
	doc    *display.Doc
	src    []byte
	colors *display.Colors
	yOff   int
	xOff   int
	w, h   int
	// entry is the first line of the selected tool's entry as last shown
	// (-1: the tool is not in the request, or the request row is
	// selected); the view keeps its place in that entry when an edit moves
	// the entry (track).
	entry int
}

// setJSON shows a new request; the same bytes again cost nothing. It
// reports whether the text changed.
func (p *previewPane) setJSON(b []byte) bool {
	if p.doc != nil && len(b) == len(p.src) && (len(b) == 0 || &b[0] == &p.src[0]) {
		return false
	}
	p.src = b
	p.doc = display.NewDoc(b)
	p.clamp()
	return true
}

func (p *previewPane) setSize(w, h int) {
	p.w, p.h = w, h
	p.clamp()
}

func (p *previewPane) lines() int {
	if p.doc == nil {
		return 0
	}
	return p.doc.Lines()
}

func (p *previewPane) clamp() {
	p.yOff = max(0, min(p.yOff, p.lines()-p.h))
	p.xOff = max(0, p.xOff)
}

func (p *previewPane) scroll(d int) {
	p.yOff += d
	p.clamp()
}

// follow scrolls to the selected tool's entry in the request's tools; the
// request row scrolls to the top.
func (p *previewPane) follow(sources []convert.ToolRef, at kit.Sel) {
	p.entry = p.entryLine(sources, at)
	switch {
	case at.Request:
		p.yOff = 0
	case p.entry >= 0:
		p.yOff = p.entry - 1
		p.clamp()
	}
}

// track keeps the view on the selected tool after an edit changed the
// request: the same place in its entry when the entry moved (a tool
// before it grew, or its own name changed the order), its start when it
// was not in the request before (it had an error).
func (p *previewPane) track(sources []convert.ToolRef, at kit.Sel) {
	if at.Request {
		return
	}
	line := p.entryLine(sources, at)
	switch {
	case line < 0:
	case p.entry < 0:
		p.yOff = line - 1
	default:
		p.yOff += line - p.entry
	}
	p.entry = line
	p.clamp()
}

// entryLine is the first line of the selected tool's entry in the
// request's tools (each starts with a line of exactly four spaces and
// "{"), or -1.
func (p *previewPane) entryLine(sources []convert.ToolRef, at kit.Sel) int {
	if p.doc == nil || at.Request {
		return -1
	}
	n := -1
	for i, src := range sources {
		if src.Kind == at.Kind && src.Index == at.Index {
			n = i
		}
	}
	start := p.doc.FindLine([]byte(`  "tools": [`), 0)
	if n < 0 || start < 0 {
		return -1
	}
	seen := -1
	for i := start + 1; i < p.doc.Lines(); i++ {
		l := p.doc.Line(i)
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

func (p previewPane) Update(msg tea.Msg, e *kit.Env) (previewPane, []kit.Action) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return p, nil
	}
	km := e.Km
	page := max(1, p.h-1)
	switch {
	case key.Matches(k, km.Up):
		p.scroll(-1)
	case key.Matches(k, km.Down):
		p.scroll(1)
	case key.Matches(k, km.PageUp):
		p.scroll(-page)
	case key.Matches(k, km.PageDown):
		p.scroll(page)
	case key.Matches(k, km.Home):
		p.yOff = 0
	case key.Matches(k, km.End):
		p.scroll(p.lines())
	case key.Matches(k, km.Left):
		p.xOff = max(0, p.xOff-8)
	case key.Matches(k, km.Right):
		p.xOff += 8
	case key.Matches(k, km.Back):
		return p, []kit.Action{kit.ActFocus{Pane: kit.PaneTools}}
	case key.Matches(k, km.Enter):
		return p, []kit.Action{kit.Say("The preview is read-only: it is the request as built · y copies it")}
	default:
		return p, nil
	}
	return p, []kit.Action{nil}
}

func (p previewPane) View(w, h int) []string {
	if p.doc == nil {
		return nil
	}
	yOff := max(0, min(p.yOff, p.lines()-h))
	return p.doc.RenderColors(p.colors, yOff, h, w, p.xOff)
}
