package mcpclient

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tooltui/tooltui/internal/mcpclient/mcptest"
)

// The tests start the test binary itself as a stdio MCP server
// (mcptest.ServerCommand); TestMain runs the server mode it names instead
// of the tests.
func TestMain(m *testing.M) {
	mcptest.StdioMain(testServers())
	os.Exit(m.Run())
}

// testServers are the stdio server modes of the tests.
func testServers() mcptest.Modes {
	serve := mcptest.RunStdio
	withMiddleware := func(mw mcp.Middleware) func() int {
		return func() int {
			s := newToolServer(0, 0)
			s.AddReceivingMiddleware(mw)
			return serve(s)
		}
	}
	leave := func(detach, exit bool) func() int {
		// Leaves a program of its own behind, holding its stdout, and
		// writes that program's pid to the pid file instead of its own;
		// then serves until the end of its stdin, or exits.
		return func() int {
			if err := mcptest.LeaveChild(detach); err != nil {
				fmt.Fprintln(os.Stderr, err)
				return 1
			}
			if !exit {
				return serve(newToolServer(0, 0))
			}
			fmt.Fprintln(os.Stderr, "fatal: left a child")
			return 3
		}
	}
	modes := mcptest.Modes{
		"tools": func() int { return serve(newToolServer(0, 0)) },
		"pages": func() int { return serve(newToolServer(2, 5)) },
		"stderrchatter": func() int {
			// A working server that talks on stderr.
			fmt.Fprintln(os.Stderr, "starting up, reading config")
			return serve(newToolServer(0, 0))
		},
		"rpcerror": withMiddleware(failToolsList),
		"slowlist": withMiddleware(hangToolsList),
		"linger": func() int {
			// Lists fine, but ignores the end of its stdin and SIGTERM.
			signal.Ignore(syscall.SIGTERM)
			serve(newToolServer(0, 0))
			time.Sleep(time.Hour)
			return 0
		},
		"hang": mcptest.Hang,
		"hangchild": func() int {
			// Never answers, and has started a child of its own, whose pid
			// it writes to the pid file instead of its own.
			if err := mcptest.StartChild(); err != nil {
				fmt.Fprintln(os.Stderr, err)
				return 1
			}
			time.Sleep(time.Hour)
			return 0
		},
		"leavechild":        leave(false, false),
		"leavechildexit":    leave(false, true),
		"leavedetachedexit": leave(true, true),
		"exit":              mcptest.Exit("no config file at /nonexistent/config.toml"),
		"stderrflood": func() int {
			for i := range 500 {
				fmt.Fprintf(os.Stderr, "noise line %03d ..........\n", i)
			}
			fmt.Fprintln(os.Stderr, "last words: cannot bind port 8080")
			return 1
		},
		"garbage": func() int {
			fmt.Println("Server listening on stdio")
			return serve(newToolServer(0, 0))
		},
		// The session tests' servers (session_test.go).
		"calls": func() int { return serve(newCallServer()) },
		"child": func() int {
			// Starts a child of its own that outlives it unless its group
			// is stopped; the child's pid goes to the pid file.
			if err := mcptest.StartChild(); err != nil {
				fmt.Fprintln(os.Stderr, err)
				return 1
			}
			return serve(newCallServer())
		},
	}
	for _, mode := range []string{"raw", "loop", "endless", "flood", "badtools"} {
		modes[mode] = func() int { return rawServer(mode) }
	}
	return modes
}

type weatherIn struct {
	City  string `json:"city" jsonschema:"the city name"`
	Units string `json:"units,omitempty" jsonschema:"celsius or fahrenheit"`
}

type weatherOut struct {
	TempC float64 `json:"temp_c"`
	Sky   string  `json:"sky"`
}

// searchSchema has a number no float64 can hold exactly.
const searchSchema = `{"type":"object","properties":{"q":{"type":"string","maxLength":12345678901234567890}},"required":["q"],"additionalProperties":false}`

