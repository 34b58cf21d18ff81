// Package fix is the fix dialog (the fixes of one diagnostic, each
// change named) and the report of Fix all.
package fix

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/aymanbagabas/go-udiff"
	"github.com/charmbracelet/x/ansi"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
	"github.com/tooltui/tooltui/internal/termtext"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// fixOption is one fix on offer with what it would make of the entry.
type fixOption struct {
	fix  convert.Fix
	doc  *model.Document // the document with the fix applied
	diff []string        // the entry's JSON before and after, as a unified diff
	// changes names every change the fix makes, one a line, each
	// "POINTER: what" (convert.ApplyFixChanges).
	changes []string
	err     error // why it cannot be applied now
}

// fixDialog shows the fixes a diagnostic offers, each as a diff of the
// entry's JSON; enter applies the chosen one as one undoable edit.
type Dialog struct {
	diag   convert.Diagnostic
	opts   []fixOption
	chosen int
	yOff   int // first diff line shown
	w, h   int
	Ver    uint64 // the session version the fixes were computed at
	Gone   bool   // the problem is not in the document any more
}

func (d *Dialog) SeenVersion() uint64 { return d.Ver }
func (d *Dialog) See(v uint64)        { d.Ver = v }

// Reread computes the fixes again against the document as it is now (it
// changed while the dialog was open: an undo, a reload): enter never
// applies a fix made for an older document.
func (d *Dialog) Reread(e *kit.Env) {
	d.Ver = e.S.Version()
	for _, nd := range e.S.Result().Diagnostics {
		if nd.Kind == d.diag.Kind && nd.Index == d.diag.Index && nd.IsTool() == d.diag.IsTool() &&
			nd.Location == d.diag.Location && nd.Path == d.diag.Path && nd.Message == d.diag.Message && len(nd.Fixes) > 0 {
			fresh := New(e.S.Doc(), nd)
			d.diag, d.opts, d.Gone = fresh.diag, fresh.opts, false
			d.chosen = min(d.chosen, len(d.opts)-1)
			d.yOff = 0
			return
		}
	}
	d.Gone = true
}

// newFixDialog computes every fix of d against doc; the fixes are pure
// edits, so nothing changes until one is chosen.
func New(doc *model.Document, d convert.Diagnostic) *Dialog {
	fd := &Dialog{diag: d}
	before := fixTarget(doc, d)
	for _, f := range d.Fixes {
		o := fixOption{fix: f}
		o.doc, o.changes, o.err = convert.ApplyFixChanges(doc, d, f)
		if o.err == nil {
			o.diff = diffLines(before, fixTarget(o.doc, d))
		}
		fd.opts = append(fd.opts, o)
	}
	return fd
}

// fixTarget is the JSON a fix changes, indented: the entry, or tool_choice.
func fixTarget(doc *model.Document, d convert.Diagnostic) string {
	var raw []byte
	if d.IsTool() {
		if list := doc.List(d.Kind); d.Index < len(list) {
			raw = list[d.Index].Raw
		}
	} else {
		raw, _ = doc.Fields.Get(d.Location)
	}
	if rawjson.CheckJSON(raw) != nil {
		return string(raw)
	}
	return string(rawjson.AppendIndent(nil, raw, "", "  ")) + "\n"
}

// maxDiffLines bounds the diff a dialog holds (a fix of a 1 MB schema can
// touch thousands of lines); the count of the rest is shown.
const maxDiffLines = 2000

func diffLines(before, after string) []string {
	u := udiff.Unified("before", "after", before, after)
	lines := strings.Split(strings.TrimSuffix(u, "\n"), "\n")
	if len(lines) > 2 && strings.HasPrefix(lines[0], "--- ") {
		lines = lines[2:] // the file labels say nothing here
	}
	if len(lines) > maxDiffLines {
		n := len(lines) - maxDiffLines
		lines = append(lines[:maxDiffLines], fmt.Sprintf("… %d more lines", n))
	}
	return lines
}

func (d *Dialog) Resize(w, h int) kit.Dialog {
	d.w, d.h = kit.DialogSize(w, h, 96, h-2)
	return d
}

// header is the part above the diff: what is wrong and the fixes.
func (d *Dialog) header(e *kit.Env) []string {
	iw := d.w - 2
	lines := []string{kit.Fit(" "+termtext.SanitizeLine(d.diag.Location+" "+d.diag.Path), iw)}
	for i, o := range d.opts {
		mark := "  "
		if i == d.chosen {
			mark = "▸ "
		}
		t := fmt.Sprintf("%s%d %s", mark, i+1, o.fix.Title())
		if o.err != nil {
			t += " (cannot: " + o.err.Error() + ")"
		}
		t = kit.Fit(" "+termtext.SanitizeLine(t), iw)
		if i == d.chosen {
			t = e.St.Selected.Render(t)
		}
		lines = append(lines, t)
	}
	return append(lines, "")
}

