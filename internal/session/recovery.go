package session

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"

	"github.com/tooltui/tooltui/internal/model"
)

// RecoveryFile is where unsaved work on path (or the example, for "") is
// kept; "" when the system has no cache directory.
func RecoveryFile(path string) string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	key := "example"
	if path != "" {
		if abs, err := filepath.Abs(path); err == nil {
			path = abs
		}
		sum := sha256.Sum256([]byte(path))
		key = filepath.Base(path) + "-" + hex.EncodeToString(sum[:8])
	}
	return filepath.Join(dir, "tooltui", "recovery", key+".json")
}

// Recovered is the unsaved work kept in the recovery file for a document
// (RecoveryFile), when it holds something other than open: nil when there
// is none, it cannot be read, or it saves to the same bytes as open.
func Recovered(file string, open *model.Document) *model.Document {
	if file == "" {
		return nil
	}
	d, err := model.ReadFile(file)
	if err != nil || sameState(d, open) {
		return nil
	}
	return d
}

// sameState reports whether two documents save to the same bytes, their
// whole state included (drafts, disabled tools).
func sameState(a, b *model.Document) bool {
	x, err1 := a.MarshalState()
	y, err2 := b.MarshalState()
	return err1 == nil && err2 == nil && string(x) == string(y)
}

// RecoveryBase is the note beside a recovery copy (file) of which version
// of the document's file the copy was made over, so that the next start
// can tell whether the file changed since.
func RecoveryBase(file string) string { return file + ".base" }

// BaseOf is what RecoveryBase holds for the file as the session knew it
// (st: loaded, reloaded or saved): the SHA-256 of its content; nil when
// it is not known, and no note is kept.
func BaseOf(st *model.Stamp) []byte {
	if st == nil || !st.Exists {
		return nil
	}
	return []byte(hex.EncodeToString(st.Sum[:]))
}

// ChangedSinceCopy reports whether the file (as now) is not the one the
// recovery copy (file) was made over; false when that is not known.
func ChangedSinceCopy(file string, now *model.Stamp) bool {
	if file == "" {
		return false
	}
	base, err := os.ReadFile(RecoveryBase(file))
	if err != nil || len(base) == 0 {
		return false
	}
	if now == nil || !now.Exists {
		return true // it was there when the copy was made
	}
	return string(base) != string(BaseOf(now))
}
