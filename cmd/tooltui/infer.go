package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/tooltui/tooltui/internal/args"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/schematree"
	"github.com/tooltui/tooltui/internal/termtext"
)

const inferLong = `Reads an example of a function's arguments (a JSON object, as a model sends
them in a function call) from FILE, or from standard input for - or no
FILE, and prints on standard output a JSON Schema for the function's
parameters, in the form strict mode accepts:

  - every object has its properties in the example's order, all of them
    in "required", and "additionalProperties": false;
  - a number without a fraction or exponent is an "integer";
  - an array's items merge every element (several types are an "anyOf");
    a key only some objects of an array have is required and nullable,
    which is how strict mode writes an optional property;
  - null makes a value nullable; a value that is only ever null is
    guessed to be a nullable string, and an empty array's items strings.

Review the guesses before using the schema. Notes on standard error name
the items of the example that lack a key their siblings have.

Exit status: 0 printed; 2 a usage error, or an example that cannot be
used: a file that cannot be read, text that is not valid JSON (named as
FILE: line L, column C: ...) or not a JSON object.
`

// newInferCmd is `tooltui infer`.
func newInferCmd() *cobra.Command {
	return &cobra.Command{
		Use:               "infer [FILE|-]",
		Short:             "print a strict-compatible parameters schema inferred from example arguments",
		Long:              inferLong,
		Args:              atMost(1, "one example at a time, got %d"),
		ValidArgsFunction: completeFiles(1),
		RunE: func(cmd *cobra.Command, files []string) error {
			return status(runInfer(files, cmd.InOrStdin(), cmd.OutOrStdout(), cmd.ErrOrStderr()))
		},
	}
}

// runInfer is `tooltui infer`. The schema goes to standard output as JSON
// in which every character that termtext.SanitizeLine would change is
// written as a \u escape: the same value, and nothing from the example
// reaches the terminal raw. Messages go to standard error through
// termtext.SanitizeLine.
func runInfer(files []string, stdin io.Reader, stdout, stderr io.Writer) int {
	name, data, err := readExample(files, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "tooltui infer: %s\n", termtext.SanitizeLine(err.Error()))
		return 2
	}
	schema, err := schematree.Infer(data)
	if err != nil {
		fmt.Fprintf(stderr, "tooltui infer: %s\n", termtext.SanitizeLine((&inputError{name: name, err: err}).Error()))
		return 2
	}
	out := append(terminalSafeJSON(schema), '\n')
	if _, err := stdout.Write(out); err != nil {
		fmt.Fprintf(stderr, "tooltui infer: writing the schema: %s\n", termtext.SanitizeLine(err.Error()))
		return 2
	}
	for _, n := range inferNotes(name, schema, data) {
		fmt.Fprintf(stderr, "tooltui infer: note: %s\n", termtext.SanitizeLine(n))
	}
	return 0
}

// readExample reads the example from the file, or from standard input for
// "-" or no file, and returns the name to show for it.
func readExample(files []string, stdin io.Reader) (string, []byte, error) {
	if len(files) == 0 || files[0] == "-" {
		data, err := model.ReadAllLimited(stdin)
		if err != nil {
			return "", nil, &inputError{name: stdinName, err: err}
		}
		return stdinName, bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")), nil
	}
	data, err := model.ReadLimited(files[0])
	if err != nil {
		return "", nil, namedError(err)
	}
	return files[0], bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")), nil
}

// maxNotes bounds the notes printed about one example.
const maxNotes = 5

// inferNotes names the objects of the example that do not fit the schema:
// objects of an array that lack a key other items have, which the schema
// makes required and nullable.
func inferNotes(name string, schema, example []byte) []string {
	probs := args.Validate(schema, true, example)
	var notes []string
	for i, p := range probs {
		if i == maxNotes {
			notes = append(notes, fmt.Sprintf("and %d more", len(probs)-maxNotes))
			break
		}
		ptr := p.Pointer
		if ptr == "" {
			ptr = "(arguments)"
		}
		note := fmt.Sprintf("%s:%d:%d: %s: %s", name, p.Line, p.Column, ptr, p.Message)
		if strings.HasPrefix(p.Message, "missing required property") {
			note += "; other items have it: the schema makes it required and nullable (strict mode's optional)"
		}
		notes = append(notes, note)
	}
	return notes
}

// terminalSafeJSON writes every character of valid JSON text that
// termtext.SanitizeLine would change as a \u escape: DEL and every
// non-ASCII control, bidi or invisible character. Valid JSON has them only
// inside strings (other controls are escaped there already), so the text
// keeps its value and prints safely.
func terminalSafeJSON(b []byte) []byte {
	var out []byte
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r < utf8.RuneSelf && r != 0x7f {
			if out != nil {
				out = append(out, b[i])
			}
			i++
			continue
		}
		s := string(b[i : i+size])
		if r >= utf8.RuneSelf && termtext.SanitizeLine(s) == s {
			if out != nil {
				out = append(out, s...)
			}
			i += size
			continue
		}
		if out == nil {
			out = append(make([]byte, 0, len(b)+16), b[:i]...)
		}
		if r > 0xffff {
			r1, r2 := utf16Pair(r)
			out = fmt.Appendf(out, `\u%04x\u%04x`, r1, r2)
		} else {
			out = fmt.Appendf(out, `\u%04x`, r)
		}
		i += size
	}
	if out == nil {
		return b
	}
	return out
}
