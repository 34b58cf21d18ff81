package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/tooltui/tooltui/internal/args"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
	"github.com/tooltui/tooltui/internal/schematree"
	"github.com/tooltui/tooltui/internal/termtext"
)

const argsLong = `Checks arguments for a call of the function TOOL (a JSON object, as a model
sends them in a function call) against the function's parameters, offline,
with a real JSON Schema validator.

  FILE   a tooltui document or a Responses request body (- for standard
         input, when ARGS is given)
  TOOL   the name of a function of FILE, or of a function inside one of its
         namespace tools (NAMESPACE.TOOL when that name repeats)
  ARGS   the arguments' JSON text; - or no ARGS reads it from standard input

Strict semantics apply when the function has "strict": true, and when
"strict" is absent and the parameters are strict-compatible (the Responses
API then normalises the function to strict mode): every object is closed,
so a key the parameters do not define is a problem, every property is
required, and formats are checked. With "strict": false, or absent with
parameters strict mode refuses, the parameters are checked as written.

{{flags}}

When the arguments fit, prints "ok: arguments fit TOOL's parameters" and
the semantics used. Otherwise prints one line per problem on standard
output, in the order of the arguments' text, and on standard error how
many there are and the semantics used:

  SOURCE:LINE:COLUMN: POINTER: MESSAGE

SOURCE is "args" for ARGS and "stdin" for standard input; POINTER is the
JSON Pointer of the value in the arguments, "(arguments)" for the whole
object.

Exit status: 0 the arguments fit; 1 they do not; 2 a usage error, a FILE
that cannot be read, a TOOL FILE has no function of (its functions are
listed), parameters that are not a usable JSON Schema, or arguments that
are not valid JSON (named as "the arguments: line L, column C: ...", or
"standard input: ...").
`

// newArgsCmd is `tooltui args`.
func newArgsCmd() *cobra.Command {
	force := "" // "strict", "no-strict" or "" for what the function says
	cmd := &cobra.Command{
		Use:   "args [--strict|--no-strict] FILE TOOL [ARGS|-]",
		Short: "check arguments against a function's parameters (exit 1 with located problems)",
		Long:  argsLong,
		Args: func(cmd *cobra.Command, pos []string) error {
			switch {
			case len(pos) < 2:
				return usageErrorf(cmd, "needs FILE and TOOL")
			case len(pos) > 3:
				return usageErrorf(cmd, "takes FILE, TOOL and ARGS, got %d arguments", len(pos))
			case pos[0] == "-" && (len(pos) == 2 || pos[2] == "-"):
				return usageErrorf(cmd, "FILE and ARGS cannot both be standard input")
			}
			return nil
		},
		ValidArgsFunction: completeArgs,
		RunE: func(cmd *cobra.Command, pos []string) error {
			return status(runArgs(force, pos, cmd.InOrStdin(), cmd.OutOrStdout(), cmd.ErrOrStderr()))
		},
	}
	cmd.Flags().SortFlags = false
	presetFlag(cmd, &force, "strict", "strict", "strict semantics whatever the function says")
	presetFlag(cmd, &force, "no-strict", "no-strict", "the parameters as written, whatever the function says")
	return cmd
}

