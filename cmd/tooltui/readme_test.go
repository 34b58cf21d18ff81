// The README's examples are true: every command it, or a document under
// docs/, shows with its output (a "$ tooltui …" line in a text block) runs
// on the files shipped under examples/ and prints what it says it prints.
package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// readmeExample is one command of the README and the lines it shows
// after it: the whole output, or an excerpt when a line "…" stands for
// lines left out.
type readmeExample struct {
	file    string // README.md, docs/….md
	line    int
	command string
	want    []string
}

// excerpt is the line that stands for lines left out of an output.
const excerpt = "…"

// readmeExamples reads the commands of the text blocks of README.md and
// of the documents under docs/.
func readmeExamples(t *testing.T) []readmeExample {
	t.Helper()
	root := filepath.Join("..", "..")
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	var out []readmeExample
	for _, path := range append([]string{filepath.Join(root, "README.md")}, docs...) {
		text, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		name, _ := filepath.Rel(root, path)
		out = append(out, textExamples(t, filepath.ToSlash(name), text)...)
	}
	return out
}

// textExamples reads the commands of the text blocks of one Markdown file.
func textExamples(t *testing.T, name string, readme []byte) []readmeExample {
	t.Helper()
	var (
		out     []readmeExample
		inText  bool
		indent  string // the fence's, inside a list item
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
			indent = line[:len(line)-len(strings.TrimLeft(line, " "))]
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
			current = &readmeExample{file: name, line: n, command: cmd}
			continue
		}
		if current != nil {
			current.want = append(current.want, strings.TrimRight(strings.TrimPrefix(line, indent), " "))
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

// outputLines is a command's output as lines, without trailing spaces
// and without the empty lines at its end.
func outputLines(out string) []string {
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t\r")
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// compareOutput says how the lines an example shows differ from what its
// command printed, or "" when they agree. Without a line "…" the example
// is the whole output, line for line. With one, it is an excerpt: the
// runs of lines between the "…" lines come in the output in that order,
// each run's lines one after the other, a run before the first "…" at
// the start and one after the last at the end.
func compareOutput(want []string, got string) string {
	have := outputLines(got)
	want = outputLines(strings.Join(want, "\n"))
	var runs [][]string
	run, marked := []string{}, false
	for _, w := range want {
		if strings.TrimSpace(w) == excerpt {
			runs, run, marked = append(runs, run), []string{}, true
			continue
		}
		run = append(run, w)
	}
	runs = append(runs, run)
	if !marked {
		if i := firstDiff(want, have); i >= 0 {
			return fmt.Sprintf("line %d differs: it shows\n  %s\nand the command printed\n  %s\n(mark lines left out with a line %q)", i+1, lineAt(want, i), lineAt(have, i), excerpt)
		}
		return ""
	}
	at := 0
	for k, r := range runs {
		first, last := k == 0, k == len(runs)-1
		switch {
		case len(r) == 0:
			continue
		case first:
			if !hasAt(have, r, 0) {
				return fmt.Sprintf("the output does not start with\n  %s", strings.Join(r, "\n  "))
			}
			at = len(r)
		case last:
			end := len(have) - len(r)
			if end < at || !hasAt(have, r, end) {
				return fmt.Sprintf("the output does not end with\n  %s", strings.Join(r, "\n  "))
			}
			at = len(have)
		default:
			i := at
			for i+len(r) <= len(have) && !hasAt(have, r, i) {
				i++
			}
			if i+len(r) > len(have) {
				return fmt.Sprintf("these lines do not come, one after the other, after the lines shown before them:\n  %s", strings.Join(r, "\n  "))
			}
			at = i + len(r)
		}
	}
	return ""
}

// firstDiff is the index of the first line where a and b differ, -1 when
// they are equal.
func firstDiff(a, b []string) int {
	for i := 0; i < max(len(a), len(b)); i++ {
		if i >= len(a) || i >= len(b) || a[i] != b[i] {
			return i
		}
	}
	return -1
}

// lineAt is line i of lines, or what stands in its place.
func lineAt(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return "(no more lines)"
}

// hasAt reports whether lines holds run from index i on.
func hasAt(lines, run []string, i int) bool {
	if i < 0 || i+len(run) > len(lines) {
		return false
	}
	for j, r := range run {
		if lines[i+j] != r {
			return false
		}
	}
	return true
}

func TestREADMEExamples(t *testing.T) {
	examples := readmeExamples(t)
	if len(examples) < 5 {
		t.Fatalf("found %d commands in the text blocks of README.md and docs/; the reader is broken", len(examples))
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
			if why := compareOutput(ex.want, string(out)); why != "" {
				t.Errorf("%s:%d: %s\n%s\nIt printed:\n%s", ex.file, ex.line, ex.command, why, out)
			}
		})
	}
	if ran == 0 {
		t.Fatal("no command of README.md or docs/ was run")
	}
}

// copyExamples copies examples/ into dir, its folders (the workspace's
// .tooltui) too, so that a command that writes (fix -w, import --into)
// leaves the shipped files alone.
func copyExamples(t *testing.T, dir string) {
	t.Helper()
	src := filepath.Join("..", "..", "examples")
	err := filepath.WalkDir(src, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if e.IsDir() {
			return os.MkdirAll(filepath.Join(dir, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// Every file the README's commands name is shipped under examples/, so
// that a newcomer can run them as written.
func TestREADMEExamplesNameShippedFiles(t *testing.T) {
	file := regexp.MustCompile(`(^|\s)([A-Za-z0-9_.-]+\.json)\b`)
	for _, ex := range readmeExamples(t) {
		if !strings.Contains(ex.command, "tooltui ") || offline.MatchString(ex.command) {
			continue
		}
		cmd, _, _ := strings.Cut(ex.command, ">") // what a command writes need not exist
		for _, m := range file.FindAllStringSubmatch(cmd, -1) {
			if strings.Contains(cmd, "--into "+m[2]) {
				continue // import --into creates the document
			}
			if _, err := os.Stat(filepath.Join("..", "..", "examples", m[2])); err != nil {
				t.Errorf("%s:%d: %s names %s, which is not under examples/", ex.file, ex.line, ex.command, m[2])
			}
		}
	}
}

// TestREADMECompareOutput: an example that is not the whole output fails
// unless marked as an excerpt, and an excerpt's lines must come in order.
func TestREADMECompareOutput(t *testing.T) {
	const out = "a\nb  \nc\nd\n\n"
	for _, c := range []struct {
		want []string
		ok   bool
	}{
		{[]string{"a", "b", "c", "d"}, true},
		{[]string{"a", "b", "c", "d", ""}, true},
		{[]string{"a", "b", "c"}, false},      // a line left out, unmarked
		{[]string{"a", "c", "b", "d"}, false}, // out of order
		{[]string{"a", "b", "x", "d"}, false}, // a wrong line
		{[]string{"a", "…"}, true},
		{[]string{"  …", "d"}, true},
		{[]string{"a", "…", "c", "…"}, true},
		{[]string{"a", "…", "d"}, true},
		{[]string{"…", "b", "c", "…"}, true},
		{[]string{"b", "…"}, false},           // not the start
		{[]string{"…", "c"}, false},           // not the end
		{[]string{"…", "c", "b", "…"}, false}, // out of order
		{[]string{"…", "b", "d", "…"}, false}, // not one after the other
		{[]string{"a", "…", "x", "…"}, false},
		{[]string{"a", "b", "…", "b", "c", "d"}, false}, // b printed once
	} {
		why := compareOutput(c.want, out)
		if (why == "") != c.ok {
			t.Errorf("%q against %q: %q, want ok=%v", c.want, out, why, c.ok)
		}
	}
}
