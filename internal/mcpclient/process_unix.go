//go:build unix

package mcpclient

import (
	"os"
	"os/exec"
	"syscall"
)

// ownProcessGroup puts the server in a process group of its own.
func ownProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills the server's process group.
func killGroup(p *os.Process) {
	if err := syscall.Kill(-p.Pid, syscall.SIGKILL); err != nil {
		_ = p.Kill()
	}
}

// terminateGroup asks the server's process group to terminate. It reports
// whether the signal was sent.
func terminateGroup(p *os.Process) bool {
	if err := syscall.Kill(-p.Pid, syscall.SIGTERM); err != nil {
		return p.Signal(syscall.SIGTERM) == nil
	}
	return true
}
