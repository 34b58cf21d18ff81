// Package mcpclient lists the tools of a live MCP server, so that tooltui can
// import them into the tools of a request.
//
// A server is either a program that speaks MCP over stdio (started, asked for
// its tools and stopped again) or a streamable HTTP endpoint. The result is a
// tools/list result, {"tools":[…]}, with every tool exactly as the server sent
// it on the wire: the raw JSON of each tools/list response is captured below
// the MCP client, so fields the client library does not model (for example
// "execution", vendor extensions, key order, number spelling) survive.
package mcpclient

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Server says how to reach an MCP server.
type Server struct {
	// Command starts a stdio server: the program and its arguments. The
	// program's stderr is kept (its last ~2 KB) for error messages.
	Command []string
	// URL is a streamable HTTP endpoint. Exactly one of Command and URL is set.
	URL string
	// Headers are sent with every HTTP request (for example
	// "Authorization": "Bearer …"); they override the client's own
	// headers of the same name, except MCP's session and protocol headers.
	Headers map[string]string
	// Timeout bounds the whole start + initialize + list; 0 means 15 s.
	Timeout time.Duration
	// CallTimeout bounds each tools/call of a Session (see Start); 0
	// means DefaultCallTimeout.
	CallTimeout time.Duration
	// Name, when set, is how errors name the server ("the MCP server
	// fs"); by default MCP server "CMD ARGS…", or MCP server at URL.
	Name string
	// Withhold names environment variables a stdio server does not get,
	// besides WithheldEnv (the variable holding the API key of a
	// profile, say). The server gets the rest of tooltui's environment.
	Withhold []string
}

// WithheldEnv are the environment variables no stdio server gets: the key
// tooltui sends requests with stays with tooltui, whatever code the
// server runs.
var WithheldEnv = []string{"OPENAI_API_KEY"}

// environFor is env without the variables withheld from a server.
func environFor(env, withhold []string) []string {
	out := make([]string, 0, len(env))
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		if !slices.Contains(WithheldEnv, name) && !slices.Contains(withhold, name) {
			out = append(out, kv)
		}
	}
	return out
}

// DefaultTimeout is used when Server.Timeout is zero.
const DefaultTimeout = 15 * time.Second

// Limits on what List accepts from a server.
const (
	MaxPages = 100
	MaxTools = 10000
)

// protocolVersion is the MCP revision tooltui asks for. It is the newest
// revision that every current server implementation understands with the
// classic initialize handshake; servers may negotiate an older one.
const protocolVersion = "2025-11-25"

// capabilities are the client capabilities tooltui declares: roots, whose
// list it answers as empty (it shares no folder with a server) and which
// never changes. Many servers hide the tools that use a capability from a
// client without it, and tooltui lists tools to name them in a request,
// not to call them: with roots declared, a server shows its tools that read
// the client's roots too. Sampling and elicitation are not declared: a
// server may ask for either at any time, and tooltui has no model to sample
// and puts no question to its user, so a tool that needs one of them stays
// hidden. Roots is deprecated from MCP 2026-07-28 on; tooltui asks for
// 2025-11-25, where it is current, and servers still hide tools behind it.
// A new value each call.
func capabilities() *mcp.ClientCapabilities {
	//lint:ignore SA1019 roots is current in the protocol version tooltui asks for
	return &mcp.ClientCapabilities{RootsV2: &mcp.RootCapabilities{}}
}

// Phases of List, as named in its errors.
const (
	phaseStarting     = "starting"
	phaseInitializing = "initializing"
	phaseListing      = "listing tools"
)

// List starts (or connects to) the server, initializes, lists every tool
// (following nextCursor pages, at most MaxPages pages and MaxTools tools) and
// closes the session; a started program is always stopped and waited for.
//
// The result is a tools/list result, {"tools":[…]}, with each tool as the
// server sent it, indented by two spaces and ending in a newline.
func List(ctx context.Context, s Server) ([]byte, error) {
	if err := checkServer(s); err != nil {
		return nil, err
	}
	r := &run{parent: ctx, timeout: s.Timeout, rec: newRecorder(), headers: s.Headers, withhold: s.Withhold}
	if r.timeout <= 0 {
		r.timeout = DefaultTimeout
	}
	var cancel context.CancelFunc
	r.ctx, cancel = context.WithTimeout(ctx, r.timeout)
	defer cancel()
	r.name = s.describe()
	if len(s.Command) > 0 {
		return r.listStdio(s.Command)
	}
	return r.listHTTP(s.URL)
}

// describe is how errors name the server.
func (s Server) describe() string {
	switch {
	case s.Name != "":
		return s.Name
	case len(s.Command) > 0:
		return fmt.Sprintf("MCP server %q", strings.Join(s.Command, " "))
	}
	return "MCP server at " + s.URL
}

// run holds the state of one List call.
type run struct {
	name     string
	withhold []string        // the environment a stdio server does not get
	parent   context.Context // the caller's context
	ctx      context.Context // parent plus the timeout
	timeout  time.Duration
	rec      *recorder
	headers  map[string]string
	proc     *process     // stdio only
	web      *httpTracker // HTTP only
}

