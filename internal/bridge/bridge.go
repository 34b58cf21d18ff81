// Package bridge answers the function calls of a send (the tool loop)
// with real tools: a call of a function that the document records as
// imported from a live MCP server (model.Tool.Server) is answered by
// calling the tool on that server (tools/call, with the official MCP Go
// SDK through internal/mcpclient). A mock output of the document that
// matches the call wins, so that a demo with mocks stays offline.
//
// A server is started (or connected to) only when the bridge's Permit
// allows the call, once per bridge, at the first call that needs it, and
// stopped by Close. A server that cannot be started, hangs or exits gives
// the call an output that says so, and the loop goes on. The package
// imports no UI: the command line and the app share it.
package bridge

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/tooltui/tooltui/internal/mcpclient"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
	"github.com/tooltui/tooltui/internal/send"
)

// Options say what a Bridge may do.
type Options struct {
	// Permit is asked before a call goes to its server (and before the
	// server is started for it). nil refuses every call with a
	// *NotPermittedError, which stops the loop: no server runs unless
	// something allows it. PermitAll allows every call (tooltui send
	// --call-mcp). An error that wraps ErrDeclined answers the call with
	// an output saying it was declined, and the loop goes on; any other
	// error stops the loop with it.
	Permit func(ctx context.Context, s Server, c send.Call) error
	// HeaderValue, when set, is asked for the value of a header the
	// document does not keep (it was given to the import on the command
	// line): the app can ask its user. Without it, or when it fails, the
	// server cannot be reached and its calls say why.
	HeaderValue func(ctx context.Context, s Server, header string) (string, error)
	// StartTimeout bounds starting a server, initializing and listing its
	// tools (0: mcpclient.DefaultTimeout); CallTimeout each call (0:
	// mcpclient.DefaultCallTimeout).
	StartTimeout, CallTimeout time.Duration
	// Getenv reads the environment variables that header values name;
	// nil means os.Getenv.
	Getenv func(string) string
	// Withhold names environment variables a stdio server does not get,
	// besides OPENAI_API_KEY (mcpclient.WithheldEnv): the variable a
	// profile reads its key from.
	Withhold []string
}

// PermitAll is a Permit that allows every call.
func PermitAll(context.Context, Server, send.Call) error { return nil }

// ErrDeclined is what a Permit returns (or wraps) to answer a call with
// an output that says it was declined, instead of stopping the loop.
var ErrDeclined = errors.New("declined")

// Server is an MCP server that functions of the request are served by.
type Server struct {
	Name string
	model.MCPServer
	// Functions are the functions of the request it serves, in the
	// document's order.
	Functions []string
}

// String is the server for people: its name, then its command line or
// URL in parentheses.
func (s Server) String() string {
	return s.Name + " (" + s.Describe() + ")"
}

// By says who answered a call.
type By int

const (
	// ByNone: nobody; the loop stops at the call.
	ByNone By = iota
	// ByMock: a mock output of the document.
	ByMock
	// ByMCP: the function's MCP server, or the bridge on its behalf when
	// the server could not answer (IsError).
	ByMCP
)

// Answer is how a call was answered.
type Answer struct {
	Output string
	By     By
	// Server and Tool, for ByMCP, are the server's name and the tool
	// called there.
	Server, Tool string
	// IsError says the tool reported an error, or the server could not
	// be started or did not answer; Output says which.
	IsError bool
	// Started says the call started its server (or tried to).
	Started bool
	// Dropped names the arguments left out of the call: nulls of
	// optional properties whose schema on the server takes no null.
	Dropped []string
}

// Served reports whether the call was answered.
func (a Answer) Served() bool { return a.By != ByNone }

// NotPermittedError is a call of a function served by an MCP server that
// the bridge may not call: nothing was started.
type NotPermittedError struct {
	Function string
	Server   Server
}

func (e *NotPermittedError) Error() string {
	return e.Function + " is served by MCP server " + e.Server.String() + ", which is not started without permission"
}

// served is where a function of the request is served.
type served struct {
	server, tool string
}

// Bridge answers calls for one send. Its methods may be called from
// several goroutines.
type Bridge struct {
	opts    Options
	mocks   send.Mocks
	fns     map[string]served
	servers map[string]Server

	ctx    context.Context // ended by Close
	cancel context.CancelFunc

	mu      sync.Mutex
	closed  bool
	running map[string]*serverState
	started []string
}

// serverState is a server started (or being started) by the bridge.
type serverState struct {
	ready chan struct{} // closed once the start ended
	sess  *mcpclient.Session
	err   error
}

