package sim

import (
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
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

// TestExportedGoRunsAgainstSim: the Go program tooltui build --to go
// writes for examples/demo.json (a module of its own that requires
// openai-go v3.98.0, fetched through the usual GOPROXY), run against the
// simulator, prints the calls it made. Without a reachable module proxy
// the test skips and says so.
func TestExportedGoRunsAgainstSim(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the Go export is not built")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on PATH: the Go export is not built")
	}
	srv := httptest.NewServer(New(Options{}))
	defer srv.Close()
	d, err := model.ReadFile("../../examples/demo.json")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := convert.Convert(d)
	res, err := export.Export(body, export.Go, export.Options{BaseURL: srv.URL + "/v1"})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	sums, err := os.ReadFile(filepath.Join("..", "..", "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	for file, text := range map[string][]byte{
		"go.mod":  []byte("module request\n\ngo 1.26\n\nrequire github.com/openai/openai-go/v3 v3.98.0\n"),
		"go.sum":  sums,
		"main.go": res.Text,
	} {
		if err := os.WriteFile(filepath.Join(dir, file), text, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bin := filepath.Join(dir, "request")
	build := exec.Command(goBin, "build", "-o", bin, ".")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOFLAGS=-mod=mod -modcacherw", "GOWORK=off", "GOTOOLCHAIN=local")
	if out, err := build.CombinedOutput(); err != nil {
		for _, sign := range []string{"GOPROXY=off", "no such host", "connection refused", "network is unreachable", "i/o timeout", "proxyconnect"} {
			if strings.Contains(string(out), sign) {
				t.Skipf("the Go export is not built: the module proxy cannot be reached (%s)", sign)
			}
		}
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), "OPENAI_API_KEY=k", "OPENAI_BASE_URL=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !strings.Contains(string(out), "find_hotels") || !strings.Contains(string(out), "get_weather") {
		t.Fatalf("the Go program printed\n%s", out)
	}
}
