package workspace

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/tooltui/tooltui/internal/benchdata"
	"github.com/tooltui/tooltui/internal/model"
)

// benchDocs is the number of documents of the benchmark workspace.
const benchDocs = 200

// benchWorkspace writes a workspace of benchDocs documents of 5 to 20
// tools each (benchdata.Mixed: 60% functions with strict schemas, the
// rest every common built-in), every function named after its document,
// in folders of 20, and returns its folder.
func benchWorkspace(b *testing.B) string {
	b.Helper()
	dir := b.TempDir()
	hourAgo := time.Now().Add(-time.Hour)
	total := 0
	for i := range benchDocs {
		data := benchdata.Mixed(5 + i%16)
		data = bytes.ReplaceAll(data, []byte(`"tool_`), fmt.Appendf(nil, `"doc%03d_`, i))
		p := filepath.Join(dir, fmt.Sprintf("team%02d", i/20), fmt.Sprintf("agent%03d.json", i))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			b.Fatal(err)
		}
		// Written an hour ago, as most files of a folder are: a stat
		// tells that they have not changed since they were read.
		if err := os.Chtimes(p, hourAgo, hourAgo); err != nil {
			b.Fatal(err)
		}
		total += len(data)
	}
	b.ReportMetric(float64(total)/benchDocs/1024, "KiB/doc")
	return dir
}

func openBench(b *testing.B, dir string) *Workspace {
	b.Helper()
	w, err := Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	if len(w.Paths()) != benchDocs {
		b.Fatalf("%d documents, want %d", len(w.Paths()), benchDocs)
	}
	return w
}

// fresh opens n workspaces of dir, so that a benchmark of what comes
// after Open does not time Open.
func fresh(b *testing.B, dir string, n int) []*Workspace {
	out := make([]*Workspace, n)
	for i := range out {
		out[i] = openBench(b, dir)
	}
	return out
}

// BenchmarkOpen is Open of 200 documents, which reads none of them as a
// document: about the cost of Find (BenchmarkFind), which looks at each
// file to tell whether it holds tools.
func BenchmarkOpen(b *testing.B) {
	dir := benchWorkspace(b)
	run := benchdata.Start(0)
	for b.Loop() {
		openBench(b, dir)
	}
	run.Report(b, b.N)
}

// BenchmarkFind is Find alone, the floor of BenchmarkOpen.
func BenchmarkFind(b *testing.B) {
	dir := benchWorkspace(b)
	run := benchdata.Start(0)
	for b.Loop() {
		if _, err := Find(dir); err != nil {
			b.Fatal(err)
		}
	}
	run.Report(b, b.N)
}

// BenchmarkFirstSearch is the first search of a workspace just opened:
// Load (read and parse the 200 documents) and Search.
func BenchmarkFirstSearch(b *testing.B) {
	dir := benchWorkspace(b)
	ws := fresh(b, dir, b.N)
	run := benchdata.Start(0)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := ws[i].Load(); err != nil {
			b.Fatal(err)
		}
		if len(ws[i].Search("record")) == 0 {
			b.Fatal("no hit")
		}
		ws[i] = nil // what it read is garbage now, as it would be in the app
	}
	run.Report(b, b.N)
}

// BenchmarkSearch is a search again (the next keystroke in the search
// field): every document read and indexed already.
func BenchmarkSearch(b *testing.B) {
	w := openBench(b, benchWorkspace(b))
	if err := w.Load(); err != nil {
		b.Fatal(err)
	}
	w.Search("x")
	run := benchdata.Start(0)
	for b.Loop() {
		if len(w.Search("doc150_0003")) != 1 {
			b.Fatal("not one hit")
		}
	}
	run.Report(b, b.N)
}

// BenchmarkLoadAgain is Load of a workspace read already, nothing
// changed: a stat per document (a file written in the last 2 seconds is
// read again, and its checksum compared).
func BenchmarkLoadAgain(b *testing.B) {
	w := openBench(b, benchWorkspace(b))
	if err := w.Load(); err != nil {
		b.Fatal(err)
	}
	run := benchdata.Start(0)
	for b.Loop() {
		if err := w.Load(); err != nil {
			b.Fatal(err)
		}
	}
	run.Report(b, b.N)
}

// BenchmarkCheck is Check of the 200 documents just opened: read, parse
// and convert each, for the error and warning counts of Summaries.
func BenchmarkCheck(b *testing.B) {
	dir := benchWorkspace(b)
	ws := fresh(b, dir, b.N)
	run := benchdata.Start(0)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := ws[i].Check(); err != nil {
			b.Fatal(err)
		}
		ws[i] = nil
	}
	run.Report(b, b.N)
}

// BenchmarkSessionSwitch is going from one open document to another and
// back: Session of two documents opened before.
func BenchmarkSessionSwitch(b *testing.B) {
	w := openBench(b, benchWorkspace(b))
	p, q := w.Paths()[10], w.Paths()[150]
	s1, err := w.Session(p)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := w.Session(q); err != nil {
		b.Fatal(err)
	}
	run := benchdata.Start(0)
	for b.Loop() {
		if _, err := w.Session(q); err != nil {
			b.Fatal(err)
		}
		if s, _ := w.Session(p); s != s1 {
			b.Fatal("another session")
		}
	}
	run.Report(b, b.N)
}

// BenchmarkSessionFirst is the first Session of a document: read, parse
// and convert it.
func BenchmarkSessionFirst(b *testing.B) {
	dir := benchWorkspace(b)
	ws := fresh(b, dir, b.N)
	run := benchdata.Start(0)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := ws[i].Session(ws[i].Paths()[150]); err != nil {
			b.Fatal(err)
		}
		ws[i] = nil
	}
	run.Report(b, b.N)
}

// BenchmarkIndex is reading what Search compares in the 200 documents,
// parsed before: the part of Load that is Search's.
func BenchmarkIndex(b *testing.B) {
	w := openBench(b, benchWorkspace(b))
	if err := w.Load(); err != nil {
		b.Fatal(err)
	}
	var docs []*model.Document
	for _, p := range w.Paths() {
		docs = append(docs, w.docs[p].doc)
	}
	run := benchdata.Start(0)
	for b.Loop() {
		for _, d := range docs {
			indexDoc(d)
		}
	}
	run.Report(b, b.N)
}

// BenchmarkChanged is what one change reported by Watch costs in a
// workspace of benchDocs documents: the changed document read again (its
// file written anew each time), the rest untouched.
func BenchmarkChanged(b *testing.B) {
	dir := benchWorkspace(b)
	w := openBench(b, dir)
	if err := w.Load(); err != nil {
		b.Fatal(err)
	}
	rel := "team03/agent070.json"
	p := filepath.Join(dir, filepath.FromSlash(rel))
	a, err := os.ReadFile(p)
	if err != nil {
		b.Fatal(err)
	}
	c := bytes.Replace(a, []byte(`"doc070_`), []byte(`"doc070x_`), 1)
	b.ResetTimer()
	for i := range b.N {
		b.StopTimer()
		data := a
		if i%2 == 1 {
			data = c
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if w.Changed(rel) {
			b.Fatal("the list changed")
		}
	}
}

// BenchmarkWatchStart is what watching a workspace of benchDocs documents
// in 10 folders costs at start (every folder walked and added).
func BenchmarkWatchStart(b *testing.B) {
	dir := benchWorkspace(b)
	for b.Loop() {
		_, stop, err := Watch(dir)
		if err != nil {
			b.Fatal(err)
		}
		stop()
	}
}
