package export

import (
	"go/format"
	"strconv"
	"strings"
	"unicode"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// goProgram is a main package that posts the body, byte for byte, with
// github.com/openai/openai-go/v3 and prints the answer's text and function
// calls.
func goProgram(body []byte, req rawjson.Object, opt Options) []byte {
	v, _ := req.Get("stream")
	stream := isTrue(v)
	var b strings.Builder
	b.WriteString(`// Command request sends the request to the Responses API with
// github.com/openai/openai-go/v3, byte for byte as body holds it.
//
//	go mod init request && go get github.com/openai/openai-go/v3@v3.98.0
//	OPENAI_API_KEY=... go run .
package main

import (
	"context"
	"fmt"
	"log"
`)
	if stream {
		b.WriteString("\t\"net/http\"\n")
	}
	b.WriteString("\n\t\"github.com/openai/openai-go/v3\"\n")
	if stream || opt.BaseURL != "" {
		b.WriteString("\t\"github.com/openai/openai-go/v3/option\"\n")
	}
	if stream {
		b.WriteString("\t\"github.com/openai/openai-go/v3/packages/ssestream\"\n")
	}
	b.WriteString("\t\"github.com/openai/openai-go/v3/responses\"\n)\n\n")
	b.WriteString("// body is the request as tooltui wrote it. Passed as []byte, it is sent as it\n" +
		"// is: openai-go's typed parameters hold a function's parameters and other\n" +
		"// free-form JSON as map[string]any, whose keys Go writes sorted.\nconst body = ")
	b.WriteString(goString(string(rawjson.AppendIndent(nil, body, "", "  "))))
	b.WriteString("\n\nfunc main() {\n\tctx := context.Background()\n")
	if opt.BaseURL != "" {
		b.WriteString("\tclient := openai.NewClient(option.WithBaseURL(" + strconv.Quote(opt.BaseURL) + "))\n")
	} else {
		b.WriteString("\tclient := openai.NewClient() // the key comes from OPENAI_API_KEY\n")
	}
	if stream {
		b.WriteString(goStream)
	} else {
		b.WriteString(goPrint)
	}
	src := []byte(b.String())
	if out, err := format.Source(src); err == nil {
		return out
	}
	return src
}

const goPrint = `	var res responses.Response
	if err := client.Post(ctx, "responses", []byte(body), &res); err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.OutputText())
	for _, item := range res.Output {
		if item.Type == "function_call" {
			fmt.Printf("function call %s: %s\n", item.Name, item.Arguments.OfString)
		}
	}
}
`

const goStream = `	var raw *http.Response
	err := client.Post(ctx, "responses", []byte(body), &raw, option.WithHeader("Accept", "text/event-stream"))
	if err != nil {
		log.Fatal(err)
	}
	stream := ssestream.NewStream[responses.ResponseStreamEventUnion](ssestream.NewDecoder(raw), nil)
	defer stream.Close()
	for stream.Next() {
		event := stream.Current()
		switch event.Type {
		case "response.output_text.delta":
			fmt.Print(event.Delta)
		case "response.output_item.done":
			if event.Item.Type == "function_call" {
				fmt.Printf("\nfunction call %s: %s\n", event.Item.Name, event.Item.Arguments.OfString)
			}
		}
	}
	if err := stream.Err(); err != nil {
		log.Fatal(err)
	}
	fmt.Println()
}
`

// goString writes s as a Go constant expression: raw string literals, with
// what a raw literal cannot hold or would hide (a backquote, a carriage
// return, a byte order mark, any character that is not printable but a
// newline) written as quoted strings between them, joined by +.
func goString(s string) string {
	var parts []string
	raw, quoted := strings.Builder{}, strings.Builder{}
	flush := func() {
		if raw.Len() > 0 {
			parts = append(parts, "`"+raw.String()+"`")
			raw.Reset()
		}
		if quoted.Len() > 0 {
			parts = append(parts, strconv.Quote(quoted.String()))
			quoted.Reset()
		}
	}
	for _, r := range s {
		if r == '\n' || r != '`' && r != '\uFEFF' && unicode.IsPrint(r) {
			if quoted.Len() > 0 {
				flush()
			}
			raw.WriteRune(r)
			continue
		}
		if raw.Len() > 0 {
			flush()
		}
		quoted.WriteRune(r)
	}
	flush()
	if len(parts) == 0 {
		return "``"
	}
	return strings.Join(parts, " + ")
}
