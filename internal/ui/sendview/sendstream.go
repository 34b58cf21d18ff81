package sendview

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
func (d *Dialog) wait() tea.Cmd {
	ch := d.ch
	return func() tea.Msg {
		m, ok := <-ch
		if !ok {
			return nil
		}
		if !m.isEvent() {
			return m
		}
		batch := []StreamMsg{m}
		for len(batch) < maxBatch {
			select {
			case next, ok := <-ch:
				if !ok {
					return StreamMsg{ID: m.ID, batch: batch}
				}
				batch = append(batch, next)
				if !next.isEvent() {
					return StreamMsg{ID: m.ID, batch: batch}
				}
			default:
				return StreamMsg{ID: m.ID, batch: batch}
			}
		}
		return StreamMsg{ID: m.ID, batch: batch}
	}
}

// isEvent reports whether m is one event of the stream (no question, no
// end).
func (m StreamMsg) isEvent() bool {
	return m.batch == nil && !m.end && m.turnDone == nil && m.ask == nil && m.permit == nil && m.differs == nil && m.note == ""
}

// take takes a message of the stream into the dialog: false when the
// stream is over.
func (d *Dialog) take(m StreamMsg) bool {
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
		d.differs, d.Follow = m.differs, true
		d.Lines = append(d.Lines, TranscriptLine{Content: "· " + m.differs.d.Error(), Kind: LineTool})
	case m.note != "":
		d.Lines = append(d.Lines, TranscriptLine{Content: "· " + m.note, Kind: LineTool})
	default:
		if m.Turn != d.turn {
			d.turn, d.Start, d.first = m.Turn, time.Now(), 0
			if m.Turn > 1 {
				d.Lines = append(d.Lines, TranscriptLine{Content: fmt.Sprintf("── turn %d ──", m.Turn), Kind: LineTool})
			}
		}
		d.Add(m.Ev)
	}
	return true
}
