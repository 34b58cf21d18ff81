package formats

import (
	"bytes"
	"regexp"
	"strings"
	"sync"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// Detect says which format data is in. It is Responses for a tooltui
// document, a Responses request body or tools array, and anything it does
// not recognise (including text that is not JSON).
func Detect(data []byte) Name {
	valid := bytes.TrimPrefix(data, utf8BOM)
	if rawjson.CheckJSON(valid) != nil {
		return Responses
	}
	return detect(valid)
}

func detect(valid []byte) Name {
	if els, ok := elements(valid); ok {
		return winner(toolVotes(els))
	}
	o, ok := members(valid)
	if !ok {
		return Responses
	}
	return detectObject(o)
}

// Top-level keys that point to one format. Request fields that Responses
// shares (parallel_tool_calls, user, store, …) count for Chat only beside
// messages. max_tokens counts for Anthropic, which requires it, while Chat
// Completions replaced it with max_completion_tokens: a request of plain
// messages with max_tokens (Anthropic's first example) is Anthropic's.
var (
	tooltuiKeys    = []string{"tools_defs", "extra", "tooltui"}
	geminiKeys     = []string{"contents", "systemInstruction", "system_instruction", "toolConfig", "tool_config", "generationConfig", "generation_config", "safetySettings", "safety_settings", "cachedContent", "cached_content"}
	geminiToolKeys = []string{"functionDeclarations", "function_declarations", "googleSearch", "google_search", "googleSearchRetrieval", "google_search_retrieval", "codeExecution", "code_execution", "urlContext", "url_context", "googleMaps", "google_maps", "computerUse", "enterpriseWebSearch", "fileSearch"}
	responsesKeys  = []string{"input", "instructions", "max_output_tokens", "previous_response_id", "conversation", "include", "prompt", "truncation", "max_tool_calls", "background", "text", "reasoning"}
	chatKeys       = []string{"max_completion_tokens", "response_format", "n", "logprobs", "frequency_penalty", "presence_penalty", "functions", "function_call", "logit_bias", "stream_options", "reasoning_effort", "verbosity", "web_search_options", "modalities", "audio", "prediction", "user", "store", "parallel_tool_calls", "seed", "stop"}
	anthropicKeys  = []string{"system", "stop_sequences", "top_k", "thinking", "mcp_servers", "container", "context_management", "anthropic_version", "anthropic_beta", "output_format", "max_tokens"}
)

// detectObject decides in this order: a tooltui document, a JSON-RPC
// response, Gemini's own keys, messages (Chat or Anthropic), keys only a
// Responses body has, an MCP page, and last the shape of most tools.
func detectObject(o rawjson.Object) Name {
	switch {
	case hasAny(o, tooltuiKeys...):
		return Responses
	case o.Has("jsonrpc") && (o.Has("result") || o.Has("error")):
		return MCP
	case hasAny(o, geminiKeys...), !o.Has("type") && hasAny(o, geminiToolKeys...):
		return Gemini
	}
	var votes map[Name]int
	if v, ok := o.Get("tools"); ok {
		if els, ok := elements(v); ok {
			votes = toolVotes(els)
		}
	}
	if votes == nil {
		votes = map[Name]int{}
	}
	if msgs, ok := o.Get("messages"); ok {
		return chatOrAnthropic(o, msgs, votes)
	}
	switch {
	case hasAny(o, responsesKeys...):
		return Responses
	case o.Has("nextCursor"):
		return MCP
	}
	return winner(votes)
}

// chatOrAnthropic tells the two formats with "messages" apart by the
// evidence for each; a tie is Chat.
func chatOrAnthropic(o rawjson.Object, msgs []byte, votes map[Name]int) Name {
	chat, anth := votes[Chat]+count(o, chatKeys...), votes[Anthropic]+count(o, anthropicKeys...)
	if o.Has("system") { // a Chat request has no such field: it weighs double
		anth++
	}
	if tc, ok := o.Get("tool_choice"); ok {
		switch choiceShape(tc) {
		case Chat:
			chat++
		case Anthropic:
			anth++
		}
	}
	if m, ok := members(mustGet(o, "metadata")); ok && m.Has("user_id") {
		anth++
	}
	// The model's family settles what the fields leave open: a request of
	// model, messages and max_tokens (or metadata.user_id) is either.
	if model, ok := str(o, "model"); ok {
		switch {
		case strings.Contains(strings.ToLower(model), "claude"):
			anth++
		case openAIModel().MatchString(strings.ToLower(model)):
			chat++
		}
	}
	c, a := messageVotes(msgs)
	if anth+a > chat+c {
		return Anthropic
	}
	return Chat
}

// choiceShape says whose tool_choice shape v is.
func choiceShape(v []byte) Name {
	if s, ok := rawjson.Unquote(bytes.TrimSpace(v)); ok {
		if s == "required" {
			return Chat
		}
		return ""
	}
	o, _ := members(v)
	switch t, _ := str(o, "type"); t {
	case "any", "tool":
		return Anthropic
	case "auto", "none":
		if o.Has("disable_parallel_tool_use") || len(o) == 1 {
			return Anthropic
		}
	case "function", "allowed_tools", "custom":
		return Chat
	}
	return ""
}

// messageVotes counts the messages only Chat or only Anthropic writes.
func messageVotes(msgs []byte) (chat, anth int) {
	els, _ := elements(msgs)
	for _, e := range els {
		m, _ := members(e)
		switch r, _ := str(m, "role"); r {
		case "system", "developer", "tool", "function":
			chat++
		}
		if m.Has("tool_calls") || m.Has("tool_call_id") || m.Has("name") {
			chat++
		}
		parts, _ := elements(mustGet(m, "content"))
		for _, p := range parts {
			po, _ := members(p)
			switch t, _ := str(po, "type"); t {
			case "image_url", "input_audio", "file", "refusal":
				chat++
			case "tool_use", "tool_result", "image", "document", "thinking", "redacted_thinking", "server_tool_use", "search_result":
				anth++
			}
		}
	}
	return chat, anth
}

// anthropicServerTool matches the versioned types of Anthropic's server
// tools: web_search_20250305, code_execution_20250825, …
// openAIModel matches OpenAI's model names (gpt-4o, gpt-5, o3-mini,
// chatgpt-4o-latest), also behind a router's "openai/" prefix.
var openAIModel = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(openai/)?(gpt|chatgpt|o[0-9])`) })

var anthropicServerTool = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[a-z][a-z0-9_]*_[0-9]{8}$`) })

