package convert

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tooltui/tooltui/internal/benchdata"
)

func genSchema(r *rand.Rand, depth int) string {
	if depth > 6 || r.Intn(5) == 0 {
		switch r.Intn(6) {
		case 0:
			return `{"type":"string"}`
		case 1:
			return `true`
		case 2:
			return `null`
		case 3:
			return `[1,{"type":"object"}]`
		case 4:
			return `"object"`
		}
		return `{}`
	}
	var parts []string
	keys := []string{"type", "properties", "required", "additionalProperties", "$defs", "definitions", "anyOf", "oneOf", "allOf", "prefixItems", "items", "not", "description", "enum", "pr\\u006fperties", "ty\\/pe",
		"format", "const", "if", "then", "else", "dependentRequired", "dependentSchemas", "patternProperties", "$ref"}
	n := r.Intn(7)
	for range n {
		k := keys[r.Intn(len(keys))]
		var v string
		switch k {
		case "type":
			v = []string{`"object"`, `["object","null"]`, `["string"]`, `null`, `5`, `"string"`, `"obj\u0065ct"`, `{}`}[r.Intn(8)]
		case "properties", "$defs", "definitions":
			var ps []string
			for j := range r.Intn(5) {
				name := []string{"a", "b", "c/d", "e~f", "a", "ü", `q\"uote`, fmt.Sprint(j)}[r.Intn(8)]
				ps = append(ps, fmt.Sprintf("%q:%s", name, genSchema(r, depth+1)))
			}
			v = "{" + strings.Join(ps, ",") + "}"
			if r.Intn(8) == 0 {
				v = "null"
			}
		case "required":
			v = []string{`["a","b"]`, `["a"]`, `[]`, `"a"`, `["a",1,"c/d","e~f","ü"]`, `null`}[r.Intn(6)]
		case "additionalProperties":
			v = []string{`false`, `true`, `{}`, genSchema(r, depth+1), `null`, `"false"`}[r.Intn(6)]
		case "anyOf", "oneOf", "allOf", "prefixItems":
			var es []string
			for range r.Intn(4) {
				es = append(es, genSchema(r, depth+1))
			}
			v = "[" + strings.Join(es, ",") + "]"
		case "items", "not", "if", "then", "else":
			v = genSchema(r, depth+1)
		case "format":
			v = []string{`"date-time"`, `"uri"`, `"uuid"`, `5`, `"da\u0074e"`, `""`}[r.Intn(6)]
		case "enum", "const":
			var es []string
			for range r.Intn(5) {
				es = append(es, []string{`"a"`, `"ü\u00e9x"`, `1.5e3`, `-0`, `true`, `false`, `null`, `{"a":1}`, `[1]`, `"\ud83d\ude00"`}[r.Intn(10)])
			}
			v = "[" + strings.Join(es, ",") + "]"
			if k == "const" && len(es) > 0 {
				v = es[0]
			} else if r.Intn(6) == 0 {
				v = `"not an array"`
			}
		case "$ref":
			v = []string{`"#"`, `"#/$defs/a"`}[r.Intn(2)]
		default:
			v = `"x \" ] } { [ \\"`
		}
		parts = append(parts, fmt.Sprintf("%q : %s", k, v))
	}
	return "{ " + strings.Join(parts, " ,\n ") + " }"
}

func TestStrictWalkRawMatchesAny(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	var cases []string
	for range 2000 {
		cases = append(cases, genSchema(r, 0))
	}
	deep := strings.Repeat(`{"type":"object","properties":{"x":`, 70) + "{}" + strings.Repeat("}}", 70)
	cases = append(cases, deep, string(benchdata.Schema(50)), string(benchdata.SchemaBytes(200000)))
	for i := range 30 {
		var ps []string
		for j := range i {
			ps = append(ps, fmt.Sprintf(`"p%d":{"type":"object","properties":{"z":{}}}`, j))
		}
		cases = append(cases, `{"type":"object","properties":{`+strings.Join(ps, ",")+`}}`)
	}
	cases = append(cases, limitSchemas()...)
	for _, c := range cases {
		c = strings.ReplaceAll(c, `"pr\\u006fperties"`, `"pr\u006fperties"`)
		c = strings.ReplaceAll(c, `"ty\\/pe"`, `"ty\/pe"`)
		if !json.Valid([]byte(c)) {
			t.Fatalf("invalid case %s", c)
		}
		got, want := strictWalkOf([]byte(c)), strictWalkAny([]byte(c))
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("schema %s\n got %v\nwant %v", c, got, want)
		}
	}
}

