package main

// build DIR: every document of a folder checked, one summary line each.

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/formats"
	"github.com/tooltui/tooltui/internal/importer"
	"github.com/tooltui/tooltui/internal/termtext"
	"github.com/tooltui/tooltui/internal/workspace"
)

// isDir reports whether the one input named is a folder.
func isDir(files []string) bool {
	if len(files) != 1 || files[0] == "-" {
		return false
	}
	st, err := os.Stat(files[0])
	return err == nil && st.IsDir()
}

// runBuildDir is `tooltui build DIR`: each document under DIR
// (workspace.Find) is read and converted; standard output has one summary
// line a document and a total, standard error its diagnostics in the
// --json, github or sarif form (text shows only the summary: build FILE
// prints them). The exit status is the worst of the documents'.
func runBuildDir(opts buildOptions, dir string, stdout, stderr io.Writer) int {
	if opts.to != "" {
		fmt.Fprintf(stderr, "tooltui build: --to writes one request: give a FILE, not the folder %s\n", termtext.SanitizeLine(dir))
		return 2
	}
	docs, err := workspace.Find(dir)
	if err != nil {
		fmt.Fprintf(stderr, "tooltui build: %s\n", termtext.SanitizeLine(err.Error()))
		return 2
	}
	var ann *annotator
	if opts.diagnostics == "github" || opts.diagnostics == "sarif" {
		ann = newAnnotator(opts.diagnostics, "")
		defer ann.end(stderr)
	}
	worst := 0
	var withErrors, withWarnings, unusable int
	for _, rel := range docs {
		path := filepath.Join(dir, filepath.FromSlash(rel))
		name := termtext.SanitizeLine(path)
		data, err := os.ReadFile(path)
		var diags []convert.Diagnostic
		tools := 0
		if err == nil {
			doc, lerr := formats.Load(data)
			if lerr != nil {
				err = &inputError{name: path, err: lerr}
			} else {
				var c convert.Converter
				r := c.Convert(doc)
				diags, tools = r.Diagnostics, len(r.Sources)
				if ann != nil {
					ann.file, ann.data, ann.translated = path, data, doc.Source != nil
				}
			}
		}
		if err != nil {
			unusable++
			worst = 2
			fmt.Fprintf(stdout, "%s: cannot be used: %s\n", name, termtext.SanitizeLine(strings.TrimPrefix(err.Error(), path+": ")))
			switch {
			case ann != nil:
				ann.file, ann.data = path, nil
				ann.fatal(stderr, err)
			case opts.diagnostics == "json":
				stderr.Write(fatalJSON(err, path))
			}
			continue
		}
		errs, warns := 0, 0
		for _, d := range diags {
			switch d.Severity {
			case convert.Error:
				errs++
			case convert.Warning:
				warns++
			}
			switch {
			case ann != nil:
				ann.add(stderr, d, "")
			case opts.diagnostics == "json":
				stderr.Write(diagnosticJSON(d, path))
			}
		}
		if errs > 0 {
			withErrors++
		} else if warns > 0 {
			withWarnings++
		}
		if (errs > 0 || opts.strict && warns > 0) && worst < 1 {
			worst = 1
		}
		fmt.Fprintf(stdout, "%s: %s in the request · %s · %s\n", name, importer.Plural(tools, "tool"), importer.Plural(errs, "error"), importer.Plural(warns, "warning"))
	}
	fmt.Fprintf(stdout, "%s under %s: %d with errors, %d with warnings only, %d that cannot be used\n",
		importer.Plural(len(docs), "document"), termtext.SanitizeLine(dir), withErrors, withWarnings, unusable)
	return worst
}
