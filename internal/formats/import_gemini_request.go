package formats

import (
	"encoding/json"
	"strings"
	"sync"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// geminiToolConfig translates toolConfig.functionCallingConfig into
// tool_choice: AUTO is auto, ANY is required (naming the allowed
// functions), NONE is none.
func geminiToolConfig(b *builder, p string, v json.RawMessage) {
	o, ok := members(v)
	if !ok {
		b.lose(p, "toolConfig must be an object, got %s; left out", rawjson.JSONKind(v))
		return
	}
	for _, m := range o {
		mp := at(p, m.Key)
		if m.Key != "functionCallingConfig" && m.Key != "function_calling_config" {
			b.lose(mp, "%s has no counterpart in a Responses request; left out", m.Key)
			continue
		}
		if c := geminiChoice(b, mp, m.Value); c != nil {
			b.set("tool_choice", c)
		}
	}
}

func geminiChoice(b *builder, p string, v json.RawMessage) json.RawMessage {
	o, ok := members(v)
	if !ok {
		b.lose(p, "functionCallingConfig must be an object, got %s; left out", rawjson.JSONKind(v))
		return nil
	}
	var names []json.RawMessage
	mode := "AUTO"
	for _, m := range o {
		mp := at(p, m.Key)
		switch m.Key {
		case "mode":
			s, _ := rawjson.Unquote(m.Value)
			mode = strings.ToUpper(s)
		case "allowedFunctionNames", "allowed_function_names":
			names = geminiNames(b, mp, m.Value)
		default:
			b.lose(mp, "%s has no counterpart in a Responses tool_choice; left out", m.Key)
		}
	}
	mp := at(p, "mode")
	switch mode {
	case "AUTO", "MODE_UNSPECIFIED", "VALIDATED":
		if mode == "VALIDATED" {
			b.change(mp, "VALIDATED becomes auto: the Responses API checks calls against the schema of strict functions")
		}
		if len(names) > 0 {
			b.change(p, "the allowed function names become an allowed_tools tool_choice in auto mode")
			return allowedTools("auto", names)
		}
		return rawjson.String("auto")
	case "ANY":
		return geminiAny(b, p, names)
	case "NONE":
		if len(names) > 0 {
			b.lose(p, "allowed function names mean nothing with mode NONE; left out")
		}
		return rawjson.String("none")
	}
	b.lose(mp, "mode %s has no tool_choice counterpart; left out", string(mustGet(o, "mode")))
	return nil
}

func geminiAny(b *builder, p string, names []json.RawMessage) json.RawMessage {
	switch len(names) {
	case 0:
		b.change(at(p, "mode"), "ANY becomes required")
		return rawjson.String("required")
	case 1:
		b.change(p, "ANY with one allowed function becomes a tool_choice that names it")
		return obj("type", "function", "name", names[0]).AppendJSON(nil)
	}
	b.change(p, "ANY with %d allowed functions becomes an allowed_tools tool_choice in required mode", len(names))
	return allowedTools("required", names)
}

// geminiNames reads allowedFunctionNames: the strings, in order.
func geminiNames(b *builder, p string, v json.RawMessage) []json.RawMessage {
	els, ok := elements(v)
	if !ok {
		b.lose(p, "allowed function names must be an array, got %s; left out", rawjson.JSONKind(v))
		return nil
	}
	var names []json.RawMessage
	for i, e := range els {
		if rawjson.JSONKind(e) != "string" {
			b.lose(ati(p, i), "a function name must be a string, got %s; left out", rawjson.JSONKind(e))
			continue
		}
		names = append(names, e)
	}
	return names
}

// allowedTools is {"type":"allowed_tools","mode":mode,"tools":[functions]}.
func allowedTools(mode string, names []json.RawMessage) json.RawMessage {
	tools := make([]json.RawMessage, len(names))
	for i, n := range names {
		tools[i] = obj("type", "function", "name", n).AppendJSON(nil)
	}
	return obj("type", "allowed_tools", "mode", mode, "tools", array(tools)).AppendJSON(nil)
}

// Gemini generationConfig fields that a Responses request has.
var geminiGeneration = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"temperature": "temperature", "topP": "top_p", "top_p": "top_p",
		"maxOutputTokens": "max_output_tokens", "max_output_tokens": "max_output_tokens",
		"logprobs": "top_logprobs",
	}
})

// Why some generationConfig fields have no place in a Responses request.
var geminiGenerationLost = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"responseMimeType":   "structured output is text.format in a Responses request, a json_schema with a name and an object at its root; not translated",
		"responseSchema":     "structured output is text.format in a Responses request, a json_schema with a name and an object at its root; not translated",
		"responseJsonSchema": "structured output is text.format in a Responses request, a json_schema with a name and an object at its root; not translated",
		"stopSequences":      "the Responses API has no stop sequences",
		"candidateCount":     "the Responses API makes one response per request",
		"topK":               "the Responses API has no top_k",
		"seed":               "the Responses API has no seed",
		"presencePenalty":    "the Responses API has no presence penalty",
		"frequencyPenalty":   "the Responses API has no frequency penalty",
		"thinkingConfig":     "a thinking budget is not a Responses setting (reasoning.effort is the nearest)",
	}
})

