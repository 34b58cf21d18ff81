// Package workspace finds the documents of a folder: every tooltui
// document, request body and tools file under it, the way git sees the
// folder (what a .gitignore ignores is not a document). A Workspace reads
// each the first time it is needed and keeps its session; Search finds
// tools across them, and Copy and Move take tools from one document to
// another.
package workspace

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/tooltui/tooltui/internal/formats"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/session"
)

// Marker is the folder that holds a workspace's own files (its history);
// it is never searched for documents.
const Marker = session.WorkspaceMarker

// Find lists the documents under dir, as slash-separated paths relative
// to it, in lexical order: the .json files formats.HoldsTools takes,
// outside .git, Marker and what the .gitignore files along the way ignore.
// A file too large to open is listed when its start names a tools field,
// so that opening it says why it cannot be used.
func Find(dir string) ([]string, error) {
	return find(dir, nil)
}

// OpenFirst is the workspace of folder dir that knows only the first
// document Find walks to (none: no Paths), found without looking further
// and read once: what the app shows while Open lists the folder, and
// hands its session over to it (Adopt).
func OpenFirst(dir string) (*Workspace, error) {
	rel, pre, err := first(dir)
	w := &Workspace{dir: dir, partial: true, docs: map[string]*entry{}}
	if rel != "" {
		w.paths = []string{rel}
		w.docs[rel] = &entry{path: rel, pre: pre}
	}
	return w, err
}

// OpenAt is OpenFirst for the document at file instead of the first: a
// path as typed, from the current folder or from dir (from dir when only
// that one is in it). The folders on its way are taken as they are, links
// followed, so that a path through a link to a folder of dir names the
// document Find lists. An error says why it is not one of the documents
// Find would list (outside dir, left out, not a .json file, no tools in
// it).
func OpenAt(dir, file string) (*Workspace, error) {
	top, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	if real, err := filepath.EvalSymlinks(top); err == nil {
		top = real
	}
	tries := []string{file}
	if !filepath.IsAbs(file) {
		tries = append(tries, filepath.Join(dir, file))
	}
	rel, found, outside := "", false, false
	for _, p := range tries {
		r, in := within(top, p)
		_, err := os.Lstat(p)
		switch {
		case err == nil && in:
			rel, found = r, true
		case err == nil:
			outside = true
		case in && rel == "":
			rel = r // missing: the error below names it
		}
		if found {
			break
		}
	}
	if !found && (outside || rel == "") {
		return nil, fmt.Errorf("%s is not in the folder %s", file, dir)
	}
	rules := readIgnore(dir, "")
	parts := strings.Split(rel, "/")
	for i, name := range parts[:len(parts)-1] {
		r := strings.Join(parts[:i+1], "/")
		if name == ".git" || name == Marker || ignored(rules, r, true) {
			return nil, fmt.Errorf("%s is not a document of %s: the folder %s is left out (.git, %s or .gitignore)", rel, dir, r, Marker)
		}
		rules = append(rules, readIgnore(filepath.Join(dir, filepath.FromSlash(r)), r+"/")...)
	}
	if ignored(rules, rel, false) {
		return nil, fmt.Errorf("%s is not a document of %s: .gitignore leaves it out", rel, dir)
	}
	full := filepath.Join(dir, filepath.FromSlash(rel))
	fi, err := os.Lstat(full)
	if err != nil {
		return nil, err
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		return nil, fmt.Errorf("%s is not a document of %s: a link, which a workspace does not list; name the file it links to", rel, dir)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a document of %s: not a regular file", rel, dir)
	}
	f, ok := holdsTools(full, true)
	if !ok {
		return nil, fmt.Errorf("%s is not a document of %s: it holds no tools", rel, dir)
	}
	return &Workspace{dir: dir, partial: true, paths: []string{rel}, docs: map[string]*entry{rel: {path: rel, pre: f}}}, nil
}

// within is the path p relative to top (absolute, its links resolved),
// slash-separated, with the links of p's folder resolved; false when p is
// not under top.
func within(top, p string) (string, bool) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", false
	}
	folder := filepath.Dir(abs)
	if real, err := filepath.EvalSymlinks(folder); err == nil {
		folder = real
	}
	r, err := filepath.Rel(top, filepath.Join(folder, filepath.Base(abs)))
	if err != nil {
		return "", false
	}
	r = path.Clean(filepath.ToSlash(r))
	if r == "." || r == ".." || strings.HasPrefix(r, "../") || path.IsAbs(r) {
		return "", false
	}
	return r, true
}

// Shown is the document to show first, parsed, with its file's bytes and
// stamp.
type Shown struct {
	Doc   *model.Document
	Data  []byte
	Stamp model.Stamp
}

