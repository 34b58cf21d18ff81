package ui

import (
	tea "charm.land/bubbletea/v2"
	"github.com/tooltui/tooltui/internal/ui/kit"
	"github.com/tooltui/tooltui/internal/ui/mcptools"
)

// mcpHint remembers, for one state of the document and one selection,
// whether the selection has a server to list, so that the key help does
// not read the entry again on every frame.
type mcpHint struct {
	version uint64
	at      kit.Sel
	known   bool
	ok      bool
}

// mcpListable reports whether L lists the selected entry's server now.
func (a *App) mcpListable() bool {
	h := &a.mcpHint
	if !h.known || h.version != a.s.Version() || h.at != a.at {
		*h = mcpHint{version: a.s.Version(), at: a.at, known: true, ok: mcptools.NeedServer(a.s.Doc(), a.at) == ""}
	}
	return h.ok
}

// listMCPTools starts listing the selected mcp tool's server and opens
// the dialog that shows it.
func (a *App) listMCPTools() tea.Cmd {
	d, cmd, why := mcptools.New(a.s.Doc(), a.at, a.deps.ListMCPTools)
	if why != "" {
		return a.say(why, false)
	}
	return tea.Batch(a.apply(kit.ActOpen{D: d}), cmd)
}

// receive hands the answer of a command to the open dialog that is
// waiting for it (kit.Receiver); the answer to a dialog that closed (its
// work was cancelled) is dropped.
func (a *App) receive(msg tea.Msg) tea.Cmd {
	return a.routeTo(func(d kit.Dialog) bool {
		r, ok := d.(kit.Receiver)
		return ok && r.Receives(msg)
	}, msg)
}
