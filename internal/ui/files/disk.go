package files

import (
	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/session"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// Disk is the app's side of its files: the document's file (saving,
// exporting, reloading, watching it: files.go, watch.go), the recovery
// copy of unsaved work (recovery.go) and the settings file (settings.go).
// It keeps the session's file state (its path, stamp and saved bytes)
// itself, and asks the root for everything else with actions.
type Disk struct {
	deps kit.Deps
	// writing is the sum of the bytes of the last save started: the watcher
	// takes the file holding them for our own save.
	writing    [32]byte
	hasWriting bool
	// lossesOK are what a body leaves out that the user agreed to.
	lossesOK map[string]bool
	watch    watchState

	RecoveryFile string
	Rec          recoveryState

	Settings     session.Settings
	settingsFile string
}

// fileCtx is what the file flows read of the app: the session, the
// selection and the open dialogs (the top one, and all of them, top last).
type Ctx struct {
	S       *kit.Session
	At      kit.Sel
	Dialog  kit.Dialog
	Dialogs []kit.Dialog
}

// diskOptions are the files of a document as it was opened: its bytes
// and stamp, the recovery copy's file and the settings (see Options).
type Options struct {
	Loaded     []byte
	Translated bool // the bytes are in another format: a save writes the document
	// Kept: the session has its file's bytes and stamp already (a
	// workspace's); Loaded, Translated and Stamp are not read.
	Kept         bool
	Stamp        *model.Stamp
	RecoveryFile string
	Settings     session.Settings
	SettingsFile string
}

// NewDisk is the disk side of a document opened with o.
func NewDisk(o Options, deps kit.Deps, s *kit.Session) Disk {
	raw := o.Loaded
	if o.Translated {
		raw = nil
	}
	if !o.Kept {
		s.SetRaw(raw, s.Version())
		s.SetStamp(o.Stamp)
	}
	return Disk{deps: deps, RecoveryFile: o.RecoveryFile, Settings: o.Settings, settingsFile: o.SettingsFile}
}

// For is the disk side of another document of a workspace, s, whose
// session has its file's bytes and stamp already: the same ways out and
// settings, its own recovery copy (session.RecoveryFile) when d keeps
// one, no watcher yet.
func (d *Disk) For(s *kit.Session) Disk {
	n := Disk{deps: d.deps, Settings: d.Settings, settingsFile: d.settingsFile}
	if d.RecoveryFile != "" {
		n.RecoveryFile = session.RecoveryFile(s.Path())
	}
	return n
}

// Leave is what the disk side does when its document stops being shown
// (a workspace switches to another): its watcher stops, and its unsaved
// work is copied at once, as no tick will reach it while hidden.
func (d *Disk) Leave(s *kit.Session) tea.Cmd {
	d.Rec.Pending = false
	return tea.Batch(d.stopWatch(), d.KeepRecoveryCmd(s))
}

// fileMsg is a message of the file flows, routed to disk.update.
type Msg interface{ fileMsg() }

func (DiskChangedMsg) fileMsg()     {}
func (exportedMsg) fileMsg()        {}
func (fileExistsMsg) fileMsg()      {}
func (SavedMsg) fileMsg()           {}
func (watchStartedMsg) fileMsg()    {}
func (diskEventMsg) fileMsg()       {}
func (diskStateMsg) fileMsg()       {}
func (recoveryTickMsg) fileMsg()    {}
func (recoveryWrittenMsg) fileMsg() {}
func (settingsSavedMsg) fileMsg()   {}

// Update handles a message of the file flows.
func (d *Disk) Update(c Ctx, msg Msg) []kit.Action {
	switch m := msg.(type) {
	case SavedMsg:
		return d.OnSaved(c, m)
	case DiskChangedMsg:
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
		return []kit.Action{kit.ActCmd{Cmd: d.OnRecoveryTick(c.S)}}
	case recoveryWrittenMsg:
		return d.onRecoveryWritten(m)
	case settingsSavedMsg:
		if m.err != nil {
			return []kit.Action{kit.SayErr("The setting holds for this session; saving it failed: " + m.err.Error())}
		}
	}
	return nil
}

// AfterChange runs once per message that changed the document: the
// recovery copy follows the document, removed when it is back to its
// saved state.
func (d *Disk) AfterChange(s *kit.Session) tea.Cmd {
	if !s.Dirty() {
		return d.dropRecovery()
	}
	return d.scheduleRecovery()
}

// QuitNow quits, closing the file watcher first.
func (d *Disk) QuitNow() tea.Cmd {
	return tea.Sequence(d.stopWatch(), tea.Quit)
}
