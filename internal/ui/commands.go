package ui

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/atotto/clipboard"

	"github.com/tooltui/tooltui/internal/model"
)

// Deps are the app's ways to reach the outside world; tests replace them.
type Deps struct {
	// CopyNative writes the system clipboard.
	CopyNative func(string) error
	// WriteFile saves a file atomically.
	WriteFile func(path string, data []byte) error
	// Getenv reads the environment.
	Getenv func(string) string
	// ClipboardTimeout bounds a system clipboard write.
	ClipboardTimeout time.Duration
}

// DefaultDeps uses the real clipboard, file system and environment.
func DefaultDeps() Deps {
	return Deps{
		CopyNative:       clipboard.WriteAll,
		WriteFile:        model.WriteFileAtomic,
		Getenv:           os.Getenv,
		ClipboardTimeout: 3 * time.Second,
	}
}

func (d Deps) withDefaults() Deps {
	def := DefaultDeps()
	if d.CopyNative == nil {
		d.CopyNative = def.CopyNative
	}
	if d.WriteFile == nil {
		d.WriteFile = def.WriteFile
	}
	if d.Getenv == nil {
		d.Getenv = def.Getenv
	}
	if d.ClipboardTimeout <= 0 {
		d.ClipboardTimeout = def.ClipboardTimeout
	}
	return d
}

// MaxOSC52Bytes is the largest text sent to the terminal's clipboard: its
// base64 form stays under the 100,000-byte sequences common terminals take.
const MaxOSC52Bytes = 74_000

// copiedMsg reports a finished copy.
type copiedMsg struct {
	what   string
	bytes  int
	osc52  bool
	native error
}

// copyCmd writes text to the terminal clipboard (OSC 52) and the system
// clipboard, the latter in the background with a timeout.
func copyCmd(deps Deps, what, text string) tea.Cmd {
	osc := len(text) <= MaxOSC52Bytes
	native := func() tea.Msg {
		done := make(chan error, 1)
		go func() { done <- deps.CopyNative(text) }()
		var err error
		select {
		case err = <-done:
		case <-time.After(deps.ClipboardTimeout):
			err = fmt.Errorf("the clipboard program did not answer within %s", deps.ClipboardTimeout)
		}
		return copiedMsg{what: what, bytes: len(text), osc52: osc, native: err}
	}
	if !osc {
		return native
	}
	return tea.Batch(tea.SetClipboard(text), native)
}

// copyStatus says what a copy did, or why it failed and what to do.
func copyStatus(m copiedMsg, getenv func(string) string) (string, bool) {
	size := fmt.Sprintf("%s (%d bytes)", m.what, m.bytes)
	switch {
	case m.native == nil && m.osc52:
		return "Copied " + size + " to the system clipboard and the terminal (OSC 52)", false
	case m.native == nil:
		return "Copied " + size + " to the system clipboard; too large for the terminal clipboard (OSC 52)", false
	case m.osc52:
		return "Sent " + size + " via OSC 52 (terminal clipboard): paste to check. System clipboard failed: " + nativeHint(m.native, getenv), false
	default:
		return fmt.Sprintf("Copy failed: %s is over the %d-byte terminal clipboard limit and the system clipboard failed (%s); save with ctrl+s or run tooltui --print", size, MaxOSC52Bytes, nativeHint(m.native, getenv)), true
	}
}

// nativeHint turns a clipboard error into advice.
func nativeHint(err error, getenv func(string) string) string {
	msg := err.Error()
	switch {
	case strings.Contains(msg, "No clipboard utilities"):
		return "no clipboard program found (install xclip, xsel or wl-clipboard)"
	case getenv("DISPLAY") == "" && getenv("WAYLAND_DISPLAY") == "":
		return "no graphical session, $DISPLAY is unset (" + msg + ")"
	}
	return msg
}

// savedMsg reports a finished save.
type savedMsg struct {
	path    string
	err     error
	version uint64
	quit    bool
}

func saveCmd(deps Deps, path string, data []byte, version uint64, quit bool) tea.Cmd {
	return func() tea.Msg {
		return savedMsg{path: path, err: deps.WriteFile(path, data), version: version, quit: quit}
	}
}

// editorDoneMsg carries the text back from $EDITOR.
type editorDoneMsg struct {
	fieldID string
	sel     sel
	text    string
	err     error
}

// externalEditorCmd opens text in $VISUAL or $EDITOR and reads it back.
func externalEditorCmd(deps Deps, s sel, fieldID, text, ext string) tea.Cmd {
	ed := deps.Getenv("VISUAL")
	if ed == "" {
		ed = deps.Getenv("EDITOR")
	}
	if ed == "" {
		return func() tea.Msg {
			return editorDoneMsg{fieldID: fieldID, sel: s, err: errors.New("set $EDITOR (or $VISUAL) to edit in an external editor")}
		}
	}
	f, err := os.CreateTemp("", "tooltui-*"+ext)
	if err != nil {
		return func() tea.Msg { return editorDoneMsg{fieldID: fieldID, sel: s, err: err} }
	}
	path := f.Name()
	_, werr := f.WriteString(text)
	cerr := f.Close()
	if werr != nil || cerr != nil {
		os.Remove(path)
		return func() tea.Msg { return editorDoneMsg{fieldID: fieldID, sel: s, err: errors.Join(werr, cerr)} }
	}
	parts := strings.Fields(ed)
	c := exec.CommandContext(context.Background(), parts[0], append(parts[1:], path)...)
	return tea.ExecProcess(c, func(err error) tea.Msg {
		defer os.Remove(path)
		if err != nil {
			return editorDoneMsg{fieldID: fieldID, sel: s, err: fmt.Errorf("%s: %w", parts[0], err)}
		}
		b, rerr := os.ReadFile(path)
		return editorDoneMsg{fieldID: fieldID, sel: s, text: string(b), err: rerr}
	})
}

// statusMsg sets the status line; clearStatusMsg clears it if it still
// shows the message with that id.
type clearStatusMsg struct{ id int }

func clearStatusAfter(id int, d time.Duration) tea.Cmd {
	return tea.Tick(d, func(time.Time) tea.Msg { return clearStatusMsg{id: id} })
}
