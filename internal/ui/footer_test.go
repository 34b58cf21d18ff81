package ui

import (
	"strings"
	"testing"
)

// footer is the key help line as drawn (no status message over it).
func footer(a *App) string {
	var b strings.Builder
	for _, k := range a.shortHelp() {
		b.WriteString(k.Help().Key + " " + k.Help().Desc + " · ")
	}
	return b.String()
}

// TestTheToolsFooterNamesMarking: the tools pane's key help names m; with
// tools marked it leads with m and esc, which clears them.
func TestTheToolsFooterNamesMarking(t *testing.T) {
	a, _ := globalApp(t, "")
	typeKeys(a, "j")
	if f := footer(a); !strings.Contains(f, "m mark") || strings.Contains(f, "clear marks") {
		t.Fatalf("tools pane, nothing marked: %s", f)
	}
	typeKeys(a, "m")
	if f := footer(a); !strings.HasPrefix(f, "m mark · esc clear marks") {
		t.Fatalf("tools pane, one marked: %s", f)
	}
}
