package history

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/tooltui/tooltui/internal/sim"
)

// BenchmarkList reads a history of 100 sends of two turns each (what
// "Recent sends" would read, in a command, never on a keystroke).
func BenchmarkList(b *testing.B) {
	root, doc := workspaceWith(b)
	one := sendAt(b, root, doc, time.Date(2026, 12, 3, 17, 0, 0, 0, time.UTC), sim.Options{}, "12 °C")
	data, err := os.ReadFile(one)
	if err != nil {
		b.Fatal(err)
	}
	for i := 1; i < 100; i++ {
		name := fmt.Sprintf("20261203T17%04dZ-travel.recording.jsonl", i)
		if err := os.WriteFile(filepath.Join(Dir(root), name), data, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for b.Loop() {
		entries, err := List(root)
		if err != nil || len(entries) != 100 || entries[0].Err != nil {
			b.Fatalf("%d entries, %v", len(entries), err)
		}
	}
	b.ReportMetric(float64(len(data)), "bytes/recording")
}
