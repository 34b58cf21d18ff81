package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tooltui/tooltui/internal/send"
)

// TestSendSim: send --sim runs the whole loop against the simulator, with
// no key and no server: the calls, the mocks' outputs, the final text.
func TestSendSim(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "")
	t.Setenv("OPENAI_BASE_URL", "")
	var out, errb bytes.Buffer
	if st := run([]string{"send", "--sim", "--pace", "0", "../../examples/demo.json"}, nil, &out, &errb); st != 0 {
		t.Fatalf("status %d\n%s", st, errb.String())
	}
	if !strings.Contains(out.String(), `get_weather answered {"forecast":"sunny","high_c":24,"low_c":16}.`) {
		t.Errorf("stdout %q", out.String())
	}
	for _, want := range []string{
		`call find_hotels {"city":"Lisbon","nights":1,"max_price_eur":null}: fits its parameters`,
		`call get_weather {"city":"Lisbon","unit":null}: fits its parameters`,
		"mock output for get_weather: ", "turn 2", `usage {"input_tokens":`,
	} {
		if !strings.Contains(errb.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, errb.String())
		}
	}
}

// TestSendProfileSim: the profile sim is always there, and is --sim.
func TestSendProfileSim(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "")
	t.Setenv("XDG_CONFIG_HOME", t.TempDir()) // no profiles.json
	var out, errb bytes.Buffer
	if st := run([]string{"send", "--profile", "sim", "--pace", "0", "../../examples/demo.json"}, nil, &out, &errb); st != 0 ||
		!strings.Contains(out.String(), "find_hotels answered") {
		t.Fatalf("status %d\n%s%s", st, out.String(), errb.String())
	}
}

func TestSendSimFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"send", "--seed", "2", "x.json"}, "--seed is for --sim"},
		{[]string{"send", "--sim", "--base-url", "http://h", "x.json"}, "--sim sends to the simulator, not --base-url"},
		{[]string{"send", "--sim", "--fault", "teapot", "../../examples/demo.json"}, `unknown fault "teapot"`},
		{[]string{"send", "--sim", "--script", "../../examples/demo.json", "../../examples/demo.json"}, "not a script"},
		{[]string{"sim", "--addr", "0.0.0.0:0"}, "loopback address only"},
	} {
		var out, errb bytes.Buffer
		if st := run(c.args, nil, &out, &errb); st != 2 || !strings.Contains(errb.String(), c.want) {
			t.Errorf("%v: status %d, stderr %s", c.args, st, errb.String())
		}
	}
}

// TestSendSimFault: a fault at turn 2 ends the loop there, as the API's
// would.
func TestSendSimFault(t *testing.T) {
	var out, errb bytes.Buffer
	if st := run([]string{"send", "--sim", "--pace", "0", "--fault", "429@2", "../../examples/demo.json"}, nil, &out, &errb); st != 1 ||
		!strings.Contains(errb.String(), "HTTP 429: Rate limit reached") || !strings.Contains(errb.String(), "retry after 1 s") {
		t.Fatalf("status %d\n%s", st, errb.String())
	}
}

// TestSimCommand: tooltui sim prints its base URL and serves any client
// there until it is stopped.
func TestSimCommand(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan int)
	var errb bytes.Buffer
	go func() { done <- runSim(ctx, simOptions{}, "127.0.0.1:0", pw, &errb); pw.Close() }()
	base, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil || !strings.HasPrefix(base, "http://127.0.0.1:") || !strings.HasSuffix(base, "/v1\n") {
		t.Fatalf("%q %v", base, err)
	}
	go io.Copy(io.Discard, pr)
	cfg := send.Config{BaseURL: strings.TrimSpace(base), Timeout: 20 * time.Second}
	var text string
	err = send.Stream(ctx, cfg, []byte(`{"model": "gpt-5", "input": "Hello"}`), func(e send.Event) error {
		if e.Kind == send.KindText {
			text += e.Text
		}
		return nil
	})
	if err != nil || !strings.Contains(text, `You asked: "Hello".`) {
		t.Fatalf("%q %v", text, err)
	}
	cancel()
	if st := <-done; st != 0 {
		t.Fatalf("status %d: %s", st, errb.String())
	}
}

