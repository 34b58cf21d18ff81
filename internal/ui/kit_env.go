package ui

import "github.com/tooltui/tooltui/internal/model"

// Pane is a region of the screen that can have focus.
type Pane int

const (
	PaneTools Pane = iota
	PaneEditor
	PanePreview
	PaneDiags
	paneCount
)

// env is what panes and dialogs may read: the session, styles and keys.
type env struct {
	s   *Session
	st  *Styles
	km  *KeyMap
	at  sel
	tok tokenCells // what the tools cost
}

// tokenCells is what the tools pane reads of the token estimate: the
// cell of the tools pane's token column for an entry of document d.
type tokenCells interface {
	cell(d *model.Document, k model.Kind, i int) string
}
