package main

// End-to-end flow of saving files you can trust, on the real binary in
// tmux (see e2e_test.go): a Responses body stays a body when saved, a
// change made by another program reloads a clean document, and asks
// before touching unsaved changes.

import (
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"
)

const e2eBody = `{
  "model": "gpt-5",
  "tools": [
    {"type": "function", "name": "lookup", "description": "Look it up", "parameters": {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"], "additionalProperties": false}, "strict": true},
    {"type": "web_search"}
  ]
}
`

// bodyDescription reads a saved file: whether it is a body (a top-level
// tools array, no tools_defs) and the description of its first tool.
func bodyDescription(t *testing.T, path string) (isBody bool, desc string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("the saved file is not JSON: %v\n%s", err, data)
	}
	_, hasDefs := m["tools_defs"]
	var tools []struct {
		Description string `json:"description"`
	}
	if err := json.Unmarshal(m["tools"], &tools); err != nil || len(tools) == 0 {
		return false, ""
	}
	return !hasDefs, tools[0].Description
}

// TestE2EBodySaveAndChangesOnDisk: open a body, edit a description, save:
// the file is still a body with the change. Another program writes the
// file: the clean document reloads. After an edit, another write asks,
// and r reloads.
func TestE2EBodySaveAndChangesOnDisk(t *testing.T) {
	x := newTerm(t)
	_, doc, status := openDoc(t, x, e2eBody)

	// Edit lookup's description: enter focuses Name, ↓ Description,
	// enter edits it, ctrl+e goes to the line's end.
	x.keys("app", "j")
	x.waitFor("app", "lookup selected", has("2 lookup (function)"))
	x.keys("app", "Enter")
	x.waitFor("app", "the editor focused on Name", all(inEditor, has("▸ Name")))
	x.keys("app", "Down")
	x.waitFor("app", "Description focused", all(inEditor, has("▸ Description")))
	appendToField(x, " fast", `"Look it up fast"`)
	x.keys("app", "C-s")
	x.waitFor("app", "the save", statusHas("^Saved"))
	if isBody, desc := bodyDescription(t, doc); !isBody || desc != "Look it up fast" {
		t.Fatalf("saved: body %v, description %q; want a body with \"Look it up fast\":\n%s", isBody, desc, mustRead(t, doc))
	}

	// Another program changes the file: the document has no unsaved
	// changes, so it reloads.
	writeTestFile(t, doc, strings.Replace(e2eBody, "Look it up", "Changed outside", 1))
	x.waitFor("app", "the reload", all(statusHas(`^Reloaded doc\.json`), has(`"Changed outside"`)))

	// An edit, then another change on disk: the app asks.
	x.waitFor("app", "the editor focused on Description", all(inEditor, has("▸ Description")))
	appendToField(x, " mine", `"Changed outside mine"`)
	writeTestFile(t, doc, strings.Replace(e2eBody, "Look it up", "Second outside", 1))
	s := x.waitFor("app", "the changed-on-disk prompt", has("Changed on disk", "r reload"))
	if !regexp.MustCompile(`doc\.json changed on disk`).MatchString(strings.Join(strings.Fields(s), " ")) {
		t.Errorf("the prompt does not say what changed:\n%s", s)
	}
	if strings.Contains(s, "o overwrite") {
		t.Errorf("the watcher's prompt offers to overwrite:\n%s", s)
	}
	x.keys("app", "r")
	x.waitFor("app", "the reload", all(statusHas(`^Reloaded doc\.json`), has(`"Second outside"`), func(s string) bool {
		return !strings.Contains(s, "Changed on disk") && !strings.Contains(s, "Changed outside mine")
	}))

	// The reloaded document is the file: quitting does not ask, and the
	// file is what the other program wrote.
	quitClean(t, x, status)
	if isBody, desc := bodyDescription(t, doc); !isBody || desc != "Second outside" {
		t.Fatalf("the file: body %v, description %q", isBody, desc)
	}
}

// appendToField edits the focused field in session "app": enter, ctrl+e
// to the end of its line, text typed; once the preview shows preview, esc
// ends the editing.
func appendToField(x *term, text, preview string) {
	x.t.Helper()
	x.keys("app", "Enter")
	x.waitFor("app", "editing the field", editingField)
	x.keys("app", "C-e")
	x.text("app", text)
	x.waitFor("app", "the edit in the preview", has(preview))
	x.keys("app", "Escape")
	x.waitFor("app", "the end of editing", inEditor)
}

func mustRead(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
