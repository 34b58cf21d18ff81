package ui

// Import tools… (alt+i, the palette): the prompt reads a file of any
// format or lists an MCP server in a command, the checklist marks tools
// with space and a, shows their tokens, problems and clashes, and enter
// imports the marked ones as one undoable edit, asking about each name
// the document has. The server tests reach a real go-sdk MCP server over
// HTTP.

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tooltui/tooltui/internal/mcpclient"
	"github.com/tooltui/tooltui/internal/mcpclient/mcptest"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/ui/docs"
	"github.com/tooltui/tooltui/internal/ui/importdlg"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

func importApp(t testing.TB, src string, deps kit.Deps) *App {
	t.Helper()
	doc, err := model.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	deps.CopyNative = noCopy
	deps.WriteFile = func(string, []byte) error { return errors.New("no writes in this test") }
	if deps.Getenv == nil {
		deps.Getenv = func(string) string { return "" }
	}
	if deps.ListMCPTools == nil {
		deps.ListMCPTools = func(context.Context, mcpclient.Server) ([]byte, error) {
			return nil, errors.New("no server in this test")
		}
	}
	a := New(Options{Doc: doc, Name: "doc.json", Deps: deps})
	a.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	return a
}

// openImport presses alt+i, types text (a recorded server is chosen with
// down instead when text is "") and hands the reading's answer to the
// dialog.
func openImport(t testing.TB, a *App, text string, downs int) *importdlg.Dialog {
	t.Helper()
	a.Update(ukey("alt+i"))
	d, ok := a.dialog.(*importdlg.Dialog)
	if !ok {
		t.Fatalf("alt+i opened %T; status %q", a.dialog, a.status.text)
	}
	a.Update(tea.PasteMsg{Content: text})
	for range downs {
		a.Update(ukey("down"))
	}
	_, cmd := a.Update(ukey("enter"))
	answer[importdlg.Msg](t, a, cmd)
	return d
}

func keysIn(a *App, keys ...string) {
	for _, k := range keys {
		a.Update(ukey(k))
	}
}

func functionNames(d *model.Document) []string {
	var out []string
	for _, f := range d.Functions {
		out = append(out, model.StringAt(f.Raw, []string{"name"}))
	}
	return out
}

const importBase = `{"model": "gpt-5", "tools_defs": [{"name": "get_weather", "description": "old", "parameters": {"type": "object", "properties": {}, "additionalProperties": false}, "strict": true}]}`

