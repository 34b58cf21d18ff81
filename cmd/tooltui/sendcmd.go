package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/tooltui/tooltui/internal/bridge"
	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/history"
	"github.com/tooltui/tooltui/internal/mcpclient"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/send"
	"github.com/tooltui/tooltui/internal/session"
	"github.com/tooltui/tooltui/internal/sim"
	"github.com/tooltui/tooltui/internal/termtext"
)

const sendLong = `Builds the request of FILE (a tooltui document or a Responses request
body; standard input for - or no FILE) as tooltui build does, sends it to
POST {base}/responses with "stream": true, and shows the answer as it
streams: the output text on standard output; each function call, with its
arguments checked against that function's parameters, each built-in tool's
activity and, at the end, the status, usage and timing on standard error.

When the model calls a function that has a mock output in the document
("tooltui": {"mocks": {"NAME": {"output": …}}}, see README), tooltui answers
the call and sends the next request, until the model answers in text or
--max-turns requests (default 5) were sent. A call without a mock ends
the loop there, with a note saying how to add one.

A function imported from a live MCP server (tooltui import --into DOC
--mcp or --mcp-url, which records the server in DOC) is answered by that
server's tool with --call-mcp: tooltui starts the server (or connects to
it) at the first call that needs it, calls the tool with the call's
arguments (less the nulls strict mode adds for optional values the
server's schema does not take), sends back the tool's text, and stops
the server when the send ends. A matching mock output still wins, so a
demo stays offline. A server that cannot start, hangs (--mcp-timeout) or
exits answers the call with an error output, and the loop goes on.
Without --call-mcp such a call ends the loop, naming the server, and
nothing is started; a --replay too needs --call-mcp or mocks.

--record FILE writes the whole exchange to FILE as it goes: each request
body and every event of each answer with its time (JSON Lines, never the
key or a header; an MCP tool's authorization and header values are
written as "REDACTED"). --replay FILE plays a recording back through the
same transcript with no network and no key, at the recorded pace
(--speed 2 twice as fast, 0 at once). Before it plays each turn, it
checks that the request is the recorded one (the document, and the
outputs sent: a mock or a file changed since would not fit the recorded
answer); if not, it names the first JSON Pointer that differs and stops
there with exit status 1, unless --force.

In a workspace that keeps a history ({"history": true} in the
.tooltui/settings.json of a folder above FILE; see tooltui history
--help), every send of FILE is also recorded there, with how it ended
(not a --replay, nor standard input); settings that cannot be read stop
the send, exit status 2, before anything is sent.

--sim sends to tooltui's simulator instead, run in-process on a loopback
port: a stand-in for the Responses API that checks the request as the API
does and answers as a model that follows the rules (see tooltui sim
--help), so the whole loop runs with no network and no key. --seed,
--pace, --script and --fault shape it.

{{flags}}

The key is OPENAI_API_KEY; it is sent to the server and written nowhere
else. A local server may need none.

A call of a function the request does not have is answered with an
error output that says so, and the loop goes on: the model can recover.

Exit status: 0 the model's last answer was text (the response completed
without calls); 1 the API refused the request, the stream broke or
reported an error, the response failed or is incomplete, or a replay
stopped at a request that is not the recorded one; 2 the input or the
configuration cannot be used; 3 the loop stopped before the model's last
answer: a call without a mock output, an MCP function without --call-mcp,
a call declined, or --max-turns reached. With --json the last line then
says why: {"type": "tooltui.loop.stopped", "reason": "no_mock" |
"mcp_not_permitted" | "declined" | "max_turns", "function": …, "message": …}.
`

// sendOptions are the flags of `tooltui send`.
type sendOptions struct {
	json             bool
	baseURL, profile string
	// keyEnv is the variable a profile reads the key from ("" :
	// OPENAI_API_KEY); a stdio MCP server does not get it.
	keyEnv         string
	maxTurns       int
	record, replay string
	speed          float64
	force          bool
	callMCP        bool
	mcpTimeout     time.Duration
	// sim sends to tooltui's simulator, run in-process on a loopback
	// port, made as simOpts say.
	sim     bool
	simOpts simOptions
}

