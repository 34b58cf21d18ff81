package workspace

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Changed takes the changes Watch reported at paths (relative to Dir,
// slash-separated; a folder stands for everything under it, "." for the
// whole folder, which is listed again): each document there is read again
// as Load reads it, a file there that holds tools and is not a document
// yet becomes one, and a document whose file is gone and that has no
// session is one no longer (one with a session stays: its Summary.Err says
// it is deleted, and its session keeps what it held). It reports whether
// Paths changed. As Load, it never touches a session.
func (w *Workspace) Changed(paths ...string) (listed bool) {
	var fresh []string // files not known yet that may be documents
	if slices.Contains(paths, ".") {
		found, err := Find(w.dir)
		if err == nil {
			fresh = found
		}
	}
	w.mu.Lock()
	var es []*entry
	for _, p := range paths {
		e, known := w.docs[p]
		if known {
			es = append(es, e)
			continue
		}
		folder := p == "." || !strings.EqualFold(filepath.Ext(p), ".json")
		for _, q := range w.paths {
			if p == "." || strings.HasPrefix(q, p+"/") {
				es = append(es, w.docs[q])
			}
		}
		if !folder {
			fresh = append(fresh, p)
		}
	}
	w.mu.Unlock()
	slices.SortFunc(es, func(a, b *entry) int { return strings.Compare(a.path, b.path) })
	w.each(slices.Compact(es), w.refresh) // a document and its folder: read once

	var add []string
	for _, p := range fresh {
		w.mu.Lock()
		_, known := w.docs[p]
		w.mu.Unlock()
		if known || slices.Contains(add, p) {
			continue
		}
		full := filepath.Join(w.dir, filepath.FromSlash(p))
		if fi, err := os.Lstat(full); err != nil || !fi.Mode().IsRegular() {
			continue // a link or a folder is no document, as Find lists them
		}
		if _, ok := holdsTools(full, false); ok {
			add = append(add, p)
		}
	}

	w.mu.Lock()
	defer w.mu.Unlock()
	n := len(w.paths)
	w.paths = slices.DeleteFunc(w.paths, func(p string) bool {
		e := w.docs[p]
		gone := e.sess == nil && e.read && errors.Is(e.err, fs.ErrNotExist)
		if gone {
			delete(w.docs, p)
		}
		return gone
	})
	listed = len(w.paths) != n
	for _, p := range add {
		if _, known := w.docs[p]; !known {
			w.docs[p] = &entry{path: p}
			w.paths = append(w.paths, p)
			listed = true
		}
	}
	slices.Sort(w.paths)
	return listed
}
