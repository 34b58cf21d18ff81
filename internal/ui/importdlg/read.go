// Package importdlg is the "Import tools…" dialog: it reads tools from a
// file in any format tooltui opens, or from a live MCP server (a command
// line, an http(s) URL, or a server the document records), in a command;
// lists them as a checklist with their token estimates, diagnostics and
// clashes; and imports the marked ones as one undoable edit, asking what
// to do with each name the document already has.
package importdlg

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/tooltui/tooltui/internal/bridge"
	"github.com/tooltui/tooltui/internal/formats"
	"github.com/tooltui/tooltui/internal/importer"
	"github.com/tooltui/tooltui/internal/mcpclient"
	"github.com/tooltui/tooltui/internal/model"
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
	if len(s.rec.Headers) > 0 {
		names := importer.SortedHeaderNames(s.rec.Headers)
		word := "header"
		if len(names) > 1 {
			word = "headers"
		}
		return "MCP server " + s.rec.Describe() + " (" + word + " " + strings.Join(names, ", ") + ")"
	}
	return "MCP server " + s.rec.Describe()
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
	if err != nil && len(s.srv.Command) > 1 && slices.ContainsFunc(s.srv.Command[1:], isHeaderFlag) {
		return nil, fmt.Errorf("%w\n(-H, --header and --header-env after a program are its own arguments: tooltui sends headers only to an http(s) URL)", err)
	}
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
