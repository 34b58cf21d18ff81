package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tooltui/tooltui/internal/mcpclient/mcptest"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/formats"
	"github.com/tooltui/tooltui/internal/importer"
	"github.com/tooltui/tooltui/internal/model"
)

// importTouchEnv names the file the server "touch" changes before it
// serves.
const importTouchEnv = "TOOLTUI_IMPORT_TEST_TOUCH"

// testServers are the stdio MCP servers the tests start the test binary
// as (mcptest.ServerCommand): TestMain runs the one named instead of the
// tests.
func testServers() mcptest.Modes {
	serve := mcptest.RunStdio
	leave := func(exit bool) func() int {
		// Leaves a program of its own behind, holding its stdout; then
		// serves until the end of its stdin, or exits at once.
		return func() int {
			if err := mcptest.LeaveChild(false); err != nil {
				fmt.Fprintln(os.Stderr, err)
				return 1
			}
			if !exit {
				return serve(newImportTestServer(true))
			}
			fmt.Fprintln(os.Stderr, "fatal: left a child")
			return 3
		}
	}
	return mcptest.Modes{
		"tools": func() int { return serve(newImportTestServer(true)) },
		"empty": func() int { return serve(newImportTestServer(false)) },
		"touch": func() int {
			// Something else writes DOC while tooltui waits for the tools.
			f, err := os.OpenFile(os.Getenv(importTouchEnv), os.O_APPEND|os.O_WRONLY, 0)
			if err == nil {
				_, err = f.WriteString("\n")
				f.Close()
			}
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				return 1
			}
			return serve(newImportTestServer(true))
		},
		// The server tooltui send --call-mcp calls.
		"bridge":    func() int { return serve(newBridgeTestServer()) },
		"exit":      mcptest.Exit("no config file at /nonexistent/server.toml"),
		"leave":     leave(false),
		"leaveexit": leave(true),
		"hang":      mcptest.Hang,
	}
}

// newImportTestServer is a server with two tools, or none. Their schemas
// are written out, so that what the server sends does not depend on how
// the MCP library generates schemas.
func newImportTestServer(tools bool) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "tooltui-import-test", Version: "1"}, nil)
	if !tools {
		return s
	}
	noop := func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{}, nil
	}
	s.AddTool(&mcp.Tool{
		Name:        "get_weather",
		Description: "Current weather for a city.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"city":{"type":"string"}},"required":["city"],"additionalProperties":false}`),
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true},
	}, noop)
	s.AddTool(&mcp.Tool{
		Name:        "search_docs",
		Title:       "Search the docs",
		InputSchema: json.RawMessage(`{"type":"object"}`),
	}, noop)
	return s
}

// serverCommand is the command line that starts this test binary as the
// MCP server mode.
func serverCommand(t *testing.T, mode string) string {
	t.Helper()
	return mcptest.ServerCommand(t, mode).Command[0]
}

// importCmd runs tooltui import with args and stdin.
func importCmd(t *testing.T, stdin string, args ...string) (status int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	st := run(append([]string{"import"}, args...), strings.NewReader(stdin), &out, &errb)
	checkStderrSafe(t, errb.String(), 0)
	return st, out.String(), errb.String()
}

const (
	importAnthropic = `{"model":"claude-sonnet-4-5","max_tokens":512,"tools":[{"name":"get_time","description":"Time in a zone","input_schema":{"type":"object","properties":{"tz":{"type":"string"}},"required":["tz"]},"cache_control":{"type":"ephemeral"}},{"type":"web_search_20250305","name":"web_search","max_uses":3}],"messages":[{"role":"user","content":"hi"}]}`
	importGemini    = `{"contents":[{"role":"user","parts":[{"text":"hi"}]}],"tools":[{"functionDeclarations":[{"name":"find_flights","description":"Flights between two airports","parameters":{"type":"OBJECT","properties":{"from":{"type":"STRING"},"to":{"type":"STRING"},"date":{"type":"STRING","nullable":true}},"required":["from","to"]}}]},{"googleSearch":{}}]}`
	importMCP       = `{"tools":[{"name":"delete_file","title":"Delete a file","inputSchema":{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]},"annotations":{"destructiveHint":true}}],"nextCursor":null}`
)

// TestImportGolden: each format read from a file or standard input, printed
// as a Responses body, with build's diagnostics.
func TestImportGolden(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{"anthropic.json": importAnthropic, "gemini.json": importGemini}
	for name, text := range files {
		writeTestFile(t, filepath.Join(dir, name), text)
	}
	cases := []struct {
		name   string
		args   []string
		stdin  string
		status int
	}{
		{"import-chat", []string{"testdata/chat-request.json"}, "", 0},
		{"import-anthropic", []string{filepath.Join(dir, "anthropic.json")}, "", 0},
		{"import-gemini", []string{filepath.Join(dir, "gemini.json")}, "", 0},
		{"import-mcp-stdin", []string{"-"}, importMCP, 0},
		{"import-mcp-no-file", nil, importMCP, 0},
		{"import-document", []string{"testdata/example.json"}, "", 0},
		{"import-disabled", []string{"-"}, `{"tools_defs":[{"name":"on","parameters":{"type":"object","properties":{},"additionalProperties":false},"strict":true},{"name":"off"}],"tooltui":{"disabled":{"tools_defs":[1]}}}`, 0},
		{"import-not-json", []string{"-"}, "{\n  \"tools\": [\n  oops\n}", 2},
		{"import-missing-file", []string{"testdata/does-not-exist.json"}, "", 2},
		{"import-rpc-error", []string{"-"}, `{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}`, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st, out, errs := importCmd(t, c.stdin, c.args...)
			if st != c.status {
				t.Errorf("status %d, want %d; stderr:\n%s", st, c.status, errs)
			}
			if c.status == 2 && out != "" {
				t.Errorf("stdout not empty on failure: %s", out)
			}
			golden(t, c.name+".stdout", []byte(out))
			golden(t, c.name+".stderr", []byte(strings.ReplaceAll(errs, dir, "DIR")))
			if c.status == 0 {
				// What import prints is what build reads, and build finds
				// the same diagnostics (the body is in the Responses shape).
				d, err := formats.Load([]byte(out))
				if err != nil || d.Source != nil || d.Format != model.FormatBody {
					t.Fatalf("the output does not load as a Responses body: %v, %+v", err, d)
				}
				var direct, built, errb bytes.Buffer
				run(append([]string{"build"}, c.args...), strings.NewReader(c.stdin), &direct, &errb)
				run([]string{"build"}, strings.NewReader(out), &built, &errb)
				if direct.String() != built.String() {
					t.Errorf("build of the import differs from build of the input:\n%s\n---\n%s", built.String(), direct.String())
				}
			}
		})
	}
}

