package formats

import (
	"encoding/json"
	"strings"
	"sync"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// Why some Anthropic Messages fields have no place in a Responses request.
var anthropicLost = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"top_k":              "the Responses API has no top_k",
		"stop_sequences":     "the Responses API has no stop sequences",
		"thinking":           "an extended-thinking token budget has no Responses counterpart (reasoning.effort is the nearest)",
		"service_tier":       "Anthropic's service tiers are not OpenAI's",
		"container":          "Anthropic containers are not OpenAI containers",
		"mcp_servers":        "the MCP connector is configured as an mcp tool in the Responses API; add one per server",
		"context_management": "the Responses API manages context with truncation or compaction instead",
		"output_format":      "write the schema as text.format (it needs a name there)",
	}
})

// What Anthropic's server tools without a Responses counterpart are.
var anthropicServerLost = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"web_fetch":        "the Responses API has no built-in tool that fetches a given URL",
		"bash":             "the Responses shell tools have another shape and protocol",
		"text_editor":      "the Responses apply_patch tool has another protocol",
		"memory":           "the Responses API has no memory tool",
		"computer":         "the Responses computer tool has another action set",
		"tool_search_tool": "the Responses tool_search tool has another shape",
	}
})

func importAnthropic(b *builder, valid []byte) error {
	if els, ok := elements(valid); ok {
		anthropicTools(b, "", els)
		return nil
	}
	o, _ := members(valid)
	els, err := toolsArray(o, "")
	if err != nil {
		return err
	}
	for _, m := range o {
		p := at("", m.Key)
		switch m.Key {
		case "model", "temperature", "top_p", "stream":
			b.set(m.Key, m.Value)
		case "max_tokens":
			b.set("max_output_tokens", m.Value)
			b.change(p, "becomes max_output_tokens")
		case "tools":
			anthropicTools(b, p, els)
		case "tool_choice":
			anthropicChoice(b, p, m.Value, els)
		case "system":
			anthropicSystem(b, p, m.Value)
		case "messages":
			anthropicMessages(b, p, m.Value)
		case "metadata":
			anthropicMetadata(b, p, m.Value)
		default:
			why := anthropicLost()[m.Key]
			if why == "" {
				why = "the Responses API has no such request field"
			}
			b.lose(p, "%s: %s; left out", m.Key, why)
		}
	}
	return nil
}

func anthropicTools(b *builder, path string, els [][]byte) {
	for i, e := range els {
		p := ati(path, i)
		o, ok := members(e)
		if !ok {
			b.lose(p, "a tool must be an object, got %s; left out", rawjson.JSONKind(e))
			continue
		}
		typ, isStr := str(o, "type")
		switch {
		case !o.Has("type") || typ == "custom":
			anthropicFunction(b, p, o)
		case strings.HasPrefix(typ, "web_search_"):
			anthropicWebSearch(b, p, o)
		case strings.HasPrefix(typ, "code_execution_"):
			anthropicCodeExecution(b, p, o)
		case !isStr:
			b.lose(p, "a tool whose type is not a string; left out")
		default:
			why := "it has no Responses counterpart"
			for fam, w := range anthropicServerLost() {
				if strings.HasPrefix(typ, fam+"_") {
					why = w
				}
			}
			b.lose(p, "Anthropic's %s server tool is left out: %s", typ, why)
		}
	}
}

func anthropicFunction(b *builder, p string, o rawjson.Object) {
	t := obj("type", "function")
	for _, m := range o {
		mp := at(p, m.Key)
		switch m.Key {
		case "type":
		case "name", "description", "strict", "defer_loading":
			t.Set(m.Key, m.Value)
		case "input_schema":
			t.Set("parameters", withProperties(b, mp, m.Value))
		case "cache_control":
			b.lose(mp, "cache_control has no equivalent in the Responses API (it caches prompt prefixes by itself); left out")
		case "input_examples":
			b.lose(mp, "input_examples has no equivalent in the Responses API; left out (the description can show examples instead)")
		default:
			b.lose(mp, "%s has no equivalent on a Responses function tool; left out", m.Key)
		}
	}
	if !o.Has("strict") {
		b.strictNote(p, Anthropic)
	}
	b.tool(t)
}

func anthropicWebSearch(b *builder, p string, o rawjson.Object) {
	t := obj("type", "web_search")
	for _, m := range o {
		mp := at(p, m.Key)
		switch m.Key {
		case "type", "name":
		case "allowed_domains":
			t.Set("filters", obj("allowed_domains", m.Value).AppendJSON(nil))
			b.change(mp, "becomes filters.allowed_domains")
		case "user_location":
			t.Set("user_location", location(b, mp, m.Value))
		case "max_uses":
			b.lose(mp, "max_uses has no equivalent on the Responses web_search tool (max_tool_calls limits all built-in tool calls of a response); left out")
		case "blocked_domains":
			b.lose(mp, "blocked_domains has no equivalent: the Responses web_search tool takes an allow-list (filters.allowed_domains) only; left out")
		default:
			b.lose(mp, "%s has no equivalent on the Responses web_search tool; left out", m.Key)
		}
	}
	b.hostedTool(p, t)
}

