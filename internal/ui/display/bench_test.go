package display

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
)

// toolsJSON returns a pretty-printed Responses-API request with n function
// tools, the shape and indentation of the preview (about 600 bytes a tool).
func toolsJSON(n int) []byte {
	var b bytes.Buffer
	b.WriteString(`{"model":"gpt-4.1","tools":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		desc := fmt.Sprintf("Returns the current weather for a city (tool %d). Use it when the user asks about temperature, rain or wind.", i)
		if i%50 == 7 {
			desc += " Météo: 東京の天気 ☀️"
		}
		fmt.Fprintf(&b, `{"type":"function","name":"get_weather_%d","description":%q,"parameters":{"type":"object","properties":{"city":{"type":"string","description":"City name, e.g. Paris"},"units":{"type":"string","enum":["celsius","fahrenheit"]},"days":{"type":"integer","minimum":1,"maximum":14},"score":{"type":"number","minimum":-1.5e3}},"required":["city","units","days"],"additionalProperties":false},"strict":true}`, i, desc)
	}
	b.WriteString(`],"parallel_tool_calls":null}`)
	var out bytes.Buffer
	if err := json.Indent(&out, b.Bytes(), "", "  "); err != nil {
		panic(err)
	}
	return out.Bytes()
}

var bigDoc = sync.OnceValue(func() []byte {
	// About 1.5 MB.
	return toolsJSON(1630)
})

func BenchmarkSanitize1_5MB(b *testing.B) {
	s := string(bigDoc())
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for b.Loop() {
		if out := Sanitize(s); len(out) != len(s) {
			b.Fatal("changed")
		}
	}
}

// BenchmarkSanitize1_5MBDirty has something to escape about every 1 KB, so
// the slow path (copying into a new string) runs over the whole input.
func BenchmarkSanitize1_5MBDirty(b *testing.B) {
	var sb strings.Builder
	src := bigDoc()
	for i := 0; i < len(src); i += 1000 {
		sb.Write(src[i:min(i+1000, len(src))])
		sb.WriteString("\x1b[2J\u202e\u009b\t")
	}
	s := sb.String()
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for b.Loop() {
		_ = Sanitize(s)
	}
}

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