// TestImportFormatsToBody: every foreign format comes out as a body whose
// tools are in the Responses shape.
func TestImportFormatsToBody(t *testing.T) {
	for name, c := range map[string]struct {
		in    string
		tools []string // "type name"
	}{
		"chat":      {`[{"type":"function","function":{"name":"f","parameters":{"type":"object","properties":{}}}}]`, []string{"function f"}},
		"anthropic": {importAnthropic, []string{"function get_time", "web_search "}},
		"gemini":    {importGemini, []string{"function find_flights", "web_search "}},
		"mcp":       {importMCP, []string{"function delete_file"}},
	} {
		st, out, errs := importCmd(t, c.in)
		if st != 0 {
			t.Fatalf("%s: status %d: %s", name, st, errs)
		}
		var body struct {
			Tools []struct{ Type, Name string }
		}
		if err := json.Unmarshal([]byte(out), &body); err != nil {
			t.Fatalf("%s: %v\n%s", name, err, out)
		}
		var got []string
		for _, tool := range body.Tools {
			got = append(got, tool.Type+" "+tool.Name)
		}
		if strings.Join(got, ", ") != strings.Join(c.tools, ", ") {
			t.Errorf("%s: tools %q, want %q", name, got, c.tools)
		}
		if !strings.HasPrefix(errs, "note: source: read as ") {
			t.Errorf("%s: stderr does not start with the source note:\n%s", name, errs)
		}
	}
}

// TestImportUsageErrors: wrong combinations are usage errors, exit 2, with
// import's help after the message.
func TestImportUsageErrors(t *testing.T) {
	for _, c := range []struct {
		args  []string
		first string
	}{
		{[]string{"a.json", "b.json"}, "one input at a time, got 2"},
		{[]string{"--mcp"}, "--mcp needs the server's command after --: tooltui import --mcp -- CMD [ARGS...]"},
		{[]string{"--mcp", "--"}, "--mcp needs the server's command after --: tooltui import --mcp -- CMD [ARGS...]"},
		{[]string{"--mcp", "node", "server.js"}, "--mcp takes the server's command after --: tooltui import --mcp -- node server.js"},
		{[]string{"--mcp", "tools.json", "--", "node"}, "--mcp reads no FILE, got tools.json before --; the server's command goes after --"},
		{[]string{"--mcp", "--mcp-url", "http://x/mcp", "--", "node"}, "--mcp and --mcp-url name two servers: give one"},
		{[]string{"--mcp-url", "http://x/mcp", "tools.json"}, "--mcp-url reads no FILE, got tools.json"},
		{[]string{"--mcp-url", ""}, "--mcp-url needs a URL"},
		{[]string{"--mcp-url"}, "--mcp-url needs a URL"},
		{[]string{"--header", "A: b", "tools.json"}, "--header is for an HTTP server: give --mcp-url"},
		{[]string{"--header", "A: b", "--mcp", "--", "node"}, "--header is for an HTTP server: give --mcp-url"},
		{[]string{"--mcp-url", "http://x/mcp", "--header", "Authorization"}, `--header takes 'NAME: VALUE', got "Authorization"`},
		{[]string{"--mcp-url", "http://x/mcp", "--header", ": x"}, `--header takes 'NAME: VALUE', got ": x"`},
		{[]string{"--mcp-url", "http://x/mcp", "--header", "X-A: 1", "--header", "x-a: 2"}, "the header x-a is given twice; give it once"},
		{[]string{"--timeout", "1s", "tools.json"}, "--timeout is for a server: give --mcp or --mcp-url"},
		{[]string{"--mcp", "--timeout", "soon", "--", "node"}, "--timeout must be a duration above zero such as 300ms, 30s or 2m, got soon"},
		{[]string{"--mcp", "--timeout", "0s", "--", "node"}, "--timeout must be a duration above zero such as 300ms, 30s or 2m, got 0s"},
		{[]string{"--replace", "tools.json"}, "--replace needs --into DOC"},
		{[]string{"--on-clash", "skip", "tools.json"}, "--on-clash needs --into DOC"},
		{[]string{"--into", "d.json", "--on-clash", "merge", "tools.json"}, `--on-clash takes replace, rename or skip, got "merge"`},
		{[]string{"--into", "d.json", "--replace", "--on-clash", "skip", "tools.json"}, `--replace is --on-clash replace, and --on-clash "skip" says otherwise: give one`},
		{[]string{"--into", "", "tools.json"}, "--into needs a DOC"},
		{[]string{"--nope"}, "unknown flag --nope"},
	} {
		var out, errb bytes.Buffer
		st := run(append([]string{"import"}, c.args...), strings.NewReader(""), &out, &errb)
		first, rest, _ := strings.Cut(errb.String(), "\n\n")
		if st != 2 || out.Len() > 0 || first != "tooltui import: "+c.first || !strings.HasPrefix(rest, "usage: tooltui import ") {
			t.Errorf("%q: status %d, stdout %q, stderr:\n%s\nwant %q, then import's help", c.args, st, out.String(), errb.String(), c.first)
		}
	}
}

