package ui_test

// Benchmarks of the root model on the documents of internal/benchdata,
// driven the way a user drives it: a 140×40 window, keys to select a tool
// and focus a field, then one key press (Update) and the frame it produces
// (View) per iteration.
//
//	go test -run '^$' -bench . -benchmem -count 3 ./internal/ui
//
// Every keystroke benchmark reports the floor measured in the same run:
// encoding/json Marshal of the app's final request decoded into any, plus
// json.Indent (floor-ns/op), and ns/op ÷ floor (x-floor).
//
// Targets: a keystroke (Update + View) ≤ 2 ms on the typical document,
// ≤ 16 ms on the large ones and in the 100 KB parameters editor; the first
// frame within 100 ms of start; under 100 MB of heap for the 1,000-tool
// document.
//
// Identifiers here start with "bench" so they cannot collide with the
// helpers of the package's other tests.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/benchdata"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
	"github.com/tooltui/tooltui/internal/ui"
)

const (
	benchWidth, benchHeight = 140, 40
	benchFloorTime          = 300 * time.Millisecond
)

var (
	benchKeyX         = tea.KeyPressMsg{Code: 'x', Text: "x"}
	benchKeyBackspace = tea.KeyPressMsg{Code: tea.KeyBackspace}
	benchKeyDown      = tea.KeyPressMsg{Code: tea.KeyDown}
	benchKeyEnter     = tea.KeyPressMsg{Code: tea.KeyEnter}
	benchKeyTab       = tea.KeyPressMsg{Code: tea.KeyTab}
	benchKeyEnd       = tea.KeyPressMsg{Code: tea.KeyEnd}
	benchKeyLeft      = tea.KeyPressMsg{Code: tea.KeyLeft}
)

// benchDeps never touch the clipboard, the file system or the environment.
func benchDeps() ui.Deps {
	return ui.Deps{
		CopyNative: noCopy,
		WriteFile:  func(string, []byte) error { return nil },
		Getenv:     func(string) string { return "" },
	}
}

// benchStart is what the program does before its first frame: load the
// document, build the app, size it, draw.
func benchStart(tb testing.TB, src []byte) (*ui.App, tea.View) {
	d, err := model.Parse(src)
	if err != nil {
		tb.Fatal(err)
	}
	return benchOpen(d)
}

// benchOpen is ui.New, the first WindowSizeMsg and the first View.
func benchOpen(d *model.Document) (*ui.App, tea.View) {
	a := ui.New(ui.Options{Doc: d, Name: "bench.json", Deps: benchDeps()})
	a.Update(tea.WindowSizeMsg{Width: benchWidth, Height: benchHeight})
	return a, a.View()
}

// benchWarmTokens builds the token encoding and counts every tool, as
// the program does after the first frame, so that a keystroke pays what
// it pays in use: the changed tool counted again, the others looked up.
func benchWarmTokens(a *ui.App) {
	for cmd := ui.WarmTokensNow(); cmd != nil; {
		_, cmd = a.Update(cmd())
	}
}

func benchSend(a *ui.App, msgs ...tea.Msg) {
	for _, m := range msgs {
		a.Update(m)
	}
}

// benchField is a field typed into: the keys that focus it from the tools
// pane with the function selected, and where in the field to type.
type benchField struct {
	name string
	tabs int // tab presses after enter focuses the editor: 0 name, 1 description, 2 parameters
}

var (
	benchName        = benchField{"Name", 0}
	benchDescription = benchField{"Description", 1}
	benchParameters  = benchField{"Parameters", 2}
)

type benchCase struct {
	doc   benchdata.Doc
	fn    int // index of the function typed into
	field benchField
}

