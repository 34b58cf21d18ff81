package mcpclient

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tooltui/tooltui/internal/mcpclient/mcptest"
)

// newCallServer is a server whose tools answer in every way a tool can.
func newCallServer() *mcp.Server {
	return mcptest.NewCallServer("tooltui-calls", "read_head", "fail", "kinds", "structured", "hang", "env", "crash")
}

// startSession starts the test binary as the session server mode.
func startSession(t *testing.T, mode string, s Server) (*Session, string) {
	t.Helper()
	srv := mcptest.ServerCommand(t, mode)
	s.Command = srv.Command
	if s.Timeout == 0 {
		s.Timeout = waitLimit
	}
	sess, err := Start(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sess.Close() })
	return sess, srv.PidFile()
}

func readPid(t *testing.T, file string) int {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(string(b))
	if err != nil {
		t.Fatal(err)
	}
	return pid
}

// checkCalls calls each kind of tool of newCallServer.
func checkCalls(t *testing.T, sess *Session) {
	t.Helper()
	ctx := context.Background()
	if got := strings.Join(sess.Tools(), " "); got != "crash env fail hang kinds read_head structured" && got != "read_head fail kinds structured hang env crash" {
		t.Errorf("tools %s", got)
	}
	schema, ok := sess.InputSchema("read_head")
	if !ok || !strings.Contains(string(schema), `"head"`) || !strings.Contains(string(schema), `"integer"`) {
		t.Errorf("read_head's schema: %s", schema)
	}
	for _, c := range []struct {
		tool, args, text string
		isError          bool
	}{
		{"read_head", `{"path":"/etc/hosts","head":3}`, `read {"path":"/etc/hosts","head":3}`, false},
		{"fail", `{}`, "no such file", true},
		{"kinds", ``, "first\n[an image, image/png, 5 bytes, not shown]\n[a link to the resource file:///a.txt (a.txt)]\ninside b\nlast", false},
		{"structured", `{}`, `{"temp_c":21}`, false},
	} {
		res, err := sess.Call(ctx, c.tool, json.RawMessage(c.args))
		if err != nil {
			t.Errorf("%s: %v", c.tool, err)
			continue
		}
		if res.Text != c.text || res.IsError != c.isError {
			t.Errorf("%s: %q (error %v), want %q (error %v)", c.tool, res.Text, res.IsError, c.text, c.isError)
		}
	}
	// A server that refuses the arguments says so as a tool error.
	res, err := sess.Call(ctx, "read_head", json.RawMessage(`{"path":"x","head":null}`))
	if err != nil || !res.IsError {
		t.Errorf("head null: %+v, %v", res, err)
	}
}

func TestSessionStdio(t *testing.T) {
	sess, pidFile := startSession(t, "calls", Server{})
	checkCalls(t, sess)
	pid := readPid(t, pidFile)
	if sess.Pid() != pid {
		t.Errorf("Pid %d, the server says %d", sess.Pid(), pid)
	}
	sess.Close()
	sess.Close()
	if !mcptest.Gone(pid, waitLimit) {
		t.Errorf("the server %d survived Close", pid)
	}
}

func TestSessionHTTP(t *testing.T) {
	ts := mcptest.Serve(t, newCallServer(), "sk-session")
	sess, err := Start(context.Background(), Server{URL: ts.URL, Headers: map[string]string{"Authorization": "Bearer sk-session"}, Timeout: waitLimit})
	if err != nil {
		t.Fatal(err)
	}
	checkCalls(t, sess)
	if sess.Pid() != 0 || !strings.Contains(sess.Name(), ts.URL) {
		t.Errorf("pid %d, name %s", sess.Pid(), sess.Name())
	}
	sess.Close()
	for _, s := range ts.Seen() {
		if s != "Bearer sk-session|" {
			t.Errorf("a request had %q", s)
		}
	}
	if _, err := Start(context.Background(), Server{URL: ts.URL, Timeout: waitLimit}); err == nil || !strings.Contains(err.Error(), "401") {
		t.Errorf("without the key: %v", err)
	}
}

