// Package outside holds the app's commands that reach outside it: copying to
// the clipboard (the system's, or OSC 52 through the terminal) and editing a
// field in $EDITOR. They run as tea.Cmds, through kit.Deps.
package outside

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/tooltui/tooltui/internal/sysclip"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// MaxOSC52Bytes is the largest text sent to the terminal's clipboard: its
// base64 form stays under the 100,000-byte sequences common terminals take.
const MaxOSC52Bytes = 74_000

// CopiedMsg reports a finished copy.
type CopiedMsg struct {
	what   string
	bytes  int
	osc52  bool
	Native error
}

// copyCmd writes text to the terminal clipboard (OSC 52) and the system
// clipboard, the latter in the background with a timeout, which stops the
// clipboard program.
func Copy(deps kit.Deps, what, text string) tea.Cmd {
	osc := len(text) <= MaxOSC52Bytes
	native := func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), deps.ClipboardTimeout)
		defer cancel()
		done := make(chan error, 1)
		go func() { done <- deps.CopyNative(ctx, text) }()
		var err error
		select {
		case err = <-done:
		case <-ctx.Done():
			err = ctx.Err()
		}
		if err != nil && ctx.Err() != nil {
			err = fmt.Errorf("the clipboard program did not answer within %s", deps.ClipboardTimeout)
		}
		return CopiedMsg{what: what, bytes: len(text), osc52: osc, Native: err}
	}
	if !osc {
		return native
	}
	return tea.Batch(tea.SetClipboard(text), native)
}

// CopyStatus says what a copy did, or why it failed and what to do. A
// system clipboard that keeps failing is explained once (warned).
func CopyStatus(m CopiedMsg, getenv func(string) string, warned bool) (string, bool) {
	size := fmt.Sprintf("%s, %d bytes", m.what, m.bytes)
	switch {
	case m.Native == nil && m.osc52:
		return "Copied " + size + " to the system clipboard and the terminal (OSC 52)", false
	case m.Native == nil:
		return "Copied " + size + " to the system clipboard; too large for the terminal clipboard (OSC 52)", false
	case m.osc52 && warned:
		return "Sent " + size + " to the terminal clipboard (OSC 52)", false
	case m.osc52:
		return "Sent " + size + " via OSC 52 (terminal clipboard): paste to check. System clipboard failed: " + NativeHint(m.Native, getenv), false
	default:
		return fmt.Sprintf("Copy failed: %s is over the %d-byte terminal clipboard limit and the system clipboard failed (%s); save with ctrl+s or run tooltui --print", size, MaxOSC52Bytes, NativeHint(m.Native, getenv)), true
	}
}

// NativeHint turns a clipboard error into advice.
func NativeHint(err error, getenv func(string) string) string {
	msg := err.Error()
	switch {
	case errors.Is(err, sysclip.ErrNoProgram):
		return err.Error()
	case getenv("DISPLAY") == "" && getenv("WAYLAND_DISPLAY") == "":
		return "no graphical session, $DISPLAY is unset (" + msg + ")"
	}
	return msg
}

// EditorDoneMsg carries the text back from $EDITOR.
type EditorDoneMsg struct {
	FieldID string
	Sel     kit.Sel
	Text    string
	Err     error
}

// externalEditorCmd opens text in $VISUAL or $EDITOR and reads it back;
// the temporary file is written, read and removed inside the command.
func Editor(deps kit.Deps, s kit.Sel, fieldID, text, ext string) tea.Cmd {
	ed := deps.Getenv("VISUAL")
	if ed == "" {
		ed = deps.Getenv("EDITOR")
	}
	fail := func(err error) tea.Cmd {
		return func() tea.Msg { return EditorDoneMsg{FieldID: fieldID, Sel: s, Err: err} }
	}
	parts := strings.Fields(ed)
	if len(parts) == 0 {
		return fail(errors.New("set $EDITOR (or $VISUAL) to edit in an external editor"))
	}
	return func() tea.Msg {
		path, err := deps.CreateTemp("tooltui-*"+ext, text)
		if err != nil {
			return EditorDoneMsg{FieldID: fieldID, Sel: s, Err: err}
		}
		c := exec.CommandContext(context.Background(), parts[0], append(parts[1:], path)...)
		return tea.ExecProcess(c, func(err error) tea.Msg {
			defer deps.Remove(path)
			if err != nil {
				return EditorDoneMsg{FieldID: fieldID, Sel: s, Err: fmt.Errorf("%s: %w", parts[0], err)}
			}
			b, rerr := deps.ReadFile(path)
			return EditorDoneMsg{FieldID: fieldID, Sel: s, Text: string(b), Err: rerr}
		})()
	}
}
