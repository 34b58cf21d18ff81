package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tooltui/tooltui/internal/benchdata"
	"github.com/tooltui/tooltui/internal/model"
)

// TestLatency measures what a user feels, the way they feel it: the real
// binary in tmux, from a key sent to the pane until the pane shows it, and
// from a start until the first frame shows a tool, against bash in the same
// tmux as the floor, and beside the smallest Bubble Tea v2 program with a
// text field (testdata/minimaltea, built here), the floor of the framework.
// It prints tables, then one table of the medians side by side, and fails
// on nothing (timings depend on the machine); run it with
//
//	TOOLTUI_LATENCY=1 go test -run TestLatency -v ./cmd/tooltui
//
// TOOLTUI_LATENCY_BASE=/path/to/another/tooltui adds that binary's rows,
// measured in the same run (say, a build of an earlier commit), so that a
// change is compared side by side under the same load.
//
// Every figure is taken two ways:
//
//   - control mode: a tmux control-mode client reports the pane's output
//     the moment tmux reads it (%output), so nothing polls; bash's echo
//     costs well under a millisecond here.
//   - polling: `tmux send-keys` types a character and `tmux capture-pane
//     -p` is run until the pane shows it, as one would check it by hand;
//     each tmux command is a process, so the floor is several
//     milliseconds.
//
// The sessions take turns, key by key, so that a change in the machine's
// load reaches all of them alike. Before each key the harness waits for the
// pane to be quiet and then a random part of 50 ms: tooltui writes frames
// on a ticker, and a fixed pause would land every key at the same point of
// the frame.
//
// The starts include a workspace of 200 documents (tooltui DIR, its first
// document the example) beside the example alone (tooltui FILE).
//
// Then a held key (30 a second, on the 1,000-tool document) checks that
// keys do not queue, and the idle app's CPU time and context switches
// (which count its wake-ups) are read from /proc over 10 s.
//
// The apps run as in a user's tmux: with the pane's environment (TMUX and
// TERM as tmux sets them, PATH with tmux on it), only HOME and the cache
// moved to a temporary directory.
func TestLatency(t *testing.T) {
	if os.Getenv("TOOLTUI_LATENCY") == "" {
		t.Skip("set TOOLTUI_LATENCY=1 to measure keystroke and start-up latency in tmux")
	}
	x := newTerm(t)
	dir := t.TempDir()
	bin := buildBinary(t, dir)
	minimal := buildMinimalTea(t, dir)
	big := filepath.Join(dir, "big.json")
	writeTestFile(t, big, string(benchdata.Mixed(1000)))
	example := filepath.Join(dir, "example.json")
	writeTestFile(t, example, string(model.ExampleJSON()))
	// A workspace of 200 documents, the first of them the example (the
	// others with their function renamed): tooltui DIR beside tooltui FILE.
	ws := filepath.Join(dir, "ws")
	if err := os.MkdirAll(ws, 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range 200 {
		doc := string(model.ExampleJSON())
		if i > 0 {
			doc = strings.ReplaceAll(doc, `"get_weather"`, fmt.Sprintf(`"weather_%d"`, i))
		}
		writeTestFile(t, filepath.Join(ws, fmt.Sprintf("doc%03d.json", i)), doc)
	}
	bins := []struct{ prefix, path string }{{"", bin}}
	if base := os.Getenv("TOOLTUI_LATENCY_BASE"); base != "" {
		bins = append(bins, struct{ prefix, path string }{"base ", base})
	}
	rng := rand.New(rand.NewPCG(14, 14))
	jitter := func() { time.Sleep(time.Duration(rng.Int64N(int64(50 * time.Millisecond)))) }
	letter := func() string { return string(rune('a' + rng.IntN(26))) }

	var r latReport
	summary := latSummary{key: map[string]float64{}, start: map[string]float64{}}
	r.printf("TestLatency %s, %d CPUs, load average %s", time.Now().Format("2006-01-02 15:04"), runtime.NumCPU(), loadAvg())

	appLine := func(bin, file, cache string) string {
		return "exec env HOME=" + shellQuote(dir) + " XDG_CACHE_HOME=" + shellQuote(filepath.Join(dir, cache)) +
			" " + shellQuote(bin) + " " + shellQuote(file)
	}

	// ---- keystrokes ----

	type session struct {
		name, line, ready string
		prepare           []string // keys that open the field to type into
		typed             string   // what was typed into it since the phase began
	}
	minimalLine := "exec env HOME=" + shellQuote(dir) + " XDG_CACHE_HOME=" + shellQuote(filepath.Join(dir, "cache-minimaltea")) + " " + shellQuote(minimal)
	ss := []*session{
		{name: "bash", line: "exec env PS1='$ ' HOME=" + shellQuote(dir) + " bash --norc --noprofile", ready: "$"},
		{name: "minimaltea", line: minimalLine, ready: "minimaltea ready"},
	}
	editName := []string{"j", "Enter", "Enter"} // the first function, its Name field, edit
	for _, b := range bins {
		for _, d := range []struct{ name, file, ready string }{
			{"example", example, "get_weather"},
			{"1000 tools", big, "tool_0000_lookup"},
		} {
			name := b.prefix + d.name
			cache := "cache-" + strings.ReplaceAll(name, " ", "-")
			ss = append(ss, &session{name: name, line: appLine(b.path, d.file, cache), ready: d.ready, prepare: editName})
		}
	}
	target := func(s *session) string { return strings.ReplaceAll(s.name, " ", "_") }
	for _, s := range ss {
		x.must("new-session", "-d", "-s", target(s), "-x", "100", "-y", "30", s.line)
	}
	for _, s := range ss {
		x.waitFor(target(s), s.name+"'s first screen", has(s.ready))
		for _, k := range s.prepare {
			x.keys(target(s), k)
			time.Sleep(150 * time.Millisecond)
		}
	}
	// begin types a few letters, untimed, so that what each key adds is
	// a string the pane did not show before.
	begin := func() {
		for _, s := range ss {
			s.typed = ""
			for range 5 {
				s.typed += letter()
			}
			x.text(target(s), s.typed)
		}
		for _, s := range ss {
			x.waitFor(target(s), s.name+" showing "+s.typed, has(s.typed))
		}
	}
	// end deletes what the phase typed, keeping the name short.
	end := func() {
		for _, s := range ss {
			x.must("send-keys", "-t", target(s), "-N", strconv.Itoa(len(s.typed)), "BSpace")
		}
		for _, s := range ss {
			x.waitFor(target(s), s.name+" without "+s.typed, func(scr string) bool { return !strings.Contains(scr, s.typed) })
		}
	}
	const keys = 30
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

	// Control mode: from the key to the pane's next output.
	begin()
	ctl := map[*session]*control{}
	for _, s := range ss {
		ctl[s] = attachControl(t, x, target(s))
	}
	got := map[*session][]float64{}
	for range keys {
		for _, s := range ss {
			c := ctl[s]
			c.quiet(120 * time.Millisecond)
			jitter()
			ch := letter()
			start := time.Now()
			c.send("send-keys -t " + target(s) + " -l " + ch)
			if _, ok := c.output(2 * time.Second); !ok {
				t.Fatalf("%s: no output within 2 s of a key", s.name)
			}
			got[s] = append(got[s], ms(time.Since(start)))
			s.typed += ch
		}
	}
	for _, s := range ss {
		ctl[s].close()
	}
	r.table("keystroke, control mode (key to the pane's output)", "bash")
	for _, s := range ss {
		r.row(s.name, got[s])
		summary.key[s.name] = median(got[s])
	}
	end()

	// Polling: from `tmux send-keys` until `tmux capture-pane -p` shows
	// the key (with the letters before it, as one string).
	begin()
	got = map[*session][]float64{}
	for range keys {
		for _, s := range ss {
			time.Sleep(120 * time.Millisecond)
			var ch, want string
			for range 10 {
				ch = letter()
				want = s.typed + ch
				want = want[max(0, len(want)-6):]
				if !strings.Contains(x.screen(target(s)), want) {
					break
				}
			}
			jitter()
			start := time.Now()
			x.text(target(s), ch)
			for !strings.Contains(x.screen(target(s)), want) {
				if time.Since(start) > 2*time.Second {
					t.Fatalf("%s: %q not on the screen within 2 s:\n%s", s.name, want, x.screen(target(s)))
				}
			}
			got[s] = append(got[s], ms(time.Since(start)))
			s.typed += ch
		}
	}
	r.table("keystroke, polling (send-keys until capture-pane shows it)", "bash")
	for _, s := range ss {
		r.row(s.name, got[s])
	}
	end()

	// A held key: 40 keys at 30 a second into the 1,000-tool document's
	// Name, without waiting for the screen. Each key's wait is until the
	// pane's next output; "last" is the last key's, which must be within
	// a frame (plus the key's own work) if nothing queued, and the median
	// of the last 10 keys must not have grown from the first 10's.
	begin()
	r.printf("\nheld key, 40 keys at 30/s, control mode: each key until the pane's next output")
	r.printf("%-22s %9s %9s %9s %9s %9s %9s", "", "median", "p90", "max", "last", "first 10", "last 10")
	for _, s := range ss {
		if !strings.HasSuffix(s.name, "1000 tools") {
			continue
		}
		waits, last := holdKey(t, x, target(s), 40, time.Second/30, letter, &s.typed)
		x.waitFor(target(s), s.name+" showing the held keys", has(s.typed[len(s.typed)-6:]))
		med := func(ms []float64) float64 { return slices.Sorted(slices.Values(ms))[len(ms)/2] }
		sorted := slices.Sorted(slices.Values(waits))
		r.printf("%-22s %7.1fms %7.1fms %7.1fms %7.1fms %7.1fms %7.1fms", s.name, sorted[len(sorted)/2], sorted[len(sorted)*9/10], sorted[len(sorted)-1],
			last, med(waits[:10]), med(waits[len(waits)-10:]))
	}
	end()

	// ---- start-up ----

	type start struct{ name, line, ready string }
	starts := []start{
		{"bash -c 'cat big.json'", "bash -c 'cat " + shellQuote(big) + " >/dev/null; echo ready; exec sleep 1000'", "ready"},
		{"minimaltea start", minimalLine, "minimaltea ready"},
	}
	for _, b := range bins {
		starts = append(starts,
			start{b.prefix + "start, example", appLine(b.path, example, "cache-start"), "get_weather"},
			start{b.prefix + "start, workspace of 200", appLine(b.path, ws, "cache-start"), "get_weather"},
			start{b.prefix + "start, 1000 tools", appLine(b.path, big, "cache-start"), "tool_0000_lookup"})
	}
	stTarget := func(i int) string { return fmt.Sprintf("start%d", i) }
	for i := range starts {
		x.must("new-session", "-d", "-s", stTarget(i), "-x", "100", "-y", "30", "sleep 1000")
	}
	for _, s := range ss { // after the new ones: tmux exits with its last session
		x.must("kill-session", "-t", target(s))
	}
	const runs = 7

	// Control mode: from respawn-pane to the output showing ready.
	gotStart := make([][]float64, len(starts))
	sctl := make([]*control, len(starts))
	for i := range starts {
		sctl[i] = attachControl(t, x, stTarget(i))
	}
	for range runs {
		for i, st := range starts {
			c := sctl[i]
			c.quiet(200 * time.Millisecond)
			jitter()
			begin := time.Now()
			c.send("respawn-pane -k -t " + stTarget(i) + " " + shellQuote(st.line))
			if !c.until(st.ready, 5*time.Second) {
				t.Fatalf("%s: %q did not show within 5 s", st.name, st.ready)
			}
			gotStart[i] = append(gotStart[i], ms(time.Since(begin)))
		}
	}
	for _, c := range sctl {
		c.close()
	}
	r.table("start, control mode (respawn-pane to the first frame showing a tool)", starts[0].name)
	for i, st := range starts {
		r.row(st.name, gotStart[i])
		summary.start[st.name] = median(gotStart[i])
	}

	// Polling: from `tmux respawn-pane` until capture-pane shows ready.
	gotStart = make([][]float64, len(starts))
	for range runs {
		for i, st := range starts {
			x.must("respawn-pane", "-k", "-t", stTarget(i), "sleep 1000")
			x.waitFor(stTarget(i), "a cleared pane", func(s string) bool { return !strings.Contains(s, st.ready) })
			time.Sleep(200 * time.Millisecond)
			jitter()
			begin := time.Now()
			x.must("respawn-pane", "-k", "-t", stTarget(i), st.line)
			for !strings.Contains(x.screen(stTarget(i)), st.ready) {
				if time.Since(begin) > 5*time.Second {
					t.Fatalf("%s: %q did not show within 5 s", st.name, st.ready)
				}
			}
			gotStart[i] = append(gotStart[i], ms(time.Since(begin)))
		}
	}
	r.table("start, polling (respawn-pane until capture-pane shows a tool)", starts[0].name)
	for i, st := range starts {
		r.row(st.name, gotStart[i])
	}

	// ---- idle ----

	// The apps just started above sit on their first screen; read what
	// each process did over the same 10 s.
	if _, err := os.Stat("/proc/self/stat"); err == nil {
		time.Sleep(2 * time.Second)
		type idle struct {
			pid            int
			ticks, wakeups int64
			c              *control
		}
		ids := make([]*idle, len(starts))
		for i := range starts {
			pid, err := strconv.Atoi(strings.TrimSpace(x.must("display-message", "-p", "-t", stTarget(i), "#{pane_pid}")))
			if err != nil {
				t.Fatal(err)
			}
			ids[i] = &idle{pid: pid, c: attachControl(t, x, stTarget(i))}
		}
		for _, id := range ids {
			id.ticks, id.wakeups = procCounts(id.pid)
		}
		const window = 10 * time.Second
		time.Sleep(window)
		r.printf("\nidle for %s on the first screen (from /proc: CPU time in clock ticks of %d ms, context switches of all threads)", window, 10)
		r.printf("%-22s %9s %11s %9s", "", "ticks", "switches/s", "outputs")
		for i, id := range ids {
			ticks, wakeups := procCounts(id.pid)
			outputs := id.c.drain()
			id.c.close()
			r.printf("%-22s %9d %11.1f %9d", starts[i].name, ticks-id.ticks, float64(wakeups-id.wakeups)/window.Seconds(), outputs)
		}
	}
	// One table: each program's median keystroke and start (control
	// mode) beside bash's and the minimal Bubble Tea program's.
	r.printf("\nmedians side by side (control mode); x minimaltea = the ratio to the minimal Bubble Tea v2 program")
	r.printf("%-22s %12s %12s %14s %14s", "", "keystroke", "start", "key x minimal", "start x minimal")
	rows := []struct{ name, key, start string }{
		{"bash", "bash", "bash -c 'cat big.json'"},
		{"minimaltea", "minimaltea", "minimaltea start"},
	}
	for _, b := range bins {
		for _, d := range []string{"example", "1000 tools"} {
			rows = append(rows, struct{ name, key, start string }{"tooltui " + b.prefix + d, b.prefix + d, b.prefix + "start, " + d})
		}
	}
	for _, b := range bins {
		rows = append(rows, struct{ name, key, start string }{"tooltui " + b.prefix + "workspace", "", b.prefix + "start, workspace of 200"})
	}
	for _, row := range rows {
		k, st := summary.key[row.key], summary.start[row.start]
		r.printf("%-22s %10.1fms %10.1fms %13.2fx %13.2fx", row.name, k, st, k/summary.key["minimaltea"], st/summary.start["minimaltea start"])
	}
	r.printf("load average at the end %s", loadAvg())
	t.Log(r.String())
}

// latSummary holds the medians of the control-mode tables, by row name.
type latSummary struct{ key, start map[string]float64 }

func median(ms []float64) float64 {
	if len(ms) == 0 {
		return 0
	}
	return slices.Sorted(slices.Values(ms))[len(ms)/2]
}

// buildMinimalTea builds testdata/minimaltea into dir.
func buildMinimalTea(t *testing.T, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, "minimaltea")
	if out, err := exec.Command("go", "build", "-o", bin, "./testdata/minimaltea").CombinedOutput(); err != nil {
		t.Fatalf("go build ./testdata/minimaltea: %v\n%s", err, out)
	}
	return bin
}

