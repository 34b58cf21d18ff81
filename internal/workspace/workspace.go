package workspace

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/formats"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/session"
)

// Workspace is the documents of a folder, each read the first time
// something needs it and kept: the document as on disk, the converter's
// counts for it, and, once the app opens it, its session, which keeps
// its undo and unsaved changes while another document is shown.
//
// Methods that read files (Open, Load, Check, and Session the first time
// for a document Load has not read) are for the app's commands; they never
// touch a session. Session, Summaries, Search and Unsaved read no file:
// they read, and may bring up to date, the sessions, so the app calls
// them where it edits sessions (Update). A Workspace is safe for use by
// several goroutines on those terms.
type Workspace struct {
	dir     string
	partial bool // OpenFirst's: the first document only

	mu    sync.Mutex
	paths []string
	docs  map[string]*entry
}

// entry is one document: what was last read of its file, and its session.
type entry struct {
	path string // relative to the workspace, slash-separated

	// pre is the file as Open read it, until the first read takes it.
	pre readFile

	// The file as last read (read false: not yet). err says why it
	// cannot be used (unreadable, deleted, not a document); doc and
	// data are nil then.
	read   bool
	readAt time.Time
	doc    *model.Document
	data   []byte
	stamp  model.Stamp
	err    error

	// The converter's counts for doc (checked false: not converted yet).
	checked          bool
	errors, warnings int

	sess *session.Session
	// synced is the file's stamp as last read that the session was made
	// from or brought to (or that a save of the session made older), and
	// sessStamp the session's own stamp then: a read stamp that is
	// neither is a change made elsewhere.
	synced, sessStamp model.Stamp

	// The search index of document ixDoc.
	ixDoc *model.Document
	ix    []toolText
}

// ErrUnknown is the error of a path that is not a document of the
// workspace.
var ErrUnknown = errors.New("not a document of the workspace")

// Open lists the documents under dir (see Find) without parsing them: it
// costs what Find costs. It keeps the bytes Find read, so that the first
// Load of a file that has not changed since needs only a stat.
func Open(dir string) (*Workspace, error) {
	pre := map[string]readFile{}
	paths, err := find(dir, func(rel string, f readFile) { pre[rel] = f })
	if err != nil {
		return nil, err
	}
	w := &Workspace{dir: dir, paths: paths, docs: make(map[string]*entry, len(paths))}
	for _, p := range paths {
		w.docs[p] = &entry{path: p, pre: pre[p]}
	}
	return w, nil
}

// Adopt makes s, a session of document path made elsewhere (by the
// OpenFirst workspace shown while this one was listed), the document's
// session. A document the listing did not find (deleted, renamed or
// rewritten meanwhile) is listed all the same, as one deleted with a
// session stays (Changed): it is shown, and its session keeps what it
// holds.
func (w *Workspace) Adopt(path string, s *session.Session) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	e, ok := w.docs[path]
	if !ok {
		e = &entry{path: path}
		w.docs[path] = e
		w.paths = append(w.paths, path)
		slices.Sort(w.paths)
	}
	if e.sess != nil && e.sess != s {
		return fmt.Errorf("%s already has a session", path)
	}
	e.sess = s
	if st := s.Stamp(); st != nil {
		e.synced, e.sessStamp = *st, *st
	}
	return nil
}

// Dir is the folder the workspace was opened on.
func (w *Workspace) Dir() string { return w.dir }

// Paths are the documents, relative to Dir and slash-separated, in
// lexical order.
func (w *Workspace) Paths() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return slices.Clone(w.paths)
}

// Listed says whether Paths are every document of the folder as it was
// listed (Open), rather than the first one found (OpenFirst).
func (w *Workspace) Listed() bool { return !w.partial }

// EndListing takes the documents known as all there are, when the folder
// could not be listed (Open failed): a workspace of OpenFirst or OpenAt
// stops waiting for its listing.
func (w *Workspace) EndListing() { w.partial = false }

// file is the path of document p on disk.
func (w *Workspace) file(p string) string { return filepath.Join(w.dir, filepath.FromSlash(p)) }

// Summary is what the workspace knows of one document.
type Summary struct {
	Path string // relative to the workspace, slash-separated
	// Read: the file was read (Load); Tools and Err are known.
	Read bool
	// Checked: the converter's counts are known (Check, or an open
	// session that was converted).
	Checked bool
	// Tools counts the functions and built-in tools.
	Tools int
	// Errors and Warnings count the converter's diagnostics of each
	// severity.
	Errors, Warnings int
	// Err says why the file cannot be opened: unreadable, deleted, not
	// a document (nil when it can, or before Load); for a document open
	// already, why what Load last found is not it.
	Err error
	// Open: the document has a session (Session); the counts are of it.
	Open bool
	// Dirty: its session differs from the file.
	Dirty bool
	// DiskChanged: the file changed on disk since its session read it;
	// the session, having unsaved changes, keeps them (a clean session
	// takes the file's content at once, as one undoable step).
	DiskChanged bool
}

