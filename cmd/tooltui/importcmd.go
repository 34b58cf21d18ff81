package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/formats"
	"github.com/tooltui/tooltui/internal/importer"
	"github.com/tooltui/tooltui/internal/mcpclient"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/termtext"
)

const importLong = `Brings tools from another format, or from a live MCP server, into a
Responses request or a tooltui document:

  tooltui import [--into DOC [--on-clash replace|rename|skip]] [--only NAME]...
                 [-q] [FILE|-]
  tooltui import --mcp [--into DOC [--mcp-name NAME] [--on-clash ...]]
                 [--timeout D] -- CMD [ARGS...]
  tooltui import --mcp-url URL [--header-env 'NAME=VAR']...
                 [--header 'NAME: VALUE']... [--into DOC [--mcp-name NAME]
                 [--on-clash ...]] [--timeout D]

FILE (standard input for - or no FILE) is anything tooltui opens: a
tooltui document, a Responses request body or tools array, or tools and
requests in the Chat Completions, Anthropic Messages, Gemini or MCP
tools/list format (detected, and translated). With --mcp, tooltui starts
CMD as an MCP server on stdio, lists its tools and stops it again; with
--mcp-url it asks the streamable HTTP MCP server at URL. What a server
lists is read as an MCP tools/list result.

Without --into, the tools are printed on standard output as a Responses
request body, which tooltui build and the app read; standard error has the
diagnostics, as tooltui build prints them.

With --into, the functions are added after DOC's functions and the
built-in tools after its built-ins; the rest of DOC stays as it is, and
the request fields of the input (model, instructions, input, ...) are
left out. DOC is a tooltui document or a Responses request body, written
in place (atomically); a DOC that does not exist is created as a tooltui
document. A function (or custom tool) whose name DOC already has stops
the import, unless --on-clash says what to do with each such tool:
replace puts the new one in the old one's place (as --replace does),
rename adds it under a free name (NAME_2, NAME_3, ...), skip leaves it
out. Nothing is written when DOC changed on disk meanwhile. Standard
error says what was added, with the diagnostics of the new entries.

With --into a tooltui document, a server's functions remember it: DOC's
"tooltui" member records the server (as NAME: --mcp-name, or a name made
from the command or the host) with its command line, or its URL and the
names of its headers, so that tooltui send --call-mcp can call its tools.
A header's value is never written: --header-env 'Authorization=API_TOKEN'
reads it from $API_TOKEN now and at each send ('Authorization=Bearer
${API_TOKEN}' puts text around it), while a --header value serves this
import only and DOC keeps just the header's name.

{{flags}}

--only picks tools by name (an import of 3 of a server's 14 tools: --only
read_file,write_file,list_dir); --quiet leaves the notes out.

Exit status: 0 done; 2 the input, DOC or the server cannot be used, or a
name clashes without --on-clash (nothing is written).
`

// importOptions are the flags of `tooltui import`.
type importOptions struct {
	into    string
	replace bool
	onClash string // --on-clash: replace, rename or skip
	mcp     bool
	mcpURL  string
	headers []string
	envHdrs []string // --header-env NAME=VAR
	mcpName string
	timeout time.Duration
	command []string // --mcp: the server's command line, from after --
	only    []string // --only: the names of the tools to take
	quiet   bool     // --quiet: no notes, only warnings and errors
}

