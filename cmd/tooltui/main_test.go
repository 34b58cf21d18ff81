package main

import (
	"bytes"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/convert"
)

// TestVersionText fixes the form of `tooltui --version` with a known build.
func TestVersionText(t *testing.T) {
	info := &debug.BuildInfo{
		Main: debug.Module{Path: "github.com/tooltui/tooltui", Version: "v1.4.0"},
		Settings: []debug.BuildSetting{
			{Key: "vcs", Value: "git"},
			{Key: "vcs.revision", Value: "0123456789abcdef0123456789abcdef01234567"},
			{Key: "vcs.time", Value: "2026-12-01T10:00:00Z"},
			{Key: "vcs.modified", Value: "true"},
		},
	}
	golden(t, "version.stdout", []byte(versionText(info, true)))

	for _, c := range []struct {
		name  string
		info  *debug.BuildInfo
		ok    bool
		first string
	}{
		{"no build info", nil, false, "tooltui (devel)\n"},
		{"devel without VCS", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, true, "tooltui (devel)\n"},
		{"empty version", &debug.BuildInfo{}, true, "tooltui (devel)\n"},
		{"clean revision", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"},
			Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abc"}, {Key: "vcs.modified", Value: "false"}}},
			true, "tooltui (devel), revision abc\n"},
		{"hostile version", &debug.BuildInfo{Main: debug.Module{Version: "v1\x1b[2J"}}, true, "tooltui v1\\x1b[2J\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := versionText(c.info, c.ok)
			if !strings.HasPrefix(got, c.first) {
				t.Errorf("got %q, want it to start with %q", got, c.first)
			}
		})
	}
}

// TestVersionCommand runs `tooltui --version` and `tooltui version`.
func TestVersionCommand(t *testing.T) {
	info, ok := debug.ReadBuildInfo()
	want := versionText(info, ok)
	for _, want := range []string{"tooltui ", convert.SpecCommit, convert.SpecDate, convert.OverlayDate, convert.OverlaySDKVersion} {
		if !strings.Contains(versionText(info, ok), want) {
			t.Errorf("version text lacks %q", want)
		}
	}
	for _, args := range [][]string{{"--version"}, {"-version"}, {"version"}} {
		var out, errb bytes.Buffer
		if st := run(args, nil, &out, &errb); st != 0 || out.String() != want || errb.Len() > 0 {
			t.Errorf("%q: status %d, stdout %q, stderr %q", args, st, out.String(), errb.String())
		}
	}
	var out, errb bytes.Buffer
	if st := run([]string{"version", "extra"}, nil, &out, &errb); st != 2 || out.Len() > 0 ||
		!strings.HasPrefix(errb.String(), "tooltui: version takes no arguments, got extra\n") {
		t.Errorf("version with an argument: status %d, stdout %q, stderr %q", st, out.String(), errb.String())
	}
}

// TestUsage checks that the usage text names every command.
func TestUsage(t *testing.T) {
	var out, errb bytes.Buffer
	if st := run([]string{"--help"}, nil, &out, &errb); st != 0 {
		t.Fatalf("status %d", st)
	}
	for _, want := range []string{"tooltui [--print] [--base-url URL | --profile NAME] [FILE | DIR [FILE]]", "tooltui build [--strict] [--json | --format F] [--to FORMAT] [FILE|DIR|-]", "tooltui fix [-w] [FILE|-]", "tooltui infer [FILE|-]", "tooltui args [--strict|--no-strict] FILE TOOL", "tooltui send [--json] [--base-url URL | --profile NAME | --sim] [--max-turns N] [--record FILE | --replay FILE] [FILE|-]", "tooltui --version"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("usage lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	run([]string{"build", "--help"}, nil, &out, &errb)
	for _, want := range []string{"--json", "--diagnostics=text|json", "--strict"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("build usage lacks %q:\n%s", want, out.String())
		}
	}
}
