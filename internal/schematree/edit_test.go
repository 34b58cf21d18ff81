package schematree

import (
	"bytes"
	"testing"
)

const editBase = `{"type":"object","description":"d","properties":{"city":{"type":"string"},"unit":{"type":"string","enum":["c","f"]},"x-note":1},"required":["city","unit"],"additionalProperties":false,"$defs":{"Addr":{"type":"object","properties":{"zip":{"type":"string"}}}},"x-keep":{"a":[1,2]}}`

func TestEdits(t *testing.T) {
	cases := []struct {
		name string
		do   func(p []byte) ([]byte, error)
		want string
	}{
		{"add a property", func(p []byte) ([]byte, error) {
			out, ptr, err := AddProperty(p, "", "days", true)
			if ptr != "/properties/days" {
				t.Errorf("ptr %q", ptr)
			}
			return out, err
		}, `{"type":"object","description":"d","properties":{"city":{"type":"string"},"unit":{"type":"string","enum":["c","f"]},"x-note":1,"days":{"type":"string"}},"required":["city","unit","days"],"additionalProperties":false,"$defs":{"Addr":{"type":"object","properties":{"zip":{"type":"string"}}}},"x-keep":{"a":[1,2]}}`},
		{"add to a nested object closes it under strict", func(p []byte) ([]byte, error) {
			out, _, err := AddProperty(p, "/$defs/Addr", "street", true)
			return out, err
		}, `{"type":"object","description":"d","properties":{"city":{"type":"string"},"unit":{"type":"string","enum":["c","f"]},"x-note":1},"required":["city","unit"],"additionalProperties":false,"$defs":{"Addr":{"type":"object","properties":{"zip":{"type":"string"},"street":{"type":"string"}},"required":["street"],"additionalProperties":false}},"x-keep":{"a":[1,2]}}`},
		{"delete takes required with it", func(p []byte) ([]byte, error) { return Delete(p, "/properties/city") },
			`{"type":"object","description":"d","properties":{"unit":{"type":"string","enum":["c","f"]},"x-note":1},"required":["unit"],"additionalProperties":false,"$defs":{"Addr":{"type":"object","properties":{"zip":{"type":"string"}}}},"x-keep":{"a":[1,2]}}`},
		{"move down swaps required too", func(p []byte) ([]byte, error) { return Move(p, "/properties/city", 1) },
			`{"type":"object","description":"d","properties":{"unit":{"type":"string","enum":["c","f"]},"city":{"type":"string"},"x-note":1},"required":["unit","city"],"additionalProperties":false,"$defs":{"Addr":{"type":"object","properties":{"zip":{"type":"string"}}}},"x-keep":{"a":[1,2]}}`},
		{"duplicate", func(p []byte) ([]byte, error) {
			out, ptr, err := Duplicate(p, "/properties/city")
			if ptr != "/properties/city_2" {
				t.Errorf("ptr %q", ptr)
			}
			return out, err
		}, `{"type":"object","description":"d","properties":{"city":{"type":"string"},"city_2":{"type":"string"},"unit":{"type":"string","enum":["c","f"]},"x-note":1},"required":["city","unit","city_2"],"additionalProperties":false,"$defs":{"Addr":{"type":"object","properties":{"zip":{"type":"string"}}}},"x-keep":{"a":[1,2]}}`},
		{"rename a property", func(p []byte) ([]byte, error) {
			out, _, err := Rename(p, "/properties/city", "town")
			return out, err
		}, `{"type":"object","description":"d","properties":{"town":{"type":"string"},"unit":{"type":"string","enum":["c","f"]},"x-note":1},"required":["town","unit"],"additionalProperties":false,"$defs":{"Addr":{"type":"object","properties":{"zip":{"type":"string"}}}},"x-keep":{"a":[1,2]}}`},
		{"toggle required, not strict", func(p []byte) ([]byte, error) { return ToggleRequired(p, "/properties/city", false) },
			`{"type":"object","description":"d","properties":{"city":{"type":"string"},"unit":{"type":"string","enum":["c","f"]},"x-note":1},"required":["unit"],"additionalProperties":false,"$defs":{"Addr":{"type":"object","properties":{"zip":{"type":"string"}}}},"x-keep":{"a":[1,2]}}`},
		{"optional under strict is required and nullable", func(p []byte) ([]byte, error) { return ToggleRequired(p, "/properties/unit", true) },
			`{"type":"object","description":"d","properties":{"city":{"type":"string"},"unit":{"type":["string","null"],"enum":["c","f",null]},"x-note":1},"required":["city","unit"],"additionalProperties":false,"$defs":{"Addr":{"type":"object","properties":{"zip":{"type":"string"}}}},"x-keep":{"a":[1,2]}}`},
		{"type to object", func(p []byte) ([]byte, error) { return SetType(p, "/properties/city", "object", true) },
			`{"type":"object","description":"d","properties":{"city":{"type":"object","properties":{},"required":[],"additionalProperties":false},"unit":{"type":"string","enum":["c","f"]},"x-note":1},"required":["city","unit"],"additionalProperties":false,"$defs":{"Addr":{"type":"object","properties":{"zip":{"type":"string"}}}},"x-keep":{"a":[1,2]}}`},
		{"enum to integer drops the values", func(p []byte) ([]byte, error) { return SetType(p, "/properties/unit", "integer", true) },
			`{"type":"object","description":"d","properties":{"city":{"type":"string"},"unit":{"type":"integer"},"x-note":1},"required":["city","unit"],"additionalProperties":false,"$defs":{"Addr":{"type":"object","properties":{"zip":{"type":"string"}}}},"x-keep":{"a":[1,2]}}`},
		{"description", func(p []byte) ([]byte, error) {
			return SetKeyword(p, "/properties/city", "description", []byte(`"Where"`))
		}, `{"type":"object","description":"d","properties":{"city":{"type":"string","description":"Where"},"unit":{"type":"string","enum":["c","f"]},"x-note":1},"required":["city","unit"],"additionalProperties":false,"$defs":{"Addr":{"type":"object","properties":{"zip":{"type":"string"}}}},"x-keep":{"a":[1,2]}}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := c.do([]byte(editBase))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != c.want {
				t.Fatalf("got\n%s\nwant\n%s", got, c.want)
			}
			if _, err := Parse(got); err != nil {
				t.Fatalf("the result does not parse as a tree: %v", err)
			}
		})
	}
}

func TestRenameDefinitionFollowsRefs(t *testing.T) {
	p := `{"type":"object","properties":{"a":{"$ref":"#/$defs/Addr"},"b":{"items":{"$ref":"#/$defs/Addr/properties/zip"}}},"$defs":{"Addr":{"type":"object"}}}`
	got, ptr, err := Rename([]byte(p), "/$defs/Addr", "Address")
	if err != nil || ptr != "/$defs/Address" {
		t.Fatal(err, ptr)
	}
	want := `{"type":"object","properties":{"a":{"$ref":"#/$defs/Address"},"b":{"items":{"$ref":"#/$defs/Address/properties/zip"}}},"$defs":{"Address":{"type":"object"}}}`
	if string(got) != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

func TestEditsRefuse(t *testing.T) {
	p := []byte(editBase)
	if _, err := Delete(p, ""); err == nil {
		t.Error("deleted the root")
	}
	if _, err := Move(p, "/properties/city", -1); err == nil {
		t.Error("moved the first property up")
	}
	if _, _, err := Rename(p, "/properties/city", "unit"); err == nil {
		t.Error("renamed onto a sibling")
	}
	if _, _, err := AddProperty(p, "", "city", false); err == nil {
		t.Error("added a property twice")
	}
	if _, err := ToggleRequired(p, "/$defs/Addr", false); err == nil {
		t.Error("required on a definition")
	}
	got, ptr, err := AddProperty(nil, "", "q", true)
	if err != nil || ptr != "/properties/q" || string(got) != `{"type":"object","properties":{"q":{"type":"string"}},"required":["q"],"additionalProperties":false}` {
		t.Fatalf("empty parameters: %s %v", got, err)
	}
}

// A property the tree adds, and a schema infer makes, carry no
// "description" until one is typed: an empty one costs tokens in every
// request and says nothing.
func TestNoEmptyDescription(t *testing.T) {
	p := []byte(`{"type":"object","properties":{"a":{"type":"object","properties":{}}}}`)
	for _, at := range []string{"", "/properties/a"} {
		for _, strict := range []bool{false, true} {
			got, _, err := AddProperty(p, at, "b", strict)
			if err != nil || bytes.Contains(got, []byte("description")) {
				t.Errorf("AddProperty at %q: %s %v", at, got, err)
			}
		}
	}
	got, err := Infer([]byte(`{"city":"Paris","n":3,"tags":["a"],"at":{"lat":1.5},"stops":[{"name":"x"}],"note":null}`))
	if err != nil || bytes.Contains(got, []byte("description")) {
		t.Errorf("Infer: %s %v", got, err)
	}
}
