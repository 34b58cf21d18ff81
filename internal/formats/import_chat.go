package formats

import (
	"encoding/json"
	"sync"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// Chat Completions request fields that mean the same in a Responses request.
var chatSame = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"model": true, "temperature": true, "top_p": true, "parallel_tool_calls": true, "user": true,
		"metadata": true, "store": true, "stream": true, "service_tier": true, "prompt_cache_key": true,
		"prompt_cache_retention": true, "safety_identifier": true, "top_logprobs": true,
	}
})

// Why some Chat Completions fields have no place in a Responses request.
var chatLost = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"n":                 "the Responses API makes one response per request",
		"stop":              "the Responses API has no stop sequences",
		"seed":              "the Responses API has no seed",
		"frequency_penalty": "the Responses API has no frequency penalty",
		"presence_penalty":  "the Responses API has no presence penalty",
		"logit_bias":        "the Responses API has no logit bias",
		"modalities":        "audio output is a Chat Completions feature",
		"audio":             "audio output is a Chat Completions feature",
		"prediction":        "predicted outputs are a Chat Completions feature",
	}
})

func importChat(b *builder, valid []byte) error {
	if els, ok := elements(valid); ok {
		chatTools(b, "", els)
		return nil
	}
	o, _ := members(valid)
	els, err := toolsArray(o, "")
	if err != nil {
		return err
	}
	for _, m := range o {
		p := at("", m.Key)
		switch {
		case m.Key == "tools":
			chatTools(b, p, els)
		case chatSame()[m.Key]:
			b.set(m.Key, m.Value)
		default:
			chatField(b, o, p, m)
		}
	}
	return nil
}

// chatField translates a request field that does not carry as it is.
func chatField(b *builder, o rawjson.Object, p string, m rawjson.Member) {
	switch m.Key {
	case "tool_choice":
		chatChoice(b, p, m.Value)
	case "messages":
		chatMessages(b, p, m.Value)
	case "max_tokens":
		if o.Has("max_completion_tokens") {
			b.lose(p, "max_completion_tokens is set too and wins; max_tokens is left out")
			return
		}
		b.set("max_output_tokens", m.Value)
		b.change(p, "becomes max_output_tokens")
	case "max_completion_tokens":
		b.set("max_output_tokens", m.Value)
		b.change(p, "becomes max_output_tokens")
	case "response_format":
		chatResponseFormat(b, p, m.Value)
	case "reasoning_effort":
		b.setIn("reasoning", "effort", m.Value)
		b.change(p, "becomes reasoning.effort")
	case "verbosity":
		b.setIn("text", "verbosity", m.Value)
		b.change(p, "becomes text.verbosity")
	case "logprobs":
		chatLogprobs(b, p, m.Value)
	case "functions":
		chatFunctions(b, p, m.Value)
	case "function_call":
		if o.Has("tool_choice") {
			b.lose(p, "tool_choice is set too and wins; the deprecated function_call is left out")
			return
		}
		b.change(p, "the deprecated function_call becomes tool_choice")
		chatChoice(b, p, m.Value)
	case "web_search_options":
		chatWebSearch(b, p, m.Value)
	case "stream_options":
		chatStreamOptions(b, p, m.Value)
	default:
		why := chatLost()[m.Key]
		if why == "" {
			why = "the Responses API has no such request field"
		}
		b.lose(p, "%s: %s; left out", m.Key, why)
	}
}

func chatTools(b *builder, path string, els [][]byte) {
	for i, e := range els {
		p := ati(path, i)
		o, ok := members(e)
		if !ok {
			b.lose(p, "a tool must be an object, got %s; left out", rawjson.JSONKind(e))
			continue
		}
		typ, _ := str(o, "type")
		switch shape := toolShape(e); {
		case shape == Chat && typ == "function":
			chatFunction(b, p, o)
		case shape == Chat:
			chatCustom(b, p, o)
		case shape == Responses && typ != "" && (o.Has("name") || typ != "function" && typ != "custom"):
			b.change(p, "this %s tool is in the Responses shape already; kept as written", typ)
			b.tool(o)
		default:
			b.lose(p, "not a Chat Completions tool (those are {\"type\":\"function\",\"function\":{…}} or {\"type\":\"custom\",\"custom\":{…}}); left out")
		}
	}
}

