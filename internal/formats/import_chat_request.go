package formats

import (
	"bytes"
	"encoding/json"
	"sync"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// chatChoice translates a Chat Completions tool_choice (or the deprecated
// function_call): the modes carry as they are, a named function or custom
// tool loses its inner object.
func chatChoice(b *builder, p string, v json.RawMessage) {
	if rawjson.JSONKind(v) == "string" {
		b.set("tool_choice", v)
		return
	}
	o, ok := members(v)
	if !ok {
		b.lose(p, "tool_choice must be a string or an object, got %s; left out", rawjson.JSONKind(v))
		return
	}
	if typ, _ := str(o, "type"); typ == "allowed_tools" {
		chatAllowed(b, p, o)
		return
	}
	if c, ok := chatNamed(o); ok {
		b.set("tool_choice", c.AppendJSON(nil))
		return
	}
	b.lose(p, "a tool_choice the Responses API has no form for; left out")
}

// chatNamed flattens {"type":"function","function":{"name":…}} (or custom)
// into {"type":"function","name":…}; function_call's {"name":…} too.
func chatNamed(o rawjson.Object) (rawjson.Object, bool) {
	typ, _ := str(o, "type")
	if typ == "" && o.Has("name") { // function_call
		return obj("type", "function", "name", mustGet(o, "name")), true
	}
	inner, ok := members(mustGet(o, typ))
	if (typ != "function" && typ != "custom") || !ok || !inner.Has("name") {
		return nil, false
	}
	return obj("type", typ, "name", mustGet(inner, "name")), true
}

func chatAllowed(b *builder, p string, o rawjson.Object) {
	a, ok := members(mustGet(o, "allowed_tools"))
	if !ok {
		b.lose(p, "an allowed_tools tool_choice without its allowed_tools object; left out")
		return
	}
	ap := at(p, "allowed_tools")
	out := obj("type", "allowed_tools", "mode", mustGet(a, "mode"))
	var tools []json.RawMessage
	els, _ := elements(mustGet(a, "tools"))
	for i, e := range els {
		t, _ := members(e)
		if c, ok := chatNamed(t); ok {
			tools = append(tools, c.AppendJSON(nil))
			continue
		}
		b.lose(ati(at(ap, "tools"), i), "not a function or custom tool reference; left out")
	}
	out.Set("tools", array(tools))
	b.set("tool_choice", out.AppendJSON(nil))
	b.change(p, "the allowed_tools object is flattened: mode and tools sit beside type")
}

// Chat Completions roles that a Responses input message has too.
var inputRoles = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"system": true, "developer": true, "user": true, "assistant": true}
})

func chatMessages(b *builder, p string, v json.RawMessage) {
	els, ok := elements(v)
	if !ok {
		b.lose(p, "messages must be an array, got %s; left out", rawjson.JSONKind(v))
		return
	}
	for i, e := range els {
		mp := ati(p, i)
		m, ok := members(e)
		if !ok {
			b.lose(mp, "a message must be an object, got %s; left out", rawjson.JSONKind(e))
			continue
		}
		role, _ := str(m, "role")
		if !inputRoles()[role] {
			b.lose(mp, "a %s message (a tool call's result or an unknown role) has no place in an input of plain messages; left out", quoteRole(role, m))
			continue
		}
		for _, f := range m {
			if f.Key != "role" && f.Key != "content" {
				b.lose(at(mp, f.Key), "%s of a message has no place in an input of plain messages; left out", f.Key)
			}
		}
		b.message(mp, at(mp, "content"), role, mustGet(m, "content"), chatPart)
	}
}

func chatPart(b *builder, p rawjson.Object, path string) json.RawMessage {
	return textPart(b, p, path, func(k, path string) {
		b.lose(path, "%s of a text part has no equivalent in a Responses input; left out", k)
	})
}

// quoteRole names a message's role for a note.
func quoteRole(role string, m rawjson.Object) string {
	if role != "" {
		return role
	}
	if v, ok := m.Get("role"); ok {
		return string(bytes.TrimSpace(v))
	}
	return "role-less"
}
