package main

import (
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/send/sendtest"
	"github.com/tooltui/tooltui/internal/sim"
)

// TestE2ESendToolLoop: the real binary in tmux sends the example to a
// local server, the model's get_weather call is answered by the
// document's mock, and the second turn's text shows.
func TestE2ESendToolLoop(t *testing.T) {
	x := newTerm(t)
	srv := simServer(t, parisWeather()...)

	_, _, status := openDoc(t, x, exampleWithMock(), "--base-url", srv.BaseURL())
	x.keys("app", "C-r")
	s := x.waitFor("app", "the second turn's text", has("Twelve degrees in Paris.", "completed"))
	for _, want := range []string{`→ get_weather {"city":"Paris","unit":"celsius"}: fits its parameters`, `← mock output for get_weather: {"temp_c":12}`, "turn 2"} {
		if !strings.Contains(s, want) {
			t.Errorf("the transcript lacks %q:\n%s", want, s)
		}
	}
	if b := srv.Bodies(); len(b) != 2 || !strings.Contains(b[1], `"function_call_output"`) {
		t.Errorf("the second request sends no output:\n%s", strings.Join(b, "\n"))
	}
	x.keys("app", "Escape")
	x.waitFor("app", "the dialog closed", func(s string) bool { return !strings.Contains(s, "Response ·") })
	quitClean(t, x, status)
}

// simServer is the simulator answering with turns, one a request, behind
// a server that keeps the requests' bodies.
func simServer(t *testing.T, turns ...sim.ScriptTurn) *sendtest.Server {
	return sendtest.New(t, sim.New(sim.Options{Script: &sim.Script{Turns: turns}}).ServeHTTP)
}

// parisWeather is a model's side of a send of the example: it calls
// get_weather for Paris, then answers in text.
func parisWeather() []sim.ScriptTurn {
	return []sim.ScriptTurn{
		{Calls: []sim.ScriptCall{{Name: "get_weather", Arguments: `{"city":"Paris","unit":"celsius"}`}}},
		{Text: "Twelve degrees in Paris."},
	}
}
