package sendview

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/tooltui/tooltui/internal/bridge"
	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/history"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/send"
	"github.com/tooltui/tooltui/internal/session"
	"github.com/tooltui/tooltui/internal/termtext"
)

// The tool loop of a send, off the event loop: it streams each turn to the
// response view and answers the model's calls through internal/bridge (a
// mock first, then the tool of the function's MCP server once the user
// allows it), or asks the user to type the output. A send may write a
// recording as it goes (send.Recorder), or play one back instead of
// sending (the config's Stream).

// loopSpec is what one send runs.
type loopSpec struct {
	cfg  send.Config
	body []byte
	doc  *model.Document
	// getenv reads the variables an MCP server's header values name.
	getenv func(string) string
	// withhold are variables a stdio MCP server does not get (the one a
	// profile reads the key from; OPENAI_API_KEY never reaches one).
	withhold []string
	// allowed are the servers the user allowed for every call.
	allowed *mcpAllowed
	// record is the file the send writes its recording to ("" none).
	record string
	// history is the document's file, whose workspace's history records
	// the send when it keeps one ("" none).
	history string
	// tools are the request's tools, to answer a call of a function it
	// does not have with an error output.
	tools []convert.ResponseTool
}

// callAnswer is how the loop answered one call, for the transcript.
type callAnswer struct {
	bridge.Answer
	typed   bool // the user typed it
	unknown bool // the request has no such function: an error output
}

// typedOutput is the output the user typed at the approval prompt instead
// of letting the server answer; the bridge hands it back as Permit's error.
type typedOutput struct{ text string }

func (t *typedOutput) Error() string { return "the output was typed" }

// errStopped ends the loop at a call the user chose not to answer.
var errStopped = errors.New("stopped at a call, as asked")

// loopRun is one send's goroutine side: it reports to the dialog id
// through ch.
type loopRun struct {
	id  int
	ch  chan<- StreamMsg
	ctx context.Context
}

func (r *loopRun) put(m StreamMsg) error {
	m.ID = r.id
	select {
	case r.ch <- m:
		return nil
	case <-r.ctx.Done():
		return r.ctx.Err()
	}
}

func (r *loopRun) note(text string) { _ = r.put(StreamMsg{note: text}) }

// run runs the loop of spec and ends with the end message, after the MCP
// servers it started were stopped and the recording was closed.
func (r *loopRun) run(spec loopSpec) {
	cfg := spec.cfg
	hist, root, err := startHistory(spec.history)
	if err != nil {
		r.ch <- StreamMsg{ID: r.id, end: true, err: err}
		return
	}
	if hist != nil {
		defer hist.Discard() // a send that did not start leaves nothing
		cfg.Stream = hist.Wrap(cfg.Stream)
	}
	var finish func() string
	if spec.record != "" {
		stream, done, err := startRecording(spec.record, cfg.Stream)
		if err != nil {
			r.ch <- StreamMsg{ID: r.id, end: true, err: err}
			return
		}
		cfg.Stream, finish = stream, done
		r.note("recording to " + spec.record)
	}
	b := bridge.New(spec.doc, bridge.Options{Permit: r.permit(spec.allowed), Getenv: spec.getenv, Withhold: spec.withhold})
	var answers []callAnswer // of the turn under way
	answer := func(ctx context.Context, c send.Call) (string, bool, error) {
		if out, unknown := send.UnknownFunction(spec.tools, c.Name); unknown {
			answers = append(answers, callAnswer{Answer: bridge.Answer{Output: out}, unknown: true})
			return out, true, nil
		}
		a, err := b.Answer(ctx, c)
		var typed *typedOutput
		switch {
		case errors.As(err, &typed):
			answers = append(answers, callAnswer{typed: true})
			return typed.text, true, nil
		case err != nil:
			return "", false, err
		case !a.Served():
			// No mock and no server: the user types the output.
			out, ok := r.askOutput(c)
			answers = append(answers, callAnswer{typed: true})
			return out, ok, nil
		}
		answers = append(answers, callAnswer{Answer: a})
		return a.Output, true, nil
	}
	ctx := context.WithValue(r.ctx, runKey{}, r) // for a replay's question
	err = send.LoopContext(ctx, cfg, spec.body, maxTurns, answer,
		func(turn int, e send.Event) error { return r.put(StreamMsg{Turn: turn, Ev: e}) },
		func(t send.Turn) {
			_ = r.put(StreamMsg{turnDone: &t, answers: answers})
			answers = nil
		})
	started := b.Started()
	b.Close()
	for _, name := range started {
		r.note("stopped MCP server " + name)
	}
	if finish != nil {
		r.note(finish())
	}
	if hist != nil {
		r.note(finishHistory(hist, root, err))
	}
	r.ch <- StreamMsg{ID: r.id, end: true, err: err} // read by the dialog, or by dismiss's drain
}

