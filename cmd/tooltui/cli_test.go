package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/termtext/termtexttest"
)

// TestHelp: `tooltui COMMAND --help`, `-h` and `tooltui help COMMAND`
// print the same text on standard output, pinned in testdata/help-*.
func TestHelp(t *testing.T) {
	for _, name := range []string{"", "build", "fix", "infer", "args", "send", "history", "sim", "completion", "help"} {
		t.Run("help-"+name, func(t *testing.T) {
			cmd := []string{}
			if name != "" {
				cmd = append(cmd, name)
			}
			var want string
			for i, args := range [][]string{
				append(slices.Clone(cmd), "--help"),
				append(slices.Clone(cmd), "-h"),
				append([]string{"help"}, cmd...),
				append(slices.Clone(cmd), "-help"),
			} {
				var out, errb bytes.Buffer
				if st := run(args, nil, &out, &errb); st != 0 || errb.Len() > 0 {
					t.Fatalf("%q: status %d, stderr %q", args, st, errb.String())
				}
				if i == 0 {
					want = out.String()
					file := "help-" + name + ".stdout"
					if name == "" {
						file = "help.stdout"
					}
					golden(t, file, out.Bytes())
				} else if out.String() != want {
					t.Errorf("%q prints\n%s\nwant\n%s", args, out.String(), want)
				}
			}
		})
	}
}

// TestHelpListsEveryFlag: a command's help names each of its flags.
func TestHelpListsEveryFlag(t *testing.T) {
	for cmd, flags := range map[string][]string{
		"":      {"--print", "--base-url URL", "--profile NAME", "--version"},
		"build": {"--strict", "--json", "--format text|json|github|sarif", "--diagnostics=text|json|github|sarif"},
		"fix":   {"-w, --write"},
		"args":  {"--strict", "--no-strict"},
		"send":  {"--json", "--max-turns N", "--profile NAME", "--base-url URL"},
	} {
		args := []string{"help"}
		if cmd != "" {
			args = append(args, cmd)
		}
		var out bytes.Buffer
		run(args, nil, &out, &out)
		for _, f := range flags {
			if !strings.Contains(out.String(), "\n  "+f+" ") && !strings.Contains(out.String(), "\n  "+f+"\n") {
				t.Errorf("help of %q does not list %s:\n%s", cmd, f, out.String())
			}
		}
	}
}

// TestUsageErrors: a mistake on the command line says what is wrong, then
// the command's help, on standard error, and exits 2.
func TestUsageErrors(t *testing.T) {
	for _, c := range []struct {
		args  []string
		first string
		help  string // how the help after it starts
	}{
		{[]string{"a", "b.json", "c.json"}, "tooltui: a FILE, a DIR, or a DIR and a FILE in it, got 3 arguments", "tooltui composes"},
		{[]string{"--nope"}, "tooltui: unknown flag --nope", "tooltui composes"},
		{[]string{"-nope"}, "tooltui: unknown flag -nope", "tooltui composes"},
		{[]string{"--profile"}, "tooltui: --profile needs a name", "tooltui composes"},
		{[]string{"--base-url"}, "tooltui: --base-url needs a URL", "tooltui composes"},
		{[]string{"--version", "x"}, "tooltui: --version takes no arguments, got x", "tooltui composes"},
		{[]string{"help", "nope"}, "tooltui help: no command nope; the commands are build, fix, import, infer, send, history, sim, args, completion", "usage: tooltui help"},
		{[]string{"build", "a", "b"}, "tooltui build: one input at a time, got 2", "usage: tooltui build"},
		{[]string{"build", "--json=false"}, "tooltui build: --json takes no value, got false", "usage: tooltui build"},
		{[]string{"build", "--diagnostics"}, "tooltui build: --diagnostics needs =text, =json, =github or =sarif", "usage: tooltui build"},
		{[]string{"build", "--format"}, "tooltui build: --format needs text, json, github or sarif", "usage: tooltui build"},
		{[]string{"fix", "-x"}, "tooltui fix: unknown flag -x", "usage: tooltui fix"},
		{[]string{"fix", "-w", "-"}, "tooltui fix: -w needs a FILE to write", "usage: tooltui fix"},
		{[]string{"send", "a", "b"}, "tooltui send: one input at a time, got 2", "usage: tooltui send"},
		{[]string{"send", "--max-turns"}, "tooltui send: --max-turns needs a number", "usage: tooltui send"},
		{[]string{"send", "--max-turns", "0"}, "tooltui send: --max-turns must be a whole number of at least 1, got 0", "usage: tooltui send"},
		{[]string{"send", "--max-turns=many"}, "tooltui send: --max-turns must be a whole number of at least 1, got many", "usage: tooltui send"},
		{[]string{"args", "--strict=yes", "f", "t"}, "tooltui args: --strict takes no value, got yes", "usage: tooltui args"},
		{[]string{"completion"}, "tooltui completion: needs one shell: bash, zsh, fish or powershell", "usage: tooltui completion"},
		{[]string{"completion", "tcsh"}, "tooltui completion: no completion for tcsh: the shell must be bash, zsh, fish or powershell", "usage: tooltui completion"},
	} {
		var out, errb bytes.Buffer
		st := run(c.args, strings.NewReader(""), &out, &errb)
		first, rest, _ := strings.Cut(errb.String(), "\n\n")
		if st != 2 || out.Len() > 0 || first != c.first || !strings.HasPrefix(rest, c.help) {
			t.Errorf("%q: status %d, stdout %q, stderr:\n%s\nwant %q, then help starting %q", c.args, st, out.String(), errb.String(), c.first, c.help)
		}
	}
}