// TestImportFromAFile: an Anthropic file's tools listed with their
// tokens; the marked one comes in as one edit that one undo takes back.
func TestImportFromAFile(t *testing.T) {
	a := importApp(t, importBase, kit.Deps{})
	before := a.s.Doc()
	d := openImport(t, a, "../../examples/anthropic.json", 0)
	if d.State != importdlg.Listed {
		t.Fatalf("state %d, error %q", d.State, d.Err)
	}
	var rows []string
	for _, r := range d.List.Rows {
		rows = append(rows, r.Name+"|"+r.Type)
	}
	if got := strings.Join(rows, " "); got != "get_strikes|function web_search|web_search" {
		t.Fatalf("rows %s", got)
	}
	view := argsView(a, d)
	for _, want := range []string{"Import tools from ../../examples/anthropic.json", "[ ] get_strikes", "0 of 2 marked · ≈0 tokens"} {
		if !strings.Contains(view, want) {
			t.Errorf("view lacks %q:\n%s", want, view)
		}
	}
	keysIn(a, "space")
	if want := "1 of 2 marked · ≈" + itoa(d.List.Rows[0].Tokens) + " tokens"; !strings.Contains(argsView(a, d), want) || d.List.Rows[0].Tokens <= 0 {
		t.Errorf("footer lacks %q:\n%s", want, argsView(a, d))
	}
	keysIn(a, "enter")
	if a.dialog != nil {
		t.Fatalf("the dialog stayed open: %T", a.dialog)
	}
	if got := functionNames(a.s.Doc()); !slices.Equal(got, []string{"get_weather", "get_strikes"}) {
		t.Errorf("functions %v", got)
	}
	if len(a.s.Doc().Builtins) != 0 {
		t.Errorf("the unmarked built-in came in: %v", a.s.Doc().Builtins)
	}
	if !strings.HasPrefix(a.status.text, "Added 1 function") {
		t.Errorf("status %q", a.status.text)
	}
	a.Update(ukey("ctrl+z"))
	if got := functionNames(a.s.Doc()); !slices.Equal(got, functionNames(before)) {
		t.Errorf("after one undo: %v", got)
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// TestImportFileErrors: a file that is not there, and one that is not
// tools, say so in the dialog; nothing changes; esc goes back to the
// prompt with the text kept.
func TestImportFileErrors(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"no/such/file.json", "No such file: no/such/file.json"},
		{"../../examples/demo.recording.jsonl", "demo.recording.jsonl"},
	} {
		a := importApp(t, importBase, kit.Deps{})
		v := a.s.Version()
		d := openImport(t, a, c.text, 0)
		if d.State != importdlg.Failed || !strings.Contains(d.Err, c.want) {
			t.Errorf("%s: state %d, error %q", c.text, d.State, d.Err)
		}
		if view := argsView(a, d); !strings.Contains(view, "Could not read the tools; nothing changed") {
			t.Errorf("%s: view\n%s", c.text, view)
		}
		keysIn(a, "esc")
		if d.State != importdlg.Prompt || d.Text != c.text || a.s.Version() != v {
			t.Errorf("%s: after esc state %d text %q; version %d, was %d", c.text, d.State, d.Text, a.s.Version(), v)
		}
	}
}

// TestImportPromptFilesAndPrograms: a single word that names a file (a
// tools file's extension, or a path) and is not there says "No such
// file", with the path a close name makes when there is one, and starts
// no program; ~/ is $HOME; an existing executable file is a program,
// started as the server; an existing tools file is read.
func TestImportPromptFilesAndPrograms(t *testing.T) {
	home := t.TempDir()
	if err := os.MkdirAll(filepath.Join(home, "agents"), 0o755); err != nil {
		t.Fatal(err)
	}
	tools, err := os.ReadFile("../../examples/anthropic.json")
	if err != nil {
		t.Fatal(err)
	}
	server := filepath.Join(home, "server")
	if err := errors.Join(os.WriteFile(filepath.Join(home, "agents", "tools.json"), tools, 0o644),
		os.WriteFile(server, []byte("#!/bin/sh\n"), 0o755)); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		text    string
		err     string   // the error, or "" when it is listed
		command []string // the program started, or nil for none
	}{
		{"agnets/tools.json", "No such file: agnets/tools.json", nil},
		{"./missing.json", "No such file: ./missing.json", nil},
		{"tools.yaml", "No such file: tools.yaml", nil},
		{"~/agnets/tools.json", "No such file: ~/agnets/tools.json; did you mean ~/agents/tools.json?", nil},
		{home + "/agents/tool.json", "No such file: " + home + "/agents/tool.json; did you mean " + home + "/agents/tools.json?", nil},
		{"~/x.json", "No such file: ~/x.json", nil},
		{"~/agents/tools.json", "", nil},
		{"'" + home + "/agents/tools.json'", "", nil},
		{server, "", []string{server}},
		{"~/server", "", []string{server}},
		{"~/server --flag", "", []string{"~/server", "--flag"}},
		{"uvx some-mcp-server", "", []string{"uvx", "some-mcp-server"}},
	} {
		var started [][]string
		a := importApp(t, importBase, kit.Deps{
			Getenv: func(k string) string {
				if k == "HOME" {
					return home
				}
				return ""
			},
			ListMCPTools: func(_ context.Context, s mcpclient.Server) ([]byte, error) {
				started = append(started, s.Command)
				return []byte(clashTools), nil
			},
		})
		d := openImport(t, a, c.text, 0)
		if c.err != "" {
			if d.State != importdlg.Failed || d.Err != c.err {
				t.Errorf("%s: state %d, error %q, want %q", c.text, d.State, d.Err, c.err)
			}
		} else if d.State != importdlg.Listed {
			t.Errorf("%s: state %d, error %q", c.text, d.State, d.Err)
		}
		if c.command == nil && len(started) > 0 || c.command != nil && (len(started) != 1 || !slices.Equal(started[0], c.command)) {
			t.Errorf("%s: started %q, want %q", c.text, started, c.command)
		}
	}
}

