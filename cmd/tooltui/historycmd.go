package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/tooltui/tooltui/internal/history"
	"github.com/tooltui/tooltui/internal/send"
	"github.com/tooltui/tooltui/internal/session"
	"github.com/tooltui/tooltui/internal/termtext"
)

const historyLong = `Lists the sends recorded in the history of the workspace DIR is in (the
current folder when there is no DIR): the nearest folder, from DIR up,
that holds a .tooltui folder. One line a send, newest first: when it
started (UTC), the document (its path in the workspace), the model, how
it ended (completed; error, with the HTTP status or the response's
status; stopped before the model's last answer; cancelled) and the
recording's file. A file of the history that cannot be read (cut short,
not a recording) is listed as unreadable, with why.

A workspace keeps a history when its .tooltui/settings.json says
{"history": true} (--on writes it, making DIR a workspace if it is in
none; --off turns it off; other keys of the file stay): then every
tooltui send of a document in it (not a --replay, nor standard input) is
recorded in .tooltui/history, as --record would, with the document and
how the send ended. The history is off by default.

Play a send back with tooltui send --replay FILE DOC, FILE the recording
listed and DOC the document (no network, no key; see tooltui send --help).

{{flags}}

Exit status: 0 listed (also when a file of the history is unreadable);
2 DIR is in no workspace, or its settings cannot be read.
`

// historyOptions are the flags of `tooltui history`.
type historyOptions struct {
	json    bool
	on, off bool
}

// newHistoryCmd is `tooltui history`.
func newHistoryCmd() *cobra.Command {
	var opts historyOptions
	cmd := &cobra.Command{
		Use:               "history [--json] [--on | --off] [DIR]",
		Short:             "list the sends recorded in a workspace's history",
		Long:              historyLong,
		Args:              atMost(1, "one folder at a time, got %d"),
		ValidArgsFunction: cobra.FixedCompletions(nil, cobra.ShellCompDirectiveFilterDirs),
		RunE: func(cmd *cobra.Command, args []string) error {
			dir := "."
			if len(args) == 1 {
				dir = args[0]
			}
			return status(runHistory(opts, dir, cmd.OutOrStdout(), cmd.ErrOrStderr()))
		},
	}
	f := cmd.Flags()
	f.SortFlags = false
	f.BoolVar(&opts.json, "json", false, "one JSON object a send, one a line")
	f.BoolVar(&opts.on, "on", false, "turn the history on (in DIR's workspace, else making\nDIR one)")
	f.BoolVar(&opts.off, "off", false, "turn the history off (what it holds stays)")
	cmd.MarkFlagsMutuallyExclusive("on", "off")
	cmd.MarkFlagsMutuallyExclusive("json", "on")
	cmd.MarkFlagsMutuallyExclusive("json", "off")
	return cmd
}

// historyEntry is a line of tooltui history --json.
type historyEntry struct {
	Date     string `json:"date,omitempty"`
	Document string `json:"document,omitempty"`
	Model    string `json:"model,omitempty"`
	Outcome  string `json:"outcome,omitempty"`
	Status   string `json:"status,omitempty"`
	Message  string `json:"message,omitempty"`
	Turns    int    `json:"turns,omitempty"`
	File     string `json:"file"`
	Error    string `json:"error,omitempty"`
}

