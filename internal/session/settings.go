package session

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

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

// TreeFirst reports whether new functions open their parameters as a tree.
func (s Settings) TreeFirst() bool { return s.NewFunctionView != ViewJSON }

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

// SettingsBytes is the settings file holding s: old's keys (a newer
// tooltui's, say) stay as they are, and only the ones tooltui knows are
// set. old may be nil or not JSON, then the file holds only s.
func SettingsBytes(old []byte, s Settings) ([]byte, error) {
	var out rawjson.Object
	if o, err := rawjson.ParseObject(old); err == nil && old != nil {
		out = o
	}
	v, _ := json.Marshal(s.NewFunctionView)
	if s.NewFunctionView == "" {
		v = []byte(`"` + ViewTree + `"`)
	}
	out.Set("new_function_view", v)
	var ind bytes.Buffer
	if err := json.Indent(&ind, out.AppendJSON(nil), "", "  "); err != nil {
		return nil, err
	}
	ind.WriteByte('\n')
	return ind.Bytes(), nil
}