// chatOuter notes members of a tool beside type and its inner object.
func chatOuter(b *builder, p string, o rawjson.Object, inner string) {
	for _, m := range o {
		if m.Key != "type" && m.Key != inner {
			b.lose(at(p, m.Key), "%s is not a field of a Chat Completions tool; left out", m.Key)
		}
	}
}

func chatFunction(b *builder, p string, o rawjson.Object) {
	chatOuter(b, p, o, "function")
	fp := at(p, "function")
	fn, _ := members(mustGet(o, "function"))
	b.tool(chatFunctionTool(b, fp, fn))
}

// chatFunctionTool flattens a Chat Completions function definition.
func chatFunctionTool(b *builder, fp string, fn rawjson.Object) rawjson.Object {
	t := obj("type", "function")
	for _, m := range fn {
		switch m.Key {
		case "name", "description", "parameters", "strict":
			t.Set(m.Key, m.Value)
		default:
			b.lose(at(fp, m.Key), "%s is not a field of a Chat Completions function; left out", m.Key)
		}
	}
	if !fn.Has("strict") {
		b.strictNote(fp, Chat)
	}
	return t
}

func chatCustom(b *builder, p string, o rawjson.Object) {
	chatOuter(b, p, o, "custom")
	cp := at(p, "custom")
	c, _ := members(mustGet(o, "custom"))
	t := obj("type", "custom")
	for _, m := range c {
		switch m.Key {
		case "name", "description":
			t.Set(m.Key, m.Value)
		case "format":
			t.Set("format", chatGrammar(b, at(cp, "format"), m.Value))
		default:
			b.lose(at(cp, m.Key), "%s is not a field of a Chat Completions custom tool; left out", m.Key)
		}
	}
	b.tool(t)
}

// chatGrammar flattens {"type":"grammar","grammar":{…}} into the Responses
// format {"type":"grammar","syntax":…,"definition":…}.
func chatGrammar(b *builder, p string, v json.RawMessage) json.RawMessage {
	f, ok := members(v)
	g, isGrammar := members(mustGet(f, "grammar"))
	if typ, _ := str(f, "type"); !ok || typ != "grammar" || !isGrammar {
		return v
	}
	out := obj("type", "grammar")
	for _, m := range f {
		if m.Key != "type" && m.Key != "grammar" {
			b.lose(at(p, m.Key), "%s is not a field of a grammar format; left out", m.Key)
		}
	}
	for _, m := range g {
		out.Set(m.Key, m.Value)
	}
	return out.AppendJSON(nil)
}

// chatFunctions reads the deprecated functions list as function tools.
func chatFunctions(b *builder, p string, v json.RawMessage) {
	els, ok := elements(v)
	if !ok {
		b.lose(p, "functions must be an array, got %s; left out", rawjson.JSONKind(v))
		return
	}
	b.change(p, "the deprecated functions list becomes function tools")
	for i, e := range els {
		fn, ok := members(e)
		if !ok {
			b.lose(ati(p, i), "a function must be an object, got %s; left out", rawjson.JSONKind(e))
			continue
		}
		b.tool(chatFunctionTool(b, ati(p, i), fn))
	}
}

func chatLogprobs(b *builder, p string, v json.RawMessage) {
	if !lit(v, "true") {
		b.change(p, "logprobs %s is the default of the Responses API; left out", string(v))
		return
	}
	b.set("include", strs("message.output_text.logprobs"))
	b.change(p, "becomes include: [\"message.output_text.logprobs\"]")
}

