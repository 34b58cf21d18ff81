package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/benchdata"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// BenchmarkTokenSync1000 is what the token estimates add to a keystroke
// at 1,000 tools: the conversion after one function's description
// changed, then syncTokens: 999 tools found by identity, the changed one
// left to a command, which runs outside the timing (off the event loop,
// as in the program) and whose answer is taken in before the next
// keystroke.
func BenchmarkTokenSync1000(b *testing.B) {
	d, err := model.Parse(benchdata.Mixed1000())
	if err != nil {
		b.Fatal(err)
	}
	a := New(Options{Doc: d, Name: "bench.json"})
	a.Update(tea.WindowSizeMsg{Width: 140, Height: 40})
	for cmd := WarmTokensNow(); cmd != nil; {
		_, cmd = a.Update(cmd())
	}
	if a.tok.Unknown != 0 || a.tok.Total == 0 {
		b.Fatalf("not counted: %d unknown, total %d", a.tok.Unknown, a.tok.Total)
	}
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		b.StopTimer()
		next, err := model.SetToolValue(d, model.Function, 300, []string{"description"}, []byte(`"typed `+kit.Itoa(n)+`"`))
		if err != nil {
			b.Fatal(err)
		}
		a.s.Replace(next, kit.RequestSel)
		n++
		b.StartTimer()
		cmd := a.syncTokens()
		b.StopTimer()
		for cmd != nil {
			cmd = a.onTokens(cmd())
		}
		b.StartTimer()
	}
	if a.tok.Unknown != 0 {
		b.Fatal("a tool was left uncounted")
	}
}
