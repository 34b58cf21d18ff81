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
// included). Only the display is sanitised, with the rules of
// termtext.SanitizeLine, so a line looks exactly as it does in the rest of the
// program: control characters and invalid bytes are shown as \x1b, \r,
// \xff, C1 controls as \u009b, bidi controls, zero-width and other
// invisible characters as <U+202E>, and tabs are expanded to the next
// multiple of termtext.TabWidth cells.
//
// Model is a value type in the bubbles house style, but copies share the line
// buffer: always keep the Model returned by Update and do not keep old copies
// as undo snapshots (snapshot Value() instead, and restore with SetValue).
package editor

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/tooltui/tooltui/internal/termtext"
	"github.com/tooltui/tooltui/internal/ui/display"
)

// indent is what the InsertTab binding inserts.
const indent = "  "

// Styles are the editor's styles. Only foreground and background colours,
// bold, italic, underline, reverse, blink, faint and strikethrough are
// honoured; padding, margins, borders, widths, hyperlinks and transforms are
// ignored, because the editor turns each style into one SGR sequence
// (display.SGR) written before a run of cells (View never calls
// Style.Render).
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
	// (\x1b, <U+202E>, \xff, ...).
	Escape lipgloss.Style
	// Selection is the style of the text while it is selected (SelectAll).
	Selection lipgloss.Style
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
		Selection:        lipgloss.NewStyle().Background(ld(lipgloss.Color("153"), lipgloss.Color("24"))),
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
	// AutoIndent makes the InsertNewline key start the new line with the
	// indentation of the current one, two more spaces after an opening
	// '{' or '[' (and, when the matching '}' or ']' follows the cursor,
	// that bracket moves to a line of its own below), and makes a '}' or
	// ']' typed on a line that is blank up to the cursor remove two spaces
	// of indentation. Pastes and InsertString are never re-indented.
	AutoIndent bool
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
	selAll     bool // the whole text is selected

	version uint64
	size    int // len(Value())
	cache   *valueCache
	hist    *history // the editor's own undo and redo (undo.go)
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
// scroll position is reset, the selection is dropped and Version is
// incremented. CharLimit does not apply.
func (m *Model) SetValue(s string) {
	m.forget()
	m.lines = strings.Split(s, "\n")
	m.size = len(s)
	m.row, m.cb, m.goalX = 0, 0, -1
	m.yOff, m.xOff = 0, 0
	m.selAll = false
	m.version++
	m.cache = &valueCache{ok: true, s: s}
}

// SetValueKeepCursor is SetValue that keeps the cursor on the same line and
// rune column, clamped to the new text, and the scroll position as far as
// the cursor stays visible: for replacing the text with a reformatted
// version of itself (pretty-printed JSON).
func (m *Model) SetValueKeepCursor(s string) {
	line, col := m.Line(), m.Column()
	yOff, xOff := m.yOff, m.xOff
	m.SetValue(s)
	m.yOff, m.xOff = yOff, xOff
	m.SetCursor(line, col)
}

// SelectAll selects the whole text (nothing when it is empty). While it is
// selected, View shows it in Styles.Selection without the virtual cursor;
// typing, InsertNewline, InsertTab, a paste or InsertString replace it; the
// delete keys (DeleteCharacterBackward/Forward, DeleteWordBackward/Forward,
// DeleteBeforeCursor, DeleteAfterCursor) clear the text; a movement key
// drops the selection and puts the cursor at the start of the text
// (CharacterBackward, LineUp, WordBackward, LineStart, PageUp, BufferStart)
// or at its end (the others). Other keys leave it selected.
func (m *Model) SelectAll() { m.selAll = m.size > 0 }

// Selected reports whether the whole text is selected.
func (m Model) Selected() bool { return m.selAll }

