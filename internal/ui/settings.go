package ui

import (
	"path/filepath"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/session"
)

// settingsSavedMsg reports a write of the settings file.
type settingsSavedMsg struct {
	path string
	err  error
}

// saveSettings writes the settings into the file at path, keeping every
// other key the file has (a newer tooltui's, say) as it is.
func (a *App) saveSettings(path string, s session.Settings) tea.Cmd {
	deps := a.deps
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

// toggleNewFunctionView switches where new functions' parameters open and
// saves the choice when there is a settings file.
func (a *App) toggleNewFunctionView() tea.Cmd {
	if a.settings.TreeFirst() {
		a.settings.NewFunctionView = session.ViewJSON
	} else {
		a.settings.NewFunctionView = session.ViewTree
	}
	msg := "New functions now open their parameters as a tree once named (enter after the name)"
	if !a.settings.TreeFirst() {
		msg = "New functions now stay in the form once named; T opens the parameters tree"
	}
	if a.settingsFile == "" {
		return a.say(msg+" · for this session", false)
	}
	return tea.Batch(a.say(msg, false), a.saveSettings(a.settingsFile, a.settings))
}

func (a *App) onSettingsSaved(m settingsSavedMsg) tea.Cmd {
	if m.err != nil {
		return a.say("The setting holds for this session; saving it failed: "+m.err.Error(), true)
	}
	return nil
}
