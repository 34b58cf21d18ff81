package ui

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/send"
	"github.com/tooltui/tooltui/internal/ui/kit"
	"github.com/tooltui/tooltui/internal/ui/sendview"
)

// typeLine types s into the open dialog's field, replacing what it holds.
func typeLine(a *App, s string) {
	a.Update(tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl})
	for _, r := range s {
		a.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

// TestRecordThenReplay: "Record the next send" proposes a file beside the
// document, and the next send writes the recording there as tooltui send
// --record does; "Replay a recording" plays it back through the response
// view without the network, and names where a changed document first
// differs from the recorded request.
func TestRecordThenReplay(t *testing.T) {
	ts := mcpServer(t)
	fake, bodies := callThenText(t)
	a := sendAppDoc(t, mcpDoc(ts.URL), fake)
	dir := t.TempDir()
	a.s.Saved(a.s.Version(), filepath.Join(dir, "demo.json"), "demo.json")
	a.deps.ReadFile = os.ReadFile

	a.Update(actRunMsg(a, kit.CmdRecord))
	requireIn(t, treeScreen(a), "/demo.recording.jsonl")
	rec := filepath.Join(dir, "take1.jsonl")
	typeLine(a, rec)
	a.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	requireIn(t, treeScreen(a), "The next send (ctrl+r) records to")

	p := startSend(t, a, permitting)
	requireIn(t, treeScreen(a), "· recording")
	p.press(key1("a"), ended)
	requireIn(t, unwrapped(treeScreen(a)), unwrapped("recorded to "+rec))
	f, err := os.Open(rec)
	if err != nil {
		t.Fatal(err)
	}
	got, err := send.ReadRecording(f)
	f.Close()
	if err != nil || len(got.Turns) != 2 || len(bodies()) != 2 {
		t.Fatalf("recording %v, %+v", err, got)
	}
	a.Update(tea.KeyPressMsg{Code: tea.KeyEscape})

	// The replay: no network (the send fails if it is called), the calls
	// are answered again (the server's tool was allowed for this run).
	a.deps.Send = func(context.Context, send.Config, []byte, func(send.Event) error) error {
		return errors.New("the network was used")
	}
	a.Update(actRunMsg(a, kit.CmdReplay))
	requireIn(t, treeScreen(a), "/take1.jsonl") // the last recording is proposed
	a.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	s := flatText(treeScreen(a))
	requireIn(t, s, "2 turns · 4 events")
	requireIn(t, s, "The document still builds the recorded first request.")
	p.press(key1("0"), permitting)
	p.press(key1("a"), ended)
	s = flatText(treeScreen(a))
	requireIn(t, s, "Replay of take1.jsonl")
	requireIn(t, s, `← MCP output for read_head (read_head of fs): read {"path":"a"}`)
	requireIn(t, s, "Done.")
	if strings.Contains(s, "network") {
		t.Fatalf("the replay sent:\n%s", s)
	}
	// ctrl+r in a replay plays it again, still without the network
	_, cmd := a.Update(ctrlR)
	if sd, ok := a.dialog.(*sendview.Dialog); !ok || sd.Replay != "take1.jsonl" || cmd == nil {
		t.Fatalf("ctrl+r in the replay did not play it again:\n%s", treeScreen(a))
	}
	p.run(cmd, permitting) // the call is answered again, once allowed
	p.press(key1("a"), ended)
	s = flatText(treeScreen(a))
	requireIn(t, s, "Replay of take1.jsonl")
	requireIn(t, s, "Done.")
	if strings.Contains(s, "network") {
		t.Fatalf("ctrl+r in the replay sent:\n%s", s)
	}
	a.Update(tea.KeyPressMsg{Code: tea.KeyEscape})

	// A changed document: the first difference, and play anyway.
	d := a.s.Doc().Clone()
	d.Fields.Set("input", []byte(`"Read b"`))
	a.s.Replace(d, a.at)
	a.Update(actRunMsg(a, kit.CmdReplay))
	a.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	s = flatText(treeScreen(a))
	requireIn(t, s, "they first differ at /input")
	requireIn(t, s, "enter play anyway")
	_, cmd = a.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	if _, ok := a.dialog.(*sendview.Dialog); !ok || cmd == nil {
		t.Fatalf("enter did not play:\n%s", treeScreen(a))
	}
	a.closeDialog()
}

// TestReplayOfAMissingFile says why on the status line.
func TestReplayOfAMissingFile(t *testing.T) {
	a := sendApp(t, nil)
	a.deps.ReadFile = os.ReadFile
	a.Update(actRunMsg(a, kit.CmdReplay))
	typeLine(a, filepath.Join(t.TempDir(), "none.jsonl"))
	a.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	requireIn(t, treeScreen(a), "Cannot replay")
	if a.dialog != nil {
		t.Fatal("a dialog is open")
	}
}

// actRunMsg runs a palette command as the palette would, and returns a
// message that changes nothing (the command's dialog is then open).
func actRunMsg(a *App, name string) tea.Msg {
	a.apply(kit.ActRun{Name: name})
	return nil
}
