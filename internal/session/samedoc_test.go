package session

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/tooltui/tooltui/internal/model"
)

// TestSameDocComparesEveryMember: SameDoc knows every member of
// model.Document; a new member makes this test fail until it does.
func TestSameDocComparesEveryMember(t *testing.T) {
	for typ, known := range map[reflect.Type][]string{
		reflect.TypeFor[model.Document](): {"Fields", "Functions", "Builtins", "Extra", "ToolsDefsRaw", "BuiltinsRaw", "ExtraRaw",
			"Mocks", "RequestDrafts", "Source", "Format", "Order", "Layout", "MCPServers"},
		reflect.TypeFor[model.Tool](): {"Raw", "Draft", "DraftField", "Disabled", "Origin", "Server", "ServerTool"},
	} {
		if typ.NumField() != len(known) {
			t.Fatalf("%s has %d members, SameDoc compares %d: %v", typ, typ.NumField(), len(known), known)
		}
		for _, k := range known {
			if _, ok := typ.FieldByName(k); !ok {
				t.Fatalf("%s has no %s", typ, k)
			}
		}
	}
	a := model.Example()
	if !SameDoc(a, a.Clone()) {
		t.Fatal("a document differs from its clone")
	}
	b := a.Clone()
	b.Mocks = map[string]json.RawMessage{"f": json.RawMessage(`{"output":"x"}`)}
	if SameDoc(a, b) {
		t.Fatal("mocks are not compared")
	}
}

func TestSameJSON(t *testing.T) {
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{`{"a": 1}`, `{"a":1}`, true},
		{"{\n  \"a\" : [1, 2]\n}", `{"a":[1,2]}`, true},
		{`{"a": "x y"}`, `{"a":"xy"}`, false},
		{`{"a": "x\" y"}`, `{"a":"x\"y"}`, false},
		{`{"a": "x\\" , "b":1}`, `{"a":"x\\","b":1}`, true},
		{`{"a": 1}`, `{"a": 12}`, false},
		{`{"a": 1} `, `{"a": 1}`, true},
		{``, ``, true},
		{`[1]`, `[1]]`, false},
	} {
		if got := sameJSON([]byte(c.a), []byte(c.b)); got != c.same {
			t.Errorf("sameJSON(%s, %s) = %v", c.a, c.b, got)
		}
	}
}