// newImportCmd is `tooltui import`.
func newImportCmd() *cobra.Command {
	opts := importOptions{timeout: mcpclient.DefaultTimeout}
	cmd := &cobra.Command{
		Use:   "import [--into DOC] [--on-clash HOW] [FILE|- | --mcp -- CMD [ARGS...] | --mcp-url URL]",
		Short: "bring tools from another format or an MCP server into a request or DOC",
		Long:  importLong,
		Args: func(cmd *cobra.Command, args []string) error {
			return checkImportArgs(cmd, &opts, args)
		},
		ValidArgsFunction: func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			switch {
			case opts.mcp:
				return nil, cobra.ShellCompDirectiveDefault // the server's command line
			case cmd.Flags().Changed("mcp-url"):
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return completeFiles(1)(cmd, args, toComplete)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			// Ctrl-C while a server is starting or listing stops it.
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
			defer stop()
			return status(runImport(ctx, opts, args, cmd.InOrStdin(), cmd.OutOrStdout(), cmd.ErrOrStderr()))
		},
	}
	f := cmd.Flags()
	f.SortFlags = false
	f.StringVar(&opts.into, "into", "", "add the tools to the tooltui document or Responses body\n`DOC` (created when missing) instead of printing them")
	f.StringVar(&opts.onClash, "on-clash", "", "with --into: what to do with a function or custom tool\n"+
		"whose name DOC has (`HOW`): replace DOC's, in its place;\nrename the new one NAME_2; skip it. Default: stop")
	f.BoolVar(&opts.replace, "replace", false, "with --into: --on-clash replace")
	f.BoolVar(&opts.mcp, "mcp", false, "start the stdio MCP server CMD, given after --, and\nimport its tools")
	f.StringVar(&opts.mcpURL, "mcp-url", "", "import the tools of the streamable HTTP MCP server at `URL`")
	f.StringArrayVar(&opts.envHdrs, "header-env", nil, "with --mcp-url: send the HTTP header NAME with the value\n"+
		"of $VAR (`'NAME=VAR'`, or 'NAME=Bearer ${VAR}'); DOC keeps\nthe variable's name, never its value; repeatable")
	f.StringArrayVar(&opts.headers, "header", nil, "with --mcp-url: send the HTTP header `'NAME: VALUE'` with\n"+
		"every request (Authorization and the like); DOC keeps\nits name only; repeatable")
	f.StringVar(&opts.mcpName, "mcp-name", "", "with --into and --mcp or --mcp-url: record the server\nin DOC as `NAME`")
	f.StringSliceVar(&opts.only, "only", nil, "take only the tools named `NAME` (a function's or custom\n"+
		"tool's name, an mcp tool's server_label, a built-in's type);\nrepeatable, or NAME,NAME")
	f.BoolVarP(&opts.quiet, "quiet", "q", false, "leave out the notes: print only warnings, errors and\nwhat was added")
	f.Var(timeoutValue{&opts.timeout}, "timeout", "with --mcp and --mcp-url: give up after `D` (starting,\nconnecting and listing; default "+mcpclient.DefaultTimeout.String()+")")
	cmd.RegisterFlagCompletionFunc("mcp-url", cobra.NoFileCompletions)
	cmd.RegisterFlagCompletionFunc("on-clash", cobra.FixedCompletions(importer.ClashNames, cobra.ShellCompDirectiveNoFileComp))
	cmd.RegisterFlagCompletionFunc("header", cobra.NoFileCompletions)
	cmd.RegisterFlagCompletionFunc("header-env", cobra.NoFileCompletions)
	cmd.RegisterFlagCompletionFunc("mcp-name", cobra.NoFileCompletions)
	cmd.RegisterFlagCompletionFunc("timeout", cobra.NoFileCompletions)
	return cmd
}

// timeoutValue is the value of --timeout: a Go duration above zero.
type timeoutValue struct{ dst *time.Duration }

func (v timeoutValue) String() string { return v.dst.String() }
func (v timeoutValue) Type() string   { return "duration" }

func (v timeoutValue) Set(s string) error {
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return errors.New("must be a duration above zero such as 300ms, 30s or 2m")
	}
	*v.dst = d
	return nil
}

