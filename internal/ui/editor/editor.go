// Package editor is a windowed multi-line text editor for Bubble Tea v2.
//
// Unlike bubbles/textarea it renders only the visible window, so the cost of
// a keystroke plus View does not grow with the size of the buffer: View is
// O(visible cells) (plus, per visible line, the cells scrolled off to the
// left), and an edit costs O(length of the edited line) plus O(lines) only
// when lines are inserted or removed. There is no soft wrap; long lines
// scroll horizontally to keep the cursor visible.
//
// The text is stored exactly: Value returns byte for byte what SetValue and
// the edits produced (tabs, CR, control characters and invalid UTF-8
// included). Only the display is sanitised: control characters, bidi
// controls, zero-width clusters and invalid bytes are shown as escapes such
// as \x1b or \u202e, tabs are expanded to the next multiple of 4 cells.
//
// Model is a value type in the bubbles house style, but copies share the line
// buffer: always keep the Model returned by Update and do not keep old copies
// as undo snapshots (snapshot Value() instead, and restore with SetValue).
package editor

import (
	"image/color"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// tabWidth is the display tab stop. The stored text keeps the tab.
const tabWidth = 4

// indent is what the InsertTab binding inserts.
const indent = "  "

// Styles are the editor's styles. Only foreground and background colours,
// bold, italic, underline, reverse, blink, faint and strikethrough are
// honoured; padding, margins, borders, widths, hyperlinks and transforms are
// ignored, because the editor turns each style into one SGR sequence written
// before a run of cells (View never calls Style.Render).
type Styles struct {
	// Text is the style of ordinary text.
	Text lipgloss.Style
	// LineNumber is the gutter style for lines other than the cursor line.
	LineNumber lipgloss.Style
	// CursorLineNumber is the gutter style of the cursor line when focused.
	CursorLineNumber lipgloss.Style
	// Cursor is the style of the cell under the virtual cursor.
	Cursor lipgloss.Style
	// Placeholder is the style of the placeholder text.
	Placeholder lipgloss.Style
	// Escape is the style of escaped control characters and invalid bytes
	// (\x1b, \u202e, \xff, ...).
	Escape lipgloss.Style
}

// DefaultStyles returns the default styles for a dark or light background.
func DefaultStyles(isDark bool) Styles {
	ld := lipgloss.LightDark(isDark)
	return Styles{
		Text:             lipgloss.NewStyle(),
		LineNumber:       lipgloss.NewStyle().Foreground(ld(lipgloss.Color("249"), lipgloss.Color("241"))),
		CursorLineNumber: lipgloss.NewStyle().Foreground(ld(lipgloss.Color("240"), lipgloss.Color("252"))),
		Cursor:           lipgloss.NewStyle().Reverse(true),
		Placeholder:      lipgloss.NewStyle().Foreground(ld(lipgloss.Color("248"), lipgloss.Color("240"))),
		Escape:           lipgloss.NewStyle().Faint(true).Foreground(ld(lipgloss.Color("130"), lipgloss.Color("172"))),
	}
}

// valueCache holds the joined text. A fresh one is allocated on every edit,
// so copies of a Model never see each other's cached value.
type valueCache struct {
	ok bool
	s  string
}

// Model is the editor state. Create it with New.
type Model struct {
	// Placeholder is shown, in Styles.Placeholder, while the buffer is empty.
	// It may contain newlines.
	Placeholder string
	// ShowLineNumbers shows a line-number gutter. It is hidden
	// automatically when the width leaves no room for text.
	ShowLineNumbers bool
	// CharLimit caps the size of the text in bytes (newlines included) for
	// typing, InsertString and pastes, which are truncated to fit.
	// 0 means no limit. SetValue is never truncated.
	CharLimit int
	// Styles are the editor styles.
	Styles Styles
	// KeyMap holds the key bindings.
	KeyMap KeyMap

	lines []string // never empty once initialised; nil means one empty line
	row   int      // cursor line
	cb    int      // cursor byte offset in lines[row]
	goalX int      // desired cell column for vertical moves, -1 when unset

	width, height int
	yOff, xOff    int // first visible line; first visible cell column

	focused    bool
	realCursor bool // when true View draws no virtual cursor

	version uint64
	size    int // len(Value())
	cache   *valueCache
}

// New returns an empty, blurred editor of 40×6 cells with the default keymap
// and dark styles.
func New() Model {
	return Model{
		ShowLineNumbers: true,
		Styles:          DefaultStyles(true),
		KeyMap:          DefaultKeyMap(),
		lines:           []string{""},
		goalX:           -1,
		width:           40,
		height:          6,
		cache:           &valueCache{ok: true},
	}
}

// ensure makes the zero Model usable.
func (m *Model) ensure() {
	if len(m.lines) == 0 {
		m.lines = []string{""}
		m.row, m.cb = 0, 0
	}
}

func (m *Model) lineAt(i int) string {
	if i >= 0 && i < len(m.lines) {
		return m.lines[i]
	}
	return ""
}

// SetValue replaces the whole text. The cursor moves to the start, the
// scroll position is reset and Version is incremented. CharLimit does not
// apply.
func (m *Model) SetValue(s string) {
	m.lines = strings.Split(s, "\n")
	m.size = len(s)
	m.row, m.cb, m.goalX = 0, 0, -1
	m.yOff, m.xOff = 0, 0
	m.version++
	m.cache = &valueCache{ok: true, s: s}
}

// Value returns the text. It is cached and rebuilt only after an edit.
// Value writes the cache, so do not call it concurrently (for example from a
// tea.Cmd goroutine); read it in Update and pass the string on.
func (m Model) Value() string {
	if m.cache != nil && m.cache.ok {
		return m.cache.s
	}
	s := strings.Join(m.lines, "\n")
	if m.cache != nil {
		m.cache.s, m.cache.ok = s, true
	}
	return s
}

// Len returns the size of the text in bytes, len(Value()), in O(1).
func (m Model) Len() int { return m.size }

// Version returns a counter incremented by every change of the text
// (edits, pastes, InsertString and SetValue). Cursor moves do not change it.
func (m Model) Version() uint64 { return m.version }

// LineCount returns the number of lines (at least 1).
func (m Model) LineCount() int { return max(1, len(m.lines)) }

// Line returns the 0-based cursor line.
func (m Model) Line() int { return m.row }

// Column returns the 0-based cursor column in runes (code points; an
// invalid byte counts as one).
func (m Model) Column() int { return utf8.RuneCountInString(m.lineAt(m.row)[:m.cb]) }

// SetCursor moves the cursor to a 0-based line and rune column, both
// clamped to the text, and scrolls to make it visible.
func (m *Model) SetCursor(line, col int) {
	m.ensure()
	line = min(max(line, 0), len(m.lines)-1)
	s := m.lines[line]
	b := 0
	for c := 0; c < col && b < len(s); c++ {
		_, n := utf8.DecodeRuneInString(s[b:])
		b += n
	}
	m.row, m.cb, m.goalX = line, b, -1
	m.fit()
}

// SetCursorOffset moves the cursor to a byte offset into Value() (clamped),
// as reported by encoding/json's SyntaxError.Offset, and scrolls to make it
// visible. An offset inside a UTF-8 sequence moves back to its first byte.
func (m *Model) SetCursorOffset(off int) {
	m.ensure()
	off = max(off, 0)
	row := len(m.lines) - 1
	for i, l := range m.lines {
		if off <= len(l) {
			row = i
			break
		}
		off -= len(l) + 1
	}
	s := m.lines[row]
	off = min(off, len(s))
	for off > 0 && off < len(s) && !utf8.RuneStart(s[off]) {
		off--
	}
	m.row, m.cb, m.goalX = row, off, -1
	m.fit()
}

// SetSize sets the size of the editor in cells, gutter included.
// Negative values count as 0; a zero size renders "".
func (m *Model) SetSize(w, h int) {
	m.width, m.height = max(w, 0), max(h, 0)
	m.fit()
}

// Width returns the width in cells.
func (m Model) Width() int { return m.width }

// Height returns the height in lines.
func (m Model) Height() int { return m.height }

// Focus focuses the editor: it handles messages and shows its cursor.
// It returns nil (there is no blink).
func (m *Model) Focus() tea.Cmd {
	m.focused = true
	return nil
}

// Blur removes the focus.
func (m *Model) Blur() { m.focused = false }

// Focused reports whether the editor has the focus.
func (m Model) Focused() bool { return m.focused }

// SetVirtualCursor chooses between the reverse-video cursor drawn by View
// (true, the default) and a real terminal cursor: with false, View draws no
// cursor and the parent sets tea.View.Cursor from Cursor(), offset by the
// editor's position on screen.
func (m *Model) SetVirtualCursor(v bool) { m.realCursor = !v }

// Cursor returns the cursor position relative to the editor's top-left
// cell, or nil when the editor is blurred or has no size.
func (m Model) Cursor() *tea.Cursor {
	if !m.focused || m.width <= 0 || m.height <= 0 {
		return nil
	}
	yOff, xOff := m.scroll()
	gw, _ := m.gutter()
	cx, _ := cursorCell(m.lineAt(m.row), m.cb)
	x, y := gw+cx-xOff, m.row-yOff
	if x < 0 || x >= m.width || y < 0 || y >= m.height {
		return nil
	}
	return tea.NewCursor(x, y)
}

// InsertString inserts s at the cursor as one edit, as a paste does:
// CRLF and CR become LF, and s is truncated to CharLimit.
func (m *Model) InsertString(s string) {
	m.ensure()
	if m.insert(s) {
		m.goalX = -1
	}
	m.fit()
}

// Update handles tea.KeyPressMsg and tea.PasteMsg while focused. Keys it does
// not handle are ignored. The returned command is always nil.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	if !m.focused {
		return m, nil
	}
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		m.handleKey(msg)
	case tea.PasteMsg:
		m.InsertString(msg.Content)
	}
	return m, nil
}

