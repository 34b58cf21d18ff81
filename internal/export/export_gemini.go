package export

import (
	"encoding/json"
	"strings"

	"github.com/tooltui/tooltui/internal/formats"
	"github.com/tooltui/tooltui/internal/rawjson"
)

const geminiNone = "has no Gemini equivalent"

// toGemini writes the request as a Gemini generateContent request body.
func toGemini(req rawjson.Object, opt Options, n *notes) rawjson.Object {
	var out rawjson.Object
	contents, system := geminiContents(req, n)
	out.Set("contents", contents)
	if system != nil {
		out.Set("systemInstruction", system)
	}
	tools, functions := geminiTools(req, opt, n)
	if len(tools) > 0 {
		out.Set("tools", array(tools))
	}
	if c, ok := geminiToolConfig(req, functions, n); ok {
		out.Set("toolConfig", c)
	}
	if gc := geminiGeneration(req, n); len(gc) > 0 {
		out.Set("generationConfig", gc.AppendJSON(nil))
	}
	handled := set("input", "instructions", "tools", "tool_choice", "max_output_tokens", "temperature", "top_p", "text", "top_logprobs")
	for _, m := range req {
		switch {
		case handled[m.Key]:
		case m.Key == "model":
			name, _ := str(m.Value)
			n.lost("/model", "Gemini takes the model in the URL (models/%s:generateContent), not in the body; dropped", name)
		case m.Key == "stream":
			n.lost("/stream", "Gemini streams from another method (streamGenerateContent), not by a field; dropped")
		case m.Key == "parallel_tool_calls":
			if isFalse(m.Value) {
				n.lost("/parallel_tool_calls", "Gemini cannot turn off parallel function calls; parallel_tool_calls dropped")
			}
		default:
			n.lost(key("", m.Key), "%s %s; dropped", m.Key, geminiNone)
		}
	}
	if empty(contents) {
		noMessages(req, n, formats.Gemini, "contents")
	}
	return out
}

// geminiContents returns the input as contents (assistant becomes model)
// and the system instruction: instructions, then any system or developer
// messages, as one text separated by blank lines (as for Anthropic, and
// as the instructions it reads back as).
func geminiContents(req rawjson.Object, n *notes) (contents, system json.RawMessage) {
	var sys []string
	if s, ok := instructions(req, n); ok {
		sys = append(sys, s)
	}
	var list []json.RawMessage
	for _, m := range readInput(req, n, formats.Gemini) {
		parts := make([]json.RawMessage, len(m.text))
		for i, t := range m.text {
			parts[i] = obj("text", jstr(t))
		}
		switch m.role {
		case "system", "developer":
			sys = append(sys, strings.Join(m.text, "\n\n"))
			n.changed(m.path, "a %s message is moved into Gemini's systemInstruction", m.role)
			continue
		case "assistant":
			list = append(list, obj("role", jstr("model"), "parts", array(parts)))
		default:
			list = append(list, obj("role", jstr("user"), "parts", array(parts)))
		}
	}
	if len(sys) > 0 {
		system = obj("parts", array([]json.RawMessage{obj("text", jstr(strings.Join(sys, "\n\n")))}))
	}
	return array(list), system
}

