// A file in another API's format: translated on load, its notes first in
// the diagnostics, saved in the Responses shape under a new name.
package ui_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/formats"
)

const chatFile = `{"model":"gpt-4o","messages":[{"role":"user","content":"hi"}],"tools":[{"type":"function","function":{"name":"get_weather","description":"Weather","parameters":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"],"additionalProperties":false},"strict":true}}]}`

func TestTranslatedFileSavesUnderANewName(t *testing.T) {
	t.Parallel()
	f, deps := newFakes(t)
	path := filepath.Join(f.fs.dir, "chat.json")
	writeFile(t, path, []byte(chatFile))
	a := openRead(t, path, deps, formats.ReadFileStamped, tea.WindowSizeMsg{Width: 100, Height: 30})
	requireContains(t, screen(a), "read as Chat Completions", "diagnostics")

	// ctrl+s asks where, and says why; enter takes the name offered,
	// chat.responses.json beside the file.
	send(t, a, ctrl('s'))
	requireDialog(t, a, "Save as")
	requireContains(t, statusLine(t, a), "Chat Completions format", "status line")
	feedUntil(t, a, send(t, a, kEnter), "files.SavedMsg")

	out := filepath.Join(f.fs.dir, "chat.responses.json")
	saved := readFile(t, out)
	keys, names := bodyTools(t, saved)
	if !keys["input"] || keys["messages"] || len(names) != 1 || names[0] != "get_weather" {
		t.Fatalf("saved %v %v:\n%s", keys, names, saved)
	}
	if got, _ := os.ReadFile(path); string(got) != chatFile {
		t.Fatalf("the Chat Completions file changed:\n%s", got)
	}
	// Once saved, nothing is a translation any more: the note is gone and
	// the next ctrl+s writes the same file without asking.
	if s := screen(a); strings.Contains(s, "read as Chat Completions") {
		t.Fatalf("the translation note outlived the save:\n%s", s)
	}
	send(t, a, press('j'), kSpace) // disable the function: a change
	send(t, a, ctrl('s'))
	if s := screen(a); strings.Contains(s, "─Save as─") {
		t.Fatalf("the second save asked for a name again:\n%s", s)
	}
	// A body cannot hold a disabled tool: the save asks about that, as
	// for any body; s saves without it.
	feedUntil(t, a, send(t, a, press('s')), "files.SavedMsg")
	if again := readFile(t, out); again == saved {
		t.Fatal("the second save did not write chat.responses.json")
	}
}

// A path longer than the Save as field shows its end, the file name.
func TestSaveAsShowsTheEndOfALongPath(t *testing.T) {
	t.Parallel()
	f, deps := newFakes(t)
	dir := filepath.Join(f.fs.dir, strings.Repeat("nested-directory-", 6))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "travel-tools.json")
	writeFile(t, path, []byte(chatFile))
	a := openRead(t, path, deps, formats.ReadFileStamped, tea.WindowSizeMsg{Width: 80, Height: 24})
	send(t, a, ctrl('s'))
	requireDialog(t, a, "Save as")
	requireContains(t, screen(a), "travel-tools.responses.json", "the Save as field")
}
