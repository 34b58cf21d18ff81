package kit

import (
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/workspace"
)

// Pane is a region of the screen that can have focus.
type Pane int

const (
	PaneTools Pane = iota
	PaneEditor
	PanePreview
	PaneDiags
	PaneCount
)

// Env is what panes and dialogs may read: the session, styles and keys.
type Env struct {
	S   *Session
	St  *Styles
	Km  *KeyMap
	At  Sel
	Tok tokenCells // what the tools cost
	// Ws is the workspace the document shown is Shown of (tooltui DIR);
	// nil outside one. Its methods that read files are for commands.
	Ws    *workspace.Workspace
	Shown string
}

// tokenCells is what the tools pane reads of the token estimate: the
// cell of the tools pane's token column for an entry of document d.
type tokenCells interface {
	Cell(d *model.Document, k model.Kind, i int) string
}
