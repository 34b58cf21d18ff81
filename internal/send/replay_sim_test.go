package send_test

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"github.com/tooltui/tooltui/internal/send"
	"github.com/tooltui/tooltui/internal/sim"
)

// TestReplayRefusesAChangedOutput: a recording of a loop against the
// simulator replays while the outputs sent are the recorded ones, and
// stops before the turn whose output changed, naming where; differs may
// play it anyway.
func TestReplayRefusesAChangedOutput(t *testing.T) {
	body := []byte(`{"model": "gpt-5", "input": "What is the weather in Paris?", "tools": [{"type": "function", "name": "get_weather",
		"parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"], "additionalProperties": false}, "strict": true}]}`)
	var file bytes.Buffer
	rec, _ := send.NewRecorder(&file, nil)
	live := send.Config{BaseURL: sim.BaseURL, HTTPClient: sim.New(sim.Options{}).Client()}
	live.Stream = rec.Wrap(nil)
	loop := func(cfg send.Config, output string) error {
		return send.Loop(context.Background(), cfg, body, 3, func(send.Call) (string, bool) { return output, true },
			func(int, send.Event) error { return nil }, func(send.Turn) {})
	}
	if err := loop(live, "12 °C"); err != nil {
		t.Fatal(err)
	}
	played, err := send.ReadRecording(&file)
	if err != nil || len(played.Turns) != 2 {
		t.Fatalf("%v", err)
	}
	if err := loop(send.Config{Stream: played.Stream(0)}, "12 °C"); err != nil {
		t.Fatalf("the same outputs: %v", err)
	}
	err = loop(send.Config{Stream: played.Stream(0)}, "3 °C")
	var d *send.ReplayDiffers
	if !errors.As(err, &d) || d.Turn != 2 || d.Pointer != "/input/0/output" {
		t.Fatalf("a changed output: %v", err)
	}
	var told *send.ReplayDiffers
	anyway := played.Play(0, func(_ context.Context, d *send.ReplayDiffers) error { told = d; return nil })
	if err := loop(send.Config{Stream: anyway}, "3 °C"); err != nil || told == nil || told.Turn != 2 {
		t.Fatalf("played anyway: %v, told %v", err, told)
	}
}