// completeArgs completes FILE as a file name and TOOL as the name of one
// of FILE's functions.
func completeArgs(cmd *cobra.Command, pos []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	switch {
	case len(pos) == 0:
		return nil, cobra.ShellCompDirectiveDefault
	case len(pos) > 1 || pos[0] == "-":
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	doc, err := readInput(pos, nil)
	if err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	top, inner := functionsOf(doc)
	var names []cobra.Completion
	for _, f := range append(top, inner...) {
		names = append(names, f.name)
	}
	return names, cobra.ShellCompDirectiveNoFileComp
}

// runArgs is `tooltui args FILE TOOL [ARGS]` (pos), with force "strict" or
// "no-strict" for --strict and --no-strict. Everything it prints that
// comes from the command line, the document or the arguments (names,
// pointers, messages) goes through termtext.SanitizeLine.
func runArgs(force string, pos []string, stdin io.Reader, stdout, stderr io.Writer) int {
	doc, err := readInput(pos[:1], stdin)
	if err != nil {
		fmt.Fprintf(stderr, "tooltui args: %s\n", termtext.SanitizeLine(err.Error()))
		return 2
	}
	fn, msg := findFunction(doc, pos[1])
	if msg != "" {
		fmt.Fprintf(stderr, "tooltui args: %s\n", termtext.SanitizeLine(msg))
		return 2
	}
	if fn.draft {
		fmt.Fprintf(stderr, "tooltui args: %s's parameters are not valid JSON yet: %s\n", termtext.SanitizeLine(fn.name), termtext.SanitizeLine(fn.draftErr))
		return 2
	}
	strict, how := strictFor(fn, force)
	v, err := args.Compile(fn.params, strict)
	if err != nil {
		fmt.Fprintf(stderr, "tooltui args: %s: %s\n", termtext.SanitizeLine(fn.name), termtext.SanitizeLine(err.Error()))
		return 2
	}
	source, name, text := "args", "the arguments", []byte(nil)
	if len(pos) == 3 && pos[2] != "-" {
		text = []byte(pos[2])
	} else {
		source, name = "stdin", stdinName
		if text, err = model.ReadAllLimited(stdin); err != nil {
			fmt.Fprintf(stderr, "tooltui args: %s\n", termtext.SanitizeLine((&inputError{name: name, err: err}).Error()))
			return 2
		}
	}
	// Text that is not JSON cannot be checked: like every input that
	// cannot be used, it is status 2.
	if err := rawjson.CheckJSON(text); err != nil {
		fmt.Fprintf(stderr, "tooltui args: %s\n", termtext.SanitizeLine((&inputError{name: name, err: err}).Error()))
		return 2
	}
	probs := v.Validate(text)
	if len(probs) == 0 {
		fmt.Fprintf(stdout, "ok: arguments fit %s's parameters (%s)\n", termtext.SanitizeLine(fn.name), termtext.SanitizeLine(how))
		return 0
	}
	for _, p := range probs {
		fmt.Fprintln(stdout, termtext.SanitizeLine(problemLine(source, p)))
	}
	noun := "problems"
	if len(probs) == 1 {
		noun = "problem"
	}
	fmt.Fprintf(stderr, "tooltui args: %d %s with %s's parameters (%s)\n", len(probs), noun, termtext.SanitizeLine(fn.name), termtext.SanitizeLine(how))
	return 1
}

// problemLine is one problem as SOURCE:LINE:COLUMN: POINTER: MESSAGE (no
// line and column when they are unknown).
func problemLine(source string, p args.Problem) string {
	ptr := p.Pointer
	if ptr == "" {
		ptr = "(arguments)"
	}
	if p.Line == 0 {
		return fmt.Sprintf("%s: %s: %s", source, ptr, p.Message)
	}
	return fmt.Sprintf("%s:%d:%d: %s: %s", source, p.Line, p.Column, ptr, p.Message)
}

// strictFor decides the semantics for a function (see argsLong) and says
// which it chose and why.
func strictFor(fn function, force string) (bool, string) {
	switch force {
	case "strict":
		return true, "strict, as --strict asks"
	case "no-strict":
		return false, "not strict, as --no-strict asks"
	}
	return schematree.StrictFor(fn.params, fn.strict)
}

// function is one function of a document that arguments can be checked
// against.
type function struct {
	name   string // as TOOL names it: "get_weather", "ns.get_weather" inside a namespace
	params json.RawMessage
	strict *bool
	// draft: the parameters are text that is not valid JSON yet, for the
	// reason draftErr.
	draft    bool
	draftErr string
}

// functionsOf lists the functions of a document: tools_defs, then the
// functions inside its namespace tools.
func functionsOf(doc *model.Document) (top, inner []function) {
	for _, t := range doc.Functions {
		o, err := rawjson.ParseObject(t.Raw)
		if err != nil {
			continue
		}
		fn := functionOf(o, "")
		if t.Draft != nil && t.DraftMember() == "parameters" {
			fn.draft = true
			fn.draftErr = "not valid JSON"
			if err := rawjson.CheckJSON([]byte(*t.Draft)); err != nil {
				fn.draftErr = err.Error()
			}
		}
		top = append(top, fn)
	}
	for _, t := range doc.Builtins {
		o, err := rawjson.ParseObject(t.Raw)
		if err != nil || model.StringAt(t.Raw, []string{"type"}) != "namespace" {
			continue
		}
		ns := model.StringAt(t.Raw, []string{"name"})
		tools, ok := o.Get("tools")
		if !ok || rawjson.JSONKind(tools) != "array" {
			continue
		}
		for _, e := range rawjson.Elements(tools) {
			if rawjson.JSONKind(e) != "object" || model.StringAt(e, []string{"type"}) != "function" {
				continue
			}
			inner = append(inner, functionOf(rawjson.Members(e), ns+"."))
		}
	}
	return top, inner
}

func functionOf(o rawjson.Object, prefix string) function {
	fn := function{}
	if v, ok := o.Get("name"); ok {
		s, _ := rawjson.Unquote(v)
		fn.name = prefix + s
	}
	fn.params, _ = o.Get("parameters")
	if v, ok := o.Get("strict"); ok && rawjson.JSONKind(v) == "boolean" {
		b := string(bytes.TrimSpace(v)) == "true"
		fn.strict = &b
	}
	return fn
}

// findFunction returns the function TOOL names: a function of tools_defs
// first, then one inside a namespace by its name alone (when only one
// namespace has it) or as NAMESPACE.TOOL. msg says why there is none.
func findFunction(doc *model.Document, tool string) (function, string) {
	top, inner := functionsOf(doc)
	for _, f := range top {
		if f.name == tool {
			return f, ""
		}
	}
	var found []function
	for _, f := range inner {
		if f.name == tool {
			return f, ""
		}
		if _, name, _ := strings.Cut(f.name, "."); name == tool {
			found = append(found, f)
		}
	}
	switch len(found) {
	case 1:
		return found[0], ""
	case 0:
	default:
		names := make([]string, len(found))
		for i, f := range found {
			names[i] = f.name
		}
		return function{}, fmt.Sprintf("%s names a function in several namespaces (%s); name one as NAMESPACE.TOOL", tool, strings.Join(names, ", "))
	}
	var names []string
	for _, f := range append(top, inner...) {
		names = append(names, f.name)
	}
	if len(names) == 0 {
		return function{}, fmt.Sprintf("no function named %s: the document has no functions", tool)
	}
	return function{}, fmt.Sprintf("no function named %s; the functions are %s", tool, strings.Join(names, ", "))
}