// limitSchemas are schemas at and past strict mode's limits on the whole
// schema: properties, enum values, one big string enum, total characters.
func limitSchemas() []string {
	props := func(n int, val string) string {
		var ps, req []string
		for i := range n {
			ps = append(ps, fmt.Sprintf(`"p%d":%s`, i, val))
			req = append(req, fmt.Sprintf(`"p%d"`, i))
		}
		return `{"type":"object","properties":{` + strings.Join(ps, ",") + `},"required":[` + strings.Join(req, ",") + `],"additionalProperties":false}`
	}
	enum := func(n, size int) string {
		var es []string
		for i := range n {
			es = append(es, fmt.Sprintf("%q", fmt.Sprintf("%0*d", size, i)))
		}
		return `{"type":"string","enum":[` + strings.Join(es, ",") + `]}`
	}
	return []string{
		props(5000, `{"type":"string"}`),
		props(5001, `{"type":"string"}`),
		props(4, enum(250, 1)),
		props(4, enum(251, 1)),
		props(1, enum(251, 60)),
		props(1, enum(251, 59)),
		props(1, `{"type":"string","const":"`+strings.Repeat("é", 120000-2)+`"}`),
		props(1, `{"type":"string","const":"`+strings.Repeat("é", 120000-1)+`"}`),
		props(30, `{"type":"object","oneOf":[{}]}`),
	}
}

func FuzzStrictWalk(f *testing.F) {
	f.Add(`{"type":"object","properties":{"a":{"type":"object"}}}`)
	f.Fuzz(func(t *testing.T, s string) {
		if !json.Valid([]byte(s)) {
			return
		}
		got, want := strictWalkOf([]byte(s)), strictWalkAny([]byte(s))
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("schema %s\n got %v\nwant %v", s, got, want)
		}
	})
}

func checkIndent(t *testing.T, s string) {
	var want bytes.Buffer
	if json.Indent(&want, bytes.TrimSpace([]byte(s)), "    ", "  ") != nil {
		return
	}
	if got := appendIndented([]byte("x"), []byte(s), "    "); !bytes.Equal(got[1:], want.Bytes()) {
		t.Fatalf("indent %q\n got %q\nwant %q", s, got[1:], want.Bytes())
	}
}

func TestIndentMatches(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	for range 1000 {
		checkIndent(t, genSchema(r, 0))
	}
	for _, s := range []string{` [ ] `, `{}`, `{ "a" : [ 1 , -2.5e3 , true , null , { } , [ [ ] ] ] }  `, `"x\\"`, `5`, "\t\n[\"\\u0041 \\\" ]\"]\r\n", string(benchdata.Typical())} {
		checkIndent(t, s)
	}
}

func FuzzIndent(f *testing.F) {
	f.Add(`{"a":[1,{},[]]}`)
	f.Fuzz(func(t *testing.T, s string) { checkIndent(t, s) })
}

// strictWalkOf runs the walk tooltui uses.
func strictWalkOf(params json.RawMessage) []Issue {
	var w strictWalk
	w.walkRaw(bytes.TrimSpace(params), "/parameters", 0)
	w.finish("/parameters")
	return w.found
}

// strictWalkAny is the straightforward walk over a decoded schema: the
// reference the text walk must agree with.
func strictWalkAny(params json.RawMessage) []Issue {
	var schema any
	dec := json.NewDecoder(bytes.NewReader(params))
	dec.UseNumber()
	if err := dec.Decode(&schema); err != nil {
		return nil
	}
	var w strictWalk
	w.refWalk(schema, "/parameters", 0)
	w.finish("/parameters")
	return w.found
}

