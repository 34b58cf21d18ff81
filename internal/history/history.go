// Package history keeps the sends of a workspace's documents: each send
// is a recording (see internal/send) in the workspace's .tooltui/history
// folder, ending with the document it sent and how it ended, which List
// reads back and `tooltui send --replay FILE DOC` plays. Whether a
// workspace keeps one is its settings' say (session.WorkspaceSettings),
// which the caller reads:
//
//	if root, ok := history.FindRoot(doc); ok {
//		if ws, err := session.LoadWorkspaceSettings(root); err == nil && ws.History {
//			h, err := history.Start(root, doc)
//			…
//			cfg.Stream = h.Wrap(cfg.Stream)
//			err = send.LoopContext(ctx, cfg, …)
//			path, err := h.Finish(send.OutcomeOf(err))
//		}
//	}
//
// A recording is named by when its send started (UTC) and the
// document's name, 20261203T170000Z-travel.recording.jsonl; a second one
// of the same second and name is 20261203T170000Z.2-travel.recording.jsonl.
// It is written to a hidden temporary file beside and appears under its
// name only when it is whole (Send.Finish), so the history never holds
// half a recording of tooltui's. Nothing here draws on a terminal.
package history

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tooltui/tooltui/internal/send"
	"github.com/tooltui/tooltui/internal/workspace"
)

// folder is the history's folder inside a workspace's marker folder.
const folder = "history"

// suffix ends the name of every recording of the history.
const suffix = ".recording.jsonl"

// stampLayout is the start of a recording's name: when the send started.
const stampLayout = "20060102T150405Z"

// Dir is the history folder of the workspace at root: root/.tooltui/history.
func Dir(root string) string { return filepath.Join(root, workspace.Marker, folder) }

// FindRoot returns the workspace path is in: the nearest folder, from
// path itself (a folder) or the folder holding it (a file) up to the
// file system's root, that holds a .tooltui folder. ok is false when no
// folder does. path need not exist; a relative path is taken from the
// working directory, and root is absolute.
func FindRoot(path string) (root string, ok bool) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", false
	}
	dir := abs
	if fi, err := os.Stat(abs); err != nil || !fi.IsDir() {
		dir = filepath.Dir(abs)
	}
	for {
		if fi, err := os.Stat(filepath.Join(dir, workspace.Marker)); err == nil && fi.IsDir() {
			return dir, true
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", false
		}
		dir = up
	}
}

// Send is the recording of one send under way. Nothing of it is in the
// history before Finish.
type Send struct {
	dir, stem, doc string
	start          time.Time
	f              *os.File
	rec            *send.Recorder
}

// Start begins the recording of a send of the document at doc, a file
// inside the workspace at root, starting now; it creates the history
// folder when needed. The caller sends through Wrap, then calls Finish
// (or Discard when nothing was sent).
func Start(root, doc string) (*Send, error) { return start(root, doc, time.Now) }

func start(root, doc string, now func() time.Time) (*Send, error) {
	rootAbs, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	docAbs, err := filepath.Abs(doc)
	if err != nil {
		return nil, err
	}
	rel, err := filepath.Rel(rootAbs, docAbs)
	if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return nil, fmt.Errorf("%s is not inside the workspace %s", doc, root)
	}
	dir := Dir(rootAbs)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	base := filepath.Base(docAbs)
	s := &Send{dir: dir, stem: strings.TrimSuffix(base, filepath.Ext(base)), doc: filepath.ToSlash(rel), start: now().UTC()}
	// The header's date is the start, as the name's; the turns' times
	// are now's.
	header := true
	clock := func() time.Time {
		if header {
			header = false
			return s.start
		}
		return now()
	}
	s.f, err = os.CreateTemp(dir, "."+s.start.Format(stampLayout)+"-*.tmp")
	if err != nil {
		return nil, err
	}
	err = s.f.Chmod(0o644) // as --record's files; a recording holds no key
	if err == nil {
		s.rec, err = send.NewRecorder(s.f, clock)
	}
	if err != nil {
		s.Discard()
		return nil, fmt.Errorf("writing %s: %w", s.f.Name(), err)
	}
	return s, nil
}

// Document is the document sent, as the history names it: its path in
// the workspace, with slashes.
func (s *Send) Document() string { return s.doc }

// Wrap returns a StreamFunc that sends with stream (send.Stream when
// nil) and records each request and its answer (send.Recorder.Wrap).
func (s *Send) Wrap(stream send.StreamFunc) send.StreamFunc { return s.rec.Wrap(stream) }

