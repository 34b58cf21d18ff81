package export

import (
	"encoding/json"
	"strings"
	"sync"

	"github.com/tooltui/tooltui/internal/formats"
	"github.com/tooltui/tooltui/internal/rawjson"
)

const anthropicNone = "has no Anthropic Messages equivalent"

// AnthropicVersion is the Anthropic API version the Anthropic export is
// written for, sent as the anthropic-version header: the version of the
// newest @anthropic-ai/sdk (1.x), whose MessageCreateParams has no
// temperature, top_p or top_k.
const AnthropicVersion = "2026-10-21"

// anthropicRefused are the request fields Anthropic's Messages API took
// before AnthropicVersion and refuses in it.
var anthropicRefused = sync.OnceValue(func() map[string]bool {
	return set("temperature", "top_p")
})

// anthropicMaxTokens is written when the request sets no max_output_tokens:
// Anthropic requires max_tokens.
const anthropicMaxTokens = "1024"

// webSearchTypes are the Responses web search tools, GA and preview.
var webSearchTypes = sync.OnceValue(func() map[string]bool {
	return set("web_search", "web_search_2025_08_26", "web_search_preview", "web_search_preview_2025_03_11")
})

// toAnthropic writes the request as an Anthropic Messages request body.
func toAnthropic(req rawjson.Object, n *notes) rawjson.Object {
	n.changed("", "written for Anthropic API version %s: send it with the header anthropic-version: %s (that version refuses temperature, top_p and top_k)", AnthropicVersion, AnthropicVersion)
	var out rawjson.Object
	if v, ok := req.Get("model"); ok {
		out.Set("model", v)
		if name, _ := str(v); isOpenAIModel(name) {
			n.lost("/model", "%s is an OpenAI model, which Anthropic does not serve: written as it is (tooltui build --to anthropic --model NAME writes another)", name)
		}
	}
	if v, ok := req.Get("max_output_tokens"); ok && !isNull(v) {
		out.Set("max_tokens", v)
	} else {
		out.Set("max_tokens", json.RawMessage(anthropicMaxTokens))
		n.changed("/max_output_tokens", "Anthropic requires max_tokens and the request sets no max_output_tokens: written as max_tokens %s", anthropicMaxTokens)
	}
	system, msgs := anthropicMessages(req, n)
	if system != "" {
		out.Set("system", jstr(system))
	}
	out.Set("messages", msgs)
	tools, web := anthropicTools(req, n)
	if len(tools) > 0 {
		out.Set("tools", array(tools))
	}
	if c, ok := anthropicToolChoice(req, len(tools) > 0, web, n); ok {
		out.Set("tool_choice", c)
	}
	anthropicFields(req, &out, n)
	if empty(msgs) {
		noMessages(req, n, formats.Anthropic, "messages")
	}
	return out
}

// anthropicFields carries stream and the user's id, and notes the rest.
func anthropicFields(req rawjson.Object, out *rawjson.Object, n *notes) {
	handled := set("model", "max_output_tokens", "instructions", "input", "tools", "tool_choice", "parallel_tool_calls")
	userID := false
	for _, m := range req {
		switch {
		case handled[m.Key]:
		case anthropicRefused()[m.Key]:
			n.lost(key("", m.Key), "Anthropic API version %s refuses %s; dropped", AnthropicVersion, m.Key)
		case m.Key == "stream":
			out.Set(m.Key, m.Value)
		case (m.Key == "safety_identifier" || m.Key == "user") && !userID:
			if _, ok := str(m.Value); ok {
				userID = true
				out.Set("metadata", obj("user_id", m.Value))
				n.changed(key("", m.Key), "%s is written as metadata.user_id", m.Key)
				continue
			}
			n.lost(key("", m.Key), "%s %s; dropped", m.Key, anthropicNone)
		default:
			n.lost(key("", m.Key), "%s %s; dropped", m.Key, anthropicNone)
		}
	}
}

