package kit

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// KeyMap declares every binding once; help, the palette and the panes read
// them from here.
type KeyMap struct {
	// Global bindings work everywhere, also while a text field is being
	// edited, so none of them is a printable key.
	Quit, Save, Undo, Redo, Palette, NextField, PrevField key.Binding
	CopyRequest, CopyTools, CopyCurl, ExternalEditor      key.Binding
	RawToggle, FormatJSON, Send, Import                   key.Binding
	// A workspace's documents.
	SwitchDoc, SearchDocs, SaveAll key.Binding

	// Navigation bindings work when no text field is being edited.
	Help, QuitKey, FocusTools, FocusEditor, FocusPreview, FocusDiags key.Binding
	Up, Down, PageUp, PageDown, Home, End, Left, Right               key.Binding
	Enter, Edit, Back, Zoom, CopyMenu, ExternalEditorKey             key.Binding
	RawToggleKey, FormatJSONKey, Export, SaveAs, FixAll              key.Binding
	Tree, TestArgs, Infer, Formats, ListMCPTools, Mocks              key.Binding

	// Tools pane.
	Add, Delete, Duplicate, MoveUp, MoveDown, Toggle, Filter key.Binding
	Mark, MarkAll, ClearMarks                                key.Binding

	// Diagnostics pane.
	Fix key.Binding

	// While editing a field.
	StopEditing, Done, SelectAll key.Binding

	// Dialogs.
	SaveQuit, Discard, Restore, Cancel key.Binding
}

