// Command tooltui composes the tools of an OpenAI Responses API request:
// `tooltui [FILE]` opens the interactive builder, `tooltui build` converts
// a document headlessly with the same converter.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/termtext"
)

const rootLong = `tooltui composes the tools of an OpenAI Responses API request.

Without a command it opens FILE (a tooltui document, a Responses request
body, or tools in the Chat Completions, Anthropic, Gemini or MCP format,
translated) in the builder, or the built-in example when there is no FILE;
a FILE that does not exist yet starts an empty document that the first save
creates. A FILE named like a command opens as ./build or after --.

DIR opens a workspace: every document under DIR, the first shown (DIR FILE:
FILE shown); so does no FILE in a folder holding .tooltui/ or a document.
`

const rootExamples = `  tooltui travel.json                       edit travel.json in the builder
  tooltui agents agents/support.json        the workspace agents/, showing support.json
  tooltui -- build                          open the file named build
  tooltui --print > request.json            compose, and keep the request JSON on quitting
  tooltui build --strict travel.json        the request JSON; exit 1 on any error or warning
  tooltui build --to python travel.json     a Python program that sends the request
  tooltui build chat-tools.json             Chat Completions tools as a Responses request
  tooltui fix -w travel.json                apply every safe fix to travel.json
  tooltui import --mcp -- node server.js    a stdio MCP server's tools as a request body
  tooltui infer call.json                   a parameters schema for example arguments
  tooltui args travel.json get_weather '{"city": "Paris", "unit": "celsius"}'
  tooltui send --profile local travel.json  send where profile local says
  source <(tooltui completion bash)         complete commands, flags and files in bash
`

func init() {
	// Help lists the commands in the order they are added.
	cobra.EnableCommandSorting = false
	// Started from the Windows Explorer, tooltui opens the builder all the same.
	cobra.MousetrapHelpText = ""
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run runs tooltui with the command line args and returns the exit
// status: 0 done, 1 what the command reports as findings or failure, 2 a
// usage error (its message and the command's help go to stderr) or input
// that cannot be used.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 1 && (args[0] == "--version" || args[0] == "version") {
		// What the commands below would print, without building them.
		printVersion(stdout)
		return 0
	}
	root := newRootCmd()
	args = oneDashLongFlags(root, args)
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetFlagErrorFunc(flagErrors(args))
	cmd, err := root.ExecuteC()
	var st exitStatus
	var ue *usageError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &st):
		return int(st)
	case !errors.As(err, &ue):
		ue = &usageError{cmd: cmd, msg: err.Error()}
	}
	fmt.Fprintf(stderr, "%s: %s\n\n%s", ue.cmd.CommandPath(), termtext.SanitizeLine(ue.msg), helpText(ue.cmd))
	return 2
}

// newRootCmd is tooltui itself: the app, `tooltui [FILE]`, with the
// headless commands below it.
func newRootCmd() *cobra.Command {
	var opts appOptions
	var version bool
	root := &cobra.Command{
		Use:               "tooltui [--print] [--base-url URL | --profile NAME] [FILE | DIR [FILE]]",
		Short:             "open FILE (or the built-in example) in the builder",
		Long:              rootLong,
		Example:           rootExamples,
		Args:              atMost(2, "a FILE, a DIR, or a DIR and a FILE in it, got %d arguments"),
		ValidArgsFunction: completeFiles(2),
		SilenceErrors:     true,
		SilenceUsage:      true,
		RunE: func(cmd *cobra.Command, args []string) error {
			if version {
				if len(args) > 0 {
					return usageErrorf(cmd, "--version takes no arguments, got %s", args[0])
				}
				printVersion(cmd.OutOrStdout())
				return nil
			}
			if err := oneSendTarget(cmd); err != nil {
				return err
			}
			opts.baseURL, _ = cmd.Flags().GetString("base-url")
			if name, _ := cmd.Flags().GetString("profile"); cmd.Flags().Changed("profile") {
				p, err := loadProfile(name)
				if err != nil {
					fmt.Fprintf(cmd.ErrOrStderr(), "tooltui: %s\n", termtext.SanitizeLine(err.Error()))
					return exitStatus(2)
				}
				opts.baseURL, opts.keyEnv = p.BaseURL, p.APIKeyEnv
			}
			return status(runApp(opts, args, cmd.InOrStdin(), cmd.OutOrStdout(), cmd.ErrOrStderr()))
		},
	}
	f := root.Flags()
	f.SortFlags = false
	f.BoolVar(&opts.print, "print", false, "print the request JSON on standard output on quitting\n(the app draws on the terminal itself)")
	f.String("base-url", "", "send to `URL` (default: OPENAI_BASE_URL, else\nhttps://api.openai.com/v1)")
	f.String("profile", "", "send where profile `NAME` of profiles.json says\n(see tooltui send --help)")
	f.BoolVar(&version, "version", false, "print the version and the spec tools are checked against")
	root.RegisterFlagCompletionFunc("base-url", cobra.NoFileCompletions)
	root.RegisterFlagCompletionFunc("profile", completeProfiles)

	root.SetHelpFunc(writeHelp)
	root.SetHelpCommand(newHelpCmd())
	root.CompletionOptions.DisableDefaultCmd = true
	root.AddCommand(newBuildCmd(), newFixCmd(), newImportCmd(), newInferCmd(), newSendCmd(), newHistoryCmd(), newSimCmd(), newArgsCmd(), newCompletionCmd(), newVersionCmd())
	return root
}

// newVersionCmd is `tooltui version`, another spelling of --version.
func newVersionCmd() *cobra.Command {
	return &cobra.Command{
		Use:    "version",
		Short:  "print the version and the spec tools are checked against",
		Hidden: true,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usageErrorf(cmd.Root(), "version takes no arguments, got %s", args[0])
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			printVersion(cmd.OutOrStdout())
			return nil
		},
	}
}

func printVersion(w io.Writer) {
	info, ok := debug.ReadBuildInfo()
	fmt.Fprint(w, versionText(info, ok))
}

// versionText is what `tooltui --version` prints: tooltui's version (the
// main module's, "(devel)" when unknown) with the VCS revision the binary
// was built from when recorded, then the OpenAPI description and the
// overlay the converter checks tools against.
func versionText(info *debug.BuildInfo, ok bool) string {
	version := ""
	var revision, modified string
	if ok && info != nil {
		version = info.Main.Version
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				revision = s.Value
			case "vcs.modified":
				modified = s.Value
			}
		}
	}
	if version == "" {
		version = "(devel)"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "tooltui %s", termtext.SanitizeLine(version))
	if revision != "" {
		fmt.Fprintf(&b, ", revision %s", termtext.SanitizeLine(revision))
		if modified == "true" {
			b.WriteString(" (modified)")
		}
	}
	b.WriteString("\n")
	fmt.Fprintf(&b, "tools are checked against:\n")
	fmt.Fprintf(&b, "  spec     %s commit %s, %s (info.version %s)\n",
		convert.SpecRepository, convert.SpecCommit, convert.SpecDate, convert.SpecVersion)
	fmt.Fprintf(&b, "  overlay  %s, what %s %s accepts beyond the spec\n",
		convert.OverlayDate, convert.OverlaySDKModule, convert.OverlaySDKVersion)
	return b.String()
}