// anthropicMessages returns the system prompt (instructions, then any
// system or developer messages of the input) and the other messages.
func anthropicMessages(req rawjson.Object, n *notes) (string, json.RawMessage) {
	var system []string
	if s, ok := instructions(req, n); ok {
		system = append(system, s)
	}
	var msgs []json.RawMessage
	for _, m := range readInput(req, n, formats.Anthropic) {
		if m.role == "system" || m.role == "developer" {
			system = append(system, strings.Join(m.text, "\n\n"))
			n.changed(m.path, "a %s message is moved into Anthropic's top-level system prompt", m.role)
			continue
		}
		msgs = append(msgs, obj("role", jstr(m.role), "content", textContent(m)))
	}
	return strings.Join(system, "\n\n"), array(msgs)
}

// anthropicTools converts functions and the first web search tool; web
// reports whether a web search tool was written.
func anthropicTools(req rawjson.Object, n *notes) (out []json.RawMessage, web bool) {
	v, ok := req.Get("tools")
	if !ok || isNull(v) {
		return nil, false
	}
	list, ok := elements(v)
	if !ok {
		n.lost("/tools", "tools is a %s, not a list; dropped", rawjson.JSONKind(v))
		return nil, false
	}
	for i, el := range list {
		path := index("/tools", i)
		t, _ := members(el)
		typ, _ := getStr(t, "type")
		switch {
		case typ == "function":
			out = append(out, anthropicFunction(t, path, n))
		case webSearchTypes()[typ] && !web:
			web = true
			out = append(out, anthropicWebSearch(t, path, n))
		case webSearchTypes()[typ]:
			n.lost(path, "a second web search tool: Anthropic takes one tool named web_search; dropped")
		default:
			lostTool(n, path, typ, formats.Anthropic)
		}
	}
	return out, web
}

// anthropicFunction writes a function as name, description, input_schema.
func anthropicFunction(t rawjson.Object, path string, n *notes) json.RawMessage {
	var fn rawjson.Object
	for _, m := range t {
		switch m.Key {
		case "type", "strict", "parameters":
		case "name", "description", "defer_loading":
			if !isNull(m.Value) {
				fn = append(fn, m)
			}
		default:
			if !unset(m.Key, m.Value) {
				n.lost(key(path, m.Key), "%s of a function %s; dropped", m.Key, anthropicNone)
			}
		}
	}
	fn.Set("input_schema", inputSchema(t, path, n, formats.Anthropic))
	if s, ok := strictFor(t, path, n, formats.Anthropic); ok {
		fn.Set("strict", s)
	}
	return fn.AppendJSON(nil)
}

// inputSchema is a function's parameters, or an object schema without
// properties when it has none (Anthropic and MCP require one).
func inputSchema(t rawjson.Object, path string, n *notes, target formats.Name) json.RawMessage {
	if p, ok := t.Get("parameters"); ok && rawjson.JSONKind(p) == "object" {
		return withProperties(p, key(path, "parameters"), n)
	}
	n.changed(key(path, "parameters"), "the function has no parameters and %s requires a schema: written as an object schema without properties", target.Title())
	return json.RawMessage(`{"type":"object","properties":{}}`)
}

// withProperties gives an object schema without properties an empty one,
// after its type: it allows the same, and it is how the schema reads back
// into a Responses body, whose functions need properties.
func withProperties(p []byte, path string, n *notes) json.RawMessage {
	o, _ := members(p)
	if typ, _ := getStr(o, "type"); typ != "object" || o.Has("properties") {
		return p
	}
	out := make(rawjson.Object, 0, len(o)+1)
	for _, m := range o {
		out = append(out, m)
		if m.Key == "type" {
			out = append(out, rawjson.Member{Key: "properties", Value: emptySchema})
		}
	}
	n.changed(path, "the object schema has no properties: written with \"properties\": {}, which allows the same")
	return out.AppendJSON(nil)
}

// anthropicWebSearch writes a web search tool as Anthropic's server tool.
func anthropicWebSearch(t rawjson.Object, path string, n *notes) json.RawMessage {
	out := rawjson.Object{{Key: "type", Value: jstr("web_search_20250305")}, {Key: "name", Value: jstr("web_search")}}
	if typ, _ := getStr(t, "type"); typ != "web_search" {
		n.changed(key(path, "type"), "Anthropic has one web search tool: %s is written as web_search_20250305, which reads back as web_search", typ)
	}
	for _, m := range t {
		switch m.Key {
		case "type":
		case "filters":
			anthropicFilters(m.Value, &out, key(path, "filters"), n)
		case "user_location":
			if loc, ok := anthropicLocation(m.Value, key(path, "user_location"), n, formats.Anthropic); ok {
				out.Set("user_location", loc)
			}
		default:
			n.lost(key(path, m.Key), "%s of web search %s; dropped", m.Key, anthropicNone)
		}
	}
	return out.AppendJSON(nil)
}

