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
	"strconv"
	"strings"
	"time"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/send"
	"github.com/tooltui/tooltui/internal/ui/display"
)

const sendUsage = `usage: tooltui send [--json] [--base-url URL | --profile NAME] [--max-turns N] [FILE|-]

Builds the request of FILE (a tooltui document or a Responses request
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

  --json          every event as received, one JSON object a line, on
                  standard output (nothing on standard error but errors)
  --max-turns N   send at most N requests in the tool loop (default 5)
  --profile NAME  send where profile NAME of the user's profiles.json says
                  ({"NAME": {"base_url": …, "api_key_env": "VAR"}}, in the
                  config dir's tooltui/; the key stays in $VAR)
  --base-url URL  where to send (default: OPENAI_BASE_URL, else
                  https://api.openai.com/v1); any server that implements
                  /v1/responses: Ollama 0.13.3 or later, vLLM, LM Studio,
                  llama.cpp's llama-server

The key is OPENAI_API_KEY; it is sent to the server and written nowhere
else. A local server may need none.

Exit status: 0 the response completed; 1 the API refused the request, the
stream broke or reported an error, or the response failed or is
incomplete; 2 the input or the configuration cannot be used.
`

// runSend is `tooltui send`.
func runSend(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	asJSON, baseURL, maxTurns, profile := false, "", 5, ""
	var files []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--json" || a == "-json":
			asJSON = true
		case a == "--base-url" || a == "-base-url":
			if i+1 >= len(args) {
				fmt.Fprintf(stderr, "tooltui send: %s needs a URL\n\n%s", a, sendUsage)
				return 2
			}
			i++
			baseURL = args[i]
		case strings.HasPrefix(a, "--base-url="):
			baseURL = strings.TrimPrefix(a, "--base-url=")
		case a == "--profile" || a == "-profile":
			if i+1 >= len(args) {
				fmt.Fprintf(stderr, "tooltui send: %s needs a name\n\n%s", a, sendUsage)
				return 2
			}
			i++
			profile = args[i]
		case a == "--max-turns" || strings.HasPrefix(a, "--max-turns="):
			v, ok := strings.CutPrefix(a, "--max-turns=")
			if !ok {
				if i+1 >= len(args) {
					fmt.Fprintf(stderr, "tooltui send: --max-turns needs a number\n\n%s", sendUsage)
					return 2
				}
				i++
				v = args[i]
			}
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				fmt.Fprintf(stderr, "tooltui send: --max-turns must be a whole number of at least 1, got %s\n", display.SanitizeLine(v))
				return 2
			}
			maxTurns = n
		case a == "-h" || a == "--help" || a == "-help":
			fmt.Fprint(stdout, sendUsage)
			return 0
		case len(a) > 1 && a[0] == '-':
			fmt.Fprintf(stderr, "tooltui send: unknown flag %s\n\n%s", display.SanitizeLine(a), sendUsage)
			return 2
		default:
			files = append(files, a)
		}
	}
	if len(files) > 1 {
		fmt.Fprintf(stderr, "tooltui send: one input at a time, got %d\n\n%s", len(files), sendUsage)
		return 2
	}
	doc, err := readInput(files, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "tooltui send: %s\n", display.SanitizeLine(err.Error()))
		return 2
	}
	cfg := send.ConfigFromEnv(os.Getenv, baseURL)
	if profile != "" {
		path, err := send.ProfilesFile()
		var p send.Profile
		if err == nil {
			p, err = send.LoadProfile(path, profile)
		}
		if err != nil {
			fmt.Fprintf(stderr, "tooltui send: %s\n", display.SanitizeLine(err.Error()))
			return 2
		}
		cfg = p.Apply(cfg, os.Getenv)
	}
	if why := cfg.Check(); why != "" {
		fmt.Fprintf(stderr, "tooltui send: %s\n", why)
		return 2
	}
	var conv convert.Converter
	res := conv.Convert(doc)
	for _, d := range res.Diagnostics {
		if d.Severity == convert.Error && !asJSON {
			fmt.Fprintln(stderr, display.SanitizeLine(d.String()))
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	w := &sendWatcher{out: stdout, err: stderr, json: asJSON, tools: res.Tools, start: time.Now()}
	mocks := send.Mocks(doc.Mocks)
	err = send.Loop(ctx, cfg, res.JSON, maxTurns, func(c send.Call) (string, bool) { return mocks.Output(c.Name, c.Arguments) },
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
			if asJSON {
				return
			}
			for i, o := range t.Outputs {
				fmt.Fprintln(stderr, display.SanitizeLine("mock output for "+t.Calls[i].Name+": "+o))
			}
		})
	w.endText()
	var noMock *send.ErrNoMock
	if errors.As(err, &noMock) {
		// The response completed; the loop ends at a call only a person
		// could answer.
		if !asJSON {
			fmt.Fprintf(stderr, "the loop stops here: %s\n", display.SanitizeLine(err.Error()))
		}
		err = nil
	}
	if err != nil {
		msg := err.Error()
		var apiErr *send.APIError
		if errors.As(err, &apiErr) {
			if i, ok := send.ToolIndex(apiErr.Param); ok && i < len(res.Sources) {
				msg += " — " + apiErr.Param + " is " + doc.Locator().At(res.Sources[i].Kind, res.Sources[i].Index) + " in the document"
			}
		}
		fmt.Fprintf(stderr, "tooltui send: %s\n", display.SanitizeLine(msg))
		return 1
	}
	if w.status != "completed" {
		return 1
	}
	return 0
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
		text := display.Sanitize(e.Text)
		if _, err := io.WriteString(w.out, text); err != nil {
			return err
		}
		w.midLine = text != "" && !strings.HasSuffix(text, "\n")
	case send.KindCall:
		if e.CallDone {
			w.endText()
			fmt.Fprintln(w.err, display.SanitizeLine(w.callLine(e)))
		}
	case send.KindTool:
		w.endText()
		fmt.Fprintln(w.err, display.SanitizeLine(strings.TrimPrefix(e.Type, "response.")))
	case send.KindDone:
		w.endText()
		line := fmt.Sprintf("%s · first output %s · total %s", e.Status, ms(w.first), ms(time.Since(w.start)))
		if len(e.Usage) > 0 {
			line += " · usage " + string(e.Usage)
		}
		if e.Text != "" {
			line += " · " + e.Text
		}
		fmt.Fprintln(w.err, display.SanitizeLine(line))
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
