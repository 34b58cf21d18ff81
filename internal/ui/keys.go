package ui

import "charm.land/bubbles/v2/key"

// KeyMap declares every binding once; help shows the live ones.
type KeyMap struct {
	// Global bindings work everywhere, also while a text field has focus,
	// so none of them is a printable key.
	Quit, Save, Undo, Redo, NextField, PrevField, Esc key.Binding
	CopyRequest, CopyTools, CopyCurl, ExternalEditor  key.Binding

	// Navigation bindings work when no text field has focus.
	Help, QuitKey, FocusTools, FocusEditor, FocusPreview, FocusDiags key.Binding
	Up, Down, PageUp, PageDown, Home, End, Enter, Left, Right        key.Binding

	// Tools pane.
	Add, Delete, Duplicate, MoveUp, MoveDown, Toggle key.Binding
	// Editor pane.
	RawToggle key.Binding
	// Confirmations.
	SaveQuit, Discard, Restore, Cancel key.Binding
}

// DefaultKeyMap returns the bindings.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Quit:           key.NewBinding(key.WithKeys("ctrl+c", "ctrl+q"), key.WithHelp("ctrl+q", "quit")),
		Save:           key.NewBinding(key.WithKeys("ctrl+s"), key.WithHelp("ctrl+s", "save")),
		Undo:           key.NewBinding(key.WithKeys("ctrl+z"), key.WithHelp("ctrl+z", "undo")),
		Redo:           key.NewBinding(key.WithKeys("ctrl+y", "ctrl+shift+z"), key.WithHelp("ctrl+y", "redo")),
		NextField:      key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "next field/pane")),
		PrevField:      key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", "previous")),
		Esc:            key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "leave field")),
		CopyRequest:    key.NewBinding(key.WithKeys("alt+c"), key.WithHelp("alt+c", "copy request")),
		CopyTools:      key.NewBinding(key.WithKeys("alt+t"), key.WithHelp("alt+t", "copy tools")),
		CopyCurl:       key.NewBinding(key.WithKeys("alt+u"), key.WithHelp("alt+u", "copy curl")),
		ExternalEditor: key.NewBinding(key.WithKeys("alt+e"), key.WithHelp("alt+e", "$EDITOR")),

		Help:         key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "all keys")),
		QuitKey:      key.NewBinding(key.WithKeys("q"), key.WithHelp("q", "quit")),
		FocusTools:   key.NewBinding(key.WithKeys("1"), key.WithHelp("1-4", "focus pane")),
		FocusEditor:  key.NewBinding(key.WithKeys("2")),
		FocusPreview: key.NewBinding(key.WithKeys("3")),
		FocusDiags:   key.NewBinding(key.WithKeys("4")),
		Up:           key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:         key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		PageUp:       key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "page up")),
		PageDown:     key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", "page down")),
		Home:         key.NewBinding(key.WithKeys("home", "g"), key.WithHelp("g", "top")),
		End:          key.NewBinding(key.WithKeys("end", "G"), key.WithHelp("G", "bottom")),
		Enter:        key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "open")),
		Left:         key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←/→", "change")),
		Right:        key.NewBinding(key.WithKeys("right", "l")),

		Add:       key.NewBinding(key.WithKeys("a", "insert"), key.WithHelp("a", "add tool")),
		Delete:    key.NewBinding(key.WithKeys("x", "delete"), key.WithHelp("x", "delete")),
		Duplicate: key.NewBinding(key.WithKeys("D"), key.WithHelp("D", "duplicate")),
		MoveUp:    key.NewBinding(key.WithKeys("K", "shift+up"), key.WithHelp("K/J", "move")),
		MoveDown:  key.NewBinding(key.WithKeys("J", "shift+down")),
		Toggle:    key.NewBinding(key.WithKeys("space", "e"), key.WithHelp("space", "enable/disable")),

		RawToggle: key.NewBinding(key.WithKeys("alt+r"), key.WithHelp("alt+r", "form/raw JSON")),

		SaveQuit: key.NewBinding(key.WithKeys("s", "y"), key.WithHelp("s", "save and quit")),
		Discard:  key.NewBinding(key.WithKeys("d", "n"), key.WithHelp("d", "discard")),
		Restore:  key.NewBinding(key.WithKeys("r", "y"), key.WithHelp("r", "restore")),
		Cancel:   key.NewBinding(key.WithKeys("esc", "c"), key.WithHelp("esc", "cancel")),
	}
}