// holdKey types n letters into the session every period, as a held key
// would, without waiting for the screen. It returns, per key, the time
// until the pane's next output, and that of the last key.
func holdKey(t *testing.T, x *term, target string, n int, period time.Duration, letter func() string, typed *string) (waits []float64, last float64) {
	t.Helper()
	c := attachControl(t, x, target)
	defer c.close()
	c.quiet(200 * time.Millisecond)
	chars := make([]string, n)
	for i := range chars {
		chars[i] = letter()
		*typed += chars[i]
	}
	sent := make([]time.Time, n)
	done := make(chan error, 1)
	go func() {
		tick := time.NewTicker(period)
		defer tick.Stop()
		for i := range n {
			<-tick.C
			sent[i] = time.Now()
			if _, err := io.WriteString(c.in, "send-keys -t "+target+" -l "+chars[i]+"\n"); err != nil {
				done <- err
				return
			}
		}
		done <- nil
	}()
	var outs []time.Time
	var sendErr error
	finished := false
	for {
		var quiet <-chan time.Time
		if finished {
			quiet = time.After(300 * time.Millisecond)
		}
		select {
		case l, ok := <-c.lines:
			if !ok {
				t.Fatal("the control client ended")
			}
			outs = append(outs, l.at)
			continue
		case sendErr = <-done:
			finished = true
			continue
		case <-quiet:
		}
		break
	}
	if sendErr != nil {
		t.Fatal(sendErr)
	}
	for _, s := range sent {
		i, _ := slices.BinarySearchFunc(outs, s, func(o, s time.Time) int { return o.Compare(s) })
		if i == len(outs) {
			t.Fatalf("%s: no output after a held key", target)
		}
		waits = append(waits, float64(outs[i].Sub(s).Microseconds())/1000)
	}
	return waits, waits[len(waits)-1]
}

