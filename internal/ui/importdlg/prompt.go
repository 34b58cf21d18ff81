package importdlg

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tooltui/tooltui/internal/importer"
	"github.com/tooltui/tooltui/internal/mcpclient"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/termtext"
)

// parseSource reads what the prompt holds, split into words as a shell
// would ('…' and "…" quoting):
//
//   - an http(s) URL is a server to reach, with -H 'Name: value',
//     --header 'Name: value' and --header-env NAME=VAR before or after
//     it, as tooltui import --mcp-url takes them;
//   - an existing file is read, unless it is executable and its name
//     does not end in .json, .yaml or .yml: that is a program, started
//     as the server;
//   - a single word that names a file (it ends in .json, .yaml or .yml,
//     or has a / in it: ./, ../, / and ~/ paths) and is not there is "No
//     such file", never a program to start (a word with a / is not
//     looked up in $PATH, so no program could answer to it either);
//   - anything else is the command line of a stdio server, every word
//     after the program its argument.
//
// A leading ~/ is the home directory ($HOME, through deps.Getenv).
func parseSource(text string, deps Deps) (source, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return source{}, errors.New("type a file path, an MCP server's command line or its http(s) URL")
	}
	// The whole text first: a path with spaces needs no quotes.
	if s, ok, err := existing(text, text, deps); ok || err != nil {
		return s, err
	}
	words, err := splitCommand(text)
	if err != nil {
		return source{}, err
	}
	if len(words) == 0 {
		return source{}, errors.New("type a file path, an MCP server's command line or its http(s) URL")
	}
	if isURL(words[0]) || isHeaderFlag(words[0]) {
		return urlSource(words, deps.Getenv)
	}
	if len(words) == 1 {
		if s, ok, err := existing(words[0], words[0], deps); ok || err != nil {
			return s, err
		}
		if namesFile(words[0]) {
			return source{}, noFile(words[0], deps.Getenv)
		}
	}
	return source{srv: mcpclient.Server{Command: words}, rec: model.MCPServer{Command: slices.Clone(words)}}, nil
}

// existing is the source of path when it exists: the file to read, or
// the program to start (an executable file whose name is not a tools
// file's); a directory is an error. ok is false when nothing is there.
func existing(path, typed string, deps Deps) (source, bool, error) {
	p := expandHome(path, deps.Getenv)
	fi, err := os.Stat(p)
	switch {
	case err != nil:
		return source{}, false, nil
	case fi.IsDir():
		return source{}, true, fmt.Errorf("%s is a directory: name a file in it, or a server", termtext.Quote(typed))
	case fi.Mode()&0o111 != 0 && !toolsExt(p):
		return source{srv: mcpclient.Server{Command: []string{p}}, rec: model.MCPServer{Command: []string{p}}}, true, nil
	}
	return source{path: p}, true, nil
}

// toolsExt reports whether p's name ends as a tools file's does.
func toolsExt(p string) bool {
	switch strings.ToLower(filepath.Ext(p)) {
	case ".json", ".yaml", ".yml":
		return true
	}
	return false
}

// namesFile reports whether a single word can only be a file: it ends
// as a tools file's name does, or it is a path (a word with a / is
// never looked up in $PATH).
func namesFile(w string) bool {
	return toolsExt(w) || strings.ContainsRune(w, '/')
}

func isURL(w string) bool {
	return strings.HasPrefix(w, "http://") || strings.HasPrefix(w, "https://")
}

// isHeaderFlag reports whether w is one of the prompt's header flags.
func isHeaderFlag(w string) bool {
	name, _, _ := strings.Cut(w, "=")
	return w == "-H" || name == "--header" || name == "--header-env" || (strings.HasPrefix(w, "-H") && len(w) > 2)
}