func benchCases() []benchCase {
	typical := benchdata.Doc{Name: "Typical", JSON: benchdata.Typical}
	mixed := benchdata.Doc{Name: "Mixed1000", JSON: benchdata.Mixed1000}
	big := benchdata.Doc{Name: "BigParams1MB", JSON: benchdata.BigParams1MB}
	p100 := benchdata.Doc{Name: "Params100KB", JSON: benchdata.Params100KB}
	return []benchCase{
		{typical, 0, benchName},
		{typical, 0, benchDescription},
		{typical, 0, benchParameters},
		{mixed, 300, benchName},
		{mixed, 300, benchDescription},
		{big, 0, benchName},
		{big, 0, benchDescription},
		{p100, 0, benchParameters},
	}
}

// benchFocus selects function fn, focuses the editor pane (enter), moves
// to the field (tab) and starts editing it (enter: moving between fields
// never edits) and, for parameters, puts the cursor inside the description
// string of the schema line nearest the middle, the way a user would get
// there: arrows, end, left. It returns what one typed "x" looks like in
// the request, to check that the keystroke reached the document.
func benchFocus(b *testing.B, a *ui.App, d *model.Document, c benchCase) (probe string) {
	b.Helper()
	for range c.fn + 1 { // row 0 is the request
		benchSend(a, benchKeyDown)
	}
	benchSend(a, benchKeyEnter) // the editor pane, first field
	for range c.field.tabs {
		benchSend(a, benchKeyTab)
	}
	benchSend(a, benchKeyEnter) // edit the field
	o, err := rawjson.ParseObject(d.Functions[c.fn].Raw)
	if err != nil {
		b.Fatal(err)
	}
	str := func(key string) string {
		raw, _ := o.Get(key)
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			b.Fatalf("function %d: %s: %v", c.fn, key, err)
		}
		return s
	}
	switch c.field {
	case benchName: // typing appends
		return `"name": "` + str("name") + `x"`
	case benchDescription: // the cursor starts at the beginning
		return `"description": "x` + str("description")
	}
	params, _ := o.Get("parameters")
	var pretty bytes.Buffer
	if err := json.Indent(&pretty, bytes.TrimSpace(params), "", "  "); err != nil {
		b.Fatal(err)
	}
	lines := strings.Split(pretty.String(), "\n")
	target, lefts := -1, 0
	for i := len(lines) / 2; i < len(lines)+len(lines)/2 && target < 0; i++ {
		l := strings.TrimSpace(lines[i%len(lines)])
		if strings.HasPrefix(l, `"description": "`) {
			switch {
			case strings.HasSuffix(l, `",`):
				target, lefts = i%len(lines), 2
			case strings.HasSuffix(l, `"`):
				target, lefts = i%len(lines), 1
			}
		}
	}
	if target < 0 {
		b.Fatal("no description line in the schema")
	}
	for range target {
		benchSend(a, benchKeyDown)
	}
	benchSend(a, benchKeyEnd)
	for range lefts {
		benchSend(a, benchKeyLeft)
	}
	text := strings.TrimSpace(lines[target])
	text = text[:len(text)-lefts]
	return text + "x" + `"`
}

// BenchmarkKeystroke is one key press in a focused field and the frame it
// produces: Update, then View. Odd iterations type "x", even ones delete it,
// so the document does not grow with b.N. Each change runs the whole edit
// path: the field's value into the document, the converter (reused, so
// only the edited tool is re-checked), the preview's line index, and the
// frame (only visible lines are coloured).
func BenchmarkKeystroke(b *testing.B) {
	for _, c := range benchCases() {
		b.Run(c.doc.Name+"/"+c.field.name, func(b *testing.B) {
			src := c.doc.JSON()
			d, err := model.Parse(src)
			if err != nil {
				b.Fatal(err)
			}
			a, _ := benchStart(b, src)
			benchWarmTokens(a)
			probe := benchFocus(b, a, d, c)

			// The keystroke must reach the request, and its undo too.
			benchSend(a, benchKeyX)
			if !bytes.Contains(a.Output(), []byte(probe)) {
				b.Fatalf("typing x did not give %s in the request", probe)
			}
			benchSend(a, benchKeyBackspace)
			if bytes.Contains(a.Output(), []byte(probe)) {
				b.Fatalf("backspace did not remove the x")
			}
			floor := benchdata.NewFloor(a.Output()).Measure(benchFloorTime)

			b.ReportAllocs()
			n, sink := 0, 0
			run := benchdata.Start(floor)
			for b.Loop() {
				if n&1 == 0 {
					a.Update(benchKeyX)
				} else {
					a.Update(benchKeyBackspace)
				}
				n++
				sink += len(a.View().Content)
			}
			if sink == 0 {
				b.Fatal("empty frames")
			}
			run.Report(b, b.N)
		})
	}
}

