package files

import (
	"path/filepath"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/session"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// settingsSavedMsg reports a write of the settings file.
type settingsSavedMsg struct {
	path string
	err  error
}

// saveSettingsCmd writes the settings into the file at path, keeping
// every other key the file has (a newer tooltui's, say) as it is.
func saveSettingsCmd(deps kit.Deps, path string, s session.Settings) tea.Cmd {
	return func() tea.Msg {
		old, _ := deps.ReadFile(path)
		data, err := session.SettingsBytes(old, s)
		if err != nil {
			return settingsSavedMsg{path, err}
		}
		if err := deps.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return settingsSavedMsg{path, err}
		}
		return settingsSavedMsg{path, deps.WriteFile(path, data)}
	}
}

// ToggleNewFunctionView switches where new functions' parameters open and
// saves the choice when there is a settings file.
func (d *Disk) ToggleNewFunctionView() []kit.Action {
	if d.Settings.TreeFirst() {
		d.Settings.NewFunctionView = session.ViewJSON
	} else {
		d.Settings.NewFunctionView = session.ViewTree
	}
	msg := "New functions now open their parameters as a tree once named (enter after the name)"
	if !d.Settings.TreeFirst() {
		msg = "New functions now stay in the form once named; T opens the parameters tree"
	}
	if d.settingsFile == "" {
		return []kit.Action{kit.Say(msg + " · for this session")}
	}
	return []kit.Action{kit.Say(msg), kit.ActCmd{Cmd: saveSettingsCmd(d.deps, d.settingsFile, d.Settings)}}
}