func (w *strictWalk) refWalk(v any, path string, depth int) {
	node, ok := v.(map[string]any)
	if !ok {
		return
	}
	if depth >= maxDepth {
		w.report(path, fmt.Sprintf("nests deeper than %d levels; not checked further", maxDepth))
		return
	}
	if depth == strictMaxNesting+1 {
		w.report(path, nestingMessage)
	}
	props, _ := node["properties"].(map[string]any)
	if depth == 0 {
		if t, ok := node["type"].(string); !ok || t != "object" {
			_, hasType := node["type"]
			w.reportRootType(path, hasType)
		}
		if _, ok := node["anyOf"]; ok {
			w.report(path+"/anyOf", rootAnyOfMessage)
		}
	}
	for _, u := range strictUnsupported {
		if _, ok := node[u.key]; ok {
			w.report(path+"/"+u.key, u.message())
		}
	}
	if f, ok := node["format"].(string); ok && !slices.Contains(strictFormats[:], f) {
		w.report(path+"/format", formatMessage(f))
	}
	if refIsObjectSchema(node) {
		if ap, ok := node["additionalProperties"].(bool); !ok || ap {
			w.report(path, `an object schema needs "additionalProperties": false`)
		}
		// the properties "required" leaves out, and the names it lists
		// that are not properties
		req := map[string]bool{}
		var unknown []string
		if rs, ok := node["required"].([]any); ok {
			for _, r := range rs {
				if s, ok := r.(string); ok {
					req[s] = true
					if _, isProp := props[s]; !isProp && !slices.Contains(unknown, quoteForMessage(s)) {
						unknown = append(unknown, quoteForMessage(s))
					}
				}
			}
		}
		var missing []string
		for k := range props {
			if !req[k] {
				missing = append(missing, quoteForMessage(k))
			}
		}
		if len(missing) > 0 {
			sort.Strings(missing)
			w.report(path, "every property must be listed in \"required\"; missing "+strings.Join(missing, ", "))
		}
		if len(unknown) > 0 {
			sort.Strings(unknown)
			w.report(path+"/required", "\"required\" names "+strings.Join(unknown, ", ")+", which \"properties\" does not define")
		}
	}
	if list, ok := node["enum"].([]any); ok {
		strs, chars := 0, 0
		for _, x := range list {
			w.enumValues++
			n := refScalarChars(x)
			w.chars += n
			if _, isString := x.(string); isString {
				strs++
				chars += n
			}
		}
		if strs > strictBigEnum && chars > strictBigEnumChars {
			w.report(path+"/enum", fmt.Sprintf("an enum of %s string values totals %s characters; an enum of more than %d string values may total at most %s",
				thousands(strs), thousands(chars), strictBigEnum, thousands(strictBigEnumChars)))
		}
	}
	if c, ok := node["const"]; ok {
		w.chars += refScalarChars(c)
	}
	w.props += len(props)
	for k := range props {
		w.chars += utf8.RuneCountInString(k)
	}
	for _, k := range refSortedKeys(props) {
		w.refWalk(props[k], path+"/properties/"+escapePointer(k), depth+1)
	}
	for _, key := range [...]string{"$defs", "definitions"} {
		if defs, ok := node[key].(map[string]any); ok {
			for _, k := range refSortedKeys(defs) {
				w.chars += utf8.RuneCountInString(k)
				w.refWalk(defs[k], path+"/"+key+"/"+escapePointer(k), depth+1)
			}
		}
	}
	for _, key := range [...]string{"anyOf", "oneOf", "allOf", "prefixItems"} {
		if list, ok := node[key].([]any); ok {
			for i, s := range list {
				w.refWalk(s, path+"/"+key+"/"+itoa(i), depth+1)
			}
		}
	}
	for _, key := range [...]string{"items", "additionalProperties", "not"} {
		if s, ok := node[key].(map[string]any); ok {
			w.refWalk(s, path+"/"+key, depth+1)
		}
	}
}

// refScalarChars is rawScalarChars for a decoded value.
func refScalarChars(v any) int {
	switch v := v.(type) {
	case string:
		return utf8.RuneCountInString(v)
	case json.Number:
		return len(v)
	case bool:
		if v {
			return 4
		}
		return 5
	case nil:
		return 4
	}
	return 0
}

func refIsObjectSchema(node map[string]any) bool {
	switch t := node["type"].(type) {
	case string:
		return t == "object"
	case []any:
		for _, x := range t {
			if x == "object" {
				return true
			}
		}
		return false
	}
	_, has := node["properties"]
	return has
}

func refSortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
