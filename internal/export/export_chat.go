package export

import (
	"encoding/json"
	"sync"

	"github.com/tooltui/tooltui/internal/formats"
	"github.com/tooltui/tooltui/internal/rawjson"
)

// chatCarried are request fields Chat Completions takes as they are.
var chatCarried = sync.OnceValue(func() map[string]bool {
	return set("temperature", "top_p", "parallel_tool_calls", "metadata", "store", "user",
		"service_tier", "prompt_cache_key", "prompt_cache_retention", "safety_identifier", "stream", "stream_options")
})

const chatNone = "has no Chat Completions equivalent"

// toChat writes the request as a Chat Completions request body.
func toChat(req rawjson.Object, n *notes) rawjson.Object {
	var out rawjson.Object
	if v, ok := req.Get("model"); ok {
		out.Set("model", v)
	}
	msgs := chatMessages(req, n)
	out.Set("messages", msgs)
	tools, search := chatTools(req, n)
	if len(tools) > 0 {
		out.Set("tools", array(tools))
	}
	// tool_choice and parallel_tool_calls follow the tools, where a
	// Responses body has them once tooltui has read or converted it, so
	// that exporting such a body again gives the same text.
	for _, k := range []string{"tool_choice", "parallel_tool_calls"} {
		v, ok := req.Get(k)
		switch {
		case !ok:
		case len(tools) == 0:
			n.lost(key("", k), "%s without any tool Chat Completions can take; dropped", k)
		case k == "parallel_tool_calls":
			out.Set(k, v)
		default:
			if c, ok := chatToolChoice(v, n); ok {
				out.Set(k, c)
			}
		}
	}
	if search != nil {
		out.Set("web_search_options", search)
	}
	for _, m := range req {
		switch {
		case m.Key == "model" || m.Key == "input" || m.Key == "instructions" || m.Key == "tools":
		case m.Key == "tool_choice" || m.Key == "parallel_tool_calls":
		case chatCarried()[m.Key]:
			out.Set(m.Key, m.Value)
		case m.Key == "max_output_tokens":
			out.Set("max_completion_tokens", m.Value)
		case m.Key == "top_logprobs":
			out.Set("logprobs", jtrue)
			out.Set("top_logprobs", m.Value)
		case m.Key == "text":
			chatText(m.Value, &out, n)
		case m.Key == "reasoning":
			chatReasoning(m.Value, &out, n)
		default:
			n.lost(key("", m.Key), "%s %s; dropped", m.Key, chatNone)
		}
	}
	if empty(msgs) {
		noMessages(req, n, formats.Chat, "messages")
	}
	return out
}

// chatMessages is instructions as a leading system message, then the
// input's plain messages.
func chatMessages(req rawjson.Object, n *notes) json.RawMessage {
	var msgs []json.RawMessage
	if s, ok := instructions(req, n); ok {
		msgs = append(msgs, obj("role", jstr("system"), "content", jstr(s)))
	}
	for _, m := range readInput(req, n, formats.Chat) {
		msgs = append(msgs, obj("role", jstr(m.role), "content", textContent(m)))
	}
	return array(msgs)
}

// chatTools converts functions and custom tools, and the first web search
// tool into web_search_options; every other built-in is lost.
func chatTools(req rawjson.Object, n *notes) (tools []json.RawMessage, search json.RawMessage) {
	v, ok := req.Get("tools")
	if !ok || isNull(v) {
		return nil, nil
	}
	list, ok := elements(v)
	if !ok {
		n.lost("/tools", "tools is a %s, not a list; dropped", rawjson.JSONKind(v))
		return nil, nil
	}
	for i, el := range list {
		path := index("/tools", i)
		t, _ := members(el)
		switch typ, _ := getStr(t, "type"); {
		case typ == "function":
			tools = append(tools, chatFunction(t, path, n))
		case typ == "custom":
			tools = append(tools, chatCustom(t, path, n))
		case webSearchTypes()[typ] && search == nil:
			search = chatWebSearch(t, typ, path, n)
		case webSearchTypes()[typ]:
			n.lost(path, "a second web search tool: Chat Completions takes one web_search_options; dropped")
		default:
			lostTool(n, path, typ, formats.Chat)
		}
	}
	return tools, search
}

