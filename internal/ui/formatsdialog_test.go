package ui

// The formats view: the request beside the same request in another
// format, with what that format loses, copyable.

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/tooltui/tooltui/internal/export"
	"github.com/tooltui/tooltui/internal/ui/formats"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

func openFormats(t *testing.T, w, h int) (*App, *formats.Dialog) {
	t.Helper()
	a := dialogTestApp(t, argsTestDoc, argsWeather)
	a.Update(tea.WindowSizeMsg{Width: w, Height: h})
	a.Update(tea.KeyPressMsg{Code: 'V', Text: "V"})
	d, ok := a.dialog.(*formats.Dialog)
	if !ok {
		t.Fatalf("V opened %T", a.dialog)
	}
	return a, d
}

func TestFormatsViewShowsEachFormatBesideTheRequest(t *testing.T) {
	a, d := openFormats(t, 140, 40)
	scr := ansi.Strip(a.View().Content)
	for _, want := range []string{"1 Chat Completions", "Responses (this request)", `"function": {`, "! /tools/4"} {
		if !strings.Contains(scr, want) {
			t.Fatalf("no %q on\n%s", want, scr)
		}
	}
	// Every format can be shown, none fails on this request, and the
	// text shown is what Export writes.
	for i, tg := range d.Targets {
		a.Update(tea.KeyPressMsg{Code: rune('1' + i), Text: string(rune('1' + i))})
		v := d.Current()
		if v.Err != nil {
			t.Fatalf("%s: %v", tg, v.Err)
		}
		res, _ := export.Export(a.s.Result().JSON, tg, export.Options{BaseURL: d.Base}) // the dialog leaves out the default base URL
		if v.Text != string(res.Text) || len(v.Notes) != len(res.Notes) {
			t.Fatalf("%s: the view is not the export", tg)
		}
		scr := ansi.Strip(a.View().Content)
		if !strings.Contains(scr, tg.Title()) {
			t.Fatalf("%s: not named on\n%s", tg, scr)
		}
		for _, l := range strings.Split(scr, "\n") {
			if ansi.StringWidth(l) > 140 {
				t.Fatalf("%s: line wider than the screen: %q", tg, l)
			}
		}
	}
}

func TestFormatsViewCopiesTheChosenFormat(t *testing.T) {
	a, d := openFormats(t, 80, 24)
	a.Update(tea.KeyPressMsg{Code: tea.KeyRight})
	if d.Targets[d.Chosen] != export.Anthropic {
		t.Fatalf("right chose %s", d.Targets[d.Chosen])
	}
	if strings.Contains(ansi.Strip(a.View().Content), "Responses (this request)") {
		t.Fatal("80 columns should show the format alone")
	}
	_, acts := d.Update(tea.KeyPressMsg{Code: 'y', Text: "y"}, a.env())
	var got kit.ActCopy
	for _, act := range acts {
		if c, ok := act.(kit.ActCopy); ok {
			got = c
		}
	}
	if got.Text != d.Current().Text || !strings.Contains(got.Text, `"input_schema"`) || !strings.HasPrefix(got.What, "Anthropic request") {
		t.Fatalf("copied %q: %.80q", got.What, got.Text)
	}
	// Keys that do nothing here say so; esc closes.
	_, acts = d.Update(tea.KeyPressMsg{Code: 'z', Text: "z"}, a.env())
	if len(acts) != 1 || !strings.Contains(acts[0].(kit.ActStatus).Text, "formats view") {
		t.Fatalf("z: %v", acts)
	}
	a.Update(tea.KeyPressMsg{Code: tea.KeyEscape})
	if a.dialog != nil {
		t.Fatal("esc did not close the view")
	}
}

func TestFormatsViewFitsAnySize(t *testing.T) {
	for _, sz := range [][2]int{{60, 16}, {70, 18}, {97, 20}, {99, 30}, {200, 60}} {
		a, _ := openFormats(t, sz[0], sz[1])
		for i := 0; i < 12; i++ {
			a.Update(tea.KeyPressMsg{Code: tea.KeyRight})
			a.Update(tea.KeyPressMsg{Code: tea.KeyPgDown})
			a.Update(tea.KeyPressMsg{Code: 'J', Text: "J"})
			ls := strings.Split(ansi.Strip(a.View().Content), "\n")
			if len(ls) > sz[1] {
				t.Fatalf("%v: %d lines", sz, len(ls))
			}
			for _, l := range ls {
				if ansi.StringWidth(l) > sz[0] {
					t.Fatalf("%v: %q", sz, l)
				}
			}
		}
	}
}

// On a narrow screen the tab bar starts at a later tab, so that the
// chosen format's tab is always in view.
func TestFormatsViewKeepsTheChosenTabInView(t *testing.T) {
	a, d := openFormats(t, 60, 16)
	for i, tg := range d.Targets {
		a.Update(tea.KeyPressMsg{Code: rune('1' + i), Text: string(rune('1' + i))})
		bar := strings.Split(ansi.Strip(a.View().Content), "\n")[1]
		if want := fmt.Sprintf("%d %s", i+1, tg.Title()); !strings.Contains(bar, want) {
			t.Errorf("%s chosen: the tab bar %q has no %q", tg, bar, want)
		}
	}
}

// TestFormatsViewNumberKeys: the keys line names as many number keys as
// there are formats; a number past them says so and keeps the choice.
func TestFormatsViewNumberKeys(t *testing.T) {
	a, d := openFormats(t, 160, 40)
	n := len(d.Targets)
	if n >= 9 {
		t.Skip("nine formats or more: every number key chooses one")
	}
	want := fmt.Sprintf("←/→ 1-%d format", n)
	if !strings.Contains(ansi.Strip(a.View().Content), want) {
		t.Fatalf("no %q on\n%s", want, ansi.Strip(a.View().Content))
	}
	a.Update(tea.KeyPressMsg{Code: '2', Text: "2"})
	a.Update(tea.KeyPressMsg{Code: '9', Text: "9"})
	if d.Chosen != 1 || !strings.Contains(status(a), fmt.Sprintf("No format 9: 1-%d chooses one of %d formats", n, n)) {
		t.Fatalf("9: chosen %d, status %q", d.Chosen, status(a))
	}
}
