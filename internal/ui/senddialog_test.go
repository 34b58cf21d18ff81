package ui

import (
	"context"
	"encoding/json"
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"
	"unicode"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/send"
	"github.com/tooltui/tooltui/internal/ui/kit"
	"github.com/tooltui/tooltui/internal/ui/sendview"
)

func sendApp(t *testing.T, fake fakeSend) *App {
	t.Helper()
	a := New(Options{Doc: model.Example(), Name: "example.json", BaseURL: "http://127.0.0.1:9/v1", Deps: kit.Deps{
		CopyNative: noCopy,
		WriteFile:  func(string, []byte) error { return nil },
		Getenv:     func(string) string { return "" },
		Send:       fake,
		Tick:       (&heldTimers{}).tick, // no timer outlives a test
	}})
	a.Update(tea.WindowSizeMsg{Width: 120, Height: 36})
	return a
}

// pumper runs the app's commands as the program would, each in its own
// goroutine, and feeds their stream messages back (others, such as the
// status line's, are dropped); a command still waiting when run returns
// (the next event of a stream) keeps its place, so no message is lost
// between two runs.
type pumper struct {
	t   *testing.T
	a   *App
	out chan tea.Msg
}

func newPumper(t *testing.T, a *App) *pumper { return &pumper{t: t, a: a, out: make(chan tea.Msg, 64)} }

func (p *pumper) start(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	go func() { p.out <- cmd() }()
}

// run handles messages until done holds (it is read between two
// messages, on the test's goroutine); not within 20 s fails the test.
func (p *pumper) run(cmd tea.Cmd, done func(*App) bool) {
	p.t.Helper()
	p.start(cmd)
	deadline := time.After(20 * time.Second)
	for !done(p.a) {
		select {
		case msg := <-p.out:
			if b, ok := msg.(tea.BatchMsg); ok {
				for _, c := range b {
					p.start(c)
				}
				continue
			}
			if _, ok := msg.(sendview.StreamMsg); !ok {
				continue // status clears and the like
			}
			_, next := p.a.Update(msg)
			p.start(next)
		case <-deadline:
			p.t.Fatalf("waited 20 s for the stream; the dialog:\n%s", treeScreen(p.a))
		}
	}
}

// asking holds while the response dialog asks for a call's output.
func asking(a *App) bool {
	d, ok := a.dialog.(*sendview.Dialog)
	return ok && d.Asking != nil
}

// ended holds once the response dialog's stream has ended.
func ended(a *App) bool {
	d, ok := a.dialog.(*sendview.Dialog)
	return !ok || !d.Running
}

// ctrlR is the key that sends the request.
var ctrlR = tea.KeyPressMsg{Code: 'r', Mod: tea.ModCtrl}

// press hands msg to the app and runs the commands that follow until done
// holds.
func (p *pumper) press(msg tea.Msg, done func(*App) bool) {
	p.t.Helper()
	_, cmd := p.a.Update(msg)
	p.run(cmd, done)
}

// startSend presses ctrl+r in a and runs the send until done holds; the
// pumper it returns goes on from there.
func startSend(t *testing.T, a *App, done func(*App) bool) *pumper {
	t.Helper()
	p := newPumper(t, a)
	p.press(ctrlR, done)
	return p
}

// fakeSend is the shape of Deps.Send.
type fakeSend = func(ctx context.Context, cfg send.Config, body []byte, each func(send.Event) error) error

// twoTurns is a fake send whose first turn streams first and completes
// resp_1, and whose later turns keep the request in *second, stream then
// and complete resp_2.
func twoTurns(t *testing.T, second *[]byte, first, then []string) fakeSend {
	turn := 0
	return func(ctx context.Context, cfg send.Config, body []byte, each func(send.Event) error) error {
		turn++
		evs, id := first, "resp_1"
		if turn > 1 {
			*second = body
			evs, id = then, "resp_2"
		}
		for _, e := range evs {
			each(ev(t, e))
		}
		return each(ev(t, `{"type":"response.completed","response":{"id":"`+id+`","status":"completed"}}`))
	}
}

