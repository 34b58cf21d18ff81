package editor

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

func typeIn(m Model, s string) Model {
	for _, r := range s {
		k := tea.KeyPressMsg{Code: r, Text: string(r)}
		if r == ' ' {
			k = tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
		}
		m, _ = m.Update(k)
	}
	return m
}

// TestUndoTakesBackARunAndKeepsTheCursor: a run of typing is one step;
// undo leaves the cursor where the run started, so typing goes on there.
func TestUndoTakesBackARunAndKeepsTheCursor(t *testing.T) {
	m := New()
	m.SetValue("hello")
	m.Focus()
	m.SetCursor(0, 5)
	m = typeIn(m, " XX")
	if !m.CanUndo() || !m.Undo() {
		t.Fatal("nothing to undo")
	}
	if m.Value() != "hello" {
		t.Fatalf("undo left %q", m.Value())
	}
	m = typeIn(m, "YY")
	if m.Value() != "helloYY" {
		t.Fatalf("typing after undo gave %q", m.Value())
	}
	m.Undo()
	if !m.Redo() || m.Value() != "helloYY" {
		t.Fatalf("redo gave %q", m.Value())
	}
	// a deletion is a step of its own
	m, _ = m.Update(tea.KeyPressMsg{Code: tea.KeyBackspace})
	m, _ = m.Update(tea.KeyPressMsg{Code: tea.KeyBackspace})
	if m.Value() != "hello" {
		t.Fatalf("backspace gave %q", m.Value())
	}
	m.Undo()
	if m.Value() != "helloYY" || m.Column() != 7 {
		t.Fatalf("undo of the deletion gave %q at %d", m.Value(), m.Column())
	}
	// text from outside forgets the steps
	m.SetValue("other")
	if m.CanUndo() || m.Undo() {
		t.Fatal("SetValue kept the steps")
	}
}

// TestUndoIsBounded: a long session keeps at most maxUndo steps.
func TestUndoIsBounded(t *testing.T) {
	m := New()
	m.Focus()
	for i := 0; i < maxUndo+20; i++ {
		m, _ = m.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	}
	n := 0
	for m.Undo() {
		n++
	}
	if n != maxUndo {
		t.Fatalf("%d steps, want %d", n, maxUndo)
	}
	if strings.Count(m.Value(), "\n") != 20 {
		t.Fatalf("the oldest steps were not the ones dropped: %d lines", strings.Count(m.Value(), "\n"))
	}
}
