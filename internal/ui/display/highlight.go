// Package display renders large pretty-printed JSON documents a window at a
// time, coloured by token kind, and converts lipgloss styles to escape
// sequences.
//
// Everything in this package is display only. The text of a document is
// sanitised as package termtext's SanitizeLine does, cell by cell, so the
// preview shows a value exactly as the lists and the editor show it. The
// forwarding functions in forward.go keep the sanitiser's old home working
// for code that has not moved to termtext yet.
//
// SGR is the one conversion of a lipgloss style to an escape sequence, for
// the preview and the editor alike.
package display

import (
	"bytes"
	"image/color"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/tooltui/tooltui/internal/termtext"
)

// Palette holds the styles of the JSON token kinds. Only the inline text
// attributes of each style are used: foreground, background and underline
// colours, bold, italic, faint, underline (and its style), strikethrough,
// reverse and blink. Layout properties (width, padding, margins, borders,
// alignment), transforms and hyperlinks are ignored, because a token must
// not change the cell grid. The zero Palette renders without colour.
type Palette struct {
	Key, String, Number, Literal, Punct lipgloss.Style
}

// DefaultPalette returns the preview colours for a dark or a light terminal
// background (see tea.BackgroundColorMsg).
func DefaultPalette(isDark bool) Palette {
	ld := lipgloss.LightDark(isDark)
	fg := func(light, dark string) lipgloss.Style {
		return lipgloss.NewStyle().Foreground(ld(lipgloss.Color(light), lipgloss.Color(dark)))
	}
	return Palette{
		Key:     fg("#1F5FAD", "#7AA2F7"),
		String:  fg("#2E7D32", "#9ECE6A"),
		Number:  fg("#B35900", "#FF9E64"),
		Literal: fg("#7B3FBF", "#BB9AF7"),
		Punct:   fg("#6B6F80", "#8A8FA8"),
	}
}

// Token kinds; kPlain is whitespace and anything that is not JSON.
const (
	kPlain = iota
	kKey
	kString
	kNumber
	kLiteral
	kPunct
	numKinds
)

// Colors is a Palette resolved to SGR sequences, once. It is immutable and
// safe to share. Doc's render cache is keyed by the Colors' generation, so
// rendering through a kept *Colors (Doc.RenderColors) makes a repeated
// render of the same window free.
type Colors struct {
	gen uint64
	pre [numKinds]string // SGR that starts each kind; "" for no styling
}

var colorsGen atomic.Uint64

// Resolve converts the palette's styles to SGR sequences.
func (p Palette) Resolve() *Colors {
	c := &Colors{gen: colorsGen.Add(1)}
	c.pre[kKey] = SGR(p.Key)
	c.pre[kString] = SGR(p.String)
	c.pre[kNumber] = SGR(p.Number)
	c.pre[kLiteral] = SGR(p.Literal)
	c.pre[kPunct] = SGR(p.Punct)
	return c
}

var plainColors = &Colors{gen: colorsGen.Add(1)}

// SGR returns the SGR sequence that starts text in style s, or "" when s
// sets none of the inline attributes. It is the sequence lipgloss'
// Style.Render puts in front of text, with the attributes in the same
// order, without the per-space splitting Render does for underlined text.
// Only foreground, background and underline colours, bold, italic, faint,
// underline (and its style), strikethrough, reverse and blink are used;
// layout properties, transforms and hyperlinks are ignored. End the run
// with SGRReset. SGR allocates; resolve a style once and keep the string.
func SGR(s lipgloss.Style) string {
	var te ansi.Style
	if s.GetBold() {
		te = te.Bold()
	}
	if s.GetItalic() {
		te = te.Italic(true)
	}
	ul := s.GetUnderlineStyle()
	if ul != lipgloss.UnderlineNone {
		te = te.Underline(true)
	}
	if s.GetReverse() {
		te = te.Reverse(true)
	}
	if s.GetBlink() {
		te = te.Blink(true)
	}
	if s.GetFaint() {
		te = te.Faint()
	}
	if c := s.GetForeground(); isColor(c) {
		te = te.ForegroundColor(c)
	}
	if c := s.GetBackground(); isColor(c) {
		te = te.BackgroundColor(c)
	}
	if c := s.GetUnderlineColor(); isColor(c) {
		te = te.UnderlineColor(c)
	}
	if ul != lipgloss.UnderlineNone {
		te = te.UnderlineStyle(ul)
	}
	if s.GetStrikethrough() {
		te = te.Strikethrough(true)
	}
	if len(te) == 0 {
		return ""
	}
	return te.String()
}

