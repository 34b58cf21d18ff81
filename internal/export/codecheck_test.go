package export

import (
	"bytes"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// sameText reports whether two JSON texts hold the same request as far as
// a program can tell them apart: the same keys in the same order, each
// once, the same strings (as UTF-16 code units, a lone surrogate too) and
// the same numbers, written the same way; only the layout and the escapes
// of strings may differ.
func sameText(a, b []byte) bool {
	a, b = bytes.TrimSpace(a), bytes.TrimSpace(b)
	kind := rawjson.JSONKind(a)
	if kind != rawjson.JSONKind(b) {
		return false
	}
	switch kind {
	case "object":
		x, y := rawjson.Members(a), rawjson.Members(b)
		if len(x) != len(y) {
			return false
		}
		for i := range x {
			if x[i].Key != y[i].Key || !sameText(x[i].Value, y[i].Value) {
				return false
			}
		}
		return true
	case "array":
		x, y := rawjson.Elements(a), rawjson.Elements(b)
		if len(x) != len(y) {
			return false
		}
		for i := range x {
			if !sameText(x[i], y[i]) {
				return false
			}
		}
		return true
	case "string":
		x, okx := jsonUnits(a)
		y, oky := jsonUnits(b)
		return okx && oky && slices.Equal(x, y)
	}
	return string(a) == string(b)
}

// checkSent checks what the TypeScript program prog sent: the body, byte
// for byte, when it holds it as text, or else the same request as
// sameText sees it.
func checkSent(t *testing.T, name string, prog, got, body []byte) {
	t.Helper()
	if bytes.Contains(prog, []byte("\nconst body = `")) {
		if want := bytes.TrimSuffix(indent(body), []byte("\n")); !bytes.Equal(got, want) {
			t.Errorf("%s sent\n%s\nwant, byte for byte,\n%s", name, got, want)
		}
	} else if !sameText(got, body) {
		t.Errorf("%s sent\n%s\nwant the same fields, keys in the same order and the same numbers as\n%s", name, got, body)
	}
}

// sameRequest reports whether two request bodies hold the same fields,
// in any order (the Python library sends extra_body's last), with values
// the same as sameText sees them.
func sameRequest(a, b []byte) bool {
	x, y := rawjson.Members(bytes.TrimSpace(a)), rawjson.Members(bytes.TrimSpace(b))
	if len(x) != len(y) {
		return false
	}
	for _, m := range x {
		v, ok := y.Get(m.Key)
		if !ok || !sameText(m.Value, v) {
			return false
		}
	}
	return true
}

// Every Python export compiles (python3 -m py_compile), and run against
// tooltui's simulator (internal/sim on a loopback port) it sends exactly
// the body and prints the simulator's answer. The official openai library
// is a PyPI package, which the tests do not install: the programs import a
// stand-in (testdata/fake/python) that posts what the library would post
// over HTTP with urllib and hands back the answer as the library's
// objects. Whether the real library takes the program's arguments as
// written is not checked here.
func TestPythonProgramsRun(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed: the Python exports are not compiled")
	}
	fake, _ := filepath.Abs("testdata/fake/python")
	api := startSimAPI(t)
	all := bodies(t)
	names := slices.Sorted(maps.Keys(all))
	for _, name := range names {
		body := all[name]
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			res, err := Export(body, Python, Options{BaseURL: api.URL})
			if err != nil {
				t.Fatal(err)
			}
			prog := filepath.Join(dir, "request.py")
			if err := os.WriteFile(prog, res.Text, 0o644); err != nil {
				t.Fatal(err)
			}
			if out, err := exec.Command(py, "-m", "py_compile", prog).CombinedOutput(); err != nil {
				t.Fatalf("py_compile: %v\n%s\n%s", err, out, res.Text)
			}
			cmd := exec.Command(py, prog)
			cmd.Env = append(os.Environ(), "PYTHONPATH="+fake, "PYTHONIOENCODING=utf-8", "OPENAI_API_KEY=test-key", "OPENAI_BASE_URL=")
			var stderr strings.Builder
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("python3: %v\n%s%s", err, out, stderr.String())
			}
			got, answer := api.last(t)
			if bytes.Contains(res.Text, []byte("client.post(")) {
				if want := bytes.TrimSuffix(indent(body), []byte("\n")); !bytes.Equal(got, want) {
					t.Errorf("the Python program sent\n%s\nwant, byte for byte,\n%s", got, want)
				}
			} else if !sameRequest(got, body) {
				t.Errorf("the Python program sent\n%s\nwant the same fields, keys in the same order and the same numbers as\n%s", got, body)
			}
			checkPrinted(t, "the Python program", out, answer, false)
		})
	}
}