// runHistory is `tooltui history`.
func runHistory(opts historyOptions, dir string, stdout, stderr io.Writer) int {
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		why := "not a folder"
		if err != nil {
			why = plainError(err)
		}
		fmt.Fprintf(stderr, "tooltui history: %s: %s\n", termtext.SanitizeLine(dir), termtext.SanitizeLine(why))
		return 2
	}
	root, ok := history.FindRoot(dir)
	if opts.on || opts.off {
		if !ok {
			if opts.off {
				fmt.Fprintf(stderr, "history is off: %s is in no workspace\n", termtext.SanitizeLine(dir))
				return 0
			}
			root, _ = filepath.Abs(dir)
		}
		if err := session.SaveWorkspaceSettings(root, session.WorkspaceSettings{History: opts.on}); err != nil {
			fmt.Fprintf(stderr, "tooltui history: %s\n", termtext.SanitizeLine(err.Error()))
			return 2
		}
		if opts.on {
			fmt.Fprintf(stderr, "history is on in %s: every tooltui send of a document in it is recorded in %s\n",
				termtext.SanitizeLine(displayPathIn(root, root)), termtext.SanitizeLine(displayPathIn(root, history.Dir(root))))
		} else {
			fmt.Fprintf(stderr, "history is off in %s; what it holds stays\n", termtext.SanitizeLine(displayPathIn(root, root)))
		}
		return 0
	}
	if !ok {
		fmt.Fprintf(stderr, "tooltui history: %s is in no workspace: no folder from it up holds a .tooltui folder (tooltui history --on makes it one that keeps a history)\n",
			termtext.SanitizeLine(dir))
		return 2
	}
	ws, err := session.LoadWorkspaceSettings(root)
	if err != nil {
		fmt.Fprintf(stderr, "tooltui history: %s\n", termtext.SanitizeLine(err.Error()))
		return 2
	}
	entries, err := history.List(root)
	if err != nil {
		fmt.Fprintf(stderr, "tooltui history: %s\n", termtext.SanitizeLine(err.Error()))
		return 2
	}
	if len(entries) == 0 && !opts.json {
		if ws.History {
			fmt.Fprintf(stderr, "no sends in the history of %s yet\n", termtext.SanitizeLine(displayPathIn(root, root)))
		} else {
			fmt.Fprintf(stderr, "no sends in the history of %s: it is off (tooltui history --on turns it on)\n", termtext.SanitizeLine(displayPathIn(root, root)))
		}
		return 0
	}
	if opts.json {
		for _, e := range entries {
			stdout.Write(jsonLine(jsonEntry(root, e)))
		}
		return 0
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	for _, e := range entries {
		cols := []string{formatDate(e.Date), e.Document, e.Model, outcomeText(e.Outcome, e.Turns), displayPathIn(root, e.Path)}
		if e.Err != nil {
			cols = []string{formatDate(e.Date), "-", "-", "unreadable: " + e.Err.Error(), displayPathIn(root, e.Path)}
		}
		for i, c := range cols {
			if c == "" {
				c = "-"
			}
			cols[i] = strings.ReplaceAll(termtext.SanitizeLine(c), "\t", " ")
		}
		fmt.Fprintln(tw, strings.Join(cols, "\t"))
	}
	tw.Flush()
	if !ws.History {
		fmt.Fprintln(stderr, "the history is off: sends are not recorded (tooltui history --on turns it on)")
	}
	return 0
}

// jsonEntry is e as a line of tooltui history --json.
func jsonEntry(root string, e history.Entry) historyEntry {
	j := historyEntry{File: displayPathIn(root, e.Path)}
	if !e.Date.IsZero() {
		j.Date = e.Date.UTC().Format(time.RFC3339)
	}
	if e.Err != nil {
		j.Error = e.Err.Error()
		return j
	}
	j.Document, j.Model, j.Turns = e.Document, e.Model, e.Turns
	j.Outcome, j.Status, j.Message = e.Outcome.Kind, e.Outcome.Status, e.Outcome.Message
	return j
}

// formatDate is a send's date in a listing, in UTC.
func formatDate(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.UTC().Format("2006-01-02 15:04:05Z")
}

// outcomeText is how a send ended, in a listing: "completed, 2 turns",
// "error (HTTP 500), 1 turn".
func outcomeText(o send.Outcome, turns int) string {
	s := o.Kind
	if o.Kind == send.OutcomeError && o.Status != "" {
		s += " (" + o.Status + ")"
	}
	if turns == 1 {
		return s + ", 1 turn"
	}
	return fmt.Sprintf("%s, %d turns", s, turns)
}

// displayPathIn is path relative to the working directory when it is
// under it or under root and the working directory is too (then with
// "../" as needed: ../.tooltui/history/…), else as it is.
func displayPathIn(root, path string) string {
	wd, err := os.Getwd()
	if err != nil {
		return path
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return path
	}
	rel, err := filepath.Rel(wd, abs)
	if err != nil {
		return path
	}
	if !isUp(rel) {
		return rel
	}
	if r, err := filepath.Rel(root, wd); root != "" && err == nil && !isUp(r) {
		return rel
	}
	return path
}

// isUp reports whether the relative path rel climbs out of its folder.
func isUp(rel string) bool {
	return rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// plainError is err without the operation and path an os error repeats.
func plainError(err error) string {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err.Error()
	}
	return err.Error()
}