// ClearSelection drops the selection; the text and the cursor stay.
func (m *Model) ClearSelection() { m.selAll = false }

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
// clamped to the text, and scrolls to make it visible. It drops the
// selection.
func (m *Model) SetCursor(line, col int) {
	m.ensure()
	m.selAll = false
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
// It drops the selection.
func (m *Model) SetCursorOffset(off int) {
	m.ensure()
	m.selAll = false
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
// CRLF and CR become LF, and s is truncated to CharLimit. While the text is
// selected, a non-empty s replaces it.
func (m *Model) InsertString(s string) {
	m.ensure()
	if s != "" {
		m.remember(editOther)
	}
	switch {
	case m.selAll && s != "":
		m.replaceAll(s)
		m.goalX = -1
	case m.insert(s):
		m.goalX = -1
	}
	m.fit()
}

// replaceAll replaces the whole text with s (CharLimit applies) as one edit
// and drops the selection.
func (m *Model) replaceAll(s string) {
	m.selAll = false
	had := m.size > 0
	m.lines = []string{""} // a new array: copies keep theirs
	m.row, m.cb, m.size = 0, 0, 0
	if !m.insert(s) && had {
		m.edited()
	}
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
	if kind := m.editKind(msg, s); kind != editNone {
		m.remember(kind)
		defer m.edited1()
	}
	if m.selAll {
		m.handleSelectedKey(msg, s)
		return
	}
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
			m.cb = unitEnd(line, m.cb)
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
		if m.AutoIndent {
			m.newlineIndented()
		} else {
			m.insert("\n")
		}
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
			m.deleteRange(m.row, m.cb, m.row, unitEnd(line, m.cb))
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
		if !m.AutoIndent || !m.dedentClosing(msg.Text) {
			m.insert(msg.Text)
		}
	default:
		return
	}
	if !keepGoal {
		m.goalX = -1
	}
	m.fit()
}

// handleSelectedKey handles a key while the whole text is selected.
func (m *Model) handleSelectedKey(msg tea.KeyPressMsg, s string) {
	k := &m.KeyMap
	switch {
	case matches(s, k.CharacterBackward), matches(s, k.LineUp), matches(s, k.WordBackward),
		matches(s, k.LineStart), matches(s, k.PageUp), matches(s, k.BufferStart):
		m.selAll = false
		m.row, m.cb = 0, 0
	case matches(s, k.CharacterForward), matches(s, k.LineDown), matches(s, k.WordForward),
		matches(s, k.LineEnd), matches(s, k.PageDown), matches(s, k.BufferEnd):
		m.selAll = false
		m.row = len(m.lines) - 1
		m.cb = len(m.lines[m.row])
	case matches(s, k.InsertNewline):
		m.replaceAll("\n")
	case matches(s, k.InsertTab):
		m.replaceAll(indent)
	case matches(s, k.DeleteCharacterBackward), matches(s, k.DeleteCharacterForward),
		matches(s, k.DeleteWordBackward), matches(s, k.DeleteWordForward),
		matches(s, k.DeleteAfterCursor), matches(s, k.DeleteBeforeCursor):
		m.replaceAll("")
	case msg.Text != "" && msg.Mod&textMods == 0:
		m.replaceAll(msg.Text)
	default:
		return
	}
	m.goalX = -1
	m.fit()
}

// newlineIndented is InsertNewline with AutoIndent, as one edit.
func (m *Model) newlineIndented() {
	line := m.lines[m.row]
	before, after := line[:m.cb], line[m.cb:]
	ind := before[:len(before)-len(strings.TrimLeft(before, " \t"))]
	ins := "\n" + ind
	t := strings.TrimRight(before, " \t")
	if t == "" || (t[len(t)-1] != '{' && t[len(t)-1] != '[') {
		m.insert(ins)
		return
	}
	ins += indent
	closing := byte('}')
	if t[len(t)-1] == '[' {
		closing = ']'
	}
	rest := strings.TrimLeft(after, " \t")
	full := ins + "\n" + ind
	gap := len(after) - len(rest)
	if rest == "" || rest[0] != closing || m.CharLimit > 0 && m.size-gap+len(full) > m.CharLimit {
		m.insert(ins)
		return
	}
	// {|} becomes {, the cursor on an indented line, } below: the blanks
	// between the cursor and the bracket go.
	m.lines[m.row] = before + rest
	m.size -= gap
	m.insert(full) // counts as the one edit
	m.row--
	m.cb = len(m.lines[m.row])
}

// dedentClosing handles a '}' or ']' typed with AutoIndent on a line that
// is blank up to the cursor: it removes the two spaces before the cursor
// and inserts the bracket, as one edit. It reports whether it did.
func (m *Model) dedentClosing(text string) bool {
	if text != "}" && text != "]" {
		return false
	}
	line := m.lines[m.row]
	before := line[:m.cb]
	if !strings.HasSuffix(before, "  ") || strings.TrimLeft(before, " \t") != "" {
		return false
	}
	m.lines[m.row] = before[:len(before)-2] + text + line[m.cb:]
	m.cb += len(text) - 2
	m.size += len(text) - 2
	m.edited()
	return true
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

// The display of a line is termtext.SanitizeLine's form of it, cut into
// units: the cells the cursor moves over. A unit is a grapheme cluster of
// kept text, an escaped rune (or invalid byte), or a tab. Kept text that
// would join the display form of a tab or an escape into one grapheme
// cluster (a combining mark, a variation selector, an emoji modifier after
// it) belongs to that unit, and zero-width text is never a unit of its
// own: it belongs to the unit before it, or, at the start of the line, to
// the unit after it. So no grapheme cluster of the display spans two units,
// the width of a line is the sum of the widths of its units, and every unit
// but the lone content of an all-zero-width line is at least one cell wide.
// (SanitizeLine escapes the few letters that would join an escape or a tab
// that follows them.)

type unitKind uint8

const (
	kText unitKind = iota // kept text, written as is
	kTab                  // a tab, expanded to spaces
	kEsc                  // an escaped rune or invalid byte (\x1b, <U+202E>, \xff)
)

// unit is one display unit that starts at some byte i of a line and ends
// at end. For kTab and kEsc, s[a:b] is the tab or the escaped rune, and
// s[i:a] and s[b:end] are zero-width text written as is around its
// display form (usually both empty).
type unit struct {
	end, w int
	k      unitKind
	a, b   int
}

// extra reports whether a tab or escape unit carries zero-width text.
func (u *unit) extra(i int) bool { return u.k != kText && (u.a > i || u.b < u.end) }

// baseUnit returns the unit at byte i without any merging of zero-width
// text. x is the cell column of i (for tabs).
func baseUnit(s string, i, x int) unit {
	c := s[i]
	if c < utf8.RuneSelf {
		switch {
		case c >= 0x20 && c < 0x7f:
			// ASCII followed by ASCII, or by a letter of a simple
			// script, is always a cluster boundary.
			if i+1 == len(s) || s[i+1] < utf8.RuneSelf {
				return unit{end: i + 1, w: 1, k: kText}
			}
			if r, _ := utf8.DecodeRuneInString(s[i+1:]); simpleWidth(r) > 0 {
				return unit{end: i + 1, w: 1, k: kText}
			}
		default: // tab, other C0 controls and DEL
			w, n := termtext.EscapeWidth(s, i, x)
			k := kEsc
			if c == '\t' {
				k = kTab
			}
			return unit{end: i + n, w: w, k: k, a: i, b: i + n}
		}
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	if w := simpleWidth(r); w > 0 {
		// A letter of a simple script is a cluster of its own when the
		// next rune is ASCII or another such letter.
		j := i + n
		if j == len(s) || s[j] < utf8.RuneSelf {
			return unit{end: j, w: w, k: kText}
		}
		if r2, _ := utf8.DecodeRuneInString(s[j:]); simpleWidth(r2) > 0 {
			return unit{end: j, w: w, k: kText}
		}
	}
	if (r == utf8.RuneError && n == 1) || !visibleStart(r) && termtext.NextEscape(s, i, i+n) == i {
		w, n := termtext.EscapeWidth(s, i, x)
		return unit{end: i + n, w: w, k: kEsc, a: i, b: i + n}
	}
	cl, cw := ansi.FirstGraphemeCluster(s[i:], ansi.GraphemeWidth)
	if len(cl) < n {
		cl = s[i : i+n]
		cw = ansi.StringWidth(cl)
	}
	if len(cl) > n {
		// A cluster never carries a rune that is shown escaped: it ends
		// there, and the escape is a unit of its own. The scan starts at
		// i, where SanitizeLine's own scan could be, so a flag's tag
		// sequence is judged as a whole.
		if p := termtext.NextEscape(s, i, i+len(cl)); p < i+len(cl) {
			cl = s[i:p]
			cw = ansi.StringWidth(cl)
		}
	}
	return unit{end: i + len(cl), w: cw, k: kText}
}

// nextUnit returns the display unit that starts at byte i of s, whose first
// cell is at column x (which matters only for tabs). i must be 0 or the end
// of a unit. Its width is 0 only when the rest of the line is zero-width
// text.
func nextUnit(s string, i, x int) unit {
	u := baseUnit(s, i, x)
	if u.k == kText && u.w == 1 && u.end-i == 1 && (u.end == len(s) || s[u.end] < utf8.RuneSelf) {
		return u // ASCII: the common case
	}
	merged := false
	for u.w == 0 && u.k == kText && u.end < len(s) {
		// Zero-width text at the start of the line: it goes with the
		// unit after it.
		v := baseUnit(s, u.end, x)
		if v.k == kText {
			u.end, u.w = v.end, v.w
		} else {
			u = v
		}
		merged = true
	}
	for u.end < len(s) && s[u.end] >= utf8.RuneSelf {
		r, n := utf8.DecodeRuneInString(s[u.end:])
		if visibleStart(r) {
			break
		}
		v := baseUnit(s, u.end, x+u.w)
		if v.k != kText || v.w != 0 && (u.k == kText || !joinsASCII(s[u.end:u.end+n])) {
			break
		}
		u.end = v.end
		merged = true
	}
	if merged {
		// Measure what is written, as ansi.StringWidth would: the
		// zero-width text may join the cell before it (a variation
		// selector after an escape's last character makes it wide).
		if u.k == kText {
			u.w = ansi.StringWidth(s[i:u.end])
		} else {
			u.w = ansi.StringWidth(string(u.appendDisplay(nil, s, i, x)))
		}
	}
	return u
}

// appendDisplay appends the display form of the tab or escape unit u,
// which starts at byte i and column x.
func (u *unit) appendDisplay(dst []byte, s string, i, x int) []byte {
	dst = append(dst, s[i:u.a]...)
	dst, _ = termtext.AppendEscape(dst, s, u.a, x)
	return append(dst, s[u.b:u.end]...)
}

// joinsASCII reports whether the rune r (in UTF-8) joins a printable ASCII
// character before it into one grapheme cluster (Extend, ZWJ and
// SpacingMark runes do).
func joinsASCII(r string) bool {
	var buf [8]byte
	b := append(append(buf[:0], 'x'), r...)
	cl, _ := ansi.FirstGraphemeCluster(b, ansi.GraphemeWidth)
	return len(cl) > 1
}

// simpleWidth returns the width of r when it is a letter of a script
// without joining behaviour (Latin-1 and Latin Extended letters, Greek,
// Cyrillic, kana, CJK ideographs, Hangul syllables), kept by
// termtext.SanitizeLine, and 0 otherwise. Such a letter followed by ASCII or
// by another such letter is a grapheme cluster of its own.
func simpleWidth(r rune) int {
	switch {
	case r >= 0xC0 && r <= 0x24F, r >= 0x370 && r <= 0x3FF && r != 0x37E && r != 0x387,
		r >= 0x400 && r <= 0x482, r >= 0x48A && r <= 0x52F:
		return 1
	case r >= 0x3041 && r <= 0x3096, r >= 0x30A1 && r <= 0x30FA,
		r >= 0x4E00 && r <= 0x9FFF, r >= 0xAC00 && r <= 0xD7A3:
		return 2
	}
	return 0
}

// visibleStart reports whether a grapheme cluster that starts with r is
// known to be at least one cell wide (letters of common scripts, CJK,
// emoji), and r is known to be kept by termtext.SanitizeLine. It only saves
// work.
func visibleStart(r rune) bool {
	switch {
	case r >= 0xA0 && r <= 0x2FF && r != 0xAD, // Latin-1, Latin Extended, spacing modifiers
		r >= 0x370 && r <= 0x482, r >= 0x48A && r <= 0x52F, // Greek, Cyrillic
		r >= 0x3041 && r <= 0x3096, r >= 0x30A1 && r <= 0x30FA, // kana
		r >= 0x4E00 && r <= 0x9FFF, r >= 0xAC00 && r <= 0xD7A3, // CJK ideographs, Hangul syllables
		r >= 0x1F300 && r <= 0x1F3FA, r >= 0x1F400 && r <= 0x1F64F, // emoji
		r >= 0x1F680 && r <= 0x1F6FF, r >= 0x1F900 && r <= 0x1F9FF:
		return true
	}
	return false
}

// cursorCell returns the first cell and the width of the unit containing
// byte offset cb; at the end of the line the width is 1.
func cursorCell(line string, cb int) (x, w int) {
	for i := 0; i < len(line); {
		u := nextUnit(line, i, x)
		if cb < u.end {
			return x, max(u.w, 1)
		}
		x += u.w
		i = u.end
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
		u := nextUnit(line, i, x)
		last, i, x = i, u.end, x+u.w
	}
	return last
}

// unitEnd returns the end of the unit containing byte offset cb (cb <
// len(line)).
func unitEnd(line string, cb int) int {
	if c := line[cb]; c >= 0x20 && c < 0x7f && (cb+1 == len(line) || line[cb+1] < utf8.RuneSelf) &&
		(cb == 0 || line[cb-1] < utf8.RuneSelf) {
		return cb + 1 // ASCII between ASCII: a unit of its own
	}
	x := 0
	for i := 0; i < len(line); {
		u := nextUnit(line, i, x)
		if cb < u.end {
			return u.end
		}
		x += u.w
		i = u.end
	}
	return len(line)
}

// byteAtX returns the start of the unit covering cell column gx, or the end
// of the line when the line is shorter.
func byteAtX(line string, gx int) int {
	x := 0
	for i := 0; i < len(line); {
		u := nextUnit(line, i, x)
		if x+u.w > gx {
			return i
		}
		x += u.w
		i = u.end
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
