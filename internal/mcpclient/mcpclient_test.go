package mcpclient

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"

	"github.com/tooltui/tooltui/internal/mcpclient/mcptest"
)

// stdioServer runs the test binary as the test server named mode and lists
// its tools. It returns List's result, the pid the server wrote and List's error.
func stdioServer(t *testing.T, mode string, timeout time.Duration) ([]byte, int, error) {
	t.Helper()
	srv := mcptest.ServerCommand(t, mode)
	out, err := List(context.Background(), Server{Command: srv.Command, Timeout: timeout})
	return out, srv.Pid(), err
}

// toolsOf decodes a List result.
func toolsOf(t *testing.T, out []byte) []map[string]json.RawMessage {
	t.Helper()
	var res struct {
		Tools []map[string]json.RawMessage `json:"tools"`
	}
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("result is not JSON: %v\n%s", err, out)
	}
	if !bytes.HasSuffix(out, []byte("}\n")) || !bytes.HasPrefix(out, []byte("{\n  \"tools\": [")) {
		t.Errorf("result is not indented by two spaces and ended by a newline:\n%s", out)
	}
	return res.Tools
}

func names(tools []map[string]json.RawMessage) []string {
	var ns []string
	for _, tool := range tools {
		var n string
		_ = json.Unmarshal(tool["name"], &n)
		ns = append(ns, n)
	}
	slices.Sort(ns)
	return ns
}

func byName(tools []map[string]json.RawMessage, name string) map[string]json.RawMessage {
	for _, tool := range tools {
		if string(tool["name"]) == strconv.Quote(name) {
			return tool
		}
	}
	return nil
}

// checkToolServer checks the tools of newToolServer(…, extra).
func checkToolServer(t *testing.T, out []byte, extra int) {
	t.Helper()
	tools := toolsOf(t, out)
	want := []string{"delete_file", "get_weather", "search_docs"}
	for i := range extra {
		want = append(want, "extra_0"+strconv.Itoa(i))
	}
	slices.Sort(want)
	if got := names(tools); !slices.Equal(got, want) {
		t.Fatalf("tools = %v, want %v", got, want)
	}
	w := byName(tools, "get_weather")
	if string(w["title"]) != `"Get weather"` {
		t.Errorf("get_weather title = %s", w["title"])
	}
	var ann map[string]any
	_ = json.Unmarshal(w["annotations"], &ann)
	if ann["readOnlyHint"] != true || ann["openWorldHint"] != true || ann["title"] != "Weather" {
		t.Errorf("get_weather annotations = %s", w["annotations"])
	}
	var meta bytes.Buffer
	_ = json.Compact(&meta, w["_meta"])
	if meta.String() != `{"example.com/owner":"weather-team"}` {
		t.Errorf("get_weather _meta = %s", w["_meta"])
	}
	var in, outSchema struct {
		Type       string         `json:"type"`
		Properties map[string]any `json:"properties"`
	}
	_ = json.Unmarshal(w["inputSchema"], &in)
	_ = json.Unmarshal(w["outputSchema"], &outSchema)
	if in.Type != "object" || in.Properties["city"] == nil || outSchema.Properties["temp_c"] == nil {
		t.Errorf("get_weather schemas: input %s, output %s", w["inputSchema"], w["outputSchema"])
	}
	s := byName(tools, "search_docs")
	if !bytes.Contains(s["inputSchema"], []byte(`"maxLength": 12345678901234567890`)) {
		t.Errorf("search_docs inputSchema lost its number: %s", s["inputSchema"])
	}
	if len(s["outputSchema"]) == 0 {
		t.Errorf("search_docs has no outputSchema")
	}
	d := byName(tools, "delete_file")
	if !bytes.Contains(d["annotations"], []byte(`"destructiveHint": true`)) {
		t.Errorf("delete_file annotations = %s", d["annotations"])
	}
}