const textMods = tea.ModCtrl | tea.ModAlt | tea.ModMeta | tea.ModSuper | tea.ModHyper

func (m *Model) handleKey(msg tea.KeyPressMsg) {
	m.ensure()
	s := msg.String()
	k := &m.KeyMap
	line := m.lines[m.row]
	keepGoal := false
	switch {
	case matches(s, k.CharacterBackward):
		if m.cb > 0 {
			m.cb = prevBoundary(line, m.cb)
		} else if m.row > 0 {
			m.row--
			m.cb = len(m.lines[m.row])
		}
	case matches(s, k.CharacterForward):
		if m.cb < len(line) {
			m.cb, _, _ = nextUnit(line, m.cb, 0)
		} else if m.row < len(m.lines)-1 {
			m.row++
			m.cb = 0
		}
	case matches(s, k.LineUp):
		if m.row == 0 {
			m.cb = 0
		} else {
			gx := m.goal()
			m.row--
			m.cb = byteAtX(m.lines[m.row], gx)
			m.goalX, keepGoal = gx, true
		}
	case matches(s, k.LineDown):
		if m.row == len(m.lines)-1 {
			m.cb = len(line)
		} else {
			gx := m.goal()
			m.row++
			m.cb = byteAtX(m.lines[m.row], gx)
			m.goalX, keepGoal = gx, true
		}
	case matches(s, k.PageUp), matches(s, k.PageDown):
		h := max(1, m.height)
		if matches(s, k.PageUp) {
			h = -h
		}
		gx := m.goal()
		m.row = min(max(m.row+h, 0), len(m.lines)-1)
		m.yOff = max(m.yOff+h, 0)
		m.cb = byteAtX(m.lines[m.row], gx)
		m.goalX, keepGoal = gx, true
	case matches(s, k.WordBackward):
		m.row, m.cb = m.wordLeft(m.row, m.cb)
	case matches(s, k.WordForward):
		m.row, m.cb = m.wordRight(m.row, m.cb)
	case matches(s, k.LineStart):
		m.cb = 0
	case matches(s, k.LineEnd):
		m.cb = len(line)
	case matches(s, k.BufferStart):
		m.row, m.cb = 0, 0
	case matches(s, k.BufferEnd):
		m.row = len(m.lines) - 1
		m.cb = len(m.lines[m.row])
	case matches(s, k.InsertNewline):
		m.insert("\n")
	case matches(s, k.InsertTab):
		m.insert(indent)
	case matches(s, k.DeleteCharacterBackward):
		if m.cb > 0 {
			m.deleteRange(m.row, prevBoundary(line, m.cb), m.row, m.cb)
		} else if m.row > 0 {
			m.deleteRange(m.row-1, len(m.lines[m.row-1]), m.row, 0)
		}
	case matches(s, k.DeleteCharacterForward):
		if m.cb < len(line) {
			end, _, _ := nextUnit(line, m.cb, 0)
			m.deleteRange(m.row, m.cb, m.row, end)
		} else if m.row < len(m.lines)-1 {
			m.deleteRange(m.row, m.cb, m.row+1, 0)
		}
	case matches(s, k.DeleteWordBackward):
		r, b := m.wordLeft(m.row, m.cb)
		m.deleteRange(r, b, m.row, m.cb)
	case matches(s, k.DeleteWordForward):
		r, b := m.wordRight(m.row, m.cb)
		m.deleteRange(m.row, m.cb, r, b)
	case matches(s, k.DeleteAfterCursor):
		if m.cb < len(line) {
			m.deleteRange(m.row, m.cb, m.row, len(line))
		} else if m.row < len(m.lines)-1 {
			m.deleteRange(m.row, m.cb, m.row+1, 0)
		}
	case matches(s, k.DeleteBeforeCursor):
		m.deleteRange(m.row, 0, m.row, m.cb)
	case msg.Text != "" && msg.Mod&textMods == 0:
		m.insert(msg.Text)
	default:
		return
	}
	if !keepGoal {
		m.goalX = -1
	}
	m.fit()
}

