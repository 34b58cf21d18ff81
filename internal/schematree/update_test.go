package schematree

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"unsafe"

	"github.com/tooltui/tooltui/internal/benchdata"
	"github.com/tooltui/tooltui/internal/rawjson"
)

// sameTree fails unless got is the tree want is: the same rows in the same
// order with the same fields, the same pointers to them, the same marks
// and bytes; and every byte got's rows show is inside got's parameters
// (an edit that left a row on old bytes would keep them alive).
func sameTree(t *testing.T, got, want *Tree) {
	t.Helper()
	if got.Empty != want.Empty || got.Len() != want.Len() || len(got.nodes) != len(want.nodes) ||
		got.dups != want.dups || got.marked != want.marked || !bytes.Equal(got.params, want.params) {
		t.Fatalf("trees differ: empty %v/%v, len %d/%d, pointers %d/%d, dups %v/%v, marked %v/%v\n%s\n%s",
			got.Empty, want.Empty, got.Len(), want.Len(), len(got.nodes), len(want.nodes), got.dups, want.dups,
			got.marked, want.marked, got.params, want.params)
	}
	gr, wr := got.Rows(nil), want.Rows(nil)
	if len(gr) != len(wr) {
		t.Fatalf("%d rows, want %d", len(gr), len(wr))
	}
	gi, wi := map[*Node]int{}, map[*Node]int{}
	for i := range gr {
		gi[gr[i]], wi[wr[i]] = i, i
	}
	for i := range gr {
		g, w := gr[i], wr[i]
		if d := nodeDiff(g, w); d != "" {
			t.Fatalf("row %d (%s): %s\nparams %s", i, w.Ptr, d, want.params)
		}
		if (g.Parent == nil) != (w.Parent == nil) || g.Parent != nil && gi[g.Parent] != wi[w.Parent] {
			t.Fatalf("row %d (%s): another parent", i, w.Ptr)
		}
		for j := range g.Children {
			if g.Children[j].Parent != g {
				t.Fatalf("row %d (%s): child %d has another parent", i, w.Ptr, j)
			}
		}
		if !want.Empty {
			for _, b := range nodeBytes(g) {
				if !inside(got.params, b) {
					t.Fatalf("row %d (%s): bytes %q are not in the parameters", i, w.Ptr, b)
				}
			}
		}
	}
	for p, w := range want.nodes {
		g, ok := got.nodes[p]
		if !ok || gi[g] != wi[w] {
			t.Fatalf("pointer %q names another row", p)
		}
	}
}

func nodeDiff(g, w *Node) string {
	switch {
	case g.Ptr != w.Ptr || g.Role != w.Role || g.Name != w.Name || g.Depth != w.Depth:
		return fmt.Sprintf("%q %d %q %d, want %q %d %q %d", g.Ptr, g.Role, g.Name, g.Depth, w.Ptr, w.Role, w.Name, w.Depth)
	case !bytes.Equal(g.Raw, w.Raw):
		return fmt.Sprintf("raw %s, want %s", g.Raw, w.Raw)
	case !sameObject(g.Keys, w.Keys):
		return fmt.Sprintf("keys %v, want %v", g.Keys, w.Keys)
	case !sameObject(g.sub, w.sub):
		return fmt.Sprintf("map %v, want %v", g.sub, w.sub)
	case g.Type.Base != w.Type.Base || g.Type.Nullable != w.Type.Nullable || g.Type.Ref != w.Type.Ref || !slices.Equal(g.Type.Names, w.Type.Names):
		return fmt.Sprintf("type %+v, want %+v", g.Type, w.Type)
	case g.Required != w.Required:
		return fmt.Sprintf("required %v, want %v", g.Required, w.Required)
	case len(g.Children) != len(w.Children):
		return fmt.Sprintf("%d children, want %d", len(g.Children), len(w.Children))
	case !slices.Equal(g.Other, w.Other):
		return fmt.Sprintf("other %q, want %q", g.Other, w.Other)
	case !slices.Equal(g.Problems, w.Problems):
		return fmt.Sprintf("problems %q, want %q", g.Problems, w.Problems)
	case (g.Keys == nil) != (w.Keys == nil) || (g.sub == nil) != (w.sub == nil):
		return "nil members where the other has none"
	}
	return ""
}

func sameObject(a, b rawjson.Object) bool {
	return slices.EqualFunc(a, b, func(x, y rawjson.Member) bool { return x.Key == y.Key && bytes.Equal(x.Value, y.Value) })
}

