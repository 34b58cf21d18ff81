// Package sendtest is a fake Responses API server for tooltui's tests
// that need exact control over the bytes of an answer (events in odd
// shapes, unknown events, error events, cut streams) or over which answer
// a request gets; a test that only needs a model's turns uses the
// simulator, internal/sim, instead.
package sendtest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// SSE is events (JSON objects' text, which need not be valid) as
// server-sent events, each named by its first "type".
func SSE(events ...string) string {
	var b strings.Builder
	for _, e := range events {
		typ := ""
		if i := strings.Index(e, `"type":"`); i >= 0 {
			typ = e[i+8:]
			typ = typ[:max(strings.IndexByte(typ, '"'), 0)]
		}
		fmt.Fprintf(&b, "event: %s\ndata: %s\n\n", typ, e)
	}
	return b.String()
}

// Stream answers every request with events, as a stream.
func Stream(events ...string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, SSE(events...))
	}
}

// Server is an httptest server in front of a handler of POST
// /v1/responses: it records each request's body and Authorization header
// and answers any other path 404, as the API does.
type Server struct {
	*httptest.Server
	mu     sync.Mutex
	bodies []string
	auths  []string
}

// New serves h until the test ends. h reads the request's body as usual;
// Bodies already holds it, the last.
func New(t testing.TB, h http.HandlerFunc) *Server {
	t.Helper()
	s := &Server{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		s.mu.Lock()
		s.bodies = append(s.bodies, string(b))
		s.auths = append(s.auths, r.Header.Get("Authorization"))
		s.mu.Unlock()
		if r.URL.Path != "/v1/responses" {
			http.Error(w, `{"error":{"message":"not found","type":"invalid_request_error"}}`, http.StatusNotFound)
			return
		}
		r.Body = io.NopCloser(strings.NewReader(string(b)))
		h(w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

// BaseURL is the server's URL for a client's base URL setting.
func (s *Server) BaseURL() string { return s.URL + "/v1" }

// Bodies returns the bodies of the requests so far, in order.
func (s *Server) Bodies() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.bodies...)
}

// Requests is the number of requests so far.
func (s *Server) Requests() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.bodies)
}

// Body is the body of the last request ("" before the first).
func (s *Server) Body() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.bodies) == 0 {
		return ""
	}
	return s.bodies[len(s.bodies)-1]
}

// Auth is the Authorization header of the last request.
func (s *Server) Auth() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.auths) == 0 {
		return ""
	}
	return s.auths[len(s.auths)-1]
}

// TextTurn is an answer in text: its deltas, then the completed response
// with id, with usage when it is not "".
func TextTurn(id, usage string, deltas ...string) []string {
	var events []string
	for _, d := range deltas {
		q, _ := json.Marshal(d)
		events = append(events, `{"type":"response.output_text.delta","delta":`+string(q)+`}`)
	}
	if usage != "" {
		usage = `,"usage":` + usage
	}
	return append(events, `{"type":"response.completed","response":{"id":"`+id+`","status":"completed"`+usage+`}}`)
}

// CallTurn is an answer that calls functions: name, then the arguments'
// text, for each; the calls' ids are fc1, fc2 … and their call ids c1,
// c2 ….
func CallTurn(id string, calls ...string) []string {
	var events []string
	for i := 0; i+1 < len(calls); i += 2 {
		args, _ := json.Marshal(calls[i+1])
		events = append(events, fmt.Sprintf(`{"type":"response.output_item.done","item":{"type":"function_call","id":"fc%d","call_id":"c%d","name":%q,"arguments":%s}}`,
			i/2+1, i/2+1, calls[i], args))
	}
	return append(events, `{"type":"response.completed","response":{"id":"`+id+`","status":"completed"}}`)
}
