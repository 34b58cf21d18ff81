//go:build unix

package ui_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/mcpclient/mcptest"
	"github.com/tooltui/tooltui/internal/sysclip"
)

// TestCopyHungClipboardProgramStopped: the system clipboard program (a
// script first on PATH, under the name the app would run) hangs, having
// started a program of its own; once the copy gives up on it, both are
// gone.
func TestCopyHungClipboardProgramStopped(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	sleep, err := exec.LookPath("sleep")
	if err != nil {
		t.Skip("no sleep")
	}
	dir := t.TempDir()
	t.Setenv("WAYLAND_DISPLAY", "")
	everywhere := func(string) (string, error) { return "", nil }
	name := sysclip.Program(os.Getenv, everywhere)[0]
	pidFile := filepath.Join(dir, "pids")
	script := "#!" + sh + "\nsleep 300 &\necho \"$$ $!\" > " + pidFile + ".tmp\nmv " + pidFile + ".tmp " + pidFile + "\nwait\n"
	if err := os.WriteFile(filepath.Join(dir, name), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", strings.Join([]string{dir, filepath.Dir(sleep), filepath.Dir(sh)}, string(os.PathListSeparator)))

	// The timeout must outlast the script's start: doubled until it does.
	for timeout := 500 * time.Millisecond; ; timeout *= 2 {
		f, _ := newFakes(t)
		f.env["DISPLAY"] = ":0"
		deps := f.deps()
		deps.CopyNative = nil // the system clipboard
		deps.ClipboardTimeout = timeout
		a := exampleOn(deps)
		send(t, a, tea.WindowSizeMsg{Width: 200, Height: 24})
		copyKey(t, a, alt('c'), timeout+settle)
		requireContains(t, statusLine(t, a), "did not answer within "+timeout.String(), "status line")
		b, err := os.ReadFile(pidFile)
		if err != nil {
			if timeout < 8*time.Second {
				continue
			}
			t.Fatalf("the clipboard program never wrote its pids: %v", err)
		}
		pids := strings.Fields(string(b))
		if len(pids) != 2 {
			t.Fatalf("pids %q", b)
		}
		for _, p := range pids {
			pid, _ := strconv.Atoi(p)
			if pid == 0 || !mcptest.Gone(pid, 20*time.Second) {
				t.Errorf("process %s is still running", p)
			}
		}
		return
	}
}
