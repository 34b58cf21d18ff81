// Package sendview is the response view: the request sent and its events
// streamed, the tool loop with its approvals and mocks, and the replay of a
// recording.
package sendview

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/tooltui/tooltui/internal/bridge"
	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/send"
	"github.com/tooltui/tooltui/internal/termtext"
	"github.com/tooltui/tooltui/internal/ui/editor"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// sendDialog sends the request and shows the answer as it streams: the
// output text, each function call with its arguments checked against the
// function's parameters, built-in tool activity, and at the end the status,
// usage and timing; r shows every event as received. esc cancels a stream
// in flight, and closes the dialog once it is over.
type Dialog struct {
	ID      int
	Cancel  context.CancelFunc
	ch      <-chan StreamMsg
	Tools   []convert.ResponseTool
	base    string
	Start   time.Time
	first   time.Duration
	turn    int
	Running bool
	// Asking is the call whose output the prompt asks for.
	Asking *askCall
	prompt *editor.Model
	guard  kit.DropGuard // an output typed goes with esc, ctrl+c, ctrl+q or ctrl+r
	// differs asks whether to play a replay's turn anyway.
	differs *differsAsk
	// Permit is the call whose approval the prompt asks for (sendpermit.go);
	// allowed are the servers allowed for every call.
	Permit  *permitAsk
	allowed *mcpAllowed
	// Replay names the recording played back ("" : a send).
	Replay string
	// Again plays the recording again (ctrl+r in a replay); nil: ctrl+r
	// sends the request.
	Again func() []kit.Action
	// recording is the file the send records to ("" none).
	recording string
	typed     map[string]bool // calls whose output was typed, by call id
	// where names the document entry of the request's tools[i].
	where func(i int) string
	// The transcript: text as it streams, and a line per other event.
	Lines []TranscriptLine
	raw   []string
	// showRaw shows the events as received instead.
	showRaw bool
	// wc keeps the wrapped transcript between frames (sendwrap.go).
	wc wrapCache
	// firstInput is the input tokens the first turn's usage reported (0:
	// none yet); the status line shows it beside the estimate.
	firstInput int
	sentAt     uint64 // the document's version sent
	yOff       int
	Follow     bool // keep the end in view while streaming
	w, h       int
}

type TranscriptLine struct {
	Content string
	// stream collects a text line's deltas (a long answer arrives in
	// thousands of them); Text reads it.
	stream *strings.Builder
	Kind   lineKind
}

// Text is the line's text.
func (l TranscriptLine) Text() string {
	if l.stream != nil {
		return l.stream.String()
	}
	return l.Content
}

type lineKind int

const (
	lineText lineKind = iota
	lineCall
	lineBad
	LineTool
	lineEnd
	lineError
)

// StreamMsg is one event of the stream of dialog id (in turn turn of the
// tool loop), a finished turn, or the end.
type StreamMsg struct {
	ID       int
	Turn     int
	Ev       send.Event
	turnDone *send.Turn
	ask      *askCall
	permit   *permitAsk
	differs  *differsAsk
	// answers say how each call of turnDone was answered.
	answers []callAnswer
	// note is a line for the transcript (a server started or stopped).
	note string
	// batch are messages that were there together (sendstream.go).
	batch []StreamMsg
	end   bool
	err   error
}

// differsAsk asks whether to play a replay's turn whose request is not
// the recorded one; reply takes the answer (false stops the replay).
type differsAsk struct {
	d     *send.ReplayDiffers
	reply chan<- bool
}

var differsKeys = struct{ Play, Stop key.Binding }{
	Play: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "play anyway")),
	Stop: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "stop the replay")),
}

