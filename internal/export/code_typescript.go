package export

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/tooltui/tooltui/internal/rawjson"
)

var javascript = literal{
	indent: "  ", null: "null", yes: "true", no: "false",
	str: jsString, key: jsKey, strRaw: jsStringToken,
}

// jsRune writes r as it is inside a JavaScript string literal.
func jsRune(b *strings.Builder, r rune) { escaped(b, r, jsHex) }

// jsHex writes r as \u escapes: one, or a surrogate pair beyond U+FFFF.
func jsHex(b *strings.Builder, r rune) {
	if r < 0x10000 {
		writeHex(b, 'u', r, 4)
		return
	}
	hi, lo := utf16.EncodeRune(r)
	writeHex(b, 'u', hi, 4)
	writeHex(b, 'u', lo, 4)
}

// jsString writes s as a JavaScript string literal.
func jsString(b *strings.Builder, s string) {
	quoted(b, s, jsHex)
}

// jsStringToken writes the JSON string token tok as a JavaScript string
// literal of the same UTF-16 code units, so that an escaped lone surrogate
// ("\ud800"), which JSON.parse keeps and a Go string cannot hold, is kept.
func jsStringToken(b *strings.Builder, tok []byte) {
	stringToken(b, tok, jsString, jsRune, func(b *strings.Builder, u rune) { writeHex(b, 'u', u, 4) })
}

// stringToken writes the JSON string token tok as a string literal of a
// language whose strings can hold a lone surrogate: each character with
// char, a lone surrogate with lone; plain writes a token it cannot read.
func stringToken(b *strings.Builder, tok []byte, plain func(*strings.Builder, string), char, lone func(*strings.Builder, rune)) {
	units, ok := jsonUnits(tok)
	if !ok {
		s, _ := str(tok)
		plain(b, s)
		return
	}
	b.WriteByte('"')
	for i := 0; i < len(units); i++ {
		u := rune(units[i])
		switch {
		case utf16.IsSurrogate(u) && u < 0xdc00 && i+1 < len(units) && units[i+1] >= 0xdc00 && units[i+1] < 0xe000:
			char(b, utf16.DecodeRune(u, rune(units[i+1])))
			i++
		case utf16.IsSurrogate(u):
			lone(b, u)
		default:
			char(b, u)
		}
	}
	b.WriteByte('"')
}

// jsonUnits decodes a valid JSON string token into UTF-16 code units, as
// JavaScript holds the string.
func jsonUnits(tok []byte) ([]uint16, bool) {
	tok = bytes.TrimSpace(tok)
	if len(tok) < 2 || tok[0] != '"' || tok[len(tok)-1] != '"' {
		return nil, false
	}
	s := string(tok[1 : len(tok)-1])
	var out []uint16
	for i := 0; i < len(s); {
		if s[i] != '\\' {
			r, size := utf8.DecodeRuneInString(s[i:])
			out = utf16.AppendRune(out, r)
			i += size
			continue
		}
		if i+1 >= len(s) {
			return nil, false
		}
		switch c := s[i+1]; c {
		case 'u':
			if i+6 > len(s) {
				return nil, false
			}
			v, err := strconv.ParseUint(s[i+2:i+6], 16, 16)
			if err != nil {
				return nil, false
			}
			out = append(out, uint16(v))
			i += 6
			continue
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		default: // " \ /
			out = append(out, uint16(c))
		}
		i += 2
	}
	return out, true
}

// jsKey writes an object key. "__proto__" is written as a computed key:
// as a plain key it would set the object's prototype instead of a member.
func jsKey(b *strings.Builder, k string) {
	if k == "__proto__" {
		b.WriteString(`["__proto__"]`)
		return
	}
	jsString(b, k)
}