// Summaries are the documents' summaries, in the order of Paths. They
// read no file: a document Load has not read says Read false.
func (w *Workspace) Summaries() []Summary {
	w.mu.Lock()
	defer w.mu.Unlock()
	out := make([]Summary, 0, len(w.paths))
	for _, p := range w.paths {
		e := w.docs[p]
		w.follow(e)
		s := Summary{Path: p, Read: e.read, Err: e.err}
		switch {
		case e.sess != nil:
			d := e.sess.Doc()
			s.Open, s.Dirty, s.Read = true, e.sess.Dirty(), true
			s.Tools = len(d.Functions) + len(d.Builtins)
			if e.sess.Checked() {
				s.Checked = true
				s.Errors, s.Warnings = count(e.sess.Result().Diagnostics)
			}
			s.DiskChanged = e.read && !e.stamp.Same(e.synced)
		case e.doc != nil:
			s.Tools = len(e.doc.Functions) + len(e.doc.Builtins)
			s.Checked, s.Errors, s.Warnings = e.checked, e.errors, e.warnings
		}
		out = append(out, s)
	}
	return out
}

// count returns the number of errors and warnings among diags.
func count(diags []convert.Diagnostic) (errs, warns int) {
	for _, d := range diags {
		switch d.Severity {
		case convert.Error:
			errs++
		case convert.Warning:
			warns++
		}
	}
	return errs, warns
}

// Load reads the documents at paths (every document when none is given)
// that were not read yet or changed on disk since, several at a time, and
// reads what Search compares in them. A
// document read before costs a stat while its file's size and time stay
// the same. What a file holds that is not a document is that document's
// Summary.Err, not an error of Load, which fails only for a path that is
// not a document of the workspace. It never touches a session.
func (w *Workspace) Load(paths ...string) error {
	es, err := w.entries(paths)
	if err != nil {
		return err
	}
	w.each(es, w.refresh)
	return nil
}

// Check is Load followed by the converter for every document read that
// has no session and was not converted yet, so that Summaries has its
// error and warning counts.
func (w *Workspace) Check(paths ...string) error {
	es, err := w.entries(paths)
	if err != nil {
		return err
	}
	w.each(es, func(e *entry) {
		w.refresh(e)
		w.mu.Lock()
		d, done := e.doc, e.checked || e.sess != nil
		w.mu.Unlock()
		if d == nil || done {
			return
		}
		var c convert.Converter
		errs, warns := count(c.Convert(d).Diagnostics)
		w.mu.Lock()
		if e.doc == d {
			e.checked, e.errors, e.warnings = true, errs, warns
		}
		w.mu.Unlock()
	})
	return nil
}

// entries are the entries of paths, every one when paths is empty.
func (w *Workspace) entries(paths []string) ([]*entry, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(paths) == 0 {
		paths = w.paths
	}
	out := make([]*entry, 0, len(paths))
	for _, p := range paths {
		e, ok := w.docs[p]
		if !ok {
			return nil, &model.FileError{Path: p, Err: ErrUnknown}
		}
		out = append(out, e)
	}
	return out, nil
}

// each runs fn on every entry, on as many goroutines as there are
// processors.
func (w *Workspace) each(es []*entry, fn func(*entry)) {
	n := min(runtime.GOMAXPROCS(0), len(es))
	if n <= 1 {
		for _, e := range es {
			fn(e)
		}
		return
	}
	next := make(chan *entry)
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			for e := range next {
				fn(e)
			}
		})
	}
	for _, e := range es {
		next <- e
	}
	close(next)
	wg.Wait()
}

// racyWindow is how recent a file's time may be for a stat alone to say
// that it has not changed: a write in the same tick as the read may leave
// the same size and time.
const racyWindow = 2 * time.Second

// unchanged reports whether a file is the one of that size and time read
// at the time at: a regular file whose time is the same, and older than
// the read by racyWindow.
func unchanged(fi os.FileInfo, size int64, mod, at time.Time) bool {
	return fi.Mode().IsRegular() && fi.Size() == size && fi.ModTime().Equal(mod) && at.Sub(mod) > racyWindow
}

// readStamp reads a file and its stamp (model.ReadStamp; tests count the
// reads).
var readStamp = model.ReadStamp

