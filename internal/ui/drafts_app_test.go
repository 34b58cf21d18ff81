package ui_test

// What is typed in the Request form and in file_search's Filters is never
// lost, driven through the App as a user would.

import (
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/ui"
)

// openDoc opens text as the file doc.json at 80×24.
func openDoc(t *testing.T, text string) (*ui.App, string) {
	t.Helper()
	f, deps := newFakes(t)
	path := filepath.Join(f.fs.dir, "doc.json")
	writeFile(t, path, []byte(text))
	return openPath(t, path, deps), path
}

func TestAppKeepsInvalidFilters(t *testing.T) {
	a, _, path := openFile(t)
	send(t, a, press('j'), press('j'), press('j'), kEnter, press('G'))
	if got := focusedField(t, a); got != "Filters (JSON)" {
		t.Fatalf("focused %q", got)
	}
	const broken = "{\"type\": \"eq\", \"key\": \"lang\","
	paste(t, a, broken)
	send(t, a, kEsc, kEsc)
	requireDirty(t, a, true, "invalid filters left the document clean")
	// file_search is left out while its filters are not valid JSON.
	requireTools(t, a, "function:get_weather", "web_search")
	// Away and back: the form shows what was typed.
	send(t, a, press('k'), press('j'), kEnter, press('G'))
	requireContains(t, screen(a), `"key": "lang",`, "the Filters field after coming back")
	// Saved and read again, the draft is there.
	feed(t, a, send(t, a, ctrl('s')), settle)
	d, err := model.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if tl := d.Builtins[1]; tl.Draft == nil || *tl.Draft != broken || tl.DraftMember() != "filters" {
		t.Fatalf("the saved file_search lost its filters draft: %+v", tl)
	}
}

const requestDoc = `{
  "model": "gpt-5",
  "input": "hi",
  "reasoning": {"effort": "low"},
  "extra": {"store": false}
}
`

func TestAppOtherRequestFields(t *testing.T) {
	a, path := openDoc(t, requestDoc)
	send(t, a, press('2'), press('G'))
	if got := focusedField(t, a); got != "Other request fields (JSON object)" {
		t.Fatalf("focused %q", got)
	}
	requireContains(t, screen(a), `"reasoning": {`, "the Other request fields")
	requireContains(t, screen(a), `"store": false`, "the Other request fields")

	// Invalid text is kept, saved and shown again.
	send(t, a, kEnter, ctrl(tea.KeyHome), kDown, kDown, ctrl('a'))
	paste(t, a, "oops")
	send(t, a, kEsc, kEsc)
	broken := "{\n  \"reasoning\": {\noops    \"effort\": \"low\"\n  },\n  \"store\": false\n}"
	requireDirty(t, a, true, "invalid text left the document clean")
	requireContains(t, string(a.Output()), `"effort": "low"`, "the request keeps the last valid value")
	send(t, a, press('j'), press('k'), press('2'), press('G'))
	requireContains(t, screen(a), "oops", "the Other request fields after coming back")
	feed(t, a, send(t, a, ctrl('s')), settle)
	d, err := model.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := d.RequestDrafts["extra"]; got != broken {
		t.Fatalf("the saved draft is %q", got)
	}

	// enter on its diagnostic goes to the field, at the error.
	send(t, a, press('1'), press('j'), press('4'), press('G'))
	requireContains(t, paneText(t, a, "4 Diagnostics"), "other request fields", "the diagnostics")
	send(t, a, kEnter)
	if got := editorTitle(t, a); got != "Request" {
		t.Fatalf("enter on the diagnostic selected %q", got)
	}
	if got := focusedField(t, a); got != "Other request fields (JSON object)" {
		t.Fatalf("focused %q", got)
	}
	requireContains(t, screen(a), "3:1", "the cursor position")

	// Fixed where it broke, the text applies again and the draft goes; a
	// new key goes to the top level, store stays in extra.
	del := code(tea.KeyDelete)
	send(t, a, kEnter, del, del, del, del, ctrl(tea.KeyEnd), kLeft)
	paste(t, a, `  ,"top_p": 0.5`+"\n")
	send(t, a, kEsc, kEsc)
	feed(t, a, send(t, a, ctrl('s')), settle)
	requireSavedAs(t, a, path)
	d, err = model.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if d.RequestDrafts != nil {
		t.Fatalf("drafts left: %v", d.RequestDrafts)
	}
	var keys []string
	for _, m := range d.Fields {
		keys = append(keys, m.Key)
	}
	if got := strings.Join(keys, " "); got != "model input reasoning extra top_p" {
		t.Errorf("top-level members %s", got)
	}
	if v, _ := d.Fields.Get("top_p"); string(v) != "0.5" {
		t.Errorf("top_p %s", v)
	}
	if got := string(d.Extra.AppendJSON(nil)); got != `{"store":false}` {
		t.Errorf("extra %s", got)
	}
}

func TestAppInputMeantAsJSON(t *testing.T) {
	a, path := openDoc(t, requestDoc)
	send(t, a, press('2'), press('j'), press('j'))
	if got := focusedField(t, a); got != "Input" {
		t.Fatalf("focused %q", got)
	}
	send(t, a, kEnter, ctrl(tea.KeyHome))
	paste(t, a, `[{"role": "user", "content": "`)
	send(t, a, kEsc, kEsc)
	requireDirty(t, a, true, "the document is clean")
	requireContains(t, string(a.Output()), `"input": "hi"`, "the request keeps the last valid input")
	requireContains(t, paneText(t, a, "4 Diagnostics"), "input", "the diagnostics")
	send(t, a, press('j'), press('k'))
	requireContains(t, screen(a), `[{"role": "user", "content": "hi`, "the Input after coming back")
	feed(t, a, send(t, a, ctrl('s')), settle)
	d, err := model.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := d.RequestDrafts["input"]; got != `[{"role": "user", "content": "hi` {
		t.Fatalf("the saved input draft is %q", got)
	}
	// Finished, it is the input.
	send(t, a, press('2'), press('g'), press('j'), press('j'), kEnter, ctrl(tea.KeyEnd))
	paste(t, a, `"}]`)
	send(t, a, kEsc, kEsc)
	requireContains(t, compact(string(a.Output())), `"input":[{"role":"user","content":"hi"}]`, "the request\n"+screen(a))
}