// goal returns the desired cell column for a vertical move.
func (m *Model) goal() int {
	if m.goalX >= 0 {
		return m.goalX
	}
	x, _ := cursorCell(m.lineAt(m.row), m.cb)
	return x
}

func isWord(r rune) bool {
	return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r)
}

// wordLeft returns the position at the start of the word before (row, cb):
// it skips non-word characters, then word characters (letters, digits, _).
// At the start of a line it returns the end of the previous line.
func (m *Model) wordLeft(row, cb int) (int, int) {
	if cb == 0 {
		if row == 0 {
			return 0, 0
		}
		return row - 1, len(m.lines[row-1])
	}
	line := m.lines[row]
	i := cb
	for i > 0 {
		r, n := utf8.DecodeLastRuneInString(line[:i])
		if isWord(r) {
			break
		}
		i -= n
	}
	for i > 0 {
		r, n := utf8.DecodeLastRuneInString(line[:i])
		if !isWord(r) {
			break
		}
		i -= n
	}
	return row, i
}

// wordRight returns the position at the end of the word after (row, cb).
// At the end of a line it returns the start of the next line.
func (m *Model) wordRight(row, cb int) (int, int) {
	line := m.lines[row]
	if cb >= len(line) {
		if row == len(m.lines)-1 {
			return row, len(line)
		}
		return row + 1, 0
	}
	i := cb
	for i < len(line) {
		r, n := utf8.DecodeRuneInString(line[i:])
		if isWord(r) {
			break
		}
		i += n
	}
	for i < len(line) {
		r, n := utf8.DecodeRuneInString(line[i:])
		if !isWord(r) {
			break
		}
		i += n
	}
	return row, i
}

