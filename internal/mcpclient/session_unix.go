//go:build unix

package mcpclient

import "syscall"

// killGroupOf kills what is left of a stopped stdio server's process
// group: the programs it started, which may outlive it. The group's id
// cannot have been given to another process while any of them lives.
func killGroupOf(p *process) {
	_ = syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
}
