package history

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tooltui/tooltui/internal/send"
	"github.com/tooltui/tooltui/internal/sim"
	"github.com/tooltui/tooltui/internal/workspace"
)

const weather = `{"model": "gpt-5", "input": "What is the weather in Paris?", "tools": [{"type": "function", "name": "get_weather",
	"parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"], "additionalProperties": false}, "strict": true}]}`

// workspaceWith is a workspace holding the document api/travel.json.
func workspaceWith(t testing.TB) (root, doc string) {
	t.Helper()
	root = t.TempDir()
	doc = filepath.Join(root, "api", "travel.json")
	if err := os.MkdirAll(filepath.Join(root, workspace.Marker), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(doc), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(doc, []byte(weather), 0o644); err != nil {
		t.Fatal(err)
	}
	return root, doc
}

// sendAt runs the tool loop on the simulator (made with opts), recorded
// into the history of root as a send that started at start; output
// answers each call (none: the loop stops at the first).
func sendAt(t testing.TB, root, doc string, start time.Time, opts sim.Options, output string) string {
	t.Helper()
	s, err := start1(root, doc, start)
	if err != nil {
		t.Fatal(err)
	}
	cfg := send.Config{BaseURL: sim.BaseURL, APIKey: "sk-test-secret-key-1234", HTTPClient: sim.New(opts).Client()}
	cfg.Stream = s.Wrap(nil)
	err = send.Loop(context.Background(), cfg, []byte(weather), 5, func(send.Call) (string, bool) { return output, output != "" },
		func(int, send.Event) error { return nil }, func(send.Turn) {})
	path, err := s.Finish(send.OutcomeOf(err))
	if err != nil {
		t.Fatal(err)
	}
	return path
}

func start1(root, doc string, at time.Time) (*Send, error) {
	return start(root, doc, func() time.Time { return at })
}

// Three sends, two in the same second, are three recordings listed newest
// first with their document, date, model, outcome and turns; none holds
// the key or a header.
func TestListSends(t *testing.T) {
	root, doc := workspaceWith(t)
	t0 := time.Date(2026, 12, 3, 17, 0, 0, 0, time.UTC)
	completed := sendAt(t, root, doc, t0, sim.Options{}, "12 °C")
	refused := sendAt(t, root, doc, t0.Add(time.Second), sim.Options{Faults: []sim.TurnFault{{Fault: sim.Fault500, Turn: 1}}}, "12 °C")
	stopped := sendAt(t, root, doc, t0.Add(time.Second), sim.Options{}, "")

	if want := filepath.Join(Dir(root), "20261203T170000Z-travel.recording.jsonl"); completed != want {
		t.Errorf("first recording %s, want %s", completed, want)
	}
	if want := filepath.Join(Dir(root), "20261203T170001Z.2-travel.recording.jsonl"); stopped != want {
		t.Errorf("the second of the same second and name is %s, want %s", stopped, want)
	}
	files, _ := os.ReadDir(Dir(root))
	if len(files) != 3 {
		t.Fatalf("%d files in the history, want 3 (no temporary file left): %v", len(files), files)
	}
	for _, p := range []string{completed, refused, stopped} {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if text := string(data); strings.Contains(text, "sk-test-secret-key-1234") || regexp.MustCompile(`(?i)authorization|bearer`).MatchString(text) {
			t.Errorf("%s holds the key or a header:\n%s", p, text)
		}
	}

	entries, err := List(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 3 {
		t.Fatalf("%d entries, want 3: %+v", len(entries), entries)
	}
	want := []struct {
		path    string
		date    time.Time
		outcome send.Outcome
		turns   int
	}{
		{stopped, t0.Add(time.Second), send.Outcome{Kind: send.OutcomeStopped, Message: `no mock output for get_weather: add one under "tooltui": {"mocks": {"get_weather": {"output": …}}}`}, 1},
		{refused, t0.Add(time.Second), send.Outcome{Kind: send.OutcomeError, Status: "HTTP 500"}, 1},
		{completed, t0, send.Outcome{Kind: send.OutcomeCompleted}, 2},
	}
	for i, w := range want {
		e := entries[i]
		if e.Err != nil || e.Path != w.path || e.Document != "api/travel.json" || !e.Date.Equal(w.date) || e.Model != "gpt-5" ||
			e.Outcome.Kind != w.outcome.Kind || e.Outcome.Status != w.outcome.Status || e.Turns != w.turns {
			t.Errorf("entry %d: %+v\nwant %+v", i, e, w)
		}
		if w.outcome.Message != "" && e.Outcome.Message != w.outcome.Message {
			t.Errorf("entry %d: message %q, want %q", i, e.Outcome.Message, w.outcome.Message)
		}
	}
	if !strings.HasPrefix(entries[1].Outcome.Message, "HTTP 500") {
		t.Errorf("the refused send's message: %q", entries[1].Outcome.Message)
	}
	// Each plays back as a recording.
	f, _ := os.Open(completed)
	defer f.Close()
	if rec, err := send.ReadRecording(f); err != nil || len(rec.Turns) != 2 {
		t.Fatalf("read back: %v", err)
	}
}

// A send is in the history only once finished: a send under way leaves a
// hidden file List passes over, and Discard leaves nothing.
func TestNothingBeforeFinish(t *testing.T) {
	root, doc := workspaceWith(t)
	s, err := Start(root, doc)
	if err != nil {
		t.Fatal(err)
	}
	if s.Document() != "api/travel.json" {
		t.Errorf("Document %q", s.Document())
	}
	if entries, err := List(root); err != nil || len(entries) != 0 {
		t.Fatalf("a send under way is listed: %+v, %v", entries, err)
	}
	s.Discard()
	if files, _ := os.ReadDir(Dir(root)); len(files) != 0 {
		t.Fatalf("Discard left %v", files)
	}
	if _, err := s.Finish(send.Outcome{Kind: send.OutcomeCompleted}); err == nil {
		t.Fatal("a discarded send finished")
	}
	if _, err := Start(root, filepath.Join(filepath.Dir(root), "elsewhere.json")); err == nil {
		t.Fatal("a document outside the workspace was recorded")
	}
}

// A recording cut short, or that is not a recording, is listed with why
// it cannot be read, among the others, and never stops the listing.
func TestListReportsUnreadable(t *testing.T) {
	root, doc := workspaceWith(t)
	t0 := time.Date(2026, 12, 3, 17, 0, 0, 0, time.UTC)
	good := sendAt(t, root, doc, t0, sim.Options{}, "12 °C")
	data, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{
		"20261203T180000Z-cut.recording.jsonl":     string(data[:len(data)/2]),
		"20261203T190000Z-no-end.recording.jsonl":  strings.Join(strings.SplitAfter(string(data), "\n")[:4], ""),
		"20261203T200000Z-empty.recording.jsonl":   "",
		"not-a-recording.recording.jsonl":          "hello\n",
		"notes.txt":                                "not listed",
		".20261203T210000Z-writing-123.tmp":        "not listed",
		".20261203T210000Z-hidden.recording.jsonl": "not listed",
	} {
		if err := os.WriteFile(filepath.Join(Dir(root), name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	entries, err := List(root)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		s := filepath.Base(e.Path) + " " + e.Date.Format(time.RFC3339)
		if e.Err != nil {
			s += " unreadable"
		}
		got = append(got, s)
	}
	want := []string{
		"20261203T200000Z-empty.recording.jsonl 2026-12-03T20:00:00Z unreadable",
		"20261203T190000Z-no-end.recording.jsonl 2026-12-03T19:00:00Z unreadable",
		"20261203T180000Z-cut.recording.jsonl 2026-12-03T18:00:00Z unreadable",
		"20261203T170000Z-travel.recording.jsonl 2026-12-03T17:00:00Z",
		"not-a-recording.recording.jsonl 0001-01-01T00:00:00Z unreadable",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("listed\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !strings.Contains(entries[1].Err.Error(), "cut short") {
		t.Errorf("a recording without its outcome: %v", entries[1].Err)
	}
}

// FindRoot walks up from a document, or a folder, to the nearest folder
// holding .tooltui.
func TestFindRoot(t *testing.T) {
	root, doc := workspaceWith(t)
	inner := filepath.Join(root, "api", "v2")
	if err := os.MkdirAll(filepath.Join(inner, workspace.Marker), 0o755); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{
		doc:                                  root,
		filepath.Join(root, "api"):           root,
		filepath.Join(root, "new.json"):      root, // need not exist
		filepath.Join(inner, "x.json"):       inner,
		inner:                                inner,
		filepath.Join(inner, "deep", "x.js"): inner,
	} {
		if got, ok := FindRoot(path); !ok || got != want {
			t.Errorf("FindRoot(%s) = %s, %v; want %s", path, got, ok, want)
		}
	}
	if err := os.WriteFile(filepath.Join(root, "api", workspace.Marker), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if got, _ := FindRoot(doc); got != root {
		t.Errorf("a file named .tooltui made %s a workspace", got)
	}
	outside := t.TempDir()
	if got, ok := FindRoot(filepath.Join(outside, "a.json")); ok && strings.HasPrefix(got, outside) {
		t.Errorf("FindRoot outside any workspace = %s", got)
	}
}

// A send cancelled mid-stream is in the history as cancelled, with the
// turns it had.
func TestCancelledSend(t *testing.T) {
	root, doc := workspaceWith(t)
	s, err := Start(root, doc)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg := send.Config{BaseURL: sim.BaseURL, HTTPClient: sim.New(sim.Options{Pace: time.Millisecond}).Client(), Stream: s.Wrap(nil)}
	err = send.Loop(ctx, cfg, []byte(weather), 5, func(send.Call) (string, bool) { return "12 °C", true },
		func(int, send.Event) error { cancel(); return nil }, func(send.Turn) {})
	if _, err := s.Finish(send.OutcomeOf(err)); err != nil {
		t.Fatal(err)
	}
	entries, err := List(root)
	if err != nil || len(entries) != 1 {
		t.Fatalf("%+v, %v", entries, err)
	}
	if e := entries[0]; e.Err != nil || e.Outcome.Kind != send.OutcomeCancelled || e.Turns != 1 {
		t.Fatalf("%+v", e)
	}
}
