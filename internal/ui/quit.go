package ui

import (
	"path/filepath"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/model"
)

// keepRecoveryCmd writes the recovery copy of the unsaved work before the
// app quits without saving (d at the quit question): the next start
// offers it back once, where restoring or discarding it is a choice made
// with the work in view. The copy of the last tick may be a second old,
// or still being written: it is written again, and the app quits once it
// is on disk.
func (a *App) keepRecoveryCmd() tea.Cmd {
	if a.recoveryFile == "" || !a.s.Dirty() {
		return nil
	}
	doc, file, deps := a.s.Doc(), a.recoveryFile, a.deps
	a.rec.written = a.s.Version()
	return func() tea.Msg {
		data, err := doc.MarshalState()
		if err != nil || len(data) > model.MaxDocumentBytes {
			return nil
		}
		if deps.MkdirAll(filepath.Dir(file), 0o700) == nil {
			_ = deps.WriteFile(file, data)
		}
		return nil
	}
}
