package ui_test

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/ui"
)

// mcpFixDoc has a function of its own and one imported from an MCP
// server, both with optional properties: F makes the first
// strict-compatible and leaves the second for f.
const mcpFixDoc = `{"model":"gpt-5","tools_defs":[
 {"name":"own","description":"d","parameters":{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}},"required":["a","ghost"]}},
 {"name":"remote","description":"d","parameters":{"type":"object","properties":{"q":{"type":"string"}}}}],
 "tooltui":{"origins":{"tools_defs[1]":"mcp"}}}`

func newTruthApp(t *testing.T, doc string, w, h int) *ui.App {
	t.Helper()
	a := ui.New(ui.Options{Doc: parseDoc(t, doc), Name: "doc.json", Deps: offlineDeps(t)})
	send(t, a, tea.WindowSizeMsg{Width: w, Height: h})
	return a
}

// TestFixDialogNamesEveryChange: on 80×24 the fix dialog lists every
// change the chosen fix makes, whole (wrapped, never cut), above the
// diff; the diff scrolls under the list, which stays.
func TestFixDialogNamesEveryChange(t *testing.T) {
	a := newTruthApp(t, mcpFixDoc, 80, 24)
	send(t, a, press('4'), press('f'))
	requireDialog(t, a, "Fix")
	s := screen(a)
	flat := boxText(s, "Fix")
	for _, want := range []string{
		`- /parameters/required: add "b" (strict mode needs every property listed)`,
		`- /parameters/properties/b: make it nullable: the tool then receives null, not a missing key, when the model leaves it out`,
		`- /parameters/required: drop "ghost": no property has that name`,
		`- /strict: set to true`,
	} {
		requireContains(t, flat, want, "the fix dialog's list of changes")
	}
	before := strings.Index(s, "- /strict: set to true")
	if diff := strings.Index(s, "@@"); diff < 0 || diff < before {
		t.Fatalf("the list of changes is not above the diff:\n%s", s)
	}
	for range 5 {
		send(t, a, kDown)
	}
	s2 := screen(a)
	requireContains(t, boxText(s2, "Fix"), "- /strict: set to true", "the list after scrolling the diff")
	if s2 == s {
		t.Fatalf("↓ does not scroll the diff:\n%s", s2)
	}
}

// boxText is the text inside the dialog box titled title on screen s,
// its lines joined with single spaces, so a wrapped line reads whole.
func boxText(s, title string) string {
	ls := strings.Split(s, "\n")
	c0, w := -1, 0
	for _, l := range ls {
		r := []rune(l)
		if i := strings.Index(l, "╭─"+title); i >= 0 {
			c0 = len([]rune(l[:i]))
			for w = 1; c0+w < len(r) && r[c0+w] != '╮'; w++ {
			}
			break
		}
	}
	if c0 < 0 {
		return ""
	}
	var b strings.Builder
	for _, l := range ls {
		r := []rune(l)
		if len(r) > c0+w {
			b.WriteString(string(r[c0+1 : c0+w]))
			b.WriteByte(' ')
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// TestFixAllSaysWhatItLeftOut: F makes the document's own function
// strict-compatible and leaves out the MCP server's, saying which and why
// on the status line; f on that diagnostic still applies it.
func TestFixAllSaysWhatItLeftOut(t *testing.T) {
	a := newTruthApp(t, mcpFixDoc, 160, 36)
	send(t, a, press('F'))
	st := statusLine(t, a)
	requireContains(t, st, "F applied 1 fix", "status")
	requireContains(t, st, "left out: tools_defs[1] make strict-compatible (its MCP server may refuse null); f on it applies it", "status")
	out := string(a.Output())
	requireNotContains(t, out, `"ghost"`, "the request after F")
	requireContains(t, out, `"q": {
            "type": "string"
          }`, "the MCP function after F")
}

// TestFixAllReportDialog: when F leaves several fixes out, a dialog lists
// them, those with the same reason together, and the fix is still f's.
func TestFixAllReportDialog(t *testing.T) {
	doc := `{"model":"gpt-5","tools_defs":[
 {"name":"r1","description":"d","parameters":{"type":"object","properties":{"q":{"type":"string"}}}},
 {"name":"r2","description":"d","parameters":{"type":"object","properties":{"q":{"type":"string"}}}}],
 "tooltui":{"origins":{"tools_defs[0]":"mcp","tools_defs[1]":"mcp"}}}`
	a := newTruthApp(t, doc, 80, 24)
	send(t, a, press('F'))
	requireDialog(t, a, "Fix all")
	flat := boxText(screen(a), "Fix all")
	requireContains(t, flat, "F applied no fix; left out 2 fixes of a safe kind", "report")
	requireContains(t, flat, "tools_defs[0], tools_defs[1]: make the parameters strict-compatible", "report")
	requireContains(t, flat, "why: the function comes from an MCP server", "report")
	requireDirty(t, a, false, "F changed a document it had nothing to apply to")
	send(t, a, kEsc)
	requireNoDialog(t, a, "Fix all")
	send(t, a, press('4'), press('f'))
	requireDialog(t, a, "Fix")
	send(t, a, kEnter)
	requireDirty(t, a, true, "f does not apply the fix F left out")
}

// TestFixDialogLongListScrollsWithTheDiff: a fix with more changes than
// the box holds shows them first, whole, and ↓ scrolls on through them
// to the diff.
func TestFixDialogLongListScrollsWithTheDiff(t *testing.T) {
	var props []string
	for _, p := range []string{"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliett", "kilo", "lima"} {
		props = append(props, `"`+p+`":{"type":"object","properties":{"x":{"type":"string"}},"required":["x"]}`)
	}
	doc := `{"model":"gpt-5","tools_defs":[{"name":"many","description":"d","parameters":{"type":"object","properties":{` + strings.Join(props, ",") + `}}}]}`
	a := newTruthApp(t, doc, 80, 24)
	send(t, a, press('4'), press('f'))
	requireDialog(t, a, "Fix")
	first := boxText(screen(a), "Fix")
	requireContains(t, first, `- /parameters/properties/alpha/additionalProperties: add false (the model may send no key the schema does not list)`, "the list's start")
	requireNotContains(t, first, "@@", "the first page of a long list")
	sawEnd, sawDiff := false, false
	for range 200 {
		send(t, a, kDown)
		box := boxText(screen(a), "Fix")
		sawEnd = sawEnd || strings.Contains(box, "- /strict: set to true")
		sawDiff = sawDiff || sawEnd && strings.Contains(box, `+ "additionalProperties": false`)
	}
	if !sawEnd {
		t.Fatal("scrolling never showed the list's last change")
	}
	if !sawDiff {
		t.Fatalf("scrolling on never showed the diff's added additionalProperties:\n%s", boxText(screen(a), "Fix"))
	}
}
