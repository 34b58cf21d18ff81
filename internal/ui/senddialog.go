package ui

import (
	"context"
	"errors"
	"fmt"
	"strings"
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
	"github.com/tooltui/tooltui/internal/ui/mocks"
)

// sendDialog sends the request and shows the answer as it streams: the
// output text, each function call with its arguments checked against the
// function's parameters, built-in tool activity, and at the end the status,
// usage and timing; r shows every event as received. esc cancels a stream
// in flight, and closes the dialog once it is over.
type sendDialog struct {
	id      int
	cancel  context.CancelFunc
	ch      <-chan streamMsg
	tools   []convert.ResponseTool
	base    string
	start   time.Time
	first   time.Duration
	turn    int
	running bool
	// asking is the call whose output the prompt asks for.
	asking *askCall
	prompt *editor.Model
	guard  kit.DropGuard // an output typed goes with esc, ctrl+c, ctrl+q or ctrl+r
	// differs asks whether to play a replay's turn anyway.
	differs *differsAsk
	// permit is the call whose approval the prompt asks for (sendpermit.go);
	// allowed are the servers allowed for every call.
	permit  *permitAsk
	allowed *mcpAllowed
	// replay names the recording played back ("" : a send).
	replay string
	// again plays the recording again (ctrl+r in a replay); nil: ctrl+r
	// sends the request.
	again func() []kit.Action
	// recording is the file the send records to ("" none).
	recording string
	typed     map[string]bool // calls whose output was typed, by call id
	// where names the document entry of the request's tools[i].
	where func(i int) string
	// The transcript: text as it streams, and a line per other event.
	lines []transcriptLine
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
	follow     bool // keep the end in view while streaming
	w, h       int
}

type transcriptLine struct {
	text string
	// stream collects a text line's deltas (a long answer arrives in
	// thousands of them); Text reads it.
	stream *strings.Builder
	kind   lineKind
}

// Text is the line's text.
func (l transcriptLine) Text() string {
	if l.stream != nil {
		return l.stream.String()
	}
	return l.text
}

type lineKind int

const (
	lineText lineKind = iota
	lineCall
	lineBad
	lineTool
	lineEnd
	lineError
)