// procCounts reads a process's CPU time (user and system, in clock ticks)
// and the context switches of all its threads.
func procCounts(pid int) (ticks, switches int64) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, 0
	}
	if i := bytes.LastIndexByte(b, ')'); i >= 0 {
		f := strings.Fields(string(b[i+1:]))
		if len(f) > 12 {
			u, _ := strconv.ParseInt(f[11], 10, 64)
			s, _ := strconv.ParseInt(f[12], 10, 64)
			ticks = u + s
		}
	}
	tasks, _ := os.ReadDir(fmt.Sprintf("/proc/%d/task", pid))
	for _, task := range tasks {
		st, err := os.ReadFile(fmt.Sprintf("/proc/%d/task/%s/status", pid, task.Name()))
		if err != nil {
			continue
		}
		for l := range strings.SplitSeq(string(st), "\n") {
			if k, v, ok := strings.Cut(l, ":"); ok && strings.HasSuffix(k, "ctxt_switches") {
				n, _ := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
				switches += n
			}
		}
	}
	return ticks, switches
}

func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	return strings.Join(strings.Fields(string(b))[:3], " ")
}

// latReport gathers the printed tables; each row's ratios are to the first
// row of its table.
type latReport struct {
	b             strings.Builder
	floor, floor9 float64
}

