package schematree

import (
	"encoding/json"
	"testing"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// FuzzEdits runs a sequence of the tree's edits, chosen by ops, on rows of
// a schema and checks what the tree promises: every result is valid JSON
// that reads as a tree again, and a keyword the tree does not edit
// ("x-keep" here, on the root and on each property it starts with) is
// never lost or changed while its row stays.
func FuzzEdits(f *testing.F) {
	f.Add([]byte(editBase), []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte(`{"type":"object","x-keep":1,"properties":{"a":{"type":"string","x-keep":"a"},"b":{"type":"object","x-keep":"b","properties":{"c":{"type":"integer","x-keep":"c"}}}}}`), []byte{3, 17, 33, 49, 65, 81, 97, 113})
	f.Add([]byte(`{"type":"object","properties":{"a~/b":{"type":"array","items":{"type":"object","properties":{"d":{}}}}},"$defs":{"D":{"type":"string"}}}`), []byte{9, 25, 41, 57, 200, 201})
	f.Fuzz(func(t *testing.T, schema, ops []byte) {
		tree, err := Parse(schema)
		if err != nil || tree.Empty || len(ops) > 40 {
			return
		}
		kept := keptValues(t, schema)
		p := append([]byte(nil), schema...)
		for i, op := range ops {
			tr, err := Parse(p)
			if err != nil {
				t.Fatalf("after %d edits the schema does not read as a tree: %v\n%s", i, err, p)
			}
			rows := tr.Rows(nil)
			n := rows[int(op>>4)%len(rows)]
			var out []byte
			switch op % 10 {
			case 0:
				if n.IsObject() {
					out, _, err = AddProperty(p, n.Ptr, "p"+itoa(i), op&1 == 0)
				}
			case 1:
				out, err = Delete(p, n.Ptr)
			case 2:
				out, err = Move(p, n.Ptr, 1)
			case 3:
				out, err = Move(p, n.Ptr, -1)
			case 4:
				out, _, err = Duplicate(p, n.Ptr)
			case 5:
				out, _, err = Rename(p, n.Ptr, n.Name+"_r")
			case 6:
				out, err = ToggleRequired(p, n.Ptr, op&1 == 0)
			case 7:
				if n.Role != Root && n.Role != DefsGroup {
					out, err = SetType(p, n.Ptr, Types[int(op)%len(Types)], op&1 == 0)
				}
			case 8:
				out, err = SetKeyword(p, n.Ptr, "description", json.RawMessage(`"d`+itoa(i)+`"`))
			case 9:
				out, err = SetNullable(p, n.Ptr, op&1 == 0)
			}
			if err != nil || out == nil {
				continue
			}
			if err := rawjson.CheckJSON(out); err != nil {
				t.Fatalf("op %d on %s made invalid JSON: %v\n%s", op, n.Ptr, err, out)
			}
			p = out
		}
		// Each kept keyword is still there, unchanged, wherever its row is
		// now; rows deleted took theirs with them.
		now := keptValues(t, p)
		for v := range now {
			if !kept[v] {
				t.Fatalf("a kept value appeared from nowhere: %s", v)
			}
		}
		if _, ok := kept[rootKeep(schema)]; ok && rootKeep(p) != rootKeep(schema) {
			t.Fatalf("the root's x-keep changed: %s -> %s", rootKeep(schema), rootKeep(p))
		}
	})
}

// keptValues collects the values of every "x-keep" in v.
func keptValues(t *testing.T, v []byte) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	var walk func(b []byte, depth int)
	walk = func(b []byte, depth int) {
		if depth > 64 {
			return
		}
		switch rawjson.JSONKind(b) {
		case "object":
			for _, m := range rawjson.Members(b) {
				if m.Key == "x-keep" {
					out[string(m.Value)] = true
				}
				walk(m.Value, depth+1)
			}
		case "array":
			for _, e := range rawjson.Elements(b) {
				walk(e, depth+1)
			}
		}
	}
	if rawjson.CheckJSON(v) == nil {
		walk(v, 0)
	}
	return out
}

func rootKeep(v []byte) string {
	if rawjson.CheckJSON(v) != nil || rawjson.JSONKind(v) != "object" {
		return ""
	}
	k, _ := rawjson.Members(v).Get("x-keep")
	return string(k)
}