// osloCall is a streamed call of get_weather for Oslo in celsius.
const osloCall = `{"type":"response.output_item.done","item":{"type":"function_call","id":"fc","call_id":"c1","name":"get_weather","arguments":"{\"city\":\"Oslo\",\"unit\":\"celsius\"}"}}`

// flatText folds the white space of s into single spaces.
func flatText(s string) string { return strings.Join(strings.Fields(s), " ") }

// unwrapped is s without its spaces, line breaks and box borders, for
// finding text the screen may wrap anywhere (a temporary file's path, as
// long as $TMPDIR makes it): look for unwrapped(text) in it.
func unwrapped(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '│' || unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
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
	p := startSend(t, a, asking)
	d, ok := a.dialog.(*sendview.Dialog)
	if !ok {
		t.Fatalf("no response dialog: %s", treeScreen(a))
	}
	if string(sent) != string(a.s.Result().JSON) {
		t.Fatal("the body sent is not the preview's request")
	}
	s := treeScreen(a)
	for _, want := range []string{"It is sunny.", `→ get_weather {"city":"Paris","unit":"celsius"}: fits its parameters`,
		`→ get_weather {"city":3}: does not fit its parameters`, "completed · first output", `usage {"total_tokens":12}`} {
		requireIn(t, s, want)
	}
	// Neither call has a mock: the dialog asks for the first's output;
	// esc stops the loop there.
	if d.Asking == nil || d.Asking.Call.Name != "get_weather" {
		t.Fatalf("no question for the call without a mock:\n%s", s)
	}
	p.press(keyMsg("esc"), ended)
	if d.Running {
		t.Fatal("still running after the loop stopped")
	}
	requireIn(t, treeScreen(a), "the tool loop stops here: no mock output for get_weather")
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
	p := newPumper(t, a)
	// Once the dialog shows the stream's first event, cancel it as esc does.
	p.run(cmd, func(a *App) bool { return strings.Contains(treeScreen(a), "Thinking") })
	a.dialog.(*sendview.Dialog).Cancel()
	p.run(nil, ended)
	requireIn(t, treeScreen(a), "cancelled")
	a.Update(keyMsg("esc"))
	if a.dialog != nil {
		t.Fatal("esc did not close")
	}
	// The stream's goroutine ends after its last message.
	n := runtime.NumGoroutine()
	for deadline := time.Now().Add(20 * time.Second); n > before+1 && time.Now().Before(deadline); n = runtime.NumGoroutine() {
		time.Sleep(5 * time.Millisecond)
	}
	if n > before+1 {
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
	case <-time.After(20 * time.Second):
		t.Fatal("the stream went on after its dialog closed")
	}
}

