package display_test

import (
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/tooltui/tooltui/internal/termtext/termtexttest"
	"github.com/tooltui/tooltui/internal/ui/display"
)

// TestRenderHostileTable checks the windowed renderer against the shared
// table: it shows each string as termtext.SanitizeLine does.
func TestRenderHostileTable(t *testing.T) {
	for _, h := range termtexttest.Hostile {
		if strings.Contains(h.Text, "\n") {
			continue // Doc lines never contain '\n'
		}
		doc := display.NewDoc([]byte(h.Text))
		got := doc.Render(display.DefaultPalette(true), 0, 1, 200, 0)
		if len(got) != 1 || ansi.Strip(got[0]) != h.Want {
			t.Errorf("%s: Doc.Render(%q) = %q, want %q", h.Name, h.Text, got, h.Want)
		}
	}
}

func TestSGR(t *testing.T) {
	for _, tc := range []struct {
		name string
		st   lipgloss.Style
		want string
	}{
		{"none", lipgloss.NewStyle(), ""},
		{"reverse", lipgloss.NewStyle().Reverse(true), "\x1b[7m"},
		{"bold fg", lipgloss.NewStyle().Bold(true).Foreground(lipgloss.Color("#FF0000")), "\x1b[1;38;2;255;0;0m"},
		{"faint 256", lipgloss.NewStyle().Faint(true).Foreground(lipgloss.Color("172")), "\x1b[2;38;5;172m"},
		{"bg", lipgloss.NewStyle().Background(lipgloss.Color("24")), "\x1b[48;5;24m"},
		{"no colour", lipgloss.NewStyle().Foreground(lipgloss.NoColor{}), ""},
	} {
		if got := display.SGR(tc.st); got != tc.want {
			t.Errorf("%s: SGR = %q, want %q", tc.name, got, tc.want)
		}
		// The same opening sequence as lipgloss' own rendering.
		if tc.want != "" {
			r := tc.st.Render("x")
			if !strings.HasPrefix(r, tc.want) || !strings.HasSuffix(r, display.SGRReset) {
				t.Errorf("%s: Render = %q, SGR = %q", tc.name, r, tc.want)
			}
		}
	}
}
