package ui

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/send"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// sendAppDoc is sendApp with a document of the test's own.
func sendAppDoc(t *testing.T, doc string, fake fakeSend) *App {
	t.Helper()
	a := sendApp(t, fake)
	d, err := model.Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	a.s.Replace(d, a.at)
	a.selectRow(kit.RequestSel)
	return a
}

// TestSendViewSaysTheForcedChoiceIsRelaxed: a forced tool_choice forces the
// first turn only; the follow-up sends "auto", and the transcript says so
// (send.Turn.Note).
func TestSendViewSaysTheForcedChoiceIsRelaxed(t *testing.T) {
	doc := strings.Replace(strings.Replace(string(model.ExampleJSON()), `"tool_choice": "auto"`, `"tool_choice": "required"`, 1), `"model"`,
		`"tooltui": {"mocks": {"get_weather": {"output": {"temp_c": 12}}}}, "model"`, 1)
	answer, turn := weatherThenText(t)
	a := sendAppDoc(t, doc, answer)
	startSend(t, a, ended)
	s := treeScreen(a)
	requireIn(t, s, "12 degrees.")
	requireIn(t, s, `tool_choice "required" applies to the first turn: the follow-up sends "auto"`)
	if *turn != 2 {
		t.Fatalf("%d turns, want 2", *turn)
	}
}

// TestSendViewShowsEventsAfterAFailure: a stream that fails shows the
// failure and the events received before it, never "waiting…"; with none
// received it says so, in the transcript and in the raw view.
func TestSendViewShowsEventsAfterAFailure(t *testing.T) {
	a := sendApp(t, func(ctx context.Context, cfg send.Config, body []byte, each func(send.Event) error) error {
		each(ev(t, `{"type":"response.created","response":{"id":"resp_1","status":"in_progress"}}`))
		each(ev(t, `{"type":"response.in_progress","response":{"id":"resp_1","status":"in_progress"}}`))
		return errors.New("reading the stream: connection reset by peer")
	})
	startSend(t, a, ended)
	s := treeScreen(a)
	requireIn(t, s, "connection reset by peer")
	requireIn(t, s, `{"type":"response.created"`)
	requireIn(t, s, `{"type":"response.in_progress"`)
	if strings.Contains(s, "waiting for") {
		t.Fatalf("waiting after the failure:\n%s", s)
	}

	b := sendApp(t, func(ctx context.Context, cfg send.Config, body []byte, each func(send.Event) error) error {
		return errors.New("dial tcp 127.0.0.1:9: connection refused")
	})
	startSend(t, b, ended)
	requireIn(t, treeScreen(b), "connection refused")
	b.Update(keyMsg("r"))
	s = treeScreen(b)
	requireIn(t, s, "no event was received")
	if strings.Contains(s, "waiting for") {
		t.Fatalf("the raw view waits after the failure:\n%s", s)
	}
}

// TestSendViewNeverShowsBackslashN: text deltas with newlines (and CRLF)
// are lines; no literal \n or \r reaches the screen, nor in the raw view
// for an event whose data spans lines.
func TestSendViewNeverShowsBackslashN(t *testing.T) {
	a := sendApp(t, func(ctx context.Context, cfg send.Config, body []byte, each func(send.Event) error) error {
		for _, e := range []string{
			`{"type":"response.output_text.delta","delta":"First line\nSecond "}`,
			`{"type":"response.output_text.delta","delta":"line\r\nThird line\n"}`,
			"{\"type\":\"response.output_text.delta\",\n\"delta\":\"Fourth line\"}",
			`{"type":"response.completed","response":{"status":"completed"}}`,
		} {
			if err := each(ev(t, e)); err != nil {
				return err
			}
		}
		return nil
	})
	startSend(t, a, ended)
	s := treeScreen(a)
	for _, want := range []string{"First line", "Second line", "Third line", "Fourth line"} {
		requireIn(t, s, want)
	}
	for _, bad := range []string{`\n`, `\r`} {
		if strings.Contains(s, bad) {
			t.Fatalf("the transcript shows %s:\n%s", bad, s)
		}
	}
	a.Update(keyMsg("r"))
	if s := treeScreen(a); strings.Contains(s, "delta\",\\n") || strings.Contains(s, `,\n"delta"`) {
		t.Fatalf("the raw view shows a line break of the data as \\n:\n%s", s)
	}
}

// TestSendViewShowsUsage: each turn's usage as input, output and cached
// tokens.
func TestSendViewShowsUsage(t *testing.T) {
	a := sendApp(t, func(ctx context.Context, cfg send.Config, body []byte, each func(send.Event) error) error {
		for _, e := range []string{
			`{"type":"response.output_text.delta","delta":"Hi."}`,
			`{"type":"response.completed","response":{"status":"completed","usage":{"input_tokens":1234,"input_tokens_details":{"cached_tokens":1024},"output_tokens":56,"output_tokens_details":{"reasoning_tokens":0},"total_tokens":1290}}}`,
		} {
			if err := each(ev(t, e)); err != nil {
				return err
			}
		}
		return nil
	})
	startSend(t, a, ended)
	requireIn(t, treeScreen(a), "usage: 1,234 input tokens (1,024 cached) · 56 output tokens")
}

// TestSendViewShowsLinesAsLines: the note of a forced tool_choice names it
// on one line, and an output of several lines shows as lines, never with
// a line break written out as \n or \r.
func TestSendViewShowsLinesAsLines(t *testing.T) {
	doc := strings.Replace(strings.Replace(string(model.ExampleJSON()), `"tool_choice": "auto"`, `"tool_choice": {"type": "function", "name": "get_weather"}`, 1), `"model"`,
		`"tooltui": {"mocks": {"get_weather": {"output": "line one\r\nline two"}}}, "model"`, 1)
	answer, _ := weatherThenText(t)
	a := sendAppDoc(t, doc, answer)
	startSend(t, a, ended)
	s := treeScreen(a)
	requireIn(t, s, `· tool_choice {"type":"function","name":"get_weather"} applies to the first turn`)
	if !regexp.MustCompile(`← mock output for get_weather: line one +│ *\n *│ line two `).MatchString(s) {
		t.Fatalf("the output is not on two lines:\n%s", s)
	}
	if strings.Contains(s, `\n`) || strings.Contains(s, `\r`) {
		t.Fatalf("a line break is written out:\n%s", s)
	}
}

// weatherThenText is a model that calls get_weather for Paris, then, once
// it has the output, answers "12 degrees."; turn counts its requests.
func weatherThenText(t *testing.T) (answer func(ctx context.Context, cfg send.Config, body []byte, each func(send.Event) error) error, turn *int) {
	turn = new(int)
	return func(ctx context.Context, cfg send.Config, body []byte, each func(send.Event) error) error {
		*turn++
		evs := []string{`{"type":"response.output_item.done","item":{"type":"function_call","id":"fc","call_id":"c1","name":"get_weather","arguments":"{\"city\":\"Paris\",\"unit\":\"celsius\"}"}}`,
			`{"type":"response.completed","response":{"status":"completed","output":[]}}`}
		if *turn > 1 {
			evs = []string{`{"type":"response.output_text.delta","delta":"12 degrees."}`,
				`{"type":"response.completed","response":{"status":"completed","output":[]}}`}
		}
		for _, e := range evs {
			if err := each(ev(t, e)); err != nil {
				return err
			}
		}
		return nil
	}, turn
}
