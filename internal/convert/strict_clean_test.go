package convert

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand"
	"reflect"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/benchdata"
)

// genStrictSchema returns a schema that is strict-compatible, or nearly:
// with probability about bad per node, one thing strict mode refuses or
// one repeated key.
func genStrictSchema(r *rand.Rand, depth int, bad float64) string {
	flaw := func() bool { return r.Float64() < bad }
	if depth > 3 || depth > 0 && r.Intn(3) == 0 {
		leaves := []string{`{"type":"string"}`, `{"type":"integer","minimum":1}`, `{"type":["string","null"]}`,
			`{"enum":["a","b","ü\u00e9"],"type":"string"}`, `{"const":1.5e3}`, `{"type":"string","format":"date-time"}`,
			`{"$ref":"#/$defs/a"}`, `{"type":"boolean","description":"x \" ] } { [ \\"}`, `true`, `{}`}
		if flaw() {
			leaves = []string{`{"type":"string","format":"uri"}`, `{"oneOf":[{}]}`, `{"type":"object"}`, `{"not":{}}`,
				`{"type":"string","type":"number"}`, `{"if":{},"then":{}}`, `{"patternProperties":{}}`}
		}
		return leaves[r.Intn(len(leaves))]
	}
	var parts []string
	n := r.Intn(6)
	if depth < 2 && r.Intn(5) == 0 {
		n = 17 + r.Intn(8) // past the lists compared one by one
	}
	names := []string{"a", "b", "c/d", "e~f", "ü", `q\"uote`, "pr\\u006fp", "x"}
	var props, req []string
	used := map[string]bool{}
	for j := range n {
		name := names[r.Intn(len(names))] + fmt.Sprint(j/len(names))
		if used[name] {
			continue
		}
		used[name] = true
		props = append(props, fmt.Sprintf("%q:%s", name, genStrictSchema(r, depth+1, bad)))
		req = append(req, fmt.Sprintf("%q", name))
	}
	if flaw() && len(props) > 0 {
		props = append(props, props[r.Intn(len(props))]) // a repeated property
	}
	r.Shuffle(len(req), func(i, j int) {
		if r.Intn(2) == 0 {
			req[i], req[j] = req[j], req[i]
		}
	})
	if flaw() && len(req) > 0 {
		req = req[1:]
	}
	if flaw() {
		req = append(req, `"nope"`)
	}
	if r.Intn(6) == 0 && len(req) > 0 {
		req = append(req, req[0]) // a required name twice is allowed
	}
	typ := []string{`"object"`, `["object","null"]`}[r.Intn(2)]
	if depth == 0 {
		typ = `"object"`
	}
	if flaw() {
		typ = []string{`"array"`, `["null"]`, `5`}[r.Intn(3)]
	}
	parts = append(parts, `"type":`+typ, `"properties":{`+strings.Join(props, ",")+`}`, `"required":[`+strings.Join(req, ",")+`]`)
	addl := `false`
	if flaw() {
		addl = []string{`true`, `{}`, `"false"`}[r.Intn(3)]
	}
	parts = append(parts, `"additionalProperties":`+addl)
	if r.Intn(4) == 0 {
		parts = append(parts, `"$defs":{"a":`+genStrictSchema(r, depth+1, bad)+`,"b":`+genStrictSchema(r, depth+1, bad)+`}`)
	}
	if r.Intn(5) == 0 && depth > 0 {
		parts = append(parts, `"anyOf":[`+genStrictSchema(r, depth+1, bad)+`,{"type":"null"}]`)
	}
	if r.Intn(6) == 0 {
		parts = append(parts, []string{`"description":"any text","default":{"properties":{"oneOf":1}}`,
			`"description":"one","description":"two"`, `"default":{"a":1,"a":2}`, `"examples":[[{"b":1}]]`, `"enum":[{"c":1,"c":2}]`,
			`"x-note":"{\"q\":1}"`, `"default":[1,[2,"{"]]`}[r.Intn(7)])
	}
	if flaw() {
		parts = append(parts, []string{`"allOf":[]`, `"format":"email"`, `"format":"color"`, `"enum":[1,2]`, `"type":"object"`}[r.Intn(5)])
	}
	r.Shuffle(len(parts), func(i, j int) { parts[i], parts[j] = parts[j], parts[i] })
	return "{" + strings.Join(parts, ", ") + "}"
}

