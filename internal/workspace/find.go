// Package workspace finds the documents of a folder: every tooltui
// document, request body and tools file under it, the way git sees the
// folder (what a .gitignore ignores is not a document). A Workspace reads
// each the first time it is needed and keeps its session; Search finds
// tools across them, and Copy and Move take tools from one document to
// another.
package workspace

import (
	"bytes"
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
	return find(dir, nil, false)
}

// OpenFirst is the workspace of folder dir that knows only the first
// document Find comes to (none: no Paths), found without looking further
// and read once: what the app shows while Open lists the folder, and
// hands its session over to it (Adopt).
func OpenFirst(dir string) (*Workspace, error) {
	var pre readFile
	out, err := find(dir, func(_ string, f readFile) { pre = f }, true)
	w := &Workspace{dir: dir, partial: true, paths: out, docs: map[string]*entry{}}
	for _, p := range out {
		w.docs[p] = &entry{path: p, pre: pre}
	}
	return w, err
}

// readFile is a file as Find read it: its bytes, its information (taken
// before they were read) and when.
type readFile struct {
	data []byte
	info fs.FileInfo
	at   time.Time
}

// find is Find that gives keep, when not nil, the bytes of each document
// it lists (but one too large to open); with first, it stops at the first
// document.
func find(dir string, keep func(rel string, f readFile), first bool) ([]string, error) {
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
			if first {
				return fs.SkipAll
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
