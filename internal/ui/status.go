package ui

import (
	"time"

	tea "charm.land/bubbletea/v2"
)

// statusLine is the transient message under the panes. Every message
// clears itself: set returns the tick that does it (made by tick, the
// app's Deps.Tick), tagged with the message's id so an old tick never
// clears a newer message.
type statusLine struct {
	text string
	err  bool
	id   int
}

// statusTTL is how long a message stays; failures stay longer.
const (
	statusTTL    = 4 * time.Second
	statusErrTTL = 10 * time.Second
)

type clearStatusMsg struct{ id int }

func (s *statusLine) set(text string, isErr bool, tick func(time.Duration, func(time.Time) tea.Msg) tea.Cmd) tea.Cmd {
	s.text, s.err = text, isErr
	s.id++
	id, d := s.id, statusTTL
	if isErr {
		d = statusErrTTL
	}
	return tick(d, func(time.Time) tea.Msg { return clearStatusMsg{id: id} })
}

func (s *statusLine) clear(id int) {
	if id == s.id {
		s.text, s.err = "", false
	}
}
