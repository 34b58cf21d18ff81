package main

// End-to-end Import tools… on the real binary in tmux (see e2e_test.go):
// alt+i, a stdio MCP server's command line typed in the prompt, two of
// its three tools marked and imported; they are in the tools list, and
// a save records them with their server.

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/mcpclient/mcptest"
)

// bridgeCommand is the command line of the test binary as the MCP server
// "bridge" (its tools: read_head, crash, hang). The app runs with an
// empty environment: the line sets, with env, what makes the binary the
// server.
func bridgeCommand(t *testing.T) []string {
	t.Helper()
	envCmd, err := exec.LookPath("env")
	if err != nil {
		t.Skip("no env command")
	}
	srv := mcptest.ServerCommand(t, "bridge")
	return append(append([]string{envCmd}, srv.Env()...), srv.Command...)
}

func TestE2EImportTwoToolsOfAServer(t *testing.T) {
	x := newTerm(t)
	cmdline := bridgeCommand(t)
	_, doc, status := openDoc(t, x, `{"model": "gpt-5", "tools_defs": [{"name": "f", "parameters": {"type": "object", "properties": {}, "additionalProperties": false}, "strict": true}]}`+"\n")

	var words []string
	for _, w := range cmdline {
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

// TestE2EImportAServerOfAnotherDocument: in a folder of two documents,
// where only the hidden one records an MCP server, the shown one's
// "Import tools…" offers that server, named with its document; chosen,
// its tools are listed and the marked one comes in with the server
// recorded, saved in the shown document.
func TestE2EImportAServerOfAnotherDocument(t *testing.T) {
	x := newTerm(t)
	cmdline := bridgeCommand(t)
	dir, bin, status := newAppDir(t)
	ws := filepath.Join(dir, "ws")
	if err := os.MkdirAll(filepath.Join(ws, "agents"), 0o755); err != nil {
		t.Fatal(err)
	}
	command, err := json.Marshal(cmdline)
	if err != nil {
		t.Fatal(err)
	}
	fn := `"tools_defs": [{"name": "f", "parameters": {"type": "object", "properties": {}, "additionalProperties": false}, "strict": true}]`
	writeTestFile(t, filepath.Join(ws, "agents", "a.json"), `{"model": "gpt-5", `+fn+`, "tooltui": {"mcp_servers": {"bridge": {"command": `+string(command)+`}}}}`)
	writeTestFile(t, filepath.Join(ws, "main.json"), `{"model": "gpt-5", `+fn+`}`)
	x.start("app", appCommand(t, dir, bin, []string{ws}, "", status))
	// The paths in lexical order: agents/a.json is shown first.
	x.waitFor("app", "the first document", all(has("1 Tools", "agents/a.json ·"), inTools))
	x.keys("app", "C-o")
	x.waitFor("app", "the switcher", has("Documents", "main.json"))
	x.text("app", "main")
	x.keys("app", "Enter")
	x.waitFor("app", "main.json shown", all(has("main.json ·"), inTools))

	x.keys("app", "M-i")
	x.waitFor("app", "the other document's server offered", has("Import tools", "or a server a document of the workspace records", "bridge  (agents/a.json)  "+cmdline[0]))
	x.keys("app", "Down", "Enter")
	x.waitFor("app", "the server's tools", has("Import tools from MCP server bridge", "[ ] crash", "[ ] hang", "[ ] read_head", "0 of 3 marked"))
	x.keys("app", "End", "Space", "Enter")
	x.waitFor("app", "the tool in the list", all(has("ƒ read_head"), statusHas("^Added 1 function"), inTools))
	x.keys("app", "C-s")
	x.waitFor("app", "the save", statusHas("^Saved"))
	quitClean(t, x, status)

	data := mustRead(t, filepath.Join(ws, "main.json"))
	for _, want := range []string{`"name":"read_head"`, `"mcp_servers":{"bridge":{"command":[`, `"mcp:bridge"`} {
		if !strings.Contains(data, want) {
			t.Errorf("the saved document lacks %s:\n%s", want, data)
		}
	}
}

// TestE2EImportAURLWithAHeader: a mistyped file path in the prompt says
// "No such file" with the path meant; then the URL of a server that
// requires a key, typed with -H, is listed (the title names the header,
// not its value), and the saved document records the server with the
// header's name and no value.
func TestE2EImportAURLWithAHeader(t *testing.T) {
	x := newTerm(t)
	ts := mcptest.Serve(t, newImportTestServer(true), "sk-e2e")
	_, doc, status := openDoc(t, x, `{"model": "gpt-5", "tools_defs": [{"name": "f", "parameters": {"type": "object", "properties": {}, "additionalProperties": false}, "strict": true}]}`+"\n")
	dir := filepath.Dir(doc)
	if err := os.MkdirAll(filepath.Join(dir, "agents"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeTestFile(t, filepath.Join(dir, "agents", "tools.json"), `{"tools": []}`)

	x.keys("app", "M-i")
	x.waitFor("app", "the prompt", has("Import tools", "after a URL: -H 'Name: value'"))
	x.text("app", filepath.Join(dir, "agnets", "tools.json"))
	x.keys("app", "Enter")
	x.waitFor("app", "the missing file said", has("No such file:", "agnets/tools.json; did you", "/agents/tools.json?"))
	x.keys("app", "Enter", "C-u")
	x.waitFor("app", "the prompt again", has("after a URL: -H 'Name: value'"))
	x.text("app", ts.URL+" -H 'Authorization: Bearer sk-e2e'")
	x.keys("app", "Enter")
	x.waitFor("app", "the server's tools", has("Import tools from MCP server "+ts.URL+" (header Authorization)", "[ ] get_weather", "[ ] search_docs"))
	if s := x.screen("app"); strings.Contains(s, "sk-e2e") {
		t.Errorf("the header's value is shown:\n%s", s)
	}
	x.keys("app", "Space", "Enter")
	x.waitFor("app", "the tool in the list", all(has("ƒ get_weather"), statusHas("^Added 1 function"), inTools))
	x.keys("app", "C-s")
	x.waitFor("app", "the save", statusHas("^Saved"))
	quitClean(t, x, status)

	data := mustRead(t, doc)
	if !strings.Contains(data, `"headers":{"Authorization":""}`) || strings.Contains(data, "sk-e2e") {
		t.Errorf("the saved document:\n%s", data)
	}
}
