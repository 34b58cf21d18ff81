package bridge

import (
	"os"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tooltui/tooltui/internal/mcpclient/mcptest"
)

// waitLimit bounds the tests' polls: they end as soon as what they wait
// for happens.
const waitLimit = 20 * time.Second

// The tests start the test binary itself as a stdio MCP server
// (mcptest.ServerCommand): "fs" serves read_head, missing_file, hang and
// crash; "exit" fails at once; "hang" never answers.
func TestMain(m *testing.M) {
	mcptest.StdioMain(mcptest.Modes{
		"fs": func() int {
			return mcptest.RunStdio(newFSServer())
		},
		"exit": mcptest.Exit("no config at /nonexistent/fs.toml"),
		"hang": mcptest.Hang,
	})
	os.Exit(m.Run())
}

// serverCommand is the command line that starts the test binary as the
// server mode; starts reads the pids of the servers started so far.
func serverCommand(t *testing.T, mode string) (command []string, starts func() []int) {
	t.Helper()
	s := mcptest.ServerCommand(t, mode)
	return append(s.Command, "--stdio"), s.Starts
}

// headSchema is read_head's inputSchema: head is optional and an
// integer, never null.
const headSchema = mcptest.HeadSchema

// newFSServer is the server fs: read_head echoes the arguments it got,
// missing_file fails, hang never answers and crash exits.
func newFSServer() *mcp.Server {
	return mcptest.NewCallServer("tooltui-bridge-test", "read_head", "missing_file", "hang", "crash")
}
