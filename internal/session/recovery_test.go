package session

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/tooltui/tooltui/internal/model"
)

// TestChangedSinceCopy: the note beside a recovery copy tells whether the
// file is still the one the copy was made over.
func TestChangedSinceCopy(t *testing.T) {
	file := filepath.Join(t.TempDir(), "doc.json")
	was := model.StampOf([]byte(`{"model": "a"}`), nil)
	now := model.StampOf([]byte(`{"model": "b"}`), nil)
	if ChangedSinceCopy(file, &now) {
		t.Fatal("changed with no note")
	}
	if BaseOf(nil) != nil || BaseOf(&model.Stamp{}) != nil {
		t.Fatal("a note of a file not known")
	}
	if err := os.WriteFile(RecoveryBase(file), BaseOf(&was), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		now  *model.Stamp
		want bool
	}{
		{"the same file", &was, false},
		{"another content", &now, true},
		{"gone", &model.Stamp{}, true},
		{"not known", nil, true},
	} {
		if got := ChangedSinceCopy(file, c.now); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
	if ChangedSinceCopy("", &now) {
		t.Fatal("no recovery file, yet changed")
	}
}
