package sim

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/responses"

	"github.com/tooltui/tooltui/internal/send"
)

// start serves a simulator on a loopback port; cfg sends to it.
func start(t testing.TB, opts Options) send.Config {
	t.Helper()
	srv := httptest.NewServer(New(opts))
	t.Cleanup(srv.Close)
	return send.Config{BaseURL: srv.URL + "/v1", Timeout: 20 * time.Second}
}

const weatherTools = `[
  {"type": "function", "name": "get_weather", "description": "Get the current weather for a city",
   "parameters": {"type": "object", "properties": {"city": {"type": "string"}, "unit": {"type": ["string", "null"], "enum": ["celsius", "fahrenheit", null]}},
     "required": ["city", "unit"], "additionalProperties": false}, "strict": true},
  {"type": "function", "name": "find_hotels", "description": "Find hotels in a city for some nights",
   "parameters": {"type": "object", "properties": {"city": {"type": "string"}, "nights": {"type": "integer", "minimum": 1}, "budget": {"type": "number"}},
     "required": ["city", "nights"]}, "strict": false},
  {"type": "function", "name": "convert_currency", "description": "Convert an amount between currencies",
   "parameters": {"type": "object", "properties": {"amount": {"type": "number"}, "from": {"type": "string"}, "to": {"type": "string"}},
     "required": ["amount", "from", "to"], "additionalProperties": false}, "strict": true},
  {"type": "web_search"}
]`

func body(input, extra string) []byte {
	in, _ := json.Marshal(input)
	b := `{"model": "gpt-5", "input": ` + string(in) + `, "tools": ` + weatherTools
	if extra != "" {
		b += ", " + extra
	}
	return []byte(b + "}")
}

// turn sends one request through the package send uses (openai-go's
// client, its SSE decoder) and returns the calls and the text.
func turn(t *testing.T, cfg send.Config, b []byte) (calls []send.Call, text string, events []send.Event) {
	t.Helper()
	err := send.Stream(context.Background(), cfg, b, func(e send.Event) error {
		events = append(events, e)
		if e.Kind == send.KindCall && e.CallDone {
			calls = append(calls, send.Call{CallID: e.CallID, Name: e.Name, Arguments: e.Arguments})
		}
		if e.Kind == send.KindText {
			text += e.Text
		}
		return nil
	})
	if err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	if last := events[len(events)-1]; last.Kind != send.KindDone || last.Status != "completed" {
		t.Fatalf("the stream ended with %+v", last)
	}
	return calls, text, events
}

func names(cs []send.Call) string {
	var ns []string
	for _, c := range cs {
		ns = append(ns, c.Name)
	}
	return strings.Join(ns, ",")
}

func TestToolChoice(t *testing.T) {
	cfg := start(t, Options{})
	const q = "What is the weather in Paris, and find me hotels there for 3 nights?"
	for _, c := range []struct {
		name, extra, want string
		text              bool
	}{
		{"auto", "", "find_hotels,get_weather", false},
		{"absent is auto", `"tool_choice": "auto"`, "find_hotels,get_weather", false},
		{"none", `"tool_choice": "none"`, "", true},
		{"required", `"tool_choice": "required"`, "find_hotels,get_weather", false},
		{"a function", `"tool_choice": {"type": "function", "name": "convert_currency"}`, "convert_currency", false},
		{"allowed_tools auto", `"tool_choice": {"type": "allowed_tools", "mode": "auto", "tools": [{"type": "function", "name": "find_hotels"}]}`, "find_hotels", false},
		{"allowed_tools auto, none fits", `"tool_choice": {"type": "allowed_tools", "mode": "auto", "tools": [{"type": "function", "name": "convert_currency"}]}`, "", true},
		{"allowed_tools required", `"tool_choice": {"type": "allowed_tools", "mode": "required", "tools": [{"type": "function", "name": "convert_currency"}]}`, "convert_currency", false},
		{"not parallel", `"parallel_tool_calls": false`, "find_hotels", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			calls, text, _ := turn(t, cfg, body(q, c.extra))
			if got := names(calls); got != c.want || (text != "") != c.text {
				t.Fatalf("calls %q, text %q; want calls %q, text %v", got, text, c.want, c.text)
			}
		})
	}
	// Nothing in the question fits a tool: auto answers in text,
	// required calls one all the same.
	if calls, text, _ := turn(t, cfg, body("Hello there", "")); len(calls) != 0 || !strings.Contains(text, "Hello there") {
		t.Errorf("auto, no fit: %v %q", calls, text)
	}
	if calls, _, _ := turn(t, cfg, body("Hello there", `"tool_choice": "required"`)); names(calls) != "get_weather" {
		t.Errorf("required, no fit: %v", calls)
	}
}