// TestImportURLWithHeaders: a URL typed with -H lists a server that
// requires the header, which it cannot without; the checklist's title
// names the header, never its value; the document records the header's
// name with no value. --header-env reads its variable through Getenv,
// and the record keeps the variable. A header given before a command
// line is refused; one after its program, which the program takes, is
// named when the program fails.
func TestImportURLWithHeaders(t *testing.T) {
	ts := mcptest.Serve(t, newImportServer(), "sk-dialog")
	env := func(k string) string {
		if k == "DOCS_TOKEN" {
			return "sk-dialog"
		}
		return ""
	}
	for _, c := range []struct {
		text, err string
		header    string // what the record keeps of Authorization
	}{
		{ts.URL, "401", ""},
		{ts.URL + " -H 'Authorization: Bearer sk-dialog'", "", ""},
		{`--header "Authorization: Bearer sk-dialog" ` + ts.URL, "", ""},
		{ts.URL + " --header-env 'Authorization=Bearer ${DOCS_TOKEN}'", "", "Bearer ${DOCS_TOKEN}"},
		{ts.URL + " --header-env Authorization=NOT_SET", "$NOT_SET is not set", ""},
		{ts.URL + " -H Authorization", "-H takes 'NAME: VALUE'", ""},
		{ts.URL + " -H", "-H needs a value", ""},
		{ts.URL + " --verbose", `"--verbose": after an http(s) URL`, ""},
		{"-H 'Authorization: Bearer sk-dialog' some-server", "a command line's server takes no headers", ""},
		{"tooltui-no-such-program -H 'Authorization: Bearer sk-dialog'", "after a program are its own arguments", ""},
	} {
		a := importApp(t, importBase, kit.Deps{ListMCPTools: mcpclient.List, Getenv: env})
		d := openImport(t, a, c.text, 0)
		if c.err != "" {
			if d.State != importdlg.Failed || !strings.Contains(d.Err, c.err) {
				t.Errorf("%s: state %d, error %q, want %q", c.text, d.State, d.Err, c.err)
			}
			continue
		}
		if d.State != importdlg.Listed {
			t.Errorf("%s: state %d, error %q", c.text, d.State, d.Err)
			continue
		}
		view := argsView(a, d)
		if !strings.Contains(view, "Import tools from MCP server "+ts.URL+" (header Authorization)") || strings.Contains(view, "sk-dialog") {
			t.Errorf("%s: the title does not name the header alone:\n%s", c.text, view)
		}
		if strings.Contains(a.status.text, "sk-dialog") || !strings.Contains(a.status.text, "(header Authorization) has 3 tools") {
			t.Errorf("%s: status %q", c.text, a.status.text)
		}
		keysIn(a, "end", "space", "enter") // search_docs: importBase has get_weather
		doc := a.s.Doc()
		if len(doc.MCPServers) != 1 {
			t.Fatalf("%s: servers %v", c.text, doc.MCPServers)
		}
		for _, rec := range doc.MCPServers {
			if h, ok := rec.Headers["Authorization"]; !ok || h != c.header || rec.URL != ts.URL {
				t.Errorf("%s: recorded %+v", c.text, rec)
			}
		}
		data, err := doc.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(data), "sk-dialog") || !strings.Contains(string(data), `"Authorization"`) {
			t.Errorf("%s: the saved document:\n%s", c.text, data)
		}
	}
}