func isColor(c color.Color) bool {
	if c == nil {
		return false
	}
	_, none := c.(lipgloss.NoColor)
	return !none
}

// SGRReset closes a run started with SGR (what lipgloss uses too).
const SGRReset = ansi.ResetStyle

// Doc holds a JSON text split into lines once, for windowed rendering. It
// keeps the caller's bytes (no copy) and an index of line starts; lines are
// sub-slices.
//
// Render caches the last window it produced, keyed by (palette generation,
// width, xoff, top, height). Asking for the same window again returns the
// same slice without doing any work; asking for a window that overlaps the
// last one with the same palette, width and xoff (vertical scrolling)
// renders only the lines that were not in it. A Doc is safe for concurrent
// use; its Render calls are serialised.
type Doc struct {
	b []byte
	s string // b viewed as a string (same memory)
	// starts[i] is where line i begins; starts[len-1] is a sentinel one
	// past the '\n' that would end the last line.
	starts []int

	mu     sync.Mutex
	last   *Colors // palette resolved by the last Render(p, ...)
	cGen   uint64
	cTop   int
	cWidth int
	cXoff  int
	cH     int // requested height
	cLines []string
	san    []byte // scratch: sanitised chunk
	out    []byte // scratch: one rendered line

	rendered int // lines rendered (not served from the cache), for tests
}

// NewDoc indexes the line starts of json in O(n). The Doc keeps json
// without copying it: the caller must not modify json afterwards. Lines are
// separated by '\n'; a final '\n' does not start an extra empty line.
func NewDoc(json []byte) *Doc {
	d := &Doc{b: json, s: unsafe.String(unsafe.SliceData(json), len(json))}
	if len(json) == 0 {
		d.starts = []int{0}
		return d
	}
	starts := make([]int, 1, bytes.Count(json, []byte{'\n'})+2)
	for i := 0; ; {
		k := bytes.IndexByte(json[i:], '\n')
		if k < 0 {
			starts = append(starts, len(json)+1)
			break
		}
		i += k + 1
		if i == len(json) {
			starts = append(starts, i)
			break
		}
		starts = append(starts, i)
	}
	d.starts = starts
	return d
}

// Lines returns the number of lines.
func (d *Doc) Lines() int { return len(d.starts) - 1 }

// Line returns the raw bytes of line i without its '\n', or nil when i is
// out of range. The slice shares the Doc's memory and must not be modified.
func (d *Doc) Line(i int) []byte {
	if i < 0 || i >= d.Lines() {
		return nil
	}
	a, z := d.starts[i], d.starts[i+1]-1
	return d.b[a:z:z]
}

func (d *Doc) line(i int) string { return d.s[d.starts[i] : d.starts[i+1]-1] }

// FindLine returns the index of the first line at or after from whose raw
// text contains needle, or -1. The search runs over the raw JSON, so needle
// must be spelled as the document spells it, e.g. `"name": "get_weather"`
// with the value JSON-encoded the same way. A needle containing '\n' never
// matches; an empty needle matches line from.
func (d *Doc) FindLine(needle []byte, from int) int {
	from = max(from, 0)
	n := d.Lines()
	if from >= n || bytes.IndexByte(needle, '\n') >= 0 {
		return -1
	}
	start := d.starts[from]
	k := bytes.Index(d.b[start:], needle)
	if k < 0 {
		return -1
	}
	pos := start + k
	// The last line whose start is <= pos.
	return from + sort.Search(n-from, func(i int) bool { return d.starts[from+i+1] > pos })
}