func (r *latReport) printf(format string, args ...any) {
	fmt.Fprintf(&r.b, format+"\n", args...)
}

func (r *latReport) table(title, floorName string) {
	r.floor = 0
	r.printf("\n%s; ratios to %s", title, floorName)
	r.printf("%-22s %9s %9s %9s %9s", "", "median", "p90", "x median", "x p90")
}

func (r *latReport) row(name string, ms []float64) {
	s := slices.Sorted(slices.Values(ms))
	med, p90 := s[len(s)/2], s[len(s)*9/10]
	if r.floor == 0 {
		r.floor, r.floor9 = med, p90
	}
	r.printf("%-22s %7.1fms %7.1fms %8.2fx %8.2fx", name, med, p90, med/r.floor, p90/r.floor9)
}

func (r *latReport) String() string { return r.b.String() }

// control is a tmux control-mode client attached to one session.
type control struct {
	t     *testing.T
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan outputLine
	wg    sync.WaitGroup
}

// outputLine is one %output notification: the pane's output, with tmux's
// octal escapes left in, and when it arrived.
type outputLine struct {
	at   time.Time
	text string
}

func attachControl(t *testing.T, x *term, target string) *control {
	t.Helper()
	cmd := x.command("-C", "attach", "-t", target)
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
	c := &control{t: t, cmd: cmd, in: in, lines: make(chan outputLine, 1<<16)}
	c.wg.Go(func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		for sc.Scan() {
			if l := sc.Text(); strings.HasPrefix(l, "%output ") {
				// "%output %<pane> <data>"
				_, data, _ := strings.Cut(l[len("%output "):], " ")
				c.lines <- outputLine{time.Now(), data}
			}
		}
		close(c.lines)
	})
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
		case _, ok := <-c.lines:
			if !ok {
				return
			}
		case <-time.After(d):
			return
		}
	}
}

// drain counts the outputs that arrived and were not read yet.
func (c *control) drain() int {
	n := 0
	for {
		select {
		case _, ok := <-c.lines:
			if !ok {
				return n
			}
			n++
		default:
			return n
		}
	}
}

// output waits for the pane's next output.
func (c *control) output(limit time.Duration) (outputLine, bool) {
	select {
	case l, ok := <-c.lines:
		return l, ok
	case <-time.After(limit):
		return outputLine{}, false
	}
}

// until waits for output containing s as plain text, which may be split
// across %output lines.
func (c *control) until(s string, limit time.Duration) bool {
	deadline := time.After(limit)
	var tail string
	for {
		select {
		case l, ok := <-c.lines:
			if !ok {
				return false
			}
			text := tail + l.text
			if strings.Contains(text, s) {
				return true
			}
			tail = text[max(0, len(text)-len(s)):]
		case <-deadline:
			return false
		}
	}
}

func (c *control) close() {
	_ = c.in.Close()
	for range c.lines {
	}
	c.wg.Wait()
	_ = c.cmd.Wait()
}
