package importdlg

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/tooltui/tooltui/internal/termtext"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// size is the box: up to 100 cells wide, as tall as the screen allows.
func (d *Dialog) size() (int, int) {
	want := 10
	switch d.State {
	case Prompt:
		want = 8 + len(d.servers)
		if d.gathering {
			want++
		}
	case Listed, Asking:
		w, _ := kit.DialogSize(d.sw, d.sh, 100, 0)
		want = 3 + max(1, d.Rows.Len()) + len(d.footer(w-2))
	case Failed:
		want = 8 + strings.Count(d.Err, "\n")
	}
	return kit.DialogSize(d.sw, d.sh, 100, want+2)
}

// listRows is how many rows of the checklist the box shows at once.
func (d *Dialog) listRows() int {
	w, h := d.size()
	return max(1, h-2-1-len(d.footer(w-2)))
}

// footer is what the box shows under the rows, for iw cells: what is
// marked, and the keys or the clash question.
func (d *Dialog) footer(iw int) []string {
	out := []string{"", " " + d.Summary()}
	text := "space mark · a all · / filter · enter import the marked · esc close"
	switch {
	case d.State == Asking && len(d.Ask) > 0:
		text = fmt.Sprintf("The document has %s: r replace it · k keep both (the new one renamed) · s skip the new one", termtext.Quote(d.Ask[0]))
		if len(d.Ask) > 1 {
			text += fmt.Sprintf(" · R K S: the same for all %d clashes", len(d.Ask))
		}
		text += " · esc back"
	case d.Rows.Typing():
		text = "type to filter · enter keep the filter · esc clear it"
	}
	for _, l := range strings.Split(ansi.Wrap(text, max(1, iw-2), " "), "\n") {
		out = append(out, " "+l)
	}
	return out
}

func (d *Dialog) View(e *kit.Env, w, h int) []string {
	st := e.St
	bw, bh := d.size()
	iw := bw - 2
	dim := func(s string) string { return st.Dim.Render(kit.Fit(s, iw)) }
	var lines []string
	title := "Import tools"
	switch d.State {
	case Prompt:
		lines = append(lines, kit.Fit(" A file (any format), an MCP server's command line, or its http(s) URL:", iw))
		text := termtext.SanitizeLine(d.Text)
		if over := ansi.StringWidth(text) - (iw - 5); over > 0 {
			text = "…" + ansi.TruncateLeft(text, over+1, "") // the end, where typing goes
		}
		field := " › " + text
		if d.pick == 0 {
			field = st.LabelFocused.Render(kit.Fit(field, iw-1)) + st.LabelFocused.Reverse(true).Render(" ")
		} else {
			field = dim(field)
		}
		lines = append(lines, field, dim("   after a URL: -H 'Name: value' or --header-env Name=VAR (a header's value is never saved)"))
		if len(d.servers) > 0 || d.gathering {
			head := " or a server the document records (↓ chooses):"
			if d.ws != nil {
				head = " or a server a document of the workspace records (↓ chooses):"
			}
			lines = append(lines, dim(head))
			for i, s := range d.servers {
				row := fmt.Sprintf("   %s  %s", s.Name, s.Rec.Describe())
				if d.ws != nil {
					row = fmt.Sprintf("   %s  (%s)  %s", s.Name, where(s.Paths), s.Rec.Describe())
				}
				if d.pick == i+1 {
					row = st.Selected.Render(kit.FitExact(termtext.SanitizeLine(" › "+row[3:]), iw))
				} else {
					row = kit.Fit(termtext.SanitizeLine(row), iw)
				}
				lines = append(lines, row)
			}
			if d.gathering {
				lines = append(lines, dim("   reading the workspace's documents…"))
			}
			lines = append(lines, "")
		}
		lines = append(lines, dim(" enter read · esc close · nothing changes until you import"))
	case Reading:
		what := termtext.SanitizeLine(d.reading)
		lines = []string{kit.Fit(" Reading the tools of "+what+"…", iw), "", dim(" esc cancel · nothing changes")}
	case Failed:
		lines = append(lines, st.Error.Render(kit.Fit(" ✗ Could not read the tools; nothing changed", iw)), "")
		for _, l := range strings.Split(termtext.Sanitize(strings.TrimSpace(d.Err)), "\n") {
			for _, w := range strings.Split(ansi.Wrap(l, max(1, iw-3), " "), "\n") {
				lines = append(lines, "  "+w)
			}
		}
		lines = append(lines, "", dim(" enter or esc: back to the prompt"))
	default:
		title = "Import tools from " + termtext.SanitizeLine(d.src.describe())
		lines = d.listView(e, iw)
	}
	return kit.Box(e, ansi.Truncate(title, bw-4, "…"), lines[:min(len(lines), bh-2)], bw)
}

// where names the documents that record a server: the first, and how
// many more.
func where(paths []string) string {
	if len(paths) > 1 {
		return fmt.Sprintf("%s, +%d more", paths[0], len(paths)-1)
	}
	return strings.Join(paths, "")
}

// listView is the filter line, the rows and the footer.
func (d *Dialog) listView(e *kit.Env, iw int) []string {
	st := e.St
	lines := d.Rows.View(st.Checklist(), iw, d.listRows(), "", "No tools to import")
	style := st.Dim
	if d.State == Asking {
		style = st.Warning
	}
	for i, l := range d.footer(iw) {
		if i < 2 {
			lines = append(lines, kit.Fit(l, iw))
			continue
		}
		lines = append(lines, style.Render(kit.Fit(l, iw)))
	}
	return lines
}
