package convert

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/convert/validator"
	"github.com/tooltui/tooltui/internal/model"
)

// sameIssues checks that the quick path and the full path give the same
// issues for v as an entry of type typ when the quick check finds it
// clean (otherwise both take the full path), and reports whether it did.
func sameIssues(t *testing.T, typ string, v any) (clean bool) {
	t.Helper()
	def, _ := toolDefName(typ)
	if issues, ok := precheckValue(v); !ok || len(issues) > 0 || !toolSchemas().quickClean(def, v) {
		return false
	}
	quick, full := checkEntry(typ, v, true), checkEntry(typ, v, false)
	if !reflect.DeepEqual(quick, full) {
		b, _ := json.Marshal(v)
		t.Fatalf("%s entry %s\nquick:\n%s\nfull:\n%s", typ, b, formatIssues(quick), formatIssues(full))
	}
	return true
}

// genInstance returns a random value for the schema node of the embedded
// document: mostly valid, sometimes not (wrong, bad), with keys the
// schema does not name now and then.
func genInstance(r *rand.Rand, defs map[string]any, node any, depth int, bad float64) any {
	flaw := func() bool { return r.Float64() < bad }
	if flaw() || depth > 8 {
		return []any{"x", json.Number("1"), json.Number("-2.5"), nil, true, []any{}, map[string]any{}, map[string]any{"zz": "y"}}[r.Intn(8)]
	}
	n, ok := node.(map[string]any)
	if !ok {
		return []any{"x", json.Number("2"), map[string]any{}, map[string]any{"k": true}, []any{map[string]any{"a": "b"}}}[r.Intn(5)]
	}
	if ref, ok := n["$ref"].(string); ok {
		return genInstance(r, defs, defs[strings.TrimPrefix(ref, "#/$defs/")], depth+1, bad)
	}
	for _, kw := range []string{"anyOf", "oneOf"} {
		if list, ok := n[kw].([]any); ok && len(list) > 0 {
			return genInstance(r, defs, list[r.Intn(len(list))], depth+1, bad)
		}
	}
	if enum, ok := n["enum"].([]any); ok && len(enum) > 0 {
		return enum[r.Intn(len(enum))]
	}
	var types []string
	switch t := n["type"].(type) {
	case string:
		types = []string{t}
	case []any:
		for _, x := range t {
			types = append(types, x.(string))
		}
	default:
		if n["properties"] != nil {
			types = []string{"object"}
		} else {
			types = []string{"string", "object", "number"}
		}
	}
	switch types[r.Intn(len(types))] {
	case "object":
		obj := map[string]any{}
		props, _ := n["properties"].(map[string]any)
		required, _ := n["required"].([]any)
		for _, name := range slices.Sorted(func(yield func(string) bool) {
			for k := range props {
				if !yield(k) {
					return
				}
			}
		}) {
			if slices.Contains(required, any(name)) && !flaw() || r.Intn(3) == 0 {
				obj[name] = genInstance(r, defs, props[name], depth+1, bad)
			}
		}
		if flaw() || n["additionalProperties"] != nil && r.Intn(4) == 0 {
			obj["extra_key"] = genInstance(r, defs, map[string]any{}, depth+1, bad)
		}
		return obj
	case "array":
		var arr []any
		for range r.Intn(4) {
			arr = append(arr, genInstance(r, defs, n["items"], depth+1, bad))
		}
		if arr == nil {
			arr = []any{}
		}
		return arr
	case "string":
		if n["pattern"] != nil && r.Intn(2) == 0 {
			return "tunnel_" + strings.Repeat("a", 32)
		}
		if n["format"] != nil && r.Intn(2) == 0 {
			return "https://example.com/mcp"
		}
		return []string{"", "a", "Europe/Paris", "FR", "ü", strings.Repeat("long", 30)}[r.Intn(6)]
	case "integer":
		return json.Number([]string{"0", "1", "3", "4", "8", "50", "51", "100", "101", "-1", "1.0", "1e2"}[r.Intn(12)])
	case "number":
		return json.Number([]string{"0", "0.4", "1", "1.5", "-0.5", "2e-1", "100"}[r.Intn(7)])
	case "boolean":
		return r.Intn(2) == 0
	}
	return nil
}

