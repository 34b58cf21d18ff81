// Package colorload keeps lipgloss's load-time colour detection from
// asking the terminal.
//
// charm.land/lipgloss/v2 builds its package-level Writer when the program
// is loaded, and that detects standard output's colour profile: in a
// terminal it reads the terminfo entry (about 1 ms) and, inside tmux, runs
// `tmux info` (about 10 ms), before any tooltui command runs, --version and
// build included. Package initialisation cannot be skipped, so this
// package sets NO_COLOR=1 for the time lipgloss loads, which makes that
// detection read the environment only, and [Restore], which package main
// calls from its init, puts NO_COLOR back as it was before anything else
// reads it. tooltui never writes through lipgloss.Writer: the app detects
// the profile of the terminal it draws on when it starts.
//
// Go initialises, among the packages whose imports are initialised, the
// one whose import path sorts first (the Go specification, "Package
// initialization"). This package imports only os. lipgloss imports
// github.com/charmbracelet/colorprofile, which imports os/exec, which
// imports os: whenever os/exec could be initialised this package could be
// too, and its path sorts before "os/exec", so it is initialised before
// os/exec, and so before colorprofile and lipgloss.
package colorload

import "os"

const name = "NO_COLOR"

var (
	set      bool   // init set NO_COLOR
	old      string // NO_COLOR's value before, when had
	had      bool   // NO_COLOR was in the environment before
	restored bool   // Restore ran
)

func init() {
	old, had = os.LookupEnv(name)
	if !had || old != "1" {
		set = os.Setenv(name, "1") == nil
	}
}

// Restore puts NO_COLOR back as it was before this package was loaded.
// It is for package main's init; calling it again does nothing.
func Restore() {
	if restored {
		return
	}
	restored = true
	if !set {
		return
	}
	if had {
		os.Setenv(name, old)
	} else {
		os.Unsetenv(name)
	}
}

// Held reports whether this package set NO_COLOR while the packages
// loaded (false when it was "1" already), for tests.
func Held() bool { return set }