// changeLines are the chosen fix's title and every change it makes, as
// convert.FixDescription words them, wrapped to the dialog: a change
// is never cut off.
func (d *Dialog) changeLines() []string {
	o := d.opts[d.chosen]
	if o.err != nil {
		return nil
	}
	iw := d.w - 2
	var out []string
	add := func(text, first, rest string) {
		for i, l := range strings.Split(ansi.Wrap(termtext.SanitizeLine(text), max(1, iw-len(first)), " /"), "\n") {
			p := rest
			if i == 0 {
				p = first
			}
			out = append(out, kit.Fit(p+l, iw))
		}
	}
	add(o.fix.Title()+":", " ", " ")
	if len(o.changes) == 0 {
		add("(no change to name)", "   ", "   ")
	}
	for _, c := range o.changes {
		add(c, " - ", "   ")
	}
	return out
}

// bodyHeight is the room under the header for the changes and the diff.
func (d *Dialog) bodyHeight(e *kit.Env) int {
	return max(1, d.h-2-len(d.header(e))-2)
}

// pinned reports whether the list of changes stays in place above the
// diff, which scrolls under it; a list too long for that scrolls with
// the diff, first.
func (d *Dialog) pinned(e *kit.Env) bool {
	return len(d.changeLines())+1+3 <= d.bodyHeight(e)
}

// scrolled is what scrolls: the diff, after the list of changes when that
// is not pinned.
func (d *Dialog) scrolled(e *kit.Env) []string {
	o := d.opts[d.chosen]
	if d.pinned(e) {
		return o.diff
	}
	return append(append(d.changeLines(), ""), o.diff...)
}

func (d *Dialog) diffHeight(e *kit.Env) int {
	h := d.bodyHeight(e)
	if d.pinned(e) {
		h -= len(d.changeLines()) + 1
	}
	return max(1, h)
}

func (d *Dialog) Update(msg tea.Msg, e *kit.Env) (kit.Dialog, []kit.Action) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return d, nil
	}
	km := e.Km
	o := d.opts[d.chosen]
	page := d.diffHeight(e)
	n := len(d.scrolled(e))
	switch {
	case key.Matches(k, km.Cancel), k.String() == "q":
		return nil, []kit.Action{kit.ActClose{}, kit.Say("Fix cancelled")}
	case key.Matches(k, km.Enter) && d.Gone:
		return d, []kit.Action{kit.Say("The document changed and this problem is gone: nothing to apply (esc closes)")}
	case key.Matches(k, km.Enter):
		if o.err != nil {
			return d, []kit.Action{kit.SayErr("Cannot apply this fix: " + o.err.Error())}
		}
		title := o.fix.Title()
		next := o.doc
		return nil, []kit.Action{kit.ActClose{},
			kit.ActEdit{Fn: func(*model.Document) (*model.Document, error) { return next, nil }},
			kit.Say("Fixed " + d.diag.Location + ": " + title + " (ctrl+z undoes it)")}
	case key.Matches(k, km.Left), k.String() == "shift+tab":
		d.chosen = (d.chosen + len(d.opts) - 1) % len(d.opts)
		d.yOff = 0
	case key.Matches(k, km.Right), k.String() == "tab":
		d.chosen = (d.chosen + 1) % len(d.opts)
		d.yOff = 0
	case kit.IsDigitKey(k):
		i, why := kit.DigitChoice(k, len(d.opts), "fix")
		if i < 0 {
			return d, []kit.Action{kit.Say(why)}
		}
		d.chosen, d.yOff = i, 0
	default:
		next, ok := kit.ListMove(k, km, d.yOff, page, n+1)
		if !ok {
			return d, []kit.Action{kit.ExplainDialogKey(k, d, km)}
		}
		d.yOff = next
	}
	d.yOff = max(0, min(d.yOff, len(d.scrolled(e))-d.diffHeight(e)))
	return d, nil
}

func (d *Dialog) View(e *kit.Env, w, h int) []string {
	iw := d.w - 2
	lines := d.header(e)
	if d.pinned(e) {
		lines = append(append(lines, d.changeLines()...), "")
	}
	body := d.scrolled(e)
	nChanges := 0 // the list's lines at the top of body, not diff lines
	if !d.pinned(e) {
		nChanges = len(d.changeLines()) + 1
	}
	dh := d.diffHeight(e)
	for i := d.yOff; i < len(body) && i < d.yOff+dh; i++ {
		if i < nChanges {
			lines = append(lines, body[i])
			continue
		}
		l := kit.Fit(termtext.SanitizeLine(body[i]), iw)
		switch {
		case strings.HasPrefix(body[i], "+"):
			l = e.St.OK.Render(l)
		case strings.HasPrefix(body[i], "-"):
			l = e.St.Error.Render(l)
		case strings.HasPrefix(body[i], "@@"):
			l = e.St.Info.Render(l)
		}
		lines = append(lines, l)
	}
	keys := "enter apply · ←/→ or " + kit.Digits(len(d.opts)) + " choose · ↑/↓ scroll · esc cancel"
	if len(d.opts) == 1 {
		keys = "enter apply · ↑/↓ scroll · esc cancel"
	}
	if d.Gone {
		lines = append(lines, "", e.St.Error.Render(kit.Fit(" ✗ The document changed and this problem is gone", iw)))
		keys = "esc close"
	}
	lines = append(lines, "", e.St.Dim.Render(kit.Fit(" "+keys, iw)))
	return kit.Box(e, "Fix", lines, d.w)
}

