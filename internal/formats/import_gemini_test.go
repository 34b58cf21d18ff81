package formats

import "testing"

func TestImportGeminiSchema(t *testing.T) {
	const d0 = "/functionDeclarations/0"
	const props = d0 + "/parameters/properties"
	runImportCases(t, []importCase{
		{
			name: "OpenAPI schema rewritten",
			in: `{"functionDeclarations":[{
  "name": "find_flights",
  "description": "d",
  "parameters": {
    "type": "OBJECT",
    "properties": {
      "cabin": {"type": "STRING", "format": "enum", "enum": ["economy", "business"], "nullable": true},
      "stops": {"type": "INTEGER", "format": "int32", "minimum": 0, "example": 1},
      "legs": {"type": "ARRAY", "items": {"type": "OBJECT", "properties": {"from": {"type": "STRING"}}, "propertyOrdering": ["from"]}, "max_items": "3"},
      "when": {"anyOf": [{"type": "STRING"}, {"type": "INTEGER"}], "nullable": true},
      "note": {"nullable": true, "description": "free"},
      "kind": {"type": "TYPE_UNSPECIFIED", "nullable": false},
      "price": {"type": "NUMBER", "maximum": 1.50e3}
    },
    "required": ["legs"],
    "propertyOrdering": ["cabin", "stops", "legs", "when", "note", "kind", "price"]
  },
  "response": {"type": "OBJECT"},
  "behavior": "NON_BLOCKING"
},
{"name": "g", "parametersJsonSchema": {"type": "object", "properties": {"x": {"type": ["string", "null"]}}}, "responseJsonSchema": {"type": "object"}},
{"name": "h", "parameters": {"type": "OBJECT"}, "parametersJsonSchema": {"type": "object", "properties": {}}},
{"name": "i"}
]}`,
			from: Gemini,
			notes: []string{
				"change " + d0 + "/parameters",
				"change " + props + "/cabin/format", "change " + props + "/cabin/nullable",
				"change " + props + "/stops/example",
				"change " + props + "/legs/items/propertyOrdering", "change " + props + "/legs/max_items", "change " + props + "/legs/max_items",
				"change " + props + "/when/nullable", "change " + props + "/note/nullable",
				"change " + props + "/kind/type", "change " + props + "/kind/nullable",
				"change " + d0 + "/parameters/propertyOrdering",
				"loss " + d0 + "/response", "loss " + d0 + "/behavior", "change " + d0,
				"loss /functionDeclarations/1/responseJsonSchema", "change /functionDeclarations/1",
				"loss /functionDeclarations/2/parameters", "change /functionDeclarations/2",
				"change /functionDeclarations/3",
			},
			want: map[string]string{
				"/tools/0/parameters": `{"type":"object","properties":{` +
					`"cabin":{"type":["string","null"],"enum":["economy","business",null]},` +
					`"stops":{"type":"integer","format":"int32","minimum":0,"examples":[1]},` +
					`"legs":{"type":"array","items":{"type":"object","properties":{"from":{"type":"string"}}},"maxItems":3},` +
					`"when":{"anyOf":[{"type":"string"},{"type":"integer"},{"type":"null"}]},` +
					`"note":{"description":"free"},` +
					`"kind":{},` +
					`"price":{"type":"number","maximum":1.50e3}},` +
					`"required":["legs"]}`,
				"/tools/1": `{"type":"function","name":"g","parameters":{"type":"object","properties":{"x":{"type":["string","null"]}}}}`,
				"/tools/2": `{"type":"function","name":"h","parameters":{"type":"object","properties":{}}}`,
				"/tools/3": `{"type":"function","name":"i"}`,
			},
		},
		{
			name:  "a type name that is no type is kept as written",
			in:    `{"functionDeclarations":[{"name":"f","parameters":{"type":"OBJECT","properties":{"a":{"type":"Text"},"b":{"type":"Boolean"}}}}]}`,
			from:  Gemini,
			notes: []string{"change /functionDeclarations/0/parameters", "change /functionDeclarations/0"},
			want:  map[string]string{"/tools/0/parameters": `{"type":"object","properties":{"a":{"type":"Text"},"b":{"type":"boolean"}}}`},
		},
		{
			name:  "snake_case and an object without properties",
			in:    `{"function_declarations":[{"name":"f","parameters":{"type":"OBJECT","any_of":[{"type":"OBJECT"}],"nullable":true}}]}`,
			from:  Gemini,
			notes: []string{"change /function_declarations/0/parameters", "change /function_declarations/0/parameters/any_of", "change /function_declarations/0/parameters/nullable", "change /function_declarations/0"},
			want: map[string]string{
				"/tools/0/parameters": `{"type":["object","null"],"anyOf":[{"type":"object"}]}`,
			},
		},
	})
}

