package importdlg

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkMissingFileSaid is the prompt's answer to a mistyped path in
// a folder of 200 files, the close path found: what enter costs before
// "No such file" shows (in a command, not on a keystroke).
func BenchmarkMissingFileSaid(b *testing.B) {
	dir := b.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "agents"), 0o755); err != nil {
		b.Fatal(err)
	}
	for i := range 200 {
		if err := os.WriteFile(filepath.Join(dir, "agents", fmt.Sprintf("tools%03d.json", i)), nil, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	typed := filepath.Join(dir, "agnets", "tools100.jsn")
	for b.Loop() {
		_, err := parseSource(typed, Deps{})
		if err == nil || !strings.HasSuffix(err.Error(), "agents/tools100.json?") {
			b.Fatal(err)
		}
	}
}