// Render returns lines [top, top+height) of the document (fewer at the end
// of the document, nil when none), each sanitised as by SanitizeLine, coloured
// with p, shifted left by xoff cells and cut to at most width cells. Widths
// are grapheme-cluster widths as measured by ansi.StringWidth (lipgloss.Width):
// wide characters count 2; a wide character cut by the left edge shows as
// spaces, one cut by the right edge is left out. Lines are not padded.
//
// The only escape sequences in the result are the SGR sequences of the
// palette. The returned slice is shared with the cache and must not be
// modified. Render resolves p on every call (about a microsecond); keep a
// *Colors and use RenderColors to make an unchanged redraw cost nothing.
func (d *Doc) Render(p Palette, top, height, width, xoff int) []string {
	c := p.Resolve()
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.last != nil && d.last.pre == c.pre {
		c = d.last
	} else {
		d.last = c
	}
	return d.render(c, top, height, width, xoff)
}

// RenderColors is Render with a palette resolved once by Palette.Resolve.
// A nil c renders without colour.
func (d *Doc) RenderColors(c *Colors, top, height, width, xoff int) []string {
	if c == nil {
		c = plainColors
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.render(c, top, height, width, xoff)
}

func (d *Doc) render(c *Colors, top, height, width, xoff int) []string {
	// Clamp so that xoff+width and the chunk budgets cannot overflow.
	top, width, xoff = max(top, 0), min(max(width, 0), maxCells), min(max(xoff, 0), maxCells)
	n := d.Lines()
	if height <= 0 || top >= n {
		return nil
	}
	h := min(height, n-top)
	same := d.cLines != nil && d.cGen == c.gen && d.cWidth == width && d.cXoff == xoff
	if same && d.cTop == top && d.cH == height {
		return d.cLines
	}
	lines := make([]string, h)
	for i := range lines {
		if k := top + i - d.cTop; same && k >= 0 && k < len(d.cLines) {
			lines[i] = d.cLines[k]
			continue
		}
		lines[i] = d.renderLine(c, d.line(top+i), width, xoff)
	}
	d.cLines, d.cGen, d.cTop, d.cH, d.cWidth, d.cXoff = lines[:h:h], c.gen, top, height, width, xoff
	return d.cLines
}

// maxCells bounds width and xoff.
const maxCells = 1 << 30

// strictWidth makes renderLine panic instead of repairing a line that came
// out wider than asked. Tests set it to catch measurement bugs.
var strictWidth = false

// lineWriter builds one rendered line.
type lineWriter struct {
	out     []byte
	pre     string // SGR of the open run; "" for unstyled
	started bool   // something has been written
}

// open makes sure the text that follows is styled with pre. safe tells
// whether the raw text before and after this point cannot join into one
// grapheme cluster; where it could, the writer puts an escape sequence
// between the two so that they are measured (by us, by ansi.StringWidth and
// by the terminal renderer) as two clusters.
func (w *lineWriter) open(pre string, safe bool) {
	if !w.started {
		w.started = true
		w.pre = pre
		w.out = append(w.out, pre...)
		return
	}
	if pre == w.pre && safe && pre != "" {
		return
	}
	if w.pre != "" {
		w.out = append(w.out, SGRReset...)
	} else if pre == "" && !safe {
		w.out = append(w.out, SGRReset...)
	}
	w.pre = pre
	w.out = append(w.out, pre...)
}

func (w *lineWriter) close() {
	if w.started && w.pre != "" {
		w.out = append(w.out, SGRReset...)
	}
}

// renderLine sanitises, colours and cuts one line. It processes the line
// from its start up to the right edge only, token by token; a token is
// sanitised and measured in chunks that end where no grapheme cluster can
// span, so a very long string costs only the part up to the right edge.
func (d *Doc) renderLine(c *Colors, line string, width, xoff int) string {
	d.rendered++
	if width == 0 {
		return ""
	}
	right := xoff + width
	w := lineWriter{out: d.out[:0]}
	col := 0
	for pos := 0; pos < len(line) && col < right; {
		k, end := nextToken(line, pos)
		pre := c.pre[k]
		safe := safeAt(line, pos)
		for pos < end && col < right {
			chunkEnd, nextSafeToo := end, true
			if budget := 8*(right-col) + 64; end-pos > budget {
				chunkEnd, nextSafeToo = nextSafe(line, pos+budget, end)
			}
			var san []byte
			if termtext.NextEscape(line, pos, chunkEnd) == chunkEnd {
				san = unsafe.Slice(unsafe.StringData(line[pos:]), chunkEnd-pos)
			} else {
				d.san = termtext.AppendSanitizedLine(d.san[:0], line, pos, chunkEnd, col)
				san = d.san
			}
			col = w.emit(san, pre, safe, col, xoff, right)
			pos, safe = chunkEnd, nextSafeToo
		}
		pos = end
	}
	w.close()
	d.out = w.out
	if len(w.out) == 0 {
		return ""
	}
	s := string(w.out)
	if hasNonASCII(w.out) {
		if sw := ansi.StringWidth(s); sw > width {
			if strictWidth {
				panic("display: rendered line is wider than asked")
			}
			s = ansi.Truncate(s, width, "")
		}
	}
	return s
}

// emit writes the part of the sanitised chunk san that falls in the cells
// [xoff, right), the chunk starting at cell col. It returns the column after
// the chunk, or a column >= right when the right edge was reached.
func (w *lineWriter) emit(san []byte, pre string, safe bool, col, xoff, right int) int {
	vis, visEnd := -1, 0
	flush := func() {
		if vis >= 0 {
			w.open(pre, safe)
			safe = true
			w.out = append(w.out, san[vis:visEnd]...)
			vis = -1
		}
	}
	for i := 0; i < len(san); {
		var n, cw int
		if san[i] < utf8.RuneSelf && (i+1 == len(san) || san[i+1] < utf8.RuneSelf) {
			n, cw = 1, 1
		} else {
			cl, gw := ansi.FirstGraphemeCluster(san[i:], ansi.GraphemeWidth)
			n, cw = len(cl), gw
		}
		switch {
		case col >= right:
			flush()
			return col
		case col+cw <= xoff: // left of the window
		case col < xoff: // wide cluster cut by the left edge
			w.open(pre, safe)
			safe = true
			for range min(col+cw, right) - xoff {
				w.out = append(w.out, ' ')
			}
		case col+cw > right: // does not fit at the right edge
			flush()
			return right
		default:
			if vis < 0 {
				vis = i
			}
			visEnd = i + n
		}
		col += cw
		i += n
	}
	flush()
	return col
}

func hasNonASCII(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return true
		}
	}
	return false
}

