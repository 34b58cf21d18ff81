package ui

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// Settings are the user's choices that outlive a session, kept in
// settings.json of tooltui's config directory (SettingsPath).
type Settings struct {
	// NewFunctionView is where a new function's parameters open once it
	// is named: "tree" (the parameters tree; the default, also for "") or
	// "json" (stay in the form, where Parameters is JSON text).
	NewFunctionView string `json:"new_function_view,omitempty"`
}

// Values of Settings.NewFunctionView.
const (
	ViewTree = "tree"
	ViewJSON = "json"
)

// treeFirst reports whether new functions open their parameters as a tree.
func (s Settings) treeFirst() bool { return s.NewFunctionView != ViewJSON }

// SettingsPath is settings.json under tooltui in the user's config
// directory (~/.config/tooltui on Linux), beside profiles.json.
func SettingsPath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "tooltui", "settings.json"), nil
}

// LoadSettings reads a settings file; a file that does not exist is the
// default settings. An unknown view name is an error that names it.
func LoadSettings(path string) (Settings, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Settings{}, nil
	}
	if err != nil {
		return Settings{}, err
	}
	var s Settings
	if err := json.Unmarshal(data, &s); err != nil {
		return Settings{}, fmt.Errorf("%s: %w", path, err)
	}
	switch s.NewFunctionView {
	case "", ViewTree, ViewJSON:
	default:
		return Settings{}, fmt.Errorf("%s: new_function_view is %q; use %q or %q", path, s.NewFunctionView, ViewTree, ViewJSON)
	}
	return s, nil
}

// settingsSavedMsg reports a write of the settings file.
type settingsSavedMsg struct {
	path string
	err  error
}

// saveSettings writes the settings into the file at path, keeping every
// other key the file has (a newer tooltui's, say) as it is.
func (a *App) saveSettings(path string, s Settings) tea.Cmd {
	deps := a.deps
	return func() tea.Msg {
		var out rawjson.Object
		if old, err := deps.ReadFile(path); err == nil {
			if o, perr := rawjson.ParseObject(old); perr == nil {
				out = o
			}
		}
		v, _ := json.Marshal(s.NewFunctionView)
		if s.NewFunctionView == "" {
			v = []byte(`"` + ViewTree + `"`)
		}
		out.Set("new_function_view", v)
		var ind bytes.Buffer
		if err := json.Indent(&ind, out.AppendJSON(nil), "", "  "); err != nil {
			return settingsSavedMsg{path, err}
		}
		ind.WriteByte('\n')
		if err := deps.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return settingsSavedMsg{path, err}
		}
		return settingsSavedMsg{path, deps.WriteFile(path, ind.Bytes())}
	}
}

// toggleNewFunctionView switches where new functions' parameters open and
// saves the choice when there is a settings file.
func (a *App) toggleNewFunctionView() tea.Cmd {
	if a.settings.treeFirst() {
		a.settings.NewFunctionView = ViewJSON
	} else {
		a.settings.NewFunctionView = ViewTree
	}
	msg := "New functions now open their parameters as a tree once named (enter after the name)"
	if !a.settings.treeFirst() {
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
