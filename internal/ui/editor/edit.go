package editor

import (
	"strings"
	"unicode"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
)

const textMods = tea.ModCtrl | tea.ModAlt | tea.ModMeta | tea.ModSuper | tea.ModHyper

// handleKey handles a key: a move, else an edit, else nothing.
func (m *Model) handleKey(msg tea.KeyPressMsg) {
	m.ensure()
	s := msg.String()
	if kind := m.editKind(msg, s); kind != editNone {
		m.remember(kind)
		defer m.edited1()
	}
	if m.selAll {
		m.handleSelectedKey(msg, s)
		return
	}
	keepGoal, moved := m.moveKey(s)
	if !moved && !m.editKey(msg, s) {
		return
	}
	if !keepGoal {
		m.goalX = -1
	}
	m.fit()
}

// moveKey moves the cursor for a movement key; moved is false for
// another key. keepGoal: the move is vertical and keeps the column the
// cursor aims at.
func (m *Model) moveKey(s string) (keepGoal, moved bool) {
	k := &m.KeyMap
	line := m.lines[m.row]
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
	default:
		return false, false
	}
	return keepGoal, true
}

// editKey changes the text for an editing key or printable text; false
// for another key.
func (m *Model) editKey(msg tea.KeyPressMsg, s string) bool {
	k := &m.KeyMap
	line := m.lines[m.row]
	switch {
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
		return false
	}
	return true
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
