package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/model"
)

// TestE2ETreeBuildsANestedSchema: in the real binary, a function gets an
// array of objects as a new parameter through the tree, without a brace
// typed; the saved file builds to a request holding it, and the argument
// tester accepts the tree's example arguments.
func TestE2ETreeBuildsANestedSchema(t *testing.T) {
	x := newTerm(t)
	bin, doc, status := openDoc(t, x, string(model.ExampleJSON()))

	x.keys("app", "j")
	x.waitFor("app", "get_weather selected", has("2 get_weather (function)"))
	x.keys("app", "T")
	x.waitFor("app", "the tree", has("Parameters of get_weather", "(parameters)", "city*"))
	x.keys("app", "a")
	x.waitFor("app", "the name prompt", has("New property name"))
	x.text("app", "stops")
	x.keys("app", "Enter")
	x.waitFor("app", "stops added", has("stops*", "Added stops"))
	for _, want := range []string{"number", "integer", "boolean", "object", "array"} {
		x.keys("app", "Right")
		x.waitFor("app", "stops is "+want, statusHas("stops is now "+want))
	}
	x.keys("app", "Down")
	x.waitFor("app", "the items row", has("/properties/stops/items"))
	for _, want := range []string{"number", "integer", "boolean", "object"} {
		x.keys("app", "Right")
		x.waitFor("app", "items are "+want, statusHas("items is now "+want))
	}
	x.keys("app", "a")
	x.waitFor("app", "the name prompt", has("New property name"))
	x.text("app", "place")
	x.keys("app", "Enter")
	x.waitFor("app", "place added", has("place*"))
	x.keys("app", "v")
	x.waitFor("app", "the example arguments", has("example arguments", `"place": "example"`))
	x.keys("app", "Escape")
	x.waitFor("app", "the tree closed", func(s string) bool { return !strings.Contains(s, "Parameters of get_weather") })

	x.keys("app", "A")
	x.waitFor("app", "the argument tester", has("Test arguments", "get_weather"))
	x.keys("app", "C-g")
	x.waitFor("app", "example arguments that fit", has("✓ fits get_weather's parameters"))
	x.keys("app", "Escape")
	x.waitFor("app", "the tester closed", func(s string) bool { return !strings.Contains(s, "Test arguments") })

	x.keys("app", "C-s")
	x.waitFor("app", "saved", statusHas("^Saved"))
	quitClean(t, x, status)

	var req struct {
		Tools []struct {
			Name       string          `json:"name"`
			Parameters json.RawMessage `json:"parameters"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(build(t, bin, doc), &req); err != nil {
		t.Fatal(err)
	}
	var params struct {
		Properties map[string]struct {
			Type  string `json:"type"`
			Items struct {
				Type       string                     `json:"type"`
				Properties map[string]json.RawMessage `json:"properties"`
				Required   []string                   `json:"required"`
			} `json:"items"`
		} `json:"properties"`
		Required []string `json:"required"`
	}
	if err := json.Unmarshal(req.Tools[0].Parameters, &params); err != nil {
		t.Fatal(err)
	}
	stops := params.Properties["stops"]
	if stops.Type != "array" || stops.Items.Type != "object" || stops.Items.Properties["place"] == nil ||
		len(stops.Items.Required) != 1 || !strings.Contains(strings.Join(params.Required, ","), "stops") {
		raw, _ := os.ReadFile(doc)
		t.Fatalf("the saved parameters are not what the tree built:\n%s", raw)
	}
}
