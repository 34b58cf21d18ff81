package sendview

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/send"
	"github.com/tooltui/tooltui/internal/termtext"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// Record and replay in the app, as tooltui send --record and --replay
// do: "Record the next send" names the file the next send writes its
// recording to; "Replay a recording" reads one, checks that the document
// still builds its first request, and plays it back through the response
// view with no network and no key.

// replayDialog says what a recording holds and whether the document still
// builds its first request, and asks how fast to play it.
type Replay struct {
	path string
	rec  *send.Recording
	// differs is the JSON Pointer where the document's request first
	// differs from the recorded one ("" : the same).
	differs string
	events  int
	length  time.Duration
	play    func(speed float64) []kit.Action
	w       int
}

var replayKeys = struct{ Play, Twice, Four, Once, Cancel key.Binding }{
	Play:   key.NewBinding(key.WithKeys("enter", "1"), key.WithHelp("enter", "play at the recorded pace")),
	Twice:  key.NewBinding(key.WithKeys("2"), key.WithHelp("2", "play twice as fast")),
	Four:   key.NewBinding(key.WithKeys("4"), key.WithHelp("4", "play four times as fast")),
	Once:   key.NewBinding(key.WithKeys("0"), key.WithHelp("0", "play at once")),
	Cancel: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
}

// OpenReplay opens the replay of the recording data read from path (the
// one the replay prompt then proposes), or says why it cannot be played.
func OpenReplay(s *kit.Session, sn Sender, path string, data []byte) []kit.Action {
	d, why := NewReplay(s, sn, path, data)
	if d == nil {
		return []kit.Action{kit.SayErr(why)}
	}
	sn.State.LastRecording = path
	return []kit.Action{kit.ActOpen{D: d}}
}

// NewReplay reads the recording data read from path; nil and why when it
// cannot be played.
func NewReplay(s *kit.Session, sn Sender, path string, data []byte) (kit.Dialog, string) {
	rec, err := send.ReadRecording(bytes.NewReader(data))
	if err != nil {
		return nil, "Cannot replay " + termtext.SanitizeLine(path) + ": " + termtext.SanitizeLine(err.Error())
	}
	d := &Replay{path: path, rec: rec, differs: rec.CheckFirst(s.Result().JSON)}
	for _, t := range rec.Turns {
		d.events += len(t.Events)
		d.length += t.End
	}
	d.play = func(speed float64) []kit.Action {
		// The first request's difference is in the dialog, played anyway
		// by choice; a later turn whose request is not the recorded one
		// (an output changed) asks there, naming where: play anyway, or
		// stop.
		cfg := send.Config{BaseURL: "the recording " + path, Stream: rec.Play(speed, func(ctx context.Context, df *send.ReplayDiffers) error {
			if df.Turn == 1 {
				return nil
			}
			if r, ok := ctx.Value(runKey{}).(*loopRun); ok && r.playAnyway(df) {
				return nil
			}
			return df
		})}
		sd, cmd := Start(s, sn, cfg, "", filepath.Base(path))
		sd.Again = func() []kit.Action { return d.play(speed) }
		return []kit.Action{kit.ActOpen{D: sd}, kit.ActCmd{Cmd: cmd}}
	}
	return d, ""
}

func (d *Replay) Resize(w, h int) kit.Dialog {
	d.w = max(20, min(90, w-2))
	return d
}

func (d *Replay) Update(msg tea.Msg, e *kit.Env) (kit.Dialog, []kit.Action) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return d, nil
	}
	speed := -1.0
	switch {
	case key.Matches(k, replayKeys.Play):
		speed = 1
	case key.Matches(k, replayKeys.Twice):
		speed = 2
	case key.Matches(k, replayKeys.Four):
		speed = 4
	case key.Matches(k, replayKeys.Once):
		speed = 0
	case key.Matches(k, replayKeys.Cancel):
		return nil, []kit.Action{kit.ActClose{}, kit.Say("Replay cancelled")}
	default:
		return d, []kit.Action{kit.ExplainDialogKey(k, d, e.Km)}
	}
	return nil, append([]kit.Action{kit.ActClose{}}, d.play(speed)...)
}

func (d *Replay) View(e *kit.Env, w, h int) []string {
	st := e.St
	iw := d.w - 4
	line := func(s string) string { return " " + kit.Fit(termtext.SanitizeLine(s), iw) }
	created := ""
	if d.rec.Created != "" {
		created = " · recorded " + d.rec.Created
	}
	lines := []string{
		line(filepath.Base(d.path) + created),
		st.Dim.Render(line(fmt.Sprintf("%s · %s · %s at the recorded pace", kit.Plural(len(d.rec.Turns), "turn"), kit.Plural(d.events, "event"),
			durationText(d.length.Round(time.Millisecond))))),
		"",
	}
	play := "enter play at the recorded pace"
	if d.differs == "" {
		lines = append(lines, st.OK.Render(line("The document still builds the recorded first request.")))
	} else {
		lines = append(lines, st.Error.Render(line("The document no longer builds the recorded first request:")),
			st.Error.Render(line("they first differ at "+d.differs+".")),
			st.Dim.Render(line("Playing it anyway replays the model's side as recorded.")))
		play = "enter play anyway"
	}
	lines = append(lines, "", st.Dim.Render(line("No network and no key: the calls are answered again (mocks, MCP servers, you).")),
		"", st.Dim.Render(" "+kit.Fit(play+" · 2 or 4 times as fast · 0 at once · esc cancel", iw)))
	return kit.Box(e, "Replay a recording", lines, d.w)
}

func (d *Replay) Help(km *kit.KeyMap) []key.Binding {
	return []key.Binding{replayKeys.Play, replayKeys.Twice, replayKeys.Four, replayKeys.Once, replayKeys.Cancel}
}

func (d *Replay) Name() string { return "the replay dialog" }