func (r *run) listStdio(argv []string) ([]byte, error) {
	if err := r.ctx.Err(); err != nil {
		return nil, r.fail(phaseStarting, err)
	}
	p, err := startProcess(argv, r.withhold)
	if err != nil {
		return nil, r.startError(argv[0], err)
	}
	r.proc = p
	// On timeout or cancellation the server is killed at once, which also
	// unblocks every pending read and write on its pipes.
	stopKill := context.AfterFunc(r.ctx, p.kill)
	defer func() {
		stopKill()
		p.shutdown()
	}()
	return r.session(&captureTransport{inner: p.transport(), rec: r.rec})
}

func (r *run) listHTTP(url string) ([]byte, error) {
	r.web = newHTTPTracker(r.rec)
	r.web.headers = r.headers
	stopAbort := context.AfterFunc(r.ctx, r.web.abort)
	defer func() {
		stopAbort()
		r.web.close()
	}()
	t := &mcp.StreamableClientTransport{
		Endpoint:             url,
		HTTPClient:           r.web.client(),
		DisableStandaloneSSE: true,
	}
	return r.session(&captureTransport{inner: t, rec: r.rec})
}

// session initializes, lists every tool and closes the session.
func (r *run) session(t mcp.Transport) ([]byte, error) {
	client := mcp.NewClient(&mcp.Implementation{Name: "tooltui", Version: "1"},
		&mcp.ClientOptions{Capabilities: capabilities()})
	cs, err := client.Connect(r.ctx, t, &mcp.ClientSessionOptions{ProtocolVersion: protocolVersion})
	if err != nil {
		return nil, r.fail(phaseInitializing, err)
	}
	tools, err := r.listAll(cs)
	if err != nil {
		// Describe the failure before closing: closing changes what the
		// server looks like (a stdio server exits once its stdin closes).
		err = r.fail(phaseListing, err)
		if r.web != nil {
			r.web.abort()
		}
	}
	_ = cs.Close()
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(struct {
		Tools []json.RawMessage `json:"tools"`
	}{tools}); err != nil {
		return nil, fmt.Errorf("%s: encoding the tools: %w", r.name, err)
	}
	return buf.Bytes(), nil
}

// listAll follows the pages of tools/list.
func (r *run) listAll(cs *mcp.ClientSession) ([]json.RawMessage, error) {
	tools := []json.RawMessage{}
	seen := map[string]bool{}
	cursor := ""
	for page := 1; ; page++ {
		if page > MaxPages {
			return nil, &limitError{fmt.Sprintf("the server sent more than %d pages of tools (tooltui's cap)", MaxPages)}
		}
		var params *mcp.ListToolsParams
		if cursor != "" {
			params = &mcp.ListToolsParams{Cursor: cursor}
		}
		res, err := cs.ListTools(r.ctx, params)
		raw, captured := r.rec.takeToolsList()
		var pageTools []json.RawMessage
		var next string
		switch {
		case captured:
			// The raw result is authoritative, even when the client library
			// could not decode it into its own types.
			pageTools, next, err = parsePage(raw)
			if err != nil {
				return nil, fmt.Errorf("page %d: %w", page, err)
			}
		case err != nil:
			return nil, pageError{page, err}
		default:
			// Not seen on the wire (cannot happen with the transports used
			// here); fall back to the client library's decoded tools.
			for _, tool := range res.Tools {
				b, err := json.Marshal(tool)
				if err != nil {
					return nil, fmt.Errorf("page %d: %w", page, err)
				}
				pageTools = append(pageTools, b)
			}
			next = res.NextCursor
		}
		tools = append(tools, pageTools...)
		if len(tools) > MaxTools {
			return nil, &limitError{fmt.Sprintf("the server sent more than %d tools (tooltui's cap)", MaxTools)}
		}
		if next == "" {
			return tools, nil
		}
		if seen[next] {
			return nil, fmt.Errorf("page %d: the server sent nextCursor %q a second time (the pages loop)", page, next)
		}
		seen[next] = true
		cursor = next
	}
}

type pageError struct {
	page int
	err  error
}

func (e pageError) Error() string { return fmt.Sprintf("page %d: %v", e.page, e.err) }
func (e pageError) Unwrap() error { return e.err }

type limitError struct{ msg string }

func (e *limitError) Error() string { return e.msg }

// parsePage splits a raw tools/list result into its tools and next cursor.
func parsePage(raw json.RawMessage) ([]json.RawMessage, string, error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		return nil, "", fmt.Errorf("the tools/list result is not a JSON object: %w", err)
	}
	var tools []json.RawMessage
	if t, ok := fields["tools"]; ok && string(t) != "null" {
		if err := json.Unmarshal(t, &tools); err != nil {
			return nil, "", fmt.Errorf(`"tools" in the tools/list result is not an array: %w`, err)
		}
	}
	var next string
	if c, ok := fields["nextCursor"]; ok && string(c) != "null" {
		if err := json.Unmarshal(c, &next); err != nil {
			return nil, "", fmt.Errorf(`"nextCursor" in the tools/list result is not a string: %s`, c)
		}
	}
	return tools, next, nil
}

