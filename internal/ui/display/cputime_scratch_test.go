package display

import (
	"fmt"
	"os"
	"runtime"
	"syscall"
	"testing"
	"time"
)

func threadCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func cpuPerOp(n int, f func()) time.Duration {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	f()
	t0 := threadCPU()
	for range n {
		f()
	}
	return (threadCPU() - t0) / time.Duration(n)
}

func TestScratchCPU(t *testing.T) {
	if os.Getenv("SCRATCH") == "" {
		t.Skip()
	}
	s := string(bigDoc())
	mb := float64(len(s)) / 1e6
	d1 := cpuPerOp(200, func() { Sanitize(s) })
	fmt.Printf("Sanitize clean %.2f MB: %v  %.0f MB/s\n", mb, d1, mb/d1.Seconds())
	d := NewDoc(bigDoc())
	d2 := cpuPerOp(200, func() { NewDoc(bigDoc()) })
	fmt.Printf("NewDoc: %v\n", d2)
	c := DefaultPalette(true).Resolve()
	top := 0
	d3 := cpuPerOp(20000, func() { top = (top + 997) % (d.Lines() - 40); d.RenderColors(c, top, 40, 120, 0) })
	fmt.Printf("RenderWindow 40x120: %v\n", d3)
	d4 := cpuPerOp(2000000, func() { d.RenderColors(c, top, 40, 120, 0) })
	fmt.Printf("RenderWindow cached: %v\n", d4)
}

func TestScratchSize(t *testing.T) { fmt.Println("bigDoc bytes", len(bigDoc()), "lines", NewDoc(bigDoc()).Lines()) }
