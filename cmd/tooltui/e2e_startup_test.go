package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestE2EColourProfileDetectedOnce: inside tmux, detecting the terminal's
// colours runs `tmux info` (about 10 ms). lipgloss no longer does it when
// it is loaded (internal/termtext/colorload); the app detects the colours
// once, while its first screen is prepared, and never again.
func TestE2EColourProfileDetectedOnce(t *testing.T) {
	x := newTerm(t)
	dir, bin, status := newAppDir(t)
	inTmux, calls := fakeTmux(t, dir)
	x.start("colours", inTmux(appCommand(t, dir, bin, nil, "", status)))
	x.waitFor("colours", "the first screen", has("1 Tools", "get_weather"))
	x.keys("colours", "C-q")
	x.wantExit("colours", status, "0")
	b, _ := os.ReadFile(calls)
	if n := strings.Count(string(b), "info"); n != 1 {
		t.Fatalf("tmux info ran %d times, want 1:\n%s", n, b)
	}
}

// fakeTmux makes a command line believe it runs in tmux: TMUX is set, and
// the first tmux on its PATH is a shim that records each run in calls.
func fakeTmux(t *testing.T, dir string) (inTmux func(cmdline string) string, calls string) {
	t.Helper()
	shims := filepath.Join(dir, "shims")
	if err := os.MkdirAll(shims, 0o755); err != nil {
		t.Fatal(err)
	}
	calls = filepath.Join(dir, "tmux-calls")
	writeTestFile(t, filepath.Join(shims, "tmux"), "#!/bin/sh\necho \"$*\" >> "+shellQuote(calls)+"\n")
	if err := os.Chmod(filepath.Join(shims, "tmux"), 0o755); err != nil {
		t.Fatal(err)
	}
	return func(cmdline string) string {
		t.Helper()
		out := strings.Replace(cmdline, "PATH="+shellQuote(filepath.Join(dir, "nobin")),
			"PATH="+shellQuote(shims)+" TMUX=/tmp/fake,1,0", 1)
		if !strings.Contains(out, "TMUX=") {
			t.Fatalf("could not set TMUX in %s", cmdline)
		}
		return out
	}, calls
}

// TestE2EFileNamedLikeACommand: after --, a FILE named like a command
// opens in the builder (here as a new document) instead of running it.
func TestE2EFileNamedLikeACommand(t *testing.T) {
	x := newTerm(t)
	dir, bin, status := newAppDir(t)
	// in dir, where no file is named build
	x.start("app", "cd "+shellQuote(dir)+" && "+appCommand(t, dir, bin, []string{"--", "build"}, "", status))
	x.waitFor("app", "the new document", has("build (new)", "0 tools in the request"))
	x.keys("app", "C-q")
	x.wantExit("app", status, "0")
}
