package ui

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"time"

	tea "charm.land/bubbletea/v2"
)

// Unsaved work is copied to a recovery file a moment after each change, so
// that a crash or a killed terminal loses nothing: the next start for the
// same file offers to restore it. A save, or quitting on purpose, removes
// the copy.

// recoveryDelay is how long after the last change the copy is written.
const recoveryDelay = time.Second

// RecoveryFile is where unsaved work on path (or the example, for "") is
// kept; "" when the system has no cache directory.
func RecoveryFile(path string) string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	key := "example"
	if path != "" {
		if abs, err := filepath.Abs(path); err == nil {
			path = abs
		}
		sum := sha256.Sum256([]byte(path))
		key = filepath.Base(path) + "-" + hex.EncodeToString(sum[:8])
	}
	return filepath.Join(dir, "tooltui", "recovery", key+".json")
}

type recoveryTickMsg struct{ version uint64 }

type recoveryWrittenMsg struct{ err error }

// scheduleRecovery asks for a recovery write once changes pause.
func (a *App) scheduleRecovery() tea.Cmd {
	if a.recoveryFile == "" {
		return nil
	}
	v := a.s.version
	return tea.Tick(recoveryDelay, func(time.Time) tea.Msg { return recoveryTickMsg{version: v} })
}

// onRecoveryTick writes the copy if nothing changed since it was asked for.
func (a *App) onRecoveryTick(m recoveryTickMsg) tea.Cmd {
	if m.version != a.s.version || !a.s.Dirty() || a.recoveryFile == "" {
		return nil
	}
	data, err := a.s.doc.Marshal()
	if err != nil {
		return nil
	}
	file, deps := a.recoveryFile, a.deps
	return func() tea.Msg {
		if err := deps.MkdirAll(filepath.Dir(file), 0o700); err != nil {
			return recoveryWrittenMsg{err: err}
		}
		return recoveryWrittenMsg{err: deps.WriteFile(file, data)}
	}
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
