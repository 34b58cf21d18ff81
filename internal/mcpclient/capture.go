package mcpclient

import (
	"bytes"
	"context"
	"encoding/json"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// captureTransport wraps a transport so that the raw JSON of the responses
// to tools/list (and the protocol version agreed in initialize) is kept,
// before the MCP client decodes them into its own types.
type captureTransport struct {
	inner mcp.Transport
	rec   *recorder
}

func (t *captureTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	conn, err := t.inner.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &captureConn{Connection: conn, rec: t.rec}, nil
}

type captureConn struct {
	mcp.Connection
	rec *recorder
}

func (c *captureConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	// Note the call before sending it: its answer may arrive before Write
	// returns.
	if req, ok := msg.(*jsonrpc.Request); ok && req.IsCall() {
		c.rec.sent(req)
	}
	return c.Connection.Write(ctx, msg)
}

func (c *captureConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	msg, err := c.Connection.Read(ctx)
	if resp, ok := msg.(*jsonrpc.Response); ok && err == nil {
		c.rec.received(resp)
	}
	return msg, err
}

// recorder keeps what captureConn saw.
type recorder struct {
	mu         sync.Mutex
	initID     jsonrpc.ID
	listIDs    map[jsonrpc.ID]bool            // tools/list calls sent, not yet answered
	lastListID jsonrpc.ID                     // the most recent tools/list call
	results    map[jsonrpc.ID]json.RawMessage // successful tools/list results
	version    string                         // protocol version from the initialize result
}

func newRecorder() *recorder {
	return &recorder{listIDs: map[jsonrpc.ID]bool{}, results: map[jsonrpc.ID]json.RawMessage{}}
}

func (r *recorder) sent(req *jsonrpc.Request) {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch req.Method {
	case "initialize":
		r.initID = req.ID
	case "tools/list":
		r.listIDs[req.ID] = true
		r.lastListID = req.ID
	}
}

func (r *recorder) received(resp *jsonrpc.Response) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if resp.ID.IsValid() && resp.ID == r.initID && resp.Error == nil {
		var init struct {
			ProtocolVersion string `json:"protocolVersion"`
		}
		if json.Unmarshal(resp.Result, &init) == nil {
			r.version = init.ProtocolVersion
		}
	}
	if r.listIDs[resp.ID] {
		delete(r.listIDs, resp.ID)
		if resp.Error == nil {
			r.results[resp.ID] = bytes.Clone(resp.Result)
		}
	}
}

// takeToolsList returns the raw result of the most recent tools/list call,
// if it was answered successfully, and forgets all results.
func (r *recorder) takeToolsList() (json.RawMessage, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	raw, ok := r.results[r.lastListID]
	clear(r.results)
	return raw, ok
}

// protocolVersion returns the protocol version the server agreed to, or "".
func (r *recorder) protocolVersion() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.version
}
