package export

import (
	"strings"
	"sync"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// pythonParams are the request fields client.responses.create() of the
// openai Python library takes as named parameters, in every 2.x and 3.x
// release since they appeared. Any other field goes in extra_body, which
// the library merges into the body, so a program also runs with a release
// that predates a newer parameter.
var pythonParams = sync.OnceValue(func() map[string]bool {
	return set("background", "conversation", "include", "input", "instructions",
		"max_output_tokens", "max_tool_calls", "metadata", "model", "parallel_tool_calls",
		"previous_response_id", "prompt", "prompt_cache_key", "prompt_cache_retention", "reasoning",
		"safety_identifier", "service_tier", "store", "stream", "stream_options", "temperature", "text",
		"tool_choice", "tools", "top_logprobs", "top_p", "truncation", "user")
})

var python = literal{
	indent: "    ", null: "None", yes: "True", no: "False",
	str: pyString, key: pyString, strRaw: pyStringToken,
}

// pyString writes s as a Python string literal.
func pyString(b *strings.Builder, s string) {
	quoted(b, s, pyHex)
}

// pyHex writes r as a Python escape.
func pyHex(b *strings.Builder, r rune) {
	switch {
	case r < 0x100:
		writeHex(b, 'x', r, 2)
	case r < 0x10000:
		writeHex(b, 'u', r, 4)
	default:
		writeHex(b, 'U', r, 8)
	}
}

// pyStringToken writes the JSON string token tok as a Python string
// literal of the same characters, an escaped lone surrogate ("\ud800")
// too, which Python's str holds and json.dumps writes back.
func pyStringToken(b *strings.Builder, tok []byte) {
	stringToken(b, tok, pyString, func(b *strings.Builder, r rune) { escaped(b, r, pyHex) }, pyHex)
}

// pythonProgram is a program that sends the request with the openai
// Python library and prints the answer's text and function calls.
func pythonProgram(req rawjson.Object, opt Options) []byte {
	var named, extra rawjson.Object
	for _, m := range req {
		if pythonParams()[m.Key] {
			named = append(named, m)
		} else {
			extra = append(extra, m)
		}
	}
	var b strings.Builder
	b.WriteString(`"""Sends the request to the Responses API with the official openai library.

pip install openai, set OPENAI_API_KEY, then run: python3 request.py
"""

from openai import OpenAI

`)
	if opt.BaseURL != "" {
		b.WriteString("client = OpenAI(base_url=")
		pyString(&b, opt.BaseURL)
		b.WriteString(")\n\n")
	} else {
		b.WriteString("client = OpenAI()\n\n")
	}
	b.WriteString("request = ")
	python.object(&b, named, 0, "")
	b.WriteString("\n\n")
	call := "client.responses.create(**request)"
	if len(extra) > 0 {
		b.WriteString("# Fields the library has no parameter for travel in extra_body.\nextra_body = ")
		python.object(&b, extra, 0, "")
		b.WriteString("\n\n")
		call = "client.responses.create(**request, extra_body=extra_body)"
	}
	if v, ok := req.Get("stream"); ok && isTrue(v) {
		b.WriteString(pythonStream(call))
	} else {
		b.WriteString(pythonPrint(call))
	}
	return []byte(b.String())
}

func pythonPrint(call string) string {
	return "response = " + call + `
print(response.output_text)
for item in response.output:
    if item.type == "function_call":
        print(f"function call {item.name}: {item.arguments}")
`
}

func pythonStream(call string) string {
	return "stream = " + call + `
for event in stream:
    if event.type == "response.output_text.delta":
        print(event.delta, end="", flush=True)
    elif event.type == "response.output_item.done" and event.item.type == "function_call":
        print(f"\nfunction call {event.item.name}: {event.item.arguments}")
print()
`
}
