package convert

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/model"
)

// propertyNames lists every property name of every object schema in v,
// with its pointer, so a repair can be checked to keep them all.
func propertyNames(t *testing.T, v any, ptr string, out map[string]bool) {
	t.Helper()
	switch x := v.(type) {
	case map[string]any:
		if props, ok := x["properties"].(map[string]any); ok {
			for k := range props {
				out[ptr+"/properties/"+k] = true
			}
		}
		for k, c := range x {
			propertyNames(t, c, ptr+"/"+k, out)
		}
	case []any:
		for i, c := range x {
			propertyNames(t, c, ptr+"/"+itoa(i), out)
		}
	}
}

func decodeAny(t *testing.T, s []byte) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(s, &v); err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return v
}

func TestStrictRepair(t *testing.T) {
	cases := []struct {
		name, in, want string
		ok             bool
	}{
		{"optional string becomes required and nullable",
			`{"type":"object","properties":{"city":{"type":"string"},"unit":{"type":"string","description":"C or F"}},"required":["city"]}`,
			`{"type":"object","properties":{"city":{"type":"string"},"unit":{"type":["string","null"],"description":"C or F"}},"required":["city","unit"],"additionalProperties":false}`, true},
		{"type array gains null",
			`{"type":"object","properties":{"n":{"type":["integer","string"]}},"additionalProperties":false}`,
			`{"type":"object","properties":{"n":{"type":["integer","string","null"]}},"additionalProperties":false,"required":["n"]}`, true},
		{"enum is wrapped, the description outside",
			`{"type":"object","properties":{"u":{"type":"string","enum":["c","f"],"description":"unit"}}}`,
			`{"type":"object","properties":{"u":{"description":"unit","anyOf":[{"type":"string","enum":["c","f"]},{"type":"null"}]}},"additionalProperties":false,"required":["u"]}`, true},
		{"$ref is wrapped",
			`{"type":"object","properties":{"a":{"$ref":"#/$defs/addr"}},"$defs":{"addr":{"type":"object","properties":{"city":{"type":"string"}}}},"required":[]}`,
			`{"type":"object","properties":{"a":{"anyOf":[{"$ref":"#/$defs/addr"},{"type":"null"}]}},"$defs":{"addr":{"type":"object","properties":{"city":{"type":["string","null"]}},"additionalProperties":false,"required":["city"]}},"required":["a"],"additionalProperties":false}`, true},
		{"anyOf gains a null branch",
			`{"type":"object","properties":{"x":{"anyOf":[{"type":"string"},{"type":"number"}]}},"required":[],"additionalProperties":false}`,
			`{"type":"object","properties":{"x":{"anyOf":[{"type":"string"},{"type":"number"},{"type":"null"}]}},"required":["x"],"additionalProperties":false}`, true},
		{"already nullable stays as it is",
			`{"type":"object","properties":{"x":{"type":["string","null"]}},"additionalProperties":false}`,
			`{"type":"object","properties":{"x":{"type":["string","null"]}},"additionalProperties":false,"required":["x"]}`, true},
		{"required names that are not properties go",
			`{"type":"object","properties":{"a":{"type":"string"}},"required":["a","ghost","a"],"additionalProperties":false}`,
			`{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false}`, true},
		{"nested objects and array items",
			`{"type":"object","properties":{"items":{"type":"array","items":{"type":"object","properties":{"sku":{"type":"string"}}}}},"required":["items"]}`,
			`{"type":"object","properties":{"items":{"type":"array","items":{"type":"object","properties":{"sku":{"type":["string","null"]}},"additionalProperties":false,"required":["sku"]}}},"required":["items"],"additionalProperties":false}`, true},
		{"a root with properties and no type gets one",
			`{"properties":{"a":{"type":"string"}},"required":["a"]}`,
			`{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false}`, true},
		{"allOf cannot be repaired", `{"type":"object","properties":{"a":{"allOf":[{"type":"string"}]}},"required":["a"],"additionalProperties":false}`, "", false},
		{"additionalProperties true is kept, so no repair", `{"type":"object","properties":{},"additionalProperties":true}`, "", false},
		{"a root that is not an object", `{"type":"string"}`, "", false},
		{"not JSON", `{`, "", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, ok := StrictRepair([]byte(c.in))
			if ok != c.ok {
				t.Fatalf("ok = %v, want %v (%s)", ok, c.ok, got)
			}
			if !ok {
				return
			}
			if string(got) != c.want {
				t.Fatalf("got\n%s\nwant\n%s", got, c.want)
			}
			var w strictWalk
			w.walkRaw(got, "/parameters", 0)
			w.finish("/parameters")
			if len(w.found) != 0 {
				t.Fatalf("still not strict-compatible: %v", w.found)
			}
			before, after := map[string]bool{}, map[string]bool{}
			propertyNames(t, decodeAny(t, []byte(c.in)), "", before)
			propertyNames(t, decodeAny(t, got), "", after)
			for p := range before {
				if !after[p] && !strings.Contains(p, "/anyOf/") {
					// a wrapped property moves under anyOf/0; its own
					// properties are checked through $defs and items above
					t.Errorf("lost property %s", p)
				}
			}
		})
	}
}