// quickEntries are entries of every common shape; the quick check finds
// each clean.
var quickEntries = []string{
	`{"type":"function","name":"get_weather","description":"Current weather","parameters":{},"strict":true}`,
	`{"type":"function","name":"lookup","description":"","parameters":null}`,
	`{"type":"web_search","search_context_size":"low","user_location":{"type":"approximate","city":"Paris","country":"FR","timezone":"Europe/Paris"},"filters":{"allowed_domains":["meteofrance.com","lemonde.fr"]}}`,
	`{"type":"file_search","vector_store_ids":["vs_help_center","vs_policies"],"max_num_results":8,"ranking_options":{"ranker":"auto","score_threshold":0.4}}`,
	`{"type":"code_interpreter","container":{"type":"auto"}}`,
	`{"type":"code_interpreter","container":{"type":"auto","file_ids":["file_0001"]}}`,
	`{"type":"image_generation","quality":"low","size":"1024x1024","output_format":"jpeg","output_compression":42}`,
	`{"type":"web_search_preview","search_context_size":"high","user_location":{"type":"approximate","city":"Town 2"}}`,
	`{"type":"shell"}`,
}

// slowEntries are entries the quick check leaves to the full path, some
// valid, some not.
var slowEntries = []string{
	`{"type":"mcp","server_label":"srv","server_url":"https://mcp.example.com/sse","require_approval":"never","allowed_tools":["search","fetch"]}`,
	`{"type":"function","name":"f","parameters":{},"asynch":true}`,
	`{"type":"file_search","vector_store_ids":"vs_1","max_num_results":99}`,
	`{"type":"web_search","filters":{"blocked_domains":["x.com"]}}`,
	`{"type":"image_generation","output_compression":1.0}`,
	`{"type":"image_generation","output_compression":101}`,
	`{"type":"code_interpreter","container":{"type":"auto","memory_limit":"1g","extra":1}}`,
}

func TestQuickCheckAgreesWithFullPath(t *testing.T) {
	typeOf := func(v any) string {
		obj, _ := v.(map[string]any)
		typ, _ := obj["type"].(string)
		return typ
	}
	for _, e := range quickEntries {
		v := entryDecode(t, e)
		if !sameIssues(t, typeOf(v), v) {
			t.Errorf("the quick check does not find %s clean", e)
		}
	}
	for _, e := range slowEntries {
		v := entryDecode(t, e)
		if sameIssues(t, typeOf(v), v) {
			t.Errorf("the quick check finds %s clean", e)
		}
	}
	for _, k := range Catalog() {
		v := entryDecode(t, k.Template)
		if k.Type == "function" {
			v.(map[string]any)["type"] = "function"
			v.(map[string]any)["parameters"] = map[string]any{}
		}
		sameIssues(t, k.Type, v)
	}
	var ex struct {
		Extra struct {
			Builtins []json.RawMessage `json:"builtin_tools"`
		} `json:"extra"`
	}
	if err := json.Unmarshal(model.ExampleJSON(), &ex); err != nil {
		t.Fatal(err)
	}
	for _, b := range ex.Extra.Builtins {
		v := entryDecode(t, string(b))
		sameIssues(t, typeOf(v), v)
	}

	// Random entries of every type, valid and not.
	r := rand.New(rand.NewSource(5))
	s := toolSchemas()
	defs, _ := s.doc["$defs"].(map[string]any)
	clean := map[string]int{}
	for i := range 6000 {
		td := toolDefs[i%len(toolDefs)]
		v := genInstance(r, defs, s.def(td.def), 0, []float64{0, 0.03, 0.15}[i/len(toolDefs)%3])
		if obj, ok := v.(map[string]any); ok && r.Intn(4) > 0 {
			obj["type"] = td.typ
		}
		if sameIssues(t, td.typ, v) {
			clean[td.typ]++
		}
		// the same value as an entry of another type
		sameIssues(t, toolDefs[r.Intn(len(toolDefs))].typ, v)
	}
	for _, typ := range []string{"function", "file_search", "web_search", "code_interpreter", "image_generation", "shell", "custom", "computer_use_preview"} {
		if clean[typ] < 20 {
			t.Errorf("the quick check found %d random %s entries clean: %v", clean[typ], typ, clean)
		}
	}
}

