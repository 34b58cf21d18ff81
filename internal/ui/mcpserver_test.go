package ui

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
)

// answer runs cmd's commands as the program would, each in its own
// goroutine, until a message of type M comes, and hands it to the app.
func answer[M tea.Msg](t testing.TB, a *App, cmd tea.Cmd) {
	t.Helper()
	out := make(chan tea.Msg, 64)
	start := func(c tea.Cmd) {
		if c != nil {
			go func() { out <- c() }()
		}
	}
	start(cmd)
	deadline := time.After(20 * time.Second)
	for {
		select {
		case m := <-out:
			if b, ok := m.(tea.BatchMsg); ok {
				for _, c := range b {
					start(c)
				}
				continue
			}
			if m, ok := m.(M); ok {
				a.Update(m)
				return
			}
		case <-deadline:
			var m M
			t.Fatalf("no %T came", m)
		}
	}
}