// checkImportArgs checks the combination of flags and arguments, and takes
// the server's command line for --mcp from after --.
func checkImportArgs(cmd *cobra.Command, opts *importOptions, args []string) error {
	dash := cmd.ArgsLenAtDash()
	changed := cmd.Flags().Changed
	switch {
	case opts.mcp && changed("mcp-url"):
		return usageErrorf(cmd, "--mcp and --mcp-url name two servers: give one")
	case changed("mcp-url") && opts.mcpURL == "":
		return usageErrorf(cmd, "--mcp-url needs a URL")
	case opts.mcp && dash < 0 && len(args) > 0:
		return usageErrorf(cmd, "--mcp takes the server's command after --: tooltui import --mcp -- %s", strings.Join(args, " "))
	case opts.mcp && dash > 0:
		return usageErrorf(cmd, "--mcp reads no FILE, got %s before --; the server's command goes after --", args[0])
	case opts.mcp && len(args) == 0:
		return usageErrorf(cmd, "--mcp needs the server's command after --: tooltui import --mcp -- CMD [ARGS...]")
	case opts.mcpURL != "" && len(args) > 0:
		return usageErrorf(cmd, "--mcp-url reads no FILE, got %s", args[0])
	case !opts.mcp && len(args) > 1:
		return usageErrorf(cmd, "one input at a time, got %d", len(args))
	case len(opts.headers) > 0 && opts.mcpURL == "":
		return usageErrorf(cmd, "--header is for an HTTP server: give --mcp-url")
	case len(opts.envHdrs) > 0 && opts.mcpURL == "":
		return usageErrorf(cmd, "--header-env is for an HTTP server: give --mcp-url")
	case changed("mcp-name") && (opts.into == "" || !opts.mcp && opts.mcpURL == ""):
		return usageErrorf(cmd, "--mcp-name names the server recorded in DOC: give --into DOC and --mcp or --mcp-url")
	case changed("mcp-name") && !validServerName(opts.mcpName):
		return usageErrorf(cmd, "--mcp-name takes letters, digits, '_', '-' and '.', got %s", termtext.Quote(opts.mcpName))
	case changed("timeout") && !opts.mcp && opts.mcpURL == "":
		return usageErrorf(cmd, "--timeout is for a server: give --mcp or --mcp-url")
	case opts.replace && opts.into == "":
		return usageErrorf(cmd, "--replace needs --into DOC")
	case changed("on-clash") && opts.into == "":
		return usageErrorf(cmd, "--on-clash needs --into DOC")
	case opts.replace && changed("on-clash") && opts.onClash != "replace":
		return usageErrorf(cmd, "--replace is --on-clash replace, and --on-clash %s says otherwise: give one", termtext.Quote(opts.onClash))
	case changed("into") && opts.into == "":
		return usageErrorf(cmd, "--into needs a DOC")
	}
	if changed("on-clash") {
		if _, err := importer.ParseClash(opts.onClash); err != nil {
			return usageErrorf(cmd, "--on-clash %s", err)
		}
	}
	if _, err := importer.ParseURLHeaders("--header", opts.headers, opts.envHdrs); err != nil {
		return usageErrorf(cmd, "%s", err)
	}
	if opts.mcp {
		opts.command = args
	}
	return nil
}

// validServerName reports whether name can name an MCP server in a
// document: letters, digits, '_', '-' and '.', at most 64.
func validServerName(name string) bool {
	if name == "" || len(name) > 64 {
		return false
	}
	for _, c := range name {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.') {
			return false
		}
	}
	return true
}

// runImport is `tooltui import`. Everything it prints on standard error
// comes through termtext.SanitizeLine, as for build.
func runImport(ctx context.Context, opts importOptions, files []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fail := func(err error) int {
		// A server's stderr may follow on lines of its own.
		lines := strings.Split(strings.TrimRight(err.Error(), "\n"), "\n")
		fmt.Fprintf(stderr, "tooltui import: %s\n", termtext.SanitizeLine(lines[0]))
		for _, l := range lines[1:] {
			fmt.Fprintf(stderr, "  %s\n", termtext.SanitizeLine(l))
		}
		return 2
	}
	var into *importer.Target
	if opts.into != "" {
		// DOC first: a DOC that cannot take the tools costs no server start.
		var err error
		if into, err = importer.ReadTarget(opts.into); err != nil {
			return fail(namedError(err))
		}
	}
	doc, srv, err := importInput(ctx, opts, files, stdin)
	if err != nil {
		return fail(err)
	}
	if len(opts.only) > 0 {
		if doc, err = importer.Only(doc, opts.only); err != nil {
			return fail(err)
		}
	}
	if into == nil {
		return printImport(doc, opts.quiet, stdout, stderr, fail)
	}
	return mergeImport(opts, into, doc, srv, stderr, fail)
}