// geminiTools returns the tools entries: every function in one
// functionDeclarations entry, then googleSearch and codeExecution;
// functions lists the functions' names.
func geminiTools(req rawjson.Object, opt Options, n *notes) (out []json.RawMessage, functions []string) {
	v, ok := req.Get("tools")
	if !ok || isNull(v) {
		return nil, nil
	}
	list, ok := elements(v)
	if !ok {
		n.lost("/tools", "tools is a %s, not a list; dropped", rawjson.JSONKind(v))
		return nil, nil
	}
	var decls, builtins []json.RawMessage
	seen := map[string]bool{}
	for i, el := range list {
		path := index("/tools", i)
		t, _ := members(el)
		typ, _ := getStr(t, "type")
		builtin := map[string]string{"code_interpreter": "codeExecution"}[typ]
		if webSearchTypes()[typ] {
			builtin = "googleSearch"
		}
		switch {
		case typ == "function":
			decls = append(decls, geminiFunction(t, path, opt, n))
			name, _ := getStr(t, "name")
			functions = append(functions, name)
		case builtin != "" && seen[builtin]:
			n.lost(path, "a second %s tool: Gemini takes one %s; dropped", typ, builtin)
		case builtin != "":
			seen[builtin] = true
			if builtin == "googleSearch" && typ != "web_search" {
				n.changed(key(path, "type"), "Gemini has one web search tool, googleSearch: %s is written as googleSearch, which reads back as web_search", typ)
			}
			geminiBuiltinSettings(t, path, builtin, n)
			builtins = append(builtins, obj(builtin, emptySchema))
		default:
			lostTool(n, path, typ, formats.Gemini)
		}
	}
	if len(decls) > 0 {
		out = append(out, obj("functionDeclarations", array(decls)))
	}
	return append(out, builtins...), functions
}

// geminiBuiltinSettings notes the settings of a built-in tool that
// googleSearch and codeExecution, which take none, lose.
func geminiBuiltinSettings(t rawjson.Object, path, builtin string, n *notes) {
	for _, m := range t {
		if m.Key == "type" || isNull(m.Value) {
			continue
		}
		if m.Key == "container" && string(compact(m.Value)) == `{"type":"auto"}` {
			continue
		}
		n.lost(key(path, m.Key), "Gemini's %s takes no settings: %s dropped", builtin, m.Key)
	}
}

// geminiFunction writes a function declaration, its parameters as
// parametersJsonSchema or, with opt.GeminiParameters, as parameters in
// Gemini's schema subset.
func geminiFunction(t rawjson.Object, path string, opt Options, n *notes) json.RawMessage {
	var fn rawjson.Object
	for _, m := range t {
		switch m.Key {
		case "type", "strict":
		case "name", "description":
			if !isNull(m.Value) {
				fn = append(fn, m)
			}
		case "parameters":
			if !opt.GeminiParameters {
				if p, ok := geminiJSONSchema(m.Value, key(path, "parameters"), n); ok {
					fn.Set("parametersJsonSchema", p)
				}
			} else if p, ok := geminiParameters(m.Value, key(path, "parameters"), n); ok {
				fn.Set("parameters", geminiSpelling(p))
			}
		default:
			if !unset(m.Key, m.Value) {
				n.lost(key(path, m.Key), "%s of a function %s; dropped", m.Key, geminiNone)
			}
		}
	}
	strictLost(t, path, n, formats.Gemini)
	return fn.AppendJSON(nil)
}

// geminiJSONSchema writes parameters as they are, for
// parametersJsonSchema; an object schema without properties gets an empty
// one, as it reads back (see withProperties).
func geminiJSONSchema(v []byte, path string, n *notes) (json.RawMessage, bool) {
	switch rawjson.JSONKind(v) {
	case "null":
		return nil, false
	case "object":
		return withProperties(v, path, n), true
	}
	n.lost(path, "parameters that are a %s, not a schema object; dropped", rawjson.JSONKind(v))
	return nil, false
}

// geminiParameters converts parameters; a schema with no properties is
// left out, as Gemini refuses an object without properties.
func geminiParameters(v []byte, path string, n *notes) (json.RawMessage, bool) {
	if isNull(v) {
		return nil, false
	}
	s := newGeminiSchema(v, path, n).schema(v, path, 0)
	o, _ := members(s)
	props, _ := o.Get("properties")
	typ, hasType := getStr(o, "type")
	if (props == nil || empty(props)) && (!hasType || strings.EqualFold(typ, "object")) && !o.Has("anyOf") {
		n.changed(path, "the parameters have no properties and Gemini refuses an object without them: the function is declared without parameters")
		return nil, false
	}
	return s, true
}