// differsKey answers the play-anyway question.
func (d *Dialog) differsKey(k tea.KeyPressMsg) []kit.Action {
	q := d.differs
	switch {
	case key.Matches(k, differsKeys.Play):
		q.reply <- true
		d.Lines = append(d.Lines, TranscriptLine{Content: fmt.Sprintf("· turn %d played anyway", q.d.Turn), Kind: LineTool})
	case key.Matches(k, differsKeys.Stop):
		q.reply <- false
	default:
		return []kit.Action{kit.SayErr("Turn " + fmt.Sprint(q.d.Turn) + " waits: enter plays it anyway, esc stops the replay")}
	}
	d.differs = nil
	return nil
}

// askCall asks the person watching for the output of a call no mock
// answers; reply takes it (ok false ends the loop).
type askCall struct {
	Call  send.Call
	reply chan<- answer
}

type answer struct {
	text string
	ok   bool
}

// maxTurns is how many requests the tool loop sends at most.
const maxTurns = 5

var sendKeys = struct{ Cancel, Raw, Copy key.Binding }{
	Cancel: key.NewBinding(key.WithKeys("esc", "q"), key.WithHelp("esc", "cancel the stream / close")),
	Raw:    key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "events as received / transcript")),
	Copy:   key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "copy the output text")),
}

var StreamIDs int

// Sender is what a send needs of the app besides the document: what it
// keeps between sends, the environment, the stream to send with and the
// variables no MCP server gets.
type Sender struct {
	State    *State
	Getenv   func(string) string
	Stream   func(ctx context.Context, cfg send.Config, body []byte, each func(send.Event) error) error
	Withhold []string
	// History is the document's file: a send (not a replay) is recorded
	// in the history of its workspace when the workspace keeps one ("":
	// the document has no file, nothing is recorded).
	History string
}

// newSendDialogTo starts sending the request of s with cfg, or says why
// it cannot. The send writes the recording the user asked for (Record the
// next send).
func New(s *kit.Session, sn Sender, cfg send.Config) (kit.Dialog, string, tea.Cmd) {
	if why := cfg.Check(); why != "" {
		return nil, "Cannot send: " + why + `; "` + kit.CmdSendSim + `" (ctrl+p) needs none`, nil
	}
	if len(s.Result().JSON) == 0 {
		return nil, "Nothing to send", nil
	}
	cfg.Stream = sn.Stream
	record := sn.State.RecordNext
	sn.State.RecordNext = ""
	d, cmd := Start(s, sn, cfg, record, "")
	return d, "", cmd
}

// startSendDialog runs the tool loop on the request with cfg (a replay's
// stream when replay names its file) and returns the response view that
// shows it.
func Start(s *kit.Session, sn Sender, cfg send.Config, record, replay string) (*Dialog, tea.Cmd) {
	StreamIDs++
	ctx, cancel := context.WithCancel(context.Background())
	ch := make(chan StreamMsg, 256)
	if sn.State.allowed == nil {
		sn.State.allowed = &mcpAllowed{}
	}
	d := &Dialog{ID: StreamIDs, Cancel: cancel, ch: ch, Tools: s.Result().Tools, base: cfg.BaseURL,
		Start: time.Now(), Running: true, Follow: true, sentAt: s.Version(),
		allowed: sn.State.allowed, Replay: replay, recording: record}
	sources, locs := s.Result().Sources, s.Doc().Locator()
	d.where = func(i int) string {
		if i >= len(sources) {
			return ""
		}
		return locs.At(sources[i].Kind, sources[i].Index)
	}
	spec := loopSpec{cfg: cfg, body: s.Result().JSON, doc: s.Doc(), getenv: sn.Getenv, allowed: d.allowed, record: record, tools: s.Result().Tools,
		withhold: sn.Withhold}
	if replay == "" {
		spec.history = sn.History
	}
	r := &loopRun{id: d.ID, ch: ch, ctx: ctx}
	loops.start(d.ID, cancel, ch)
	go func() {
		defer loops.done(d.ID)
		defer close(ch)
		r.run(spec)
	}()
	return d, d.wait()
}

// loops are the sends under way, so that quitting can stop them and wait
// for each to end: its MCP servers stopped, its recording closed and its
// history entry written.
var loops = running{under: map[int]loopEnd{}}

