package ui_test

import (
	"bytes"
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/model"
	sendpkg "github.com/tooltui/tooltui/internal/send"
	"github.com/tooltui/tooltui/internal/tokens"
	"github.com/tooltui/tooltui/internal/ui"
)

// run sends msgs and runs every command that follows, and the commands of
// their messages, to their end (20 s at most).
func runAll(t *testing.T, a *ui.App, msgs ...tea.Msg) {
	t.Helper()
	var cmds []tea.Cmd
	for _, m := range msgs {
		cmds = append(cmds, send(t, a, m))
	}
	for len(cmds) > 0 {
		cmd := cmds[0]
		cmds = cmds[1:]
		ms, stuck := runCmdStuck(cmd, 20*time.Second)
		if stuck {
			t.Fatal("a command was still running after 20 s")
		}
		for _, m := range ms {
			cmds = append(cmds, send(t, a, m))
		}
	}
}

// countingApp opens doc at w×h with the token encoding built at once.
func countingApp(t *testing.T, doc *model.Document, w, h int, fake func(context.Context, sendpkg.Config, []byte, func(sendpkg.Event) error) error) *ui.App {
	t.Helper()
	f, deps := newFakes(t)
	clocks[t.Name()] = f.clock
	deps.WarmTokens = ui.WarmTokensNow
	deps.Send = fake
	deps.Getenv = func(k string) string {
		if k == "OPENAI_API_KEY" {
			return "sk-test"
		}
		return ""
	}
	a := ui.New(ui.Options{Doc: doc, Name: "doc.json", Deps: deps, BaseURL: "http://127.0.0.1:9/v1"})
	runAll(t, a, tea.WindowSizeMsg{Width: w, Height: h})
	return a
}

// clocks are the countingApps' clocks, by test.
var clocks = map[string]*fakeClock{}

// summary is the status line once every message is gone: the document's
// summary.
func summary(t *testing.T, a *ui.App) string {
	t.Helper()
	for _, m := range clocks[t.Name()].advance(time.Minute) {
		send(t, a, m)
	}
	return idleStatus(t, a)
}

// wantCounts are the counts of the request's tools, each counted from its
// JSON in the request, compact, and their total.
func wantCounts(t *testing.T, request []byte) ([]int, int) {
	t.Helper()
	var req struct{ Tools []json.RawMessage }
	if err := json.Unmarshal(request, &req); err != nil {
		t.Fatal(err)
	}
	var out []int
	total := 0
	for _, tl := range req.Tools {
		var b bytes.Buffer
		if err := json.Compact(&b, tl); err != nil {
			t.Fatal(err)
		}
		n := tokens.Count(b.String())
		out = append(out, n)
		total += n
	}
	return out, total
}

// TestToolsPaneShowsEachToolsTokens: every tool of the request has its
// estimate in the tools pane, and the status line the total, counted from
// the tool's JSON as sent; a disabled tool has none; a narrow pane shows
// no column.
func TestToolsPaneShowsEachToolsTokens(t *testing.T) {
	a := countingApp(t, model.Example(), 120, 36, nil)
	counts, total := wantCounts(t, a.Output())
	tools := paneText(t, a, "1 Tools")
	for i, name := range []string{"get_weather", "web_search", "file_search"} {
		if i >= len(counts) {
			break
		}
		re := regexp.MustCompile(regexp.QuoteMeta(name) + ` +≈` + itoaT(counts[i]) + `\b`)
		if !re.MatchString(tools) {
			t.Errorf("the tools pane has no ≈%d beside %s:\n%s", counts[i], name, tools)
		}
	}
	requireContains(t, summary(t, a), "≈ "+thousandsT(total)+" tokens of tools (o200k_base)", "status line")

	// Disable get_weather: its count goes, and the total follows.
	runAll(t, a, press('1'), kDown, kSpace)
	requireNotContains(t, paneText(t, a, "1 Tools"), "≈"+itoaT(counts[0]), "the tools pane with get_weather off")
	requireContains(t, summary(t, a), "≈ "+thousandsT(total-counts[0])+" tokens of tools", "status line with get_weather off")

	b := countingApp(t, model.Example(), 80, 24, nil)
	requireNotContains(t, paneText(t, b, "1 Tools"), "≈", "the tools pane at 80 columns")
	requireContains(t, summary(t, b), "≈ "+thousandsT(total)+" tokens", "status line at 80 columns")
}

