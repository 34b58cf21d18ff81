package ui

import (
	"bytes"
	"encoding/json"
	"time"
	"unsafe"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/tokens"
	"github.com/tooltui/tooltui/internal/ui/kit"
	"github.com/tooltui/tooltui/internal/ui/sendview"
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

// tokenWarmDelay is how long after the first size the vocabulary starts
// being built, so the first frame is drawn first.
const tokenWarmDelay = 100 * time.Millisecond

// warmTokensAfterFirstFrame is Deps.WarmTokens: the first size has come
// when it is asked for, and the first frame follows within a frame's time
// (tokenWarmDelay is a few); then the vocabulary is built, in the
// command's goroutine.
func warmTokensAfterFirstFrame() tea.Cmd {
	return tea.Tick(tokenWarmDelay, func(time.Time) tea.Msg {
		tokens.Warm()
		return tokenWarmMsg{}
	})
}

// WarmTokensNow is a Deps.WarmTokens that builds the encoding at once.
func WarmTokensNow() tea.Cmd {
	return func() tea.Msg {
		tokens.Warm()
		return tokenWarmMsg{}
	}
}

// toolID is a request tool's identity: its function, or its built-in's
// bytes.
type toolID struct {
	fn *convert.FunctionTool
	p  *byte
	n  int
}

func idOfTool(t convert.ResponseTool) toolID {
	if t.Function != nil {
		return toolID{fn: t.Function}
	}
	if len(t.Builtin) == 0 {
		return toolID{}
	}
	return toolID{p: unsafe.SliceData(t.Builtin), n: len(t.Builtin)}
}

// countTool counts one tool's JSON as the request sends it, compact (and
// without json.Marshal's escaping of <, > and &, which the request has
// not).
func countTool(c *tokens.Cache, t convert.ResponseTool) int {
	b, err := t.MarshalJSON()
	if err != nil {
		return 0
	}
	var buf bytes.Buffer
	if json.Compact(&buf, b) == nil {
		b = buf.Bytes()
	}
	return c.Tool(b)
}

// Messages of the count.
type (
	tokenWarmMsg    struct{}
	tokenCountedMsg struct{ counts map[toolID]int }
)

// tokenState is the app's estimate of what the tools cost.
type tokenState struct {
	warm, asked, counting bool
	cache                 tokens.Cache
	// ids are the counts of the tools of the conversion tools is, by
	// identity; of holds them by document entry (-1: not in the request,
	// -2: not counted yet), prev those of the conversion before, shown
	// while a changed tool is recounted.
	ids, spare map[toolID]int
	of, prev   [2][]int
	doc        *model.Document // the document counted, with its conversion's tools
	tools      *convert.ResponseTool
	nTools     int
	total      int
	unknown    int    // request tools without a count
	measured   int    // the first turn's input tokens of the last send (0: none)
	measuredAt uint64 // the document's version that send sent
}

// estimate is the count of document entry (k, i): n, ok; ok false when
// it is not known yet (or the entry is not in the request: n -1).
func (t *tokenState) estimate(k model.Kind, i int) (int, bool) {
	of := t.of[k]
	if i < 0 || i >= len(of) {
		return -1, false
	}
	return of[i], of[i] >= 0
}

// syncTokens brings the counts up to the conversion: nothing when it is
// the one counted; a command when a large tool or the vocabulary waits.
func (a *App) syncTokens() tea.Cmd {
	ts, res := &a.tok, a.s.Result()
	if !ts.asked && a.width > 0 && a.deps.WarmTokens != nil {
		ts.asked = true
		return a.deps.WarmTokens()
	}
	d := a.s.Doc()
	if !ts.warm || a.s.Stale() || d == ts.doc && unsafe.SliceData(res.Tools) == ts.tools && len(res.Tools) == ts.nTools {
		return nil
	}
	ts.doc, ts.tools, ts.nTools = d, unsafe.SliceData(res.Tools), len(res.Tools)
	ts.prev = ts.of
	for k := range ts.of {
		n := len(d.List(model.Kind(k)))
		of := make([]int, n)
		for i := range of {
			of[i] = -1
		}
		ts.of[k] = of
	}
	ids := ts.spare // the map of the conversion before last, reused
	if ids == nil {
		ids = make(map[toolID]int, len(res.Tools))
	}
	clear(ids)
	var missing []convert.ResponseTool
	ts.total, ts.unknown = 0, 0
	for i, t := range res.Tools {
		id := idOfTool(t)
		n, ok := ts.ids[id]
		if ok {
			ids[id] = n
		} else {
			missing = append(missing, t)
		}
		if i < len(res.Sources) {
			src := res.Sources[i]
			if of := ts.of[src.Kind]; src.Index < len(of) {
				if !ok {
					n = -2
					if prev := ts.prev[src.Kind]; src.Index < len(prev) && prev[src.Index] >= 0 {
						n, ok = prev[src.Index], true // the count before the change, until the new one
					}
				}
				of[src.Index] = n
			}
		}
		if ok {
			ts.total += n
		} else {
			ts.unknown++
		}
	}
	ts.ids, ts.spare = ids, ts.ids
	if ts.cache.Len() > 2*len(res.Tools)+64 {
		ts.cache.Sweep()
	}
	if len(missing) == 0 || ts.counting {
		return nil
	}
	ts.counting = true
	c := &ts.cache
	return func() tea.Msg {
		counts := make(map[toolID]int, len(missing))
		for _, t := range missing {
			counts[idOfTool(t)] = countTool(c, t)
		}
		return tokenCountedMsg{counts: counts}
	}
}

// onTokens takes the vocabulary's and the counts' messages.
func (a *App) onTokens(msg tea.Msg) tea.Cmd {
	ts := &a.tok
	switch m := msg.(type) {
	case tokenWarmMsg:
		ts.warm = true
	case tokenCountedMsg:
		ts.counting = false
		if ts.ids == nil {
			ts.ids = map[toolID]int{}
		}
		for id, n := range m.counts {
			ts.ids[id] = n
		}
	}
	ts.doc = nil // count again, with what is known now
	return a.syncTokens()
}

// totalText is the status line's estimate, in as many words as fit
// (level 0 the most): "≈ 1,234 tokens of tools (o200k_base)", "≈ 1,234
// tokens of tools", "≈ 1,234 tokens"; "≈…" while not known. After a send
// of this very document, the input tokens its first turn reported follow.
func (ts *tokenState) totalText(level int, version uint64) string {
	n := "≈…"
	if ts.warm && ts.unknown == 0 && ts.of[0] != nil {
		n = "≈ " + sendview.Thousands(ts.total)
	}
	s := n + " tokens of tools (" + tokens.Encoding + ")"
	switch level {
	case 1:
		s = n + " tokens of tools"
	case 2:
		s = n + " tokens"
	}
	if ts.measured > 0 && ts.measuredAt == version {
		if level < 2 {
			s += " · the first turn sent " + sendview.Thousands(ts.measured) + " input tokens"
		} else {
			s += " · sent " + sendview.Thousands(ts.measured)
		}
	}
	return s
}

// cell is the tools pane's count of entry (k, i) of d: "≈123", "≈…"
// while not known, "" when the entry is not in the request.
func (t *tokenState) Cell(d *model.Document, k model.Kind, i int) string {
	n, ok := t.estimate(k, i)
	if ok {
		return "≈" + compactCount(n)
	}
	if l := d.List(k); i < len(l) && !l[i].Disabled && (n == -2 || !t.warm || t.of[k] == nil) {
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
