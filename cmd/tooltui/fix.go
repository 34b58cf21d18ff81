package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/termtext"
)

const fixLong = `Applies every safe fix to a tooltui document or a Responses request body
(FILE, or standard input for - or no FILE) and prints the fixed file, in
its own format, on standard output; with -w it writes FILE in place
instead (atomically, and only when something changed), like gofmt -w.
Tools in another API's format (Chat Completions, Anthropic, Gemini, MCP)
are translated first and printed as a Responses request body; -w refuses
them, so that the original stays.
Standard error lists each fix applied ("fixed: LOCATION: what") with
every change it made, one a line ("  - POINTER: change"), each safe fix
left out and why ("not fixed: LOCATION: what: why"), then the diagnostics
left, with the fixes on offer that need a choice ("fix: ...").

Safe fixes keep what the entry means: make a function's parameters
strict-compatible (additionalProperties false, optional properties
required and nullable: the tool then receives null, not a missing key,
for a value the model leaves out), set strict to true on parameters
strict mode takes as they are, rename a duplicate function or MCP server
label, drop the scheme of an allowed domain, write a country name as its
ISO code, add "properties": {} (and "type": "object") to parameters the
API refuses without them, convert a Chat Completions tool or tool_choice.
A function imported from an MCP server is not made strict-compatible
here: the server checks the arguments against its own schema and may
refuse null. A guessed type, a removed key, strict set to false, removed
defaults or a domain that loses its path are offered, never applied
here; make them in the app (f on a diagnostic).

{{flags}}

Exit status: 0 no error left; 1 errors left; 2 the input cannot be used.
`

// newFixCmd is `tooltui fix`.
func newFixCmd() *cobra.Command {
	var write bool
	cmd := &cobra.Command{
		Use:   "fix [-w] [FILE|-]",
		Short: "apply every safe fix; -w writes FILE in place",
		Long:  fixLong,
		Args: func(cmd *cobra.Command, args []string) error {
			if err := atMost(1, "one input at a time, got %d")(cmd, args); err != nil {
				return err
			}
			if write && (len(args) == 0 || args[0] == "-") {
				return usageErrorf(cmd, "-w needs a FILE to write")
			}
			return nil
		},
		ValidArgsFunction: completeFiles(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return status(runFix(write, args, cmd.InOrStdin(), cmd.OutOrStdout(), cmd.ErrOrStderr()))
		},
	}
	cmd.Flags().BoolVarP(&write, "write", "w", false, "write the result to FILE instead of standard output")
	return cmd
}

// runFix is `tooltui fix`, writing FILE in place with write. What it
// prints on standard error comes through termtext.SanitizeLine, as for
// build.
func runFix(write bool, files []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fail := func(err error) int {
		fmt.Fprintf(stderr, "tooltui fix: %s\n", termtext.SanitizeLine(err.Error()))
		return 2
	}
	doc, err := readInput(files, stdin)
	if err != nil {
		return fail(err)
	}
	if write && doc.Source != nil {
		return fail(fmt.Errorf("%s is in the %s format and fix writes the Responses shape: -w would replace it; "+
			"leave out -w and redirect standard output to a new file", files[0], doc.Source.Format))
	}
	fixed, report := convert.FixAllReport(doc, nil)
	done := report.Applied
	for _, f := range done {
		fmt.Fprintln(stderr, termtext.SanitizeLine("fixed: "+f.Location+": "+f.Title))
		for _, c := range f.Changes {
			fmt.Fprintln(stderr, termtext.SanitizeLine("  - "+c))
		}
	}
	for _, f := range report.Skipped {
		fmt.Fprintln(stderr, termtext.SanitizeLine("not fixed: "+f.Location+": "+f.Title+": "+f.Why))
	}
	_, diags := convert.Convert(fixed)
	errorsLeft := false
	for _, d := range diags {
		errorsLeft = errorsLeft || d.Severity == convert.Error
		fmt.Fprintln(stderr, termtext.SanitizeLine(d.String()))
		for _, f := range d.Fixes {
			fmt.Fprintln(stderr, termtext.SanitizeLine("  fix: "+f.Title()))
		}
	}
	out, err := fixed.Marshal()
	if err != nil {
		if write {
			err = fmt.Errorf("%s: %w", files[0], err)
		}
		return fail(err)
	}
	if write {
		// Marshal keeps within what tooltui opens; never write more.
		if len(out) > model.MaxDocumentBytes {
			return fail(fmt.Errorf("%s would be %s, over the %d MiB tooltui can open; nothing was written",
				files[0], model.Bytes(int64(len(out))), model.MaxDocumentBytes>>20))
		}
		if len(done) > 0 {
			if err := model.WriteFileAtomic(files[0], out); err != nil {
				return fail(err)
			}
		}
	} else if _, err := stdout.Write(out); err != nil {
		return fail(fmt.Errorf("writing the result: %w", err))
	}
	if errorsLeft {
		return 1
	}
	if len(done) == 0 && len(diags) == 0 {
		fmt.Fprintln(stderr, "nothing to fix")
	}
	return 0
}
