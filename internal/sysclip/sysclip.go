// Package sysclip writes the system clipboard. Where the clipboard is
// reached through a program (xclip, xsel, wl-copy, termux-clipboard-set,
// clip.exe, pbcopy), that program is chosen as github.com/atotto/clipboard
// chooses it (Program) and run under a context: one that has not finished when the
// context ends is killed, with whatever it started. Elsewhere (Windows,
// Plan 9) github.com/atotto/clipboard writes it.
package sysclip

import (
	"errors"
)

// ErrNoProgram is the error of Write where no clipboard program is found.
var ErrNoProgram = errors.New("no clipboard program found (install xclip, xsel or wl-clipboard)")
