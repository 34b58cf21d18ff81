//go:build unix

package sysclip

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tooltui/tooltui/internal/mcpclient/mcptest"
)

// waitLimit bounds the tests' waits: they end when what they wait for
// happens, and fail when it has not by then.
const waitLimit = 20 * time.Second

// fakeProgram puts a shell script named as the platform's clipboard
// program first on PATH, with the directories of sh and sleep after it,
// and no Wayland session.
func fakeProgram(t *testing.T, script string) (dir string) {
	t.Helper()
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	sleep, err := exec.LookPath("sleep")
	if err != nil {
		t.Skip("no sleep")
	}
	dir = t.TempDir()
	name := "xclip"
	if runtime.GOOS == "darwin" {
		name = "pbcopy"
	}
	if err := os.WriteFile(filepath.Join(dir, name), []byte("#!"+sh+"\n"+script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+filepath.Dir(sleep)+string(os.PathListSeparator)+filepath.Dir(sh))
	t.Setenv("WAYLAND_DISPLAY", "")
	return dir
}

func TestWrite(t *testing.T) {
	dir := fakeProgram(t, `cat > "$(dirname "$0")/got"`+"\n")
	if err := Write(context.Background(), "héllo\nworld"); err != nil {
		t.Fatal(err)
	}
	if got, err := os.ReadFile(filepath.Join(dir, "got")); err != nil || string(got) != "héllo\nworld" {
		t.Errorf("the program read %q, %v", got, err)
	}
}

func TestWriteFails(t *testing.T) {
	fakeProgram(t, "exit 1\n")
	err := Write(context.Background(), "x")
	if err == nil || !strings.HasSuffix(err.Error(), ": exit status 1") {
		t.Errorf("err = %v", err)
	}
}

func TestWriteNoProgram(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	t.Setenv("WAYLAND_DISPLAY", "")
	if err := Write(context.Background(), "x"); !errors.Is(err, ErrNoProgram) {
		t.Errorf("err = %v", err)
	}
}

// A clipboard program that hangs, having started a program of its own:
// once the context ends, Write returns, and both are gone.
func TestWriteHungProgramIsKilled(t *testing.T) {
	dir := fakeProgram(t, `sleep 300 &
echo "$$ $!" > "$(dirname "$0")/pids.tmp"
mv "$(dirname "$0")/pids.tmp" "$(dirname "$0")/pids"
wait
`)
	pidFile := filepath.Join(dir, "pids")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// End the context once the program runs (it has written both pids).
	go func() {
		defer cancel()
		for deadline := time.Now().Add(waitLimit); time.Now().Before(deadline) && ctx.Err() == nil; time.Sleep(10 * time.Millisecond) {
			if _, err := os.Stat(pidFile); err == nil {
				return
			}
		}
	}()
	done := make(chan error, 1)
	go func() { done <- Write(ctx, "x") }()
	var err error
	select {
	case err = <-done:
	case <-time.After(waitLimit):
		t.Fatal("Write did not return once its context ended")
	}
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v", err)
	}
	b, rerr := os.ReadFile(pidFile)
	if rerr != nil {
		t.Fatalf("the program wrote no pids: %v", rerr)
	}
	for _, f := range strings.Fields(string(b)) {
		pid, _ := strconv.Atoi(f)
		if pid == 0 || !mcptest.Gone(pid, waitLimit) {
			t.Errorf("process %q is still running", f)
		}
	}
}

func TestProgram(t *testing.T) {
	if runtime.GOOS == "darwin" {
		t.Skip("pbcopy only")
	}
	has := func(names ...string) func(string) (string, error) {
		return func(n string) (string, error) {
			for _, m := range names {
				if m == n {
					return "/bin/" + n, nil
				}
			}
			return "", exec.ErrNotFound
		}
	}
	env := func(wayland string) func(string) string {
		return func(k string) string {
			if k == "WAYLAND_DISPLAY" {
				return wayland
			}
			return ""
		}
	}
	for _, c := range []struct {
		wayland string
		found   []string
		want    string
	}{
		{"wayland-0", []string{"wl-copy", "xclip"}, "wl-copy"},
		{"", []string{"wl-copy", "xclip"}, "xclip -in -selection clipboard"},
		{"wayland-0", []string{"xsel"}, "xsel --input --clipboard"},
		{"", []string{"termux-clipboard-set", "clip.exe"}, "termux-clipboard-set"},
		{"", []string{"clip.exe"}, "clip.exe"},
		{"", nil, ""},
	} {
		if got := strings.Join(Program(env(c.wayland), has(c.found...)), " "); got != c.want {
			t.Errorf("%q with %v: %q, want %q", c.wayland, c.found, got, c.want)
		}
	}
}
