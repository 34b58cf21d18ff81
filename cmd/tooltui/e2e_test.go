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
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/tooltui/tooltui/internal/mcpclient/mcptest"
	"github.com/tooltui/tooltui/internal/model"
)

// e2eTimeout bounds every wait for the screen or the process; waitLimit
// triples it under the race detector, which slows the app down.
const e2eTimeout = 10 * time.Second

var waitLimit = sync.OnceValue(func() time.Duration {
	if raceEnabled() {
		return 3 * e2eTimeout
	}
	return e2eTimeout
})

// The binary is compiled once per test run (with -race when the tests
// are) and linked or copied into each test's directory.
var built struct {
	once sync.Once
	dir  string // removed by TestMain
	bin  string
	err  error
}

// buildBinary compiles tooltui into dir.
func buildBinary(t *testing.T, dir string) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build the binary")
	}
	built.once.Do(func() {
		built.dir, built.err = os.MkdirTemp("", "tooltui-e2e-bin-")
		if built.err != nil {
			return
		}
		built.bin = filepath.Join(built.dir, "tooltui")
		args := []string{"build", "-o", built.bin}
		if raceEnabled() {
			// go test -race: run the app under the race detector too.
			args = append(args, "-race")
		}
		if out, err := exec.Command(goTool, append(args, ".")...).CombinedOutput(); err != nil {
			built.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	bin := filepath.Join(dir, "tooltui")
	if err := os.Link(built.bin, bin); err != nil {
		data, err := os.ReadFile(built.bin)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(bin, data, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return bin
}

// TestMain removes the shared binary after the tests. Started by
// mcptest.ServerCommand, the test binary is one of the MCP servers of
// testServers instead (see importcmd_test.go).
func TestMain(m *testing.M) {
	mcptest.StdioMain(testServers())
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// raceEnabled reports whether this test binary was built with -race.
func raceEnabled() bool {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return false
	}
	for _, st := range bi.Settings {
		if st.Key == "-race" {
			return st.Value == "true"
		}
	}
	return false
}

// term is a private tmux server.
type term struct {
	t    *testing.T
	dir  string
	sock string // the server's socket, a short path (see shortSocket)
	env  []string
}

// shortSocket is the path of a tmux server's socket in a new directory
// removed when the test ends: under /tmp when it can be, as a socket's
// path must fit in 107 bytes, which a long $TMPDIR (and the test's name in
// t.TempDir) would pass.
func shortSocket(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("/tmp", "tt-")
	if err != nil {
		if dir, err = os.MkdirTemp("", "tt-"); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return filepath.Join(dir, "s")
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
		sock: shortSocket(t),
	}
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "TMUX") {
			x.env = append(x.env, kv)
		}
	}
	conf := filepath.Join(dir, "tmux.conf")
	// remain-on-exit keeps the pane after the app quits; set-clipboard on
	// makes tmux keep what the app sends with OSC 52 in a paste buffer.
	writeTestFile(t, conf, "set -g remain-on-exit on\nset -g set-clipboard on\nset -g status off\n")
	t.Cleanup(func() { _, _ = x.tmux("kill-server") })
	return x
}

// command is tmux with args, on this server.
func (x *term) command(args ...string) *exec.Cmd {
	return exec.Command("tmux", append([]string{"-u", "-S", x.sock, "-f", filepath.Join(x.dir, "tmux.conf")}, args...)...)
}

func (x *term) tmux(args ...string) (string, error) {
	cmd := x.command(args...)
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

// termWidth is the width of the sessions start opens.
const termWidth = 100

// start runs a shell command line in a new 100×30 session.
func (x *term) start(name, cmdline string) {
	x.t.Helper()
	x.must("new-session", "-d", "-s", name, "-x", strconv.Itoa(termWidth), "-y", "30", cmdline)
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
	deadline := time.Now().Add(waitLimit())
	for {
		s := x.screen(name)
		if ok(s) {
			return s
		}
		if time.Now().After(deadline) {
			x.t.Fatalf("waited %s for %s; the screen:\n%s", waitLimit(), what, s)
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

// all holds when every condition holds.
func all(oks ...func(string) bool) func(string) bool {
	return func(s string) bool {
		for _, ok := range oks {
			if !ok(s) {
				return false
			}
		}
		return true
	}
}

// changed holds once the screen differs from prev.
func changed(prev string) func(string) bool {
	return func(s string) bool { return s != prev }
}

// statusShows holds when the status reads text, or as much of it as fits:
// a status too long for its line goes on over the key help's line and is
// cut at the screen's edge, as a path under a long $TMPDIR is.
func statusShows(text string) func(string) bool {
	want := squeezed(text)
	return func(s string) bool {
		ls := strings.Split(lastLines(s, 2), "\n")
		got := squeezed(strings.Join(ls, "\n"))
		if strings.HasPrefix(got, want) {
			return true
		}
		cut := len(ls) == 2 && utf8.RuneCountInString(ls[1]) >= termWidth
		return cut && got != "" && strings.HasPrefix(want, got)
	}
}

// The two lines under the panes: the status line, then the key help of
// where the focus is. The help says which pane has the focus and whether a
// field is being edited, which the frames' colours say on a real screen.
func statusOf(s string) string { return strings.SplitN(lastLines(s, 2), "\n", 2)[0] }
func helpOf(s string) string   { return lastLines(s, 1) }

// bodyOf is the screen without the status and help lines: the panes.
func bodyOf(s string) string {
	ls := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(ls[:max(0, len(ls)-2)], "\n")
}

// Where the focus is, read from the key help.
func inTools(s string) bool { return strings.HasPrefix(helpOf(s), "a add tool") }
func inEditor(s string) bool {
	h := helpOf(s)
	return strings.HasPrefix(h, "↑/k up") && strings.Contains(h, "←/h") && strings.Contains(h, "esc back")
}
func inDiags(s string) bool {
	h := helpOf(s)
	return strings.HasPrefix(h, "↑/k up") && strings.Contains(h, "pgdn") && strings.Contains(h, "esc back")
}
func editingField(s string) bool { return strings.HasPrefix(helpOf(s), "esc stop editing") }

// statusHas holds when the status line matches re.
func statusHas(re string) func(string) bool {
	r := regexp.MustCompile(re)
	return func(s string) bool { return r.MatchString(statusOf(s)) }
}

// waitExit waits for the app's exit status, written to statusFile by the
// shell that ran it.
func (x *term) waitExit(name, statusFile string) string {
	x.t.Helper()
	deadline := time.Now().Add(waitLimit())
	for {
		b, err := os.ReadFile(statusFile)
		if err == nil && strings.HasSuffix(string(b), "\n") {
			return strings.TrimSpace(string(b))
		}
		if time.Now().After(deadline) {
			x.t.Fatalf("the app did not exit within %s; the screen:\n%s", waitLimit(), x.screen(name))
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
	dir, bin, doc, status := newDoc(t, "doc.json", string(model.ExampleJSON()))
	x.start("app", appCommand(t, dir, bin, []string{doc}, "", status))
	x.waitFor("app", "the first screen", has("1 Tools", "get_weather", "doc.json"))

	x.addTool("app", "file_search", `› file_search\b`)
	// The new tool's form has the focus, on its first field, not editing:
	// file_search has no name to type.
	x.waitFor("app", "the new file_search's form", all(has("file_search (built-in)", "▸ Vector stores"), inEditor))

	// enter edits the field, enter again (a one-line field) ends editing.
	x.keys("app", "Enter")
	x.waitFor("app", "editing the vector stores", editingField)
	x.text("app", "vs_e2e")
	x.waitFor("app", "the file_search in the request once it names a vector store", has("4 tools in the request"))
	x.keys("app", "Enter")
	x.waitFor("app", "the end of editing", inEditor)

	x.keys("app", "M-c")
	s := x.waitFor("app", "the copy status", func(s string) bool {
		return regexp.MustCompile(`(?i)copied|OSC 52|clipboard`).MatchString(lastLines(s, 2))
	})
	if !strings.Contains(s, "OSC 52") {
		t.Errorf("the status line does not say the request went by OSC 52:\n%s", lastLines(s, 2))
	}

	x.keys("app", "C-s")
	x.waitFor("app", "the save", has("Saved"))
	x.keys("app", "C-q")
	x.wantExit("app", status, "0")

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

	// The OSC 52 copy is the request.
	x.wantCopied(out, "tooltui build")
}

// TestE2EPrint: `tooltui --print FILE > out.json` draws on the terminal and
// prints the request on quit, the same as `tooltui build FILE`.
func TestE2EPrint(t *testing.T) {
	x := newTerm(t)
	bin, doc, out, status := startPrint(t, x)
	x.keys("print", "C-q")
	x.wantExit("print", status, "0")
	got := mustRead(t, out)
	want := build(t, bin, doc)
	if got != string(want) {
		t.Fatalf("--print wrote\n%s\nbut tooltui build prints\n%s", got, want)
	}
}

// TestE2EPrintAfterEdit: --print writes the request as edited, also when
// the edit is discarded on quit.
func TestE2EPrintAfterEdit(t *testing.T) {
	x := newTerm(t)
	_, doc, out, status := startPrint(t, x)
	x.keys("print", "j", "x")
	x.waitFor("print", "the delete", has("Deleted get_weather"))
	x.keys("print", "q")
	x.waitFor("print", "the quit prompt", has("Quit", "unsaved changes", "d discard"))
	x.keys("print", "d")
	x.wantExit("print", status, "0")
	got := mustRead(t, out)
	if strings.Contains(got, "get_weather") || !strings.Contains(got, `"web_search"`) {
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
