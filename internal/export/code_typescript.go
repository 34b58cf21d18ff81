package export

import (
	"strings"
	"unicode/utf16"

	"github.com/tooltui/tooltui/internal/rawjson"
)

var javascript = literal{
	indent: "  ", null: "null", yes: "true", no: "false",
	str: jsString, key: jsKey,
}

// jsString writes s as a JavaScript string literal.
func jsString(b *strings.Builder, s string) {
	quoted(b, s, func(b *strings.Builder, r rune) {
		if r < 0x10000 {
			writeHex(b, 'u', r, 4)
			return
		}
		hi, lo := utf16.EncodeRune(r)
		writeHex(b, 'u', hi, 4)
		writeHex(b, 'u', lo, 4)
	})
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

// typescriptProgram is an ES module that sends the request with the openai
// npm package and prints the answer's text and function calls.
func typescriptProgram(req rawjson.Object, opt Options) []byte {
	var b strings.Builder
	b.WriteString(`// Sends the request to the Responses API with the official openai package.
// npm install openai, set OPENAI_API_KEY, save as request.mts (an ES module,
// for the top-level await), then run: npx tsx request.mts
import OpenAI from "openai";

`)
	if opt.BaseURL != "" {
		b.WriteString("const client = new OpenAI({ baseURL: ")
		jsString(&b, opt.BaseURL)
		b.WriteString(" });\n\n")
	} else {
		b.WriteString("const client = new OpenAI();\n\n")
	}
	b.WriteString("const request = ")
	javascript.object(&b, req, 0)
	b.WriteString(";\n\n")
	if v, ok := req.Get("stream"); ok && isTrue(v) {
		b.WriteString(typescriptStream)
	} else {
		b.WriteString(typescriptPrint)
	}
	return []byte(b.String())
}

// The request is passed "as any": it is sent as written, including fields
// the package's types do not list yet.
const typescriptPrint = `const response = await client.responses.create(request as any);
console.log(response.output_text);
for (const item of response.output) {
  if (item.type === "function_call") {
    console.log(` + "`function call ${item.name}: ${item.arguments}`" + `);
  }
}
`

const typescriptStream = `const stream: AsyncIterable<any> = (await client.responses.create(request as any)) as any;
for await (const event of stream) {
  if (event.type === "response.output_text.delta") {
    process.stdout.write(event.delta);
  } else if (event.type === "response.output_item.done" && event.item.type === "function_call") {
    console.log(` + "`\\nfunction call ${event.item.name}: ${event.item.arguments}`" + `);
  }
}
console.log();
`