// toolShape says whose shape one entry of a tools array has; "" for
// something that is not a tool object.
func toolShape(v []byte) Name {
	o, ok := members(v)
	if !ok {
		return ""
	}
	typ, _ := str(o, "type")
	switch {
	case o.Has("inputSchema"):
		return MCP
	case o.Has("input_schema"), anthropicServerTool().MatchString(typ):
		return Anthropic
	case !o.Has("type") && hasAny(o, geminiToolKeys...):
		return Gemini
	case (typ == "function" || typ == "custom") && !o.Has("name") && rawjson.JSONKind(mustGet(o, typ)) == "object":
		return Chat
	}
	return Responses
}

func toolVotes(els [][]byte) map[Name]int {
	votes := map[Name]int{}
	for _, e := range els {
		if n := toolShape(e); n != "" {
			votes[n]++
		}
	}
	return votes
}

// winner is the foreign format with the most votes, when it has more than
// Responses; otherwise Responses.
func winner(votes map[Name]int) Name {
	best, most := Responses, votes[Responses]
	for _, n := range []Name{Chat, Anthropic, Gemini, MCP} {
		if votes[n] > most {
			best, most = n, votes[n]
		}
	}
	return best
}

func hasAny(o rawjson.Object, keys ...string) bool { return count(o, keys...) > 0 }

func count(o rawjson.Object, keys ...string) int {
	n := 0
	for _, k := range keys {
		if o.Has(k) {
			n++
		}
	}
	return n
}

// legacyFunctions says whether v is Chat Completions' old "functions": an
// array of objects that each have a name (firebase.json's "functions", an
// object or an array of sources, is not).
func legacyFunctions(v []byte) bool {
	els, ok := elements(v)
	if !ok {
		return false
	}
	for _, e := range els {
		if o, ok := members(e); !ok || !o.Has("name") {
			return false
		}
	}
	return true
}

// mustGet is the value of key, or nil.
func mustGet(o rawjson.Object, key string) []byte {
	v, _ := o.Get(key)
	return v
}

// HoldsTools says whether data is something tooltui opens for its tools:
// a tooltui document, a request body (of any format tooltui reads) with
// tools or a tools field, an MCP tools/list result or page, or an array of
// tools. A folder of JSON files (package.json, tsconfig.json, …) is told
// apart by it. Text that is not valid JSON counts when it names a tools
// field, so that a broken document is not passed over.
func HoldsTools(data []byte) bool {
	valid := bytes.TrimPrefix(data, utf8BOM)
	if rawjson.CheckJSON(valid) != nil {
		for _, k := range []string{`"tools_defs"`, `"builtin_tools"`, `"tools"`, `"functionDeclarations"`} {
			if bytes.Contains(valid, []byte(k)) {
				return true
			}
		}
		return false
	}
	if els, ok := elements(valid); ok {
		if len(els) == 0 {
			return false
		}
		for _, e := range els {
			o, ok := members(e)
			if !ok {
				return false
			}
			if _, typed := str(o, "type"); !typed && !o.Has("name") && !hasAny(o, geminiToolKeys...) {
				return false
			}
		}
		return true
	}
	o, ok := members(valid)
	if !ok {
		return false
	}
	if hasAny(o, tooltuiKeys...) || o.Has("tools") || legacyFunctions(mustGet(o, "functions")) {
		return true
	}
	if r, ok := members(mustGet(o, "result")); ok && o.Has("jsonrpc") {
		return r.Has("tools")
	}
	return false
}
