package formats

import (
	"os"
	"testing"
)

// FuzzImport checks, for any input, that Detect, Import and Load do not
// panic; that what Import translates is an indented JSON object that
// imports again as Responses, unchanged (importing is stable); that it
// repeats no key the input did not repeat; that every note points into the
// input; and that Load names the format Import read. That the exports of
// an imported body are stable is FuzzImportExport's, in internal/export,
// which imports this package.
func FuzzImport(f *testing.F) {
	for _, file := range fixtures(f) {
		in, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(in)
	}
	for _, s := range []string{
		`{"model":"gpt-5","tools":[{"type":"function","name":"f"}]}`,
		`{"tools_defs":[],"extra":{}}`,
		`{"messages":[{"role":"user","content":[{"type":"text","text":"a"}]}],"functions":[{"name":"f"}],"function_call":"auto"}`,
		`{"system":[{"type":"text","text":"s"}],"messages":[],"tools":[{"type":"web_search_20250305","name":"web_search"}],"tool_choice":{"type":"tool","name":"web_search"}}`,
		`{"functionDeclarations":[{"name":"f","parameters":{"type":"STRING","nullable":true,"enum":["a"],"max_items":"2"}}]}`,
		`{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"t","title":"T","inputSchema":{"type":"object"}}],"nextCursor":"n"}}`,
		`{"jsonrpc":"2.0","id":1,"error":{"code":1}}`,
		`{"tools":[{"name":"gl","inputSchema":{"$schema":"http://json-schema.org/draft-07/schema#"}},{"name":"n","inputSchema":null},{"name":"none"},{"name":"o","inputSchema":{"type":"object","properties":{"a":{"$ref":"#/$defs/nope"}}}}]}`,
		`[{"type":"custom","custom":{"name":"g","format":{"type":"grammar","grammar":{"syntax":"regex","definition":"a+"}}}}]`,
		`{"a":1,"a":2,"messages":[],"tools":[{"type":"function","function":{"name":"f","name":"g"}}]}`,
		`{"model":"m","max_tokens":9,"messages":[{"role":"user","content":"hi"}],"stream":true,"stream_options":{"include_obfuscation":false,"include_usage":true}}`,
		`{"contents":[],"generationConfig":{"responseLogprobs":true,"logprobs":2,"responseMimeType":"application/json"},"tools":[{"functionDeclarations":[{"name":"f","parameters":{"type":"OBJECT","properties":{"a":{"type":"Text","enum":["x"],"nullable":true}}}}]}]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		doc, loadErr := Load(in)
		im, err := Import(in)
		if err != nil {
			return
		}
		if Detect(in) != im.From {
			t.Fatalf("Detect says %s, Import read %s", Detect(in), im.From)
		}
		checkImported(t, in, im)
		if im.From != Responses && loadErr == nil && (doc.Source == nil || doc.Source.Format != im.From.Title()) {
			t.Fatalf("Import read %s, Load's document says it came from %+v", im.From, doc.Source)
		}
	})
}
