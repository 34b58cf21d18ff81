package workspace

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
	"github.com/tooltui/tooltui/internal/session"
)

// hitLine is a hit as the tests compare it.
func hitLine(h Hit) string {
	where := "builtin"
	if h.At.Kind == model.Function {
		where = "function"
	}
	return fmt.Sprintf("%s %s[%d] %s (%s) %s %s %q", h.Path, where, h.At.Index, h.Name, h.Type, h.Field, h.Pointer, h.Text)
}

func TestSearchRanksNamesFirst(t *testing.T) {
	w, _ := workspaceOf(t, map[string]string{
		"a.json": docA,
		"b.json": docB,
		"c.json": `{"tools_defs": [
  {"name": "forecast", "description": "Tomorrow's WEATHER, hour by hour", "parameters": {"type": "object", "properties": {"place": {"type": "object", "properties": {"weather_station": {"type": "string"}}}}}},
  {"name": "log_event", "description": "Log an event", "parameters": {"type": "object", "properties": {"kind": {"type": "string", "description": "What happened, e.g. a weather alert", "enum": ["weather"]}}}},
  {"name": "weather", "description": "Exact name"},
  {"name": "dump", "parameters": {"type": "object", "properties": {"x": {"type": "string", "description": "the weather_code"}, "weather_code": {"type": "integer"}}}}
], "extra": {"builtin_tools": [
  {"type": "mcp", "server_label": "weather_srv", "server_url": "https://example.com/mcp"},
  {"type": "custom", "name": "calc", "description": "Arithmetic, no weather"},
  {"type": "web_search"}
]}}`,
	})
	if err := w.Load(); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, h := range w.Search("  Weather ") {
		got = append(got, hitLine(h))
	}
	want := []string{
		`c.json function[2] weather (function) name /name "weather"`,
		`c.json builtin[0] weather_srv (mcp) name /server_label "weather_srv"`,
		`a.json function[0] get_weather (function) name /name "get_weather"`,
		`c.json function[0] forecast (function) description /description "Tomorrow's WEATHER, hour by hour"`,
		`c.json builtin[1] calc (custom) description /description "Arithmetic, no weather"`,
		`c.json function[3] dump (function) parameter /parameters/properties/weather_code "weather_code"`,
		`c.json function[1] log_event (function) parameter /parameters/properties/kind/description "What happened, e.g. a weather alert"`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("Search(weather):\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// A nested property, a built-in by its type, a body's function.
	for q, want := range map[string]string{
		"station":     `c.json function[0] forecast (function) parameter /parameters/properties/place/properties/weather_station "weather_station"`,
		"web_search":  "a.json builtin[0] web_search (web_search) name /type \"web_search\"\nc.json builtin[2] web_search (web_search) name /type \"web_search\"",
		"vs_1":        ``,
		"ADDRESS":     `b.json function[0] send_email (function) parameter /parameters/properties/to/description "Address"`,
		"file_search": `b.json builtin[0] file_search (file_search) name /type "file_search"`,
	} {
		var got []string
		for _, h := range w.Search(q) {
			got = append(got, hitLine(h))
		}
		if strings.Join(got, "\n") != want {
			t.Errorf("Search(%q):\n%s\nwant:\n%s", q, strings.Join(got, "\n"), want)
		}
	}
	if hits := w.Search(" "); len(hits) != 0 {
		t.Errorf("an empty query found %d", len(hits))
	}
}

func TestSearchSeesTheSession(t *testing.T) {
	w, _ := workspaceOf(t, map[string]string{"a.json": docA, "b.json": docB})
	if err := w.Load(); err != nil {
		t.Fatal(err)
	}
	if hits := w.Search("get_forecast"); len(hits) != 0 {
		t.Fatalf("found %v", hits)
	}
	s := mustSession(t, w, "a.json")
	if err := s.Apply("", session.At{Kind: model.Function, Index: 0}, func(d *model.Document) (*model.Document, error) {
		return model.SetToolValue(d, model.Function, 0, []string{"name"}, rawjson.String("get_forecast"))
	}); err != nil {
		t.Fatal(err)
	}
	hits := w.Search("get_forecast")
	if len(hits) != 1 || hits[0].Path != "a.json" || hits[0].At != (session.At{Kind: model.Function, Index: 0}) {
		t.Errorf("Search after a rename in the session: %v", hits)
	}
	if hits := w.Search("get_weather"); len(hits) != 0 {
		t.Errorf("the old name is still found: %v", hits)
	}
	// What a hit names is where the session has the tool.
	if tool, ok := s.Tool(hits[0].At); !ok || model.StringAt(tool.Raw, []string{"name"}) != "get_forecast" {
		t.Errorf("the hit's place holds %s", tool.Raw)
	}
}

func TestSearchDocumentInvalidEntry(t *testing.T) {
	d, err := model.Parse([]byte(`{"tools_defs": [{"name": "ok_tool"}], "extra": {"builtin_tools": [{"type": "web_search"}]}}`))
	if err != nil {
		t.Fatal(err)
	}
	// Typed in the JSON editor, not valid JSON yet: what it holds before
	// that is searched.
	d, err = model.SetToolRaw(d, model.Builtin, 0, []byte(`{"type": "custom", "name": "half_typed", "description": "Sums up the t`))
	if err != nil {
		t.Fatal(err)
	}
	hits := SearchDocument("x.json", d, "tool")
	if len(hits) != 1 || hits[0].Name != "ok_tool" {
		t.Errorf("hits: %v", hits)
	}
	hits = SearchDocument("x.json", d, "half")
	if len(hits) != 1 || hits[0].At != (session.At{Kind: model.Builtin, Index: 0}) || hits[0].Type != "custom" {
		t.Errorf("hits in the entry being typed: %v", hits)
	}
}

// FuzzIndexTool: any entry, valid or not, is indexed without a panic,
// and the schema walker comes to an end on any bytes.
func FuzzIndexTool(f *testing.F) {
	for _, s := range []string{
		`{"name": "f", "description": "D", "parameters": {"type": "object", "properties": {"a/b~c": {"type": "array", "items": [{"description": "x"}]}}}}`,
		`{"type": "mcp", "server_label": "s", "server_description": "S"}`,
		`{"name": "\u0041", "parameters": {"properties": {"\"q\"": {}}, "enum": [{"description": "no"}]}}`,
		`{"parameters": [1, {"properties": {"p": 1}}]}`,
		`{"name": "x", "parameters": {"properties": {"a": [1 2]}}}`,
		`[`, `{`, `{"parameters": {"properties": {"a":`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		tt := indexTool(session.At{Kind: model.Function}, b)
		for _, p := range tt.params {
			if p.ptr[0] > p.ptr[1] || int(p.ptr[1]) > len(tt.ptrs) {
				t.Fatalf("pointer out of range: %v", p.ptr)
			}
		}
		var ps []paramText
		w := schemaWalker{data: b, out: &ps}
		if len(b) > 0 {
			w.value(0)
		}
	})
}
