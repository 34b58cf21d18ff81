package main

import (
	"bytes"
	"encoding/json"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// atLineCol is the text of data from 1-based line and column (in
// characters) on.
func atLineCol(t *testing.T, data []byte, line, col int) string {
	t.Helper()
	lines := strings.Split(string(data), "\n")
	if line < 1 || line > len(lines) {
		t.Fatalf("line %d is not in the file", line)
	}
	r := []rune(lines[line-1])
	if col < 1 || col > len(r)+1 {
		t.Fatalf("column %d is not on line %d", col, line)
	}
	return string(r[col-1:])
}

var githubRE = regexp.MustCompile(`^::(error|warning|notice) file=([^,]*),line=(\d+),col=(\d+),title=([^:]*)::(.*)$`)

// TestBuildFormatGithub: every diagnostic is an annotation at the line and
// column of the value it is about in the file as written.
func TestBuildFormatGithub(t *testing.T) {
	const file = "testdata/mixed-invalid.json"
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if st := run([]string{"build", "--format", "github", file}, nil, &out, &errb); st != 1 {
		t.Fatalf("status %d\n%s", st, errb.String())
	}
	var text bytes.Buffer
	run([]string{"build", file}, nil, &bytes.Buffer{}, &text)
	lines := strings.Split(strings.TrimSpace(errb.String()), "\n")
	if n := len(strings.Split(strings.TrimSpace(text.String()), "\n")); len(lines) != n {
		t.Fatalf("%d annotations for %d diagnostics:\n%s", len(lines), n, errb.String())
	}
	want := map[string]string{
		"tooltui%3A tools_defs[1] (function) /name":                           `"bad name!"`,
		"tooltui%3A extra.builtin_tools[0] (web_search) /search_context_size": `"huge"`,
		"tooltui%3A extra.builtin_tools[1] (file_search) /max_num_results":    `99}`,
		"tooltui%3A extra.builtin_tools[3]":                                   `"web_search",`,
		"tooltui%3A extra.builtin_tools[5] (file_search) /colour":             `"blue"}`,
		"tooltui%3A tool_choice":                                              `{"type": "function", "name": "missing_fn"}`,
	}
	seen := 0
	for _, l := range lines {
		m := githubRE.FindStringSubmatch(l)
		if m == nil || m[2] != file {
			t.Fatalf("not an annotation on %s: %q", file, l)
		}
		line, _ := strconv.Atoi(m[3])
		col, _ := strconv.Atoi(m[4])
		if prefix, ok := want[m[5]]; ok {
			seen++
			if got := atLineCol(t, data, line, col); !strings.HasPrefix(got, prefix) {
				t.Errorf("%s at %d:%d reads %q, want %q", m[5], line, col, got, prefix)
			}
		}
	}
	if seen != len(want) {
		t.Errorf("%d of the %d expected annotations:\n%s", seen, len(want), errb.String())
	}
}

// TestBuildFormatSarif: one SARIF 2.1.0 log with a result per diagnostic,
// placed as the annotations are; invalid JSON is one result at its syntax
// error.
func TestBuildFormatSarif(t *testing.T) {
	const file = "testdata/mixed-invalid.json"
	var gh, sarif bytes.Buffer
	run([]string{"build", "--format", "github", file}, nil, &bytes.Buffer{}, &gh)
	if st := run([]string{"build", "--format=sarif", file}, nil, &bytes.Buffer{}, &sarif); st != 1 {
		t.Fatalf("status %d", st)
	}
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			Tool struct {
				Driver struct {
					Name  string `json:"name"`
					Rules []struct {
						ID string `json:"id"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID    string `json:"ruleId"`
				Level     string `json:"level"`
				Message   struct{ Text string }
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           struct{ StartLine, StartColumn int }
					}
				}
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(sarif.Bytes(), &log); err != nil {
		t.Fatalf("%v\n%s", err, sarif.String())
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 || log.Runs[0].Tool.Driver.Name != "tooltui" {
		t.Fatalf("not a SARIF 2.1.0 log of tooltui:\n%s", sarif.String())
	}
	rules := map[string]bool{}
	for _, r := range log.Runs[0].Tool.Driver.Rules {
		rules[r.ID] = true
	}
	annotations := strings.Split(strings.TrimSpace(gh.String()), "\n")
	res := log.Runs[0].Results
	if len(res) != len(annotations) {
		t.Fatalf("%d results for %d annotations", len(res), len(annotations))
	}
	for i, r := range res {
		m := githubRE.FindStringSubmatch(annotations[i])
		level := map[string]string{"error": "error", "warning": "warning", "notice": "note"}[m[1]]
		l := r.Locations[0].PhysicalLocation
		if r.Level != level || !rules[r.RuleID] || l.ArtifactLocation.URI != file ||
			strconv.Itoa(l.Region.StartLine) != m[3] || strconv.Itoa(l.Region.StartColumn) != m[4] {
			t.Errorf("result %d %+v disagrees with %q", i, r, annotations[i])
		}
	}

	var fatal bytes.Buffer
	if st := run([]string{"build", "--format", "sarif", "-"}, strings.NewReader("{\n  \"tools_defs\": [,]\n}"), &bytes.Buffer{}, &fatal); st != 2 {
		t.Fatalf("invalid JSON: status %d", st)
	}
	var flog struct {
		Runs []struct {
			Results []struct {
				RuleID    string `json:"ruleId"`
				Level     string `json:"level"`
				Message   struct{ Text string }
				Locations []json.RawMessage
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(fatal.Bytes(), &flog); err != nil || len(flog.Runs) != 1 || len(flog.Runs[0].Results) != 1 {
		t.Fatalf("invalid JSON: %v\n%s", err, fatal.String())
	}
	r := flog.Runs[0].Results[0]
	if r.RuleID != "tooltui/input" || r.Level != "error" || len(r.Locations) != 0 || !strings.Contains(r.Message.Text, "line 2, column 18") {
		t.Errorf("invalid JSON from standard input: %+v", r)
	}
	var ghFatal bytes.Buffer
	run([]string{"build", "--format", "github", "-"}, strings.NewReader("{\n  \"tools_defs\": [,]\n}"), &bytes.Buffer{}, &ghFatal)
	if got := ghFatal.String(); !strings.HasPrefix(got, "::error line=2,col=18,title=") {
		t.Errorf("invalid JSON as an annotation: %q", got)
	}
}

func TestLocationPointer(t *testing.T) {
	for loc, want := range map[string]string{
		"tools_defs[0]": "/tools_defs/0", "extra.builtin_tools[12]": "/extra/builtin_tools/12", "tools[3]": "/tools/3",
		"tool_choice": "/tool_choice", "a/b~c": "/a~1b~0c",
	} {
		if got, ok := locationPointer(loc); !ok || got != want {
			t.Errorf("%s: %q, want %q", loc, got, want)
		}
	}
	for _, loc := range []string{"", "x[", "x[a]", ".x"} {
		if got, ok := locationPointer(loc); ok {
			t.Errorf("%q: %q", loc, got)
		}
	}
}
