package kit

import (
	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/model"
)

// An action is what a pane or dialog asks the root to do. Panes never
// change the document, the selection or the focus themselves: they return
// actions and the root applies them, once, in apply.
type Action any

type (
	// ActSwitch shows another document of the workspace (its path
	// relative to the workspace) and, when At is set, selects that row.
	ActSwitch struct {
		Path string
		At   *Sel
	}
	// ActSelect selects a row of the tools list; the form and the preview follow.
	ActSelect struct{ At Sel }
	// ActFocus moves the focus; edit starts editing the focused field.
	ActFocus struct {
		Pane Pane
		Edit bool
	}
	// ActEdit changes the document through the session. group joins
	// consecutive edits of one field into one undo step. later leaves the
	// conversion (and the panes that show it) to the next message (see
	// Session.ApplyLater).
	ActEdit struct {
		Group string
		Fn    Edit
		Later bool
		By    Viewer
	}
	// ActRun runs a named command of the palette; one chosen (in the
	// palette, or by its key) that saves or quits asks first when text
	// being typed would be left out (typedQuestion).
	ActRun struct {
		Name   string
		Chosen bool
	}
	// ActStatus shows a message on the status line.
	ActStatus struct {
		Text string
		Err  bool
	}
	// ActJump goes to the tool, field, line and column a diagnostic is about.
	ActJump struct{ D convert.Diagnostic }
	// ActOpen opens a dialog; actClose closes the open one.
	ActOpen  struct{ D Dialog }
	ActClose struct{}
	// ActCmd hands a command (IO, a focus blink) to Bubble Tea.
	ActCmd struct{ Cmd tea.Cmd }
	// ActRebuild rebuilds the form of the selection (its fields depend on
	// a value that changed, such as web_search's type).
	ActRebuild struct{}
	// ActAdd adds a tool of a catalogue type and starts naming it.
	ActAdd struct{ Typ string }
	// ActSaveTo saves the document under a file name. force writes over
	// a file that changed on disk; asDocument writes a body as a tooltui
	// document (and the app then edits it as one); losses are what a body
	// leaves out that the user agreed to (see files.go).
	ActSaveTo struct {
		Path       string
		Quit       bool
		Force      bool
		AsDocument bool
		Losses     []string
	}
	// ActExport writes the request JSON to a file; force writes over a
	// file that is there.
	ActExport struct {
		Path  string
		Force bool
	}
	// ActReload replaces the document with the file's content on disk.
	ActReload struct {
		Path  string
		Data  []byte
		Stamp model.Stamp
		What  string // what changed, for the status line
	}
	// ActPick sets a choice field to one of its options.
	ActPick struct {
		Field string
		// Label is the option as the list showed it, at the row the list
		// was opened for: the document may have changed the options since
		Label string
		At    Sel
	}
	// ActRestore puts recovered work in place (nil discards it).
	ActRestore struct{ Doc *model.Document }
	// ActCopy copies text to the clipboard; what names it on the status
	// line.
	ActCopy struct{ What, Text string }
	// ActRefresh brings the panes up to the document changed under the
	// selection (App.refresh).
	ActRefresh struct{}
	// ActShow selects row at after the document was replaced under it (an
	// undo, a reload): the form keeps its focused field, and its editing.
	ActShow struct{ At Sel }
	// ActDrop takes the open dialogs that match away without answering
	// them (a newer change on disk replaces the Changed on disk question);
	// the one under the top, if that goes, is open again.
	ActDrop struct{ Match func(Dialog) bool }
	// ActLayout lays the panes out again (a pane zoomed or back).
	ActLayout struct{}
	// ActUnsay takes the status message away.
	ActUnsay struct{}
	// ActSave is ctrl+s: it saves the document, but when text is typed
	// and not applied yet (pending says what) the first one says so and
	// the second saves.
	ActSave struct{ Pending string }
	// ActQuit quits now, without asking. keepRecovery first writes the
	// recovery copy of the unsaved work, which the next start offers.
	ActQuit struct{ KeepRecovery bool }
)

// Viewer names the view an edit comes from: that view shows the document
// the edit makes, while every other view reads it again.
type Viewer int

const (
	byOther  Viewer = iota
	ByForm          // a field of the form
	ByDialog        // the open dialog
	ByTree          // the parameters tree
)

// Say is a shorthand for a status action.
func Say(text string) Action { return ActStatus{Text: text} }

// SayErr is a status action for a failure.
func SayErr(text string) Action { return ActStatus{Text: text, Err: true} }
