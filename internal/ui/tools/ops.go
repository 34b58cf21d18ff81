package tools

import (
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// The edits of the selected tool (one tool: the marked ones go through
// Pane.OnMarked), each one undoable change of the session.

// structural runs a structural edit of the selected tool and returns the
// row to select, or why the edit was refused.
func structural(e *kit.Env, fn func(d *model.Document, k model.Kind, i int) (*model.Document, int, error), done string) (kit.Sel, kit.Action) {
	if e.At.Request {
		return kit.Sel{}, kit.Say("Select a tool first: the request row cannot be " + done)
	}
	k, next, row := e.At.Kind, -1, kit.RowOf(e.S.Doc(), e.At)
	err := e.S.Apply("", e.At, func(d *model.Document) (*model.Document, error) {
		nd, j, err := fn(d, k, e.At.Index)
		next = j
		return nd, err
	})
	if err != nil {
		return kit.Sel{}, kit.Say(kit.Capitalize(err.Error()))
	}
	if next < 0 { // the list is empty now: the row that took its place
		return kit.SelAt(e.S.Doc(), min(row, kit.RowCount(e.S.Doc())-1)), nil
	}
	return kit.Sel{Kind: k, Index: next}, nil
}

// toolLabelAt is how the status line names the tool at.
func toolLabelAt(s *kit.Session, at kit.Sel) string {
	t, _ := s.Tool(at)
	_, label := kit.ToolLabel(at.Kind, t)
	return label
}

// DeleteTool deletes the selected tool.
func DeleteTool(e *kit.Env) []kit.Action {
	label := toolLabelAt(e.S, e.At)
	at, refused := structural(e, model.DeleteTool, "deleted")
	if refused != nil {
		return []kit.Action{refused}
	}
	return []kit.Action{kit.ActSelect{At: at}, kit.ActLayout{}, kit.Say("Deleted " + label + " (ctrl+z to undo)")}
}

// DuplicateTool puts a copy of the selected tool after it.
func DuplicateTool(e *kit.Env) []kit.Action {
	at, refused := structural(e, model.DuplicateTool, "duplicated")
	if refused != nil {
		return []kit.Action{refused}
	}
	return []kit.Action{kit.ActSelect{At: at}, kit.ActLayout{}, kit.Say("Duplicated as " + toolLabelAt(e.S, at))}
}

// MoveTool moves the selected tool d places (-1 up, 1 down).
func MoveTool(d int) func(e *kit.Env) []kit.Action {
	return func(e *kit.Env) []kit.Action {
		at, refused := structural(e, func(doc *model.Document, k model.Kind, i int) (*model.Document, int, error) {
			return model.MoveTool(doc, k, i, d)
		}, "moved")
		if refused != nil {
			return []kit.Action{refused}
		}
		return []kit.Action{kit.ActSelect{At: at}, kit.ActLayout{}}
	}
}

// ToggleTool disables or enables the selected tool.
func ToggleTool(e *kit.Env) []kit.Action {
	at, refused := structural(e, func(doc *model.Document, k model.Kind, i int) (*model.Document, int, error) {
		nd, err := model.ToggleTool(doc, k, i)
		return nd, i, err
	}, "disabled")
	if refused != nil {
		return []kit.Action{refused}
	}
	text := "Enabled: back in the request"
	if t, _ := e.S.Tool(at); t.Disabled {
		text = "Disabled: kept in the document, left out of the request (space enables it)"
	}
	return []kit.Action{kit.ActSelect{At: at}, kit.ActLayout{}, kit.Say(text)}
}
