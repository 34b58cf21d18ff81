// The README's examples are true: every command it shows with its output
// (a "$ tooltui …" line in a text block) runs on the files shipped under
// examples/ and prints what the README says it prints.
package main

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// readmeExample is one command of the README and the lines it shows
// after it ("…" stands for lines left out).
type readmeExample struct {
	line    int
	command string
	want    []string
}

// readmeExamples reads the commands of README.md's text blocks.
func readmeExamples(t *testing.T, readme []byte) []readmeExample {
	t.Helper()
	var (
		out     []readmeExample
		inText  bool
		current *readmeExample
	)
	sc := bufio.NewScanner(bytes.NewReader(readme))
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		trimmed := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(trimmed, "```text"):
			inText = true
			continue
		case strings.HasPrefix(trimmed, "```"):
			if current != nil {
				out = append(out, *current)
				current = nil
			}
			inText = false
			continue
		case !inText:
			continue
		}
		if cmd, ok := strings.CutPrefix(trimmed, "$ "); ok {
			if current != nil {
				out = append(out, *current)
			}
			current = &readmeExample{line: n, command: cmd}
			continue
		}
		if current != nil && trimmed != "…" && trimmed != "" {
			current.want = append(current.want, strings.TrimRight(line, " "))
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// offline tells the commands that need a network, a key or a server,
// which the README shows without running them here: a send needs them
// unless it goes to the simulator or replays a recording.
var offline = offlineCommand{
	regexp.MustCompile(`\btooltui (send|--version|version)\b|--mcp|OPENAI_API_KEY`),
	regexp.MustCompile(`^tooltui send (--sim|--replay) [^|;&]*$`),
}

type offlineCommand struct{ needs, runs *regexp.Regexp }

func (o offlineCommand) MatchString(cmd string) bool {
	return o.needs.MatchString(cmd) && !o.runs.MatchString(cmd)
}

// ownIndent is the indentation of a README example inside a list item.
var ownIndent = regexp.MustCompile(`^\s*`)

func TestREADMEExamples(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	examples := readmeExamples(t, readme)
	if len(examples) < 5 {
		t.Fatalf("found %d commands in README.md's text blocks; the reader is broken", len(examples))
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash is not installed: the README's commands are not run")
	}
	binDir := t.TempDir()
	buildBinary(t, binDir)
	ran := 0
	for _, ex := range examples {
		if !strings.Contains(ex.command, "tooltui ") || offline.MatchString(ex.command) {
			continue
		}
		ran++
		t.Run(strings.Join(strings.Fields(ex.command)[:2], "_"), func(t *testing.T) {
			dir := t.TempDir()
			copyExamples(t, dir)
			cmd := exec.Command(bash, "-c", ex.command)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "PATH="+binDir+string(os.PathListSeparator)+os.Getenv("PATH"), "NO_COLOR=1")
			out, _ := cmd.CombinedOutput()
			have := map[string]bool{}
			for _, l := range strings.Split(string(out), "\n") {
				have[strings.TrimSpace(l)] = true
			}
			indent := ""
			if len(ex.want) > 0 {
				indent = ownIndent.FindString(ex.want[0])
			}
			for _, w := range ex.want {
				w = strings.TrimPrefix(w, indent)
				if !have[strings.TrimSpace(w)] {
					t.Errorf("README.md:%d: %s\nshows the line\n  %s\nwhich it does not print; it printed:\n%s", ex.line, ex.command, w, out)
				}
			}
		})
	}
	if ran == 0 {
		t.Fatal("no command of README.md was run")
	}
}

// copyExamples copies examples/ into dir, so that a command that writes
// (fix -w, import --into) leaves the shipped files alone.
func copyExamples(t *testing.T, dir string) {
	t.Helper()
	src := filepath.Join("..", "..", "examples")
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, e.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// Every file the README's commands name is shipped under examples/, so
// that a newcomer can run them as written.
func TestREADMEExamplesNameShippedFiles(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	file := regexp.MustCompile(`(^|\s)([A-Za-z0-9_.-]+\.json)\b`)
	for _, ex := range readmeExamples(t, readme) {
		if !strings.Contains(ex.command, "tooltui ") || offline.MatchString(ex.command) {
			continue
		}
		cmd, _, _ := strings.Cut(ex.command, ">") // what a command writes need not exist
		for _, m := range file.FindAllStringSubmatch(cmd, -1) {
			if strings.Contains(cmd, "--into "+m[2]) {
				continue // import --into creates the document
			}
			if _, err := os.Stat(filepath.Join("..", "..", "examples", m[2])); err != nil {
				t.Errorf("README.md:%d: %s names %s, which is not under examples/", ex.line, ex.command, m[2])
			}
		}
	}
}