// TestReplayStopsAtAChangedOutput: a recording made with --sim replays
// while the mocks are the same; once a mock's output changed, the replay
// stops before the turn that sends it, naming where, exit 1; --force
// plays on, with a warning.
func TestReplayStopsAtAChangedOutput(t *testing.T) {
	dir := t.TempDir()
	demo, err := os.ReadFile("../../examples/demo.json")
	if err != nil {
		t.Fatal(err)
	}
	doc, recFile := filepath.Join(dir, "demo.json"), filepath.Join(dir, "demo.recording.jsonl")
	os.WriteFile(doc, demo, 0o644)
	var out, errb bytes.Buffer
	if st := run([]string{"send", "--sim", "--pace", "0", "--record", recFile, doc}, nil, &out, &errb); st != 0 {
		t.Fatalf("record: %d %s", st, errb.String())
	}
	out.Reset()
	errb.Reset()
	if st := run([]string{"send", "--replay", recFile, "--speed", "0", doc}, nil, &out, &errb); st != 0 {
		t.Fatalf("replay: %d %s", st, errb.String())
	}
	os.WriteFile(doc, bytes.Replace(demo, []byte(`"high_c": 24`), []byte(`"high_c": 31`), 1), 0o644)
	out.Reset()
	errb.Reset()
	if st := run([]string{"send", "--replay", recFile, "--speed", "0", doc}, nil, &out, &errb); st != 1 ||
		!strings.Contains(errb.String(), "tooltui send: turn 2's request is not the recorded one: they first differ at /input/1/output (--force replays anyway)") ||
		strings.Contains(out.String(), "answered") {
		t.Fatalf("a changed output: %d\n%s%s", st, out.String(), errb.String())
	}
	out.Reset()
	errb.Reset()
	if st := run([]string{"send", "--replay", recFile, "--speed", "0", "--force", doc}, nil, &out, &errb); st != 0 ||
		!strings.Contains(errb.String(), "warning: turn 2's request is not the recorded one") || !strings.Contains(out.String(), `"high_c":24`) {
		t.Fatalf("--force: %d\n%s%s", st, out.String(), errb.String())
	}
}

// TestSendUnknownFunction: a call of a function the request does not have
// is answered with an error output that says so, and the loop goes on to
// the model's text: exit 0, and no offer of a mock.
func TestSendUnknownFunction(t *testing.T) {
	script := filepath.Join(t.TempDir(), "script.json")
	os.WriteFile(script, []byte(`{"turns": [{"calls": [{"name": "book_flight", "arguments": {"to": "LIS"}}]}, {"text": "I cannot book flights."}]}`), 0o644)
	var out, errb bytes.Buffer
	if st := run([]string{"send", "--sim", "--pace", "0", "--script", script, "../../examples/demo.json"}, nil, &out, &errb); st != 0 {
		t.Fatalf("status %d\n%s", st, errb.String())
	}
	want := `error output for book_flight (the request has no function of that name): Error: this request has no function named "book_flight"; its functions are get_weather, find_hotels, convert_currency. Call one of those, or answer without it.`
	if !strings.Contains(errb.String(), want) || strings.Contains(errb.String(), "mocks") || out.String() != "I cannot book flights.\n" {
		t.Fatalf("stdout %q\nstderr:\n%s", out.String(), errb.String())
	}
}

// TestSendExitStatuses: 0 when the model's last answer is text, 3 when
// the loop stopped before (no mock, --max-turns), with --json's last line
// saying why.
func TestSendExitStatuses(t *testing.T) {
	demo, _ := os.ReadFile("../../examples/demo.json")
	noMocks := bytes.Replace(demo, []byte(`"get_weather": {`), []byte(`"get_weather_": {`), 1)
	for _, c := range []struct {
		args  []string
		stdin []byte
		st    int
		last  string
	}{
		{[]string{"--json", "../../examples/demo.json"}, nil, 0, `{"type":"response.completed"`},
		{[]string{"--json", "--max-turns", "1", "../../examples/demo.json"}, nil, 3, `{"type":"tooltui.loop.stopped","reason":"max_turns","message":"stopped after 1 turns`},
		{[]string{"--json", "-"}, noMocks, 3, `{"type":"tooltui.loop.stopped","reason":"no_mock","function":"get_weather","message":"no mock output for get_weather`},
	} {
		var out, errb bytes.Buffer
		args := append([]string{"send", "--sim", "--pace", "0"}, c.args...)
		st := run(args, bytes.NewReader(c.stdin), &out, &errb)
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		if st != c.st || !strings.HasPrefix(lines[len(lines)-1], c.last) {
			t.Errorf("%v: status %d, last line %s\n%s", c.args, st, lines[len(lines)-1], errb.String())
		}
	}
}

// TestSimNothingAtInit: the simulator adds nothing to start-up: its
// package does no work at init (GODEBUG=inittrace lists every package
// that does).
func TestSimNothingAtInit(t *testing.T) {
	stderr := initTrace(t)
	if !strings.Contains(stderr, "init ") {
		t.Skip("this Go prints no init trace")
	}
	for _, line := range strings.Split(stderr, "\n") {
		if f := strings.Fields(line); len(f) > 1 && f[0] == "init" && f[1] == "github.com/tooltui/tooltui/internal/sim" {
			t.Fatalf("internal/sim works at init: %s", line)
		}
	}
}