// jsTemplate writes s as a JavaScript template literal over several lines:
// a backquote, a backslash and a dollar sign escaped, a newline as it is,
// and every character that is not printable through a \u escape.
func jsTemplate(b *strings.Builder, s string) {
	b.WriteByte('`')
	for _, r := range s {
		switch {
		case r == '`' || r == '\\' || r == '$':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n' || printable(r):
			b.WriteRune(r)
		default:
			jsHex(b, r)
		}
	}
	b.WriteByte('`')
}

// OpenAITypesVersion is the version of the openai npm package whose types
// the TypeScript program is checked against: tsc --strict checks its
// request with them, and where they disagree with what the Responses API
// takes, the program says so (see tsExceptions).
const OpenAITypesVersion = "6.49.0"

// tsType is one of the openai package's request types (OpenAITypesVersion):
// its name in the program and its members.
type tsType struct {
	name    string
	members map[string]bool
	// apiOptional are members the type requires that the Responses API
	// does not, with what the API does without them.
	apiOptional map[string]string
}

// tsTools are the package's types of the entries of tools, by type.
var tsTools = sync.OnceValue(func() map[string]tsType {
	return map[string]tsType{
		"function": {"FunctionTool", set("name", "parameters", "strict", "type", "allowed_callers", "defer_loading", "description", "output_schema"),
			map[string]string{"strict": "then tries strict mode", "parameters": "then takes no arguments"}},
		"file_search":          {"FileSearchTool", set("type", "vector_store_ids", "filters", "max_num_results", "ranking_options"), nil},
		"computer":             {"ComputerTool", set("type"), nil},
		"computer_use_preview": {"ComputerUsePreviewTool", set("display_height", "display_width", "environment", "type"), nil},
		"web_search":           {"WebSearchTool", set("type", "filters", "search_context_size", "user_location"), nil},
		"mcp": {"Tool.Mcp", set("server_label", "type", "allowed_callers", "allowed_tools", "authorization", "connector_id", "defer_loading",
			"headers", "require_approval", "server_description", "server_url", "tunnel_id"), nil},
		"code_interpreter":          {"Tool.CodeInterpreter", set("container", "type", "allowed_callers"), nil},
		"programmatic_tool_calling": {"Tool.ProgrammaticToolCalling", set("type"), nil},
		"image_generation": {"Tool.ImageGeneration", set("type", "action", "background", "input_fidelity", "input_image_mask", "model",
			"moderation", "output_compression", "output_format", "partial_images", "quality", "size"), nil},
		"local_shell":                   {"Tool.LocalShell", set("type"), nil},
		"shell":                         {"FunctionShellTool", set("type", "allowed_callers", "environment"), nil},
		"custom":                        {"CustomTool", set("name", "type", "allowed_callers", "defer_loading", "description", "format"), nil},
		"namespace":                     {"NamespaceTool", set("description", "name", "tools", "type"), nil},
		"tool_search":                   {"ToolSearchTool", set("type", "description", "execution", "parameters"), nil},
		"web_search_preview":            {"WebSearchPreviewTool", set("type", "search_content_types", "search_context_size", "user_location"), nil},
		"apply_patch":                   {"ApplyPatchTool", set("type", "allowed_callers"), nil},
		"web_search_2025_08_26":         {"WebSearchTool", set("type", "filters", "search_context_size", "user_location"), nil},
		"web_search_preview_2025_03_11": {"WebSearchPreviewTool", set("type", "search_content_types", "search_context_size", "user_location"), nil},
	}
})

// tsParts are the package's types of the content parts of an input
// message, by type.
var tsParts = sync.OnceValue(func() map[string]tsType {
	return map[string]tsType{
		"input_text": {"ResponseInputText", set("text", "type", "prompt_cache_breakpoint"), nil},
		"input_image": {"ResponseInputImage", set("detail", "type", "file_id", "image_url", "prompt_cache_breakpoint"),
			map[string]string{"detail": "then takes auto"}},
		"input_file": {"ResponseInputFile", set("type", "detail", "file_data", "file_id", "file_url", "filename", "prompt_cache_breakpoint"), nil},
	}
})

