package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/export"
	"github.com/tooltui/tooltui/internal/formats"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
	"github.com/tooltui/tooltui/internal/termtext"
)

const buildLong = `Reads a tooltui document, a Responses request body, or tools and requests
in another API's format (Chat Completions, Anthropic Messages, Gemini, an
MCP tools/list result; detected, and translated) from FILE, or standard
input for - or no FILE, and prints the final Responses request JSON on
standard output. Diagnostics go to standard error, one per line, each
starting with "error:" (the entry is left out), "warning:" (kept) or
"note:" (nothing wrong, for instance which format was read).

With --to, the request is printed in another format instead: another
API's request body (chat, anthropic, gemini), an MCP tools/list result
(mcp), a curl command (curl) or a complete program for the official
library (python, typescript, go). What the target cannot take is listed
on standard error as warnings of location "export", never dropped
silently.

With a folder DIR, every document under it (tooltui documents, request
bodies and tools files, outside .git and what .gitignore ignores) is
checked: standard output has one summary line each and a total, standard
error their diagnostics with --json (each line naming its file), github
or sarif; the exit status is the worst of them.

{{flags}}

Exit status: 0 the request holds every entry; 1 an entry (a tool, or a
request field such as tool_choice) was left out: an error was printed, or,
with --strict, an error or a warning (notes never count); 2 the input
cannot be used: nothing is printed on standard output. Invalid JSON is
named as FILE: line L, column C: ...
`

// buildOptions are the flags of `tooltui build`.
type buildOptions struct {
	strict       bool
	diagnostics  string // "text" or "json"
	to           string // an export target; "" is the Responses body as converted
	baseURL      string // for --to curl and the programs
	model        string // for --to chat, anthropic and gemini
	geminiParams bool   // --to gemini writes parameters, not parametersJsonSchema
}

// newBuildCmd is `tooltui build`.
func newBuildCmd() *cobra.Command {
	opts := buildOptions{diagnostics: "text"}
	cmd := &cobra.Command{
		Use:               "build [--strict] [--json | --format F] [--to FORMAT] [FILE|DIR|-]",
		Short:             "print the request JSON for FILE or standard input",
		Long:              buildLong,
		Args:              atMost(1, "one input at a time, got %d"),
		ValidArgsFunction: completeFiles(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return status(runBuild(opts, args, cmd.InOrStdin(), cmd.OutOrStdout(), cmd.ErrOrStderr()))
		},
	}
	cmd.Flags().SortFlags = false
	cmd.Flags().BoolVar(&opts.strict, "strict", false, "exit 1 on warnings too, not only on errors (notes never count)")
	presetFlag(cmd, &opts.diagnostics, "json", "json", `write diagnostics as JSON Lines, one object per line with
severity, location, type, pointer, line, column, message and
the title of the fix on offer, if any (see tooltui fix);
an input that cannot be used is one line of severity "fatal"`)
	choiceFlag(cmd, &opts.diagnostics, "format", []string{"text", "json", "github", "sarif"},
		"how to write the diagnostics: text (the default), json (as\n--json), github (GitHub Actions annotations at the file's\nline and column) or sarif (one SARIF 2.1.0 log)")
	equalsOnly(choiceFlag(cmd, &opts.diagnostics, "diagnostics", []string{"text", "json", "github", "sarif"},
		"the same as --format"))
	names := make([]string, 0, len(export.Targets()))
	for _, t := range export.Targets() {
		names = append(names, string(t))
	}
	choiceFlag(cmd, &opts.to, "to", names, "print the request in this format instead (see above)")
	cmd.Flags().StringVar(&opts.baseURL, "base-url", "", "with --to curl, python, typescript and go: send to `URL`\n(default "+export.DefaultBaseURL+")")
	cmd.RegisterFlagCompletionFunc("base-url", cobra.NoFileCompletions)
	cmd.Flags().StringVar(&opts.model, "model", "", "with --to chat, anthropic and gemini: name model `NAME`\ninstead of the request's")
	cmd.RegisterFlagCompletionFunc("model", cobra.NoFileCompletions)
	cmd.Flags().BoolVar(&opts.geminiParams, "gemini-parameters", false, "with --to gemini: write parameters, Gemini's OpenAPI\nsubset, instead of parametersJsonSchema")
	return cmd
}