// chatWebSearch writes a web search tool as Chat Completions'
// web_search_options: its search_context_size, and its approximate
// user_location nested under approximate.
func chatWebSearch(t rawjson.Object, typ, path string, n *notes) json.RawMessage {
	n.lost(key(path, "type"), "%s is written as web_search_options, which reads back as web_search: the model no longer chooses when to search, as Chat Completions searches on every request, and only with a search model such as gpt-4o-search-preview", typ)
	var out rawjson.Object
	for _, m := range t {
		switch {
		case m.Key == "type" || isNull(m.Value):
		case m.Key == "search_context_size":
			out.Set(m.Key, m.Value)
		case m.Key == "user_location":
			if loc, ok := anthropicLocation(m.Value, key(path, m.Key), n, formats.Chat); ok {
				out.Set(m.Key, obj("type", jstr("approximate"), "approximate", rawjson.Members(loc)[1:].AppendJSON(nil)))
			}
		default:
			n.lost(key(path, m.Key), "%s of web search %s; dropped", m.Key, chatNone)
		}
	}
	if out == nil {
		return json.RawMessage("{}")
	}
	return out.AppendJSON(nil)
}

// lostTool notes a tool the target has no counterpart for.
func lostTool(n *notes, path, typ string, target formats.Name) {
	if typ == "" {
		n.lost(path, "a tool without a type; dropped")
		return
	}
	switch typ {
	case "custom":
		n.lost(path, "a custom tool (free-form input) has no %s equivalent; dropped", target.Title())
	case "namespace":
		n.lost(path, "a namespace of tools has no %s equivalent; dropped with the tools in it", target.Title())
	default:
		n.lost(path, "the built-in %s tool has no %s equivalent; dropped", typ, target.Title())
	}
}

// unset reports whether a tool's key holds its default, so dropping it
// loses nothing: null, or false for defer_loading and async.
func unset(k string, v []byte) bool {
	return isNull(v) || isFalse(v) && (k == "defer_loading" || k == "async")
}

// chatFunction nests a function under "function".
func chatFunction(t rawjson.Object, path string, n *notes) json.RawMessage {
	var fn rawjson.Object
	for _, m := range t {
		switch m.Key {
		case "type", "strict":
		case "name", "description", "parameters":
			if !isNull(m.Value) {
				fn = append(fn, m)
			}
		default:
			if !unset(m.Key, m.Value) {
				n.lost(key(path, m.Key), "%s of a function %s; dropped", m.Key, chatNone)
			}
		}
	}
	if s, ok := strictFor(t, path, n, formats.Chat); ok {
		fn.Set("strict", s)
	}
	return obj("type", jstr("function"), "function", fn.AppendJSON(nil))
}

// chatCustom nests a custom tool under "custom", with a grammar format's
// syntax and definition under "grammar".
func chatCustom(t rawjson.Object, path string, n *notes) json.RawMessage {
	var c rawjson.Object
	for _, m := range t {
		switch m.Key {
		case "type":
		case "name", "description":
			c = append(c, m)
		case "format":
			c.Set("format", chatCustomFormat(m.Value, key(path, "format"), n))
		default:
			if !unset(m.Key, m.Value) {
				n.lost(key(path, m.Key), "%s of a custom tool %s; dropped", m.Key, chatNone)
			}
		}
	}
	return obj("type", jstr("custom"), "custom", c.AppendJSON(nil))
}

func chatCustomFormat(v []byte, path string, n *notes) json.RawMessage {
	f, _ := members(v)
	if typ, _ := getStr(f, "type"); typ != "grammar" {
		return v
	}
	var g rawjson.Object
	for _, m := range f {
		switch m.Key {
		case "type":
		case "syntax", "definition":
			g = append(g, m)
		default:
			n.lost(key(path, m.Key), "%s of a grammar %s; dropped", m.Key, chatNone)
		}
	}
	return obj("type", jstr("grammar"), "grammar", g.AppendJSON(nil))
}

