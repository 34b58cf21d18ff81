package ui

import (
	tea "charm.land/bubbletea/v2"
	"github.com/tooltui/tooltui/internal/ui/kit"
	"github.com/tooltui/tooltui/internal/ui/mcptools"
)

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
