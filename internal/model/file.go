package model

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/google/renameio/v2"
)

// FileError is a file that cannot be read or written, naming the file.
type FileError struct {
	Path string
	Err  error
}

func (e *FileError) Error() string { return e.Path + ": " + e.Err.Error() }
func (e *FileError) Unwrap() error { return e.Err }

// ReadFile reads a document or Responses body from a regular file. It
// refuses directories, FIFOs, devices and files over MaxDocumentBytes
// before reading them, and names the file in every error.
func ReadFile(path string) (*Document, error) {
	d, _, _, err := ReadFileStamped(path)
	return d, err
}

// ReadFileStamped is ReadFile that also returns the bytes it read and
// their stamp, so that an unchanged document saves to the same bytes and a
// save can tell whether the file changed meanwhile.
func ReadFileStamped(path string) (*Document, []byte, Stamp, error) {
	return ReadFileStampedWith(path, Parse)
}

// ReadFileStampedWith is ReadFileStamped with another parser (one that
// also reads other formats, say), its errors named by the file too.
func ReadFileStampedWith(path string, parse func([]byte) (*Document, error)) (*Document, []byte, Stamp, error) {
	st, data, err := ReadStamp(path)
	if err == nil && !st.Exists {
		_, err = os.Stat(path) // names what is missing
		err = &FileError{Path: path, Err: plainErr(err)}
	}
	if err != nil {
		return nil, nil, Stamp{}, err
	}
	d, err := parse(data)
	if err != nil {
		return nil, nil, Stamp{}, &FileError{Path: path, Err: err}
	}
	return d, data, st, nil
}

// ReadStamp reads a regular file of at most MaxDocumentBytes and returns
// its stamp and bytes. A file that does not exist is no error: its stamp
// is the zero Stamp.
func ReadStamp(path string) (Stamp, []byte, error) {
	data, err := ReadLimited(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Stamp{}, nil, nil
	}
	if err != nil {
		return Stamp{}, nil, err
	}
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Stamp{}, nil, nil // removed while it was read
	}
	if err != nil {
		return Stamp{}, nil, &FileError{Path: path, Err: plainErr(err)}
	}
	return StampOf(data, fi), data, nil
}

// ReadLimited returns the bytes of a regular file of at most
// MaxDocumentBytes.
func ReadLimited(path string) ([]byte, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, &FileError{Path: path, Err: plainErr(err)}
	}
	if !fi.Mode().IsRegular() {
		what := "not a regular file"
		switch {
		case fi.IsDir():
			what = "is a directory"
		case fi.Mode()&fs.ModeNamedPipe != 0:
			what = "is a named pipe (FIFO); tooltui reads regular files only"
		case fi.Mode()&fs.ModeDevice != 0:
			what = "is a device; tooltui reads regular files only"
		}
		return nil, &FileError{Path: path, Err: errors.New(what)}
	}
	if fi.Size() > MaxDocumentBytes {
		return nil, &FileError{Path: path, Err: fmt.Errorf("too large: %d bytes, the limit is %d MiB", fi.Size(), MaxDocumentBytes>>20)}
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, &FileError{Path: path, Err: plainErr(err)}
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxDocumentBytes+1))
	if err != nil {
		return nil, &FileError{Path: path, Err: plainErr(err)}
	}
	if len(data) > MaxDocumentBytes {
		return nil, &FileError{Path: path, Err: fmt.Errorf("too large: over %d MiB", MaxDocumentBytes>>20)}
	}
	return data, nil
}

// ReadAllLimited reads at most MaxDocumentBytes from r (standard input).
func ReadAllLimited(r io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxDocumentBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxDocumentBytes {
		return nil, fmt.Errorf("too large: over %d MiB", MaxDocumentBytes>>20)
	}
	return data, nil
}

// WriteFileAtomic replaces path with data so that a crash or a full disk
// leaves either the old file or the new one, never a mix: a temporary file
// in the same directory is written, synced and renamed over the target. A
// symlink is followed, so the link stays and its target is replaced; the
// target's mode is kept (0644 for a new file). The temporary file is
// always in the target's directory, never in $TMPDIR.
func WriteFileAtomic(path string, data []byte) error {
	target := path
	if resolved, err := filepath.EvalSymlinks(path); err == nil {
		target = resolved
	} else if li, lerr := os.Lstat(path); lerr == nil && li.Mode()&fs.ModeSymlink != 0 {
		return &FileError{Path: path, Err: errors.New("is a symlink to a missing file")}
	}
	mode := fs.FileMode(0o644)
	if fi, err := os.Stat(target); err == nil {
		if !fi.Mode().IsRegular() {
			return &FileError{Path: path, Err: errors.New("not a regular file")}
		}
		mode = fi.Mode().Perm()
	}
	if err := renameio.WriteFile(target, data, mode, renameio.WithTempDir(filepath.Dir(target))); err != nil {
		return &FileError{Path: path, Err: plainErr(err)}
	}
	return nil
}

// plainErr drops the operation and path that os errors repeat.
func plainErr(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}
