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
	"strings"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
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
