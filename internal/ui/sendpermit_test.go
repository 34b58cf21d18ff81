package ui

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tooltui/tooltui/internal/mcpclient/mcptest"
	"github.com/tooltui/tooltui/internal/send"
	"github.com/tooltui/tooltui/internal/ui/sendview"
)

type readIn struct {
	Path string `json:"path"`
}

// mcpServer serves read_head, which echoes its arguments, over HTTP.
func mcpServer(t *testing.T) *mcptest.Server {
	t.Helper()
	s := mcp.NewServer(&mcp.Implementation{Name: "tooltui-ui-test", Version: "1"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "read_head", InputSchema: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}`)},
		func(_ context.Context, req *mcp.CallToolRequest, in readIn) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "read " + string(req.Params.Arguments)}}}, nil, nil
		})
	return mcptest.Serve(t, s, "")
}

// mcpDoc is a document whose read_head is served by the MCP server at url
// (as tooltui import --into --mcp-url records it).
func mcpDoc(url string) string {
	return `{"model": "gpt-5", "input": "Read a", "tools_defs": [{"name": "read_head", "parameters": {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}}],
  "tooltui": {"mcp_servers": {"fs": {"url": "` + url + `"}}, "origins": {"tools_defs[0]": "mcp:fs"}}}`
}

// callThenText is a fake send whose first turn calls read_head and whose
// later ones answer in text; bodies are the requests sent.
func callThenText(t *testing.T) (fakeSend, func() []string) {
	var mu sync.Mutex
	var bodies []string
	return func(ctx context.Context, cfg send.Config, body []byte, each func(send.Event) error) error {
			mu.Lock()
			bodies = append(bodies, string(body))
			n := len(bodies)
			mu.Unlock()
			evs := []string{`{"type":"response.output_item.done","item":{"type":"function_call","id":"fc","call_id":"c1","name":"read_head","arguments":"{\"path\":\"a\"}"}}`,
				`{"type":"response.completed","response":{"id":"resp_1","status":"completed"}}`}
			if n > 1 {
				evs = []string{`{"type":"response.output_text.delta","delta":"Done."}`,
					`{"type":"response.completed","response":{"id":"resp_2","status":"completed"}}`}
			}
			for _, e := range evs {
				if err := each(ev(t, e)); err != nil {
					return err
				}
			}
			return nil
		}, func() []string {
			mu.Lock()
			defer mu.Unlock()
			return append([]string(nil), bodies...)
		}
}

// permitting holds while the response view asks to allow a call.
func permitting(a *App) bool {
	d, ok := a.dialog.(*sendview.Dialog)
	return ok && d.Permit != nil
}

func key1(s string) tea.KeyPressMsg {
	r := []rune(s)[0]
	return tea.KeyPressMsg{Code: r, Text: s}
}

// mcpSend sends mcpDoc(url) with callThenText as the model, up to the
// question whether to call the MCP server; bodies are the requests sent.
func mcpSend(t *testing.T, url string) (a *App, p *pumper, bodies func() []string) {
	t.Helper()
	fake, bodies := callThenText(t)
	a = sendAppDoc(t, mcpDoc(url), fake)
	return a, startSend(t, a, permitting), bodies
}

// TestSendAsksBeforeCallingAnMCPServer: a call of a function imported from
// an MCP server waits for the user's approval, which names the function,
// the server's URL and the arguments; nothing reaches the server before.
// Allowed once, the server's output goes back to the model.
func TestSendAsksBeforeCallingAnMCPServer(t *testing.T) {
	ts := mcpServer(t)
	a, p, bodies := mcpSend(t, ts.URL)
	s := flatText(treeScreen(a))
	for _, want := range []string{"Call read_head on MCP server fs?", "URL: " + ts.URL, `arguments: {"path":"a"}`, "a allow once · A allow always"} {
		requireIn(t, s, want)
	}
	if n := len(ts.Seen()); n != 0 {
		t.Fatalf("%d requests reached the MCP server before the approval", n)
	}
	p.press(key1("a"), ended)
	s = flatText(treeScreen(a))
	for _, want := range []string{"allowed once: read_head on MCP server fs", "starting MCP server fs (" + ts.URL + ")",
		`← MCP output for read_head (read_head of fs): read {"path":"a"}`, "Done.", "stopped MCP server fs"} {
		requireIn(t, s, want)
	}
	if b := bodies(); len(b) != 2 || !strings.Contains(b[1], `"output":"read {\"path\":\"a\"}"`) {
		t.Fatalf("requests:\n%s", strings.Join(b, "\n"))
	}
}

// TestSendDeclinesAnMCPCall: d answers the call with an output that says
// it was declined, and the server is never reached; A allows every later
// call of the server in the app's run, without asking.
func TestSendDeclinesAnMCPCall(t *testing.T) {
	ts := mcpServer(t)
	a, p, bodies := mcpSend(t, ts.URL)
	p.press(key1("d"), ended)
	if b := bodies(); len(b) != 2 || !strings.Contains(b[1], "declined") || len(ts.Seen()) != 0 {
		t.Fatalf("%d MCP requests; requests:\n%s", len(ts.Seen()), strings.Join(b, "\n"))
	}
	requireIn(t, flatText(treeScreen(a)), "← MCP error for read_head (read_head of fs): error: the call of read_head was declined")

	// Allowed always: the next send asks no more.
	a.deps.Send, _ = callThenText(t)
	p.press(ctrlR, permitting)
	p.press(key1("A"), ended)
	a.deps.Send, bodies = callThenText(t)
	p.press(ctrlR, func(a *App) bool { return permitting(a) || ended(a) })
	if permitting(a) {
		t.Fatal("a server allowed always was asked again")
	}
	if b := bodies(); len(b) != 2 || !strings.Contains(b[1], `read {\"path\":\"a\"}`) {
		t.Fatalf("requests:\n%s", strings.Join(b, "\n"))
	}
}

// TestSendTypesTheOutputOfAnMCPCall: t at the approval prompt lets the
// user type the output; the server is not reached.
func TestSendTypesTheOutputOfAnMCPCall(t *testing.T) {
	ts := mcpServer(t)
	a, p, bodies := mcpSend(t, ts.URL)
	a.Update(key1("t"))
	if !asking(a) {
		t.Fatal("t opened no output prompt")
	}
	for _, r := range "three lines" {
		a.Update(key1(string(r)))
	}
	p.press(tea.KeyPressMsg{Code: tea.KeyEnter}, ended)
	if b := bodies(); len(b) != 2 || !strings.Contains(b[1], `"output":"three lines"`) || len(ts.Seen()) != 0 {
		t.Fatalf("%d MCP requests; requests:\n%s", len(ts.Seen()), strings.Join(b, "\n"))
	}
}

// TestSendMCPServerGone: a server that cannot be reached gives the call
// an error output that says so, and the loop goes on.
func TestSendMCPServerGone(t *testing.T) {
	ts := mcpServer(t)
	url := ts.URL
	ts.Close()
	a, p, bodies := mcpSend(t, url)
	p.press(key1("a"), ended)
	s := flatText(treeScreen(a))
	requireIn(t, s, "← MCP error for read_head (read_head of fs): error: the MCP server fs")
	requireIn(t, s, "Done.")
	if b := bodies(); len(b) != 2 {
		t.Fatalf("requests:\n%s", strings.Join(b, "\n"))
	}
}

// TestPermitPromptLeavesTheCallInView: the approval prompt goes under the
// transcript, whose end (the call asked about) stays in view however long
// it is.
func TestPermitPromptLeavesTheCallInView(t *testing.T) {
	ts := mcpServer(t)
	a := sendAppDoc(t, mcpDoc(ts.URL), func(ctx context.Context, cfg send.Config, body []byte, each func(send.Event) error) error {
		for range 80 {
			if err := each(ev(t, `{"type":"response.output_text.delta","delta":"a line of thought\n"}`)); err != nil {
				return err
			}
		}
		for _, e := range []string{`{"type":"response.output_item.done","item":{"type":"function_call","id":"fc","call_id":"c1","name":"read_head","arguments":"{\"path\":\"a\"}"}}`,
			`{"type":"response.completed","response":{"id":"resp_1","status":"completed"}}`} {
			if err := each(ev(t, e)); err != nil {
				return err
			}
		}
		return nil
	})
	startSend(t, a, permitting)
	s := treeScreen(a)
	requireIn(t, s, `→ read_head {"path":"a"}: fits its parameters`)
	requireIn(t, s, "Call read_head on MCP server fs?")
	a.closeDialog()
}
