package kit

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/model"

	"github.com/tooltui/tooltui/internal/mcpclient"
	"github.com/tooltui/tooltui/internal/send"
)

// Deps are the app's ways to reach the outside world; tests replace them.
type Deps struct {
	// CopyNative writes the system clipboard. ctx ends after
	// ClipboardTimeout: a clipboard program still running is then stopped.
	CopyNative func(ctx context.Context, text string) error
	// WriteFile saves a file atomically.
	WriteFile func(path string, data []byte) error
	// Getenv reads the environment.
	Getenv func(string) string
	// ClipboardTimeout bounds a system clipboard write.
	ClipboardTimeout time.Duration
	// MkdirAll, Remove, CreateTemp and ReadFile reach the file system for
	// recovery copies and $EDITOR's temporary files.
	MkdirAll   func(path string, perm os.FileMode) error
	Remove     func(path string) error
	CreateTemp func(pattern, text string) (path string, err error)
	ReadFile   func(path string) ([]byte, error)
	// RecoveryFile names the recovery copy of a file, so that it follows
	// the document to a new name ("" turns copies off).
	RecoveryFile func(path string) string
	// ReadStamp reads the document's file and its stamp (the zero stamp
	// when it does not exist), to see whether it changed on disk.
	ReadStamp func(path string) (model.Stamp, []byte, error)
	// Stat reads a file's info (the stamp of a file just written).
	Stat func(path string) (fs.FileInfo, error)
	// Watch reports changes to a file: wait blocks until the next change
	// and returns true, or returns false once stop was called. nil turns
	// watching off (withDefaults leaves it nil, so tests watch only what
	// they inject).
	Watch func(path string) (wait func() bool, stop func(), err error)
	// WatchDir reports changes under a workspace's folder
	// (workspace.Watch): wait blocks until the next ones and returns the
	// paths changed, relative to the folder, or false once stop was
	// called. nil turns it off (withDefaults leaves it nil).
	WatchDir func(dir string) (wait func() ([]string, bool), stop func(), err error)
	// Tick is tea.Tick: the status line's and the recovery copy's timers
	// go through it, so that tests can hold them and fire them at will.
	Tick func(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd
	// Send posts a request and reports its stream's events (send.Stream).
	Send func(ctx context.Context, cfg send.Config, body []byte, each func(send.Event) error) error
	// ListMCPTools asks an MCP server for its tools (mcpclient.List): the
	// tools/list result as the server sent it, or an error that is a
	// sentence. It runs inside a command and stops when ctx is cancelled.
	ListMCPTools func(ctx context.Context, s mcpclient.Server) ([]byte, error)
	// WarmTokens is the command that builds the token encoding (tens of
	// milliseconds), off the event loop, once the first frame is drawn:
	// the tools' estimates wait for it. nil turns the estimates off
	// (withDefaults leaves it nil, so tests count only when they ask);
	// WarmTokensNow builds it at once.
	WarmTokens func() tea.Cmd
}

// CopySummary says how many tools were copied and how many entries of the
// document were left out, and why.
func CopySummary(s *Session) string {
	d := s.Doc()
	total, off := 0, 0
	for _, l := range [][]model.Tool{d.Functions, d.Builtins} {
		for _, t := range l {
			total++
			if t.Disabled {
				off++
			}
		}
	}
	kept := len(s.Result().Tools)
	out := Plural(kept, "tool")
	var left []string
	if n := total - off - kept; n > 0 {
		left = append(left, fmt.Sprintf("%d with errors", n))
	}
	if off > 0 {
		left = append(left, fmt.Sprintf("%d disabled", off))
	}
	switch len(left) {
	case 1:
		out += "; left out " + left[0]
	case 2:
		out += "; left out " + left[0] + " and " + left[1]
	}
	return out
}

// QuitTitle is the quit question's title.
const QuitTitle = "Quit"
