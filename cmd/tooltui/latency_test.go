package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tooltui/tooltui/internal/benchdata"
	"github.com/tooltui/tooltui/internal/model"
)

// TestLatency measures what a user feels, the way they feel it: the real
// binary in tmux, from a key sent to the pane until the pane's output comes
// back, against bash's own echo in the same tmux as the floor. It prints a
// table and fails on nothing (timings depend on the machine); run it with
//
//	TOOLTUI_LATENCY=1 go test -run TestLatency -v ./cmd/tooltui
//
// tmux's control mode reports each pane's output as it happens (%output),
// so nothing polls the screen.
func TestLatency(t *testing.T) {
	if os.Getenv("TOOLTUI_LATENCY") == "" {
		t.Skip("set TOOLTUI_LATENCY=1 to measure keystroke and start-up latency in tmux")
	}
	x := newTerm(t)
	dir := t.TempDir()
	bin := buildBinary(t, dir)
	big := filepath.Join(dir, "big.json")
	writeTestFile(t, big, string(benchdata.Mixed(1000)))
	example := filepath.Join(dir, "example.json")
	writeTestFile(t, example, string(model.ExampleJSON()))
	status := filepath.Join(dir, "status")
	const keys = 30

	type row struct {
		name string
		ms   []float64
	}
	var rows []row
	measureKeys := func(name, cmdline string, ready string, prepare []string) {
		x.start(name, cmdline)
		x.waitFor(name, "the first screen", has(ready))
		for _, k := range prepare {
			x.keys(name, k)
			time.Sleep(150 * time.Millisecond)
		}
		c := attachControl(t, x, name)
		defer c.close()
		var ms []float64
		for i := range keys {
			c.quiet(120 * time.Millisecond)
			ch := string(rune('a' + i%26))
			start := time.Now()
			c.send("send-keys -t " + name + " -l " + ch)
			if !c.output(2 * time.Second) {
				t.Fatalf("%s: no output within 2 s of a key", name)
			}
			ms = append(ms, float64(time.Since(start).Microseconds())/1000)
		}
		rows = append(rows, row{name, ms})
	}

	measureKeys("bash", "env -i PS1='$ ' TERM=xterm-256color bash --norc --noprofile", "$", nil)
	editName := []string{"j", "Enter", "Enter"} // the first function, its Name field, edit
	measureKeys("example", appCommand(t, dir, bin, []string{example}, "", status), "get_weather", editName)
	measureKeys("1000-tools", appCommand(t, dir, bin, []string{big}, "", status), "1 Tools", editName)

	// Start-up: a new pane running the command until its first frame
	// shows what the user is waiting for.
	measureStart := func(name, cmdline, ready string) {
		x.start(name, "sleep 1000")
		c := attachControl(t, x, name)
		defer c.close()
		var ms []float64
		for range 7 {
			c.quiet(200 * time.Millisecond)
			start := time.Now()
			c.send("respawn-pane -k -t " + name + " " + shellQuote(cmdline))
			if !c.until(ready, 5*time.Second) {
				t.Fatalf("%s: %q did not show within 5 s", name, ready)
			}
			ms = append(ms, float64(time.Since(start).Microseconds())/1000)
		}
		rows = append(rows, row{name, ms})
	}
	// The typing above left recovery copies; a start that offers one
	// would draw a dialog over what it waits for.
	if err := os.RemoveAll(filepath.Join(dir, "cache")); err != nil {
		t.Fatal(err)
	}
	measureStart("start-bash", "bash -c 'cat "+big+" >/dev/null; echo ready; sleep 1000'", "ready")
	measureStart("start-example", appCommand(t, dir, bin, []string{example}, "", status), "get_weather")
	measureStart("start-1000", appCommand(t, dir, bin, []string{big}, "", status), "1 Tools")

	floor := map[string]float64{}
	var b strings.Builder
	fmt.Fprintf(&b, "\n%-14s %9s %9s %9s\n", "", "median", "p90", "x floor")
	for _, r := range rows {
		slices.Sort(r.ms)
		med, p90 := r.ms[len(r.ms)/2], r.ms[len(r.ms)*9/10]
		base := "bash"
		if strings.HasPrefix(r.name, "start-") {
			base = "start-bash"
		}
		if r.name == base {
			floor[base] = med
		}
		fmt.Fprintf(&b, "%-14s %7.1fms %7.1fms %8.2fx\n", r.name, med, p90, med/floor[base])
	}
	t.Log(b.String())
}

// control is a tmux control-mode client attached to one session.
type control struct {
	t     *testing.T
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
}

func attachControl(t *testing.T, x *term, name string) *control {
	t.Helper()
	cmd := exec.Command("tmux", "-u", "-L", x.sock, "-f", filepath.Join(x.dir, "tmux.conf"), "-C", "attach", "-t", name)
	cmd.Env = x.env
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &control{t: t, cmd: cmd, in: in, lines: make(chan string, 4096)}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		for sc.Scan() {
			if l := sc.Text(); strings.HasPrefix(l, "%output ") {
				c.lines <- l
			}
		}
		close(c.lines)
	}()
	return c
}

func (c *control) send(command string) {
	if _, err := io.WriteString(c.in, command+"\n"); err != nil {
		c.t.Fatal(err)
	}
}

// quiet waits until the pane has written nothing for d.
func (c *control) quiet(d time.Duration) {
	for {
		select {
		case <-c.lines:
		case <-time.After(d):
			return
		}
	}
}

// output waits for the pane's next output.
func (c *control) output(limit time.Duration) bool {
	select {
	case _, ok := <-c.lines:
		return ok
	case <-time.After(limit):
		return false
	}
}

// until waits for output containing s (as plain text in one %output line).
func (c *control) until(s string, limit time.Duration) bool {
	deadline := time.After(limit)
	for {
		select {
		case l, ok := <-c.lines:
			if !ok {
				return false
			}
			if strings.Contains(l, s) {
				return true
			}
		case <-deadline:
			return false
		}
	}
}

func (c *control) close() {
	_ = c.in.Close()
	_ = c.cmd.Wait()
}
