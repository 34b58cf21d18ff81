package ui_test

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestMarkedToolsThroughTheApp: the keys and the palette reach the marks:
// m marks, the title counts them, alt+t copies only the marked tools,
// K moves them, the request row with marks still lets x act on them, and
// ctrl+z takes the delete back in one step.
func TestMarkedToolsThroughTheApp(t *testing.T) {
	a, f := newApp(t)
	send(t, a, press('j'), press('m'), press('m')) // get_weather, then (m moves down) web_search
	requireContains(t, screen(a), "1 Tools · 2 marked", "title")
	copyKey(t, a, alt('t'), settle)
	var tools []map[string]any
	if err := json.Unmarshal([]byte(f.clip.only(t)), &tools); err != nil {
		t.Fatal(err)
	}
	if len(tools) != 2 || tools[0]["name"] != "get_weather" || tools[1]["type"] != "web_search" {
		t.Fatalf("alt+t with 2 marked copied %v", tools)
	}
	requireContains(t, statusLine(t, a), "Copied tools array (2 marked tools)", "status line")

	send(t, a, press('g'), press('x')) // the request row: x acts on the marks
	requireContains(t, statusLine(t, a), "Deleted 2 marked tools", "status line")
	requireTools(t, a, "file_search")
	send(t, a, ctrl('z'))
	requireTools(t, a, "function:get_weather", "web_search", "file_search")
	if strings.Contains(screen(a), "marked") {
		t.Errorf("the deleted tools' marks came back:\n%s", screen(a))
	}

	// Nothing marked: x on the request row says why, as before.
	send(t, a, press('x'))
	requireContains(t, statusLine(t, a), "Select a tool in the tools pane first", "status line")
}
