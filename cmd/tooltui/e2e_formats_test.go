package main

// End-to-end flow of tools from another API, on the real binary in tmux
// (see e2e_test.go): a Chat Completions file opens translated, with the
// translation's note first among the diagnostics; V shows the request as
// a Python program, which y copies exactly as `tooltui build --to python`
// prints it; ctrl+s writes the Responses shape under a new name and leaves
// the Chat Completions file as it was.

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const e2eChat = `{
  "model": "gpt-4o",
  "messages": [{"role": "user", "content": "Weather in Paris?"}],
  "tools": [
    {"type": "function", "function": {"name": "get_weather", "description": "Current weather for a city",
      "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"], "additionalProperties": false},
      "strict": true}}
  ],
  "tool_choice": "auto"
}
`

func TestE2EChatFileViewCopySave(t *testing.T) {
	x := newTerm(t)
	dir, bin, doc, status := newDoc(t, "chat.json", e2eChat)
	x.start("app", appCommand(t, dir, bin, []string{doc}, "", status))
	x.waitFor("app", "the translated file", all(has("1 Tools", "get_weather", "read as Chat"), inTools))

	// V: the formats view, Chat Completions first; 6 is Python.
	x.keys("app", "V")
	x.waitFor("app", "the formats view", has("Formats", "Responses (this request)", `"messages"`))
	x.keys("app", "6")
	x.waitFor("app", "the Python program", has("from openai import OpenAI"))
	x.keys("app", "y")
	x.waitFor("app", "the copy", statusHas(`^(Sent|Copied) Python`))
	want, err := exec.Command(bin, "build", "--to", "python", doc).Output()
	if err != nil {
		t.Fatalf("build --to python: %v", err)
	}
	x.wantCopied(want, "tooltui build --to python")
	x.keys("app", "Escape")
	x.waitFor("app", "the formats view closed", inTools)

	// ctrl+s asks for a name, offering chat.responses.json.
	x.keys("app", "C-s")
	x.waitFor("app", "the save-as dialog", has("Save as", "Chat Completions format"))
	x.keys("app", "Enter")
	x.waitFor("app", "the save", statusShows("Saved "+filepath.Join(dir, "chat.responses.json")))
	isBody, desc := bodyDescription(t, filepath.Join(dir, "chat.responses.json"))
	if !isBody || desc != "Current weather for a city" {
		t.Errorf("saved: body %v, description %q", isBody, desc)
	}
	if got, _ := os.ReadFile(doc); string(got) != e2eChat {
		t.Errorf("the Chat Completions file changed:\n%s", got)
	}
	if s := x.screen("app"); strings.Contains(s, "read as Chat") {
		t.Errorf("the translation note outlived the save:\n%s", s)
	}
	quitClean(t, x, status)
}
