package colorload

import (
	"os"
	"strings"
	"testing"
)

// TestRestore: NO_COLOR is "1" while the packages load, and as the
// process started after Restore, however often it is called.
func TestRestore(t *testing.T) {
	b, err := os.ReadFile("/proc/self/environ")
	if err != nil {
		t.Skip("no /proc/self/environ to compare with:", err)
	}
	want, had := "", false
	for _, kv := range strings.Split(string(b), "\x00") {
		if v, ok := strings.CutPrefix(kv, name+"="); ok {
			want, had = v, true
		}
	}
	if got := os.Getenv(name); got != "1" {
		t.Fatalf("while loading, NO_COLOR is %q, want 1", got)
	}
	if Held() != (want != "1") {
		t.Fatalf("Held() = %v with NO_COLOR %q at start", Held(), want)
	}
	for range 2 {
		Restore()
		if got, ok := os.LookupEnv(name); ok != had || got != want {
			t.Fatalf("after Restore NO_COLOR is %q (set %v), the process started with %q (set %v)", got, ok, want, had)
		}
	}
}
