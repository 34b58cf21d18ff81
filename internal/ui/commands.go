package ui

import (
	"errors"
	"os"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/mcpclient"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/send"
	"github.com/tooltui/tooltui/internal/session"
	"github.com/tooltui/tooltui/internal/sysclip"
	"github.com/tooltui/tooltui/internal/ui/cost"
	"github.com/tooltui/tooltui/internal/ui/kit"
	"github.com/tooltui/tooltui/internal/workspace"
)

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
		WatchDir:         workspace.Watch,
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
