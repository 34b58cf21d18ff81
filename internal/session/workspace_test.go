package session

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeWorkspaceSettings(t *testing.T, root, text string) string {
	t.Helper()
	path := WorkspaceSettingsPath(root)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// History is off without a settings file, on with "history": true.
func TestLoadWorkspaceSettings(t *testing.T) {
	root := t.TempDir()
	if s, err := LoadWorkspaceSettings(root); err != nil || s.History {
		t.Fatalf("no file: %+v, %v", s, err)
	}
	writeWorkspaceSettings(t, root, "\ufeff{\"future\": 1, \"history\": true}\n")
	if s, err := LoadWorkspaceSettings(root); err != nil || !s.History {
		t.Fatalf("history true: %+v, %v", s, err)
	}
	writeWorkspaceSettings(t, root, `{"history": false}`)
	if s, err := LoadWorkspaceSettings(root); err != nil || s.History {
		t.Fatalf("history false: %+v, %v", s, err)
	}
}

// A malformed settings file is an error naming the file and what is
// wrong, and a save leaves it as it is.
func TestMalformedWorkspaceSettings(t *testing.T) {
	for text, want := range map[string]string{
		`{"history": tru}`:     "line 1, column 16: not valid JSON",
		"{\n  \"history\": 1,": "line 2",
		``:                     "not valid JSON",
		`[true]`:               "not a JSON object",
		`{"history": "yes"}`:   `"history" is "yes"; use true or false`,
		`{"history": null}`:    `"history" is null`,
	} {
		root := t.TempDir()
		path := writeWorkspaceSettings(t, root, text)
		_, err := LoadWorkspaceSettings(root)
		if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want an error naming %s and saying %q", text, err, path, want)
		}
		if text == `{"history": "yes"}` || text == `{"history": null}` {
			continue // valid JSON: a save sets the key
		}
		if err := SaveWorkspaceSettings(root, WorkspaceSettings{History: true}); err == nil {
			t.Errorf("%q: a save over it went through", text)
		}
		if data, _ := os.ReadFile(path); string(data) != text {
			t.Errorf("%q: the save changed the file to %q", text, data)
		}
	}
}

// A save sets "history" and keeps every other key, in its order; it
// creates the marker folder when needed.
func TestSaveWorkspaceSettingsKeepsUnknownKeys(t *testing.T) {
	root := t.TempDir()
	if err := SaveWorkspaceSettings(root, WorkspaceSettings{History: true}); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(WorkspaceSettingsPath(root)); string(data) != "{\n  \"history\": true\n}\n" {
		t.Fatalf("new file: %q", data)
	}
	writeWorkspaceSettings(t, root, `{"zeta": {"a": [1, 2]}, "history": true, "alpha": "x"}`)
	if err := SaveWorkspaceSettings(root, WorkspaceSettings{History: false}); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(WorkspaceSettingsPath(root))
	want := "{\n  \"zeta\": {\n    \"a\": [\n      1,\n      2\n    ]\n  },\n  \"history\": false,\n  \"alpha\": \"x\"\n}\n"
	if string(data) != want {
		t.Fatalf("saved\n%s\nwant\n%s", data, want)
	}
	if s, err := LoadWorkspaceSettings(root); err != nil || s.History {
		t.Fatalf("read back: %+v, %v", s, err)
	}
}