// streamMsg is one event of the stream of dialog id (in turn turn of the
// tool loop), a finished turn, or the end.
type streamMsg struct {
	id       int
	turn     int
	ev       send.Event
	turnDone *send.Turn
	ask      *askCall
	permit   *permitAsk
	differs  *differsAsk
	// answers say how each call of turnDone was answered.
	answers []callAnswer
	// note is a line for the transcript (a server started or stopped).
	note string
	// batch are messages that were there together (sendstream.go).
	batch []streamMsg
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
func (d *sendDialog) differsKey(k tea.KeyPressMsg) []kit.Action {
	q := d.differs
	switch {
	case key.Matches(k, differsKeys.Play):
		q.reply <- true
		d.lines = append(d.lines, transcriptLine{text: fmt.Sprintf("· turn %d played anyway", q.d.Turn), kind: lineTool})
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
	call  send.Call
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

var streamIDs int

// sender is what a send needs of the app besides the document: what it
// keeps between sends, the environment, the stream to send with and the
// variables no MCP server gets.
type sender struct {
	state    *sendState
	getenv   func(string) string
	stream   func(ctx context.Context, cfg send.Config, body []byte, each func(send.Event) error) error
	withhold []string
}

// newSendDialogTo starts sending the request of s with cfg, or says why
// it cannot. The send writes the recording the user asked for (Record the
// next send).
func newSendDialogTo(s *kit.Session, sn sender, cfg send.Config) (kit.Dialog, string, tea.Cmd) {
	if why := cfg.Check(); why != "" {
		return nil, "Cannot send: " + why + `; "` + kit.CmdSendSim + `" (ctrl+p) needs none`, nil
	}
	if len(s.Result().JSON) == 0 {
		return nil, "Nothing to send", nil
	}
	cfg.Stream = sn.stream
	record := sn.state.recordNext
	sn.state.recordNext = ""
	d, cmd := startSendDialog(s, sn, cfg, record, "")
	return d, "", cmd
}

// startSendDialog runs the tool loop on the request with cfg (a replay's
// stream when replay names its file) and returns the response view that
// shows it.
func startSendDialog(s *kit.Session, sn sender, cfg send.Config, record, replay string) (*sendDialog, tea.Cmd) {
	streamIDs++
	ctx, cancel := context.WithCancel(context.Background())
	ch := make(chan streamMsg, 256)
	if sn.state.allowed == nil {
		sn.state.allowed = &mcpAllowed{}
	}
	d := &sendDialog{id: streamIDs, cancel: cancel, ch: ch, tools: s.Result().Tools, base: cfg.BaseURL,
		start: time.Now(), running: true, follow: true, sentAt: s.Version(),
		allowed: sn.state.allowed, replay: replay, recording: record}
	sources, locs := s.Result().Sources, s.Doc().Locator()
	d.where = func(i int) string {
		if i >= len(sources) {
			return ""
		}
		return locs.At(sources[i].Kind, sources[i].Index)
	}
	spec := loopSpec{cfg: cfg, body: s.Result().JSON, doc: s.Doc(), getenv: sn.getenv, allowed: d.allowed, record: record, tools: s.Result().Tools,
		withhold: sn.withhold}
	r := &loopRun{id: d.id, ch: ch, ctx: ctx}
	go func() {
		defer close(ch)
		r.run(spec)
	}()
	return d, d.wait()
}

// Dismiss stops the stream of a dialog that goes away (a click outside
// it) and drains what is left, so that nothing waits on it.
func (d *sendDialog) Dismiss() {
	d.cancel()
	ch := d.ch
	go func() {
		for range ch {
		}
	}()
}

func (d *sendDialog) Resize(w, h int) kit.Dialog {
	d.w, d.h = max(20, w-2), max(6, h-1)
	return d
}

func (d *sendDialog) bodyHeight() int { return max(1, d.h-2-2) }

func (d *sendDialog) Update(msg tea.Msg, e *kit.Env) (kit.Dialog, []kit.Action) {
	switch m := msg.(type) {
	case streamMsg:
		if m.id != d.id || !d.take(m) {
			return d, nil
		}
		return d, []kit.Action{kit.ActCmd{Cmd: d.wait()}}
	case tea.KeyPressMsg:
		return d.key(m, e)
	case tea.PasteMsg:
		if d.asking != nil {
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

func (d *sendDialog) key(k tea.KeyPressMsg, e *kit.Env) (kit.Dialog, []kit.Action) {
	if d.asking != nil {
		return d, d.answerKey(k)
	}
	if d.permit != nil {
		return d, d.permitKey(k)
	}
	if d.differs != nil {
		return d, d.differsKey(k)
	}
	km := e.Km
	switch {
	case key.Matches(k, sendKeys.Cancel):
		if d.running {
			d.cancel()
			return d, []kit.Action{kit.Say("Cancelling the stream…")}
		}
		return nil, []kit.Action{kit.ActClose{}}
	case key.Matches(k, sendKeys.Raw):
		d.showRaw = !d.showRaw
		d.yOff, d.follow = 0, d.running
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
		d.yOff, d.follow = 0, false
	case key.Matches(k, km.End):
		d.follow = true
	default:
		return d, []kit.Action{kit.Say(k.String() + " does nothing here · esc cancels or closes · r events · y copies the text")}
	}
	return d, nil
}

func (d *sendDialog) scroll(n int) {
	d.follow = false
	d.yOff = max(0, d.yOff+n)
}

// add takes one event into the transcript.
func (d *sendDialog) add(ev send.Event) {
	d.raw = append(d.raw, string(ev.Raw))
	if d.first == 0 && (ev.Kind == send.KindText || ev.Kind == send.KindCall || ev.Kind == send.KindRefusal) {
		d.first = time.Since(d.start)
	}
	switch ev.Kind {
	case send.KindText, send.KindRefusal, send.KindReasoning:
		if n := len(d.lines); n == 0 || d.lines[n-1].kind != lineText {
			d.lines = append(d.lines, transcriptLine{stream: &strings.Builder{}, kind: lineText})
		}
		d.lines[len(d.lines)-1].stream.WriteString(ev.Text)
	case send.KindCall:
		if ev.CallDone {
			verdict, ok := send.CheckCall(d.tools, ev.Name, ev.Arguments)
			k := lineCall
			if !ok {
				k = lineBad
			}
			d.lines = append(d.lines, transcriptLine{text: "→ " + ev.Name + " " + ev.Arguments + ": " + verdict, kind: k})
		}
	case send.KindTool:
		d.lines = append(d.lines, transcriptLine{text: "· " + strings.TrimPrefix(ev.Type, "response."), kind: lineTool})
	case send.KindError:
		text := "error"
		if ev.Code != "" {
			text += " " + ev.Code
		}
		d.lines = append(d.lines, transcriptLine{text: text + ": " + ev.Text, kind: lineError})
	case send.KindDone:
		line := fmt.Sprintf("%s · first output %s · total %s", ev.Status, durationText(d.first), durationText(time.Since(d.start)))
		if len(ev.Usage) > 0 {
			line += " · " + usageText(ev.Usage)
			if u := parseUsage(ev.Usage); u.ok && d.turn <= 1 && d.firstInput == 0 {
				d.firstInput = u.input
			}
		}
		if ev.Text != "" {
			line += " · " + ev.Text
		}
		d.lines = append(d.lines, transcriptLine{text: line, kind: lineEnd})
	}
}

// askFor opens the prompt for a call's output.
func (d *sendDialog) askFor(a *askCall) {
	p := editor.New()
	p.ShowLineNumbers = false
	p.SetSize(max(10, d.w-8), 1)
	p.Placeholder = `the function's result, e.g. {"temp_c": 12}`
	p.Focus()
	d.asking, d.prompt, d.guard = a, &p, kit.DropGuard{}
	d.follow = true
}

// answerKey edits the output; enter sends it (alt+enter also keeps it as
// a mock), esc ends the loop.
func (d *sendDialog) answerKey(k tea.KeyPressMsg) []kit.Action {
	switch keep := key.Matches(k, mocks.KeepMockKey); {
	case k.String() == "enter" || keep:
		text := strings.TrimSpace(d.prompt.Value())
		if text == "" {
			return []kit.Action{kit.Say("Type the output the function would return, or esc to stop the loop")}
		}
		d.asking.reply <- answer{text: text, ok: true}
		if d.typed == nil {
			d.typed = map[string]bool{}
		}
		d.typed[d.asking.call.CallID] = true
		d.lines = append(d.lines, transcriptLine{text: "← output for " + d.asking.call.Name + ": " + text, kind: lineTool})
		call := d.asking.call
		d.asking, d.prompt = nil, nil
		if keep {
			return mocks.KeptAsMock(call, text)
		}
		return nil
	case k.String() == "esc":
		if act, ok := d.guard.MayClose("esc", "stops the loop", d.Pending(), d.prompt.Version()); !ok {
			return []kit.Action{act}
		}
		d.asking.reply <- answer{}
		d.asking, d.prompt = nil, nil
		return nil
	}
	p, _ := d.prompt.Update(k)
	d.prompt = &p
	return nil
}

// turnDone shows the outputs a turn answered its calls with: a mock's, an
// MCP server's (or why the server gave none); typed ones show as typed.
func (d *sendDialog) turnDone(t send.Turn, answers []callAnswer) {
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
				d.lines = append(d.lines, transcriptLine{text: "· left " + dr + ": null out of the call of " + t.Calls[i].Name +
					": MCP server " + a.Server + "'s schema takes no null there", kind: lineTool})
			}
			kind := "output"
			if a.IsError {
				kind = "error"
			}
			what = "MCP " + kind + " for " + t.Calls[i].Name + " (" + a.Tool + " of " + a.Server + ")"
		}
		d.lines = append(d.lines, transcriptLine{text: "← " + what + ": " + o, kind: lineTool})
	}
	if t.Note != "" {
		d.lines = append(d.lines, transcriptLine{text: "· " + t.Note, kind: lineTool})
	}
}

// finish ends the stream: its error, if any, is the last line.
func (d *sendDialog) finish(err error) {
	d.running = false
	d.cancel()
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
		msg, kind = "the tool loop stops here: "+msg, lineTool
	case errors.Is(err, errStopped):
		msg, kind = "the tool loop stops here, as asked", lineTool
	}
	d.lines = append(d.lines, transcriptLine{text: msg, kind: kind})
	if kind == lineError {
		d.lines = append(d.lines, failureLines(d.raw)...)
	}
}

func (d *sendDialog) outputText() string {
	var b strings.Builder
	for _, l := range d.lines {
		if l.kind == lineText {
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

func (d *sendDialog) View(e *kit.Env, w, h int) []string {
	iw := d.w - 2
	body := d.wrapped(e, max(1, iw-2))
	bh := d.bodyHeight()
	var pv []string // the approval prompt, under the transcript
	if d.permit != nil {
		pv = d.permitView(e, max(1, iw-2))
		bh = max(1, bh-len(pv))
	}
	off := d.yOff
	if d.follow || off > len(body)-bh {
		off = max(0, len(body)-bh)
	}
	var lines []string
	for i := off; i < len(body) && i < off+bh; i++ {
		lines = append(lines, " "+body[i])
	}
	if len(body) == 0 && d.running {
		lines = append(lines, e.St.Dim.Render(" waiting for "+termtext.SanitizeLine(d.base)+"…"))
	}
	for len(lines) < bh {
		lines = append(lines, "")
	}
	keys := "esc cancel · r events · y copy text · ↑/↓ scroll"
	if !d.running {
		keys = "esc close · r events · y copy text · ↑/↓ scroll"
	}
	if d.permit != nil {
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
	if d.asking != nil {
		p := *d.prompt
		p.Styles = e.St.Editor
		label := "Output of " + d.asking.call.Name + ":"
		p.SetSize(max(10, iw-ansi.StringWidth(label)-3), 1)
		lines[len(lines)-1] = " " + e.St.LabelFocused.Render(termtext.SanitizeLine(label)) + " " + p.View()
		keys = "enter send this output and go on · alt+enter send it, keep it as a mock · esc stop the loop"
	}
	lines = append(lines, "", e.St.Dim.Render(kit.Fit(" "+keys, iw)))
	title := "Response · " + kit.Plural(len(d.raw), "event")
	if d.replay != "" {
		title = "Replay of " + termtext.SanitizeLine(d.replay) + " · " + kit.Plural(len(d.raw), "event")
	}
	if d.recording != "" && d.running {
		title += " · recording"
	}
	if d.running {
		title += " · streaming"
	}
	return kit.Box(e, title, lines, d.w)
}

func (d *sendDialog) TypingText() bool { return d.asking != nil }

// mayClose: an output being typed goes with the view (ctrl+c, ctrl+q) or
// with the send it stops (ctrl+r).
func (d *sendDialog) MayClose(key string) (kit.Action, bool) {
	if d.asking == nil {
		return nil, true
	}
	does := "closes the view"
	if key == "ctrl+r" {
		does = "sends again"
	}
	return d.guard.MayClose(key, does, d.Pending(), d.prompt.Version())
}

// pending: an output being typed is neither sent nor kept as a mock yet.
func (d *sendDialog) Pending() string {
	if d.asking == nil || strings.TrimSpace(d.prompt.Value()) == "" {
		return ""
	}
	return "the output being typed for " + termtext.SanitizeLine(d.asking.call.Name) + " (enter sends it, alt+enter keeps it as a mock too)"
}

func (d *sendDialog) UndoText(redo bool) (bool, []kit.Action) {
	return d.asking != nil && kit.FieldUndo(d.prompt, redo), nil
}

func (d *sendDialog) Help(km *kit.KeyMap) []key.Binding {
	if d.differs != nil {
		return []key.Binding{differsKeys.Play, differsKeys.Stop}
	}
	if d.permit != nil {
		return []key.Binding{permitKeys.Once, permitKeys.Always, permitKeys.Decline, permitKeys.Type, permitKeys.Stop}
	}
	if d.asking != nil {
		return []key.Binding{key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "send this output and go on")),
			mocks.KeepMockKey, key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "stop the loop"))}
	}
	return []key.Binding{sendKeys.Cancel, sendKeys.Raw, sendKeys.Copy, km.Up, km.Down, km.PageUp, km.PageDown}
}

func (d *sendDialog) Name() string { return "the response view" }

// Receives reports whether msg is an event of this dialog's stream.
func (d *sendDialog) Receives(msg tea.Msg) bool {
	m, ok := msg.(streamMsg)
	return ok && m.id == d.id
}

// measured is the input tokens the first turn's usage reported (0: none
// yet) and the document's version that was sent.
func (d *sendDialog) measured() (int, uint64) { return d.firstInput, d.sentAt }