// runBuild is `tooltui build`. Everything it prints on standard error that
// comes from the document (file names, diagnostics, errors) goes through
// termtext.SanitizeLine, so no escape sequence or invisible character from
// them reaches the terminal and each message stays on one line.
//
// With --json every diagnostic is one line of JSON instead; its strings are
// escaped to printable ASCII (jsonLine), so they keep their exact value and
// still cannot reach the terminal raw.
func runBuild(opts buildOptions, files []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if isDir(files) {
		return runBuildDir(opts, files[0], stdout, stderr)
	}
	asJSON := opts.diagnostics == "json"
	var ann *annotator
	if opts.diagnostics == "github" || opts.diagnostics == "sarif" {
		name := ""
		if len(files) > 0 && files[0] != "-" {
			name = files[0]
		}
		ann = newAnnotator(opts.diagnostics, name)
		defer ann.end(stderr)
	}
	fail := func(err error) int {
		switch {
		case ann != nil:
			ann.fatal(stderr, err)
		case asJSON:
			stderr.Write(fatalJSON(err, ""))
		default:
			fmt.Fprintf(stderr, "tooltui build: %s\n", termtext.SanitizeLine(err.Error()))
		}
		return 2
	}
	if ann != nil {
		// the text too, to place each diagnostic in it
		files, stdin = ann.read(files, stdin)
	}
	doc, err := readInput(files, stdin)
	if err != nil {
		return fail(err)
	}
	if ann != nil {
		ann.translated = doc.Source != nil
	}
	body, diags := convert.Convert(doc)
	out := body
	if opts.to != "" {
		to, err := export.ParseTarget(opts.to)
		if err != nil {
			return fail(err)
		}
		res, err := export.Export(body, to, export.Options{BaseURL: opts.baseURL, Model: opts.model, GeminiParameters: opts.geminiParams})
		if err != nil {
			return fail(fmt.Errorf("exporting to %s: %w", to.Title(), err))
		}
		out = res.Text
		diags = append(diags, exportDiagnostics(to, res.Notes)...)
	}
	errs, warnings := 0, 0
	for _, d := range diags {
		switch d.Severity {
		case convert.Error:
			errs++
		case convert.Warning:
			warnings++
		}
		switch {
		case ann != nil:
			ann.add(stderr, d, "")
		case asJSON:
			stderr.Write(diagnosticJSON(d, ""))
		default:
			fmt.Fprintln(stderr, termtext.SanitizeLine(d.String()))
		}
	}
	if _, err := stdout.Write(out); err != nil {
		return fail(fmt.Errorf("writing the request: %w", err))
	}
	if errs > 0 || opts.strict && warnings > 0 {
		return 1
	}
	return 0
}

// exportLocation is the Location of the diagnostics about what an export
// could not carry over; their Path is a JSON pointer in the Responses
// request.
const exportLocation = "export"

// exportDiagnostics are an export's notes as diagnostics: a warning where
// something is lost, a note where it changed on the way.
func exportDiagnostics(to export.Target, notes []formats.Note) []convert.Diagnostic {
	out := make([]convert.Diagnostic, 0, len(notes))
	for _, n := range notes {
		sev := convert.Note
		if n.Loss {
			sev = convert.Warning
		}
		out = append(out, convert.Diagnostic{Severity: sev, Location: exportLocation, Type: to.Title(), Path: n.Path, Message: n.Message, Index: -1})
	}
	return out
}

func readInput(files []string, stdin io.Reader) (*model.Document, error) {
	if len(files) == 0 || files[0] == "-" {
		data, err := model.ReadAllLimited(stdin)
		if err != nil {
			return nil, &inputError{name: stdinName, err: err}
		}
		d, err := formats.Load(data)
		if err != nil {
			return nil, &inputError{name: stdinName, err: err}
		}
		return d, nil
	}
	d, err := formats.ReadFile(files[0])
	if err != nil {
		return nil, namedError(err)
	}
	return d, nil
}

// stdinName names standard input in messages.
const stdinName = "standard input"

// inputError is input that cannot be used, with the name of where it was
// read: the file, "standard input". Invalid JSON reads, in every command,
//
//	NAME: line L, column C: not valid JSON: WHAT
type inputError struct {
	name string
	err  error
}

