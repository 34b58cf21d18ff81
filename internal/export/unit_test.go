package export

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
	"testing"
)

// evalGoString evaluates a Go constant expression of string literals
// joined by +.
func evalGoString(t testing.TB, src string) string {
	t.Helper()
	e, err := parser.ParseExpr(src)
	if err != nil {
		t.Fatalf("%v in\n%s", err, src)
	}
	var walk func(ast.Expr) string
	walk = func(e ast.Expr) string {
		switch e := e.(type) {
		case *ast.BasicLit:
			if e.Kind != token.STRING {
				t.Fatalf("not a string: %s", e.Value)
			}
			s, err := strconv.Unquote(e.Value)
			if err != nil {
				t.Fatalf("%v: %s", err, e.Value)
			}
			return s
		case *ast.BinaryExpr:
			if e.Op != token.ADD {
				t.Fatalf("not +: %v", e.Op)
			}
			return walk(e.X) + walk(e.Y)
		}
		t.Fatalf("unexpected %T", e)
		return ""
	}
	return walk(e)
}

func TestGoStringIsExact(t *testing.T) {
	for _, s := range []string{"", "`", "``", "a`b", "x\r\ny", "\uFEFFbom", "\u2028\u202e", "emoji 😀 é", "`\n`", "plain\n  text"} {
		got := goString(s)
		if back := evalGoString(t, got); back != s {
			t.Errorf("goString(%q) = %s, which is %q", s, got, back)
		}
		if strings.ContainsAny(got, "\r\uFEFF\u2028\u202e") {
			t.Errorf("goString(%q) = %s holds a hidden character", s, got)
		}
	}
}

func TestStringLiterals(t *testing.T) {
	cases := []struct{ in, py, js string }{
		{`a"b\c`, `"a\"b\\c"`, `"a\"b\\c"`},
		{"tab\tnl\ncr\r", `"tab\tnl\ncr\r"`, `"tab\tnl\ncr\r"`},
		{"\x00\x1f\x7f", `"\x00\x1f\x7f"`, `"\u0000\u001f\u007f"`},
		{"\u2028\u2029\u202e\uFEFF\u00a0", `"\u2028\u2029\u202e\ufeff\xa0"`, `"\u2028\u2029\u202e\ufeff\u00a0"`},
		{"é😀", `"é😀"`, `"é😀"`},
		{"\U000E0001", `"\U000e0001"`, `"\udb40\udc01"`},
		{"$x `y` 'z'", "\"$x `y` 'z'\"", "\"$x `y` 'z'\""},
	}
	for _, c := range cases {
		var py, js strings.Builder
		pyString(&py, c.in)
		jsString(&js, c.in)
		if py.String() != c.py {
			t.Errorf("pyString(%q) = %s, want %s", c.in, py.String(), c.py)
		}
		if js.String() != c.js {
			t.Errorf("jsString(%q) = %s, want %s", c.in, js.String(), c.js)
		}
		// A JavaScript string literal without \x escapes is a JSON string.
		var back string
		if err := json.Unmarshal([]byte(js.String()), &back); err != nil || back != c.in {
			t.Errorf("jsString(%q) reads back as %q (%v)", c.in, back, err)
		}
	}
}

func TestPythonLiteral(t *testing.T) {
	var b strings.Builder
	python.value(&b, []byte(`{"a":[true,false,null,1.5e3,-0],"b":{},"c":[],"a":2}`), 0)
	want := "{\n    \"a\": 2,\n    \"b\": {},\n    \"c\": [],\n}"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	b.Reset()
	python.value(&b, []byte(`[true,false,null,1.5e3]`), 0)
	if want := "[\n    True,\n    False,\n    None,\n    1.5e3,\n]"; b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

// Fields the Python library has no parameter for go in extra_body.
func TestPythonExtraBody(t *testing.T) {
	res, err := Export([]byte(`{"model":"m","input":"hi","image":{"x":1},"timeout":5}`), Python, Options{BaseURL: "http://h/v1"})
	if err != nil {
		t.Fatal(err)
	}
	text := string(res.Text)
	for _, want := range []string{
		`client = OpenAI(base_url="http://h/v1")`,
		"request = {\n    \"model\": \"m\",\n    \"input\": \"hi\",\n}",
		"extra_body = {\n    \"image\": {\n        \"x\": 1,\n    },\n    \"timeout\": 5,\n}",
		"client.responses.create(**request, extra_body=extra_body)",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in\n%s", want, text)
		}
	}
}

func TestShellQuote(t *testing.T) {
	if got := shellQuote(`it's`); got != `'it'\''s'` {
		t.Errorf("shellQuote = %s", got)
	}
	cmd := curlCommand([]byte("{\"a\":\"'\"}\n\n"), DefaultBaseURL)
	want := "curl 'https://api.openai.com/v1/responses' \\\n" +
		"  -H \"Content-Type: application/json\" \\\n" +
		"  -H \"Authorization: Bearer $OPENAI_API_KEY\" \\\n" +
		"  -d '{\"a\":\"'\\''\"}'\n"
	if cmd != want {
		t.Errorf("got\n%s\nwant\n%s", cmd, want)
	}
}
