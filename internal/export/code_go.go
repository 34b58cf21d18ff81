package export

import (
	"bytes"
	"fmt"
	"go/format"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// goProgram is a main package that sends the request with
// github.com/openai/openai-go/v3 and prints the answer's text and function
// calls: the request as openai-go's typed parameters where Go keeps it
// exactly and tooltui writes them (goParams), and otherwise the body's
// text, posted byte for byte, saying why.
func goProgram(body []byte, req rawjson.Object, opt Options) []byte {
	v, _ := req.Get("stream")
	stream := isTrue(v)
	params, why := goParams(body, req)
	raw := why != ""
	var b strings.Builder
	b.WriteString("// Command request sends the request to the Responses API with\n// github.com/openai/openai-go/v3")
	if raw {
		b.WriteString(", byte for byte as body holds it")
	}
	b.WriteString(`.
//
//	go mod init request && go get github.com/openai/openai-go/v3@v3.98.0
//	OPENAI_API_KEY=... go run .
package main

import (
	"context"
	"fmt"
	"log"
`)
	if raw && stream {
		b.WriteString("\t\"net/http\"\n")
	}
	b.WriteString("\n\t\"github.com/openai/openai-go/v3\"\n")
	if raw && stream || opt.BaseURL != "" {
		b.WriteString("\t\"github.com/openai/openai-go/v3/option\"\n")
	}
	if raw && stream {
		b.WriteString("\t\"github.com/openai/openai-go/v3/packages/ssestream\"\n")
	}
	b.WriteString("\t\"github.com/openai/openai-go/v3/responses\"\n)\n\n")
	if raw {
		b.WriteString(comment("// ", "body is the request as tooltui wrote it, sent byte for byte (a []byte body is sent as it is) rather than as typed parameters: "+why+"."))
		b.WriteString("const body = ")
		b.WriteString(goString(string(rawjson.AppendIndent(nil, body, "", "  "))))
		b.WriteString("\n\n")
	}
	b.WriteString("func main() {\n\tctx := context.Background()\n")
	if opt.BaseURL != "" {
		b.WriteString("\tclient := openai.NewClient(option.WithBaseURL(" + strconv.Quote(opt.BaseURL) + "))\n")
	} else {
		b.WriteString("\tclient := openai.NewClient() // the key comes from OPENAI_API_KEY\n")
	}
	switch {
	case raw && stream:
		b.WriteString(goStream)
	case raw:
		b.WriteString(goPrint)
	default:
		b.WriteString("\tres, err := client.Responses.New(ctx, responses.ResponseNewParams{\n" + params + "\t})\n" + goNewPrint)
	}
	src := []byte(b.String())
	if out, err := format.Source(src); err == nil {
		return out
	}
	return src
}

// goField is a request field the Go program writes as a field of
// openai-go's ResponseNewParams: its Go name and the kind of its value.
type goField struct{ name, kind string }

var goFields = sync.OnceValue(func() map[string]goField {
	return map[string]goField{
		"model": {"Model", "model"}, "input": {"Input", "input"},
		"instructions": {"Instructions", "string"}, "previous_response_id": {"PreviousResponseID", "string"},
		"prompt_cache_key": {"PromptCacheKey", "string"}, "safety_identifier": {"SafetyIdentifier", "string"},
		"user":        {"User", "string"},
		"temperature": {"Temperature", "float"}, "top_p": {"TopP", "float"},
		"max_output_tokens": {"MaxOutputTokens", "int"}, "max_tool_calls": {"MaxToolCalls", "int"},
		"top_logprobs": {"TopLogprobs", "int"},
		"background":   {"Background", "bool"}, "parallel_tool_calls": {"ParallelToolCalls", "bool"}, "store": {"Store", "bool"},
	}
})

// goParams writes the fields of ResponseNewParams for req, one a line, or
// says why the program sends the body's text instead: what Go would
// change (a number float64 or int64 writes otherwise, a lone surrogate a
// Go string cannot hold, a key written twice, the key order of free-form
// JSON, which openai-go holds as map[string]any and Go writes sorted), or
// a field outside the plain ones (strings, numbers, booleans, a string
// input) tooltui writes as typed parameters.
func goParams(body []byte, req rawjson.Object) (string, string) {
	if why := respelled(body, goLang); why != "" {
		return "", why
	}
	var b strings.Builder
	for _, m := range req {
		f, ok := goFields()[m.Key]
		v := bytes.TrimSpace(m.Value)
		kind := rawjson.JSONKind(v)
		switch {
		case ok && (f.kind == "model" || f.kind == "input" || f.kind == "string") && kind == "string":
			if _, lone := loneSurrogate(v); lone {
				return "", fmt.Sprintf("the string at /%s holds a lone surrogate, which a Go string cannot", m.Key)
			}
			s, _ := str(v)
			switch f.kind {
			case "model":
				fmt.Fprintf(&b, "\t\tModel: %s,\n", strconv.Quote(s))
			case "input":
				fmt.Fprintf(&b, "\t\tInput: responses.ResponseNewParamsInputUnion{OfString: openai.String(%s)},\n", strconv.Quote(s))
			default:
				fmt.Fprintf(&b, "\t\t%s: openai.String(%s),\n", f.name, strconv.Quote(s))
			}
		case ok && f.kind == "float" && kind == "number":
			fmt.Fprintf(&b, "\t\t%s: openai.Float(%s),\n", f.name, v)
		case ok && f.kind == "int" && kind == "number":
			if n, err := strconv.ParseInt(string(v), 10, 64); err != nil || strconv.FormatInt(n, 10) != string(v) {
				return "", fmt.Sprintf("the number %s at /%s would be sent as an int64", v, m.Key)
			}
			fmt.Fprintf(&b, "\t\t%s: openai.Int(%s),\n", f.name, v)
		case ok && f.kind == "bool" && kind == "boolean":
			fmt.Fprintf(&b, "\t\t%s: openai.Bool(%s),\n", f.name, v)
		default:
			return "", fmt.Sprintf("%s is sent as written: tooltui writes typed parameters for plain fields only (strings, numbers, booleans, a string input)", m.Key)
		}
	}
	return b.String(), ""
}

// loneSurrogate reports whether the JSON string token tok holds an
// escaped surrogate that is not half of a pair.
func loneSurrogate(tok []byte) (int, bool) {
	units, ok := jsonUnits(tok)
	if !ok {
		return 0, false
	}
	for i := 0; i < len(units); i++ {
		u := rune(units[i])
		switch {
		case u >= 0xd800 && u < 0xdc00 && i+1 < len(units) && units[i+1] >= 0xdc00 && units[i+1] < 0xe000:
			i++
		case u >= 0xd800 && u < 0xe000:
			return i, true
		}
	}
	return 0, false
}

// goNewPrint prints the answer of client.Responses.New.
const goNewPrint = `	if err != nil {
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
