package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/send"
	"github.com/tooltui/tooltui/internal/sim"
)

// TestE2EMocksDialogAddsAndSaves: in the real binary, "Edit mocks" from
// the palette lists the example's function without a mock; an output for
// a pattern is added, an output that is not JSON is refused with what was
// typed kept and then written as plain text, and ctrl+s saves both under
// tooltui.mocks, where the send loop answers with them.
func TestE2EMocksDialogAddsAndSaves(t *testing.T) {
	x := newTerm(t)
	_, doc, status := openDoc(t, x, string(model.ExampleJSON()))

	x.runFromPalette("app", "Edit mocks", "Edit mocks…")
	x.waitFor("app", "the mocks dialog", has("Mock outputs", "ƒ get_weather", "no mock"))

	x.keys("app", "a")
	x.waitFor("app", "a new pattern", has("New mock output", "Pattern: a JSON object"))
	x.text("app", `"city": "Paris"`)
	x.keys("app", "Tab")
	x.text("app", `{"temp_c": 12}`)
	x.waitFor("app", "the output typed", has(`{"temp_c": 12}`))
	x.keys("app", "M-Enter")
	x.waitFor("app", "the pattern added", all(statusHas("^Added a mock output of get_weather"),
		has(`when {"city":"Paris"} → {"temp_c":12}`)))

	x.keys("app", "o")
	x.waitFor("app", "a new fixed output", has("New mock output", "the fixed output"))
	x.text("app", `{"sky": clear`)
	x.keys("app", "M-Enter")
	x.waitFor("app", "the output refused, kept", has("✗ The output is not valid JSON", `{"sky": clear`))
	x.keys("app", "C-t")
	x.waitFor("app", "plain text", has("Output (plain text"))
	x.keys("app", "M-Enter")
	x.waitFor("app", "the fixed output added", has(`otherwise → "{\"sky\": clear"`))

	x.keys("app", "C-s")
	x.waitFor("app", "saved", statusHas("^Saved"))
	x.keys("app", "Escape")
	x.waitFor("app", "the dialog closed", func(s string) bool { return !strings.Contains(s, "Mock outputs") })
	quitClean(t, x, status)

	data, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	var saved struct {
		Tooltui struct {
			Mocks map[string]json.RawMessage `json:"mocks"`
		} `json:"tooltui"`
	}
	if err := json.Unmarshal(data, &saved); err != nil {
		t.Fatal(err)
	}
	mocks := send.Mocks(saved.Tooltui.Mocks)
	for args, want := range map[string]string{`{"city":"Paris","unit":"celsius"}`: `{"temp_c":12}`, `{"city":"Oslo","unit":"celsius"}`: `{"sky": clear`} {
		if out, ok := mocks.Output("get_weather", args); !ok || out != want {
			t.Fatalf("a call with %s gets %q %v, want %q; saved: %s", args, out, ok, want, saved.Tooltui.Mocks)
		}
	}
}

// TestE2ESendKeepsATypedOutputAsAMock: in the real binary, the output
// typed for a call no mock answers is sent with alt+enter and kept as a
// mock for those arguments; the next send answers the same call with it,
// asking nothing, and ctrl+s saves it.
func TestE2ESendKeepsATypedOutputAsAMock(t *testing.T) {
	x := newTerm(t)
	oslo := sim.ScriptTurn{Calls: []sim.ScriptCall{{Name: "get_weather", Arguments: `{"city":"Oslo","unit":"celsius"}`}}}
	cold := sim.ScriptTurn{Text: "Cold in Oslo."}
	srv := simServer(t, oslo, cold, oslo, cold) // two sends

	_, doc, status := openDoc(t, x, string(model.ExampleJSON()), "--base-url", srv.BaseURL())
	x.keys("app", "C-r")
	x.waitFor("app", "the question", has("Output of get_weather:", "alt+enter send it, keep it as a mock"))
	x.text("app", `{"temp_c": -3}`)
	x.keys("app", "M-Enter")
	x.waitFor("app", "the output sent and kept", all(has("Cold in Oslo."), statusHas("^Kept the output as a mock output of get_weather for these arguments")))

	x.keys("app", "C-r")
	x.waitFor("app", "the call answered by the kept mock", has(`← mock output for get_weather: {"temp_c":-3}`, "Cold in Oslo."))
	x.keys("app", "Escape")
	x.waitFor("app", "the dialog closed", func(s string) bool { return !strings.Contains(s, "Response ·") })
	x.keys("app", "C-s")
	x.waitFor("app", "saved", statusHas("^Saved"))
	quitClean(t, x, status)

	var saved struct {
		Tooltui struct {
			Mocks map[string]json.RawMessage `json:"mocks"`
		} `json:"tooltui"`
	}
	data, err := os.ReadFile(doc)
	if err == nil {
		err = json.Unmarshal(data, &saved)
	}
	if err != nil {
		t.Fatal(err)
	}
	if out, ok := send.Mocks(saved.Tooltui.Mocks).Output("get_weather", `{"city":"Oslo","unit":"celsius"}`); !ok || out != `{"temp_c":-3}` {
		t.Fatalf("saved %s", saved.Tooltui.Mocks)
	}
}
