package export

import (
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// respelled finds, for Python and JavaScript alike, what their values
// would send as another text: the numbers each writes back otherwise, a
// key written twice, and (JavaScript) a key an object moves.
func TestRespelled(t *testing.T) {
	for _, c := range []struct {
		body       string
		python, js string // a part of respelled's answer; "" for none
	}{
		{`{"a":1,"b":-2,"c":0.5,"d":"1.50","e":[true,null]}`, "", ""},
		{`{"t":1.50}`, "the number 1.50 at /t would be sent as 1.5", "the number 1.50 at /t would be sent as 1.5"},
		{`{"t":[1e400]}`, "the number 1e400 at /t/0 would be sent as Infinity", "would be sent as null"},
		{`{"t":-1e400}`, "as -Infinity", "as null"},
		{`{"t":1.0}`, "", "the number 1.0 at /t would be sent as 1"},
		{`{"t":9007199254740993}`, "", "as 9007199254740992"},
		{`{"t":-0}`, "the number -0 at /t would be sent as 0", "as 0"},
		{`{"t":1e-7}`, "as 1e-07", ""},
		{`{"t":1e21}`, "as 1e+21", "as 1e+21"},
		{`{"t":0.0001,"u":12345.678}`, "", ""},
		{`{"m":{"a":1,"a":2}}`, `the key "a", written twice in /m, would be sent once, with its last value`, `the key "a", written twice in /m`},
		{`{"m":{"b":1,"10":2}}`, "", `the key "10" in /m would move ahead of the keys before it`},
		{`{"m":{"2":1,"10":2,"b":3,"4294967295":4}}`, "", ""},
		{`{"m":{"10":1,"2":2}}`, "", `the key "2" in /m would move`},
	} {
		for _, l := range []struct {
			lang language
			want string
		}{{pythonLang, c.python}, {javascriptLang, c.js}} {
			got := respelled([]byte(c.body), l.lang)
			if l.want == "" && got != "" || !strings.Contains(got, l.want) {
				t.Errorf("%s as %s: respelled = %q, want %q", c.body, l.lang.value, got, l.want)
			}
		}
	}
}

// A body whose numbers or keys a dict would change is sent as its text by
// the Python program, byte for byte, with the reason in a comment; the
// program sends the dict otherwise.
func TestPythonSendsTheText(t *testing.T) {
	body := bodies(t)["respelled"]
	text := string(mustExport(t, body, Python).Text)
	if got, want := pyBodyValue(t, text), strings.TrimSuffix(string(indent(body)), "\n"); got != want {
		t.Errorf("body is\n%s\nwant\n%s", got, want)
	}
	for _, want := range []string{
		"# body is the request as tooltui wrote it, sent byte for byte: as a Python\n# dict, the number 1.50 at /temperature would be sent as 1.5.\n",
		`response = client.post("/responses", cast_to=Response, content=body.encode())`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in\n%s", want, text)
		}
	}
	if strings.Contains(text, "responses.create") {
		t.Errorf("the request is written twice:\n%s", text)
	}
	text = string(mustExport(t, bodies(t)["functions"], Python).Text)
	if !strings.Contains(text, "client.responses.create(**request") || strings.Contains(text, "body =") {
		t.Errorf("the Python program does not send the dict:\n%s", text)
	}
}

// The Go program sends openai-go's typed parameters for a request of plain
// fields, and the body's text, saying why, where Go would change the
// request or the fields are not plain.
func TestGoParams(t *testing.T) {
	for _, c := range []struct{ body, why string }{
		{`{"model":"m","input":"hi","temperature":0.5,"max_output_tokens":10,"store":true,"user":"u"}`, ""},
		{`{"model":"m","temperature":1.50}`, "the number 1.50 at /temperature would be sent as 1.5"},
		{`{"model":"m","max_output_tokens":1e3}`, "the number 1e3 at /max_output_tokens would be sent as an int64"},
		{`{"model":"m","input":"a \ud800 b"}`, "the string at /input holds a lone surrogate, which a Go string cannot"},
		{`{"model":"m","model":"n"}`, `the key "model", written twice in the request, would be sent once`},
		{`{"model":"m","metadata":{"b":"1","a":"2"}}`, "openai-go holds /metadata as map[string]any, which Go writes with its keys sorted"},
		{`{"model":"m","tools":[{"type":"function","name":"f","parameters":{"type":"object","properties":{}}}]}`, "openai-go holds /tools/0/parameters as map[string]any"},
		{`{"model":"m","input":[{"role":"user","content":"hi"}]}`, "input is sent as written: tooltui writes typed parameters for plain fields only"},
		{`{"model":"m","stream":true}`, "stream is sent as written"},
	} {
		body := []byte(c.body)
		params, why := goParams(body, uniq(rawjson.Members(body)))
		if c.why == "" && (why != "" || params == "") || !strings.Contains(why, c.why) {
			t.Errorf("%s: goParams = %q, %q; want why %q", c.body, params, why, c.why)
		}
	}
	text := string(mustExport(t, bodies(t)["plain"], Go).Text)
	for _, want := range []string{
		"\tres, err := client.Responses.New(ctx, responses.ResponseNewParams{\n",
		"\t\tTemperature:       openai.Float(0.2),\n",
		"\t\tMaxOutputTokens:   openai.Int(500),\n",
		"\t\tStore:             openai.Bool(false),\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in\n%s", want, text)
		}
	}
	if strings.Contains(text, "const body") {
		t.Errorf("the request is written twice:\n%s", text)
	}
}
