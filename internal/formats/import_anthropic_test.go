package formats

import "testing"

func TestImportAnthropic(t *testing.T) {
	runImportCases(t, []importCase{
		{
			name: "request fields and server tools",
			in: `{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "system": [{"type": "text", "text": "You are terse."}, {"type": "text", "text": "Use metric units.", "cache_control": {"type": "ephemeral"}}],
  "messages": [
    {"role": "user", "content": [{"type": "text", "text": "Weather?"}, {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "AAAA"}}]},
    {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "get_weather", "input": {}}]}
  ],
  "tools": [
    {"name": "get_weather", "description": "d", "input_schema": {"type": "object", "properties": {}}, "strict": true,
     "cache_control": {"type": "ephemeral"}, "input_examples": [{"location": "Paris"}], "defer_loading": true},
    {"type": "code_execution_20250825", "name": "code_execution"},
    {"type": "web_fetch_20250910", "name": "web_fetch", "max_uses": 3},
    {"type": "text_editor_20250728", "name": "str_replace_based_edit_tool"},
    {"type": "memory_20250818", "name": "memory"},
    {"type": "tool_search_tool_regex_20251119", "name": "tool_search_tool_regex"},
    {"type": "computer_20250124", "name": "computer", "display_width_px": 1024, "display_height_px": 768},
    {"type": "bash_20250124", "name": "bash"}
  ],
  "tool_choice": {"type": "any", "disable_parallel_tool_use": true},
  "metadata": {"user_id": "u-1"},
  "top_k": 5,
  "stop_sequences": ["\n\nHuman:"],
  "thinking": {"type": "enabled", "budget_tokens": 2000},
  "temperature": 1
}`,
			from: Anthropic,
			notes: []string{
				"change /max_tokens", "change /system", "change /system", "loss /system/1/cache_control",
				"loss /messages/0/content/1", "loss /messages/1/content/0", "loss /messages/1",
				"loss /tools/0/cache_control", "loss /tools/0/input_examples", "change /tools/1",
				"loss /tools/2", "loss /tools/3", "loss /tools/4", "loss /tools/5", "loss /tools/6", "loss /tools/7",
				"change /tool_choice/type", "change /tool_choice/disable_parallel_tool_use",
				"change /metadata/user_id", "loss /top_k", "loss /stop_sequences", "loss /thinking",
			},
			want: map[string]string{
				"/instructions":        `"You are terse.\n\nUse metric units."`,
				"/input":               `[{"role":"user","content":"Weather?"}]`,
				"/tools":               `[{"type":"function","name":"get_weather","description":"d","parameters":{"type":"object","properties":{}},"strict":true,"defer_loading":true},{"type":"code_interpreter","container":{"type":"auto"}}]`,
				"/tool_choice":         `"required"`,
				"/parallel_tool_calls": `false`,
				"/safety_identifier":   `"u-1"`,
				"/max_output_tokens":   `1024`,
				"/temperature":         `1`,
			},
			absent: []string{"/metadata", "/system", "/max_tokens", "/top_k"},
		},
		{
			name:  "tool_choice naming the web search tool",
			in:    `{"max_tokens":1,"messages":[],"tools":[{"type":"web_search_20250305","name":"web_search"}],"tool_choice":{"type":"tool","name":"web_search"}}`,
			from:  Anthropic,
			notes: []string{"change /max_tokens"},
			want:  map[string]string{"/tools": `[{"type":"web_search"}]`, "/tool_choice": `{"type":"web_search"}`},
		},
		{
			name:   "tool_choice naming a server tool that is left out",
			in:     `{"max_tokens":1,"messages":[],"tools":[{"type":"bash_20250124","name":"bash"}],"tool_choice":{"type":"tool","name":"bash"}}`,
			from:   Anthropic,
			notes:  []string{"change /max_tokens", "loss /tools/0", "loss /tool_choice"},
			want:   map[string]string{"/tools": `[]`},
			absent: []string{"/tool_choice"},
		},
		{
			name:  "tool_choice naming a function",
			in:    `[{"name":"get_weather","input_schema":{"type":"object"},"strict":false,"type":"custom"}]`,
			from:  Anthropic,
			notes: []string{"change /0/input_schema"},
			want:  map[string]string{"/tools/0": `{"type":"function","name":"get_weather","parameters":{"type":"object","properties":{}},"strict":false}`},
		},
		{
			name:  "tool_choice modes",
			in:    `{"system":"s","messages":[{"role":"user","content":"hi"}],"tools":[{"name":"f","input_schema":{"type":"object","properties":{}},"strict":true}],"tool_choice":{"type":"tool","name":"f","disable_parallel_tool_use":false,"extra":1}}`,
			from:  Anthropic,
			notes: []string{"change /system", "loss /tool_choice/extra"},
			want: map[string]string{
				"/instructions": `"s"`, "/tool_choice": `{"type":"function","name":"f"}`, "/input": `[{"role":"user","content":"hi"}]`,
			},
			absent: []string{"/parallel_tool_calls"},
		},
		{
			name:  "none and auto",
			in:    `{"system":"s","messages":[],"tool_choice":{"type":"none"}}`,
			from:  Anthropic,
			notes: []string{"change /system"},
			want:  map[string]string{"/tool_choice": `"none"`},
		},
		{
			name: "a second web search tool",
			in: `[{"type":"web_search_20250305","name":"web_search","allowed_domains":["a.example"],"user_location":{"type":"approximate","city":"Oslo","postcode":"0150"}},
{"type":"web_search_20260209","name":"web_search_2"}]`,
			from:  Anthropic,
			notes: []string{"change /0/allowed_domains", "loss /0/user_location/postcode", "loss /1"},
			want: map[string]string{
				"/tools": `[{"type":"web_search","filters":{"allowed_domains":["a.example"]},"user_location":{"type":"approximate","city":"Oslo"}}]`,
			},
		},
		{
			name:  "messages of other roles and bad shapes",
			in:    `{"system":[{"type":"text","text":"x"},{"type":"image"}],"messages":[{"role":"system","content":"x"},3,{"role":"user","content":[{"type":"text","text":"ok","citations":[]}],"id":"m"}]}`,
			from:  Anthropic,
			notes: []string{"change /system", "loss /system/1", "loss /messages/0", "loss /messages/1", "loss /messages/2/id", "loss /messages/2/content/0/citations"},
			want:  map[string]string{"/instructions": `"x"`, "/input": `[{"role":"user","content":"ok"}]`},
		},
	})
}