// DefaultKeyMap returns the bindings.
func DefaultKeyMap() KeyMap {
	b := func(keys []string, help, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	k := func(keys ...string) []string { return keys }
	return KeyMap{
		Quit:           b(k("ctrl+q", "ctrl+c"), "ctrl+q", "quit"),
		Save:           b(k("ctrl+s"), "ctrl+s", "save"),
		Undo:           b(k("ctrl+z"), "ctrl+z", "undo"),
		Redo:           b(k("ctrl+y", "ctrl+shift+z"), "ctrl+y", "redo"),
		Palette:        b(k("ctrl+p"), "ctrl+p", "commands"),
		NextField:      b(k("tab"), "tab", "next field/pane"),
		PrevField:      b(k("shift+tab"), "shift+tab", "previous field/pane"),
		CopyRequest:    b(k("alt+c"), "alt+c", "copy request"),
		CopyTools:      b(k("alt+t"), "alt+t", "copy tools array"),
		CopyCurl:       b(k("alt+u"), "alt+u", "copy curl"),
		ExternalEditor: b(k("alt+e"), "alt+e", "open field in $EDITOR"),
		RawToggle:      b(k("alt+r"), "alt+r", "form / JSON"),
		FormatJSON:     b(k("alt+F", "alt+shift+f"), "alt+shift+f", "format JSON"),
		Send:           b(k("ctrl+r"), "ctrl+r", "send the request"),
		Import:         b(k("alt+i"), "alt+i", "import tools from a file or an MCP server"),
		SwitchDoc:      b(k("ctrl+o"), "ctrl+o", "switch document"),
		SearchDocs:     b(k("ctrl+f"), "ctrl+f", "search the workspace"),
		SaveAll:        b(k("alt+s"), "alt+s", "save all documents"),

		Help:              b(k("?"), "?", "all keys"),
		QuitKey:           b(k("q"), "q", "quit"),
		FocusTools:        b(k("1"), "1", "tools pane"),
		FocusEditor:       b(k("2"), "2", "editor pane"),
		FocusPreview:      b(k("3"), "3", "preview pane"),
		FocusDiags:        b(k("4"), "4", "diagnostics pane"),
		Up:                b(k("up", "k"), "↑/k", "up"),
		Down:              b(k("down", "j"), "↓/j", "down"),
		PageUp:            b(k("pgup"), "pgup", "page up"),
		PageDown:          b(k("pgdown"), "pgdn", "page down"),
		Home:              b(k("home", "g"), "g/home", "top"),
		End:               b(k("end", "G"), "G/end", "bottom"),
		Left:              b(k("left", "h"), "←/h", "previous choice, scroll left"),
		Right:             b(k("right", "l"), "→/l", "next choice, scroll right"),
		Enter:             b(k("enter"), "enter", "open / edit / jump"),
		Edit:              b(k("i"), "i", "edit field"),
		Back:              b(k("esc"), "esc", "back"),
		Zoom:              b(k("z"), "z", "zoom pane"),
		CopyMenu:          b(k("y"), "y", "copy…"),
		ExternalEditorKey: b(k("E"), "E", "open field in $EDITOR"),
		RawToggleKey:      b(k("R"), "R", "form / JSON"),
		FormatJSONKey:     b(k("="), "=", "format JSON"),
		Export:            b(k("X"), "X", "export request"),
		SaveAs:            b(k("S"), "S", "save as"),
		FixAll:            b(k("F"), "F", "fix all safe problems"),
		Tree:              b(k("T"), "T", "parameters as a tree"),
		TestArgs:          b(k("A"), "A", "test arguments"),
		Infer:             b(k("I"), "I", "infer parameters from an example"),
		Formats:           b(k("V"), "V", "view in other formats"),
		ListMCPTools:      b(k("L"), "L", "list the MCP server's tools"),
		Mocks:             b(k("M"), "M", "edit mock outputs"),

		Add:       b(k("a", "insert"), "a", "add tool"),
		Delete:    b(k("x", "delete"), "x", "delete"),
		Duplicate: b(k("D"), "D", "duplicate"),
		MoveUp:    b(k("K", "shift+up"), "K", "move up"),
		MoveDown:  b(k("J", "shift+down"), "J", "move down"),
		Toggle:    b(k("space"), "space", "enable/disable"),
		Filter:    b(k("/"), "/", "filter"),

		Mark:       b(k("m"), "m", "mark/unmark and move down"),
		MarkAll:    b(k("ctrl+a"), "ctrl+a", "mark all shown tools"),
		ClearMarks: b(k("esc"), "esc", "clear marks"),

		Fix: b(k("f"), "f", "fix…"),

		StopEditing: b(k("esc"), "esc", "stop editing"),
		Done:        b(k("enter"), "enter", "done (one-line field)"),
		SelectAll:   b(k("alt+a"), "alt+a", "select the whole field: typing or a paste replaces it"),

		SaveQuit: b(k("s", "y"), "s", "save and quit"),
		Discard:  b(k("d", "n"), "d", "discard"),
		Restore:  b(k("r", "y"), "r", "restore"),
		Cancel:   b(k("esc", "c"), "esc", "cancel"),
	}
}

// ListMove is where a list's cursor goes for a moving key (up, down, a
// page of page rows, first, last) in a list of n rows; ok is false for any
// other key. The caller clamps and scrolls.
func ListMove(k tea.KeyPressMsg, km *KeyMap, cur, page, n int) (next int, ok bool) {
	switch {
	case key.Matches(k, km.Up):
		return cur - 1, true
	case key.Matches(k, km.Down):
		return cur + 1, true
	case key.Matches(k, km.PageUp):
		return cur - page, true
	case key.Matches(k, km.PageDown):
		return cur + page, true
	case key.Matches(k, km.Home):
		return 0, true
	case key.Matches(k, km.End):
		return n - 1, true
	}
	return cur, false
}

// Move is ListMove with km's keys (a checklist.Move).
func (km *KeyMap) Move(k tea.KeyPressMsg, cur, page, n int) (int, bool) {
	return ListMove(k, km, cur, page, n)
}

// ScrollTo is the first row to show of a list of n rows, rows at a time,
// that keeps row cur in view and moves as little as it can from off.
func ScrollTo(cur, off, rows, n int) int {
	if cur < off {
		off = cur
	}
	if cur >= off+rows {
		off = cur - rows + 1
	}
	return max(0, min(off, n-rows))
}

// ShortKey is b with the shorter help k, desc that a footer shows.
func ShortKey(b key.Binding, k, desc string) key.Binding {
	b.SetHelp(k, desc)
	return b
}
