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
	x.addProperty("app", "stops")
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
	x.addProperty("app", "place")
	x.waitFor("app", "place added", has("place*"))
	x.waitFor("app", "the example arguments", has("example arguments", `"place": "example"`))
	x.keys("app", "Escape")
	x.waitFor("app", "the form again", all(has("2 get_weather (function)"),
		func(s string) bool { return !strings.Contains(s, "Parameters of get_weather") }))

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

// TestE2ETreePane: the tree takes the form's place beside the tools, the
// preview and the diagnostics on a wide screen (160×45), its example
// arguments following the schema; ctrl+s saves and ? lists its keys there;
// on an 80×24 screen it takes the whole body (zoomed), tab and shift+tab
// move between it and the other panes, esc leaves it for the form and the
// tools list, and ctrl+q there quits as on every pane.
func TestE2ETreePane(t *testing.T) {
	x := newTerm(t)
	_, _, status := openDoc(t, x, string(model.ExampleJSON()))
	notIn := func(sub string) func(string) bool { return func(s string) bool { return !strings.Contains(s, sub) } }

	x.must("resize-window", "-t", "app", "-x", "160", "-y", "45")
	x.waitFor("app", "the wide layout", all(has("4 Diagnostics · 0 errors, 0 warnings"), inTools))
	x.keys("app", "j", "T")
	x.waitFor("app", "the tree beside the preview", all(
		has("1 Tools", "2 Parameters of get_weather · tree · 3 rows", "3 Preview", "4 Diagnostics", "city*", "unit*",
			"example arguments", `"city": "example"`, `"unit": "celsius"`),
		notIn("zoomed")))
	x.addProperty("app", "stops")
	x.waitFor("app", "stops in the tree, the example and the preview", all(has("stops*", `"stops": "example"`, `"stops": {`),
		statusHas("Added stops")))

	x.keys("app", "C-s")
	x.waitFor("app", "saved from the tree", all(statusHas("^Saved"), has("2 Parameters of get_weather")))
	x.keys("app", "?")
	x.waitFor("app", "the tree's keys", has("Keys of the parameters tree", "add a property"))
	x.keys("app", "Escape")
	x.waitFor("app", "the keys closed", all(notIn("Keys of the parameters tree"), has("2 Parameters of get_weather")))

	x.must("resize-window", "-t", "app", "-x", "80", "-y", "24")
	x.waitFor("app", "the tree zoomed", all(has("2 Parameters of get_weather · tree · 4 rows · zoomed", "stops*", `"stops": "example"`),
		notIn("1 Tools"), notIn("3 Preview")))
	x.keys("app", "Tab")
	x.waitFor("app", "the other panes, the tree in the form's place", all(has("1 Tools", "3 Preview", "2 Parameters of get_weather"),
		notIn("zoomed")))
	x.keys("app", "BTab")
	x.waitFor("app", "the tree zoomed again", has("zoomed", "stops*"))
	x.keys("app", "Escape")
	x.waitFor("app", "the form again, the tools list focused", all(has("2 get_weather (function)"), notIn("Parameters of get_weather"),
		inTools))
	x.keys("app", "T")
	x.waitFor("app", "the tree again", has("Parameters of get_weather · tree"))
	quitClean(t, x, status) // ctrl+q in the tree quits, as on every pane
}