// TestProfileWithBaseURL: --profile and --base-url together, in either
// order, are refused before anything is read or sent, by the app and by
// send alike: exit 2, the reason and the command's help on standard error
// (testdata/profile-base-url*.stderr).
func TestProfileWithBaseURL(t *testing.T) {
	for _, c := range []struct {
		golden string
		args   []string
	}{
		{"profile-base-url.stderr", []string{"--profile", "local", "--base-url", "http://localhost:11434/v1", "doc.json"}},
		{"profile-base-url.stderr", []string{"-base-url=http://localhost:11434/v1", "-profile=local"}},
		{"profile-base-url-send.stderr", []string{"send", "--base-url", "http://localhost:11434/v1", "--profile", "local", "doc.json"}},
		{"profile-base-url-send.stderr", []string{"send", "--profile=local", "--json", "--base-url=http://localhost:11434/v1", "-"}},
	} {
		var out, errb bytes.Buffer
		st := run(c.args, strings.NewReader("{}"), &out, &errb)
		if st != 2 || out.Len() > 0 {
			t.Errorf("%q: status %d, stdout %q", c.args, st, out.String())
		}
		golden(t, c.golden, errb.Bytes())
	}
}

// TestUnknownFlagHostileText: every command names an unknown flag as
// termtext.SanitizeLine shows it.
func TestUnknownFlagHostileText(t *testing.T) {
	for _, h := range termtexttest.Hostile {
		if strings.Contains(h.Text, "\t") {
			continue // a tab's width depends on its column
		}
		for _, cmd := range []string{"", "fix", "infer", "args", "send", "completion"} {
			args := []string{"--" + h.Text}
			prefix := "tooltui"
			if cmd != "" {
				args = append([]string{cmd}, args...)
				prefix += " " + cmd
			}
			var out, errb bytes.Buffer
			st := run(args, nil, &out, &errb)
			first, _, _ := strings.Cut(errb.String(), "\n")
			if st != 2 || first != prefix+": unknown flag --"+h.Want {
				t.Errorf("%s %q: status %d, first line %q", h.Name, args, st, first)
			}
		}
	}
}

