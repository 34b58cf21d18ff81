package send

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
)

func TestMocksOutput(t *testing.T) {
	m := Mocks{
		"fixed":   json.RawMessage(`{"temp":12}`),
		"wrapped": json.RawMessage(`{"output":"sunny"}`),
		"cases":   json.RawMessage(`{"when":[{"args":{"city":"Paris"},"output":{"temp":12}},{"args":{"city":"Oslo"},"output":"cold"}],"output":"unknown city"}`),
		"only":    json.RawMessage(`{"when":[{"args":{"city":"Paris"},"output":"ok"}]}`),
	}
	for _, c := range []struct {
		name, args, want string
		ok               bool
	}{
		{"fixed", `{}`, `{"temp":12}`, true},
		{"wrapped", `{}`, "sunny", true},
		{"cases", `{"city":"Paris","unit":"c"}`, `{"temp":12}`, true},
		{"cases", `{"city":"Oslo"}`, "cold", true},
		{"cases", `{"city":"Rome"}`, "unknown city", true},
		{"only", `{"city":"Rome"}`, "", false},
		{"missing", `{}`, "", false},
	} {
		got, ok := m.Output(c.name, c.args)
		if got != c.want || ok != c.ok {
			t.Errorf("%s(%s) = %q %v, want %q %v", c.name, c.args, got, ok, c.want, c.ok)
		}
	}
}

// TestLoopTwoTurns: the model calls get_weather, the mock answers, the
// next request carries previous_response_id and the output, and the model
// answers in text.
func TestLoopTwoTurns(t *testing.T) {
	s, _ := callThenText(t)
	mocks := Mocks{"get_weather": json.RawMessage(`{"temp":12}`)}
	var turns []Turn
	err := Loop(context.Background(), cfg(s), []byte(body), 5, func(c Call) (string, bool) { return mocks.Output(c.Name, c.Arguments) },
		func(int, Event) error { return nil }, func(t Turn) { turns = append(turns, t) })
	if err != nil {
		t.Fatal(err)
	}
	if len(turns) != 2 || len(turns[0].Calls) != 1 || turns[0].Outputs[0] != `{"temp":12}` || turns[1].Status != "completed" {
		t.Fatalf("turns %+v", turns)
	}
	second := s.Bodies()[1]
	for _, want := range []string{`"previous_response_id":"resp_1"`, `"input":[{"type":"function_call_output","call_id":"call_1","output":"{\"temp\":12}"}]`, `"stream": true`} {
		if !strings.Contains(second, want) {
			t.Errorf("the second request lacks %s:\n%s", want, second)
		}
	}
}

func TestLoopStopsWithoutAMock(t *testing.T) {
	s := newServer(t, streaming(weatherCall))
	err := Loop(context.Background(), cfg(s), []byte(body), 5, func(Call) (string, bool) { return "", false },
		func(int, Event) error { return nil }, func(Turn) {})
	var nm *ErrNoMock
	if !errors.As(err, &nm) || nm.Name != "get_weather" {
		t.Fatalf("err %v", err)
	}
}

func TestLoopTurnLimit(t *testing.T) {
	s := newServer(t, streaming(weatherCall)) // always calls again
	err := Loop(context.Background(), cfg(s), []byte(body), 3, func(Call) (string, bool) { return "x", true },
		func(int, Event) error { return nil }, func(Turn) {})
	if err == nil || !strings.Contains(err.Error(), "stopped after 3 turns") {
		t.Fatalf("err %v", err)
	}
}

