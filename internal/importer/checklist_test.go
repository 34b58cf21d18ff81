package importer

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/formats"
	"github.com/tooltui/tooltui/internal/mcpclient"
	"github.com/tooltui/tooltui/internal/mcpclient/mcptest"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/tokens"
)

// example reads a document of examples/.
func example(t *testing.T, name string) *model.Document {
	t.Helper()
	d, err := formats.ReadFile(filepath.Join("..", "..", "examples", name))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// rowText is a row as one line: name, type, clash, problems.
func rowText(r Row) string {
	s := r.Name + " " + r.Type
	if r.Clash {
		s += " clash"
	}
	if p := r.Problems(); p != "" {
		s += " [" + p + "]"
	}
	return s
}

// estimate is what the app's token column shows for the tools of d at
// places: d converted, each tool counted by the estimator.
func estimate(d *model.Document, places map[Place]bool) int {
	var conv convert.Converter
	var cache tokens.Cache
	res := conv.Convert(d)
	n := 0
	for i, t := range res.Tools {
		if src := res.Sources[i]; places[Place{src.Kind, src.Index}] {
			n += cache.ResponseTool(t)
		}
	}
	return n
}

// checkEstimate checks that the tools a merged as they came cost what
// the checklist said of them, and that each tool it renamed costs what it
// did, give or take the tokens of its new name.
func checkEstimate(t *testing.T, a *Applied, said int, saidRenamed map[string]int) {
	t.Helper()
	kept, renamed := map[Place]bool{}, map[string]Place{}
	for p := range a.Fresh {
		n := ToolName(p.Kind, a.Doc.List(p.Kind)[p.Index].Raw)
		if slices.ContainsFunc(a.Renamed, func(r Rename) bool { return r.To == n }) {
			renamed[n] = p
			continue
		}
		kept[p] = true
	}
	if n := estimate(a.Doc, kept); n != said {
		t.Errorf("the merged tools cost %d, the checklist said %d", n, said)
	}
	for _, r := range a.Renamed {
		n := estimate(a.Doc, map[Place]bool{renamed[r.To]: true})
		if d := n - saidRenamed[r.From]; d < 0 || d > tokens.Count(r.To)-tokens.Count(r.From)+1 {
			t.Errorf("%s costs %d, %s %d", r.To, n, r.From, saidRenamed[r.From])
		}
	}
}

// TestChecklistFromFile: the rows of a file's tools, with their
// diagnostics, clashes and token estimates, and the operations on them.
func TestChecklistFromFile(t *testing.T) {
	target := example(t, "travel.json")
	c := NewChecklist(target, example(t, "mixed-invalid.json"), nil)
	var got []string
	for _, r := range c.Rows {
		got = append(got, rowText(r))
	}
	want := []string{
		`search_docs function [1 warning: /parameters: strict is not set, so the Responses API will try to normalise this schema into strict mode, ` +
			`but it is not strict-compatible (/parameters: an object schema needs "additionalProperties": false and 1 more); set strict to false to opt out]`,
		`bad name! function [1 error: /name: may contain only ASCII letters, digits, "_" and "-"; found " " at character 4]`,
		`web_search web_search [1 error: /search_context_size: must be one of "low", "medium", "high", got "huge"]`,
		`file_search file_search [1 error: /max_num_results: must be between 1 and 50, got 99]`,
		`web_serch web_serch [1 warning: /type: unknown type "web_serch": passed through unchanged; did you mean "web_search"?]`,
		`  [1 error: must be an object with a "type", got string]`,
		`code_interpreter code_interpreter`,
		`file_search file_search [1 warning: /colour: unknown key for file_search; the API may reject it]`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("rows:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// An entry left out of the request costs nothing; the others cost
	// what the estimator says.
	for _, i := range []int{1, 2, 3, 5} {
		if c.Rows[i].Tokens != -1 {
			t.Errorf("row %d (left out) has %d tokens", i, c.Rows[i].Tokens)
		}
	}
	for _, i := range []int{0, 4, 6, 7} {
		if c.Rows[i].Tokens <= 0 {
			t.Errorf("row %d: %d tokens", i, c.Rows[i].Tokens)
		}
	}

	// Nothing marked at first; Only marks the rows given and no other,
	// each operation a new checklist.
	if len(c.Marked()) != 0 || c.MarkedTokens() != 0 {
		t.Fatalf("marked at first: %v", c.Marked())
	}
	some := c.Only([]int{1, 6, 99})
	if got := some.Only([]int{0, 6}).MarkedRows(); !slices.Equal(got, []int{0, 6}) || len(c.MarkedRows()) != 0 {
		t.Errorf("only 0 and 6: %v, before: %v", got, c.MarkedRows())
	}
	if got := some.MarkedRows(); !slices.Equal(got, []int{1, 6}) {
		t.Errorf("only 1, 6 and a row it lacks: %v", got)
	}
	one := c.Only([]int{0, 6})
	if got := one.Marked(); !slices.Equal(got, []string{"search_docs", "code_interpreter"}) {
		t.Errorf("marked %v", got)
	}
	if want := c.Rows[0].Tokens + c.Rows[6].Tokens; one.MarkedTokens() != want {
		t.Errorf("marked tokens %d, want %d", one.MarkedTokens(), want)
	}

	// The marked tools merged: what the app's token column shows for them
	// is what the checklist said.
	a, err := Apply(target, one.Picked(), Choices{})
	if err != nil {
		t.Fatal(err)
	}
	if got := names(a.Doc); !slices.Equal(got, []string{"get_weather", "search_docs", "web_search", "code_interpreter"}) {
		t.Errorf("merged %v", got)
	}
	if n := estimate(a.Doc, a.Fresh); n != one.MarkedTokens() {
		t.Errorf("the merged tools cost %d, the checklist said %d", n, one.MarkedTokens())
	}
}

// TestChecklistClashes: a clash is flagged on its row, asked about when
// marked, and decided by Apply, one change to the target.
func TestChecklistClashes(t *testing.T) {
	target := example(t, "travel.json")
	c := NewChecklist(target, example(t, "demo.json"), nil)
	var got []string
	for _, r := range c.Rows {
		got = append(got, rowText(r))
	}
	if want := "get_weather function clash|find_hotels function|convert_currency function|web_search web_search"; strings.Join(got, "|") != want {
		t.Errorf("rows %s", strings.Join(got, "|"))
	}
	all := c.Only([]int{0, 1, 2, 3})
	if got := all.Clashes(); !slices.Equal(got, []string{"get_weather"}) {
		t.Errorf("clashes %v", got)
	}
	if got := c.Only([]int{1, 2, 3}).Clashes(); len(got) != 0 {
		t.Errorf("clashes of the rows marked: %v", got)
	}
	if _, err := Apply(target, all.Picked(), Choices{}); err == nil || !strings.Contains(err.Error(), `"get_weather"`) {
		t.Errorf("undecided: %v", err)
	}
	for _, decide := range []Clash{ClashReplace, ClashRename, ClashSkip} {
		a, err := Apply(target, all.Picked(), Choices{Clashes: map[string]Clash{"get_weather": decide}})
		if err != nil {
			t.Fatalf("%s: %v", decide, err)
		}
		old := errorsOf(target)
		for e := range errorsOf(a.Doc) {
			if !old[e] {
				t.Errorf("%s: new error %s", decide, e)
			}
		}
		want := all.MarkedTokens()
		if decide != ClashReplace {
			want -= all.Rows[0].Tokens
		}
		checkEstimate(t, a, want, map[string]int{"get_weather": all.Rows[0].Tokens})
	}
}

// TestChecklistFromServer: the tools a go-sdk MCP server lists, read as
// import reads them, in a checklist; the marked ones merged with the
// server recorded.
func TestChecklistFromServer(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "tooltui-checklist-test", Version: "1"}, nil)
	noop := func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{}, nil
	}
	s.AddTool(&mcp.Tool{Name: "get_weather", Description: "Current weather for a city.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"city":{"type":"string"}},"required":["city"],"additionalProperties":false}`)}, noop)
	s.AddTool(&mcp.Tool{Name: "search_docs", Title: "Search the docs", InputSchema: json.RawMessage(`{"type":"object"}`)}, noop)
	s.AddTool(&mcp.Tool{Name: "read.file", Description: "Read a file.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"}},"required":["path"],"additionalProperties":false}`)}, noop)
	ts := mcptest.Serve(t, s, "sk-test")
	list, err := mcpclient.List(t.Context(), mcpclient.Server{URL: ts.URL, Headers: map[string]string{"Authorization": "Bearer sk-test"}})
	if err != nil {
		t.Fatal(err)
	}
	in, err := formats.LoadAs(list, formats.MCP)
	if err != nil {
		t.Fatal(err)
	}
	target := doc(t, `{"tools_defs":[{"name":"get_weather","description":"old","parameters":{"type":"object","properties":{},"additionalProperties":false},"strict":true}]}`)
	c := NewChecklist(target, in, nil)
	var got []string
	for _, r := range c.Rows {
		got = append(got, fmt.Sprintf("%s|%s|%s|%d errors", rowText(r), r.Description, tokenSign(r.Tokens), r.Errors))
	}
	want := []string{
		"get_weather function clash|Current weather for a city.|counted|0 errors",
		"read.file function [1 error: /name: may contain only ASCII letters, digits, \"_\" and \"-\"; found \".\" at character 5]|Read a file.|left out|1 errors",
		"search_docs function [1 warning: /parameters: strict is not set, so the Responses API will try to normalise this schema into strict mode, " +
			"but it is not strict-compatible (/parameters: an object schema needs \"additionalProperties\": false); set strict to false to opt out]|Search the docs|counted|0 errors",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("rows:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(c.Notes) == 0 || !strings.Contains(c.Notes[0].Message, "MCP tools/list") {
		t.Errorf("notes %v", c.Notes)
	}
	var rows []int // every row but the second
	for i := range c.Rows {
		if i != 1 {
			rows = append(rows, i)
		}
	}
	marked := c.Only(rows)
	srv := &model.MCPServer{URL: ts.URL, Headers: map[string]string{"Authorization": ""}}
	a, err := Apply(target, marked.Picked(), Choices{Clashes: map[string]Clash{"get_weather": ClashRename}, Server: srv})
	if err != nil {
		t.Fatal(err)
	}
	if got := names(a.Doc); !slices.Equal(got, []string{"get_weather", "get_weather_2", "search_docs"}) {
		t.Errorf("merged %v", got)
	}
	if a.Server != "localhost" || !a.Doc.MCPServers["localhost"].Same(*srv) {
		t.Errorf("server %q: %v", a.Server, a.Doc.MCPServers)
	}
	for i, tool := range []string{"get_weather", "search_docs"} {
		f := a.Doc.Functions[i+1]
		if f.Origin != model.OriginMCP || f.Server != "localhost" || f.ServerTool != tool {
			t.Errorf("function %d: origin %q, server %q, tool %q", i+1, f.Origin, f.Server, f.ServerTool)
		}
	}
	checkEstimate(t, a, marked.MarkedTokens()-c.Rows[0].Tokens, map[string]int{"get_weather": c.Rows[0].Tokens})
	old := errorsOf(target)
	for e := range errorsOf(a.Doc) {
		if !old[e] {
			t.Errorf("new error %s", e)
		}
	}
}

func tokenSign(n int) string {
	if n > 0 {
		return "counted"
	}
	if n < 0 {
		return "left out"
	}
	return "0"
}