// waitLimit bounds the tests' polls: they end when what they wait for
// happens, and fail when it has not by then.
const waitLimit = 20 * time.Second

func checkGone(t *testing.T, pid int) {
	t.Helper()
	if pid == 0 {
		t.Fatal("the server wrote no pid")
	}
	if !mcptest.Gone(pid, 0) {
		t.Errorf("server process %d is still there (running or not waited for)", pid)
	}
}

func TestStdioTools(t *testing.T) {
	out, pid, err := stdioServer(t, "tools", 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	checkToolServer(t, out, 0)
	checkGone(t, pid)
}

func TestStdioPages(t *testing.T) {
	// PageSize 2 and 8 tools: 4 pages.
	out, pid, err := stdioServer(t, "pages", 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	checkToolServer(t, out, 5)
	checkGone(t, pid)
}

func TestStdioStderrChatter(t *testing.T) {
	out, _, err := stdioServer(t, "stderrchatter", 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	checkToolServer(t, out, 0)
}

func TestStdioRawKept(t *testing.T) {
	out, pid, err := stdioServer(t, "raw", 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if err := json.Indent(&want, []byte(`{"tools":[`+strings.Join(rawTools, ",")+`]}`), "", "  "); err != nil {
		t.Fatal(err)
	}
	want.WriteByte('\n')
	if !bytes.Equal(out, want.Bytes()) {
		t.Errorf("tools not kept byte for byte:\ngot:\n%s\nwant:\n%s", out, want.Bytes())
	}
	checkGone(t, pid)
}

func TestStdioPageLimits(t *testing.T) {
	for _, tc := range []struct{ mode, want string }{
		{"loop", `nextCursor "same" a second time`},
		{"endless", "more than 100 pages"},
		{"flood", "more than 10000 tools"},
		{"badtools", `"tools" in the tools/list result is not an array`},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			// 10,000 tools take the client library a while to decode
			// under the race detector on a busy machine: the timeout is
			// not what this test is about.
			_, pid, err := stdioServer(t, tc.mode, 30*time.Second)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want it to contain %q", err, tc.want)
			}
			checkGone(t, pid)
		})
	}
}

// checkTimeout checks a timeout error and how long it took.
func checkTimeout(t *testing.T, err error, elapsed, timeout time.Duration, phase string) {
	t.Helper()
	if err == nil {
		t.Fatal("no error")
	}
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("error does not wrap context.DeadlineExceeded: %v", err)
	}
	want := "timed out after " + timeout.String() + " while " + phase
	if !strings.Contains(err.Error(), want) {
		t.Errorf("err = %v, want it to contain %q", err, want)
	}
	if elapsed > timeout+time.Second {
		t.Errorf("List took %v with a timeout of %v", elapsed, timeout)
	}
}

// timeoutOnceUp runs the test server named mode with a timeout that is to
// expire once the server is up, which up tells from the run's pid and
// error. A busy machine can take longer than timeout to start the server:
// then it runs again with twice the timeout, up to waitLimit. It returns
// the last run's pid, how long it took, its timeout and its error.
func timeoutOnceUp(t *testing.T, mode string, timeout time.Duration, up func(pid int, err error) bool) (pid int, took, used time.Duration, err error) {
	t.Helper()
	for {
		start := time.Now()
		_, pid, err = stdioServer(t, mode, timeout)
		took = time.Since(start)
		if up(pid, err) || 2*timeout > waitLimit {
			return pid, took, timeout, err
		}
		t.Logf("the server was not up within %v; again with twice the timeout", timeout)
		timeout *= 2
	}
}

// wrotePid: the server ran far enough to write its pid (or its child's).
func wrotePid(pid int, _ error) bool { return pid != 0 }

func TestStdioHang(t *testing.T) {
	pid, took, timeout, err := timeoutOnceUp(t, "hang", 500*time.Millisecond, wrotePid)
	checkTimeout(t, err, took, timeout, "initializing")
	checkGone(t, pid)
}

