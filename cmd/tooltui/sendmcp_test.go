package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tooltui/tooltui/internal/formats"
	"github.com/tooltui/tooltui/internal/mcpclient/mcptest"
	"github.com/tooltui/tooltui/internal/send/sendtest"
)

// newBridgeTestServer is the server of the send --call-mcp tests:
// read_head echoes the arguments it got (and refuses null for head, as
// real servers do), crash exits, hang never answers.
func newBridgeTestServer() *mcp.Server {
	return mcptest.NewCallServer("tooltui-bridge-test", "read_head", "crash", "hang")
}

// bridgeDoc imports the bridge test server into a new document, as a user
// would, and returns its path, the server's command and the pids of the
// servers started since (the import's own start excluded).
func bridgeDoc(t *testing.T, extra ...string) (doc, exe string, starts func() []int) {
	t.Helper()
	srv := mcptest.ServerCommand(t, "bridge")
	exe = srv.Command[0]
	dir := t.TempDir()
	doc = filepath.Join(dir, "doc.json")
	writeTestFile(t, doc, `{"model":"gpt-5","input":"Read /etc/hosts"}`)
	st, _, errs := importCmd(t, "", append(append([]string{"--into", doc}, extra...), "--mcp", "--", exe)...)
	if st != 0 {
		t.Fatalf("import: status %d\n%s", st, errs)
	}
	imported := len(srv.Starts()) // only the send's starts count
	return doc, exe, func() []int { return srv.Starts()[imported:] }
}

// callsThenText is a Responses server whose first answer makes the calls
// (name, then arguments JSON, for each) and whose later ones answer in
// text. It returns the base URL and the request bodies so far.
func callsThenText(t *testing.T, calls ...string) (string, func() []string) {
	t.Helper()
	var s *sendtest.Server
	s = sendtest.New(t, func(w http.ResponseWriter, r *http.Request) {
		if s.Requests() > 1 {
			sendtest.Stream(sendtest.TextTurn("resp_2", "", "Done.")...)(w, r)
			return
		}
		sendtest.Stream(sendtest.CallTurn("resp_1", calls...)...)(w, r)
	})
	return s.BaseURL(), s.Bodies
}

// sendDoc runs tooltui send on doc with args.
func sendDoc(t *testing.T, doc string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	st := run(append(append([]string{"send"}, args...), doc), nil, &out, &errb)
	checkStderrSafe(t, errb.String(), 0)
	return st, out.String(), errb.String()
}

// send --call-mcp answers the call with the server's tool: the null that
// strict mode adds for head is left out, the tool's text goes back to the
// model, and the server is stopped after the send.
func TestSendCallMCP(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "k")
	doc, exe, starts := bridgeDoc(t, "--mcp-name", "fs")
	base, bodies := callsThenText(t, "read_head", `{"path":"/etc/hosts","head":null}`)
	st, out, errs := sendDoc(t, doc, "--call-mcp", "--base-url", base)
	if st != 0 || out != "Done.\n" {
		t.Fatalf("status %d, stdout %q\n%s", st, out, errs)
	}
	for _, want := range []string{
		"starting MCP server fs (" + exe + ")\n",
		"left head: null out of the call of read_head: MCP server fs's schema takes no null there\n",
		`MCP output for read_head (read_head of fs): read {"path":"/etc/hosts"}` + "\n",
		"turn 2\n",
	} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errs)
		}
	}
	b := bodies()
	if len(b) != 2 || !strings.Contains(b[1], `"output":"read {\"path\":\"/etc/hosts\"}"`) {
		t.Fatalf("requests:\n%s", strings.Join(b, "\n"))
	}
	if strings.Contains(b[0], "mcp_servers") || strings.Contains(b[0], exe) {
		t.Errorf("the request carries the metadata:\n%s", b[0])
	}
	pids := starts()
	if len(pids) != 1 {
		t.Fatalf("%d servers started", len(pids))
	}
	if !mcptest.Gone(pids[0], 20*time.Second) {
		t.Errorf("the server %d outlived the send", pids[0])
	}
}

