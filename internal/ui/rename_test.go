package ui_test

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/ui"
)

// TestRenameThroughAnotherToolsName: renaming ab to ac one key at a time
// passes through "a", the name of another function; tool_choice follows
// the rename as a whole and ends on ac, never on the other a.
func TestRenameThroughAnotherToolsName(t *testing.T) {
	d, err := model.Parse([]byte(`{"model":"gpt-5","tools":[
		{"type":"function","name":"a","description":"","parameters":null,"strict":false},
		{"type":"function","name":"ab","description":"","parameters":null,"strict":false}],
		"tool_choice":{"type":"function","name":"ab"}}`))
	if err != nil {
		t.Fatal(err)
	}
	a := ui.New(ui.Options{Doc: d, Name: "doc.json", Deps: offlineDeps(t)})
	send(t, a, tea.WindowSizeMsg{Width: 120, Height: 36})
	send(t, a, press('j'), press('j'), kEnter, kEnter) // ab's Name, editing
	requireEditing(t, a, true)
	send(t, a, code(tea.KeyBackspace))
	// ab is gone for now: tool_choice names nothing and is left out of
	// the request; it must not move to the other function.
	if c := toolChoice(t, a); c != "null" {
		t.Fatalf("on the way through a, tool_choice is %s", c)
	}
	send(t, a, press('c'))
	if c := toolChoice(t, a); c != `{"name":"ac","type":"function"}` {
		t.Fatalf("after the rename, tool_choice is %s", c)
	}
	send(t, a, ctrl('z'), ctrl('z')) // the field's own steps: the c, then the backspace
	if c := toolChoice(t, a); c != `{"name":"ab","type":"function"}` {
		t.Fatalf("after undo, tool_choice is %s", c)
	}
}

func toolChoice(t *testing.T, a *ui.App) string {
	t.Helper()
	var req struct {
		ToolChoice map[string]any `json:"tool_choice"`
	}
	if err := jsonUnmarshal(a.Output(), &req); err != nil {
		t.Fatal(err)
	}
	b, _ := jsonMarshal(req.ToolChoice)
	return string(b)
}
