package formats

import (
	"encoding/json"
	"fmt"
	"sync"

	"github.com/tooltui/tooltui/internal/rawjson"
)

func importMCP(b *builder, valid []byte) error {
	if els, ok := elements(valid); ok {
		mcpTools(b, "", els)
		return nil
	}
	o, _ := members(valid)
	base := ""
	if o.Has("jsonrpc") {
		if e, ok := o.Get("error"); ok {
			return rpcError(e)
		}
		r, ok := members(mustGet(o, "result"))
		if !ok {
			return fmt.Errorf("/result must be an object (a tools/list result), got %s", rawjson.JSONKind(mustGet(o, "result")))
		}
		base, o = "/result", r
	}
	v, ok := o.Get("tools")
	if !ok {
		return fmt.Errorf("no tools array at %s: not a tools/list result", at(base, "tools"))
	}
	els, ok := elements(v)
	if !ok {
		return fmt.Errorf("%s must be an array of tools, got %s", at(base, "tools"), rawjson.JSONKind(v))
	}
	for _, m := range o {
		p := at(base, m.Key)
		switch m.Key {
		case "tools":
			mcpTools(b, p, els)
		case "nextCursor":
			if !lit(m.Value, "null") {
				b.lose(p, "the server has more tools on a next page (nextCursor %s); only this page was read", string(m.Value))
			}
		default:
			b.lose(p, "%s of a tools/list result has no counterpart in a Responses request; left out", m.Key)
		}
	}
	return nil
}

// rpcError words a JSON-RPC error response.
func rpcError(e json.RawMessage) error {
	o, _ := members(e)
	code, msg := string(mustGet(o, "code")), ""
	if s, ok := str(o, "message"); ok {
		msg = ": " + s
	}
	return fmt.Errorf("/error: the server answered the request with error %s%s, not a tools/list result", code, msg)
}

// Why an MCP tool's fields have no place on a Responses function.
var mcpLost = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"title":        "a display name; Responses function tools have none",
		"outputSchema": "it describes the tool's structuredContent, and it is not Responses' output_schema (that one describes JSON encoded in string outputs)",
		"annotations":  "hints for the client (read-only, destructive, idempotent, open-world); Responses function tools have none",
		"_meta":        "MCP metadata has no counterpart in a Responses request",
		"icons":        "Responses function tools have no icons",
		"execution":    "MCP task execution has no counterpart on a Responses function tool",
	}
})

func mcpTools(b *builder, path string, els [][]byte) {
	for i, e := range els {
		p := ati(path, i)
		o, ok := members(e)
		if !ok {
			b.lose(p, "a tool must be an object, got %s; left out", rawjson.JSONKind(e))
			continue
		}
		b.tool(mcpTool(b, p, o))
	}
}

func mcpTool(b *builder, p string, o rawjson.Object) rawjson.Object {
	t := obj("type", "function")
	for _, m := range o {
		mp := at(p, m.Key)
		switch m.Key {
		case "name", "description":
			t.Set(m.Key, m.Value)
		case "inputSchema":
			schema, _ := members(m.Value)
			if typ, _ := str(schema, "type"); typ != "object" {
				b.breaks(mp, "the server's list breaks the MCP schema: an inputSchema must be \"type\": \"object\" "+
					"(the MCP TypeScript SDK refuses the whole list for it, and the OpenAI API refuses such parameters)")
			}
			t.Set("parameters", withProperties(b, mp, m.Value))
		case "title":
			if !o.Has("description") && rawjson.JSONKind(m.Value) == "string" {
				t.Set("description", m.Value)
				b.change(mp, "the tool has no description, so its title becomes the description")
				continue
			}
			fallthrough
		default:
			why := mcpLost()[m.Key]
			if why == "" {
				b.lose(mp, "%s: it is not a field of an MCP tool; left out", m.Key)
				continue
			}
			// What an MCP client reads; a Responses request never
			// did anything with it.
			b.loseInert(mp, "%s: %s; left out", m.Key, why)
		}
	}
	if !o.Has("inputSchema") {
		b.breaks(p, "the server's list breaks the MCP schema: a tool needs an inputSchema (the MCP TypeScript SDK refuses the whole list for it)")
	}
	b.strictNote(p, MCP)
	return t
}
