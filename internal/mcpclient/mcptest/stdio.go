package mcptest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The tests of a package start its test binary itself as a stdio MCP
// server: with modeEnv set, StdioMain runs the mode it names instead of
// the tests. Each start writes its pid to the file pidEnv names (a mode
// that leaves a child behind writes the child's instead) and appends it
// to the file startsEnv names.
const (
	modeEnv   = "TOOLTUI_MCPTEST_MODE"
	pidEnv    = "TOOLTUI_MCPTEST_PIDFILE"
	startsEnv = "TOOLTUI_MCPTEST_STARTS"
)

// leftEnv, set, makes a test binary that imports mcptest sleep for an hour
// instead of running its tests: it is then the program a stdio test server
// leaves behind (LeaveChild, StartChild).
const leftEnv = "TOOLTUI_MCPTEST_LEFT_BEHIND"

func init() {
	if os.Getenv(leftEnv) != "" {
		time.Sleep(time.Hour)
		os.Exit(0)
	}
}

// Modes are the stdio servers a test binary can be: each runs in place of
// the tests and returns the binary's exit status.
type Modes map[string]func() int

// StdioMain is for TestMain to call first: in a test binary started by
// ServerCommand it records the start, runs the mode and exits; otherwise
// it returns.
func StdioMain(modes Modes) {
	mode := os.Getenv(modeEnv)
	if mode == "" {
		return
	}
	if f := os.Getenv(pidEnv); f != "" {
		_ = os.WriteFile(f, []byte(strconv.Itoa(os.Getpid())), 0o600)
	}
	if f := os.Getenv(startsEnv); f != "" {
		if w, err := os.OpenFile(f, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600); err == nil {
			fmt.Fprintln(w, os.Getpid())
			w.Close()
		}
	}
	run, ok := modes[mode]
	if !ok {
		fmt.Fprintln(os.Stderr, "unknown test server mode", mode)
		os.Exit(2)
	}
	os.Exit(run())
}

// Stdio is the test binary as a stdio server (ServerCommand).
type Stdio struct {
	// Command starts the server: the test binary.
	Command []string
	mode    string
	pidFile string
	starts  string
}

// ServerCommand makes the test binary, started from now until the test
// ends, the stdio server mode: it sets the environment StdioMain reads.
func ServerCommand(t testing.TB, mode string) *Stdio {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	s := &Stdio{Command: []string{exe}, mode: mode, pidFile: filepath.Join(dir, "pid"), starts: filepath.Join(dir, "starts")}
	t.Setenv(modeEnv, mode)
	t.Setenv(pidEnv, s.pidFile)
	t.Setenv(startsEnv, s.starts)
	return s
}

// Env is the environment that makes the test binary the server, for a
// program that does not pass its own on.
func (s *Stdio) Env() []string {
	return []string{modeEnv + "=" + s.mode, startsEnv + "=" + s.starts}
}

// Pid is the pid the last server started wrote (that of the child it left
// behind, for a mode that leaves one): 0 when there is none (yet).
func (s *Stdio) Pid() int { return ReadPid(s.pidFile) }

// PidFile is the file the servers write their pid to.
func (s *Stdio) PidFile() string { return s.pidFile }

// Starts returns the pids of the servers started so far, in order.
func (s *Stdio) Starts() []int {
	b, _ := os.ReadFile(s.starts)
	var pids []int
	for _, l := range strings.Fields(string(b)) {
		if pid, err := strconv.Atoi(l); err == nil {
			pids = append(pids, pid)
		}
	}
	return pids
}

// RunStdio runs s on standard input and output, as a stdio server mode
// does, and returns the exit status.
func RunStdio(s *mcp.Server) int {
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		fmt.Fprintln(os.Stderr, "serve:", err)
		return 1
	}
	return 0
}

// LeaveChild is for a stdio test server (a test binary started by the
// test) to call: it starts a program that outlives the server unless the
// server's process group is ended, and that holds the server's stdout open
// while it lives (not its stderr, as a program started in the background
// often does not). It writes the program's pid to the pid file, in place
// of the server's. With detach it is started in a session of its own
// (where there are sessions), out of the server's process group.
func LeaveChild(detach bool) error {
	return startChild(true, detach)
}

// StartChild is LeaveChild for a program that holds none of the server's
// files open.
func StartChild() error {
	return startChild(false, false)
}