// BenchmarkView is a frame with nothing changed (a cursor blink or any
// message that changes nothing): View alone, with the description of the
// first function being edited. Its cost does not grow with the document because
// every pane draws only its visible part.
func BenchmarkView(b *testing.B) {
	for _, bd := range benchdata.Docs {
		b.Run(bd.Name, func(b *testing.B) {
			src := bd.JSON()
			d, _ := model.Parse(src)
			a, _ := benchStart(b, src)
			benchFocus(b, a, d, benchCase{doc: bd, field: benchDescription})
			floor := benchdata.NewFloor(a.Output()).Measure(benchFloorTime)
			b.ReportAllocs()
			sink := 0
			run := benchdata.Start(floor)
			for b.Loop() {
				sink += len(a.View().Content)
			}
			run.Report(b, b.N)
		})
	}
}

// BenchmarkFirstFrame is ui.New (which runs the first conversion), the
// first WindowSizeMsg and the first View on a parsed document, with the
// schemas already compiled (see BenchmarkFirstFrameCold for a fresh
// process). parse-ns/op is model.Parse of the same document, timed before
// the loop: a start from a file costs both. The benchmark also reports the
// heap in use after loading, converting and drawing, from
// runtime.ReadMemStats: right after the first frame (heap-inuse-MB) and
// with the app live after a GC (heap-live-MB).
func BenchmarkFirstFrame(b *testing.B) {
	for _, bd := range benchdata.Docs {
		b.Run(bd.Name, func(b *testing.B) {
			src := bd.JSON()
			a, _ := benchStart(b, src) // compiles the schemas once
			floor := benchdata.NewFloor(a.Output()).Measure(benchFloorTime)
			a = nil
			parse := time.Duration(1<<63 - 1)
			var d *model.Document
			for range 3 {
				t0 := time.Now()
				d, _ = model.Parse(src)
				parse = min(parse, time.Since(t0))
			}
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			run := benchdata.Start(floor)
			for b.Loop() {
				if _, v := benchOpen(d.Clone()); v.Content == "" {
					b.Fatal("empty first frame")
				}
			}
			run.Report(b, b.N)
			b.StopTimer()
			b.ReportMetric(float64(parse.Nanoseconds()), "parse-ns/op")
			live, inuse := benchHeap(b, src)
			b.ReportMetric(live, "heap-live-MB")
			b.ReportMetric(inuse, "heap-inuse-MB")
		})
	}
}

// benchHeap loads, converts and draws src after a GC and returns the heap
// in use, in MB, with the app live after a second GC, and right after the
// first frame.
func benchHeap(tb testing.TB, src []byte) (live, inuse float64) {
	var m runtime.MemStats
	runtime.GC()
	a, _ := benchStart(tb, src)
	runtime.ReadMemStats(&m)
	inuse = float64(m.HeapInuse) / 1e6
	runtime.GC()
	runtime.ReadMemStats(&m)
	live = float64(m.HeapInuse) / 1e6
	runtime.KeepAlive(a)
	return live, inuse
}

// benchChildEnv makes the test binary, run again by BenchmarkFirstFrameCold,
// measure one cold start and print it.
const benchChildEnv = "TOOLTUI_BENCH_FIRST_FRAME_CHILD"