func FuzzQuickCheck(f *testing.F) {
	for _, e := range append(append([]string{}, quickEntries...), slowEntries...) {
		f.Add(e)
	}
	f.Add(`{"type":"computer_use_preview","environment":"browser","display_width":1024,"display_height":768}`)
	f.Add(`{"type":"custom","name":"c","format":{"type":"grammar","syntax":"lark","definition":"start: x"}}`)
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 16<<10 {
			return
		}
		dec := json.NewDecoder(strings.NewReader(s))
		dec.UseNumber()
		var v any
		if dec.Decode(&v) != nil {
			return
		}
		for _, typ := range ToolTypes() {
			sameIssues(t, typ, v)
		}
	})
}

// quickDoc is a schema document with every form the quick check reads,
// and some it does not, for TestQuickCheckOnEveryForm.
var quickDoc = `{"$defs": {
	"T": {"type": "object", "required": ["type"], "properties": {
		"type": {"type": "string", "enum": ["t"]},
		"any": true,
		"never": false,
		"list": {"type": "array"},
		"objs": {"type": "array", "items": {"$ref": "#/$defs/O"}, "minItems": 1, "maxItems": 2},
		"one": {"oneOf": [{"type": "string"}, {"type": "integer"}, {"$ref": "#/$defs/O"}]},
		"alt": {"anyOf": [{"type": "object", "properties": {"a": {"type": "string"}}}, true]},
		"deep": {"$ref": "#/$defs/R0"},
		"n": {"type": "number", "minimum": 0, "maximum": 1.5},
		"i": {"type": ["integer", "null"]},
		"s": {"type": "string", "minLength": 1, "maxLength": 3, "default": "x"},
		"b": {"enum": [true, null, "x", 1]},
		"open": {"type": "object", "additionalProperties": {}},
		"closed": {"type": "object", "properties": {"x": {}}, "additionalProperties": false},
		"pat": {"type": "string", "pattern": "^a"},
		"all": {"allOf": [{}]},
		"mixed": {"$ref": "#/$defs/O", "type": "object"}
	}},
	"O": {"type": "object", "properties": {"type": {"enum": ["o"]}, "k": {"type": "boolean"}}},
	"R17": {"type": "object", "properties": {"z": {}}}` + refChain + `
}}`

// refChain is R0 to R16, each a $ref to the next: longer than the key
// walk follows.
var refChain = func() string {
	var b strings.Builder
	for i := range 17 {
		fmt.Fprintf(&b, ",\n\t\"R%d\": {\"$ref\": \"#/$defs/R%d\"}", i, i+1)
	}
	return b.String()
}()

// TestQuickCheckOnEveryForm checks the quick check's verdicts against the
// validator and the key walk on a document of its own: clean means valid
// with nothing to report, invalid means the validator refuses the value.
func TestQuickCheckOnEveryForm(t *testing.T) {
	doc, err := validator.UnmarshalJSON(strings.NewReader(quickDoc))
	if err != nil {
		t.Fatal(err)
	}
	defs := doc.(map[string]any)["$defs"].(map[string]any)
	c := validator.NewCompiler()
	if err := c.AddResource("https://tooltui.invalid/quick.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("https://tooltui.invalid/quick.json#/$defs/T")
	if err != nil {
		t.Fatal(err)
	}
	q := compileQuick(defs)
	r := rand.New(rand.NewSource(6))
	verdicts := map[qverdict]int{}
	for i := range 20000 {
		v := genInstance(r, defs, defs["T"], 0, []float64{0, 0.05, 0.2}[i%3])
		if obj, ok := v.(map[string]any); ok && r.Intn(3) > 0 {
			obj["type"] = "t"
		}
		got := quickCheck(q["T"], v, 0)
		verdicts[got]++
		valid := sch.Validate(v) == nil
		k := keyWalk{defs: defs}
		k.walk([]any{defs["T"]}, v, true)
		b, _ := json.Marshal(v)
		switch {
		case got == qYes && (!valid || len(k.issues) > 0):
			t.Fatalf("%s: clean, but valid %v, key issues %v", b, valid, k.issues)
		case got == qNo && valid:
			t.Fatalf("%s: invalid, but the validator takes it", b)
		}
	}
	if verdicts[qYes] < 300 || verdicts[qNo] < 1000 || verdicts[qMaybe] < 1000 {
		t.Fatalf("verdicts %v", verdicts)
	}
}
