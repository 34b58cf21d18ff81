//go:build unix

package mcpclient

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"syscall"
	"time"
)

// processGone reports whether process pid has ended and been waited for
// within d: it no longer exists, or (for a process that is not tooltui's
// child and waits for another parent) it is a zombie.
func processGone(pid int, d time.Duration) bool {
	deadline := time.Now().Add(d)
	for {
		if errors.Is(syscall.Kill(pid, 0), syscall.ESRCH) {
			return true
		}
		if d > 0 {
			if stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid)); err == nil {
				if i := bytes.LastIndexByte(stat, ')'); i > 0 && bytes.HasPrefix(stat[i+1:], []byte(" Z")) {
					return true
				}
			}
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(20 * time.Millisecond)
	}
}
