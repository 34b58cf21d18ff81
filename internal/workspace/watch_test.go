package workspace

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"
)

// seen collects what a watcher reports, for tests to wait on.
type seen struct {
	mu      sync.Mutex
	paths   map[string]int // how many reports named each path
	reports int
	ended   chan struct{}
	more    chan struct{} // closed and replaced on each report
}

func watchFor(t *testing.T, dir string) (*seen, func()) {
	t.Helper()
	wait, stop, err := Watch(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	s := &seen{paths: map[string]int{}, ended: make(chan struct{}), more: make(chan struct{})}
	go func() {
		defer close(s.ended)
		for {
			ps, ok := wait()
			if !ok {
				return
			}
			s.mu.Lock()
			for _, p := range ps {
				s.paths[p]++
			}
			s.reports++
			close(s.more)
			s.more = make(chan struct{})
			s.mu.Unlock()
		}
	}()
	return s, stop
}

// await waits until a report names every one of paths.
func (s *seen) await(t *testing.T, paths ...string) {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		s.mu.Lock()
		missing := slices.DeleteFunc(slices.Clone(paths), func(p string) bool { return s.paths[p] > 0 })
		more := s.more
		got := make([]string, 0, len(s.paths))
		for p := range s.paths {
			got = append(got, p)
		}
		s.mu.Unlock()
		if len(missing) == 0 {
			return
		}
		select {
		case <-more:
		case <-deadline:
			slices.Sort(got)
			t.Fatalf("no report of %q after 10s; reported: %q", missing, got)
		}
	}
}

// awaitMore waits until more than n reports named p.
func (s *seen) awaitMore(t *testing.T, p string, n int) {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		s.mu.Lock()
		got, more := s.paths[p], s.more
		s.mu.Unlock()
		if got > n {
			return
		}
		select {
		case <-more:
		case <-deadline:
			t.Fatalf("no new report of %s after 10s", p)
		}
	}
}

func (s *seen) count(p string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.paths[p]
}

func TestWatchReportsTheFoldersDocuments(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	doc := `{"tools_defs":[{"name":"f"}]}`
	for rel, data := range map[string]string{
		"a.json":           doc,
		"sub/b.json":       doc,
		".gitignore":       "ignored/\nskip.json\n",
		"ignored/x.json":   doc,
		".git/config.json": doc,
		".tooltui/h.json":  doc,
		"notes.txt":        "not a document",
	} {
		write(t, dir, rel, data)
	}
	s, stop := watchFor(t, dir)

	write(t, dir, "a.json", `{"tools_defs":[{"name":"g"}]}`)
	s.await(t, "a.json")
	write(t, dir, "c.json", doc)
	s.await(t, "c.json")
	// An editor's save: a temporary file renamed over the document.
	write(t, dir, "sub/.b.json.swp", doc)
	if err := os.Rename(filepath.Join(dir, "sub", ".b.json.swp"), filepath.Join(dir, "sub", "b.json")); err != nil {
		t.Fatal(err)
	}
	s.await(t, "sub/b.json")
	before := s.count("sub/b.json")
	if err := os.Remove(filepath.Join(dir, "sub", "b.json")); err != nil {
		t.Fatal(err)
	}
	s.awaitMore(t, "sub/b.json", before)

	// A folder made after the start is watched: what is written in it
	// before and after it was added is reported.
	write(t, dir, "new/deeper/d.json", doc)
	s.await(t, "new/deeper/d.json")
	write(t, dir, "new/deeper/e.json", doc)
	s.await(t, "new/deeper/e.json")

	// What is ignored is never reported: the sentinel written after it
	// comes in the same report or a later one.
	write(t, dir, "ignored/y.json", doc)
	write(t, dir, ".git/z.json", doc)
	write(t, dir, ".tooltui/z.json", doc)
	write(t, dir, "skip.json", doc)
	write(t, dir, "sub/notes.txt", "no")
	write(t, dir, "sentinel.json", doc)
	s.await(t, "sentinel.json")
	for _, p := range []string{"ignored/y.json", ".git/z.json", ".tooltui/z.json", "skip.json", "sub/notes.txt", "notes.txt"} {
		if n := s.count(p); n > 0 {
			t.Errorf("%s was reported (%d times): it is not watched", p, n)
		}
	}

	// A folder removed stands for its documents.
	if err := os.RemoveAll(filepath.Join(dir, "new")); err != nil {
		t.Fatal(err)
	}
	s.await(t, "new")

	stop()
	select {
	case <-s.ended:
	case <-time.After(10 * time.Second):
		t.Fatal("wait did not return false after stop")
	}
}

// TestWatchJoinsABurst: many writes in a row come as few reports, each
// naming the file once.
func TestWatchJoinsABurst(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write(t, dir, "a.json", `{"tools_defs":[{"name":"f"}]}`)
	s, _ := watchFor(t, dir)
	for range 50 {
		write(t, dir, "a.json", `{"tools_defs":[{"name":"g"}]}`)
	}
	write(t, dir, "end.json", `{"tools_defs":[{"name":"f"}]}`)
	s.await(t, "a.json", "end.json")
	if n := s.count("a.json"); n >= 50 {
		t.Errorf("50 writes came as %d reports", n)
	}
}

