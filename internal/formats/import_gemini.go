package formats

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// Gemini request fields, camelCase and snake_case, by what they become.
var geminiFields = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"contents": "contents", "systemInstruction": "system", "system_instruction": "system",
		"tools": "tools", "toolConfig": "toolConfig", "tool_config": "toolConfig",
		"generationConfig": "generation", "generation_config": "generation", "model": "model",
	}
})

// What Gemini's tools without a Responses counterpart are.
var geminiToolLost = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"urlContext":          "the Responses API has no built-in tool that reads given URLs",
		"fileSearch":          "Gemini file search stores are not OpenAI vector stores (add a file_search tool with vector_store_ids)",
		"googleMaps":          "the Responses API has no maps grounding",
		"computerUse":         "the Responses computer tool has another action set",
		"enterpriseWebSearch": "the Responses API has no enterprise web search",
		"retrieval":           "Vertex AI retrieval sources are not OpenAI vector stores",
	}
})

func importGemini(b *builder, valid []byte) error {
	if els, ok := elements(valid); ok {
		geminiTools(b, "", els)
		return nil
	}
	o, _ := members(valid)
	if !hasAny(o, geminiKeys...) && !o.Has("tools") { // one tool object
		return geminiBareTool(b, o)
	}
	els, err := toolsArray(o, "")
	if err != nil {
		return err
	}
	for _, m := range o {
		p := at("", m.Key)
		switch geminiFields()[m.Key] {
		case "model":
			b.set("model", m.Value)
		case "tools":
			geminiTools(b, p, els)
		case "contents":
			geminiContents(b, p, m.Value)
		case "system":
			geminiSystem(b, p, m.Value)
		case "toolConfig":
			geminiToolConfig(b, p, m.Value)
		case "generation":
			geminiGenerationConfig(b, p, m.Value)
		default:
			b.lose(p, "%s has no counterpart in a Responses request; left out", m.Key)
		}
	}
	return nil
}

// geminiBareTool reads {"functionDeclarations":[…]} on its own.
func geminiBareTool(b *builder, o rawjson.Object) error {
	k, v, ok := firstOf(o, "functionDeclarations", "function_declarations")
	if _, isArr := elements(v); ok && !isArr {
		return fmt.Errorf("%s must be an array of function declarations, got %s", at("", k), rawjson.JSONKind(v))
	}
	geminiTool(b, "", o)
	return nil
}

func geminiTools(b *builder, path string, els [][]byte) {
	for i, e := range els {
		p := ati(path, i)
		o, ok := members(e)
		if !ok {
			b.lose(p, "a tool must be an object, got %s; left out", rawjson.JSONKind(e))
			continue
		}
		geminiTool(b, p, o)
	}
}

// geminiTool reads one Tool object: function declarations and the
// built-in tools it names.
func geminiTool(b *builder, p string, o rawjson.Object) {
	for _, m := range o {
		mp := at(p, m.Key)
		switch m.Key {
		case "functionDeclarations", "function_declarations":
			geminiDecls(b, mp, m.Value)
		case "googleSearch", "google_search", "googleSearchRetrieval", "google_search_retrieval":
			geminiSearch(b, mp, m.Value)
		case "codeExecution", "code_execution":
			geminiSubfields(b, mp, m.Value, "code_interpreter")
			b.change(mp, "Gemini code execution becomes code_interpreter with an automatic container: OpenAI's Python sandbox, not the same sandbox (other packages, files and limits)")
			b.hostedTool(mp, obj("type", "code_interpreter", "container", obj("type", "auto")))
		default:
			why := geminiToolLost()[snakeToCamel(m.Key)]
			if why == "" {
				why = "it has no Responses counterpart"
			}
			b.lose(mp, "Gemini's %s tool is left out: %s", m.Key, why)
		}
	}
}

func geminiSearch(b *builder, p string, v json.RawMessage) {
	geminiSubfields(b, p, v, "web_search")
	b.change(p, "Google Search grounding becomes the Responses web_search tool: another search engine, with its own citations")
	b.hostedTool(p, obj("type", "web_search"))
}

// geminiSubfields notes the settings of a built-in tool that become
// a Responses tool with none of them.
func geminiSubfields(b *builder, p string, v json.RawMessage, typ string) {
	o, _ := members(v)
	for _, m := range o {
		b.lose(at(p, m.Key), "%s has no equivalent on the Responses %s tool; left out", m.Key, typ)
	}
}

func geminiDecls(b *builder, p string, v json.RawMessage) {
	els, ok := elements(v)
	if !ok {
		b.lose(p, "function declarations must be an array, got %s; left out", rawjson.JSONKind(v))
		return
	}
	for i, e := range els {
		dp := ati(p, i)
		d, ok := members(e)
		if !ok {
			b.lose(dp, "a function declaration must be an object, got %s; left out", rawjson.JSONKind(e))
			continue
		}
		b.tool(geminiDecl(b, dp, d))
	}
}

// geminiDecl turns a FunctionDeclaration into a function tool.
func geminiDecl(b *builder, p string, d rawjson.Object) rawjson.Object {
	t := obj("type", "function")
	jsonSchema := hasAny(d, "parametersJsonSchema", "parameters_json_schema")
	for _, m := range d {
		mp := at(p, m.Key)
		switch m.Key {
		case "name", "description":
			t.Set(m.Key, m.Value)
		case "parameters":
			if jsonSchema {
				b.lose(mp, "parameters and parametersJsonSchema are both set (Gemini refuses that); parametersJsonSchema is used, parameters left out")
				continue
			}
			t.Set("parameters", withProperties(b, mp, geminiSchema(b, mp, m.Value)))
		case "parametersJsonSchema", "parameters_json_schema":
			t.Set("parameters", withProperties(b, mp, m.Value))
		case "response", "responseJsonSchema", "response_json_schema":
			b.lose(mp, "%s describes what the function returns; a Responses function tool has no equivalent (its output_schema is about JSON encoded in string outputs, another contract); left out", m.Key)
		case "behavior":
			b.lose(mp, "behavior (blocking or non-blocking calls) has no equivalent on a Responses function tool; left out")
		default:
			b.lose(mp, "%s is not a field of a Gemini function declaration; left out", m.Key)
		}
	}
	b.strictNote(p, Gemini)
	return t
}

// snakeToCamel turns url_context into urlContext.
func snakeToCamel(s string) string {
	parts := strings.Split(s, "_")
	for i := 1; i < len(parts); i++ {
		if parts[i] != "" {
			parts[i] = strings.ToUpper(parts[i][:1]) + parts[i][1:]
		}
	}
	return strings.Join(parts, "")
}
