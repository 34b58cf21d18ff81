package mcptools

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"

	"github.com/tooltui/tooltui/internal/mcpclient"
	"github.com/tooltui/tooltui/internal/termtext"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// heading says what allowed_tools is now.
func (d *Dialog) heading() string {
	al := d.T.Allowed
	switch {
	case al.Form == allowedAbsent:
		return "allowed_tools is not set: every tool is allowed"
	case al.Form == AllowedList:
		return "allowed_tools allows " + kit.Plural(len(al.Names), "tool")
	case !al.HasNames && al.readOnly == "":
		return "allowed_tools is an empty filter: every tool is allowed; the checked tools go in its tool_names"
	case !al.HasNames:
		return "allowed_tools filters by read_only: " + al.readOnly + " only; the checked tools go in its tool_names"
	}
	h := "allowed_tools.tool_names allows " + kit.Plural(len(al.Names), "tool")
	if al.readOnly != "" {
		h += "; read_only: " + al.readOnly + " stays"
	}
	return h
}

// headLines is the heading, wrapped to w cells in at most two lines.
func (d *Dialog) headLines(w int) []string {
	ls := strings.Split(ansi.Wrap(termtext.SanitizeLine(d.heading()), max(1, w-2), " "), "\n")
	if len(ls) > 2 {
		ls = []string{ls[0], ls[1] + " " + strings.Join(ls[2:], " ")} // fit cuts it with an ellipsis
	}
	return ls
}

// footer is the keys line, wrapped to w cells; with nothing checked it
// says what enter does then.
func (d *Dialog) footer(w int) []string {
	var text string
	switch {
	case d.State != McpListed:
		return []string{""}
	case d.Confirm:
		text = "Nothing is checked: enter removes allowed_tools, so every tool is allowed · any other key goes back"
		if d.T.Allowed.Form == allowedFilter {
			text = "Nothing is checked: enter removes allowed_tools.tool_names · any other key goes back"
		}
	case d.Rows.Typing():
		text = "type to filter · enter keep the filter · esc clear it · ↑/↓ move"
	default:
		apply := "enter set allowed_tools"
		if len(d.checked()) == 0 && d.T.Allowed.HasNames {
			apply = "enter with none checked: remove allowed_tools (asks first)"
		}
		esc := "esc cancel"
		if d.Rows.Filter() != "" {
			esc = "esc clear the filter"
		}
		text = "space check · a all · n none · / filter · " + apply + " · " + esc
	}
	return strings.Split(ansi.Wrap(text, max(1, w-2), " "), "\n")
}

// errLines is the listing's error (a server's message may have several
// lines), wrapped to w cells.
func (d *Dialog) errLines(w int) []string {
	var out []string
	for _, l := range strings.Split(termtext.Sanitize(strings.TrimSpace(d.Err)), "\n") {
		out = append(out, strings.Split(ansi.Wrap(l, max(1, w-3), " "), "\n")...)
	}
	return out
}

func (d *Dialog) View(e *kit.Env, w, h int) []string {
	st := e.St
	bw, bh := d.size()
	iw := bw - 2
	title := "Tools of " + d.T.Label
	addr := termtext.SanitizeLine(d.T.Srv.URL)
	var lines []string
	switch d.State {
	case McpListing:
		lines = []string{
			kit.Fit(" Listing tools of "+addr+"…", iw),
			"",
			st.Dim.Render(kit.Fit(fmt.Sprintf(" the server has %.0f s to answer", mcpclient.DefaultTimeout.Seconds()), iw)),
			"",
			st.Dim.Render(kit.Fit(" esc cancel", iw)),
		}
	case McpFailed:
		lines = append(lines, st.Error.Render(kit.Fit(" ✗ Could not list the tools of "+addr, iw)), "")
		errs := d.errLines(iw)
		if room := max(1, bh-2-4); len(errs) > room {
			errs = append(errs[:room-1], "…")
		}
		for _, l := range errs {
			lines = append(lines, "  "+l)
		}
		lines = append(lines, "", st.Dim.Render(kit.Fit(" r try again · esc close · nothing changed", iw)))
	default:
		title += " · " + kit.Plural(len(d.Items)-d.missing(), "tool")
		lines = d.listView(e, iw, bh)
	}
	return kit.Box(e, title, lines, bw)
}

// listView is the heading, the filter line, the rows and the keys.
func (d *Dialog) listView(e *kit.Env, iw, bh int) []string {
	st := e.St
	var lines []string
	for _, l := range d.headLines(iw) {
		lines = append(lines, st.Dim.Render(kit.Fit(" "+l, iw)))
	}
	count := fmt.Sprintf("%d of %d checked", len(d.checked()), len(d.Items))
	lines = append(lines, d.Rows.View(st.Checklist(), iw, d.listRows(), count, "The server has no tools")...)
	lines = append(lines, "")
	keyStyle := st.Dim
	if d.Confirm {
		keyStyle = st.Warning
	}
	for _, l := range d.footer(iw) {
		lines = append(lines, keyStyle.Render(kit.Fit(" "+l, iw)))
	}
	return lines[:min(len(lines), bh-2)]
}

func (d *Dialog) Help(km *kit.KeyMap) []key.Binding {
	switch d.State {
	case McpListing:
		return []key.Binding{key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel the listing"))}
	case McpFailed:
		return []key.Binding{mcpKeys.Retry, key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "close"))}
	}
	return []key.Binding{mcpKeys.Toggle, mcpKeys.All, mcpKeys.None, mcpKeys.Filter, mcpKeys.Apply, mcpKeys.Cancel}
}
