package main

import (
	"io"
	"os"
	"strconv"
	"syscall"
	"testing"
	"unsafe"

	"github.com/charmbracelet/colorprofile"
)

// openPTY opens a pseudo-terminal and returns its terminal side; what is
// written to it is read and dropped.
func openPTY(t *testing.T) *os.File {
	t.Helper()
	ptm, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skip("no pseudo-terminal:", err)
	}
	t.Cleanup(func() { ptm.Close() })
	var unlock int32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, ptm.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); e != 0 {
		t.Skip("cannot unlock the pseudo-terminal:", e)
	}
	var n uint32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, ptm.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		t.Skip("cannot name the pseudo-terminal:", e)
	}
	pts, err := os.OpenFile("/dev/pts/"+strconv.Itoa(int(n)), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skip("cannot open the pseudo-terminal:", err)
	}
	t.Cleanup(func() { pts.Close() })
	go io.Copy(io.Discard, ptm)
	return pts
}

// TestStartupDetectColoursInATerminal: the app's colours from the
// environment, as Bubble Tea would detect them.
func TestStartupDetectColoursInATerminal(t *testing.T) {
	pts := openPTY(t)
	for _, c := range []struct {
		env  []string
		want colorprofile.Profile
	}{
		{[]string{"TERM=xterm-256color", "COLORTERM=truecolor"}, colorprofile.TrueColor},
		// a TERM without a terminfo entry: the environment alone decides
		{[]string{"TERM=tooltui-256color"}, colorprofile.ANSI256},
		{[]string{"TERM=tooltui"}, colorprofile.ANSI},
		{[]string{"TERM=xterm-256color", "COLORTERM=truecolor", "NO_COLOR=1"}, colorprofile.ASCII},
		{[]string{"TERM=dumb", "COLORTERM=truecolor"}, colorprofile.NoTTY},
	} {
		if got := detectColours(pts, c.env)(); got != c.want {
			t.Errorf("%q: profile %v, want %v", c.env, got, c.want)
		}
	}
}