// ReadShown is the document OpenFirst or OpenAt found, to be shown first:
// parsed from the bytes they read (read again when they kept none). An
// error names the file.
func (w *Workspace) ReadShown() (Shown, error) {
	if len(w.paths) == 0 {
		return Shown{}, errors.New("the workspace has no document")
	}
	full := w.file(w.paths[0])
	if data, fi := w.First(); data != nil {
		d, st, err := model.ParseStamped(full, data, fi, formats.Load)
		return Shown{d, data, st}, err
	}
	d, data, st, err := formats.ReadFileStamped(full)
	return Shown{d, data, st}, err
}

// OpenShown is OpenFirst with its document read (ReadShown); when that
// one cannot be (not valid JSON, say), the workspace is the next document
// of Paths that can, and passed says why the first could not. It fails
// when dir holds no document, or none can be read.
func OpenShown(dir string) (w *Workspace, s Shown, passed, err error) {
	if w, err = OpenFirst(dir); err != nil {
		return nil, Shown{}, nil, err
	}
	if len(w.paths) == 0 {
		return nil, Shown{}, nil, fmt.Errorf("%s holds no document: no .json file with tools in it", dir)
	}
	if s, passed = w.ReadShown(); passed == nil {
		return w, s, nil, nil
	}
	all, err := Find(dir)
	if err != nil {
		return nil, Shown{}, nil, passed
	}
	for _, p := range all {
		if p == w.paths[0] {
			continue
		}
		next, err := OpenAt(dir, filepath.Join(dir, filepath.FromSlash(p)))
		if err != nil {
			continue
		}
		if s, err := next.ReadShown(); err == nil {
			return next, s, passed, nil
		}
	}
	return nil, Shown{}, nil, passed
}

// HasDocuments reports whether the folder dir itself (not a folder under
// it) holds a document with tools in it: a file that only may be one (a
// project's firebase.json, whose "functions" are not tools) does not make
// the folder a workspace that tooltui opens with no FILE.
func HasDocuments(dir string) bool {
	d, err := os.Open(dir)
	if err != nil {
		return false
	}
	entries, _ := d.ReadDir(-1)
	d.Close()
	rules := readIgnore(dir, "")
	for _, e := range entries {
		name := e.Name()
		if e.Type().IsRegular() && strings.EqualFold(path.Ext(name), ".json") && !ignored(rules, name, false) {
			if f, ok := holdsTools(filepath.Join(dir, name), true); ok && f.data != nil {
				if d, err := formats.Load(f.data); err == nil && len(d.Functions)+len(d.Builtins) > 0 {
					return true
				}
			}
		}
	}
	return false
}

// first is the first document in the order Find walks dir (each folder's
// entries by name, a folder's documents where its name sorts): it reads
// the names of the folders on the way, unsorted and untyped, and looks
// only at the entries it tries, in order, until one is a document. A
// folder of 200 documents costs one listing and one file read, not 200
// typed entries sorted.
func first(dir string) (string, readFile, error) {
	return firstIn(dir, "", readIgnore(dir, ""))
}

// firstIn is first in the folder at p (rel from the top, "" for it) under
// rules.
func firstIn(p, rel string, rules []rule) (string, readFile, error) {
	d, err := os.Open(p)
	if err != nil {
		return "", readFile{}, err
	}
	names, err := d.Readdirnames(-1)
	d.Close()
	if err != nil && len(names) == 0 {
		return "", readFile{}, err
	}
	for len(names) > 0 {
		i := 0 // the least name left: the next one Find walks
		for j := 1; j < len(names); j++ {
			if names[j] < names[i] {
				i = j
			}
		}
		name := names[i]
		names[i] = names[len(names)-1]
		names = names[:len(names)-1]
		r := name
		if rel != "" {
			r = rel + "/" + name
		}
		full := filepath.Join(p, name)
		fi, err := os.Lstat(full)
		switch {
		case err != nil:
		case fi.IsDir():
			if name == ".git" || name == Marker || ignored(rules, r, true) {
				continue
			}
			if found, f, _ := firstIn(full, r, append(slices.Clip(rules), readIgnore(full, r+"/")...)); found != "" {
				return found, f, nil
			}
		case fi.Mode().IsRegular() && strings.EqualFold(path.Ext(name), ".json") && !ignored(rules, r, false):
			if f, ok := holdsTools(full, true); ok {
				return r, f, nil
			}
		}
	}
	return "", readFile{}, nil
}

// First is the first document as OpenFirst read it, its bytes and its
// file's information, until the workspace first reads it itself (nil:
// none was read, or it was too large).
func (w *Workspace) First() ([]byte, fs.FileInfo) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.paths) == 0 {
		return nil, nil
	}
	e := w.docs[w.paths[0]]
	if e == nil || e.pre.data == nil {
		return nil, nil
	}
	return e.pre.data, e.pre.info
}

// readFile is a file as Find read it: its bytes, its information (taken
// before they were read) and when.
type readFile struct {
	data []byte
	info fs.FileInfo
	at   time.Time
}

