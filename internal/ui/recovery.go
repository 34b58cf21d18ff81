package ui

import (
	"fmt"
	"path/filepath"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/model"
)

// Unsaved work is copied to a recovery file at most recoveryDelay after the
// first unsaved change, and again every recoveryDelay while changes go on,
// so that a crash or a killed terminal loses at most that much: the next
// start for the same file offers to restore it. A save, an undo back to
// the saved state, or quitting on purpose removes the copy.

// recoveryDelay bounds how old the copy is while changes go on.
const recoveryDelay = time.Second

// recoveryState is what the app knows of its recovery copy.
type recoveryState struct {
	pending  bool   // a tick is on its way
	written  uint64 // the document version the copy holds (0: none)
	tooLarge bool   // the last copy was refused for its size (said once)
}

type recoveryTickMsg struct{}

type recoveryWrittenMsg struct {
	err      error
	tooLarge int // the size of a copy too large to write
}

// scheduleRecovery asks for a recovery write unless one is on its way:
// steady typing does not put it off.
func (a *App) scheduleRecovery() tea.Cmd {
	if a.recoveryFile == "" || a.rec.pending {
		return nil
	}
	a.rec.pending = true
	return a.deps.Tick(recoveryDelay, func(time.Time) tea.Msg { return recoveryTickMsg{} })
}

// onRecoveryTick writes the document's whole state (a body's shape and
// drafts included) unless the copy already holds it. A copy tooltui could
// not load back (over model.MaxDocumentBytes) is not written, and the
// stale one is removed: the status line says so once.
func (a *App) onRecoveryTick(recoveryTickMsg) tea.Cmd {
	a.rec.pending = false
	if !a.s.Dirty() || a.recoveryFile == "" || a.rec.written == a.s.Version() {
		return nil
	}
	// The document is never changed in place: the command marshals it off
	// the event loop (megabytes take tens of milliseconds, which typing
	// would feel).
	doc, file, deps := a.s.Doc(), a.recoveryFile, a.deps
	a.rec.written = a.s.Version()
	return func() tea.Msg {
		data, err := doc.MarshalState()
		if err != nil {
			return nil
		}
		if len(data) > model.MaxDocumentBytes {
			_ = deps.Remove(file)
			return recoveryWrittenMsg{tooLarge: len(data)}
		}
		if err := deps.MkdirAll(filepath.Dir(file), 0o700); err != nil {
			return recoveryWrittenMsg{err: err}
		}
		return recoveryWrittenMsg{err: deps.WriteFile(file, data)}
	}
}

// onRecoveryWritten reports a copy that could not be written, and, once,
// a document too large for one.
func (a *App) onRecoveryWritten(m recoveryWrittenMsg) tea.Cmd {
	if m.tooLarge > 0 {
		if a.rec.tooLarge {
			return nil
		}
		a.rec.tooLarge = true
		return a.say(fmt.Sprintf("No recovery copy: the document is %.1f MiB, over the %d MiB tooltui loads; save it to keep it", float64(m.tooLarge)/(1<<20), model.MaxDocumentBytes>>20), true)
	}
	a.rec.tooLarge = false
	if m.err != nil {
		return a.apply(sayErr("Could not keep a recovery copy: " + m.err.Error()))
	}
	return nil
}

// dropRecovery removes the copy, which then holds nothing.
func (a *App) dropRecovery() tea.Cmd {
	a.rec.written = 0
	return removeRecoveryCmd(a.recoveryFile, a.deps)
}

// recoveryFollows moves the recovery copy to the one of path after the
// document was saved under a new name (the example saved as a file).
func (a *App) recoveryFollows(path string) tea.Cmd {
	if a.recoveryFile == "" || a.deps.RecoveryFile == nil {
		return nil
	}
	next := a.deps.RecoveryFile(path)
	if next == a.recoveryFile || next == "" {
		return nil
	}
	old := a.recoveryFile
	a.recoveryFile = next
	a.rec.written = 0
	return removeRecoveryCmd(old, a.deps)
}

// removeRecoveryCmd removes the copy (after a save, a deliberate quit, or
// an undo back to the saved state).
func removeRecoveryCmd(file string, deps Deps) tea.Cmd {
	if file == "" {
		return nil
	}
	return func() tea.Msg {
		_ = deps.Remove(file)
		return nil
	}
}