func (d *Dialog) Help(km *kit.KeyMap) []key.Binding {
	return []key.Binding{
		key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "apply the fix")),
		key.NewBinding(key.WithKeys("left", "right"), key.WithHelp("←/→ "+kit.Digits(len(d.opts)), "choose a fix")),
		key.NewBinding(key.WithKeys("up", "down"), key.WithHelp("↑/↓ pgup/pgdn", "scroll the diff")),
		key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
	}
}

// ShortFixTitle is a fix's title for the status line: up to its first
// colon, the strict repair as "make strict-compatible".
func ShortFixTitle(title string) string {
	if title == (convert.Fix{Kind: convert.FixStrict}).Title() {
		return "make strict-compatible"
	}
	t, _, _ := strings.Cut(title, ":")
	return t
}

// ShortWhy is why F left a fix out, for the status line: the strict
// repair of a function from an MCP server as "its MCP server may refuse
// null", any other reason up to its first colon.
func ShortWhy(sk convert.FixSkipped) string {
	if sk.Title == (convert.Fix{Kind: convert.FixStrict}).Title() && strings.Contains(sk.Why, "MCP server") {
		return "its MCP server may refuse null"
	}
	w, _, _ := strings.Cut(sk.Why, ":")
	return w
}

// fixReportDialog lists the fixes F left out, each with why, grouped when
// they share both: importing an MCP server's tools can leave dozens.
type Report struct {
	lines []string // wrapped to w
	text  []string // the paragraphs, unwrapped
	yOff  int
	w, h  int
}

func NewReport(applied string, skipped []convert.FixSkipped) *Report {
	type group struct {
		title, why string
		locs       []string
	}
	var groups []*group
	byKey := map[string]*group{}
	for _, sk := range skipped {
		k := sk.Title + "\x00" + sk.Why
		g := byKey[k]
		if g == nil {
			g = &group{title: sk.Title, why: sk.Why}
			byKey[k] = g
			groups = append(groups, g)
		}
		g.locs = append(g.locs, sk.Location)
	}
	d := &Report{}
	d.text = append(d.text, applied+"; left out "+kit.Plural(len(skipped), "fix")+" of a safe kind:")
	for _, g := range groups {
		d.text = append(d.text, "", "• "+strings.Join(g.locs, ", ")+": "+g.title, "  why: "+g.why)
	}
	d.text = append(d.text, "", "f on such a diagnostic applies its fix, one by one.")
	return d
}

func (d *Report) Resize(w, h int) kit.Dialog {
	d.w, d.h = kit.DialogSize(w, h, 80, h-2)
	iw := d.w - 2
	d.lines = nil
	for _, p := range d.text {
		indent := ""
		if strings.HasPrefix(p, "• ") || strings.HasPrefix(p, "  ") {
			indent = "  "
		}
		for i, l := range strings.Split(ansi.Wrap(termtext.SanitizeLine(p), max(1, iw-2-len(indent)), " /"), "\n") {
			if i > 0 {
				l = indent + l
			}
			d.lines = append(d.lines, kit.Fit(" "+l, iw))
		}
	}
	d.h = min(d.h, len(d.lines)+4)
	d.yOff = max(0, min(d.yOff, len(d.lines)-d.page()))
	return d
}

func (d *Report) page() int { return max(1, d.h-4) }

func (d *Report) Update(msg tea.Msg, e *kit.Env) (kit.Dialog, []kit.Action) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return d, nil
	}
	switch {
	case key.Matches(k, e.Km.Cancel, e.Km.Enter), k.String() == "q":
		return nil, []kit.Action{kit.ActClose{}}
	}
	next, ok := kit.ListMove(k, e.Km, d.yOff, d.page(), len(d.lines))
	if !ok {
		return d, []kit.Action{kit.ExplainDialogKey(k, d, e.Km)}
	}
	d.yOff = max(0, min(next, len(d.lines)-d.page()))
	return d, nil
}

func (d *Report) View(e *kit.Env, w, h int) []string {
	end := min(len(d.lines), d.yOff+d.page())
	lines := append([]string(nil), d.lines[d.yOff:end]...)
	keys := "enter or esc close"
	if len(d.lines) > d.page() {
		keys = "↑/↓ scroll · " + keys
	}
	lines = append(lines, "", e.St.Dim.Render(kit.Fit(" "+keys, d.w-2)))
	return kit.Box(e, "Fix all", lines, d.w)
}

func (d *Report) Help(km *kit.KeyMap) []key.Binding {
	return []key.Binding{
		key.NewBinding(key.WithKeys("up", "down"), key.WithHelp("↑/↓ pgup/pgdn", "scroll")),
		key.NewBinding(key.WithKeys("enter", "esc"), key.WithHelp("enter/esc", "close")),
	}
}

func (d *Dialog) Name() string { return "the Fix dialog" }

func (d *Report) Name() string { return "the Fix all report" }