// edited records a change of the text.
func (m *Model) edited() {
	m.version++
	m.cache = &valueCache{}
}

// insert inserts s at the cursor and leaves the cursor after it. It
// normalises CRLF/CR to LF and applies CharLimit. It reports whether the
// text changed. Cost: O(len(s) + len(current line)) plus O(lines) when s
// contains newlines.
func (m *Model) insert(s string) bool {
	if strings.IndexByte(s, '\r') >= 0 {
		s = strings.ReplaceAll(s, "\r\n", "\n")
		s = strings.ReplaceAll(s, "\r", "\n")
	}
	if m.CharLimit > 0 {
		room := m.CharLimit - m.size
		if room <= 0 {
			return false
		}
		if len(s) > room {
			cut := room
			for cut > 0 && !utf8.RuneStart(s[cut]) {
				cut--
			}
			s = s[:cut]
		}
	}
	if s == "" {
		return false
	}
	line := m.lines[m.row]
	nl := strings.IndexByte(s, '\n')
	if nl < 0 {
		m.lines[m.row] = line[:m.cb] + s + line[m.cb:]
		m.cb += len(s)
	} else {
		parts := strings.Split(s, "\n")
		last := len(parts) - 1
		tail := parts[last]
		parts[0] = line[:m.cb] + parts[0]
		parts[last] = tail + line[m.cb:]
		if len(parts) == 2 {
			// Newline: replace in place and insert one line.
			m.lines[m.row] = parts[0]
			m.lines = insertAt(m.lines, m.row+1, parts[1])
		} else {
			m.lines = replaceLine(m.lines, m.row, parts)
		}
		m.row += last
		m.cb = len(tail)
	}
	m.size += len(s)
	m.edited()
	return true
}

