package send

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/tooltui/tooltui/internal/send/sendtest"
)

// Events in the shapes of the spec's ResponseStreamEvent members.
var weatherCall = []string{
	`{"type":"response.created","sequence_number":0,"response":{"id":"resp_1","object":"response","status":"in_progress","output":[]}}`,
	`{"type":"response.output_item.added","sequence_number":1,"output_index":0,"item":{"type":"function_call","id":"fc_1","call_id":"call_1","name":"get_weather","arguments":"","status":"in_progress"}}`,
	`{"type":"response.function_call_arguments.delta","sequence_number":2,"item_id":"fc_1","output_index":0,"delta":"{\"city\":"}`,
	`{"type":"response.function_call_arguments.delta","sequence_number":3,"item_id":"fc_1","output_index":0,"delta":"\"Paris\"}"}`,
	`{"type":"response.function_call_arguments.done","sequence_number":4,"item_id":"fc_1","output_index":0,"arguments":"{\"city\":\"Paris\"}"}`,
	`{"type":"response.output_item.done","sequence_number":5,"output_index":0,"item":{"type":"function_call","id":"fc_1","call_id":"call_1","name":"get_weather","arguments":"{\"city\":\"Paris\"}","status":"completed"}}`,
	`{"type":"response.completed","sequence_number":6,"response":{"id":"resp_1","object":"response","status":"completed","usage":{"input_tokens":50,"output_tokens":9,"total_tokens":59}}}`,
}

var hello = []string{
	`{"type":"response.created","sequence_number":0,"response":{"id":"resp_2","status":"in_progress"}}`,
	`{"type":"response.web_search_call.searching","sequence_number":1,"output_index":0,"item_id":"ws_1"}`,
	`{"type":"response.output_text.delta","sequence_number":2,"item_id":"msg_1","output_index":1,"content_index":0,"delta":"Hel"}`,
	`{"type":"response.output_text.delta","sequence_number":3,"item_id":"msg_1","output_index":1,"content_index":0,"delta":"lo"}`,
	`{"type":"response.local_server_extra","sequence_number":4}`,
	`{"type":"response.completed","sequence_number":5,"response":{"id":"resp_2","status":"completed","usage":{"total_tokens":3}}}`,
}

type server = sendtest.Server

func sse(events []string) string { return sendtest.SSE(events...) }

func newServer(t *testing.T, h http.HandlerFunc) *server { return sendtest.New(t, h) }

func streaming(events []string) http.HandlerFunc { return sendtest.Stream(events...) }

func cfg(s *server) Config {
	return Config{BaseURL: s.URL + "/v1", APIKey: "sk-test-secret-key-123", HTTPClient: s.Client(), Timeout: 5 * time.Second}
}

const body = "{\n  \"model\": \"gpt-5\",\n  \"input\": \"hi\"\n}"

func collect(t *testing.T, c Config, b string) ([]Event, error) {
	var evs []Event
	err := Stream(context.Background(), c, []byte(b), func(e Event) error { evs = append(evs, e); return nil })
	return evs, err
}

func TestStreamTextAndBuiltinActivity(t *testing.T) {
	s := newServer(t, streaming(hello))
	evs, err := collect(t, cfg(s), body)
	if err != nil {
		t.Fatal(err)
	}
	var text strings.Builder
	var kinds []Kind
	for _, e := range evs {
		kinds = append(kinds, e.Kind)
		if e.Kind == KindText {
			text.WriteString(e.Text)
		}
	}
	if text.String() != "Hello" {
		t.Fatalf("text %q", text.String())
	}
	want := []Kind{KindOther, KindTool, KindText, KindText, KindOther, KindDone}
	if fmt.Sprint(kinds) != fmt.Sprint(want) {
		t.Fatalf("kinds %v, want %v (an unknown event is kept)", kinds, want)
	}
	if last := evs[len(evs)-1]; last.Status != "completed" || string(last.Usage) != `{"total_tokens":3}` {
		t.Fatalf("end %+v", last)
	}
	if s.Body() != "{\n  \"model\": \"gpt-5\",\n  \"input\": \"hi\",\n  \"stream\": true\n}" {
		t.Fatalf("the body sent was %q", s.Body())
	}
	if s.Auth() != "Bearer sk-test-secret-key-123" {
		t.Fatalf("authorization %q", s.Auth())
	}
}

func TestStreamFunctionCall(t *testing.T) {
	s := newServer(t, streaming(weatherCall))
	evs, err := collect(t, cfg(s), body)
	if err != nil {
		t.Fatal(err)
	}
	var args strings.Builder
	var done *Event
	for i, e := range evs {
		if e.Kind == KindCall && !e.CallDone && e.Name == "" {
			args.WriteString(e.Text)
		}
		if e.Kind == KindCall && e.CallDone {
			done = &evs[i]
		}
	}
	if args.String() != `{"city":"Paris"}` || done == nil || done.Name != "get_weather" || done.CallID != "call_1" || done.Arguments != `{"city":"Paris"}` {
		t.Fatalf("args %q done %+v", args.String(), done)
	}
}

