package files

import (
	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// Watching the document's file. A command blocks on the next change to
// the file (Deps.Watch), then another reads the file: what the app last
// loaded or saved (its stamp), or what a save is writing, is no change.
// A real change reloads a clean document, or asks when there are unsaved
// changes. Nothing polls: an idle app does no work.

// watchState is the watcher of the document's file. gen tells the
// messages of the current watcher from those of one stopped since.
type watchState struct {
	gen  int
	wait func() bool
	stop func()
}

type (
	watchStartedMsg struct {
		gen  int
		path string
		wait func() bool
		stop func()
		err  error
	}
	// diskEventMsg: the file changed (or may have).
	diskEventMsg struct{ gen int }
	// diskStateMsg is the file as read after a change.
	diskStateMsg struct {
		gen   int
		path  string
		stamp model.Stamp
		data  []byte
		err   error
	}
)

// StartWatch watches the document's file, after stopping the watcher of
// any earlier one.
func (d *Disk) StartWatch(path string) tea.Cmd {
	stop := d.stopWatch()
	watch, gen := d.deps.Watch, d.watch.gen
	if watch == nil || path == "" {
		return stop
	}
	return tea.Batch(stop, func() tea.Msg {
		wait, stop, err := watch(path)
		return watchStartedMsg{gen: gen, path: path, wait: wait, stop: stop, err: err}
	})
}

// stopWatch stops the watcher; messages of it still on their way are
// ignored.
func (d *Disk) stopWatch() tea.Cmd {
	w := &d.watch
	w.gen++
	stop := w.stop
	w.stop, w.wait = nil, nil
	return stopCmd(stop)
}

func stopCmd(stop func()) tea.Cmd {
	if stop == nil {
		return nil
	}
	return func() tea.Msg {
		stop()
		return nil
	}
}

// waitCmd blocks until the next change; a stopped watcher ends it with
// no message.
func waitCmd(gen int, wait func() bool) tea.Cmd {
	return func() tea.Msg {
		if !wait() {
			return nil
		}
		return diskEventMsg{gen: gen}
	}
}

func (d *Disk) onWatchStarted(c Ctx, m watchStartedMsg) []kit.Action {
	w := &d.watch
	if m.gen != w.gen || !samePath(m.path, c.S.Path()) {
		return []kit.Action{kit.ActCmd{Cmd: stopCmd(m.stop)}} // stopped or moved on meanwhile
	}
	if m.err != nil {
		return []kit.Action{kit.Say("Not watching " + c.S.Name() + " for changes made elsewhere: " + m.err.Error())}
	}
	w.wait, w.stop = m.wait, m.stop
	return []kit.Action{kit.ActCmd{Cmd: waitCmd(w.gen, w.wait)}}
}

// onDiskEvent waits for the next change again and reads the file.
func (d *Disk) onDiskEvent(c Ctx, m diskEventMsg) tea.Cmd {
	w := &d.watch
	if m.gen != w.gen || w.wait == nil {
		return nil
	}
	gen, path, deps := w.gen, c.S.Path(), d.deps
	return tea.Batch(waitCmd(gen, w.wait), func() tea.Msg {
		st, data, err := deps.ReadStamp(path)
		return diskStateMsg{gen: gen, path: path, stamp: st, data: data, err: err}
	})
}

// onDiskState compares the file with what the app knows of it.
func (d *Disk) onDiskState(c Ctx, m diskStateMsg) []kit.Action {
	s := c.S
	if m.gen != d.watch.gen || !samePath(m.path, s.Path()) {
		return nil
	}
	if m.err != nil {
		return []kit.Action{kit.SayErr("Could not read " + s.Name() + " after it changed on disk: " + m.err.Error())}
	}
	known := s.Stamp()
	switch {
	case known == nil, known.Same(m.stamp):
		// nothing to compare with, or the same content (touched, or our
		// own save): take its time
		st := m.stamp
		s.SetStamp(&st)
		return nil
	case m.stamp.Exists && d.hasWriting && m.stamp.Sum == d.writing:
		return nil // our own save, its result on the way
	}
	q := changedQuestion(c.Dialogs)
	if q != nil && q.Now.Same(m.stamp) && s.Dirty() {
		return nil // the open question (a save's) is about this change already
	}
	name := s.Name()
	var acts []kit.Action
	replacing := q != nil
	if replacing {
		acts = []kit.Action{kit.ActDrop{Match: IsChangedDialog}} // the newer change replaces it
	}
	what := known.Describe(m.stamp)
	if !s.Dirty() {
		if !m.stamp.Exists {
			s.Unsave()
			return append(acts, kit.ActCmd{Cmd: d.scheduleRecovery()}, kit.SayErr(name+" was deleted on disk; ctrl+s writes it again"))
		}
		return append(acts, d.Reload(c, kit.ActReload{Path: m.path, Data: m.data, Stamp: m.stamp, What: what})...)
	}
	if c.Dialog != nil && !replacing { // the user is in another dialog: do not take it away
		return append(acts, kit.SayErr(name+" "+what+"; the next save asks before writing over it"))
	}
	return append(acts, kit.ActOpen{D: NewChangedDialog(name, DiskChangedMsg{Path: m.path, Was: *known, Now: m.stamp, Data: m.data, Watched: q == nil || q.Watched, quit: q != nil && q.quit})})
}

// CheckNow reads the document's file once, as after a change: a document
// shown again after a change on disk while it was hidden (which its
// unsaved changes kept out) asks then.
func (d *Disk) CheckNow(path string) tea.Cmd {
	gen, deps := d.watch.gen, d.deps
	if path == "" || deps.ReadStamp == nil {
		return nil
	}
	return func() tea.Msg {
		st, data, err := deps.ReadStamp(path)
		return diskStateMsg{gen: gen, path: path, stamp: st, data: data, err: err}
	}
}
