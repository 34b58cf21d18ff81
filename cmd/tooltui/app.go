package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/pprof"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/formats"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/session"
	"github.com/tooltui/tooltui/internal/termtext"
	"github.com/tooltui/tooltui/internal/ui"
	"github.com/tooltui/tooltui/internal/ui/sendview"
	"github.com/tooltui/tooltui/internal/workspace"
)

// appOptions are the app's flags: --print, and where to send
// (--base-url, or what --profile says).
type appOptions struct {
	print           bool
	baseURL, keyEnv string
}

// frameRate is how many frames a second the app may write. Bubble Tea
// writes a changed view only on its frame ticker, so a key's frame waits
// for the next tick: at 120 a second (the most it allows) that wait is
// 4 ms on average instead of 8. The ticker runs while the app is idle too
// (an unchanged view writes nothing, but each tick wakes the process).
const frameRate = 120

// runApp opens the interactive builder on FILE, or on the built-in
// example without one.
func runApp(flags appOptions, files []string, stdin io.Reader, stdout, stderr io.Writer) int {
	print := flags.print
	opts, err := openDocument(files)
	if err != nil {
		fmt.Fprintf(stderr, "tooltui: %s\n", termtext.SanitizeLine(err.Error()))
		return 2
	}
	out := stdout
	if print {
		// stdout carries the request; draw on the terminal itself.
		tty, err := os.OpenFile("/dev/tty", os.O_RDWR, 0)
		if err != nil {
			fmt.Fprintf(stderr, "tooltui: --print needs a terminal to draw on: %s\n", err)
			return 2
		}
		defer tty.Close()
		out = tty
	}
	colours := detectColours(out, os.Environ())
	opts.Deps = ui.DefaultDeps()
	opts.BaseURL, opts.APIKeyEnv = flags.baseURL, flags.keyEnv
	// The first frame shows the document from its parse; the checks follow.
	opts.CheckLater = true
	opts.RecoveryFile = session.RecoveryFile(opts.Path)
	if path, err := session.SettingsPath(); err == nil {
		// A settings file that cannot be read is left alone: the app starts
		// with the defaults, says why, and saves no change over it.
		if s, err := session.LoadSettings(path); err != nil {
			opts.Notice = joinNotices(opts.Notice, "Settings not read, the defaults hold: "+err.Error())
		} else {
			opts.Settings, opts.SettingsFile = s, path
		}
	}
	opts.Recovered = session.Recovered(opts.RecoveryFile, opts.Doc)
	opts.RecoveredOver = opts.Recovered != nil && session.ChangedSinceCopy(opts.RecoveryFile, opts.Stamp)
	app := ui.New(opts)

	progOpts := []tea.ProgramOption{tea.WithInput(stdin), tea.WithFPS(frameRate), tea.WithOutput(out)}
	if tty, ok := out.(*os.File); ok && print && stdin == os.Stdin {
		progOpts[0] = tea.WithInput(tty)
	}
	// Bubble Tea would detect the profile again, after the first screen is
	// laid out; it gets the answer detected meanwhile.
	progOpts = append(progOpts, tea.WithColorProfile(colours()))
	if path := os.Getenv("TOOLTUI_CPUPROFILE"); path != "" {
		// A profile of the real program, for finding what a keystroke
		// costs in a terminal (see docs/PERFORMANCE.md).
		if stop, err := startCPUProfile(path); err == nil {
			defer stop()
		} else {
			fmt.Fprintf(stderr, "tooltui: TOOLTUI_CPUPROFILE: %s\n", err)
		}
	}
	_, err = tea.NewProgram(app, progOpts...).Run()
	// A send still under way ends as cancelled, in its history too.
	if !sendview.StopAll(5 * time.Second) {
		fmt.Fprintln(stderr, "tooltui: a send did not stop within 5 s of quitting; its history entry may be missing")
	}
	if err != nil {
		fmt.Fprintf(stderr, "tooltui: %s\n", err)
		if errors.Is(err, tea.ErrProgramPanic) {
			fmt.Fprintln(stderr, "tooltui: if the terminal misbehaves, run `reset`")
		}
		return 1
	}
	if print {
		if _, err := stdout.Write(app.Output()); err != nil {
			fmt.Fprintf(stderr, "tooltui: writing the request: %s\n", err)
			return 1
		}
	}
	return 0
}

// startCPUProfile writes a CPU profile to path until stop is called.
func startCPUProfile(path string) (stop func(), err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}

// openDocument loads FILE, starts an empty document for a FILE that does
// not exist yet, opens a workspace (FILE a folder; DIR FILE, a folder and
// the document of it to show first; no FILE in a folder holding
// workspace.Marker or a document), or opens the built-in example.
func openDocument(files []string) (ui.Options, error) {
	if len(files) == 0 {
		if st, err := os.Stat(session.WorkspaceMarker); err == nil && st.IsDir() || workspace.HasDocuments(".") {
			return ui.OpenWorkspace(".")
		}
		return ui.Options{Doc: model.Example(), Name: model.ExampleName}, nil
	}
	path := files[0]
	if len(files) == 2 {
		if st, err := os.Stat(path); err != nil || !st.IsDir() {
			return ui.Options{}, fmt.Errorf("%s is not a folder: with two arguments, tooltui opens the workspace DIR showing its document FILE", path)
		}
		return ui.OpenWorkspaceAt(path, files[1])
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return ui.OpenWorkspace(path)
	}
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return ui.Options{Doc: &model.Document{}, Path: path, Name: filepath.Base(path) + " (new)", Stamp: &model.Stamp{}}, nil
	}
	d, data, stamp, err := formats.ReadFileStamped(path)
	if err != nil {
		return ui.Options{}, namedError(err)
	}
	return ui.Options{Doc: d, Path: path, Name: filepath.Base(path), Loaded: data, Stamp: &stamp}, nil
}

// joinNotices puts a start-up notice after one said already (the
// workspace's, say), so that neither is lost.
func joinNotices(first, then string) string {
	if first == "" {
		return then
	}
	return first + "; " + then
}
