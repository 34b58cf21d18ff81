package send

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

// transcript is what a loop showed: every event's type and text, and
// every turn's calls and outputs, in order.
type transcript struct {
	lines []string
}

func (tr *transcript) each(turn int, e Event) error {
	tr.lines = append(tr.lines, strings.Join([]string{"event", e.Type, e.Text, e.Name, e.Arguments, e.Status}, "|"))
	return nil
}

func (tr *transcript) done(t Turn) {
	for i, c := range t.Calls {
		tr.lines = append(tr.lines, "call|"+c.Name+"|"+c.Arguments+"|"+t.Outputs[i])
	}
	tr.lines = append(tr.lines, "turn|"+t.Status+"|"+t.Note)
}

// Recording a two-turn loop, then replaying it with no server, shows the
// same transcript; the recording is JSON Lines with no key.
func TestRecordThenReplay(t *testing.T) {
	s, requests := callThenText(t)
	c := cfg(s)
	c.APIKey = "sk-secret-key"
	mocks := Mocks{"get_weather": json.RawMessage(`{"temp":12}`)}
	answer := func(c Call) (string, bool) { return mocks.Output(c.Name, c.Arguments) }

	var file bytes.Buffer
	rec, err := NewRecorder(&file, nil)
	if err != nil {
		t.Fatal(err)
	}
	c.Stream = rec.Wrap(nil)
	var live transcript
	if err := Loop(context.Background(), c, []byte(body), 5, answer, live.each, live.done); err != nil {
		t.Fatal(err)
	}
	if rec.Err() != nil {
		t.Fatal(rec.Err())
	}
	text := file.String()
	if strings.Contains(text, "sk-secret-key") {
		t.Fatalf("the recording holds the key:\n%s", text)
	}
	lines := strings.Split(strings.TrimSpace(text), "\n")
	for i, l := range lines {
		if !json.Valid([]byte(l)) {
			t.Fatalf("line %d is not JSON: %s", i+1, l)
		}
	}
	if !strings.HasPrefix(lines[0], `{"kind":"header","format":"tooltui-recording","version":1`) {
		t.Fatalf("header: %s", lines[0])
	}

	played, err := ReadRecording(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if len(played.Turns) != 2 {
		t.Fatalf("%d turns recorded, want 2", len(played.Turns))
	}
	if d := played.CheckFirst([]byte(body)); d != "" {
		t.Fatalf("the same document differs at %q", d)
	}
	var replay transcript
	rc := Config{Stream: played.Stream(0)} // no base URL, no key, no server
	if err := Loop(context.Background(), rc, []byte(body), 5, answer, replay.each, replay.done); err != nil {
		t.Fatal(err)
	}
	if strings.Join(replay.lines, "\n") != strings.Join(live.lines, "\n") {
		t.Fatalf("replay shows\n%s\nthe send showed\n%s", strings.Join(replay.lines, "\n"), strings.Join(live.lines, "\n"))
	}
	if n := requests(); n != 2 {
		t.Fatalf("the replay reached the server: %d requests", n)
	}
}

// A replay plays events at their recorded pace divided by the speed.
func TestReplayPace(t *testing.T) {
	rec := &Recording{Turns: []RecordedTurn{{
		Body: json.RawMessage(`{}`),
		Events: []RecordedEvent{
			{At: 0, Type: "response.output_text.delta", Data: json.RawMessage(`{"type":"response.output_text.delta","delta":"a"}`)},
			{At: 400 * time.Millisecond, Type: "response.completed", Data: json.RawMessage(`{"type":"response.completed","response":{"id":"r","status":"completed"}}`)},
		},
		End: 400 * time.Millisecond,
	}}}
	start := time.Now()
	if err := rec.Stream(4)(context.Background(), Config{}, []byte(`{}`), func(Event) error { return nil }); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d < 100*time.Millisecond {
		t.Fatalf("at speed 4 a 400 ms recording played in %v", d)
	}
	// A cancelled replay stops at once.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := rec.Stream(0.001)(ctx, Config{}, []byte(`{}`), func(Event) error { return nil }); err == nil {
		t.Fatal("a cancelled replay went on")
	}
	// Past the recorded turns: an error that says so.
	s := rec.Stream(0)
	s(context.Background(), Config{}, []byte(`{}`), func(Event) error { return nil })
	if err := s(context.Background(), Config{}, []byte(`{}`), func(Event) error { return nil }); err == nil || !strings.Contains(err.Error(), "has 1 turns") {
		t.Fatalf("turn past the recording: %v", err)
	}
}

func TestRecordedErrorReplays(t *testing.T) {
	var file bytes.Buffer
	rec, _ := NewRecorder(&file, nil)
	failing := func(ctx context.Context, _ Config, _ []byte, each func(Event) error) error {
		each(Event{Type: "response.created", Raw: json.RawMessage(`{"type":"response.created","response":{"id":"r"}}`)})
		return &StreamError{Message: "the connection dropped mid-stream: EOF"}
	}
	err := rec.Wrap(failing)(context.Background(), Config{}, []byte(`{"model":"m"}`), func(Event) error { return nil })
	if err == nil {
		t.Fatal("no error")
	}
	played, err := ReadRecording(&file)
	if err != nil {
		t.Fatal(err)
	}
	got := played.Stream(0)(context.Background(), Config{}, []byte(`{"model":"m"}`), func(Event) error { return nil })
	if got == nil || !strings.Contains(got.Error(), "dropped mid-stream") {
		t.Fatalf("replayed error %v", got)
	}
}