// geminiToolConfig maps tool_choice to functionCallingConfig.
func geminiToolConfig(req rawjson.Object, functions []string, n *notes) (json.RawMessage, bool) {
	v, ok := req.Get("tool_choice")
	if !ok {
		return nil, false
	}
	if len(functions) == 0 {
		n.lost("/tool_choice", "Gemini's toolConfig applies to functions only and there are none; tool_choice dropped")
		return nil, false
	}
	wrap := func(mode string, names ...json.RawMessage) (json.RawMessage, bool) {
		c := rawjson.Object{{Key: "mode", Value: jstr(mode)}}
		if len(names) > 0 {
			c.Set("allowedFunctionNames", array(names))
		}
		return obj("functionCallingConfig", c.AppendJSON(nil)), true
	}
	if s, ok := str(v); ok {
		if mode, ok := map[string]string{"auto": "AUTO", "required": "ANY", "none": "NONE"}[s]; ok {
			return wrap(mode)
		}
	}
	c, _ := members(v)
	typ, _ := getStr(c, "type")
	switch {
	case typ == "function" && c.Has("name"):
		name, _ := c.Get("name")
		return wrap("ANY", name)
	case typ == "allowed_tools":
		names := geminiAllowed(c, n)
		mode := "AUTO"
		if m, _ := getStr(c, "mode"); m == "required" {
			mode = "ANY"
		}
		switch {
		case len(names) == 0:
			n.lost("/tool_choice", "allowed_tools lists no function, the only tools allowedFunctionNames can name: written as mode %s, which allows every function", mode)
			return wrap(mode)
		case mode == "ANY":
			return wrap(mode, names...)
		}
		n.changed("/tool_choice", "allowed_tools in auto mode is written as mode VALIDATED with allowedFunctionNames")
		return wrap("VALIDATED", names...)
	}
	n.lost("/tool_choice", "tool_choice names a tool Gemini's toolConfig cannot force; dropped (the model chooses)")
	return nil, false
}

// geminiAllowed returns the names of the functions allowed_tools lists.
func geminiAllowed(c rawjson.Object, n *notes) []json.RawMessage {
	list, _ := c.Get("tools")
	items, _ := elements(list)
	var names []json.RawMessage
	for i, it := range items {
		t, _ := members(it)
		if typ, _ := getStr(t, "type"); typ == "function" && t.Has("name") {
			name, _ := t.Get("name")
			names = append(names, name)
			continue
		}
		n.lost(index("/tool_choice/tools", i), "allowedFunctionNames names functions only: this entry is dropped")
	}
	return names
}

// geminiGeneration collects generationConfig.
func geminiGeneration(req rawjson.Object, n *notes) rawjson.Object {
	var gc rawjson.Object
	for _, m := range req {
		switch m.Key {
		case "max_output_tokens":
			gc.Set("maxOutputTokens", m.Value)
		case "temperature":
			gc.Set("temperature", m.Value)
		case "top_p":
			gc.Set("topP", m.Value)
		case "top_logprobs":
			gc.Set("responseLogprobs", jtrue)
			gc.Set("logprobs", m.Value)
		case "text":
			geminiText(m.Value, &gc, n)
		}
	}
	return gc
}

// geminiText maps text.format to a response MIME type and JSON schema.
func geminiText(v []byte, gc *rawjson.Object, n *notes) {
	t, _ := members(v)
	for _, m := range t {
		if m.Key != "format" {
			n.lost(key("/text", m.Key), "text.%s %s; dropped", m.Key, geminiNone)
			continue
		}
		f, _ := members(m.Value)
		switch typ, _ := getStr(f, "type"); typ {
		case "text":
		case "json_object":
			gc.Set("responseMimeType", jstr("application/json"))
		case "json_schema":
			gc.Set("responseMimeType", jstr("application/json"))
			for _, fm := range f {
				switch fm.Key {
				case "type":
				case "schema":
					gc.Set("responseJsonSchema", fm.Value)
				default:
					if !isNull(fm.Value) && !isFalse(fm.Value) {
						n.lost(key("/text/format", fm.Key), "text.format.%s %s; dropped", fm.Key, geminiNone)
					}
				}
			}
		default:
			n.lost("/text/format", "this text.format %s; dropped", geminiNone)
		}
	}
}