// New is the bridge for a send of doc's request: its mocks, and the
// enabled functions whose MCP server doc records.
func New(doc *model.Document, opts Options) *Bridge {
	b := &Bridge{opts: opts, mocks: send.Mocks(doc.Mocks), fns: map[string]served{}, servers: map[string]Server{},
		running: map[string]*serverState{}}
	if b.opts.Getenv == nil {
		b.opts.Getenv = os.Getenv
	}
	b.ctx, b.cancel = context.WithCancel(context.Background())
	seen := map[string]bool{}
	for _, t := range doc.Functions {
		if t.Disabled || t.Server == "" {
			continue
		}
		name := model.StringAt(t.Raw, []string{"name"})
		if name == "" || seen[name] {
			continue // the request has the first of a name (a second is an error)
		}
		seen[name] = true
		spec, ok := doc.MCPServers[t.Server]
		if !ok {
			continue
		}
		tool := t.ServerTool
		if tool == "" {
			tool = name
		}
		b.fns[name] = served{server: t.Server, tool: tool}
		s := b.servers[t.Server]
		s.Name, s.MCPServer = t.Server, spec
		s.Functions = append(s.Functions, name)
		b.servers[t.Server] = s
	}
	return b
}

// Servers are the MCP servers the request's functions are served by:
// what the bridge would start, by name.
func (b *Bridge) Servers() []Server {
	out := make([]Server, 0, len(b.servers))
	for _, s := range b.servers {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// ServerOf is the server that serves function name, ok false when none
// does.
func (b *Bridge) ServerOf(function string) (Server, bool) {
	f, ok := b.fns[function]
	if !ok {
		return Server{}, false
	}
	return b.servers[f.server], true
}

// Started names the servers the bridge started (or tried to), in order.
func (b *Bridge) Started() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Clone(b.started)
}

// Func is Answer as the tool loop takes it (send.LoopContext).
func (b *Bridge) Func() send.AnswerFunc {
	return func(ctx context.Context, c send.Call) (string, bool, error) {
		a, err := b.Answer(ctx, c)
		return a.Output, a.Served(), err
	}
}

// Answer answers call c: with the document's mock output when one
// matches, else with the tool of the function's MCP server, started for
// it if need be (when Permit allows). A call nobody can answer is an
// Answer with By ByNone. An error stops the loop: a *NotPermittedError, or
// Permit's own; what goes wrong with the server is the call's output.
func (b *Bridge) Answer(ctx context.Context, c send.Call) (Answer, error) {
	if out, ok := b.mocks.Output(c.Name, c.Arguments); ok {
		return Answer{Output: out, By: ByMock}, nil
	}
	f, ok := b.fns[c.Name]
	if !ok {
		return Answer{}, nil
	}
	srv := b.servers[f.server]
	a := Answer{By: ByMCP, Server: srv.Name, Tool: f.tool}
	if b.opts.Permit == nil {
		return Answer{}, &NotPermittedError{Function: c.Name, Server: srv}
	}
	if err := b.opts.Permit(ctx, srv, c); err != nil {
		if errors.Is(err, ErrDeclined) {
			return b.fail(a, fmt.Sprintf("the call of %s was declined: the tool %s of the MCP server %s was not called", c.Name, f.tool, srv.Name)), nil
		}
		return Answer{}, err
	}
	sess, started, err := b.session(ctx, srv)
	a.Started = started
	if err != nil {
		return b.fail(a, err.Error()), nil
	}
	args := bytes.TrimSpace([]byte(c.Arguments))
	if len(args) == 0 {
		args = []byte("{}")
	}
	if rawjson.JSONKind(args) != "object" || rawjson.CheckJSON(args) != nil {
		return b.fail(a, fmt.Sprintf("the arguments of %s are not a JSON object, so the tool %s of the MCP server %s was not called", c.Name, f.tool, srv.Name)), nil
	}
	schema, ok := sess.InputSchema(f.tool)
	if !ok {
		return b.fail(a, fmt.Sprintf("the MCP server %s lists no tool %s (it lists %s)", srv.Name, f.tool, listed(sess.Tools()))), nil
	}
	args, a.Dropped = DropNulls(schema, args)
	ctx, stop := b.merge(ctx)
	defer stop()
	res, err := sess.Call(ctx, f.tool, args)
	if err != nil {
		return b.fail(a, err.Error()), nil
	}
	a.Output, a.IsError = res.Text, res.IsError
	if a.IsError && strings.TrimSpace(a.Output) == "" {
		a.Output = "error: the tool " + f.tool + " of the MCP server " + srv.Name + " reported an error and said nothing more"
	}
	return a, nil
}

// fail is a with an error output.
func (b *Bridge) fail(a Answer, msg string) Answer {
	a.Output, a.IsError = "error: "+msg, true
	return a
}

// listed names a server's tools for a message.
func listed(names []string) string {
	switch {
	case len(names) == 0:
		return "none"
	case len(names) > 20:
		return strings.Join(names[:20], ", ") + fmt.Sprintf(" and %d more", len(names)-20)
	}
	return strings.Join(names, ", ")
}

// merge is ctx, ended by Close too.
func (b *Bridge) merge(ctx context.Context) (context.Context, func()) {
	ctx, cancel := context.WithCancel(ctx)
	stop := context.AfterFunc(b.ctx, cancel)
	return ctx, func() { stop(); cancel() }
}

// errClosed answers a call after Close.
var errClosed = errors.New("the send is over: its MCP servers were stopped")

// session is srv's running session, started now if it is not yet (started
// says so). A start that failed fails every later call the same way.
func (b *Bridge) session(ctx context.Context, srv Server) (*mcpclient.Session, bool, error) {
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		return nil, false, errClosed
	}
	if st, ok := b.running[srv.Name]; ok {
		b.mu.Unlock()
		select {
		case <-st.ready:
			return st.sess, false, st.err
		case <-ctx.Done():
			return nil, false, ctx.Err()
		}
	}
	st := &serverState{ready: make(chan struct{})}
	b.running[srv.Name] = st
	b.started = append(b.started, srv.Name)
	b.mu.Unlock()

	sctx, stop := b.merge(ctx)
	sess, err := b.start(sctx, srv)
	stop()
	b.mu.Lock()
	closed := b.closed
	b.mu.Unlock()
	if closed && sess != nil {
		// Close came first: it waits for ready, and this session is
		// stopped before.
		sess.Close()
		sess, err = nil, errClosed
	}
	b.mu.Lock()
	st.sess, st.err = sess, err
	close(st.ready)
	b.mu.Unlock()
	return sess, true, err
}

