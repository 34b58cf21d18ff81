package session

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
)

// WorkspaceSettings are a workspace's own choices, kept in settings.json
// of the workspace's marker folder (WorkspaceSettingsPath), apart from the
// user's Settings:
//
//	{"history": true}
type WorkspaceSettings struct {
	// History records every send of the workspace's documents in its
	// history (.tooltui/history, see internal/history); off by default.
	History bool
}

// WorkspaceMarker is the folder that holds a workspace's own files (its
// settings, its history): a folder holding one is a workspace.
const WorkspaceMarker = ".tooltui"

// WorkspaceSettingsPath is the settings file of the workspace at root:
// root/.tooltui/settings.json.
func WorkspaceSettingsPath(root string) string {
	return filepath.Join(root, WorkspaceMarker, "settings.json")
}

// LoadWorkspaceSettings reads the settings of the workspace at root; a
// file that does not exist is the default settings. A file that is not a
// JSON object, or whose "history" is not true or false, is an error that
// names the file (and the line and column of a syntax error). Keys tooltui
// does not know are left alone.
func LoadWorkspaceSettings(root string) (WorkspaceSettings, error) {
	path := WorkspaceSettingsPath(root)
	data, err := readSettingsFile(path)
	if data == nil || err != nil {
		return WorkspaceSettings{}, err
	}
	o, err := parseSettings(path, data)
	if err != nil {
		return WorkspaceSettings{}, err
	}
	var s WorkspaceSettings
	if v, ok := o.Get("history"); ok {
		switch v := string(bytes.TrimSpace(v)); v {
		case "true", "false":
			s.History = v == "true"
		default:
			return WorkspaceSettings{}, fmt.Errorf("%s: \"history\" is %s; use true or false", path, v)
		}
	}
	return s, nil
}

// SaveWorkspaceSettings writes s into the settings file of the workspace
// at root (creating root/.tooltui when needed), keeping every key it does
// not know as it was, atomically. A file that cannot be read as settings
// is left as it is, with the error LoadWorkspaceSettings gives.
func SaveWorkspaceSettings(root string, s WorkspaceSettings) error {
	path := WorkspaceSettingsPath(root)
	old, err := readSettingsFile(path)
	if err != nil {
		return err
	}
	var o rawjson.Object
	if old != nil {
		if o, err = parseSettings(path, old); err != nil {
			return err
		}
	}
	o.Set("history", json.RawMessage(fmt.Sprint(s.History)))
	var out bytes.Buffer
	if err := json.Indent(&out, o.AppendJSON(nil), "", "  "); err != nil {
		return err
	}
	out.WriteByte('\n')
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return model.WriteFileAtomic(path, out.Bytes())
}

// readSettingsFile is the file at path; nil, nil when there is none.
func readSettingsFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := model.ReadAllLimited(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if data == nil {
		data = []byte{}
	}
	return data, nil
}

// parseSettings reads a settings file's object; an error names path.
func parseSettings(path string, data []byte) (rawjson.Object, error) {
	o, err := rawjson.ParseObject(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")))
	var se *rawjson.SyntaxError
	switch {
	case errors.As(err, &se):
		return nil, fmt.Errorf("%s: line %d, column %d: not valid JSON: %s", path, se.Line, se.Column, se.Msg)
	case err != nil:
		return nil, fmt.Errorf("%s: not a JSON object: settings are an object such as {\"history\": true}", path)
	}
	return o, nil
}
