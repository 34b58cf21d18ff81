package export

import (
	"encoding/json"

	"github.com/tooltui/tooltui/internal/formats"
	"github.com/tooltui/tooltui/internal/rawjson"
)

// toMCP writes the request's functions as an MCP tools/list result. The
// result holds tools only: every other field of the request is noted.
func toMCP(req rawjson.Object, n *notes) rawjson.Object {
	var tools []json.RawMessage
	for _, m := range req {
		if m.Key == "tools" {
			tools = mcpTools(m.Value, n)
			continue
		}
		n.lost(key("", m.Key), "%s is a request field and an MCP tools/list result holds tools only; dropped", m.Key)
	}
	return rawjson.Object{{Key: "tools", Value: array(tools)}}
}

func mcpTools(v []byte, n *notes) []json.RawMessage {
	list, ok := elements(v)
	if !ok {
		if !isNull(v) {
			n.lost("/tools", "tools is a %s, not a list; dropped", rawjson.JSONKind(v))
		}
		return nil
	}
	var out []json.RawMessage
	for i, el := range list {
		path := index("/tools", i)
		t, _ := members(el)
		if typ, _ := getStr(t, "type"); typ != "function" {
			lostTool(n, path, typ, formats.MCP)
			continue
		}
		out = append(out, mcpTool(t, path, n))
	}
	return out
}

// mcpTool writes a function as name, description and inputSchema.
func mcpTool(t rawjson.Object, path string, n *notes) json.RawMessage {
	var tool rawjson.Object
	for _, m := range t {
		switch m.Key {
		case "type", "strict", "parameters":
		case "name", "description":
			if !isNull(m.Value) {
				tool = append(tool, m)
			}
		case "output_schema":
			if isNull(m.Value) {
				continue
			}
			n.lost(key(path, m.Key), "output_schema describes the JSON in a function's string output, which MCP's outputSchema (for structuredContent) is not; dropped")
		default:
			if !unset(m.Key, m.Value) {
				n.lost(key(path, m.Key), "%s of a function has no MCP equivalent; dropped", m.Key)
			}
		}
	}
	tool.Set("inputSchema", inputSchema(t, path, n, formats.MCP))
	strictLost(t, path, n, formats.MCP)
	return tool.AppendJSON(nil)
}
