package ui

// Listing an mcp tool's server to fill allowed_tools: the key on rows that
// have no server says why, the listing runs in a command that esc
// cancels, the dialog is checked from allowed_tools (a list or a filter
// object, names the server lacks kept and marked), and applying is one
// undoable edit. The last tests reach a real MCP server over HTTP.

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tooltui/tooltui/internal/mcpclient/mcptest"
	"github.com/tooltui/tooltui/internal/ui/kit"
	"github.com/tooltui/tooltui/internal/ui/mcptools"

	"github.com/tooltui/tooltui/internal/mcpclient"
	"github.com/tooltui/tooltui/internal/model"
)

const mcpTestDoc = `{"model": "gpt-5", "tools_defs": [{"name": "f", "parameters": {"type": "object"}}],
 "extra": {"builtin_tools": [
   {"type": "mcp", "server_label": "docs", "server_url": "https://docs.example/mcp", "allowed_tools": ["search", "gone"], "headers": {"X-Team": "tools"}, "authorization": "tok"},
   {"type": "mcp", "server_label": "filter", "server_url": "https://f.example/mcp", "allowed_tools": {"tool_names": ["fetch"], "read_only": true}},
   {"type": "mcp", "server_label": "open", "server_url": "https://o.example/mcp", "require_approval": "never"},
   {"type": "mcp", "server_label": "mail", "connector_id": "connector_gmail", "authorization": "x"},
   {"type": "web_search"},
   {"type": "mcp", "server_label": "lower", "server_url": "http://l.example/mcp", "headers": {"authorization": "Basic abc"}, "authorization": "tok"}
 ]}}`

var (
	mcpDocs   = kit.Sel{Kind: model.Builtin, Index: 0}
	mcpFilter = kit.Sel{Kind: model.Builtin, Index: 1}
	mcpOpen   = kit.Sel{Kind: model.Builtin, Index: 2}
	mcpMail   = kit.Sel{Kind: model.Builtin, Index: 3}
	mcpWeb    = kit.Sel{Kind: model.Builtin, Index: 4}
	mcpLower  = kit.Sel{Kind: model.Builtin, Index: 5}
)

// mcpTestTools is a tools/list result with a multi-line description, a
// tool described only by its title and a name sent twice.
const mcpTestTools = `{"tools": [
  {"name": "search", "description": "Search the docs.\nSecond line.", "inputSchema": {"type": "object"}},
  {"name": "fetch", "description": "Fetch a page.", "inputSchema": {"type": "object"}},
  {"name": "delete_page", "title": "Delete a page", "inputSchema": {"type": "object"}},
  {"name": "search", "description": "again", "inputSchema": {"type": "object"}}
]}`

// mcpStub answers every listing with out and err and records the servers
// asked.
type mcpStub struct {
	mu    sync.Mutex
	asked []mcpclient.Server
	out   string
	err   error
}

func (s *mcpStub) list(ctx context.Context, srv mcpclient.Server) ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.asked = append(s.asked, srv)
	if s.err != nil {
		return nil, s.err
	}
	return []byte(s.out), nil
}

func (s *mcpStub) calls() []mcpclient.Server {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]mcpclient.Server(nil), s.asked...)
}

func mcpApp(t *testing.T, src string, at kit.Sel, list func(context.Context, mcpclient.Server) ([]byte, error), w, h int) *App {
	t.Helper()
	a := New(Options{Doc: parseDoc(t, src), Name: "doc.json", Deps: kit.Deps{
		CopyNative:   noCopy,
		WriteFile:    func(string, []byte) error { return errors.New("no writes in this test") },
		Getenv:       func(string) string { return "" },
		ListMCPTools: list,
	}})
	a.Update(tea.WindowSizeMsg{Width: w, Height: h})
	a.apply(kit.ActSelect{At: at}, kit.ActFocus{Pane: kit.PaneEditor})
	if a.at != at {
		t.Fatalf("selected %+v, want %+v", a.at, at)
	}
	return a
}

// openMCP presses L on row at and hands the stub's answer to the dialog.
func openMCP(t *testing.T, at kit.Sel, stub *mcpStub) (*App, *mcptools.Dialog) {
	t.Helper()
	a := mcpApp(t, mcpTestDoc, at, stub.list, 120, 40)
	_, cmd := a.Update(ukey("L"))
	d, ok := a.dialog.(*mcptools.Dialog)
	if !ok {
		t.Fatalf("L opened %T; status %q", a.dialog, a.status.text)
	}
	answer[mcptools.Msg](t, a, cmd)
	if d.State != mcptools.McpListed {
		t.Fatalf("state %d after the answer, error %q", d.State, d.Err)
	}
	return a, d
}

