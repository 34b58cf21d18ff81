// Package importdlg is the "Import tools…" dialog: it reads tools from a
// file in any format tooltui opens, or from a live MCP server (a command
// line, an http(s) URL, or a server the document records), in a command;
// lists them as a checklist with their token estimates, diagnostics and
// clashes; and imports the marked ones as one undoable edit, asking what
// to do with each name the document already has.
package importdlg

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tooltui/tooltui/internal/bridge"
	"github.com/tooltui/tooltui/internal/formats"
	"github.com/tooltui/tooltui/internal/importer"
	"github.com/tooltui/tooltui/internal/mcpclient"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/termtext"
)

// Deps are the dialog's ways out (the app's kit.Deps): reading a file,
// listing a server's tools, reading the environment (a recorded server's
// header templates).
type Deps struct {
	ReadFile func(path string) ([]byte, error)
	List     func(ctx context.Context, s mcpclient.Server) ([]byte, error)
	Getenv   func(string) string
}

// source is what the prompt names: a file, or a server to list.
type source struct {
	path string           // a file, or "" for a server
	srv  mcpclient.Server // how to reach the server now
	rec  model.MCPServer  // what the document records of it
	name string           // the recorded server's name ("" to make one)
	// unkept are the recorded headers whose value the document does not
	// keep (given once on an import's command line): not sent.
	unkept []string
}

// describe names the source in sentences.
func (s source) describe() string {
	if s.path != "" {
		return s.path
	}
	if s.name != "" {
		return "MCP server " + s.name
	}
	return "MCP server " + s.rec.Describe()
}

// parseSource reads what the prompt holds: an http(s) URL is a server,
// an existing file is a file, anything else the command line of a stdio
// server (words, with '…' and "…" quoting).
func parseSource(text string, deps Deps) (source, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return source{}, errors.New("type a file path, an MCP server's command line or its http(s) URL")
	}
	if strings.HasPrefix(text, "http://") || strings.HasPrefix(text, "https://") {
		return source{srv: mcpclient.Server{URL: text}, rec: model.MCPServer{URL: text}}, nil
	}
	path := expandHome(text, deps.Getenv)
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return source{}, fmt.Errorf("%s is a directory: name a file in it, or a server", termtext.Quote(text))
	} else if err == nil {
		return source{path: path}, nil
	}
	words, err := splitCommand(text)
	if err != nil {
		return source{}, err
	}
	if len(words) == 1 && (strings.ContainsAny(text, `/\`) || filepath.Ext(text) == ".json") {
		if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
			return source{}, fmt.Errorf("no file %s (and no server: a command line or an http(s) URL)", termtext.Quote(text))
		}
	}
	return source{srv: mcpclient.Server{Command: words}, rec: model.MCPServer{Command: slices.Clone(words)}}, nil
}

// recorded is the source of the server the document records as name:
// its command line, or its URL with its headers, each header's value read
// from the environment as its template says.
func recorded(name string, rec model.MCPServer, getenv func(string) string) (source, error) {
	s := source{name: name, rec: rec, srv: mcpclient.Server{Command: slices.Clone(rec.Command), URL: rec.URL}}
	for _, h := range importer.SortedHeaderNames(rec.Headers) {
		tmpl := rec.Headers[h]
		if tmpl == "" {
			s.unkept = append(s.unkept, h) // given once on a command line and not kept
			continue
		}
		v, err := bridge.ExpandHeader(tmpl, getenv)
		if err != nil {
			return source{}, fmt.Errorf("the header %s of %s: %w", h, name, err)
		}
		if s.srv.Headers == nil {
			s.srv.Headers = map[string]string{}
		}
		s.srv.Headers[h] = v
	}
	return s, nil
}

// expandHome reads a leading ~/ as the home directory.
func expandHome(p string, getenv func(string) string) string {
	if rest, ok := strings.CutPrefix(p, "~/"); ok && getenv != nil {
		if home := getenv("HOME"); home != "" {
			return filepath.Join(home, rest)
		}
	}
	return p
}

// splitCommand splits a command line into words: spaces separate them,
// '…' and "…" keep spaces in one, \ escapes the next character outside '…'.
func splitCommand(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	in, quote, esc := false, rune(0), false
	for _, r := range s {
		switch {
		case esc:
			cur.WriteRune(r)
			esc, in = false, true
		case r == '\\' && quote != '\'':
			esc = true
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(r)
		case r == '\'' || r == '"':
			quote, in = r, true
		case r == ' ' || r == '\t':
			if in {
				words = append(words, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteRune(r)
			in = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("the command line has an unclosed %c", quote)
	}
	if in {
		words = append(words, cur.String())
	}
	return words, nil
}

// read reads the tools of s: the file, or the server's tools/list result.
func read(ctx context.Context, s source, deps Deps) (*model.Document, error) {
	if s.path != "" {
		data, err := deps.ReadFile(s.path)
		if err != nil {
			return nil, err
		}
		d, err := formats.Load(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", s.path, err)
		}
		return d, nil
	}
	list, err := deps.List(ctx, s.srv)
	if err != nil && len(s.unkept) > 0 {
		return nil, fmt.Errorf("%w\n(sent without the header %s: the document keeps no value for it; tooltui import --header-env records where to read one)",
			err, strings.Join(s.unkept, ", "))
	}
	if err != nil {
		return nil, err
	}
	d, err := formats.LoadAs(list, formats.MCP)
	if err != nil {
		return nil, fmt.Errorf("%s: its tools/list result: %w", s.describe(), err)
	}
	return d, nil
}
