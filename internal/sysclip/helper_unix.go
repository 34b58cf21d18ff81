//go:build unix

package sysclip

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"
)

// Write copies text to the system clipboard with the clipboard program
// (Program), which reads text on its standard input. It returns once the
// program has exited, or once ctx has ended and the program's process
// group (the program and what it started) has been killed. A program that
// stays in the background to serve the clipboard after it exits (xclip,
// wl-copy) is left to do so.
func Write(ctx context.Context, text string) error {
	argv := Program(os.Getenv, exec.LookPath)
	if argv == nil {
		return ErrNoProgram
	}
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Stdin = strings.NewReader(text)
	// No stdout or stderr: a program that forks to serve the clipboard
	// keeps them, and nothing would wait for it.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		if err := syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL); err != nil {
			return cmd.Process.Kill()
		}
		return nil
	}
	// What the killed program started may hold its stdin's pipe.
	cmd.WaitDelay = time.Second
	if err := cmd.Run(); err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil {
			return fmt.Errorf("%s: %w", argv[0], ctxErr)
		}
		return fmt.Errorf("%s: %w", argv[0], err)
	}
	return nil
}
