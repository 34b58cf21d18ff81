package ui

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/mcpclient"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
	"github.com/tooltui/tooltui/internal/termtext"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// Listing an mcp tool's server: L asks the server at the entry's
// server_url (with its headers and authorization) for its tools, in a
// command, and a dialog lists them with a checkbox each, checked from the
// entry's allowed_tools; enter writes the checked names back into
// allowed_tools as one undoable edit.

// mcpToolsMsg is the answer of listing dialog id's server.
type mcpToolsMsg struct {
	id  int
	out []byte
	err error
}

// mcpToolItem is one row of the dialog: a tool of the server, or a name of
// allowed_tools that the server does not have.
type mcpToolItem struct {
	name, desc string // desc: the description's first line ("" for none)
	checked    bool
	missing    bool // in allowed_tools, not on the server
}

type mcpState int

const (
	mcpListing mcpState = iota
	mcpFailed
	mcpListed
)

var mcpKeys = struct {
	Toggle, All, None, Filter, Apply, Cancel, Retry key.Binding
}{
	Toggle: key.NewBinding(key.WithKeys("space"), key.WithHelp("space", "check/uncheck")),
	All:    key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "check all shown")),
	None:   key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "uncheck all shown")),
	Filter: key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "filter")),
	Apply:  key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "set allowed_tools")),
	Cancel: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
	Retry:  key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "try again")),
}

var mcpListIDs int

// mcpToolsDialog lists an MCP server's tools while they are fetched, then
// with a checkbox each; enter sets allowed_tools to the checked names.
type mcpToolsDialog struct {
	id     int
	t      mcpTarget
	list   func(ctx context.Context, s mcpclient.Server) ([]byte, error)
	cancel context.CancelFunc
	state  mcpState
	err    string // why the listing failed

	items  []mcpToolItem
	shown  []int // the items the filter matches, in order
	cursor int   // index into shown
	yOff   int   // first shown item on screen
	filter string
	typing bool // keys type into the filter
	hist   kit.FilterHist
	// confirm: enter with nothing checked asked whether to remove the
	// names; enter again does.
	confirm bool

	sw, sh int // the screen the dialog is on
}

// newMCPToolsDialog starts listing the server of row at of doc with list
// and opens the dialog that shows it; or it says why the row has none.
func newMCPToolsDialog(doc *model.Document, at kit.Sel, list func(ctx context.Context, s mcpclient.Server) ([]byte, error)) (kit.Dialog, tea.Cmd, string) {
	t, why := mcpTargetOf(doc, at)
	if why != "" {
		return nil, nil, why
	}
	d := &mcpToolsDialog{t: t, list: list}
	return d, d.start(), ""
}

// start asks the server for its tools, in a command that esc cancels.
func (d *mcpToolsDialog) start() tea.Cmd {
	mcpListIDs++
	ctx, cancel := context.WithCancel(context.Background())
	d.id, d.cancel, d.state, d.err = mcpListIDs, cancel, mcpListing, ""
	id, list, srv := d.id, d.list, d.t.srv
	return func() tea.Msg {
		out, err := list(ctx, srv)
		cancel() // the answer is in: nothing of the call remains
		return mcpToolsMsg{id: id, out: out, err: err}
	}
}

// typingText: keys are the filter's text while it is typed.
func (d *mcpToolsDialog) TypingText() bool { return d.typing }

// undoText takes the filter's typing back (ctrl+z), or puts it back.
func (d *mcpToolsDialog) UndoText(redo bool) (bool, []kit.Action) {
	if !d.typing {
		return false, nil
	}
	s, ok := d.hist.Step(redo, d.filter)
	if ok {
		d.filter = s
		d.refilter()
		d.clamp()
	}
	return ok, nil
}

// Dismiss stops a listing still under way when the dialog goes away.
func (d *mcpToolsDialog) Dismiss() {
	if d.cancel != nil {
		d.cancel()
	}
}

// Receives reports whether msg is the answer of this dialog's listing.
func (d *mcpToolsDialog) Receives(msg tea.Msg) bool {
	m, ok := msg.(mcpToolsMsg)
	return ok && m.id == d.id
}

