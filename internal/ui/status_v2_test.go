package ui_test

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// TestEditBadgeShowsWithAMessage: the EDIT badge is on the status line
// whenever a field is in edit mode, also while a status message shows, and
// the message stays beside it.
func TestEditBadgeShowsWithAMessage(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {60, 20}} {
		at := fmt.Sprintf(" at %dx%d", size[0], size[1])
		t.Run("a message from before editing"+at, func(t *testing.T) {
			a, _ := newApp(t)
			send(t, a, tea.WindowSizeMsg{Width: size[0], Height: size[1]})
			send(t, a, press('b'))
			requireContains(t, statusLine(t, a), "b does nothing here", "status line")
			send(t, a, press('j'), kEnter, kEnter)
			requireEditing(t, a, true)
			st := statusLine(t, a)
			if !strings.HasPrefix(st, "EDIT ") {
				t.Fatalf("%dx%d: editing with a message, the status line does not start with EDIT: %q", size[0], size[1], st)
			}
			requireContains(t, st, "b does nothing here", "status line")
		})
		t.Run("a message while editing"+at, func(t *testing.T) {
			a, _ := newApp(t)
			send(t, a, tea.WindowSizeMsg{Width: size[0], Height: size[1]})
			send(t, a, press('j'), kEnter, kEnter, alt('e'))
			requireEditing(t, a, true)
			st := statusLine(t, a)
			if !strings.HasPrefix(st, "EDIT ") || len(st) < len("EDIT ")+10 {
				t.Fatalf("%dx%d: a message while editing: status line %q, want EDIT and the message", size[0], size[1], st)
			}
		})
	}
	t.Run("not editing: no badge", func(t *testing.T) {
		a, _ := newApp(t)
		send(t, a, press('b'), press('j'), kEnter)
		requireEditing(t, a, false)
		requireNotContains(t, statusLine(t, a), "EDIT", "status line")
	})
}
