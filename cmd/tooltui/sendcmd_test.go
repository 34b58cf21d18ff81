package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/send/sendtest"
)

// sseOf is events as a stream's text.
func sseOf(events ...string) string { return sendtest.SSE(events...) }

// callTurn is a first answer calling get_weather with args (a JSON
// object's text), as a model streams it.
func callTurn(args string) string {
	a, _ := json.Marshal(args)
	return sseOf(
		`{"type":"response.created","response":{"id":"resp_1","status":"in_progress"}}`,
		`{"type":"response.output_item.done","item":{"type":"function_call","id":"fc","call_id":"c1","name":"get_weather","arguments":`+string(a)+`}}`,
		`{"type":"response.completed","response":{"id":"resp_1","status":"completed"}}`)
}

// textTurn is a later answer in text: its deltas, then the completed
// response, with usage when it is not "".
func textTurn(usage string, deltas ...string) string {
	return sendtest.SSE(sendtest.TextTurn("resp_2", usage, deltas...)...)
}

// callThenText answers the first request with callTurn(args) and each
// later one with textTurn(usage, deltas...); n counts the requests, and
// setting it back to 0 starts over with the call.
func callThenText(n *int, args, usage string, deltas ...string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		io.ReadAll(r.Body)
		*n++
		w.Header().Set("Content-Type", "text/event-stream")
		if *n == 1 {
			io.WriteString(w, callTurn(args))
			return
		}
		io.WriteString(w, textTurn(usage, deltas...))
	}
}

// A model calling get_weather with arguments that break its enum, then
// saying something, in the event shapes of the spec.
var sendEvents = sendtest.Stream(
	`{"type":"response.created","sequence_number":0,"response":{"id":"r","status":"in_progress"}}`,
	`{"type":"response.output_item.added","sequence_number":1,"output_index":0,"item":{"type":"function_call","id":"fc_1","call_id":"call_1","name":"get_weather","arguments":""}}`,
	`{"type":"response.output_item.done","sequence_number":2,"output_index":0,"item":{"type":"function_call","id":"fc_1","call_id":"call_1","name":"get_weather","arguments":"{\"city\":\"Paris\",\"unit\":\"kelvin\"}"}}`,
	`{"type":"response.web_search_call.searching","sequence_number":3,"output_index":1,"item_id":"ws_1"}`,
	`{"type":"response.output_text.delta","sequence_number":4,"item_id":"m","output_index":2,"content_index":0,"delta":"Sunny \u001b]0;x\u0007today"}`,
	`{"type":"response.completed","sequence_number":5,"response":{"id":"r","status":"completed","usage":{"total_tokens":7}}}`,
)

// sendServer is a Responses server answering with h; it returns the base
// URL and the last request's body.
func sendServer(t *testing.T, h http.HandlerFunc) (string, func() string) {
	s := sendtest.New(t, h)
	return s.BaseURL(), s.Body
}

func TestSend(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "sk-cmd-test-key-0001")
	base, body := sendServer(t, sendEvents)
	var out, errb bytes.Buffer
	// The call has no mock: the loop stops there, exit 3.
	if st := run([]string{"send", "--base-url", base, "testdata/example.json"}, nil, &out, &errb); st != 3 {
		t.Fatalf("status %d\n%s", st, errb.String())
	}
	if !strings.Contains(body(), `"stream": true`) || !strings.Contains(body(), `"name": "get_weather"`) {
		t.Fatalf("sent %s", body())
	}
	if got := out.String(); got != "Sunny \\x1b]0;x\\x07today\n" {
		t.Fatalf("stdout %q", got)
	}
	e := errb.String()
	for _, want := range []string{
		`call get_weather {"city":"Paris","unit":"kelvin"}: does not fit its parameters:`,
		"web_search_call.searching",
		`completed · first output `,
		`usage {"total_tokens":7}`,
	} {
		if !strings.Contains(e, want) {
			t.Errorf("stderr lacks %q:\n%s", want, e)
		}
	}
	checkStderrSafe(t, e, 0)
	if strings.Contains(e+out.String(), "sk-cmd-test") {
		t.Fatal("the key was printed")
	}
}