// newSendCmd is `tooltui send`.
func newSendCmd() *cobra.Command {
	opts := sendOptions{maxTurns: 5, speed: 1, mcpTimeout: mcpclient.DefaultCallTimeout, simOpts: simOptions{pace: 20 * time.Millisecond}}
	cmd := &cobra.Command{
		Use:               "send [--json] [--base-url URL | --profile NAME | --sim] [--max-turns N] [--record FILE | --replay FILE] [FILE|-]",
		Short:             "send the request and show the answer as it streams",
		Long:              sendLong,
		Args:              atMost(1, "one input at a time, got %d"),
		ValidArgsFunction: completeFiles(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := oneSendTarget(cmd); err != nil {
				return err
			}
			if cmd.Flags().Changed("mcp-timeout") && !opts.callMCP {
				return usageErrorf(cmd, "--mcp-timeout is for --call-mcp")
			}
			if opts.profile == simProfile { // the profile sim is --sim
				opts.sim, opts.profile = true, ""
			}
			if why := checkSimFlags(cmd, opts); why != "" {
				return usageErrorf(cmd, "%s", why)
			}
			return status(runSend(opts, args, cmd.InOrStdin(), cmd.OutOrStdout(), cmd.ErrOrStderr()))
		},
	}
	f := cmd.Flags()
	f.SortFlags = false
	f.BoolVar(&opts.json, "json", false, "every event as received, one JSON object a line, on\nstandard output (nothing on standard error but errors)")
	f.Var(positive{&opts.maxTurns}, "max-turns", "send at most `N` requests in the tool loop (default 5)")
	f.StringVar(&opts.profile, "profile", "", "send where profile `NAME` of the user's profiles.json says\n"+
		`({"NAME": {"base_url": …, "api_key_env": "VAR"}}, in the`+"\n"+
		"config dir's tooltui/; the key stays in $VAR)")
	f.StringVar(&opts.baseURL, "base-url", "", "send to `URL` (default: OPENAI_BASE_URL, else\n"+
		"https://api.openai.com/v1); any server that implements\n"+
		"/v1/responses: Ollama 0.13.3 or later, vLLM, LM Studio,\n"+
		"llama.cpp's llama-server")
	f.BoolVar(&opts.sim, "sim", false, "send to tooltui's simulator, run in-process: no network,\nno key (see tooltui sim --help)")
	opts.simOpts.register(f, "with --sim: ")
	f.BoolVar(&opts.callMCP, "call-mcp", false, "answer a call of a function imported from an MCP server\n"+
		"by starting the server and calling its tool (a mock\noutput still wins)")
	f.Var(timeoutValue{&opts.mcpTimeout}, "mcp-timeout", "with --call-mcp: give up on a tool's call after `D`\n(default "+mcpclient.DefaultCallTimeout.String()+")")
	f.StringVar(&opts.record, "record", "", "write the exchange to `FILE` (JSON Lines) as it goes")
	f.StringVar(&opts.replay, "replay", "", "play the recording `FILE` back instead of sending")
	f.Float64Var(&opts.speed, "speed", 1, "replay at `X` times the recorded pace (0: at once)")
	f.BoolVar(&opts.force, "force", false, "replay even when the document no longer builds the\nrecorded first request")
	cmd.MarkFlagsMutuallyExclusive("record", "replay")
	cmd.RegisterFlagCompletionFunc("max-turns", cobra.NoFileCompletions)
	cmd.RegisterFlagCompletionFunc("speed", cobra.NoFileCompletions)
	cmd.RegisterFlagCompletionFunc("mcp-timeout", cobra.NoFileCompletions)
	cmd.RegisterFlagCompletionFunc("profile", completeProfiles)
	cmd.RegisterFlagCompletionFunc("base-url", cobra.NoFileCompletions)
	return cmd
}

// oneSendTarget refuses --profile with --base-url: each says where to
// send, and neither would say so if the other won.
func oneSendTarget(cmd *cobra.Command) error {
	if cmd.Flags().Changed("profile") && cmd.Flags().Changed("base-url") {
		return usageErrorf(cmd, "--profile and --base-url both say where to send: give one of them")
	}
	return nil
}