func TestCheckFirstNamesThePointer(t *testing.T) {
	rec := &Recording{Turns: []RecordedTurn{{Body: json.RawMessage(`{"model":"gpt-5","tools":[{"type":"function","name":"a","description":"x"}]}`)}}}
	for body, want := range map[string]string{
		`{"tools":[{"description":"x","name":"a","type":"function"}],"model":"gpt-5"}`: "",
		`{"model":"gpt-5","tools":[{"type":"function","name":"a","description":"y"}]}`: "/tools/0/description",
		`{"model":"gpt-5","tools":[]}`: "/tools/0",
		`{"model":"gpt-4o","tools":[{"type":"function","name":"a","description":"x"}]}`: "/model",
		`not json`: "/",
	} {
		if got := rec.CheckFirst([]byte(body)); got != want {
			t.Errorf("CheckFirst(%s) = %q, want %q", body, got, want)
		}
	}
}

func TestRedactMCPSecrets(t *testing.T) {
	in := `{"tools":[{"type":"mcp","server_label":"x","authorization":"tok-1","headers":{"X-Key":"k-2"}},{"type":"function","name":"authorization"}]}`
	out := string(Redact([]byte(in)))
	if strings.Contains(out, "tok-1") || strings.Contains(out, "k-2") || !strings.Contains(out, `"X-Key":"REDACTED"`) || !strings.Contains(out, `"name":"authorization"`) {
		t.Fatalf("Redact: %s", out)
	}
	if plain := `{"tools":[{"type":"web_search"}]}`; string(Redact([]byte(plain))) != plain {
		t.Fatal("Redact changed a body without MCP tools")
	}
}

func TestReadRecordingErrors(t *testing.T) {
	for in, want := range map[string]string{
		"":                            "empty",
		`{"kind":"request","turn":1}`: "not a tooltui recording",
		"{\"kind\":\"header\",\"format\":\"tooltui-recording\",\"version\":9}":                                                                                                                     "version 9",
		"{\"kind\":\"header\",\"format\":\"tooltui-recording\",\"version\":1}\n{\"kind\":\"event\",\"turn\":2}":                                                                                    "out of order",
		"{\"kind\":\"header\",\"format\":\"tooltui-recording\",\"version\":1}\nnope":                                                                                                               "line 2",
		"{\"kind\":\"header\",\"format\":\"tooltui-recording\",\"version\":1}":                                                                                                                     "no request",
		"{\"kind\":\"header\",\"format\":\"tooltui-recording\",\"version\":1}\n{\"kind\":\"outcome\",\"outcome\":\"completed\"}":                                                                   "outcome without a turn",
		"{\"kind\":\"header\",\"format\":\"tooltui-recording\",\"version\":1}\n{\"kind\":\"request\",\"turn\":1}\n{\"kind\":\"outcome\",\"outcome\":\"completed\"}\n{\"kind\":\"end\",\"turn\":1}": "line 4: a line after the outcome",
	} {
		if _, err := ReadRecording(strings.NewReader(in)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ReadRecording(%q) = %v, want %q", in, err, want)
		}
	}
}

// A recording may end with its document and outcome, which it reads
// back; it plays as one without.
func TestRecordingOutcome(t *testing.T) {
	var file bytes.Buffer
	rec, err := NewRecorder(&file, nil)
	if err != nil {
		t.Fatal(err)
	}
	stream := rec.Wrap(func(ctx context.Context, cfg Config, body []byte, each func(Event) error) error {
		return &APIError{Status: 500, Message: "boom"}
	})
	err = Loop(context.Background(), Config{Stream: stream}, []byte(body), 5, func(Call) (string, bool) { return "", false },
		func(int, Event) error { return nil }, func(Turn) {})
	o := OutcomeOf(err)
	if o != (Outcome{Kind: OutcomeError, Status: "HTTP 500", Message: "HTTP 500: boom"}) {
		t.Fatalf("OutcomeOf(%v) = %+v", err, o)
	}
	if err := rec.End("api/travel.json", o); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(file.String()), "\n")
	if last := lines[len(lines)-1]; last != `{"kind":"outcome","document":"api/travel.json","outcome":"error","status":"HTTP 500","message":"HTTP 500: boom"}` {
		t.Fatalf("last line: %s", last)
	}
	got, err := ReadRecording(strings.NewReader(file.String()))
	if err != nil {
		t.Fatal(err)
	}
	if got.Document != "api/travel.json" || got.Outcome == nil || *got.Outcome != o || len(got.Turns) != 1 || got.Turns[0].Err != "HTTP 500: boom" {
		t.Fatalf("read back: %+v", got)
	}
}

func TestOutcomeOf(t *testing.T) {
	for _, c := range []struct {
		err          error
		kind, status string
	}{
		{nil, OutcomeCompleted, ""},
		{context.Canceled, OutcomeCancelled, ""},
		{fmt.Errorf("turn 2: %w", context.Canceled), OutcomeCancelled, ""},
		{&APIError{Status: 429}, OutcomeError, "HTTP 429"},
		{&ErrResponseStatus{Status: "incomplete"}, OutcomeError, "incomplete"},
		{&ErrNoMock{Name: "f"}, OutcomeStopped, ""},
		{&ErrMaxTurns{N: 5}, OutcomeStopped, ""},
		{&StreamError{Message: "the connection dropped mid-stream: EOF"}, OutcomeError, ""},
	} {
		o := OutcomeOf(c.err)
		if o.Kind != c.kind || o.Status != c.status || (c.err != nil) != (o.Message != "") {
			t.Errorf("OutcomeOf(%v) = %+v, want %s %q", c.err, o, c.kind, c.status)
		}
	}
}