// serverTool is what the dialog reads of a tool of a tools/list result.
type serverTool struct {
	Name        string `json:"name"`
	Title       string `json:"title"`
	Description string `json:"description"`
}

// mcpItems makes the rows: every tool of the server, in its order,
// checked when allowed_tools names it, then the names of allowed_tools
// the server does not have, checked, so that none is dropped unseen.
func mcpItems(out []byte, al allowedTools) ([]mcpToolItem, error) {
	var res struct {
		Tools []json.RawMessage `json:"tools"`
	}
	if err := json.Unmarshal(out, &res); err != nil {
		return nil, fmt.Errorf("the server's answer is not a tools/list result: %v", err)
	}
	allowed := map[string]bool{}
	for _, n := range al.names {
		allowed[n] = true
	}
	seen := map[string]bool{}
	var items []mcpToolItem
	for _, raw := range res.Tools {
		var st serverTool
		if json.Unmarshal(raw, &st) != nil || st.Name == "" || seen[st.Name] {
			continue // a tool without a name cannot be allowed by name
		}
		seen[st.Name] = true
		desc := st.Description
		if strings.TrimSpace(desc) == "" {
			desc = st.Title
		}
		desc, _, _ = strings.Cut(strings.TrimSpace(desc), "\n")
		items = append(items, mcpToolItem{name: st.Name, desc: strings.TrimSpace(desc), checked: allowed[st.Name]})
	}
	for _, n := range al.names {
		if !seen[n] {
			seen[n] = true
			items = append(items, mcpToolItem{name: n, checked: true, missing: true})
		}
	}
	return items, nil
}

// size is the dialog's box: as wide as the screen allows up to 96 cells,
// as tall as its rows need.
func (d *mcpToolsDialog) size() (int, int) {
	w, _ := kit.DialogSize(d.sw, d.sh, 96, d.sh)
	want := 8
	if d.state == mcpListed {
		want = 2 + len(d.headLines(w-2)) + len(d.footer(w-2)) + max(1, len(d.items))
	} else if d.state == mcpFailed {
		want = 4 + len(d.errLines(w-2))
	}
	return kit.DialogSize(d.sw, d.sh, 96, want+2)
}

func (d *mcpToolsDialog) Resize(w, h int) kit.Dialog {
	d.sw, d.sh = w, h
	d.clamp()
	return d
}

// listRows is how many items the box shows at once.
func (d *mcpToolsDialog) listRows() int {
	w, h := d.size()
	return max(1, h-2-2-len(d.headLines(w-2))-len(d.footer(w-2)))
}

func (d *mcpToolsDialog) refilter() {
	d.shown = d.shown[:0]
	f := strings.ToLower(d.filter)
	for i, it := range d.items {
		if f == "" || strings.Contains(strings.ToLower(it.name), f) || strings.Contains(strings.ToLower(it.desc), f) {
			d.shown = append(d.shown, i)
		}
	}
	d.cursor, d.yOff = 0, 0
}

func (d *mcpToolsDialog) clamp() {
	d.cursor = max(0, min(d.cursor, len(d.shown)-1))
	d.yOff = kit.ScrollTo(d.cursor, d.yOff, d.listRows(), len(d.shown))
}

func (d *mcpToolsDialog) checked() []string {
	var out []string
	for _, it := range d.items {
		if it.checked {
			out = append(out, it.name)
		}
	}
	return out
}

