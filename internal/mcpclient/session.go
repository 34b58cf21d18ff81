package mcpclient

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// DefaultCallTimeout bounds a tools/call of a Session when
// Server.CallTimeout is zero.
const DefaultCallTimeout = 30 * time.Second

// Session is an MCP server kept running (or connected to) so that its tools
// can be called: Start starts it, initializes and reads tools/list once;
// Call calls a tool; Close stops it. A stdio server runs in a process group
// of its own, which Close stops as a whole. A Session may be used from
// several goroutines.
type Session struct {
	name        string // "MCP server …", as List's errors name it
	callTimeout time.Duration
	cs          *mcp.ClientSession
	proc        *process     // stdio only
	web         *httpTracker // HTTP only
	rec         *recorder
	tools       map[string]json.RawMessage // inputSchema by tool name, as listed
	names       []string                   // the tools in list order

	closeOnce sync.Once
}

// Start starts (or connects to) the server, initializes and lists its
// tools (every page), within s.Timeout (DefaultTimeout when zero). The
// server keeps running after ctx ends; Close stops it. On an error the
// server is stopped, and the error says which step failed as List's do.
func Start(ctx context.Context, s Server) (*Session, error) {
	if err := checkServer(s); err != nil {
		return nil, err
	}
	r := &run{parent: ctx, timeout: s.Timeout, rec: newRecorder(), headers: s.Headers}
	if r.timeout <= 0 {
		r.timeout = DefaultTimeout
	}
	var cancel context.CancelFunc
	r.ctx, cancel = context.WithTimeout(ctx, r.timeout)
	defer cancel()
	sess := &Session{rec: r.rec, callTimeout: s.CallTimeout}
	if sess.callTimeout <= 0 {
		sess.callTimeout = DefaultCallTimeout
	}
	var t mcp.Transport
	r.name = s.describe()
	if len(s.Command) > 0 {
		if err := r.ctx.Err(); err != nil {
			return nil, r.fail(phaseStarting, err)
		}
		p, err := startProcess(s.Command, s.Withhold)
		if err != nil {
			return nil, r.startError(s.Command[0], err)
		}
		r.proc, sess.proc = p, p
		t = p.transport()
	} else {
		r.web = newHTTPTracker(r.rec)
		r.web.headers = s.Headers
		sess.web = r.web
		t = &mcp.StreamableClientTransport{Endpoint: s.URL, HTTPClient: r.web.client(), DisableStandaloneSSE: true}
	}
	sess.name = r.name
	// Until the server is up, the timeout or the end of ctx stops it.
	stopAbort := context.AfterFunc(r.ctx, sess.abort)
	defer stopAbort()
	client := mcp.NewClient(&mcp.Implementation{Name: "tooltui", Version: "1"},
		&mcp.ClientOptions{Capabilities: capabilities()})
	cs, err := client.Connect(r.ctx, &captureTransport{inner: t, rec: r.rec}, &mcp.ClientSessionOptions{ProtocolVersion: protocolVersion})
	if err != nil {
		err = r.fail(phaseInitializing, err)
		sess.stop()
		return nil, err
	}
	sess.cs = cs
	tools, err := r.listAll(cs)
	if err == nil {
		err = sess.keepTools(tools)
	}
	if err != nil {
		err = r.fail(phaseListing, err)
		sess.Close()
		return nil, err
	}
	if !stopAbort() {
		// The timeout struck as the list came in: the server is being
		// stopped.
		sess.Close()
		return nil, r.fail(phaseListing, r.ctx.Err())
	}
	return sess, nil
}

// checkServer says what is wrong with s, as List does.
func checkServer(s Server) error {
	switch {
	case len(s.Command) > 0 && s.URL != "":
		return errors.New("MCP server: give either a command or a URL, not both")
	case len(s.Command) == 0 && s.URL == "":
		return errors.New("MCP server: no command or URL given")
	case len(s.Command) > 0 && s.Command[0] == "":
		return errors.New("MCP server: empty program name")
	}
	if len(s.Headers) > 0 && s.URL == "" {
		return errors.New("MCP server: headers are for an HTTP server (a URL), not a command")
	}
	for k, v := range s.Headers {
		if !validHeaderName(k) {
			return fmt.Errorf("MCP server: %q is not a valid HTTP header name", k)
		}
		if strings.ContainsAny(v, "\r\n\x00") {
			return fmt.Errorf("MCP server: the value of header %s holds a line break or NUL", k)
		}
	}
	return nil
}

// keepTools keeps the name and inputSchema of each listed tool.
func (s *Session) keepTools(tools []json.RawMessage) error {
	s.tools = make(map[string]json.RawMessage, len(tools))
	for i, raw := range tools {
		var tool struct {
			Name        string          `json:"name"`
			InputSchema json.RawMessage `json:"inputSchema"`
		}
		if err := json.Unmarshal(raw, &tool); err != nil {
			return fmt.Errorf("tool %d of the list: %w", i, err)
		}
		if _, dup := s.tools[tool.Name]; dup {
			continue // the first one is the one a client sees
		}
		s.tools[tool.Name] = tool.InputSchema
		s.names = append(s.names, tool.Name)
	}
	return nil
}