// tsParams are the members of the package's ResponseCreateParams.
var tsParams = sync.OnceValue(func() map[string]bool {
	return set("background", "context_management", "conversation", "include", "input", "instructions",
		"max_output_tokens", "metadata", "model", "moderation", "parallel_tool_calls", "previous_response_id", "prompt",
		"prompt_cache_key", "prompt_cache_options", "prompt_cache_retention", "reasoning", "safety_identifier",
		"service_tier", "store", "stream", "stream_options", "temperature", "text", "tool_choice", "tools",
		"top_logprobs", "top_p", "truncation", "user")
})

// tsException is where the package's type of one entry disagrees with the
// entry, which the program sends as it is.
type tsException struct {
	typ     tsType
	missing []string // members the type requires and the API does not
	extra   []string // members the type does not have
}

// tsExceptionAt returns the exception for the value v at path, if any:
// an entry of tools, or a content part of an input message.
func tsExceptionAt(path string, v []byte) (tsException, bool) {
	var table map[string]tsType
	switch toks := strings.Split(path, "/"); {
	case len(toks) == 3 && toks[1] == "tools":
		table = tsTools()
	case len(toks) == 5 && toks[1] == "input" && toks[3] == "content":
		table = tsParts()
	default:
		return tsException{}, false
	}
	o, _ := members(v)
	typ, _ := getStr(o, "type")
	t, ok := table[typ]
	if !ok {
		return tsException{}, false
	}
	e := tsException{typ: t}
	for _, m := range sortedKeys(t.apiOptional) {
		if !o.Has(m) {
			e.missing = append(e.missing, m)
		}
	}
	for _, m := range o {
		if !t.members[m.Key] {
			e.extra = append(e.extra, m.Key)
		}
	}
	return e, len(e.missing)+len(e.extra) > 0
}

func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

// comment is the exception said in a line of the program.
func (e tsException) comment() string {
	var parts []string
	for _, m := range e.missing {
		parts = append(parts, fmt.Sprintf("without %s, which %s requires (the API %s)", m, e.typ.name, e.typ.apiOptional[m]))
	}
	if len(e.extra) > 0 {
		parts = append(parts, fmt.Sprintf("with %s, which %s does not have", strings.Join(e.extra, ", "), e.typ.name))
	}
	return "// Sent as written: " + strings.Join(parts, "; ") + "."
}

// call is how the program writes the entry: through loose, which checks it
// against the type with the exception and gives it the type.
func (e tsException) call() string {
	k := "never"
	if len(e.missing) > 0 {
		quoted := make([]string, len(e.missing))
		for i, m := range e.missing {
			quoted[i] = strconv.Quote(m)
		}
		k = strings.Join(quoted, " | ")
	}
	x := ""
	if len(e.extra) > 0 {
		var b strings.Builder
		b.WriteString(", { ")
		for _, m := range e.extra {
			jsKey(&b, m)
			b.WriteString("?: unknown; ")
		}
		b.WriteString("}")
		x = b.String()
	}
	return "loose<" + e.typ.name + ", " + k + x + ">("
}

// tsProgram is what the TypeScript program needs to say about a request.
type tsProgram struct {
	stream     bool
	params     string // the package's type of the request
	reqText    string // the request as a TypeScript object literal
	exceptions []tsException
	imports    map[string]bool // the package's types it names
	extra      []string        // members of the request ResponseCreateParams does not have
}

// typescriptProgram is an ES module that sends the request with the
// openai npm package and prints the answer's text and function calls: the
// request as an object, checked by tsc against the package's types and
// passed to client.responses.create, or, where a JavaScript object would
// change it (respelled), the body's text, posted byte for byte.
func typescriptProgram(body []byte, req rawjson.Object, opt Options) []byte {
	p := newTSProgram(req)
	var b strings.Builder
	if why := respelled(body, javascriptLang); why != "" {
		p.writeRaw(&b, body, why, opt)
		return []byte(b.String())
	}
	p.writeHead(&b, opt)
	p.writeRequest(&b)
	if p.stream {
		b.WriteString(typescriptCreateStream)
	} else {
		b.WriteString(typescriptCreate)
	}
	return []byte(b.String())
}