// nextToken returns the kind and end of the token that starts at s[i].
// Strings end at their closing quote or at the end of the line; a string
// followed by optional spaces and ':' is a key. Anything that is not JSON is
// returned as kPlain, up to the next byte that can start a token.
func nextToken(s string, i int) (int, int) {
	c := s[i]
	switch {
	case c == ' ':
		j, lim := i+1, min(len(s), i+maxToken)
		for j < lim && s[j] == ' ' {
			j++
		}
		return kPlain, j
	case c == '"':
		end := stringEnd(s, i)
		j := end
		for j < len(s) && s[j] == ' ' {
			j++
		}
		if j < len(s) && s[j] == ':' {
			return kKey, end
		}
		return kString, end
	case isPunct(c):
		return kPunct, i + 1
	case c == '-' || c >= '0' && c <= '9':
		j, lim := i+1, min(len(s), i+maxToken)
		for j < lim && isNumByte(s[j]) {
			j++
		}
		return kNumber, j
	case isLetter(c):
		j, lim := i+1, min(len(s), i+maxToken)
		for j < lim && isLetter(s[j]) {
			j++
		}
		switch s[i:j] {
		case "true", "false", "null":
			return kLiteral, j
		}
		return kPlain, j
	}
	j, lim := i+1, min(len(s), i+maxToken)
	for j < lim && !startsToken(s[j]) {
		j++
	}
	return kPlain, j
}