// Name is the server as errors name it: Server.Name, MCP server "CMD
// ARGS…", or MCP server at URL.
func (s *Session) Name() string { return s.name }

// Tools are the names of the server's tools, in the order it listed them.
func (s *Session) Tools() []string { return append([]string(nil), s.names...) }

// InputSchema is the inputSchema of tool name as the server listed it.
func (s *Session) InputSchema(name string) (json.RawMessage, bool) {
	schema, ok := s.tools[name]
	return schema, ok
}

// Pid is the process id of a stdio server, 0 for an HTTP one.
func (s *Session) Pid() int {
	if s.proc == nil {
		return 0
	}
	return s.proc.cmd.Process.Pid
}

// CallResult is what a tool answered.
type CallResult struct {
	// Text is the tool's content for a model to read: the text items,
	// one after another on lines of their own, with a short note in
	// brackets for an item of another kind (an image, audio, a link to a
	// resource, a resource without text); the structured content as JSON
	// when there is no content.
	Text string
	// IsError says the tool reported an error (its isError).
	IsError bool
}

// Call calls tool name with args (a JSON object, sent as it is) within the
// call timeout. An error says what happened to the call (the server timed
// out, exited, answered with a JSON-RPC error, could not be reached) and
// names the server; a tool that reports an error is no error here, but a
// result with IsError.
func (s *Session) Call(ctx context.Context, name string, args json.RawMessage) (*CallResult, error) {
	r := &run{name: s.name, parent: ctx, timeout: s.callTimeout, rec: s.rec, proc: s.proc, web: s.web}
	phase := "calling " + name
	if s.proc != nil && s.proc.exited() {
		return nil, wrap(fmt.Sprintf("%s has exited (%s)%s", s.name, s.proc.state, r.stderrTail()), s.proc.waitErr)
	}
	var cancel context.CancelFunc
	r.ctx, cancel = context.WithTimeout(ctx, s.callTimeout)
	defer cancel()
	if len(args) == 0 {
		args = json.RawMessage("{}")
	}
	res, err := s.cs.CallTool(r.ctx, &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		return nil, r.fail(phase, err)
	}
	return &CallResult{Text: ResultText(res), IsError: res.IsError}, nil
}

// ResultText is the content of a tools/call result as CallResult.Text
// says.
func ResultText(res *mcp.CallToolResult) string {
	var parts []string
	for _, c := range res.Content {
		switch c := c.(type) {
		case *mcp.TextContent:
			parts = append(parts, c.Text)
		case *mcp.ImageContent:
			parts = append(parts, fmt.Sprintf("[an image, %s, %d bytes, not shown]", orUnknown(c.MIMEType), len(c.Data)))
		case *mcp.AudioContent:
			parts = append(parts, fmt.Sprintf("[audio, %s, %d bytes, not shown]", orUnknown(c.MIMEType), len(c.Data)))
		case *mcp.ResourceLink:
			note := "[a link to the resource " + c.URI
			if c.Name != "" && c.Name != c.URI {
				note += " (" + c.Name + ")"
			}
			parts = append(parts, note+"]")
		case *mcp.EmbeddedResource:
			switch {
			case c.Resource == nil:
				parts = append(parts, "[an empty resource]")
			case c.Resource.Text != "":
				parts = append(parts, c.Resource.Text)
			default:
				parts = append(parts, fmt.Sprintf("[the resource %s, %s, %d bytes, not shown]", c.Resource.URI, orUnknown(c.Resource.MIMEType), len(c.Resource.Blob)))
			}
		default:
			parts = append(parts, fmt.Sprintf("[content of type %T, not shown]", c))
		}
	}
	if len(parts) == 0 && res.StructuredContent != nil {
		if b, err := json.Marshal(res.StructuredContent); err == nil {
			return string(b)
		}
	}
	return strings.Join(parts, "\n")
}

func orUnknown(mime string) string {
	if mime == "" {
		return "of an unknown type"
	}
	return mime
}

// abort stops the server at once: kills a stdio server's process group,
// cancels an HTTP server's requests.
func (s *Session) abort() {
	if s.proc != nil {
		s.proc.kill()
	}
	if s.web != nil {
		s.web.abort()
	}
}

// stop releases the server without a session: a stdio server is stopped
// and waited for, an HTTP server's connections are closed.
func (s *Session) stop() {
	if s.proc != nil {
		s.proc.shutdown()
	}
	if s.web != nil {
		s.web.close()
	}
}

// closeGraceHTTP is how long Close waits for an HTTP server to take the
// end of the session before it gives up on it.
var closeGraceHTTP = 2 * time.Second

// Close ends the session and stops the server: a stdio server's stdin is
// closed, then it is asked to terminate and at last killed, with every
// process of its group; it returns once the server has been waited for.
// Calling Close again does nothing.
func (s *Session) Close() error {
	s.closeOnce.Do(func() {
		if s.cs != nil {
			if s.web != nil {
				// Ending an HTTP session is a request: a hung server
				// must not hold Close.
				t := time.AfterFunc(closeGraceHTTP, s.web.abort)
				defer t.Stop()
			}
			_ = s.cs.Close()
		}
		s.stop()
	})
	return nil
}