// press gives the open dialog keys through the app, as typed.
func mcpKeysIn(a *App, keys ...string) {
	for _, k := range keys {
		a.Update(ukey(k))
	}
}

func itemStates(d *mcptools.Dialog) string {
	var b strings.Builder
	for i, it := range d.Items {
		c := "-"
		if d.Checked(i) {
			c = "+"
		}
		if it.Missing {
			c += "?"
		}
		b.WriteString(c + it.Name + " ")
	}
	return strings.TrimSpace(b.String())
}

// boxText is the dialog's text with its frame taken off and its lines
// joined, so that a wrapped sentence reads as one.
func boxText(a *App, d kit.Dialog) string {
	var parts []string
	for _, l := range strings.Split(argsView(a, d), "\n") {
		parts = append(parts, strings.Fields(strings.Trim(l, "│╭╮╰╯─"))...)
	}
	return strings.Join(parts, " ")
}

func entryOf(a *App, at kit.Sel) string { return string(a.s.Doc().List(at.Kind)[at.Index].Raw) }

func allowedOf(t *testing.T, a *App, at kit.Sel) string {
	t.Helper()
	v, ok := model.GetPath(a.s.Doc().List(at.Kind)[at.Index].Raw, []string{"allowed_tools"})
	if !ok {
		return "(absent)"
	}
	return string(v)
}

func TestMCPListKeySaysWhyRowsHaveNoToolsToList(t *testing.T) {
	stub := &mcpStub{out: mcpTestTools}
	for _, c := range []struct {
		doc  string
		at   kit.Sel
		want string
	}{
		{mcpTestDoc, kit.RequestSel, "Only an mcp tool with a server_url has tools to list: select one in the tools pane (the request row is selected)"},
		{mcpTestDoc, kit.Sel{Kind: model.Function, Index: 0}, "Only an mcp tool with a server_url has tools to list (this is a function)"},
		{mcpTestDoc, mcpWeb, "Only an mcp tool with a server_url has tools to list (this is a web_search tool)"},
		{mcpTestDoc, mcpMail, "A connector (connector_id) cannot be listed from here: only an mcp tool with a server_url has tools to list"},
		{`{"extra": {"builtin_tools": [{"type": "mcp", "server_label": "t", "tunnel_id": "tunnel_` + strings.Repeat("a1", 16) + `"}]}}`, kit.Sel{Kind: model.Builtin}, "A tunnel (tunnel_id) cannot be listed from here"},
		{`{"extra": {"builtin_tools": [{"type": "mcp", "server_label": "t"}]}}`, kit.Sel{Kind: model.Builtin}, "This mcp tool has no server_url"},
		{`{"extra": {"builtin_tools": [{"type": "mcp", "server_label": "t", "server_url": "mcp.example.com"}]}}`, kit.Sel{Kind: model.Builtin}, `server_url must be an http or https URL to list the server's tools, not "mcp.example.com"`},
		{`{"extra": {"builtin_tools": [{"type": "mcp", "server_label": "t", "server_url": 3}]}}`, kit.Sel{Kind: model.Builtin}, "server_url must be a string"},
		{`{"extra": {"builtin_tools": [{"type": "mcp", "server_label": "t", "server_url": "https://x.example", "headers": {"X-Retry": 3}}]}}`, kit.Sel{Kind: model.Builtin}, `Header "X-Retry" must be a string`},
		{`{"extra": {"builtin_tools": [{"type": "mcp", "server_label": "t", "server_url": "https://x.example", "headers": []}]}}`, kit.Sel{Kind: model.Builtin}, "headers must be an object of strings"},
		{`{"extra": {"builtin_tools": [{"type": "mcp", "server_label": "t", "server_url": "https://x.example", "authorization": 1}]}}`, kit.Sel{Kind: model.Builtin}, "authorization must be a string"},
		{`{"extra": {"builtin_tools": [{"type": "mcp", "server_label": "t", "server_url": "https://x.example", "allowed_tools": "all"}]}}`, kit.Sel{Kind: model.Builtin}, "allowed_tools must be a list of names or a"},
		{`{"extra": {"builtin_tools": [{"type": "mcp", "server_label": "t", "server_url": "https://x.example", "allowed_tools": ["a", 2]}]}}`, kit.Sel{Kind: model.Builtin}, "allowed_tools holds a number, not only tool names"},
		{`{"extra": {"builtin_tools": [{"type": "mcp", "server_label": "t", "server_url": "https://x.example", "allowed_tools": {"tool_names": "a"}}]}}`, kit.Sel{Kind: model.Builtin}, "allowed_tools.tool_names must be a list of names"},
	} {
		a := mcpApp(t, c.doc, c.at, stub.list, 120, 40)
		a.Update(ukey("L"))
		if a.dialog != nil {
			t.Errorf("%s: L opened %T", c.want, a.dialog)
			continue
		}
		if !strings.Contains(a.status.text, c.want) {
			t.Errorf("L said %q\nwant %q", a.status.text, c.want)
		}
		// The palette lists the command with the same reason.
		for _, cmd := range a.cmds {
			if cmd.name == kit.CmdListMCP && !strings.Contains(cmd.avail(a), c.want) {
				t.Errorf("the palette says %q, want %q", cmd.avail(a), c.want)
			}
		}
	}
	if n := len(stub.calls()); n != 0 {
		t.Errorf("%d listings started for rows without a server", n)
	}
}

