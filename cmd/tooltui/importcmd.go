package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/tooltui/tooltui/internal/bridge"
	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/formats"
	"github.com/tooltui/tooltui/internal/mcpclient"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
	"github.com/tooltui/tooltui/internal/termtext"
)

const importLong = `Brings tools from another format, or from a live MCP server, into a
Responses request or a tooltui document:

  tooltui import [--into DOC] [--replace] [FILE|-]
  tooltui import --mcp [--into DOC [--mcp-name NAME]] [--replace]
                 [--timeout D] -- CMD [ARGS...]
  tooltui import --mcp-url URL [--header-env 'NAME=VAR']...
                 [--header 'NAME: VALUE']... [--into DOC [--mcp-name NAME]]
                 [--replace] [--timeout D]

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
the import, unless --replace puts the new one in the old one's place.
Nothing is written when DOC changed on disk meanwhile. Standard error
says what was added, with the diagnostics of the new entries.

With --into a tooltui document, a server's functions remember it: DOC's
"tooltui" member records the server (as NAME: --mcp-name, or a name made
from the command or the host) with its command line, or its URL and the
names of its headers, so that tooltui send --call-mcp can call its tools.
A header's value is never written: --header-env 'Authorization=API_TOKEN'
reads it from $API_TOKEN now and at each send ('Authorization=Bearer
${API_TOKEN}' puts text around it), while a --header value serves this
import only and DOC keeps just the header's name.

{{flags}}

Exit status: 0 done; 2 the input, DOC or the server cannot be used, or a
name clashes (nothing is written).
`

// importOptions are the flags of `tooltui import`.
type importOptions struct {
	into    string
	replace bool
	mcp     bool
	mcpURL  string
	headers []string
	envHdrs []string // --header-env NAME=VAR
	mcpName string
	timeout time.Duration
	command []string // --mcp: the server's command line, from after --
}

// newImportCmd is `tooltui import`.
func newImportCmd() *cobra.Command {
	opts := importOptions{timeout: mcpclient.DefaultTimeout}
	cmd := &cobra.Command{
		Use:   "import [--into DOC] [--replace] [FILE|- | --mcp -- CMD [ARGS...] | --mcp-url URL]",
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
	f.BoolVar(&opts.replace, "replace", false, "with --into: a function of the same name replaces DOC's,\nin its place, instead of stopping the import")
	f.BoolVar(&opts.mcp, "mcp", false, "start the stdio MCP server CMD, given after --, and\nimport its tools")
	f.StringVar(&opts.mcpURL, "mcp-url", "", "import the tools of the streamable HTTP MCP server at `URL`")
	f.StringArrayVar(&opts.envHdrs, "header-env", nil, "with --mcp-url: send the HTTP header NAME with the value\n"+
		"of $VAR (`'NAME=VAR'`, or 'NAME=Bearer ${VAR}'); DOC keeps\nthe variable's name, never its value; repeatable")
	f.StringArrayVar(&opts.headers, "header", nil, "with --mcp-url: send the HTTP header `'NAME: VALUE'` with\n"+
		"every request (Authorization and the like); DOC keeps\nits name only; repeatable")
	f.StringVar(&opts.mcpName, "mcp-name", "", "with --into and --mcp or --mcp-url: record the server\nin DOC as `NAME`")
	f.Var(timeoutValue{&opts.timeout}, "timeout", "with --mcp and --mcp-url: give up after `D` (starting,\nconnecting and listing; default "+mcpclient.DefaultTimeout.String()+")")
	cmd.RegisterFlagCompletionFunc("mcp-url", cobra.NoFileCompletions)
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
	case changed("into") && opts.into == "":
		return usageErrorf(cmd, "--into needs a DOC")
	}
	if _, err := parseHeaders(opts.headers); err != nil {
		return usageErrorf(cmd, "%s", err)
	}
	if _, err := parseEnvHeaders(opts.envHdrs, opts.headers); err != nil {
		return usageErrorf(cmd, "%s", err)
	}
	if opts.mcp {
		opts.command = args
	}
	return nil
}