func TestSendNeedsAKeyForOpenAI(t *testing.T) {
	a := New(Options{Doc: model.Example(), Name: "example.json", Deps: kit.Deps{Getenv: func(string) string { return "" },
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
	var second []byte
	a := sendApp(t, twoTurns(t, &second, []string{
		`{"type":"response.created","response":{"id":"resp_1","status":"in_progress"}}`,
		`{"type":"response.output_item.done","item":{"type":"function_call","id":"fc","call_id":"c1","name":"get_weather","arguments":"{\"city\":\"Paris\",\"unit\":\"celsius\"}"}}`,
	}, []string{`{"type":"response.output_text.delta","delta":"12 degrees in Paris."}`}))
	a.s.Doc().Mocks = map[string]json.RawMessage{"get_weather": json.RawMessage(`{"output":{"temp":12}}`)}
	startSend(t, a, ended)
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

// TestSendDialogAsksForAnOutput: a call no mock answers opens a prompt;
// what is typed there is sent as the output, and the loop goes on.
func TestSendDialogAsksForAnOutput(t *testing.T) {
	var second []byte
	a := sendApp(t, twoTurns(t, &second, []string{osloCall}, []string{`{"type":"response.output_text.delta","delta":"Cold in Oslo."}`}))
	p := startSend(t, a, asking) // up to the question
	d := a.dialog.(*sendview.Dialog)
	if d.Asking == nil {
		t.Fatalf("no question for the call without a mock:\n%s", treeScreen(a))
	}
	requireIn(t, treeScreen(a), "Output of get_weather:")
	for _, r := range `{"temp_c":-3}` {
		a.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	p.press(keyMsg("enter"), ended) // the wait the first run left reads what follows
	requireIn(t, treeScreen(a), "Cold in Oslo.")
	if strings.Contains(treeScreen(a), "mock output") {
		t.Fatal("a typed output is shown as a mock's")
	}
	if !strings.Contains(string(second), `"output":"{\"temp_c\":-3}"`) {
		t.Fatalf("the second request: %s", second)
	}
}

// BenchmarkSendDialogEvent is what one streamed text event costs the event
// loop (the dialog's update), and BenchmarkSendDialogView a frame of a
// transcript of 5,000 events: at 1,000 events a second, the events cost
// per second what a keystroke costs once.
func BenchmarkSendDialogEvent(b *testing.B) {
	a := New(Options{Doc: model.Example(), Name: "x.json"})
	a.Update(tea.WindowSizeMsg{Width: 140, Height: 40})
	d := &sendview.Dialog{ID: 1, Cancel: func() {}, Running: true, Follow: true, Start: time.Now()}
	d.Resize(140, 38)
	e := send.Event{Kind: send.KindText, Text: "word ", Raw: []byte(`{"type":"response.output_text.delta","delta":"word "}`)}
	for b.Loop() {
		d.Add(e)
	}
}

func BenchmarkSendDialogView(b *testing.B) {
	a := New(Options{Doc: model.Example(), Name: "x.json"})
	a.Update(tea.WindowSizeMsg{Width: 140, Height: 40})
	d := &sendview.Dialog{ID: 1, Cancel: func() {}, Running: true, Follow: true, Start: time.Now()}
	d.Resize(140, 38)
	for i := 0; i < 5000; i++ {
		d.Add(send.Event{Kind: send.KindText, Text: "word ", Raw: []byte(`{"type":"response.output_text.delta","delta":"word "}`)})
	}
	env := a.env()
	for b.Loop() {
		_ = d.View(env, 140, 38)
	}
}

// TestSendDialogNamesTheEntryOfAnAPIError: a 400 about tools[1] says
// which entry of the document that is.
func TestSendDialogNamesTheEntryOfAnAPIError(t *testing.T) {
	a := sendApp(t, func(ctx context.Context, cfg send.Config, body []byte, each func(send.Event) error) error {
		return &send.APIError{Status: 400, Param: "tools[1].search_context_size", Message: "Invalid value"}
	})
	startSend(t, a, ended)
	requireIn(t, flatText(treeScreen(a)), "extra.builtin_tools[0] in the document")
}

// TestSendDialogUnknownFunction: a call of a function the request does not
// have is answered with an error output that says so, with no question
// and no offer of a mock, and the loop goes on.
func TestSendDialogUnknownFunction(t *testing.T) {
	var second []byte
	a := sendApp(t, twoTurns(t, &second, []string{
		`{"type":"response.output_item.done","item":{"type":"function_call","id":"fc","call_id":"c1","name":"book_flight","arguments":"{}"}}`,
	}, []string{`{"type":"response.output_text.delta","delta":"I cannot book flights."}`}))
	startSend(t, a, ended)
	s := flatText(treeScreen(a))
	requireIn(t, s, `← error output for book_flight (the request has no function of that name): Error: this request has no function`)
	requireIn(t, s, `named "book_flight"; its functions are get_weather. Call one of those, or answer without it.`)
	requireIn(t, s, "I cannot book flights.")
	if !strings.Contains(string(second), `this request has no function named \"book_flight\"`) {
		t.Fatalf("the second request: %s", second)
	}
}