// fixOf finds the diagnostic at loc+path offering a fix of kind k.
func fixOf(t *testing.T, d *model.Document, loc, path string, k FixKind) (Diagnostic, Fix) {
	t.Helper()
	_, diags := Convert(d)
	for _, dg := range diags {
		if dg.Location != loc || dg.Path != path {
			continue
		}
		for _, f := range dg.Fixes {
			if f.Kind == k {
				return dg, f
			}
		}
	}
	for _, dg := range diags {
		t.Logf("%s fixes %v", dg, dg.Fixes)
	}
	t.Fatalf("no fix %d at %s %s", k, loc, path)
	return Diagnostic{}, Fix{}
}

func TestApplyFix(t *testing.T) {
	cases := []struct {
		name, doc, loc, path string
		kind                 FixKind
		check                func(t *testing.T, d *model.Document)
	}{
		{"strict true with an optional property", `{"model":"m","tools_defs":[{"name":"w","description":"","strict":true,
			"parameters":{"type":"object","properties":{"city":{"type":"string"},"unit":{"type":"string"}},"required":["city"],"additionalProperties":false}}]}`,
			"tools_defs[0]", "/parameters", FixStrict, func(t *testing.T, d *model.Document) {
				want := `{"name":"w","description":"","strict":true,"parameters":{"type":"object","properties":{"city":{"type":"string"},"unit":{"type":["string","null"]}},"required":["city","unit"],"additionalProperties":false}}`
				if got := string(d.Functions[0].Raw); got != want {
					t.Fatalf("got %s\nwant %s", got, want)
				}
			}},
		{"strict absent, repairable: set true and repair", `{"model":"m","tools_defs":[{"name":"w","description":"",
			"parameters":{"type":"object","properties":{"city":{"type":"string"}}}}]}`,
			"tools_defs[0]", "/parameters", FixStrict, func(t *testing.T, d *model.Document) {
				want := `{"name":"w","description":"","parameters":{"type":"object","properties":{"city":{"type":["string","null"]}},"additionalProperties":false,"required":["city"]},"strict":true}`
				if got := string(d.Functions[0].Raw); got != want {
					t.Fatalf("got %s\nwant %s", got, want)
				}
			}},
		{"strict absent, compatible: set it to true, the schema unchanged", `{"model":"m","tools_defs":[{"name":"w","description":"",
			"parameters":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"],"additionalProperties":false}}]}`,
			"tools_defs[0]", "", FixStrictTrue, func(t *testing.T, d *model.Document) {
				want := `{"name":"w","description":"","parameters":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"],"additionalProperties":false},"strict":true}`
				if got := string(d.Functions[0].Raw); got != want {
					t.Fatalf("got %s\nwant %s", got, want)
				}
				if _, diags := Convert(d); len(diags) != 0 {
					t.Fatalf("still: %v", diags)
				}
			}},
		{"strict absent, compatible: or set it to false", `{"model":"m","tools_defs":[{"name":"w","description":"",
			"parameters":{"type":"object","properties":{},"required":[],"additionalProperties":false}}]}`,
			"tools_defs[0]", "", FixStrictFalse, func(t *testing.T, d *model.Document) {
				if _, diags := Convert(d); len(diags) != 0 || !strings.Contains(string(d.Functions[0].Raw), `"strict":false`) {
					t.Fatalf("%s: %v", d.Functions[0].Raw, diags)
				}
			}},
		{"unsupported keyword: strict false", `{"model":"m","tools_defs":[{"name":"w","description":"","strict":true,
			"parameters":{"type":"object","properties":{"a":{"allOf":[{"type":"string"}]}},"required":["a"],"additionalProperties":false}}]}`,
			"tools_defs[0]", "/parameters/properties/a/allOf", FixStrictFalse, func(t *testing.T, d *model.Document) {
				if s := model.StringAt(d.Functions[0].Raw, nil); !strings.Contains(string(d.Functions[0].Raw), `"strict":false`) {
					t.Fatalf("strict not false: %s%s", d.Functions[0].Raw, s)
				}
			}},
		{"duplicate name renamed, tool_choice keeps the first", `{"model":"m","tool_choice":{"type":"function","name":"f"},"tools_defs":[
			{"name":"f","description":"","parameters":null,"strict":false},{"name":"f","description":"","parameters":null,"strict":false}]}`,
			"tools_defs[1]", "/name", FixRename, func(t *testing.T, d *model.Document) {
				if n := model.StringAt(d.Functions[1].Raw, []string{"name"}); n != "f_2" {
					t.Fatalf("name %q", n)
				}
				if c, _ := d.Fields.Get("tool_choice"); string(c) != `{"type":"function","name":"f"}` {
					t.Fatalf("tool_choice %s", c)
				}
			}},
		{"duplicate MCP label", `{"model":"m","extra":{"builtin_tools":[{"type":"mcp","server_label":"gh","server_url":"https://a"},{"type":"mcp","server_label":"gh","server_url":"https://b"}]}}`,
			"extra.builtin_tools[1]", "/server_label", FixRename, func(t *testing.T, d *model.Document) {
				if n := model.StringAt(d.Builtins[1].Raw, []string{"server_label"}); n != "gh_2" {
					t.Fatalf("label %q", n)
				}
			}},
		{"Chat Completions tool", `{"model":"m","tools":[{"type":"function","function":{"name":"w","description":"d","parameters":{"type":"object","properties":{},"required":[],"additionalProperties":false},"strict":true}}]}`,
			"tools[0]", "/function", FixChatShape, func(t *testing.T, d *model.Document) {
				want := `{"type":"function","name":"w","description":"d","parameters":{"type":"object","properties":{},"required":[],"additionalProperties":false},"strict":true}`
				if got := string(d.Functions[0].Raw); got != want {
					t.Fatalf("got %s\nwant %s", got, want)
				}
				if _, diags := Convert(d); len(diags) != 0 {
					t.Fatalf("still: %v", diags)
				}
			}},
		{"Chat Completions tool_choice", `{"model":"m","tool_choice":{"type":"function","function":{"name":"w"}},"tools_defs":[{"name":"w","description":"","parameters":null,"strict":false}]}`,
			"tool_choice", "", FixChatShape, func(t *testing.T, d *model.Document) {
				if c, _ := d.Fields.Get("tool_choice"); string(c) != `{"type":"function","name":"w"}` {
					t.Fatalf("tool_choice %s", c)
				}
			}},
		{"unknown nested key dropped", `{"model":"m","extra":{"builtin_tools":[{"type":"web_search","filters":{"allowed_domains":["a.com"],"blocked_domains":["b.com"]}}]}}`,
			"extra.builtin_tools[0]", "/filters/blocked_domains", FixDropKey, func(t *testing.T, d *model.Document) {
				if got := string(d.Builtins[0].Raw); got != `{"type":"web_search","filters":{"allowed_domains":["a.com"]}}` {
					t.Fatalf("got %s", got)
				}
			}},
		{"did you mean a type", `{"model":"m","extra":{"builtin_tools":[{"type":"web_serch"}]}}`,
			"extra.builtin_tools[0]", "/type", FixType, func(t *testing.T, d *model.Document) {
				if got := string(d.Builtins[0].Raw); got != `{"type":"web_search"}` {
					t.Fatalf("got %s", got)
				}
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := mustParse(t, c.doc)
			before, _ := d.Marshal()
			diag, f := fixOf(t, d, c.loc, c.path, c.kind)
			if f.Title() == "" {
				t.Fatal("no title")
			}
			fixed, err := ApplyFix(d, diag, f)
			if err != nil {
				t.Fatal(err)
			}
			if after, _ := d.Marshal(); string(after) != string(before) {
				t.Fatal("ApplyFix changed its input")
			}
			c.check(t, fixed)
		})
	}
}

