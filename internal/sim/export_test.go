package sim

import (
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/export"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/send"
)

// TestExportedCurlRunsAgainstSim: the curl command tooltui build --to curl
// writes for examples/demo.json, run with the real curl against the
// simulator (tooltui sim), gets the calls as JSON, and as events once the
// request says "stream": true.
func TestExportedCurlRunsAgainstSim(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash is not installed: the curl export is not run")
	}
	if _, err := exec.LookPath("curl"); err != nil {
		t.Skip("curl is not installed: the curl export is not run")
	}
	srv := httptest.NewServer(New(Options{}))
	defer srv.Close()
	d, err := model.ReadFile("../../examples/demo.json")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := convert.Convert(d)
	streamed, _ := send.StreamBody(body)
	for _, c := range []struct {
		name string
		body []byte
		want []string
	}{
		{"json", body, []string{`"object": "response"`, `"name": "find_hotels"`, `"arguments": "{\"city\":\"Lisbon\",\"nights\":1,\"max_price_eur\":null}"`}},
		{"stream", streamed, []string{"event: response.created", "event: response.function_call_arguments.delta", "event: response.completed"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, err := export.Export(c.body, export.Curl, export.Options{BaseURL: srv.URL + "/v1"})
			if err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(bash, "-c", string(res.Text))
			cmd.Env = append(os.Environ(), "OPENAI_API_KEY=k")
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			for _, w := range c.want {
				if !strings.Contains(string(out), w) {
					t.Errorf("the curl command printed\n%.2000s\nwithout %s", out, w)
				}
			}
		})
	}
}
