package main

import (
	"strings"
	"testing"
)

// TestE2EFixNamesEveryChange: f on a diagnostic opens the fix dialog,
// which names every change the fix makes above its diff; enter applies
// it, F then says which fix of a safe kind it left out (the function
// from an MCP server) and why.
func TestE2EFixNamesEveryChange(t *testing.T) {
	x := newTerm(t)
	dir, bin, doc, status := newDoc(t, "doc.json", `{"model":"gpt-5","tools_defs":[
 {"name":"own","description":"d","parameters":{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}},"required":["a","ghost"]}},
 {"name":"remote","description":"d","parameters":{"type":"object","properties":{"q":{"type":"string"}}}}],
 "tooltui":{"origins":{"tools_defs[1]":"mcp"}}}`)

	x.start("app", appCommand(t, dir, bin, []string{doc}, "", status))
	x.waitFor("app", "the first screen", has("1 Tools", "own", "remote", "doc.json"))
	x.keys("app", "4")
	x.waitFor("app", "the diagnostics pane", inDiags)
	x.keys("app", "f")
	s := x.waitFor("app", "the fix dialog", has("Fix", "- /strict: set to true", "@@"))
	for _, want := range []string{
		`- /parameters/properties/b: make it nullable: the tool then`,
		`- /parameters/required: drop "ghost": no property has that name`,
	} {
		if !strings.Contains(s, want) {
			t.Errorf("the fix dialog does not name %q:\n%s", want, s)
		}
	}
	if strings.Index(s, "- /strict: set to true") > strings.Index(s, "@@") {
		t.Errorf("the list of changes is not above the diff:\n%s", s)
	}
	x.keys("app", "Escape")
	x.waitFor("app", "the fix dialog closed", all(inDiags, func(s string) bool { return !strings.Contains(s, "- /strict") }))

	x.keys("app", "F")
	s = x.waitFor("app", "F's report", statusHas(`F applied 1 fix`))
	if !strings.Contains(strings.Join(strings.Fields(lastLines(s, 2)), " "),
		"left out: tools_defs[1] make strict-compatible (its MCP server may refuse null); f on it applies it") {
		t.Errorf("F does not say what it left out and why:\n%s", lastLines(s, 2))
	}
	x.keys("app", "C-q")
	x.waitFor("app", "the quit question", has("unsaved changes"))
	x.keys("app", "d")
	x.wantExit("app", status, "0")
}
