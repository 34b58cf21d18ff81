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
			"Mocks", "RequestDrafts", "Source", "Format", "Order", "Layout", "MCPServers", "Merged"},
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

// TestSameDocIgnoresLayout: a document reloaded from its file holds its
// values in the file's layout, an edited one compactly; both save the
// same bytes, so neither is modified against the other.
func TestSameDocIgnoresLayout(t *testing.T) {
	compact := `{"model":"m","tool_choice":{"type":"function","name":"f"},"tools_defs":[{"name":"f","parameters":{"type":"object"}}],"tooltui":{"mocks":{"f":{"when":[{"args":{"a":"1"},"output":73}]}}}}`
	spread := "{\n\t\"model\": \"m\",\n\t\"tool_choice\": {\n\t\t\"type\": \"function\",\n\t\t\"name\": \"f\"\n\t},\n\t\"tools_defs\": [{\"name\": \"f\", \"parameters\": {\"type\": \"object\"}}],\n\t\"tooltui\": {\"mocks\": {\"f\": {\n\t\t\"when\": [ {\"args\": {\"a\": \"1\"}, \"output\": 73} ]\n\t}}}\n}"
	a, err := model.Parse([]byte(compact))
	if err != nil {
		t.Fatal(err)
	}
	b, err := model.Parse([]byte(spread))
	if err != nil {
		t.Fatal(err)
	}
	b.Layout = a.Layout // the files' own layouts differ; their values do not
	ma, _ := a.Marshal()
	mb, _ := b.Marshal()
	if string(ma) != string(mb) {
		t.Fatalf("the two save differently:\n%s\n%s", ma, mb)
	}
	if !SameDoc(a, b) {
		t.Error("the same values in another layout differ")
	}
	b.Mocks["f"] = json.RawMessage(`{"when":[{"args":{"a":"1"},"output":74}]}`)
	if SameDoc(a, b) {
		t.Error("another mock output is the same")
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