func TestStdioHangKillsChildren(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no process groups")
	}
	childPID, took, timeout, err := timeoutOnceUp(t, "hangchild", 500*time.Millisecond, wrotePid)
	checkTimeout(t, err, took, timeout, "initializing")
	if childPID == 0 {
		t.Fatal("no pid of the server's child")
	}
	if !mcptest.Gone(childPID, waitLimit) {
		t.Errorf("the server's own child %d survived", childPID)
	}
}

// A server that leaves a program of its own behind, holding its stdout:
// once List is done with the server, that program is gone too,
// whether the server lists its tools and exits at the end of its stdin or
// exits at once, and List does not wait for it.
func TestStdioLeftBehindGoes(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no process groups")
	}
	for _, c := range []struct{ mode, err string }{
		{"leavechild", ""},
		{"leavechildexit", "exited (exit status 3) while initializing"},
	} {
		t.Run(c.mode, func(t *testing.T) {
			start := time.Now()
			out, child, err := stdioServer(t, c.mode, waitLimit)
			took := time.Since(start)
			if c.err == "" {
				if err != nil {
					t.Fatal(err)
				}
				checkToolServer(t, out, 0)
			} else if err == nil || !strings.Contains(err.Error(), c.err) || !strings.Contains(err.Error(), "fatal: left a child") {
				t.Errorf("err = %v\nwant it to contain %q and the server's stderr", err, c.err)
			}
			if child == 0 {
				t.Fatal("no pid of the server's child")
			}
			if !mcptest.Gone(child, waitLimit) {
				t.Errorf("the server's child %d survived", child)
			}
			// Not the timeout: List returned once the server was done.
			if took >= waitLimit/2 {
				t.Errorf("List took %v (timeout %v)", took, waitLimit)
			}
		})
	}
}

// A server that exits at once, having started a program out of its
// process group that holds its stdout: List says the server exited, soon
// after it did, rather than waiting for the timeout.
func TestStdioExitWithStdoutHeld(t *testing.T) {
	if !mcptest.CanDetach {
		t.Skip("no sessions")
	}
	start := time.Now()
	_, child, err := stdioServer(t, "leavedetachedexit", waitLimit)
	took := time.Since(start)
	if child != 0 {
		defer func() {
			if p, err := os.FindProcess(child); err == nil {
				_ = p.Kill()
			}
		}()
	}
	if err == nil || !strings.Contains(err.Error(), "exited (exit status 3) while initializing") {
		t.Errorf("err = %v", err)
	}
	if took >= waitLimit/2 {
		t.Errorf("List took %v (timeout %v)", took, waitLimit)
	}
}

func TestStdioListTimeout(t *testing.T) {
	initialized := func(_ int, err error) bool {
		return err == nil || !strings.Contains(err.Error(), "while initializing")
	}
	pid, took, timeout, err := timeoutOnceUp(t, "slowlist", 700*time.Millisecond, initialized)
	checkTimeout(t, err, took, timeout, "listing tools (page 1)")
	checkGone(t, pid)
}

func TestStdioCancel(t *testing.T) {
	srv := mcptest.ServerCommand(t, "hang")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// Cancel once the server runs (it writes its pid first): List is then
	// waiting for its answer to initialize, which never comes.
	cancelled := make(chan time.Time, 1)
	go func() {
		defer cancel()
		defer func() { cancelled <- time.Now() }()
		for deadline := time.Now().Add(waitLimit); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
			if srv.Pid() != 0 {
				return
			}
			if ctx.Err() != nil {
				return
			}
		}
	}()
	_, err := List(ctx, Server{Command: srv.Command, Timeout: 10 * time.Second})
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "stopped while initializing") {
		t.Fatalf("err = %v", err)
	}
	// Not the 10 s timeout: List returned because of the cancel.
	if d := time.Since(<-cancelled); d > 5*time.Second {
		t.Errorf("List took %v after the cancel", d)
	}
	checkGone(t, srv.Pid())
}

