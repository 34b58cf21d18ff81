//go:build !unix

package mcpclient

import "time"

// processGone cannot be checked here.
func processGone(int, time.Duration) bool { return true }
