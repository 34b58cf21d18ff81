// Package mcptools is the MCP tools list: the tools of an mcp entry's
// server, checked to set its allowed_tools.
package mcptools

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
	"github.com/tooltui/tooltui/internal/ui/checklist"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// Listing an mcp tool's server: L asks the server at the entry's
// server_url (with its headers and authorization) for its tools, in a
// command, and a dialog lists them with a checkbox each, checked from the
// entry's allowed_tools; enter writes the checked names back into
// allowed_tools as one undoable edit.

// mcpToolsMsg is the answer of listing dialog id's server.
type Msg struct {
	ID  int
	Out []byte
	err error
}

// mcpToolItem is one row of the dialog: a tool of the server, or a name of
// allowed_tools that the server does not have.
type mcpToolItem struct {
	Name, desc string // desc: the description's first line ("" for none)
	checked    bool   // at first: allowed_tools names it
	Missing    bool   // in allowed_tools, not on the server
}

type mcpState int

const (
	McpListing mcpState = iota
	McpFailed
	McpListed
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

// Dialog lists an MCP server's tools while they are fetched, then
// with a checkbox each; enter sets allowed_tools to the checked names.
type Dialog struct {
	ID     int
	T      McpTarget
	list   func(ctx context.Context, s mcpclient.Server) ([]byte, error)
	cancel context.CancelFunc
	State  mcpState
	Err    string // why the listing failed

	Items []mcpToolItem
	Rows  checklist.Model // the items, checked or not
	// Confirm: enter with nothing checked asked whether to remove the
	// names; enter again does.
	Confirm bool

	sw, sh int // the screen the dialog is on
}

// newMCPToolsDialog starts listing the server of row at of doc with list
// and opens the dialog that shows it; or it says why the row has none.
func New(doc *model.Document, at kit.Sel, list func(ctx context.Context, s mcpclient.Server) ([]byte, error)) (kit.Dialog, tea.Cmd, string) {
	t, why := mcpTargetOf(doc, at)
	if why != "" {
		return nil, nil, why
	}
	d := &Dialog{T: t, list: list}
	return d, d.start(), ""
}

// start asks the server for its tools, in a command that esc cancels.
func (d *Dialog) start() tea.Cmd {
	mcpListIDs++
	ctx, cancel := context.WithCancel(context.Background())
	d.ID, d.cancel, d.State, d.Err = mcpListIDs, cancel, McpListing, ""
	id, list, srv := d.ID, d.list, d.T.Srv
	return func() tea.Msg {
		out, err := list(ctx, srv)
		cancel() // the answer is in: nothing of the call remains
		return Msg{ID: id, Out: out, err: err}
	}
}

// TypingText: keys are the filter's text while it is typed.
func (d *Dialog) TypingText() bool { return d.Rows.Typing() }

// UndoText takes the filter's typing back (ctrl+z), or puts it back.
func (d *Dialog) UndoText(redo bool) (bool, []kit.Action) {
	return d.Rows.Undo(redo, d.listRows()), nil
}

// Dismiss stops a listing still under way when the dialog goes away.
func (d *Dialog) Dismiss() {
	if d.cancel != nil {
		d.cancel()
	}
}

// Receives reports whether msg is the answer of this dialog's listing.
func (d *Dialog) Receives(msg tea.Msg) bool {
	m, ok := msg.(Msg)
	return ok && m.ID == d.ID
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
func mcpItems(out []byte, al AllowedTools) ([]mcpToolItem, error) {
	var res struct {
		Tools []json.RawMessage `json:"tools"`
	}
	if err := json.Unmarshal(out, &res); err != nil {
		return nil, fmt.Errorf("the server's answer is not a tools/list result: %v", err)
	}
	allowed := map[string]bool{}
	for _, n := range al.Names {
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
		items = append(items, mcpToolItem{Name: st.Name, desc: strings.TrimSpace(desc), checked: allowed[st.Name]})
	}
	for _, n := range al.Names {
		if !seen[n] {
			seen[n] = true
			items = append(items, mcpToolItem{Name: n, checked: true, Missing: true})
		}
	}
	return items, nil
}

// size is the dialog's box: as wide as the screen allows up to 96 cells,
// as tall as its rows need.
func (d *Dialog) size() (int, int) {
	w, _ := kit.DialogSize(d.sw, d.sh, 96, d.sh)
	want := 8
	if d.State == McpListed {
		want = 2 + len(d.headLines(w-2)) + len(d.footer(w-2)) + max(1, len(d.Items))
	} else if d.State == McpFailed {
		want = 4 + len(d.errLines(w-2))
	}
	return kit.DialogSize(d.sw, d.sh, 96, want+2)
}

func (d *Dialog) Resize(w, h int) kit.Dialog {
	d.sw, d.sh = w, h
	d.Rows.Resize(d.listRows())
	return d
}

// listRows is how many items the box shows at once.
func (d *Dialog) listRows() int {
	w, h := d.size()
	return max(1, h-2-2-len(d.headLines(w-2))-len(d.footer(w-2)))
}

// checked are the names of the checked items, in order.
func (d *Dialog) checked() []string {
	var out []string
	for _, i := range d.Rows.Marked() {
		out = append(out, d.Items[i].Name)
	}
	return out
}

// Checked reports whether item i is checked.
func (d *Dialog) Checked(i int) bool { return d.Rows.IsMarked(i) }

// fill puts the items in the checklist, checked from allowed_tools.
func (d *Dialog) fill() {
	rows, marked := make([]checklist.Row, len(d.Items)), make([]bool, len(d.Items))
	for i, it := range d.Items {
		rows[i], marked[i] = checklist.Row{Name: it.Name, Desc: it.desc}, it.checked
		if it.Missing {
			rows[i].Note, rows[i].Look = "not on the server", checklist.Warn
		}
	}
	d.Rows = checklist.Model{NameWidth: func(w, iw int) int { return min(w, max(8, (iw-8)/2)) }}
	d.Rows.SetRows(rows, marked)
	d.Rows.Resize(d.listRows())
}

func (d *Dialog) Update(msg tea.Msg, e *kit.Env) (kit.Dialog, []kit.Action) {
	switch m := msg.(type) {
	case Msg:
		if m.ID != d.ID {
			return d, nil
		}
		d.cancel = nil
		if m.err == nil {
			d.Items, m.err = mcpItems(m.Out, d.T.Allowed)
		}
		if m.err != nil {
			d.State, d.Err = McpFailed, m.err.Error()
			return d, []kit.Action{kit.SayErr(d.Err)}
		}
		d.State = McpListed
		d.fill()
		return d, []kit.Action{kit.Say(fmt.Sprintf("%s has %s", d.T.Label, kit.Plural(len(d.Items)-d.missing(), "tool")))}
	case tea.KeyPressMsg:
		return d.key(m, e)
	case tea.PasteMsg:
		d.Rows.Type(m.Content)
		d.Rows.Resize(d.listRows())
	case tea.MouseWheelMsg:
		if d.State == McpListed {
			d.Rows.Wheel(m.Button == tea.MouseWheelUp, d.listRows())
		}
	case tea.MouseClickMsg:
		// The rows start under the heading and the filter line.
		w, _ := d.size()
		if d.State == McpListed {
			d.Rows.Click(m.Y-len(d.headLines(w-2))-1, d.listRows())
		}
	}
	return d, nil
}

// missing counts the names of allowed_tools that the server lacks.
func (d *Dialog) missing() int {
	n := 0
	for _, it := range d.Items {
		if it.Missing {
			n++
		}
	}
	return n
}

func (d *Dialog) key(k tea.KeyPressMsg, e *kit.Env) (kit.Dialog, []kit.Action) {
	switch d.State {
	case McpListing:
		if key.Matches(k, mcpKeys.Cancel) {
			d.Dismiss()
			return nil, []kit.Action{kit.ActClose{}, kit.Say("Listing the tools of " + d.T.Label + " cancelled; nothing changed")}
		}
		return d, []kit.Action{kit.Say("Listing the tools of " + d.T.Label + "… esc cancels")}
	case McpFailed:
		switch {
		case key.Matches(k, mcpKeys.Retry):
			return d, []kit.Action{kit.ActCmd{Cmd: d.start()}}
		case key.Matches(k, mcpKeys.Cancel), key.Matches(k, e.Km.Enter):
			return nil, []kit.Action{kit.ActClose{}}
		}
		return d, []kit.Action{kit.Say("r tries again · esc closes")}
	}
	if d.Confirm {
		d.Confirm = false
		if key.Matches(k, mcpKeys.Apply) {
			return d.apply(e, true)
		}
		return d, []kit.Action{kit.Say("allowed_tools left as it was")}
	}
	if d.Rows.Key(k, d.listRows(), e.Km.Move) {
		return d, nil
	}
	switch {
	case key.Matches(k, mcpKeys.Cancel):
		return nil, []kit.Action{kit.ActClose{}, kit.Say("allowed_tools left as it was")}
	case key.Matches(k, mcpKeys.Apply):
		return d.apply(e, false)
	case key.Matches(k, mcpKeys.All), key.Matches(k, mcpKeys.None):
		d.Rows.MarkShown(key.Matches(k, mcpKeys.All))
		return d, nil
	}
	return d, []kit.Action{kit.Say(termtext.SanitizeLine(k.String()) + " does nothing here · space checks · a all · n none · / filters · enter sets allowed_tools · esc cancels")}
}

// apply writes the checked names, in the server's order (names it lacks
// last), into allowed_tools as one edit. Nothing checked removes the
// names, once confirmed: an mcp tool without allowed_tools allows every
// tool, so this asks first.
func (d *Dialog) apply(e *kit.Env, confirmed bool) (kit.Dialog, []kit.Action) {
	al := d.T.Allowed
	names := d.checked()
	var v json.RawMessage
	var msg string
	switch {
	case len(names) == 0 && !al.HasNames:
		return nil, []kit.Action{kit.ActClose{}, kit.Say("Nothing checked and allowed_tools names no tool: nothing changed")}
	case len(names) == 0 && !confirmed:
		d.Confirm = true
		return d, nil
	case len(names) == 0:
		msg = "Removed allowed_tools: every tool of " + d.T.Label + " is allowed"
		if al.Form == allowedFilter {
			msg = "Removed allowed_tools.tool_names"
			if al.readOnly != "" {
				msg += "; read_only still filters the tools"
			}
		}
	case al.HasNames && sameSet(names, al.Names):
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
		if al.Form == allowedFilter {
			where = "allowed_tools.tool_names"
		}
		msg = fmt.Sprintf("Set %s to %s of %s", where, kit.Plural(len(names), "tool"), d.T.Label)
		if n := d.checkedMissing(); n > 0 {
			msg += fmt.Sprintf(", %d of them not on the server", n)
		}
	}
	k, i, raw, path := d.T.kind, d.T.index, d.T.raw, al.path()
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

func (d *Dialog) checkedMissing() int {
	n := 0
	for _, i := range d.Rows.Marked() {
		if d.Items[i].Missing {
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

func (d *Dialog) Name() string { return "the MCP tools list" }
