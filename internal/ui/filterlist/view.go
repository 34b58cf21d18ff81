package filterlist

// Drawing the list: the filter line, the rows with their matches
// highlighted, and the pens (SGR sequences) they are painted with.

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/tooltui/tooltui/internal/termtext"
	"github.com/tooltui/tooltui/internal/ui/display"
)

// View draws the list in w cells by at most h lines: the filter line, then
// the window of matches that shows the cursor (or a "no match" line). It
// returns min(h, 1+max(1, Len())) lines, each exactly w cells wide. When
// not all matches fit, the filter line ends with the cursor position and the
// number of matches ("3/42"). View does not change the model; h should be
// the height given to SetHeight, or mouse rows will not match.
func (m Model) View(st Styles, w, h int) []string {
	if w <= 0 || h <= 0 {
		return nil
	}
	n := len(m.matches)
	rows := h - 1
	cur := max(0, min(m.cursor, n-1))
	counts := ""
	if n > rows {
		counts = fmt.Sprintf("%d/%d", cur+1, n)
	}
	ps := newPens(st)
	lines := make([]string, 0, min(h, 1+max(1, n)))
	lines = append(lines, m.filterLine(&ps, w, counts))
	if rows == 0 {
		return lines
	}
	if n == 0 {
		msg := "no items"
		if m.filter != "" {
			msg = "no match for " + termtext.SanitizeLine(m.filter)
		}
		return append(lines, termtext.FitExact(ps.normal.base.paint("  ")+ps.normal.dim.paint(msg), w))
	}
	var p pattern
	if m.filter != "" {
		p = newPattern(m.filter)
	}
	mt := matchers.Get().(*matcher)
	defer matchers.Put(mt)
	top := WindowTop(cur, m.yOff, n, rows)
	for i := top; i < min(n, top+rows); i++ {
		lines = append(lines, m.row(&ps, w, m.matches[i], i == cur, &p, mt))
	}
	return lines
}

// filterLine draws "> filter█" (or "> placeholder") with counts, if any,
// right-aligned. A long filter shows its end.
func (m *Model) filterLine(ps *pens, w int, counts string) string {
	const prompt = "> "
	cw := 0
	if counts != "" {
		cw = len(counts) + 1
		if w-cw < len(prompt)+2 {
			counts, cw = "", 0 // no room: the filter matters more
		}
	}
	room := w - cw // for prompt, text and cursor
	var left string
	if m.filter == "" {
		left = ps.filter.paint(prompt) + ps.normal.dim.paint(termtext.SanitizeLine(m.Placeholder))
		left = ansi.Truncate(left, room, ps.normal.dim.paint("…"))
	} else {
		f := termtext.SanitizeLine(m.filter)
		textRoom := max(1, room-len(prompt)-1)
		if fw := ansi.StringWidth(f); fw > textRoom {
			f = ansi.TruncateLeft(f, fw-textRoom+1, "…")
		}
		left = ps.filter.paint(prompt+f) + ps.cursor.paint(" ")
	}
	if counts == "" {
		return termtext.FitExact(left, w)
	}
	return termtext.FitExact(left, room) + " " + ps.normal.dim.paint(counts)
}

// row draws one match: marker, title, detail (or the disabled reason), key.
// The widths of the pieces are known, so the row is built to w cells
// without measuring it again, unless it has non-ASCII text, where a
// grapheme cluster could in theory span two pieces; fit then has the last
// word.
func (m *Model) row(ps *pens, w int, h hit, selected bool, p *pattern, mt *matcher) string {
	e := &m.ents[h.idx]
	rp, marker := &ps.normal, "  "
	if selected {
		rp, marker = &ps.selected, "› "
	}
	title, titleMatch, key := rp.title, rp.match, rp.key
	detail, detailASCII := e.detail, e.detailASCII
	if e.reason != "" {
		title, titleMatch, key = rp.disabled, rp.disabledMatch, rp.disabled
		detail, detailASCII = e.reason, e.reasonASCII
	}

	avail := w - 2
	showKey := e.key != "" && avail-e.keyW-1 >= min(e.titleW, 8)
	leftW := max(0, avail)
	if showKey {
		leftW -= e.keyW + 1
	}
	// Matched positions, as byte offsets into the title or the detail.
	var tpos, dpos []int
	if len(p.runes) > 0 {
		if !h.inDetail {
			if _, ok := mt.align(p, &e.tTitle, true); ok {
				tpos = offsets(mt.pos, e.tTitle.off)
			}
		} else if e.reason == "" {
			if _, ok := mt.substring(p, &e.tDetail, true); ok {
				dpos = offsets(mt.pos, e.tDetail.off)
			}
		}
	}

	var b strings.Builder
	b.Grow(w + 64)
	b.WriteString(rp.base.paint(marker))
	used := 0
	if e.titleW <= leftW {
		highlight(&b, e.title, e.titleASCII, tpos, title, titleMatch)
		used = e.titleW
		if rem := leftW - used - 2; detail != "" && rem >= 2 {
			b.WriteString(rp.base.paint("  "))
			d, dw, cutOff := cut(detail, detailASCII, rem)
			if cutOff {
				d, dw, _ = cut(detail, detailASCII, rem-1)
			}
			highlight(&b, d, detailASCII, dpos, rp.dim, rp.dimMatch)
			used += 2 + dw
			if cutOff {
				b.WriteString(rp.dim.paint("…"))
				used++
			}
		}
	} else if leftW > 0 {
		t, tw, _ := cut(e.title, e.titleASCII, leftW-1)
		highlight(&b, t, e.titleASCII, tpos, title, titleMatch)
		b.WriteString(rp.dim.paint("…"))
		used = tw + 1
	}
	if pad := leftW - used; pad > 0 {
		b.WriteString(rp.base.paint(strings.Repeat(" ", pad)))
	}
	if showKey {
		b.WriteString(rp.base.paint(" "))
		b.WriteString(key.paint(e.key))
	}
	if w < 2+e.keyW+1 || !e.titleASCII || !detailASCII || !e.keyASCII {
		return termtext.FitExact(b.String(), w)
	}
	return b.String()
}