// TestStrictArguments: strict arguments name every property, null for an
// optional one; a function that is not strict gets its required ones;
// both fit the parameters as tooltui args checks them.
func TestStrictArguments(t *testing.T) {
	cfg := start(t, Options{})
	calls, _, _ := turn(t, cfg, body("What is the weather in Paris, and find me hotels there for 3 nights?", ""))
	if len(calls) != 2 {
		t.Fatalf("calls %v", calls)
	}
	if calls[0].Arguments != `{"city":"Paris","nights":1}` {
		t.Errorf("find_hotels(%s)", calls[0].Arguments)
	}
	if calls[1].Arguments != `{"city":"Paris","unit":null}` {
		t.Errorf("get_weather(%s)", calls[1].Arguments)
	}
}

func TestWebSearch(t *testing.T) {
	cfg := start(t, Options{})
	calls, text, events := turn(t, cfg, body("Search the latest news about the Louvre", ""))
	if len(calls) != 0 {
		t.Fatalf("calls %v", calls)
	}
	var types []string
	var done send.Event
	for _, e := range events {
		types = append(types, e.Type)
		done = e
	}
	all := strings.Join(types, " ")
	for _, want := range []string{"response.web_search_call.searching", "response.output_text.annotation.added"} {
		if !strings.Contains(all, want) {
			t.Errorf("no %s in %s", want, all)
		}
	}
	var out []struct {
		Type    string
		Content []struct {
			Text        string
			Annotations []struct {
				Type                 string
				URL                  string
				Title                string
				StartIndex, EndIndex int `json:"-"`
			}
		}
	}
	if err := json.Unmarshal(done.Output, &out); err != nil || len(out) != 2 || out[0].Type != "web_search_call" || out[1].Type != "message" {
		t.Fatalf("output %s: %v", done.Output, err)
	}
	a := out[1].Content[0].Annotations
	if len(a) != 2 || a[0].Type != "url_citation" || !strings.Contains(text, a[0].Title) {
		t.Errorf("annotations %+v of %q", a, text)
	}
}

// TestFollowUp: the loop, with store true (previous_response_id) and false
// (the whole conversation), ends in text that quotes the outputs.
func TestFollowUp(t *testing.T) {
	cfg := start(t, Options{})
	for _, store := range []string{"", `"store": false`} {
		var turns []send.Turn
		var text strings.Builder
		err := send.Loop(context.Background(), cfg, body("What is the weather in Paris?", store), 3,
			func(c send.Call) (string, bool) { return `{"temp_c":12}`, true },
			func(_ int, e send.Event) error {
				if e.Kind == send.KindText {
					text.WriteString(e.Text)
				}
				return nil
			}, func(tn send.Turn) { turns = append(turns, tn) })
		if err != nil {
			t.Fatal(err)
		}
		if len(turns) != 2 || !strings.Contains(text.String(), `get_weather answered {"temp_c":12}.`) {
			t.Errorf("store %q: %d turns, text %q", store, len(turns), text.String())
		}
	}
}

