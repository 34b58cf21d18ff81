package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/session"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// disk is the app's side of its files: the document's file (saving,
// exporting, reloading, watching it: files.go, watch.go), the recovery
// copy of unsaved work (recovery.go) and the settings file (settings.go).
// It keeps the session's file state (its path, stamp and saved bytes)
// itself, and asks the root for everything else with actions.
type disk struct {
	deps kit.Deps
	// writing is the sum of the bytes of the last save started: the watcher
	// takes the file holding them for our own save.
	writing    [32]byte
	hasWriting bool
	// lossesOK are what a body leaves out that the user agreed to.
	lossesOK map[string]bool
	watch    watchState

	recoveryFile string
	rec          recoveryState

	settings     session.Settings
	settingsFile string
}

// fileCtx is what the file flows read of the app: the session, the
// selection and the open dialogs (the top one, and all of them, top last).
type fileCtx struct {
	s       *kit.Session
	at      kit.Sel
	dialog  kit.Dialog
	dialogs []kit.Dialog
}

// diskOptions are the files of a document as it was opened: its bytes
// and stamp, the recovery copy's file and the settings (see Options).
type diskOptions struct {
	loaded       []byte
	translated   bool // the bytes are in another format: a save writes the document
	stamp        *model.Stamp
	recoveryFile string
	settings     session.Settings
	settingsFile string
}

// newDisk is the disk side of a document opened with o.
func newDisk(o diskOptions, deps kit.Deps, s *kit.Session) disk {
	raw := o.loaded
	if o.translated {
		raw = nil
	}
	s.SetRaw(raw, s.Version())
	s.SetStamp(o.stamp)
	return disk{deps: deps, recoveryFile: o.recoveryFile, settings: o.settings, settingsFile: o.settingsFile}
}

// fileMsg is a message of the file flows, routed to disk.update.
type fileMsg interface{ fileMsg() }

func (diskChangedMsg) fileMsg()     {}
func (exportedMsg) fileMsg()        {}
func (fileExistsMsg) fileMsg()      {}
func (savedMsg) fileMsg()           {}
func (watchStartedMsg) fileMsg()    {}
func (diskEventMsg) fileMsg()       {}
func (diskStateMsg) fileMsg()       {}
func (recoveryTickMsg) fileMsg()    {}
func (recoveryWrittenMsg) fileMsg() {}
func (settingsSavedMsg) fileMsg()   {}

// update handles a message of the file flows.
func (d *disk) Update(c fileCtx, msg fileMsg) []kit.Action {
	switch m := msg.(type) {
	case savedMsg:
		return d.onSaved(c, m)
	case diskChangedMsg:
		return d.onDiskChanged(c, m)
	case exportedMsg:
		return onExported(m)
	case fileExistsMsg:
		d.hasWriting = false
		return onFileExists(m)
	case watchStartedMsg:
		return d.onWatchStarted(c, m)
	case diskEventMsg:
		return []kit.Action{kit.ActCmd{Cmd: d.onDiskEvent(c, m)}}
	case diskStateMsg:
		return d.onDiskState(c, m)
	case recoveryTickMsg:
		return []kit.Action{kit.ActCmd{Cmd: d.onRecoveryTick(c.s)}}
	case recoveryWrittenMsg:
		return d.onRecoveryWritten(m)
	case settingsSavedMsg:
		if m.err != nil {
			return []kit.Action{kit.SayErr("The setting holds for this session; saving it failed: " + m.err.Error())}
		}
	}
	return nil
}

// afterChange runs once per message that changed the document: the
// recovery copy follows the document, removed when it is back to its
// saved state.
func (d *disk) afterChange(s *kit.Session) tea.Cmd {
	if !s.Dirty() {
		return d.dropRecovery()
	}
	return d.scheduleRecovery()
}

// quitNow quits, closing the file watcher first.
func (d *disk) quitNow() tea.Cmd {
	return tea.Sequence(d.stopWatch(), tea.Quit)
}
