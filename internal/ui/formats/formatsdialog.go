// Package formats is the formats view: the request as other APIs, an
// MCP tools/list result, curl or a program would write it.
package formats

import (
	"fmt"
	"github.com/charmbracelet/x/ansi"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/export"
	"github.com/tooltui/tooltui/internal/termtext"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// formatsKeys are the keys of the formats view besides scrolling.
var formatsKeys = struct {
	Copy, NotesUp, NotesDown, Close key.Binding
}{
	Copy:      key.NewBinding(key.WithKeys("y", "c"), key.WithHelp("y", "copy this format")),
	NotesUp:   key.NewBinding(key.WithKeys("K", "shift+up"), key.WithHelp("K", "scroll what is lost up")),
	NotesDown: key.NewBinding(key.WithKeys("J", "shift+down"), key.WithHelp("J", "scroll what is lost down")),
	Close:     key.NewBinding(key.WithKeys("esc", "q"), key.WithHelp("esc", "close")),
}

// formatView is one format of the request, made once per dialog.
type formatView struct {
	Text  string
	lines []string
	Notes []string // what the format loses or changes, a line each
	Err   error
}

// formatsDialog shows the request beside the same request in another
// format (Chat Completions, Anthropic, Gemini, MCP, curl, or a program
// for an official SDK) with every field that format loses; y copies it.
// The request is the one converted when the dialog opened.
type Dialog struct {
	Body    []byte
	Base    string
	left    []string // the Responses request, a line each
	Targets []export.Target
	Chosen  int
	views   map[export.Target]*formatView
	yOff    int // first code line shown
	nOff    int // first note shown
	w, h    int
	ver     uint64 // the session version body is the request of
}

// newFormatsDialog opens the view on the request as converted now,
// showing the first format other than Responses.
func New(s *kit.Session, base string) *Dialog {
	if strings.TrimRight(base, "/") == export.DefaultBaseURL {
		base = "" // the programs then leave the library's default, as build --to does
	}
	d := &Dialog{Body: s.Result().JSON, Base: base, views: map[export.Target]*formatView{}, ver: s.Version()}
	for _, t := range export.Targets() {
		if t != export.Responses {
			d.Targets = append(d.Targets, t)
		}
	}
	d.left = strings.Split(strings.TrimSuffix(string(d.Body), "\n"), "\n")
	return d
}

func (d *Dialog) SeenVersion() uint64 { return d.ver }
func (d *Dialog) See(v uint64)        { d.ver = v }

// Reread shows the request as it is now (an undo in the view, a reload):
// every format is exported again when it is shown.
func (d *Dialog) Reread(e *kit.Env) {
	d.ver = e.S.Version()
	if string(d.Body) == string(e.S.Result().JSON) {
		return
	}
	d.Body = e.S.Result().JSON
	d.views = map[export.Target]*formatView{}
	d.left = strings.Split(strings.TrimSuffix(string(d.Body), "\n"), "\n")
}

// view of the chosen format, exported the first time it is shown.
func (d *Dialog) Current() *formatView {
	t := d.Targets[d.Chosen]
	if v, ok := d.views[t]; ok {
		return v
	}
	v := &formatView{}
	res, err := export.Export(d.Body, t, export.Options{BaseURL: d.Base})
	if err != nil {
		v.Err = err
	} else {
		v.Text = string(res.Text)
		v.lines = strings.Split(strings.TrimSuffix(v.Text, "\n"), "\n")
		for _, n := range res.Notes {
			icon := "~"
			if n.Loss {
				icon = "!"
			}
			where := n.Path
			if where == "" {
				where = "request"
			}
			v.Notes = append(v.Notes, icon+" "+where+": "+n.Message)
		}
	}
	d.views[t] = v
	return v
}

func (d *Dialog) Resize(w, h int) kit.Dialog {
	d.w, d.h = max(20, w), max(8, h)
	return d
}

// notesHeight is how many rows the notes take: up to a quarter of the
// screen, at least one for the line saying nothing is lost.
func (d *Dialog) notesHeight(v *formatView) int {
	return max(1, min(len(v.Notes), (d.h-2)/4))
}

// codeHeight is how many code rows fit: the box less the tabs, the two
// column titles, the rule above the notes, the notes and the key line.
func (d *Dialog) codeHeight(v *formatView) int {
	return max(1, d.h-2-1-1-1-d.notesHeight(v)-1)
}

func (d *Dialog) Update(msg tea.Msg, e *kit.Env) (kit.Dialog, []kit.Action) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return d, nil
	}
	km := e.Km
	v := d.Current()
	page := d.codeHeight(v)
	switch {
	case key.Matches(k, formatsKeys.Close):
		return nil, []kit.Action{kit.ActClose{}}
	case key.Matches(k, formatsKeys.Copy):
		if v.Err != nil {
			return d, []kit.Action{kit.SayErr("Nothing to copy: " + v.Err.Error())}
		}
		t := d.Targets[d.Chosen]
		return d, []kit.Action{kit.ActCopy{What: t.Title() + " " + copyNoun(t) + lossSummary(v), Text: v.Text}}
	case key.Matches(k, km.Left), k.String() == "shift+tab":
		d.choose(d.Chosen - 1)
	case key.Matches(k, km.Right), k.String() == "tab":
		d.choose(d.Chosen + 1)
	case kit.IsDigitKey(k):
		i, why := kit.DigitChoice(k, len(d.Targets), "format")
		if i < 0 {
			return d, []kit.Action{kit.Say(why)}
		}
		d.choose(i)
	case key.Matches(k, formatsKeys.NotesDown):
		d.nOff++
	case key.Matches(k, formatsKeys.NotesUp):
		d.nOff--
	default:
		if next, ok := kit.ListMove(k, km, d.yOff, page, d.longest()+1); ok {
			d.yOff = next
			break
		}
		return d, []kit.Action{kit.Say("In the formats view: ←/→ or " + kit.Digits(len(d.Targets)) + " choose a format, ↑/↓ scroll, K/J scroll what is lost, y copies, esc closes")}
	}
	v = d.Current()
	d.yOff = max(0, min(d.yOff, d.longest()-d.codeHeight(v)))
	d.nOff = max(0, min(d.nOff, len(v.Notes)-d.notesHeight(v)))
	return d, nil
}

