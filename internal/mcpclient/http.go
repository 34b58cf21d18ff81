package mcpclient

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"unicode/utf8"
)

// httpTracker is the HTTP transport of one List against a streamable HTTP
// server. It remembers the last HTTP error status and the last failure to
// reach the server, for error messages; it adds the MCP-Protocol-Version
// header once initialize has agreed on a version; and abort cancels every
// request still running, so that closing never waits on a hung server.
type httpTracker struct {
	base    *http.Transport
	rec     *recorder
	headers map[string]string // the caller's, on every request
	ctx     context.Context   // done once aborted
	abort   context.CancelFunc

	mu     sync.Mutex
	what   string // how the latest request failed, or ""
	detail string
}

func newHTTPTracker(rec *recorder) *httpTracker {
	t := &httpTracker{rec: rec}
	if dt, ok := http.DefaultTransport.(*http.Transport); ok {
		t.base = dt.Clone()
	} else {
		t.base = &http.Transport{Proxy: http.ProxyFromEnvironment}
	}
	t.ctx, t.abort = context.WithCancel(context.Background())
	return t
}

func (t *httpTracker) client() *http.Client { return &http.Client{Transport: t} }

// close aborts what is left and drops idle connections.
func (t *httpTracker) close() {
	t.abort()
	t.base.CloseIdleConnections()
}

const protocolVersionHeader = "MCP-Protocol-Version"

func (t *httpTracker) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx, cancel := context.WithCancel(req.Context())
	stop := context.AfterFunc(t.ctx, cancel)
	done := func() { stop(); cancel() }
	req = req.Clone(ctx)
	for k, v := range t.headers {
		if !isProtocolHeader(k) {
			req.Header.Set(k, v)
		}
	}
	if req.Header.Get(protocolVersionHeader) == "" {
		if v := t.rec.protocolVersion(); v != "" {
			req.Header.Set(protocolVersionHeader, v)
		}
	}
	resp, err := t.base.RoundTrip(req)
	if err != nil {
		aborted := ctx.Err() != nil // before done, which cancels ctx
		done()
		if !aborted {
			cause := err
			var ue *url.Error
			if errors.As(err, &ue) {
				cause = ue.Err // without the method and URL, which the message has
			}
			t.note("could not be reached", cause.Error())
		}
		return nil, err
	}
	body := resp.Body
	var reader io.Reader = body
	switch {
	case resp.StatusCode >= 400:
		head, _ := io.ReadAll(io.LimitReader(body, 512))
		reader = io.MultiReader(bytes.NewReader(head), body)
		status := resp.Status
		if status == "" {
			status = fmt.Sprint(resp.StatusCode)
		}
		t.note("answered HTTP "+status, bodyText(head))
	case req.Method == http.MethodPost:
		t.note("", "")
	}
	resp.Body = readCloser{reader, closerFunc(func() error {
		err := body.Close()
		done()
		return err
	})}
	return resp, nil
}

// isProtocolHeader reports whether k is a header the MCP transport
// manages itself.
func isProtocolHeader(k string) bool {
	k = http.CanonicalHeaderKey(k)
	return k == http.CanonicalHeaderKey(protocolVersionHeader) || k == "Mcp-Session-Id" || k == "Last-Event-Id"
}

func (t *httpTracker) note(what, detail string) {
	t.mu.Lock()
	t.what, t.detail = what, detail
	t.mu.Unlock()
}

// failure describes the latest failed request, if the latest request
// failed: what happened ("answered HTTP 404 Not Found", "could not be
// reached") and a detail (the body's start, the network error).
func (t *httpTracker) failure() (what, detail string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.what, t.detail
}

// bodyText makes the start of a response body fit for one line of an
// error message.
func bodyText(b []byte) string {
	for len(b) > 0 && !utf8.Valid(b) {
		b = b[:len(b)-1] // cut inside the last character
	}
	s := strings.Join(strings.Fields(string(b)), " ")
	if len(s) > 200 {
		s = s[:200]
		for !utf8.ValidString(s) {
			s = s[:len(s)-1]
		}
		s += "…"
	}
	return s
}

type readCloser struct {
	io.Reader
	io.Closer
}

type closerFunc func() error

func (f closerFunc) Close() error { return f() }