func anthropicFilters(v []byte, out *rawjson.Object, path string, n *notes) {
	f, _ := members(v)
	for _, m := range f {
		if m.Key == "allowed_domains" && !isNull(m.Value) {
			out.Set("allowed_domains", m.Value)
			continue
		}
		if !isNull(m.Value) {
			n.lost(key(path, m.Key), "filters.%s of web search %s; dropped", m.Key, anthropicNone)
		}
	}
}

// anthropicLocation keeps an approximate location's set fields, the four
// target (Anthropic, Chat Completions) has too, after its type.
func anthropicLocation(v []byte, path string, n *notes, target formats.Name) (json.RawMessage, bool) {
	loc, ok := members(v)
	if !ok {
		return nil, false
	}
	out := rawjson.Object{{Key: "type", Value: jstr("approximate")}}
	for _, m := range loc {
		switch {
		case m.Key == "type" || isNull(m.Value):
		case anthropicLocationFields()[m.Key]:
			out = append(out, m)
		default:
			n.lost(key(path, m.Key), "%s of user_location has no %s equivalent; dropped", m.Key, target.Title())
		}
	}
	return out.AppendJSON(nil), true
}

var anthropicLocationFields = sync.OnceValue(func() map[string]bool {
	return set("city", "region", "country", "timezone")
})

// anthropicToolChoice maps tool_choice, with parallel_tool_calls false as
// disable_parallel_tool_use.
func anthropicToolChoice(req rawjson.Object, haveTools, web bool, n *notes) (json.RawMessage, bool) {
	v, has := req.Get("tool_choice")
	if !haveTools {
		if has {
			n.lost("/tool_choice", "tool_choice without any tool Anthropic can take; dropped")
		}
		if _, ok := req.Get("parallel_tool_calls"); ok {
			n.lost("/parallel_tool_calls", "parallel_tool_calls without any tool Anthropic can take; dropped")
		}
		return nil, false
	}
	choice := rawjson.Object{{Key: "type", Value: jstr("auto")}}
	if has {
		c, ok := anthropicChoice(v, web, n)
		if !ok {
			return nil, false
		}
		choice = c
	}
	if p, ok := req.Get("parallel_tool_calls"); ok && isFalse(p) {
		if t, _ := getStr(choice, "type"); t != "none" {
			choice.Set("disable_parallel_tool_use", jtrue)
			n.changed("/parallel_tool_calls", "parallel_tool_calls false is written as tool_choice.disable_parallel_tool_use true")
		}
	}
	if !has && len(choice) == 1 {
		return nil, false
	}
	return choice.AppendJSON(nil), true
}

// anthropicChoice maps one tool_choice value.
func anthropicChoice(v []byte, web bool, n *notes) (rawjson.Object, bool) {
	mode := func(t string) rawjson.Object { return rawjson.Object{{Key: "type", Value: jstr(t)}} }
	if s, ok := str(v); ok {
		switch s {
		case "auto", "none":
			return mode(s), true
		case "required":
			return mode("any"), true
		}
	}
	c, _ := members(v)
	typ, _ := getStr(c, "type")
	switch {
	case typ == "function" && c.Has("name"):
		name, _ := c.Get("name")
		return append(mode("tool"), rawjson.Member{Key: "name", Value: name}), true
	case webSearchTypes()[typ] && web:
		return append(mode("tool"), rawjson.Member{Key: "name", Value: jstr("web_search")}), true
	case typ == "allowed_tools":
		m, _ := getStr(c, "mode")
		n.lost("/tool_choice/tools", "Anthropic has no list of allowed tools: the model may call any tool")
		if m == "required" {
			return mode("any"), true
		}
		return mode("auto"), true
	}
	n.lost("/tool_choice", "tool_choice names a tool Anthropic does not have here; dropped (the model chooses)")
	return nil, false
}