// chatStreamOptions keeps include_obfuscation, which a Responses request's
// stream_options has too; include_usage has no counterpart there.
func chatStreamOptions(b *builder, p string, v json.RawMessage) {
	o, ok := members(v)
	if !ok {
		if lit(v, "null") {
			b.change(p, "stream_options null is the default; left out")
			return
		}
		b.lose(p, "stream_options must be an object, got %s; left out", rawjson.JSONKind(v))
		return
	}
	for _, m := range o {
		mp := at(p, m.Key)
		switch {
		case m.Key == "include_obfuscation":
			b.setIn("stream_options", m.Key, m.Value)
		case m.Key == "include_usage" && lit(m.Value, "false"):
			b.change(mp, "include_usage false is the default; left out")
		case m.Key == "include_usage":
			b.lose(mp, "include_usage has no Responses counterpart (usage always comes with the response); left out")
		default:
			b.lose(mp, "%s is not a field of stream_options; left out", m.Key)
		}
	}
}

// chatWebSearch turns web_search_options into a web_search tool.
func chatWebSearch(b *builder, p string, v json.RawMessage) {
	o, ok := members(v)
	if !ok {
		b.lose(p, "web_search_options must be an object, got %s; left out", rawjson.JSONKind(v))
		return
	}
	t := obj("type", "web_search")
	for _, m := range o {
		switch m.Key {
		case "search_context_size":
			t.Set(m.Key, m.Value)
		case "user_location":
			loc, _ := members(m.Value)
			approx, ok := loc.Get("approximate")
			if !ok {
				b.lose(at(p, m.Key), "a user_location without approximate; left out")
				continue
			}
			t.Set("user_location", location(b, at(at(p, m.Key), "approximate"), approx))
		default:
			b.lose(at(p, m.Key), "%s is not a field of web_search_options; left out", m.Key)
		}
	}
	b.change(p, "web_search_options becomes a web_search tool")
	b.hostedTool(p, t)
}

// location is a Responses approximate user_location from an object with
// city, region, country and timezone; other members are noted.
func location(b *builder, p string, v json.RawMessage) json.RawMessage {
	o, ok := members(v)
	if !ok {
		b.lose(p, "a location must be an object, got %s; left out", rawjson.JSONKind(v))
		return obj("type", "approximate").AppendJSON(nil)
	}
	out := obj("type", "approximate")
	for _, m := range o {
		switch m.Key {
		case "city", "region", "country", "timezone":
			out.Set(m.Key, m.Value)
		case "type":
			if t, _ := str(o, "type"); t != "approximate" {
				b.lose(at(p, m.Key), "a location of type %s: Responses takes approximate locations only; read as approximate", string(m.Value))
			}
		default:
			b.lose(at(p, m.Key), "%s is not a field of a Responses user_location; left out", m.Key)
		}
	}
	return out.AppendJSON(nil)
}

func chatResponseFormat(b *builder, p string, v json.RawMessage) {
	o, _ := members(v)
	switch typ, _ := str(o, "type"); typ {
	case "json_schema":
		js, ok := members(mustGet(o, "json_schema"))
		if !ok {
			b.lose(p, "a json_schema response_format without a json_schema object; left out")
			return
		}
		f := obj("type", "json_schema")
		for _, m := range js {
			switch m.Key {
			case "name", "description", "schema", "strict":
				f.Set(m.Key, m.Value)
			default:
				b.lose(at(at(p, "json_schema"), m.Key), "%s is not a field of a json_schema format; left out", m.Key)
			}
		}
		b.setIn("text", "format", f.AppendJSON(nil))
		b.change(p, "becomes text.format, with the members of json_schema beside its type")
	case "json_object", "text":
		b.setIn("text", "format", v)
		b.change(p, "becomes text.format")
	default:
		b.lose(p, "a response_format the Responses API has no text.format for; left out")
	}
}
