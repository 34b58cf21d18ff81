package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/model"
)

// An action is what a pane or dialog asks the root to do. Panes never
// change the document, the selection or the focus themselves: they return
// actions and the root applies them, once, in apply.
type action any

type (
	// actSelect selects a row of the tools list; the form and the preview follow.
	actSelect struct{ at sel }
	// actFocus moves the focus; edit starts editing the focused field.
	actFocus struct {
		pane Pane
		edit bool
	}
	// actEdit changes the document through the session. group joins
	// consecutive edits of one field into one undo step. later leaves the
	// conversion (and the panes that show it) to the next message (see
	// Session.ApplyLater).
	actEdit struct {
		group string
		fn    edit
		later bool
		by    viewer
	}
	// actRun runs a named command of the palette; one chosen (in the
	// palette, or by its key) that saves or quits asks first when text
	// being typed would be left out (typedQuestion).
	actRun struct {
		name   string
		chosen bool
	}
	// actStatus shows a message on the status line.
	actStatus struct {
		text string
		err  bool
	}
	// actJump goes to the tool, field, line and column a diagnostic is about.
	actJump struct{ d convert.Diagnostic }
	// actOpen opens a dialog; actClose closes the open one.
	actOpen  struct{ d dialog }
	actClose struct{}
	// actCmd hands a command (IO, a focus blink) to Bubble Tea.
	actCmd struct{ cmd tea.Cmd }
	// actRebuild rebuilds the form of the selection (its fields depend on
	// a value that changed, such as web_search's type).
	actRebuild struct{}
	// actAdd adds a tool of a catalogue type and starts naming it.
	actAdd struct{ typ string }
	// actSaveTo saves the document under a file name. force writes over
	// a file that changed on disk; asDocument writes a body as a tooltui
	// document (and the app then edits it as one); losses are what a body
	// leaves out that the user agreed to (see files.go).
	actSaveTo struct {
		path       string
		quit       bool
		force      bool
		asDocument bool
		losses     []string
	}
	// actExport writes the request JSON to a file; force writes over a
	// file that is there.
	actExport struct {
		path  string
		force bool
	}
	// actReload replaces the document with the file's content on disk.
	actReload struct {
		path  string
		data  []byte
		stamp model.Stamp
		what  string // what changed, for the status line
	}
	// actPick sets a choice field to one of its options.
	actPick struct {
		field string
		// label is the option as the list showed it, at the row the list
		// was opened for: the document may have changed the options since
		label string
		at    sel
	}
	// actRestore puts recovered work in place (nil discards it).
	actRestore struct{ doc *model.Document }
	// actCopy copies text to the clipboard; what names it on the status
	// line.
	actCopy struct{ what, text string }
	// actRefresh brings the panes up to the document changed under the
	// selection (App.refresh).
	actRefresh struct{}
	// actShow selects row at after the document was replaced under it (an
	// undo, a reload): the form keeps its focused field, and its editing.
	actShow struct{ at sel }
	// actDrop takes the open dialogs that match away without answering
	// them (a newer change on disk replaces the Changed on disk question);
	// the one under the top, if that goes, is open again.
	actDrop struct{ match func(dialog) bool }
	// actLayout lays the panes out again (a pane zoomed or back).
	actLayout struct{}
	// actUnsay takes the status message away.
	actUnsay struct{}
	// actSave is ctrl+s: it saves the document, but when text is typed
	// and not applied yet (pending says what) the first one says so and
	// the second saves.
	actSave struct{ pending string }
	// actQuit quits now, without asking. keepRecovery first writes the
	// recovery copy of the unsaved work, which the next start offers.
	actQuit struct{ keepRecovery bool }
)

// viewer names the view an edit comes from: that view shows the document
// the edit makes, while every other view reads it again.
type viewer int

const (
	byOther  viewer = iota
	byForm          // a field of the form
	byDialog        // the open dialog
	byTree          // the parameters tree
)

// say is a shorthand for a status action.
func say(text string) action { return actStatus{text: text} }

// sayErr is a status action for a failure.
func sayErr(text string) action { return actStatus{text: text, err: true} }
