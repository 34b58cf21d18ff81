package model

import "testing"

func TestToolName(t *testing.T) {
	for _, c := range []struct {
		k                 Kind
		raw               string
		family, key, name string
	}{
		{Function, `{"name": "f"}`, FamilyFunction, "name", "f"},
		{Builtin, `{"type": "custom", "name": "c"}`, FamilyCustom, "name", "c"},
		{Builtin, `{"type": "mcp", "server_label": "s"}`, FamilyMCP, "server_label", "s"},
		{Builtin, `{"type": "web_search"}`, "", "", ""},
		{Function, `{"name": "f"`, "", "", ""},
	} {
		f, k, n := ToolName(c.k, []byte(c.raw))
		if f != c.family || k != c.key || n != c.name {
			t.Errorf("ToolName(%s) = %q %q %q", c.raw, f, k, n)
		}
	}
	d, err := Parse([]byte(`{"tools_defs": [{"name": "f"}], "extra": {"builtin_tools": [{"type": "custom", "name": "c"}, {"type": "mcp", "server_label": "f"}]}}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		family, name string
		want         bool
	}{
		{FamilyFunction, "f", true}, {FamilyFunction, "c", true}, {FamilyCustom, "f", true},
		{FamilyMCP, "f", true}, {FamilyMCP, "c", false}, {FamilyFunction, "g", false},
	} {
		if got := d.NameTaken(c.family, c.name); got != c.want {
			t.Errorf("NameTaken(%s, %s) = %v", c.family, c.name, got)
		}
	}
}
