package ui

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/send"
	"github.com/tooltui/tooltui/internal/ui/sendview"
)

// TestSendWrapKeepsWhatWrappingAllShows: the wrapped transcript kept
// between frames is, after every event, what wrapping the whole
// transcript again gives, whatever the line breaks (\n, \r\n, \r) and
// wherever the deltas split them; a new width wraps again.
func TestSendWrapKeepsWhatWrappingAllShows(t *testing.T) {
	a := New(Options{Doc: model.Example(), Name: "x.json"})
	a.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	e := a.env()
	r := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"word ", "a longer stretch of words ", "\n", "\r\n", "\r", "\n\n", "x", "averyveryverylongwordthatcannotbreakanywhere", "é ", "\t"}
	d := &sendview.Dialog{ID: 1, Cancel: func() {}, Running: true, Follow: true, Start: time.Now()}
	all := func(w int) []string {
		var out []string
		for _, l := range d.Lines {
			out = append(out, d.WrapLine(e, l.Kind, l.Text(), w)...)
		}
		return out
	}
	for i := range 600 {
		switch r.IntN(20) {
		case 0:
			d.Add(send.Event{Kind: send.KindTool, Type: "response.web_search_call.searching"})
		case 1:
			d.Lines = append(d.Lines, sendview.TranscriptLine{Content: "· a note\nover two lines", Kind: sendview.LineTool})
		default:
			var b strings.Builder
			for range 1 + r.IntN(3) {
				b.WriteString(pieces[r.IntN(len(pieces))])
			}
			d.Add(send.Event{Kind: send.KindText, Text: b.String()})
		}
		w := 40
		if i%97 == 96 {
			w = 25
		}
		if got, want := d.Wrapped(e, w), all(w); !slices.Equal(got, want) {
			t.Fatalf("after event %d at width %d the kept rows differ:\n%q\nwant\n%q", i, w, got, want)
		}
	}
}
