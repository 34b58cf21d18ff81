package export

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tooltui/tooltui/internal/sim"
)

// simAPI is tooltui's simulator (internal/sim, what tooltui sim serves)
// on a loopback port, keeping each request body as it arrived (byte for
// byte, through sim.Options.Received) and each answer as it was written,
// so that a test can check what a program sent and what it printed.
type simAPI struct {
	URL string // the base URL, ending in /v1

	mu        sync.Mutex
	received  [][]byte
	exchanges []*exchange // one a request, in the order they came
}

// exchange is the answer to one request, whole once done is closed.
type exchange struct {
	answer teeWriter
	done   chan struct{}
}

// warmUp is a recording the simulator plays for its first request: a
// response resp_1 that called book_table as call_1, which the functions
// body continues (previous_response_id and a function_call_output), as a
// real conversation would.
const warmUp = `{"kind":"header","format":"tooltui-recording","version":1}
{"kind":"request","turn":1,"body":{"model":"gpt-5","input":"Book a table.","stream":true}}
{"kind":"event","turn":1,"type":"response.created","data":{"type":"response.created","sequence_number":0,"response":{"id":"resp_1","object":"response","status":"in_progress","output":[]}}}
{"kind":"event","turn":1,"type":"response.output_item.done","data":{"type":"response.output_item.done","sequence_number":1,"output_index":0,"item":{"type":"function_call","id":"fc_1","call_id":"call_1","name":"book_table","arguments":"{\"people\":4,\"time\":\"2026-01-01T20:00:00Z\"}","status":"completed"}}}
{"kind":"event","turn":1,"type":"response.completed","data":{"type":"response.completed","sequence_number":2,"response":{"id":"resp_1","object":"response","status":"completed","output":[]}}}
{"kind":"end","turn":1}
`

// startSimAPI serves a simulator for the test's length, its first turn
// played from warmUp (so that resp_1 exists).
func startSimAPI(t *testing.T) *simAPI {
	t.Helper()
	a := &simAPI{}
	script, err := sim.ParseScript([]byte(warmUp))
	if err != nil {
		t.Fatal(err)
	}
	s := sim.New(sim.Options{Script: script, Received: func(b []byte) {
		a.mu.Lock()
		a.received = append(a.received, bytes.Clone(b))
		a.mu.Unlock()
	}})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ex := &exchange{answer: teeWriter{ResponseWriter: w}, done: make(chan struct{})}
		a.mu.Lock()
		a.exchanges = append(a.exchanges, ex)
		a.mu.Unlock()
		defer close(ex.done)
		s.ServeHTTP(&ex.answer, r)
	}))
	t.Cleanup(srv.Close)
	a.URL = srv.URL + "/v1"
	res, err := http.Post(a.URL+"/responses", "application/json", strings.NewReader(`{"model":"gpt-5","input":"Book a table.","stream":true}`))
	if err != nil {
		t.Fatal(err)
	}
	var warm bytes.Buffer
	warm.ReadFrom(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || !strings.Contains(warm.String(), `"call_1"`) {
		t.Fatalf("the simulator's first turn: %s\n%s", res.Status, warm.Bytes())
	}
	return a
}

// last is the body of the last request and the simulator's answer to it,
// once the simulator has written all of it (a client may be done reading
// before the handler returns). Every request the tests send is a POST to
// /v1/responses, so the bodies received and the answers pair up.
func (a *simAPI) last(t *testing.T) (body, answer []byte) {
	t.Helper()
	a.mu.Lock()
	n, m := len(a.received), len(a.exchanges)
	if n == 0 || m == 0 {
		a.mu.Unlock()
		t.Fatal("the simulator got no request")
	}
	body, ex := a.received[n-1], a.exchanges[m-1]
	a.mu.Unlock()
	select {
	case <-ex.done:
	case <-time.After(time.Minute):
		t.Fatal("the simulator is still answering a minute after the program ended")
	}
	if n != m {
		t.Fatalf("the simulator read %d bodies for %d requests", n, m)
	}
	return body, ex.answer.buf.Bytes()
}

// teeWriter keeps a copy of what a handler writes.
type teeWriter struct {
	http.ResponseWriter
	buf bytes.Buffer
}

func (w *teeWriter) Write(b []byte) (int, error) {
	w.buf.Write(b)
	return w.ResponseWriter.Write(b)
}

func (w *teeWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// answerItem is what the programs print of an output item.
type answerItem struct {
	Type      string `json:"type"`
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
	Content   []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	} `json:"content"`
}

// wantPrinted is what a program prints for the simulator's answer: for a
// stream, the text deltas as they come and a line for each function call
// done, then a new line; for a response, each output_text part on its own
// line (the TypeScript programs, perPart) or all of them joined on one
// line (output_text: Python and Go), and a line for each function call.
// An answer that is neither (an error) is an error.
func wantPrinted(answer []byte, perPart bool) (string, error) {
	var b strings.Builder
	if bytes.HasPrefix(answer, []byte("event: ")) {
		for _, l := range strings.Split(string(answer), "\n") {
			data, ok := strings.CutPrefix(l, "data: ")
			if !ok {
				continue
			}
			var ev struct {
				Type  string     `json:"type"`
				Delta string     `json:"delta"`
				Item  answerItem `json:"item"`
			}
			if err := json.Unmarshal([]byte(data), &ev); err != nil {
				return "", fmt.Errorf("an event that is not JSON: %s", data)
			}
			switch {
			case ev.Type == "error" || ev.Type == "response.failed":
				return "", fmt.Errorf("the stream failed: %s", data)
			case ev.Type == "response.output_text.delta":
				b.WriteString(ev.Delta)
			case ev.Type == "response.output_item.done" && ev.Item.Type == "function_call":
				fmt.Fprintf(&b, "\nfunction call %s: %s\n", ev.Item.Name, ev.Item.Arguments)
			}
		}
		return b.String() + "\n", nil
	}
	var resp struct {
		Object string       `json:"object"`
		Status string       `json:"status"`
		Output []answerItem `json:"output"`
	}
	if err := json.Unmarshal(answer, &resp); err != nil || resp.Object != "response" || resp.Status != "completed" {
		return "", fmt.Errorf("not a completed response: %s", answer)
	}
	var text, calls strings.Builder
	for _, it := range resp.Output {
		switch it.Type {
		case "message":
			for _, p := range it.Content {
				if p.Type == "output_text" {
					text.WriteString(p.Text)
					if perPart {
						b.WriteString(p.Text + "\n")
					}
				}
			}
		case "function_call":
			line := fmt.Sprintf("function call %s: %s\n", it.Name, it.Arguments)
			calls.WriteString(line)
			if perPart {
				b.WriteString(line)
			}
		}
	}
	if perPart {
		return b.String(), nil
	}
	return text.String() + "\n" + calls.String(), nil
}

// checkPrinted fails unless a program printed what it should of the
// simulator's answer (wantPrinted), and something.
func checkPrinted(t *testing.T, name string, out, answer []byte, perPart bool) {
	t.Helper()
	want, err := wantPrinted(answer, perPart)
	if err != nil {
		t.Fatalf("%s got from the simulator: %v", name, err)
	}
	if strings.TrimSpace(want) == "" {
		t.Errorf("the simulator's answer gives %s nothing to print:\n%s", name, answer)
	}
	if string(out) != want {
		t.Errorf("%s printed\n%q\nwant, from the simulator's answer,\n%q", name, out, want)
	}
}