// TestOneDashLongFlags: long flags spelled with one dash, as Go's flag
// package spells them, work as before; values and arguments after "--"
// are left alone.
func TestOneDashLongFlags(t *testing.T) {
	for _, c := range []struct{ in, want []string }{
		{[]string{"build", "-json", "-strict", "-diagnostics=text", "-"}, []string{"build", "--json", "--strict", "--diagnostics=text", "-"}},
		{[]string{"-print", "-base-url", "-json", "-profile=x", "f"}, []string{"--print", "--base-url", "-json", "--profile=x", "f"}},
		{[]string{"args", "-no-strict", "f", "t", "--", "-strict"}, []string{"args", "--no-strict", "f", "t", "--", "-strict"}},
		{[]string{"fix", "-w", "-help", "-nope"}, []string{"fix", "-w", "--help", "-nope"}},
		{[]string{"-version"}, []string{"--version"}},
		{[]string{"__complete", "build", "-json"}, []string{"__complete", "build", "-json"}},
	} {
		if got := oneDashLongFlags(newRootCmd(), c.in); !slices.Equal(got, c.want) {
			t.Errorf("%q: got %q, want %q", c.in, got, c.want)
		}
	}
	var out, errb bytes.Buffer
	if st := run([]string{"args", "-strict", "-", "f", `{}`}, strings.NewReader(`{"tools_defs":[{"name":"f","parameters":{"type":"object","properties":{"a":{"type":"string"}}}}]}`), &out, &errb); st != 1 ||
		!strings.Contains(errb.String(), "as --strict asks") {
		t.Errorf("args -strict: status %d, stdout %q, stderr %q", st, out.String(), errb.String())
	}
}

// TestLastFlagWins: alternatives that share a setting are decided by the
// last one given, as before.
func TestLastFlagWins(t *testing.T) {
	doc := `{"tools_defs":[{"name":"f","parameters":{"type":"object","properties":{"a":{"type":"string"}}}}]}`
	for _, c := range []struct {
		flags []string
		how   string
	}{
		{[]string{"--strict", "--no-strict"}, "not strict, as --no-strict asks"},
		{[]string{"--no-strict", "--strict"}, "strict, as --strict asks"},
	} {
		var out, errb bytes.Buffer
		run(append(append([]string{"args"}, c.flags...), "-", "f", `{}`), strings.NewReader(doc), &out, &errb)
		if !strings.Contains(out.String()+errb.String(), c.how) {
			t.Errorf("%q: %s%s", c.flags, out.String(), errb.String())
		}
	}
	for _, c := range []struct {
		flags []string
		json  bool
	}{
		{[]string{"--json", "--diagnostics=text"}, false},
		{[]string{"--diagnostics=text", "--json"}, true},
		{[]string{"--diagnostics=json", "--diagnostics=text"}, false},
	} {
		var errb bytes.Buffer
		run(append(append([]string{"build"}, c.flags...), "-"), strings.NewReader(`{"tools":[1]}`), &bytes.Buffer{}, &errb)
		if got := strings.HasPrefix(errb.String(), "{"); got != c.json {
			t.Errorf("%q: stderr %q", c.flags, errb.String())
		}
	}
}

