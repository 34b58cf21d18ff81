package bridge

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/tooltui/tooltui/internal/mcpclient/mcptest"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/send"
	"github.com/tooltui/tooltui/internal/send/sendtest"
)

// docWith is a document whose functions read_head (strict, so a model
// sends head: null when it leaves head out), first_lines (read_head
// renamed), ghost (a tool the server does not have), crash, hang and
// missing_file are served by the MCP server fs; plain has a mock only.
func docWith(t *testing.T, fs model.MCPServer, extra string) *model.Document {
	t.Helper()
	spec, _ := json.Marshal(fs)
	text := `{"model":"gpt-5","input":"hi","tools_defs":[
	{"name":"read_head","strict":true,"parameters":{"type":"object","properties":{"path":{"type":"string"},"head":{"type":["integer","null"]}},"required":["path","head"],"additionalProperties":false}},
	{"name":"first_lines","parameters":{"type":"object"}},
	{"name":"ghost","parameters":{"type":"object"}},
	{"name":"crash","parameters":{"type":"object"}},
	{"name":"hang","parameters":{"type":"object"}},
	{"name":"missing_file","parameters":{"type":"object"}},
	{"name":"plain","parameters":{"type":"object"}}` + extra + `],
	"tooltui":{"mcp_servers":{"fs":` + string(spec) + `},
	"mocks":{"plain":{"output":"mocked"},"missing_file":{"when":[{"args":{"path":"demo"},"output":"a mock wins"}]}},
	"origins":{"tools_defs[0]":"mcp:fs","tools_defs[1]":"mcp:fs:read_head","tools_defs[2]":"mcp:fs:nope","tools_defs[3]":"mcp:fs","tools_defs[4]":"mcp:fs","tools_defs[5]":"mcp:fs"}}}`
	d, err := model.Parse([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func call(name, args string) send.Call {
	return send.Call{CallID: "call_" + name, Name: name, Arguments: args}
}

// answer is b.Answer that fails the test on an error.
func answer(t *testing.T, b *Bridge, c send.Call) Answer {
	t.Helper()
	a, err := b.Answer(context.Background(), c)
	if err != nil {
		t.Fatalf("%s: %v", c.Name, err)
	}
	return a
}

// Without permission no server runs: a call of a served function stops
// the loop with an error that names the server; mocks still answer.
func TestBridgeNeedsPermission(t *testing.T) {
	cmd, starts := serverCommand(t, "fs")
	b := New(docWith(t, model.MCPServer{Command: cmd}, ""), Options{})
	defer b.Close()
	if a := answer(t, b, call("plain", `{}`)); a.Output != "mocked" || a.By != ByMock {
		t.Errorf("plain: %+v", a)
	}
	if a := answer(t, b, call("missing_file", `{"path":"demo"}`)); a.Output != "a mock wins" || a.By != ByMock {
		t.Errorf("a mock and a server: %+v", a)
	}
	if a := answer(t, b, call("unknown", `{}`)); a.Served() {
		t.Errorf("unknown: %+v", a)
	}
	_, err := b.Answer(context.Background(), call("read_head", `{"path":"a","head":null}`))
	var np *NotPermittedError
	if !errors.As(err, &np) || np.Function != "read_head" || np.Server.Name != "fs" ||
		err.Error() != "read_head is served by MCP server fs ("+strings.Join(cmd, " ")+"), which is not started without permission" {
		t.Errorf("err = %v", err)
	}
	if got := b.Started(); len(got) != 0 {
		t.Errorf("started %v", got)
	}
	if pids := starts(); len(pids) != 0 {
		t.Errorf("a server was started: %v", pids)
	}
	servers := b.Servers()
	if len(servers) != 1 || servers[0].Name != "fs" || strings.Join(servers[0].Functions, " ") != "read_head first_lines ghost crash hang missing_file" {
		t.Errorf("servers %+v", servers)
	}
	if s, ok := b.ServerOf("first_lines"); !ok || s.Name != "fs" {
		t.Errorf("ServerOf(first_lines) = %+v %v", s, ok)
	}
	if _, ok := b.ServerOf("plain"); ok {
		t.Error("plain has a server")
	}
}

// A permitted call starts the server once, drops the nulls strict mode
// added where the server's schema takes none, and answers with the tool's
// text; Close stops the server.
func TestBridgeCallsTheServer(t *testing.T) {
	cmd, starts := serverCommand(t, "fs")
	var asked []string
	b := New(docWith(t, model.MCPServer{Command: cmd}, ""), Options{Permit: func(_ context.Context, s Server, c send.Call) error {
		asked = append(asked, s.Name+":"+c.Name)
		return nil
	}})
	a := answer(t, b, call("read_head", `{"path":"/etc/hosts", "head":null}`))
	if a.Output != `read {"path":"/etc/hosts"}` || a.IsError || !a.Started || a.By != ByMCP || a.Server != "fs" || a.Tool != "read_head" ||
		strings.Join(a.Dropped, ",") != "head" {
		t.Errorf("read_head: %+v", a)
	}
	a = answer(t, b, call("first_lines", `{"path":"b","head":2}`))
	if a.Output != `read {"path":"b","head":2}` || a.Started || len(a.Dropped) != 0 || a.Tool != "read_head" {
		t.Errorf("first_lines (read_head renamed): %+v", a)
	}
	a = answer(t, b, call("missing_file", `{"path":"real"}`))
	if a.Output != "ENOENT: no such file" || !a.IsError {
		t.Errorf("missing_file: %+v", a)
	}
	a = answer(t, b, call("ghost", `{}`))
	if !strings.HasPrefix(a.Output, "error: the MCP server fs lists no tool nope (it lists ") || !a.IsError {
		t.Errorf("ghost: %+v", a)
	}
	a = answer(t, b, call("read_head", `{"path":`))
	if a.Output != "error: the arguments of read_head are not a JSON object, so the tool read_head of the MCP server fs was not called" {
		t.Errorf("bad arguments: %+v", a)
	}
	if strings.Join(asked, " ") != "fs:read_head fs:first_lines fs:missing_file fs:ghost fs:read_head" {
		t.Errorf("Permit was asked %v", asked)
	}
	pids := starts()
	if len(pids) != 1 || strings.Join(b.Started(), " ") != "fs" {
		t.Fatalf("started %v, pids %v", b.Started(), pids)
	}
	b.Close()
	if !mcptest.Gone(pids[0], waitLimit) {
		t.Errorf("the server %d survived Close", pids[0])
	}
	if a := answer(t, b, call("read_head", `{"path":"a"}`)); !strings.Contains(a.Output, "the send is over") {
		t.Errorf("after Close: %+v", a)
	}
	b.Close()
}

// A server that exits during a call, or hangs, answers that call (and the
// later ones) with an error output that says so; nothing stops the loop.
func TestBridgeServerTrouble(t *testing.T) {
	cmd, starts := serverCommand(t, "fs")
	b := New(docWith(t, model.MCPServer{Command: cmd}, ""), Options{Permit: PermitAll, CallTimeout: 300 * time.Millisecond})
	defer b.Close()
	a := answer(t, b, call("hang", `{}`))
	if a.Output != "error: the MCP server fs: timed out after 300ms while calling hang" || !a.IsError {
		t.Errorf("hang: %+v", a)
	}
	if a := answer(t, b, call("read_head", `{"path":"x"}`)); a.Output != `read {"path":"x"}` {
		t.Errorf("after the hang: %+v", a)
	}
	a = answer(t, b, call("crash", `{}`))
	if !strings.HasPrefix(a.Output, "error: the MCP server fs exited (exit status 4) while calling crash") || !strings.Contains(a.Output, "panic: the disk is gone") {
		t.Errorf("crash: %+v", a)
	}
	a = answer(t, b, call("read_head", `{"path":"x"}`))
	if !strings.HasPrefix(a.Output, "error: the MCP server fs has exited (exit status 4)") {
		t.Errorf("after the crash: %+v", a)
	}
	if pids := starts(); len(pids) != 1 {
		t.Errorf("started %d times", len(pids))
	}
}

func TestBridgeStartFails(t *testing.T) {
	t.Run("exits", func(t *testing.T) {
		cmd, starts := serverCommand(t, "exit")
		b := New(docWith(t, model.MCPServer{Command: cmd}, ""), Options{Permit: PermitAll})
		defer b.Close()
		for i := range 2 {
			a := answer(t, b, call("read_head", `{"path":"x"}`))
			if !strings.HasPrefix(a.Output, "error: the MCP server fs exited (exit status 3) while initializing") ||
				!strings.Contains(a.Output, "fatal: no config at /nonexistent/fs.toml") || a.Started != (i == 0) {
				t.Errorf("call %d: %+v", i, a)
			}
		}
		if pids := starts(); len(pids) != 1 {
			t.Errorf("started %d times", len(pids))
		}
	})
	t.Run("hangs", func(t *testing.T) {
		cmd, starts := serverCommand(t, "hang")
		// A server that was not up yet when the timeout struck (a slow
		// machine) is tried again with twice the timeout.
		for timeout := 300 * time.Millisecond; ; timeout *= 2 {
			b := New(docWith(t, model.MCPServer{Command: cmd}, ""), Options{Permit: PermitAll, StartTimeout: timeout})
			a := answer(t, b, call("read_head", `{"path":"x"}`))
			b.Close()
			if want := fmt.Sprintf("error: the MCP server fs: timed out after %v while initializing", timeout); a.Output != want {
				t.Fatalf("%+v, want %s", a, want)
			}
			pids := starts()
			if len(pids) == 0 && timeout < waitLimit {
				continue
			}
			if len(pids) != 1 || !mcptest.Gone(pids[0], waitLimit) {
				t.Errorf("pids %v", pids)
			}
			break
		}
	})
	t.Run("no such program", func(t *testing.T) {
		b := New(docWith(t, model.MCPServer{Command: []string{"/nonexistent/mcp-server"}}, ""), Options{Permit: PermitAll})
		defer b.Close()
		a := answer(t, b, call("read_head", `{"path":"x"}`))
		if !strings.HasPrefix(a.Output, "error: the MCP server fs (/nonexistent/mcp-server) could not be started: MCP server: program ") {
			t.Errorf("%+v", a)
		}
	})
}

// A declined call is answered as declined; nothing starts.
func TestBridgeDeclined(t *testing.T) {
	cmd, starts := serverCommand(t, "fs")
	b := New(docWith(t, model.MCPServer{Command: cmd}, ""), Options{Permit: func(context.Context, Server, send.Call) error {
		return fmt.Errorf("the user said no: %w", ErrDeclined)
	}})
	defer b.Close()
	a := answer(t, b, call("read_head", `{"path":"x"}`))
	if a.Output != "error: the call of read_head was declined: the tool read_head of the MCP server fs was not called" || !a.IsError {
		t.Errorf("%+v", a)
	}
	if len(starts()) != 0 {
		t.Error("a server started")
	}
	stop := errors.New("stop")
	b = New(docWith(t, model.MCPServer{Command: cmd}, ""), Options{Permit: func(context.Context, Server, send.Call) error { return stop }})
	if _, err := b.Answer(context.Background(), call("read_head", `{}`)); err != stop {
		t.Errorf("err = %v", err)
	}
}

// Over HTTP, with header values read from the environment variables the
// document names.
func TestBridgeHTTP(t *testing.T) {
	ts := mcptest.Serve(t, newFSServer(), "tok-123")
	env := map[string]string{"FS_TOKEN": "tok-123"}
	getenv := func(k string) string { return env[k] }
	b := New(docWith(t, model.MCPServer{URL: ts.URL, Headers: map[string]string{"Authorization": "Bearer ${FS_TOKEN}"}}, ""),
		Options{Permit: PermitAll, Getenv: getenv})
	a := answer(t, b, call("read_head", `{"path":"x","head":null}`))
	if a.Output != `read {"path":"x"}` || !a.Started {
		t.Errorf("%+v", a)
	}
	b.Close()

	b = New(docWith(t, model.MCPServer{URL: ts.URL, Headers: map[string]string{"Authorization": "Bearer $MISSING"}}, ""),
		Options{Permit: PermitAll, Getenv: getenv})
	a = answer(t, b, call("read_head", `{"path":"x"}`))
	if a.Output != "error: the MCP server fs cannot be reached: its header Authorization is read from $MISSING, which is not set" {
		t.Errorf("unset: %+v", a)
	}
	b.Close()

	// A value given to the import is not kept: the app may ask for it.
	doc := docWith(t, model.MCPServer{URL: ts.URL, Headers: map[string]string{"Authorization": ""}}, "")
	b = New(doc, Options{Permit: PermitAll})
	a = answer(t, b, call("read_head", `{"path":"x"}`))
	if !strings.HasPrefix(a.Output, "error: the MCP server fs cannot be reached: the value of its header Authorization is not kept in the document") ||
		!strings.Contains(a.Output, `"headers": {"Authorization": "$VAR"} in "tooltui"."mcp_servers"."fs"`) {
		t.Errorf("not kept: %+v", a)
	}
	b.Close()
	b = New(doc, Options{Permit: PermitAll, HeaderValue: func(_ context.Context, s Server, h string) (string, error) {
		return "Bearer tok-123", nil
	}})
	defer b.Close()
	if a := answer(t, b, call("read_head", `{"path":"x"}`)); a.Output != `read {"path":"x"}` {
		t.Errorf("asked: %+v", a)
	}
	for _, s := range ts.Seen() {
		if strings.Contains(s, "MISSING") || strings.Contains(s, "$") {
			t.Errorf("a request had %q", s)
		}
	}
}

// In the tool loop: one turn calls read_head (strict, head null) and
// crash; both get outputs, the loop goes on, and the model answers.
func TestBridgeInTheLoop(t *testing.T) {
	cmd, _ := serverCommand(t, "fs")
	var api *sendtest.Server
	api = sendtest.New(t, func(w http.ResponseWriter, r *http.Request) {
		events := sendtest.TextTurn("resp_2", "", "Done.")
		if api.Requests() == 1 {
			events = sendtest.CallTurn("resp_1", "read_head", `{"path":"/etc/hosts","head":null}`, "crash", "{}")
		}
		sendtest.Stream(events...)(w, r)
	})
	b := New(docWith(t, model.MCPServer{Command: cmd}, ""), Options{Permit: PermitAll})
	defer b.Close()
	cfg := send.Config{BaseURL: api.BaseURL(), APIKey: "k", HTTPClient: api.Client(), Timeout: waitLimit}
	var turns []send.Turn
	err := send.LoopContext(context.Background(), cfg, []byte(`{"model":"gpt-5","input":"hi"}`), 5, b.Func(),
		func(int, send.Event) error { return nil }, func(t send.Turn) { turns = append(turns, t) })
	if err != nil {
		t.Fatal(err)
	}
	if len(turns) != 2 || len(turns[0].Outputs) != 2 || turns[0].Outputs[0] != `read {"path":"/etc/hosts"}` ||
		!strings.HasPrefix(turns[0].Outputs[1], "error: the MCP server fs exited (exit status 4) while calling crash") {
		t.Fatalf("turns %+v", turns)
	}
	if bodies := api.Bodies(); !strings.Contains(bodies[1], `{"type":"function_call_output","call_id":"c1","output":"read {\"path\":\"/etc/hosts\"}"}`) {
		t.Errorf("second request:\n%s", api.Bodies()[1])
	}
}

// A disabled function, or one whose server the document does not record,
// is not served.
func TestBridgeWhatIsServed(t *testing.T) {
	d := docWith(t, model.MCPServer{Command: []string{"x"}}, `,{"name":"orphan"}`)
	d, _ = model.ToggleTool(d, model.Function, 0)
	d, _ = model.SetServer(d, model.Function, 7, "gone", "orphan")
	b := New(d, Options{})
	if _, ok := b.ServerOf("read_head"); ok {
		t.Error("a disabled function is served")
	}
	if _, ok := b.ServerOf("orphan"); ok {
		t.Error("a function of an unknown server is served")
	}
	if a, err := b.Answer(context.Background(), call("orphan", `{}`)); err != nil || a.Served() {
		t.Errorf("orphan: %+v %v", a, err)
	}
}