func nodeBytes(n *Node) [][]byte {
	out := [][]byte{n.Raw}
	for _, m := range n.Keys {
		out = append(out, m.Value)
	}
	for _, m := range n.sub {
		out = append(out, m.Value)
	}
	return out
}

func inside(buf, v []byte) bool {
	if len(buf) == 0 {
		return false
	}
	o := int(uintptr(unsafe.Pointer(unsafe.SliceData(v))) - uintptr(unsafe.Pointer(unsafe.SliceData(buf))))
	return o >= 0 && o+len(v) <= len(buf)
}

// treeEdit is one edit, run both ways: on bytes (then Parse) and on a tree.
type treeEdit struct {
	name  string
	bytes func(p []byte) ([]byte, string, error)
	tree  func(t *Tree) (Edited, error)
}

// editsOf are the edits the tree offers on row n (all of them, whether or
// not the row takes them: an edit that does not apply must fail both ways).
func editsOf(n *Node, i int) []treeEdit {
	p := n.Ptr
	name := "p" + itoa(i)
	noPtr := func(f func([]byte) ([]byte, error)) func([]byte) ([]byte, string, error) {
		return func(b []byte) ([]byte, string, error) { out, err := f(b); return out, "", err }
	}
	return []treeEdit{
		{"add", func(b []byte) ([]byte, string, error) { return AddProperty(b, p, name, i%2 == 0) },
			func(t *Tree) (Edited, error) { return t.AddProperty(p, name, i%2 == 0) }},
		{"delete", noPtr(func(b []byte) ([]byte, error) { return Delete(b, p) }),
			func(t *Tree) (Edited, error) { return t.Delete(p) }},
		{"move down", noPtr(func(b []byte) ([]byte, error) { return Move(b, p, 1) }),
			func(t *Tree) (Edited, error) { return t.Move(p, 1) }},
		{"move up", noPtr(func(b []byte) ([]byte, error) { return Move(b, p, -1) }),
			func(t *Tree) (Edited, error) { return t.Move(p, -1) }},
		{"duplicate", func(b []byte) ([]byte, string, error) { return Duplicate(b, p) },
			func(t *Tree) (Edited, error) { return t.Duplicate(p) }},
		{"rename", func(b []byte) ([]byte, string, error) { return Rename(b, p, n.Name+"_r") },
			func(t *Tree) (Edited, error) { return t.Rename(p, n.Name+"_r") }},
		{"rename to itself", func(b []byte) ([]byte, string, error) { return Rename(b, p, n.Name) },
			func(t *Tree) (Edited, error) { return t.Rename(p, n.Name) }},
		{"required", noPtr(func(b []byte) ([]byte, error) { return ToggleRequired(b, p, false) }),
			func(t *Tree) (Edited, error) { return t.ToggleRequired(p, false) }},
		{"required, strict", noPtr(func(b []byte) ([]byte, error) { return ToggleRequired(b, p, true) }),
			func(t *Tree) (Edited, error) { return t.ToggleRequired(p, true) }},
		{"type", noPtr(func(b []byte) ([]byte, error) { return SetType(b, p, Types[i%len(Types)], i%3 == 0) }),
			func(t *Tree) (Edited, error) { return t.SetType(p, Types[i%len(Types)], i%3 == 0) }},
		{"object", noPtr(func(b []byte) ([]byte, error) { return SetType(b, p, "object", true) }),
			func(t *Tree) (Edited, error) { return t.SetType(p, "object", true) }},
		{"nullable", noPtr(func(b []byte) ([]byte, error) { return SetNullable(b, p, i%2 == 0) }),
			func(t *Tree) (Edited, error) { return t.SetNullable(p, i%2 == 0) }},
		{"description", noPtr(func(b []byte) ([]byte, error) { return SetKeyword(b, p, "description", json.RawMessage(`"d`+name+`"`)) }),
			func(t *Tree) (Edited, error) { return t.SetKeyword(p, "description", json.RawMessage(`"d`+name+`"`)) }},
		{"no description", noPtr(func(b []byte) ([]byte, error) { return SetKeyword(b, p, "description", nil) }),
			func(t *Tree) (Edited, error) { return t.SetKeyword(p, "description", nil) }},
		{"a conditional", noPtr(func(b []byte) ([]byte, error) { return SetKeyword(b, p, "if", json.RawMessage(`{}`)) }),
			func(t *Tree) (Edited, error) { return t.SetKeyword(p, "if", json.RawMessage(`{}`)) }},
		{"properties written", noPtr(func(b []byte) ([]byte, error) {
			return SetKeyword(b, p, "properties", json.RawMessage(` {"a":{"type":"string"},"b":true} `))
		}), func(t *Tree) (Edited, error) {
			return t.SetKeyword(p, "properties", json.RawMessage(` {"a":{"type":"string"},"b":true} `))
		}},
		{"repeated keys written", noPtr(func(b []byte) ([]byte, error) {
			return SetKeyword(b, p, "properties", json.RawMessage(`{"a":{},"a":{"type":"string"}}`))
		}), func(t *Tree) (Edited, error) {
			return t.SetKeyword(p, "properties", json.RawMessage(`{"a":{},"a":{"type":"string"}}`))
		}},
		{"not JSON", noPtr(func(b []byte) ([]byte, error) { return SetKeyword(b, p, "default", json.RawMessage(`{`)) }),
			func(t *Tree) (Edited, error) { return t.SetKeyword(p, "default", json.RawMessage(`{`)) }},
		{"defs", noPtr(func(b []byte) ([]byte, error) {
			return SetKeyword(b, p, "$defs", json.RawMessage(`{"D":{"type":"object","properties":{"z":{}}}}`))
		}), func(t *Tree) (Edited, error) {
			return t.SetKeyword(p, "$defs", json.RawMessage(`{"D":{"type":"object","properties":{"z":{}}}}`))
		}},
	}
}