func TestSendJSON(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "k")
	base, _ := sendServer(t, sendEvents)
	var out, errb bytes.Buffer
	if st := run([]string{"send", "--json", "--base-url=" + base, "testdata/example.json"}, nil, &out, &errb); st != 3 {
		t.Fatalf("status %d\n%s", st, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 7 || !strings.HasPrefix(lines[0], `{"type":"response.created"`) || errb.Len() != 0 ||
		!strings.HasPrefix(lines[6], `{"type":"tooltui.loop.stopped","reason":"no_mock","function":"get_weather","message":"no mock output for get_weather: `) {
		t.Fatalf("%d lines:\n%s\nstderr %s", len(lines), out.String(), errb.String())
	}
	if strings.ContainsAny(out.String(), "\x1b\x07") {
		t.Fatal("raw control characters in --json output")
	}
}

func TestSendErrors(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "")
	t.Setenv("OPENAI_BASE_URL", "")
	var out, errb bytes.Buffer
	if st := run([]string{"send", "testdata/example.json"}, nil, &out, &errb); st != 2 || !strings.Contains(errb.String(), "no API key") {
		t.Fatalf("no key: status %d %s", st, errb.String())
	}
	base, _ := sendServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(401)
		io.WriteString(w, `{"error":{"message":"Incorrect API key","type":"invalid_request_error","code":"invalid_api_key"}}`)
	})
	errb.Reset()
	if st := run([]string{"send", "--base-url", base, "testdata/example.json"}, nil, &out, &errb); st != 1 || !strings.Contains(errb.String(), "HTTP 401") {
		t.Fatalf("401: status %d %s", st, errb.String())
	}
	errb.Reset()
	if st := run([]string{"send", "--base-url"}, nil, &out, &errb); st != 2 {
		t.Fatalf("--base-url without a value: %d", st)
	}
}

// TestSendToolLoop: a document whose get_weather has a mock output; the
// first answer calls it, tooltui answers the call and the second answers
// in text.
func TestSendToolLoop(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "k")
	n := 0
	var second string
	base, body := sendServer(t, callThenText(&n, `{"city":"Paris","unit":"celsius"}`, "", "It is 12 degrees."))
	doc := `{"model":"gpt-5","input":"Weather in Paris?","tools_defs":[{"name":"get_weather","description":"","strict":true,
		"parameters":{"type":"object","properties":{"city":{"type":"string"},"unit":{"type":"string","enum":["celsius","fahrenheit"]}},"required":["city","unit"],"additionalProperties":false}}],
		"tooltui":{"mocks":{"get_weather":{"when":[{"args":{"city":"Paris"},"output":{"temp":12}}],"output":"no data"}}}}`
	var out, errb bytes.Buffer
	if st := run([]string{"send", "--base-url", base, "-"}, strings.NewReader(doc), &out, &errb); st != 0 {
		t.Fatalf("status %d\n%s", st, errb.String())
	}
	second = body()
	if out.String() != "It is 12 degrees.\n" {
		t.Fatalf("stdout %q", out.String())
	}
	for _, want := range []string{`mock output for get_weather: {"temp":12}`, "turn 2"} {
		if !strings.Contains(errb.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, errb.String())
		}
	}
	if !strings.Contains(second, `"previous_response_id":"resp_1"`) || strings.Contains(second, "tooltui") {
		t.Fatalf("the second request: %s", second)
	}

	// --max-turns 1 stops before answering
	n = 0
	errb.Reset()
	if st := run([]string{"send", "--max-turns", "1", "--base-url", base, "-"}, strings.NewReader(doc), &out, &errb); st != 3 ||
		!strings.Contains(errb.String(), "the loop stops here: stopped after 1 turns: the model was still calling functions (--max-turns N sends more)") {
		t.Fatalf("status %d\n%s", st, errb.String())
	}
}

// A forced tool_choice forces the first turn only, and the transcript
// says that the follow-up sends "auto".
func TestSendForcedToolChoiceOnce(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "k")
	n := 0
	base, last := sendServer(t, callThenText(&n, `{"city":"Paris"}`, "", "Sunny."))
	doc := `{"model":"gpt-5","input":"Weather?","tool_choice":{"type":"function","name":"get_weather"},
		"tools_defs":[{"name":"get_weather","description":"","strict":false,"parameters":{"type":"object","properties":{"city":{"type":"string"}}}}],
		"tooltui":{"mocks":{"get_weather":{"output":"sunny\r\nand warm"}}}}`
	var out, errb bytes.Buffer
	if st := run([]string{"send", "--base-url", base, "-"}, strings.NewReader(doc), &out, &errb); st != 0 {
		t.Fatalf("status %d\n%s", st, errb.String())
	}
	if n != 2 {
		t.Fatalf("%d requests, want 2", n)
	}
	// The note and the output of several lines show as lines, with real
	// line breaks: never a \n written out.
	for _, want := range []string{"\n" + `tool_choice {"type":"function","name":"get_weather"} applies to the first turn: the follow-up sends "auto" (the document keeps its value)` + "\n",
		"\nmock output for get_weather: sunny\nand warm\n"} {
		if !strings.Contains(errb.String(), want) {
			t.Errorf("the transcript lacks %q:\n%s", want, errb.String())
		}
	}
	if strings.Contains(errb.String(), `\n`) || strings.Contains(errb.String(), `\r`) {
		t.Errorf("the transcript writes out a line break:\n%s", errb.String())
	}
	if !strings.Contains(last(), `"tool_choice":"auto"`) {
		t.Errorf("the follow-up request forces the call again: %s", last())
	}
}

