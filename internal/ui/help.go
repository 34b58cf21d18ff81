package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"
)

func (a *App) helpView() []string {
	w, h := a.width, a.lay.status.Y
	iw := w - 2
	var blocks [][]string
	for _, g := range a.helpGroups() {
		block := []string{a.styles.TitleFocused.Render(g.title)}
		for _, b := range g.keys {
			hk := b.Help()
			block = append(block, "  "+a.styles.Info.Render(fit(hk.Key, 11))+" "+hk.Desc)
		}
		blocks = append(blocks, append(block, ""))
	}
	// Flow the groups into as many columns as fit.
	colW := 38
	cols := max(1, min(len(blocks), iw/colW))
	total := 0
	for _, b := range blocks {
		total += len(b)
	}
	var columns []string
	var col []string
	flush := func() {
		for len(col) > 0 && col[len(col)-1] == "" {
			col = col[:len(col)-1]
		}
		for i := range col {
			col[i] = fit(col[i], min(colW, iw))
		}
		columns = append(columns, strings.Join(col, "\n"))
		col = nil
	}
	for _, b := range blocks {
		if len(col) > 0 && len(col)+len(b) > (total+cols-1)/cols+1 && len(columns) < cols-1 {
			flush()
		}
		col = append(col, b...)
	}
	flush()
	body := lipgloss.JoinHorizontal(lipgloss.Top, columns...)
	lines := append([]string{a.styles.Dim.Render("Any key closes · in a text field letters type; esc leaves it")}, strings.Split(body, "\n")...)
	return frame(rect{0, 0, w, h}, "Keys", lines, a.styles.BorderFocused, a.styles.TitleFocused)
}

type helpGroup struct {
	title string
	keys  []key.Binding
}

func (a *App) helpGroups() []helpGroup {
	km := a.keys
	return []helpGroup{
		{"Everywhere", []key.Binding{km.Quit, km.Save, km.Undo, km.Redo, km.NextField, km.PrevField, km.Esc}},
		{"Copy and edit", []key.Binding{km.CopyRequest, km.CopyTools, km.CopyCurl, km.ExternalEditor, km.RawToggle}},
		{"Outside text fields", []key.Binding{km.Help, km.QuitKey, km.FocusTools, km.Up, km.Down, km.PageUp, km.PageDown, km.Home, km.End, km.Enter, km.Left}},
		{"Tools pane", []key.Binding{km.Add, km.Delete, km.Duplicate, km.MoveUp, km.Toggle}},
	}
}

// ShortHelp lists the keys that work now.
func (a *App) ShortHelp() []key.Binding {
	km := a.keys
	switch {
	case a.mode == modePicker:
		return []key.Binding{km.Up, km.Down, km.Enter, km.Esc}
	case a.focus == PaneEditor && a.form.editing:
		return []key.Binding{km.Esc, km.NextField, km.Save, km.Undo, km.CopyRequest, km.ExternalEditor, km.Quit}
	case a.focus == PaneTools:
		return []key.Binding{km.Add, km.Delete, km.Toggle, km.MoveUp, km.Enter, km.Save, km.CopyRequest, km.Help, km.QuitKey}
	}
	return []key.Binding{km.Up, km.Down, km.Enter, km.NextField, km.Save, km.CopyRequest, km.Help, km.QuitKey}
}

// FullHelp lists every binding, by group.
func (a *App) FullHelp() [][]key.Binding {
	var out [][]key.Binding
	for _, g := range a.helpGroups() {
		out = append(out, g.keys)
	}
	return out
}
