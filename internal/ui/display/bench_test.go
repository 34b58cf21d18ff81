package display

import (
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/termtext/termtexttest"
)

var (
	toolsJSON = termtexttest.ToolsJSON
	bigDoc    = termtexttest.BigDoc
)

func BenchmarkNewDoc1_5MB(b *testing.B) {
	src := bigDoc()
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if d := NewDoc(src); d.Lines() < 1000 {
			b.Fatal("too few lines")
		}
	}
}

// BenchmarkRenderWindow renders a 40×120 window of the 1.5 MB document with
// nothing cached: a new window position on every iteration.
func BenchmarkRenderWindow(b *testing.B) {
	d := NewDoc(bigDoc())
	c := DefaultPalette(true).Resolve()
	b.ReportAllocs()
	top := 0
	for b.Loop() {
		top = (top + 997) % (d.Lines() - 40)
		if lines := d.RenderColors(c, top, 40, 120, 0); len(lines) != 40 {
			b.Fatal("short window")
		}
	}
}

// BenchmarkRenderWindowScroll1 scrolls by one line per iteration: only the
// new line is rendered.
func BenchmarkRenderWindowScroll1(b *testing.B) {
	d := NewDoc(bigDoc())
	c := DefaultPalette(true).Resolve()
	b.ReportAllocs()
	top := 0
	for b.Loop() {
		top = (top + 1) % (d.Lines() - 40)
		d.RenderColors(c, top, 40, 120, 0)
	}
}

// BenchmarkRenderWindowCached is an idle redraw through a kept *Colors.
func BenchmarkRenderWindowCached(b *testing.B) {
	d := NewDoc(bigDoc())
	c := DefaultPalette(true).Resolve()
	d.RenderColors(c, 5000, 40, 120, 0)
	b.ReportAllocs()
	for b.Loop() {
		d.RenderColors(c, 5000, 40, 120, 0)
	}
}

// BenchmarkRenderWindowCachedPalette is an idle redraw through Render(p, ...),
// which resolves the palette on every call.
func BenchmarkRenderWindowCachedPalette(b *testing.B) {
	d := NewDoc(bigDoc())
	p := DefaultPalette(true)
	d.Render(p, 5000, 40, 120, 0)
	b.ReportAllocs()
	for b.Loop() {
		d.Render(p, 5000, 40, 120, 0)
	}
}

// BenchmarkRenderLongLine renders the start of a single 1 MB line (for
// example a huge description): only the visible part is processed.
func BenchmarkRenderLongLine(b *testing.B) {
	long := []byte(`    "description": "` + strings.Repeat("lorem ipsum dolor sit amet, ", 40000) + `",`)
	d := NewDoc(long)
	c := DefaultPalette(true).Resolve()
	b.ReportAllocs()
	xoff := 0
	for b.Loop() {
		xoff = (xoff + 1) % 200
		d.RenderColors(c, 0, 1, 120, xoff)
	}
}
