package workspace

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/fsnotify/fsnotify"
	"github.com/tooltui/tooltui/internal/session"
)

// Watch reports changes made under dir to what may be its documents. The
// file system's notifications are not recursive: every folder Find walks
// is watched (not .git, Marker, nor what a .gitignore ignores), and a
// folder made later is added as it appears, its files reported as
// changed. A .gitignore changed after the start is not read again.
//
// wait blocks until changes come and returns the paths changed since the
// last wait, relative to dir, slash-separated and sorted: a .json file
// the .gitignore files do not ignore (written, made, removed or renamed),
// or a watched folder removed or renamed away, which stands for
// everything under it ("." when events were lost: everything). Events
// are joined until 200 ms pass without one (session.Debounce: an editor's
// temporary file and rename, a checkout writing many files, make one
// report). wait returns false
// once stop closed the watcher.
func Watch(dir string) (wait func() ([]string, bool), stop func(), err error) {
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, nil, err
	}
	t := &tree{dir: dir, w: fw, dirs: map[string]bool{}, pending: map[string]bool{}, ready: make(chan struct{}, 1)}
	if err := t.add("."); err != nil {
		fw.Close()
		return nil, nil, err
	}
	go t.run()
	var once sync.Once
	wait = func() ([]string, bool) {
		for {
			if _, ok := <-t.ready; !ok {
				return nil, false
			}
			if out := t.take(); len(out) > 0 {
				return out, true
			}
		}
	}
	return wait, func() { once.Do(func() { fw.Close() }) }, nil
}

// tree is the watcher of a folder tree.
type tree struct {
	dir   string
	w     *fsnotify.Watcher
	rules []rule          // the .gitignore rules of the watched folders
	dirs  map[string]bool // the watched folders, relative to dir

	mu      sync.Mutex
	pending map[string]bool // changed since the last wait
	ready   chan struct{}   // something is pending; closed when the watcher is
}

// rel is p relative to the top, slash-separated.
func (t *tree) rel(p string) string {
	r, err := filepath.Rel(t.dir, p)
	if err != nil {
		return ""
	}
	return filepath.ToSlash(r)
}

// add watches the folder rel and every folder under it that Find would
// walk; the documents' candidates found under a folder made after the
// start are reported (they may have been written before it was watched).
func (t *tree) add(rel string) error {
	top := rel == "."
	return filepath.WalkDir(filepath.Join(t.dir, filepath.FromSlash(rel)), func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			if p == t.dir {
				return err
			}
			return nil // gone meanwhile, or unreadable: nothing to watch
		}
		r := t.rel(p)
		if !e.IsDir() {
			if !top && t.candidate(r) {
				t.note(r)
			}
			return nil
		}
		if r != "." && (e.Name() == ".git" || e.Name() == Marker || ignored(t.rules, r, true)) {
			return filepath.SkipDir
		}
		if t.dirs[r] {
			return nil
		}
		base := r + "/"
		if r == "." {
			base = ""
		}
		t.rules = append(t.rules, readIgnore(p, base)...)
		if err := t.w.Add(p); err != nil {
			if p == t.dir {
				return err
			}
			return nil
		}
		t.dirs[r] = true
		return nil
	})
}

// candidate says whether the file rel may be a document: a .json file
// not ignored.
func (t *tree) candidate(rel string) bool {
	return strings.EqualFold(path.Ext(rel), ".json") && !ignored(t.rules, rel, false)
}

// note keeps rel for the next wait.
func (t *tree) note(rel string) {
	t.mu.Lock()
	t.pending[rel] = true
	t.mu.Unlock()
}

// take returns what is pending, and forgets it.
func (t *tree) take() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := make([]string, 0, len(t.pending))
	for p := range t.pending {
		out = append(out, p)
	}
	clear(t.pending)
	slices.Sort(out)
	return out
}

// forget stops watching the folder rel and those under it.
func (t *tree) forget(rel string) bool {
	found := false
	for d := range t.dirs {
		if d == rel || strings.HasPrefix(d, rel+"/") {
			delete(t.dirs, d)
			t.w.Remove(filepath.Join(t.dir, filepath.FromSlash(d))) // gone already, most often
			found = true
		}
	}
	return found
}

// run reads the events until the watcher is closed.
func (t *tree) run() {
	defer close(t.ready)
	session.Debounce(t.w, t.event, func() { t.note(".") }, t.ready) // an error: events were lost
}

// event notes what ev changed; it reports whether that was anything.
func (t *tree) event(ev fsnotify.Event) bool {
	rel := t.rel(filepath.Clean(ev.Name))
	if rel == "" || rel == "." || strings.HasPrefix(rel, "../") {
		return false
	}
	switch {
	case ev.Has(fsnotify.Remove) || ev.Has(fsnotify.Rename):
		if t.forget(rel) {
			t.note(rel)
			return true
		}
	case ev.Has(fsnotify.Create):
		if isDir(ev.Name) {
			n := len(t.dirs)
			t.add(rel)
			return len(t.dirs) != n
		}
	case !ev.Has(fsnotify.Write):
		return false // a chmod
	}
	if t.candidate(rel) {
		t.note(rel)
		return true
	}
	return false
}

func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}