func anthropicCodeExecution(b *builder, p string, o rawjson.Object) {
	for _, m := range o {
		if m.Key != "type" && m.Key != "name" {
			b.lose(at(p, m.Key), "%s has no equivalent on the Responses code_interpreter tool; left out", m.Key)
		}
	}
	typ, _ := str(o, "type")
	b.change(p, "Anthropic's %s becomes code_interpreter with an automatic container: OpenAI's Python sandbox, not the same sandbox (other commands, packages, files and limits)", typ)
	b.hostedTool(p, obj("type", "code_interpreter", "container", obj("type", "auto")))
}

// anthropicChoice translates tool_choice: auto, any (required), tool
// (a named tool) and none, with disable_parallel_tool_use.
func anthropicChoice(b *builder, p string, v json.RawMessage, tools [][]byte) {
	o, ok := members(v)
	if !ok {
		b.lose(p, "tool_choice must be an object, got %s; left out", rawjson.JSONKind(v))
		return
	}
	for _, m := range o {
		mp := at(p, m.Key)
		switch m.Key {
		case "type", "name":
		case "disable_parallel_tool_use":
			if lit(m.Value, "true") {
				b.set("parallel_tool_calls", json.RawMessage("false"))
				b.change(mp, "becomes parallel_tool_calls: false")
			}
		default:
			b.lose(mp, "%s is not a field of a tool_choice; left out", m.Key)
		}
	}
	switch typ, _ := str(o, "type"); typ {
	case "auto", "none":
		b.set("tool_choice", rawjson.String(typ))
	case "any":
		b.set("tool_choice", rawjson.String("required"))
		b.change(at(p, "type"), "any becomes required")
	case "tool":
		name, ok := str(o, "name")
		if !ok {
			b.lose(p, "a tool_choice of type tool names no tool (its name must be a string); left out")
			return
		}
		if c := anthropicTarget(b, p, name, tools); c != nil {
			b.set("tool_choice", c.AppendJSON(nil))
		}
	default:
		b.lose(p, "a tool_choice of type %s has no Responses form; left out", string(mustGet(o, "type")))
	}
}

// anthropicTarget is the Responses tool_choice that names the tool called
// name: a function, or the built-in a server tool became.
func anthropicTarget(b *builder, p, name string, tools [][]byte) rawjson.Object {
	for _, e := range tools {
		o, _ := members(e)
		if n, _ := str(o, "name"); n != name {
			continue
		}
		typ, _ := str(o, "type")
		switch {
		case !o.Has("type") || typ == "custom":
		case strings.HasPrefix(typ, "web_search_"):
			return obj("type", "web_search")
		case strings.HasPrefix(typ, "code_execution_"):
			return obj("type", "code_interpreter")
		default:
			b.lose(p, "tool_choice names %s, a server tool that is left out; left out too", name)
			return nil
		}
	}
	return obj("type", "function", "name", rawjson.String(name))
}

func anthropicMetadata(b *builder, p string, v json.RawMessage) {
	o, ok := members(v)
	if !ok {
		b.lose(p, "metadata must be an object, got %s; left out", rawjson.JSONKind(v))
		return
	}
	for _, m := range o {
		if m.Key == "user_id" {
			b.set("safety_identifier", m.Value)
			b.change(at(p, m.Key), "becomes safety_identifier, the Responses field that identifies an end user for abuse detection")
			continue
		}
		b.lose(at(p, m.Key), "%s is not a field of Anthropic's metadata; left out", m.Key)
	}
}

// anthropicSystem reads the system prompt, a string or text blocks, as
// instructions.
func anthropicSystem(b *builder, p string, v json.RawMessage) {
	if rawjson.JSONKind(v) == "string" {
		b.set("instructions", v)
		b.change(p, "becomes instructions")
		return
	}
	els, ok := elements(v)
	if !ok {
		b.lose(p, "system must be a string or text blocks, got %s; left out", rawjson.JSONKind(v))
		return
	}
	var texts []json.RawMessage
	for i, e := range els {
		blk, _ := members(e)
		if t := anthropicPart(b, blk, ati(p, i)); t != nil {
			texts = append(texts, t)
		}
	}
	if len(texts) == 0 {
		b.lose(p, "system has no text left to carry over")
		return
	}
	b.set("instructions", b.joinTexts(p, texts))
	b.change(p, "becomes instructions")
}

func anthropicMessages(b *builder, p string, v json.RawMessage) {
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
		if role != "user" && role != "assistant" {
			b.lose(mp, "a message of role %s: Anthropic messages are user or assistant; left out", quoteRole(role, m))
			continue
		}
		for _, f := range m {
			if f.Key != "role" && f.Key != "content" {
				b.lose(at(mp, f.Key), "%s of a message has no place in an input of plain messages; left out", f.Key)
			}
		}
		b.message(mp, at(mp, "content"), role, mustGet(m, "content"), anthropicPart)
	}
}

func anthropicPart(b *builder, p rawjson.Object, path string) json.RawMessage {
	return textPart(b, p, path, func(k, path string) {
		b.lose(path, "%s of a text block has no equivalent in a Responses input; left out", k)
	})
}
