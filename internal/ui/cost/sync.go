package cost

import (
	"time"
	"unsafe"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/tokens"
)

// tokenWarmDelay is how long after the first size the vocabulary starts
// being built, so the first frame is drawn first.
const tokenWarmDelay = 100 * time.Millisecond

// WarmAfterFirstFrame is Deps.WarmTokens: the first size has come
// when it is asked for, and the first frame follows within a frame's time
// (tokenWarmDelay is a few); then the vocabulary is built, in the
// command's goroutine.
func WarmAfterFirstFrame() tea.Cmd {
	return tea.Tick(tokenWarmDelay, func(time.Time) tea.Msg {
		tokens.Warm()
		return WarmMsg{}
	})
}

// WarmNow is a Deps.WarmTokens that builds the encoding at once.
func WarmNow() tea.Cmd {
	return func() tea.Msg {
		tokens.Warm()
		return WarmMsg{}
	}
}

// Sync brings the counts up to the conversion res of d: nothing when it is
// the one counted; a command when a large tool or the vocabulary waits.
// warm builds the vocabulary (nil: not yet, before the first size).
func (ts *State) Sync(d *model.Document, res *convert.Result, stale bool, warm func() tea.Cmd) tea.Cmd {
	if !ts.Asked && warm != nil {
		ts.Asked = true
		return warm()
	}
	if !ts.Warm || stale || d == ts.Doc && unsafe.SliceData(res.Tools) == ts.Tools && len(res.Tools) == ts.NTools {
		return nil
	}
	ts.Doc, ts.Tools, ts.NTools = d, unsafe.SliceData(res.Tools), len(res.Tools)
	ts.Prev = ts.Of
	for k := range ts.Of {
		n := len(d.List(model.Kind(k)))
		of := make([]int, n)
		for i := range of {
			of[i] = -1
		}
		ts.Of[k] = of
	}
	ids := ts.Spare // the map of the conversion before last, reused
	if ids == nil {
		ids = make(map[ToolID]int, len(res.Tools))
	}
	clear(ids)
	var missing []convert.ResponseTool
	ts.Total, ts.Unknown = 0, 0
	for i, t := range res.Tools {
		id := IdOfTool(t)
		n, ok := ts.IDs[id]
		if ok {
			ids[id] = n
		} else {
			missing = append(missing, t)
		}
		if i < len(res.Sources) {
			src := res.Sources[i]
			if of := ts.Of[src.Kind]; src.Index < len(of) {
				if !ok {
					n = -2
					if prev := ts.Prev[src.Kind]; src.Index < len(prev) && prev[src.Index] >= 0 {
						n, ok = prev[src.Index], true // the count before the change, until the new one
					}
				}
				of[src.Index] = n
			}
		}
		if ok {
			ts.Total += n
		} else {
			ts.Unknown++
		}
	}
	ts.IDs, ts.Spare = ids, ts.IDs
	if ts.Cache.Len() > 2*len(res.Tools)+64 {
		ts.Cache.Sweep()
	}
	if len(missing) == 0 || ts.Counting {
		return nil
	}
	ts.Counting = true
	c := &ts.Cache
	return func() tea.Msg {
		counts := make(map[ToolID]int, len(missing))
		for _, t := range missing {
			counts[IdOfTool(t)] = c.ResponseTool(t)
		}
		return CountedMsg{Counts: counts}
	}
}

// OnMsg takes the vocabulary's and the counts' messages; Sync follows.
func (ts *State) OnMsg(msg tea.Msg) {
	switch m := msg.(type) {
	case WarmMsg:
		ts.Warm = true
	case CountedMsg:
		ts.Counting = false
		if ts.IDs == nil {
			ts.IDs = map[ToolID]int{}
		}
		for id, n := range m.Counts {
			ts.IDs[id] = n
		}
	}
	ts.Doc = nil // count again, with what is known now
}
