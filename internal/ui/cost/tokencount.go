// Package cost keeps the token column's counts: what each tool of the
// request adds to every request's input, counted once per tool identity so
// that a keystroke recounts one tool.
package cost

import (
	"unsafe"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/tokens"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// What the tools cost: every tool of the request is counted with
// o200k_base (package tokens) from its JSON as the request sends it,
// compact, once. The converter hands back the same tool (the same
// *FunctionTool, the same bytes of a built-in) for an entry that did not
// change, so after a keystroke the counts of the other tools are found by
// that identity, without reading their bytes; the changed tool is counted
// again in a command (tiktoken's splitting takes about half a
// millisecond for a tool of a few hundred bytes), its count before the
// change shown until then. The encoding's vocabulary is built in a
// command after the first frame; until then, and for a new tool until it
// is counted, the count shows "≈…".

// ToolID is a request tool's identity: its function, or its built-in's
// bytes.
type ToolID struct {
	fn *convert.FunctionTool
	p  *byte
	n  int
}

func IdOfTool(t convert.ResponseTool) ToolID {
	if t.Function != nil {
		return ToolID{fn: t.Function}
	}
	if len(t.Builtin) == 0 {
		return ToolID{}
	}
	return ToolID{p: unsafe.SliceData(t.Builtin), n: len(t.Builtin)}
}

// Messages of the count.
type (
	WarmMsg    struct{}
	CountedMsg struct{ Counts map[ToolID]int }
)

// tokenState is the app's estimate of what the tools cost.
type State struct {
	Warm, Asked, Counting bool
	Cache                 tokens.Cache
	// IDs are the counts of the tools of the conversion tools is, by
	// identity; of holds them by document entry (-1: not in the request,
	// -2: not counted yet), prev those of the conversion before, shown
	// while a changed tool is recounted.
	IDs, Spare map[ToolID]int
	Of, Prev   [2][]int
	Doc        *model.Document // the document counted, with its conversion's tools
	Tools      *convert.ResponseTool
	NTools     int
	Total      int
	Unknown    int    // request tools without a count
	Measured   int    // the first turn's input tokens of the last send (0: none)
	MeasuredAt uint64 // the document's version that send sent
}

// estimate is the count of document entry (k, i): n, ok; ok false when
// it is not known yet (or the entry is not in the request: n -1).
func (t *State) estimate(k model.Kind, i int) (int, bool) {
	of := t.Of[k]
	if i < 0 || i >= len(of) {
		return -1, false
	}
	return of[i], of[i] >= 0
}

// TotalText is the status line's estimate, in as many words as fit
// (level 0 the most): "≈ 1,234 tokens of tools (o200k_base)", "≈ 1,234
// tokens of tools", "≈ 1,234 tokens"; "≈…" while not known. After a send
// of this very document, the input tokens its first turn reported follow.
func (ts *State) TotalText(level int, version uint64) string {
	n := "≈…"
	if ts.Warm && ts.Unknown == 0 && ts.Of[0] != nil {
		n = "≈ " + model.Thousands(int64(ts.Total))
	}
	s := n + " tokens of tools (" + tokens.Encoding + ")"
	switch level {
	case 1:
		s = n + " tokens of tools"
	case 2:
		s = n + " tokens"
	}
	if ts.Measured > 0 && ts.MeasuredAt == version {
		if level < 2 {
			s += " · the first turn sent " + model.Thousands(int64(ts.Measured)) + " input tokens"
		} else {
			s += " · sent " + model.Thousands(int64(ts.Measured))
		}
	}
	return s
}

// Cell is the tools pane's count of entry (k, i) of d: "≈123", "≈…"
// while not known, "" when the entry is not in the request.
func (t *State) Cell(d *model.Document, k model.Kind, i int) string {
	n, ok := t.estimate(k, i)
	if ok {
		return "≈" + compactCount(n)
	}
	if l := d.List(k); i < len(l) && !l[i].Disabled && (n == -2 || !t.Warm || t.Of[k] == nil) {
		return "≈…"
	}
	return ""
}

// compactCount writes a count in at most 5 cells: 123, 12.3k, 123k, 1.2M.
func compactCount(n int) string {
	switch {
	case n < 10000:
		return kit.Itoa(n)
	case n < 100000:
		return kit.Itoa(n/1000) + "." + kit.Itoa(n/100%10) + "k"
	case n < 1000000:
		return kit.Itoa(n/1000) + "k"
	}
	return kit.Itoa(n/1000000) + "." + kit.Itoa(n/100000%10) + "M"
}
