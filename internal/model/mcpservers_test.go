package model

import (
	"encoding/json"
	"strings"
	"testing"
)

// mcpDoc has three functions: get_weather and read_file of recorded
// servers, and old, imported from an MCP server before servers were
// recorded (a plain "mcp" origin).
const mcpDoc = `{
  "model": "gpt-5",
  "tools_defs": [
    {"name": "get_weather", "parameters": {"type": "object"}},
    {"name": "read_file", "parameters": {"type": "object"}},
    {"name": "old", "parameters": {"type": "object"}}
  ],
  "tooltui": {
    "mcp_servers": {
      "api": {"url": "https://mcp.example.com/mcp", "headers": {"Authorization": "Bearer ${API_TOKEN}", "X-Team": ""}},
      "fs": {"command": ["npx", "-y", "@modelcontextprotocol/server-filesystem", "/tmp"]}
    },
    "origins": {"tools_defs[0]": "mcp:api", "tools_defs[1]": "mcp:fs:read.file", "tools_defs[2]": "mcp"}
  }
}
`

func parseMCPDoc(t *testing.T) *Document {
	t.Helper()
	d, err := Parse([]byte(mcpDoc))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// savedMeta is the "tooltui" member of a saved document.
func savedMeta(t *testing.T, d *Document) (string, meta) {
	t.Helper()
	out, err := d.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	var top struct {
		Meta meta `json:"tooltui"`
	}
	if err := json.Unmarshal(out, &top); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	return string(out), top.Meta
}

func TestMCPServersLoad(t *testing.T) {
	d := parseMCPDoc(t)
	want := []struct{ origin, server, tool string }{
		{OriginMCP, "api", "get_weather"},
		{OriginMCP, "fs", "read.file"},
		{OriginMCP, "", ""},
	}
	for i, w := range want {
		f := d.Functions[i]
		if f.Origin != w.origin || f.Server != w.server || f.ServerTool != w.tool {
			t.Errorf("function %d: origin %q, server %q, tool %q; want %+v", i, f.Origin, f.Server, f.ServerTool, w)
		}
	}
	api := d.MCPServers["api"]
	if api.URL != "https://mcp.example.com/mcp" || api.Headers["Authorization"] != "Bearer ${API_TOKEN}" || len(api.Command) != 0 {
		t.Errorf("api = %+v", api)
	}
	if got := d.MCPServers["fs"].Describe(); got != "npx -y @modelcontextprotocol/server-filesystem /tmp" {
		t.Errorf("fs is %q", got)
	}
}

// A save keeps what it read, and reads back to the same save.
func TestMCPServersRoundTrip(t *testing.T) {
	d := parseMCPDoc(t)
	out, m := savedMeta(t, d)
	var want struct {
		Meta meta `json:"tooltui"`
	}
	_ = json.Unmarshal([]byte(mcpDoc), &want)
	if got, _ := json.Marshal(m); string(got) != mustJSON(t, want.Meta) {
		t.Errorf("saved:\n%s\nwant the metadata of:\n%s", out, mcpDoc)
	}
	again, err := Parse([]byte(out))
	if err != nil {
		t.Fatal(err)
	}
	if out2, _ := again.Marshal(); string(out2) != out {
		t.Errorf("saved again:\n%s\nfirst:\n%s", out2, out)
	}
	// The recovery copy keeps them too.
	state, err := d.MarshalState()
	if err != nil {
		t.Fatal(err)
	}
	back, err := Parse(state)
	if err != nil {
		t.Fatal(err)
	}
	if back.Functions[1].Server != "fs" || back.Functions[1].ServerTool != "read.file" || back.MCPServers["api"].Headers["X-Team"] != "" {
		t.Errorf("recovery copy: %+v %+v", back.Functions[1], back.MCPServers)
	}
}

// A function keeps its server and its tool there through a rename, a move,
// a duplicate; a server no function names any more is not saved.
func TestMCPServersFollowEdits(t *testing.T) {
	d := parseMCPDoc(t)
	d, err := SetToolValue(d, Function, 0, []string{"name"}, json.RawMessage(`"weather"`))
	if err != nil {
		t.Fatal(err)
	}
	_, m := savedMeta(t, d)
	if m.Origins["tools_defs[0]"] != "mcp:api:get_weather" {
		t.Errorf("after the rename: origins %v", m.Origins)
	}
	d, _, err = MoveTool(d, Function, 0, 2)
	if err != nil {
		t.Fatal(err)
	}
	_, m = savedMeta(t, d)
	if m.Origins["tools_defs[2]"] != "mcp:api:get_weather" || m.Origins["tools_defs[0]"] != "mcp:fs:read.file" || m.Origins["tools_defs[1]"] != "mcp" {
		t.Errorf("after the move: origins %v", m.Origins)
	}
	// Renamed back to its tool's name, the origin is short again.
	d, err = SetToolRaw(d, Function, 2, json.RawMessage(`{"name":"get_weather"}`))
	if err != nil {
		t.Fatal(err)
	}
	_, m = savedMeta(t, d)
	if m.Origins["tools_defs[2]"] != "mcp:api" {
		t.Errorf("renamed back: origins %v", m.Origins)
	}
	d, j, err := DuplicateTool(d, Function, 2)
	if err != nil {
		t.Fatal(err)
	}
	if c := d.Functions[j]; c.Server != "api" || c.ServerTool != "get_weather" {
		t.Errorf("the copy: %+v", c)
	}
	d, _, _ = DeleteTool(d, Function, j)
	d, _, err = DeleteTool(d, Function, 2)
	if err != nil {
		t.Fatal(err)
	}
	out, m := savedMeta(t, d)
	if _, ok := m.MCPServers["api"]; ok || len(m.MCPServers) != 1 {
		t.Errorf("a server no function names is saved:\n%s", out)
	}
	if _, ok := d.MCPServers["api"]; !ok {
		t.Error("the document forgot the server (undo would need it)")
	}
	// A function whose JSON is being typed keeps its tool in the origin.
	d, err = SetToolRaw(d, Function, 0, json.RawMessage(`{"name": "read_`))
	if err != nil {
		t.Fatal(err)
	}
	_, m = savedMeta(t, d)
	if m.Origins["tools_defs[0]"] != "mcp:fs:read.file" {
		t.Errorf("draft: origins %v", m.Origins)
	}
}

func TestMCPServersEdits(t *testing.T) {
	d := &Document{Functions: []Tool{{Raw: json.RawMessage(`{"name":"echo"}`)}}}
	d2, err := SetMCPServer(d, "local", &MCPServer{Command: []string{"./server", "--stdio"}})
	if err != nil {
		t.Fatal(err)
	}
	if d.MCPServers != nil {
		t.Error("SetMCPServer changed its argument")
	}
	d3, err := SetServer(d2, Function, 0, "local", "echo")
	if err != nil {
		t.Fatal(err)
	}
	if d2.Functions[0].Server != "" || d3.Functions[0].Origin != OriginMCP {
		t.Errorf("SetServer: %+v, %+v", d2.Functions[0], d3.Functions[0])
	}
	d3.Layout = Layout{Compact: true}
	out, _ := savedMeta(t, d3)
	if !strings.Contains(out, `"tooltui":{"mcp_servers":{"local":{"command":["./server","--stdio"]}},"origins":{"tools_defs[0]":"mcp:local"}}`) {
		t.Errorf("saved:\n%s", out)
	}
	if _, err := SetMCPServer(d, "a:b", &MCPServer{URL: "x"}); err == nil {
		t.Error("a name with a colon was taken")
	}
	d4, _ := SetMCPServer(d3, "local", nil)
	if d4.MCPServers != nil || d3.MCPServers == nil {
		t.Errorf("forgetting: %v, %v", d4.MCPServers, d3.MCPServers)
	}
	if !(MCPServer{Command: []string{"a"}}).Same(MCPServer{Command: []string{"a"}, Headers: map[string]string{"X": "$Y"}}) ||
		(MCPServer{URL: "u"}).Same(MCPServer{URL: "v"}) {
		t.Error("Same")
	}
}

// A Responses body cannot hold the servers: a body save says so, and
// writes no "tooltui" member.
func TestMCPServersBody(t *testing.T) {
	d := parseMCPDoc(t)
	d.Format = FormatBody
	out, err := d.MarshalBody()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(out), "tooltui") || strings.Contains(string(out), "npx") {
		t.Errorf("body:\n%s", out)
	}
	losses := strings.Join(d.BodyLosses(), "; ")
	if !strings.Contains(losses, "the MCP servers that serve 2 functions") {
		t.Errorf("losses: %s", losses)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