func geminiGenerationConfig(b *builder, p string, v json.RawMessage) {
	o, ok := members(v)
	if !ok {
		b.lose(p, "generationConfig must be an object, got %s; left out", rawjson.JSONKind(v))
		return
	}
	for _, m := range o {
		mp := at(p, m.Key)
		if m.Key == "responseLogprobs" || m.Key == "response_logprobs" {
			geminiLogprobs(b, mp, m.Value)
			continue
		}
		to, ok := geminiGeneration()[m.Key]
		if !ok {
			why := geminiGenerationLost()[snakeToCamel(m.Key)]
			if why == "" {
				why = "it has no counterpart in a Responses request"
			}
			b.lose(mp, "%s is left out: %s", m.Key, why)
			continue
		}
		b.set(to, m.Value)
		if to != m.Key {
			b.change(mp, "becomes %s", to)
		}
	}
}

// geminiLogprobs reads responseLogprobs, which asks for the log
// probabilities of the output tokens (logprobs, read as top_logprobs,
// says how many alternatives).
func geminiLogprobs(b *builder, p string, v json.RawMessage) {
	if !lit(v, "true") {
		b.change(p, "responseLogprobs %s is the default of the Responses API; left out", string(v))
		return
	}
	b.set("include", strs("message.output_text.logprobs"))
	b.change(p, "becomes include: [\"message.output_text.logprobs\"]")
}

// geminiContents reads the conversation; a single Content object stands
// for an array of one.
func geminiContents(b *builder, p string, v json.RawMessage) {
	els, ok := elements(v)
	if !ok && rawjson.JSONKind(v) == "object" {
		geminiContent(b, p, v)
		return
	}
	if !ok {
		b.lose(p, "contents must be an array, got %s; left out", rawjson.JSONKind(v))
		return
	}
	for i, e := range els {
		geminiContent(b, ati(p, i), e)
	}
}

func geminiContent(b *builder, p string, v json.RawMessage) {
	c, ok := members(v)
	if !ok {
		b.lose(p, "a content must be an object, got %s; left out", rawjson.JSONKind(v))
		return
	}
	role := "user"
	if r, ok := c.Get("role"); ok {
		s, _ := rawjson.Unquote(r)
		switch s {
		case "user":
		case "model":
			role = "assistant"
		default:
			b.lose(p, "a content of role %s: Gemini conversations are user or model turns; left out", string(r))
			return
		}
	}
	for _, m := range c {
		if m.Key != "role" && m.Key != "parts" {
			b.lose(at(p, m.Key), "%s of a content has no place in an input of plain messages; left out", m.Key)
		}
	}
	parts := mustGet(c, "parts")
	if rawjson.JSONKind(parts) == "string" { // not a Gemini shape; refused like any other
		parts = nil
	}
	b.message(p, at(p, "parts"), role, parts, geminiPart)
}

// geminiPart reads a Part: its text, or a note for anything else
// (function calls and responses, inline data, files, code, thoughts).
func geminiPart(b *builder, p rawjson.Object, path string) json.RawMessage {
	t, ok := p.Get("text")
	if !ok || rawjson.JSONKind(t) != "string" {
		kind := "an empty"
		if len(p) > 0 {
			kind = "a " + p[0].Key
		}
		b.lose(path, "%s part has no place in a Responses input made of text messages; left out", kind)
		return nil
	}
	if v, ok := p.Get("thought"); ok && lit(v, "true") {
		b.lose(path, "a thought summary part is the model's own reasoning; left out")
		return nil
	}
	for _, m := range p {
		if m.Key != "text" && m.Key != "thought" {
			b.lose(at(path, m.Key), "%s of a text part has no equivalent in a Responses input; left out", m.Key)
		}
	}
	return t
}

// geminiSystem reads systemInstruction, a Content (or a plain string), as
// instructions.
func geminiSystem(b *builder, p string, v json.RawMessage) {
	if rawjson.JSONKind(v) == "string" {
		b.set("instructions", v)
		b.change(p, "becomes instructions")
		return
	}
	c, ok := members(v)
	if !ok {
		b.lose(p, "systemInstruction must be an object, got %s; left out", rawjson.JSONKind(v))
		return
	}
	pp := at(p, "parts")
	parts, isArr := elements(mustGet(c, "parts"))
	if !isArr && rawjson.JSONKind(mustGet(c, "parts")) == "object" {
		parts = [][]byte{mustGet(c, "parts")}
	}
	var texts []json.RawMessage
	for i, e := range parts {
		ep := pp
		if isArr {
			ep = ati(pp, i)
		}
		po, _ := members(e)
		if t := geminiPart(b, po, ep); t != nil {
			texts = append(texts, t)
		}
	}
	for _, m := range c {
		if m.Key != "parts" && m.Key != "role" {
			b.lose(at(p, m.Key), "%s of a content has no equivalent in instructions; left out", m.Key)
		}
	}
	if len(texts) == 0 {
		b.lose(p, "systemInstruction has no text left to carry over")
		return
	}
	b.set("instructions", b.joinTexts(p, texts))
	b.change(p, "becomes instructions")
}