// Without --call-mcp nothing starts: the loop stops at the call and says
// which server serves it and how to allow it.
func TestSendMCPNeedsCallMCP(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "k")
	doc, exe, starts := bridgeDoc(t, "--mcp-name", "fs")
	base, bodies := callsThenText(t, "read_head", `{"path":"/etc/hosts"}`)
	st, _, errs := sendDoc(t, doc, "--base-url", base)
	want := "the loop stops here: read_head is served by MCP server fs (" + exe + "); nothing was started: " +
		"give --call-mcp to let tooltui send start it and call its tools (a mock output in the document answers first)\n"
	if st != 3 || !strings.HasSuffix(errs, want) {
		t.Errorf("status %d, stderr:\n%s\nwant it to end with\n%s", st, errs, want)
	}
	if len(bodies()) != 1 || len(starts()) != 0 {
		t.Errorf("%d requests, %d servers started", len(bodies()), len(starts()))
	}
	if st, _, errs := sendDoc(t, doc, "--base-url", base, "--mcp-timeout", "1s"); st != 2 || !strings.Contains(errs, "--mcp-timeout is for --call-mcp") {
		t.Errorf("--mcp-timeout alone: status %d\n%s", st, errs)
	}
}

// A mock output wins over the server, even with --call-mcp.
func TestSendMockWinsOverMCP(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "k")
	doc, _, starts := bridgeDoc(t)
	d, err := formats.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	d.Mocks = map[string]json.RawMessage{"read_head": json.RawMessage(`{"output": "mocked lines"}`)}
	data, err := d.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	writeTestFile(t, doc, string(data))
	base, bodies := callsThenText(t, "read_head", `{"path":"/etc/hosts"}`)
	st, _, errs := sendDoc(t, doc, "--call-mcp", "--base-url", base)
	if st != 0 || !strings.Contains(errs, "mock output for read_head: mocked lines") {
		t.Errorf("status %d\n%s", st, errs)
	}
	if len(bodies()) != 2 || len(starts()) != 0 {
		t.Errorf("%d requests, %d servers started", len(bodies()), len(starts()))
	}
}

// A server that exits during a call, or a call that hangs, gives that call
// an error output; the loop goes on and the send completes.
func TestSendMCPServerTrouble(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "k")
	doc, _, starts := bridgeDoc(t, "--mcp-name", "fs")
	base, bodies := callsThenText(t, "hang", `{}`, "crash", `{}`, "read_head", `{"path":"x"}`)
	st, out, errs := sendDoc(t, doc, "--call-mcp", "--mcp-timeout", "300ms", "--base-url", base)
	if st != 0 || out != "Done.\n" {
		t.Fatalf("status %d, stdout %q\n%s", st, out, errs)
	}
	for _, want := range []string{
		"MCP error for hang (hang of fs): error: the MCP server fs: timed out after 300ms while calling hang\n",
		"MCP error for crash (crash of fs): error: the MCP server fs exited (exit status 4) while calling crash",
		"panic: the disk is gone",
		"MCP error for read_head (read_head of fs): error: the MCP server fs has exited (exit status 4)",
	} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errs)
		}
	}
	if b := bodies(); len(b) != 2 || strings.Count(b[1], `"type":"function_call_output"`) != 3 {
		t.Errorf("requests:\n%s", strings.Join(b, "\n"))
	}
	if len(starts()) != 1 {
		t.Errorf("%d servers started", len(starts()))
	}
}