func TestImportHelp(t *testing.T) {
	var out, errb bytes.Buffer
	if st := run([]string{"import", "--help"}, nil, &out, &errb); st != 0 || errb.Len() > 0 {
		t.Fatalf("status %d, stderr %q", st, errb.String())
	}
	golden(t, "help-import.stdout", out.Bytes())
	for _, f := range []string{"--into DOC", "--replace", "--mcp", "--mcp-url URL", "--header 'NAME: VALUE'", "--timeout D"} {
		if !strings.Contains(out.String(), "\n  "+f+" ") && !strings.Contains(out.String(), "\n  "+f+"\n") {
			t.Errorf("help does not list %s", f)
		}
	}
	var again bytes.Buffer
	run([]string{"help", "import"}, nil, &again, &errb)
	if again.String() != out.String() {
		t.Errorf("tooltui help import differs from tooltui import --help")
	}
}

// intoCase runs an import --into a DOC in a fresh directory holding doc
// (none for ""), and returns the status, stderr (the directory as DIR)
// and what DOC holds afterwards.
func intoCase(t *testing.T, doc, stdin string, args ...string) (int, string, string) {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "doc.json")
	if doc != "" {
		writeTestFile(t, path, doc)
	}
	st, out, errs := importCmd(t, stdin, append([]string{"--into", path}, args...)...)
	if out != "" {
		t.Errorf("stdout with --into: %s", out)
	}
	data, err := os.ReadFile(path)
	if err != nil && doc != "" {
		t.Fatal(err)
	}
	if st != 0 && string(data) != doc {
		t.Errorf("DOC changed although the import failed:\n%s", data)
	}
	return st, strings.ReplaceAll(errs, dir, "DIR"), string(data)
}

// docJSON is a tooltui document with one function and one built-in.
const docJSON = `{
  "model": "gpt-5",
  "tools_defs": [
    {"name": "get_weather", "description": "old", "parameters": {"type": "object", "properties": {}, "additionalProperties": false}, "strict": true},
    {"name": "keep_me", "parameters": {"type": "object", "properties": {}, "additionalProperties": false}, "strict": true}
  ],
  "extra": {"builtin_tools": [{"type": "file_search", "vector_store_ids": ["vs_1"]}], "store": false}
}
`

// TestImportIntoGolden: what DOC becomes and what import says.
func TestImportIntoGolden(t *testing.T) {
	chat, err := os.ReadFile("testdata/chat-request.json")
	if err != nil {
		t.Fatal(err)
	}
	mcpTools := `{"tools":[{"name":"get_weather","description":"new","inputSchema":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"],"additionalProperties":false}},{"name":"search","inputSchema":{"type":"object"}}]}`
	cases := []struct {
		name   string
		doc    string
		stdin  string
		args   []string
		status int
	}{
		{"into-new", "", string(chat), []string{"-"}, 0},
		{"into-document", docJSON, importAnthropic, nil, 0},
		{"into-body", `{"model": "gpt-5", "tools": [{"type": "web_search"}, {"type": "function", "name": "a", "parameters": {"type": "object", "properties": {}, "additionalProperties": false}, "strict": true}], "store": false}` + "\n", importMCP, nil, 0},
		{"into-body-compact", `{"tools":[{"type":"function","name":"a","parameters":{"type":"object","properties":{},"additionalProperties":false},"strict":true}]}`, importGemini, nil, 0},
		{"into-clash", docJSON, mcpTools, nil, 2},
		{"into-clash-two", docJSON, `[{"name":"keep_me","inputSchema":{"type":"object"}},{"name":"x","inputSchema":{"type":"object"}},{"name":"get_weather","inputSchema":{"type":"object"}}]`, nil, 2},
		{"into-replace", docJSON, mcpTools, []string{"--replace"}, 0},
		{"into-replace-none", docJSON, `{"tools":[{"name":"other","inputSchema":{"type":"object"}}]}`, []string{"--replace"}, 0},
		{"into-on-clash-replace", docJSON, mcpTools, []string{"--on-clash", "replace"}, 0},
		{"into-on-clash-rename", docJSON, mcpTools, []string{"--on-clash", "rename"}, 0},
		{"into-on-clash-skip", docJSON, mcpTools, []string{"--on-clash", "skip"}, 0},
		{"into-on-clash-skip-all", docJSON, `[{"name":"keep_me","inputSchema":{"type":"object"}},{"name":"get_weather","inputSchema":{"type":"object"}}]`, []string{"--on-clash", "skip"}, 0},
		{"into-request-fields", docJSON, `{"tools_defs":[{"name":"more"}],"instructions":"be brief","extra":{"builtin_tools":[{"type":"web_search"}],"temperature":0},"tooltui":{"mocks":{"more":{"output":"ok"}}}}`, nil, 0},
		{"into-chat-doc", string(chat), importMCP, nil, 2},
		{"into-array-doc", `[{"type":"web_search"}]`, importMCP, nil, 2},
		{"into-not-json", `{"tools_defs": [`, importMCP, nil, 2},
		{"into-bad-tools-defs", `{"tools_defs": {"name": "f"}}`, importMCP, nil, 2},
		{"into-bad-input", docJSON, `{"tools_defs": 5}`, nil, 2},
		{"into-nothing", docJSON, `{"model": "gpt-5"}`, nil, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st, errs, data := intoCase(t, c.doc, c.stdin, c.args...)
			if st != c.status {
				t.Errorf("status %d, want %d; stderr:\n%s", st, c.status, errs)
			}
			golden(t, "import-"+c.name+".stderr", []byte(errs))
			if c.status == 0 {
				golden(t, "import-"+c.name+".json", []byte(data))
				if _, err := formats.Load([]byte(data)); err != nil {
					t.Errorf("DOC does not load: %v", err)
				}
			}
		})
	}
}

