package mcptest

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"time"
)

// leftEnv, set, makes a test binary that imports mcptest sleep for an hour
// instead of running its tests: it is then the program a stdio test server
// leaves behind (LeaveChild).
const leftEnv = "TOOLTUI_MCPTEST_LEFT_BEHIND"

func init() {
	if os.Getenv(leftEnv) != "" {
		time.Sleep(time.Hour)
		os.Exit(0)
	}
}

// LeaveChild is for a stdio test server (a test binary started by the
// test) to call: it starts a program that outlives the server unless the
// server's process group is ended, and that holds the server's stdout open
// while it lives (not its stderr, as a program started in the background
// often does not). It writes the program's pid to pidFile. With
// detach it is started in a session of its own (where there are
// sessions), out of the server's process group.
func LeaveChild(pidFile string, detach bool) error {
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), leftEnv+"=1")
	cmd.Stdout = os.Stdout
	if detach {
		detachProcess(cmd)
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	if err := os.WriteFile(pidFile, []byte(strconv.Itoa(cmd.Process.Pid)), 0o600); err != nil {
		_ = cmd.Process.Kill()
		return fmt.Errorf("writing the pid of the child: %w", err)
	}
	return nil
}

// ReadPid reads the pid a server or LeaveChild wrote to file: 0 when there
// is none (yet).
func ReadPid(file string) int {
	b, err := os.ReadFile(file)
	if err != nil {
		return 0
	}
	pid, _ := strconv.Atoi(string(b))
	return pid
}
