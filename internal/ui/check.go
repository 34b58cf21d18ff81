package ui

import (
	tea "charm.land/bubbletea/v2"
)

// checkMsg converts a document the first frame showed unchecked
// (Options.CheckLater).
type checkMsg struct{}

// beforeCheck reports a message that leaves the document unchecked: until
// the first frame is drawn (a size is known and checkMsg is on its way),
// messages that are not input only draw. Input reads the conversion, so
// it converts first.
func (a *App) beforeCheck(msg tea.Msg) bool {
	if a.s.Checked() {
		return false
	}
	switch msg.(type) {
	case tea.KeyPressMsg, tea.PasteMsg, tea.MouseClickMsg, tea.MouseWheelMsg, checkMsg:
		return false
	}
	return true
}

// checkAfterFrame asks for the conversion of an unchecked document once
// the frame for the first size is drawn: the command's message comes
// after it, and the renderer writes that frame while the conversion runs.
func (a *App) checkAfterFrame() tea.Cmd {
	if a.s.Checked() || a.checkAsked {
		return nil
	}
	a.checkAsked = true
	return func() tea.Msg { return checkMsg{} }
}