// parseHeaders reads each "Name: value" of --header. A name given twice
// (in any case) is refused: a server may take either.
func parseHeaders(hs []string) (map[string]string, error) {
	if len(hs) == 0 {
		return nil, nil
	}
	out := make(map[string]string, len(hs))
	seen := map[string]bool{}
	for _, h := range hs {
		name, value, ok := strings.Cut(h, ":")
		name = strings.TrimSpace(name)
		if !ok || name == "" {
			return nil, fmt.Errorf("--header takes 'NAME: VALUE', got %s", termtext.Quote(h))
		}
		key := strings.ToLower(name)
		if seen[key] {
			return nil, fmt.Errorf("--header %s is given twice; give it once", name)
		}
		seen[key] = true
		out[name] = strings.TrimSpace(value)
	}
	return out, nil
}

// parseEnvHeaders reads each "Name=VAR" of --header-env into the header's
// template ("$VAR"). A name given twice, or also to --header, is refused.
func parseEnvHeaders(specs, literal []string) (map[string]string, error) {
	if len(specs) == 0 {
		return nil, nil
	}
	seen := map[string]bool{}
	for _, h := range literal {
		name, _, _ := strings.Cut(h, ":")
		seen[strings.ToLower(strings.TrimSpace(name))] = true
	}
	out := make(map[string]string, len(specs))
	for _, spec := range specs {
		name, v, ok := strings.Cut(spec, "=")
		name = strings.TrimSpace(name)
		if !ok || name == "" {
			return nil, fmt.Errorf("--header-env takes 'NAME=VAR', got %s", termtext.Quote(spec))
		}
		tmpl, err := bridge.HeaderTemplate(v)
		if err != nil {
			return nil, fmt.Errorf("--header-env %s: %w", termtext.Quote(spec), err)
		}
		key := strings.ToLower(name)
		if seen[key] {
			return nil, fmt.Errorf("the header %s is given twice; give it once", name)
		}
		seen[key] = true
		out[name] = tmpl
	}
	return out, nil
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

// importLocation is the Location of what import says itself about the
// input (left out, not carried over).
const importLocation = "import"

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
	var into *target
	if opts.into != "" {
		// DOC first: a DOC that cannot take the tools costs no server start.
		var err error
		if into, err = readTarget(opts.into); err != nil {
			return fail(err)
		}
	}
	doc, srv, err := importInput(ctx, opts, files, stdin)
	if err != nil {
		return fail(err)
	}
	if into == nil {
		return printImport(doc, stdout, stderr, fail)
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
		headers, err := parseHeaders(opts.headers) // checked with the arguments
		if err != nil {
			return nil, nil, err
		}
		envHeaders, err := parseEnvHeaders(opts.envHdrs, opts.headers)
		if err != nil {
			return nil, nil, err
		}
		if len(headers)+len(envHeaders) > 0 {
			rec.Headers = map[string]string{}
		}
		for h := range headers {
			rec.Headers[h] = "" // the value serves this import only
		}
		for _, h := range sortedHeaderNames(envHeaders) {
			v, err := bridge.ExpandHeader(envHeaders[h], os.Getenv)
			if err != nil {
				return nil, nil, fmt.Errorf("--header-env %s: %w", h, err)
			}
			if headers == nil {
				headers = map[string]string{}
			}
			headers[h] = v
			rec.Headers[h] = envHeaders[h]
		}
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

// printImport prints the imported tools as a Responses request body, with
// the diagnostics build prints for it and what a body cannot hold.
func printImport(doc *model.Document, stdout, stderr io.Writer, fail func(error) int) int {
	doc = bodyForm(doc)
	out, err := doc.MarshalBody()
	if err != nil {
		return fail(err)
	}
	_, diags := convert.Convert(doc)
	for _, l := range doc.BodyLosses() {
		diags = append(diags, convert.Diagnostic{Severity: convert.Warning, Location: importLocation, Index: -1,
			Message: "a Responses body cannot hold " + l + "; it is left out"})
	}
	for _, d := range diags {
		fmt.Fprintln(stderr, termtext.SanitizeLine(d.String()))
	}
	if _, err := stdout.Write(out); err != nil {
		return fail(fmt.Errorf("writing the request: %w", err))
	}
	return 0
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
		if rawjson.JSONKind(t.Raw) != "object" || rawjson.CheckJSON(t.Raw) != nil {
			continue
		}
		o := rawjson.Members(t.Raw)
		if o.Has("type") {
			continue
		}
		typed := append(rawjson.Object{{Key: "type", Value: rawjson.String(model.FamilyFunction)}}, o...)
		c, _ = model.ReplaceTool(c, model.Function, i, typed.AppendJSON(nil))
	}
	return c
}

// target is the DOC of --into as it was read.
type target struct {
	path  string
	doc   *model.Document
	data  []byte      // the bytes read; nil for a new DOC
	stamp model.Stamp // the zero Stamp for a new DOC
}

// readTarget reads DOC, or starts a new tooltui document when there is
// none. A file in another format is refused: writing it would replace it
// with the Responses shape.
func readTarget(path string) (*target, error) {
	doc, data, stamp, err := formats.ReadFileStamped(path)
	if errors.Is(err, fs.ErrNotExist) {
		return &target{path: path, doc: &model.Document{}}, nil
	}
	if err != nil {
		return nil, namedError(err)
	}
	if doc.Source != nil {
		what := "in the " + doc.Source.Format + " format"
		if doc.Source.Format == formats.ResponsesArray {
			what = "a bare array of Responses tools"
		}
		return nil, fmt.Errorf("%s is %s, not a tooltui document or a Responses request body: --into would write it in another shape; "+
			"import both into a new file instead (tooltui import --into NEW.json %s, then the rest)", path, what, path)
	}
	if why := unusableLists(doc); why != "" {
		return nil, fmt.Errorf("%s: %s; repair it before importing into it", path, why)
	}
	return &target{path: path, doc: doc, data: data, stamp: stamp}, nil
}

// unusableLists says why the tools of d cannot be added to or taken from,
// or "".
func unusableLists(d *model.Document) string {
	switch {
	case d.ToolsDefsRaw != nil:
		return model.KeyToolsDefs + " must be an array of function definitions, got " + rawjson.JSONKind(d.ToolsDefsRaw)
	case d.ExtraRaw != nil:
		return model.KeyExtra + " must be an object, got " + rawjson.JSONKind(d.ExtraRaw)
	case d.BuiltinsRaw != nil:
		return model.KeyExtra + "." + model.KeyBuiltinTools + " must be an array of tools, got " + rawjson.JSONKind(d.BuiltinsRaw)
	}
	if v, ok := d.Fields.Get(model.KeyTools); ok && v != nil {
		return model.KeyTools + " must be an array of tools, got " + rawjson.JSONKind(v)
	}
	return ""
}

// place is where a tool is in a document.
type place struct {
	kind  model.Kind
	index int
}

// toolName is the name of a function or custom tool (one set of names, as
// tool_choice sees them), or "" for another entry.
func toolName(k model.Kind, raw json.RawMessage) string {
	if rawjson.JSONKind(raw) != "object" || rawjson.CheckJSON(raw) != nil {
		return ""
	}
	if k == model.Builtin {
		if typ := model.StringAt(raw, []string{"type"}); typ != model.FamilyFunction && typ != model.FamilyCustom {
			return ""
		}
	}
	return model.StringAt(raw, []string{"name"})
}

// merged is DOC with the imported tools in it.
type merged struct {
	doc      *model.Document
	added    [2]int         // imported tools by kind
	replaced int            // of them, how many replaced one of DOC's
	fresh    map[place]bool // where the imported tools are now
	clashes  []string       // names DOC already had, in import order
}

// mergeTools adds the tools of in to d: functions after d's functions,
// built-ins after its built-ins. A tool named like one of d's is a clash;
// with replace it takes the old one's place (or, when one is a function
// and the other a custom tool, the old one goes and the new one is added
// to its own list). Without replace the clashes are only listed.
func mergeTools(d, in *model.Document, replace bool) merged {
	m := merged{doc: d, fresh: map[place]bool{}}
	names := map[string]place{}
	for _, k := range []model.Kind{model.Function, model.Builtin} {
		for i, t := range d.List(k) {
			if n := toolName(k, t.Raw); n != "" {
				if _, dup := names[n]; !dup {
					names[n] = place{k, i}
				}
			}
		}
	}
	used := map[string]bool{}
	var appends []place // kind, index in in
	var drops []place   // of d, from clashes across kinds
	for _, k := range []model.Kind{model.Function, model.Builtin} {
		for i, t := range in.List(k) {
			m.added[k]++
			n := toolName(k, t.Raw)
			old, clash := names[n]
			if n == "" || !clash || used[n] {
				appends = append(appends, place{k, i})
				continue
			}
			used[n] = true
			m.clashes = append(m.clashes, n)
			if !replace {
				continue
			}
			m.replaced++
			if old.kind != k {
				drops = append(drops, old)
				appends = append(appends, place{k, i})
				continue
			}
			m.doc = putTool(m.doc, old, t)
			m.fresh[old] = true
		}
	}
	if !replace && len(m.clashes) > 0 {
		return m
	}
	// Drops last index first, so that the indices still to drop stay right.
	for len(drops) > 0 {
		j := 0
		for n, p := range drops {
			if p.kind > drops[j].kind || p.kind == drops[j].kind && p.index > drops[j].index {
				j = n
			}
		}
		p := drops[j]
		drops = append(drops[:j], drops[j+1:]...)
		m.doc, _, _ = model.DeleteTool(m.doc, p.kind, p.index)
		fresh := make(map[place]bool, len(m.fresh))
		for q := range m.fresh {
			if q.kind == p.kind && q.index > p.index {
				q.index--
			}
			fresh[q] = true
		}
		m.fresh = fresh
	}
	for _, p := range appends {
		var at int
		m.doc, at = model.InsertTool(m.doc, p.kind, -1, in.List(p.kind)[p.index])
		m.fresh[place{p.kind, at}] = true
	}
	return m
}

// putTool puts t in the place of d's tool at p, as it is: its entry, its
// origin and server, and whether it is disabled or has a draft.
func putTool(d *model.Document, p place, t model.Tool) *model.Document {
	d, _ = model.ReplaceTool(d, p.kind, p.index, t.Raw)
	d, _ = model.SetOrigin(d, p.kind, p.index, t.Origin)
	d, _ = model.SetServer(d, p.kind, p.index, t.Server, t.ServerTool)
	if d.List(p.kind)[p.index].Disabled != t.Disabled {
		d, _ = model.ToggleTool(d, p.kind, p.index)
	}
	if t.Draft != nil {
		d, _ = model.SetDraft(d, p.kind, p.index, t.DraftMember(), *t.Draft)
	}
	return d
}

// mergeImport is --into: DOC with the imported tools, written in place;
// srv, for tools from a live server, is recorded in DOC with them.
func mergeImport(opts importOptions, into *target, in *model.Document, srv *model.MCPServer, stderr io.Writer, fail func(error) int) int {
	if why := unusableLists(in); why != "" {
		return fail(fmt.Errorf("the input cannot be imported: %s", why))
	}
	var srvName string
	var srvNotes []convert.Diagnostic
	if srv != nil {
		var err error
		if srvName, err = serverName(into.doc, *srv, opts.mcpName); err != nil {
			return fail(fmt.Errorf("%s: %w; nothing was written", into.path, err))
		}
		if in, srvNotes, err = recordServer(into, in, srvName); err != nil {
			return fail(err)
		}
	}
	m := mergeTools(into.doc, in, opts.replace)
	if srv != nil && len(srvNotes) == 0 {
		m.doc, _ = model.SetMCPServer(m.doc, srvName, srv)
	}
	if len(m.clashes) > 0 && !opts.replace {
		quoted := make([]string, len(m.clashes))
		for i, n := range m.clashes {
			quoted[i] = termtext.Quote(n)
		}
		what, them := "a function or custom tool named "+quoted[0], "it"
		if n := len(quoted); n > 1 {
			what, them = "functions or custom tools named "+strings.Join(quoted[:n-1], ", ")+" and "+quoted[n-1], "them"
		}
		return fail(fmt.Errorf("%s already has %s; nothing was written: give --replace to replace %s, or rename %[3]s first", into.path, what, them))
	}
	out, err := m.doc.Marshal()
	if err != nil {
		return fail(err)
	}
	if len(out) > model.MaxDocumentBytes {
		return fail(fmt.Errorf("%s would be %s, over the %d MiB tooltui can load; nothing was written",
			into.path, model.Bytes(int64(len(out))), model.MaxDocumentBytes>>20))
	}

	var diags []convert.Diagnostic
	diags = append(diags, sourceNotes(in.Source)...)
	before := map[string]bool{}
	if into.data != nil {
		_, old := convert.Convert(into.doc)
		for _, d := range old {
			if !d.IsTool() {
				before[d.String()] = true
			}
		}
	}
	_, now := convert.Convert(m.doc)
	for _, d := range now {
		if d.IsTool() && m.fresh[place{d.Kind, d.Index}] || !d.IsTool() && !before[d.String()] {
			diags = append(diags, d)
		}
	}
	diags = append(diags, srvNotes...)
	if srv != nil && len(srvNotes) == 0 {
		for _, h := range sortedHeaderNames(srv.Headers) {
			if srv.Headers[h] == "" {
				diags = append(diags, convert.Diagnostic{Severity: convert.Note, Location: importLocation, Index: -1,
					Message: fmt.Sprintf("the value of --header %s is not kept in %s: for tooltui send --call-mcp to send it, import with "+
						"--header-env '%s=VAR' (VAR holds the value), or write \"headers\": {%q: \"$VAR\"} in \"tooltui\".\"mcp_servers\".%q",
						h, into.path, h, h, srvName)})
			}
		}
	}
	if left := leftOut(in); len(left) > 0 {
		diags = append(diags, convert.Diagnostic{Severity: convert.Note, Location: importLocation, Index: -1,
			Message: "not merged into " + into.path + " (the import takes the tools only): " + strings.Join(left, ", ")})
	}

	// A DOC that gets nothing stays as it was, byte for byte.
	if into.data == nil || m.added[model.Function]+m.added[model.Builtin] > 0 {
		now, _, err := model.ReadStamp(into.path)
		if err != nil {
			return fail(err)
		}
		if !into.stamp.Same(now) {
			what := "changed on disk"
			switch {
			case !now.Exists:
				what = "was deleted"
			case !into.stamp.Exists:
				what = "was created"
			}
			return fail(fmt.Errorf("%s %s while the tools were imported; nothing was written: run the import again", into.path, what))
		}
		if err := model.WriteFileAtomic(into.path, out); err != nil {
			return fail(err)
		}
	}
	for _, d := range diags {
		fmt.Fprintln(stderr, termtext.SanitizeLine(d.String()))
	}
	summary := fmt.Sprintf("added %s and %s to %s", plural(m.added[model.Function], "function"), plural(m.added[model.Builtin], "built-in"), into.path)
	if into.data == nil {
		summary += ", a new tooltui document"
	}
	if opts.replace {
		summary += fmt.Sprintf(" (replaced %d)", m.replaced)
	}
	fmt.Fprintln(stderr, termtext.SanitizeLine(summary))
	if srv != nil && len(srvNotes) == 0 && m.added[model.Function] > 0 {
		fmt.Fprintln(stderr, termtext.SanitizeLine(fmt.Sprintf("their MCP server is recorded in %s as %s (%s): tooltui send --call-mcp calls its tools there",
			into.path, srvName, srv.Describe())))
	}
	return 0
}

// serverName is the name DOC records srv under: want (--mcp-name), else
// the name of a server DOC has that starts or reaches the same server,
// else a new one made from the command or the host.
func serverName(d *model.Document, srv model.MCPServer, want string) (string, error) {
	if want != "" {
		if old, ok := d.MCPServers[want]; ok && !old.Same(srv) {
			return "", fmt.Errorf("it has an MCP server named %s already (%s): give --mcp-name another name", want, old.Describe())
		}
		return want, nil
	}
	names := make([]string, 0, len(d.MCPServers))
	for n := range d.MCPServers {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		if d.MCPServers[n].Same(srv) {
			return n, nil
		}
	}
	return model.UniqueName(baseServerName(srv), func(n string) bool { _, taken := d.MCPServers[n]; return taken }), nil
}

// launchers run the program named by their first argument that is not a
// flag: the server's name comes from that one.
var launchers = map[string]bool{"npx": true, "bunx": true, "pnpx": true, "pnpm": true, "npm": true, "yarn": true,
	"uvx": true, "uv": true, "pipx": true, "node": true, "deno": true, "bun": true, "python": true, "python3": true,
	"docker": true, "podman": true, "go": true, "java": true, "dotnet": true}

// launcherWords are the subcommands of launchers (npm exec, uv run, docker
// run, go run …), skipped on the way to the server's own name.
var launcherWords = map[string]bool{"run": true, "exec": true, "dlx": true, "x": true, "tool": true}

// baseServerName makes a name from a server's command or URL: the
// program, or for a launcher (npx, uvx, docker …) the package or script it
// runs, without a scope, a version and "mcp"/"server" around it; the host
// of a URL.
func baseServerName(srv model.MCPServer) string {
	var raw string
	if len(srv.Command) > 0 {
		raw = progName(srv.Command[0])
		if launchers[strings.ToLower(raw)] {
			for _, a := range srv.Command[1:] {
				if launcherWords[a] || strings.HasPrefix(a, "-") {
					continue
				}
				raw = a
				break
			}
		}
		if at := strings.LastIndexByte(raw, '@'); at > 0 {
			raw = raw[:at] // a version: pkg@1.2
		}
		raw = strings.ToLower(progName(raw))
		for _, p := range []string{"mcp-server-", "server-", "mcp-", "mcp_"} {
			if s, ok := strings.CutPrefix(raw, p); ok && s != "" {
				raw = s
				break
			}
		}
		for _, p := range []string{"-mcp-server", "-server", "-mcp", "_mcp"} {
			if s, ok := strings.CutSuffix(raw, p); ok && s != "" {
				raw = s
				break
			}
		}
	} else if u, err := url.Parse(srv.URL); err == nil {
		raw = strings.ToLower(u.Hostname())
		if raw == "127.0.0.1" || raw == "::1" || raw == "" {
			raw = "localhost"
		}
	}
	var b strings.Builder
	for _, c := range raw {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.' {
			b.WriteRune(c)
		} else {
			b.WriteByte('_')
		}
	}
	name := strings.Trim(b.String(), "_.-")
	if len(name) > 48 {
		name = strings.Trim(name[:48], "_.-")
	}
	if name == "" {
		return "server"
	}
	return name
}

