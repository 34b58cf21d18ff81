package ui

import (
	tea "charm.land/bubbletea/v2"
	"github.com/tooltui/tooltui/internal/ui/fix"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// fixCurrent opens the fixes of the diagnostic chosen in the diagnostics
// pane, or says why there is none.
func (a *App) fixCurrent() tea.Cmd {
	d, ok := a.diags.Current(a.s.Result().Diagnostics)
	if !ok {
		return a.say("No diagnostics: nothing to fix", false)
	}
	if len(d.Fixes) == 0 {
		return a.say("This problem has no automatic fix; enter jumps to it", false)
	}
	fd := fix.New(a.s.Doc(), d)
	fd.Ver = a.s.Version()
	return a.apply(kit.ActOpen{D: fd})
}

// fixAll applies every safe fix as one undoable edit (fix.All).
func (a *App) fixAll() tea.Cmd { return a.apply(fix.All(a.s.Doc())...) }