// choose shows format i (wrapping around), from its top.
func (d *Dialog) choose(i int) {
	d.Chosen = (i + len(d.Targets)) % len(d.Targets)
	d.yOff, d.nOff = 0, 0
}

// longest is the number of lines of the longer column shown.
func (d *Dialog) longest() int {
	n := len(d.Current().lines)
	if d.sideBySide() {
		n = max(n, len(d.left))
	}
	return n
}

// sideBySide: the Responses request is shown beside the format when both
// columns get at least 48 cells.
func (d *Dialog) sideBySide() bool { return d.w-3 >= 2*48 }

func copyNoun(t export.Target) string {
	switch t {
	case export.Curl:
		return "command"
	case export.Python, export.TypeScript, export.Go:
		return "program"
	case export.MCP:
		return "tools/list result"
	}
	return "request"
}

func lossSummary(v *formatView) string {
	lost := 0
	for _, n := range v.Notes {
		if strings.HasPrefix(n, "!") {
			lost++
		}
	}
	if lost == 0 {
		return ""
	}
	return fmt.Sprintf(" (%s lost: see the list under it)", kit.Plural(lost, "field"))
}

func (d *Dialog) View(e *kit.Env, w, h int) []string {
	st := e.St
	iw := d.w - 2
	v := d.Current()
	labels := make([]string, len(d.Targets))
	for i, t := range d.Targets {
		labels[i] = fmt.Sprintf(" %d %s ", i+1, t.Title())
	}
	// On a narrow screen the bar starts at a later tab, so that the
	// chosen one is always in view.
	first := tabsFrom(labels, d.Chosen, iw)
	var tabs []string
	if first > 0 {
		tabs = append(tabs, st.Dim.Render("…"))
	}
	for i := first; i < len(labels); i++ {
		if i == d.Chosen {
			tabs = append(tabs, st.Selected.Render(labels[i]))
		} else {
			tabs = append(tabs, st.Dim.Render(labels[i]))
		}
	}
	lines := []string{kit.Fit(strings.Join(tabs, ""), iw)}
	right := v.lines
	if v.Err != nil {
		right = []string{"cannot write this format: " + v.Err.Error()}
	}
	ch := d.codeHeight(v)
	title := d.Targets[d.Chosen].Title()
	if d.sideBySide() {
		lw := (iw - 1) / 2
		rw := iw - 1 - lw
		lines = append(lines, st.Label.Render(kit.FitExact(" Responses (this request)", lw))+st.Dim.Render("│")+st.LabelFocused.Render(kit.Fit(" "+title, rw)))
		for i := d.yOff; i < d.yOff+ch; i++ {
			lines = append(lines, kit.FitExact(codeLine(d.left, i), lw)+st.Dim.Render("│")+kit.Fit(codeLine(right, i), rw))
		}
	} else {
		lines = append(lines, st.LabelFocused.Render(kit.Fit(" "+title, iw)))
		for i := d.yOff; i < d.yOff+ch; i++ {
			lines = append(lines, kit.Fit(codeLine(right, i), iw))
		}
	}
	lines = append(lines, st.Dim.Render(strings.Repeat("─", iw)))
	nh := d.notesHeight(v)
	if len(v.Notes) == 0 {
		lines = append(lines, st.OK.Render(kit.Fit(" nothing is lost in "+title, iw)))
	}
	for i := d.nOff; i < len(v.Notes) && i < d.nOff+nh; i++ {
		n := " " + termtext.SanitizeLine(v.Notes[i])
		if i == d.nOff+nh-1 && d.nOff+nh < len(v.Notes) {
			n = fmt.Sprintf(" … %d more (J scrolls)", len(v.Notes)-i)
		}
		s := st.Dim
		if strings.HasPrefix(v.Notes[i], "!") {
			s = st.Warning
		}
		lines = append(lines, s.Render(kit.Fit(n, iw)))
	}
	lines = append(lines, st.Dim.Render(kit.Fit(" ←/→ "+kit.Digits(len(d.Targets))+" format · ↑/↓ pgup/pgdn scroll · K/J what is lost · y copy · esc close", iw)))
	for len(lines) < d.h-2 {
		lines = append(lines, "")
	}
	return kit.Box(e, "Formats · "+kit.Plural(len(v.Notes), "change")+" in "+title, lines[:min(len(lines), d.h-2)], d.w)
}