// newImportServer is a go-sdk MCP server with three tools.
func newImportServer() *mcp.Server {
	return mcpToolServer("tooltui-import-dialog-test",
		&mcp.Tool{Name: "get_weather", Description: "Current weather for a city.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"city":{"type":"string"}},"required":["city"],"additionalProperties":false}`)},
		&mcp.Tool{Name: "search_docs", Title: "Search the docs", InputSchema: json.RawMessage(`{"type":"object"}`)},
		&mcp.Tool{Name: "read_file", Description: "Read a file.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"}},"required":["path"],"additionalProperties":false}`)})
}

// TestImportFromARecordedServer: the server the document records is
// offered in the prompt; chosen, it is listed with its header read from
// the environment; two of its three tools marked come in with the server
// recorded, and one undo takes the whole import back.
func TestImportFromARecordedServer(t *testing.T) {
	ts := mcptest.Serve(t, newImportServer(), "sk-dialog")
	src := `{"model": "gpt-5", "tools_defs": [{"name": "f", "parameters": {"type": "object", "properties": {}, "additionalProperties": false}, "strict": true}],
	 "tooltui": {"mcp_servers": {"docs": {"url": "` + ts.URL + `", "headers": {"Authorization": "Bearer ${DOCS_TOKEN}"}}}}}`
	a := importApp(t, src, kit.Deps{ListMCPTools: mcpclient.List, Getenv: func(k string) string {
		if k == "DOCS_TOKEN" {
			return "sk-dialog"
		}
		return ""
	}})
	a.Update(ukey("alt+i"))
	if view := argsView(a, a.dialog); !strings.Contains(view, "docs  "+ts.URL) {
		t.Fatalf("the prompt does not offer the recorded server:\n%s", view)
	}
	a.Update(ukey("esc"))
	d := openImport(t, a, "", 1)
	if d.State != importdlg.Listed {
		t.Fatalf("state %d, error %q", d.State, d.Err)
	}
	var names []string
	for _, r := range d.List.Rows {
		names = append(names, r.Name)
	}
	if !slices.Equal(names, []string{"get_weather", "read_file", "search_docs"}) {
		t.Fatalf("rows %v", names)
	}
	keysIn(a, "space", "down", "down", "space")
	if got := d.Marked(); !slices.Equal(got, []string{"get_weather", "search_docs"}) {
		t.Fatalf("marked %v", got)
	}
	// a marks all, a second a unmarks all; the filter narrows what a marks.
	keysIn(a, "a")
	if len(d.Marked()) != 3 {
		t.Errorf("a marked %v", d.Marked())
	}
	keysIn(a, "a")
	if len(d.Marked()) != 0 {
		t.Errorf("a second a left %v", d.Marked())
	}
	keysIn(a, "/")
	a.Update(tea.PasteMsg{Content: "weather"})
	keysIn(a, "enter", "a", "esc")
	if got := d.Marked(); !slices.Equal(got, []string{"get_weather"}) {
		t.Errorf("a under the filter marked %v", got)
	}
	keysIn(a, "end", "space")
	if got := d.Marked(); !slices.Equal(got, []string{"get_weather", "search_docs"}) {
		t.Fatalf("marked %v", got)
	}
	v := a.s.Version()
	keysIn(a, "enter")
	doc := a.s.Doc()
	if got := functionNames(doc); !slices.Equal(got, []string{"f", "get_weather", "search_docs"}) {
		t.Errorf("functions %v", got)
	}
	for _, f := range doc.Functions[1:] {
		if f.Server != "docs" || f.Origin != model.OriginMCP {
			t.Errorf("function %s: server %q origin %q", f.Raw, f.Server, f.Origin)
		}
	}
	if a.status.text != "Added 2 functions (ctrl+z undoes it)" {
		t.Errorf("status %q", a.status.text)
	}
	a.Update(ukey("ctrl+z"))
	if got := functionNames(a.s.Doc()); !slices.Equal(got, []string{"f"}) || a.s.Doc() == doc {
		t.Errorf("after one undo: %v (version %d, was %d)", got, a.s.Version(), v)
	}
}

// importStub lists tools/list result out for every server.
func importStub(out string) func(context.Context, mcpclient.Server) ([]byte, error) {
	return func(context.Context, mcpclient.Server) ([]byte, error) { return []byte(out), nil }
}

const clashTools = `{"tools": [
  {"name": "get_weather", "description": "new", "inputSchema": {"type": "object"}},
  {"name": "find_hotels", "description": "new too", "inputSchema": {"type": "object"}},
  {"name": "fresh", "description": "no clash", "inputSchema": {"type": "object"}}
]}`

// TestImportClashAnswers: a marked tool the document has asks what to
// do, per name or once for all: replace, keep both renamed, skip.
func TestImportClashAnswers(t *testing.T) {
	base := `{"model": "gpt-5", "tools_defs": [
	  {"name": "get_weather", "description": "old", "parameters": {"type": "object"}},
	  {"name": "find_hotels", "description": "old", "parameters": {"type": "object"}}]}`
	for _, c := range []struct {
		keys   []string
		want   []string
		status string
	}{
		{[]string{"r", "r"}, []string{"get_weather:new", "find_hotels:new too", "fresh:no clash"}, "replaced 2"},
		{[]string{"k", "s"}, []string{"get_weather:old", "find_hotels:old", "get_weather_2:new", "fresh:no clash"}, "renamed get_weather -> get_weather_2; skipped find_hotels"},
		{[]string{"S"}, []string{"get_weather:old", "find_hotels:old", "fresh:no clash"}, "skipped get_weather, find_hotels"},
		{[]string{"K"}, []string{"get_weather:old", "find_hotels:old", "get_weather_2:new", "find_hotels_2:new too", "fresh:no clash"}, "renamed"},
		{[]string{"R"}, []string{"get_weather:new", "find_hotels:new too", "fresh:no clash"}, "replaced 2"},
	} {
		name := strings.Join(c.keys, "")
		a := importApp(t, base, kit.Deps{ListMCPTools: importStub(clashTools)})
		d := openImport(t, a, "http://tools.example/mcp", 0)
		if d.State != importdlg.Listed {
			t.Fatalf("%s: state %d, error %q", name, d.State, d.Err)
		}
		if view := argsView(a, d); !strings.Contains(view, "clash") {
			t.Errorf("%s: no clash mark:\n%s", name, view)
		}
		keysIn(a, "a", "enter")
		if d.State != importdlg.Asking || !slices.Equal(d.Ask, []string{"get_weather", "find_hotels"}) {
			t.Fatalf("%s: state %d asking %v", name, d.State, d.Ask)
		}
		if view := argsView(a, d); !strings.Contains(strings.Join(strings.Fields(view), " "), `The document has "get_weather": r replace it`) {
			t.Errorf("%s: the question is not shown:\n%s", name, view)
		}
		keysIn(a, c.keys...)
		if a.dialog != nil {
			t.Fatalf("%s: still open, asking %v", name, d.Ask)
		}
		var got []string
		for _, f := range a.s.Doc().Functions {
			got = append(got, model.StringAt(f.Raw, []string{"name"})+":"+model.StringAt(f.Raw, []string{"description"}))
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: functions %v, want %v", name, got, c.want)
		}
		if !strings.Contains(a.status.text, c.status) {
			t.Errorf("%s: status %q lacks %q", name, a.status.text, c.status)
		}
		a.Update(ukey("ctrl+z"))
		if got := functionNames(a.s.Doc()); !slices.Equal(got, []string{"get_weather", "find_hotels"}) {
			t.Errorf("%s: after one undo %v", name, got)
		}
	}
}

// TestImportPromptEdges: a directory is not read as a program; ctrl+z in
// the prompt takes typing back, not the document; the end of a long
// command line is what shows; esc while a server is listed cancels the
// listing and changes nothing.
func TestImportPromptEdges(t *testing.T) {
	a := importApp(t, importBase, kit.Deps{})
	d := openImport(t, a, t.TempDir(), 0)
	if d.State != importdlg.Failed || !strings.Contains(d.Err, "is a directory") {
		t.Errorf("a directory: state %d, error %q", d.State, d.Err)
	}
	keysIn(a, "esc", "ctrl+u", "x", "y")
	v := a.s.Version()
	keysIn(a, "ctrl+z")
	if d.Text != "x" || a.s.Version() != v {
		t.Errorf("ctrl+z in the prompt: text %q, version %d (was %d)", d.Text, a.s.Version(), v)
	}
	a.Update(tea.PasteMsg{Content: strings.Repeat("word ", 40) + "THE-END"})
	if view := argsView(a, d); !strings.Contains(view, "THE-END") {
		t.Errorf("the end of a long line is not shown:\n%s", view)
	}

	stopped := make(chan struct{})
	b := importApp(t, importBase, kit.Deps{ListMCPTools: func(ctx context.Context, _ mcpclient.Server) ([]byte, error) {
		<-ctx.Done()
		close(stopped)
		return nil, ctx.Err()
	}})
	b.Update(ukey("alt+i"))
	b.Update(tea.PasteMsg{Content: "https://slow.example/mcp"})
	_, cmd := b.Update(ukey("enter"))
	d = b.dialog.(*importdlg.Dialog)
	if d.State != importdlg.Reading || !strings.Contains(argsView(b, d), "Reading the tools of https://slow.example/mcp") {
		t.Fatalf("state %d:\n%s", d.State, argsView(b, d))
	}
	done := make(chan tea.Msg, 1)
	go func() { done <- cmd() }()
	keysIn(b, "esc")
	select {
	case <-stopped:
	case <-time.After(10 * time.Second):
		t.Fatal("esc did not stop the listing")
	}
	b.Update(<-done) // the late answer: dropped
	if d.State != importdlg.Prompt || b.s.Dirty() {
		t.Errorf("after esc: state %d, dirty %v", d.State, b.s.Dirty())
	}
}

// TestImportRecordedHeaderWithoutValue: a recorded header whose value the
// document does not keep is not sent, and a failed listing says so.
func TestImportRecordedHeaderWithoutValue(t *testing.T) {
	var asked []mcpclient.Server
	src := `{"model": "gpt-5", "tools_defs": [{"name": "f", "parameters": {"type": "object"}}],
	 "tooltui": {"mcp_servers": {"docs": {"url": "https://docs.example/mcp", "headers": {"Authorization": ""}}}}}`
	a := importApp(t, src, kit.Deps{ListMCPTools: func(_ context.Context, s mcpclient.Server) ([]byte, error) {
		asked = append(asked, s)
		return nil, errors.New("MCP server at https://docs.example/mcp: 401 Unauthorized")
	}})
	d := openImport(t, a, "", 1)
	if d.State != importdlg.Failed || !strings.Contains(d.Err, "401 Unauthorized") || !strings.Contains(d.Err, "sent without the header Authorization") {
		t.Errorf("state %d, error %q", d.State, d.Err)
	}
	if len(asked) != 1 || asked[0].URL != "https://docs.example/mcp" || len(asked[0].Headers) != 0 {
		t.Errorf("asked %+v", asked)
	}
}

// BenchmarkImportChecklistKey is a key in a checklist of 300 tools and the
// frame after it: the marked total, the rows on screen.
func BenchmarkImportChecklistKey(b *testing.B) {
	var tools []string
	for i := range 300 {
		tools = append(tools, `{"name": "tool_`+itoa(i)+`", "description": "Does thing `+itoa(i)+`.", "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}}}`)
	}
	out := `{"tools": [` + strings.Join(tools, ",") + `]}`
	a := importApp(b, importBase, kit.Deps{ListMCPTools: importStub(out)})
	d := openImport(b, a, "http://many.example/mcp", 0)
	if len(d.List.Rows) != 300 {
		b.Fatalf("%d rows, error %q", len(d.List.Rows), d.Err)
	}
	keys := []tea.KeyPressMsg{ukey("space"), ukey("down")}
	for i := 0; b.Loop(); i++ {
		a.Update(keys[i%2])
		_ = d.View(a.env(), a.width, a.lay.status.Y)
	}
}

