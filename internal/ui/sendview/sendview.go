package sendview

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/termtext"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// What the response view shows beyond the stream's text: a turn's usage
// in words, the events that came before a failure, and text whose line
// breaks (\n, \r\n, \r) are lines, never a literal `\n`.

// usage is what a turn's usage says of its tokens; ok false when it names
// neither input nor output tokens.
type usage struct {
	input, output, cached int
	ok                    bool
}

func parseUsage(raw json.RawMessage) usage {
	var w struct {
		Input   *int `json:"input_tokens"`
		Output  *int `json:"output_tokens"`
		Details struct {
			Cached int `json:"cached_tokens"`
		} `json:"input_tokens_details"`
	}
	if len(raw) == 0 || json.Unmarshal(raw, &w) != nil || w.Input == nil && w.Output == nil {
		return usage{}
	}
	u := usage{cached: w.Details.Cached, ok: true}
	if w.Input != nil {
		u.input = *w.Input
	}
	if w.Output != nil {
		u.output = *w.Output
	}
	return u
}

// usageText is a turn's usage for the transcript: "usage: 1,234 input
// tokens (1,024 cached) · 56 output tokens", or the usage as sent when it
// has neither count.
func usageText(raw json.RawMessage) string {
	u := parseUsage(raw)
	if !u.ok {
		return "usage " + kit.CompactJSON(raw)
	}
	return fmt.Sprintf("usage: %s input tokens (%s cached) · %s output tokens",
		model.Thousands(int64(u.input)), model.Thousands(int64(u.cached)), model.Thousands(int64(u.output)))
}

// textLines splits streamed text into its lines: \r\n and a lone \r
// break a line as \n does, so none is shown as an escape.
func textLines(s string) []string {
	return strings.Split(termtext.SanitizeLines(s), "\n")
}

// lineRaw is an event as received, repeated in the transcript.
const lineRaw = lineError + 1

// maxFailureEvents is how many of the events before a failure the
// transcript repeats; r shows them all.
const maxFailureEvents = 12

// failureLines are the transcript's lines after a failure: the events
// received before it (the last few), or that there was none.
func failureLines(raw []string) []TranscriptLine {
	if len(raw) == 0 {
		return []TranscriptLine{{Content: "no event was received before the failure", Kind: LineTool}}
	}
	head := "events received before the failure (" + strconv.Itoa(len(raw)) + "):"
	from := max(0, len(raw)-maxFailureEvents)
	if from > 0 {
		head = fmt.Sprintf("the last %d of the %d events received before the failure (r shows them all):", len(raw)-from, len(raw))
	}
	out := []TranscriptLine{{Content: head, Kind: LineTool}}
	for _, r := range raw[from:] {
		out = append(out, TranscriptLine{Content: r, Kind: lineRaw})
	}
	return out
}
