package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/history"
	"github.com/tooltui/tooltui/internal/session"
	"github.com/tooltui/tooltui/internal/workspace"
)

// historyWorkspace is a workspace holding examples/demo.json as
// api/demo.json, with settings (none when ""); it returns the root and
// the document.
func historyWorkspace(t *testing.T, settings string) (root, doc string) {
	t.Helper()
	root = t.TempDir()
	doc = filepath.Join(root, "api", "demo.json")
	data, err := os.ReadFile("../../examples/demo.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{filepath.Join(root, workspace.Marker), filepath.Dir(doc)} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(doc, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if settings != "" {
		if err := os.WriteFile(session.WorkspaceSettingsPath(root), []byte(settings), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root, doc
}

// recordings lists the history folder's files.
func recordings(t *testing.T, root string) []string {
	t.Helper()
	files, err := os.ReadDir(history.Dir(root))
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	var out []string
	for _, f := range files {
		out = append(out, f.Name())
	}
	return out
}

// runOK runs tooltui with args and wants exit status want.
func runOK(t *testing.T, want int, args ...string) (string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	if st := run(args, nil, &out, &errb); st != want {
		t.Fatalf("tooltui %s: status %d, want %d\n%s%s", strings.Join(args, " "), st, want, out.String(), errb.String())
	}
	return out.String(), errb.String()
}

// A send of a document in a workspace is recorded in its history when
// its settings turn the history on, and only then; --record still writes
// its own file.
func TestSendRecordsHistoryWhenOn(t *testing.T) {
	for _, settings := range []string{"", `{"history": false}`, `{"other": 1}`} {
		root, doc := historyWorkspace(t, settings)
		_, stderr := runOK(t, 0, "send", "--sim", "--pace", "0", doc)
		if got := recordings(t, root); len(got) != 0 {
			t.Errorf("settings %q: the history holds %v", settings, got)
		}
		if strings.Contains(stderr, "in the history") {
			t.Errorf("settings %q: %s", settings, stderr)
		}
	}

	root, doc := historyWorkspace(t, `{"history": true}`)
	record := filepath.Join(t.TempDir(), "also.recording.jsonl")
	_, stderr := runOK(t, 0, "send", "--sim", "--pace", "0", "--record", record, doc)
	got := recordings(t, root)
	if len(got) != 1 || !regexp.MustCompile(`^\d{8}T\d{6}Z-demo\.recording\.jsonl$`).MatchString(got[0]) {
		t.Fatalf("the history holds %v, want one recording of demo", got)
	}
	path := filepath.Join(history.Dir(root), got[0])
	if !strings.Contains(stderr, "in the history: "+path+"\n") {
		t.Errorf("the send does not say where it is recorded:\n%s", stderr)
	}
	if _, err := os.Stat(record); err != nil {
		t.Errorf("--record: %v", err)
	}
	// Played back, as the listing's help says.
	stdout, _ := runOK(t, 0, "send", "--replay", path, "--speed", "0", doc)
	if stdout == "" {
		t.Error("the replay shows no text")
	}
	if got := recordings(t, root); len(got) != 1 {
		t.Errorf("a replay was recorded: %v", got)
	}
	// A document from standard input is in no workspace.
	data, _ := os.ReadFile(doc)
	var out, errb bytes.Buffer
	if st := run([]string{"send", "--sim", "--pace", "0", "-"}, bytes.NewReader(data), &out, &errb); st != 0 {
		t.Fatalf("stdin: %d %s", st, errb.String())
	}
	if got := recordings(t, root); len(got) != 1 {
		t.Errorf("a send of standard input was recorded: %v", got)
	}
}

// A recording of the history holds neither the key nor a header.
func TestHistoryHoldsNoKey(t *testing.T) {
	const key = "sk-history-secret-key-0001"
	t.Setenv("OPENAI_API_KEY", key)
	base, _ := sendServer(t, sendEvents)
	root, doc := historyWorkspace(t, `{"history": true}`)
	runOK(t, 3, "send", "--base-url", base, doc)
	got := recordings(t, root)
	if len(got) != 1 {
		t.Fatalf("the history holds %v", got)
	}
	data, err := os.ReadFile(filepath.Join(history.Dir(root), got[0]))
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(data, []byte(key)) || regexp.MustCompile(`(?i)authorization|bearer|x-stainless|user-agent`).Match(data) {
		t.Fatalf("the recording holds the key or a header:\n%s", data)
	}
}

// tooltui history lists the sends newest first: completed, refused with
// HTTP 500 and stopped at the turn limit, with a recording cut short
// among them listed as unreadable.
func TestHistoryListing(t *testing.T) {
	root, doc := historyWorkspace(t, `{"history": true}`)
	runOK(t, 0, "send", "--sim", "--pace", "0", doc)
	runOK(t, 1, "send", "--sim", "--pace", "0", "--fault", "500", doc)
	runOK(t, 3, "send", "--sim", "--pace", "0", "--max-turns", "1", doc)
	files := recordings(t, root)
	if len(files) != 3 {
		t.Fatalf("the history holds %v", files)
	}
	data, _ := os.ReadFile(filepath.Join(history.Dir(root), files[0]))
	cut := filepath.Join(history.Dir(root), "20000101T000000Z-cut.recording.jsonl")
	if err := os.WriteFile(cut, data[:len(data)-10], 0o644); err != nil {
		t.Fatal(err)
	}

	stdout, stderr := runOK(t, 0, "history", filepath.Join(root, "api"))
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	wants := []string{
		`^\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ  api/demo\.json  gpt-5  stopped, 1 turn +` + regexp.QuoteMeta(history.Dir(root)) + `/\S+-demo\.recording\.jsonl$`,
		`^\S+ \S+  api/demo\.json  gpt-5  error \(HTTP 500\), 1 turn +\S+-demo\.recording\.jsonl$`,
		`^\S+ \S+  api/demo\.json  gpt-5  completed, 2 turns +\S+-demo\.recording\.jsonl$`,
		`^2000-01-01 00:00:00Z  - +- +unreadable: line \d+: not a recording line: .* ` + regexp.QuoteMeta(cut) + `$`,
	}
	if len(lines) != len(wants) {
		t.Fatalf("listed\n%s%s", stdout, stderr)
	}
	for i, w := range wants {
		if !regexp.MustCompile(w).MatchString(lines[i]) {
			t.Errorf("line %d: %q does not match %s", i+1, lines[i], w)
		}
	}
	if stderr != "" {
		t.Errorf("stderr: %s", stderr)
	}

	stdout, _ = runOK(t, 0, "history", "--json", root)
	var got []string
	for _, l := range strings.Split(strings.TrimSuffix(stdout, "\n"), "\n") {
		var e historyEntry
		if err := json.Unmarshal([]byte(l), &e); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		if e.File == "" || e.Date == "" {
			t.Errorf("no file or date: %s", l)
		}
		got = append(got, strings.Join([]string{e.Outcome, e.Status, e.Document, e.Model, strconv.Itoa(e.Turns), strconv.FormatBool(e.Error != "")}, "|"))
	}
	want := "stopped||api/demo.json|gpt-5|1|false\nerror|HTTP 500|api/demo.json|gpt-5|1|false\ncompleted||api/demo.json|gpt-5|2|false\n||||0|true"
	if strings.Join(got, "\n") != want {
		t.Errorf("--json:\n%s", stdout)
	}
}

// Settings that cannot be read stop a send before anything is sent or
// written, and the listing, with an error naming the file.
func TestMalformedHistorySettings(t *testing.T) {
	root, doc := historyWorkspace(t, `{"history": tru`)
	record := filepath.Join(t.TempDir(), "r.jsonl")
	_, stderr := runOK(t, 2, "send", "--sim", "--record", record, doc)
	want := session.WorkspaceSettingsPath(root) + ": line 1, column 15: not valid JSON"
	if !strings.Contains(stderr, want) || strings.Contains(stderr, "panic") {
		t.Errorf("send: %s", stderr)
	}
	if _, err := os.Stat(record); err == nil {
		t.Error("--record wrote its file")
	}
	if got := recordings(t, root); len(got) != 0 {
		t.Errorf("the history holds %v", got)
	}
	if _, stderr := runOK(t, 2, "history", root); !strings.Contains(stderr, want) {
		t.Errorf("history: %s", stderr)
	}
	if _, stderr := runOK(t, 2, "history", "--on", root); !strings.Contains(stderr, want) {
		t.Errorf("history --on: %s", stderr)
	}
	if data, _ := os.ReadFile(session.WorkspaceSettingsPath(root)); string(data) != `{"history": tru` {
		t.Errorf("--on changed the file: %s", data)
	}
}

// --on makes a folder a workspace that keeps a history, --off turns it
// off, each keeping the settings' other keys; a folder in no workspace
// has no history to list.
func TestHistoryOnOff(t *testing.T) {
	dir := t.TempDir()
	_, stderr := runOK(t, 2, "history", dir)
	if !strings.Contains(stderr, "is in no workspace") {
		t.Errorf("no workspace: %s", stderr)
	}
	runOK(t, 0, "history", "--on", dir)
	if s, err := session.LoadWorkspaceSettings(dir); err != nil || !s.History {
		t.Fatalf("after --on: %+v, %v", s, err)
	}
	if _, stderr := runOK(t, 0, "history", dir); !strings.Contains(stderr, "no sends in the history") || strings.Contains(stderr, "off") {
		t.Errorf("an empty history: %s", stderr)
	}
	if err := os.WriteFile(session.WorkspaceSettingsPath(dir), []byte(`{"theme": "dark", "history": true}`), 0o644); err != nil {
		t.Fatal(err)
	}
	runOK(t, 0, "history", "--off", filepath.Join(dir))
	data, _ := os.ReadFile(session.WorkspaceSettingsPath(dir))
	if string(data) != "{\n  \"theme\": \"dark\",\n  \"history\": false\n}\n" {
		t.Errorf("after --off: %s", data)
	}
	if _, stderr := runOK(t, 0, "history", dir); !strings.Contains(stderr, "it is off") {
		t.Errorf("an empty history, off: %s", stderr)
	}
	if _, stderr := runOK(t, 2, "history", "--on", "--off", dir); !strings.Contains(stderr, "none of the others can be") && !strings.Contains(stderr, "--on") {
		t.Errorf("--on --off: %s", stderr)
	}
}

// A send that cannot start (its --record file cannot be made) leaves
// nothing in the history, not even the temporary file.
func TestHistoryNothingWhenTheSendCannotStart(t *testing.T) {
	root, doc := historyWorkspace(t, `{"history": true}`)
	runOK(t, 2, "send", "--sim", "--record", filepath.Join(root, "no", "such", "folder", "r.jsonl"), doc)
	if got := recordings(t, root); len(got) != 0 {
		t.Fatalf("the history holds %v", got)
	}
}