func TestApplyFixRefusesStaleAndDrafts(t *testing.T) {
	d := mustParse(t, `{"model":"m","extra":{"builtin_tools":[{"type":"web_serch"}]}}`)
	diag, f := fixOf(t, d, "extra.builtin_tools[0]", "/type", FixType)
	gone, _, _ := model.DeleteTool(d, model.Builtin, 0)
	if _, err := ApplyFix(gone, diag, f); err != ErrFixStale {
		t.Fatalf("err = %v", err)
	}
	d = mustParse(t, `{"model":"m","tools_defs":[{"name":"w","description":"","strict":true,"parameters":{"type":"object","properties":{"a":{"type":"string"}}}}]}`)
	diag, f = fixOf(t, d, "tools_defs[0]", "/parameters", FixStrict)
	drafted, _ := model.SetDraft(d, model.Function, 0, "parameters", "{")
	if _, err := ApplyFix(drafted, diag, f); err == nil || !strings.Contains(err.Error(), "draft") {
		t.Fatalf("err = %v", err)
	}
}

func TestFixAll(t *testing.T) {
	d := mustParse(t, `{"model":"m","tool_choice":{"type":"function","function":{"name":"w"}},
		"tools":[
		{"type":"function","function":{"name":"w","description":"","parameters":{"type":"object","properties":{"a":{"type":"string"}}},"strict":true}},
		{"type":"function","name":"w","description":"","parameters":{"type":"object","properties":{"b":{"type":"integer"}},"required":[]},"strict":true},
		{"type":"web_serch"},
		{"type":"web_search","filters":{"blocked_domains":["x"]}}]}`)
	fixed, done := FixAll(d, nil)
	var titles []string
	for _, f := range done {
		titles = append(titles, f.Location+": "+f.Title)
	}
	_, diags := Convert(fixed)
	var errs []string
	for _, dg := range diags {
		if dg.Severity == Error {
			errs = append(errs, dg.String())
		}
	}
	if len(errs) != 0 {
		t.Fatalf("errors left after %v:\n%s", titles, strings.Join(errs, "\n"))
	}
	// The unsafe ones stay for the user: a guessed type, a dropped key.
	var left []FixKind
	for _, dg := range diags {
		for _, f := range dg.Fixes {
			left = append(left, f.Kind)
		}
	}
	if !slices.Contains(left, FixType) || !slices.Contains(left, FixDropKey) {
		t.Fatalf("unsafe fixes applied: %v left %v", titles, left)
	}
	if len(done) < 4 {
		t.Fatalf("applied %v", titles)
	}
	if n := model.StringAt(fixed.Functions[1].Raw, []string{"name"}); n != "w_2" {
		t.Fatalf("second w is %q", n)
	}
}