func TestMCPListSendsTheHeadersAndTheAuthorization(t *testing.T) {
	stub := &mcpStub{out: mcpTestTools}
	openMCP(t, mcpDocs, stub)
	openMCP(t, mcpOpen, stub)
	openMCP(t, mcpLower, stub)
	got := stub.calls()
	if len(got) != 3 {
		t.Fatalf("%d listings", len(got))
	}
	want := []mcpclient.Server{
		{URL: "https://docs.example/mcp", Headers: map[string]string{"X-Team": "tools", "Authorization": "Bearer tok"}},
		{URL: "https://o.example/mcp"},
		// a header of its own wins over authorization, whatever its case
		{URL: "http://l.example/mcp", Headers: map[string]string{"authorization": "Basic abc"}},
	}
	for i, w := range want {
		g := got[i]
		if g.URL != w.URL || len(g.Headers) != len(w.Headers) || len(g.Command) != 0 {
			t.Errorf("listing %d asked %+v, want %+v", i, g, w)
			continue
		}
		for k, v := range w.Headers {
			if g.Headers[k] != v {
				t.Errorf("listing %d: header %s = %q, want %q", i, k, g.Headers[k], v)
			}
		}
	}
}

func TestMCPToolsDialogChecksAllowedTools(t *testing.T) {
	a, d := openMCP(t, mcpDocs, &mcpStub{out: mcpTestTools})
	// server order, one row per name, the name the server lacks last
	if got := itemStates(d); got != "+search -fetch -delete_page +?gone" {
		t.Fatalf("items %s", got)
	}
	v := argsView(a, d)
	for _, want := range []string{"Tools of docs · 3 tools", "allowed_tools allows 2 tools", "2 of 4 checked",
		"[x] search", "Search the docs.", "[ ] delete_page", "Delete a page", "[x] gone", "not on the server", "space check"} {
		if !strings.Contains(v, want) {
			t.Errorf("the view lacks %q:\n%s", want, v)
		}
	}
	if strings.Contains(v, "Second line") || strings.Contains(v, "again") {
		t.Errorf("more than the first line of the first description:\n%s", v)
	}
	if !strings.Contains(a.status.text, "docs has 3 tools") {
		t.Errorf("status %q", a.status.text)
	}
	// the filter form and no allowed_tools at all
	_, d = openMCP(t, mcpFilter, &mcpStub{out: mcpTestTools})
	if got := itemStates(d); got != "-search +fetch -delete_page" {
		t.Errorf("filter form: items %s", got)
	}
	if v := argsView(a, d); !strings.Contains(v, "allowed_tools.tool_names allows 1 tool; read_only: true stays") {
		t.Errorf("filter form heading:\n%s", v)
	}
	a, d = openMCP(t, mcpOpen, &mcpStub{out: mcpTestTools})
	if got := itemStates(d); got != "-search -fetch -delete_page" {
		t.Errorf("no allowed_tools: items %s", got)
	}
	if v := argsView(a, d); !strings.Contains(v, "allowed_tools is not set: every tool is allowed") {
		t.Errorf("no allowed_tools heading:\n%s", v)
	}
}

