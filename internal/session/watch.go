package session

import (
	"path/filepath"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"
)

// watchDebounce joins the events of one write (an editor's temporary
// file, rename and chmod) into one change.
const watchDebounce = 200 * time.Millisecond

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
		timer := time.NewTimer(time.Hour)
		timer.Stop()
		var fire <-chan time.Time
		arm := func() {
			timer.Reset(watchDebounce)
			fire = timer.C
		}
		for {
			select {
			case ev, ok := <-w.Events:
				if !ok {
					return
				}
				if names[filepath.Clean(ev.Name)] && ev.Op != fsnotify.Chmod {
					arm()
				}
			case _, ok := <-w.Errors:
				if !ok {
					return
				}
				arm() // an overflow may have lost an event of the file
			case <-fire:
				fire = nil
				select {
				case out <- struct{}{}:
				default: // one is waiting already
				}
			}
		}
	}()
	var once sync.Once
	wait = func() bool {
		_, ok := <-out
		return ok
	}
	return wait, func() { once.Do(func() { w.Close() }) }, nil
}
