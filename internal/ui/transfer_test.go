// Copying and moving tools to another document of a workspace.
package ui_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/ui"
)

const wsDocMove = `{"tool_choice": {"type": "function", "name": "get_weather"},
  "tools_defs": [
    {"name": "get_weather", "description": "Weather", "parameters": {"type": "object", "properties": {}}},
    {"name": "lookup_order", "description": "Orders", "parameters": {"type": "object", "properties": {}}}
  ],
  "tooltui": {"mocks": {"get_weather": {"output": "sunny"}}}}`

// runCommand runs a palette command by its name.
func runCommand(t *testing.T, a *ui.App, name string) {
	t.Helper()
	send(t, a, ctrl('p'))
	typeToChoose(t, a, name, name)
	feed(t, a, send(t, a, kEnter), settle)
}

// transferTo runs the move or copy command and chooses dest.
func transferTo(t *testing.T, a *ui.App, command, dest string) {
	t.Helper()
	runCommand(t, a, command)
	requireContains(t, screen(a), dest, "the documents to choose from")
	typeToChoose(t, a, dest, dest)
	feed(t, a, send(t, a, kEnter), settle)
}

func saveAllAndRead(t *testing.T, a *ui.App, dir string, names ...string) []string {
	t.Helper()
	feed(t, a, send(t, a, alt('s')), settle)
	var out []string
	for _, n := range names {
		data, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, string(data))
	}
	return out
}

func TestWorkspaceMoveToolTakesMockAndToolChoice(t *testing.T) {
	a, _, dir := wsAppWith(t, map[string]string{"m.json": wsDocMove})
	switchTo(t, a, "m.json")
	send(t, a, press('j')) // get_weather
	transferTo(t, a, "Move tools to another document…", "b.json")
	st := statusLine(t, a)
	requireContains(t, st, "Moved 1 tool to b.json", "the status line")
	requireContains(t, st, "tool_choice", "the status line's notes")
	if out := string(a.Output()); strings.Contains(out, "get_weather") {
		t.Fatalf("m.json's request still has get_weather:\n%s", out)
	}
	switchTo(t, a, "b.json")
	requireContains(t, screen(a), "get_weather", "b.json after the move")
	files := saveAllAndRead(t, a, dir, "m.json", "b.json")
	if strings.Contains(files[0], "get_weather") {
		t.Errorf("m.json keeps get_weather (tool, mock or tool_choice):\n%s", files[0])
	}
	if !strings.Contains(files[1], `"get_weather"`) || !strings.Contains(files[1], `"sunny"`) {
		t.Errorf("b.json lacks get_weather or its mock:\n%s", files[1])
	}

	// Each side undoes on its own: b.json's undo takes the tool out,
	// m.json's brings it back.
	feed(t, a, send(t, a, ctrl('z')), settle)
	if out := string(a.Output()); strings.Contains(out, "get_weather") {
		t.Fatalf("b.json's undo left get_weather:\n%s", out)
	}
	switchTo(t, a, "m.json")
	feed(t, a, send(t, a, ctrl('z')), settle)
	requireContains(t, screen(a), "get_weather", "m.json after its undo")
	files = saveAllAndRead(t, a, dir, "m.json", "b.json")
	if files[0] != wsDocMove && !strings.Contains(files[0], `"tool_choice"`) {
		t.Errorf("m.json after undo lacks its tool_choice:\n%s", files[0])
	}
	if strings.Contains(files[1], "get_weather") {
		t.Errorf("b.json after its undo keeps get_weather:\n%s", files[1])
	}
}

func TestWorkspaceCopyToolKeepsTheSource(t *testing.T) {
	a, _, dir := wsApp(t)
	send(t, a, press('j')) // alpha_one
	transferTo(t, a, "Copy tools to another document…", "c.json")
	requireContains(t, statusLine(t, a), "Copied 1 tool to c.json", "the status line")
	requireContains(t, screen(a), "alpha_one", "a.json after the copy")
	if a.Dirty() {
		t.Error("a copy left the source unsaved")
	}
	files := saveAllAndRead(t, a, dir, "a.json", "c.json")
	if files[0] != wsDocA {
		t.Errorf("a.json written:\n%s", files[0])
	}
	if !strings.Contains(files[1], "alpha_one") || !strings.Contains(files[1], "gamma") {
		t.Errorf("c.json lacks the copy or its own tool:\n%s", files[1])
	}
}

func TestWorkspaceMoveMarkedToolsTogether(t *testing.T) {
	a, _, dir := wsAppWith(t, map[string]string{"m.json": wsDocMove})
	switchTo(t, a, "m.json")
	send(t, a, press('j'), press('m'), press('j'), press('m'))
	transferTo(t, a, "Move tools to another document…", "a.json")
	requireContains(t, statusLine(t, a), "Moved 2 tools to a.json", "the status line")
	files := saveAllAndRead(t, a, dir, "m.json", "a.json")
	if strings.Contains(files[0], "get_weather") || strings.Contains(files[0], "lookup_order") {
		t.Errorf("m.json keeps a moved tool:\n%s", files[0])
	}
	for _, n := range []string{"alpha_one", "get_weather", "lookup_order"} {
		if !strings.Contains(files[1], n) {
			t.Errorf("a.json lacks %s:\n%s", n, files[1])
		}
	}
}

func TestWorkspaceMoveClashAsksThenRenames(t *testing.T) {
	dup := strings.Replace(wsDocB, "beta_two", "alpha_one", 1)
	a, _, dir := wsAppWith(t, map[string]string{"d.json": dup})
	send(t, a, press('j')) // a.json's alpha_one
	transferTo(t, a, "Move tools to another document…", "d.json")
	requireContains(t, screen(a), "alpha_one_2", "the rename question")
	feed(t, a, send(t, a, press('r')), settle)
	requireContains(t, statusLine(t, a), "Moved 1 tool to d.json", "the status line")
	requireContains(t, statusLine(t, a), "alpha_one_2", "the note on the rename")
	files := saveAllAndRead(t, a, dir, "d.json")
	if !strings.Contains(files[0], `"alpha_one_2"`) || !strings.Contains(files[0], `"alpha_one"`) {
		t.Errorf("d.json lacks either alpha_one:\n%s", files[0])
	}

	// esc on the question leaves both documents as they were
	switchTo(t, a, "d.json")
	send(t, a, press('j'))
	transferTo(t, a, "Copy tools to another document…", "c.json")
	transferTo(t, a, "Copy tools to another document…", "c.json")
	requireContains(t, screen(a), "c.json has a tool named", "the question")
	feed(t, a, send(t, a, code(tea.KeyEscape)), settle)
	requireContains(t, statusLine(t, a), "Nothing was copied", "the status line after esc")
}
