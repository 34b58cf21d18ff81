package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/model"
)

// TestCheckLaterDrawsFirstThenChecks: with Options.CheckLater the first
// frame comes from the parse alone and says "checking…" where the
// conversion's answers go (never an empty "no problems"); the conversion
// follows in the message the first size asks for.
func TestCheckLaterDrawsFirstThenChecks(t *testing.T) {
	d, err := model.Parse([]byte(`{"tools_defs":[{"name":"lookup_order","description":"d","parameters":{"type":"object","properties":{"a":{"type":"strng"}}}}],
		"extra":{"builtin_tools":[{"type":"mcp","server_label":"docs","server_url":"https://x"}]}}`))
	if err != nil {
		t.Fatal(err)
	}
	a := New(Options{Doc: d, Name: "doc.json", CheckLater: true})
	a.Init()
	_, cmd := a.Update(tea.WindowSizeMsg{Width: 140, Height: 40})
	if a.s.Checked() {
		t.Fatal("the size converted the document before the first frame")
	}
	screen := a.View().Content
	for _, want := range []string{"Diagnostics · checking…", "Preview · checking…", "doc.json · checking…", "ƒ lookup_order", "◆ mcp docs"} {
		if !strings.Contains(screen, want) {
			t.Fatalf("first frame lacks %q:\n%s", want, screen)
		}
	}
	if strings.Contains(screen, "no problems") {
		t.Fatal("the first frame claims no problems before the check")
	}
	if cmd == nil {
		t.Fatal("the first size asked for no check")
	}
	var check tea.Msg
	for _, m := range runAll(cmd) {
		if _, ok := m.(checkMsg); ok {
			check = m
		}
	}
	if check == nil {
		t.Fatal("no checkMsg follows the first size")
	}
	a.Update(check)
	if !a.s.Checked() {
		t.Fatal("checkMsg did not convert")
	}
	screen = a.View().Content
	if strings.Contains(screen, "checking…") || !strings.Contains(screen, "strng") {
		t.Fatalf("after the check the diagnostics are not shown:\n%s", screen)
	}
	// a second size asks for nothing more
	if _, cmd := a.Update(tea.WindowSizeMsg{Width: 120, Height: 40}); len(runAll(cmd)) != 0 {
		t.Fatal("a later size asked for another check")
	}
}

// TestCheckLaterKeyConvertsFirst: a key that comes before the check reads
// the converted document.
func TestCheckLaterKeyConvertsFirst(t *testing.T) {
	a := New(Options{Doc: model.Example(), Name: "doc.json", CheckLater: true})
	a.Update(tea.WindowSizeMsg{Width: 140, Height: 40})
	a.Update(tea.KeyPressMsg{Code: tea.KeyDown})
	if !a.s.Checked() || strings.Contains(a.View().Content, "checking…") {
		t.Fatal("a key before the check left the document unchecked")
	}
}