// newTSProgram reads what the program says about req: the request type,
// the object literal, the exceptions to the package's types and the types
// to import.
func newTSProgram(req rawjson.Object) tsProgram {
	v, _ := req.Get("stream")
	p := tsProgram{stream: isTrue(v), params: "ResponseCreateParamsNonStreaming"}
	if p.stream {
		p.params = "ResponseCreateParamsStreaming"
	}
	p.imports = map[string]bool{p.params: true}
	for _, m := range req {
		if !tsParams()[m.Key] {
			p.extra = append(p.extra, m.Key)
		}
	}
	lit := javascript
	lit.wrap = func(path string, v []byte) ([]string, string, string) {
		e, ok := tsExceptionAt(path, v)
		if !ok {
			return nil, "", ""
		}
		return []string{e.comment()}, e.call(), ")"
	}
	var reqText strings.Builder
	lit.object(&reqText, req, 0, "")
	p.reqText = reqText.String()
	// The imports: walk again, collecting what the calls name.
	walkExceptions(req, func(e tsException) {
		p.exceptions = append(p.exceptions, e)
		name, _, _ := strings.Cut(e.typ.name, ".")
		p.imports[name] = true
	})
	return p
}

// writeHead writes the comment on how to run the program, the imports,
// the client and, when an entry needs it, the function loose.
func (p *tsProgram) writeHead(b *strings.Builder, opt Options) {
	b.WriteString(`// Sends the request to the Responses API with the official openai package.
// npm install openai, set OPENAI_API_KEY, save as request.mts (an ES
// module, for the top-level await), then run: npx tsx request.mts.
// tsc --strict checks request against the package's types (openai ` + OpenAITypesVersion + `).
import OpenAI from "openai";
`)
	b.WriteString("import type { " + strings.Join(sortedKeys(p.imports), ", ") + ` } from "openai/resources/responses/responses";` + "\n\n")
	writeClient(b, opt)
	if len(p.exceptions) > 0 {
		b.WriteString(`// loose checks an entry against the package's type T with the members K
// optional and those of X added, and gives it type T: the API takes what T
// does not say, as the comment above each call tells.
function loose<T, K extends keyof T = never, X = {}>(value: Omit<T, K> & Partial<Pick<T, K>> & X): T {
  return value as unknown as T;
}

`)
	}
}

// writeClient writes the client, with the base URL when one is set.
func writeClient(b *strings.Builder, opt Options) {
	if opt.BaseURL != "" {
		b.WriteString("const client = new OpenAI({ baseURL: ")
		jsString(b, opt.BaseURL)
		b.WriteString(" });\n\n")
	} else {
		b.WriteString("const client = new OpenAI();\n\n")
	}
}

// writeRequest writes the request, checked against the package's type.
func (p *tsProgram) writeRequest(b *strings.Builder) {
	b.WriteString("// request is the request as the package types it.\n")
	check := p.params
	if len(p.extra) > 0 {
		fmt.Fprintf(b, "// Sent as written: %s, which %s does not have.\n", strings.Join(p.extra, ", "), p.params)
		var x strings.Builder
		x.WriteString(p.params + " & { ")
		for _, k := range p.extra {
			jsKey(&x, k)
			x.WriteString("?: unknown; ")
		}
		x.WriteString("}")
		check = x.String()
	}
	b.WriteString("const request = ")
	b.WriteString(p.reqText)
	b.WriteString(" satisfies " + check + ";\n\n")
}

