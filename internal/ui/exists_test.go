package ui_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/tooltui/tooltui/internal/model"
)

// TestSaveAsAndExportAskBeforeWritingOverAFile: S and X to a name where a
// file is ask first; esc leaves the file as it was, o writes over it.
func TestSaveAsAndExportAskBeforeWritingOverAFile(t *testing.T) {
	t.Parallel()
	orig := string(model.ExampleJSON())
	for _, c := range []struct {
		name  string
		key   rune
		title string
	}{{"save as", 'S', "Save as"}, {"export", 'X', "Export request"}} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			a, f, _ := openStamped(t, orig)
			victim := filepath.Join(f.fs.dir, "victim.json")
			if err := os.WriteFile(victim, []byte("keep me"), 0o644); err != nil {
				t.Fatal(err)
			}
			ask := func() {
				send(t, a, press(c.key))
				requireDialog(t, a, c.title)
				send(t, a, ctrl('e'), ctrl('u'))
				typeText(t, a, victim)
				feed(t, a, send(t, a, kEnter), settle)
				requireDialog(t, a, "File exists")
				requireContains(t, boxText(screen(a), "File exists"), "already exists (7 bytes). Write over it?", "the dialog")
			}
			ask()
			send(t, a, kEsc)
			requireNoDialog(t, a, "File exists")
			if got := readFile(t, victim); got != "keep me" {
				t.Fatalf("esc wrote over the file: %q", got)
			}
			ask()
			feed(t, a, send(t, a, press('o')), settle)
			if got := readFile(t, victim); got == "keep me" {
				t.Fatal("o did not write")
			}
		})
	}
}