type running struct {
	mu    sync.Mutex
	under map[int]loopEnd
	wg    sync.WaitGroup
}

// loopEnd is how a loop under way is stopped, and the channel its last
// messages go to.
type loopEnd struct {
	cancel context.CancelFunc
	ch     <-chan StreamMsg
}

func (l *running) start(id int, cancel context.CancelFunc, ch <-chan StreamMsg) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.wg.Add(1)
	l.under[id] = loopEnd{cancel, ch}
}

func (l *running) done(id int) {
	l.mu.Lock()
	delete(l.under, id)
	l.mu.Unlock()
	l.wg.Done()
}

// StopAll stops every send under way (each ends as cancelled, in the
// history too) and waits at most timeout for their loops to end; false
// says one had not. For when the app has quit: nothing reads the sends'
// messages any more, so StopAll drains them.
func StopAll(timeout time.Duration) bool {
	loops.mu.Lock()
	for _, l := range loops.under {
		l.cancel()
		go func() {
			for range l.ch {
			}
		}()
	}
	loops.mu.Unlock()
	ended := make(chan struct{})
	go func() {
		loops.wg.Wait()
		close(ended)
	}()
	select {
	case <-ended:
		return true
	case <-time.After(timeout):
		return false
	}
}

// Dismiss stops the stream of a dialog that goes away (a click outside
// it) and drains what is left, so that nothing waits on it.
func (d *Dialog) Dismiss() {
	d.Cancel()
	ch := d.ch
	go func() {
		for range ch {
		}
	}()
}

func (d *Dialog) Resize(w, h int) kit.Dialog {
	d.w, d.h = max(20, w-2), max(6, h-1)
	return d
}

func (d *Dialog) bodyHeight() int { return max(1, d.h-2-2) }

func (d *Dialog) Update(msg tea.Msg, e *kit.Env) (kit.Dialog, []kit.Action) {
	switch m := msg.(type) {
	case StreamMsg:
		if m.ID != d.ID || !d.take(m) {
			return d, nil
		}
		return d, []kit.Action{kit.ActCmd{Cmd: d.wait()}}
	case tea.KeyPressMsg:
		return d.key(m, e)
	case tea.PasteMsg:
		if d.Asking != nil {
			p, _ := d.prompt.Update(m)
			d.prompt = &p
		}
	case tea.MouseWheelMsg:
		if m.Button == tea.MouseWheelUp {
			d.scroll(-3)
		} else {
			d.scroll(3)
		}
	}
	return d, nil
}

func (d *Dialog) key(k tea.KeyPressMsg, e *kit.Env) (kit.Dialog, []kit.Action) {
	if d.Asking != nil {
		return d, d.answerKey(k)
	}
	if d.Permit != nil {
		return d, d.permitKey(k)
	}
	if d.differs != nil {
		return d, d.differsKey(k)
	}
	km := e.Km
	switch {
	case key.Matches(k, sendKeys.Cancel):
		if d.Running {
			d.Cancel()
			return d, []kit.Action{kit.Say("Cancelling the stream…")}
		}
		return nil, []kit.Action{kit.ActClose{}}
	case key.Matches(k, sendKeys.Raw):
		d.showRaw = !d.showRaw
		d.yOff, d.Follow = 0, d.Running
	case key.Matches(k, sendKeys.Copy):
		text := d.outputText()
		if text == "" {
			return d, []kit.Action{kit.Say("No output text to copy yet")}
		}
		return d, []kit.Action{kit.ActCopy{What: "output text", Text: text}}
	case key.Matches(k, km.Up):
		d.scroll(-1)
	case key.Matches(k, km.Down):
		d.scroll(1)
	case key.Matches(k, km.PageUp):
		d.scroll(-d.bodyHeight())
	case key.Matches(k, km.PageDown):
		d.scroll(d.bodyHeight())
	case key.Matches(k, km.Home):
		d.yOff, d.Follow = 0, false
	case key.Matches(k, km.End):
		d.Follow = true
	default:
		return d, []kit.Action{kit.Say(k.String() + " does nothing here · esc cancels or closes · r events · y copies the text")}
	}
	return d, nil
}

