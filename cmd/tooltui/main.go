// Command tooltui composes the tools of an OpenAI Responses API request:
// `tooltui [FILE]` opens the interactive builder, `tooltui build` converts
// a document headlessly with the same converter.
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/tooltui/tooltui/internal/ui/display"
)

const usage = `tooltui composes the tools of an OpenAI Responses API request.

usage:
  tooltui [--print] [FILE]         open FILE (or the built-in example) in the builder
  tooltui build [--strict] [FILE|-] print the request JSON for FILE or standard input

Run "tooltui build --help" for the headless converter.
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "build":
			return runBuild(args[1:], stdin, stdout, stderr)
		case "-h", "--help", "help":
			fmt.Fprint(stdout, usage)
			return 0
		}
	}
	return runApp(args, stdin, stdout, stderr)
}

// sanitizeLine is display.SanitizeLine, the one sanitiser of the program,
// for app.go until it calls display.SanitizeLine itself.
var sanitizeLine = display.SanitizeLine