// checkEdit runs e on tree tr (whose bytes are p) and the same edit on the
// bytes, and fails unless both give the same bytes, pointer, error and
// tree. It returns the tree after the edit (tr itself when it failed).
func checkEdit(t *testing.T, tr *Tree, p []byte, marked bool, e treeEdit, where string) (*Tree, []byte) {
	t.Helper()
	wantOut, wantPtr, wantErr := e.bytes(p)
	got, err := e.tree(tr)
	if (err == nil) != (wantErr == nil) || err != nil && err.Error() != wantErr.Error() {
		t.Fatalf("%s on %s: error %v, want %v\n%s", e.name, where, err, wantErr, p)
	}
	if err != nil {
		again := mustParse(t, p, marked)
		sameTree(t, tr, again) // a failed edit leaves the tree as it was
		return tr, p
	}
	if !bytes.Equal(got.Params, wantOut) || got.Ptr != wantPtr {
		t.Fatalf("%s on %s: bytes\n%s %q\nwant\n%s %q", e.name, where, got.Params, got.Ptr, wantOut, wantPtr)
	}
	want, perr := Parse(wantOut)
	if (perr == nil) != (got.Err == nil) || perr != nil && perr.Error() != got.Err.Error() || (got.Tree == nil) != (want == nil) {
		t.Fatalf("%s on %s: parse error %v, want %v", e.name, where, got.Err, perr)
	}
	if want == nil {
		return nil, wantOut
	}
	if marked {
		MarkStrict(want)
	}
	sameTree(t, got.Tree, want)
	return got.Tree, wantOut
}

func mustParse(t *testing.T, p []byte, marked bool) *Tree {
	t.Helper()
	tr, err := Parse(p)
	if err != nil {
		t.Fatalf("%v\n%s", err, p)
	}
	if marked {
		MarkStrict(tr)
	}
	return tr
}

var treeEditSchemas = []string{
	editBase,
	`{"type":"object","properties":{}}`,
	`{}`,
	`{"type":"object","properties":{"a":{"type":"object","properties":{"b":{"type":"array","items":{"type":"object","properties":{"c":{"type":["string","null"],"enum":["x",null]}},"required":["c"]}}},"required":["b","ghost"]}},"required":["a"],"additionalProperties":false}`,
	"{\n  \"type\": \"object\",\n  \"properties\": {\n    \"a\": { \"type\": \"string\", \"format\": \"email\" },\n    \"b\": {\"anyOf\": [{\"type\": \"integer\"}, {\"type\": \"null\"}]},\n    \"c\": true\n  },\n  \"$defs\": {\"D\": {\"type\": \"object\", \"properties\": {\"x\": {\"$ref\": \"#/$defs/D\"}}}},\n  \"definitions\": {\"E\": {\"oneOf\": [{}, false]}}\n}\n",
	`{"type":"object","properties":{"a~/b":{"type":"object","properties":{"\u00e9\"\\":{"type":"string"}}},"x":{"items":{"properties":{"y":{}}}}},"$defs":{"A":{"$defs":{"B":{"type":"string"}}}}}`,
	`{"type":"object","properties":{"a":{"type":"string"},"a":{"type":"object","properties":{"b":{}}}},"properties":{"c":{"type":"integer"}}}`,
	`{"type":"object","properties":{"s":{"type":"object","x-keep":[1,{"a":2}],"properties":{"t":{"type":"object","properties":{"u":{"type":"string","pattern":"^a"}}}}}},"items":{"type":"object","properties":{"v":{}}},"anyOf":[{"properties":{"w":{}}}],"x":1}`,
	`{"type":"object","properties":{"a":1,"b":{"type":"invalid"},"c":{"type":7},"d":{"properties":[]}},"items":5}`,
}