// TestTypedClient: openai-go's own typed stream and the plain response
// read the simulator's events and objects.
func TestTypedClient(t *testing.T) {
	cfg := start(t, Options{})
	client := openai.NewClient(option.WithBaseURL(cfg.BaseURL), option.WithAPIKey("none"), option.WithMaxRetries(0))
	params := responses.ResponseNewParams{
		Model: "gpt-5",
		Input: responses.ResponseNewParamsInputUnion{OfString: openai.String("What is the weather in Paris?")},
		Tools: []responses.ToolUnionParam{responses.ToolParamOfFunction("get_weather", map[string]any{
			"type": "object", "properties": map[string]any{"city": map[string]any{"type": "string"}}, "required": []string{"city"}, "additionalProperties": false,
		}, true)},
	}
	stream := client.Responses.NewStreaming(context.Background(), params)
	var args string
	var final responses.Response
	for stream.Next() {
		switch ev := stream.Current().AsAny().(type) {
		case responses.ResponseFunctionCallArgumentsDoneEvent:
			args = ev.Arguments
		case responses.ResponseCompletedEvent:
			final = ev.Response
		}
	}
	if err := stream.Err(); err != nil {
		t.Fatal(err)
	}
	if args != `{"city":"Paris"}` || final.Status != "completed" || len(final.Output) != 1 || final.Output[0].Name != "get_weather" || final.Usage.InputTokens == 0 {
		t.Fatalf("args %s, final %+v", args, final)
	}
	// The follow-up, without streaming.
	out := responses.ResponseInputItemParamOfFunctionCallOutput("12 °C")
	out.OfFunctionCallOutput.CallID = openai.String(final.Output[0].CallID)
	next, err := client.Responses.New(context.Background(), responses.ResponseNewParams{
		Model:              "gpt-5",
		PreviousResponseID: openai.String(final.ID),
		Input: responses.ResponseNewParamsInputUnion{OfInputItemList: responses.ResponseInputParam{
			out,
		}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := next.OutputText(); got != "Here is what I found. get_weather answered 12 °C." {
		t.Fatalf("text %q", got)
	}
}

// TestErrors: an invalid request gets the API's 400, with param naming
// the member the converter's diagnostic is about.
func TestErrors(t *testing.T) {
	cfg := start(t, Options{})
	for _, c := range []struct {
		body, param, code string
	}{
		{`{"model": "gpt-5", "tools": [{"type": "web_search"}, {"type": "function", "name": "f"}, {"type": "function", "name": "g", "parameters": {"type": "object", "properties": {"a": {"type": "strin"}}}}]}`, "tools[2].parameters", "invalid_function_parameters"},
		{`{"input": "hi"}`, "model", "missing_required_parameter"},
		{`{"model": "gpt-5", "previous_response_id": "resp_nope", "input": "hi"}`, "previous_response_id", "previous_response_not_found"},
		{`{"model": "gpt-5", "tools_defs": []}`, "tools_defs", "unknown_parameter"},
	} {
		err := send.Stream(context.Background(), cfg, []byte(c.body), func(send.Event) error { return nil })
		var ae *send.APIError
		if !errors.As(err, &ae) || ae.Status != 400 || ae.Param != c.param || ae.Code != c.code {
			t.Errorf("%s: %v", c.body, err)
		}
	}
	// The raw shape.
	res, err := http.Post(strings.TrimSuffix(cfg.BaseURL, "/v1")+"/v1/responses", "application/json", strings.NewReader(`{"model": 1}`))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 400 || string(b) != `{"error":{"message":"Invalid type for 'model': expected a string, but got a number instead.","type":"invalid_request_error","param":"model","code":"invalid_type"}}`+"\n" {
		t.Errorf("%d %s", res.StatusCode, b)
	}
}

func TestFaults(t *testing.T) {
	b := body("What is the weather in Paris?", "")
	run := func(f string) error {
		tf, err := ParseFault(f)
		if err != nil {
			t.Fatal(err)
		}
		cfg := start(t, Options{Faults: []TurnFault{tf}, SlowDelay: 30 * time.Millisecond})
		return send.Loop(context.Background(), cfg, b, 3, func(send.Call) (string, bool) { return "12", true },
			func(int, send.Event) error { return nil }, func(send.Turn) {})
	}
	var ae *send.APIError
	if err := run("429"); !errors.As(err, &ae) || ae.Status != 429 || ae.RetryAfter != "1" || ae.Code != "rate_limit_exceeded" {
		t.Errorf("429: %v", err)
	}
	if err := run("500@2"); !errors.As(err, &ae) || ae.Status != 500 {
		t.Errorf("500 at turn 2: %v", err)
	}
	if err := run("cut@2"); err == nil || !strings.Contains(err.Error(), "the connection dropped mid-stream") {
		t.Errorf("cut: %v", err)
	}
	var se *send.StreamError
	if err := run("error-event"); !errors.As(err, &se) || se.Code != "server_error" {
		t.Errorf("error-event: %v", err)
	}
	start := time.Now()
	if err := run("slow"); err != nil || time.Since(start) < 30*time.Millisecond {
		t.Errorf("slow: %v after %s", err, time.Since(start))
	}
	if _, err := ParseFault("418"); err == nil || !strings.Contains(err.Error(), "429, 500, cut, error-event, slow") {
		t.Errorf("ParseFault(418): %v", err)
	}
}

func TestScript(t *testing.T) {
	sc, err := ParseScript([]byte(`{"turns": [
		{"text": "Let me check.", "calls": [{"name": "get_weather", "arguments": {"city": "Oslo", "unit": "celsius"}}, {"name": "nope", "arguments": "{not json"}]},
		{"text": "Cold in Oslo."}]}`))
	if err != nil {
		t.Fatal(err)
	}
	cfg := start(t, Options{Script: sc})
	var calls []send.Call
	var text strings.Builder
	err = send.Loop(context.Background(), cfg, body("What is the weather in Paris?", ""), 3,
		func(c send.Call) (string, bool) { calls = append(calls, c); return "-3", true },
		func(_ int, e send.Event) error {
			if e.Kind == send.KindText {
				text.WriteString(e.Text)
			}
			return nil
		}, func(send.Turn) {})
	if err != nil {
		t.Fatal(err)
	}
	if len(calls) != 2 || calls[0].Arguments != `{"city":"Oslo","unit":"celsius"}` || calls[1].Arguments != "{not json" || text.String() != "Let me check.Cold in Oslo." {
		t.Fatalf("calls %v, text %q", calls, text.String())
	}
	for _, bad := range []string{`{"turns": []}`, `{"turns": [{}]}`, `{"turns": [{"calls": [{"arguments": {}}]}]}`, `{"turn": []}`} {
		if _, err := ParseScript([]byte(bad)); err == nil {
			t.Errorf("ParseScript(%s) took it", bad)
		}
	}
}

// TestClient: the in-memory client carries the same exchanges as a port:
// the loop, an API error, a cut stream.
func TestClient(t *testing.T) {
	tf, _ := ParseFault("cut@4")
	s := New(Options{Faults: []TurnFault{tf}})
	cfg := send.Config{BaseURL: BaseURL, HTTPClient: s.Client()}
	var text strings.Builder
	err := send.Loop(context.Background(), cfg, body("What is the weather in Paris?", ""), 3,
		func(c send.Call) (string, bool) { return "12", true },
		func(_ int, e send.Event) error {
			if e.Kind == send.KindText {
				text.WriteString(e.Text)
			}
			return nil
		}, func(send.Turn) {})
	if err != nil || text.String() != "Here is what I found. get_weather answered 12." {
		t.Fatalf("%q %v", text.String(), err)
	}
	var ae *send.APIError
	if err := send.Stream(context.Background(), cfg, []byte(`{"input": "x"}`), func(send.Event) error { return nil }); !errors.As(err, &ae) || ae.Param != "model" {
		t.Errorf("no model: %v", err)
	}
	if err := send.Stream(context.Background(), cfg, body("What is the weather in Paris?", ""), func(send.Event) error { return nil }); err == nil || !strings.Contains(err.Error(), "the connection dropped mid-stream") {
		t.Errorf("cut: %v", err)
	}
}

// TestBuiltinChoices: a built-in type as tool_choice forces its search;
// file_search gives its call with results.
func TestBuiltinChoices(t *testing.T) {
	cfg := start(t, Options{})
	_, text, events := turn(t, cfg, body("What is the weather in Paris?", `"tool_choice": {"type": "web_search"}`))
	if last := events[len(events)-1]; !strings.Contains(string(last.Output), `"type":"web_search_call"`) || !strings.Contains(text, "Result 1 for") {
		t.Errorf("web_search forced: %s %q", last.Output, text)
	}
	fs := []byte(`{"model": "gpt-5", "input": "What does the handbook say about refunds?", "tools": [{"type": "file_search", "vector_store_ids": ["vs_1"]}]}`)
	_, _, events = turn(t, cfg, fs)
	out := string(events[len(events)-1].Output)
	if !strings.Contains(out, `"type":"file_search_call"`) || !strings.Contains(out, `"results":[{"attributes":{},"file_id":"file-sim0001"`) {
		t.Errorf("file_search: %s", out)
	}
}

// TestSeed: a seed breaks ties between equally good functions, the same
// way every time.
func TestSeed(t *testing.T) {
	tools := `[{"type": "function", "name": "a", "description": "weather"}, {"type": "function", "name": "b", "description": "weather"},
		{"type": "function", "name": "c", "description": "weather"}, {"type": "function", "name": "d", "description": "weather"}]`
	b := []byte(`{"model": "gpt-5", "input": "weather?", "parallel_tool_calls": false, "tools": ` + tools + `}`)
	first := func(seed uint64) string {
		calls, _, _ := turn(t, start(t, Options{Seed: seed}), b)
		return names(calls)
	}
	if got := first(0); got != "a" {
		t.Errorf("seed 0 calls %s, want the first", got)
	}
	seen := map[string]bool{}
	for seed := uint64(1); seed <= 8; seed++ {
		got := first(seed)
		if again := first(seed); again != got {
			t.Errorf("seed %d calls %s, then %s", seed, got, again)
		}
		seen[got] = true
	}
	if len(seen) < 2 {
		t.Errorf("8 seeds all call %v", seen)
	}
}

// TestRecordingAsScript: a recording plays as a script: each request gets
// its recorded turn's events, and the recorded response ids continue.
func TestRecordingAsScript(t *testing.T) {
	var file strings.Builder
	rec, _ := send.NewRecorder(&file, nil)
	cfg := send.Config{BaseURL: BaseURL, HTTPClient: New(Options{}).Client()}
	cfg.Stream = rec.Wrap(nil)
	b := body("What is the weather in Paris?", "")
	loop := func(cfg send.Config) (calls []send.Call, text string) {
		err := send.Loop(context.Background(), cfg, b, 3,
			func(c send.Call) (string, bool) { calls = append(calls, c); return "12", true },
			func(_ int, e send.Event) error {
				if e.Kind == send.KindText {
					text += e.Text
				}
				return nil
			}, func(send.Turn) {})
		if err != nil {
			t.Fatal(err)
		}
		return calls, text
	}
	calls, text := loop(cfg)
	sc, err := ParseScript([]byte(file.String()))
	if err != nil || len(sc.Turns) != 2 {
		t.Fatalf("%v", err)
	}
	played := send.Config{BaseURL: BaseURL, HTTPClient: New(Options{Script: sc}).Client()}
	calls2, text2 := loop(played)
	if len(calls2) != 1 || calls2[0] != calls[0] || text2 != text {
		t.Fatalf("played %v %q, recorded %v %q", calls2, text2, calls, text)
	}
}

// TestReceived: Received is given each body byte for byte as it arrived,
// an invalid one too, before the answer.
func TestReceived(t *testing.T) {
	var mu sync.Mutex
	var got []string
	s := New(Options{Received: func(b []byte) {
		mu.Lock()
		got = append(got, string(b))
		mu.Unlock()
	}})
	c := s.Client()
	sent := []string{"{\n  \"model\": \"gpt-5\",\t\"input\": \"caf\\u00e9\"  }\n", `{"model": 1}`}
	for _, b := range sent {
		res, err := c.Post(BaseURL+"/responses", "application/json", strings.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
	}
	mu.Lock()
	defer mu.Unlock()
	if !slices.Equal(got, sent) {
		t.Errorf("Received got %q, want %q", got, sent)
	}
}