// TestImportMouse: a click on a row marks it, a second unmarks it; in the
// prompt a click chooses a recorded server.
func TestImportMouse(t *testing.T) {
	src := `{"model": "gpt-5", "tools_defs": [{"name": "f", "parameters": {"type": "object"}}],
	 "tooltui": {"mcp_servers": {"docs": {"url": "https://docs.example/mcp"}}}}`
	a := importApp(t, src, kit.Deps{ListMCPTools: importStub(clashTools)})
	a.Update(ukey("alt+i"))
	d := a.dialog.(*importdlg.Dialog)
	click := func(line string) {
		t.Helper()
		ls := strings.Split(argsView(a, d), "\n")
		for i, l := range ls {
			if strings.Contains(l, line) {
				top := max(0, (a.lay.status.Y-len(ls))/3)
				a.Update(tea.MouseClickMsg{X: a.width / 2, Y: top + i, Button: tea.MouseLeft})
				return
			}
		}
		t.Fatalf("no line %q:\n%s", line, strings.Join(ls, "\n"))
	}
	click("docs  https://docs.example/mcp")
	_, cmd := a.Update(ukey("enter"))
	answer[importdlg.Msg](t, a, cmd)
	if d.State != importdlg.Listed || !strings.Contains(argsView(a, d), "Import tools from MCP server docs") {
		t.Fatalf("state %d, error %q:\n%s", d.State, d.Err, argsView(a, d))
	}
	click("find_hotels")
	if got := d.Marked(); !slices.Equal(got, []string{"find_hotels"}) {
		t.Errorf("after a click: %v", got)
	}
	click("find_hotels")
	if got := d.Marked(); len(got) != 0 {
		t.Errorf("after a second click: %v", got)
	}
}

