package main

// End-to-end flows of the demo loop in the app, on the real binary in
// tmux (see e2e_test.go): a call answered by an MCP server once the user
// allows it, and a recording made in the app and replayed with the model's
// server gone and no key.

import (
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/tooltui/tooltui/internal/mcpclient/mcptest"
	"github.com/tooltui/tooltui/internal/send"
	"github.com/tooltui/tooltui/internal/send/sendtest"
)

// flat is the screen with its runs of spaces and box edges as one space,
// so that a line the response view wraps still reads as one.
func flat(s string) string {
	s = strings.NewReplacer("│", " ", "╭", " ", "╮", " ", "╰", " ", "╯", " ").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

func flatHas(subs ...string) func(string) bool {
	return func(s string) bool { return has(subs...)(flat(s)) }
}

// squeezed is s without its spaces, line breaks and box edges, for text
// the screen may break anywhere: a path as long as $TMPDIR makes it.
func squeezed(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) || strings.ContainsRune("│╭╮╰╯", r) {
			return -1
		}
		return r
	}, s)
}

// squeezedHas holds when the squeezed screen holds each squeezed sub.
func squeezedHas(subs ...string) func(string) bool {
	return func(s string) bool {
		s = squeezed(s)
		for _, sub := range subs {
			if !strings.Contains(s, squeezed(sub)) {
				return false
			}
		}
		return true
	}
}

// TestE2EDemoMCPCallAfterApproval: the document records an MCP server (a
// stdio program, imported as a user would); the model calls its read_head;
// the app asks before anything starts, naming the function, the server's
// command and the arguments; a allows it once, the server's output goes
// back to the model, and the server is stopped after the send.
func TestE2EDemoMCPCallAfterApproval(t *testing.T) {
	x := newTerm(t)
	envCmd, err := exec.LookPath("env")
	if err != nil {
		t.Skip("no env command")
	}
	srv := mcptest.ServerCommand(t, "bridge")
	dir, bin, doc, status := newDoc(t, "doc.json", `{"model":"gpt-5","input":"Read /etc/hosts"}`)
	// The app runs with an empty environment: the server's command sets
	// what makes the test binary the bridge test server.
	env := srv.Env()
	st, _, errs := importCmd(t, "", append(append([]string{"--into", doc, "--mcp-name", "fs", "--mcp", "--", envCmd}, env...), srv.Command...)...)
	if st != 0 {
		t.Fatalf("import: status %d\n%s", st, errs)
	}
	imported := len(srv.Starts())
	base, bodies := callingServer(t, "read_head", `{"path":"/etc/hosts"}`)
	x.start("app", appCommand(t, dir, bin, []string{"--base-url", base, doc}, "", status))
	x.waitFor("app", "the first screen", all(has("1 Tools", "doc.json"), inTools))

	x.keys("app", "C-r")
	s := x.waitFor("app", "the approval prompt", flatHas("Call read_head on MCP server fs?", "a allow once"))
	for _, want := range []string{"command: " + envCmd + " " + env[0], `arguments: {"path":"/etc/hosts"}`} {
		if !strings.Contains(flat(s), want) {
			t.Errorf("the prompt lacks %q:\n%s", want, s)
		}
	}
	if n := len(srv.Starts()); n != imported {
		t.Fatalf("%d servers started before the approval", n-imported)
	}

	x.keys("app", "a")
	s = x.waitFor("app", "the server's output and the second turn", flatHas("Done.", "stopped MCP server fs"))
	for _, want := range []string{"allowed once: read_head on MCP server fs", "starting MCP server fs (",
		`← MCP output for read_head (read_head of fs): read {"path":"/etc/hosts"}`, "── turn 2 ──"} {
		if !strings.Contains(flat(s), want) {
			t.Errorf("the transcript lacks %q:\n%s", want, s)
		}
	}
	b := bodies()
	if len(b) != 2 || !strings.Contains(b[1], `"output":"read {\"path\":\"/etc/hosts\"}"`) {
		t.Fatalf("requests:\n%s", strings.Join(b, "\n"))
	}
	pids := srv.Starts()
	if len(pids) != imported+1 {
		t.Fatalf("%d servers started by the send", len(pids)-imported)
	}
	if pid := pids[len(pids)-1]; !mcptest.Gone(pid, 20*time.Second) {
		t.Errorf("the server %d outlived the send", pid)
	}

	// ctrl+r in the response view sends again, and asks again; A allows
	// every call of the server until the app quits, so the third send
	// asks no more.
	x.keys("app", "C-r")
	x.waitFor("app", "the approval prompt again", flatHas("Call read_head on MCP server fs?", "a allow once"))
	x.keys("app", "A")
	x.waitFor("app", "the second send", flatHas("allowed every call of MCP server fs until tooltui quits", "Done.", "stopped MCP server fs"))
	x.keys("app", "C-r")
	s = x.waitFor("app", "the third send", all(flatHas("Done.", "stopped MCP server fs"), func(s string) bool { return !strings.Contains(s, "allowed") }))
	if strings.Contains(s, "Call read_head") {
		t.Errorf("the third send asked:\n%s", s)
	}
	if b := bodies(); len(b) != 6 {
		t.Errorf("%d requests, want 6", len(b))
	}
	if n := len(srv.Starts()); n != imported+3 {
		t.Errorf("%d servers started by three sends", n-imported)
	}
	x.keys("app", "Escape")
	x.waitFor("app", "the dialog closed", func(s string) bool { return !strings.Contains(s, "Response ·") })
	quitClean(t, x, status)
}