// Every TypeScript export parses and transpiles without a diagnostic (the
// typescript package, through testdata/tscheck.cjs), and run with node
// against tooltui's simulator (internal/sim on a loopback port), through a
// stand-in openai package that sends with fetch what the real one would
// (testdata/fake/node), it posts the body byte for byte, or the same
// request, and prints the simulator's answer. TOOLTUI_TYPESCRIPT names a folder holding
// node_modules/typescript. With TOOLTUI_SDK_ORACLE set the test skips:
// TestSDKOracle checks the programs' types and runs them with the real
// openai package.
func TestTypeScriptProgramsParse(t *testing.T) {
	if os.Getenv("TOOLTUI_SDK_ORACLE") != "" {
		t.Skip("TOOLTUI_SDK_ORACLE is set: TestSDKOracle type-checks and runs the TypeScript exports with the real openai package")
	}
	tsdir := os.Getenv("TOOLTUI_TYPESCRIPT")
	if tsdir == "" {
		t.Skip("TOOLTUI_TYPESCRIPT is not set: the TypeScript exports are not parsed (npm install --prefix DIR typescript, then TOOLTUI_TYPESCRIPT=DIR; or see .ci/sdk-oracle)")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatalf("TOOLTUI_TYPESCRIPT is set but node is not installed: %v", err)
	}
	tsdir, _ = filepath.Abs(tsdir)
	script, _ := filepath.Abs("testdata/tscheck.cjs")
	fake, _ := filepath.Abs("testdata/fake/node")
	api := startSimAPI(t)
	all := bodies(t)
	for _, name := range slices.Sorted(maps.Keys(all)) {
		body := all[name]
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			res, err := Export(body, TypeScript, Options{BaseURL: api.URL})
			if err != nil {
				t.Fatal(err)
			}
			prog, js := filepath.Join(dir, "request.ts"), filepath.Join(dir, "request.mjs")
			if err := os.WriteFile(prog, res.Text, 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(node, script, prog, js)
			cmd.Env = append(os.Environ(), "TOOLTUI_TYPESCRIPT="+tsdir)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("tscheck: %v\n%s", err, out)
			} else {
				t.Logf("%s", bytes.TrimSpace(out))
			}
			if err := os.Symlink(fake, filepath.Join(dir, "node_modules")); err != nil {
				t.Fatal(err)
			}
			run := exec.Command(node, js)
			run.Env = append(os.Environ(), "OPENAI_API_KEY=test-key", "OPENAI_BASE_URL=")
			var stderr strings.Builder
			run.Stderr = &stderr
			out, err := run.Output()
			if err != nil {
				t.Fatalf("node: %v\n%s%s", err, out, stderr.String())
			}
			got, answer := api.last(t)
			checkSent(t, "the TypeScript program", res.Text, got, body)
			checkPrinted(t, "the TypeScript program", out, answer, true)
		})
	}
}

// Every curl export passes bash -n, and run with a stand-in curl it hands
// curl the URL and the body byte for byte.
func TestCurlCommandsRun(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash is not installed: the curl exports are not run")
	}
	for name, body := range bodies(t) {
		t.Run(name, func(t *testing.T) {
			opt := Options{BaseURL: "http://it's.local/$v1"}
			res, err := Export(body, Curl, opt)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			cmdFile := filepath.Join(dir, "request.sh")
			if err := os.WriteFile(cmdFile, res.Text, 0o644); err != nil {
				t.Fatal(err)
			}
			if out, err := exec.Command(bash, "-n", cmdFile).CombinedOutput(); err != nil {
				t.Fatalf("bash -n: %v\n%s", err, out)
			}
			stand := `curl() {
  printf '%s' "$1" > "$DIR/url"
  while [ "$#" -gt 0 ]; do
    if [ "$1" = -d ]; then printf '%s' "$2" > "$DIR/data"; fi
    shift
  done
}
. "$DIR/request.sh"
`
			cmd := exec.Command(bash, "-c", stand)
			cmd.Env = append(os.Environ(), "DIR="+dir, "OPENAI_API_KEY=k")
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("bash: %v\n%s", err, out)
			}
			data, _ := os.ReadFile(filepath.Join(dir, "data"))
			if want := bytes.TrimRight(body, "\n"); !bytes.Equal(data, want) {
				t.Errorf("curl got -d\n%q\nwant\n%q", data, want)
			}
			if url, _ := os.ReadFile(filepath.Join(dir, "url")); string(url) != opt.BaseURL+"/responses" {
				t.Errorf("curl got URL %q", url)
			}
		})
	}
}