func (d *mcpToolsDialog) Update(msg tea.Msg, e *kit.Env) (kit.Dialog, []kit.Action) {
	switch m := msg.(type) {
	case mcpToolsMsg:
		if m.id != d.id {
			return d, nil
		}
		d.cancel = nil
		if m.err == nil {
			d.items, m.err = mcpItems(m.out, d.t.allowed)
		}
		if m.err != nil {
			d.state, d.err = mcpFailed, m.err.Error()
			return d, []kit.Action{kit.SayErr(d.err)}
		}
		d.state = mcpListed
		d.refilter()
		d.clamp()
		return d, []kit.Action{kit.Say(fmt.Sprintf("%s has %s", d.t.label, kit.Plural(len(d.items)-d.missing(), "tool")))}
	case tea.KeyPressMsg:
		return d.key(m, e)
	case tea.PasteMsg:
		if d.typing {
			before := d.filter
			d.typeText(m.Content)
			d.hist.Changed(before, d.filter)
		}
	case tea.MouseWheelMsg:
		if d.state == mcpListed {
			if m.Button == tea.MouseWheelUp {
				d.yOff = max(0, d.yOff-3)
			} else {
				d.yOff = max(0, min(d.yOff+3, len(d.shown)-d.listRows()))
			}
			d.cursor = max(d.yOff, min(d.cursor, d.yOff+d.listRows()-1))
		}
	case tea.MouseClickMsg:
		// The rows start under the heading and the filter line.
		w, _ := d.size()
		top := len(d.headLines(w-2)) + 1
		if i := d.yOff + m.Y - top; d.state == mcpListed && m.Y >= top && m.Y-top < d.listRows() && i < len(d.shown) {
			d.cursor = i
			d.toggle()
		}
	}
	return d, nil
}

// missing counts the names of allowed_tools that the server lacks.
func (d *mcpToolsDialog) missing() int {
	n := 0
	for _, it := range d.items {
		if it.missing {
			n++
		}
	}
	return n
}

func (d *mcpToolsDialog) key(k tea.KeyPressMsg, e *kit.Env) (kit.Dialog, []kit.Action) {
	switch d.state {
	case mcpListing:
		if key.Matches(k, mcpKeys.Cancel) {
			d.Dismiss()
			return nil, []kit.Action{kit.ActClose{}, kit.Say("Listing the tools of " + d.t.label + " cancelled; nothing changed")}
		}
		return d, []kit.Action{kit.Say("Listing the tools of " + d.t.label + "… esc cancels")}
	case mcpFailed:
		switch {
		case key.Matches(k, mcpKeys.Retry):
			return d, []kit.Action{kit.ActCmd{Cmd: d.start()}}
		case key.Matches(k, mcpKeys.Cancel), key.Matches(k, e.Km.Enter):
			return nil, []kit.Action{kit.ActClose{}}
		}
		return d, []kit.Action{kit.Say("r tries again · esc closes")}
	}
	if d.confirm {
		d.confirm = false
		if key.Matches(k, mcpKeys.Apply) {
			return d.apply(e, true)
		}
		return d, []kit.Action{kit.Say("allowed_tools left as it was")}
	}
	if d.typing {
		before := d.filter
		acts := d.filterKey(k, e)
		d.hist.Changed(before, d.filter)
		return d, acts
	}
	km := e.Km
	switch {
	case key.Matches(k, mcpKeys.Cancel):
		if d.filter != "" {
			d.filter = ""
			d.refilter()
			return d, nil
		}
		return nil, []kit.Action{kit.ActClose{}, kit.Say("allowed_tools left as it was")}
	case key.Matches(k, mcpKeys.Apply):
		return d.apply(e, false)
	case key.Matches(k, mcpKeys.Toggle):
		d.toggle()
	case key.Matches(k, mcpKeys.All), key.Matches(k, mcpKeys.None):
		on := key.Matches(k, mcpKeys.All)
		for _, i := range d.shown {
			d.items[i].checked = on
		}
	case key.Matches(k, mcpKeys.Filter):
		d.typing = true
	default:
		if next, ok := kit.ListMove(k, km, d.cursor, d.listRows(), len(d.shown)); ok {
			d.cursor = next
			break
		}
		return d, []kit.Action{kit.Say(termtext.SanitizeLine(k.String()) + " does nothing here · space checks · a all · n none · / filters · enter sets allowed_tools · esc cancels")}
	}
	d.clamp()
	return d, nil
}

// filterKey types into the filter: enter keeps it, esc clears it.
func (d *mcpToolsDialog) filterKey(k tea.KeyPressMsg, e *kit.Env) []kit.Action {
	switch k.String() {
	case "enter":
		d.typing = false
	case "esc":
		d.typing, d.filter = false, ""
		d.refilter()
	case "backspace", "ctrl+h":
		if r := []rune(d.filter); len(r) > 0 {
			d.filter = string(r[:len(r)-1])
			d.refilter()
		}
	case "ctrl+u":
		d.filter = ""
		d.refilter()
	case "up", "down":
		if k.String() == "up" {
			d.cursor--
		} else {
			d.cursor++
		}
	default:
		const mods = tea.ModCtrl | tea.ModAlt | tea.ModMeta | tea.ModSuper | tea.ModHyper
		if k.Text != "" && k.Mod&mods == 0 {
			d.typeText(k.Text)
		}
	}
	d.clamp()
	return nil
}