// Finish ends the recording with how the send ended, writes it to disk
// and gives it its name in the history, one no other recording has: its
// path. On an error nothing is left in the history.
func (s *Send) Finish(o send.Outcome) (string, error) {
	if s.f == nil {
		return "", errors.New("the recording is finished already")
	}
	tmp := s.f.Name()
	err := s.rec.End(s.doc, o)
	if err == nil {
		err = s.f.Sync()
	}
	if cerr := s.f.Close(); err == nil {
		err = cerr
	}
	s.f = nil
	if err != nil {
		os.Remove(tmp)
		return "", fmt.Errorf("writing the recording %s: %w", tmp, err)
	}
	defer os.Remove(tmp)
	stamp := s.start.Format(stampLayout)
	for n := 1; n <= 10000; n++ {
		name := stamp + "-" + s.stem + suffix
		if n > 1 {
			name = stamp + "." + strconv.Itoa(n) + "-" + s.stem + suffix
		}
		path := filepath.Join(s.dir, name)
		// A hard link never replaces a file; where there are none, a
		// rename after a look.
		err := os.Link(tmp, path)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			if _, lerr := os.Lstat(path); lerr == nil {
				continue
			}
			if err := os.Rename(tmp, path); err != nil {
				return "", err
			}
		}
		return path, nil
	}
	return "", fmt.Errorf("%s holds 10000 recordings of %s started at %s", s.dir, s.stem, stamp)
}

// Discard drops the recording: a send that did not start. After Finish
// it does nothing.
func (s *Send) Discard() {
	if s.f != nil {
		s.f.Close()
		os.Remove(s.f.Name())
		s.f = nil
	}
}

// Entry is one send of the history.
type Entry struct {
	// Path is the recording's file.
	Path string
	// Document is the document sent: its path in the workspace, with
	// slashes.
	Document string
	// Date is when the send started, in UTC.
	Date time.Time
	// Model is the first request's "model" ("" when it has none).
	Model string
	// Outcome is how the send ended.
	Outcome send.Outcome
	// Turns is how many requests were sent.
	Turns int
	// Err says why the file cannot be read as a recording of the history
	// (cut short, not a recording); then only Path, and Date when the
	// file's name has it, are set.
	Err error
}

// name is a recording's name: when its send started, a number when
// another of that second had the name, the document's name.
var name = regexp.MustCompile(`^(\d{8}T\d{6}Z)(?:\.(\d+))?-.*` + regexp.QuoteMeta(suffix) + `$`)

// List reads the history of the workspace at root, newest first: every
// file of its folder whose name ends in .recording.jsonl, those that cannot be
// read as a recording of the history included, each with its Err. A
// workspace without a history has an empty one. Files whose name starts
// with a dot (a recording being written) are not listed.
func List(root string) ([]Entry, error) {
	dir := Dir(root)
	files, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	type keyed struct {
		e   Entry
		seq int
	}
	var all []keyed
	for _, f := range files {
		n := f.Name()
		if strings.HasPrefix(n, ".") || !strings.HasSuffix(n, suffix) || f.IsDir() {
			continue
		}
		k := keyed{e: read(filepath.Join(dir, n)), seq: 1}
		if m := name.FindStringSubmatch(n); m != nil {
			if k.e.Date.IsZero() {
				k.e.Date, _ = time.Parse(stampLayout, m[1])
			}
			if m[2] != "" {
				k.seq, _ = strconv.Atoi(m[2])
			}
		}
		all = append(all, k)
	}
	slices.SortFunc(all, func(a, b keyed) int {
		if c := b.e.Date.Compare(a.e.Date); c != 0 {
			return c
		}
		if a.seq != b.seq {
			return b.seq - a.seq
		}
		return strings.Compare(b.e.Path, a.e.Path)
	})
	out := make([]Entry, len(all))
	for i, k := range all {
		out[i] = k.e
	}
	return out, nil
}

// read reads the recording at path as an entry.
func read(path string) Entry {
	e := Entry{Path: path}
	f, err := os.Open(path)
	if err != nil {
		e.Err = err
		return e
	}
	defer f.Close()
	rec, err := send.ReadRecording(f)
	if err == nil && rec.Outcome == nil {
		err = errors.New("it does not end with the send's outcome: it was cut short, or is not one of the history's")
	}
	if err != nil {
		e.Err = err
		return e
	}
	e.Document, e.Outcome, e.Turns = rec.Document, *rec.Outcome, len(rec.Turns)
	e.Date, _ = time.Parse(time.RFC3339, rec.Created)
	e.Date = e.Date.UTC()
	var body struct {
		Model string `json:"model"`
	}
	if json.Unmarshal(rec.Turns[0].Body, &body) == nil {
		e.Model = body.Model
	}
	return e
}