// importInput reads the tools to import: from FILE or standard input, or
// from the server. For a server it also returns what a document records
// of it: how to start or reach it, never a header's value.
func importInput(ctx context.Context, opts importOptions, files []string, stdin io.Reader) (*model.Document, *model.MCPServer, error) {
	var s mcpclient.Server
	var rec model.MCPServer
	var name string
	switch {
	case opts.mcp:
		s = mcpclient.Server{Command: opts.command, Timeout: opts.timeout}
		rec.Command = slices.Clone(opts.command)
		name = "MCP server " + strconv.Quote(strings.Join(opts.command, " "))
	case opts.mcpURL != "":
		h, err := importer.ParseURLHeaders("--header", opts.headers, opts.envHdrs) // checked with the arguments
		if err != nil {
			return nil, nil, err
		}
		headers, kept, err := h.Resolve(os.Getenv)
		if err != nil {
			return nil, nil, err
		}
		rec.Headers = kept
		s = mcpclient.Server{URL: opts.mcpURL, Headers: headers, Timeout: opts.timeout}
		rec.URL = opts.mcpURL
		name = "MCP server at " + opts.mcpURL
	default:
		d, err := readInput(files, stdin)
		return d, nil, err
	}
	list, err := mcpclient.List(ctx, s)
	if err != nil {
		return nil, nil, err
	}
	d, err := formats.LoadAs(list, formats.MCP)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: its tools/list result: %w", name, err)
	}
	return d, &rec, nil
}

// mergeImport is --into: DOC with the imported tools, written in place;
// srv, for tools from a live server, is recorded in DOC with them.
func mergeImport(opts importOptions, into *importer.Target, in *model.Document, srv *model.MCPServer, stderr io.Writer, fail func(error) int) int {
	onClash := importer.ClashUndecided
	if opts.onClash != "" {
		onClash, _ = importer.ParseClash(opts.onClash) // checked with the arguments
	}
	r, err := importer.Into(into, in, srv, importer.Options{OnClash: onClash, Replace: opts.replace, ServerName: opts.mcpName})
	if err != nil {
		return fail(err)
	}
	if r.Write {
		if err := into.Write(r.Out); err != nil {
			return fail(err)
		}
	}
	printDiagnostics(stderr, r.Diags, opts.quiet)
	fmt.Fprintln(stderr, termtext.SanitizeLine(r.Summary(into)))
	if r.Server != "" && r.Added[model.Function] > 0 {
		fmt.Fprintln(stderr, termtext.SanitizeLine(fmt.Sprintf("their MCP server is recorded in %s as %s (%s): tooltui send --call-mcp calls its tools there",
			into.Path, r.Server, srv.Describe())))
	}
	return 0
}

// printImport prints the imported tools as a Responses request body, with
// the diagnostics build prints for it and what a body cannot hold.
func printImport(doc *model.Document, quiet bool, stdout, stderr io.Writer, fail func(error) int) int {
	doc = bodyForm(doc)
	out, err := doc.MarshalBody()
	if err != nil {
		return fail(err)
	}
	_, diags := convert.Convert(doc)
	for _, l := range doc.BodyLosses() {
		diags = append(diags, convert.Diagnostic{Severity: convert.Warning, Location: importer.Location, Index: -1,
			Message: "a Responses body cannot hold " + l + "; it is left out"})
	}
	printDiagnostics(stderr, diags, quiet)
	if _, err := stdout.Write(out); err != nil {
		return fail(fmt.Errorf("writing the request: %w", err))
	}
	return 0
}

// printDiagnostics prints the diagnostics of an import, one a line;
// quiet leaves out the notes.
func printDiagnostics(w io.Writer, diags []convert.Diagnostic, quiet bool) {
	for _, d := range diags {
		if quiet && d.Severity == convert.Note {
			continue
		}
		fmt.Fprintln(w, termtext.SanitizeLine(d.String()))
	}
}

// bodyForm is d as a Responses request body: a tooltui document's
// functions, which need no "type" in tools_defs, get "type": "function"
// first, and the request lists the functions, then the built-ins, as
// build does. The diagnostics of the body then name its own entries
// (tools[2]).
func bodyForm(d *model.Document) *model.Document {
	if d.Format == model.FormatBody {
		return d
	}
	c := d.Clone()
	c.Format, c.Order = model.FormatBody, nil
	for i, t := range c.Functions {
		if typed := model.TypedFunction(t.Raw); len(typed) != len(t.Raw) {
			c, _ = model.ReplaceTool(c, model.Function, i, typed)
		}
	}
	return c
}
