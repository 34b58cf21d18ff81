package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// What the screen shows: no status message outlives the dialog it was
// about, overlays leave no doubled corners, styled text is not escaped a
// second time.

// TestStatusOfADialogGoesWithIt: messages said in the tree (about a row,
// the example) are gone once the tree is closed.
func TestStatusOfADialogGoesWithIt(t *testing.T) {
	a := treeApp(t)
	typeKeys(a, "j", "T", "v")
	if !strings.Contains(a.status.text, "Example arguments") {
		t.Fatalf("status %q", a.status.text)
	}
	typeKeys(a, "esc")
	if a.status.text != "" {
		t.Fatalf("the tree's message outlived it: %q", a.status.text)
	}
	typeKeys(a, "T", "a", "stops", "enter")
	typeKeys(a, "esc")
	if a.status.text != "" {
		t.Fatalf("the tree's message outlived it: %q", a.status.text)
	}
	// a message said as a dialog closes is about what it did: it stays
	typeKeys(a, "X", "esc")
	if !strings.Contains(a.status.text, "Export cancelled") {
		t.Fatalf("status %q", a.status.text)
	}
}

// TestStatusOfASelectionGoesWithIt: the hint said when a tool is added is
// about that tool: selecting another row takes it away.
func TestStatusOfASelectionGoesWithIt(t *testing.T) {
	a := treeApp(t)
	a.apply(kit.ActAdd{Typ: "web_search"}) // as the add dialog does
	if !strings.Contains(a.status.text, "Added web_search") {
		t.Fatalf("status %q", a.status.text)
	}
	typeKeys(a, "1", "k")
	if strings.Contains(a.status.text, "Added web_search") {
		t.Fatalf("the message about the added tool outlived its selection: %q", a.status.text)
	}
}

// TestOverlayHasNoDoubledCorners: a dialog as wide as the screen but for
// a column each side does not sit beside the panes' borders.
func TestOverlayHasNoDoubledCorners(t *testing.T) {
	// the tree pane, and the widest overlays: the formats view, the keys
	// help, the mocks dialog
	for _, keys := range [][]string{{"j", "T"}, {"j", "V"}, {"j", "?"}, {"j", "M"}} {
		a := treeApp(t)
		typeKeys(a, keys...)
		if len(keys) > 1 && keys[1] != "T" && a.dialog == nil {
			t.Fatalf("%v opened no dialog", keys)
		}
		screen := treeScreen(a)
		for i, l := range strings.Split(screen, "\n") {
			for _, dbl := range []string{"╭╭", "╮╮", "╰╰", "╯╯", "╰│", "│╯", "││╭", "╮││", "╰╭", "╮╯"} {
				if strings.Contains(l, dbl) {
					t.Fatalf("%v: line %d has %q:\n%s", keys, i, dbl, screen)
				}
			}
			if r := []rune(l); len(r) > 1 && (r[0] == '│' && r[1] == '│' || r[len(r)-1] == '│' && r[len(r)-2] == '│') {
				t.Fatalf("%v: line %d has a doubled border:\n%s", keys, i, screen)
			}
		}
	}
}

// TestTreeShowsAStrictRuleAsText: the strict problem of the chosen row is
// styled once, never shown as escape text.
func TestTreeShowsAStrictRuleAsText(t *testing.T) {
	d, err := model.Parse([]byte(`{"model":"m","tools_defs":[{"name":"f","description":"","strict":true,
		"parameters":{"type":"object","properties":{"a":{"type":"string"}},"required":[],"additionalProperties":false}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	a := New(Options{Doc: d, Name: "doc.json"})
	a.Update(tea.WindowSizeMsg{Width: 130, Height: 36})
	typeKeys(a, "j", "T", "down")
	s := a.View().Content
	if !strings.Contains(treeScreen(a), "strict:") {
		t.Fatalf("no strict problem shown:\n%s", treeScreen(a))
	}
	if strings.Contains(s, `\x1b`) {
		t.Fatalf("escape text on the screen:\n%s", treeScreen(a))
	}
}

// TestNamingHintGoesWhenTheNameIsDone: "type its name; enter goes on to
// its parameters" is over once the name is typed.
func TestNamingHintGoesWhenTheNameIsDone(t *testing.T) {
	a := treeApp(t)
	a.apply(kit.ActAdd{Typ: "function"})
	if !strings.Contains(a.status.text, "type its name") {
		t.Fatalf("status %q", a.status.text)
	}
	typeKeys(a, "lookup", "enter")
	if strings.Contains(a.status.text, "type its name") {
		t.Fatalf("the naming hint outlived the naming: %q", a.status.text)
	}
}
