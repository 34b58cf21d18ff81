package editor

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"charm.land/lipgloss/v2"

	"github.com/tooltui/tooltui/internal/termtext"
	"github.com/tooltui/tooltui/internal/ui/display"
)

// gutter returns the gutter and text widths.
func (m *Model) gutter() (gw, tw int) {
	if m.ShowLineNumbers {
		gw = max(len(strconv.Itoa(m.LineCount())), 3) + 1
		if gw >= m.width {
			gw = 0
		}
	}
	return gw, max(m.width-gw, 0)
}

// fit stores the scroll position that keeps the cursor visible.
func (m *Model) fit() { m.yOff, m.xOff = m.scroll() }

// scroll returns the scroll offsets adjusted so the cursor is visible. View
// uses it too, so a stale offset (after a style or size change made by
// assigning fields) never hides the cursor.
func (m *Model) scroll() (yOff, xOff int) {
	yOff, xOff = m.yOff, m.xOff
	if h := m.height; h > 0 {
		if m.row < yOff {
			yOff = m.row
		}
		if m.row >= yOff+h {
			yOff = m.row - h + 1
		}
		yOff = min(yOff, max(m.LineCount()-h, 0))
	}
	yOff = max(yOff, 0)
	if _, tw := m.gutter(); tw > 0 {
		cx, cw := cursorCell(m.lineAt(m.row), m.cb)
		if cx+cw > xOff+tw {
			xOff = cx + cw - tw
		}
		if cx < xOff {
			xOff = cx
			if cx+cw <= tw {
				xOff = 0 // back to the left margin when the cursor fits there
			}
		}
	}
	return yOff, max(xOff, 0)
}

// ---- rendering ---------------------------------------------------------------

type styleID uint8

const (
	sNone styleID = iota
	sText
	sLineNo
	sCurLineNo
	sCursor
	sPlaceholder
	sEscape
	sSelection
	nStyles
)

// span is a style reduced to the SGR text written before and after a run.
type span struct{ pre, post string }

func spanOf(st lipgloss.Style) span {
	pre := display.SGR(st)
	if pre == "" {
		return span{}
	}
	return span{pre: pre, post: display.SGRReset}
}

type renderer struct {
	b     strings.Builder
	spans [nStyles]span
	ok    [nStyles]bool // spans[id] is resolved
	cur   styleID
	esc   []byte
}

// resolve makes sure the span of style id is known. Styles are resolved
// when first needed: most windows use only a few of them.
func (r *renderer) resolve(st *Styles, id styleID) {
	if r.ok[id] {
		return
	}
	r.ok[id] = true
	switch id {
	case sText:
		r.spans[id] = spanOf(st.Text)
	case sLineNo:
		r.spans[id] = spanOf(st.LineNumber)
	case sCurLineNo:
		r.spans[id] = spanOf(st.CursorLineNumber)
	case sCursor:
		r.spans[id] = spanOf(st.Cursor)
	case sPlaceholder:
		r.spans[id] = spanOf(st.Placeholder)
	case sEscape:
		r.spans[id] = spanOf(st.Escape)
	case sSelection:
		r.spans[id] = spanOf(st.Selection)
	}
}

// set switches to style id, which must be resolved.
func (r *renderer) set(id styleID) {
	if id == r.cur {
		return
	}
	r.b.WriteString(r.spans[r.cur].post)
	r.b.WriteString(r.spans[id].pre)
	r.cur = id
}

const blanks = "                                                                "

func (r *renderer) spaces(n int) {
	for n > 0 {
		k := min(n, len(blanks))
		r.b.WriteString(blanks[:k])
		n -= k
	}
}

