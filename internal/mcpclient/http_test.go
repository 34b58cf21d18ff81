package mcpclient

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tooltui/tooltui/internal/mcpclient/mcptest"
)

// mcpHTTP serves s over streamable HTTP and records the MCP-Protocol-Version
// headers of the requests after initialize.
func mcpHTTP(t *testing.T, s *mcp.Server, opts *mcp.StreamableHTTPOptions) (*httptest.Server, func() []string) {
	t.Helper()
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, opts)
	var mu sync.Mutex
	var versions []string
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		versions = append(versions, r.Method+" "+r.Header.Get("MCP-Protocol-Version"))
		mu.Unlock()
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close)
	return ts, func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), versions...)
	}
}

func TestHTTPTools(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts *mcp.StreamableHTTPOptions
	}{
		{"sse", nil},
		{"json", &mcp.StreamableHTTPOptions{JSONResponse: true}},
		{"stateless", &mcp.StreamableHTTPOptions{Stateless: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ts, requests := mcpHTTP(t, newToolServer(2, 5), tc.opts)
			out, err := List(context.Background(), Server{URL: ts.URL, Timeout: 10 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			checkToolServer(t, out, 5)
			// Every request after initialize names the agreed version.
			reqs := requests()
			if len(reqs) < 5 { // initialize, initialized, 4 pages
				t.Fatalf("requests: %q", reqs)
			}
			for _, r := range reqs[1:] {
				if !strings.HasSuffix(r, " "+protocolVersion) {
					t.Errorf("request without the protocol version header: %q in %q", r, reqs)
				}
			}
		})
	}
}

func TestHTTPStatus(t *testing.T) {
	for _, tc := range []struct {
		name    string
		handler http.HandlerFunc
		want    []string
	}{
		{"404", http.NotFound, []string{"answered HTTP 404 Not Found while initializing", "404 page not found"}},
		{"500", func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "database on fire", http.StatusInternalServerError)
		}, []string{"answered HTTP 500 Internal Server Error while initializing: database on fire"}},
		{"401", func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "missing token", http.StatusUnauthorized)
		}, []string{"answered HTTP 401 Unauthorized while initializing: missing token"}},
		{"503", func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "maintenance", http.StatusServiceUnavailable)
		}, []string{"answered HTTP 503 Service Unavailable while initializing: maintenance"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ts := httptest.NewServer(tc.handler)
			defer ts.Close()
			_, err := List(context.Background(), Server{URL: ts.URL + "/mcp", Timeout: 10 * time.Second})
			if err == nil {
				t.Fatal("no error")
			}
			for _, want := range tc.want {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("err = %v\nwant it to contain %q", err, want)
				}
			}
			if !strings.Contains(err.Error(), ts.URL+"/mcp") {
				t.Errorf("err = %v does not name the URL", err)
			}
		})
	}
}

func TestHTTPClosedPort(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	url := "http://" + l.Addr().String() + "/mcp"
	l.Close()
	_, err = List(context.Background(), Server{URL: url, Timeout: 10 * time.Second})
	if err == nil {
		t.Fatal("no error")
	}
	want := "MCP server at " + url + " could not be reached while initializing: dial tcp"
	if !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "refused") {
		t.Errorf("err = %v\nwant it to contain %q and \"refused\"", err, want)
	}
}

func TestHTTPHang(t *testing.T) {
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Reading the whole body lets the server notice the client leaving.
		_, _ = io.Copy(io.Discard, r.Body)
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
		}
	}))
	defer ts.Close()
	const timeout = 500 * time.Millisecond
	start := time.Now()
	_, err := List(context.Background(), Server{URL: ts.URL, Timeout: timeout})
	checkTimeout(t, err, time.Since(start), timeout, "initializing")
}

func TestHTTPListTimeout(t *testing.T) {
	s := newToolServer(0, 0)
	release := make(chan struct{})
	s.AddReceivingMiddleware(hangToolsListUntil(release))
	ts, _ := mcpHTTP(t, s, nil)
	t.Cleanup(func() { close(release) }) // before the server closes
	const timeout = 500 * time.Millisecond
	start := time.Now()
	_, err := List(context.Background(), Server{URL: ts.URL, Timeout: timeout})
	checkTimeout(t, err, time.Since(start), timeout, "listing tools (page 1)")
}

func TestHTTPRPCError(t *testing.T) {
	s := newToolServer(0, 0)
	s.AddReceivingMiddleware(failToolsList)
	ts, _ := mcpHTTP(t, s, nil)
	_, err := List(context.Background(), Server{URL: ts.URL, Timeout: 10 * time.Second})
	if err == nil || !strings.Contains(err.Error(), "answered with JSON-RPC error -32001 while listing tools (page 1): tool registry unavailable") {
		t.Fatalf("err = %v", err)
	}
	var rpcErr *jsonrpc.Error
	if !errors.As(err, &rpcErr) {
		t.Errorf("error does not carry the *jsonrpc.Error")
	}
}

func TestHTTPHeaders(t *testing.T) {
	ts := mcptest.Serve(t, newToolServer(0, 0), "sk-test")
	out, err := List(context.Background(), Server{URL: ts.URL, Timeout: 10 * time.Second,
		Headers: map[string]string{"Authorization": "Bearer sk-test", "x-team": "tools", "Mcp-Session-Id": "forged"}})
	if err != nil {
		t.Fatal(err)
	}
	checkToolServer(t, out, 0)
	for _, s := range ts.Seen() {
		if s != "Bearer sk-test|tools" {
			t.Errorf("a request carried %q", s)
		}
	}
	_, err = List(context.Background(), Server{URL: ts.URL, Timeout: 10 * time.Second})
	if err == nil || !strings.Contains(err.Error(), "answered HTTP 401 Unauthorized while initializing: missing or wrong key") {
		t.Errorf("without the token: %v", err)
	}
	for _, bad := range []Server{
		{URL: ts.URL, Headers: map[string]string{"Bad Name": "x"}},
		{URL: ts.URL, Headers: map[string]string{"X-A": "a\r\nX-B: b"}},
		{Command: []string{"true"}, Headers: map[string]string{"X-A": "a"}},
	} {
		if _, err := List(context.Background(), bad); err == nil {
			t.Errorf("List(%+v) = nil error", bad)
		}
	}
}
