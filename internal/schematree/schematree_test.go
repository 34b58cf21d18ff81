package schematree

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// rowText is a row as "depth name type [req]": enough to see the tree's
// shape in a table.
func rowText(n *Node) string {
	s := fmt.Sprintf("%d %s %s", n.Depth, n.Name, n.Type.Label())
	if n.Required {
		s += " req"
	}
	return s
}

func TestParseRows(t *testing.T) {
	cases := []struct {
		name, params string
		want         []string
	}{
		{"absent", ``, []string{"0  object"}},
		{"null", `null`, []string{"0  object"}},
		{"flat", `{"type":"object","properties":{"city":{"type":"string"},"unit":{"type":"string","enum":["c","f"]}},"required":["city"]}`,
			[]string{"0  object", "1 city string req", "1 unit enum"}},
		{"nullable and nested", `{"type":"object","properties":{"a":{"type":["integer","null"]},"o":{"type":"object","properties":{"items":{"type":"array","items":{"type":"boolean"}}},"required":["items"]}},"required":["a","o"]}`,
			[]string{"0  object", "1 a integer|null req", "1 o object req", "2 items array req", "3 items boolean"}},
		{"anyOf and refs", `{"type":"object","properties":{"x":{"anyOf":[{"$ref":"#/$defs/P"},{"type":"null"}]}},"$defs":{"P":{"type":"object"}}}`,
			[]string{"0  object", "1 x anyOf|null", "2 anyOf 1 → P", "2 anyOf 2 null", "1 $defs any", "2 P object"}},
		{"untyped root", `{"properties":{"q":{}}}`, []string{"0  any", "1 q any"}},
		{"key order kept", `{"type":"object","properties":{"z":{"type":"string"},"a":{"type":"string"},"m":{"type":"string"}}}`,
			[]string{"0  object", "1 z string", "1 a string", "1 m string"}},
		{"boolean schemas", `{"type":"object","properties":{"t":true,"f":false}}`,
			[]string{"0  object", "1 t any (true)", "1 f nothing (false)"}},
		{"mixed type", `{"type":"object","properties":{"v":{"type":["string","number","null"]}}}`,
			[]string{"0  object", "1 v string|number|null"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr, err := Parse([]byte(c.params))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, n := range tr.Rows(nil) {
				got = append(got, rowText(n))
			}
			// Len counts the rows Rows lists when nothing is folded.
			if tr.Len() != len(got) {
				t.Errorf("Len %d, Rows %d", tr.Len(), len(got))
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("rows:\n got %q\nwant %q", got, c.want)
			}
		})
	}
}

func TestRowsFolded(t *testing.T) {
	tr, err := Parse([]byte(`{"type":"object","properties":{"o":{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}}},"c":{"type":"string"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	rows := tr.Rows(func(ptr string) bool { return ptr == "/properties/o" })
	var got []string
	for _, n := range rows {
		got = append(got, n.Ptr)
	}
	want := []string{"", "/properties/o", "/properties/c"}
	if !slices.Equal(got, want) {
		t.Fatalf("folded rows %q, want %q", got, want)
	}
	if n := tr.Node("/properties/o/properties/b"); n == nil || n.Parent != tr.Node("/properties/o") {
		t.Fatalf("Node of a folded row: %+v", n)
	}
	if n := tr.Nearest("/properties/o/properties/a/minLength"); n.Ptr != "/properties/o/properties/a" {
		t.Fatalf("Nearest = %q", n.Ptr)
	}
	if n := tr.Nearest("/nowhere/at/all"); n != tr.Root {
		t.Fatalf("Nearest of an unknown pointer = %q, want the root", n.Ptr)
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct {
		name, params string
		syntax       bool   // a *rawjson.SyntaxError
		ptr          string // else an *Unrepresentable at ptr
		reason       string
	}{
		{"invalid JSON", "{\n  \"type\": }", true, "", ""},
		{"array", `[1]`, false, "", "a JSON array"},
		{"string root", `{"type":"string"}`, false, "", `"string", not an object`},
		{"not", `{"type":"object","properties":{"a":{"not":{"type":"string"}}}}`, false, "/properties/a", `"not"`},
		{"if", `{"type":"object","if":{}}`, false, "", `"if"`},
		{"deep allOf", `{"type":"object","properties":{"a":{"allOf":[{}]}}}`, false, "/properties/a", "allOf"},
		{"allOf in allOf", `{"allOf":[{"allOf":[]}]}`, false, "/allOf/0", "allOf"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse([]byte(c.params))
			if c.syntax {
				var se *rawjson.SyntaxError
				if !errors.As(err, &se) || se.Line != 2 {
					t.Fatalf("err = %v, want a syntax error on line 2", err)
				}
				return
			}
			var u *Unrepresentable
			if !errors.As(err, &u) {
				t.Fatalf("err = %v, want *Unrepresentable", err)
			}
			if u.Ptr != c.ptr || !strings.Contains(u.Reason, c.reason) {
				t.Fatalf("got %q at %q, want %q at %q", u.Reason, u.Ptr, c.reason, c.ptr)
			}
		})
	}
}

func TestNodeDetails(t *testing.T) {
	tr, err := Parse([]byte(`{"type":"object","properties":{"n":{"type":"integer","description":"How many","minimum":1,"maximum":9,"x-unit":"items","default":3}},"additionalProperties":false}`))
	if err != nil {
		t.Fatal(err)
	}
	n := tr.Node("/properties/n")
	if n.Description() != "How many" {
		t.Errorf("Description %q", n.Description())
	}
	if got, want := n.Summary(), []string{"1…9", "default 3"}; !slices.Equal(got, want) {
		t.Errorf("Summary %q, want %q", got, want)
	}
	if got, want := n.OtherText(20), []string{`x-unit="items"`}; !slices.Equal(got, want) {
		t.Errorf("OtherText %q, want %q", got, want)
	}
	if got := tr.Root.Summary(); !slices.Equal(got, []string{"closed"}) {
		t.Errorf("root Summary %q", got)
	}
}

func TestPointers(t *testing.T) {
	p := Join("", "properties", "a/b", "items", "~x")
	if p != "/properties/a~1b/items/~0x" {
		t.Fatalf("Join = %q", p)
	}
	if got := Split(p); !slices.Equal(got, []string{"properties", "a/b", "items", "~x"}) {
		t.Fatalf("Split = %q", got)
	}
	if Split("") != nil {
		t.Fatal("Split of the root is not empty")
	}
	for ref, want := range map[string]string{"#": "(root)", "#/$defs/Address": "Address", "other.json": "other.json"} {
		if got := RefName(ref); got != want {
			t.Errorf("RefName(%q) = %q, want %q", ref, got, want)
		}
	}
}

func TestStrictCompatible(t *testing.T) {
	cases := []struct {
		params string
		ok     bool
		reason string
	}{
		{``, true, ""},
		{`{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false}`, true, ""},
		{`{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":false}`, false, `/properties/a: every property must be in "required"`},
		{`{"type":"object","properties":{}}`, false, `(root): an object needs "additionalProperties": false`},
		{`{"type":"object","properties":{"a":{"type":"string","format":"uri"}},"required":["a"],"additionalProperties":false}`, false, `format "uri"`},
		{`{"type":"object","not":{}}`, false, `"not"`},
	}
	for _, c := range cases {
		ok, reason := StrictCompatible([]byte(c.params))
		if ok != c.ok || !strings.Contains(reason, c.reason) || c.ok && reason != "" {
			t.Errorf("StrictCompatible(%s) = %v, %q; want %v, %q", c.params, ok, reason, c.ok, c.reason)
		}
	}
}
