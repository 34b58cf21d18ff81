package main

// Steps shared by the end-to-end tests (see e2e_test.go for the terminal
// they run in): setting up a test's directory and opening a document in
// it, adding a tool or a property, running a command from the palette,
// checking the OSC 52 copy and the exit status.

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/model"
)

// newAppDir builds the binary into a new directory. It returns the
// directory, the binary and the file there that the app's exit status is
// to go to.
func newAppDir(t *testing.T) (dir, bin, status string) {
	t.Helper()
	dir = t.TempDir()
	bin = buildBinary(t, dir)
	return dir, bin, filepath.Join(dir, "status")
}

// newDoc is newAppDir with data written to the file name in the
// directory; doc is that file's path.
func newDoc(t *testing.T, name, data string) (dir, bin, doc, status string) {
	t.Helper()
	dir, bin, status = newAppDir(t)
	doc = filepath.Join(dir, name)
	writeTestFile(t, doc, data)
	return dir, bin, doc, status
}

// openDoc builds the binary, writes data to doc.json and starts the app
// on it in session "app", args before the file, then waits for the first
// screen with the tools pane focused. It returns the binary, the
// document's path and the file the app's exit status goes to; the
// document's directory is the app's HOME.
func openDoc(t *testing.T, x *term, data string, args ...string) (bin, doc, status string) {
	t.Helper()
	dir, bin, doc, status := newDoc(t, "doc.json", data)
	x.start("app", appCommand(t, dir, bin, append(append([]string(nil), args...), doc), "", status))
	x.waitFor("app", "the first screen", all(has("1 Tools", "doc.json"), inTools))
	return bin, doc, status
}

// openExample starts the app with no file, on the built-in example, in
// session "app" and waits for its first screen with the tools pane
// focused. It returns what newAppDir does.
func openExample(t *testing.T, x *term) (dir, bin, status string) {
	t.Helper()
	dir, bin, status = newAppDir(t)
	x.start("app", appCommand(t, dir, bin, nil, "", status))
	x.waitFor("app", "the first screen", all(has("1 Tools", "get_weather"), inTools))
	return dir, bin, status
}

// startPrint writes the example to doc.json and starts `tooltui --print
// doc.json > out.json` in session "print", then waits for its first
// screen. It returns the binary, the document, the output file and the
// file the exit status goes to.
func startPrint(t *testing.T, x *term) (bin, doc, out, status string) {
	t.Helper()
	dir, bin, doc, status := newDoc(t, "doc.json", string(model.ExampleJSON()))
	out = filepath.Join(dir, "out.json")
	x.start("print", appCommand(t, dir, bin, []string{"--print", doc}, "> "+shellQuote(out), status))
	x.waitFor("print", "the first screen", has("1 Tools", "get_weather"))
	return bin, doc, out, status
}

// exampleWithMock is the example document with {"temp_c": 12} as the
// mock output of get_weather.
func exampleWithMock() string {
	return strings.Replace(string(model.ExampleJSON()), `"model"`, `"tooltui": {"mocks": {"get_weather": {"output": {"temp_c": 12}}}},
  "model"`, 1)
}

// addTool adds a tool in session name: a opens the picker, typing typed
// filters it, and once chosen (a pattern) matches, enter adds that type.
func (x *term) addTool(name, typed, chosen string) {
	x.t.Helper()
	x.keys(name, "a")
	x.waitFor(name, "the picker", has("Add a tool"))
	x.text(name, typed)
	x.waitFor(name, typed+" chosen in the picker", regexp.MustCompile(chosen).MatchString)
	x.keys(name, "Enter")
}

// addProperty adds a property named prop in the parameters tree open in
// session name: a, the property's name at the prompt, enter.
func (x *term) addProperty(name, prop string) {
	x.t.Helper()
	x.keys(name, "a")
	x.waitFor(name, "the name prompt", has("New property name"))
	x.text(name, prop)
	x.keys(name, "Enter")
}

// runFromPalette opens the palette in session name with ctrl+p, types
// typed, waits for entry to show and runs it with enter.
func (x *term) runFromPalette(name, typed, entry string) {
	x.t.Helper()
	x.keys(name, "C-p")
	x.waitFor(name, "the palette", has("Commands"))
	x.text(name, typed)
	x.waitFor(name, "the palette's entry "+entry, has(entry))
	x.keys(name, "Enter")
}

// wantCopied checks that the last text the app sent with OSC 52, which
// tmux keeps in a paste buffer, is want: what from prints.
func (x *term) wantCopied(want []byte, from string) {
	x.t.Helper()
	buf, err := x.tmux("show-buffer")
	if err != nil {
		x.t.Fatalf("tmux got nothing by OSC 52: %v", err)
	}
	if buf != string(want) {
		x.t.Errorf("the OSC 52 copy differs from %s:\n--- copy\n%s\n--- build\n%s", from, buf, want)
	}
}

// wantExit waits for the app in session name to exit and fails the test
// unless its exit status, in statusFile, is want.
func (x *term) wantExit(name, statusFile, want string) {
	x.t.Helper()
	if code := x.waitExit(name, statusFile); code != want {
		x.t.Fatalf("tooltui exited with %s, want %s; the screen:\n%s", code, want, x.screen(name))
	}
}

// quitClean quits with ctrl+q and expects the app to exit at once with
// status 0: a document with unsaved changes would ask first.
func quitClean(t *testing.T, x *term, status string) {
	t.Helper()
	x.keys("app", "C-q")
	x.wantExit("app", status, "0")
}
