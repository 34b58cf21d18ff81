package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/sim"
	"github.com/tooltui/tooltui/internal/termtext"
)

const simLong = `Serves tooltui's simulator, a stand-in for the Responses API, at
POST {base}/responses on a loopback address, and prints its base URL
(http://127.0.0.1:PORT/v1) on standard output: point any client at it
(OPENAI_BASE_URL, --base-url, the programs tooltui build --to writes) to
run it with no network and no key. Ctrl+C stops it.

The simulator checks a request as the API does (an invalid one gets the
API's HTTP 400 error object, its "param" naming the member, such as
"tools[2].parameters") and answers as a model that follows the rules,
streamed in the API's events when the request says "stream": true:
tool_choice and parallel_tool_calls are honoured; the function called is
the one whose name and description share the most words with the input;
its arguments are made from its parameters and always fit them (strict
form for a strict function); web_search and file_search give their
items; a request carrying function_call_output items is answered in text
that quotes them; usage is counted with the o200k_base encoding.

--script FILE replaces those choices: {"turns": [{"calls": [{"name": …,
"arguments": {…}}]}, {"text": "…"}]} answers the n-th request with turn n
(its text, then its calls); a recording (tooltui send --record) is a
script too. --fault KIND[@TURN] breaks the request TURN (default 1),
counted from the simulator's start: 429 (with retry-after), 500, cut (the
stream stops mid-answer), error-event, slow (5 s before the first event).

{{flags}}

Exit status: 0 stopped by Ctrl+C; 2 the flags or the script cannot be
used, or the address cannot be listened on.
`

// simOptions are the simulator's flags, of tooltui sim and send --sim.
type simOptions struct {
	seed   uint64
	pace   time.Duration
	script string
	faults []string
}

// register adds the simulator's flags to f.
func (o *simOptions) register(f *pflag.FlagSet, prefix string) {
	f.Uint64Var(&o.seed, "seed", 0, prefix+"seed `N` breaks ties between equal\nchoices (0: the request's order)")
	f.DurationVar(&o.pace, "pace", o.pace, prefix+"wait `D` between two events (0: none)")
	f.StringVar(&o.script, "script", "", prefix+"answer turn by turn as `FILE` says\n(a script or a recording)")
	f.StringArrayVar(&o.faults, "fault", nil, prefix+"break a request: `KIND[@TURN]`, KIND\none of 429, 500, cut, error-event, slow\n(repeatable)")
}

// server makes the simulator the options describe.
func (o *simOptions) server() (*sim.Server, error) {
	opts := sim.Options{Seed: o.seed, Pace: o.pace}
	if o.pace < 0 {
		return nil, errors.New("--pace must not be negative")
	}
	for _, f := range o.faults {
		tf, err := sim.ParseFault(f)
		if err != nil {
			return nil, errors.New("--fault: " + err.Error())
		}
		opts.Faults = append(opts.Faults, tf)
	}
	if o.script != "" {
		data, err := model.ReadLimited(o.script)
		if err != nil {
			return nil, err
		}
		if opts.Script, err = sim.ParseScript(data); err != nil {
			return nil, fmt.Errorf("%s: %w", o.script, err)
		}
	}
	return sim.New(opts), nil
}

// startSim serves s on a loopback port; the base URL ends in /v1; stop
// ends it.
func startSim(s *sim.Server, addr string) (baseURL string, stop func(), err error) {
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return "", nil, err
	}
	hs := &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second, ErrorLog: nil}
	go hs.Serve(l)
	return "http://" + l.Addr().String() + "/v1", func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		if hs.Shutdown(ctx) != nil {
			hs.Close()
		}
	}, nil
}

// loopback checks that addr (HOST:PORT) is on this machine only.
func loopback(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("--addr %s: %v (it is HOST:PORT, such as 127.0.0.1:8080)", addr, err)
	}
	if host == "localhost" {
		return nil
	}
	if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("--addr %s: the simulator listens on a loopback address only (127.0.0.1, ::1 or localhost)", addr)
	}
	return nil
}

// newSimCmd is `tooltui sim`.
func newSimCmd() *cobra.Command {
	opts := simOptions{pace: 20 * time.Millisecond}
	addr := "127.0.0.1:0"
	cmd := &cobra.Command{
		Use:   "sim [--addr 127.0.0.1:PORT] [--seed N] [--pace D] [--script FILE] [--fault KIND[@TURN]]",
		Short: "serve a stand-in for the Responses API on a loopback port",
		Long:  simLong,
		Args:  atMost(0, "tooltui sim takes no file, got %d arguments"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := loopback(addr); err != nil {
				return usageErrorf(cmd, "%s", err)
			}
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return status(runSim(ctx, opts, addr, cmd.OutOrStdout(), cmd.ErrOrStderr()))
		},
	}
	f := cmd.Flags()
	f.SortFlags = false
	f.StringVar(&addr, "addr", addr, "listen on `HOST:PORT`, a loopback address (port 0: any\nfree port)")
	opts.register(f, "")
	for _, n := range []string{"addr", "seed", "pace", "fault"} {
		cmd.RegisterFlagCompletionFunc(n, cobra.NoFileCompletions)
	}
	return cmd
}

// runSim serves the simulator until ctx ends.
func runSim(ctx context.Context, opts simOptions, addr string, stdout, stderr io.Writer) int {
	s, err := opts.server()
	if err != nil {
		fmt.Fprintf(stderr, "tooltui sim: %s\n", termtext.SanitizeLine(err.Error()))
		return 2
	}
	base, stop, err := startSim(s, addr)
	if err != nil {
		fmt.Fprintf(stderr, "tooltui sim: %s\n", termtext.SanitizeLine(err.Error()))
		return 2
	}
	defer stop()
	fmt.Fprintln(stdout, base)
	fmt.Fprintf(stderr, "tooltui sim: serving POST %s/responses; OPENAI_BASE_URL=%s; ctrl+c stops\n", base, base)
	<-ctx.Done()
	return 0
}

// simProfile is the profile that is always there: the simulator.
const simProfile = "sim"

// simFlagsOnly are send's flags that only --sim takes.
var simFlagsOnly = []string{"seed", "pace", "script", "fault"}

// checkSimFlags says what is wrong with send's --sim and the flags around
// it, "" when nothing.
func checkSimFlags(cmd *cobra.Command, opts sendOptions) string {
	changed := func(n string) bool {
		return cmd.Flags().Changed(n) && (n != "profile" || opts.profile != "")
	}
	if !opts.sim {
		for _, n := range simFlagsOnly {
			if changed(n) {
				return "--" + n + " is for --sim"
			}
		}
		return ""
	}
	var clash []string
	for _, n := range []string{"base-url", "profile", "replay"} {
		if changed(n) {
			clash = append(clash, "--"+n)
		}
	}
	if len(clash) > 0 {
		return "--sim sends to the simulator, not " + strings.Join(clash, " or ")
	}
	return ""
}
