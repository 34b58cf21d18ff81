package main

// End-to-end flow of an mcp tool's server tools, on the real binary in
// tmux (see e2e_test.go): L lists the tools of the tool's server_url,
// sending its authorization; space checks one, enter writes it to
// allowed_tools, and a save keeps it.

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/mcpclient/mcptest"
)

func TestE2EMCPListFillsAllowedTools(t *testing.T) {
	x := newTerm(t)
	ts := mcptest.Serve(t, newImportTestServer(true), "sk-e2e")

	body := `{"model": "gpt-5", "tools": [{"type": "mcp", "server_label": "docs", "server_url": "` + ts.URL +
		`", "authorization": "sk-e2e", "require_approval": "never"}]}` + "\n"
	_, doc, status := openDoc(t, x, body)
	x.keys("app", "j")
	x.waitFor("app", "the mcp tool selected", has("mcp docs (built-in)"))
	x.keys("app", "L")
	x.waitFor("app", "the server's tools", has("Tools of docs", "get_weather", "search_docs"))
	x.keys("app", "Space")
	x.waitFor("app", "get_weather checked", has("[x] get_weather"))
	x.keys("app", "Enter")
	x.waitFor("app", "allowed_tools in the preview", has(`"allowed_tools"`))
	x.keys("app", "C-s")
	x.waitFor("app", "the save", statusHas("^Saved"))
	quitClean(t, x, status)

	authorized := false
	for _, s := range ts.Seen() {
		authorized = authorized || strings.HasPrefix(s, "Bearer sk-e2e|")
	}
	if !authorized {
		t.Error("no request with the tool's authorization reached the server")
	}
	var saved struct {
		Tools []struct {
			AllowedTools []string `json:"allowed_tools"`
		} `json:"tools"`
	}
	data := mustRead(t, doc)
	if err := json.Unmarshal([]byte(data), &saved); err != nil || len(saved.Tools) != 1 {
		t.Fatalf("saved %v:\n%s", err, data)
	}
	if got := strings.Join(saved.Tools[0].AllowedTools, ","); got != "get_weather" {
		t.Errorf("allowed_tools = %q, want get_weather; saved:\n%s", got, data)
	}
}