// insertAt inserts one line at index i.
func insertAt(lines []string, i int, s string) []string {
	lines = append(lines, "")
	copy(lines[i+1:], lines[i:])
	lines[i] = s
	return lines
}

// replaceLine replaces lines[i] with parts.
func replaceLine(lines []string, i int, parts []string) []string {
	n := len(lines) + len(parts) - 1
	var out []string
	if n <= cap(lines) {
		out = lines[:n]
		copy(out[i+len(parts):], lines[i+1:])
	} else {
		out = make([]string, n, n+n/4)
		copy(out, lines[:i])
		copy(out[i+len(parts):], lines[i+1:])
	}
	copy(out[i:], parts)
	return out
}

// deleteRange removes the text from (r1, b1) to (r2, b2), which must be in
// order, and leaves the cursor at (r1, b1). It reports whether the text
// changed.
func (m *Model) deleteRange(r1, b1, r2, b2 int) bool {
	if r1 == r2 && b1 >= b2 {
		m.row, m.cb = r1, b1
		return false
	}
	first, last := m.lines[r1], m.lines[r2]
	removed := 0
	if r1 == r2 {
		removed = b2 - b1
	} else {
		removed = len(first) - b1 + b2 + (r2 - r1)
		for i := r1 + 1; i < r2; i++ {
			removed += len(m.lines[i])
		}
	}
	m.lines[r1] = first[:b1] + last[b2:]
	if r2 > r1 {
		n := len(m.lines)
		copy(m.lines[r1+1:], m.lines[r2+1:])
		clear(m.lines[n-(r2-r1):])
		m.lines = m.lines[:n-(r2-r1)]
	}
	m.size -= removed
	m.row, m.cb = r1, b1
	m.edited()
	return true
}

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

// ---- display units ----------------------------------------------------------

type unitKind uint8

const (
	kText unitKind = iota // a grapheme cluster written as is
	kTab                  // a tab, expanded to spaces
	kEsc                  // bytes shown as \xNN / \uNNNN / \UNNNNNNNN
)

// mustEscape reports whether r is never written raw to the terminal.
func mustEscape(r rune) bool {
	switch {
	case r < 0x20:
		return r != '\t'
	case r < 0x7f:
		return false
	case r <= 0x9f: // DEL and C1
		return true
	case r == 0x061c, r == 0x200e, r == 0x200f, // bidi marks
		r >= 0x202a && r <= 0x202e, // bidi embeddings and overrides
		r >= 0x2066 && r <= 0x2069, // bidi isolates
		r == 0x2028, r == 0x2029,   // line and paragraph separators
		r == 0xfeff: // BOM / zero-width no-break space
		return true
	}
	return false
}

