package ui

import (
	"context"
	"encoding/json"
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/send"
)

func sendApp(t *testing.T, fake func(ctx context.Context, cfg send.Config, body []byte, each func(send.Event) error) error) *App {
	t.Helper()
	a := New(Options{Doc: model.Example(), Name: "example.json", BaseURL: "http://127.0.0.1:9/v1", Deps: Deps{
		CopyNative: func(string) error { return nil },
		WriteFile:  func(string, []byte) error { return nil },
		Getenv:     func(string) string { return "" },
		Send:       fake,
	}})
	a.Update(tea.WindowSizeMsg{Width: 120, Height: 36})
	return a
}

// pump feeds the app the messages of cmd until the stream's dialog has
// nothing more to read or the limit passes.
func pump(t *testing.T, a *App, cmd tea.Cmd, limit time.Duration) {
	t.Helper()
	deadline := time.Now().Add(limit)
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 && time.Now().Before(deadline) {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		msg := c()
		if b, ok := msg.(tea.BatchMsg); ok {
			queue = append(queue, b...)
			continue
		}
		if _, ok := msg.(streamMsg); !ok {
			continue // timers, status clears
		}
		_, next := a.Update(msg)
		queue = append(queue, next)
	}
}

func ev(t *testing.T, data string) send.Event {
	t.Helper()
	e, err := send.Parse("", []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func TestSendDialogStreamsAndChecksCalls(t *testing.T) {
	events := []string{
		`{"type":"response.created","response":{"status":"in_progress"}}`,
		`{"type":"response.output_item.done","item":{"type":"function_call","id":"fc","call_id":"c1","name":"get_weather","arguments":"{\"city\":\"Paris\",\"unit\":\"celsius\"}"}}`,
		`{"type":"response.output_item.done","item":{"type":"function_call","id":"fc2","call_id":"c2","name":"get_weather","arguments":"{\"city\":3}"}}`,
		`{"type":"response.output_text.delta","delta":"It is "}`,
		`{"type":"response.output_text.delta","delta":"sunny."}`,
		`{"type":"response.completed","response":{"status":"completed","usage":{"total_tokens":12}}}`,
	}
	var sent []byte
	a := sendApp(t, func(ctx context.Context, cfg send.Config, body []byte, each func(send.Event) error) error {
		sent = body
		for _, e := range events {
			if err := each(ev(t, e)); err != nil {
				return err
			}
		}
		return nil
	})
	_, cmd := a.Update(tea.KeyPressMsg{Code: 'r', Mod: tea.ModCtrl})
	pump(t, a, cmd, 3*time.Second)
	d, ok := a.dialog.(*sendDialog)
	if !ok {
		t.Fatalf("no response dialog: %s", treeScreen(a))
	}
	if string(sent) != string(a.s.res.JSON) {
		t.Fatal("the body sent is not the preview's request")
	}
	s := treeScreen(a)
	for _, want := range []string{"It is sunny.", `→ get_weather {"city":"Paris","unit":"celsius"}: fits its parameters`,
		`→ get_weather {"city":3}: does not fit its parameters`, "completed · first output", `usage {"total_tokens":12}`} {
		requireIn(t, s, want)
	}
	if d.running {
		t.Fatal("still running after the stream ended")
	}
	a.Update(keyMsg("r"))
	requireIn(t, treeScreen(a), `{"type":"response.created"`)
	a.Update(keyMsg("esc"))
	if a.dialog != nil {
		t.Fatal("esc did not close a finished response")
	}
}

// TestSendDialogCancel: esc stops a stream in flight, the dialog says so,
// and no goroutine is left behind.
func TestSendDialogCancel(t *testing.T) {
	before := runtime.NumGoroutine()
	started := make(chan struct{})
	a := sendApp(t, func(ctx context.Context, cfg send.Config, body []byte, each func(send.Event) error) error {
		each(ev(t, `{"type":"response.output_text.delta","delta":"Thinking"}`))
		close(started)
		<-ctx.Done()
		return context.Canceled
	})
	_, cmd := a.Update(tea.KeyPressMsg{Code: 'r', Mod: tea.ModCtrl})
	<-started
	cancel := a.dialog.(*sendDialog).cancel // what esc calls, from the outside while pump runs
	go func() { time.Sleep(100 * time.Millisecond); cancel() }()
	pump(t, a, cmd, 3*time.Second)
	requireIn(t, treeScreen(a), "cancelled")
	a.Update(keyMsg("esc"))
	if a.dialog != nil {
		t.Fatal("esc did not close")
	}
	time.Sleep(50 * time.Millisecond)
	if n := runtime.NumGoroutine(); n > before+1 {
		t.Fatalf("%d goroutines after, %d before", n, before)
	}
}

// TestSendDialogClickOutsideStopsTheStream: closing the dialog another way
// cancels its stream and drains it.
func TestSendDialogClickOutsideStopsTheStream(t *testing.T) {
	stopped := make(chan struct{})
	a := sendApp(t, func(ctx context.Context, cfg send.Config, body []byte, each func(send.Event) error) error {
		for i := 0; ; i++ {
			if err := each(ev(t, `{"type":"response.output_text.delta","delta":"x"}`)); err != nil {
				close(stopped)
				return err
			}
		}
	})
	a.Update(tea.KeyPressMsg{Code: 'r', Mod: tea.ModCtrl})
	a.Update(tea.MouseClickMsg{X: 0, Y: 0, Button: tea.MouseLeft})
	if a.dialog != nil {
		t.Fatal("the click outside did not close the dialog")
	}
	select {
	case <-stopped:
	case <-time.After(3 * time.Second):
		t.Fatal("the stream went on after its dialog closed")
	}
}

func TestSendNeedsAKeyForOpenAI(t *testing.T) {
	a := New(Options{Doc: model.Example(), Name: "example.json", Deps: Deps{Getenv: func(string) string { return "" },
		Send: func(context.Context, send.Config, []byte, func(send.Event) error) error { return errors.New("sent") }}})
	a.Update(tea.WindowSizeMsg{Width: 120, Height: 36})
	a.Update(tea.KeyPressMsg{Code: 'r', Mod: tea.ModCtrl})
	if a.dialog != nil || !strings.Contains(a.status.text, "OPENAI_API_KEY") {
		t.Fatalf("dialog %v, status %q", a.dialog, a.status.text)
	}
}

// TestSendDialogToolLoop: a call of a function with a mock output is
// answered and the next turn's text follows in the same transcript.
func TestSendDialogToolLoop(t *testing.T) {
	turn := 0
	var second []byte
	a := sendApp(t, func(ctx context.Context, cfg send.Config, body []byte, each func(send.Event) error) error {
		turn++
		if turn == 1 {
			each(ev(t, `{"type":"response.created","response":{"id":"resp_1","status":"in_progress"}}`))
			each(ev(t, `{"type":"response.output_item.done","item":{"type":"function_call","id":"fc","call_id":"c1","name":"get_weather","arguments":"{\"city\":\"Paris\",\"unit\":\"celsius\"}"}}`))
			return each(ev(t, `{"type":"response.completed","response":{"id":"resp_1","status":"completed"}}`))
		}
		second = body
		each(ev(t, `{"type":"response.output_text.delta","delta":"12 degrees in Paris."}`))
		return each(ev(t, `{"type":"response.completed","response":{"id":"resp_2","status":"completed"}}`))
	})
	a.s.doc.Mocks = map[string]json.RawMessage{"get_weather": json.RawMessage(`{"output":{"temp":12}}`)}
	_, cmd := a.Update(tea.KeyPressMsg{Code: 'r', Mod: tea.ModCtrl})
	pump(t, a, cmd, 3*time.Second)
	s := treeScreen(a)
	for _, want := range []string{`← mock output for get_weather: {"temp":12}`, "── turn 2 ──", "12 degrees in Paris."} {
		requireIn(t, s, want)
	}
	// The example has "store": false: the whole conversation goes again.
	if !strings.Contains(string(second), `{"type":"function_call_output","call_id":"c1","output":"{\"temp\":12}"}`) ||
		strings.Contains(string(second), "previous_response_id") {
		t.Fatalf("the second request: %s", second)
	}
}