// writeRaw writes the program that posts the body's text, byte for byte,
// saying why: as a JavaScript object the request would change.
func (p *tsProgram) writeRaw(b *strings.Builder, body []byte, why string, opt Options) {
	b.WriteString(`// Sends the request to the Responses API with the official openai package,
// byte for byte as body holds it. npm install openai, set OPENAI_API_KEY,
// save as request.mts (an ES module, for the top-level await), then run:
// npx tsx request.mts.
import OpenAI from "openai";
`)
	if p.stream {
		b.WriteString(`import type { ResponseStreamEvent } from "openai/resources/responses/responses";` + "\n")
		b.WriteString(`import type { Stream } from "openai/streaming";` + "\n\n")
	} else {
		b.WriteString(`import type { Response } from "openai/resources/responses/responses";` + "\n\n")
	}
	writeClient(b, opt)
	b.WriteString(comment("// ", "body is the request as tooltui wrote it, sent byte for byte: as "+javascriptLang.value+", "+why+"."))
	b.WriteString("const body = ")
	jsTemplate(b, strings.TrimSuffix(string(indent(body)), "\n"))
	b.WriteString(";\n\n")
	if p.stream {
		b.WriteString(typescriptStream)
	} else {
		b.WriteString(typescriptPrint)
	}
}

// walkExceptions calls f for each exception in req, in order.
func walkExceptions(req rawjson.Object, f func(tsException)) {
	if v, ok := req.Get("input"); ok {
		items, _ := elements(v)
		for i, it := range items {
			o, _ := members(it)
			c, _ := o.Get("content")
			parts, _ := elements(c)
			for j, part := range parts {
				if e, ok := tsExceptionAt(index(key(index("/input", i), "content"), j), part); ok {
					f(e)
				}
			}
		}
	}
	if v, ok := req.Get("tools"); ok {
		list, _ := elements(v)
		for i, el := range list {
			if e, ok := tsExceptionAt(index("/tools", i), el); ok {
				f(e)
			}
		}
	}
}

// jsNumber is how JavaScript writes f.
func jsNumber(f float64) string {
	switch abs := max(f, -f); {
	case abs > 1.7976931348623157e308:
		return "null"
	case abs != 0 && (abs >= 1e21 || abs < 1e-6):
		m, e, _ := strings.Cut(strconv.FormatFloat(f, 'e', -1, 64), "e")
		sign, digits := e[:1], strings.TrimLeft(e[1:], "0")
		return m + "e" + sign + digits
	}
	if f == 0 {
		return "0"
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// typescriptCreate sends the request and prints the answer's text and
// function calls.
const typescriptCreate = `const response = await client.responses.create(request);
` + typescriptOutput

// typescriptOutput prints the answer's text and function calls.
const typescriptOutput = `for (const item of response.output) {
  if (item.type === "message") {
    for (const part of item.content) {
      if (part.type === "output_text") {
        console.log(part.text);
      }
    }
  } else if (item.type === "function_call") {
    console.log(` + "`function call ${item.name}: ${item.arguments}`" + `);
  }
}
`

// typescriptCreateStream sends the request and prints the events as they
// come.
const typescriptCreateStream = `const stream = await client.responses.create(request);
for await (const event of stream) {
  if (event.type === "response.output_text.delta") {
    process.stdout.write(event.delta);
  } else if (event.type === "response.output_item.done" && event.item.type === "function_call") {
    console.log(` + "`\\nfunction call ${event.item.name}: ${event.item.arguments}`" + `);
  }
}
console.log();
`

// typescriptPrint posts the body and prints the answer's text and
// function calls.
const typescriptPrint = `const response = await client.post<Response>("/responses", {
  body,
  headers: { "Content-Type": "application/json" },
});
` + typescriptOutput

// typescriptStream posts the body and prints the events as they come.
const typescriptStream = `const stream = await client.post<Stream<ResponseStreamEvent>>("/responses", {
  body,
  headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
  stream: true,
});
for await (const event of stream) {
  if (event.type === "response.output_text.delta") {
    process.stdout.write(event.delta);
  } else if (event.type === "response.output_item.done" && event.item.type === "function_call") {
    console.log(` + "`\\nfunction call ${event.item.name}: ${event.item.arguments}`" + `);
  }
}
console.log();
`
