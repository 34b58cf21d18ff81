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
	data, fi, err := readStat(path)
	if err == nil && fi == nil {
		_, err = os.Stat(path) // names what is missing
		err = &FileError{Path: path, Err: plainErr(err)}
	}
	if err != nil {
		return nil, nil, Stamp{}, err
	}
	d, st, err := ParseStamped(path, data, fi, parse)
	if err != nil {
		return nil, nil, Stamp{}, err
	}
	return d, data, st, nil
}

// ParseStamped parses the bytes of the file at path, read with its
// information fi, and stamps them: ReadFileStampedWith after the read, for
// bytes read already. A parse error is a FileError naming path.
func ParseStamped(path string, data []byte, fi fs.FileInfo, parse func([]byte) (*Document, error)) (*Document, Stamp, error) {
	// The stamp's checksum (2 ms for 2 MB) is summed beside the parse.
	stamp := make(chan Stamp, 1)
	go func() { stamp <- StampOf(data, fi) }()
	d, err := parse(data)
	st := <-stamp
	if err != nil {
		return nil, Stamp{}, &FileError{Path: path, Err: err}
	}
	return d, st, nil
}

// ReadStamp reads a regular file of at most MaxDocumentBytes and returns
// its stamp and bytes. A file that does not exist is no error: its stamp
// is the zero Stamp.
func ReadStamp(path string) (Stamp, []byte, error) {
	data, fi, err := readStat(path)
	if err != nil || fi == nil {
		return Stamp{}, nil, err
	}
	return StampOf(data, fi), data, nil
}

// readStat is ReadStamp before the stamp: the bytes and the file's
// information, or neither (and no error) for a file that does not exist.
func readStat(path string) ([]byte, fs.FileInfo, error) {
	data, err := ReadLimited(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, nil // removed while it was read
	}
	if err != nil {
		return nil, nil, &FileError{Path: path, Err: plainErr(err)}
	}
	return data, fi, nil
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
	data, err := readSized(io.LimitReader(f, MaxDocumentBytes+1), fi.Size())
	if err != nil {
		return nil, &FileError{Path: path, Err: plainErr(err)}
	}
	if len(data) > MaxDocumentBytes {
		return nil, &FileError{Path: path, Err: fmt.Errorf("too large: over %d MiB", MaxDocumentBytes>>20)}
	}
	return data, nil
}

// readSized reads r to its end into one buffer of the size the file had
// when it was looked at (and one byte more, to see that it ended),
// growing it only if the file grew meanwhile: a 2 MB document is one
// allocation instead of the dozen of io.ReadAll's doubling from 512 bytes.
func readSized(r io.Reader, size int64) ([]byte, error) {
	data := make([]byte, 0, size+1)
	for {
		n, err := r.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return data, err
		}
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
	}
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