// find is Find that gives keep, when not nil, the bytes of each document
// it lists (but one too large to open).
func find(dir string, keep func(rel string, f readFile)) ([]string, error) {
	var out []string
	var rules []rule
	err := filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			if p == dir {
				return err
			}
			return nil // an unreadable entry is not a document
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		if e.IsDir() {
			if rel == "." {
				rules = append(rules, readIgnore(p, "")...)
				return nil
			}
			if e.Name() == ".git" || e.Name() == Marker || ignored(rules, rel, true) {
				return filepath.SkipDir
			}
			rules = append(rules, readIgnore(p, rel+"/")...)
			return nil
		}
		if !e.Type().IsRegular() || !strings.EqualFold(path.Ext(rel), ".json") || ignored(rules, rel, false) {
			return nil
		}
		if f, ok := holdsTools(p, keep != nil); ok {
			out = append(out, rel)
			if keep != nil && f.data != nil {
				keep(rel, f)
			}
		}
		return nil
	})
	slices.Sort(out)
	return out, err
}

// holdsTools reads the file at p and tells whether it holds tools; with
// info, it returns what it read of a file it can open.
func holdsTools(p string, info bool) (readFile, bool) {
	f := readFile{at: time.Now()}
	fd, err := os.Open(p)
	if err != nil {
		return f, false
	}
	defer fd.Close()
	if info {
		if f.info, err = fd.Stat(); err != nil {
			return f, false
		}
	}
	data, err := io.ReadAll(io.LimitReader(fd, model.MaxDocumentBytes+1))
	if err != nil {
		return f, false
	}
	if len(data) > model.MaxDocumentBytes {
		start := data[:64<<10]
		return f, bytes.Contains(start, []byte(`"tools_defs"`)) || bytes.Contains(start, []byte(`"tools"`))
	}
	if info {
		f.data = data
	}
	return f, formats.HoldsTools(data)
}

// rule is one line of a .gitignore: a pattern relative to the folder the
// file is in (base, "" for the top, else ending in "/").
type rule struct {
	base    string
	re      *regexp.Regexp
	negate  bool
	dirOnly bool
}

// readIgnore reads the .gitignore of the folder at p (base is its path
// relative to the top); a folder without one has no rules.
func readIgnore(p, base string) []rule {
	data, err := os.ReadFile(filepath.Join(p, ".gitignore"))
	if err != nil {
		return nil
	}
	var out []rule
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimRight(line, " \r\t")
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		r := rule{base: base}
		if strings.HasPrefix(line, "!") {
			r.negate, line = true, line[1:]
		}
		line = strings.TrimPrefix(line, `\`) // \# and \! start a pattern
		if strings.HasSuffix(line, "/") {
			r.dirOnly, line = true, strings.TrimSuffix(line, "/")
		}
		anchored := strings.Contains(line, "/")
		line = strings.TrimPrefix(line, "/")
		if line == "" {
			continue
		}
		expr := globRegexp(line)
		if !anchored {
			expr = "(.*/)?" + expr // a name matches at any depth
		}
		re, err := regexp.Compile("^" + expr + "$")
		if err != nil {
			continue
		}
		r.re = re
		out = append(out, r)
	}
	return out
}

// globRegexp is a .gitignore glob as a regular expression: ** crosses
// folders, * and ? stay inside one, [...] is a class.
func globRegexp(g string) string {
	var b strings.Builder
	for i := 0; i < len(g); i++ {
		switch c := g[i]; {
		case strings.HasPrefix(g[i:], "**/"):
			b.WriteString("(.*/)?")
			i += 2
		case strings.HasPrefix(g[i:], "/**") && i+3 == len(g):
			b.WriteString("(/.*)?")
			i += 2
		case strings.HasPrefix(g[i:], "**"):
			b.WriteString(".*")
			i++
		case c == '*':
			b.WriteString("[^/]*")
		case c == '?':
			b.WriteString("[^/]")
		case c == '[':
			if j := strings.IndexByte(g[i+1:], ']'); j >= 0 {
				class := g[i+1 : i+1+j]
				if strings.HasPrefix(class, "!") {
					class = "^" + class[1:]
				}
				b.WriteString("[" + strings.ReplaceAll(class, `\`, `\\`) + "]")
				i += j + 1
				continue
			}
			b.WriteString(`\[`)
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	return b.String()
}

// ignored says whether the rules ignore rel (a folder when dir); the last
// rule that matches decides, as in git.
func ignored(rules []rule, rel string, dir bool) bool {
	out := false
	for _, r := range rules {
		if r.dirOnly && !dir || !strings.HasPrefix(rel, r.base) {
			continue
		}
		if r.re.MatchString(strings.TrimPrefix(rel, r.base)) {
			out = !r.negate
		}
	}
	return out
}
