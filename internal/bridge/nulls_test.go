package bridge

import (
	"strings"
	"testing"
)

func TestDropNulls(t *testing.T) {
	for _, c := range []struct {
		name, schema, args, want, dropped string
	}{
		{"optional integer", headSchema, `{"path":"a","head":null}`, `{"path":"a"}`, "head"},
		{"kept bytes", headSchema, `{ "path" : "a\u00e9", "head":null, "x": 1.50e3 }`, `{"path":"a\u00e9","x":1.50e3}`, "head"},
		{"nothing to drop", headSchema, `{ "path" : "a", "head": 3 }`, `{ "path" : "a", "head": 3 }`, ""},
		{"required null stays", `{"type":"object","properties":{"a":{"type":"integer"}},"required":["a"]}`, `{"a":null}`, `{"a":null}`, ""},
		{"nullable type", `{"type":"object","properties":{"a":{"type":["integer","null"]}}}`, `{"a":null}`, `{"a":null}`, ""},
		{"anyOf with null", `{"type":"object","properties":{"a":{"anyOf":[{"type":"string"},{"type":"null"}]}}}`, `{"a":null}`, `{"a":null}`, ""},
		{"anyOf without null", `{"type":"object","properties":{"a":{"anyOf":[{"type":"string"},{"type":"integer"}]}}}`, `{"a":null}`, `{}`, "a"},
		{"enum with null", `{"type":"object","properties":{"a":{"enum":["x",null]}}}`, `{"a":null}`, `{"a":null}`, ""},
		{"enum without null", `{"type":"object","properties":{"a":{"enum":["x","y"]}}}`, `{"a":null}`, `{}`, "a"},
		{"const", `{"type":"object","properties":{"a":{"const":"x"}}}`, `{"a":null}`, `{}`, "a"},
		{"any value", `{"type":"object","properties":{"a":{},"b":true,"c":{"description":"anything"}}}`, `{"a":null,"b":null,"c":null}`, `{"a":null,"b":null,"c":null}`, ""},
		{"openapi nullable", `{"type":"object","properties":{"a":{"type":"string","nullable":true}}}`, `{"a":null}`, `{"a":null}`, ""},
		{"unknown member", headSchema, `{"path":"a","other":null}`, `{"path":"a","other":null}`, ""},
		{"nested", `{"type":"object","properties":{"opts":{"type":"object","properties":{"depth":{"type":"integer"},"name":{"type":"string"}},"required":["name"]}}}`,
			`{"opts":{"depth":null,"name":null}}`, `{"opts":{"name":null}}`, "opts.depth"},
		{"array items", `{"type":"object","properties":{"files":{"type":"array","items":{"type":"object","properties":{"mode":{"type":"string"}}}}}}`,
			`{"files":[{"mode":"r"},{"mode":null}]}`, `{"files":[{"mode":"r"},{}]}`, "files[1].mode"},
		{"ref", `{"type":"object","properties":{"o":{"$ref":"#/$defs/o"}},"$defs":{"o":{"type":"object","properties":{"n":{"$ref":"#/$defs/n"}}},"n":{"type":"number"}}}`,
			`{"o":{"n":null}}`, `{"o":{}}`, "o.n"},
		{"allOf", `{"allOf":[{"type":"object","properties":{"a":{"type":"string"}}},{"properties":{"b":{"type":"string"}},"required":["b"]}]}`,
			`{"a":null,"b":null}`, `{"b":null}`, "a"},
		{"self reference", `{"$ref":"#"}`, `{"a":null}`, `{"a":null}`, ""},
		{"no schema", ``, `{"a":null}`, `{"a":null}`, ""},
		{"not an object", headSchema, `[null]`, `[null]`, ""},
		{"invalid", headSchema, `{"head":null`, `{"head":null`, ""},
	} {
		out, dropped := DropNulls([]byte(c.schema), []byte(c.args))
		if string(out) != c.want || strings.Join(dropped, " ") != c.dropped {
			t.Errorf("%s: %s, dropped %q; want %s, dropped %q", c.name, out, dropped, c.want, c.dropped)
		}
	}
}

func TestHeaderTemplates(t *testing.T) {
	env := map[string]string{"TOKEN": "abc", "TEAM": "tools"}
	getenv := func(k string) string { return env[k] }
	for _, c := range []struct {
		tmpl, want, vars, err string
	}{
		{"$TOKEN", "abc", "TOKEN", ""},
		{"Bearer ${TOKEN}", "Bearer abc", "TOKEN", ""},
		{"$TEAM-$TOKEN/${TEAM}", "tools-abc/tools", "TEAM TOKEN", ""},
		{"price: $$5 and $ alone, ${not closed", "price: $5 and $ alone, ${not closed", "", ""},
		{"${1BAD} $9", "${1BAD} $9", "", ""},
		{"Bearer $NOPE", "", "NOPE", "$NOPE is not set"},
	} {
		got, err := ExpandHeader(c.tmpl, getenv)
		errText := ""
		if err != nil {
			errText = err.Error()
		}
		if got != c.want || errText != c.err || strings.Join(HeaderVars(c.tmpl), " ") != c.vars {
			t.Errorf("%q: %q, %q, vars %v", c.tmpl, got, errText, HeaderVars(c.tmpl))
		}
	}
	for spec, want := range map[string]string{"API_TOKEN": "$API_TOKEN", " T ": "$T", "Bearer ${API_TOKEN}": "Bearer ${API_TOKEN}", "Bearer $T": "Bearer $T"} {
		if got, err := HeaderTemplate(spec); got != want || err != nil {
			t.Errorf("HeaderTemplate(%q) = %q, %v", spec, got, err)
		}
	}
	for _, spec := range []string{"", "Bearer xyz", "sk-123"} {
		if _, err := HeaderTemplate(spec); err == nil {
			t.Errorf("HeaderTemplate(%q) took it", spec)
		}
	}
}
