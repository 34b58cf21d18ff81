package ui

import (
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"
)

// maxBatch is how many events of a stream one message carries at most.
const maxBatch = 512

// wait reads the next message of the stream; the dialog asks again after
// each. Events that are already there come together in one message (a
// batch), so that a fast stream, or a replay at full speed, costs the
// event loop one update and one frame per batch instead of per event.
func (d *sendDialog) wait() tea.Cmd {
	ch := d.ch
	return func() tea.Msg {
		m, ok := <-ch
		if !ok {
			return nil
		}
		if !m.isEvent() {
			return m
		}
		batch := []streamMsg{m}
		for len(batch) < maxBatch {
			select {
			case next, ok := <-ch:
				if !ok {
					return streamMsg{id: m.id, batch: batch}
				}
				batch = append(batch, next)
				if !next.isEvent() {
					return streamMsg{id: m.id, batch: batch}
				}
			default:
				return streamMsg{id: m.id, batch: batch}
			}
		}
		return streamMsg{id: m.id, batch: batch}
	}
}

// isEvent reports whether m is one event of the stream (no question, no
// end).
func (m streamMsg) isEvent() bool {
	return m.batch == nil && !m.end && m.turnDone == nil && m.ask == nil && m.permit == nil && m.differs == nil && m.note == ""
}

// take takes a message of the stream into the dialog: false when the
// stream is over.
func (d *sendDialog) take(m streamMsg) bool {
	switch {
	case m.batch != nil:
		for _, b := range m.batch {
			if !d.take(b) {
				return false
			}
		}
	case m.end:
		d.finish(m.err)
		return false
	case m.turnDone != nil:
		d.turnDone(*m.turnDone, m.answers)
	case m.ask != nil:
		d.askFor(m.ask)
	case m.permit != nil:
		d.permitFor(m.permit)
	case m.differs != nil:
		d.differs, d.follow = m.differs, true
		d.lines = append(d.lines, transcriptLine{text: "· " + m.differs.d.Error(), kind: lineTool})
	case m.note != "":
		d.lines = append(d.lines, transcriptLine{text: "· " + m.note, kind: lineTool})
	default:
		if m.turn != d.turn {
			d.turn, d.start, d.first = m.turn, time.Now(), 0
			if m.turn > 1 {
				d.lines = append(d.lines, transcriptLine{text: fmt.Sprintf("── turn %d ──", m.turn), kind: lineTool})
			}
		}
		d.add(m.ev)
	}
	return true
}