// urlSource is the server at the one URL among words, with the headers
// the others give: -H/--header 'Name: value' (sent for this listing
// only; the record keeps the name, with no value) and --header-env
// NAME=VAR or NAME='Bearer ${VAR}' (the record keeps the template, so a
// later send reads the variable again).
func urlSource(words []string, getenv func(string) string) (source, error) {
	if !slices.ContainsFunc(words, isURL) {
		return source{}, errors.New("-H, --header and --header-env are for an MCP server's http(s) URL: a command line's server takes no headers (words after its program are its own arguments)")
	}
	var url string
	var literal, env []string
	for i := 0; i < len(words); i++ {
		w := words[i]
		if isURL(w) {
			if url != "" {
				return source{}, fmt.Errorf("two URLs, %s and %s: give one", termtext.Quote(url), termtext.Quote(w))
			}
			url = w
			continue
		}
		if !isHeaderFlag(w) {
			return source{}, fmt.Errorf("%s: after an http(s) URL the prompt takes only -H 'Name: value', --header 'Name: value' and --header-env NAME=VAR", termtext.Quote(w))
		}
		flag, value, inline := strings.Cut(w, "=")
		if strings.HasPrefix(w, "-H") && w != "-H" {
			flag, value, inline = "-H", w[2:], true
		}
		if !inline {
			if i+1 == len(words) {
				return source{}, fmt.Errorf("%s needs a value: %s", flag, headerUsage(flag))
			}
			i++
			value = words[i]
		}
		if flag == "--header-env" {
			env = append(env, value)
		} else {
			literal = append(literal, value)
		}
	}
	s := source{srv: mcpclient.Server{URL: url}, rec: model.MCPServer{URL: url}}
	h, err := importer.ParseURLHeaders("-H", literal, env)
	if err != nil {
		return source{}, err
	}
	if s.srv.Headers, s.rec.Headers, err = h.Resolve(getenv); err != nil {
		return source{}, err
	}
	return s, nil
}

func headerUsage(flag string) string {
	if flag == "--header-env" {
		return "--header-env NAME=VAR"
	}
	return flag + " 'Name: value'"
}

// expandHome reads a leading ~/ as the home directory.
func expandHome(p string, getenv func(string) string) string {
	if rest, ok := strings.CutPrefix(p, "~/"); ok {
		if home := homeDir(getenv); home != "" {
			return filepath.Join(home, rest)
		}
	}
	return p
}

func homeDir(getenv func(string) string) string {
	if getenv == nil {
		return ""
	}
	return getenv("HOME")
}

// noFile says that the file typed is not there and, when a name close to
// each missing part of its path is, the path meant.
func noFile(typed string, getenv func(string) string) error {
	msg := "No such file: " + typed
	if m := closePath(typed, getenv); m != "" {
		msg += "; did you mean " + m + "?"
	}
	return errors.New(msg)
}

// closePath is the existing path typed most likely means: each part of
// it that is not there replaced by the one name in its folder at most
// two edits away (or only differing in case), or "" when there is none.
func closePath(typed string, getenv func(string) string) string {
	prefix, rest, dir := "", typed, "."
	switch {
	case strings.HasPrefix(typed, "~/"):
		home := homeDir(getenv)
		if home == "" {
			return ""
		}
		prefix, rest, dir = "~/", typed[2:], home
	case strings.HasPrefix(typed, "/"):
		prefix, rest, dir = "/", typed[1:], "/"
	}
	parts := strings.Split(rest, "/")
	changed := false
	for i, part := range parts {
		next := filepath.Join(dir, part)
		if _, err := os.Stat(next); err == nil || part == "" || part == "." || part == ".." {
			dir = next
			continue
		} else if !errors.Is(err, fs.ErrNotExist) {
			return ""
		}
		entries, err := os.ReadDir(dir)
		if err != nil || len(entries) > 2000 {
			return ""
		}
		best, bestD := "", 3
		for _, e := range entries {
			d := distance(strings.ToLower(part), strings.ToLower(e.Name()))
			if d < bestD || (d == bestD && best != "" && e.Name() < best) {
				best, bestD = e.Name(), d
			}
		}
		if best == "" || bestD > max(1, len([]rune(part))/3) {
			return ""
		}
		parts[i], dir, changed = best, filepath.Join(dir, best), true
	}
	if !changed {
		return ""
	}
	if fi, err := os.Stat(dir); err != nil || fi.IsDir() {
		return ""
	}
	return prefix + strings.Join(parts, "/")
}

// distance is the number of edits (a letter added, removed, changed, or
// two swapped) from a to b.
func distance(a, b string) int {
	x, y := []rune(a), []rune(b)
	if d := len(x) - len(y); d > 2 || d < -2 {
		return 3
	}
	prev2 := make([]int, len(y)+1)
	prev := make([]int, len(y)+1)
	cur := make([]int, len(y)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(x); i++ {
		cur[0] = i
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(y)]
}
