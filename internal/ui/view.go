package ui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/tooltui/tooltui/internal/termtext"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// View draws the screen. It changes no state: every pane renders only its
// visible part from state that Update keeps current.
func (a *App) View() tea.View {
	var v tea.View
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	title := "tooltui — " + termtext.SanitizeLine(a.s.Name())
	if a.s.Dirty() {
		title += " •"
	}
	v.WindowTitle = title
	if a.width == 0 || a.height == 0 {
		return v
	}
	if a.lay.tooSmall {
		msg := fmt.Sprintf("Terminal too small: %d×%d, tooltui needs at least %d×%d. Enlarge it or press ctrl+q to quit.", a.width, a.height, MinWidth, MinHeight)
		if a.dialog != nil {
			msg = fmt.Sprintf("Terminal too small: %d×%d, tooltui needs at least %d×%d. Enlarge it: a question is waiting.", a.width, a.height, MinWidth, MinHeight)
		}
		v.SetContent(lipgloss.NewStyle().Width(a.width).MaxHeight(a.height).Render(msg))
		return v
	}
	e := a.env()
	rows := make([][]string, a.lay.status.Y)
	for _, p := range a.lay.byX() {
		r := a.lay.rectOf(p)
		if r.W < 2 || r.H < 2 {
			continue
		}
		kit.Place(rows, r, a.paneBox(e, p, r))
	}
	var b strings.Builder
	b.Grow(a.width * a.height * 4)
	screen := make([]string, len(rows))
	for i, r := range rows {
		screen[i] = strings.Join(r, "")
	}
	for _, d := range a.dialogs() {
		overlay(screen, d.View(e, a.width, a.lay.status.Y))
	}
	for _, l := range screen {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	a.writeFooter(&b)
	v.SetContent(b.String())
	return v
}

// paneBox draws one pane in its frame.
func (a *App) paneBox(e *kit.Env, p kit.Pane, r kit.Rect) []string {
	st := e.St
	w, h := r.Inner()
	focused := a.focus == p && a.dialog == nil
	var title string
	var lines []string
	switch p {
	case kit.PaneTools:
		title = a.tools.Title(a.s.Doc())
		lines = a.tools.View(e, w, h, focused)
	case kit.PaneEditor:
		title = "2 " + a.form.Title(a.s)
		lines = a.form.View(e, focused)
		if a.tree.shown(a.at) {
			title = "2 " + a.tree.pane.Title()
			lines = a.tree.pane.View(e, focused)
		}
	case kit.PanePreview:
		title = fmt.Sprintf("3 Preview · %d bytes", len(a.s.Result().JSON))
		if !a.s.Checked() {
			title = "3 Preview · checking…"
		}
		lines = a.preview.View(w, h)
	case kit.PaneDiags:
		nErr, nWarn := kit.CountDiags(a.s.Result().Diagnostics)
		title = fmt.Sprintf("4 Diagnostics · %s, %s", kit.Plural(nErr, "error"), kit.Plural(nWarn, "warning"))
		if ansi.StringWidth(title) > w-2 {
			title = fmt.Sprintf("4 Diagnostics ✗%d !%d", nErr, nWarn)
		}
		if !a.s.Checked() {
			title = "4 Diagnostics · checking…"
		}
		lines = a.diags.View(e, w, h, focused)
	}
	if a.zoom && a.focus == p {
		title += " · zoomed (z)"
	} else if p == kit.PaneEditor && a.tree.zoomed(a.treeCtx()) {
		title += " · zoomed (tab: the other panes)"
	}
	b, t := st.Border, st.Title
	if focused {
		b, t = st.BorderFocused, st.TitleFocused
	}
	return kit.Frame(r, title, lines, b, t)
}

// overlay draws a dialog's box centred over the screen lines, with a
// blank cell around it: its border never sits beside a pane's border
// (which would read as doubled corners, ╭╭ or ││, at the screen's edges).
func overlay(screen, box []string) {
	if len(box) == 0 {
		return
	}
	bw := ansi.StringWidth(box[0])
	sw := 0
	if len(screen) > 0 {
		sw = ansi.StringWidth(screen[0])
	}
	x := max(0, (sw-bw)/2)
	y := max(0, (len(screen)-len(box))/3)
	// the margin: one cell left, right, above and below, where there is room
	mx, mw := max(0, x-1), min(sw, x+bw+1)-max(0, x-1)
	for _, r := range []int{y - 1, y + len(box)} {
		if r >= 0 && r < len(screen) {
			screen[r] = place1(screen[r], mx, strings.Repeat(" ", mw))
		}
	}
	lx, rx := mx, mx+mw // the box and its margin
	lpad, rpad := strings.Repeat(" ", x-lx), strings.Repeat(" ", max(0, rx-x-bw))
	for i, l := range box {
		if y+i >= len(screen) {
			break
		}
		row := screen[y+i]
		screen[y+i] = ansi.Truncate(row, lx, "") + "\x1b[m" + lpad + l + rpad + "\x1b[m" + ansi.TruncateLeft(row, rx, "")
	}
}

// place1 writes s over row from cell x.
func place1(row string, x int, s string) string {
	left := ansi.Truncate(row, x, "")
	right := ansi.TruncateLeft(row, x+ansi.StringWidth(s), "")
	return left + "\x1b[m" + s + "\x1b[m" + right
}

// writeFooter writes the status line and the key help.
func (a *App) writeFooter(b *strings.Builder) {
	st := &a.styles
	w := a.width
	status := a.statusView()
	if a.status.text != "" && ansi.StringWidth(status) > w {
		// A long message takes the help line too, so its end (often the
		// reason and what to do) stays readable.
		wrapped := strings.SplitN(ansi.Wrap(status, w, " "), "\n", 3)
		b.WriteString(kit.FitExact(wrapped[0], w))
		b.WriteByte('\n')
		if len(wrapped) > 1 {
			b.WriteString(kit.Fit(wrapped[1], w))
		}
		return
	}
	b.WriteString(kit.Fit(status, w))
	b.WriteByte('\n')
	var parts []string
	for _, k := range a.shortHelp() {
		h := k.Help()
		parts = append(parts, st.Info.Render(h.Key)+" "+st.Dim.Render(h.Desc))
	}
	b.WriteString(kit.FitExact(strings.Join(parts, st.Dim.Render(" · ")), w))
}

// statusView is the status line: the EDIT badge while a field is being
// edited, then the message of the moment or, without one, the document's
// summary.
func (a *App) statusView() string {
	st := &a.styles
	mode := ""
	if a.focus == kit.PaneEditor && (a.form.Editing || a.tree.shown(a.at) && a.tree.pane.Prompt != nil) {
		mode = st.EditTag.Render(" EDIT ") + " "
	}
	if a.status.text != "" {
		s := st.StatusInfo
		if a.status.err {
			s = st.StatusErr
		}
		return mode + s.Render(a.status.text)
	}
	nErr, nWarn := kit.CountDiags(a.s.Result().Diagnostics)
	dirty := ""
	if a.s.Dirty() {
		dirty = " (modified)"
	}
	info := fmt.Sprintf("%s%s · %s in the request · %s · %s",
		termtext.SanitizeLine(a.s.Name()), dirty, kit.Plural(len(a.s.Result().Tools), "tool"), kit.Plural(nErr, "error"), kit.Plural(nWarn, "warning"))
	if !a.s.Checked() {
		info = termtext.SanitizeLine(a.s.Name()) + dirty + " · checking…"
	}
	room := a.width - ansi.StringWidth(mode)
	// What the tools cost follows, in as many words as fit.
	for level := range 3 {
		if full := info + " · " + a.tok.TotalText(level, a.s.Version()); ansi.StringWidth(full) <= room || level == 2 {
			info = full
			break
		}
	}
	return mode + kit.Fit(st.Dim.Render(info), room)
}

// shortHelp lists the keys that matter where the focus is now.
func (a *App) shortHelp() []key.Binding {
	km := &a.keys
	if a.dialog != nil {
		return a.dialog.Help(km)
	}
	switch {
	case a.focus == kit.PaneEditor && a.tree.shown(a.at):
		return a.tree.pane.ShortHelp(&a.keys)
	case a.focus == kit.PaneEditor && a.form.Editing:
		return []key.Binding{km.StopEditing, km.NextField, km.FormatJSON, km.ExternalEditor, km.Undo, km.Save, km.Palette}
	case a.focus == kit.PaneTools && a.tools.Filter.Typing:
		return []key.Binding{key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "keep filter")), key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "clear filter"))}
	case a.focus == kit.PaneTools && a.tools.MarkCount(a.s.Doc()) > 0:
		return []key.Binding{kit.ShortKey(km.Mark, "m", "mark"), kit.ShortKey(km.ClearMarks, "esc", "clear marks"), km.Delete, km.Toggle, km.MoveUp, km.CopyMenu, km.Palette, km.Help}
	case a.focus == kit.PaneTools:
		return []key.Binding{km.Add, km.Delete, km.Toggle, kit.ShortKey(km.Mark, "m", "mark"), km.MoveUp, km.Filter, km.Enter, km.CopyMenu, km.Palette, km.Help, km.QuitKey}
	case a.focus == kit.PaneEditor && a.mcpHint.Listable(a.s, a.at):
		return []key.Binding{km.Up, km.Down, km.Enter, km.ListMCPTools, km.Back, km.Zoom, km.Palette, km.Help}
	case a.focus == kit.PaneEditor:
		return []key.Binding{km.Up, km.Down, km.Enter, km.Left, km.Back, km.Zoom, km.Palette, km.Help}
	case a.focus == kit.PaneDiags:
		return []key.Binding{km.Up, km.Down, km.Enter, km.PageDown, km.Back, km.Palette, km.Help}
	}
	return []key.Binding{km.Up, km.Down, km.PageDown, km.Left, km.CopyMenu, km.Zoom, km.Palette, km.Help}
}