// TestCompletionScripts: `tooltui completion SHELL` prints a script for
// each shell, and bash accepts the bash one.
func TestCompletionScripts(t *testing.T) {
	scripts := map[string]string{}
	for _, shell := range []string{"bash", "zsh", "fish", "powershell"} {
		var out, errb bytes.Buffer
		if st := run([]string{"completion", shell}, nil, &out, &errb); st != 0 || errb.Len() > 0 || out.Len() < 1000 {
			t.Fatalf("%s: status %d, %d bytes, stderr %q", shell, st, out.Len(), errb.String())
		}
		if !strings.Contains(out.String(), "tooltui __complete") && !strings.Contains(out.String(), "__complete") {
			t.Errorf("%s: the script does not ask tooltui for completions", shell)
		}
		scripts[shell] = out.String()
	}
	for shell, first := range map[string]string{"bash": "# bash completion V2 for tooltui", "zsh": "#compdef tooltui", "fish": "# fish completion for tooltui"} {
		if !strings.HasPrefix(scripts[shell], first) {
			t.Errorf("%s script starts %q", shell, scripts[shell][:min(60, len(scripts[shell]))])
		}
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash to check the script with")
	}
	path := filepath.Join(t.TempDir(), "tooltui.bash")
	if err := os.WriteFile(path, []byte(scripts["bash"]), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(bash, "-n", path).CombinedOutput(); err != nil {
		t.Fatalf("bash -n: %v\n%s", err, out)
	}
}

// TestCompletions asks what the shell scripts ask (tooltui __complete
// ARGS... WORD): commands, file names for FILE, flag values, the
// functions of FILE for args.
func TestCompletions(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	t.Setenv("HOME", dir)
	profiles := filepath.Join(dir, "tooltui", "profiles.json")
	if err := os.MkdirAll(filepath.Dir(profiles), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(profiles, []byte(`{"work": {"base_url": "http://w/v1"}, "local": {"base_url": "http://l/v1"}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	// Directives: 0 the shell may complete file names, 4 it must not.
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{""}, "build\tprint the request JSON for FILE or standard input\nfix\t"},
		{[]string{"bu"}, "build\tprint the request JSON for FILE or standard input\n:0\n"},
		{[]string{"dir", ""}, ":0\n"},
		{[]string{"dir", "x.json", ""}, ":4\n"},
		{[]string{"build", ""}, ":0\n"},
		{[]string{"build", "x.json", ""}, ":4\n"},
		{[]string{"fix", "-w", ""}, ":0\n"},
		{[]string{"infer", ""}, ":0\n"},
		{[]string{"send", ""}, ":0\n"},
		{[]string{"build", "--diagnostics="}, "text\njson\ngithub\nsarif\n:4\n"},
		{[]string{"build", "--format", ""}, "text\njson\ngithub\nsarif\n:4\n"},
		{[]string{"build", "--s"}, "--strict\texit 1 on warnings too, not only on errors (notes never count)\n:4\n"},
		{[]string{"send", "--profile", ""}, "local\nsim\nwork\n:4\n"},
		{[]string{"--profile", ""}, "local\nsim\nwork\n:4\n"},
		{[]string{"send", "--base-url", ""}, ":4\n"},
		{[]string{"args", ""}, ":0\n"},
		{[]string{"args", "testdata/example.json", ""}, "get_weather\n:4\n"},
		{[]string{"args", "testdata/example.json", "get_weather", ""}, ":4\n"},
		{[]string{"completion", ""}, "bash\nzsh\nfish\npowershell\n:4\n"},
		{[]string{"help", "i"}, "import\tbring tools from another format or an MCP server into a request or DOC\ninfer\tprint a strict-compatible parameters schema inferred from example arguments\n:4\n"},
	} {
		var out, errb bytes.Buffer
		if st := run(append([]string{"__complete"}, c.args...), nil, &out, &errb); st != 0 {
			t.Errorf("%q: status %d, stderr %q", c.args, st, errb.String())
		}
		if !strings.HasPrefix(out.String(), c.want) {
			t.Errorf("%q completes to\n%q\nwant it to start with\n%q", c.args, out.String(), c.want)
		}
	}
}

// Invalid JSON is an input that cannot be used: every command exits 2 and
// names it as NAME: line L, column C: not valid JSON: ...
func TestInvalidJSONExits2(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte("{\n  \"model\": \"gpt-5\",\n  oops\n}"), 0o644); err != nil {
		t.Fatal(err)
	}
	good := filepath.Join(dir, "good.json")
	if err := os.WriteFile(good, []byte(`{"tools_defs":[{"name":"f","parameters":{"type":"object","properties":{}}}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	const fileAt = ": line 3, column 3: not valid JSON: invalid character 'o' looking for beginning of object key string\n"
	for _, c := range []struct {
		args  []string
		stdin string
		want  string
	}{
		{[]string{bad}, "", "tooltui: " + bad + fileAt},
		{[]string{"build", bad}, "", "tooltui build: " + bad + fileAt},
		{[]string{"build", "-"}, "{\"a\":", "tooltui build: standard input: line 1, column 6: not valid JSON: unexpected end of JSON input\n"},
		{[]string{"fix", bad}, "", "tooltui fix: " + bad + fileAt},
		{[]string{"fix", "-w", bad}, "", "tooltui fix: " + bad + fileAt},
		{[]string{"infer", bad}, "", "tooltui infer: " + bad + fileAt},
		{[]string{"args", bad, "f", "{}"}, "", "tooltui args: " + bad + fileAt},
		{[]string{"args", good, "f", "{\n  \"a\": 1,\n  oops\n}"}, "", "tooltui args: the arguments" + fileAt},
		{[]string{"import", bad}, "", "tooltui import: " + bad + fileAt},
		{[]string{"import", "--into", bad, good}, "", "tooltui import: " + bad + fileAt},
	} {
		var out, errb bytes.Buffer
		st := run(c.args, strings.NewReader(c.stdin), &out, &errb)
		if st != 2 || errb.String() != c.want || out.Len() != 0 {
			t.Errorf("%v: status %d, stdout %q, stderr\n%q\nwant\n%q", c.args, st, out.String(), errb.String(), c.want)
		}
	}
}