func TestMCPToolsDialogToggles(t *testing.T) {
	a, d := openMCP(t, mcpDocs, &mcpStub{out: mcpTestTools})
	mcpKeysIn(a, "down", "space")
	if got := itemStates(d); got != "+search +fetch -delete_page +?gone" {
		t.Fatalf("space on fetch: %s", got)
	}
	mcpKeysIn(a, "n")
	if got := itemStates(d); got != "-search -fetch -delete_page -?gone" {
		t.Fatalf("n: %s", got)
	}
	mcpKeysIn(a, "a")
	if got := itemStates(d); got != "+search +fetch +delete_page +?gone" {
		t.Fatalf("a: %s", got)
	}
	// a filter narrows what a and n touch; esc clears it, then cancels
	mcpKeysIn(a, "n", "/", "d", "e", "l", "enter")
	if shown := d.Rows.Shown(); len(shown) != 1 || d.Items[shown[0]].Name != "delete_page" {
		t.Fatalf("filter %q shows %v", d.Rows.Filter(), shown)
	}
	mcpKeysIn(a, "a")
	if got := itemStates(d); got != "-search -fetch +delete_page -?gone" {
		t.Fatalf("a under a filter: %s", got)
	}
	if v := argsView(a, d); !strings.Contains(v, "/ del  1 shown") || !strings.Contains(v, "esc clear the filter") {
		t.Errorf("the filter line:\n%s", v)
	}
	mcpKeysIn(a, "esc")
	if a.dialog == nil || d.Rows.Filter() != "" || len(d.Rows.Shown()) != 4 {
		t.Fatalf("esc did not just clear the filter: %q %v", d.Rows.Filter(), d.Rows.Shown())
	}
	// a click on a row checks it: rows start under the heading and the filter line
	a.dialog.Update(tea.MouseClickMsg{X: 3, Y: 2, Button: tea.MouseLeft}, a.env())
	if got := itemStates(d); got != "+search -fetch +delete_page -?gone" {
		t.Fatalf("click on the first row: %s", got)
	}
	before := entryOf(a, mcpDocs)
	mcpKeysIn(a, "esc")
	if a.dialog != nil || entryOf(a, mcpDocs) != before || a.s.Dirty() {
		t.Fatalf("esc: dialog %T, entry %s", a.dialog, entryOf(a, mcpDocs))
	}
}

func TestMCPToolsDialogAppliesOneUndoableEdit(t *testing.T) {
	a, _ := openMCP(t, mcpDocs, &mcpStub{out: mcpTestTools})
	before := entryOf(a, mcpDocs)
	// check delete_page, keep gone: server order, then the missing name
	mcpKeysIn(a, "down", "down", "space", "enter")
	if a.dialog != nil {
		t.Fatalf("enter left %T open", a.dialog)
	}
	if got := allowedOf(t, a, mcpDocs); got != `["search","delete_page","gone"]` {
		t.Fatalf("allowed_tools %s", got)
	}
	if !strings.Contains(a.status.text, "Set allowed_tools to 3 tools of docs, 1 of them not on the server (ctrl+z undoes it)") {
		t.Errorf("status %q", a.status.text)
	}
	// the form shows the new entry
	if f := a.form.Focused(); f == nil || !strings.Contains(f.Ed.Value(), `"delete_page"`) {
		t.Errorf("the editor does not show the new allowed_tools")
	}
	after := entryOf(a, mcpDocs)
	a.Update(ukey("ctrl+z"))
	if got := entryOf(a, mcpDocs); got != before {
		t.Fatalf("one undo gives\n%s\nwant\n%s", got, before)
	}
	a.Update(ukey("ctrl+y"))
	if got := entryOf(a, mcpDocs); got != after {
		t.Fatalf("redo gives %s", got)
	}
	// unchecking the name the server lacks drops it; the rest stays
	a, _ = openMCP(t, mcpDocs, &mcpStub{out: mcpTestTools})
	mcpKeysIn(a, "end", "space", "enter")
	if got := allowedOf(t, a, mcpDocs); got != `["search"]` {
		t.Errorf("without gone: %s", got)
	}
	// the same names: nothing to do, nothing to undo
	a, _ = openMCP(t, mcpDocs, &mcpStub{out: mcpTestTools})
	v := a.s.Version()
	mcpKeysIn(a, "enter")
	if a.dialog != nil || a.s.Version() != v || !strings.Contains(a.status.text, "nothing changed") {
		t.Errorf("enter with the same names: version %d→%d, status %q", v, a.s.Version(), a.status.text)
	}
}