// newToolServer returns a server with three tools of different kinds plus
// extra plain ones, pageSize tools to a page (0: the SDK's default).
func newToolServer(pageSize, extra int) *mcp.Server {
	yes := true
	s := mcp.NewServer(&mcp.Implementation{Name: "tooltui-test", Version: "1"}, &mcp.ServerOptions{PageSize: pageSize})
	mcp.AddTool(s, &mcp.Tool{
		Name:        "get_weather",
		Title:       "Get weather",
		Description: "Current weather for a city.",
		Annotations: &mcp.ToolAnnotations{Title: "Weather", ReadOnlyHint: true, OpenWorldHint: &yes},
		Meta:        mcp.Meta{"example.com/owner": "weather-team"},
	}, func(context.Context, *mcp.CallToolRequest, weatherIn) (*mcp.CallToolResult, weatherOut, error) {
		return nil, weatherOut{TempC: 21, Sky: "clear"}, nil
	})
	noop := func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{}, nil
	}
	s.AddTool(&mcp.Tool{
		Name:         "search_docs",
		Description:  "Search the docs.",
		InputSchema:  json.RawMessage(searchSchema),
		OutputSchema: json.RawMessage(`{"type":"object","properties":{"hits":{"type":"array","items":{"type":"string"}}}}`),
	}, noop)
	s.AddTool(&mcp.Tool{
		Name:        "delete_file",
		Annotations: &mcp.ToolAnnotations{DestructiveHint: &yes, IdempotentHint: true},
		InputSchema: json.RawMessage(`{"type":"object"}`),
	}, noop)
	for i := range extra {
		s.AddTool(&mcp.Tool{Name: fmt.Sprintf("extra_%02d", i), InputSchema: json.RawMessage(`{"type":"object"}`)}, noop)
	}
	return s
}

// failToolsList makes tools/list fail with a JSON-RPC error.
func failToolsList(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if method == "tools/list" {
			return nil, &jsonrpc.Error{Code: -32001, Message: "tool registry unavailable"}
		}
		return next(ctx, method, req)
	}
}

// hangToolsList makes tools/list never answer.
func hangToolsList(next mcp.MethodHandler) mcp.MethodHandler {
	return hangToolsListUntil(nil)(next)
}

// hangToolsListUntil makes tools/list answer only once it is cancelled or
// release is closed. A server in the test's own process needs release: a
// client that gives up may abort its cancellation notice, and the SDK's
// server closes a session only once its requests have ended, which
// httptest.Server.Close waits for.
func hangToolsListUntil(release <-chan struct{}) mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method == "tools/list" {
				select {
				case <-ctx.Done():
					return nil, ctx.Err()
				case <-release:
					return nil, errors.New("released at the end of the test")
				}
			}
			return next(ctx, method, req)
		}
	}
}

// rawTools are the tools of the "raw" server, written byte by byte as a
// server might: key order, escapes, number spellings and fields no SDK
// models all have to come through unchanged.
var rawTools = []string{
	`{"inputSchema":{"type":"object","properties":{"n":{"type":"integer","maximum":12345678901234567890,"minimum":-0.0,"multipleOf":1e400}}},"name":"count","description":"<b>Counts</b> & \u00e9tudes \"quoted\" caf\u00e9"}`,
	`{"name":"tasks","title":"Tasks","execution":{"taskSupport":"optional"},"icons":[{"src":"https://example.com/i.png","sizes":["48x48"]}],"inputSchema":{"type":"object","properties":{}},"annotations":{"title":"T","readOnlyHint":false,"x-vendor":[1,2]},"_meta":{"a/b":{"z":1,"a":2}}}`,
	`{"name":"plain","inputSchema":{"type":"object"},"x-extension":{"keep":true}}`,
}

// rawServer is a hand-written stdio MCP server.
func rawServer(mode string) int {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<20)
	out := bufio.NewWriter(os.Stdout)
	reply := func(id json.RawMessage, result string) {
		fmt.Fprintf(out, `{"jsonrpc":"2.0","id":%s,"result":%s}`+"\n", id, result)
		out.Flush()
	}
	for in.Scan() {
		var msg struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
			Params struct {
				Cursor string `json:"cursor"`
			} `json:"params"`
		}
		if err := json.Unmarshal(in.Bytes(), &msg); err != nil || msg.ID == nil {
			continue
		}
		switch msg.Method {
		case "initialize":
			reply(msg.ID, `{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"raw","version":"1"}}`)
		case "tools/list":
			reply(msg.ID, rawPage(mode, msg.Params.Cursor))
		default:
			fmt.Fprintf(out, `{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"no such method"}}`+"\n", msg.ID)
			out.Flush()
		}
	}
	return 0
}

func rawPage(mode, cursor string) string {
	switch mode {
	case "raw":
		if cursor == "" {
			return `{"tools":[` + rawTools[0] + `,  ` + rawTools[1] + `],"nextCursor":"page 2"}`
		}
		return `{ "tools" : [` + rawTools[2] + "]}"
	case "loop":
		return `{"tools":[{"name":"again","inputSchema":{"type":"object"}}],"nextCursor":"same"}`
	case "endless", "flood":
		n := 0
		fmt.Sscan(cursor, &n)
		count := 1
		if mode == "flood" {
			count = 600
		}
		var tools []string
		for i := range count {
			tools = append(tools, fmt.Sprintf(`{"name":"t%d_%d","inputSchema":{"type":"object"}}`, n, i))
		}
		return fmt.Sprintf(`{"tools":[%s],"nextCursor":"%d"}`, strings.Join(tools, ","), n+1)
	case "badtools":
		return `{"tools":{"name":"not-a-list"}}`
	}
	return `{}`
}