// codeLine is line i of lines for display, "" past the end.
func codeLine(lines []string, i int) string {
	if i < 0 || i >= len(lines) {
		return ""
	}
	return " " + termtext.SanitizeLine(strings.ReplaceAll(lines[i], "\t", "    "))
}

func (d *Dialog) Help(km *kit.KeyMap) []key.Binding {
	return []key.Binding{
		key.NewBinding(key.WithKeys("left", "right"), key.WithHelp("←/→ "+kit.Digits(len(d.Targets)), "choose a format")),
		key.NewBinding(key.WithKeys("up", "down"), key.WithHelp("↑/↓ pgup/pgdn", "scroll")),
		formatsKeys.NotesUp, formatsKeys.NotesDown, formatsKeys.Copy, formatsKeys.Close,
	}
}

// tabsFrom is the first tab to show so that tab chosen fits in w columns
// (after a one-column "…" when it is not the first).
func tabsFrom(labels []string, chosen, w int) int {
	first := 0
	for first < chosen {
		width := 1 // the "…"
		if first == 0 {
			width = 0
		}
		for i := first; i <= chosen; i++ {
			width += ansi.StringWidth(labels[i])
		}
		if width <= w {
			break
		}
		first++
	}
	return first
}

func (d *Dialog) Name() string { return "the formats view" }