// line writes exactly tw cells of s starting at cell column xOff. cur is the
// byte offset of the cursor, or -1 for none. base is the style of text and
// tabs, esc the style of escapes; base and, when cur >= 0, sCursor must be
// resolved.
func (r *renderer) line(st *Styles, s string, xOff, tw, cur int, base, esc styleID) {
	x, i := 0, 0
	for i < len(s) {
		u := nextUnit(s, i, x)
		if x+u.w > xOff || u.w == 0 && x >= xOff {
			break
		}
		x += u.w
		i = u.end
	}
	right := xOff + tw
	col := 0
	for i < len(s) && x < right {
		if x >= xOff {
			// Fast path: a run of printable ASCII, written at once. The
			// character before a non-ASCII byte is left to nextUnit, as it
			// may start a cluster (e + U+0301).
			lim := min(len(s), i+right-x)
			if cur >= i && cur < lim {
				lim = cur
			}
			j := i
			for j < lim && s[j] >= 0x20 && s[j] < 0x7f {
				j++
			}
			if j < len(s) && s[j] >= utf8.RuneSelf {
				j--
			}
			if j > i {
				r.set(base)
				r.b.WriteString(s[i:j])
				col += j - i
				x += j - i
				i = j
				continue
			}
		}
		u := nextUnit(s, i, x)
		w := u.w
		lo, hi := max(xOff-x, 0), min(w, right-x)
		isCur := cur >= i && cur < u.end
		id := base
		switch {
		case isCur:
			id = sCursor
		case u.k == kEsc:
			id = esc
			r.resolve(st, esc)
		}
		switch {
		case u.k == kText:
			r.set(id)
			if lo == 0 && hi == w {
				r.b.WriteString(s[i:u.end])
				if w == 0 && isCur {
					// The lone zero-width content of a line: the
					// cursor gets a cell after it.
					r.b.WriteByte(' ')
					col++
				}
			} else {
				r.spaces(hi - lo) // a wide character cut by an edge
			}
		case u.extra(i):
			// A tab or an escape with zero-width text joined to it:
			// written whole, or as blanks when an edge cuts it.
			r.set(id)
			if lo == 0 && hi == w {
				r.esc = u.appendDisplay(r.esc[:0], s, i, x)
				r.b.Write(r.esc)
			} else {
				r.spaces(hi - lo)
			}
		case u.k == kTab:
			if isCur && lo == 0 {
				r.set(sCursor)
				r.b.WriteByte(' ')
				r.set(base)
				r.spaces(hi - lo - 1)
			} else {
				r.set(base)
				r.spaces(hi - lo)
			}
		default: // kEsc: the part of the escape inside the window
			r.set(id)
			r.esc, _ = termtext.AppendEscape(r.esc[:0], s, i, x)
			r.b.Write(r.esc[lo:hi])
		}
		col += hi - lo
		x += w
		i = u.end
	}
	if cur == len(s) && i == len(s) && x >= xOff && x < right {
		r.set(sCursor)
		r.b.WriteByte(' ')
		col++
	}
	r.set(sNone)
	r.spaces(tw - col)
}

func (m *Model) isEmpty() bool {
	return len(m.lines) <= 1 && m.lineAt(0) == ""
}

// View renders the visible window: exactly Height lines of exactly Width
// cells (ansi.StringWidth), or "" when either is 0. Its cost depends on the
// window size, not on the size of the text. Without styles, the text of a
// line that fits is termtext.SanitizeLine of the line, followed by blanks
// (and the cursor cell).
func (m Model) View() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	yOff, xOff := m.scroll()
	gw, tw := m.gutter()
	r := renderer{}
	st := &m.Styles
	r.b.Grow(m.height * (m.width + 48))
	var num [20]byte

	var ph []string
	if m.Placeholder != "" && m.isEmpty() {
		ph = strings.SplitN(m.Placeholder, "\n", m.height+1)
	}
	showCursor := m.focused && !m.realCursor && !m.selAll
	text, esc := sText, sEscape
	if m.selAll {
		text, esc = sSelection, sSelection
	}
	r.resolve(st, text)
	if showCursor {
		r.resolve(st, sCursor)
	}
	if gw > 0 {
		r.resolve(st, sLineNo)
		r.resolve(st, sCurLineNo)
	}
	if ph != nil {
		r.resolve(st, sPlaceholder)
	}
	n := m.LineCount()
	for y := 0; y < m.height; y++ {
		if y > 0 {
			r.b.WriteByte('\n')
		}
		li := yOff + y
		if gw > 0 {
			if li < n {
				id := sLineNo
				if li == m.row && m.focused {
					id = sCurLineNo
				}
				r.set(id)
				d := strconv.AppendInt(num[:0], int64(li+1), 10)
				r.spaces(gw - 1 - len(d))
				r.b.Write(d)
				r.b.WriteByte(' ')
				r.set(sNone)
			} else {
				r.spaces(gw)
			}
		}
		cur := -1
		if showCursor && li == m.row {
			cur = m.cb
		}
		switch {
		case ph != nil:
			if li < len(ph) {
				if li != 0 {
					cur = -1
				}
				r.line(st, ph[li], 0, tw, cur, sPlaceholder, sEscape)
			} else {
				r.spaces(tw)
			}
		case li < n:
			r.line(st, m.lineAt(li), xOff, tw, cur, text, esc)
		default:
			r.spaces(tw)
		}
	}
	return r.b.String()
}
