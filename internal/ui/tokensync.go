package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/ui/cost"
)

// WarmTokensNow is a Deps.WarmTokens that builds the encoding at once.
func WarmTokensNow() tea.Cmd { return cost.WarmNow() }

// syncTokens brings the counts up to the conversion (cost.State.Sync).
func (a *App) syncTokens() tea.Cmd {
	var warm func() tea.Cmd
	if a.width > 0 {
		warm = a.deps.WarmTokens
	}
	return a.tok.Sync(a.s.Doc(), a.s.Result(), a.s.Stale(), warm)
}

// onTokens takes the vocabulary's and the counts' messages.
func (a *App) onTokens(msg tea.Msg) tea.Cmd {
	a.tok.OnMsg(msg)
	return a.syncTokens()
}