// TestTokensWaitForTheEncoding: until the encoding is built the counts
// say "≈…"; nothing blocks.
func TestTokensWaitForTheEncoding(t *testing.T) {
	a := openAt(t, model.Example(), 120, 36) // no WarmTokens: the encoding never comes
	requireContains(t, paneText(t, a, "1 Tools"), "get_weather", "tools pane")
	if !regexp.MustCompile(`get_weather +≈…`).MatchString(paneText(t, a, "1 Tools")) {
		t.Fatalf("no ≈… beside get_weather:\n%s", paneText(t, a, "1 Tools"))
	}
	requireContains(t, idleStatus(t, a), "≈… tokens of tools", "status line")
}

// TestTokensFollowEdits: typing in a tool's description counts that tool
// again; the total follows, and undo brings the first count back.
func TestTokensFollowEdits(t *testing.T) {
	a := countingApp(t, model.Example(), 120, 36, nil)
	_, total := wantCounts(t, a.Output())
	send(t, a, press('1'), kDown, kEnter, kDown, kEnter) // get_weather's description, editing
	requireEditing(t, a, true)
	runAll(t, a, keysOf(" It also says whether it will rain tomorrow")...)
	runAll(t, a, kEsc)
	_, after := wantCounts(t, a.Output())
	if after <= total {
		t.Fatalf("the edit did not add tokens: %d then %d", total, after)
	}
	requireContains(t, summary(t, a), "≈ "+thousandsT(after)+" tokens of tools", "status line after the edit")
	runAll(t, a, ctrl('z'))
	requireContains(t, summary(t, a), "≈ "+thousandsT(total)+" tokens of tools", "status line after undo")
}

// TestTokensOfALargeToolAreCountedInACommand: a tool too large to count in
// Update is counted in a command; its count then shows.
func TestTokensOfALargeToolAreCountedInACommand(t *testing.T) {
	var props []string
	for i := range 600 {
		props = append(props, `"p`+itoaT(i)+`": {"type": "string", "description": "the value of parameter number `+itoaT(i)+` of this function"}`)
	}
	doc := parseDoc(t, `{"model":"gpt-5","tools_defs":[{"name":"big","description":"d","parameters":{"type":"object","properties":{`+strings.Join(props, ",")+`}}}]}`)
	a := countingApp(t, doc, 120, 36, nil)
	counts, total := wantCounts(t, a.Output())
	if !regexp.MustCompile(`big +≈` + regexp.QuoteMeta(compactCountT(counts[0]))).MatchString(paneText(t, a, "1 Tools")) {
		t.Fatalf("no ≈%s beside big:\n%s", compactCountT(counts[0]), paneText(t, a, "1 Tools"))
	}
	requireContains(t, summary(t, a), "≈ "+thousandsT(total)+" tokens of tools", "status line")
}

// TestTokensMeasuredAfterASend: after a send, the status line gives the
// input tokens the first turn's usage reported beside the estimate, until
// the document changes.
func TestTokensMeasuredAfterASend(t *testing.T) {
	a := countingApp(t, model.Example(), 140, 40, func(ctx context.Context, cfg sendpkg.Config, body []byte, each func(sendpkg.Event) error) error {
		for _, e := range []string{
			`{"type":"response.output_text.delta","delta":"Sunny."}`,
			`{"type":"response.completed","response":{"status":"completed","usage":{"input_tokens":1234,"input_tokens_details":{"cached_tokens":0},"output_tokens":5}}}`,
		} {
			ev, err := sendpkg.Parse("", []byte(e))
			if err != nil {
				return err
			}
			if err := each(ev); err != nil {
				return err
			}
		}
		return nil
	})
	runAll(t, a, ctrl('r'))
	requireContains(t, screen(a), "usage: 1,234 input tokens", "response view")
	send(t, a, kEsc)
	requireNoDialog(t, a, "Response")
	requireContains(t, summary(t, a), "the first turn sent 1,234 input tokens", "status line")
	runAll(t, a, press('1'), kDown, kSpace) // a change: the measure is of another request
	requireNotContains(t, summary(t, a), "1,234", "status line after a change")
}

func itoaT(n int) string { return strings.TrimSpace(strings.Replace(thousandsT(n), ",", "", -1)) }

func thousandsT(n int) string {
	s := []byte{}
	d := []byte(strconvItoa(n))
	for i, c := range d {
		if i > 0 && (len(d)-i)%3 == 0 {
			s = append(s, ',')
		}
		s = append(s, c)
	}
	return string(s)
}

func strconvItoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

func compactCountT(n int) string {
	switch {
	case n < 10000:
		return strconvItoa(n)
	case n < 100000:
		return strconvItoa(n/1000) + "." + strconvItoa(n/100%10) + "k"
	}
	return strconvItoa(n/1000) + "k"
}