func TestNextBodyWithoutStore(t *testing.T) {
	tr := Turn{ResponseID: "r1", Calls: []Call{{CallID: "c1", Name: "f", Arguments: `{"a":1}`}}, Outputs: []string{"done"}}
	out, err := NextBody([]byte(`{"model":"m","store":false,"input":"hi","stream":true}`), tr,
		json.RawMessage(`[{"type":"function_call","id":"fc","call_id":"c1","name":"f","arguments":"{\"a\":1}"}]`))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"model":"m","store":false,"input":[{"role":"user","content":"hi"},{"type":"function_call","id":"fc","call_id":"c1","name":"f","arguments":"{\"a\":1}"},{"type":"function_call_output","call_id":"c1","output":"done"}]}`
	if string(out) != want {
		t.Fatalf("got\n%s\nwant\n%s", out, want)
	}
}

func TestProfiles(t *testing.T) {
	path := t.TempDir() + "/profiles.json"
	if _, err := LoadProfile(path, "local"); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Fatalf("missing file: %v", err)
	}
	os.WriteFile(path, []byte(`{"local":{"base_url":"http://localhost:11434/v1/","api_key_env":"LOCAL_KEY"},"bad":{}}`), 0o600)
	p, err := LoadProfile(path, "local")
	if err != nil {
		t.Fatal(err)
	}
	c := p.Apply(Config{BaseURL: DefaultBaseURL, APIKey: "from-openai"}, func(k string) string { return map[string]string{"LOCAL_KEY": "lk"}[k] })
	if c.BaseURL != "http://localhost:11434/v1" || c.APIKey != "lk" {
		t.Fatalf("%+v", c)
	}
	if _, err := LoadProfile(path, "nope"); err == nil || !strings.Contains(err.Error(), "it has bad, local") {
		t.Fatalf("unknown profile: %v", err)
	}
	if _, err := LoadProfile(path, "bad"); err == nil || !strings.Contains(err.Error(), "no base_url") {
		t.Fatalf("profile without a base URL: %v", err)
	}
}

func TestToolIndex(t *testing.T) {
	for in, want := range map[string]int{"tools[2].name": 2, "tools[0]": 0, "tools[12].parameters.properties": 12} {
		if got, ok := ToolIndex(in); !ok || got != want {
			t.Errorf("ToolIndex(%q) = %d, %v", in, got, ok)
		}
	}
	for _, in := range []string{"", "input", "tools", "tools[x]", "tools[-1]", "tool_choice"} {
		if _, ok := ToolIndex(in); ok {
			t.Errorf("ToolIndex(%q) named a tool", in)
		}
	}
}

// A forced tool_choice forces the first turn only: the follow-up that
// carries the outputs sends "auto", and the turn says so. A model forced
// again would call again until the turn limit.
func TestLoopForcedToolChoiceFirstTurnOnly(t *testing.T) {
	for _, c := range []struct{ choice, next string }{
		{`"required"`, `"tool_choice":"auto"`},
		{`{"type":"function","name":"get_weather"}`, `"tool_choice":"auto"`},
		{`{"type":"allowed_tools","mode":"required","tools":[{"type":"function","name":"get_weather"}]}`, `"tool_choice":{"type":"allowed_tools","mode":"auto","tools":[{"type":"function","name":"get_weather"}]}`},
	} {
		t.Run(c.choice, func(t *testing.T) {
			s, _ := callThenText(t)
			forced := strings.Replace(body, `"model"`, `"tool_choice":`+c.choice+`,"model"`, 1)
			var turns []Turn
			err := Loop(context.Background(), cfg(s), []byte(forced), 5, func(Call) (string, bool) { return "12", true },
				func(int, Event) error { return nil }, func(t Turn) { turns = append(turns, t) })
			if err != nil {
				t.Fatal(err)
			}
			if len(s.Bodies()) != 2 {
				t.Fatalf("%d requests, want 2", len(s.Bodies()))
			}
			if !strings.Contains(strings.ReplaceAll(s.Bodies()[0], " ", ""), `"tool_choice":`+c.choice) {
				t.Errorf("the first request does not force the call:\n%s", s.Bodies()[0])
			}
			if !strings.Contains(s.Bodies()[1], c.next) {
				t.Errorf("the follow-up lacks %s:\n%s", c.next, s.Bodies()[1])
			}
			if len(turns) != 2 || !strings.Contains(turns[0].Note, "applies to the first turn") || turns[1].Note != "" {
				t.Errorf("turn notes: %+v", turns)
			}
		})
	}
}

func TestRelaxToolChoiceLeavesOthers(t *testing.T) {
	for _, b := range []string{`{"model":"m"}`, `{"tool_choice":"auto"}`, `{"tool_choice":"none"}`,
		`{"tool_choice":{"type":"allowed_tools","mode":"auto","tools":[]}}`} {
		out, note := RelaxToolChoice([]byte(b))
		if string(out) != b || note != "" {
			t.Errorf("RelaxToolChoice(%s) = %s, %q", b, out, note)
		}
	}
}

// callThenText is a Responses server whose first answer calls
// get_weather and every later one answers in text; requests tells how
// many it was sent.
func callThenText(t *testing.T) (*server, func() int) {
	var mu sync.Mutex
	n := 0
	s := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		n++
		first := n == 1
		mu.Unlock()
		w.Header().Set("Content-Type", "text/event-stream")
		if first {
			io.WriteString(w, sse(weatherCall))
			return
		}
		io.WriteString(w, sse(hello))
	})
	return s, func() int {
		mu.Lock()
		defer mu.Unlock()
		return n
	}
}

// TestRelaxToolChoiceNoteIsOneLine: the note names the choice as compact
// JSON, whatever the request's indentation, so a transcript shows it on
// one line.
func TestRelaxToolChoiceNoteIsOneLine(t *testing.T) {
	for body, want := range map[string]string{
		"{\n  \"tool_choice\": {\n    \"type\": \"function\",\n    \"name\": \"f\"\n  }\n}\n":                                                                                        `tool_choice {"type":"function","name":"f"} applies to the first turn: the follow-up sends "auto"`,
		"{\n  \"tool_choice\": {\n    \"type\": \"allowed_tools\",\n    \"mode\": \"required\",\n    \"tools\": [\n      {\"type\": \"function\", \"name\": \"f\"}\n    ]\n  }\n}\n": `tool_choice {"type":"allowed_tools","mode":"required","tools":[{"type":"function","name":"f"}]} applies to the first turn: the follow-up sends {"type":"allowed_tools","mode":"auto","tools":[{"type":"function","name":"f"}]}`,
	} {
		_, note := RelaxToolChoice([]byte(body))
		if !strings.HasPrefix(note, want) || strings.ContainsAny(note, "\n\r") {
			t.Errorf("the note of\n%s\nis %q, want it to start %q", body, note, want)
		}
	}
}
