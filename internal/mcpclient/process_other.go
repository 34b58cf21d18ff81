//go:build !unix

package mcpclient

import (
	"os"
	"os/exec"
)

// ownProcessGroup does nothing where there are no process groups.
func ownProcessGroup(*exec.Cmd) {}

// killGroup kills the server.
func killGroup(p *os.Process) { _ = p.Kill() }

// terminateGroup cannot ask for termination here; the server is killed.
func terminateGroup(*os.Process) bool { return false }
