package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/history"
	"github.com/tooltui/tooltui/internal/send"
)

// TestE2EHistoryInTheApp: the palette turns the history on in the
// document's folder, a send to the simulator is recorded there, Recent
// sends lists it and enter plays it back; the replay adds nothing.
func TestE2EHistoryInTheApp(t *testing.T) {
	x := newTerm(t)
	demo, err := os.ReadFile("../../examples/demo.json")
	if err != nil {
		t.Fatal(err)
	}
	_, doc, status := openDoc(t, x, string(demo))
	dir := filepath.Dir(doc)
	if root, ok := history.FindRoot(dir); ok {
		t.Skipf("the temporary folder is inside the workspace %s", root)
	}
	x.runFromPalette("app", "Recent sends", "Recent sends…")
	x.waitFor("app", "no workspace", flatHas("is in no workspace", "history --on"))
	x.keys("app", "Escape")
	x.waitFor("app", "the dialog closed", func(s string) bool { return !strings.Contains(s, "Recent sends") })
	x.runFromPalette("app", "Keep a history", "Keep a history of sends in this workspace")
	x.waitFor("app", "the history on", flatHas("The history of sends is on in"))

	x.runFromPalette("app", "simulator", "› Send to the simulator")
	x.waitFor("app", "the send in the history", all(bothCompleted, flatHas("in the history: .tooltui/history/")))
	x.keys("app", "Escape")
	x.waitFor("app", "the dialog closed", func(s string) bool { return !strings.Contains(s, "Response ·") })
	entries, err := history.List(dir)
	if err != nil || len(entries) != 1 || entries[0].Outcome.Kind != send.OutcomeCompleted || entries[0].Document != "doc.json" {
		t.Fatalf("the history: %v %+v", err, entries)
	}

	x.runFromPalette("app", "Recent sends", "Recent sends…")
	x.waitFor("app", "the list", flatHas("1 send in the history of", "doc.json", "gpt-5", "completed, 2 turns"))
	x.keys("app", "Enter")
	x.waitFor("app", "the replay dialog", flatHas("Replay a recording", "The document still builds the recorded first request."))
	x.keys("app", "0")
	x.waitFor("app", "the replay", all(flatHas("Replay of "), bothCompleted))
	x.keys("app", "Escape")
	x.waitFor("app", "the dialog closed", func(s string) bool { return !strings.Contains(s, "Replay of") })
	if entries, _ := history.List(dir); len(entries) != 1 {
		t.Fatalf("%d sends in the history after the replay, want 1", len(entries))
	}
	quitClean(t, x, status)
}