// start starts srv: its headers' values read from the environment.
func (b *Bridge) start(ctx context.Context, srv Server) (*mcpclient.Session, error) {
	name := "the MCP server " + srv.Name
	s := mcpclient.Server{Command: srv.Command, URL: srv.URL, Name: name,
		Timeout: b.opts.StartTimeout, CallTimeout: b.opts.CallTimeout, Withhold: b.opts.Withhold}
	if len(srv.Headers) > 0 {
		s.Headers = make(map[string]string, len(srv.Headers))
	}
	for _, h := range sortedKeys(srv.Headers) {
		v, err := b.headerValue(ctx, srv, h)
		if err != nil {
			return nil, fmt.Errorf("%s cannot be reached: %w", name, err)
		}
		s.Headers[h] = v
	}
	sess, err := mcpclient.Start(ctx, s)
	if err != nil {
		msg := err.Error()
		if !strings.HasPrefix(msg, name) {
			return nil, fmt.Errorf("%s (%s) could not be started: %w", name, srv.Describe(), err)
		}
		return nil, err
	}
	return sess, nil
}

// headerValue is the value of srv's header h.
func (b *Bridge) headerValue(ctx context.Context, srv Server, h string) (string, error) {
	tmpl := srv.Headers[h]
	if strings.TrimSpace(tmpl) == "" {
		if b.opts.HeaderValue != nil {
			v, err := b.opts.HeaderValue(ctx, srv, h)
			if err == nil && v != "" {
				return v, nil
			}
		}
		return "", fmt.Errorf(`the value of its header %s is not kept in the document (it was given to the import): name the environment variable that holds it, "headers": {%q: "$VAR"} in "tooltui"."mcp_servers".%q`, h, h, srv.Name)
	}
	v, err := ExpandHeader(tmpl, b.opts.Getenv)
	var unset *UnsetError
	if errors.As(err, &unset) {
		return "", fmt.Errorf("its header %s is read from $%s, which is not set", h, unset.Var)
	}
	return v, err
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Close stops every server the bridge started, waiting for each, and
// makes later calls fail. A start under way is stopped too.
func (b *Bridge) Close() error {
	b.mu.Lock()
	b.closed = true
	states := make([]*serverState, 0, len(b.running))
	for _, st := range b.running {
		states = append(states, st)
	}
	b.mu.Unlock()
	b.cancel()
	var wg sync.WaitGroup
	for _, st := range states {
		<-st.ready // a start ends at once once cancelled
		if st.sess != nil {
			wg.Add(1)
			go func() {
				defer wg.Done()
				st.sess.Close()
			}()
		}
	}
	wg.Wait()
	return nil
}