// cleanThenNode runs the one-pass read and the walk node by node on the
// same schema, as walkRaw would if the first found nothing.
func cleanThenNode(t *testing.T, s []byte) {
	t.Helper()
	var c strictWalk
	c.root = "/parameters"
	ok := true
	if isRawObject(s) {
		_, ok = c.clean(s, 0, 0)
	}
	var n strictWalk
	n.root = "/parameters"
	n.node(s, 0)
	if ok && (len(n.found) > 0 || c.props != n.props || c.enumValues != n.enumValues || c.chars != n.chars) {
		t.Fatalf("schema %s\nclean: ok, counts %d %d %d\n node: %v, counts %d %d %d", s, c.props, c.enumValues, c.chars, n.found, n.props, n.enumValues, n.chars)
	}
	// A schema with nothing to report and no repeated key is read once.
	dups := duplicateKeys(s, "")
	if !ok && len(n.found) == 0 && len(dups) == 0 {
		t.Fatalf("schema %s: nothing to report, yet the one-pass read gave up", s)
	}
	if ok && c.noRepeats() && len(dups) > 0 {
		t.Fatalf("schema %s: no repeated key read, yet the scan finds %v", s, dups)
	}
	// What a schemaInfo reports is what walkRaw and the scan do.
	si := &schemaInfo{key: string(s)}
	if got := si.violations(); !reflect.DeepEqual(got, strictWalkOf(s)) {
		t.Fatalf("schema %s\nschemaInfo: %v\n   walkRaw: %v", s, got, strictWalkOf(s))
	}
	if got := si.duplicates(); !reflect.DeepEqual(got, duplicateKeys(s, "/parameters")) {
		t.Fatalf("schema %s\nschemaInfo: %v\n      scan: %v", s, got, duplicateKeys(s, "/parameters"))
	}
	got, want := strictWalkOf(s), strictWalkAny(s)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("schema %s\n got %v\nwant %v", s, got, want)
	}
}

func TestStrictCleanPassAgreesWithNodeWalk(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	clean := 0
	for i := range 800 {
		s := []byte(genStrictSchema(r, 0, []float64{0, 0.02, 0.1}[i%3]))
		if !json.Valid(s) {
			t.Fatalf("invalid case %s", s)
		}
		cleanThenNode(t, s)
		if len(strictWalkOf(s)) == 0 {
			clean++
		}
	}
	if clean < 250 {
		t.Fatalf("only %d of the generated schemas are strict-compatible", clean)
	}
	for _, s := range [][]byte{benchdata.Schema(12), benchdata.SchemaBytes(100000), []byte(`{"type":"object","properties":{},"required":[],"additionalProperties":false}`)} {
		s = bytes.TrimSpace(s)
		cleanThenNode(t, s)
		si := &schemaInfo{key: string(s)}
		if si.read(); !si.clean || !si.noRepeats {
			t.Errorf("schema %.80s...: clean %v, no repeats %v", s, si.clean, si.noRepeats)
		}
	}
	for _, s := range limitSchemas() {
		cleanThenNode(t, []byte(s))
	}
	// Names in messages are written as the screen shows them.
	long := strings.Repeat("n", 50)
	cleanThenNode(t, []byte(`{"type":"object","properties":{"q\b":{},"`+long+`":{}},"required":["\u202e","`+long+`x"],"additionalProperties":false}`))
}

func FuzzStrictCleanPass(f *testing.F) {
	r := rand.New(rand.NewSource(4))
	for range 20 {
		f.Add(genStrictSchema(r, 0, 0))
	}
	f.Add(string(benchdata.Schema(6)))
	f.Fuzz(func(t *testing.T, s string) {
		b := bytes.TrimSpace([]byte(s))
		if !json.Valid(b) || !isRawObject(b) {
			return
		}
		cleanThenNode(t, b)
	})
}