// TestTreeEditsAreParse: every edit on every row of these schemas gives
// the bytes of the edit on bytes, and a tree equal to Parse of them, with
// and without strict marks.
func TestTreeEditsAreParse(t *testing.T) {
	for si, s := range treeEditSchemas {
		for _, marked := range []bool{false, true} {
			base, err := Parse([]byte(s))
			if err != nil {
				t.Fatalf("schema %d: %v", si, err)
			}
			for ri, n := range base.Rows(nil) {
				for _, e := range editsOf(n, ri) {
					p := append([]byte(nil), s...)
					tr := mustParse(t, p, marked)
					checkEdit(t, tr, p, marked, e, fmt.Sprintf("schema %d row %s (marked %v)", si, n.Ptr, marked))
				}
			}
		}
	}
}

// TestTreeEditsInARow: edits one after the other on the same tree stay
// equal to Parse of the bytes at every step.
func TestTreeEditsInARow(t *testing.T) {
	for si, s := range treeEditSchemas {
		for _, marked := range []bool{false, true} {
			p := append([]byte(nil), s...)
			tr := mustParse(t, p, marked)
			for i := 0; i < 120 && tr != nil; i++ {
				rows := tr.Rows(nil)
				n := rows[(i*7)%len(rows)]
				es := editsOf(n, i)
				e := es[(i*5)%len(es)]
				if e.name == "not JSON" || e.name == "a conditional" {
					continue // the tree ends there
				}
				tr, p = checkEdit(t, tr, p, marked, e, fmt.Sprintf("schema %d step %d row %s", si, i, n.Ptr))
			}
		}
	}
}

// TestTreeEditKeepsRows: an edit of one property of the 1 MB schema keeps
// the other rows (it does not read them again) and gives the tree Parse
// gives.
func TestTreeEditKeepsRows(t *testing.T) {
	p := benchdata.SchemaBytes(benchdata.BigParamsBytes)
	tr := mustParse(t, p, true)
	before := tr.Rows(nil)
	n := before[1]
	e, err := tr.ToggleRequired(n.Ptr, true)
	if err != nil {
		t.Fatal(err)
	}
	if e.Tree != tr {
		t.Fatal("the edit read the schema whole")
	}
	after := tr.Rows(nil)
	kept := 0
	for i := range after {
		if after[i] == before[i] {
			kept++
		}
	}
	if kept < len(after)-4 {
		t.Fatalf("%d of %d rows kept", kept, len(after))
	}
	want, _ := ToggleRequired(p, n.Ptr, true)
	sameTree(t, tr, mustParse(t, want, true))
	e, err = tr.ToggleRequired(n.Ptr, true)
	if err != nil || e.Tree != tr || !bytes.Equal(e.Params, p) {
		t.Fatal("toggling twice is not the schema as it was")
	}
	sameTree(t, tr, mustParse(t, p, true))
}

// FuzzTreeEdits: a sequence of edits on a tree gives, at every step, the
// bytes of the same edits on bytes and the tree Parse reads from them.
func FuzzTreeEdits(f *testing.F) {
	for _, s := range treeEditSchemas {
		f.Add([]byte(s), []byte{0, 17, 34, 51, 68, 85, 102, 119, 136, 153, 170, 187})
	}
	f.Add([]byte(`{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}`), []byte{7, 23, 40})
	f.Fuzz(func(t *testing.T, schema, ops []byte) {
		if len(ops) > 24 || len(schema) > 8<<10 {
			return
		}
		tr, err := Parse(schema)
		if err != nil {
			return
		}
		marked := len(ops) > 0 && ops[0]&0x80 != 0
		if marked {
			MarkStrict(tr)
		}
		p := schema
		for i, op := range ops {
			rows := tr.Rows(nil)
			n := rows[int(op>>3)%len(rows)]
			es := editsOf(n, i)
			e := es[int(op)%len(es)]
			tr, p = checkEdit(t, tr, p, marked, e, fmt.Sprintf("step %d row %s", i, n.Ptr))
			if tr == nil {
				return
			}
		}
	})
}
