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
// Python library and prints the answer's text and function calls: the
// request as a dict passed to client.responses.create, or, where a dict
// would change it (respelled), the body's text, byte for byte.
func pythonProgram(body []byte, req rawjson.Object, opt Options) []byte {
	var b strings.Builder
	b.WriteString(`"""Sends the request to the Responses API with the official openai library.

pip install openai, set OPENAI_API_KEY, then run: python3 request.py
"""

`)
	v, _ := req.Get("stream")
	stream := isTrue(v)
	why := respelled(body, pythonLang)
	switch {
	case why != "" && stream:
		b.WriteString("from openai import OpenAI, Stream\nfrom openai.types.responses import Response, ResponseStreamEvent\n\n")
	case why != "":
		b.WriteString("from openai import OpenAI\nfrom openai.types.responses import Response\n\n")
	default:
		b.WriteString("from openai import OpenAI\n\n")
	}
	if opt.BaseURL != "" {
		b.WriteString("client = OpenAI(base_url=")
		pyString(&b, opt.BaseURL)
		b.WriteString(")\n\n")
	} else {
		b.WriteString("client = OpenAI()\n\n")
	}
	var call string
	if why != "" {
		b.WriteString(comment("# ", "body is the request as tooltui wrote it, sent byte for byte: as "+pythonLang.value+", "+why+"."))
		b.WriteString("body = " + pyBody(strings.TrimSuffix(string(indent(body)), "\n")) + "\n\n")
		call = `client.post("/responses", cast_to=Response, content=body.encode())`
		if stream {
			call = `client.post("/responses", cast_to=Response, content=body.encode(), stream=True, stream_cls=Stream[ResponseStreamEvent])`
		}
	} else {
		call = pythonCreate(&b, req)
	}
	if stream {
		b.WriteString(pythonStream(call))
	} else {
		b.WriteString(pythonPrint(call))
	}
	return []byte(b.String())
}

// pythonCreate writes the request as dicts and returns the call of
// client.responses.create that sends it.
func pythonCreate(b *strings.Builder, req rawjson.Object) string {
	var named, extra rawjson.Object
	for _, m := range req {
		if pythonParams()[m.Key] {
			named = append(named, m)
		} else {
			extra = append(extra, m)
		}
	}
	b.WriteString("request = ")
	python.object(b, named, 0, "")
	b.WriteString("\n\n")
	if len(extra) == 0 {
		return "client.responses.create(**request)"
	}
	b.WriteString("# Fields the library has no parameter for travel in extra_body.\nextra_body = ")
	python.object(b, extra, 0, "")
	b.WriteString("\n\n")
	return "client.responses.create(**request, extra_body=extra_body)"
}

// comment writes text as comment lines of at most 78 characters, each
// starting with prefix.
func comment(prefix, text string) string {
	var b strings.Builder
	line := prefix
	for i, w := range strings.Fields(text) {
		if i > 0 && len(line)+1+len(w) > 78 {
			b.WriteString(line + "\n")
			line = prefix
		} else if i > 0 {
			line += " "
		}
		line += w
	}
	b.WriteString(line + "\n")
	return b.String()
}

// pyBody writes s, the body's text, as a Python expression: a raw
// triple-quoted string, with what one cannot hold or would hide (a
// character that is not printable but a newline) written as quoted
// strings between raw ones, joined in parentheses. Valid JSON text holds
// no three quotes in a row and no backslash before a character that is
// not printable, so no raw string ends in a backslash; one that would end
// in a quote leaves it to the quoted string after it.
func pyBody(s string) string {
	var parts []string
	var raw, quoted strings.Builder
	flush := func() {
		if raw.Len() > 0 {
			parts = append(parts, `r"""`+raw.String()+`"""`)
			raw.Reset()
		}
		if quoted.Len() > 0 {
			var q strings.Builder
			pyString(&q, quoted.String())
			parts = append(parts, q.String())
			quoted.Reset()
		}
	}
	for _, r := range s {
		if r == '\n' || printable(r) && r != '\uFEFF' {
			if quoted.Len() > 0 {
				flush()
			}
			raw.WriteRune(r)
			continue
		}
		if raw.Len() > 0 {
			// A quote before the closing quotes would close the raw
			// string early: it goes with the quoted part.
			last := strings.HasSuffix(raw.String(), `"`)
			if last {
				t := strings.TrimSuffix(raw.String(), `"`)
				raw.Reset()
				raw.WriteString(t)
			}
			flush()
			if last {
				quoted.WriteByte('"')
			}
		}
		quoted.WriteRune(r)
	}
	flush()
	if len(parts) == 1 {
		return parts[0]
	}
	return "(\n    " + strings.Join(parts, "\n    ") + "\n)"
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
