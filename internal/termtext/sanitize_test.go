package termtext

import (
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/termtext/termtexttest"
)

func TestSanitize(t *testing.T) {
	for _, tc := range termtexttest.Cases {
		t.Run(tc.Name, func(t *testing.T) {
			got := Sanitize(tc.In)
			if got != tc.Want {
				t.Errorf("Sanitize(%q) = %q, want %q", tc.In, got, tc.Want)
			}
			wantLine := tc.Want
			if tc.Line != "" {
				wantLine = tc.Line
			}
			if gotLine := SanitizeLine(tc.In); gotLine != wantLine {
				t.Errorf("SanitizeLine(%q) = %q, want %q", tc.In, gotLine, wantLine)
			}
			if Escaped(tc.In) != (tc.In != tc.Want) {
				t.Errorf("Escaped(%q) = %v", tc.In, Escaped(tc.In))
			}
			checkSanitizeProps(t, tc.In)
		})
	}
}

func checkSanitizeProps(t *testing.T, in string) {
	t.Helper()
	out := Sanitize(in)
	termtexttest.CheckSafe(t, in, out, false)
	if again := Sanitize(out); again != out {
		t.Fatalf("Sanitize not idempotent: %q -> %q -> %q", in, out, again)
	}
	line := SanitizeLine(in)
	termtexttest.CheckSafe(t, in, line, true)
	if again := SanitizeLine(line); again != line {
		t.Fatalf("SanitizeLine not idempotent: %q -> %q -> %q", in, line, again)
	}
	if Escaped(in) != (out != in) {
		t.Fatalf("Escaped(%q) = %v but Sanitize gives %q", in, Escaped(in), out)
	}
	// Pieces cut at ASCII never join differently: sanitising line by line
	// gives the multi-line result.
	var b strings.Builder
	for i, l := range strings.Split(in, "\n") {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(SanitizeLine(l))
	}
	if b.String() != out {
		t.Fatalf("Sanitize(%q) = %q, but line by line %q", in, out, b.String())
	}
}

func TestSanitizeNoAllocWhenClean(t *testing.T) {
	clean := strings.Repeat(`{"name": "get_weather", "description": "Météo 日本 😀👨‍👩‍👧"}`+"\n", 100)
	var out string
	if n := testing.AllocsPerRun(100, func() { out = Sanitize(clean) }); n != 0 {
		t.Fatalf("Sanitize of clean text allocates %v times", n)
	}
	if out != clean {
		t.Fatal("clean text changed")
	}
	if n := testing.AllocsPerRun(100, func() { _ = SanitizeLine("status: ok") }); n != 0 {
		t.Fatalf("SanitizeLine of clean text allocates %v times", n)
	}
}

func FuzzSanitize(f *testing.F) {
	for _, tc := range termtexttest.Cases {
		f.Add(tc.In)
	}
	f.Fuzz(func(t *testing.T, in string) {
		checkSanitizeProps(t, in)
	})
}

// TestScanCleanEveryByte checks the 8-bytes-at-a-time scan against the
// definition, with every byte value at every position of a block.
func TestScanCleanEveryByte(t *testing.T) {
	for pos := range 19 {
		for c := range 256 {
			b := []byte(strings.Repeat("a~ {}\"", 4)[:19])
			b[pos] = byte(c)
			s := string(b)
			bad := c < 0x20 || c >= 0x7f
			if got := Escaped(s); got != (bad && c != '\n') {
				t.Fatalf("Escaped(%q) = %v", s, got)
			}
			if got := SanitizeLine(s) != s; got != bad {
				t.Fatalf("SanitizeLine(%q) changed = %v", s, got)
			}
		}
	}
}