// escapeWidth is the width of appendEscape(nil, s).
func escapeWidth(s string) int {
	w := 0
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r < utf8.RuneSelf || (r == utf8.RuneError && n == 1):
			w += 4
		case r <= 0xffff:
			w += 6
		default:
			w += 10
		}
		i += n
	}
	return w
}

const hexDigits = "0123456789abcdef"

// appendEscape appends the escaped form of every rune of s: \xNN for
// ASCII and invalid bytes, \uNNNN and \UNNNNNNNN otherwise.
func appendEscape(dst []byte, s string) []byte {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r < utf8.RuneSelf || (r == utf8.RuneError && n == 1):
			c := s[i]
			dst = append(dst, '\\', 'x', hexDigits[c>>4], hexDigits[c&15])
		case r <= 0xffff:
			dst = append(dst, '\\', 'u')
			for sh := 12; sh >= 0; sh -= 4 {
				dst = append(dst, hexDigits[(r>>sh)&15])
			}
		default:
			dst = append(dst, '\\', 'U')
			for sh := 28; sh >= 0; sh -= 4 {
				dst = append(dst, hexDigits[(r>>sh)&15])
			}
		}
		i += n
	}
	return dst
}

// nextUnit returns the display unit that starts at byte i of s, whose first
// cell is at column x (which matters only for tabs): its end offset, its
// width in cells and its kind. Width is never 0.
func nextUnit(s string, i, x int) (end, w int, k unitKind) {
	c := s[i]
	if c < utf8.RuneSelf {
		switch {
		case c >= 0x20 && c < 0x7f:
			// ASCII followed by ASCII is always a cluster boundary.
			if i+1 == len(s) || s[i+1] < utf8.RuneSelf {
				return i + 1, 1, kText
			}
		case c == '\t':
			return i + 1, tabWidth - x%tabWidth, kTab
		default:
			return i + 1, 4, kEsc
		}
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	if r == utf8.RuneError && n == 1 {
		return i + 1, 4, kEsc
	}
	if mustEscape(r) {
		return i + n, escapeWidth(s[i : i+n]), kEsc
	}
	cl, cw := ansi.FirstGraphemeCluster(s[i:], ansi.GraphemeWidth)
	if len(cl) < n {
		cl = s[i : i+n]
		cw = ansi.StringWidth(cl)
	}
	// A cluster never carries a character that must be escaped.
	for j := n; j < len(cl); {
		r2, n2 := utf8.DecodeRuneInString(cl[j:])
		if (r2 == utf8.RuneError && n2 == 1) || mustEscape(r2) {
			cl = cl[:j]
			cw = ansi.StringWidth(cl)
			break
		}
		j += n2
	}
	if cw <= 0 {
		// Zero-width clusters (ZWSP, lone combining marks...) are shown
		// escaped so that every character occupies a visible cell.
		return i + len(cl), escapeWidth(cl), kEsc
	}
	return i + len(cl), cw, kText
}

// cursorCell returns the first cell and the width of the unit containing
// byte offset cb; at the end of the line the width is 1.
func cursorCell(line string, cb int) (x, w int) {
	for i := 0; i < len(line); {
		end, uw, _ := nextUnit(line, i, x)
		if cb < end {
			return x, uw
		}
		x += uw
		i = end
	}
	return x, 1
}

// prevBoundary returns the start of the unit before byte offset cb (or of
// the unit containing it).
func prevBoundary(line string, cb int) int {
	if cb <= 0 {
		return 0
	}
	if line[cb-1] < utf8.RuneSelf && (cb == 1 || line[cb-2] < utf8.RuneSelf) {
		return cb - 1
	}
	last, x := 0, 0
	for i := 0; i < cb; {
		end, w, _ := nextUnit(line, i, x)
		last, i, x = i, end, x+w
	}
	return last
}

// byteAtX returns the start of the unit covering cell column gx, or the end
// of the line when the line is shorter.
func byteAtX(line string, gx int) int {
	x := 0
	for i := 0; i < len(line); {
		end, w, _ := nextUnit(line, i, x)
		if x+w > gx {
			return i
		}
		x += w
		i = end
	}
	return len(line)
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
	nStyles
)

// span is a style reduced to the SGR text written before and after a run.
type span struct{ pre, post string }

func spanOf(st lipgloss.Style) span {
	var a ansi.Style
	if st.GetBold() {
		a = a.Bold()
	}
	if st.GetItalic() {
		a = a.Italic(true)
	}
	if st.GetUnderline() {
		a = a.UnderlineStyle(st.GetUnderlineStyle())
	}
	if st.GetReverse() {
		a = a.Reverse(true)
	}
	if st.GetBlink() {
		a = a.Blink(true)
	}
	if st.GetFaint() {
		a = a.Faint()
	}
	if c := st.GetForeground(); isColor(c) {
		a = a.ForegroundColor(c)
	}
	if c := st.GetBackground(); isColor(c) {
		a = a.BackgroundColor(c)
	}
	if st.GetStrikethrough() {
		a = a.Strikethrough(true)
	}
	if len(a) == 0 {
		return span{}
	}
	return span{pre: a.String(), post: ansi.ResetStyle}
}

func isColor(c color.Color) bool {
	if c == nil {
		return false
	}
	_, none := c.(lipgloss.NoColor)
	return !none
}

type renderer struct {
	b     strings.Builder
	spans [nStyles]span
	cur   styleID
	esc   []byte
}

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
// byte offset of the cursor, or -1 for none.
func (r *renderer) line(s string, xOff, tw, cur int, base styleID) {
	x, i := 0, 0
	for i < len(s) {
		end, w, _ := nextUnit(s, i, x)
		if x+w > xOff {
			break
		}
		x += w
		i = end
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
		end, w, k := nextUnit(s, i, x)
		lo, hi := max(xOff-x, 0), min(w, right-x)
		isCur := cur >= i && cur < end
		switch k {
		case kText:
			if isCur {
				r.set(sCursor)
			} else {
				r.set(base)
			}
			if lo == 0 && hi == w {
				r.b.WriteString(s[i:end])
			} else {
				r.spaces(hi - lo) // a wide character cut by an edge
			}
		case kTab:
			if isCur && lo == 0 {
				r.set(sCursor)
				r.b.WriteByte(' ')
				r.set(base)
				r.spaces(hi - lo - 1)
			} else {
				r.set(base)
				r.spaces(hi - lo)
			}
		case kEsc:
			if isCur {
				r.set(sCursor)
			} else {
				r.set(sEscape)
			}
			r.esc = appendEscape(r.esc[:0], s[i:end])
			r.b.Write(r.esc[lo:hi])
		}
		col += hi - lo
		x += w
		i = end
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
// window size, not on the size of the text.
func (m Model) View() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	yOff, xOff := m.scroll()
	gw, tw := m.gutter()
	r := renderer{}
	st := &m.Styles
	r.spans = [nStyles]span{
		sText:        spanOf(st.Text),
		sLineNo:      spanOf(st.LineNumber),
		sCurLineNo:   spanOf(st.CursorLineNumber),
		sCursor:      spanOf(st.Cursor),
		sPlaceholder: spanOf(st.Placeholder),
		sEscape:      spanOf(st.Escape),
	}
	r.b.Grow(m.height * (m.width + 48))
	var num [20]byte

	var ph []string
	if m.Placeholder != "" && m.isEmpty() {
		ph = strings.SplitN(m.Placeholder, "\n", m.height+1)
	}
	showCursor := m.focused && !m.realCursor
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
				r.line(ph[li], 0, tw, cur, sPlaceholder)
			} else {
				r.spaces(tw)
			}
		case li < n:
			r.line(m.lineAt(li), xOff, tw, cur, sText)
		default:
			r.spaces(tw)
		}
	}
	return r.b.String()
}
