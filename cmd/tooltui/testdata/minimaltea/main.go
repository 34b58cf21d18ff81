// Command minimaltea is the smallest Bubble Tea v2 program with one text
// field: the floor TestLatency compares tooltui's start and keystrokes
// with. Its first frame shows "minimaltea ready"; ctrl+c quits. It is in
// testdata so that `go build ./...` and `go vet ./...` leave it out; the
// harness builds it by its path.
package main

import (
	"fmt"
	"os"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
)

type model struct{ in textinput.Model }

func (m model) Init() tea.Cmd { return nil }

func (m model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok && k.String() == "ctrl+c" {
		return m, tea.Quit
	}
	var cmd tea.Cmd
	m.in, cmd = m.in.Update(msg)
	return m, cmd
}

func (m model) View() tea.View {
	v := tea.NewView("minimaltea ready\n\n" + m.in.View() + "\n")
	v.AltScreen = true
	return v
}

func main() {
	in := textinput.New()
	in.Prompt = "> "
	in.Focus()
	if _, err := tea.NewProgram(model{in: in}).Run(); err != nil {
		fmt.Fprintln(os.Stderr, "minimaltea:", err)
		os.Exit(1)
	}
}
