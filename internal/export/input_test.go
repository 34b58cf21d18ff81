package export

import (
	"bytes"
	"strings"
	"testing"
)

// An export with no message, which every target's API refuses, says so
// at /input; one with a message does not.
func TestNoMessagesNoted(t *testing.T) {
	for _, c := range []struct {
		body string
		to   Target
		want bool
	}{
		{`{"model":"m","tools":[{"type":"function","name":"f"}]}`, Chat, true},
		{`{"model":"m"}`, Anthropic, true},
		{`{"model":"m"}`, Gemini, true},
		{`{"model":"m","input":[{"type":"function_call_output","call_id":"c","output":"{}"}]}`, Chat, true},
		{`{"model":"m","input":[{"role":"system","content":"Be brief."}]}`, Anthropic, true},
		{`{"model":"m","input":[{"role":"system","content":"Be brief."}]}`, Gemini, true},
		{`{"model":"m","instructions":"Be brief."}`, Chat, false}, // a system message
		{`{"model":"m","input":"hi"}`, Chat, false},
		{`{"model":"m","input":"hi"}`, Anthropic, false},
		{`{"model":"m","input":"hi"}`, Gemini, false},
	} {
		res := mustExport(t, []byte(c.body), c.to)
		got := false
		for _, n := range res.Notes {
			if n.Path == "/input" && n.Loss && strings.Contains(n.Message, "requires at least one") {
				got = true
			}
		}
		if got != c.want {
			t.Errorf("%s to %s: a note that no message is written: %v, want %v; notes:\n%s", c.body, c.to, got, c.want, formatNotes(res.Notes))
		}
	}
}

// The Anthropic export names the API version it is written for, and drops
// what that version refuses, saying so.
func TestAnthropicVersion(t *testing.T) {
	res := mustExport(t, []byte(`{"model":"claude-x","input":"hi","temperature":0.2,"top_p":0.9,"stream":true}`), Anthropic)
	if got := field(t, res.Text, "/temperature") + field(t, res.Text, "/top_p"); got != "<none><none>" {
		t.Errorf("temperature, top_p = %s\n%s", got, res.Text)
	}
	if got := field(t, res.Text, "/stream"); got != "true" {
		t.Errorf("stream = %s", got)
	}
	want := map[string]bool{"/temperature": true, "/top_p": true, "": false}
	for _, n := range res.Notes {
		if loss, ok := want[n.Path]; ok && n.Loss == loss && strings.Contains(n.Message, AnthropicVersion) {
			delete(want, n.Path)
		}
	}
	if len(want) > 0 {
		t.Errorf("no note naming version %s at %v; notes:\n%s", AnthropicVersion, want, formatNotes(res.Notes))
	}
}

// Gemini's export writes parameters as parametersJsonSchema, as they are;
// with GeminiParameters as parameters, spelled as @google/genai's types
// spell them: type names in upper case, counts as strings.
func TestGeminiParameters(t *testing.T) {
	body := []byte(`{"input":"hi","tools":[{"type":"function","name":"f","strict":false,"parameters":{"type":"object","properties":{"tags":{"type":"array","items":{"type":"string","maxLength":9223372036854775807},"maxItems":5,"minItems":1.5},"n":{"anyOf":[{"type":"integer","maximum":9223372036854775807},{"type":"null"}]}},"required":["tags"]}}]}`)
	res := mustExport(t, body, Gemini)
	want := `{"type":"object","properties":{"tags":{"type":"array","items":{"type":"string","maxLength":9223372036854775807},"maxItems":5,"minItems":1.5},"n":{"anyOf":[{"type":"integer","maximum":9223372036854775807},{"type":"null"}]}},"required":["tags"]}`
	if got := string(compact([]byte(field(t, res.Text, "/tools/0/functionDeclarations/0/parametersJsonSchema")))); got == "<none>" || !strings.Contains(string(compact(res.Text)), want) {
		t.Errorf("parametersJsonSchema = %s\nwant %s", got, want)
	}
	res, err := Export(body, Gemini, Options{GeminiParameters: true})
	if err != nil {
		t.Fatal(err)
	}
	want = `"parameters":{"type":"OBJECT","properties":{"tags":{"type":"ARRAY","items":{"type":"STRING","maxLength":"9223372036854775807"},"maxItems":"5","minItems":1.5},"n":{"type":"INTEGER","nullable":true,"maximum":9223372036854775807}},"required":["tags"]}`
	if !strings.Contains(string(compact(res.Text)), want) {
		t.Errorf("got\n%s\nwant %s", compact(res.Text), want)
	}
}

// The TypeScript program sends the request as an object, checked by tsc,
// which names each place where the openai package's types disagree with
// what the API takes; where JavaScript would change the request (round a
// number beyond 2^53, write 1000.0 as 1000) it posts the body as tooltui
// wrote it, byte for byte, and says why.
func TestTypeScriptBody(t *testing.T) {
	body := bodies(t)["bignum"]
	res := mustExport(t, body, TypeScript)
	text := string(res.Text)
	if got, want := tsBody(t, text), strings.TrimSuffix(string(indent(body)), "\n"); got != want {
		t.Errorf("body is\n%s\nwant\n%s", got, want)
	}
	for _, want := range []string{
		`client.post<Response>("/responses", {`,
		"// body is the request as tooltui wrote it, sent byte for byte: as a\n// JavaScript object, the number -9223372036854775808 at\n// /tools/0/parameters/properties/from/minimum would be sent as\n// -9223372036854776000.\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in\n%s", want, text)
		}
	}
	if strings.Contains(text, "satisfies") || strings.Contains(text, "responses.create") {
		t.Errorf("the request is written twice:\n%s", text)
	}
	text = string(mustExport(t, bodies(t)["hostile"], TypeScript).Text)
	if want := "the number 1000.0 at /timeout would be sent as 1000."; !strings.Contains(text, want) {
		t.Errorf("no %q in\n%s", want, text)
	}

	text = string(mustExport(t, bodies(t)["functions"], TypeScript).Text)
	for _, want := range []string{
		"// Sent as written: without strict, which FunctionTool requires (the API then tries strict mode).\n    loose<FunctionTool, \"strict\">({",
		"loose<FunctionTool, \"strict\", { \"async\"?: unknown; }>({",
		"loose<FunctionTool, \"parameters\" | \"strict\">({",
		"loose<ResponseInputImage, \"detail\">({",
		"} satisfies ResponseCreateParamsNonStreaming;\n\nconst response = await client.responses.create(request);\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in\n%s", want, text)
		}
	}
	if strings.Contains(text, "const body") {
		t.Errorf("the request is written twice:\n%s", text)
	}
	hostile := bytes.Replace(bodies(t)["hostile"], []byte("1000.0"), []byte("1000"), 1)
	text = string(mustExport(t, hostile, TypeScript).Text)
	for _, want := range []string{
		"} satisfies ResponseCreateParamsNonStreaming & { \"extra_body\"?: unknown; \"timeout\"?: unknown; };",
		`["__proto__"]`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in\n%s", want, text)
		}
	}
}
