package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/history"
	"github.com/tooltui/tooltui/internal/send"
	"github.com/tooltui/tooltui/internal/session"
	"github.com/tooltui/tooltui/internal/ui/kit"
	"github.com/tooltui/tooltui/internal/ui/recent"
	"github.com/tooltui/tooltui/internal/ui/sendview"
)

// historyApp is an app whose document is dir/demo.json, sending to the
// in-memory simulator, reading files from the disk.
func historyApp(t *testing.T, dir string) *App {
	t.Helper()
	a := sendApp(t, nil)
	path := filepath.Join(dir, "demo.json")
	data, err := a.s.Doc().Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	a.s.Saved(a.s.Version(), path, "demo.json")
	a.deps.ReadFile = os.ReadFile
	return a
}

// hpump runs the app's commands, handing it the messages of the stream
// and of the history; commands still running go on into the next run.
type hpump struct {
	t   *testing.T
	a   *App
	out chan tea.Msg
}

var pumps = map[*App]*hpump{}

func pumpOf(t *testing.T, a *App) *hpump {
	p, ok := pumps[a]
	if !ok {
		p = &hpump{t: t, a: a, out: make(chan tea.Msg, 64)}
		pumps[a] = p
		t.Cleanup(func() { delete(pumps, a) })
	}
	return p
}

func (p *hpump) start(c tea.Cmd) {
	if c != nil {
		go func() { p.out <- c() }()
	}
}

// settle runs cmd and the commands that follow until done holds; not
// within 20 s fails the test.
func settle(t *testing.T, a *App, cmd tea.Cmd, done func(*App) bool) {
	t.Helper()
	p := pumpOf(t, a)
	p.start(cmd)
	deadline := time.After(20 * time.Second)
	for !done(a) {
		select {
		case msg := <-p.out:
			switch m := msg.(type) {
			case tea.BatchMsg:
				for _, c := range m {
					p.start(c)
				}
			case sendview.StreamMsg, recent.Msg:
				_, next := a.Update(m)
				p.start(next)
			}
		case <-deadline:
			t.Fatalf("waited 20 s; the screen:\n%s", treeScreen(a))
		}
	}
}

// simSend sends the document to the simulator and waits for the end.
func simSend(t *testing.T, a *App) {
	t.Helper()
	stop := func(a *App) bool { return ended(a) || asking(a) }
	settle(t, a, a.apply(kit.ActRun{Name: kit.CmdSendSim}), stop)
	for asking(a) { // the simulator calls a function no mock answers
		typeLine(a, `{"temp_c": 12}`)
		_, cmd := a.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
		settle(t, a, cmd, stop)
	}
	if _, ok := a.dialog.(*sendview.Dialog); !ok {
		t.Fatalf("no response view:\n%s", treeScreen(a))
	}
}

func setHistory(t *testing.T, root string, on bool) {
	t.Helper()
	if err := session.SaveWorkspaceSettings(root, session.WorkspaceSettings{History: on}); err != nil {
		t.Fatal(err)
	}
}

// openRecent opens the Recent sends dialog and waits for its listing.
func openRecent(t *testing.T, a *App) string {
	t.Helper()
	settle(t, a, a.apply(kit.ActRun{Name: kit.CmdRecent}), func(a *App) bool {
		return a.dialog != nil && !strings.Contains(treeScreen(a), "Reading the history")
	})
	return flatText(treeScreen(a))
}

// TestAppSendsGoToTheHistoryWhenItIsOn: with the workspace's history on, a
// send of the app is recorded there once, completed, without the key;
// Recent sends lists it and enter plays it back through the replay.
func TestAppSendsGoToTheHistoryWhenItIsOn(t *testing.T) {
	root := t.TempDir()
	setHistory(t, root, true)
	a := historyApp(t, root)
	simSend(t, a)
	requireIn(t, flatText(treeScreen(a)), "in the history:")
	entries, err := history.List(root)
	if err != nil || len(entries) != 1 {
		t.Fatalf("history %v, %+v", err, entries)
	}
	e := entries[0]
	if e.Err != nil || e.Document != "demo.json" || e.Outcome.Kind != send.OutcomeCompleted || e.Turns < 1 {
		t.Fatalf("entry %+v", e)
	}
	a.Update(tea.KeyPressMsg{Code: tea.KeyEscape})

	s := openRecent(t, a)
	requireIn(t, s, "Recent sends")
	requireIn(t, s, "local time")
	requireIn(t, s, e.Date.Local().Format("2006-01-02 15:04:05")+" demo.json")
	requireIn(t, s, "completed, "+kit.Plural(e.Turns, "turn"))
	if e.Model != "" {
		requireIn(t, s, e.Model)
	}
	_, cmd := a.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	settle(t, a, cmd, func(a *App) bool { _, ok := a.dialog.(*sendview.Replay); return ok })
	s = flatText(treeScreen(a))
	requireIn(t, s, "The document still builds the recorded first request.")

	// A second send: two in the history, the newest first.
	a.closeDialog()
	simSend(t, a)
	if entries, _ := history.List(root); len(entries) != 2 {
		t.Fatalf("%d sends in the history, want 2", len(entries))
	}
}

// TestAppSendsStayOutOfTheHistoryWhenItIsOff: with the history off, a send
// leaves nothing, and Recent sends says how to turn it on.
func TestAppSendsStayOutOfTheHistoryWhenItIsOff(t *testing.T) {
	root := t.TempDir()
	setHistory(t, root, false)
	a := historyApp(t, root)
	simSend(t, a)
	if s := flatText(treeScreen(a)); strings.Contains(s, "in the history") {
		t.Fatalf("the send says it is in the history:\n%s", s)
	}
	if _, err := os.Stat(history.Dir(root)); !os.IsNotExist(err) {
		t.Fatalf("the history folder is there: %v", err)
	}
	a.Update(tea.KeyPressMsg{Code: tea.KeyEscape})
	s := openRecent(t, a)
	requireIn(t, s, "The history of sends is off in ")
	requireIn(t, s, "recorded.") // the sentence goes on after the whole path, however long
	requireIn(t, s, "history --on")
	requireIn(t, s, kit.CmdHistoryToggle)
}