// An allowed_domains entry written as a URL is a warning whose fix is the
// bare domain; only the one that keeps the meaning (a scheme dropped) is
// safe. An empty vector_store_ids is an error.
func TestAllowedDomainsAndVectorStores(t *testing.T) {
	doc := `{"model":"gpt-5","extra":{"builtin_tools":[
		{"type":"web_search","filters":{"allowed_domains":["https://Docs.X.org/a","http://pubmed.ncbi.nlm.nih.gov/","example.com","https://*.bad"]}},
		{"type":"file_search","vector_store_ids":[]}]}}`
	d, err := model.Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	r := (&Converter{}).Convert(d)
	byPath := map[string]Diagnostic{}
	for _, dg := range r.Diagnostics {
		byPath[dg.Location+dg.Path] = dg
	}
	a := byPath["extra.builtin_tools[0]/filters/allowed_domains/0"]
	if a.Severity != Warning || len(a.Fixes) != 1 || a.Fixes[0].Arg != "docs.x.org" || a.Fixes[0].Safe() {
		t.Errorf("a URL with a path: %s %+v", a, a.Fixes)
	}
	b := byPath["extra.builtin_tools[0]/filters/allowed_domains/1"]
	if b.Severity != Warning || len(b.Fixes) != 1 || b.Fixes[0].Arg != "pubmed.ncbi.nlm.nih.gov" || !b.Fixes[0].Safe() {
		t.Errorf("a URL with a scheme: %s %+v", b, b.Fixes)
	}
	if dg, ok := byPath["extra.builtin_tools[0]/filters/allowed_domains/2"]; ok {
		t.Errorf("a bare domain: %s", dg)
	}
	if dg := byPath["extra.builtin_tools[0]/filters/allowed_domains/3"]; dg.Severity != Warning || len(dg.Fixes) != 0 {
		t.Errorf("no domain to offer: %s", dg)
	}
	if dg := byPath["extra.builtin_tools[1]/vector_store_ids"]; dg.Severity != Error || !strings.Contains(dg.Message, "at least one vector store") {
		t.Errorf("empty vector_store_ids: %s", dg)
	}
	fixed, err := ApplyFix(d, a, a.Fixes[0])
	if err != nil {
		t.Fatal(err)
	}
	if got := string(fixed.Builtins[0].Raw); !strings.Contains(got, `["docs.x.org","http://pubmed`) {
		t.Errorf("fixed: %s", got)
	}
	all, done := FixAll(d, nil)
	if len(done) != 1 || !strings.Contains(string(all.Builtins[0].Raw), `"pubmed.ncbi.nlm.nih.gov","example.com"`) ||
		!strings.Contains(string(all.Builtins[0].Raw), `https://Docs.X.org/a`) {
		t.Errorf("fix all: %v\n%s", done, all.Builtins[0].Raw)
	}
}