func (d *Dialog) scroll(n int) {
	d.Follow = false
	d.yOff = max(0, d.yOff+n)
}

// Add takes one event into the transcript.
func (d *Dialog) Add(ev send.Event) {
	d.raw = append(d.raw, string(ev.Raw))
	if d.first == 0 && (ev.Kind == send.KindText || ev.Kind == send.KindCall || ev.Kind == send.KindRefusal) {
		d.first = time.Since(d.Start)
	}
	switch ev.Kind {
	case send.KindText, send.KindRefusal, send.KindReasoning:
		if n := len(d.Lines); n == 0 || d.Lines[n-1].Kind != lineText {
			d.Lines = append(d.Lines, TranscriptLine{stream: &strings.Builder{}, Kind: lineText})
		}
		d.Lines[len(d.Lines)-1].stream.WriteString(ev.Text)
	case send.KindCall:
		if ev.CallDone {
			verdict, ok := send.CheckCall(d.Tools, ev.Name, ev.Arguments)
			k := lineCall
			if !ok {
				k = lineBad
			}
			d.Lines = append(d.Lines, TranscriptLine{Content: "→ " + ev.Name + " " + ev.Arguments + ": " + verdict, Kind: k})
		}
	case send.KindTool:
		d.Lines = append(d.Lines, TranscriptLine{Content: "· " + strings.TrimPrefix(ev.Type, "response."), Kind: LineTool})
	case send.KindError:
		text := "error"
		if ev.Code != "" {
			text += " " + ev.Code
		}
		d.Lines = append(d.Lines, TranscriptLine{Content: text + ": " + ev.Text, Kind: lineError})
	case send.KindDone:
		line := fmt.Sprintf("%s · first output %s · total %s", ev.Status, durationText(d.first), durationText(time.Since(d.Start)))
		if len(ev.Usage) > 0 {
			line += " · " + usageText(ev.Usage)
			if u := parseUsage(ev.Usage); u.ok && d.turn <= 1 && d.firstInput == 0 {
				d.firstInput = u.input
			}
		}
		if ev.Text != "" {
			line += " · " + ev.Text
		}
		d.Lines = append(d.Lines, TranscriptLine{Content: line, Kind: lineEnd})
	}
}

// askFor opens the prompt for a call's output.
func (d *Dialog) askFor(a *askCall) {
	p := editor.New()
	p.ShowLineNumbers = false
	p.SetSize(max(10, d.w-8), 1)
	p.Placeholder = `the function's result, e.g. {"temp_c": 12}`
	p.Focus()
	d.Asking, d.prompt, d.guard = a, &p, kit.DropGuard{}
	d.Follow = true
}

// answerKey edits the output; enter sends it (alt+enter also keeps it as
// a mock), esc ends the loop.
func (d *Dialog) answerKey(k tea.KeyPressMsg) []kit.Action {
	switch keep := key.Matches(k, kit.KeepMockKey); {
	case k.String() == "enter" || keep:
		text := strings.TrimSpace(d.prompt.Value())
		if text == "" {
			return []kit.Action{kit.Say("Type the output the function would return, or esc to stop the loop")}
		}
		d.Asking.reply <- answer{text: text, ok: true}
		if d.typed == nil {
			d.typed = map[string]bool{}
		}
		d.typed[d.Asking.Call.CallID] = true
		d.Lines = append(d.Lines, TranscriptLine{Content: "← output for " + d.Asking.Call.Name + ": " + text, Kind: LineTool})
		call := d.Asking.Call
		d.Asking, d.prompt = nil, nil
		if keep {
			return kit.KeptAsMock(call, text)
		}
		return nil
	case k.String() == "esc":
		if act, ok := d.guard.MayClose("esc", "stops the loop", d.Pending(), d.prompt.Version()); !ok {
			return []kit.Action{act}
		}
		d.Asking.reply <- answer{}
		d.Asking, d.prompt = nil, nil
		return nil
	}
	p, _ := d.prompt.Update(k)
	d.prompt = &p
	return nil
}

