package main

// End-to-end Import tools… on the real binary in tmux (see e2e_test.go):
// alt+i, a stdio MCP server's command line typed in the prompt, two of
// its three tools marked and imported; they are in the tools list, and
// a save records them with their server.

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/mcpclient/mcptest"
)

func TestE2EImportTwoToolsOfAServer(t *testing.T) {
	x := newTerm(t)
	envCmd, err := exec.LookPath("env")
	if err != nil {
		t.Skip("no env command")
	}
	srv := mcptest.ServerCommand(t, "bridge") // read_head, crash, hang
	_, doc, status := openDoc(t, x, `{"model": "gpt-5", "tools_defs": [{"name": "f", "parameters": {"type": "object", "properties": {}, "additionalProperties": false}, "strict": true}]}`+"\n")

	// The app runs with an empty environment: the command line sets what
	// makes the test binary the server.
	var words []string
	for _, w := range append(append([]string{envCmd}, srv.Env()...), srv.Command...) {
		words = append(words, shellQuote(w))
	}
	x.keys("app", "M-i")
	x.waitFor("app", "the prompt", has("Import tools", "A file (any format), an MCP server's command line"))
	x.text("app", strings.Join(words, " "))
	x.keys("app", "Enter")
	x.waitFor("app", "the server's tools", has("Import tools from MCP server", "[ ] crash", "[ ] hang", "[ ] read_head", "0 of 3 marked"))
	x.keys("app", "Space", "Down", "Down", "Space")
	x.waitFor("app", "two marked", has("[x] crash", "[ ] hang", "[x] read_head", "2 of 3 marked"))
	x.keys("app", "Enter")
	x.waitFor("app", "the tools in the list", all(has("ƒ crash", "ƒ read_head"), statusHas("^Added 2 functions"), inTools))
	if s := x.screen("app"); strings.Contains(s, "ƒ hang") {
		t.Errorf("the unmarked tool came in:\n%s", s)
	}
	x.keys("app", "C-s")
	x.waitFor("app", "the save", statusHas("^Saved"))
	quitClean(t, x, status)

	data := mustRead(t, doc)
	for _, want := range []string{`"name":"crash"`, `"name":"read_head"`, `"mcp_servers"`} {
		if !strings.Contains(data, want) {
			t.Errorf("the saved document lacks %s:\n%s", want, data)
		}
	}
	if strings.Contains(data, `"hang"`) {
		t.Errorf("the saved document has hang:\n%s", data)
	}
}