// TestImportIntoOrder: added tools follow DOC's own; --replace keeps the
// replaced one's place; nothing else of DOC changes.
func TestImportIntoOrder(t *testing.T) {
	st, errs, data := intoCase(t, docJSON,
		`[{"name":"zeta","inputSchema":{"type":"object"}},{"name":"get_weather","description":"new","inputSchema":{"type":"object"}}]`, "--replace")
	if st != 0 {
		t.Fatalf("status %d: %s", st, errs)
	}
	d, err := model.Parse([]byte(data))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range d.Functions {
		names = append(names, model.StringAt(f.Raw, []string{"name"})+"/"+model.StringAt(f.Raw, []string{"description"}))
	}
	if got := strings.Join(names, " "); got != "get_weather/new keep_me/ zeta/" {
		t.Errorf("functions %s", got)
	}
	if len(d.Builtins) != 1 || model.StringAt(d.Builtins[0].Raw, []string{"type"}) != "file_search" {
		t.Errorf("built-ins changed: %d", len(d.Builtins))
	}
	if v, _ := d.Fields.Get("model"); string(v) != `"gpt-5"` {
		t.Errorf("model = %s", v)
	}
	if !strings.HasSuffix(errs, "added 2 functions to DIR/doc.json (replaced 1)\n") {
		t.Errorf("summary:\n%s", errs)
	}
}

// TestImportIntoReplaceAcrossKinds: a function replaces a custom tool of
// the same name (they share one set of names): the custom tool goes, the
// function joins the functions.
func TestImportIntoReplaceAcrossKinds(t *testing.T) {
	doc := `{"tools":[{"type":"custom","name":"f","description":"free text"},{"type":"web_search"},{"type":"custom","name":"g"}]}`
	st, errs, _ := intoCase(t, doc, `{"tools":[{"name":"f","inputSchema":{"type":"object"}}]}`)
	if st != 2 || !strings.Contains(errs, `already has a function or custom tool named "f"`) {
		t.Fatalf("without --replace: status %d: %s", st, errs)
	}
	st, errs, data := intoCase(t, doc, `{"tools":[{"name":"f","inputSchema":{"type":"object"}}]}`, "--replace")
	if st != 0 {
		t.Fatalf("status %d: %s", st, errs)
	}
	var body struct{ Tools []struct{ Type, Name string } }
	if err := json.Unmarshal([]byte(data), &body); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, tool := range body.Tools {
		got = append(got, tool.Type+" "+tool.Name)
	}
	if strings.Join(got, ", ") != "function f, web_search , custom g" {
		t.Errorf("tools %q\n%s", got, data)
	}
	if !strings.Contains(errs, "(replaced 1)") {
		t.Errorf("stderr:\n%s", errs)
	}
}

// TestImportIntoKeepsDisabledAndDrafts: a tooltui document's tools come
// with their state: disabled, an unfinished parameters text.
func TestImportIntoKeepsDisabledAndDrafts(t *testing.T) {
	in := `{"tools_defs":[{"name":"off","parameters":{"type":"object","properties":{}}},{"name":"get_weather","parameters":"{\"type\": ","tooltui:last:parameters":{"type":"object"}}],"tooltui":{"disabled":{"tools_defs":[0]},"drafts":["tools_defs[1]/parameters"]}}`
	st, errs, data := intoCase(t, docJSON, in, "--replace")
	if st != 0 {
		t.Fatalf("status %d: %s", st, errs)
	}
	d, err := model.Parse([]byte(data))
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Functions) != 3 {
		t.Fatalf("%d functions:\n%s", len(d.Functions), data)
	}
	if gw := d.Functions[0]; gw.Draft == nil || *gw.Draft != `{"type": ` || gw.Disabled {
		t.Errorf("get_weather: draft %v, disabled %v", gw.Draft, gw.Disabled)
	}
	if off := d.Functions[2]; !off.Disabled || model.StringAt(off.Raw, []string{"name"}) != "off" {
		t.Errorf("off: %s disabled %v", off.Raw, off.Disabled)
	}
}

// TestImportIntoBodyStaysBody: a Responses body DOC is written back as a
// body, where curl -d @DOC still sends it.
func TestImportIntoBodyStaysBody(t *testing.T) {
	st, errs, data := intoCase(t, `{"model":"gpt-5","tools":[{"type":"web_search"}]}`, importMCP)
	if st != 0 {
		t.Fatalf("status %d: %s", st, errs)
	}
	if strings.Contains(data, "tools_defs") || !strings.Contains(data, `"type":"function","name":"delete_file"`) {
		t.Errorf("DOC:\n%s", data)
	}
}

// TestImportIntoSameFile: importing DOC into itself clashes on every
// function; with --replace nothing changes.
func TestImportIntoSameFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "doc.json")
	writeTestFile(t, path, docJSON)
	st, _, errs := importCmd(t, "", "--into", path, path)
	if st != 2 || !strings.Contains(errs, `named "get_weather" and "keep_me"`) {
		t.Errorf("status %d: %s", st, errs)
	}
	st, _, errs = importCmd(t, "", "--into", path, "--replace", path)
	if st != 0 {
		t.Fatalf("status %d: %s", st, errs)
	}
	if data, _ := os.ReadFile(path); !strings.Contains(string(data), `"old"`) || strings.Count(string(data), "get_weather") != 1 {
		t.Errorf("DOC:\n%s", data)
	}
}