// turnDone shows the outputs a turn answered its calls with: a mock's, an
// MCP server's (or why the server gave none); typed ones show as typed.
func (d *Dialog) turnDone(t send.Turn, answers []callAnswer) {
	for i, o := range t.Outputs {
		if d.typed[t.Calls[i].CallID] {
			continue
		}
		what := "mock output for " + t.Calls[i].Name
		if i < len(answers) && answers[i].unknown {
			what = "error output for " + t.Calls[i].Name + " (the request has no function of that name)"
		}
		if i < len(answers) && answers[i].By == bridge.ByMCP {
			a := answers[i]
			for _, dr := range a.Dropped {
				d.Lines = append(d.Lines, TranscriptLine{Content: "· left " + dr + ": null out of the call of " + t.Calls[i].Name +
					": MCP server " + a.Server + "'s schema takes no null there", Kind: LineTool})
			}
			kind := "output"
			if a.IsError {
				kind = "error"
			}
			what = "MCP " + kind + " for " + t.Calls[i].Name + " (" + a.Tool + " of " + a.Server + ")"
		}
		d.Lines = append(d.Lines, TranscriptLine{Content: "← " + what + ": " + o, Kind: LineTool})
	}
	if t.Note != "" {
		d.Lines = append(d.Lines, TranscriptLine{Content: "· " + t.Note, Kind: LineTool})
	}
}

// finish ends the stream: its error, if any, is the last line.
func (d *Dialog) finish(err error) {
	d.Running = false
	d.Cancel()
	if err == nil {
		return
	}
	msg, kind := err.Error(), lineError
	var noMock *send.ErrNoMock
	var apiErr *send.APIError
	if errors.As(err, &apiErr) && d.where != nil {
		if i, ok := send.ToolIndex(apiErr.Param); ok {
			if loc := d.where(i); loc != "" {
				msg += " — " + apiErr.Param + " is " + loc + " in the document"
			}
		}
	}
	switch {
	case errors.Is(err, context.Canceled):
		msg = "cancelled"
	case errors.As(err, &noMock):
		msg, kind = "the tool loop stops here: "+msg, LineTool
	case errors.Is(err, errStopped):
		msg, kind = "the tool loop stops here, as asked", LineTool
	}
	d.Lines = append(d.Lines, TranscriptLine{Content: msg, Kind: kind})
	if kind == lineError {
		d.Lines = append(d.Lines, failureLines(d.raw)...)
	}
}

func (d *Dialog) outputText() string {
	var b strings.Builder
	for _, l := range d.Lines {
		if l.Kind == lineText {
			b.WriteString(l.Text())
		}
	}
	return b.String()
}

func durationText(t time.Duration) string {
	if t == 0 {
		return "-"
	}
	return fmt.Sprintf("%d ms", t.Milliseconds())
}