// TestRecentSendsOutsideAWorkspace says the document is in no workspace
// and how to make it one; turning the history on makes its folder one, and
// the next send is recorded; turning it off again keeps what it holds.
func TestRecentSendsOutsideAWorkspace(t *testing.T) {
	dir := t.TempDir()
	if _, ok := history.FindRoot(dir); ok {
		t.Skip("the temporary folder is inside a workspace")
	}
	a := historyApp(t, dir)
	s := openRecent(t, a)
	requireIn(t, s, "is in no workspace")
	requireIn(t, s, "history --on")
	a.Update(tea.KeyPressMsg{Code: tea.KeyEscape})

	settle(t, a, a.apply(kit.ActRun{Name: kit.CmdHistoryToggle}), func(a *App) bool {
		return strings.Contains(treeScreen(a), "The history of sends is on")
	})
	if ws, err := session.LoadWorkspaceSettings(dir); err != nil || !ws.History {
		t.Fatalf("settings %+v %v", ws, err)
	}
	simSend(t, a)
	a.Update(tea.KeyPressMsg{Code: tea.KeyEscape})
	settle(t, a, a.apply(kit.ActRun{Name: kit.CmdHistoryToggle}), func(a *App) bool {
		return strings.Contains(treeScreen(a), "The history of sends is off")
	})
	s = openRecent(t, a)
	requireIn(t, s, "demo.json")
	requireIn(t, s, "The history is off: new sends are not recorded")
}

// sendUnderWay starts a send to the simulator from a document of the
// workspace root, its history on, and returns once the answer streams.
func sendUnderWay(t *testing.T, root string) *App {
	t.Helper()
	setHistory(t, root, true)
	a := historyApp(t, root)
	settle(t, a, a.apply(kit.ActRun{Name: kit.CmdSendSim}), func(a *App) bool {
		d, ok := a.dialog.(*sendview.Dialog)
		return ok && len(d.Lines) > 0
	})
	return a
}

// TestAnAppSendClosedMidStreamIsCancelledInTheHistory: closing the
// response view while the answer streams records the send as cancelled.
func TestAnAppSendClosedMidStreamIsCancelledInTheHistory(t *testing.T) {
	root := t.TempDir()
	a := sendUnderWay(t, root)
	if ended(a) {
		t.Fatal("the send ended before it could be closed")
	}
	a.Update(tea.KeyPressMsg{Code: tea.KeyEscape})
	deadline := time.Now().Add(20 * time.Second)
	for {
		entries, err := history.List(root)
		if err == nil && len(entries) == 1 {
			if k := entries[0].Outcome.Kind; k != send.OutcomeCancelled {
				t.Fatalf("outcome %q, want cancelled", k)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("no send in the history after 20 s: %v %+v", err, entries)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestASendUnderWayWhenTheAppQuitsIsCancelledInTheHistory: quitting while
// the answer streams (the response view left open, nothing reading the
// stream any more) stops the send; sendview.StopAll returns once its history
// entry, cancelled, is written.
func TestASendUnderWayWhenTheAppQuitsIsCancelledInTheHistory(t *testing.T) {
	root := t.TempDir()
	a := sendUnderWay(t, root)
	if ended(a) {
		t.Fatal("the send ended before the app could quit")
	}
	// The program ends here: nothing pumps the send's messages from now on.
	if !sendview.StopAll(20 * time.Second) {
		t.Fatal("the send did not stop within 20 s")
	}
	entries, err := history.List(root)
	if err != nil || len(entries) != 1 {
		t.Fatalf("history %v, %+v", err, entries)
	}
	if k := entries[0].Outcome.Kind; k != send.OutcomeCancelled {
		t.Fatalf("outcome %q, want cancelled", k)
	}
}

// TestAppSendWithUnreadableWorkspaceSettings: settings that cannot be read
// stop the send before anything is sent, naming the file; nothing is left
// in the history.
func TestAppSendWithUnreadableWorkspaceSettings(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, ".tooltui"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, ".tooltui", "settings.json"), []byte(`{"history": "yes"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	a := historyApp(t, root)
	simSend(t, a)
	s := flatText(treeScreen(a))
	requireIn(t, s, "settings.json")
	if strings.Contains(s, "get_weather {") {
		t.Fatalf("the send went ahead:\n%s", s)
	}
	if _, err := os.Stat(history.Dir(root)); !os.IsNotExist(err) {
		t.Fatalf("the history folder is there: %v", err)
	}
}

// TestRecentSendsShowsAnUnreadableEntry: a file of the history that is not
// a recording is listed as unreadable, and enter on it says why it cannot
// be played back.
func TestRecentSendsShowsAnUnreadableEntry(t *testing.T) {
	root := t.TempDir()
	setHistory(t, root, true)
	if err := os.MkdirAll(history.Dir(root), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(history.Dir(root), "20261201T100000Z-bad.recording.jsonl"), []byte("not a recording\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	a := historyApp(t, root)
	s := openRecent(t, a)
	requireIn(t, s, "unreadable: 20261201T100000Z-bad.recording.jsonl: line 1:")
	a.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	requireIn(t, flatText(treeScreen(a)), "Cannot play it back")
	if _, ok := a.dialog.(*sendview.Replay); ok {
		t.Fatal("an unreadable send opened a replay")
	}
}
