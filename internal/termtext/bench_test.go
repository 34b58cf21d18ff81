package termtext

import (
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/termtext/termtexttest"
)

func BenchmarkSanitize1_5MB(b *testing.B) {
	s := string(termtexttest.BigDoc())
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for b.Loop() {
		if out := Sanitize(s); len(out) != len(s) {
			b.Fatal("changed")
		}
	}
}

// BenchmarkSanitize1_5MBDirty has something to escape about every 1 KB, so
// the slow path (copying into a new string) runs over the whole input.
func BenchmarkSanitize1_5MBDirty(b *testing.B) {
	var sb strings.Builder
	src := termtexttest.BigDoc()
	for i := 0; i < len(src); i += 1000 {
		sb.Write(src[i:min(i+1000, len(src))])
		sb.WriteString("\x1b[2J\u202e\u009b\t")
	}
	s := sb.String()
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for b.Loop() {
		_ = Sanitize(s)
	}
}
