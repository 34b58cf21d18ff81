//go:build !unix

package benchdata

import "time"

// ProcessCPU is not measured on this system: it returns 0 and the cpu-ns/op
// metric is left out.
func ProcessCPU() time.Duration { return 0 }