func TestImportGemini(t *testing.T) {
	runImportCases(t, []importCase{
		{
			name: "request fields and built-in tools",
			in: `{
  "systemInstruction": {"role": "system", "parts": [{"text": "Be helpful."}, {"text": "Cite sources."}]},
  "contents": [
    {"role": "user", "parts": [{"text": "Weather in Paris?"}]},
    {"role": "model", "parts": [{"functionCall": {"name": "get_weather", "args": {"city": "Paris"}}}]},
    {"role": "user", "parts": [{"functionResponse": {"name": "get_weather", "response": {"t": 18}}}]},
    {"role": "model", "parts": [{"text": "It is 18°C."}, {"text": "Sunny.", "thoughtSignature": "abc"}]},
    {"role": "model", "parts": [{"text": "hmm", "thought": true}]}
  ],
  "tools": [
    {"functionDeclarations": [{"name": "get_weather", "parameters": {"type": "OBJECT", "properties": {"city": {"type": "STRING"}}, "required": ["city"]}}]},
    {"googleSearch": {}},
    {"google_search_retrieval": {"dynamic_retrieval_config": {"mode": "MODE_DYNAMIC"}}},
    {"codeExecution": {}},
    {"urlContext": {}}
  ],
  "toolConfig": {"functionCallingConfig": {"mode": "AUTO", "allowedFunctionNames": ["get_weather"]}, "retrievalConfig": {"latLng": {"latitude": 48.85, "longitude": 2.35}}},
  "generationConfig": {"temperature": 0.7, "topP": 0.95, "maxOutputTokens": 512, "topK": 40, "stopSequences": ["END"]},
  "safetySettings": [{"category": "HARM_CATEGORY_HATE_SPEECH", "threshold": "BLOCK_NONE"}]
}`,
			from: Gemini,
			notes: []string{
				"change /systemInstruction", "change /systemInstruction",
				"loss /contents/1/parts/0", "loss /contents/1", "loss /contents/2/parts/0", "loss /contents/2",
				"loss /contents/3/parts/1/thoughtSignature", "change /contents/3", "loss /contents/4/parts/0", "loss /contents/4",
				"change /tools/0/functionDeclarations/0/parameters", "change /tools/0/functionDeclarations/0",
				"change /tools/1/googleSearch",
				"loss /tools/2/google_search_retrieval/dynamic_retrieval_config", "change /tools/2/google_search_retrieval", "loss /tools/2/google_search_retrieval",
				"change /tools/3/codeExecution", "loss /tools/4/urlContext",
				"change /toolConfig/functionCallingConfig", "loss /toolConfig/retrievalConfig",
				"change /generationConfig/topP", "change /generationConfig/maxOutputTokens", "loss /generationConfig/topK", "loss /generationConfig/stopSequences",
				"loss /safetySettings",
			},
			want: map[string]string{
				"/instructions":      `"Be helpful.\n\nCite sources."`,
				"/input":             `[{"role":"user","content":"Weather in Paris?"},{"role":"assistant","content":"It is 18°C."},{"role":"assistant","content":"Sunny."}]`,
				"/tools":             `[{"type":"function","name":"get_weather","parameters":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}},{"type":"web_search"},{"type":"code_interpreter","container":{"type":"auto"}}]`,
				"/tool_choice":       `{"type":"allowed_tools","mode":"auto","tools":[{"type":"function","name":"get_weather"}]}`,
				"/temperature":       `0.7`,
				"/top_p":             `0.95`,
				"/max_output_tokens": `512`,
			},
		},
		{
			name:  "ANY with one function",
			in:    `{"tools":[{"functionDeclarations":[{"name":"f"}]}],"toolConfig":{"functionCallingConfig":{"mode":"ANY","allowedFunctionNames":["f",3]}}}`,
			from:  Gemini,
			notes: []string{"change /tools/0/functionDeclarations/0", "loss /toolConfig/functionCallingConfig/allowedFunctionNames/1", "change /toolConfig/functionCallingConfig"},
			want:  map[string]string{"/tool_choice": `{"type":"function","name":"f"}`},
		},
		{
			name:  "ANY with no names",
			in:    `{"tool_config":{"function_calling_config":{"mode":"ANY"}}}`,
			from:  Gemini,
			notes: []string{"change /tool_config/function_calling_config/mode"},
			want:  map[string]string{"/tool_choice": `"required"`, "/tools": `[]`},
		},
		{
			name:  "NONE with names",
			in:    `{"toolConfig":{"functionCallingConfig":{"mode":"NONE","allowedFunctionNames":["f"]}}}`,
			from:  Gemini,
			notes: []string{"loss /toolConfig/functionCallingConfig"},
			want:  map[string]string{"/tool_choice": `"none"`},
		},
		{
			name:  "VALIDATED and unknown modes",
			in:    `{"toolConfig":{"functionCallingConfig":{"mode":"VALIDATED"}},"generationConfig":{"responseSchema":{"type":"OBJECT"}}}`,
			from:  Gemini,
			notes: []string{"change /toolConfig/functionCallingConfig/mode", "loss /generationConfig/responseSchema"},
			want:  map[string]string{"/tool_choice": `"auto"`},
		},
		{
			name:   "a mode that has no counterpart",
			in:     `{"toolConfig":{"functionCallingConfig":{"mode":"SOMETIMES","x":1}}}`,
			from:   Gemini,
			notes:  []string{"loss /toolConfig/functionCallingConfig/x", "loss /toolConfig/functionCallingConfig/mode"},
			absent: []string{"/tool_choice"},
		},
		{
			name:  "bare tool array and a string system instruction",
			in:    `[{"functionDeclarations":[{"name":"f","parametersJsonSchema":{"type":"object"}}]},{"googleMaps":{}},{"code_execution":{"x":1}},{"codeExecution":{}}]`,
			from:  Gemini,
			notes: []string{"change /0/functionDeclarations/0/parametersJsonSchema", "change /0/functionDeclarations/0", "loss /1/googleMaps", "loss /2/code_execution/x", "change /2/code_execution", "change /3/codeExecution", "loss /3/codeExecution"},
			want:  map[string]string{"/tools/0/parameters": `{"type":"object","properties":{}}`, "/tools/1": `{"type":"code_interpreter","container":{"type":"auto"}}`},
		},
		{
			name:  "log probabilities",
			in:    `{"contents":[],"generationConfig":{"responseLogprobs":true,"logprobs":3}}`,
			from:  Gemini,
			notes: []string{"change /generationConfig/responseLogprobs", "change /generationConfig/logprobs"},
			want:  map[string]string{"/include": `["message.output_text.logprobs"]`, "/top_logprobs": `3`},
		},
		{
			name:   "log probabilities off",
			in:     `{"contents":[],"generation_config":{"response_logprobs":false}}`,
			from:   Gemini,
			notes:  []string{"change /generation_config/response_logprobs"},
			absent: []string{"/include", "/top_logprobs"},
		},
		{
			name:  "contents of other roles",
			in:    `{"model":"gemini-2.5-flash","systemInstruction":"be brief","contents":[{"role":"function","parts":[]},{"parts":{"text":"hi"}},{"role":"user"}],"cachedContent":"c/1"}`,
			from:  Gemini,
			notes: []string{"change /systemInstruction", "loss /contents/0", "loss /contents/2", "loss /cachedContent"},
			want:  map[string]string{"/model": `"gemini-2.5-flash"`, "/instructions": `"be brief"`, "/input": `[{"role":"user","content":"hi"}]`},
		},
	})
}
