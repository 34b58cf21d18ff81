package ui

import (
	"path/filepath"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/model"
)

// keepRecoveryCmd writes the recovery copy of the unsaved work before the
// app quits without saving (d at the quit question): the next start
// offers it back once, where restoring or discarding it is a choice made
// with the work in view. The copy written by the last tick may be a
// second old, so it is written again unless it holds this very state.
func (a *App) keepRecoveryCmd() tea.Cmd {
	if a.recoveryFile == "" || !a.s.Dirty() || a.rec.written == a.s.version {
		return nil
	}
	doc, file, deps := a.s.doc, a.recoveryFile, a.deps
	a.rec.written = a.s.version
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
