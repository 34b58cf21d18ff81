package ui

import (
	"bytes"

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