func (d *Dialog) View(e *kit.Env, w, h int) []string {
	iw := d.w - 2
	body := d.Wrapped(e, max(1, iw-2))
	bh := d.bodyHeight()
	var pv []string // the approval prompt, under the transcript
	if d.Permit != nil {
		pv = d.permitView(e, max(1, iw-2))
		bh = max(1, bh-len(pv))
	}
	off := d.yOff
	if d.Follow || off > len(body)-bh {
		off = max(0, len(body)-bh)
	}
	var lines []string
	for i := off; i < len(body) && i < off+bh; i++ {
		lines = append(lines, " "+body[i])
	}
	if len(body) == 0 && d.Running {
		lines = append(lines, e.St.Dim.Render(" waiting for "+termtext.SanitizeLine(d.base)+"…"))
	}
	for len(lines) < bh {
		lines = append(lines, "")
	}
	keys := "esc cancel · r events · y copy text · ↑/↓ scroll"
	if !d.Running {
		keys = "esc close · r events · y copy text · ↑/↓ scroll"
	}
	if d.Permit != nil {
		for _, s := range pv {
			lines = append(lines, " "+s)
		}
		keys = permitKeysText
	}
	if d.differs != nil {
		q := "Turn " + fmt.Sprint(d.differs.d.Turn) + "'s request is not the recorded one (at " + d.differs.d.Pointer + "): play anyway?"
		lines[len(lines)-1] = " " + e.St.LabelFocused.Render(ansi.Truncate(termtext.SanitizeLine(q), max(1, iw-2), "…"))
		keys = "enter play anyway · esc stop the replay"
	}
	if d.Asking != nil {
		p := *d.prompt
		p.Styles = e.St.Editor
		label := "Output of " + d.Asking.Call.Name + ":"
		p.SetSize(max(10, iw-ansi.StringWidth(label)-3), 1)
		lines[len(lines)-1] = " " + e.St.LabelFocused.Render(termtext.SanitizeLine(label)) + " " + p.View()
		keys = "enter send this output and go on · alt+enter send it, keep it as a mock · esc stop the loop"
	}
	lines = append(lines, "", e.St.Dim.Render(kit.Fit(" "+keys, iw)))
	title := "Response · " + kit.Plural(len(d.raw), "event")
	if d.Replay != "" {
		title = "Replay of " + termtext.SanitizeLine(d.Replay) + " · " + kit.Plural(len(d.raw), "event")
	}
	if d.recording != "" && d.Running {
		title += " · recording"
	}
	if d.Running {
		title += " · streaming"
	}
	return kit.Box(e, title, lines, d.w)
}

func (d *Dialog) TypingText() bool { return d.Asking != nil }

// MayClose: an output being typed goes with the view (ctrl+c, ctrl+q) or
// with the send it stops (ctrl+r).
func (d *Dialog) MayClose(key string) (kit.Action, bool) {
	if d.Asking == nil {
		return nil, true
	}
	does := "closes the view"
	if key == "ctrl+r" {
		does = "sends again"
	}
	return d.guard.MayClose(key, does, d.Pending(), d.prompt.Version())
}

// Pending: an output being typed is neither sent nor kept as a mock yet.
func (d *Dialog) Pending() string {
	if d.Asking == nil || strings.TrimSpace(d.prompt.Value()) == "" {
		return ""
	}
	return "the output being typed for " + termtext.SanitizeLine(d.Asking.Call.Name) + " (enter sends it, alt+enter keeps it as a mock too)"
}

func (d *Dialog) UndoText(redo bool) (bool, []kit.Action) {
	return d.Asking != nil && kit.FieldUndo(d.prompt, redo), nil
}

func (d *Dialog) Help(km *kit.KeyMap) []key.Binding {
	if d.differs != nil {
		return []key.Binding{differsKeys.Play, differsKeys.Stop}
	}
	if d.Permit != nil {
		return []key.Binding{permitKeys.Once, permitKeys.Always, permitKeys.Decline, permitKeys.Type, permitKeys.Stop}
	}
	if d.Asking != nil {
		return []key.Binding{key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "send this output and go on")),
			kit.KeepMockKey, key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "stop the loop"))}
	}
	return []key.Binding{sendKeys.Cancel, sendKeys.Raw, sendKeys.Copy, km.Up, km.Down, km.PageUp, km.PageDown}
}

func (d *Dialog) Name() string { return "the response view" }

// Receives reports whether msg is an event of this dialog's stream.
func (d *Dialog) Receives(msg tea.Msg) bool {
	m, ok := msg.(StreamMsg)
	return ok && m.ID == d.ID
}

// Measured is the input tokens the first turn's usage reported (0: none
// yet) and the document's version that was sent.
func (d *Dialog) Measured() (int, uint64) { return d.firstInput, d.sentAt }