// runKey holds a send's loopRun in its loop's context, for a replay that
// asks whether to play a turn whose request is not the recorded one.
type runKey struct{}

// playAnyway asks the user whether to play turn d.Turn of a replay,
// whose request is not the recorded one (false: stop there).
func (r *loopRun) playAnyway(d *send.ReplayDiffers) bool {
	reply := make(chan bool, 1)
	if r.put(StreamMsg{differs: &differsAsk{d: d, reply: reply}}) != nil {
		return false
	}
	select {
	case ok := <-reply:
		return ok
	case <-r.ctx.Done():
		return false
	}
}

// askOutput asks the user for the output of call c (ok false: the loop
// stops there).
func (r *loopRun) askOutput(c send.Call) (string, bool) {
	reply := make(chan answer, 1)
	if r.put(StreamMsg{ask: &askCall{Call: c, reply: reply}}) != nil {
		return "", false
	}
	select {
	case a := <-reply:
		return a.text, a.ok
	case <-r.ctx.Done():
		return "", false
	}
}

// permit asks the user before a call goes to its MCP server, unless the
// server was allowed for every call: allow once, allow always, decline,
// type the output, or stop the loop.
func (r *loopRun) permit(allowed *mcpAllowed) func(ctx context.Context, s bridge.Server, c send.Call) error {
	announced := map[string]bool{}
	allow := func(s bridge.Server) error {
		if !announced[s.Name] {
			announced[s.Name] = true
			r.note("starting MCP server " + s.String())
		}
		return nil
	}
	return func(ctx context.Context, s bridge.Server, c send.Call) error {
		if allowed.has(s) {
			return allow(s)
		}
		reply := make(chan permitReply, 1)
		if err := r.put(StreamMsg{permit: &permitAsk{call: c, server: s, reply: reply}}); err != nil {
			return err
		}
		var p permitReply
		select {
		case p = <-reply:
		case <-ctx.Done():
			return ctx.Err()
		}
		switch p.choice {
		case permitOnce, permitAlways:
			return allow(s)
		case permitDecline:
			return fmt.Errorf("the user declined: %w", bridge.ErrDeclined)
		case permitTyped:
			return &typedOutput{text: p.text}
		}
		return errStopped
	}
}

// startHistory begins the history's recording of a send of the document
// at doc when its workspace keeps a history (nil when it does not, or doc
// is ""), as tooltui send does: settings that cannot be read stop the send
// before anything is sent. root is the workspace.
func startHistory(doc string) (*history.Send, string, error) {
	if doc == "" {
		return nil, "", nil
	}
	root, ok := history.FindRoot(doc)
	if !ok {
		return nil, "", nil
	}
	ws, err := session.LoadWorkspaceSettings(root)
	if err != nil {
		return nil, "", err
	}
	if !ws.History {
		return nil, "", nil
	}
	h, err := history.Start(root, doc)
	if err != nil {
		return nil, "", fmt.Errorf("recording the send in the history of %s: %w", root, err)
	}
	return h, root, nil
}

// finishHistory writes the history's recording with how the loop that
// returned err ended, and says where it went.
func finishHistory(h *history.Send, root string, err error) string {
	o := send.OutcomeOf(err)
	if errors.Is(err, errStopped) {
		o = send.Outcome{Kind: send.OutcomeStopped, Message: err.Error()}
	}
	path, err := h.Finish(o)
	if err != nil {
		return "the send is not in the history: " + termtext.SanitizeLine(err.Error())
	}
	if rel, err := filepath.Rel(root, path); err == nil {
		path = rel
	}
	return "in the history: " + termtext.SanitizeLine(path) + " (Recent sends in the palette lists it)"
}

// startRecording opens path and returns stream wrapped in a recorder
// (send.Recorder, as tooltui send --record writes it), and done, which
// closes the file and says how the recording went.
func startRecording(path string, stream send.StreamFunc) (send.StreamFunc, func() string, error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, nil, fmt.Errorf("cannot record: %w", err)
	}
	rec, err := send.NewRecorder(f, nil)
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("cannot record to %s: %w", path, err)
	}
	done := func() string {
		err := rec.Err()
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return "the recording " + path + " is incomplete: " + termtext.SanitizeLine(err.Error())
		}
		return "recorded to " + path + " (Replay a recording in the palette plays it back)"
	}
	return rec.Wrap(stream), done, nil
}
