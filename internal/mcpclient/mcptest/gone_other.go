//go:build !unix

package mcptest

import (
	"os/exec"
	"time"
)

// Gone cannot be checked here: it reports true.
func Gone(int, time.Duration) bool { return true }

// CanDetach says whether LeaveChild can start a program out of the
// caller's process group.
const CanDetach = false

func detachProcess(*exec.Cmd) {}
