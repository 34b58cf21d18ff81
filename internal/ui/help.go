package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/ui/editor"
)

// helpDialog lists every key, by where it works, and scrolls.
type helpDialog struct {
	groups []helpGroup
	yOff   int
	w, h   int
}

type helpGroup struct {
	title string
	rows  [][2]string // key, what it does
}

func newHelpDialog(a *App) dialog {
	return &helpDialog{groups: helpGroups(a)}
}

// helpGroups collects the keys: the commands' keys by group, the keys of
// each pane, the editing keys and the mouse.
func helpGroups(a *App) []helpGroup {
	var groups []helpGroup
	index := map[string]int{}
	add := func(group, k, desc string) {
		i, ok := index[group]
		if !ok {
			i = len(groups)
			index[group] = i
			groups = append(groups, helpGroup{title: group})
		}
		groups[i].rows = append(groups[i].rows, [2]string{k, desc})
	}
	for _, c := range a.cmds {
		var keys []string
		for _, b := range append(append(append([]key.Binding{}, c.global...), c.nav...), c.pane...) {
			keys = append(keys, b.Help().Key)
		}
		k := strings.Join(keys, " ")
		if k == "" {
			k = "(palette)"
		}
		add(c.group, k, c.name)
	}
	km := a.keys
	for _, b := range []key.Binding{km.NextField, km.PrevField, km.Up, km.Down, km.PageUp, km.PageDown, km.Home, km.End} {
		add("Moving (outside a field being edited)", b.Help().Key, b.Help().Desc)
	}
	add("Moving (outside a field being edited)", "enter / i", "edit the focused field; open a choice")
	add("Moving (outside a field being edited)", "←/→ h/l", "change a choice; scroll the preview")
	add("Moving (outside a field being edited)", "esc", "back: stop editing, then to the tools list")
	add("Editing a field", "esc", "stop editing")
	add("Editing a field", "enter", "done (one-line field); new line, indented (JSON)")
	for _, col := range editor.DefaultKeyMap().FullHelp() {
		for _, b := range col {
			if b.Help().Key == "enter" || b.Help().Key == "tab" {
				continue
			}
			add("Editing a field", b.Help().Key, b.Help().Desc)
		}
	}
	add("Lists and dialogs", "type", "filter (palette, add, choices; / in the tools pane)")
	add("Lists and dialogs", "esc", "clear the filter, then close")
	add("Mouse", "click", "focus a pane, pick a tool, field or diagnostic")
	add("Mouse", "wheel", "scroll the pane under the pointer")
	return groups
}

func (d *helpDialog) lines() []string {
	var out []string
	for _, g := range d.groups {
		out = append(out, "\x00"+g.title)
		for _, r := range g.rows {
			out = append(out, r[0]+"\x00"+r[1])
		}
		out = append(out, "")
	}
	return out
}

func (d *helpDialog) resize(w, h int) dialog {
	d.w, d.h = max(20, min(90, w-2)), max(4, h)
	d.yOff = max(0, min(d.yOff, len(d.lines())-(d.h-3)))
	return d
}

func (d *helpDialog) update(msg tea.Msg, e *env) (dialog, []action) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return d, nil
	}
	page := max(1, d.h-4)
	switch {
	case key.Matches(k, e.km.Up):
		d.yOff--
	case key.Matches(k, e.km.Down):
		d.yOff++
	case key.Matches(k, e.km.PageUp):
		d.yOff -= page
	case key.Matches(k, e.km.PageDown, e.km.Toggle):
		d.yOff += page
	case key.Matches(k, e.km.Home):
		d.yOff = 0
	case key.Matches(k, e.km.End):
		d.yOff = len(d.lines())
	case key.Matches(k, e.km.Quit):
		return nil, []action{actClose{}, actRun{cmdQuit}}
	default:
		return nil, []action{actClose{}}
	}
	d.yOff = max(0, min(d.yOff, len(d.lines())-(d.h-3)))
	return d, nil
}

func (d *helpDialog) view(e *env, w, h int) []string {
	st := e.st
	iw := d.w - 2
	all := d.lines()
	body := d.h - 3
	kw := min(22, iw/3)
	out := []string{st.Dim.Render(fit(" ↑/↓ pgup/pgdn scroll · any other key closes", iw))}
	for i := d.yOff; i < len(all) && len(out) <= body; i++ {
		l := all[i]
		switch {
		case strings.HasPrefix(l, "\x00"):
			out = append(out, st.TitleFocused.Render(" "+l[1:]))
		case l == "":
			out = append(out, "")
		default:
			kd := strings.SplitN(l, "\x00", 2)
			out = append(out, "  "+st.Info.Render(fit(kd[0], kw))+" "+fit(kd[1], max(1, iw-kw-3)))
		}
	}
	title := "Keys"
	if len(all) > body {
		title += " · " + scrollPos(d.yOff, len(all), body)
	}
	return box(e, title, out, d.w)
}

func (d *helpDialog) help(km *KeyMap) []key.Binding {
	return []key.Binding{km.Up, km.Down, km.PageDown, key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "close"))}
}

// scrollPos says which part of a scrolled text shows, e.g. "12–30 of 80".
func scrollPos(top, total, h int) string {
	end := min(total, top+h)
	return itoa(top+1) + "–" + itoa(end) + " of " + itoa(total)
}
