package model

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"strconv"
	"time"
)

// Stamp identifies a file's content as tooltui last read or wrote it, so a
// save can tell whether something else changed the file meanwhile. The
// zero Stamp is a file that does not exist.
type Stamp struct {
	Exists  bool
	Size    int64
	ModTime time.Time
	Sum     [32]byte // SHA-256 of the content
}

// StampOf is the stamp of a file holding data, with fi its file info
// (nil when unknown: the modification time stays zero).
func StampOf(data []byte, fi fs.FileInfo) Stamp {
	s := Stamp{Exists: true, Size: int64(len(data)), Sum: sha256.Sum256(data)}
	if fi != nil {
		s.ModTime = fi.ModTime()
	}
	return s
}

// Same reports whether now holds the same content as s: a file touched
// but not changed is the same, a file deleted or created is not.
func (s Stamp) Same(now Stamp) bool {
	if s.Exists != now.Exists {
		return false
	}
	return !s.Exists || (s.Size == now.Size && s.Sum == now.Sum)
}

// Holds reports whether the file of stamp s holds data.
func (s Stamp) Holds(data []byte) bool {
	return s.Exists && s.Size == int64(len(data)) && s.Sum == sha256.Sum256(data)
}

// Describe says what happened to the file between s (the version open in
// the app) and now, as a clause that follows the file's name: "was
// deleted", "changed on disk 12 s after the version you have: 1,234 →
// 1,300 bytes". It is "" when the content is the same.
func (s Stamp) Describe(now Stamp) string {
	switch {
	case s.Same(now):
		return ""
	case !now.Exists:
		return "was deleted"
	case !s.Exists:
		return "was created on disk: " + Bytes(now.Size)
	}
	when := ""
	if !s.ModTime.IsZero() && !now.ModTime.IsZero() {
		switch d := now.ModTime.Sub(s.ModTime); {
		case d > 0:
			when = " " + Ago(d) + " after the version you have"
		case d < 0:
			when = " (dated " + Ago(-d) + " before the version you have)"
		}
	}
	what := Thousands(s.Size) + " → " + Bytes(now.Size)
	if s.Size == now.Size {
		what = "different content, same size (" + Bytes(now.Size) + ")"
	}
	return "changed on disk" + when + ": " + what
}

// Bytes writes a size with thousands separators: "1,234 bytes".
func Bytes(n int64) string {
	if n == 1 {
		return "1 byte"
	}
	return Thousands(n) + " bytes"
}

// Thousands writes n with a comma every three digits.
func Thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := false
	if n < 0 {
		neg, s = true, s[1:]
	}
	var b bytes.Buffer
	if neg {
		b.WriteByte('-')
	}
	for i, c := range []byte(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteByte(c)
	}
	return b.String()
}

// Ago writes a duration as people say it: "0.3 s", "12 s", "5 min", "3 h",
// "2 days".
func Ago(d time.Duration) string {
	switch {
	case d < time.Second:
		return fmt.Sprintf("%.1f s", d.Seconds())
	case d < time.Minute:
		return fmt.Sprintf("%d s", int(d/time.Second))
	case d < time.Hour:
		return fmt.Sprintf("%d min", int(d/time.Minute))
	case d < 48*time.Hour:
		return fmt.Sprintf("%d h", int(d/time.Hour))
	}
	return fmt.Sprintf("%d days", int(d/(24*time.Hour)))
}