// loadProfile reads profile name from the user's profiles.json; the
// profile sim, always there, is tooltui's simulator, in memory.
func loadProfile(name string) (send.Profile, error) {
	if name == simProfile {
		return send.Profile{BaseURL: sim.BaseURL}, nil
	}
	path, err := send.ProfilesFile()
	if err != nil {
		return send.Profile{}, err
	}
	return send.LoadProfile(path, name)
}

// completeProfiles completes --profile with the names of the user's
// profiles.
func completeProfiles(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	var names []cobra.Completion
	if path, err := send.ProfilesFile(); err == nil {
		if data, err := os.ReadFile(path); err == nil {
			var all map[string]json.RawMessage
			if json.Unmarshal(data, &all) == nil {
				for name := range all {
					names = append(names, name)
				}
			}
		}
	}
	if !slices.Contains(names, simProfile) {
		names = append(names, simProfile)
	}
	slices.Sort(names)
	return names, cobra.ShellCompDirectiveNoFileComp
}

// runSend is `tooltui send`.
func runSend(opts sendOptions, files []string, stdin io.Reader, stdout, stderr io.Writer) int {
	doc, err := readInput(files, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "tooltui send: %s\n", termtext.SanitizeLine(err.Error()))
		return 2
	}
	if opts.replay != "" {
		return runReplay(opts, doc, stdout, stderr)
	}
	cfg := send.ConfigFromEnv(os.Getenv, opts.baseURL)
	if opts.sim {
		s, err := opts.simOpts.server()
		if err != nil {
			fmt.Fprintf(stderr, "tooltui send: %s\n", termtext.SanitizeLine(err.Error()))
			return 2
		}
		base, stop, err := startSim(s, "127.0.0.1:0")
		if err != nil {
			fmt.Fprintf(stderr, "tooltui send: the simulator cannot listen: %s\n", termtext.SanitizeLine(err.Error()))
			return 2
		}
		defer stop()
		cfg = send.Config{BaseURL: base}
	} else if opts.profile != "" {
		p, err := loadProfile(opts.profile)
		if err != nil {
			fmt.Fprintf(stderr, "tooltui send: %s\n", termtext.SanitizeLine(err.Error()))
			return 2
		}
		cfg = p.Apply(cfg, os.Getenv)
		if p.APIKeyEnv != "" {
			opts.keyEnv = p.APIKeyEnv // no MCP server gets the key either
		}
	}
	if why := cfg.Check(); why != "" {
		fmt.Fprintf(stderr, "tooltui send: %s\n", why)
		return 2
	}
	var conv convert.Converter
	res := conv.Convert(doc)
	// The workspace's history, when its settings say so: read before
	// anything is written, so that settings that cannot be read stop the
	// send with nothing done.
	histRoot := ""
	var hist *history.Send
	if len(files) == 1 && files[0] != "-" {
		if root, ok := history.FindRoot(files[0]); ok {
			ws, err := session.LoadWorkspaceSettings(root)
			if err != nil {
				fmt.Fprintf(stderr, "tooltui send: %s\n", termtext.SanitizeLine(err.Error()))
				return 2
			}
			if ws.History {
				histRoot = root
				if hist, err = history.Start(root, files[0]); err != nil {
					fmt.Fprintf(stderr, "tooltui send: recording the send in the history of %s: %s\n", termtext.SanitizeLine(root), termtext.SanitizeLine(err.Error()))
					return 2
				}
				defer hist.Discard() // unless finished
				cfg.Stream = hist.Wrap(cfg.Stream)
			}
		}
	}
	var rec *send.Recorder
	if opts.record != "" {
		f, err := os.Create(opts.record)
		if err != nil {
			fmt.Fprintf(stderr, "tooltui send: %s\n", termtext.SanitizeLine(err.Error()))
			return 2
		}
		defer f.Close()
		rec, err = send.NewRecorder(f, nil)
		if err != nil {
			fmt.Fprintf(stderr, "tooltui send: writing %s: %s\n", termtext.SanitizeLine(opts.record), termtext.SanitizeLine(err.Error()))
			return 2
		}
		cfg.Stream = rec.Wrap(cfg.Stream)
	}
	code, outcome := sendLoop(opts, cfg, doc, res, stdout, stderr)
	if hist != nil {
		path, err := hist.Finish(outcome)
		switch {
		case err != nil:
			fmt.Fprintf(stderr, "tooltui send: the send is not in the history: %s\n", termtext.SanitizeLine(err.Error()))
			code = max(code, 1)
		case !opts.json:
			fmt.Fprintf(stderr, "in the history: %s\n", termtext.SanitizeLine(displayPathIn(histRoot, path)))
		}
	}
	if rec != nil {
		if err := rec.Err(); err != nil {
			fmt.Fprintf(stderr, "tooltui send: the recording %s is incomplete: %s\n", termtext.SanitizeLine(opts.record), termtext.SanitizeLine(err.Error()))
			return 1
		}
	}
	return code
}

