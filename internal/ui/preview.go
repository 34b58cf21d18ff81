package ui

import (
	"bytes"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/tooltui/tooltui/internal/ui/display"
)

// previewPane shows the request JSON. The text is indexed once per
// conversion and only the visible window is coloured.
type previewPane struct {
	doc    *display.Doc
	colors *display.Colors
	yOff   int
	xOff   int
}

func (p *previewPane) setJSON(b []byte) {
	p.doc = display.NewDoc(b)
	p.clamp(0)
}

func (p *previewPane) lines() int {
	if p.doc == nil {
		return 0
	}
	return p.doc.Lines()
}

func (p *previewPane) clamp(h int) {
	p.yOff = max(0, min(p.yOff, p.lines()-h))
	p.xOff = max(0, p.xOff)
}

func (p *previewPane) scroll(d, h int) {
	p.yOff += d
	p.clamp(h)
}

// follow scrolls to the n-th entry of the request's tools (each starts
// with a line of exactly four spaces and "{").
func (p *previewPane) follow(n, h int) {
	if p.doc == nil || n < 0 {
		return
	}
	start := p.doc.FindLine([]byte(`  "tools": [`), 0)
	if start < 0 {
		return
	}
	seen := -1
	for i := start + 1; i < p.doc.Lines(); i++ {
		l := p.doc.Line(i)
		if bytes.Equal(l, []byte("    {")) {
			seen++
			if seen == n {
				p.yOff = i - 1
				p.clamp(h)
				return
			}
		}
		if bytes.Equal(l, []byte("  ],")) || bytes.Equal(l, []byte("  ]")) {
			return
		}
	}
}

func (p *previewPane) view(w, h int) []string {
	if p.doc == nil {
		return nil
	}
	p.clamp(h)
	return p.doc.RenderColors(p.colors, p.yOff, h, w, p.xOff)
}

func (a *App) previewKey(k tea.KeyPressMsg) {
	km := a.keys
	_, h := a.lay.preview.inner()
	switch {
	case key.Matches(k, km.Up):
		a.preview.scroll(-1, h)
	case key.Matches(k, km.Down):
		a.preview.scroll(1, h)
	case key.Matches(k, km.PageUp):
		a.preview.scroll(-max(1, h-1), h)
	case key.Matches(k, km.PageDown):
		a.preview.scroll(max(1, h-1), h)
	case key.Matches(k, km.Home):
		a.preview.yOff = 0
	case key.Matches(k, km.End):
		a.preview.scroll(a.preview.lines(), h)
	case key.Matches(k, km.Left):
		a.preview.xOff = max(0, a.preview.xOff-8)
	case key.Matches(k, km.Right):
		a.preview.xOff += 8
	}
}
