package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestLatencyCommands measures the commands that print and exit, beside
// the smallest Go programs that do the same: wall time from the start of
// the process to its exit, and its CPU time (user and system), median and
// fastest of interleaved runs, for tooltui --version and tooltui build
// examples/travel.json, twice: with standard output on /dev/null (as in a
// pipe or a script) and on a terminal inside tmux (a pseudo-terminal,
// with TMUX naming this test's running tmux server and TERM=tmux-256color,
// as in a user's tmux pane). It fails on nothing; run it with
//
//	TOOLTUI_LATENCY=1 go test -run TestLatencyCommands -v ./cmd/tooltui
//
// TOOLTUI_LATENCY_BASE=/path/to/another/tooltui adds that binary's rows.
func TestLatencyCommands(t *testing.T) {
	if os.Getenv("TOOLTUI_LATENCY") == "" {
		t.Skip("set TOOLTUI_LATENCY=1 to measure the commands' start-up")
	}
	dir := t.TempDir()
	bin := buildBinary(t, dir)
	hello, parse := buildMinimalGo(t, dir)
	doc, err := filepath.Abs(filepath.Join("..", "..", "examples", "travel.json"))
	if err != nil {
		t.Fatal(err)
	}
	x := newTerm(t)
	x.start("server", "sleep 1000")
	tmuxEnv := "TMUX=" + strings.TrimSpace(x.must("display-message", "-p", "-t", "server", "#{socket_path},#{pid},0"))
	pts := openPTY(t)
	devNull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer devNull.Close()

	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "TMUX") && !strings.HasPrefix(kv, "TERM=") && !strings.HasPrefix(kv, "COLORTERM=") && !strings.HasPrefix(kv, "NO_COLOR=") {
			env = append(env, kv)
		}
	}
	env = append(env, "HOME="+dir, "XDG_CACHE_HOME="+filepath.Join(dir, "cache"))
	outputs := []struct {
		name string
		out  *os.File
		env  []string
	}{
		{"standard output on /dev/null", devNull, append(slices.Clip(env), "TERM=xterm-256color")},
		{"standard output a terminal in tmux", pts, append(slices.Clip(env), "TERM=tmux-256color", tmuxEnv, "TMUX_PANE=%0")},
	}
	type command struct {
		name string
		argv []string
	}
	cmds := []command{
		{"minimal Go program", []string{hello}},
		{"Go: parse, indent, print", []string{parse, doc}},
		{"tooltui --version", []string{bin, "--version"}},
		{"tooltui build", []string{bin, "build", doc}},
	}
	if base := os.Getenv("TOOLTUI_LATENCY_BASE"); base != "" {
		cmds = append(cmds, command{"base --version", []string{base, "--version"}}, command{"base build", []string{base, "build", doc}})
	}
	const runs, warm = 30, 3
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	var b strings.Builder
	fmt.Fprintf(&b, "TestLatencyCommands %s, %d CPUs, load average %s; %d interleaved runs each\n", time.Now().Format("2006-01-02 15:04"), runtime.NumCPU(), loadAvg(), runs)
	for _, o := range outputs {
		wall := make([][]float64, len(cmds))
		cpu := make([][]float64, len(cmds))
		for i := range runs + warm {
			for j, c := range cmds {
				cmd := exec.Command(c.argv[0], c.argv[1:]...)
				cmd.Env, cmd.Stdout, cmd.Stderr = o.env, o.out, devNull
				start := time.Now()
				if err := cmd.Run(); err != nil {
					t.Fatalf("%s: %v", c.name, err)
				}
				w := time.Since(start)
				if i >= warm {
					wall[j] = append(wall[j], ms(w))
					cpu[j] = append(cpu[j], ms(cmd.ProcessState.UserTime()+cmd.ProcessState.SystemTime()))
				}
			}
		}
		fmt.Fprintf(&b, "\n%s\n%-28s %10s %10s %10s %12s\n", o.name, "", "wall", "fastest", "CPU", "x minimal")
		for j, c := range cmds {
			fmt.Fprintf(&b, "%-28s %8.1fms %8.1fms %8.1fms %11.2fx\n", c.name, median(wall[j]), slices.Min(wall[j]), median(cpu[j]), median(wall[j])/median(wall[0]))
		}
	}
	fmt.Fprintf(&b, "load average at the end %s", loadAvg())
	t.Log(b.String())
}

// buildMinimalGo builds, into dir, the smallest Go program that prints a
// line, and one that reads a JSON file, parses it, indents and prints it.
func buildMinimalGo(t *testing.T, dir string) (hello, parse string) {
	t.Helper()
	src := map[string]string{
		"hello": "package main\n\nimport \"os\"\n\nfunc main() { os.Stdout.WriteString(\"hello\\n\") }\n",
		"parse": `package main

import (
	"encoding/json"
	"os"
)

func main() {
	data, err := os.ReadFile(os.Args[1])
	if err != nil {
		panic(err)
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		panic(err)
	}
	out, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		panic(err)
	}
	os.Stdout.Write(append(out, '\n'))
}
`,
	}
	for name, code := range src {
		d := filepath.Join(dir, "minimal-"+name)
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		writeTestFile(t, filepath.Join(d, "main.go"), code)
		writeTestFile(t, filepath.Join(d, "go.mod"), "module minimal"+name+"\n\ngo 1.26\n")
		cmd := exec.Command("go", "build", "-o", filepath.Join(dir, name), ".")
		cmd.Dir = d
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go build %s: %v\n%s", name, err, out)
		}
	}
	return filepath.Join(dir, "hello"), filepath.Join(dir, "parse")
}