// stringEnd returns the index after the closing quote of the string that
// starts at s[i], or len(s) when it is not closed on this line.
func stringEnd(s string, i int) int {
	j := i + 1
	for {
		k := strings.IndexByte(s[j:], '"')
		if k < 0 {
			return len(s)
		}
		q := j + k
		bs := 0
		for p := q - 1; p > i && s[p] == '\\'; p-- {
			bs++
		}
		if bs%2 == 0 {
			return q + 1
		}
		j = q + 1
	}
}

func isPunct(c byte) bool {
	return c == '{' || c == '}' || c == '[' || c == ']' || c == ',' || c == ':'
}

func isNumByte(c byte) bool {
	return c >= '0' && c <= '9' || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-'
}

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

func startsToken(c byte) bool {
	return c == ' ' || c == '"' || c == '-' || c >= '0' && c <= '9' || isPunct(c) || isLetter(c)
}

// safeAt reports whether no grapheme cluster of the sanitised text can span
// position p of the raw line: both neighbouring runes are ASCII (kept or
// escaped to ASCII), invalid bytes (escaped), or letters of scripts without
// joining behaviour.
func safeAt(s string, p int) bool {
	if p <= 0 || p >= len(s) {
		return true
	}
	a, _ := utf8.DecodeLastRuneInString(s[:p])
	b, _ := utf8.DecodeRuneInString(s[p:])
	return isSimple(a) && isSimple(b)
}

func isSimple(r rune) bool {
	switch {
	case r < utf8.RuneSelf, r == utf8.RuneError:
		return true
	case r >= 0xC0 && r <= 0x24F: // Latin-1 letters, Latin Extended-A/B
		return true
	case r >= 0x370 && r <= 0x3FF, r >= 0x400 && r <= 0x482, r >= 0x48A && r <= 0x52F: // Greek, Cyrillic
		return true
	case r >= 0x3041 && r <= 0x3096, r >= 0x30A1 && r <= 0x30FA: // kana
		return true
	case r >= 0x4E00 && r <= 0x9FFF, r >= 0xAC00 && r <= 0xD7A3: // CJK ideographs, Hangul syllables
		return true
	}
	return false
}

// nextSafe returns the first rune start at or after p (and before end)
// where safeAt holds, looking at most maxSafeScan bytes ahead, and true; or,
// when there is none (a long run of combining marks, a chain of ZWJ emoji),
// a rune start near p and false: the caller then separates the two pieces
// with an escape sequence so that they are measured as two clusters, and
// the work for one window stays bounded.
func nextSafe(s string, p, end int) (int, bool) {
	limit := min(end, p+maxSafeScan)
	for q := p; q < limit; q++ {
		if utf8.RuneStart(s[q]) && safeAt(s, q) {
			return q, true
		}
	}
	if limit == end {
		return end, true
	}
	for p < end && !utf8.RuneStart(s[p]) {
		p++
	}
	return p, p == end
}

// maxSafeScan bounds nextSafe's search; maxToken bounds the length of one
// whitespace, number, word or non-JSON token (a longer one is split into
// tokens of the same kind).
const (
	maxSafeScan = 256
	maxToken    = 4096
)
