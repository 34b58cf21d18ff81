// Package mcptest serves MCP servers over streamable HTTP for tooltui's
// tests, behind a bearer token, recording the headers each request had.
package mcptest

import (
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