// maxMCPFilter bounds the filter: longer than any tool name.
const maxMCPFilter = 128

func (d *mcpToolsDialog) typeText(s string) {
	var b strings.Builder
	for _, r := range s {
		if r >= 0x20 && r != 0x7f && !(r >= 0x80 && r < 0xa0) {
			b.WriteRune(r)
		}
	}
	f := []rune(d.filter + b.String())
	d.filter = string(f[:min(len(f), maxMCPFilter)])
	d.refilter()
}

func (d *mcpToolsDialog) toggle() {
	if d.cursor >= 0 && d.cursor < len(d.shown) {
		it := &d.items[d.shown[d.cursor]]
		it.checked = !it.checked
	}
}

// apply writes the checked names, in the server's order (names it lacks
// last), into allowed_tools as one edit. Nothing checked removes the
// names, once confirmed: an mcp tool without allowed_tools allows every
// tool, so this asks first.
func (d *mcpToolsDialog) apply(e *kit.Env, confirmed bool) (kit.Dialog, []kit.Action) {
	al := d.t.allowed
	names := d.checked()
	var v json.RawMessage
	var msg string
	switch {
	case len(names) == 0 && !al.hasNames:
		return nil, []kit.Action{kit.ActClose{}, kit.Say("Nothing checked and allowed_tools names no tool: nothing changed")}
	case len(names) == 0 && !confirmed:
		d.confirm = true
		return d, nil
	case len(names) == 0:
		msg = "Removed allowed_tools: every tool of " + d.t.label + " is allowed"
		if al.form == allowedFilter {
			msg = "Removed allowed_tools.tool_names"
			if al.readOnly != "" {
				msg += "; read_only still filters the tools"
			}
		}
	case al.hasNames && sameSet(names, al.names):
		return nil, []kit.Action{kit.ActClose{}, kit.Say("allowed_tools already names these tools: nothing changed")}
	default:
		b := []byte{'['}
		for i, n := range names {
			if i > 0 {
				b = append(b, ',')
			}
			b = rawjson.AppendString(b, n)
		}
		v = append(b, ']')
		where := "allowed_tools"
		if al.form == allowedFilter {
			where = "allowed_tools.tool_names"
		}
		msg = fmt.Sprintf("Set %s to %s of %s", where, kit.Plural(len(names), "tool"), d.t.label)
		if n := d.checkedMissing(); n > 0 {
			msg += fmt.Sprintf(", %d of them not on the server", n)
		}
	}
	k, i, raw, path := d.t.kind, d.t.index, d.t.raw, al.path()
	fn := func(doc *model.Document) (*model.Document, error) {
		if list := doc.List(k); i >= len(list) || !bytes.Equal(list[i].Raw, raw) {
			return nil, errors.New("the mcp tool changed since its server's tools were listed; press L to list them again")
		}
		return model.SetToolValue(doc, k, i, path, v)
	}
	// The document cannot change by keys while the dialog is open, but a
	// reload from disk can: an edit that fails now would fail when applied.
	if _, err := fn(e.S.Doc()); err != nil {
		return d, []kit.Action{kit.SayErr("Cannot set allowed_tools: " + err.Error())}
	}
	return nil, []kit.Action{kit.ActClose{}, kit.ActEdit{Fn: fn}, kit.ActRebuild{}, kit.Say(msg + " (ctrl+z undoes it)")}
}

func (d *mcpToolsDialog) checkedMissing() int {
	n := 0
	for _, it := range d.items {
		if it.checked && it.missing {
			n++
		}
	}
	return n
}

// sameSet reports whether a and b hold the same names.
func sameSet(a, b []string) bool {
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(slices.Compact(x), slices.Compact(y))
}

func (d *mcpToolsDialog) Name() string { return "the MCP tools list" }
