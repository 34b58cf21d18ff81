package convert_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/formats"
	"github.com/tooltui/tooltui/internal/model"
)

// namedFixDocs are documents with a fix of every kind, beside the
// fixtures the repository keeps.
var namedFixDocs = []string{
	`{"model":"m","tools_defs":[
	  {"name":"none","parameters":{"type":"object"}},
	  {"name":"schema_only","parameters":{"$schema":"http://json-schema.org/draft-07/schema#"}},
	  {"name":"types","parameters":{"type":["object","null"],"properties":{"a":{"type":"string"}}},"strict":false},
	  {"name":"opt","parameters":{"type":"object","properties":{"a":{"type":"string"},"b":{"$ref":"#/$defs/b"},"c":{"enum":["x"]},"d":{"type":"object","properties":{}}},"required":["a","a","zz"],"$defs":{"b":{"type":"string"}}}},
	  {"name":"closed","parameters":{"type":"object","properties":{"a":{"type":"string","default":"x"}},"required":["a"]},"strict":true},
	  {"name":"bad name!","parameters":{"type":"object","properties":{},"required":[],"additionalProperties":false},"strict":true},
	  {"name":"dup","parameters":{"type":"object","properties":{},"required":[],"additionalProperties":false},"strict":true},
	  {"name":"dup","parameters":{"type":"object","properties":{},"required":[],"additionalProperties":false},"strict":true}],
	 "tool_choice":{"type":"function","name":"dupp"},
	 "extra":{"builtin_tools":[
	  {"type":"web_serch"},
	  {"type":"web_search","filters":{"allowed_domains":["https://docs.x.org/a","https://y.org"]},"user_location":{"type":"approximate","country":"France"},"colour":1},
	  {"type":"function","function":{"name":"chat","parameters":{"type":"object","properties":{}}}}]}}`,
	`{"model":"m","tools":[{"type":"namespace","name":"ns","description":"","tools":[
	  {"type":"function","name":"g","parameters":{"type":"object","properties":{"x":{"type":"integer"}}}},
	  {"type":"function","name":"h","parameters":{"$schema":"https://json-schema.org/draft/2020-12/schema"}}]}],
	 "tool_choice":{"type":"function","function":{"name":"ns"}}}`,
}

// fixtureDocs are the repository's example files and test fixtures that
// load as documents, by name.
func fixtureDocs(t *testing.T) map[string]*model.Document {
	t.Helper()
	docs := map[string]*model.Document{}
	for i, s := range namedFixDocs {
		d, err := model.Parse([]byte(s))
		if err != nil {
			t.Fatalf("doc %d: %v", i, err)
		}
		docs["namedFixDocs["+string(rune('0'+i))+"]"] = d
	}
	var files []string
	for _, g := range []string{"../../examples/*.json", "../../cmd/tooltui/testdata/*.json", "../formats/testdata/import/*.json", "../export/testdata/bodies/*.json"} {
		m, err := filepath.Glob(g)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) < 10 {
		t.Fatalf("only %d fixture files: %v", len(files), files)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if d, err := formats.Load(data); err == nil {
			docs[f] = d
		}
	}
	return docs
}