// Every curl export, run with the real curl against tooltui's simulator
// (internal/sim on a loopback port), hands it the body byte for byte and
// prints its answer as it came, a response or a stream.
func TestCurlCommandsRunAgainstSim(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash is not installed: the curl exports are not run")
	}
	if _, err := exec.LookPath("curl"); err != nil {
		t.Skip("curl is not installed: the curl exports are not run against the simulator")
	}
	api := startSimAPI(t)
	all := bodies(t)
	for _, name := range slices.Sorted(maps.Keys(all)) {
		body := all[name]
		t.Run(name, func(t *testing.T) {
			res, err := Export(body, Curl, Options{BaseURL: api.URL})
			if err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(bash, "-c", string(res.Text))
			cmd.Env = append(os.Environ(), "OPENAI_API_KEY=test-key")
			var stderr strings.Builder
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("curl: %v\n%s%s", err, out, stderr.String())
			}
			got, answer := api.last(t)
			if want := bytes.TrimRight(body, "\n"); !bytes.Equal(got, want) {
				t.Errorf("the simulator got\n%q\nwant, byte for byte,\n%q", got, want)
			}
			if _, err := wantPrinted(answer, true); err != nil {
				t.Errorf("the simulator answered the curl command: %v", err)
			}
			if !bytes.Equal(out, answer) {
				t.Errorf("curl printed\n%s\nwant the simulator's answer\n%s", out, answer)
			}
		})
	}
}

// Go exports build against github.com/openai/openai-go/v3 v3.98.0 (a
// module of its own, which downloads what it needs through the usual
// GOPROXY, so an empty module cache is fine), and run against tooltui's
// simulator (internal/sim on a loopback port) they post the body byte for
// byte, or send the same request, and print the simulator's answer.
// Without a reachable module proxy the test skips and says so.
func TestGoProgramsBuildAndRun(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the Go exports are not built")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on PATH: the Go exports are not built")
	}
	api := startSimAPI(t)
	mod := t.TempDir()
	writeGoModule(t, mod)
	// Each program links the whole SDK, so four are built: the hostile
	// strings, the streaming program, and the smallest and the plain one,
	// which send typed parameters. The fuzz test checks the body constant
	// of any other.
	all := map[string][]byte{}
	for name, body := range bodies(t) {
		if name == "hostile" || name == "stream" || name == "minimal" || name == "plain" {
			all[name] = body
		}
	}
	progs := map[string][]byte{}
	for name, body := range all {
		res, err := Export(body, Go, Options{BaseURL: api.URL})
		if err != nil {
			t.Fatal(err)
		}
		progs[name] = res.Text
		dir := filepath.Join(mod, "cmd", name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "main.go"), res.Text, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bin := filepath.Join(mod, "bin")
	build := exec.Command(goBin, "build", "-o", bin+string(filepath.Separator), "./...")
	build.Dir = mod
	build.Env = append(os.Environ(), "GOFLAGS=-mod=mod -modcacherw", "GOWORK=off", "GOTOOLCHAIN=local")
	if out, err := build.CombinedOutput(); err != nil {
		if why := proxyUnreachable(out); why != "" {
			t.Skipf("the Go exports are not built: the module proxy cannot be reached (%s)", why)
		}
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for name, body := range all {
		t.Run(name, func(t *testing.T) {
			cmd := exec.Command(filepath.Join(bin, name))
			cmd.Env = append(os.Environ(), "OPENAI_API_KEY=test-key", "OPENAI_BASE_URL=")
			var stderr strings.Builder
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("%s: %v\n%s%s", name, err, out, stderr.String())
			}
			got, answer := api.last(t)
			if bytes.Contains(progs[name], []byte("\nconst body = ")) {
				if want := bytes.TrimSuffix(indent(body), []byte("\n")); !bytes.Equal(got, want) {
					t.Errorf("the Go program posted\n%s\nwant, byte for byte,\n%s", got, want)
				}
			} else if !sameRequest(got, body) {
				t.Errorf("the Go program sent\n%s\nwant the same fields and values as\n%s", got, body)
			}
			checkPrinted(t, "the Go program", out, answer, false)
		})
	}
}

// proxyUnreachable says why a failed go build could not reach the module
// proxy ("" when it failed for another reason, which fails the test).
func proxyUnreachable(out []byte) string {
	for _, sign := range []string{
		"module lookup disabled by GOPROXY=off",
		"no such host",
		"connection refused",
		"network is unreachable",
		"i/o timeout",
		"TLS handshake timeout",
		"proxyconnect",
	} {
		if bytes.Contains(out, []byte(sign)) {
			return sign
		}
	}
	return ""
}

// writeGoModule writes go.mod and go.sum for a module that requires
// openai-go v3.98.0. Its go.sum is tooltui's own, which holds the sums of
// every module openai-go needs (tooltui's send package uses it too), so
// what the build downloads is checked against them, with no checksum
// database needed.
func writeGoModule(t *testing.T, dir string) {
	t.Helper()
	mod := "module request\n\ngo 1.26\n\nrequire github.com/openai/openai-go/v3 v3.98.0\n"
	sums, err := os.ReadFile(filepath.Join("..", "..", "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(sums, []byte("\ngithub.com/openai/openai-go/v3 v3.98.0 ")) {
		t.Fatal("go.sum has no line for github.com/openai/openai-go/v3 v3.98.0")
	}
	for file, text := range map[string][]byte{"go.mod": []byte(mod), "go.sum": sums} {
		if err := os.WriteFile(filepath.Join(dir, file), text, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