// progName is the last element of a path or package name, without an
// extension a program or script has (.exe, .js, .py …).
func progName(p string) string {
	p = p[strings.LastIndexAny(p, `/\`)+1:]
	for _, ext := range []string{".exe", ".cmd", ".bat", ".js", ".mjs", ".cjs", ".ts", ".py", ".jar"} {
		if len(p) > len(ext) && strings.EqualFold(p[len(p)-len(ext):], ext) {
			return p[:len(p)-len(ext)]
		}
	}
	return p
}

// recordServer marks the functions of in as served by the server name,
// each by the tool of its own name there. DOC must be a tooltui
// document: a Responses body holds no metadata, and a note says the
// functions cannot be called there.
func recordServer(into *target, in *model.Document, name string) (*model.Document, []convert.Diagnostic, error) {
	if into.doc.Format == model.FormatBody {
		return in, []convert.Diagnostic{{Severity: convert.Note, Location: importLocation, Index: -1,
			Message: into.path + " is a Responses request body, which cannot record the MCP server: tooltui send --call-mcp cannot call these functions there; " +
				"import them into a tooltui document to keep it"}}, nil
	}
	out := in
	for i, t := range in.Functions {
		tool := model.StringAt(t.Raw, []string{"name"})
		if tool == "" {
			continue
		}
		var err error
		if out, err = model.SetServer(out, model.Function, i, name, tool); err != nil {
			return nil, nil, err
		}
	}
	return out, nil, nil
}

func sortedHeaderNames(h map[string]string) []string {
	names := make([]string, 0, len(h))
	for n := range h {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// sourceNotes say what was read when the input was translated, and what
// did not carry over as written; their Path is a pointer in the input.
func sourceNotes(src *model.Source) []convert.Diagnostic {
	if src == nil {
		return nil
	}
	msg := "read as " + src.Format + " and translated to the Responses API"
	if strings.HasPrefix(src.Format, "Responses") {
		msg = "read as a " + src.Format
	}
	out := []convert.Diagnostic{{Severity: convert.Note, Location: convert.SourceLocation, Index: -1, Message: msg}}
	for _, n := range src.Notes {
		sev := convert.Note
		if n.Loss {
			sev = convert.Warning
		}
		out = append(out, convert.Diagnostic{Severity: sev, Location: convert.SourceLocation, Type: src.Format, Path: n.Path, Message: n.Message, Index: -1})
	}
	return out
}

// leftOut names what of the input --into does not take: its request
// fields (top-level and in extra), the unfinished ones, and mock outputs.
func leftOut(d *model.Document) []string {
	var out []string
	seen := map[string]bool{}
	add := func(k string) {
		if !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	for _, f := range d.Fields {
		switch f.Key {
		case model.KeyToolsDefs, model.KeyExtra, model.KeyMeta:
		case model.KeyTools:
			if f.Value != nil {
				add(f.Key)
			}
		default:
			add(f.Key)
		}
	}
	for _, f := range d.Extra {
		add(f.Key)
	}
	if len(d.RequestDrafts) > 0 {
		add("the unfinished request fields")
	}
	if n := len(d.Mocks); n > 0 {
		add("the mock outputs of " + plural(n, "function"))
	}
	return out
}

// plural is "1 function", "2 functions".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}