// runReplay is `tooltui send --replay FILE`: the recording played back
// through the same loop and transcript, with no network.
func runReplay(opts sendOptions, doc *model.Document, stdout, stderr io.Writer) int {
	f, err := os.Open(opts.replay)
	if err != nil {
		fmt.Fprintf(stderr, "tooltui send: %s\n", termtext.SanitizeLine(err.Error()))
		return 2
	}
	rec, err := send.ReadRecording(f)
	f.Close()
	if err != nil {
		fmt.Fprintf(stderr, "tooltui send: %s: %s\n", termtext.SanitizeLine(opts.replay), termtext.SanitizeLine(err.Error()))
		return 2
	}
	var conv convert.Converter
	res := conv.Convert(doc)
	if at := rec.CheckFirst(res.JSON); at != "" {
		msg := "the document no longer builds the recorded first request: they first differ at " + at
		if !opts.force {
			fmt.Fprintf(stderr, "tooltui send: %s (--force replays anyway)\n", termtext.SanitizeLine(msg))
			return 1
		}
		fmt.Fprintf(stderr, "warning: %s; replaying anyway (--force)\n", termtext.SanitizeLine(msg))
	}
	differs := func(_ context.Context, d *send.ReplayDiffers) error {
		if !opts.force {
			return fmt.Errorf("%w (--force replays anyway)", d)
		}
		if d.Turn > 1 && !opts.json { // the first was said above
			fmt.Fprintf(stderr, "warning: %s; replaying anyway (--force)\n", termtext.SanitizeLine(d.Error()))
		}
		return nil
	}
	cfg := send.Config{BaseURL: "replay of " + opts.replay, Stream: rec.Play(opts.speed, differs)}
	code, _ := sendLoop(opts, cfg, doc, res, stdout, stderr)
	return code
}