// A replay plays the model's side back; the calls are answered again, so
// an MCP server's function needs --call-mcp there too.
func TestSendReplayMCP(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "k")
	doc, _, starts := bridgeDoc(t, "--mcp-name", "fs")
	base, _ := callsThenText(t, "read_head", `{"path":"a"}`)
	rec := filepath.Join(t.TempDir(), "send.jsonl")
	if st, _, errs := sendDoc(t, doc, "--call-mcp", "--base-url", base, "--record", rec); st != 0 {
		t.Fatalf("record: status %d\n%s", st, errs)
	}
	t.Setenv("OPENAI_API_KEY", "")
	st, _, errs := sendDoc(t, doc, "--replay", rec, "--speed", "0")
	if st != 3 || !strings.Contains(errs, "read_head is served by MCP server fs") || len(starts()) != 1 {
		t.Errorf("replay without --call-mcp: status %d, %d starts\n%s", st, len(starts()), errs)
	}
	st, out, errs := sendDoc(t, doc, "--replay", rec, "--speed", "0", "--call-mcp")
	if st != 0 || out != "Done.\n" || !strings.Contains(errs, `MCP output for read_head (read_head of fs): read {"path":"a"}`) || len(starts()) != 2 {
		t.Errorf("replay with --call-mcp: status %d, %d starts\n%s", st, len(starts()), errs)
	}
}

// Over HTTP, the header's value comes from the variable the document
// names, at the time of the send.
func TestSendCallMCPURL(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "k")
	ts := mcptest.Serve(t, newBridgeTestServer(), "sk-mcp")
	dir := t.TempDir()
	doc := filepath.Join(dir, "doc.json")
	t.Setenv("MCP_TOKEN", "sk-mcp")
	st, _, errs := importCmd(t, "", "--into", doc, "--mcp-url", ts.URL, "--header-env", "Authorization=Bearer ${MCP_TOKEN}")
	if st != 0 {
		t.Fatalf("import: status %d\n%s", st, errs)
	}
	if data, _ := os.ReadFile(doc); bytes.Contains(data, []byte("sk-mcp")) {
		t.Fatalf("the key was written:\n%s", data)
	}
	base, _ := callsThenText(t, "read_head", `{"path":"a"}`)
	t.Setenv("MCP_TOKEN", "")
	st, _, errs = sendDoc(t, doc, "--call-mcp", "--base-url", base)
	if st != 0 || !strings.Contains(errs, "error: the MCP server localhost cannot be reached: its header Authorization is read from $MCP_TOKEN, which is not set") {
		t.Errorf("without the variable: status %d\n%s", st, errs)
	}
	t.Setenv("MCP_TOKEN", "sk-mcp")
	base, bodies := callsThenText(t, "read_head", `{"path":"a"}`)
	st, _, errs = sendDoc(t, doc, "--call-mcp", "--base-url", base)
	if st != 0 || !strings.Contains(errs, `MCP output for read_head (read_head of localhost): read {"path":"a"}`) {
		t.Errorf("status %d\n%s", st, errs)
	}
	if b := bodies(); strings.Contains(strings.Join(b, ""), "sk-mcp") {
		t.Error("the MCP key reached the Responses server")
	}
}

// A function imported from an MCP server before servers were recorded
// (a plain "mcp" origin) has no server to call: the stop says how to
// record one.
func TestSendMCPWithoutRecordedServer(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "k")
	doc := filepath.Join(t.TempDir(), "doc.json")
	writeTestFile(t, doc, `{"model":"gpt-5","input":"hi","tools_defs":[{"name":"read_head","parameters":{"type":"object","properties":{}}}],"tooltui":{"origins":{"tools_defs[0]":"mcp"}}}`)
	base, _ := callsThenText(t, "read_head", `{"path":"a"}`)
	st, _, errs := sendDoc(t, doc, "--call-mcp", "--base-url", base)
	if st != 3 || !strings.Contains(errs, `the loop stops here: no mock output for read_head: add one under "tooltui"`) ||
		!strings.Contains(errs, "; read_head came from an MCP server that the document does not record: import it again with tooltui import --into FILE --replace --mcp -- CMD… (or --mcp-url URL) for --call-mcp to call it there\n") {
		t.Errorf("status %d\n%s", st, errs)
	}
}