// startError explains why a program could not be started.
func (r *run) startError(program string, err error) error {
	if errors.Is(err, exec.ErrNotFound) {
		return fmt.Errorf("MCP server: program %q not found in $PATH: %w", program, err)
	}
	if errors.Is(err, fs.ErrNotExist) {
		if _, serr := os.Stat(program); serr == nil {
			return fmt.Errorf("MCP server: cannot run %q (its interpreter, named in its first line, is missing?): %w", program, err)
		}
		return fmt.Errorf("MCP server: program %q not found: %w", program, err)
	}
	if errors.Is(err, fs.ErrPermission) {
		return fmt.Errorf("MCP server: program %q is not executable: %w", program, err)
	}
	return fmt.Errorf("%s: %s failed: %w", r.name, phaseStarting, err)
}

// exitGrace is how long a failed call waits for a stdio server that seems
// to be going away to exit, so that its exit status can be reported.
var exitGrace = time.Second

// fail turns an error from the given phase into a message that says what
// happened. The original error stays reachable with errors.Is and errors.As.
func (r *run) fail(phase string, err error) error {
	var pe pageError
	if errors.As(err, &pe) {
		phase = fmt.Sprintf("%s (page %d)", phase, pe.page)
		err = pe.err
	}
	if r.ctx.Err() != nil {
		if perr := r.parent.Err(); perr != nil {
			return wrap(fmt.Sprintf("%s: stopped while %s: %v%s", r.name, phase, perr, r.stderrTail()), perr, err)
		}
		return wrap(fmt.Sprintf("%s: timed out after %v while %s%s", r.name, r.timeout, phase, r.stderrTail()),
			context.DeadlineExceeded, err)
	}
	var le *limitError
	if errors.As(err, &le) {
		return wrap(r.name+": "+le.msg, err)
	}
	var rpcErr *jsonrpc.Error
	isRPC := errors.As(err, &rpcErr)
	if r.web != nil {
		if what, detail := r.web.failure(); what != "" {
			msg := fmt.Sprintf("%s %s while %s", r.name, what, phase)
			switch {
			case isRPC && rpcErr.Code == codeRejected && detail != "":
				// The transport's own wrapper of the HTTP failure: the
				// server's answer says more.
				msg += ": " + detail
			case isRPC && rpcErr.Code != codeRejected:
				msg += fmt.Sprintf(": JSON-RPC error %d: %s", rpcErr.Code, rpcErr.Message)
			case detail != "":
				msg += ": " + detail
			}
			return wrap(msg, err)
		}
	}
	if isRPC {
		return wrap(fmt.Sprintf("%s answered with JSON-RPC error %d while %s: %s%s",
			r.name, rpcErr.Code, phase, rpcErr.Message, r.stderrTail()), err)
	}
	if r.proc != nil && r.proc.hasHungUp() {
		// The server went away by itself: say how it ended.
		if r.proc.exitedWithin(exitGrace) {
			return wrap(fmt.Sprintf("%s exited (%s) while %s%s", r.name, r.proc.state, phase, r.stderrTail()),
				r.proc.waitErr, err)
		}
		return wrap(fmt.Sprintf("%s closed its stdin or stdout while %s%s", r.name, phase, r.stderrTail()), err)
	}
	hint := ""
	var syn *json.SyntaxError
	if r.proc != nil && errors.As(err, &syn) {
		hint = " (a stdio server must write nothing but JSON-RPC messages to its stdout)"
	}
	return wrap(fmt.Sprintf("%s: %s failed: %v%s%s", r.name, phase, err, hint, r.stderrTail()), err)
}

// codeRejected is the JSON-RPC code the MCP client library gives a
// request that its transport could not deliver (an HTTP error status, a
// failed connection).
const codeRejected = -32005

// listError is an error of List: a complete message plus the errors behind it.
type listError struct {
	msg  string
	errs []error
}

func (e *listError) Error() string   { return e.msg }
func (e *listError) Unwrap() []error { return e.errs }

func wrap(msg string, errs ...error) error {
	var keep []error
	for _, err := range errs {
		if err != nil {
			keep = append(keep, err)
		}
	}
	return &listError{msg, keep}
}

// validHeaderName reports whether k is an HTTP header name (a token).
func validHeaderName(k string) bool {
	if k == "" {
		return false
	}
	for _, c := range k {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case strings.ContainsRune("!#$%&'*+-.^_`|~", c):
		default:
			return false
		}
	}
	return true
}

// stderrTail returns the end of a stdio server's stderr, ready to append to
// a message, or "".
func (r *run) stderrTail() string {
	if r.proc == nil {
		return ""
	}
	tail := r.proc.stderr.String()
	switch {
	case tail == "":
		return ""
	case strings.Contains(tail, "\n"):
		return "; its stderr ends with:\n" + tail
	default:
		return "; stderr: " + tail
	}
}
