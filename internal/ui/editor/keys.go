package editor

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// KeyMap is the set of key bindings the editor reacts to. Keys are matched
// against tea.KeyPressMsg.String(), so they use Bubble Tea v2 names ("pgup",
// "ctrl+home", "alt+backspace", ...). Printable text is not a binding: any
// KeyPressMsg with non-empty Text and no ctrl/alt modifier that matches no
// binding is inserted.
//
// Disable a binding with SetEnabled(false) to let the parent own that key;
// rebuild the map rather than mutating one that is shared.
type KeyMap struct {
	CharacterForward  key.Binding
	CharacterBackward key.Binding
	LineUp            key.Binding
	LineDown          key.Binding
	WordForward       key.Binding
	WordBackward      key.Binding
	LineStart         key.Binding
	LineEnd           key.Binding
	PageUp            key.Binding
	PageDown          key.Binding
	BufferStart       key.Binding
	BufferEnd         key.Binding

	InsertNewline key.Binding
	InsertTab     key.Binding

	DeleteCharacterBackward key.Binding
	DeleteCharacterForward  key.Binding
	DeleteWordBackward      key.Binding
	DeleteWordForward       key.Binding
	DeleteAfterCursor       key.Binding
	DeleteBeforeCursor      key.Binding
}

// DefaultKeyMap returns the default editor bindings.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		CharacterForward:  key.NewBinding(key.WithKeys("right"), key.WithHelp("→", "right")),
		CharacterBackward: key.NewBinding(key.WithKeys("left"), key.WithHelp("←", "left")),
		LineUp:            key.NewBinding(key.WithKeys("up"), key.WithHelp("↑", "up")),
		LineDown:          key.NewBinding(key.WithKeys("down"), key.WithHelp("↓", "down")),
		WordForward:       key.NewBinding(key.WithKeys("alt+right", "ctrl+right", "alt+f"), key.WithHelp("alt+→", "word forward")),
		WordBackward:      key.NewBinding(key.WithKeys("alt+left", "ctrl+left", "alt+b"), key.WithHelp("alt+←", "word back")),
		LineStart:         key.NewBinding(key.WithKeys("home", "ctrl+a"), key.WithHelp("home", "line start")),
		LineEnd:           key.NewBinding(key.WithKeys("end", "ctrl+e"), key.WithHelp("end", "line end")),
		PageUp:            key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "page up")),
		PageDown:          key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", "page down")),
		BufferStart:       key.NewBinding(key.WithKeys("ctrl+home"), key.WithHelp("ctrl+home", "start of text")),
		BufferEnd:         key.NewBinding(key.WithKeys("ctrl+end"), key.WithHelp("ctrl+end", "end of text")),

		InsertNewline: key.NewBinding(key.WithKeys("enter", "ctrl+m"), key.WithHelp("enter", "new line")),
		InsertTab:     key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "indent")),

		DeleteCharacterBackward: key.NewBinding(key.WithKeys("backspace", "ctrl+h"), key.WithHelp("backspace", "delete back")),
		DeleteCharacterForward:  key.NewBinding(key.WithKeys("delete"), key.WithHelp("del", "delete")),
		DeleteWordBackward:      key.NewBinding(key.WithKeys("ctrl+w", "alt+backspace"), key.WithHelp("ctrl+w", "delete word back")),
		DeleteWordForward:       key.NewBinding(key.WithKeys("alt+delete", "alt+d"), key.WithHelp("alt+d", "delete word")),
		DeleteAfterCursor:       key.NewBinding(key.WithKeys("ctrl+k"), key.WithHelp("ctrl+k", "delete to line end")),
		DeleteBeforeCursor:      key.NewBinding(key.WithKeys("ctrl+u"), key.WithHelp("ctrl+u", "delete to line start")),
	}
}

// ShortHelp implements help.KeyMap.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.WordForward, k.WordBackward, k.DeleteWordBackward, k.DeleteAfterCursor}
}

// FullHelp implements help.KeyMap.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.CharacterForward, k.CharacterBackward, k.LineUp, k.LineDown, k.WordForward, k.WordBackward},
		{k.LineStart, k.LineEnd, k.PageUp, k.PageDown, k.BufferStart, k.BufferEnd},
		{k.InsertNewline, k.InsertTab, k.DeleteCharacterBackward, k.DeleteCharacterForward},
		{k.DeleteWordBackward, k.DeleteWordForward, k.DeleteAfterCursor, k.DeleteBeforeCursor},
	}
}

// bindings lists every binding, for collision checks.
func (k KeyMap) bindings() []key.Binding {
	var out []key.Binding
	for _, col := range k.FullHelp() {
		out = append(out, col...)
	}
	return out
}

// matches reports whether the key string s triggers b. It avoids
// key.Matches so msg.String() is computed once per message.
func matches(s string, b key.Binding) bool {
	if !b.Enabled() {
		return false
	}
	for _, k := range b.Keys() {
		if k == s {
			return true
		}
	}
	return false
}

// Handles reports whether the editor does something with k when focused:
// a key of its KeyMap, or printable text.
func (m Model) Handles(k tea.KeyPressMsg) bool {
	if k.Text != "" && k.Mod&textMods == 0 {
		return true
	}
	s := k.String()
	km := &m.KeyMap
	for _, b := range []key.Binding{km.CharacterForward, km.CharacterBackward, km.LineUp, km.LineDown,
		km.WordForward, km.WordBackward, km.LineStart, km.LineEnd, km.PageUp, km.PageDown, km.BufferStart,
		km.BufferEnd, km.InsertNewline, km.InsertTab, km.DeleteCharacterBackward, km.DeleteCharacterForward,
		km.DeleteWordBackward, km.DeleteWordForward, km.DeleteAfterCursor, km.DeleteBeforeCursor} {
		if matches(s, b) {
			return true
		}
	}
	return false
}