// Every change a fix makes is named: making parameters strict-compatible
// says which properties become required and nullable (what the tool then
// receives), and which names it drops from "required".
func TestFixNamesEveryChange(t *testing.T) {
	d := mustParse(t, `{"model":"m","tools_defs":[{"name":"w","description":"","parameters":{"type":"object",
		"properties":{"city":{"type":"string"},"unit":{"type":"string"},"at":{"type":"object","properties":{"lat":{"type":"number"}},"required":["lat"]}},
		"required":["city","ghost","at"]},"strict":true}]}`)
	r := (&Converter{}).Convert(d)
	var diag Diagnostic
	for _, dg := range r.Diagnostics {
		if len(dg.Fixes) > 0 && dg.Fixes[0].Kind == FixStrict {
			diag = dg
		}
	}
	if diag.Fixes == nil {
		t.Fatalf("no strict fix: %v", r.Diagnostics)
	}
	f := diag.Fixes[0]
	if !strings.Contains(f.Title(), "null") {
		t.Errorf("the title does not say what the tool receives: %s", f.Title())
	}
	_, changes, err := ApplyFixChanges(d, diag, f)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`/parameters/properties/at/additionalProperties: add false (the model may send no key the schema does not list)`,
		`/parameters/additionalProperties: add false (the model may send no key the schema does not list)`,
		`/parameters/required: add "unit" (strict mode needs every property listed)`,
		`/parameters/properties/unit: make it nullable: the tool then receives null, not a missing key, when the model leaves it out`,
		`/parameters/required: drop "ghost": no property has that name`,
	}
	if !slices.Equal(changes, want) {
		t.Errorf("changes:\n%s\nwant:\n%s", strings.Join(changes, "\n"), strings.Join(want, "\n"))
	}
	desc, err := FixDescription(d, diag, f)
	if err != nil || !strings.HasPrefix(desc, f.Title()+"\n- ") || !strings.Contains(desc, `drop "ghost"`) {
		t.Errorf("description: %q, %v", desc, err)
	}
	// strict absent: setting it is named too.
	d2 := mustParse(t, `{"model":"m","tools_defs":[{"name":"w","description":"","parameters":{"type":"object","properties":{"a":{"type":"string"}}}}]}`)
	r2 := (&Converter{}).Convert(d2)
	_, c2, err := ApplyFixChanges(d2, r2.Diagnostics[0], r2.Diagnostics[0].Fixes[0])
	if err != nil || len(c2) == 0 || c2[len(c2)-1] != "/strict: set to true" {
		t.Errorf("changes: %q, %v", c2, err)
	}
}

