//go:build !unix

package mcpclient

// killGroupOf does nothing where there are no process groups.
func killGroupOf(*process) {}