// TestImportMCP: a real stdio MCP server, started by tooltui.
func TestImportMCP(t *testing.T) {
	t.Run("tools", func(t *testing.T) {
		exe := serverCommand(t, "tools")
		st, out, errs := importCmd(t, "", "--mcp", "--", exe)
		if st != 0 {
			t.Fatalf("status %d: %s", st, errs)
		}
		golden(t, "import-mcp-server.stdout", []byte(out))
		golden(t, "import-mcp-server.stderr", []byte(errs))
	})
	t.Run("no tools", func(t *testing.T) {
		// {"tools":[]} alone would read as a Responses body: it is an MCP
		// result all the same.
		exe := serverCommand(t, "empty")
		st, out, errs := importCmd(t, "", "--mcp", "--", exe)
		if st != 0 || out != "{}\n" || errs != "note: source: read as MCP tools/list and translated to the Responses API; a save writes the Responses shape\nwarning: model: no model: the API requires one, e.g. \"gpt-5\"\n" {
			t.Errorf("status %d, stdout %q, stderr:\n%s", st, out, errs)
		}
	})
	t.Run("into", func(t *testing.T) {
		exe := serverCommand(t, "tools")
		st, errs, data := intoCase(t, docJSON, "", "--replace", "--mcp", "--", exe)
		if st != 0 {
			t.Fatalf("status %d: %s", st, errs)
		}
		// The server's command line is recorded: the test binary's path,
		// SERVER in the golden files.
		quoted, _ := json.Marshal(exe)
		data = strings.ReplaceAll(data, string(quoted), `"SERVER"`)
		errs = strings.ReplaceAll(errs, exe, "SERVER")
		golden(t, "import-into-mcp-server.stderr", []byte(errs))
		golden(t, "import-into-mcp-server.json", []byte(data))
	})
	t.Run("arguments reach the server", func(t *testing.T) {
		// The test binary ignores its arguments in server mode; a flag
		// after -- is the server's, not import's.
		exe := serverCommand(t, "tools")
		st, _, errs := importCmd(t, "", "--mcp", "--", exe, "--into", "x.json", "-v")
		if st != 0 {
			t.Errorf("status %d: %s", st, errs)
		}
		if _, err := os.Stat("x.json"); err == nil {
			t.Errorf("--into after -- was taken as import's")
		}
	})
	t.Run("exits at once", func(t *testing.T) {
		exe := serverCommand(t, "exit")
		st, out, errs := importCmd(t, "", "--mcp", "--", exe)
		if st != 2 || out != "" || !strings.HasPrefix(errs, "tooltui import: MCP server ") ||
			!strings.Contains(errs, "exited (exit status 3)") || !strings.Contains(errs, "fatal: no config file at /nonexistent/server.toml") {
			t.Errorf("status %d, stdout %q, stderr:\n%s", st, out, errs)
		}
	})
	t.Run("hangs", func(t *testing.T) {
		exe := serverCommand(t, "hang")
		start := time.Now()
		st, out, errs := importCmd(t, "", "--mcp", "--timeout", "300ms", "--", exe)
		if took := time.Since(start); took > 5*time.Second {
			t.Errorf("took %v", took)
		}
		if st != 2 || out != "" || !strings.HasPrefix(errs, "tooltui import: MCP server ") || !strings.Contains(errs, "timed out after 300ms while initializing") {
			t.Errorf("status %d, stdout %q, stderr:\n%s", st, out, errs)
		}
	})
	t.Run("hangs, into DOC", func(t *testing.T) {
		exe := serverCommand(t, "hang")
		st, errs, _ := intoCase(t, docJSON, "", "--mcp", "--timeout", "300ms", "--", exe)
		if st != 2 || !strings.Contains(errs, "timed out after 300ms") {
			t.Errorf("status %d: %s", st, errs)
		}
	})
	t.Run("no such program", func(t *testing.T) {
		st, _, errs := importCmd(t, "", "--mcp", "--", filepath.Join(t.TempDir(), "no-such-server"))
		if st != 2 || !strings.HasPrefix(errs, "tooltui import: MCP server: program ") || !strings.Contains(errs, "not found") {
			t.Errorf("status %d: %s", st, errs)
		}
	})
	t.Run("DOC changed meanwhile", func(t *testing.T) {
		dir := t.TempDir()
		path := filepath.Join(dir, "doc.json")
		writeTestFile(t, path, docJSON)
		t.Setenv(importTouchEnv, path)
		exe := serverCommand(t, "touch")
		st, _, errs := importCmd(t, "", "--into", path, "--replace", "--mcp", "--", exe)
		errs = strings.ReplaceAll(errs, dir, "DIR")
		if st != 2 || errs != "tooltui import: DIR/doc.json changed on disk while the tools were imported; nothing was written: run the import again\n" {
			t.Errorf("status %d: %s", st, errs)
		}
		if data, _ := os.ReadFile(path); string(data) != docJSON+"\n" {
			t.Errorf("DOC:\n%s", data)
		}
	})
	t.Run("DOC in another format, refused before the server starts", func(t *testing.T) {
		dir := t.TempDir()
		path := filepath.Join(dir, "chat.json")
		writeTestFile(t, path, `[{"type":"function","function":{"name":"f"}}]`)
		srv := mcptest.ServerCommand(t, "hang")
		st, _, errs := importCmd(t, "", "--into", path, "--mcp", "--", srv.Command[0])
		if st != 2 || !strings.Contains(errs, "is in the Chat Completions format, not a tooltui document") {
			t.Errorf("status %d: %s", st, errs)
		}
		if len(srv.Starts()) != 0 {
			t.Errorf("the server was started")
		}
	})
}

// TestImportMCPLeavesNothing: what a stdio server started in the
// background, holding its stdout, is gone once import is done with the
// server, whether the server exits at the end of its stdin or at once; and
// import does not wait for it until the timeout.
func TestImportMCPLeavesNothing(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no process groups")
	}
	for _, c := range []struct {
		mode   string
		status int
		errs   string
	}{
		{"leave", 0, ""},
		{"leaveexit", 2, "exited (exit status 3) while initializing"},
	} {
		t.Run(c.mode, func(t *testing.T) {
			srv := mcptest.ServerCommand(t, c.mode)
			start := time.Now()
			st, out, errs := importCmd(t, "", "--mcp", "--timeout", "20s", "--", srv.Command[0])
			took := time.Since(start)
			if st != c.status || (c.errs == "") != (out != "") || !strings.Contains(errs, c.errs) {
				t.Errorf("status %d, stdout %q, stderr:\n%s", st, out, errs)
			}
			child := srv.Pid()
			if child == 0 {
				t.Fatal("the server wrote no pid of its child")
			}
			if !mcptest.Gone(child, 20*time.Second) {
				t.Errorf("the server's child %d survived the import", child)
			}
			if took > 10*time.Second {
				t.Errorf("import took %v (timeout 20s)", took)
			}
		})
	}
}