// Fix all leaves out making an MCP server's function strict-compatible,
// and says why; the same fix of another function is applied.
func TestFixAllLeavesMCPFunctionsAlone(t *testing.T) {
	d := mustParse(t, `{"model":"m","tools_defs":[
		{"name":"mcp_tool","description":"","parameters":{"type":"object","properties":{"a":{"type":"string"}}}},
		{"name":"own_tool","description":"","parameters":{"type":"object","properties":{"a":{"type":"string"}}}}]}`)
	d.Functions[0].Origin = model.OriginMCP
	fixed, rep := FixAllReport(d, nil)
	if len(rep.Applied) != 1 || rep.Applied[0].Location != "tools_defs[1]" || len(rep.Applied[0].Changes) == 0 {
		t.Errorf("applied: %+v", rep.Applied)
	}
	if len(rep.Skipped) != 1 || rep.Skipped[0].Location != "tools_defs[0]" || !strings.Contains(rep.Skipped[0].Why, "MCP server") {
		t.Errorf("skipped: %+v", rep.Skipped)
	}
	if string(fixed.Functions[0].Raw) != string(d.Functions[0].Raw) {
		t.Errorf("the MCP function changed: %s", fixed.Functions[0].Raw)
	}
	if fixed.Functions[0].Origin != model.OriginMCP {
		t.Error("the origin was lost")
	}
	// One by one, it can still be applied.
	r := (&Converter{}).Convert(d)
	if _, err := ApplyFix(d, r.Diagnostics[0], r.Diagnostics[0].Fixes[0]); err != nil {
		t.Error(err)
	}
}

