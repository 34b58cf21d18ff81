// Package mcptest serves MCP servers for tooltui's tests: over
// streamable HTTP, behind a bearer token, recording the headers each
// request had (Serve); or over stdio, as the test binary itself started
// by the code under test (StdioMain, ServerCommand). Gone tells whether a
// server's process has ended.
package mcptest

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Server is an httptest server in front of an MCP server.
type Server struct {
	*httptest.Server
	mu   sync.Mutex
	seen []string
}

// Serve serves s at the test server's root until the test ends. A request
// without "Authorization: Bearer token" is answered 401 with the body
// "missing or wrong key" (token "" lets every request through).
func Serve(t testing.TB, s *mcp.Server, token string) *Server {
	t.Helper()
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil)
	srv := &Server{}
	srv.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		srv.mu.Lock()
		srv.seen = append(srv.seen, r.Header.Get("Authorization")+"|"+r.Header.Get("X-Team"))
		srv.mu.Unlock()
		if token != "" && r.Header.Get("Authorization") != "Bearer "+token {
			http.Error(w, "missing or wrong key", http.StatusUnauthorized)
			return
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// Seen returns the Authorization and X-Team headers of every request so
// far, each as "AUTHORIZATION|X-TEAM".
func (s *Server) Seen() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.seen...)
}

// Capabilities is a server whose tools depend on what the client declares,
// as @modelcontextprotocol/server-everything's do: "echo" for every
// client, "get_roots" for a client that declares roots, "sample" for one
// that declares sampling and "ask" for one that declares elicitation. Its
// tools/list asks a client that declares roots for them.
type Capabilities struct {
	*mcp.Server
	mu    sync.Mutex
	roots []string
}

// NewCapabilities returns the server.
func NewCapabilities() *Capabilities {
	c := &Capabilities{Server: mcp.NewServer(&mcp.Implementation{Name: "tooltui-capabilities", Version: "1"}, nil)}
	noop := func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{}, nil
	}
	for _, name := range []string{"echo", "get_roots", "sample", "ask"} {
		c.AddTool(&mcp.Tool{Name: name, InputSchema: json.RawMessage(`{"type":"object"}`)}, noop)
	}
	c.AddReceivingMiddleware(c.filter)
	return c
}

// filter leaves out of tools/list the tools the client cannot use, and
// records the client's roots.
func (c *Capabilities) filter(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		res, err := next(ctx, method, req)
		ss, ok := req.GetSession().(*mcp.ServerSession)
		list, isList := res.(*mcp.ListToolsResult)
		if err != nil || method != "tools/list" || !ok || !isList {
			return res, err
		}
		var caps mcp.ClientCapabilities
		if p := ss.InitializeParams(); p != nil && p.Capabilities != nil {
			caps = *p.Capabilities
		}
		//lint:ignore SA1019 the server tells clients apart as servers of 2025-11-25 do
		roots := caps.RootsV2 != nil
		if roots {
			//lint:ignore SA1019 as above
			got, err := ss.ListRoots(ctx, nil)
			c.mu.Lock()
			if err != nil {
				c.roots = append(c.roots, "error: "+err.Error())
			} else {
				b, _ := json.Marshal(got.Roots)
				c.roots = append(c.roots, string(b))
			}
			c.mu.Unlock()
		}
		//lint:ignore SA1019 as above
		shown := map[string]bool{"echo": true, "get_roots": roots, "sample": caps.Sampling != nil, "ask": caps.Elicitation != nil}
		var tools []*mcp.Tool
		for _, t := range list.Tools {
			if shown[t.Name] {
				tools = append(tools, t)
			}
		}
		out := *list
		out.Tools = tools
		return &out, nil
	}
}

// Roots returns the answers to roots/list so far, as JSON ("error: …" for
// one that failed).
func (c *Capabilities) Roots() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.roots...)
}
