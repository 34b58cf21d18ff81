package bridge

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The tests start the test binary itself as a stdio MCP server: with
// serverEnv set, TestMain runs the server it names instead of the tests.
// Each start appends the server's pid to the file startsEnv names.
const (
	serverEnv = "TOOLTUI_BRIDGE_TEST_SERVER"
	startsEnv = "TOOLTUI_BRIDGE_TEST_STARTS"
)

// waitLimit bounds the tests' polls: they end as soon as what they wait
// for happens.
const waitLimit = 20 * time.Second

func TestMain(m *testing.M) {
	if mode := os.Getenv(serverEnv); mode != "" {
		os.Exit(runServer(mode))
	}
	os.Exit(m.Run())
}

func runServer(mode string) int {
	if f := os.Getenv(startsEnv); f != "" {
		if w, err := os.OpenFile(f, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600); err == nil {
			fmt.Fprintln(w, os.Getpid())
			w.Close()
		}
	}
	switch mode {
	case "fs":
		if err := newFSServer().Run(context.Background(), &mcp.StdioTransport{}); err != nil {
			fmt.Fprintln(os.Stderr, "serve:", err)
			return 1
		}
		return 0
	case "exit":
		fmt.Fprintln(os.Stderr, "fatal: no config at /nonexistent/fs.toml")
		return 3
	case "hang":
		// Never answers, and reads its stdin until it is stopped.
		buf := make([]byte, 512)
		for {
			if _, err := os.Stdin.Read(buf); err != nil {
				time.Sleep(time.Hour)
			}
		}
	}
	fmt.Fprintln(os.Stderr, "unknown test server mode", mode)
	return 2
}

// headSchema is read_head's inputSchema: head is optional and an
// integer, never null.
const headSchema = `{"type":"object","properties":{"path":{"type":"string"},"head":{"type":"integer"}},"required":["path"],"additionalProperties":false}`

type headIn struct {
	Path string `json:"path"`
	Head int    `json:"head,omitempty"`
}

// newFSServer is a server whose read_head checks its arguments against
// its schema (the SDK does), as real servers do, and echoes what it got.
func newFSServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "tooltui-bridge-test", Version: "1"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "read_head", Description: "The first lines of a file.", InputSchema: json.RawMessage(headSchema)},
		func(_ context.Context, req *mcp.CallToolRequest, in headIn) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "read " + string(req.Params.Arguments)}}}, nil, nil
		})
	tool := func(name string, h mcp.ToolHandler) {
		s.AddTool(&mcp.Tool{Name: name, InputSchema: json.RawMessage(`{"type":"object"}`)}, h)
	}
	tool("missing_file", func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "ENOENT: no such file"}}}, nil
	})
	tool("hang", func(ctx context.Context, _ *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		<-ctx.Done()
		return nil, ctx.Err()
	})
	tool("crash", func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		fmt.Fprintln(os.Stderr, "panic: the disk is gone")
		os.Exit(4)
		return nil, nil
	})
	return s
}

// serverCommand is the command line that starts the test binary as the
// server mode; starts reads the pids of the servers started so far.
func serverCommand(t *testing.T, mode string) (command []string, starts func() []int) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "starts")
	t.Setenv(serverEnv, mode)
	t.Setenv(startsEnv, file)
	return []string{exe, "--stdio"}, func() []int {
		b, _ := os.ReadFile(file)
		var pids []int
		for _, l := range strings.Fields(string(b)) {
			if pid, err := strconv.Atoi(l); err == nil {
				pids = append(pids, pid)
			}
		}
		return pids
	}
}

// gone reports whether process pid has ended within waitLimit.
func gone(pid int) bool {
	deadline := time.Now().Add(waitLimit)
	for {
		p, err := os.FindProcess(pid)
		if err != nil || p.Signal(syscall.Signal(0)) != nil {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(20 * time.Millisecond)
	}
}