func TestMCPToolsDialogKeepsTheFilterForm(t *testing.T) {
	a, _ := openMCP(t, mcpFilter, &mcpStub{out: mcpTestTools})
	mcpKeysIn(a, "space", "enter")
	if got := allowedOf(t, a, mcpFilter); got != `{"tool_names":["search","fetch"],"read_only":true}` {
		t.Fatalf("filter form: %s", got)
	}
	// none checked: enter asks, another key goes back, enter twice removes the names
	mcpKeysIn(a, "L")
	_, d := openMCPAgain(t, a)
	mcpKeysIn(a, "n", "enter")
	if a.dialog == nil || !d.Confirm || !strings.Contains(boxText(a, d), "enter removes allowed_tools.tool_names") {
		t.Fatalf("enter with none checked did not ask:\n%s", argsView(a, d))
	}
	mcpKeysIn(a, "x")
	if d.Confirm || a.dialog == nil {
		t.Fatal("another key did not go back to the list")
	}
	mcpKeysIn(a, "enter", "enter")
	if got := allowedOf(t, a, mcpFilter); got != `{"read_only":true}` {
		t.Fatalf("removing the names: %s", got)
	}
	if !strings.Contains(a.status.text, "Removed allowed_tools.tool_names; read_only still filters the tools") {
		t.Errorf("status %q", a.status.text)
	}
	// the filter, now without tool_names, gets them again
	mcpKeysIn(a, "L")
	_, d = openMCPAgain(t, a)
	if v := boxText(a, d); !strings.Contains(v, "allowed_tools filters by read_only: true only; the checked tools go in its tool_names") {
		t.Errorf("heading:\n%s", argsView(a, d))
	}
	mcpKeysIn(a, "end", "space", "enter")
	if got := allowedOf(t, a, mcpFilter); got != `{"read_only":true,"tool_names":["delete_page"]}` {
		t.Errorf("tool_names added: %s", got)
	}
}

// openMCPAgain hands the stub's answer to a dialog just opened by L.
func openMCPAgain(t *testing.T, a *App) (*App, *mcptools.Dialog) {
	t.Helper()
	d, ok := a.dialog.(*mcptools.Dialog)
	if !ok {
		t.Fatalf("no dialog: %q", a.status.text)
	}
	d.Update(mcptools.Msg{ID: d.ID, Out: []byte(mcpTestTools)}, a.env())
	return a, d
}

func TestMCPToolsDialogNoneCheckedRemovesAllowedTools(t *testing.T) {
	a, d := openMCP(t, mcpDocs, &mcpStub{out: mcpTestTools})
	before := entryOf(a, mcpDocs)
	mcpKeysIn(a, "n")
	if v := boxText(a, d); !strings.Contains(v, "enter with none checked: remove allowed_tools (asks first)") {
		t.Errorf("the keys line does not say what enter does:\n%s", v)
	}
	mcpKeysIn(a, "enter")
	if !d.Confirm || !strings.Contains(boxText(a, d), "enter removes allowed_tools, so every tool is allowed") {
		t.Fatalf("no question:\n%s", argsView(a, d))
	}
	mcpKeysIn(a, "enter")
	if got := allowedOf(t, a, mcpDocs); got != "(absent)" {
		t.Fatalf("allowed_tools %s", got)
	}
	if !strings.Contains(a.status.text, "Removed allowed_tools: every tool of docs is allowed") {
		t.Errorf("status %q", a.status.text)
	}
	a.Update(ukey("ctrl+z"))
	if entryOf(a, mcpDocs) != before {
		t.Errorf("undo: %s", entryOf(a, mcpDocs))
	}
	// nothing checked and nothing set: nothing to do
	a, _ = openMCP(t, mcpOpen, &mcpStub{out: mcpTestTools})
	v := a.s.Version()
	mcpKeysIn(a, "enter")
	if a.dialog != nil || a.s.Version() != v {
		t.Errorf("enter on an unset allowed_tools with nothing checked changed the document")
	}
	// checking tools of an mcp tool without allowed_tools adds it
	a, _ = openMCP(t, mcpOpen, &mcpStub{out: mcpTestTools})
	mcpKeysIn(a, "down", "space", "enter")
	if got := entryOf(a, mcpOpen); got != `{"type":"mcp","server_label":"open","server_url":"https://o.example/mcp","require_approval":"never","allowed_tools":["fetch"]}` {
		t.Errorf("entry %s", got)
	}
}

