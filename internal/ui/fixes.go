package ui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"
	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/model"
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

// fixAll applies every safe fix as one undoable edit, and says which
// fixes of a safe kind it left out and why (one on the status line,
// several in a dialog): f on such a diagnostic still applies its fix.
func (a *App) fixAll() tea.Cmd {
	fixed, report := convert.FixAllReport(a.s.Doc(), nil)
	done := report.Applied
	if len(done) == 0 && len(report.Skipped) == 0 {
		return a.say("No safe fix to apply; f on a diagnostic shows the fixes that need a choice", false)
	}
	applied := "F applied no fix"
	var cmds []tea.Cmd
	if len(done) > 0 {
		applied = fmt.Sprintf("F applied %s (ctrl+z undoes it)", kit.Plural(len(done), "fix"))
		if len(done) > 1 {
			applied = fmt.Sprintf("F applied %s (ctrl+z undoes them)", kit.Plural(len(done), "fix"))
		}
		cmds = append(cmds, a.apply(kit.ActEdit{Fn: func(*model.Document) (*model.Document, error) { return fixed, nil }}))
	}
	switch len(report.Skipped) {
	case 0:
		cmds = append(cmds, a.say(applied+": "+done[0].Location+" "+done[0].Title, false))
	case 1:
		sk := report.Skipped[0]
		cmds = append(cmds, a.say(fmt.Sprintf("%s; left out: %s %s (%s); f on it applies it",
			applied, sk.Location, fix.ShortFixTitle(sk.Title), fix.ShortWhy(sk)), false))
	default:
		cmds = append(cmds, a.apply(kit.ActOpen{D: fix.NewReport(applied, report.Skipped)}))
	}
	return tea.Batch(cmds...)
}
