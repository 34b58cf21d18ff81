package session

import (
	"path/filepath"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"
)

// watchDebounce joins the events of one write (an editor's temporary
// file, rename and chmod), or of a burst of them, into one change;
// watchLongest is the longest a burst that never pauses (a file written
// over and over) waits to be told.
const (
	watchDebounce = 200 * time.Millisecond
	watchLongest  = 2 * time.Second
)

// Debounce reads w's events until w is closed. An event that keep takes,
// or an error (an overflow may have lost events; lost, when not nil, is
// told first), starts or prolongs a burst; watchDebounce after a burst's
// last one (or watchLongest after its first), ready gets a signal, unless
// one is waiting there already.
func Debounce(w *fsnotify.Watcher, keep func(fsnotify.Event) bool, lost func(), ready chan<- struct{}) {
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	var fire <-chan time.Time
	var began time.Time // the burst's first event
	arm := func() {
		if fire == nil {
			began = time.Now()
		}
		timer.Reset(max(0, min(watchDebounce, watchLongest-time.Since(began))))
		fire = timer.C
	}
	for {
		select {
		case ev, ok := <-w.Events:
			if !ok {
				return
			}
			if keep(ev) {
				arm()
			}
		case _, ok := <-w.Errors:
			if !ok {
				return
			}
			if lost != nil {
				lost()
			}
			arm()
		case <-fire:
			fire = nil
			select {
			case ready <- struct{}{}:
			default: // one is waiting already
			}
		}
	}
}

// WatchFile reports changes to the file at path: its directory is
// watched, since editors replace a file by renaming another over it (a
// symlink's target directory too). Events for the file come at most once
// per watchDebounce after they stop: wait blocks until the next one (one
// that came while nobody waited is kept) and returns true, or returns
// false once stop closed the watcher.
func WatchFile(path string) (wait func() bool, stop func(), err error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, nil, err
	}
	names := map[string]bool{abs: true}
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		names[r] = true
	}
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, nil, err
	}
	dirs := map[string]bool{}
	for n := range names {
		dirs[filepath.Dir(n)] = true
	}
	for d := range dirs {
		if err := w.Add(d); err != nil {
			w.Close()
			return nil, nil, err
		}
	}
	out := make(chan struct{}, 1)
	go func() {
		defer close(out)
		Debounce(w, func(ev fsnotify.Event) bool {
			return names[filepath.Clean(ev.Name)] && ev.Op != fsnotify.Chmod
		}, nil, out)
	}()
	var once sync.Once
	wait = func() bool {
		_, ok := <-out
		return ok
	}
	return wait, func() { once.Do(func() { w.Close() }) }, nil
}
