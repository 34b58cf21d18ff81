package sim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/args"
	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/schematree"
)

// TestArgumentsOfExamples: every function of examples/ gets arguments
// that fit its parameters as tooltui args checks them, with its
// strictness, whatever the question.
func TestArgumentsOfExamples(t *testing.T) {
	files, _ := filepath.Glob("../../examples/*.json")
	if len(files) == 0 {
		t.Fatal("no examples")
	}
	n := 0
	for _, f := range files {
		d, err := model.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		res := convert.Converter{}
		for _, tool := range res.Convert(d).Tools {
			fn := tool.Function
			if fn == nil {
				continue
			}
			for _, q := range []string{"", "What should I pack for Paris this weekend?", "search for \"Ünïcode\" in Zürich"} {
				a, err := Arguments(fn, q)
				if err != nil {
					t.Errorf("%s %s: %v", f, fn.Name, err)
					continue
				}
				strict, _ := schematree.StrictFor(fn.Parameters, fn.Strict)
				if ps := args.Validate(fn.Parameters, strict, []byte(a)); len(ps) > 0 {
					t.Errorf("%s %s(%s): %v", f, fn.Name, a, ps)
				}
				n++
			}
		}
	}
	if n == 0 {
		t.Fatal("no function in examples/")
	}
}

// schemaGen writes a JSON Schema from fuzz bytes: objects, arrays,
// scalars with their bounds, enums, formats, nullable types and anyOf,
// every one satisfiable.
type schemaGen struct {
	b     []byte
	depth int
}

func (g *schemaGen) next() int {
	if len(g.b) == 0 {
		return 0
	}
	v := int(g.b[0])
	g.b = g.b[1:]
	return v
}

func (g *schemaGen) schema(strict bool) string {
	g.depth++
	defer func() { g.depth-- }()
	k := g.next() % 9
	if g.depth > 4 && k >= 6 {
		k %= 6
	}
	var s string
	switch k {
	case 0:
		s = `{"type":"string"`
		if n := g.next() % 4; n > 0 {
			s += fmt.Sprintf(`,"minLength":%d,"maxLength":%d`, n, n+g.next()%5)
		} else if f := g.next() % 8; f < 5 {
			s += `,"format":"` + []string{"date-time", "date", "email", "uuid", "ipv4"}[f] + `"`
		}
		s += "}"
	case 1:
		lo := g.next()%50 - 25
		s = fmt.Sprintf(`{"type":"integer","minimum":%d,"maximum":%d`, lo, lo+g.next()%30+3)
		if m := g.next() % 4; m > 1 {
			s += fmt.Sprintf(`,"multipleOf":%d`, m)
		}
		s += "}"
	case 2:
		s = fmt.Sprintf(`{"type":"number","exclusiveMinimum":%d}`, g.next()%10)
	case 3:
		s = `{"type":"boolean"}`
	case 4:
		s = `{"type":"string","enum":["a","b c","ü"]}`
	case 5:
		s = `{"type":["integer","null"]}`
	case 6:
		lo := g.next() % 3
		s = fmt.Sprintf(`{"type":"array","items":%s,"minItems":%d,"maxItems":%d}`, g.schema(strict), lo, lo+g.next()%3)
	case 7:
		s = `{"anyOf":[` + g.schema(strict) + `,{"type":"null"}]}`
	default:
		s = g.object(strict)
	}
	return s
}

func (g *schemaGen) object(strict bool) string {
	n := g.next() % 5
	var props, req []string
	for i := range n {
		name := fmt.Sprintf("p%d", i)
		if i == 0 {
			name = "query" // filled from the question
		}
		if i == 1 {
			name = "city"
		}
		props = append(props, fmt.Sprintf("%q:%s", name, g.schema(strict)))
		if strict || g.next()%2 == 0 {
			req = append(req, fmt.Sprintf("%q", name))
		}
	}
	s := `{"type":"object","properties":{` + strings.Join(props, ",") + `},"required":[` + strings.Join(req, ",") + `]`
	if strict || g.next()%2 == 0 {
		s += `,"additionalProperties":false`
	}
	return s + "}"
}

// FuzzArguments: the arguments written for any schema of schemaGen fit
// it, strict or not, as tooltui args checks them.
func FuzzArguments(f *testing.F) {
	f.Add([]byte{8, 4, 0, 1, 2, 3}, "What is the weather in Paris?", true)
	f.Add([]byte{8, 3, 6, 8, 2, 0, 7, 1}, "", false)
	f.Add([]byte{8, 4, 7, 0, 3, 6, 0, 1, 2, 5}, "Zürich \x00 \"x\"", true)
	f.Fuzz(func(t *testing.T, data []byte, question string, strict bool) {
		g := &schemaGen{b: data}
		params := json.RawMessage(g.object(strict))
		fn := &convert.FunctionTool{Name: "f", Parameters: params, Strict: &strict}
		a, err := Arguments(fn, question)
		if err != nil {
			t.Fatalf("%s: %v", params, err)
		}
		if ps := args.Validate(params, strict, []byte(a)); len(ps) > 0 {
			t.Fatalf("%s (strict %v): %s does not fit: %v", params, strict, a, ps)
		}
	})
}

// FuzzCompact: compact writes what json.Compact writes, for valid JSON.
func FuzzCompact(f *testing.F) {
	f.Add([]byte(`{ "a" : [1, "x \" y\\", {"b": null}] }`))
	f.Fuzz(func(t *testing.T, b []byte) {
		if !json.Valid(b) {
			return
		}
		var want bytes.Buffer
		json.Compact(&want, b)
		if got := compact(b); !bytes.Equal(got, want.Bytes()) {
			t.Fatalf("compact(%q) = %q, want %q", b, got, want.Bytes())
		}
	})
}