func TestStdioLinger(t *testing.T) {
	// The server ignores the end of stdin and SIGTERM; List still returns
	// its tools and kills it.
	start := time.Now()
	out, pid, err := stdioServer(t, "linger", 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	checkToolServer(t, out, 0)
	// The server would linger for an hour; List gives it the two graces.
	// The margin is for starting it on a busy machine.
	if d := time.Since(start); d > closeGrace+termGrace+10*time.Second {
		t.Errorf("List took %v", d)
	}
	checkGone(t, pid)
}

func TestStdioExit(t *testing.T) {
	_, pid, err := stdioServer(t, "exit", 10*time.Second)
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{"exited (exit status 3) while initializing", "stderr: fatal: no config file at /nonexistent/config.toml"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("err = %v\nwant it to contain %q", err, want)
		}
	}
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 3 {
		t.Errorf("error does not carry the *exec.ExitError: %#v", err)
	}
	checkGone(t, pid)
}

func TestStdioStderrTail(t *testing.T) {
	_, _, err := stdioServer(t, "stderrflood", 10*time.Second)
	if err == nil {
		t.Fatal("no error")
	}
	msg := err.Error()
	if !strings.Contains(msg, "exited (exit status 1)") || !strings.Contains(msg, "last words: cannot bind port 8080") {
		t.Errorf("err = %v", err)
	}
	if strings.Contains(msg, "noise line 000") {
		t.Errorf("the start of a long stderr was kept")
	}
	if len(msg) > stderrKeep+300 {
		t.Errorf("error is %d bytes long", len(msg))
	}
}

func TestStdioGarbage(t *testing.T) {
	_, pid, err := stdioServer(t, "garbage", 10*time.Second)
	if err == nil || !strings.Contains(err.Error(), "initializing failed") || !strings.Contains(err.Error(), "nothing but JSON-RPC") {
		t.Fatalf("err = %v", err)
	}
	checkGone(t, pid)
}

func TestStdioRPCError(t *testing.T) {
	_, pid, err := stdioServer(t, "rpcerror", 10*time.Second)
	if err == nil || !strings.Contains(err.Error(), "JSON-RPC error -32001 while listing tools (page 1): tool registry unavailable") {
		t.Fatalf("err = %v", err)
	}
	var rpcErr *jsonrpc.Error
	if !errors.As(err, &rpcErr) {
		t.Errorf("error does not carry the *jsonrpc.Error")
	}
	checkGone(t, pid)
}

func TestMissingProgram(t *testing.T) {
	for _, prog := range []string{"tooltui-no-such-mcp-server", filepath.Join(t.TempDir(), "missing-server")} {
		_, err := List(context.Background(), Server{Command: []string{prog, "--stdio"}, Timeout: time.Second})
		if err == nil || !strings.Contains(err.Error(), strconv.Quote(prog)) || !strings.Contains(err.Error(), "not found") {
			t.Errorf("err = %v", err)
		}
	}
}

func TestBadServer(t *testing.T) {
	for _, s := range []Server{{}, {Command: []string{"x"}, URL: "http://x"}, {Command: []string{""}}} {
		if _, err := List(context.Background(), s); err == nil {
			t.Errorf("List(%+v) did not fail", s)
		}
	}
}

func TestNoGoroutinesLeft(t *testing.T) {
	before := runtime.NumGoroutine()
	if _, _, err := stdioServer(t, "tools", 10*time.Second); err != nil {
		t.Fatal(err)
	}
	if _, _, err := stdioServer(t, "hang", 300*time.Millisecond); err == nil {
		t.Fatal("no error")
	}
	deadline := time.Now().Add(waitLimit)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		buf := make([]byte, 1<<16)
		t.Errorf("%d goroutines before, %d after:\n%s", before, n, buf[:runtime.Stack(buf, true)])
	}
}
