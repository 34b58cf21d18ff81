package formats

import (
	"os"
	"path/filepath"
	"testing"
)

func TestDetectFixtures(t *testing.T) {
	for _, file := range fixtures(t) {
		in, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := Detect(in), fixtureFormat(file); got != want {
			t.Errorf("Detect(%s) = %s, want %s", filepath.Base(file), got, want)
		}
	}
}

func TestDetect(t *testing.T) {
	cases := []struct {
		name string
		in   string
		want Name
	}{
		// What must stay Responses.
		{"responses body", `{"model":"gpt-5","tools":[{"type":"function","name":"get_weather","parameters":{"type":"object","properties":{}}}]}`, Responses},
		{"responses body with built-ins", `{"tools":[{"type":"web_search"},{"type":"code_interpreter","container":{"type":"auto"}},{"type":"web_search_2025_08_26"}]}`, Responses},
		{"responses body with a custom tool", `{"tools":[{"type":"custom","name":"sql","format":{"type":"text"}}]}`, Responses},
		{"responses body with a chat-shaped slip", `{"model":"gpt-5","input":"hi","tools":[{"type":"function","function":{"name":"f"}}]}`, Responses},
		{"responses majority beats one chat slip", `{"tools":[{"type":"function","name":"a"},{"type":"function","name":"b"},{"type":"function","function":{"name":"c"}}]}`, Responses},
		{"a tie stays responses", `[{"type":"function","name":"a"},{"type":"function","function":{"name":"c"}}]`, Responses},
		{"bare responses array", `[{"type":"function","name":"get_weather","parameters":{}},{"type":"file_search","vector_store_ids":["vs_1"]}]`, Responses},
		{"responses preview tool is not anthropic", `[{"type":"web_search_preview_2025_03_11"}]`, Responses},
		{"tooltui document", `{"model":"gpt-5","tools_defs":[{"name":"f","parameters":{}}],"extra":{"builtin_tools":[{"type":"web_search"}]}}`, Responses},
		{"tooltui document with chat-shaped entries", `{"tools_defs":[{"type":"function","function":{"name":"f"}}],"extra":{}}`, Responses},
		{"tooltui document with foreign built-ins", `{"tools_defs":[],"extra":{"builtin_tools":[{"type":"web_search_20250305","name":"web_search"}]}}`, Responses},
		{"saved body with tooltui metadata", `{"tools":[{"name":"x","inputSchema":{}}],"tooltui":{}}`, Responses},
		{"empty object", `{}`, Responses},
		{"empty array", `[]`, Responses},
		{"number", `1`, Responses},
		{"not JSON", `{"messages":`, Responses},
		{"JSON-RPC request", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, Responses},
		{"array of strings", `["a","b"]`, Responses},

		// Chat Completions.
		{"chat messages only", `{"model":"gpt-4.1","messages":[{"role":"user","content":"hi"}]}`, Chat},
		{"chat with max_tokens and an OpenAI model", `{"model":"gpt-4o","messages":[{"role":"user","content":"hi"}],"max_tokens":100}`, Chat},
		{"chat with metadata.user_id", `{"model":"o3-mini","messages":[{"role":"user","content":"hi"}],"metadata":{"user_id":"u1"}}`, Chat},
		{"chat through a router", `{"model":"openai/gpt-5","messages":[{"role":"user","content":"hi"}],"max_tokens":100}`, Chat},
		{"chat tools without messages", `{"tools":[{"type":"function","function":{"name":"f"}}],"tool_choice":"auto"}`, Chat},
		{"chat custom tool", `[{"type":"custom","custom":{"name":"sql"}}]`, Chat},
		{"chat with system role and max_tokens", `{"max_tokens":100,"messages":[{"role":"system","content":"be brief"},{"role":"user","content":"hi"}]}`, Chat},

		// Anthropic Messages.
		{"anthropic bare function", `[{"name":"get_weather","input_schema":{"type":"object"}}]`, Anthropic},
		{"anthropic server tool only", `[{"type":"bash_20250124","name":"bash"}]`, Anthropic},
		{"anthropic first example: plain messages and max_tokens", `{"model":"claude-opus-4-1-20250805","max_tokens":1024,"messages":[{"role":"user","content":"Hello, Claude"}]}`, Anthropic},
		{"anthropic without max_tokens, by its model", `{"model":"claude-haiku-4-5","messages":[{"role":"user","content":"hi"}]}`, Anthropic},
		{"anthropic body with system", `{"model":"claude-sonnet-4-5","max_tokens":1024,"system":"be brief","messages":[{"role":"user","content":"hi"}]}`, Anthropic},
		{"anthropic tool_choice any", `{"max_tokens":1,"messages":[],"tool_choice":{"type":"any"}}`, Anthropic},
		{"anthropic tool_result blocks", `{"messages":[{"role":"user","content":[{"type":"tool_result","tool_use_id":"t","content":"18°C"}]}]}`, Anthropic},
		{"anthropic custom type", `{"tools":[{"type":"custom","name":"f","input_schema":{"type":"object"}}]}`, Anthropic},

		// Gemini.
		{"gemini bare declarations", `{"functionDeclarations":[{"name":"f"}]}`, Gemini},
		{"gemini bare snake_case declarations", `{"function_declarations":[{"name":"f"}]}`, Gemini},
		{"gemini tools array", `[{"functionDeclarations":[]},{"googleSearch":{}}]`, Gemini},
		{"gemini tools in a body", `{"tools":[{"codeExecution":{}}]}`, Gemini},
		{"gemini contents only", `{"contents":[{"parts":[{"text":"hi"}]}]}`, Gemini},
		{"gemini snake_case config", `{"tool_config":{"function_calling_config":{"mode":"NONE"}}}`, Gemini},

		// MCP.
		{"mcp result", `{"tools":[{"name":"f","inputSchema":{"type":"object"}}]}`, MCP},
		{"mcp empty page", `{"tools":[],"nextCursor":"abc"}`, MCP},
		{"mcp bare array", `[{"name":"f","inputSchema":{}}]`, MCP},
		{"mcp JSON-RPC response", `{"jsonrpc":"2.0","id":"x","result":{"tools":[]}}`, MCP},
		{"mcp JSON-RPC error", `{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"nope"}}`, MCP},
		{"byte order mark", "\xef\xbb\xbf[{\"name\":\"f\",\"inputSchema\":{}}]", MCP},
	}
	for _, c := range cases {
		if got := Detect([]byte(c.in)); got != c.want {
			t.Errorf("%s: Detect(%s) = %s, want %s", c.name, c.in, got, c.want)
		}
	}
}