// A call that does not end in time fails with the timeout, and the server
// still answers the next call.
func TestSessionCallTimeout(t *testing.T) {
	sess, _ := startSession(t, "calls", Server{CallTimeout: 200 * time.Millisecond})
	start := time.Now()
	_, err := sess.Call(context.Background(), "hang", nil)
	if err == nil || !strings.Contains(err.Error(), "timed out after 200ms while calling hang") || !strings.HasPrefix(err.Error(), "MCP server ") {
		t.Fatalf("err = %v", err)
	}
	if took := time.Since(start); took > waitLimit {
		t.Errorf("took %v", took)
	}
	if res, err := sess.Call(context.Background(), "fail", nil); err != nil || res.Text != "no such file" {
		t.Errorf("the next call: %+v, %v", res, err)
	}
	// The caller's own end is no timeout.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := sess.Call(ctx, "hang", nil); err == nil || !strings.Contains(err.Error(), "stopped while calling hang") {
		t.Errorf("cancelled: %v", err)
	}
}

// A server that exits during a call: the call says how it ended, with its
// stderr, and so does every later call.
func TestSessionServerExits(t *testing.T) {
	sess, _ := startSession(t, "calls", Server{})
	_, err := sess.Call(context.Background(), "crash", nil)
	if err == nil || !strings.Contains(err.Error(), "exited (exit status 4) while calling crash") || !strings.Contains(err.Error(), "panic: the disk is gone") {
		t.Fatalf("err = %v", err)
	}
	_, err = sess.Call(context.Background(), "fail", nil)
	if err == nil || !strings.Contains(err.Error(), "exit status 4") {
		t.Errorf("the next call: %v", err)
	}
}

// Close stops what the server started, too.
func TestSessionCloseStopsGroup(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no process groups")
	}
	sess, pidFile := startSession(t, "child", Server{})
	child := readPid(t, pidFile)
	if mcptest.Gone(child, 0) {
		t.Fatal("the child is not running")
	}
	sess.Close()
	if !mcptest.Gone(child, waitLimit) {
		t.Errorf("the server's child %d survived Close", child)
	}
}

func TestSessionStartFails(t *testing.T) {
	srv := mcptest.ServerCommand(t, "exit")
	_, err := Start(context.Background(), Server{Command: srv.Command, Timeout: waitLimit})
	if err == nil || !strings.Contains(err.Error(), "exited (exit status 3) while initializing") {
		t.Errorf("err = %v", err)
	}
	if _, err := Start(context.Background(), Server{}); err == nil {
		t.Error("no server: no error")
	}
	if _, err := Start(context.Background(), Server{Command: []string{filepath.Join(t.TempDir(), "none")}}); err == nil || !strings.Contains(err.Error(), "not found") {
		t.Errorf("missing program: %v", err)
	}
}

func TestResultText(t *testing.T) {
	if got := ResultText(&mcp.CallToolResult{}); got != "" {
		t.Errorf("empty: %q", got)
	}
	got := ResultText(&mcp.CallToolResult{Content: []mcp.Content{
		&mcp.AudioContent{Data: []byte("ab")},
		&mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: "file:///c.bin", MIMEType: "application/octet-stream", Blob: []byte("xyz")}},
		&mcp.ResourceLink{URI: "file:///d"},
	}})
	if got != "[audio, of an unknown type, 2 bytes, not shown]\n[the resource file:///c.bin, application/octet-stream, 3 bytes, not shown]\n[a link to the resource file:///d]" {
		t.Errorf("got %q", got)
	}
}

// TestStdioServerDoesNotGetTheKey: a stdio server gets tooltui's
// environment without OPENAI_API_KEY and the variables Withhold names.
func TestStdioServerDoesNotGetTheKey(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "sk-secret")
	t.Setenv("TOOLTUI_PROFILE_KEY", "sk-profile")
	t.Setenv("TOOLTUI_KEPT", "yes")
	sess, _ := startSession(t, "calls", Server{Withhold: []string{"TOOLTUI_PROFILE_KEY"}})
	res, err := sess.Call(context.Background(), "env", json.RawMessage(`{"Names":["OPENAI_API_KEY","TOOLTUI_PROFILE_KEY","TOOLTUI_KEPT"]}`))
	if err != nil {
		t.Fatal(err)
	}
	want := `OPENAI_API_KEY=""(false) TOOLTUI_PROFILE_KEY=""(false) TOOLTUI_KEPT="yes"(true) `
	if res.Text != want {
		t.Fatalf("the server saw %s, want %s", res.Text, want)
	}
}
