package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestE2ESendToolLoop: the real binary in tmux sends the example to a
// local server, the model's get_weather call is answered by the
// document's mock, and the second turn's text shows.
func TestE2ESendToolLoop(t *testing.T) {
	x := newTerm(t)
	turns := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		turns++
		w.Header().Set("Content-Type", "text/event-stream")
		if turns == 1 {
			io.WriteString(w, sseOf(
				`{"type":"response.created","response":{"id":"resp_1","status":"in_progress"}}`,
				`{"type":"response.output_item.done","item":{"type":"function_call","id":"fc","call_id":"c1","name":"get_weather","arguments":"{\"city\":\"Paris\",\"unit\":\"celsius\"}"}}`,
				`{"type":"response.completed","response":{"id":"resp_1","status":"completed","output":[{"type":"function_call","id":"fc","call_id":"c1","name":"get_weather","arguments":"{\"city\":\"Paris\",\"unit\":\"celsius\"}"}]}}`))
			return
		}
		if !strings.Contains(string(b), `"function_call_output"`) {
			io.WriteString(w, sseOf(`{"type":"error","code":"bad_request","message":"no output sent"}`))
			return
		}
		io.WriteString(w, textTurn(`{"total_tokens":30}`, "Twelve degrees in Paris."))
	}))
	defer srv.Close()

	_, _, status := openDoc(t, x, exampleWithMock(), "--base-url", srv.URL+"/v1")
	x.keys("app", "C-r")
	s := x.waitFor("app", "the second turn's text", has("Twelve degrees in Paris.", "completed"))
	for _, want := range []string{`→ get_weather {"city":"Paris","unit":"celsius"}: fits its parameters`, `← mock output for get_weather: {"temp_c":12}`, "turn 2"} {
		if !strings.Contains(s, want) {
			t.Errorf("the transcript lacks %q:\n%s", want, s)
		}
	}
	x.keys("app", "Escape")
	x.waitFor("app", "the dialog closed", func(s string) bool { return !strings.Contains(s, "Response ·") })
	quitClean(t, x, status)
}