func startChild(holdStdout, detach bool) error {
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), leftEnv+"=1")
	if holdStdout {
		cmd.Stdout = os.Stdout
	}
	if detach {
		detachProcess(cmd)
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	if err := os.WriteFile(os.Getenv(pidEnv), []byte(strconv.Itoa(cmd.Process.Pid)), 0o600); err != nil {
		_ = cmd.Process.Kill()
		return fmt.Errorf("writing the pid of the child: %w", err)
	}
	return nil
}

// ReadPid reads the pid a server or LeaveChild wrote to file: 0 when there
// is none (yet).
func ReadPid(file string) int {
	b, err := os.ReadFile(file)
	if err != nil {
		return 0
	}
	pid, _ := strconv.Atoi(string(b))
	return pid
}

// headIn is the input of read_head.
type headIn struct {
	Path string `json:"path"`
	Head int    `json:"head,omitempty"`
}

// HeadSchema is read_head's inputSchema: head is optional and an integer,
// never null.
const HeadSchema = `{"type":"object","properties":{"path":{"type":"string"},"head":{"type":"integer"}},"required":["path"],"additionalProperties":false}`

// NewCallServer is a server whose tools answer in every way a tool can,
// for tests that call tools; it has the tools named (all when none is):
//   - read_head checks its arguments against HeadSchema (the SDK does), as
//     real servers do, and answers "read " and the arguments it got;
//   - missing_file and fail answer with an error;
//   - kinds answers with every kind of content, structured with
//     structured content only;
//   - hang never answers; crash exits with status 4, saying why on stderr;
//   - env answers with the values of the variables its Names argument names.
func NewCallServer(name string, tools ...string) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: name, Version: "1"}, nil)
	want := func(n string) bool {
		if len(tools) == 0 {
			return true
		}
		for _, t := range tools {
			if t == n {
				return true
			}
		}
		return false
	}
	if want("read_head") {
		mcp.AddTool(s, &mcp.Tool{Name: "read_head", Description: "The first lines of a file.", InputSchema: json.RawMessage(HeadSchema)},
			func(_ context.Context, req *mcp.CallToolRequest, in headIn) (*mcp.CallToolResult, any, error) {
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "read " + string(req.Params.Arguments)}}}, nil, nil
			})
	}
	tool := func(name string, h mcp.ToolHandler) {
		if want(name) {
			s.AddTool(&mcp.Tool{Name: name, InputSchema: json.RawMessage(`{"type":"object"}`)}, h)
		}
	}
	fail := func(text string) mcp.ToolHandler {
		return func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil
		}
	}
	tool("missing_file", fail("ENOENT: no such file"))
	tool("fail", fail("no such file"))
	tool("kinds", func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{
			&mcp.TextContent{Text: "first"},
			&mcp.ImageContent{MIMEType: "image/png", Data: []byte("12345")},
			&mcp.ResourceLink{URI: "file:///a.txt", Name: "a.txt"},
			&mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: "file:///b.txt", Text: "inside b"}},
			&mcp.TextContent{Text: "last"},
		}}, nil
	})
	tool("structured", func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{}, StructuredContent: map[string]any{"temp_c": 21}}, nil
	})
	tool("hang", func(ctx context.Context, _ *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		<-ctx.Done()
		return nil, ctx.Err()
	})
	tool("env", func(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var in struct{ Names []string }
		_ = json.Unmarshal(req.Params.Arguments, &in)
		var b strings.Builder
		for _, n := range in.Names {
			v, ok := os.LookupEnv(n)
			fmt.Fprintf(&b, "%s=%q(%v) ", n, v, ok)
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: b.String()}}}, nil
	})
	tool("crash", func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		fmt.Fprintln(os.Stderr, "panic: the disk is gone")
		os.Exit(4)
		return nil, nil
	})
	return s
}

// Hang is a stdio server mode that never answers: it reads its stdin
// until it is stopped.
func Hang() int {
	go func() {
		buf := make([]byte, 512)
		for {
			if _, err := os.Stdin.Read(buf); err != nil {
				return
			}
		}
	}()
	time.Sleep(time.Hour)
	return 0
}

// Exit is a stdio server mode that fails at once, as a server without its
// configuration does: it writes "fatal: " and why to stderr and exits with
// status 3.
func Exit(why string) func() int {
	return func() int {
		fmt.Fprintln(os.Stderr, "fatal: "+why)
		return 3
	}
}
