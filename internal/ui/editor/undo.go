package editor

import (
	"strings"

	tea "charm.land/bubbletea/v2"
)

// The editor's own undo: Undo takes back the last run of typing (or a
// deletion, a newline, a paste), Redo puts it back; the cursor goes where
// it was before that run, so typing goes on where it left off. SetValue
// (text from outside, such as the document changed elsewhere) forgets
// both.

// maxUndo and maxUndoBytes bound the steps kept (the texts they hold);
// the oldest go first, the last one always stays.
const (
	maxUndo      = 100
	maxUndoBytes = 8 << 20
)

type editKind int

const (
	editNone   editKind = iota
	editType            // printable text: a run of it is one step
	editDelete          // the delete keys: a run of them is one step
	editOther           // a newline, a tab, a paste: a step each
)

type undoState struct {
	text    string
	row, cb int
}

type history struct {
	undo, redo []undoState
	// last is the kind of the last edit and where it left the cursor: an
	// edit of the same kind from there joins its step.
	last           editKind
	lastRow, lastB int
}

// editKind is the kind of edit key k makes, editNone for other keys.
func (m *Model) editKind(k tea.KeyPressMsg, s string) editKind {
	km := &m.KeyMap
	switch {
	case matches(s, km.InsertNewline), matches(s, km.InsertTab):
		return editOther
	case matches(s, km.DeleteCharacterBackward), matches(s, km.DeleteCharacterForward),
		matches(s, km.DeleteWordBackward), matches(s, km.DeleteWordForward),
		matches(s, km.DeleteAfterCursor), matches(s, km.DeleteBeforeCursor):
		if m.size == 0 {
			return editNone
		}
		return editDelete
	case k.Text != "" && k.Mod&textMods == 0:
		if m.selAll {
			return editOther
		}
		return editType
	}
	return editNone
}

// remember keeps the text before an edit of this kind, unless the edit
// goes on the step of the one before it.
func (m *Model) remember(kind editKind) {
	if m.hist == nil {
		m.hist = &history{}
	}
	h := m.hist
	h.redo = nil
	if kind != editOther && kind == h.last && m.row == h.lastRow && m.cb == h.lastB && !m.selAll {
		return
	}
	h.undo = append(h.undo, undoState{text: m.Value(), row: m.row, cb: m.cb})
	size, keep := 0, 0 // the newest steps within the bounds
	for i := len(h.undo) - 1; i >= 0; i-- {
		size += len(h.undo[i].text)
		if keep > 0 && (keep == maxUndo || size > maxUndoBytes) {
			break
		}
		keep++
	}
	if keep < len(h.undo) {
		h.undo = append([]undoState(nil), h.undo[len(h.undo)-keep:]...)
	}
	h.last = kind
}

// edited1 notes where an edit left the cursor.
func (m *Model) edited1() {
	if m.hist != nil {
		m.hist.lastRow, m.hist.lastB = m.row, m.cb
	}
}

// forget drops the undo and redo steps.
func (m *Model) forget() {
	if m.hist != nil {
		*m.hist = history{}
	}
}

// CanUndo reports whether Undo has a step to take back; CanRedo whether
// Redo has one to put back.
func (m Model) CanUndo() bool { return m.hist != nil && len(m.hist.undo) > 0 }
func (m Model) CanRedo() bool { return m.hist != nil && len(m.hist.redo) > 0 }

// Undo takes back the last step of editing and reports whether there was
// one. The cursor goes where it was before the step.
func (m *Model) Undo() bool { return m.step(false) }

// Redo puts back the last step Undo took back.
func (m *Model) Redo() bool { return m.step(true) }

func (m *Model) step(redo bool) bool {
	h := m.hist
	if h == nil {
		return false
	}
	from, to := &h.undo, &h.redo
	if redo {
		from, to = to, from
	}
	for len(*from) > 0 {
		st := (*from)[len(*from)-1]
		*from = (*from)[:len(*from)-1]
		cur := undoState{text: m.Value(), row: m.row, cb: m.cb}
		if st.text == cur.text {
			continue // an edit that changed nothing
		}
		*to = append(*to, cur)
		m.lines = strings.Split(st.text, "\n")
		m.size = len(st.text)
		m.selAll = false
		m.edited()
		m.cache = &valueCache{ok: true, s: st.text}
		m.row = min(max(st.row, 0), len(m.lines)-1)
		m.cb = min(max(st.cb, 0), len(m.lines[m.row]))
		m.goalX = -1
		h.last = editNone
		m.fit()
		return true
	}
	return false
}

// ClearUndo drops the undo and redo steps (the field is left: its typing
// is the document's to undo from now on).
func (m *Model) ClearUndo() { m.forget() }