// cut returns the longest prefix of s, whole grapheme clusters, that is at
// most n cells wide, its width, and whether anything was left out.
func cut(s string, ascii bool, n int) (string, int, bool) {
	n = max(0, n)
	if ascii {
		if len(s) <= n {
			return s, len(s), false
		}
		return s[:n], n, true
	}
	w := 0
	for i := 0; i < len(s); {
		c, cw := ansi.FirstGraphemeCluster(s[i:], ansi.GraphemeWidth)
		if len(c) == 0 {
			c = s[i : i+1]
		}
		if w+cw > n {
			return s[:i], w, true
		}
		w += cw
		i += len(c)
	}
	return s, w, false
}

// isASCII reports whether s is printable ASCII only: one cell a byte.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e {
			return false
		}
	}
	return true
}

func offsets(pos []int, off []int32) []int {
	out := make([]int, len(pos))
	for k, i := range pos {
		out[k] = int(off[i])
	}
	return out
}

// highlight writes s with the grapheme clusters that contain a byte offset
// of pos (sorted) in match, the rest in plain. Styles change only between
// clusters, so a cluster is never split by an escape sequence.
func highlight(b *strings.Builder, s string, ascii bool, pos []int, plain, match pen) {
	if len(pos) == 0 || s == "" {
		b.WriteString(plain.paint(s))
		return
	}
	runStart, runMatched := 0, false
	k := 0
	for i := 0; i < len(s); {
		end := i + 1
		if !ascii {
			c, _ := ansi.FirstGraphemeCluster(s[i:], ansi.GraphemeWidth)
			end = i + max(1, len(c))
		}
		matched := false
		for k < len(pos) && pos[k] < end {
			if pos[k] >= i {
				matched = true
			}
			k++
		}
		if matched != runMatched && i > runStart {
			b.WriteString(penFor(runMatched, plain, match).paint(s[runStart:i]))
			runStart = i
		}
		runMatched = matched
		i = end
	}
	b.WriteString(penFor(runMatched, plain, match).paint(s[runStart:]))
}

func penFor(matched bool, plain, match pen) pen {
	if matched {
		return match
	}
	return plain
}

// pen is the SGR sequence that starts a style; "" is no styling.
type pen string

func (p pen) paint(s string) string {
	if p == "" || s == "" {
		return s
	}
	return string(p) + s + ansi.ResetStyle
}

// rowPens are the pens of a row: Normal or Selected under everything else.
type rowPens struct {
	base, title, match, dim, dimMatch, key, disabled, disabledMatch pen
}

type pens struct {
	normal, selected rowPens
	filter, cursor   pen
}

func newPens(st Styles) pens {
	rowOf := func(base lipgloss.Style) rowPens {
		dim := st.Dim.Inherit(base)
		dis := st.Disabled.Inherit(base)
		return rowPens{
			base:          sgr(base),
			title:         sgr(base),
			match:         sgr(st.Match.Inherit(base)),
			dim:           sgr(dim),
			dimMatch:      sgr(st.Match.Inherit(dim)),
			key:           sgr(st.Key.Inherit(base)),
			disabled:      sgr(dis),
			disabledMatch: sgr(st.Match.Inherit(dis)),
		}
	}
	return pens{
		normal:   rowOf(st.Normal),
		selected: rowOf(st.Selected),
		filter:   sgr(st.Filter),
		cursor:   sgr(st.Filter.Reverse(!st.Filter.GetReverse())),
	}
}

// sgr is the opening sequence of a style, from the program's one
// Style-to-SGR path.
func sgr(s lipgloss.Style) pen { return pen(display.SGR(s)) }
