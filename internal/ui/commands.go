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

	"github.com/tooltui/tooltui/internal/mcpclient"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/send"
	"github.com/tooltui/tooltui/internal/session"
	"github.com/tooltui/tooltui/internal/sysclip"
	"github.com/tooltui/tooltui/internal/ui/cost"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

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
// clipboard, the latter in the background with a timeout, which stops the
// clipboard program.
func copyCmd(deps kit.Deps, what, text string) tea.Cmd {
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
		return copiedMsg{what: what, bytes: len(text), osc52: osc, native: err}
	}
	if !osc {
		return native
	}
	return tea.Batch(tea.SetClipboard(text), native)
}

// copyStatus says what a copy did, or why it failed and what to do. A
// system clipboard that keeps failing is explained once (warned).
func copyStatus(m copiedMsg, getenv func(string) string, warned bool) (string, bool) {
	size := fmt.Sprintf("%s, %d bytes", m.what, m.bytes)
	switch {
	case m.native == nil && m.osc52:
		return "Copied " + size + " to the system clipboard and the terminal (OSC 52)", false
	case m.native == nil:
		return "Copied " + size + " to the system clipboard; too large for the terminal clipboard (OSC 52)", false
	case m.osc52 && warned:
		return "Sent " + size + " to the terminal clipboard (OSC 52)", false
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
	case errors.Is(err, sysclip.ErrNoProgram):
		return err.Error()
	case getenv("DISPLAY") == "" && getenv("WAYLAND_DISPLAY") == "":
		return "no graphical session, $DISPLAY is unset (" + msg + ")"
	}
	return msg
}

// editorDoneMsg carries the text back from $EDITOR.
type editorDoneMsg struct {
	fieldID string
	sel     kit.Sel
	text    string
	err     error
}

// externalEditorCmd opens text in $VISUAL or $EDITOR and reads it back;
// the temporary file is written, read and removed inside the command.
func externalEditorCmd(deps kit.Deps, s kit.Sel, fieldID, text, ext string) tea.Cmd {
	ed := deps.Getenv("VISUAL")
	if ed == "" {
		ed = deps.Getenv("EDITOR")
	}
	fail := func(err error) tea.Cmd {
		return func() tea.Msg { return editorDoneMsg{fieldID: fieldID, sel: s, err: err} }
	}
	parts := strings.Fields(ed)
	if len(parts) == 0 {
		return fail(errors.New("set $EDITOR (or $VISUAL) to edit in an external editor"))
	}
	return func() tea.Msg {
		path, err := deps.CreateTemp("tooltui-*"+ext, text)
		if err != nil {
			return editorDoneMsg{fieldID: fieldID, sel: s, err: err}
		}
		c := exec.CommandContext(context.Background(), parts[0], append(parts[1:], path)...)
		return tea.ExecProcess(c, func(err error) tea.Msg {
			defer deps.Remove(path)
			if err != nil {
				return editorDoneMsg{fieldID: fieldID, sel: s, err: fmt.Errorf("%s: %w", parts[0], err)}
			}
			b, rerr := deps.ReadFile(path)
			return editorDoneMsg{fieldID: fieldID, sel: s, text: string(b), err: rerr}
		})()
	}
}

// DefaultDeps uses the real clipboard, file system and environment.
func DefaultDeps() kit.Deps {
	return kit.Deps{
		CopyNative:       sysclip.Write,
		WriteFile:        model.WriteFileAtomic,
		Getenv:           os.Getenv,
		ClipboardTimeout: 3 * time.Second,
		MkdirAll:         os.MkdirAll,
		Remove:           os.Remove,
		CreateTemp:       createTemp,
		ReadFile:         os.ReadFile,
		RecoveryFile:     session.RecoveryFile,
		ReadStamp:        model.ReadStamp,
		Stat:             os.Stat,
		Watch:            session.WatchFile,
		Tick:             tea.Tick,
		Send:             send.Stream,
		ListMCPTools:     mcpclient.List,
		WarmTokens:       cost.WarmAfterFirstFrame,
	}
}

// createTemp writes text to a new temporary file and returns its path.
func createTemp(pattern, text string) (string, error) {
	f, err := os.CreateTemp("", pattern)
	if err != nil {
		return "", err
	}
	_, werr := f.WriteString(text)
	cerr := f.Close()
	if werr != nil || cerr != nil {
		os.Remove(f.Name())
		return "", errors.Join(werr, cerr)
	}
	return f.Name(), nil
}

func withDefaults(d kit.Deps) kit.Deps {
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
	if d.MkdirAll == nil {
		d.MkdirAll = def.MkdirAll
	}
	if d.Remove == nil {
		d.Remove = def.Remove
	}
	if d.CreateTemp == nil {
		d.CreateTemp = def.CreateTemp
	}
	if d.ReadFile == nil {
		d.ReadFile = def.ReadFile
	}
	if d.ReadStamp == nil {
		d.ReadStamp = def.ReadStamp
	}
	if d.Send == nil {
		d.Send = def.Send
	}
	if d.Stat == nil {
		d.Stat = def.Stat
	}
	if d.ListMCPTools == nil {
		d.ListMCPTools = def.ListMCPTools
	}
	if d.Tick == nil {
		d.Tick = def.Tick
	}
	return d
}

// Deps are the app's ways to the outside world (kit.Deps): tests replace
// them.
type Deps = kit.Deps
