// Command tooltui composes the tools of an OpenAI Responses API request:
// `tooltui [FILE]` opens the interactive builder, `tooltui build` converts
// a document headlessly with the same converter.
package main

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/ui/display"
)

const usage = `tooltui composes the tools of an OpenAI Responses API request.

usage:
  tooltui [--print] [--base-url URL] [FILE]   open FILE (or the built-in example) in the builder
                                              (--profile NAME: send where a saved profile says)
  tooltui build [--strict] [--json] [FILE|-]  print the request JSON for FILE or standard input
  tooltui fix [-w] [FILE|-]                   apply every safe fix; -w writes FILE in place
  tooltui infer [FILE|-]                      print a strict-compatible parameters schema inferred from example arguments
  tooltui send [--json] [--base-url URL] [FILE|-]
                                              send the request and show the answer as it streams
  tooltui args [--strict|--no-strict] FILE TOOL [ARGS|-]
                                              check arguments against a function's parameters (exit 1 with located problems)
  tooltui --version                           print the version and the spec tools are checked against

Run "tooltui COMMAND --help" (build, fix, infer, args, send) for the headless commands.
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "build":
			return runBuild(args[1:], stdin, stdout, stderr)
		case "fix":
			return runFix(args[1:], stdin, stdout, stderr)
		case "infer":
			return runInfer(args[1:], stdin, stdout, stderr)
		case "args":
			return runArgs(args[1:], stdin, stdout, stderr)
		case "send":
			return runSend(args[1:], stdin, stdout, stderr)
		case "-h", "--help", "help":
			fmt.Fprint(stdout, usage)
			return 0
		case "--version", "-version", "version":
			if len(args) > 1 {
				fmt.Fprintf(stderr, "tooltui: %s takes no arguments, got %s\n\n%s", args[0], display.SanitizeLine(args[1]), usage)
				return 2
			}
			info, ok := debug.ReadBuildInfo()
			fmt.Fprint(stdout, versionText(info, ok))
			return 0
		}
	}
	return runApp(args, stdin, stdout, stderr)
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
	fmt.Fprintf(&b, "tooltui %s", display.SanitizeLine(version))
	if revision != "" {
		fmt.Fprintf(&b, ", revision %s", display.SanitizeLine(revision))
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

// sanitizeLine is display.SanitizeLine, the one sanitiser of the program,
// for app.go until it calls display.SanitizeLine itself.
var sanitizeLine = display.SanitizeLine