// TestImportMCPInterrupt: Ctrl-C while the server is being waited for stops
// it, and the import fails at once.
func TestImportMCPInterrupt(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGINT to send")
	}
	srv := mcptest.ServerCommand(t, "hang")
	exe := srv.Command[0]
	pid := srv.PidFile()
	go func() {
		// The server writes its pid once started: by then import listens
		// for the interrupt.
		for range 500 {
			if _, err := os.Stat(pid); err == nil {
				p, _ := os.FindProcess(os.Getpid())
				p.Signal(os.Interrupt)
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
	}()
	start := time.Now()
	st, _, errs := importCmd(t, "", "--mcp", "--timeout", "20s", "--", exe)
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("took %v", took)
	}
	if st != 2 || !strings.Contains(errs, "stopped while") {
		t.Errorf("status %d: %s", st, errs)
	}
}

// TestImportMCPURL: a streamable HTTP MCP server, with headers.
func TestImportMCPURL(t *testing.T) {
	ts := mcptest.Serve(t, newImportTestServer(true), "sk-test")

	st, out, errs := importCmd(t, "", "--mcp-url", ts.URL, "--header", "Authorization: Bearer sk-test", "--header=X-Team:tools")
	if st != 0 {
		t.Fatalf("status %d: %s", st, errs)
	}
	golden(t, "import-mcp-server.stdout", []byte(out)) // the same tools as over stdio
	seen := ts.Seen()
	for _, s := range seen {
		if s != "Bearer sk-test|tools" {
			t.Errorf("a request had the headers %q", s)
		}
	}
	if len(seen) == 0 {
		t.Error("no request reached the server")
	}

	st, out, errs = importCmd(t, "", "--mcp-url", ts.URL)
	if st != 2 || out != "" || !strings.HasPrefix(errs, "tooltui import: MCP server at "+ts.URL) || !strings.Contains(errs, "401") {
		t.Errorf("without the key: status %d, stdout %q, stderr:\n%s", st, out, errs)
	}

	st, errs, data := intoCase(t, "", "", "--mcp-url", ts.URL, "--header", "authorization: Bearer sk-test", "--timeout", "5s")
	if st != 0 || !strings.Contains(data, `"get_weather"`) || !strings.Contains(errs, "added 2 functions to DIR/doc.json, a new tooltui document\n") ||
		strings.Contains(data, "sk-test") {
		t.Errorf("--into: status %d, stderr:\n%s\nDOC:\n%s", st, errs, data)
	}

	st, _, errs = importCmd(t, "", "--mcp-url", ts.URL, "--header", "Bad Name: x")
	if st != 2 || !strings.Contains(errs, "is not a valid HTTP header name") {
		t.Errorf("bad header name: status %d: %s", st, errs)
	}
}

// TestImportCompletions: file names for FILE and --into, none after one.
func TestImportCompletions(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"import", ""}, ":0\n"},
		{[]string{"import", "x.json", ""}, ":4\n"},
		{[]string{"import", "--into", ""}, ":0\n"},
		{[]string{"import", "--mcp-url", ""}, ":4\n"},
		{[]string{"import", "--mcp", "--", ""}, ":0\n"},
		{[]string{"import", "--mcp", "--", "node", ""}, ":0\n"},
	} {
		var out, errb bytes.Buffer
		if st := run(append([]string{"__complete"}, c.args...), nil, &out, &errb); st != 0 {
			t.Errorf("%q: status %d, stderr %q", c.args, st, errb.String())
		}
		if !strings.HasSuffix(out.String(), c.want) {
			t.Errorf("%q completes to %q, want it to end %q", c.args, out.String(), c.want)
		}
	}
}

