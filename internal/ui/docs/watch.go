package docs

import (
	"errors"
	"io/fs"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/ui/kit"
	"github.com/tooltui/tooltui/internal/workspace"
)

// Watching the workspace's folder. A command blocks on the next changes
// under it (Deps.WatchDir), then another takes them into the workspace
// (Changed: one read for all the paths of a burst): a hidden document
// without unsaved changes takes the file's content, one with unsaved
// changes keeps them (the status line says so, once), a new document is
// listed and a deleted one without a session is not. The shown document
// is left to its own watcher (files). Nothing polls: an idle app does no
// work.

// Watcher is the watcher of a workspace's folder.
type Watcher struct {
	gen  int
	wait func() ([]string, bool)
	stop func()
	// held are the changes that came before the folder was listed: they
	// are taken into the listed workspace.
	held []string
	// told are the hidden documents with unsaved changes whose change on
	// disk the status line said.
	told map[string]bool
}

// Msg is a message for Watcher.Update.
type Msg interface{ docsMsg() }

type (
	watchStartedMsg struct {
		gen  int
		wait func() ([]string, bool)
		stop func()
		err  error
	}
	// changesMsg: the paths changed under the folder.
	changesMsg struct {
		gen   int
		paths []string
	}
	// ChangedMsg: W took the changes made on disk at Paths (Changed):
	// the dialogs that list its documents list them again.
	ChangedMsg struct {
		W     *workspace.Workspace
		Paths []string
	}
	// ListedMsg: the workspace's folder was listed (workspace.Open), or
	// why it could not be.
	ListedMsg struct {
		W   *workspace.Workspace
		Err error
	}
)

func (watchStartedMsg) docsMsg() {}
func (changesMsg) docsMsg()      {}
func (ChangedMsg) docsMsg()      {}
func (ListedMsg) docsMsg()       {}

// ListedWorkspace makes ListedMsg a kit.WorkspaceListed.
func (m ListedMsg) ListedWorkspace() *workspace.Workspace { return m.W }

// ListCmd lists the folder dir (workspace.Open), in a command.
func ListCmd(dir string) tea.Cmd {
	return func() tea.Msg {
		w, err := workspace.Open(dir)
		return ListedMsg{W: w, Err: err}
	}
}

// Start watches the folder dir with watch (nil: not at all).
func (w *Watcher) Start(watch func(dir string) (func() ([]string, bool), func(), error), dir string) tea.Cmd {
	if watch == nil {
		return nil
	}
	w.gen++
	gen := w.gen
	return func() tea.Msg {
		wait, stop, err := watch(dir)
		return watchStartedMsg{gen: gen, wait: wait, stop: stop, err: err}
	}
}

// waitCmd blocks until the next changes; a stopped watcher ends it with
// no message.
func waitCmd(gen int, wait func() ([]string, bool)) tea.Cmd {
	return func() tea.Msg {
		paths, ok := wait()
		if !ok {
			return nil
		}
		return changesMsg{gen: gen, paths: paths}
	}
}

// changedCmd takes changes into ws, in a command.
func changedCmd(ws *workspace.Workspace, paths []string) tea.Cmd {
	return func() tea.Msg {
		ws.Changed(paths...)
		return ChangedMsg{W: ws, Paths: paths}
	}
}

// Update handles the watcher's messages for the workspace ws whose
// document shown is shown.
func (w *Watcher) Update(msg Msg, ws *workspace.Workspace, shown string) []kit.Action {
	switch m := msg.(type) {
	case watchStartedMsg:
		if m.gen != w.gen {
			if m.stop != nil {
				return []kit.Action{kit.ActCmd{Cmd: func() tea.Msg { m.stop(); return nil }}}
			}
			return nil
		}
		if m.err != nil {
			return []kit.Action{kit.SayErr("Not watching " + ws.Dir() + " for documents changed elsewhere: " + m.err.Error())}
		}
		w.wait, w.stop = m.wait, m.stop
		return []kit.Action{kit.ActCmd{Cmd: waitCmd(w.gen, w.wait)}}
	case changesMsg:
		if m.gen != w.gen || w.wait == nil {
			return nil
		}
		acts := []kit.Action{kit.ActCmd{Cmd: waitCmd(w.gen, w.wait)}}
		// The shown document's own watcher takes its changes.
		paths := slices.DeleteFunc(slices.Clone(m.paths), func(p string) bool { return p == shown })
		switch {
		case len(paths) == 0:
		case !ws.Listed():
			w.held = append(w.held, paths...)
		default:
			acts = append(acts, kit.ActCmd{Cmd: changedCmd(ws, paths)})
		}
		return acts
	case ListedMsg:
		held := w.held
		w.held = nil
		if m.Err != nil || len(held) == 0 {
			return nil
		}
		return []kit.Action{kit.ActCmd{Cmd: changedCmd(m.W, held)}}
	case ChangedMsg:
		if m.W != ws {
			return nil
		}
		return w.tell(ws, shown)
	}
	return nil
}

// tell says, once, which hidden documents with unsaved changes changed
// on disk: they keep their changes until shown.
func (w *Watcher) tell(ws *workspace.Workspace, shown string) []kit.Action {
	var news []string
	deleted := 0
	changed := map[string]bool{}
	for _, s := range ws.Summaries() {
		if !s.DiskChanged || !s.Dirty || s.Path == shown {
			continue
		}
		changed[s.Path] = true
		if w.told[s.Path] {
			continue
		}
		if errors.Is(s.Err, fs.ErrNotExist) {
			deleted++
			news = append(news, s.Path+" (deleted)")
		} else {
			news = append(news, s.Path)
		}
	}
	w.told = changed
	switch {
	case len(news) == 0:
		return nil
	case len(news) == 1 && deleted == 1:
		return []kit.Action{kit.SayErr(strings.TrimSuffix(news[0], " (deleted)") + " was deleted on disk; your unsaved changes are kept — open it to choose")}
	case len(news) == 1:
		return []kit.Action{kit.SayErr(news[0] + " changed on disk; your unsaved changes are kept — open it to choose")}
	}
	return []kit.Action{kit.SayErr(strings.Join(news[:len(news)-1], ", ") + " and " + news[len(news)-1] +
		" changed on disk; your unsaved changes are kept — open each to choose")}
}