// sendLoop runs the tool loop on res and shows it: the transcript, the
// exit status, and how the send ended.
func sendLoop(opts sendOptions, cfg send.Config, doc *model.Document, res convert.Result, stdout, stderr io.Writer) (int, send.Outcome) {
	asJSON, maxTurns := opts.json, opts.maxTurns
	for _, d := range res.Diagnostics {
		if d.Severity == convert.Error && !asJSON {
			fmt.Fprintln(stderr, termtext.SanitizeLine(d.String()))
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	w := &sendWatcher{out: stdout, err: stderr, json: asJSON, tools: res.Tools, start: time.Now()}
	b := bridge.New(doc, cliBridgeOptions(opts, stderr))
	defer b.Close()
	var answers []bridge.Answer // of the turn under way
	answer := func(ctx context.Context, c send.Call) (string, bool, error) {
		if out, unknown := send.UnknownFunction(res.Tools, c.Name); unknown {
			answers = append(answers, bridge.Answer{Output: out, By: byUnknown})
			return out, true, nil
		}
		a, err := b.Answer(ctx, c)
		if err != nil || !a.Served() {
			return "", false, err
		}
		answers = append(answers, a)
		if !asJSON && a.By == bridge.ByMCP {
			for _, d := range a.Dropped {
				fmt.Fprintln(stderr, termtext.SanitizeLine("left "+d+": null out of the call of "+c.Name+": MCP server "+a.Server+"'s schema takes no null there"))
			}
		}
		return a.Output, true, nil
	}
	err := send.LoopContext(ctx, cfg, res.JSON, maxTurns, answer,
		func(turn int, e send.Event) error {
			if turn != w.turn {
				w.endText()
				if turn > 1 && !asJSON {
					fmt.Fprintf(stderr, "turn %d\n", turn)
				}
				w.turn, w.start, w.first = turn, time.Now(), 0
			}
			return w.event(e)
		},
		func(t send.Turn) {
			turnAnswers := answers
			answers = nil
			if !asJSON {
				printTurnOutputs(stderr, t, turnAnswers)
			}
		})
	w.endText()
	if reason, fn, msg, stopped := loopStopped(err, doc); stopped {
		// The loop stopped before the model's last answer: exit 3.
		if asJSON {
			stdout.Write(jsonLine(loopStop{Type: "tooltui.loop.stopped", Reason: reason, Function: fn, Message: msg}))
		} else {
			fmt.Fprintf(stderr, "the loop stops here: %s\n", termtext.SanitizeLine(msg))
		}
		return 3, send.Outcome{Kind: send.OutcomeStopped, Message: msg}
	}
	if err != nil {
		msg := err.Error()
		var apiErr *send.APIError
		if errors.As(err, &apiErr) {
			if i, ok := send.ToolIndex(apiErr.Param); ok && i < len(res.Sources) {
				msg += " — " + apiErr.Param + " is " + doc.Locator().At(res.Sources[i].Kind, res.Sources[i].Index) + " in the document"
			}
		}
		fmt.Fprintf(stderr, "tooltui send: %s\n", termtext.SanitizeLine(msg))
		o := send.OutcomeOf(err)
		o.Message = msg
		return 1, o
	}
	if w.status != "completed" {
		return 1, send.Outcome{Kind: send.OutcomeError, Status: w.status, Message: "the response is " + w.status}
	}
	return 0, send.Outcome{Kind: send.OutcomeCompleted}
}

// byUnknown marks the answer to a call of a function the request does
// not have: an error output, so that the model can recover.
const byUnknown = bridge.By(-1)

// cliBridgeOptions are the bridge's options for tooltui send: MCP servers
// run only with --call-mcp, and each is named before it starts.
func cliBridgeOptions(opts sendOptions, stderr io.Writer) bridge.Options {
	bopts := bridge.Options{CallTimeout: opts.mcpTimeout}
	if opts.keyEnv != "" {
		bopts.Withhold = []string{opts.keyEnv}
	}
	if opts.callMCP {
		announced := map[string]bool{}
		bopts.Permit = func(_ context.Context, s bridge.Server, _ send.Call) error {
			// Said before the first call of a server starts it: a server
			// run by npx or uvx may take a while.
			if !announced[s.Name] && !opts.json {
				announced[s.Name] = true
				fmt.Fprintln(stderr, termtext.SanitizeLine("starting MCP server "+s.String()))
			}
			return nil
		}
	}
	return bopts
}

// printTurnOutputs says what answered each call of a turn: a mock, or an
// MCP server's output or error.
func printTurnOutputs(stderr io.Writer, t send.Turn, answers []bridge.Answer) {
	for i, o := range t.Outputs {
		what := "mock output for " + t.Calls[i].Name
		if i < len(answers) && answers[i].By == byUnknown {
			what = "error output for " + t.Calls[i].Name + " (the request has no function of that name)"
		}
		if i < len(answers) && answers[i].By == bridge.ByMCP {
			a := answers[i]
			kind := "output"
			if a.IsError {
				kind = "error"
			}
			what = "MCP " + kind + " for " + t.Calls[i].Name + " (" + a.Tool + " of " + a.Server + ")"
		}
		// an output of several lines shows as lines, as in the app
		fmt.Fprintln(stderr, strings.TrimRight(termtext.SanitizeLines(what+": "+o), "\n"))
	}
	if t.Note != "" {
		fmt.Fprintln(stderr, termtext.SanitizeLine(t.Note))
	}
}

// loopStop is the last line of send --json when the loop stopped before
// the model's last answer.
type loopStop struct {
	Type     string `json:"type"`
	Reason   string `json:"reason"`
	Function string `json:"function,omitempty"`
	Message  string `json:"message"`
}

// loopStopped says why a loop stopped before the model's last answer: at
// a call nobody may answer (no mock: "no_mock"; an MCP function without
// --call-mcp: "mcp_not_permitted"; a call declined: "declined"), or at
// --max-turns ("max_turns"); stopped false for any other end.
func loopStopped(err error, doc *model.Document) (reason, function, msg string, stopped bool) {
	var noMock *send.ErrNoMock
	var notPermitted *bridge.NotPermittedError
	var maxTurns *send.ErrMaxTurns
	switch {
	case errors.As(err, &noMock):
		msg := err.Error()
		if fromMCP(doc, noMock.Name) {
			msg += "; " + noMock.Name + " came from an MCP server that the document does not record: import it again with " +
				"tooltui import --into FILE --replace --mcp -- CMD… (or --mcp-url URL) for --call-mcp to call it there"
		}
		return "no_mock", noMock.Name, msg, true
	case errors.As(err, &notPermitted):
		// The safety rule: no server runs unless --call-mcp says so.
		return "mcp_not_permitted", notPermitted.Function, notPermitted.Function + " is served by MCP server " + notPermitted.Server.String() +
			"; nothing was started: give --call-mcp to let tooltui send start it and call its tools (a mock output in the document answers first)", true
	case errors.As(err, &maxTurns):
		return "max_turns", "", err.Error() + " (--max-turns N sends more)", true
	case errors.Is(err, bridge.ErrDeclined):
		return "declined", "", err.Error(), true
	}
	return "", "", "", false
}

// fromMCP reports whether the request's function name was imported from
// an MCP server.
func fromMCP(doc *model.Document, name string) bool {
	for _, t := range doc.Functions {
		if !t.Disabled && t.Origin == model.OriginMCP && model.StringAt(t.Raw, []string{"name"}) == name {
			return true
		}
	}
	return false
}

// sendWatcher shows the events of one stream.
type sendWatcher struct {
	out, err io.Writer
	json     bool
	tools    []convert.ResponseTool
	start    time.Time
	turn     int
	first    time.Duration // to the first output
	midLine  bool          // the text written does not end in a newline
	status   string
}

func (w *sendWatcher) event(e send.Event) error {
	if w.first == 0 && (e.Kind == send.KindText || e.Kind == send.KindCall || e.Kind == send.KindRefusal) {
		w.first = time.Since(w.start)
	}
	if e.Kind == send.KindDone {
		w.status = e.Status
	}
	if w.json {
		var b bytes.Buffer
		if json.Compact(&b, e.Raw) != nil {
			return nil
		}
		_, err := w.out.Write(jsonLine(json.RawMessage(b.Bytes())))
		return err
	}
	switch e.Kind {
	case send.KindText, send.KindRefusal:
		text := termtext.Sanitize(e.Text)
		if _, err := io.WriteString(w.out, text); err != nil {
			return err
		}
		w.midLine = text != "" && !strings.HasSuffix(text, "\n")
	case send.KindCall:
		if e.CallDone {
			w.endText()
			fmt.Fprintln(w.err, termtext.SanitizeLine(w.callLine(e)))
		}
	case send.KindTool:
		w.endText()
		fmt.Fprintln(w.err, termtext.SanitizeLine(strings.TrimPrefix(e.Type, "response.")))
	case send.KindDone:
		w.endText()
		line := fmt.Sprintf("%s · first output %s · total %s", e.Status, ms(w.first), ms(time.Since(w.start)))
		if len(e.Usage) > 0 {
			line += " · usage " + string(e.Usage)
		}
		if e.Text != "" {
			line += " · " + e.Text
		}
		fmt.Fprintln(w.err, termtext.SanitizeLine(line))
	}
	return nil
}

// endText ends a line of output text before something else is written.
func (w *sendWatcher) endText() {
	if w.midLine {
		io.WriteString(w.out, "\n")
		w.midLine = false
	}
}

// callLine says what a function was called with and whether the arguments
// fit its parameters.
func (w *sendWatcher) callLine(e send.Event) string {
	verdict, _ := send.CheckCall(w.tools, e.Name, e.Arguments)
	return "call " + e.Name + " " + e.Arguments + ": " + verdict
}

func ms(d time.Duration) string {
	if d == 0 {
		return "-"
	}
	return fmt.Sprintf("%d ms", d.Milliseconds())
}