// refresh reads e's file when it was not read yet or changed on disk.
func (w *Workspace) refresh(e *entry) {
	full := w.file(e.path)
	w.mu.Lock()
	read, stamp, readAt, ok := e.read, e.stamp, e.readAt, e.err == nil
	pre := e.pre
	e.pre = readFile{}
	w.mu.Unlock()
	if read && ok && stamp.Exists {
		if fi, err := os.Stat(full); err == nil && unchanged(fi, stamp.Size, stamp.ModTime, readAt) {
			return
		}
	}
	var (
		now  time.Time
		st   model.Stamp
		data []byte
		err  error
	)
	var fi os.FileInfo
	if !read && pre.data != nil {
		if fi, err = os.Stat(full); err != nil || !unchanged(fi, int64(len(pre.data)), pre.info.ModTime(), pre.at) {
			fi, err = nil, nil
		}
	}
	if fi != nil {
		now, st, data = pre.at, model.StampOf(pre.data, fi), pre.data // as Open read it
	} else {
		now = time.Now()
		st, data, err = readStamp(full)
	}
	if err == nil && read && stamp.Same(st) {
		w.mu.Lock()
		e.stamp.ModTime, e.readAt = st.ModTime, now
		w.mu.Unlock()
		return
	}
	var doc *model.Document
	switch {
	case err != nil:
	case !st.Exists:
		err = &model.FileError{Path: full, Err: os.ErrNotExist}
	default:
		if doc, err = formats.Load(data); err != nil {
			err = &model.FileError{Path: full, Err: err}
		}
	}
	var ix []toolText
	if err == nil {
		ix = indexDoc(doc) // here, so that the first Search only compares
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	e.read, e.readAt, e.stamp, e.err = true, now, st, err
	e.doc, e.data, e.checked = doc, data, false
	e.ixDoc, e.ix = doc, ix
	if err != nil {
		e.doc, e.data = nil, nil
	}
}

// Session is the session of document path, made the first time from the
// file as cmd/tooltui opens one (its bytes and stamp kept, so that an
// unchanged document saves to the same bytes and a save sees a change
// made elsewhere; its name is path): the same session every time after,
// with its undo and unsaved changes. The first call for a document reads
// its file unless Load did, and converts it; later calls read nothing and
// cost well under a microsecond. A session without unsaved changes takes
// the file's new content that Load found, as one undoable step (so do
// Summaries, Search and Unsaved); one whose file Load found deleted or
// unreadable is marked unsaved. Only Load looks at the disk again.
func (w *Workspace) Session(path string) (*session.Session, error) {
	es, err := w.entries([]string{path})
	if err != nil {
		return nil, err
	}
	e := es[0]
	w.mu.Lock()
	if e.sess != nil {
		w.follow(e)
		defer w.mu.Unlock()
		return e.sess, nil
	}
	read := e.read
	w.mu.Unlock()
	if !read {
		w.refresh(e)
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if e.sess != nil { // made meanwhile
		return e.sess, nil
	}
	if e.err != nil {
		return nil, e.err
	}
	s := session.New(e.doc, w.file(path), path)
	raw := e.data
	if e.doc.Source != nil {
		raw = nil // the bytes are in another format: a save writes the document
	}
	s.SetRaw(raw, s.Version())
	st := e.stamp
	s.SetStamp(&st)
	e.sess, e.synced, e.sessStamp = s, st, st
	return s, nil
}

// follow brings e's session, when it has no unsaved changes, to what
// was last read of its file when that is a change made elsewhere (w.mu
// held).
func (w *Workspace) follow(e *entry) {
	s := e.sess
	if s == nil || !e.read || s.Stamp() == nil {
		return
	}
	cur := *s.Stamp()
	if !cur.Same(e.sessStamp) {
		// The app saved or reloaded the document since: what Load read
		// before the file it knows was written is older news.
		e.sessStamp = cur
		if !e.readAt.After(cur.ModTime) {
			e.synced = e.stamp
		}
	}
	if e.stamp.Same(e.synced) {
		return
	}
	if e.stamp.Same(cur) {
		e.synced = e.stamp
		return
	}
	if s.Dirty() {
		return // Summary.DiskChanged says so until the user decides
	}
	e.synced = e.stamp
	if e.err != nil {
		// deleted, unreadable or no longer a document: what is open is
		// not on disk any more, so quitting asks
		s.Unsave()
		return
	}
	s.Replace(e.doc, session.RequestAt)
	s.Saved(s.Version(), s.Path(), s.Name())
	raw := e.data
	if e.doc.Source != nil {
		raw = nil
	}
	s.SetRaw(raw, s.Version())
	st := e.stamp
	s.SetStamp(&st)
	e.sessStamp = st
}

// docOf is e's document as the app has it: its session's, brought up to
// date (follow), else the file's as last read; nil when it was not read
// or is not a document (w.mu held).
func (w *Workspace) docOf(e *entry) *model.Document {
	w.follow(e)
	if e.sess != nil {
		return e.sess.Doc()
	}
	return e.doc
}

// Unsaved names, in the order of Paths, every document whose session
// differs from its file.
func (w *Workspace) Unsaved() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	var out []string
	for _, p := range w.paths {
		e := w.docs[p]
		w.follow(e)
		if e.sess != nil && e.sess.Dirty() {
			out = append(out, p)
		}
	}
	return out
}