// TestImportOffersTheWorkspacesServers: in a workspace the prompt offers
// the servers every document records, each named with its document: the
// shown one's at once, the others' once a command has read them; a server
// recorded the same way in two documents once, at the first ("+1 more").
// Chosen, a hidden document's server is listed with the header its record
// says, and its tools come in with it recorded in the shown document,
// under another name when the shown one gives its name to another server.
func TestImportOffersTheWorkspacesServers(t *testing.T) {
	ts := mcptest.Serve(t, newImportServer(), "sk-dialog")
	fn := `"tools_defs": [{"name": "f", "parameters": {"type": "object", "properties": {}, "additionalProperties": false}, "strict": true}]`
	dir := t.TempDir()
	for name, data := range map[string]string{
		"a.json": `{"model": "gpt-5", ` + fn + `, "tooltui": {"mcp_servers": {"docs": {"command": ["local-mcp"]}}}}`,
		"b.json": `{"model": "gpt-5", ` + fn + `, "tooltui": {"mcp_servers": {"docs": {"url": "` + ts.URL + `", "headers": {"Authorization": "Bearer ${DOCS_TOKEN}"}}}}}`,
		"c.json": `{"model": "gpt-5", ` + fn + `, "tooltui": {"mcp_servers": {"kb": {"url": "` + ts.URL + `"}}}}`,
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	o, err := OpenWorkspace(dir)
	if err != nil {
		t.Fatal(err)
	}
	o.Deps = kit.Deps{CopyNative: noCopy, WriteFile: func(string, []byte) error { return errors.New("no writes in this test") },
		ListMCPTools: mcpclient.List, Getenv: func(k string) string {
			if k == "DOCS_TOKEN" {
				return "sk-dialog"
			}
			return ""
		}}
	a := New(o)
	a.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	_, list := a.Update(listMsg{}) // after the first frame
	answer[docs.ListedMsg](t, a, list)

	_, cmd := a.Update(ukey("alt+i"))
	d, ok := a.dialog.(*importdlg.Dialog)
	if !ok {
		t.Fatalf("alt+i opened %T; status %q", a.dialog, a.status.text)
	}
	view := argsView(a, d)
	if !strings.Contains(view, "docs  (a.json)  local-mcp") || !strings.Contains(view, "reading the workspace's documents…") || strings.Contains(view, ts.URL) {
		t.Fatalf("the prompt at once:\n%s", view)
	}
	answer[importdlg.ServersMsg](t, a, cmd)
	view = argsView(a, d)
	if !strings.Contains(view, "docs  (b.json, +1 more)  "+ts.URL) || strings.Contains(view, "kb") || strings.Contains(view, "reading the workspace") {
		t.Fatalf("the prompt once the documents are read:\n%s", view)
	}
	keysIn(a, "down", "down")
	_, cmd = a.Update(ukey("enter"))
	answer[importdlg.Msg](t, a, cmd)
	if d.State != importdlg.Listed || len(d.List.Rows) != 3 {
		t.Fatalf("state %d, error %q, rows %v", d.State, d.Err, d.List.Rows)
	}
	keysIn(a, "space", "enter")
	doc := a.s.Doc()
	if got := functionNames(doc); !slices.Equal(got, []string{"f", "get_weather"}) {
		t.Fatalf("functions %v; status %q", got, a.status.text)
	}
	if f := doc.Functions[1]; f.Server != "docs_2" || f.Origin != model.OriginMCP {
		t.Errorf("function %s: server %q origin %q", f.Raw, f.Server, f.Origin)
	}
	if got := doc.MCPServers["docs_2"]; got.URL != ts.URL || got.Headers["Authorization"] != "Bearer ${DOCS_TOKEN}" {
		t.Errorf("recorded %+v", got)
	}
	if got := doc.MCPServers["docs"]; !slices.Equal(got.Command, []string{"local-mcp"}) {
		t.Errorf("the shown document's own server became %+v", got)
	}
}

// TestImportOpenedBeforeTheListingOffersTheWorkspacesServers: opened
// before the folder is listed, the prompt offers the shown document's
// servers and, once the listing comes, every document's.
func TestImportOpenedBeforeTheListingOffersTheWorkspacesServers(t *testing.T) {
	fn := `"tools_defs": [{"name": "f", "parameters": {"type": "object", "properties": {}, "additionalProperties": false}, "strict": true}]`
	dir := t.TempDir()
	for name, data := range map[string]string{
		"a.json": `{"model": "gpt-5", ` + fn + `, "tooltui": {"mcp_servers": {"docs": {"command": ["local-mcp"]}}}}`,
		"b.json": `{"model": "gpt-5", ` + fn + `, "tooltui": {"mcp_servers": {"kb": {"url": "https://kb.example.com/mcp"}}}}`,
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	o, err := OpenWorkspace(dir)
	if err != nil {
		t.Fatal(err)
	}
	o.Deps = kit.Deps{CopyNative: noCopy, WriteFile: func(string, []byte) error { return errors.New("no writes in this test") }}
	a := New(o)
	a.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	_, list := a.Update(listMsg{}) // not run yet: the folder is not listed

	_, cmd := a.Update(ukey("alt+i"))
	d, ok := a.dialog.(*importdlg.Dialog)
	if !ok {
		t.Fatalf("alt+i opened %T; status %q", a.dialog, a.status.text)
	}
	answer[importdlg.ServersMsg](t, a, cmd)
	if view := argsView(a, d); !strings.Contains(view, "docs  (a.json)  local-mcp") || strings.Contains(view, "kb.example.com") {
		t.Fatalf("the prompt before the listing:\n%s", view)
	}
	answer[importdlg.ServersMsg](t, a, answer[docs.ListedMsg](t, a, list))
	if view := argsView(a, d); !strings.Contains(view, "kb  (b.json)  https://kb.example.com/mcp") || strings.Contains(view, "reading the workspace") {
		t.Fatalf("the prompt once the folder is listed:\n%s", view)
	}
}