// A clean import of MCP tools passes build --strict: what an MCP tool
// carries for its client only (title, annotations, outputSchema,
// execution) is a note, as is strict left unset on parameters strict
// mode takes as they are.
func TestImportMCPCleanPassesStrictBuild(t *testing.T) {
	dir := t.TempDir()
	doc := filepath.Join(dir, "doc.json")
	if err := os.WriteFile(doc, []byte(`{"model":"gpt-5"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	list := `{"tools":[{"name":"read_file","title":"Read a file","description":"Reads a file",
"inputSchema":{"type":"object","properties":{"path":{"type":"string"}},"required":["path"],"additionalProperties":false},
"outputSchema":{"type":"object"},"annotations":{"readOnlyHint":true},"execution":{"taskSupport":"optional"}}]}`
	status, _, stderr := importCmd(t, list, "--into", doc, "-")
	if status != 0 {
		t.Fatalf("import: %d\n%s", status, stderr)
	}
	for _, l := range strings.Split(strings.TrimSpace(stderr), "\n") {
		if strings.HasPrefix(l, "warning:") || strings.HasPrefix(l, "error:") {
			t.Errorf("import: %s", l)
		}
	}
	var out, errb bytes.Buffer
	if st := run([]string{"build", "--strict", doc}, strings.NewReader(""), &out, &errb); st != 0 {
		t.Fatalf("build --strict: %d\n%s", st, errb.String())
	}
}

// metaOf is the "tooltui" member of a saved document.
func metaOf(t *testing.T, data string) (servers map[string]model.MCPServer, origins map[string]string) {
	t.Helper()
	var doc struct {
		Meta struct {
			Servers map[string]model.MCPServer `json:"mcp_servers"`
			Origins map[string]string          `json:"origins"`
		} `json:"tooltui"`
	}
	if err := json.Unmarshal([]byte(data), &doc); err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	return doc.Meta.Servers, doc.Meta.Origins
}

// An import --into records the server of the functions: its command line,
// under a name of its own; a second import of the same server uses the
// same name, another server gets another.
func TestImportRecordsServer(t *testing.T) {
	exe := serverCommand(t, "tools")
	dir := t.TempDir()
	doc := filepath.Join(dir, "doc.json")
	st, _, errs := importCmd(t, "", "--into", doc, "--mcp", "--", exe, "--root", "/tmp")
	if st != 0 {
		t.Fatalf("status %d\n%s", st, errs)
	}
	data, _ := os.ReadFile(doc)
	servers, origins := metaOf(t, string(data))
	name := importer.BaseServerName(model.MCPServer{Command: []string{exe}})
	if s := servers[name]; len(servers) != 1 || strings.Join(s.Command, " ") != exe+" --root /tmp" || s.URL != "" || len(s.Headers) != 0 {
		t.Fatalf("servers %+v", servers)
	}
	if len(origins) != 2 || origins["tools_defs[0]"] != "mcp:"+name || origins["tools_defs[1]"] != "mcp:"+name {
		t.Errorf("origins %v", origins)
	}
	if !strings.HasSuffix(errs, "their MCP server is recorded in "+doc+" as "+name+" ("+exe+" --root /tmp): tooltui send --call-mcp calls its tools there\n") {
		t.Errorf("stderr:\n%s", errs)
	}
	// Again, replacing: the same server, the same name.
	if st, _, errs := importCmd(t, "", "--into", doc, "--replace", "--mcp", "--", exe, "--root", "/tmp"); st != 0 {
		t.Fatalf("again: status %d\n%s", st, errs)
	}
	data, _ = os.ReadFile(doc)
	if servers, origins := metaOf(t, string(data)); len(servers) != 1 || len(origins) != 2 {
		t.Errorf("again: servers %+v, origins %v", servers, origins)
	}
	// Another server's tools of the same names replace these: the old
	// server, which no function names now, is not kept.
	if st, _, errs := importCmd(t, "", "--into", doc, "--replace", "--mcp", "--", exe, "--root", "/srv"); st != 0 {
		t.Fatalf("another: status %d\n%s", st, errs)
	}
	data, _ = os.ReadFile(doc)
	servers, origins = metaOf(t, string(data))
	if s := servers[name+"_2"]; len(servers) != 1 || strings.Join(s.Command, " ") != exe+" --root /srv" || origins["tools_defs[0]"] != "mcp:"+name+"_2" {
		t.Errorf("another: servers %+v, origins %v", servers, origins)
	}
	// --mcp-name names it; a name DOC gives another server is refused.
	writeTestFile(t, doc, `{"tools_defs":[{"name":"x"}],"tooltui":{"mcp_servers":{"fs":{"command":["other"]}},"origins":{"tools_defs[0]":"mcp:fs"}}}`)
	st, _, errs = importCmd(t, "", "--into", doc, "--mcp-name", "fs", "--mcp", "--", exe)
	if st != 2 || !strings.Contains(errs, "it has an MCP server named fs already (other): give --mcp-name another name; nothing was written") {
		t.Errorf("a taken name: status %d\n%s", st, errs)
	}
	if st, _, errs := importCmd(t, "", "--into", doc, "--mcp-name", "mine", "--mcp", "--", exe); st != 0 {
		t.Fatalf("--mcp-name: status %d\n%s", st, errs)
	}
	data, _ = os.ReadFile(doc)
	servers, origins = metaOf(t, string(data))
	if len(servers) != 2 || servers["mine"].Command[0] != exe || origins["tools_defs[1]"] != "mcp:mine" || origins["tools_defs[0]"] != "mcp:fs" {
		t.Errorf("--mcp-name: servers %+v, origins %v", servers, origins)
	}
	// The metadata is the document's: a load and save keep it.
	d, err := formats.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	if f := d.Functions[1]; f.Server != "mine" || f.ServerTool != "get_weather" || f.Origin != model.OriginMCP {
		t.Errorf("loaded: %+v", f)
	}
}

// TestImportOnClashRenameKeepsServerTool: a server's function renamed
// on import still calls the server's tool of its first name.
func TestImportOnClashRenameKeepsServerTool(t *testing.T) {
	exe := serverCommand(t, "tools")
	doc := filepath.Join(t.TempDir(), "doc.json")
	if st, _, errs := importCmd(t, "", "--into", doc, "--mcp", "--", exe); st != 0 {
		t.Fatalf("status %d\n%s", st, errs)
	}
	st, _, errs := importCmd(t, "", "--into", doc, "--on-clash", "rename", "--mcp", "--", exe, "--root", "/srv")
	if st != 0 || !strings.Contains(errs, "(renamed get_weather -> get_weather_2, search_docs -> search_docs_2)") {
		t.Fatalf("status %d\n%s", st, errs)
	}
	d, err := formats.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	name := importer.BaseServerName(model.MCPServer{Command: []string{exe}})
	var got []string
	for _, f := range d.Functions {
		got = append(got, model.StringAt(f.Raw, []string{"name"})+"@"+f.Server+":"+f.ServerTool)
	}
	want := "get_weather@" + name + ":get_weather search_docs@" + name + ":search_docs get_weather_2@" + name + "_2:get_weather search_docs_2@" + name + "_2:search_docs"
	if strings.Join(got, " ") != want {
		t.Errorf("functions %s\nwant      %s", strings.Join(got, " "), want)
	}
	_, diags := convert.Convert(d)
	for _, dg := range diags {
		if dg.Severity == convert.Error {
			t.Errorf("%s", dg)
		}
	}
}

// Over HTTP the document keeps the URL and each header's name, with the
// variable --header-env names; never a value.
func TestImportRecordsHeaders(t *testing.T) {
	ts := mcptest.Serve(t, newImportTestServer(true), "sk-secret-1")
	t.Setenv("MCP_KEY", "sk-secret-1")
	st, errs, data := intoCase(t, "", "", "--mcp-url", ts.URL, "--header-env", "Authorization=Bearer ${MCP_KEY}", "--header", "X-Team: tools-team")
	if st != 0 {
		t.Fatalf("status %d\n%s", st, errs)
	}
	if strings.Contains(data, "sk-secret-1") || strings.Contains(data, "tools-team") || strings.Contains(errs, "sk-secret-1") {
		t.Fatalf("a value was kept:\n%s\n%s", data, errs)
	}
	servers, _ := metaOf(t, data)
	s := servers["localhost"]
	if len(servers) != 1 || s.URL != ts.URL || len(s.Headers) != 2 || s.Headers["Authorization"] != "Bearer ${MCP_KEY}" || s.Headers["X-Team"] != "" {
		t.Errorf("servers %+v", servers)
	}
	note := `note: import: the value of --header X-Team is not kept in DIR/doc.json: for tooltui send --call-mcp to send it, import with --header-env 'X-Team=VAR' (VAR holds the value), or write "headers": {"X-Team": "$VAR"} in "tooltui"."mcp_servers"."localhost"`
	if !strings.Contains(errs, note) {
		t.Errorf("stderr lacks the note:\n%s", errs)
	}
	for _, seen := range ts.Seen() {
		if seen != "Bearer sk-secret-1|tools-team" {
			t.Errorf("a request had %q", seen)
		}
	}
	t.Setenv("MCP_KEY", "")
	st, errs, _ = intoCase(t, "", "", "--mcp-url", ts.URL, "--header-env", "Authorization=MCP_KEY")
	if st != 2 || !strings.Contains(errs, "tooltui import: --header-env Authorization: $MCP_KEY is not set") {
		t.Errorf("unset: status %d\n%s", st, errs)
	}
	// A Responses body holds no metadata: the import says the functions
	// cannot be called there.
	t.Setenv("MCP_KEY", "sk-secret-1")
	st, errs, data = intoCase(t, `{"model":"gpt-5","tools":[]}`, "", "--mcp-url", ts.URL, "--header-env", "Authorization=Bearer $MCP_KEY")
	if st != 0 || strings.Contains(data, "tooltui") || !strings.Contains(errs, "note: import: DIR/doc.json is a Responses request body, which cannot record the MCP server") {
		t.Errorf("into a body: status %d\n%s\n%s", st, errs, data)
	}
}

func TestImportServerFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--header-env", "A=B", "x.json"}, "--header-env is for an HTTP server: give --mcp-url"},
		{[]string{"--mcp-url", "http://x", "--header-env", "Authorization"}, `--header-env takes 'NAME=VAR', got "Authorization"`},
		{[]string{"--mcp-url", "http://x", "--header-env", "Authorization=Bearer xyz"}, `names no environment variable`},
		{[]string{"--mcp-url", "http://x", "--header-env", "A=B", "--header", "a: 1"}, "the header A is given twice; give it once"},
		{[]string{"--mcp-url", "http://x", "--mcp-name", "fs"}, "--mcp-name names the server recorded in DOC: give --into DOC and --mcp or --mcp-url"},
		{[]string{"--into", "d.json", "--mcp-name", "fs", "x.json"}, "--mcp-name names the server recorded in DOC"},
		{[]string{"--into", "d.json", "--mcp-url", "http://x", "--mcp-name", "a:b"}, `--mcp-name takes letters, digits, '_', '-' and '.', got "a:b"`},
	} {
		st, _, errs := importCmd(t, "", c.args...)
		if st != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%q: status %d\n%s", c.args, st, errs)
		}
	}
}

// TestImportOnlyAndQuiet: --only takes the tools named (a built-in by its
// type), into a file or printed; a name the input lacks stops the import
// and lists the names it has; --quiet leaves out the notes.
func TestImportOnlyAndQuiet(t *testing.T) {
	st, out, errs := importCmd(t, importAnthropic, "--only", "web_search", "-")
	if st != 0 || strings.Contains(out, "get_time") || !strings.Contains(out, `"web_search"`) {
		t.Fatalf("--only web_search: status %d\n%s\n%s", st, out, errs)
	}
	if !strings.Contains(errs, "note: ") {
		t.Fatalf("the notes are missing without --quiet:\n%s", errs)
	}
	st, out, quiet := importCmd(t, importAnthropic, "--only", "get_time", "--quiet", "-")
	if st != 0 || !strings.Contains(out, "get_time") || strings.Contains(out, "web_search") {
		t.Fatalf("--only get_time: status %d\n%s\n%s", st, out, quiet)
	}
	if strings.Contains(quiet, "note: ") || !strings.Contains(quiet, "warning: ") {
		t.Fatalf("--quiet keeps the warnings and drops the notes:\n%s", quiet)
	}

	doc := filepath.Join(t.TempDir(), "doc.json")
	st, _, errs = importCmd(t, importAnthropic, "--into", doc, "--only", "nope,get_time", "-")
	if st != 2 || errs != "tooltui import: --only: no tool named \"nope\"; the input has \"get_time\", \"web_search\"\n" {
		t.Fatalf("an unknown name: status %d\n%s", st, errs)
	}
	if _, err := os.Stat(doc); err == nil {
		t.Fatal("an import stopped by --only wrote DOC")
	}
	st, _, errs = importCmd(t, importAnthropic, "--into", doc, "--only", "get_time", "-q", "-")
	if st != 0 || !strings.HasSuffix(errs, "added 1 function to "+doc+", a new tooltui document\n") {
		t.Fatalf("--only into DOC: status %d\n%s", st, errs)
	}
}