func (e *inputError) Error() string {
	var se *rawjson.SyntaxError
	if errors.As(e.err, &se) {
		return fmt.Sprintf("%s: line %d, column %d: not valid JSON: %s", e.name, se.Line, se.Column, se.Msg)
	}
	return e.name + ": " + e.err.Error()
}

func (e *inputError) Unwrap() error { return e.err }

// namedError is a *model.FileError as an *inputError, which words
// invalid JSON as every command does; other errors are as they are.
func namedError(err error) error {
	var fe *model.FileError
	if errors.As(err, &fe) {
		return &inputError{name: fe.Path, err: fe.Err}
	}
	return err
}

// jsonDiagnostic is one line of `tooltui build --json`.
type jsonDiagnostic struct {
	// File is the document, with build DIR (each line names its own).
	File string `json:"file,omitempty"`
	// Severity is "error" (the entry is left out), "warning" (kept) or
	// "fatal" (the input cannot be used; nothing is printed).
	Severity string `json:"severity"`
	// Location is where in the document: tools_defs[0],
	// extra.builtin_tools[2], tools[3], tool_choice, ...; "input" for a
	// fatal error.
	Location string `json:"location"`
	// Type is the tool's type, when known.
	Type string `json:"type,omitempty"`
	// Pointer is a JSON Pointer inside the entry ("" for the entry itself).
	Pointer string `json:"pointer"`
	// Line and Column (1-based, the column in characters) place a syntax
	// error in the text that did not parse; left out for other diagnostics.
	Line   int `json:"line,omitempty"`
	Column int `json:"column,omitempty"`
	// Message says what is wrong, without the "; left out" of the text form.
	Message string `json:"message"`
	// Fix is the title of the preferred fix, when the diagnostic offers
	// one (tooltui fix, or f on the diagnostic in the app, applies it).
	Fix string `json:"fix,omitempty"`
}

func diagnosticJSON(d convert.Diagnostic, file string) []byte {
	return jsonLine(jsonDiagnostic{
		File:     file,
		Severity: d.Severity.String(),
		Location: d.Location,
		Type:     d.Type,
		Pointer:  d.Path,
		Line:     d.Line,
		Column:   d.Column,
		Message:  d.Message,
		Fix:      fixTitle(d),
	})
}

func fixTitle(d convert.Diagnostic) string {
	if len(d.Fixes) == 0 {
		return ""
	}
	return d.Fixes[0].Title()
}

// fatalJSON is the line for an input that cannot be used (or a request
// that cannot be written), with the line and column of a JSON syntax error.
func fatalJSON(err error, file string) []byte {
	jd := jsonDiagnostic{File: file, Severity: "fatal", Location: "input", Message: err.Error()}
	var se *rawjson.SyntaxError
	if errors.As(err, &se) {
		jd.Line, jd.Column = se.Line, se.Column
	}
	return jsonLine(jd)
}

// jsonLine encodes v as one line of JSON that is printable ASCII: every
// character outside U+0020–U+007E is written as a \u escape (a pair of them
// beyond U+FFFF). Decoded, each string is exactly the value; printed, no
// control, bidi or invisible character reaches the terminal. encoding/json
// already escapes C0 controls and U+2028/U+2029 but leaves DEL, C1 controls
// and bidi controls raw; invalid UTF-8 becomes U+FFFD.
func jsonLine(v any) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		// Only strings and ints: cannot fail.
		panic(err)
	}
	return asciiJSON(buf.Bytes())
}

// asciiJSON writes the JSON text raw in printable ASCII, as jsonLine says;
// its line ends (between values: encoding/json escapes those in strings)
// stay.
func asciiJSON(raw []byte) []byte {
	out := make([]byte, 0, len(raw))
	for len(raw) > 0 {
		r, size := utf8.DecodeRune(raw)
		switch {
		case r >= 0x20 && r < 0x7f, r == '\n':
			out = append(out, raw[0])
		case r > 0xffff:
			r1, r2 := utf16Pair(r)
			out = fmt.Appendf(out, `\u%04x\u%04x`, r1, r2)
		default:
			out = fmt.Appendf(out, `\u%04x`, r)
		}
		raw = raw[size:]
	}
	return out
}

// utf16Pair splits r (beyond U+FFFF) into its UTF-16 surrogates.
func utf16Pair(r rune) (rune, rune) {
	r -= 0x10000
	return 0xd800 + (r>>10)&0x3ff, 0xdc00 + r&0x3ff
}