// TestE2EDemoRecordThenReplay: "Record the next send" in the palette, a
// send to a local server, which then goes away; a new app with no key and
// no server replays the recording through the response view.
func TestE2EDemoRecordThenReplay(t *testing.T) {
	x := newTerm(t)
	srv := simServer(t, parisWeather()...)

	bin, doc, status := openDoc(t, x, exampleWithMock(), "--base-url", srv.BaseURL())
	dir := filepath.Dir(doc)
	rec := filepath.Join(dir, "doc.recording.jsonl")
	x.runFromPalette("app", "Record the next send", "› Record the next send")
	x.waitFor("app", "the file name, beside the document", has("Record the next send", "doc.recording.jsonl", "enter record"))
	x.keys("app", "Enter")
	x.waitFor("app", "the status", statusShows("The next send (ctrl+r) records to "+rec))
	x.keys("app", "C-r")
	x.waitFor("app", "the recorded send", all(flatHas("Twelve degrees in Paris."), squeezedHas("recorded to "+rec)))
	x.keys("app", "Escape")
	x.waitFor("app", "the dialog closed", func(s string) bool { return !strings.Contains(s, "Response ·") })
	quitClean(t, x, status)
	srv.Close() // the model's server is gone

	f, err := os.Open(rec)
	if err != nil {
		t.Fatal(err)
	}
	r, err := send.ReadRecording(f)
	f.Close()
	if err != nil || len(r.Turns) != 2 {
		t.Fatalf("the recording: %v, %d turns", err, len(r.Turns))
	}

	// No --base-url, no key: sending cannot, replaying can.
	x.start("replay", appCommand(t, dir, bin, []string{doc}, "", status+"2"))
	x.waitFor("replay", "the first screen", all(has("1 Tools", "doc.json"), inTools))
	x.keys("replay", "C-r")
	x.waitFor("replay", "no key", statusHas(`^Cannot send: no API key`))
	x.runFromPalette("replay", "Replay a recording", "› Replay a recording")
	x.waitFor("replay", "the file name", has("Replay a recording", "doc.recording.jsonl", "enter replay"))
	x.keys("replay", "Enter")
	x.waitFor("replay", "the replay dialog", flatHas("2 turns", "The document still builds the recorded first request.", "enter play at the recorded pace"))
	x.keys("replay", "Enter")
	s := x.waitFor("replay", "the replayed answer", flatHas("Replay of", "Twelve degrees in Paris.", "completed"))
	for _, want := range []string{`→ get_weather {"city":"Paris","unit":"celsius"}: fits its parameters`, `← mock output for get_weather: {"temp_c":12}`, "── turn 2 ──"} {
		if !strings.Contains(flat(s), want) {
			t.Errorf("the replay lacks %q:\n%s", want, s)
		}
	}
	x.keys("replay", "Escape")
	x.waitFor("replay", "the dialog closed", func(s string) bool { return !strings.Contains(s, "Replay of") })
	x.keys("replay", "C-q")
	x.wantExit("replay", status+"2", "0")
}

// callingServer is a Responses server that answers a request carrying a
// function's output in text, and any other by calling function name with
// arguments: each send of the app calls once. It returns the base URL and
// the request bodies so far.
func callingServer(t *testing.T, name, arguments string) (string, func() []string) {
	t.Helper()
	s := sendtest.New(t, func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		if strings.Contains(string(b), `"function_call_output"`) {
			sendtest.Stream(sendtest.TextTurn("resp_2", "", "Done.")...)(w, r)
			return
		}
		sendtest.Stream(sendtest.CallTurn("resp_1", name, arguments)...)(w, r)
	})
	return s.BaseURL(), s.Bodies
}