func TestMCPToolsDialogShowsErrors(t *testing.T) {
	msg := "MCP server at https://docs.example/mcp answered HTTP 401 Unauthorized while initializing: missing token"
	stub := &mcpStub{err: errors.New(msg)}
	a := mcpApp(t, mcpTestDoc, mcpDocs, stub.list, 120, 40)
	before := entryOf(a, mcpDocs)
	_, cmd := a.Update(ukey("L"))
	d := a.dialog.(*mcptools.Dialog)
	if v := argsView(a, d); !strings.Contains(v, "Listing tools of https://docs.example/mcp…") {
		t.Errorf("while listing:\n%s", v)
	}
	answer[mcptools.Msg](t, a, cmd)
	v := boxText(a, d)
	if d.State != mcptools.McpFailed || !strings.Contains(v, "answered HTTP 401 Unauthorized while initializing: missing token") || !strings.Contains(v, "r try again") {
		t.Fatalf("state %d:\n%s", d.State, argsView(a, d))
	}
	if !a.status.err || a.status.text != msg {
		t.Errorf("status %q (err %v)", a.status.text, a.status.err)
	}
	// r lists again; this time the server answers
	stub.mu.Lock()
	stub.err, stub.out = nil, mcpTestTools
	stub.mu.Unlock()
	_, cmd = a.Update(ukey("r"))
	if d.State != mcptools.McpListing {
		t.Fatalf("r: state %d", d.State)
	}
	answer[mcptools.Msg](t, a, cmd)
	if d.State != mcptools.McpListed || len(d.Items) != 4 {
		t.Fatalf("after r: state %d, %d items", d.State, len(d.Items))
	}
	mcpKeysIn(a, "esc")
	if entryOf(a, mcpDocs) != before || a.s.Dirty() {
		t.Error("the document changed")
	}
	// an answer that is not a tools/list result is an error too
	stub.mu.Lock()
	stub.out = `[1, 2]`
	stub.mu.Unlock()
	_, cmd = a.Update(ukey("L"))
	d = a.dialog.(*mcptools.Dialog)
	answer[mcptools.Msg](t, a, cmd)
	if d.State != mcptools.McpFailed || !strings.Contains(d.Err, "not a tools/list result") {
		t.Errorf("state %d, error %q", d.State, d.Err)
	}
}

