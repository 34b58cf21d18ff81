package ui

import (
	"os"

	tea "charm.land/bubbletea/v2"
	"github.com/tooltui/tooltui/internal/send"
	"github.com/tooltui/tooltui/internal/ui/files"
	"github.com/tooltui/tooltui/internal/ui/kit"
	"github.com/tooltui/tooltui/internal/ui/sendview"

	"github.com/tooltui/tooltui/internal/termtext"
)

// sender is what a send needs of the app (the send view's sender).
func (a *App) sender() sendview.Sender {
	sn := sendview.Sender{State: &a.sends, Getenv: a.deps.Getenv, Stream: a.deps.Send, History: a.s.Path()}
	if a.apiKeyEnv != "" {
		sn.Withhold = []string{a.apiKeyEnv} // no MCP server gets the key
	}
	return sn
}

// sendRequest opens the response dialog and starts the stream.
func (a *App) sendRequest() tea.Cmd {
	d, why, cmd := sendview.New(a.s, a.sender(), a.sendConfig())
	if d == nil {
		return a.say(why, true)
	}
	return tea.Batch(a.apply(kit.ActOpen{D: d}), cmd)
}

// sendToSimulator sends the request to tooltui's simulator, in memory.
func (a *App) sendToSimulator() tea.Cmd {
	d, why, cmd := sendview.New(a.s, a.sender(), simConfig())
	if d == nil {
		return a.say(why, true)
	}
	return tea.Batch(a.apply(kit.ActOpen{D: d}), cmd)
}

// onStream hands a stream's event to its dialog; a closed dialog's stream
// was cancelled when it closed, and its last messages are dropped.
func (a *App) onStream(m sendview.StreamMsg) tea.Cmd {
	cmd := a.receive(m)
	for _, d := range a.dialogs() {
		if sd, ok := d.(*sendview.Dialog); ok && sd.Receives(m) {
			if n, at := sd.Measured(); n > 0 {
				// The status line shows it beside the estimate while the
				// document is the one sent.
				a.tok.Measured, a.tok.MeasuredAt = n, at
			}
		}
	}
	return cmd
}

// recordingName is where a document's recording goes by default: beside
// it, x.json gives x.recording.jsonl.
func recordingName(path string) string {
	return files.SiblingName(path, ".recording.jsonl", "recording.jsonl")
}

// defaultRecording is the file the record and replay prompts propose.
func (a *App) defaultRecording() string {
	ss, s := &a.sends, a.s
	if p := ss.LastRecording; p != "" {
		return p
	}
	base := s.Path()
	if base == "" {
		base = s.Name()
	}
	return recordingName(base)
}

// recordNextSend asks where the next send's recording goes.
func (a *App) recordNextSend() tea.Cmd {
	return a.apply(kit.ActOpen{D: files.NewFileName("Record the next send", "record", a.defaultRecording(), func(p string) []kit.Action {
		st := &a.sends
		st.RecordNext, st.LastRecording = p, p
		msg := "The next send (ctrl+r) records to " + p
		if _, err := os.Stat(p); err == nil {
			msg += " (the file is there: the send writes over it)"
		}
		return []kit.Action{kit.Say(msg)}
	})})
}

// replayRecording asks for a recording, then opens the replay dialog.
func (a *App) replayRecording() tea.Cmd {
	return a.apply(kit.ActOpen{D: files.NewFileName("Replay a recording", "replay", a.defaultRecording(), func(p string) []kit.Action {
		data, err := a.deps.ReadFile(p)
		if err != nil {
			return []kit.Action{kit.SayErr("Cannot replay: " + termtext.SanitizeLine(err.Error()))}
		}
		return sendview.OpenReplay(a.s, a.sender(), p, data)
	})})
}

// sendConfig is where Send request goes and with which key
// (sendview.ConfigOf).
func (a *App) sendConfig() send.Config {
	return sendview.ConfigOf(a.deps.Getenv, a.baseURL, a.apiKeyEnv)
}

// simConfig sends to tooltui's simulator, in memory.
func simConfig() send.Config { return sendview.SimConfig() }