// chatToolChoice nests a named choice under "function" or "custom"; a
// built-in tool cannot be chosen, as none is exported.
func chatToolChoice(v []byte, n *notes) (json.RawMessage, bool) {
	if _, ok := str(v); ok {
		return v, true
	}
	c, _ := members(v)
	typ, _ := getStr(c, "type")
	name, named := c.Get("name")
	switch {
	case (typ == "function" || typ == "custom") && named:
		return obj("type", jstr(typ), typ, obj("name", name)), true
	case typ == "allowed_tools":
		return chatAllowedTools(c, n)
	}
	if webSearchTypes()[typ] {
		n.lost("/tool_choice", "tool_choice names the %s tool, which Chat Completions cannot choose; dropped (its web_search_options search on every request)", typ)
		return nil, false
	}
	n.lost("/tool_choice", "tool_choice names the built-in %s tool, which Chat Completions does not have; dropped (the model chooses)", typ)
	return nil, false
}

// chatAllowedTools writes allowed_tools in Chat Completions' nested shape,
// keeping the functions and custom tools of its list.
func chatAllowedTools(c rawjson.Object, n *notes) (json.RawMessage, bool) {
	mode, _ := c.Get("mode")
	list, _ := c.Get("tools")
	items, _ := elements(list)
	var keep []json.RawMessage
	for i, it := range items {
		t, _ := members(it)
		typ, _ := getStr(t, "type")
		if name, ok := t.Get("name"); ok && (typ == "function" || typ == "custom") {
			keep = append(keep, obj("type", jstr(typ), typ, obj("name", name)))
			continue
		}
		n.lost(index("/tool_choice/tools", i), "allowed_tools lists the built-in %s tool, which Chat Completions does not have; dropped", typ)
	}
	if len(keep) == 0 {
		if _, ok := str(mode); !ok { // a tool_choice of its own only as a string
			n.lost("/tool_choice", "allowed_tools lists no tool Chat Completions can take, and its mode is no string; dropped (the model chooses)")
			return nil, false
		}
		n.lost("/tool_choice", "allowed_tools lists no tool Chat Completions can take; written as its mode alone")
		return mode, true
	}
	n.changed("/tool_choice", "allowed_tools is written in Chat Completions' shape: {\"type\":\"allowed_tools\",\"allowed_tools\":{\"mode\",\"tools\"}}")
	inner := rawjson.Object{{Key: "mode", Value: mode}, {Key: "tools", Value: array(keep)}}
	if mode == nil {
		inner = inner[1:]
	}
	return obj("type", jstr("allowed_tools"), "allowed_tools", inner.AppendJSON(nil)), true
}

// chatText maps text.format to response_format and text.verbosity to
// verbosity.
func chatText(v []byte, out *rawjson.Object, n *notes) {
	t, ok := members(v)
	if !ok {
		n.lost("/text", "text that is not an object; dropped")
		return
	}
	for _, m := range t {
		switch m.Key {
		case "verbosity":
			out.Set("verbosity", m.Value)
		case "format":
			if f, ok := chatResponseFormat(m.Value, n); ok {
				out.Set("response_format", f)
			}
		default:
			n.lost(key("/text", m.Key), "text.%s %s; dropped", m.Key, chatNone)
		}
	}
}

// chatResponseFormat nests a json_schema format's fields under
// "json_schema"; text and json_object carry as they are.
func chatResponseFormat(v []byte, n *notes) (json.RawMessage, bool) {
	f, _ := members(v)
	switch typ, _ := getStr(f, "type"); typ {
	case "text":
		return nil, false // the default
	case "json_object":
		return v, true
	case "json_schema":
		var js rawjson.Object
		for _, m := range f {
			switch m.Key {
			case "type":
			case "name", "description", "schema", "strict":
				js = append(js, m)
			default:
				n.lost(key("/text/format", m.Key), "%s is not a field of Chat Completions' json_schema format; dropped", m.Key)
			}
		}
		return obj("type", jstr("json_schema"), "json_schema", js.AppendJSON(nil)), true
	}
	n.lost("/text/format", "this text.format %s; dropped", chatNone)
	return nil, false
}

// chatReasoning maps reasoning.effort to reasoning_effort.
func chatReasoning(v []byte, out *rawjson.Object, n *notes) {
	r, ok := members(v)
	if !ok {
		if !isNull(v) {
			n.lost("/reasoning", "reasoning that is not an object; dropped")
		}
		return
	}
	for _, m := range r {
		if m.Key == "effort" {
			out.Set("reasoning_effort", m.Value)
			continue
		}
		n.lost(key("/reasoning", m.Key), "reasoning.%s %s; dropped", m.Key, chatNone)
	}
}