func TestStreamErrors(t *testing.T) {
	cases := []struct {
		name string
		h    func(w http.ResponseWriter, r *http.Request)
		want string
		as   any
	}{
		{"401", func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(401)
			io.WriteString(w, `{"error":{"message":"Incorrect API key provided: sk-test-secret-key-123.","type":"invalid_request_error","code":"invalid_api_key"}}`)
		}, "HTTP 401: Incorrect API key provided: [key].; check OPENAI_API_KEY", &APIError{}},
		{"400 names a param", func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(400)
			io.WriteString(w, `{"error":{"message":"Invalid 'tools[1].name': string does not match pattern.","type":"invalid_request_error","param":"tools[1].name","code":"invalid_value"}}`)
		}, "(param tools[1].name)", &APIError{}},
		{"429", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Retry-After", "20")
			w.WriteHeader(429)
			io.WriteString(w, `{"error":{"message":"Rate limit reached","type":"requests"}}`)
		}, "retry after 20 s", &APIError{}},
		{"500", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(500) }, "HTTP 500", &APIError{}},
		{"error event, spec shape", streaming([]string{`{"type":"response.created","sequence_number":0,"response":{}}`,
			`{"type":"error","code":"server_error","message":"The model failed","param":null,"sequence_number":1}`}),
			"the stream reported server_error: The model failed", &StreamError{}},
		{"error event, nested shape", streaming([]string{`{"type":"error","error":{"type":"overloaded","message":"try later"}}`}),
			"the stream reported overloaded: try later", &StreamError{}},
		{"dropped mid-stream", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/event-stream")
			io.WriteString(w, sse(hello[:3]))
		}, "the stream ended before the response completed", &StreamError{}},
		{"malformed event", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/event-stream")
			io.WriteString(w, "event: response.output_text.delta\ndata: {not json\n\n")
		}, "malformed event", &StreamError{}},
		{"no events", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/event-stream")
		}, "without any event", &StreamError{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newServer(t, c.h)
			_, err := collect(t, cfg(s), body)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err %v, want %q", err, c.want)
			}
			if strings.Contains(err.Error(), "sk-test-secret") {
				t.Fatalf("the key is in the error: %v", err)
			}
			switch c.as.(type) {
			case *APIError:
				var ae *APIError
				if !errors.As(err, &ae) {
					t.Fatalf("%T, want *APIError", err)
				}
			case *StreamError:
				var se *StreamError
				if !errors.As(err, &se) {
					t.Fatalf("%T, want *StreamError", err)
				}
			}
		})
	}
}

func TestStreamWrongBaseURL(t *testing.T) {
	s := newServer(t, streaming(hello))
	c := cfg(s)
	c.BaseURL = s.URL + "/v2"
	_, err := collect(t, c, body)
	if err == nil || !strings.Contains(err.Error(), "HTTP 404") || !strings.Contains(err.Error(), "check the base URL") {
		t.Fatalf("err %v", err)
	}
}

// TestStreamCancel: cancelling stops a stream the server holds open, and
// the call returns.
func TestStreamCancel(t *testing.T) {
	release := make(chan struct{})
	s := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, sse(hello[:2]))
		w.(http.Flusher).Flush()
		select {
		case <-r.Context().Done():
		case <-release:
		}
	})
	defer close(release)
	ctx, cancel := context.WithCancel(context.Background())
	got := make(chan error, 1)
	go func() {
		got <- Stream(ctx, cfg(s), []byte(body), func(e Event) error {
			if e.Kind == KindTool {
				cancel()
			}
			return nil
		})
	}()
	select {
	case err := <-got:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("err %v", err)
		}
	case <-time.After(3 * time.Second):
		t.Fatal("cancel did not stop the stream")
	}
}

func TestStreamBody(t *testing.T) {
	for in, want := range map[string]string{
		`{}`:                           "{\n  \"stream\": true\n}",
		`{"a":1}`:                      "{\"a\":1,\n  \"stream\": true\n}",
		`{"stream":false,"model":"m"}`: `{"stream":true,"model":"m"}`,
	} {
		got, err := StreamBody([]byte(in))
		if err != nil || string(got) != want {
			t.Errorf("StreamBody(%s) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := StreamBody([]byte(`[1]`)); err == nil {
		t.Error("an array was accepted")
	}
}

func TestConfigFromEnv(t *testing.T) {
	env := map[string]string{"OPENAI_API_KEY": "k", "OPENAI_BASE_URL": "http://localhost:11434/v1/"}
	c := ConfigFromEnv(func(k string) string { return env[k] }, "")
	if c.BaseURL != "http://localhost:11434/v1" || c.APIKey != "k" || c.Check() != "" {
		t.Fatalf("%+v", c)
	}
	if c := ConfigFromEnv(func(string) string { return "" }, ""); c.Check() == "" || c.BaseURL != DefaultBaseURL {
		t.Fatalf("no key against OpenAI passes: %+v", c)
	}
	if c := ConfigFromEnv(func(string) string { return "" }, "http://127.0.0.1:8080/v1"); c.Check() != "" {
		t.Fatal("a local server without a key is refused")
	}
}