// The new fixes: a function name the API refuses gets a sanitised one
// (tool_choice follows); an object strict mode needs closed gets "set
// additionalProperties to false"; a tool_choice naming a missing
// function gets did-you-mean; a format strict mode does not support is
// named even when it is not the first problem.
func TestNewFixes(t *testing.T) {
	t.Run("sanitised name", func(t *testing.T) {
		long := strings.Repeat("a", 70) + " b"
		d := mustParse(t, `{"model":"m","tool_choice":{"type":"function","name":"get weather!"},"tools_defs":[
			{"name":"get weather!","description":"","parameters":{"type":"object","properties":{},"required":[],"additionalProperties":false},"strict":true},
			{"name":"get_weather_","description":"","parameters":{"type":"object","properties":{},"required":[],"additionalProperties":false},"strict":true},
			{"name":"`+long+`","description":"","parameters":{"type":"object","properties":{},"required":[],"additionalProperties":false},"strict":true}]}`)
		fixed, rep := FixAllReport(d, nil)
		if len(rep.Applied) != 2 {
			t.Fatalf("applied %+v", rep.Applied)
		}
		if got := model.StringAt(fixed.Functions[0].Raw, []string{"name"}); got != "get_weather__2" {
			t.Errorf("name %q", got)
		}
		if got := model.StringAt(fixed.Functions[2].Raw, []string{"name"}); got != strings.Repeat("a", 64) {
			t.Errorf("long name %q", got)
		}
		if choice, _ := fixed.Fields.Get("tool_choice"); !strings.Contains(string(choice), `"get_weather__2"`) {
			t.Errorf("tool_choice did not follow: %s", choice)
		}
		if !slices.Contains(rep.Applied[0].Changes, `tool_choice: name "get_weather__2" instead of "get weather!"`) {
			t.Errorf("changes %q", rep.Applied[0].Changes)
		}
		if _, diags := Convert(fixed); len(diags) != 0 {
			t.Errorf("left: %v", diags)
		}
	})
	t.Run("additionalProperties true", func(t *testing.T) {
		d := mustParse(t, `{"model":"m","tools_defs":[{"name":"f","description":"","parameters":{"type":"object",
			"properties":{"o":{"type":"object","properties":{},"required":[],"additionalProperties":true}},"required":["o"],"additionalProperties":false},"strict":true}]}`)
		_, diags := Convert(d)
		if len(diags) != 1 || len(diags[0].Fixes) != 2 || diags[0].Fixes[0].Kind != FixAdditionalFalse || diags[0].Fixes[1].Kind != FixStrictFalse {
			t.Fatalf("%v %+v", diags, diags[0].Fixes)
		}
		fixed, changes, err := ApplyFixChanges(d, diags[0], diags[0].Fixes[0])
		if err != nil || !slices.Equal(changes, []string{"/parameters/properties/o/additionalProperties: set to false"}) {
			t.Fatalf("%q %v", changes, err)
		}
		if _, left := Convert(fixed); len(left) != 0 {
			t.Errorf("left: %v", left)
		}
		// Absent, on a schema the strict repair takes: offered besides it.
		d = mustParse(t, `{"model":"m","tools_defs":[{"name":"f","description":"","parameters":{"type":"object","properties":{},"required":[]},"strict":true}]}`)
		_, diags = Convert(d)
		if len(diags) != 1 || len(diags[0].Fixes) != 3 || diags[0].Fixes[1].Kind != FixAdditionalFalse {
			t.Fatalf("%v %+v", diags, diags[0].Fixes)
		}
	})
	t.Run("did you mean", func(t *testing.T) {
		d := mustParse(t, `{"model":"m","tool_choice":{"type":"function","name":"get_wether"},"tools_defs":[
			{"name":"get_weather","description":"","parameters":{"type":"object","properties":{},"required":[],"additionalProperties":false},"strict":true},
			{"name":"get_time","description":"","parameters":{"type":"object","properties":{},"required":[],"additionalProperties":false},"strict":true}]}`)
		_, diags := Convert(d)
		if len(diags) != 1 || !strings.HasSuffix(diags[0].Message, `; did you mean "get_weather"?`) || len(diags[0].Fixes) != 1 {
			t.Fatalf("%v", diags)
		}
		fixed, err := ApplyFix(d, diags[0], diags[0].Fixes[0])
		if err != nil {
			t.Fatal(err)
		}
		if _, left := Convert(fixed); len(left) != 0 {
			t.Errorf("left: %v", left)
		}
		// Two names as close: no guess.
		d = mustParse(t, `{"model":"m","tool_choice":{"type":"function","name":"fx"},"tools_defs":[
			{"name":"fa","description":"","parameters":null,"strict":false},{"name":"fb","description":"","parameters":null,"strict":false}]}`)
		if _, diags := Convert(d); len(diags) != 1 || strings.Contains(diags[0].Message, "did you mean") {
			t.Errorf("%v", diags)
		}
	})
	t.Run("format named", func(t *testing.T) {
		d := mustParse(t, `{"model":"m","tools_defs":[{"name":"f","description":"","parameters":{"type":"object",
			"properties":{"a":{"type":"string"},"b":{"type":"string","format":"uri"},"c":{"type":"string","format":"email"}}}}]}`)
		_, diags := Convert(d)
		if len(diags) != 1 || !strings.Contains(diags[0].Message, `/parameters/properties/b/format: format "uri" is not supported`) {
			t.Fatalf("%v", diags)
		}
	})
}