// TestEveryFixChangeIsNamed applies every fix every fixture offers, one
// at a time, and checks that each value that differs between the entry
// before and after is at or under a pointer the fix names.
func TestEveryFixChangeIsNamed(t *testing.T) {
	kinds := map[convert.FixKind]bool{}
	for name, d := range fixtureDocs(t) {
		_, diags := convert.Convert(d)
		for _, dg := range diags {
			for _, f := range dg.Fixes {
				fixed, changes, err := convert.ApplyFixChanges(d, dg, f)
				if err != nil {
					continue // offered but not applicable: says why
				}
				kinds[f.Kind] = true
				before, after := fixedValues(t, d, fixed, dg)
				var named []string
				for _, c := range changes {
					ptr, _, ok := strings.Cut(c, ": ")
					if !ok {
						t.Fatalf("%s: %s: change %q names no pointer", name, dg.Location, c)
					}
					if ptr == "(the entry)" {
						ptr = ""
					}
					named = append(named, ptr)
				}
				for _, n := range named {
					// A line that names the parameters as a whole hides
					// what it changed in them.
					if strings.HasSuffix(n, "/parameters") && isObject(valueAtPointer(before, n)) && isObject(valueAtPointer(after, n)) {
						t.Errorf("%s: %s: fix %q names the whole parameters, not what it changed in them:\n%s",
							name, dg.Location, f.Title(), strings.Join(changes, "\n"))
					}
				}
				for _, p := range diffPointers(before, after, "") {
					if !coveredBy(p, named) {
						t.Errorf("%s: %s: fix %q changed %s without naming it; named:\n%s",
							name, dg.Location, f.Title(), p, strings.Join(changes, "\n"))
					}
				}
			}
		}
	}
	for _, k := range []convert.FixKind{convert.FixStrict, convert.FixStrictTrue, convert.FixStrictFalse, convert.FixAddProperties,
		convert.FixRootObject, convert.FixRename, convert.FixName, convert.FixChatShape, convert.FixDomain, convert.FixDomainWiden,
		convert.FixType, convert.FixDropKey, convert.FixAdditionalFalse, convert.FixChoiceName, convert.FixCountry, convert.FixDropDefault} {
		if !kinds[k] {
			t.Errorf("no fixture exercises fix kind %d", k)
		}
	}
}

// fixedValues are the decoded values the diagnostic is about, in d and in
// fixed: the tool entry, or tool_choice.
func fixedValues(t *testing.T, d, fixed *model.Document, dg convert.Diagnostic) (any, any) {
	t.Helper()
	if dg.IsTool() {
		return decodeJSON(t, d.List(dg.Kind)[dg.Index].Raw), decodeJSON(t, fixed.List(dg.Kind)[dg.Index].Raw)
	}
	a, _ := d.Fields.Get("tool_choice")
	b, _ := fixed.Fields.Get("tool_choice")
	return decodeJSON(t, a), decodeJSON(t, b)
}

func decodeJSON(t *testing.T, raw []byte) any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("%v: %s", err, raw)
	}
	return v
}

// diffPointers are the pointers where a and b differ: a member one has
// and the other lacks, a value of another kind, another scalar, or an
// array of another length (named as a whole).
func diffPointers(a, b any, ptr string) []string {
	if la, ok := a.([]any); ok {
		if lb, ok := b.([]any); ok && len(la) == len(lb) {
			var out []string
			for i := range la {
				out = append(out, diffPointers(la[i], lb[i], ptr+"/"+strconv.Itoa(i))...)
			}
			return out
		}
	}
	ma, oka := a.(map[string]any)
	mb, okb := b.(map[string]any)
	if !oka || !okb {
		if reflect.DeepEqual(a, b) {
			return nil
		}
		return []string{ptr}
	}
	keys := map[string]bool{}
	for k := range ma {
		keys[k] = true
	}
	for k := range mb {
		keys[k] = true
	}
	var sorted []string
	for k := range keys {
		sorted = append(sorted, k)
	}
	sort.Strings(sorted)
	var out []string
	for _, k := range sorted {
		va, ina := ma[k]
		vb, inb := mb[k]
		p := ptr + "/" + strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1")
		if ina != inb {
			out = append(out, p)
			continue
		}
		out = append(out, diffPointers(va, vb, p)...)
	}
	return out
}

// coveredBy reports whether p is one of named or inside one.
func coveredBy(p string, named []string) bool {
	for _, n := range named {
		if p == n || strings.HasPrefix(p, n+"/") {
			return true
		}
	}
	return false
}

func isObject(v any) bool {
	_, ok := v.(map[string]any)
	return ok
}

// valueAtPointer is the value at ptr in a decoded value, or nil.
func valueAtPointer(v any, ptr string) any {
	if ptr == "" {
		return v
	}
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch x := v.(type) {
		case map[string]any:
			v = x[tok]
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(x) {
				return nil
			}
			v = x[i]
		default:
			return nil
		}
	}
	return v
}
