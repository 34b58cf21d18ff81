package ui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/send"
	"github.com/tooltui/tooltui/internal/ui/kit"
	"github.com/tooltui/tooltui/internal/ui/sendview"
)

// replayEvents are the 2,000 events of a recorded answer: text deltas of
// a few words, a paragraph break now and then, a function call every 250
// events and built-in tool activity, then the end.
func replayEvents(tb testing.TB, n int) []send.Event {
	tb.Helper()
	var out []send.Event
	parse := func(data string) send.Event {
		e, err := send.Parse("", []byte(data))
		if err != nil {
			tb.Fatal(err)
		}
		return e
	}
	for i := 0; len(out) < n-1; i++ {
		switch {
		case i%250 == 249:
			out = append(out, parse(fmt.Sprintf(`{"type":"response.output_item.done","item":{"type":"function_call","id":"fc%d","call_id":"c%d","name":"get_weather","arguments":"{\"city\":\"Paris\",\"unit\":\"celsius\"}"}}`, i, i)))
		case i%100 == 50:
			out = append(out, parse(`{"type":"response.web_search_call.searching","item_id":"ws"}`))
		case i%40 == 39:
			out = append(out, parse(`{"type":"response.output_text.delta","delta":".\n\nThen"}`))
		default:
			out = append(out, parse(`{"type":"response.output_text.delta","delta":" the weather in Paris"}`))
		}
	}
	return append(out, parse(`{"type":"response.completed","response":{"status":"completed","usage":{"input_tokens":120,"output_tokens":2000}}}`))
}

// BenchmarkReplayEvents measures what one replayed event costs the event
// loop, over a 2,000-event recording played at full speed (--speed 0)
// through the response view. "loop" runs it as Bubble Tea does: each
// message the stream's command returns (the events that were there
// together) is an Update, then a View of the whole screen; ms/event is
// the loop's time over the events. "each" is an Update and a View for
// every event, the cost when each event comes alone. The target is 0.1
// ms an event, so that a replay at full speed leaves the loop free for
// typing.
func BenchmarkReplayEvents(b *testing.B) {
	const n = 2000
	events := replayEvents(b, n)
	rec := &send.Recording{Turns: []send.RecordedTurn{{}}}
	for _, e := range events {
		rec.Turns[0].Events = append(rec.Turns[0].Events, send.RecordedEvent{Type: e.Type, Data: e.Raw})
	}
	// The second turn answers the calls, which the document's mock answers.
	rec.Turns = append(rec.Turns, send.RecordedTurn{Events: []send.RecordedEvent{{Type: "response.completed",
		Data: []byte(`{"type":"response.completed","response":{"status":"completed"}}`)}}})
	doc, err := model.Parse([]byte(strings.Replace(string(model.ExampleJSON()), `"model"`,
		`"tooltui": {"mocks": {"get_weather": {"output": {"temp_c": 12}}}}, "model"`, 1)))
	if err != nil {
		b.Fatal(err)
	}
	a := New(Options{Doc: doc, Name: "x.json"})
	a.Update(tea.WindowSizeMsg{Width: 140, Height: 40})
	b.Run("loop", func(b *testing.B) {
		var total time.Duration
		runs, msgs := 0, 0
		for b.Loop() {
			start := time.Now()
			d, cmd := sendview.Start(a.s, a.sender(), send.Config{Stream: rec.Stream(0)}, "", "x.recording.jsonl")
			a.apply(kit.ActOpen{D: d})
			for !ended(a) {
				msg := cmd()
				if msg == nil {
					b.Fatal("the stream closed before its end")
				}
				_, cmd = a.Update(msg)
				_ = a.View()
				msgs++
			}
			total += time.Since(start)
			runs++
			if last := d.Lines[len(d.Lines)-1]; !strings.HasPrefix(last.Text(), "completed") {
				b.Fatalf("the replay did not complete:\n%s", treeScreen(a))
			}
			a.closeDialog()
		}
		b.ReportMetric(float64(total.Microseconds())/1000/float64(runs*n), "ms/event")
		b.ReportMetric(float64(msgs)/float64(runs), "frames/replay")
	})
	b.Run("each", func(b *testing.B) {
		var total time.Duration
		runs := 0
		for b.Loop() {
			sendview.StreamIDs++
			d := &sendview.Dialog{ID: sendview.StreamIDs, Cancel: func() {}, Running: true, Follow: true, Start: time.Now(), Replay: "x.recording.jsonl",
				Tools: a.s.Result().Tools}
			a.apply(kit.ActOpen{D: d})
			start := time.Now()
			for _, e := range events {
				a.Update(sendview.StreamMsg{ID: d.ID, Turn: 1, Ev: e})
				_ = a.View()
			}
			total += time.Since(start)
			runs++
			a.closeDialog()
		}
		b.ReportMetric(float64(total.Microseconds())/1000/float64(runs*n), "ms/event")
	})
}