// Making properties nullable never writes into the document's bytes: a
// type list or an anyOf before another property once overwrote it.
func TestStrictRepairLeavesTheInputAlone(t *testing.T) {
	in := `{"type":"object","properties":{"a":{"type":["string","integer"]},"b":{"anyOf":[{"type":"string"},{"type":"integer"}]},"c":{"type":[]}}}`
	buf := []byte(in)
	out, _ := StrictRepair(buf)
	if string(buf) != in {
		t.Fatalf("the input changed:\n%s", buf)
	}
	for _, want := range []string{`"type":["string","integer","null"]`, `{"type":"integer"},{"type":"null"}]`} {
		if !bytes.Contains(compactBytes(t, out), []byte(want)) {
			t.Errorf("the repair lacks %s:\n%s", want, out)
		}
	}
}

func compactBytes(t *testing.T, b []byte) []byte {
	t.Helper()
	var c bytes.Buffer
	if err := json.Compact(&c, b); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, b)
	}
	return c.Bytes()
}

// The name fix takes the function's mock outputs to the name it writes,
// and says so.
func TestFixNameFollowsMocks(t *testing.T) {
	d := mustParse(t, `{"model":"m","tools_defs":[{"name":"get weather","description":"","parameters":{"type":"object","properties":{},"additionalProperties":false},"strict":true}],
		"tooltui":{"mocks":{"get weather":{"output":"sunny"}}}}`)
	r := (&Converter{}).Convert(d)
	for _, dg := range r.Diagnostics {
		for _, f := range dg.Fixes {
			if f.Kind != FixName {
				continue
			}
			fixed, changes, err := ApplyFixChanges(d, dg, f)
			if err != nil {
				t.Fatal(err)
			}
			name := model.StringAt(fixed.Functions[0].Raw, []string{"name"})
			if _, ok := fixed.Mocks[name]; !ok || fixed.Mocks["get weather"] != nil {
				t.Fatalf("the mocks stayed under the old name: %v (name %q)", fixed.Mocks, name)
			}
			if !strings.Contains(strings.Join(changes, "\n"), "tooltui.mocks") {
				t.Fatalf("the changes do not name the mocks: %q", changes)
			}
			return
		}
	}
	t.Fatalf("no name fix: %v", r.Diagnostics)
}

func TestFreeName(t *testing.T) {
	taken := map[string]bool{"get_weather": true, "get_weather_2": true, "read_file": true, "tool": true}
	long := strings.Repeat("x", 70)
	taken[long[:64]] = true
	for name, want := range map[string]string{
		"get_weather": "get_weather_3",
		"read.file":   "read_file_2",
		"new_one":     "new_one",
		"":            "tool_2",
		long:          long[:62] + "_2",
	} {
		got := FreeName(name, func(s string) bool { return taken[s] })
		if got != want {
			t.Errorf("FreeName(%q) = %q, want %q", name, got, want)
		}
		if len(got) > 64 {
			t.Errorf("FreeName(%q) is %d bytes", name, len(got))
		}
	}
}
