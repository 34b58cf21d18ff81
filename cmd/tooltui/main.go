// Command tooltui composes the tools of an OpenAI Responses API request:
// `tooltui [FILE]` opens the interactive builder, `tooltui build` converts
// a document headlessly with the same converter.
package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
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

// sanitizeLine makes text from a document safe to print on a terminal:
// control characters, escape sequences and bidi controls are shown escaped.
func sanitizeLine(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\t':
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069):
			q := strconv.QuoteRuneToASCII(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
