package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"

	"github.com/tooltui/tooltui/internal/termtext/colorload"
)

// TestStartupNoColorRestored: NO_COLOR, which colorload sets while
// lipgloss loads, is the user's again once package main is initialised.
func TestStartupNoColorRestored(t *testing.T) {
	b, err := os.ReadFile("/proc/self/environ")
	if err != nil {
		t.Skip("no /proc/self/environ to compare with:", err)
	}
	want, had := "", false
	for _, kv := range strings.Split(string(b), "\x00") {
		if v, ok := strings.CutPrefix(kv, "NO_COLOR="); ok {
			want, had = v, true
		}
	}
	got, ok := os.LookupEnv("NO_COLOR")
	if ok != had || got != want {
		t.Fatalf("NO_COLOR is %q (set %v), the process started with %q (set %v)", got, ok, want, had)
	}
}

// TestStartupColorloadBeforeLipgloss: the order the Go specification
// gives, as the built binary runs it.
func TestStartupColorloadBeforeLipgloss(t *testing.T) {
	stderr := initTrace(t)
	pos := map[string]int{}
	for i, line := range strings.Split(stderr, "\n") {
		if f := strings.Fields(line); len(f) > 1 && f[0] == "init" {
			pos[f[1]] = i + 1
		}
	}
	cl, lg := pos["github.com/tooltui/tooltui/internal/termtext/colorload"], pos["charm.land/lipgloss/v2"]
	if cl == 0 || lg == 0 || cl > lg {
		t.Fatalf("colorload initialised at %d, lipgloss at %d (0: not listed); want colorload first:\n%s", cl, lg, stderr)
	}
	if !colorload.Held() && os.Getenv("NO_COLOR") != "1" {
		t.Fatal("colorload did not set NO_COLOR in this test binary")
	}
}

// TestStartupDetectColoursNotATerminal: output that is not a terminal
// gets no colours, whatever the environment says.
func TestStartupDetectColoursNotATerminal(t *testing.T) {
	env := []string{"TERM=xterm-256color", "COLORTERM=truecolor"}
	if got := detectColours(&bytes.Buffer{}, env)(); got != colorprofile.NoTTY {
		t.Fatalf("profile %v, want %v", got, colorprofile.NoTTY)
	}
}

// TestE2EStartupCommandsAskNoTerminal: in a terminal inside tmux, the
// commands that do not draw (here --version and build) do not run
// `tmux info` to learn colours they do not use.
func TestE2EStartupCommandsAskNoTerminal(t *testing.T) {
	x := newTerm(t)
	dir := t.TempDir()
	bin := buildBinary(t, dir)
	inTmux, calls := fakeTmux(t, dir)
	doc, err := filepath.Abs(filepath.Join("..", "..", "examples", "travel.json"))
	if err != nil {
		t.Fatal(err)
	}
	for i, args := range [][]string{{"--version"}, {"build", doc}, {"version"}} {
		status := filepath.Join(dir, "status"+string(rune('0'+i)))
		name := "cmd" + string(rune('0'+i))
		x.start(name, inTmux(appCommand(t, dir, bin, args, "", status)))
		if code := x.waitExit(name, status); code != "0" {
			t.Fatalf("tooltui %s: exit %s\n%s", strings.Join(args, " "), code, x.screen(name))
		}
	}
	if b, err := os.ReadFile(calls); err == nil {
		t.Fatalf("tmux ran:\n%s", b)
	}
}

// initTrace runs the built binary's --version with GODEBUG=inittrace=1
// and returns what it wrote on standard error: a line for each package
// that does work at init.
func initTrace(t *testing.T) string {
	t.Helper()
	bin := buildBinary(t, t.TempDir())
	cmd := exec.Command(bin, "--version")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v\n%s", err, stderr.Bytes())
	}
	return stderr.String()
}
