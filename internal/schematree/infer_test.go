package schematree

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/args"
	"github.com/tooltui/tooltui/internal/rawjson"
)

// compactJSON is s without its layout, for comparing schemas in tables.
func compactJSON(t *testing.T, s []byte) string {
	t.Helper()
	var b bytes.Buffer
	if err := json.Compact(&b, s); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, s)
	}
	return b.String()
}

func TestInfer(t *testing.T) {
	const closedEmpty = `{"type":"object","properties":{},"required":[],"additionalProperties":false}`
	cases := []struct {
		name, example, want string
	}{
		{"empty", `{}`, closedEmpty},
		{"scalars in key order", `{"city":"Paris","days":3,"temp":21.5,"metric":true}`,
			`{"type":"object","properties":{"city":{"type":"string"},"days":{"type":"integer"},"temp":{"type":"number"},"metric":{"type":"boolean"}},"required":["city","days","temp","metric"],"additionalProperties":false}`},
		{"exponent is a number", `{"a":1e3,"b":-0}`,
			`{"type":"object","properties":{"a":{"type":"number"},"b":{"type":"integer"}},"required":["a","b"],"additionalProperties":false}`},
		{"null alone", `{"note":null}`,
			`{"type":"object","properties":{"note":{"type":["string","null"]}},"required":["note"],"additionalProperties":false}`},
		{"nested", `{"o":{"p":{}}}`,
			`{"type":"object","properties":{"o":{"type":"object","properties":{"p":` + closedEmpty + `},"required":["p"],"additionalProperties":false}},"required":["o"],"additionalProperties":false}`},
		{"array of strings", `{"tags":["a","b"]}`,
			`{"type":"object","properties":{"tags":{"type":"array","items":{"type":"string"}}},"required":["tags"],"additionalProperties":false}`},
		{"empty array", `{"tags":[]}`,
			`{"type":"object","properties":{"tags":{"type":"array","items":{"type":"string"}}},"required":["tags"],"additionalProperties":false}`},
		{"integers and numbers", `{"v":[1,2.5,3]}`,
			`{"type":"object","properties":{"v":{"type":"array","items":{"type":"number"}}},"required":["v"],"additionalProperties":false}`},
		{"nullable items", `{"v":[1,null]}`,
			`{"type":"object","properties":{"v":{"type":"array","items":{"type":["integer","null"]}}},"required":["v"],"additionalProperties":false}`},
		{"mixed items", `{"v":["a",1,null]}`,
			`{"type":"object","properties":{"v":{"type":"array","items":{"anyOf":[{"type":"string"},{"type":"integer"},{"type":"null"}]}}},"required":["v"],"additionalProperties":false}`},
		{"object items merge keys", `{"v":[{"a":1},{"b":"x","a":2}]}`,
			`{"type":"object","properties":{"v":{"type":"array","items":{"type":"object","properties":{"a":{"type":"integer"},"b":{"type":["string","null"]}},"required":["a","b"],"additionalProperties":false}}},"required":["v"],"additionalProperties":false}`},
		{"null then a value", `{"v":[{"a":null},{"a":true}]}`,
			`{"type":"object","properties":{"v":{"type":"array","items":{"type":"object","properties":{"a":{"type":["boolean","null"]}},"required":["a"],"additionalProperties":false}}},"required":["v"],"additionalProperties":false}`},
		{"arrays of arrays", `{"m":[[1],[2.5]]}`,
			`{"type":"object","properties":{"m":{"type":"array","items":{"type":"array","items":{"type":"number"}}}},"required":["m"],"additionalProperties":false}`},
		{"repeated key counts once", `{"a":1,"b":2,"a":"x"}`,
			`{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"integer"}},"required":["a","b"],"additionalProperties":false}`},
		{"escaped keys", `{"a\"b":1,"\u00e9":2}`,
			`{"type":"object","properties":{"a\"b":{"type":"integer"},"é":{"type":"integer"}},"required":["a\"b","é"],"additionalProperties":false}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Infer([]byte(c.example))
			if err != nil {
				t.Fatal(err)
			}
			if s := compactJSON(t, got); s != c.want {
				t.Fatalf("Infer(%s):\n got %s\nwant %s", c.example, s, c.want)
			}
			if ok, why := StrictCompatible(got); !ok {
				t.Errorf("not strict-compatible: %s", why)
			}
		})
	}
}

func TestInferLayout(t *testing.T) {
	got, err := Infer([]byte(" {\"a\": [1]} \n"))
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "type": "object",
  "properties": {
    "a": {
      "type": "array",
      "items": {
        "type": "integer"
      }
    }
  },
  "required": [
    "a"
  ],
  "additionalProperties": false
}`
	if string(got) != want {
		t.Fatalf("layout:\n%s\nwant\n%s", got, want)
	}
	again, _ := Infer([]byte(`{"a":[1]}`))
	if !bytes.Equal(got, again) {
		t.Fatal("the same example gives other bytes")
	}
}

func TestInferErrors(t *testing.T) {
	_, err := Infer([]byte("{\n  \"a\": 1,\n  oops\n}"))
	var se *rawjson.SyntaxError
	if !errors.As(err, &se) || se.Line != 3 || se.Column != 3 {
		t.Fatalf("err = %v, want a syntax error at 3:3", err)
	}
	for _, s := range []string{`[1]`, `"x"`, `3`, `null`} {
		_, err := Infer([]byte(s))
		if !errors.Is(err, rawjson.ErrNotObject) {
			t.Errorf("Infer(%s) = %v, want ErrNotObject", s, err)
		}
	}
	deep := strings.Repeat(`{"a":`, maxDepth+2) + "1" + strings.Repeat("}", maxDepth+2)
	if _, err := Infer([]byte(deep)); err == nil || !strings.Contains(err.Error(), "deeper") {
		t.Fatalf("deep example: %v", err)
	}
}

// TestInferFits: the example fits the schema inferred from it, with strict
// semantics; an object of an array that lacks a key its siblings have
// fits once it sends null for it.
func TestInferFits(t *testing.T) {
	for _, ex := range []string{
		`{"city":"Paris","when":{"day":"mon","hours":[9,17.5]},"tags":["a",1,null,{"x":[]}],"n":null}`,
		`{"v":[{"a":1},{"a":2,"b":"x"}]}`,
	} {
		sch, err := Infer([]byte(ex))
		if err != nil {
			t.Fatal(err)
		}
		probs := args.Validate(sch, true, []byte(ex))
		for _, p := range probs {
			if !strings.HasPrefix(p.Message, "missing required property") || !strings.HasPrefix(p.Pointer, "/v/0") {
				t.Errorf("%s: %s", ex, p)
			}
		}
	}
	sch, _ := Infer([]byte(`{"v":[{"a":1},{"a":2,"b":"x"}]}`))
	if probs := args.Validate(sch, true, []byte(`{"v":[{"a":1,"b":null},{"a":2,"b":"x"}]}`)); probs != nil {
		t.Fatalf("with null sent: %v", probs)
	}
}
