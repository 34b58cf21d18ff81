package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/ui/display"
)

const buildUsage = `usage: tooltui build [--strict] [FILE|-]

Reads a tooltui document or a Responses request body (FILE, or standard
input for - or no FILE) and prints the final Responses request JSON on
standard output. Diagnostics go to standard error, one per line, each
starting with "error:" (the entry is left out) or "warning:" (kept).

  --strict   exit 1 when any diagnostic was printed

Exit status: 0 done; 1 diagnostics with --strict; 2 the input cannot be used.
`

// runBuild is `tooltui build`. Everything it prints on standard error that
// comes from the command line or the document (flags, file names,
// diagnostics, errors) goes through display.SanitizeLine, so no escape
// sequence or invisible character from them reaches the terminal and each
// message stays on one line.
func runBuild(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	strict := false
	var files []string
	dashdash := false
	for _, a := range args {
		switch {
		case dashdash:
			files = append(files, a)
		case a == "--":
			dashdash = true
		case a == "--strict" || a == "-strict":
			strict = true
		case a == "-h" || a == "--help" || a == "-help":
			fmt.Fprint(stdout, buildUsage)
			return 0
		case len(a) > 1 && a[0] == '-':
			fmt.Fprintf(stderr, "tooltui build: unknown flag %s\n\n%s", display.SanitizeLine(a), buildUsage)
			return 2
		default:
			files = append(files, a)
		}
	}
	if len(files) > 1 {
		fmt.Fprintf(stderr, "tooltui build: one input at a time, got %d\n\n%s", len(files), buildUsage)
		return 2
	}
	doc, err := readInput(files, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "tooltui build: %s\n", display.SanitizeLine(err.Error()))
		return 2
	}
	body, diags := convert.Convert(doc)
	for _, d := range diags {
		fmt.Fprintln(stderr, display.SanitizeLine(d.String()))
	}
	if _, err := stdout.Write(body); err != nil {
		fmt.Fprintf(stderr, "tooltui build: writing the request: %s\n", display.SanitizeLine(err.Error()))
		return 2
	}
	if strict && len(diags) > 0 {
		return 1
	}
	return 0
}

func readInput(files []string, stdin io.Reader) (*model.Document, error) {
	if len(files) == 0 || files[0] == "-" {
		data, err := model.ReadAllLimited(stdin)
		if err != nil {
			return nil, fmt.Errorf("standard input: %w", err)
		}
		d, err := model.Parse(data)
		if err != nil {
			return nil, fmt.Errorf("standard input: %w", err)
		}
		return d, nil
	}
	d, err := model.ReadFile(files[0])
	if err != nil {
		var fe *model.FileError
		if errors.As(err, &fe) {
			return nil, fe
		}
		return nil, err
	}
	return d, nil
}
