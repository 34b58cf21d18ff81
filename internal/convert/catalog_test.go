package convert

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
)

func TestCatalogAgreesWithToolTypes(t *testing.T) {
	var types []string
	for _, k := range Catalog() {
		types = append(types, k.Type)
	}
	if got, want := slices.Sorted(slices.Values(types)), slices.Sorted(slices.Values(ToolTypes())); !slices.Equal(got, want) {
		t.Fatalf("catalogue types %q\ndiffer from ToolTypes() %q", got, want)
	}
	if len(types) != len(ToolTypes()) {
		t.Fatalf("catalogue repeats a type: %q", types)
	}
	if !slices.Equal(types[:3], []string{"function", "web_search", "file_search"}) {
		t.Errorf("picker order starts %q", types[:3])
	}
	for _, typ := range ToolTypes() {
		k, ok := KindOf(typ)
		if !ok || k.Type != typ {
			t.Errorf("KindOf(%q) = %+v, %v", typ, k, ok)
		}
		if !IsToolType(typ) {
			t.Errorf("IsToolType(%q) = false", typ)
		}
	}
	for _, typ := range []string{"", "computer_use", "web_fetch", "Function"} {
		if _, ok := KindOf(typ); ok {
			t.Errorf("KindOf(%q) found", typ)
		}
		if IsToolType(typ) {
			t.Errorf("IsToolType(%q) = true", typ)
		}
	}
	Catalog()[0].Type = "changed"
	if Catalog()[0].Type != "function" {
		t.Error("Catalog returns shared storage")
	}
}

func TestCatalogFamilies(t *testing.T) {
	cases := map[string]string{
		"web_search":                    "web_search",
		"web_search_2025_08_26":         "web_search",
		"web_search_preview":            "web_search",
		"web_search_preview_2025_03_11": "web_search",
		"file_search":                   "file_search",
		"function":                      "function",
		"computer_use_preview":          "computer_use_preview",
		"mcp":                           "mcp",
		"web_fetch":                     "web_fetch", // unknown: its own
	}
	for typ, want := range cases {
		if got := FamilyOf(typ); got != want {
			t.Errorf("FamilyOf(%q) = %q, want %q", typ, got, want)
		}
	}
	for _, k := range Catalog() {
		if k.Summary == "" || strings.Contains(k.Summary, "\n") {
			t.Errorf("%s: summary %q", k.Type, k.Summary)
		}
		if k.Family != "web_search" && k.Family != k.Type {
			t.Errorf("%s: family %q", k.Type, k.Family)
		}
	}
}

// Every template converts with no diagnostic at all, in tools_defs (the
// function) or extra.builtin_tools (the others), and keeps its type.
func TestCatalogTemplatesConvert(t *testing.T) {
	for _, k := range Catalog() {
		t.Run(k.Type, func(t *testing.T) {
			if !json.Valid([]byte(k.Template)) {
				t.Fatalf("template is not JSON: %s", k.Template)
			}
			o, err := rawjson.ParseObject([]byte(k.Template))
			if err != nil {
				t.Fatal(err)
			}
			typ, hasType := o.Get("type")
			d := &model.Document{Fields: rawjson.Object{{Key: "model", Value: rawjson.String("gpt-5")}}}
			if k.Type == "function" {
				if hasType {
					t.Errorf("the function template carries a type: %s", k.Template)
				}
				d.Functions = []model.Tool{{Raw: []byte(k.Template)}}
			} else {
				if string(typ) != `"`+k.Type+`"` {
					t.Errorf("template type %s, want %q", typ, k.Type)
				}
				d.Builtins = []model.Tool{{Raw: []byte(k.Template)}}
			}
			r := (&Converter{}).Convert(d)
			if k.Type == "file_search" {
				// Its vector store IDs are the user's to fill in; until
				// then it is left out, and says so.
				if len(r.Diagnostics) != 1 || r.Diagnostics[0].Path != "/vector_store_ids" || len(r.Tools) != 0 {
					t.Fatalf("%d tools, diagnostics:\n%s", len(r.Tools), diagLines(r.Diagnostics))
				}
				return
			}
			if len(r.Diagnostics) != 0 || len(r.Tools) != 1 {
				t.Fatalf("%d tools, diagnostics:\n%s", len(r.Tools), diagLines(r.Diagnostics))
			}
		})
	}
}

// Choosable and NamedBy say what the spec's ToolChoiceParam says: the
// types it accepts alone ({"type": T}) and the key its named choices
// require.
func TestCatalogChoiceAgreesWithSchema(t *testing.T) {
	var doc struct {
		Defs map[string]struct {
			OneOf []struct {
				Ref string `json:"$ref"`
			} `json:"oneOf"`
			Properties map[string]struct {
				Enum []string `json:"enum"`
			} `json:"properties"`
			Required []string `json:"required"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(toolsSchemaJSON, &doc); err != nil {
		t.Fatal(err)
	}
	byType := map[string]bool{} // types choosable alone
	namedBy := map[string]string{}
	for _, ref := range doc.Defs["ToolChoiceParam"].OneOf {
		def := doc.Defs[strings.TrimPrefix(ref.Ref, "#/$defs/")]
		types := def.Properties["type"].Enum
		var others []string
		for _, r := range def.Required {
			if r != "type" {
				others = append(others, r)
			}
		}
		for _, typ := range types {
			switch {
			case typ == "allowed_tools":
			case len(others) == 0:
				byType[typ] = true
			case len(others) == 1:
				namedBy[typ] = others[0]
			default:
				t.Errorf("tool_choice %q requires %q", typ, others)
			}
		}
	}
	for _, k := range Catalog() {
		if k.Choosable != byType[k.Type] {
			t.Errorf("%s: Choosable = %v, the spec says %v", k.Type, k.Choosable, byType[k.Type])
		}
		if k.NamedBy != namedBy[k.Type] {
			t.Errorf("%s: NamedBy = %q, the spec says %q", k.Type, k.NamedBy, namedBy[k.Type])
		}
		delete(byType, k.Type)
	}
	for typ := range byType {
		if _, ok := choiceOnlyTypes[typ]; !ok {
			t.Errorf("tool_choice type %q is neither a tool type nor in choiceOnlyTypes", typ)
		}
	}
	for typ, alts := range choiceOnlyTypes {
		for _, a := range alts {
			if !IsToolType(a) {
				t.Errorf("choiceOnlyTypes[%q] holds unknown %q", typ, a)
			}
		}
	}
}

func TestSatisfiesChoice(t *testing.T) {
	cases := []struct {
		choice, tool string
		want         bool
	}{
		{"web_search", "web_search", true},
		{"web_search", "web_search_2025_08_26", true},
		{"web_search_2025_08_26", "web_search", true},
		{"web_search_preview", "web_search_preview_2025_03_11", true},
		{"web_search_preview_2025_03_11", "web_search_preview", true},
		{"web_search_preview", "web_search", false},
		{"web_search", "web_search_preview", false},
		{"computer_use", "computer", true},
		{"computer_use", "computer_use_preview", true},
		{"computer", "computer_use_preview", false},
		{"file_search", "file_search", true},
		{"file_search", "web_search", false},
		{"mcp", "mcp", true},
	}
	for _, c := range cases {
		if got := satisfiesChoice(c.choice, c.tool); got != c.want {
			t.Errorf("satisfiesChoice(%q, %q) = %v", c.choice, c.tool, got)
		}
	}
}