func TestChangedAddsAndDropsDocuments(t *testing.T) {
	t.Parallel()
	w, dir := workspaceOf(t, map[string]string{"a.json": docA, "b.json": docB, "sub/c.json": docB, "sub/d.json": docB})
	if err := w.Load(); err != nil {
		t.Fatal(err)
	}
	if _, err := w.Session("b.json"); err != nil {
		t.Fatal(err)
	}
	for _, rel := range []string{"a.json", "b.json"} {
		if err := os.Remove(filepath.Join(dir, rel)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.RemoveAll(filepath.Join(dir, "sub")); err != nil {
		t.Fatal(err)
	}
	write(t, dir, "new.json", docA)
	write(t, dir, "plain.json", `{"not": "tools"}`)
	if err := os.Symlink(filepath.Join(dir, "new.json"), filepath.Join(dir, "link.json")); err != nil {
		t.Fatal(err)
	}
	if !w.Changed("a.json", "b.json", "new.json", "plain.json", "link.json", "sub") {
		t.Fatal("Changed says Paths are the same")
	}
	if got, want := w.Paths(), []string{"b.json", "new.json"}; !slices.Equal(got, want) {
		t.Fatalf("Paths = %q, want %q (a.json and sub/ deleted, b.json open, a link no document as Find lists them)", got, want)
	}
	if s := summaryOf(t, w, "b.json"); !errors.Is(s.Err, fs.ErrNotExist) || !s.Open {
		t.Errorf("b.json, open and deleted: %+v", s)
	}
	if err := w.Load("new.json"); err != nil {
		t.Fatal(err)
	}
	if s := summaryOf(t, w, "new.json"); s.Tools != 3 {
		t.Errorf("new.json: %+v", s)
	}

	// A document written again is read again; "." lists the folder again.
	write(t, dir, "new.json", docB)
	write(t, dir, "other/e.json", docB)
	if !w.Changed(".") {
		t.Fatal(`Changed(".") missed other/e.json`)
	}
	if got, want := w.Paths(), []string{"b.json", "new.json", "other/e.json"}; !slices.Equal(got, want) {
		t.Fatalf("Paths = %q, want %q", got, want)
	}
	if s := summaryOf(t, w, "new.json"); s.Tools != 2 {
		t.Errorf("new.json written again: %+v", s)
	}
	if w.Changed("new.json") {
		t.Error("Changed of a document read again says Paths changed")
	}
}

// TestAdoptedSessionNotChangedBeforeRead: a session adopted by a listed
// workspace that has not read its file yet is not said changed on disk.
func TestAdoptedSessionNotChangedBeforeRead(t *testing.T) {
	t.Parallel()
	first, dir := workspaceOf(t, map[string]string{"a.json": docA, "b.json": docB})
	s, err := first.Session("a.json")
	if err != nil {
		t.Fatal(err)
	}
	w, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Adopt("a.json", s); err != nil {
		t.Fatal(err)
	}
	if sum := summaryOf(t, w, "a.json"); sum.DiskChanged {
		t.Errorf("a.json, adopted and not changed, says DiskChanged: %+v", sum)
	}
}

// TestListed: the workspaces of one document (OpenFirst, OpenAt) are not
// the listed folder; Open's is.
func TestListed(t *testing.T) {
	t.Parallel()
	w, dir := workspaceOf(t, map[string]string{"a.json": docA, "b.json": docB})
	if !w.Listed() {
		t.Error("Open's workspace says it is not listed")
	}
	first, err := OpenFirst(dir)
	if err != nil || first.Listed() {
		t.Errorf("OpenFirst: listed %v, %v", first.Listed(), err)
	}
	at, err := OpenAt(dir, "b.json")
	if err != nil || at.Listed() {
		t.Errorf("OpenAt: listed %v, %v", err == nil && at.Listed(), err)
	}
}

// TestWatchReportsADocumentWrittenWithoutPause: a document written over
// and over, never 200 ms apart, is reported while the writes go on.
func TestWatchReportsADocumentWrittenWithoutPause(t *testing.T) {
	dir := t.TempDir()
	doc := filepath.Join(dir, "a.json")
	if err := os.WriteFile(doc, []byte(`{"tools_defs": []}`), 0o644); err != nil {
		t.Fatal(err)
	}
	s, _ := watchFor(t, dir)
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	deadline := time.After(10 * time.Second)
	for s.count("a.json") == 0 {
		select {
		case <-tick.C:
			if err := os.WriteFile(doc, []byte(`{"tools_defs": [], "n": "`+time.Now().String()+`"}`), 0o644); err != nil {
				t.Fatal(err)
			}
		case <-deadline:
			t.Fatal("a document written every 50 ms for 10 s was never reported")
		}
	}
}
