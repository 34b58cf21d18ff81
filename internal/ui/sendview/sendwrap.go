package sendview

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// The response view wraps its transcript once: a line of the transcript
// never changes once another follows it, so its wrapped rows are kept,
// and of the text still streaming only the paragraph under way is wrapped
// again each frame. A frame of a long answer so costs what its last
// paragraph costs, not what the whole transcript does.

// wrapCache is the wrapped transcript (or events, for r) of one width and
// set of styles.
type wrapCache struct {
	w     int
	style string
	raw   bool
	// rows are the wrapped rows of the first n lines (or events).
	n    int
	rows []string
	// streamRows are the rows of the first streamed bytes of line
	// streamAt, the text still streaming, up to a line break.
	streamAt, streamed int
	streamRows         []string
}

// styleKey tells one set of styles from another (the background's
// colour changes them).
func styleKey(st *kit.Styles) string {
	return st.Dim.Render("d") + st.OK.Render("o") + st.Error.Render("e")
}

// Wrapped is what the body shows, wrapped to width w.
func (d *Dialog) Wrapped(e *kit.Env, w int) []string {
	st := e.St
	c := &d.wc
	if key := styleKey(st); c.w != w || c.style != key || c.raw != d.showRaw {
		*c = wrapCache{w: w, style: key, raw: d.showRaw, streamAt: -1}
	}
	if d.showRaw {
		for ; c.n < len(d.raw); c.n++ {
			for _, s := range textLines(d.raw[c.n]) { // data that spans lines shows as lines
				c.rows = append(c.rows, strings.Split(ansi.Hardwrap(s, w, true), "\n")...)
			}
		}
		if len(c.rows) == 0 && !d.Running {
			return []string{st.Dim.Render("no event was received")}
		}
		return c.rows
	}
	last := len(d.Lines) - 1
	for ; c.n < last; c.n++ {
		c.rows = append(c.rows, d.WrapLine(e, d.Lines[c.n].Kind, d.Lines[c.n].Text(), w)...)
	}
	if last < 0 {
		return c.rows
	}
	l := d.Lines[last]
	if l.stream == nil {
		return concatRows(c.rows, nil, d.WrapLine(e, l.Kind, l.Text(), w))
	}
	if c.streamAt != last {
		c.streamAt, c.streamed, c.streamRows = last, 0, nil
	}
	text := l.Text()
	if i := strings.LastIndexByte(text[c.streamed:], '\n'); i >= 0 {
		// The paragraphs before the last line break are done; \r\n is
		// one break, so a \r before it goes with it.
		done := strings.TrimSuffix(text[c.streamed:c.streamed+i], "\r")
		c.streamRows = append(c.streamRows, d.WrapLine(e, l.Kind, done, w)...)
		c.streamed += i + 1
	}
	return concatRows(c.rows, c.streamRows, d.WrapLine(e, l.Kind, text[c.streamed:], w))
}

func concatRows(a, b, c []string) []string {
	out := make([]string, 0, len(a)+len(b)+len(c))
	return append(append(append(out, a...), b...), c...)
}

// WrapLine is one transcript line of kind k and text text, wrapped to
// width w and styled.
func (d *Dialog) WrapLine(e *kit.Env, k lineKind, text string, w int) []string {
	st := e.St
	var out []string
	for _, s := range textLines(text) {
		wrapped := ansi.Wrap(s, w, " ")
		if k == lineRaw {
			wrapped = ansi.Hardwrap(s, w, true)
		}
		for _, part := range strings.Split(wrapped, "\n") {
			switch k {
			case lineCall:
				part = st.OK.Render(part)
			case lineBad, lineError:
				part = st.Error.Render(part)
			case LineTool, lineEnd, lineRaw:
				part = st.Dim.Render(part)
			}
			out = append(out, part)
		}
	}
	return out
}
