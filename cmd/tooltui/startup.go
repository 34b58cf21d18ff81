package main

import (
	"io"

	"github.com/charmbracelet/colorprofile"

	"github.com/tooltui/tooltui/internal/termtext/colorload"
)

func init() {
	// lipgloss has loaded (package main is initialised last): NO_COLOR is
	// the user's again.
	colorload.Restore()
}

// detectColours starts detecting the colour profile of out, the terminal
// the app draws on, in the environment environ, and returns a function
// that waits for the answer. The environment settles it at once when it
// can (NO_COLOR, COLORTERM=truecolor, TERM=dumb, output that is not a
// terminal); otherwise colorprofile reads the terminfo entry and, inside
// tmux, runs `tmux info` (about 10 ms), which then overlaps with reading
// the settings and laying out the first screen instead of preceding them.
func detectColours(out io.Writer, environ []string) func() colorprofile.Profile {
	ch := make(chan colorprofile.Profile, 1)
	go func() { ch <- colorprofile.Detect(out, environ) }()
	return func() colorprofile.Profile { return <-ch }
}
