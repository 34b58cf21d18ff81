package model

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// fakeInfo is a file's info with only a modification time.
type fakeInfo struct{ mod time.Time }

func (f fakeInfo) Name() string       { return "f" }
func (f fakeInfo) Size() int64        { return 0 }
func (f fakeInfo) Mode() fs.FileMode  { return 0o644 }
func (f fakeInfo) ModTime() time.Time { return f.mod }
func (f fakeInfo) IsDir() bool        { return false }
func (f fakeInfo) Sys() any           { return nil }

func TestStampDescribe(t *testing.T) {
	t0 := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	at := func(d time.Duration) fs.FileInfo { return fakeInfo{t0.Add(d)} }
	small := make([]byte, 1234)
	big := make([]byte, 1300)
	other := append([]byte{1}, small[1:]...)
	opened := StampOf(small, at(0))
	for _, c := range []struct {
		name      string
		then, now Stamp
		want      string
	}{
		{"unchanged", opened, StampOf(small, at(0)), ""},
		{"touched, same content", opened, StampOf(small, at(time.Hour)), ""},
		{"grown 12 s later", opened, StampOf(big, at(12*time.Second)), "changed on disk 12 s after the version you have: 1,234 → 1,300 bytes"},
		{"same size, other content", opened, StampOf(other, at(3*time.Minute)), "changed on disk 3 min after the version you have: different content, same size (1,234 bytes)"},
		{"under a second", opened, StampOf(big, at(200*time.Millisecond)), "changed on disk 0.2 s after the version you have: 1,234 → 1,300 bytes"},
		{"dated earlier", opened, StampOf(big, at(-2*time.Hour)), "changed on disk (dated 2 h before the version you have): 1,234 → 1,300 bytes"},
		{"days later", opened, StampOf(big, at(72*time.Hour)), "changed on disk 3 days after the version you have: 1,234 → 1,300 bytes"},
		{"no times known", StampOf(small, nil), StampOf(big, nil), "changed on disk: 1,234 → 1,300 bytes"},
		{"deleted", opened, Stamp{}, "was deleted"},
		{"created", Stamp{}, StampOf(big, at(0)), "was created on disk: 1,300 bytes"},
		{"still missing", Stamp{}, Stamp{}, ""},
		{"emptied", opened, StampOf(nil, at(time.Second)), "changed on disk 1 s after the version you have: 1,234 → 0 bytes"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := c.then.Describe(c.now); got != c.want {
				t.Errorf("Describe = %q, want %q", got, c.want)
			}
			if same := c.then.Same(c.now); same != (c.want == "") {
				t.Errorf("Same = %v, but Describe says %q", same, c.want)
			}
		})
	}
}

func TestStampHolds(t *testing.T) {
	s := StampOf([]byte("abc"), nil)
	if !s.Holds([]byte("abc")) || s.Holds([]byte("abd")) || s.Holds([]byte("abcd")) || (Stamp{}).Holds(nil) {
		t.Fatal("Holds does not compare the content")
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 7: "7", 999: "999", 1000: "1,000", 1234567: "1,234,567", -12345: "-12,345"} {
		if got := Thousands(n); got != want {
			t.Errorf("Thousands(%d) = %q, want %q", n, got, want)
		}
	}
	if Bytes(1) != "1 byte" || Bytes(16<<20) != "16,777,216 bytes" {
		t.Errorf("Bytes: %q, %q", Bytes(1), Bytes(16<<20))
	}
}

func TestReadStamp(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "doc.json")
	st, data, err := ReadStamp(p)
	if err != nil || st.Exists || data != nil {
		t.Fatalf("a missing file: %+v %q %v, want the zero stamp and no error", st, data, err)
	}
	if err := os.WriteFile(p, []byte(`{"model":"m"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	st, data, err = ReadStamp(p)
	fi, _ := os.Stat(p)
	if err != nil || !st.Exists || string(data) != `{"model":"m"}` || st.Size != 13 || !st.ModTime.Equal(fi.ModTime()) || !st.Holds(data) {
		t.Fatalf("ReadStamp = %+v %q %v", st, data, err)
	}
	if _, _, err := ReadStamp(dir); err == nil {
		t.Fatal("ReadStamp of a directory is no error")
	}
	d, raw, st2, err := ReadFileStamped(p)
	if err != nil || d == nil || string(raw) != string(data) || !st2.Same(st) {
		t.Fatalf("ReadFileStamped = %v %q %+v %v", d, raw, st2, err)
	}
	if _, _, _, err := ReadFileStamped(filepath.Join(dir, "none.json")); err == nil || err.Error() != filepath.Join(dir, "none.json")+": no such file or directory" {
		t.Fatalf("ReadFileStamped of a missing file: %v", err)
	}
}

// TestWriteFileAtomicTempFileInTargetDir: the temporary file is made next
// to the target even when $TMPDIR is on the same file system (renameio
// would otherwise use $TMPDIR, probing it with files of its own).
func TestWriteFileAtomicTempFileInTargetDir(t *testing.T) {
	base := t.TempDir()
	tmp := filepath.Join(base, "tmp")
	dir := filepath.Join(base, "docs")
	for _, d := range []string{tmp, dir} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("TMPDIR", tmp)
	// An old time: creating or removing anything in tmp would change it.
	old := time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC)
	if err := os.Chtimes(tmp, old, old); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "doc.json")
	for _, data := range []string{"first", "second"} { // a new file, then a replaced one
		if err := WriteFileAtomic(p, []byte(data)); err != nil {
			t.Fatal(err)
		}
		if b, _ := os.ReadFile(p); string(b) != data {
			t.Fatalf("the file holds %q, want %q", b, data)
		}
	}
	fi, err := os.Stat(tmp)
	if err != nil {
		t.Fatal(err)
	}
	if !fi.ModTime().Equal(old) {
		t.Fatalf("WriteFileAtomic used $TMPDIR (its time changed to %s)", fi.ModTime())
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Fatalf("the directory holds %d entries, want only the file (no temporary file left)", len(ents))
	}
}
