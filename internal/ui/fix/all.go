package fix

import (
	"fmt"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// All applies every safe fix as one undoable edit, and says which
// fixes of a safe kind it left out and why (one on the status line,
// several in a dialog): f on such a diagnostic still applies its fix.
func All(doc *model.Document) []kit.Action {
	fixed, report := convert.FixAllReport(doc, nil)
	done := report.Applied
	if len(done) == 0 && len(report.Skipped) == 0 {
		return []kit.Action{kit.Say("No safe fix to apply; f on a diagnostic shows the fixes that need a choice")}
	}
	applied := "F applied no fix"
	var acts []kit.Action
	if len(done) > 0 {
		applied = fmt.Sprintf("F applied %s (ctrl+z undoes it)", kit.Plural(len(done), "fix"))
		if len(done) > 1 {
			applied = fmt.Sprintf("F applied %s (ctrl+z undoes them)", kit.Plural(len(done), "fix"))
		}
		acts = append(acts, kit.ActEdit{Fn: func(*model.Document) (*model.Document, error) { return fixed, nil }})
	}
	switch len(report.Skipped) {
	case 0:
		acts = append(acts, kit.Say(applied+": "+done[0].Location+" "+done[0].Title))
	case 1:
		sk := report.Skipped[0]
		acts = append(acts, kit.Say(fmt.Sprintf("%s; left out: %s %s (%s); f on it applies it",
			applied, sk.Location, ShortFixTitle(sk.Title), ShortWhy(sk))))
	default:
		acts = append(acts, kit.ActOpen{D: NewReport(applied, report.Skipped)})
	}
	return acts
}
