package formats

import "testing"

func TestImportChat(t *testing.T) {
	runImportCases(t, []importCase{
		{
			name: "request fields",
			in: `{
  "model": "gpt-4.1",
  "messages": [
    {"role": "developer", "content": "Be brief."},
    {"role": "user", "content": [{"type": "text", "text": "Look at this"}, {"type": "image_url", "image_url": {"url": "https://example.com/a.png"}}]},
    {"role": "assistant", "content": null, "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]},
    {"role": "tool", "tool_call_id": "c1", "content": "42"},
    {"role": "user", "name": "ann", "content": "thanks"}
  ],
  "tools": [
    {"type": "function", "function": {"name": "f", "description": "d", "parameters": {"type": "object", "properties": {"n": {"type": "number", "maximum": 1e400}}}, "strict": false}},
    {"type": "custom", "custom": {"name": "sql", "format": {"type": "grammar", "grammar": {"syntax": "lark", "definition": "start: x"}}}},
    {"type": "function", "name": "already", "parameters": {}},
    "oops"
  ],
  "tool_choice": "required",
  "max_tokens": 100,
  "max_completion_tokens": 200,
  "temperature": 0.20,
  "n": 2,
  "stop": ["x"],
  "frequency_penalty": 0,
  "response_format": {"type": "json_schema", "json_schema": {"name": "out", "schema": {"type": "object"}, "strict": true}},
  "reasoning_effort": "low",
  "verbosity": "high",
  "logprobs": true,
  "top_logprobs": 3,
  "web_search_options": {"search_context_size": "low", "user_location": {"type": "approximate", "approximate": {"city": "Paris", "country": "FR"}}}
}`,
			from: Chat,
			notes: []string{
				"loss /messages/1/content/1", "loss /messages/2/tool_calls", "loss /messages/2",
				"loss /messages/3", "loss /messages/4/name",
				"change /tools/2", "loss /tools/3",
				"loss /max_tokens", "change /max_completion_tokens",
				"loss /n", "loss /stop", "loss /frequency_penalty",
				"change /response_format", "change /reasoning_effort", "change /verbosity", "change /logprobs",
				"change /web_search_options",
			},
			want: map[string]string{
				"/model":             `"gpt-4.1"`,
				"/input":             `[{"role":"developer","content":"Be brief."},{"role":"user","content":"Look at this"},{"role":"user","content":"thanks"}]`,
				"/tools/0":           `{"type":"function","name":"f","description":"d","parameters":{"type":"object","properties":{"n":{"type":"number","maximum":1e400}}},"strict":false}`,
				"/tools/1":           `{"type":"custom","name":"sql","format":{"type":"grammar","syntax":"lark","definition":"start: x"}}`,
				"/tools/2":           `{"type":"function","name":"already","parameters":{}}`,
				"/tools/3":           `{"type":"web_search","search_context_size":"low","user_location":{"type":"approximate","city":"Paris","country":"FR"}}`,
				"/tool_choice":       `"required"`,
				"/max_output_tokens": `200`,
				"/temperature":       `0.20`,
				"/text":              `{"format":{"type":"json_schema","name":"out","schema":{"type":"object"},"strict":true},"verbosity":"high"}`,
				"/reasoning":         `{"effort":"low"}`,
				"/include":           `["message.output_text.logprobs"]`,
				"/top_logprobs":      `3`,
				"/tools/0/parameters/properties/n/maximum": `1e400`,
			},
			absent: []string{"/tools/4", "/messages", "/n", "/max_tokens", "/response_format"},
		},
		{
			name:  "deprecated functions and function_call",
			in:    `{"messages":[{"role":"user","content":"hi"}],"functions":[{"name":"f","parameters":{"type":"object","properties":{}}}],"function_call":{"name":"f"}}`,
			from:  Chat,
			notes: []string{"change /functions", "change /functions/0", "change /function_call"},
			want: map[string]string{
				"/tools":       `[{"type":"function","name":"f","parameters":{"type":"object","properties":{}}}]`,
				"/tool_choice": `{"type":"function","name":"f"}`,
			},
		},
		{
			name:  "tool_choice wins over function_call",
			in:    `{"messages":[],"tools":[{"type":"function","function":{"name":"f","strict":true}}],"tool_choice":"none","function_call":"auto"}`,
			from:  Chat,
			notes: []string{"loss /function_call"},
			want:  map[string]string{"/tool_choice": `"none"`},
		},
		{
			name: "allowed_tools choice",
			in: `{"tools":[{"type":"function","function":{"name":"f","strict":true}},{"type":"custom","custom":{"name":"g"}}],
"tool_choice":{"type":"allowed_tools","allowed_tools":{"mode":"auto","tools":[{"type":"function","function":{"name":"f"}},{"type":"custom","custom":{"name":"g"}},{"type":"mcp","server_label":"x"}]}}}`,
			from:  Chat,
			notes: []string{"change /tool_choice", "loss /tool_choice/allowed_tools/tools/2"},
			want: map[string]string{
				"/tool_choice": `{"type":"allowed_tools","mode":"auto","tools":[{"type":"function","name":"f"},{"type":"custom","name":"g"}]}`,
			},
		},
		{
			name:  "custom tool choice",
			in:    `{"tools":[{"type":"custom","custom":{"name":"g","format":{"type":"text"}}}],"tool_choice":{"type":"custom","custom":{"name":"g"}}}`,
			from:  Chat,
			want:  map[string]string{"/tools/0": `{"type":"custom","name":"g","format":{"type":"text"}}`, "/tool_choice": `{"type":"custom","name":"g"}`},
			notes: []string{},
		},
		{
			name:  "fields a Chat tool does not have",
			in:    `[{"type":"function","function":{"name":"f","strict":true,"defer_loading":true},"cache_control":{"type":"ephemeral"}}]`,
			from:  Chat,
			notes: []string{"loss /0/cache_control", "loss /0/function/defer_loading"},
			want:  map[string]string{"/tools/0": `{"type":"function","name":"f","strict":true}`},
		},
		{
			name: "text parts",
			in: `{"messages":[
{"role":"user","content":[{"type":"text","text":"a"},{"type":"text","text":"b","cache_control":{}}]},
{"role":"assistant","content":[{"type":"text","text":"c"},{"type":"text","text":"d"}]},
{"role":"system","content":42},
{"role":"user","content":[{"type":"text"}, 7]}]}`,
			from: Chat,
			notes: []string{
				"loss /messages/0/content/1/cache_control", "change /messages/1", "loss /messages/2/content",
				"loss /messages/3/content/0", "loss /messages/3/content/1", "loss /messages/3",
			},
			want: map[string]string{
				"/input": `[{"role":"user","content":[{"type":"input_text","text":"a"},{"type":"input_text","text":"b"}]},{"role":"assistant","content":"c"},{"role":"assistant","content":"d"}]`,
			},
		},
		{
			name:   "response formats",
			in:     `{"messages":[],"response_format":{"type":"json_object"},"logprobs":false,"stream":true,"stream_options":{"include_usage":true}}`,
			from:   Chat,
			notes:  []string{"change /response_format", "change /logprobs", "loss /stream_options/include_usage"},
			want:   map[string]string{"/text": `{"format":{"type":"json_object"}}`, "/stream": `true`},
			absent: []string{"/stream_options"},
		},
		{
			name:  "stream options both APIs have",
			in:    `{"messages":[],"stream":true,"stream_options":{"include_obfuscation":false,"include_usage":false,"x":1}}`,
			from:  Chat,
			notes: []string{"change /stream_options/include_usage", "loss /stream_options/x"},
			want:  map[string]string{"/stream_options": `{"include_obfuscation":false}`},
		},
	})
}
