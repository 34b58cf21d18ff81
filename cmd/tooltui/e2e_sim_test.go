package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestE2ESimulator: a fresh start with no key and no server: ctrl+r says
// the simulator needs none; "Send to the simulator" runs the loop, the
// calls answered by the demo's mocks, to the final text. The profile sim
// makes ctrl+r send there.
func TestE2ESimulator(t *testing.T) {
	x := newTerm(t)
	demo, err := os.ReadFile("../../examples/demo.json")
	if err != nil {
		t.Fatal(err)
	}
	_, _, status := openDoc(t, x, string(demo))
	x.keys("app", "C-r")
	x.waitFor("app", "no key", flatHas(`Cannot send: no API key`, `"Send to the simulator" (ctrl+p) needs none`))
	x.runFromPalette("app", "simulator", "› Send to the simulator")
	s := x.waitFor("app", "the simulated answer", all(flatHas("── turn 2 ──", `get_weather answered {"forecast":"sunny","high_c":24,"low_c":16}.`), bothCompleted))
	for _, want := range []string{
		`→ get_weather {"city":"Lisbon","unit":null}: fits its parameters`,
		`← mock output for get_weather: {"forecast":"sunny","high_c":24,"low_c":16}`,
		`← mock output for find_hotels: [{"name":"Casa do Rio","price_eur":120},{"name":"Hotel Alfama","price_eur":95}]`,
	} {
		if !has(want)(flat(s)) {
			t.Errorf("the transcript lacks %q:\n%s", want, s)
		}
	}
	x.keys("app", "Escape")
	x.waitFor("app", "the dialog closed", func(s string) bool { return !strings.Contains(s, "Response ·") })
	quitClean(t, x, status)

	y := newTerm(t)
	_, _, status = openDoc(t, y, string(demo), "--profile", "sim")
	y.keys("app", "C-r")
	y.waitFor("app", "ctrl+r to the simulator", all(flatHas("── turn 2 ──", "find_hotels answered"), bothCompleted))
	y.keys("app", "Escape")
	y.waitFor("app", "the dialog closed", func(s string) bool { return !strings.Contains(s, "Response ·") })
	quitClean(t, y, status)
}

// bothCompleted: the transcript shows both turns completed.
func bothCompleted(s string) bool { return strings.Count(flat(s), "completed · first output") == 2 }

// TestE2EReplayAsksAtAChangedOutput: a recording made with the
// simulator, replayed in the app after a mock changed: the replay stops
// before the turn that sends the new output and asks; enter plays it
// anyway.
func TestE2EReplayAsksAtAChangedOutput(t *testing.T) {
	x := newTerm(t)
	demo, err := os.ReadFile("../../examples/demo.json")
	if err != nil {
		t.Fatal(err)
	}
	_, doc, status := openDoc(t, x, string(bytes.Replace(demo, []byte(`"high_c": 24`), []byte(`"high_c": 31`), 1)))
	rec := filepath.Join(filepath.Dir(doc), "doc.recording.jsonl")
	shipped := filepath.Join(t.TempDir(), "demo.json")
	os.WriteFile(shipped, demo, 0o644)
	var out, errb bytes.Buffer
	if st := run([]string{"send", "--sim", "--pace", "0", "--record", rec, shipped}, nil, &out, &errb); st != 0 {
		t.Fatalf("record: %d %s", st, errb.String())
	}
	x.runFromPalette("app", "Replay a recording", "› Replay a recording")
	x.waitFor("app", "the file name", has("Replay a recording", "doc.recording.jsonl"))
	x.keys("app", "Enter")
	x.waitFor("app", "the replay dialog", flatHas("The document still builds the recorded first request."))
	x.keys("app", "0")
	x.waitFor("app", "the question", flatHas("turn 2's request is not the recorded one: they first differ at /input/1/output", "Turn 2's request is not the recorded one (at /input/1/output): play anyway?", "enter play anyway"))
	x.keys("app", "Enter")
	x.waitFor("app", "played anyway", flatHas("turn 2 played anyway", `get_weather answered {"forecast":"sunny","high_c":24,"low_c":16}.`))
	x.keys("app", "Escape")
	x.waitFor("app", "the dialog closed", func(s string) bool { return !strings.Contains(s, "Replay of") })
	quitClean(t, x, status)
}
