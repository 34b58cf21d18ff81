package main

// End-to-end tests: the real binary in a real terminal (tmux), driven by
// keys, read back with capture-pane. They are skipped when tmux is not
// installed. The app runs with an empty environment (no DISPLAY, a PATH
// without clipboard programs, HOME and the cache in the test's directory),
// so it never touches the real clipboard or writes outside t.TempDir().

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tooltui/tooltui/internal/model"
)

// e2eTimeout bounds every wait for the screen or the process.
const e2eTimeout = 10 * time.Second

// buildBinary compiles tooltui into dir.
func buildBinary(t *testing.T, dir string) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build the binary")
	}
	bin := filepath.Join(dir, "tooltui")
	out, err := exec.Command(goTool, "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// term is a private tmux server.
type term struct {
	t    *testing.T
	dir  string
	sock string
	env  []string
}

func newTerm(t *testing.T) *term {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	dir := t.TempDir()
	x := &term{
		t:    t,
		dir:  dir,
		sock: fmt.Sprintf("tooltui-e2e-%d-%d", os.Getpid(), time.Now().UnixNano()),
	}
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "TMUX") {
			x.env = append(x.env, kv)
		}
	}
	x.env = append(x.env, "TMUX_TMPDIR="+dir)
	conf := filepath.Join(dir, "tmux.conf")
	// remain-on-exit keeps the pane after the app quits; set-clipboard on
	// makes tmux keep what the app sends with OSC 52 in a paste buffer.
	writeTestFile(t, conf, "set -g remain-on-exit on\nset -g set-clipboard on\nset -g status off\n")
	t.Cleanup(func() { _, _ = x.tmux("kill-server") })
	return x
}

func (x *term) tmux(args ...string) (string, error) {
	cmd := exec.Command("tmux", append([]string{"-u", "-L", x.sock, "-f", filepath.Join(x.dir, "tmux.conf")}, args...)...)
	cmd.Env = x.env
	out, err := cmd.CombinedOutput()
	if err != nil {
		return string(out), fmt.Errorf("tmux %s: %v: %s", strings.Join(args, " "), err, out)
	}
	return string(out), nil
}

func (x *term) must(args ...string) string {
	x.t.Helper()
	out, err := x.tmux(args...)
	if err != nil {
		x.t.Fatal(err)
	}
	return out
}

// start runs a shell command line in a new 100×30 session.
func (x *term) start(name, cmdline string) {
	x.t.Helper()
	x.must("new-session", "-d", "-s", name, "-x", "100", "-y", "30", cmdline)
}

func (x *term) keys(name string, keys ...string) {
	x.t.Helper()
	x.must(append([]string{"send-keys", "-t", name}, keys...)...)
}

func (x *term) text(name, s string) {
	x.t.Helper()
	x.must("send-keys", "-t", name, "-l", s)
}

func (x *term) screen(name string) string {
	x.t.Helper()
	return x.must("capture-pane", "-p", "-t", name)
}

// waitFor polls the screen until ok holds.
func (x *term) waitFor(name, what string, ok func(string) bool) string {
	x.t.Helper()
	deadline := time.Now().Add(e2eTimeout)
	for {
		s := x.screen(name)
		if ok(s) {
			return s
		}
		if time.Now().After(deadline) {
			x.t.Fatalf("waited %s for %s; the screen:\n%s", e2eTimeout, what, s)
		}
		time.Sleep(25 * time.Millisecond)
	}
}

func has(subs ...string) func(string) bool {
	return func(s string) bool {
		for _, sub := range subs {
			if !strings.Contains(s, sub) {
				return false
			}
		}
		return true
	}
}

// waitExit waits for the app's exit status, written to statusFile by the
// shell that ran it.
func (x *term) waitExit(name, statusFile string) string {
	x.t.Helper()
	deadline := time.Now().Add(e2eTimeout)
	for {
		b, err := os.ReadFile(statusFile)
		if err == nil && strings.HasSuffix(string(b), "\n") {
			return strings.TrimSpace(string(b))
		}
		if time.Now().After(deadline) {
			x.t.Fatalf("the app did not exit within %s; the screen:\n%s", e2eTimeout, x.screen(name))
		}
		time.Sleep(25 * time.Millisecond)
	}
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// appCommand is the shell command line that runs the app with an empty
// environment and records its exit status; redirect is appended to the
// app's arguments (such as "> out.json").
func appCommand(t *testing.T, dir, bin string, args []string, redirect, statusFile string) string {
	t.Helper()
	env, err := exec.LookPath("env")
	if err != nil {
		t.Skip("no env command")
	}
	noBin := filepath.Join(dir, "nobin")
	if err := os.MkdirAll(noBin, 0o755); err != nil {
		t.Fatal(err)
	}
	parts := []string{shellQuote(env), "-i",
		"TERM=xterm-256color", "LANG=C.UTF-8",
		"HOME=" + shellQuote(dir), "XDG_CACHE_HOME=" + shellQuote(filepath.Join(dir, "cache")),
		"PATH=" + shellQuote(noBin),
		shellQuote(bin)}
	for _, a := range args {
		parts = append(parts, shellQuote(a))
	}
	return strings.Join(parts, " ") + " " + redirect + "; echo $? > " + shellQuote(statusFile)
}

// build runs `tooltui build FILE` and returns its standard output.
func build(t *testing.T, bin, file string) []byte {
	t.Helper()
	cmd := exec.Command(bin, "build", file)
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			t.Fatalf("tooltui build %s: %v\n%s", file, err, ee.Stderr)
		}
		t.Fatal(err)
	}
	return out
}

func writeTestFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestE2EAddFileSearchCopySaveQuit: add a file_search, give it a vector
// store, copy the request, save, quit; then `tooltui build` sees the tool
// and the copy carried the same request.
func TestE2EAddFileSearchCopySaveQuit(t *testing.T) {
	x := newTerm(t)
	dir := t.TempDir()
	bin := buildBinary(t, dir)
	doc := filepath.Join(dir, "doc.json")
	writeTestFile(t, doc, string(model.ExampleJSON()))
	status := filepath.Join(dir, "status")

	x.start("app", appCommand(t, dir, bin, []string{doc}, "", status))
	x.waitFor("app", "the first screen", has("1 Tools", "get_weather", "doc.json"))

	x.keys("app", "a")
	s := x.waitFor("app", "the picker", has("Add a tool"))
	picked := regexp.MustCompile(`› file_search\s*│`)
	for i := 0; !picked.MatchString(s); i++ {
		if i > 20 {
			t.Fatalf("the picker never reached file_search:\n%s", s)
		}
		x.keys("app", "Down")
		prev := s
		s = x.waitFor("app", "the picker to move", func(s string) bool { return s != prev })
	}
	x.keys("app", "Enter")
	x.waitFor("app", "the new file_search's form", has("file_search (built-in)", "▸ Vector stores"))

	x.text("app", "vs_e2e")
	x.waitFor("app", "the vector store in the preview", has(`"vs_e2e"`))

	x.keys("app", "M-c")
	s = x.waitFor("app", "the copy status", func(s string) bool {
		return regexp.MustCompile(`(?i)copied|OSC 52|clipboard`).MatchString(lastLines(s, 2))
	})
	if !strings.Contains(s, "OSC 52") {
		t.Errorf("the status line does not say the request went by OSC 52:\n%s", lastLines(s, 2))
	}

	x.keys("app", "C-s")
	x.waitFor("app", "the save", has("Saved"))
	x.keys("app", "C-q")
	if code := x.waitExit("app", status); code != "0" {
		t.Fatalf("tooltui exited with %s", code)
	}

	out := build(t, bin, doc)
	var req struct {
		Tools []struct {
			Type           string   `json:"type"`
			VectorStoreIDs []string `json:"vector_store_ids"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(out, &req); err != nil {
		t.Fatalf("tooltui build printed no JSON: %v\n%s", err, out)
	}
	found := false
	for _, tl := range req.Tools {
		if tl.Type == "file_search" && len(tl.VectorStoreIDs) == 1 && tl.VectorStoreIDs[0] == "vs_e2e" {
			found = true
		}
	}
	if !found {
		t.Fatalf("tooltui build has no file_search with vs_e2e:\n%s", out)
	}

	// tmux keeps the OSC 52 text in a paste buffer: it is the request.
	buf, err := x.tmux("show-buffer")
	if err != nil {
		t.Fatalf("tmux got nothing by OSC 52: %v", err)
	}
	if buf != string(out) {
		t.Errorf("the OSC 52 copy differs from tooltui build:\n--- copy\n%s\n--- build\n%s", buf, out)
	}
}

// TestE2EPrint: `tooltui --print FILE > out.json` draws on the terminal and
// prints the request on quit, the same as `tooltui build FILE`.
func TestE2EPrint(t *testing.T) {
	x := newTerm(t)
	dir := t.TempDir()
	bin := buildBinary(t, dir)
	doc := filepath.Join(dir, "doc.json")
	writeTestFile(t, doc, string(model.ExampleJSON()))
	out := filepath.Join(dir, "out.json")
	status := filepath.Join(dir, "status")

	x.start("print", appCommand(t, dir, bin, []string{"--print", doc}, "> "+shellQuote(out), status))
	x.waitFor("print", "the first screen", has("1 Tools", "get_weather"))
	x.keys("print", "C-q")
	if code := x.waitExit("print", status); code != "0" {
		t.Fatalf("tooltui --print exited with %s; screen:\n%s", code, x.screen("print"))
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	want := build(t, bin, doc)
	if string(got) != string(want) {
		t.Fatalf("--print wrote\n%s\nbut tooltui build prints\n%s", got, want)
	}
}

// TestE2EPrintAfterEdit: --print writes the request as edited, also when
// the edit is discarded on quit.
func TestE2EPrintAfterEdit(t *testing.T) {
	x := newTerm(t)
	dir := t.TempDir()
	bin := buildBinary(t, dir)
	doc := filepath.Join(dir, "doc.json")
	writeTestFile(t, doc, string(model.ExampleJSON()))
	out := filepath.Join(dir, "out.json")
	status := filepath.Join(dir, "status")

	x.start("print", appCommand(t, dir, bin, []string{"--print", doc}, "> "+shellQuote(out), status))
	x.waitFor("print", "the first screen", has("1 Tools", "get_weather"))
	x.keys("print", "j", "x")
	x.waitFor("print", "the delete", has("Deleted get_weather"))
	x.keys("print", "q")
	x.waitFor("print", "the quit prompt", has("Unsaved changes"))
	x.keys("print", "d")
	if code := x.waitExit("print", status); code != "0" {
		t.Fatalf("tooltui --print exited with %s", code)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(got), "get_weather") || !strings.Contains(string(got), `"web_search"`) {
		t.Fatalf("--print wrote the request before the edit:\n%s", got)
	}
	// The file itself is untouched.
	if b, _ := os.ReadFile(doc); string(b) != string(model.ExampleJSON()) {
		t.Fatal("discarding changed the file")
	}
}

func lastLines(s string, n int) string {
	ls := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(ls) > n {
		ls = ls[len(ls)-n:]
	}
	return strings.Join(ls, "\n")
}