// send --record writes the exchange; send --replay plays it back with no
// server and no key, through the same transcript; a document that no
// longer builds the recorded first request is refused with the pointer.
func TestSendRecordReplay(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "sk-recorded-key")
	n := 0
	base, _ := sendServer(t, callThenText(&n, `{"city":"Paris"}`, `{"input_tokens":10,"output_tokens":5,"total_tokens":15}`, "It is 12 degrees."))
	doc := `{"model":"gpt-5","input":"Weather?","tools_defs":[{"name":"get_weather","description":"","strict":false,"parameters":{"type":"object","properties":{"city":{"type":"string"}}}}],
		"tooltui":{"mocks":{"get_weather":{"output":{"temp":12}}}}}`
	dir := t.TempDir()
	docFile, recFile := dir+"/doc.json", dir+"/send.jsonl"
	writeTestFile(t, docFile, doc)
	var out1, err1 bytes.Buffer
	if st := run([]string{"send", "--base-url", base, "--record", recFile, docFile}, nil, &out1, &err1); st != 0 {
		t.Fatalf("record: status %d\n%s", st, err1.String())
	}
	data, err := os.ReadFile(recFile)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(data, []byte("sk-recorded-key")) || bytes.Count(data, []byte(`"kind":"request"`)) != 2 {
		t.Fatalf("the recording:\n%s", data)
	}

	t.Setenv("OPENAI_API_KEY", "")
	var out2, err2 bytes.Buffer
	if st := run([]string{"send", "--replay", recFile, "--speed", "0", docFile}, nil, &out2, &err2); st != 0 {
		t.Fatalf("replay: status %d\n%s", st, err2.String())
	}
	if n != 2 {
		t.Fatalf("the replay reached the server (%d requests)", n)
	}
	if out2.String() != out1.String() || out2.String() != "It is 12 degrees.\n" {
		t.Fatalf("replay printed %q, the send %q", out2.String(), out1.String())
	}
	if a, b := withoutTimes(err1.String()), withoutTimes(err2.String()); a != b {
		t.Fatalf("replay's transcript\n%s\nthe send's\n%s", b, a)
	}

	// A changed document is refused, with the pointer; --force plays it.
	writeTestFile(t, docFile, strings.Replace(doc, `"description":""`, `"description":"now"`, 1))
	var out3, err3 bytes.Buffer
	if st := run([]string{"send", "--replay", recFile, "--speed", "0", docFile}, nil, &out3, &err3); st != 1 ||
		!strings.Contains(err3.String(), "first differ at /tools/0/description") || out3.Len() != 0 {
		t.Fatalf("changed document: status %d\n%s%s", st, out3.String(), err3.String())
	}
	err3.Reset()
	if st := run([]string{"send", "--replay", recFile, "--speed", "0", "--force", docFile}, nil, &out3, &err3); st != 0 ||
		!strings.Contains(err3.String(), "replaying anyway") {
		t.Fatalf("--force: status %d\n%s", st, err3.String())
	}

	// Not a recording: exit 2 with the reason.
	var out4, err4 bytes.Buffer
	if st := run([]string{"send", "--replay", docFile, docFile}, nil, &out4, &err4); st != 2 || !strings.Contains(err4.String(), "not a tooltui recording") {
		t.Fatalf("not a recording: status %d\n%s", st, err4.String())
	}
}

// withoutTimes drops the numbers of milliseconds and seconds from a
// transcript, which differ between a send and its replay.
func withoutTimes(s string) string {
	return regexp.MustCompile(`[0-9.]+ ?(ms|s)\b`).ReplaceAllString(s, "T")
}
