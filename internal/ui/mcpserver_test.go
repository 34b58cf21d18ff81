package ui

// What the tests of the dialogs that list an MCP server's tools share:
// a go-sdk server with the tools given, and running the commands until
// their answer comes.

import (
	"context"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// mcpToolServer is a go-sdk MCP server named name with tools, each of
// which answers a call with an empty result.
func mcpToolServer(name string, tools ...*mcp.Tool) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: name, Version: "1"}, nil)
	for _, tool := range tools {
		s.AddTool(tool, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{}, nil
		})
	}
	return s
}

// answer runs cmd's commands as the program would, each in its own
// goroutine, until a message of type M comes, and hands it to the app.
func answer[M tea.Msg](t testing.TB, a *App, cmd tea.Cmd) tea.Cmd {
	t.Helper()
	out := make(chan tea.Msg, 64)
	start := func(c tea.Cmd) {
		if c != nil {
			go func() { out <- c() }()
		}
	}
	start(cmd)
	deadline := time.After(20 * time.Second)
	for {
		select {
		case m := <-out:
			if b, ok := m.(tea.BatchMsg); ok {
				for _, c := range b {
					start(c)
				}
				continue
			}
			if m, ok := m.(M); ok {
				_, next := a.Update(m)
				return next
			}
		case <-deadline:
			var m M
			t.Fatalf("no %T came", m)
			return nil
		}
	}
}