// BenchmarkFirstFrameCold runs a fresh test process per iteration that
// times its very first model.Parse + ui.New + WindowSizeMsg + View of the
// document, one-time work (compiling the embedded schemas) included, and
// measures its heap. It reports the child's figures: first-frame-ms (from
// the start of the measuring function, parse included), parse-ms (of which
// model.Parse), heap-inuse-MB (right after the frame), heap-live-MB (after
// a GC) and sys-MB (memory obtained from the OS). Process start-up before
// the measuring function (runtime and package initialisation) is not
// included; ns/op, the whole child process, bounds it from above.
func BenchmarkFirstFrameCold(b *testing.B) {
	for _, bd := range benchdata.Docs {
		if bd.Name != "Typical" && bd.Name != "Mixed1000" {
			continue
		}
		b.Run(bd.Name, func(b *testing.B) {
			var sum benchColdResult
			n := 0
			for b.Loop() {
				cmd := exec.Command(os.Args[0], "-test.run=^TestBenchFirstFrameChild$", "-test.count=1", "-test.v")
				cmd.Env = append(os.Environ(), benchChildEnv+"="+bd.Name)
				out, err := cmd.CombinedOutput()
				if err != nil {
					b.Fatalf("child: %v\n%s", err, out)
				}
				r, ok := benchParseCold(string(out))
				if !ok {
					b.Fatalf("child printed no result:\n%s", out)
				}
				sum.ms += r.ms
				sum.inuse += r.inuse
				sum.live += r.live
				sum.sys += r.sys
				sum.parseMs += r.parseMs
				n++
			}
			b.ReportMetric(sum.ms/float64(n), "first-frame-ms")
			b.ReportMetric(sum.parseMs/float64(n), "parse-ms")
			b.ReportMetric(sum.inuse/float64(n), "heap-inuse-MB")
			b.ReportMetric(sum.live/float64(n), "heap-live-MB")
			b.ReportMetric(sum.sys/float64(n), "sys-MB")
		})
	}
}

type benchColdResult struct{ ms, inuse, live, sys, parseMs float64 }

func benchParseCold(out string) (benchColdResult, bool) {
	_, rest, ok := strings.Cut(out, "BENCH-COLD ")
	if !ok {
		return benchColdResult{}, false
	}
	f := strings.Fields(rest)
	if len(f) < 5 {
		return benchColdResult{}, false
	}
	var r benchColdResult
	for i, p := range []*float64{&r.ms, &r.inuse, &r.live, &r.sys, &r.parseMs} {
		v, err := strconv.ParseFloat(f[i], 64)
		if err != nil {
			return benchColdResult{}, false
		}
		*p = v
	}
	return r, true
}

// TestBenchFirstFrameChild is the child of BenchmarkFirstFrameCold; it
// does nothing in a normal test run.
func TestBenchFirstFrameChild(t *testing.T) {
	name := os.Getenv(benchChildEnv)
	if name == "" {
		t.Skip("run by BenchmarkFirstFrameCold")
	}
	var src []byte
	for _, bd := range benchdata.Docs {
		if bd.Name == name {
			src = bd.JSON()
		}
	}
	if src == nil {
		t.Fatalf("no document %q", name)
	}
	runtime.GC()
	t0 := time.Now()
	d, err := model.Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	t1 := time.Now()
	a, v := benchOpen(d)
	el, parse := time.Since(t0), t1.Sub(t0)
	if v.Content == "" {
		t.Fatal("empty first frame")
	}
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	inuse := float64(m.HeapInuse) / 1e6
	runtime.GC()
	runtime.ReadMemStats(&m)
	live := float64(m.HeapInuse) / 1e6
	runtime.KeepAlive(a)
	fmt.Printf("BENCH-COLD %.3f %.1f %.1f %.1f %.3f\n", float64(el.Microseconds())/1e3, inuse, live, float64(m.Sys)/1e6, float64(parse.Microseconds())/1e3)
}
