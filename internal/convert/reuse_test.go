package convert

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"math/rand"
	"reflect"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
)

// reuseDoc is the document the reuse tests edit, with that many
// functions and built-in tools: functions sharing schemas, strict and not,
// a draft, disabled tools, repeated names and labels (whose diagnostics
// depend on the order), a namespace with functions of its own; 40 and 30
// are enough for a reload to check them in parallel.
func reuseDoc(t testing.TB, functions, builtins int) *model.Document {
	t.Helper()
	var b strings.Builder
	b.WriteString(`{"model":"gpt-5","tool_choice":{"type":"function","name":"f1"},"tools_defs":[`)
	for i := range functions {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"name":"f%d","description":"d%d","parameters":%s,"strict":%v}`, i%30, i, reuseSchemas[i%len(reuseSchemas)], i%4 == 0)
	}
	b.WriteString(`],"extra":{"builtin_tools":[`)
	for i := range builtins {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(reuseBuiltins[i%len(reuseBuiltins)])
	}
	b.WriteString(`]}}`)
	d, err := model.Parse([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	d, _ = model.ToggleTool(d, model.Function, 3)
	d, _ = model.ToggleTool(d, model.Builtin, 2)
	d, _ = model.SetDraft(d, model.Function, 5, "parameters", `{"type":"object",`)
	return d
}

var reuseSchemas = []string{
	`{"type":"object","properties":{"q":{"type":"string"}},"required":["q"],"additionalProperties":false}`,
	`{"type":"object","properties":{"a":{"type":"integer"},"b":{"type":"object"}}}`,
	`{"type":"object","properties":{},"required":[],"additionalProperties":false}`,
	`{"type":"object","properties":{"x":{"type":"string","x":1,"x":2}}}`,
}

var reuseBuiltins = []string{
	`{"type":"web_search","search_context_size":"low"}`,
	`{"type":"file_search","vector_store_ids":["v"],"max_num_results":99}`,
	`{"type":"mcp","server_label":"s","server_url":"https://example.com/sse"}`,
	`{"type":"custom","name":"c1"}`,
	`{"type":"namespace","name":"crm","description":"CRM","tools":[{"type":"function","name":"lookup","parameters":` +
		`{"type":"object","properties":{"q":{"type":"string"}},"required":["q"],"additionalProperties":false},"strict":true},` +
		`{"type":"function","name":"put","parameters":{"type":"object"}}]}`,
	`{"type":"code_interpreter","container":{"type":"auto"}}`,
	`{"type":"file_search","vector_store_ids":["v"],"filters":{"type":"eq","key":"k","value":1}}`,
	`{"type":"web_search","search_context_size":"huge"}`,
}

// reuseEdit applies one edit picked by op and n to d, the way the app
// edits documents (every edit returns a new document; unchanged tools keep
// their slices), or returns an older document of history (an undo) or a
// reloaded copy (every tool in new bytes).
func reuseEdit(d *model.Document, history []*model.Document, op, n int) *model.Document {
	k := model.Kind(n % 2)
	list := d.List(k)
	i := 0
	if len(list) > 0 {
		i = n / 2 % len(list)
	}
	var next *model.Document
	var err error
	switch op % 16 {
	case 0: // a keystroke in a name
		name := fmt.Sprintf("n%d", n%7)
		if k == model.Builtin {
			name = fmt.Sprintf("c%d", n%3)
		}
		next, err = model.SetToolValue(d, k, i, []string{"name"}, rawjson.String(name))
	case 1: // the parameters, one of a few that functions share
		next, err = model.SetToolValue(d, k, i, []string{"parameters"}, json.RawMessage(reuseSchemas[n%len(reuseSchemas)]))
	case 2: // a draft, invalid or valid JSON
		member := "parameters"
		if k == model.Builtin {
			member = "filters"
		}
		text := []string{`{"type":`, `{"type":"object"}`, `[1,`, `{"type":"eq","key":"k","value":2}`}[n%4]
		next, err = model.SetDraft(d, k, i, member, text)
	case 3: // the JSON editor: the whole entry, maybe not JSON
		next, err = model.SetToolRaw(d, k, i, json.RawMessage([]string{
			`{"type":"web_search"`, reuseBuiltins[n%len(reuseBuiltins)], `{"name":"g","parameters":{"type":"object"}}`, `[]`, `{}`,
		}[n%5]))
	case 4:
		next, _ = model.InsertTool(d, k, n%(len(list)+1), model.Tool{Raw: json.RawMessage(reuseBuiltins[n%len(reuseBuiltins)])})
	case 5:
		next, _, err = model.DeleteTool(d, k, i)
	case 6: // may share the original's slice
		next, _, err = model.DuplicateTool(d, k, i)
	case 7:
		next, _, err = model.MoveTool(d, k, i, []int{-1, 1}[n%2])
	case 8:
		next, err = model.ToggleTool(d, k, i)
	case 9: // the same bytes in another array: a paste of the same JSON
		if len(list) > 0 {
			next, err = model.ReplaceTool(d, k, i, bytes.Clone(list[i].Raw))
			if err == nil && list[i].Draft != nil {
				next, err = model.SetDraft(next, k, i, list[i].DraftMember(), *list[i].Draft)
			}
		}
	case 10: // an undo to any older document
		if len(history) > 0 {
			return history[n%len(history)]
		}
	case 11: // a reload: every tool in new bytes
		b, merr := d.MarshalState()
		if merr != nil {
			panic(merr)
		}
		if next, err = model.Parse(b); err != nil {
			panic(err)
		}
	case 12: // an empty entry, as nil or as empty bytes
		next, err = model.SetToolRaw(d, k, i, [][]byte{nil, {}}[n%2])
	case 13: // the same slice in the other list
		if len(list) > 0 {
			next, _ = model.InsertTool(d, 1-k, n, list[i])
		}
	case 14: // several tools moved at once
		if len(list) > 2 {
			next = d.Clone()
			l := next.List(k)
			l[0], l[len(l)-1] = l[len(l)-1], l[0]
			l[1], l[len(l)/2] = l[len(l)/2], l[1]
		}
	default: // the member a draft stands in for, written: the draft goes
		if len(list) > 0 && list[i].Draft != nil {
			next, err = model.SetToolValue(d, k, i, []string{list[i].DraftMember()}, json.RawMessage(`{"type":"object"}`))
		}
	}
	if err != nil || next == nil {
		return d
	}
	return next
}

// sameResult fails t unless a reused converter's result is a fresh one's.
func sameResult(t testing.TB, step string, got, want Result) {
	t.Helper()
	if !bytes.Equal(got.JSON, want.JSON) {
		t.Fatalf("%s: the request differs from a fresh converter's:\n%s\n---\n%s", step, got.JSON, want.JSON)
	}
	if !reflect.DeepEqual(got.Diagnostics, want.Diagnostics) {
		t.Fatalf("%s: diagnostics differ from a fresh converter's:\n%s---\n%s", step, diagLines(got.Diagnostics), diagLines(want.Diagnostics))
	}
	if !reflect.DeepEqual(got.Tools, want.Tools) || !reflect.DeepEqual(got.Sources, want.Sources) {
		t.Fatalf("%s: tools or sources differ from a fresh converter's", step)
	}
}

// checkCache fails t unless c holds exactly what its last conversion used:
// the entries of its tools by their bytes, the schemas those refer to,
// and the slices of the tools of d, nothing else.
func checkCache(t testing.TB, step string, c *Converter, d *model.Document) {
	t.Helper()
	if len(c.cache) != len(c.last) {
		t.Fatalf("%s: the cache holds %d entries, the conversion used %d", step, len(c.cache), len(c.last))
	}
	refs := map[*schemaInfo]int{}
	for _, e := range c.last {
		if c.cache[e.key] != e || e.gen != c.gen {
			t.Fatalf("%s: an entry used is not in the cache", step)
		}
		if e.schema != nil {
			refs[e.schema]++
		}
		for _, si := range e.schemas {
			refs[si]++
		}
	}
	if !maps.Equal(refs, c.schemaRefs) {
		t.Fatalf("%s: schema references %v, want %v", step, c.schemaRefs, refs)
	}
	if len(c.schemaCache) != len(refs) {
		t.Fatalf("%s: the schema map holds %d schemas, the entries refer to %d", step, len(c.schemaCache), len(refs))
	}
	for si := range refs {
		if c.schemaCache[si.key] != si {
			t.Fatalf("%s: a schema in use is not in the schema map", step)
		}
	}
	for _, k := range []model.Kind{model.Function, model.Builtin} {
		list := d.List(k)
		if len(c.seen[k]) != len(list) {
			t.Fatalf("%s: %d tools seen, the list has %d", step, len(c.seen[k]), len(list))
		}
		for i, s := range c.seen[k] {
			if (s.e == nil) != list[i].Disabled || s.e != nil && (!s.is(&list[i]) || c.cache[s.e.key] != s.e || s.e.key.raw != string(list[i].Raw)) {
				t.Fatalf("%s: tool %d of kind %d is not seen as it is", step, i, k)
			}
		}
		// Nothing of the conversions before is held.
		for _, s := range c.seenNext[k][:cap(c.seenNext[k])] {
			if s.e != nil || s.raw != nil {
				t.Fatalf("%s: a tool of an older conversion is still held", step)
			}
		}
	}
	for _, e := range c.used[:cap(c.used)] {
		if e != nil {
			t.Fatalf("%s: an entry of an older conversion is still held", step)
		}
	}
}

// A reused converter gives, after any sequence of edits, undos to older
// documents, reloads and pastes of the same bytes in other arrays, the
// request, diagnostics and tools a fresh converter gives, and holds only
// what its last conversion used.
func TestReusedConverterMatchesFresh(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for run := range 4 {
		c := &Converter{verify: true, serial: run%2 == 1}
		d := reuseDoc(t, 40, 30)
		history := []*model.Document{d}
		for step := range 250 {
			op := step % 16 // every edit, in turn, at random places
			if run >= 2 {
				op = r.Intn(16)
			}
			d = reuseEdit(d, history, op, r.Intn(1000))
			history = append(history, d)
			name := fmt.Sprintf("run %d step %d (edit %d)", run, step, op)
			got := c.Convert(d)
			sameResult(t, name, got, (&Converter{serial: step%2 == 0}).Convert(d))
			checkCache(t, name, c, d)
			if again := c.Convert(d); !bytes.Equal(again.JSON, got.JSON) || !reflect.DeepEqual(again.Diagnostics, got.Diagnostics) {
				t.Fatalf("%s: converting the same document again differs", name)
			}
		}
	}
}

// An edit re-checks only the tools it changed, the others are found by
// the identity of their bytes; a tool that comes back in another array is
// found by its bytes, and only when the conversion before had it.
func TestConverterChecksOnlyWhatChanged(t *testing.T) {
	c := &Converter{verify: true}
	d := reuseDoc(t, 40, 30)
	c.Convert(d)
	checked := func(d *model.Document) int {
		before := maps.Clone(c.cache)
		c.Convert(d)
		n := 0
		for key, e := range c.cache {
			if before[key] != e {
				n++
			}
		}
		return n
	}
	if n := checked(d); n != 0 {
		t.Fatalf("nothing changed: %d checked", n)
	}
	d1, _ := model.SetToolValue(d, model.Function, 7, []string{"description"}, rawjson.String("new"))
	if n := checked(d1); n != 1 {
		t.Fatalf("one tool edited: %d checked", n)
	}
	d2, _, _ := model.DeleteTool(d1, model.Function, 0)
	if n := checked(d2); n != 0 {
		t.Fatalf("a tool deleted: %d checked", n)
	}
	d3, _, _ := model.MoveTool(d2, model.Builtin, 4, 1)
	if n := checked(d3); n != 0 {
		t.Fatalf("a tool moved: %d checked", n)
	}
	// Undo to the first document: the tool edited since, in its old bytes,
	// and the one deleted are checked again (the cache keeps the last
	// conversion's entries).
	if n := checked(d); n != 2 {
		t.Fatalf("an undo to the first document: %d checked", n)
	}
	// A file read twice: the second time, every tool has new arrays but
	// the bytes of the first.
	b, _ := d.MarshalState()
	for i, want := range []int{-1, 0} {
		reloaded, err := model.Parse(b)
		if err != nil {
			t.Fatal(err)
		}
		if n := checked(reloaded); want >= 0 && n != want {
			t.Fatalf("the same file read again (%d): %d checked", i, n)
		}
	}
	// A document with none of them lets every entry and schema go.
	c.Convert(&model.Document{})
	if len(c.cache) != 0 || len(c.schemaCache) != 0 || len(c.schemaRefs) != 0 {
		t.Fatalf("an empty document keeps %d entries and %d schemas", len(c.cache), len(c.schemaCache))
	}
	checkCache(t, "empty", c, &model.Document{})
}

// A schema looked up outside an entry leaves the schema map at the end of
// the next conversion, and the schemas in use stay.
func TestSchemaMapLetsGoOfUnusedSchemas(t *testing.T) {
	c := &Converter{verify: true}
	d := reuseDoc(t, 40, 30)
	c.Convert(d)
	before := maps.Clone(c.schemaCache)
	c.schema([]byte(`{"type":"object","properties":{"lost":{}}}`))
	c.Convert(d)
	if !maps.Equal(before, c.schemaCache) {
		t.Fatalf("schema map: %d schemas, want the %d in use", len(c.schemaCache), len(before))
	}
	checkCache(t, "after", c, d)
}

// FuzzConverterReuse: after any sequence of edits, a reused converter
// converts as a fresh one does. Each byte picks an edit and where.
func FuzzConverterReuse(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})
	f.Add([]byte{0x26, 0x41, 0x0a, 0x3c, 0x2b, 0x9d})
	f.Add([]byte{0x02, 0x12, 0x0b, 0x05, 0x0a, 0x0f})
	d0 := reuseDoc(f, 12, 10)
	f.Fuzz(func(t *testing.T, ops []byte) {
		if len(ops) > 32 {
			return
		}
		c := &Converter{verify: true}
		d := d0
		history := []*model.Document{d}
		for step, b := range ops {
			d = reuseEdit(d, history, int(b&15), int(b>>4)*37+step)
			history = append(history, d)
			name := fmt.Sprintf("step %d (edit %d)", step, b&15)
			sameResult(t, name, c.Convert(d), (&Converter{}).Convert(d))
			checkCache(t, name, c, d)
		}
	})
}
