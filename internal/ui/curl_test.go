package ui

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/send"
	"github.com/tooltui/tooltui/internal/ui/palette"
)

// The curl command is multi-line, keeps the key in the environment, and
// the shell hands curl the body byte for byte, quotes and $ included.
func TestCurlCommandQuotesTheBodyForTheShell(t *testing.T) {
	body := "{\n  \"input\": \"it's $HOME and `id` and \\\\ and \\\"q\\\" and ''\"\n}\n"
	cmd, err := palette.CurlCommand([]byte(body), send.DefaultBaseURL)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(cmd, `-H "Authorization: Bearer $OPENAI_API_KEY"`) || strings.Count(cmd, "\\\n") < 3 {
		t.Fatalf("unexpected command:\n%s", cmd)
	}
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	// A stand-in curl prints the argument after -d.
	script := `curl() { while [ "$#" -gt 0 ]; do if [ "$1" = -d ]; then printf '%s' "$2"; return; fi; shift; done; }
` + cmd
	out, err := exec.Command(sh, "-c", script).Output()
	if err != nil {
		t.Fatalf("sh: %v", err)
	}
	if string(out) != strings.TrimRight(body, "\n") {
		t.Fatalf("the shell passed\n%q\nwant\n%q", out, strings.TrimRight(body, "\n"))
	}
}