func TestMCPListingEscCancels(t *testing.T) {
	started, stopped := make(chan struct{}), make(chan error, 1)
	list := func(ctx context.Context, srv mcpclient.Server) ([]byte, error) {
		close(started)
		<-ctx.Done()
		stopped <- ctx.Err()
		return nil, ctx.Err()
	}
	a := mcpApp(t, mcpTestDoc, mcpDocs, list, 120, 40)
	_, cmd := a.Update(ukey("L"))
	msgs := make(chan tea.Msg, 8)
	go func() { msgs <- findMCPMsg(cmd) }()
	<-started
	a.Update(ukey("x")) // any other key says the listing goes on
	if a.dialog == nil || !strings.Contains(a.status.text, "esc cancels") {
		t.Fatalf("x: dialog %T, status %q", a.dialog, a.status.text)
	}
	a.Update(ukey("esc"))
	if a.dialog != nil {
		t.Fatal("esc did not close the dialog")
	}
	if !strings.Contains(a.status.text, "Listing the tools of docs cancelled; nothing changed") {
		t.Errorf("status %q", a.status.text)
	}
	select {
	case err := <-stopped:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("the listing stopped with %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("esc did not cancel the listing")
	}
	// its late answer is dropped
	m := <-msgs
	a.Update(m)
	if a.dialog != nil || a.status.err {
		t.Errorf("the late answer did something: %T %q", a.dialog, a.status.text)
	}
	// a click outside the box cancels too
	started, stopped = make(chan struct{}), make(chan error, 1)
	_, cmd = a.Update(ukey("L"))
	go func() { msgs <- findMCPMsg(cmd) }()
	<-started
	a.Update(tea.MouseClickMsg{X: 0, Y: 0, Button: tea.MouseLeft})
	select {
	case <-stopped:
	case <-time.After(5 * time.Second):
		t.Fatal("closing the dialog did not cancel the listing")
	}
	<-msgs
}

// findMCPMsg runs cmd and the commands of its batches until one answers
// with the listing (the status line's timers are left running).
func findMCPMsg(cmd tea.Cmd) tea.Msg {
	out := make(chan tea.Msg, 16)
	start := func(c tea.Cmd) {
		if c != nil {
			go func() { out <- c() }()
		}
	}
	start(cmd)
	for m := range out {
		if b, ok := m.(tea.BatchMsg); ok {
			for _, c := range b {
				start(c)
			}
			continue
		}
		if _, ok := m.(mcptools.Msg); ok {
			return m
		}
	}
	return nil
}

func TestMCPToolsDialogChangedEntryIsNotOverwritten(t *testing.T) {
	a, _ := openMCP(t, mcpDocs, &mcpStub{out: mcpTestTools})
	// the file is reloaded under the open dialog
	nd, err := model.SetToolValue(a.s.Doc(), model.Builtin, 0, []string{"server_label"}, json.RawMessage(`"renamed"`))
	if err != nil {
		t.Fatal(err)
	}
	a.s.Replace(nd, a.at)
	mcpKeysIn(a, "down", "space", "enter")
	if a.dialog == nil || !a.status.err || !strings.Contains(a.status.text, "changed since its server's tools were listed") {
		t.Fatalf("dialog %T, status %q", a.dialog, a.status.text)
	}
	if got := allowedOf(t, a, mcpDocs); got != `["search", "gone"]` {
		t.Errorf("allowed_tools %s", got)
	}
}

func TestMCPToolsDialogFitsTheSmallestScreen(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"tools": [`)
	for i := range 30 {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`{"name": "tool_with_a_rather_long_name_` + string(rune('a'+i%26)) + kit.Itoa(i) + `", "description": "A description long enough to be cut at sixty columns, and then some more words", "inputSchema": {}}`)
	}
	b.WriteString(`]}`)
	stub := &mcpStub{out: b.String()}
	a := mcpApp(t, mcpTestDoc, mcpDocs, stub.list, 60, 16)
	if a.lay.tooSmall {
		t.Fatal("60x16 is too small")
	}
	check := func(what, last string) {
		t.Helper()
		scr := screenText(a)
		ls := strings.Split(scr, "\n")
		if len(ls) != 16 {
			t.Fatalf("%s: %d lines", what, len(ls))
		}
		for _, l := range ls {
			if w := ansi.StringWidth(l); w > 60 {
				t.Fatalf("%s: a line %d wide:\n%s", what, w, scr)
			}
		}
		box := a.dialog.View(a.env(), a.width, a.lay.status.Y)
		if len(box) > a.lay.status.Y {
			t.Fatalf("%s: the box has %d lines for %d", what, len(box), a.lay.status.Y)
		}
		if !strings.Contains(stripped(box[len(box)-2:]), last) {
			t.Fatalf("%s: the keys line is cut off:\n%s", what, stripped(box))
		}
	}
	_, cmd := a.Update(ukey("L"))
	check("listing", "esc cancel")
	answer[mcptools.Msg](t, a, cmd)
	d := a.dialog.(*mcptools.Dialog)
	check("listed", "esc cancel")
	mcpKeysIn(a, "end", "space")
	check("at the end", "esc cancel")
	if scr := screenText(a); !strings.Contains(scr, "[ ] gone") || !strings.Contains(scr, "not on the server") || !strings.Contains(scr, "1 of 32 checked") {
		t.Errorf("the last row is not shown unchecked:\n%s", scr)
	}
	mcpKeysIn(a, "n", "enter")
	if !d.Confirm {
		t.Fatal("no question")
	}
	check("asking", "any other key goes back")
	mcpKeysIn(a, "x")
	// a heading too long for one line takes two; a click still finds its row
	fa := mcpApp(t, mcpTestDoc, mcpFilter, stub.list, 60, 16)
	_, cmd = fa.Update(ukey("L"))
	answer[mcptools.Msg](t, fa, cmd)
	fd := fa.dialog.(*mcptools.Dialog)
	if v := boxText(fa, fd); !strings.Contains(v, "allowed_tools.tool_names allows 1 tool; read_only: true stays") {
		t.Errorf("the heading is cut:\n%s", argsView(fa, fd))
	}
	first := fd.Checked(0)
	fd.Update(tea.MouseClickMsg{X: 3, Y: 3, Button: tea.MouseLeft}, fa.env())
	if fd.Checked(0) == first {
		t.Errorf("a click on the first row under a two-line heading did not toggle it:\n%s", argsView(fa, fd))
	}
	d.State, d.Err = mcptools.McpFailed, strings.Repeat("MCP server at https://docs.example/mcp could not be reached while initializing: dial tcp: connection refused. ", 6)
	check("failed", "r try again")
}

// ---- a real MCP server ----

// mcpHTTPServer serves two tools over streamable HTTP and answers 401
// unless the request carries the token sk-test; it records each request's
// Authorization and X-Team headers.
func mcpHTTPServer(t *testing.T) (*mcptest.Server, func() []string) {
	t.Helper()
	s := mcpToolServer("tooltui-test",
		&mcp.Tool{Name: "search_docs", Description: "Search the docs.", InputSchema: json.RawMessage(`{"type":"object"}`)},
		&mcp.Tool{Name: "delete_file", Description: "Delete a file.", InputSchema: json.RawMessage(`{"type":"object"}`)})
	ts := mcptest.Serve(t, s, "sk-test")
	return ts, ts.Seen
}

func mcpServerDoc(url, auth string) string {
	return `{"model": "gpt-5", "extra": {"builtin_tools": [{"type": "mcp", "server_label": "live", "server_url": "` + url +
		`", "headers": {"X-Team": "tools"}, "authorization": "` + auth + `", "allowed_tools": ["delete_file"]}]}}`
}

func TestMCPToolsOfARealServer(t *testing.T) {
	ts, seen := mcpHTTPServer(t)
	at := kit.Sel{Kind: model.Builtin}
	a := mcpApp(t, mcpServerDoc(ts.URL, "sk-test"), at, nil, 120, 40) // the real mcpclient.List
	_, cmd := a.Update(ukey("L"))
	d, ok := a.dialog.(*mcptools.Dialog)
	if !ok {
		t.Fatalf("L: %q", a.status.text)
	}
	answer[mcptools.Msg](t, a, cmd)
	if d.State != mcptools.McpListed {
		t.Fatalf("state %d: %s", d.State, d.Err)
	}
	// in the server's order (the SDK's server sends its tools by name)
	if got := itemStates(d); got != "+delete_file -search_docs" {
		t.Fatalf("items %s", got)
	}
	reqs := seen()
	if len(reqs) < 2 {
		t.Fatalf("requests %q", reqs)
	}
	for _, r := range reqs {
		if r != "Bearer sk-test|tools" {
			t.Errorf("a request carried %q", r)
		}
	}
	mcpKeysIn(a, "down", "space", "enter")
	if got := allowedOf(t, a, at); got != `["delete_file","search_docs"]` {
		t.Errorf("allowed_tools %s", got)
	}

	// a wrong token: the server's 401, in mcpclient's words, and no change
	a = mcpApp(t, mcpServerDoc(ts.URL, "wrong"), at, nil, 120, 40)
	before := entryOf(a, at)
	_, cmd = a.Update(ukey("L"))
	d = a.dialog.(*mcptools.Dialog)
	answer[mcptools.Msg](t, a, cmd)
	want := "MCP server at " + ts.URL + " answered HTTP 401 Unauthorized while initializing: missing or wrong key"
	if d.State != mcptools.McpFailed || !strings.Contains(d.Err, want) || !strings.Contains(a.status.text, want) {
		t.Errorf("state %d, error %q, status %q", d.State, d.Err, a.status.text)
	}
	if entryOf(a, at) != before || a.s.Dirty() {
		t.Error("a failed listing changed the document")
	}
}

func TestMCPToolsOfAnUnreachableServer(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	url := "http://" + l.Addr().String() + "/mcp"
	l.Close()
	at := kit.Sel{Kind: model.Builtin}
	a := mcpApp(t, mcpServerDoc(url, "sk-test"), at, nil, 120, 40)
	_, cmd := a.Update(ukey("L"))
	d := a.dialog.(*mcptools.Dialog)
	answer[mcptools.Msg](t, a, cmd)
	if d.State != mcptools.McpFailed || !strings.Contains(d.Err, "MCP server at "+url+" could not be reached") {
		t.Errorf("state %d, error %q", d.State, d.Err)
	}
}
