package ui_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/formats"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/ui"
)

// benchWorkspaceDocs is how many documents the workspace benchmarks open.
const benchWorkspaceDocs = 200

// benchWorkspaceDir writes n copies of the example document (each
// function renamed, so that no two are the same) into a new folder.
func benchWorkspaceDir(tb testing.TB, n int) string {
	tb.Helper()
	dir := tb.TempDir()
	src := model.ExampleJSON()
	for i := range n {
		data := []byte(strings.ReplaceAll(string(src), `"get_weather"`, fmt.Sprintf(`"get_weather_%d"`, i)))
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("doc%03d.json", i)), data, 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	return dir
}

// benchOneFile is what the binary does for `tooltui FILE` up to the
// first frame: read and parse the file, ui.New, the first size, View.
func benchOneFile(tb testing.TB, path string) {
	d, data, stamp, err := formats.ReadFileStamped(path)
	if err != nil {
		tb.Fatal(err)
	}
	a := ui.New(ui.Options{Doc: d, Path: path, Name: filepath.Base(path), Loaded: data, Stamp: &stamp, Deps: benchDeps(), CheckLater: true})
	a.Update(tea.WindowSizeMsg{Width: benchWidth, Height: benchHeight})
	if a.View().Content == "" {
		tb.Fatal("empty first frame")
	}
}

// BenchmarkWorkspaceFirstFrame is `tooltui DIR` on a folder of 200
// documents up to the first frame: ui.OpenWorkspace (listing the folder
// up to its first document, reading that one), ui.New, the first size and
// View. Each round also times `tooltui FILE` on that document (read,
// parse, ui.New, size, View) right after, so that both see the same load
// on the machine; x-one-document is the workspace's total time ÷ the one
// document's. Target: ≤ 1.2.
func BenchmarkWorkspaceFirstFrame(b *testing.B) {
	dir := benchWorkspaceDir(b, benchWorkspaceDocs)
	first := filepath.Join(dir, "doc000.json")
	benchOneFile(b, first) // warm the file cache as the loop's rounds are
	b.ReportAllocs()
	var ws, one time.Duration
	for b.Loop() {
		t0 := time.Now()
		o, err := ui.OpenWorkspace(dir)
		if err != nil {
			b.Fatal(err)
		}
		o.Deps = benchDeps()
		a := ui.New(o)
		a.Update(tea.WindowSizeMsg{Width: benchWidth, Height: benchHeight})
		if a.View().Content == "" {
			b.Fatal("empty first frame")
		}
		t1 := time.Now()
		benchOneFile(b, first)
		ws, one = ws+t1.Sub(t0), one+time.Since(t1)
	}
	n := float64(b.N)
	b.ReportMetric(float64(ws.Nanoseconds())/n, "workspace-ns")
	b.ReportMetric(float64(one.Nanoseconds())/n, "one-document-ns")
	b.ReportMetric(float64(ws)/float64(one), "x-one-document")
}

// BenchmarkSwitchDocument is choosing another document in the switcher
// of a 200-document workspace, every document checked already: ctrl+o,
// ↓ or ↑, enter, the command that reads the document (a stat when it is
// unchanged) and the frame that shows it. The two documents alternate,
// each with its session kept. Target: ≤ 16 ms.
func BenchmarkSwitchDocument(b *testing.B) {
	dir := benchWorkspaceDir(b, benchWorkspaceDocs)
	o, err := ui.OpenWorkspace(dir)
	if err != nil {
		b.Fatal(err)
	}
	o.Deps = benchDeps()
	a := ui.New(o)
	a.Update(tea.WindowSizeMsg{Width: benchWidth, Height: benchHeight})
	for _, m := range runCmd(a.Init(), settle) { // lists the folder
		a.Update(m)
	}
	// the switcher checks every document once
	_, cmd := a.Update(tea.KeyPressMsg{Code: 'o', Mod: tea.ModCtrl})
	for _, m := range runCmd(cmd, settle) {
		a.Update(m)
	}
	a.Update(tea.KeyPressMsg{Code: tea.KeyEscape})
	step := func(move tea.KeyPressMsg) {
		a.Update(tea.KeyPressMsg{Code: 'o', Mod: tea.ModCtrl})
		a.Update(move)
		_, cmd := a.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
		for _, m := range runCmd(cmd, settle) {
			a.Update(m)
		}
		if a.View().Content == "" {
			b.Fatal("empty frame")
		}
	}
	down, up := tea.KeyPressMsg{Code: tea.KeyDown}, tea.KeyPressMsg{Code: tea.KeyUp}
	step(down) // doc001 has its session from here on
	step(up)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if i%2 == 0 {
			step(down)
		} else {
			step(up)
		}
		i++
	}
}
