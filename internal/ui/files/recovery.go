package files

import (
	"fmt"
	"path/filepath"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/session"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// Unsaved work is copied to a recovery file at most recoveryDelay after the
// first unsaved change, and again every recoveryDelay while changes go on,
// so that a crash or a killed terminal loses at most that much: the next
// start for the same file offers to restore it. A save, an undo back to
// the saved state, or quitting on purpose removes the copy.

// RecoveryDelay bounds how old the copy is while changes go on.
const RecoveryDelay = time.Second

// recoveryState is what the app knows of its recovery copy.
type recoveryState struct {
	Pending  bool   // a tick is on its way
	written  uint64 // the document version the copy holds (0: none)
	tooLarge bool   // the last copy was refused for its size (said once)
}

type recoveryTickMsg struct{}

type recoveryWrittenMsg struct {
	err      error
	tooLarge int // the size of a copy too large to write
	// saveFits says, with tooLarge, that a save would be within the
	// limit all the same (a body leaves out what it cannot hold).
	saveFits bool
}

// scheduleRecovery asks for a recovery write unless one is on its way:
// steady typing does not put it off.
func (d *Disk) scheduleRecovery() tea.Cmd {
	if d.RecoveryFile == "" || d.Rec.Pending {
		return nil
	}
	d.Rec.Pending = true
	return d.deps.Tick(RecoveryDelay, func(time.Time) tea.Msg { return recoveryTickMsg{} })
}

// OnRecoveryTick writes the document's whole state (a body's shape and
// drafts included) unless the copy already holds it. A copy tooltui could
// not load back (over model.MaxDocumentBytes) is not written, and the
// stale one is removed: the status line says so once.
func (d *Disk) OnRecoveryTick(s *kit.Session) tea.Cmd {
	d.Rec.Pending = false
	if !s.Dirty() || d.RecoveryFile == "" || d.Rec.written == s.Version() {
		return nil
	}
	// The document is never changed in place: the command marshals it off
	// the event loop (megabytes take tens of milliseconds, which typing
	// would feel).
	doc, file, deps, base := s.Doc(), d.RecoveryFile, d.deps, session.BaseOf(s.Stamp())
	d.Rec.written = s.Version()
	return func() tea.Msg {
		data, err := doc.MarshalState()
		if err != nil {
			return nil
		}
		if len(data) > model.MaxDocumentBytes {
			_ = deps.Remove(file)
			saved, err := doc.Marshal()
			return recoveryWrittenMsg{tooLarge: len(data), saveFits: err == nil && len(saved) <= model.MaxDocumentBytes}
		}
		if err := deps.MkdirAll(filepath.Dir(file), 0o700); err != nil {
			return recoveryWrittenMsg{err: err}
		}
		return recoveryWrittenMsg{err: writeRecovery(deps, file, data, base)}
	}
}

// onRecoveryWritten reports a copy that could not be written, and, once,
// a document too large for one.
func (d *Disk) onRecoveryWritten(m recoveryWrittenMsg) []kit.Action {
	if m.tooLarge > 0 {
		if d.Rec.tooLarge {
			return nil
		}
		d.Rec.tooLarge = true
		size := fmt.Sprintf("%.1f MiB, over the %d MiB tooltui loads", float64(m.tooLarge)/(1<<20), model.MaxDocumentBytes>>20)
		if m.saveFits {
			return []kit.Action{kit.SayErr("No recovery copy: the document is " + size + "; save it (ctrl+s) to keep it")}
		}
		return []kit.Action{kit.SayErr("No recovery copy, nor a save: the document is " + size + " · " + overLimitAdvice)}
	}
	d.Rec.tooLarge = false
	if m.err != nil {
		return []kit.Action{kit.SayErr("Could not keep a recovery copy: " + m.err.Error())}
	}
	return nil
}

// dropRecovery removes the copy, which then holds nothing.
func (d *Disk) dropRecovery() tea.Cmd {
	d.Rec.written = 0
	return RemoveRecoveryCmd(d.RecoveryFile, d.deps)
}

// recoveryFollows moves the recovery copy to the one of path after the
// document was saved under a new name (the example saved as a file).
func (d *Disk) recoveryFollows(path string) tea.Cmd {
	if d.RecoveryFile == "" || d.deps.RecoveryFile == nil {
		return nil
	}
	next := d.deps.RecoveryFile(path)
	if next == d.RecoveryFile || next == "" {
		return nil
	}
	old := d.RecoveryFile
	d.RecoveryFile = next
	d.Rec.written = 0
	return RemoveRecoveryCmd(old, d.deps)
}

// RemoveRecoveryCmd removes the copy (after a save, a deliberate quit, or
// an undo back to the saved state).
func RemoveRecoveryCmd(file string, deps kit.Deps) tea.Cmd {
	if file == "" {
		return nil
	}
	return func() tea.Msg {
		_ = deps.Remove(file)
		_ = deps.Remove(session.RecoveryBase(file))
		return nil
	}
}

// writeRecovery writes the copy and the note of the file it was made over
// (base; nil: not known, and an older note goes).
func writeRecovery(deps kit.Deps, file string, data, base []byte) error {
	if err := deps.WriteFile(file, data); err != nil {
		return err
	}
	if base == nil {
		_ = deps.Remove(session.RecoveryBase(file))
		return nil
	}
	return deps.WriteFile(session.RecoveryBase(file), base)
}

// KeepRecoveryCmd writes the recovery copy of the unsaved work before the
// app quits without saving (d at the quit question): the next start
// offers it back once, where restoring or discarding it is a choice made
// with the work in view. The copy of the last tick may be a second old,
// or still being written: it is written again, and the app quits once it
// is on disk.
func (d *Disk) KeepRecoveryCmd(s *kit.Session) tea.Cmd {
	if d.RecoveryFile == "" || !s.Dirty() {
		return nil
	}
	doc, file, deps, base := s.Doc(), d.RecoveryFile, d.deps, session.BaseOf(s.Stamp())
	d.Rec.written = s.Version()
	return func() tea.Msg {
		data, err := doc.MarshalState()
		if err != nil || len(data) > model.MaxDocumentBytes {
			return nil
		}
		if deps.MkdirAll(filepath.Dir(file), 0o700) == nil {
			_ = writeRecovery(deps, file, data, base)
		}
		return nil
	}
}

// RecoveredFor is the recovery copy of the document at path (nil: none)
// and whether its file changed since the copy was made (a workspace's
// document shown for the first time offers it, as the start does).
func RecoveredFor(path string) (*model.Document, bool) {
	file := session.RecoveryFile(path)
	d, err := model.ReadFile(file)
	if err != nil {
		return nil, false
	}
	st, _, _ := model.ReadStamp(path)
	return d, session.ChangedSinceCopy(file, &st)
}
