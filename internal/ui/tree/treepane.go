// Package tree is the parameters tree: a function's parameters schema as
// rows to fold, edit, retype and require, with example arguments beside.
package tree

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
	"github.com/tooltui/tooltui/internal/schematree"
	"github.com/tooltui/tooltui/internal/termtext"
	"github.com/tooltui/tooltui/internal/ui/editor"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// treePane edits a function's parameters as a tree of properties, in the
// editor pane's place: one row per schema, folded and unfolded, with keys
// like the tools pane's, and example arguments that fit the schema under
// (or beside) the rows. Each change is one edit of the document (one undo
// step), written through the pure edits of schematree, which keep every
// keyword the tree does not show.
//
// The document is the only source of truth: the pane keeps the parameters
// it read with the session version it read them at (ver), and reads them
// again whenever the version is another, before any edit; besides, it
// holds only the prompt being typed, the chosen row, the folds and the
// scroll.
type Pane struct {
	At     kit.Sel // the function it shows
	Fn     string  // the function's name, for the title
	Strict bool    // strict is not false: optional means required and nullable
	Params []byte
	Tree   *schematree.Tree
	why    string // why the tree cannot show the parameters
	Rows   []*schematree.Node
	folded map[string]bool
	Row    int
	yOff   int
	w, h   int    // the inside of the pane
	Ver    uint64 // the session version params were read at

	// A prompt asks for one value of the chosen row.
	Prompt  *editor.Model
	Asking  treeAsk
	AskPtr  string
	askFrom string // the value the prompt opened with
	// Example is example arguments of params (exampleWhy: why there are
	// none); noExample hides them (v). Large parameters have theirs made
	// off the main loop (exampleLater, exampleAsked: the command is on its
	// way; treeapp.go).
	Example, ExampleWhy        string
	noExample                  bool
	ExampleLater, ExampleAsked bool
}

// treeAsk is what the prompt asks for.
type treeAsk int

const (
	askNone treeAsk = iota
	askAdd
	askRename
	askDescription
	askEnum
	askFormat
	askMinimum
	askMaximum
	askPattern
	askDefault
)

var askLabels = map[treeAsk]string{
	askAdd: "New property name", askRename: "Name", askDescription: "Description",
	askEnum: "Enum values (comma-separated)", askFormat: "Format", askMinimum: "Minimum",
	askMaximum: "Maximum", askPattern: "Pattern", askDefault: "Default (JSON)",
}

var AskKeyword = map[treeAsk]string{
	askDescription: "description", askEnum: "enum", askFormat: "format",
	askMinimum: "minimum", askMaximum: "maximum", askPattern: "pattern", askDefault: "default",
}

// Keys are the tree's own keys. While the tree has the focus they come
// before the app's navigation keys (a, x, z, y, q mean the tree's here);
// the global keys, tab and the other commands' keys (T, 1-4, ?) keep
// their meaning.
var Keys = struct {
	Add, Delete, Duplicate, MoveUp, MoveDown, Required, TypeNext, TypePrev,
	Rename, Describe, Enum, Format, Min, Max, Pattern, Default, Fold, Example, Copy, Close key.Binding
}{
	Add:       key.NewBinding(key.WithKeys("a", "insert"), key.WithHelp("a", "add a property")),
	Delete:    key.NewBinding(key.WithKeys("x", "delete"), key.WithHelp("x", "delete")),
	Duplicate: key.NewBinding(key.WithKeys("D"), key.WithHelp("D", "duplicate")),
	MoveUp:    key.NewBinding(key.WithKeys("K", "shift+up"), key.WithHelp("K", "move up")),
	MoveDown:  key.NewBinding(key.WithKeys("J", "shift+down"), key.WithHelp("J", "move down")),
	Required:  key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "required / optional")),
	TypeNext:  key.NewBinding(key.WithKeys("right", "l"), key.WithHelp("→", "next type")),
	TypePrev:  key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←", "previous type")),
	Rename:    key.NewBinding(key.WithKeys("enter", "n"), key.WithHelp("enter", "rename")),
	Describe:  key.NewBinding(key.WithKeys("d"), key.WithHelp("d", "description")),
	Enum:      key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "enum values")),
	Format:    key.NewBinding(key.WithKeys("f"), key.WithHelp("f", "format")),
	Min:       key.NewBinding(key.WithKeys("<"), key.WithHelp("<", "minimum")),
	Max:       key.NewBinding(key.WithKeys(">"), key.WithHelp(">", "maximum")),
	Pattern:   key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "pattern")),
	Default:   key.NewBinding(key.WithKeys("="), key.WithHelp("=", "default")),
	Fold:      key.NewBinding(key.WithKeys("space", "z"), key.WithHelp("space", "fold / unfold")),
	Example:   key.NewBinding(key.WithKeys("v"), key.WithHelp("v", "show / hide the example arguments")),
	Copy:      key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "copy the example arguments")),
	Close:     key.NewBinding(key.WithKeys("esc", "q"), key.WithHelp("esc", "leave the tree (back where T was pressed)")),
}

// own lists the keys the tree takes before the app's navigation keys.
func OwnKeys() []key.Binding {
	tk := &Keys
	return []key.Binding{tk.Add, tk.Delete, tk.Duplicate, tk.MoveUp, tk.MoveDown, tk.Rename, tk.TypeNext, tk.TypePrev,
		tk.Required, tk.Describe, tk.Enum, tk.Format, tk.Min, tk.Max, tk.Pattern, tk.Default, tk.Fold, tk.Example, tk.Copy,
		tk.Close}
}

// newTreePane shows the tree of the selected function, or says why not.
func New(e *kit.Env) (*Pane, string) {
	if e.At.Request {
		return nil, "Select a function: the tree edits a function's parameters"
	}
	t := e.S.Doc().List(e.At.Kind)[e.At.Index]
	if rawjson.CheckJSON(t.Raw) != nil || model.StringAt(t.Raw, []string{"type"}) != "function" && e.At.Kind != model.Function {
		return nil, "The tree edits a function's parameters; this tool is not a function"
	}
	if t.Draft != nil && t.DraftMember() == "parameters" {
		return nil, "The parameters are not valid JSON yet; finish them in the editor (the tree needs a schema)"
	}
	d := &Pane{At: e.At, folded: map[string]bool{}}
	d.Sync(e)
	return d, ""
}

// load reads params as the tree, keeping the folds and the chosen row.
func (d *Pane) load(params []byte) {
	p := append([]byte(nil), params...)
	t, err := schematree.Parse(p)
	if err == nil && d.Strict {
		schematree.MarkStrict(t)
	}
	d.show(p, t, err)
}

// show shows params as tree t (err: why the tree cannot show them),
// keeping the folds and the chosen row, and makes their example arguments.
func (d *Pane) show(params []byte, t *schematree.Tree, err error) {
	d.Params = params
	d.Tree, d.why = t, ""
	d.Example, d.ExampleWhy = "", ""
	d.ExampleLater, d.ExampleAsked = false, false
	if err != nil {
		d.Tree, d.Rows = nil, nil
		var se *rawjson.SyntaxError
		if errors.As(err, &se) {
			d.why = "The parameters are not valid JSON (" + err.Error() + "); edit them as JSON"
		} else {
			d.why = "The tree cannot show these parameters: " + err.Error() + "; edit them as JSON, nothing is changed"
		}
		return
	}
	d.Rows = t.Rows(func(p string) bool { return d.folded[p] })
	d.Row = max(0, min(d.Row, len(d.Rows)-1))
	if len(params) > treeExampleNow {
		d.ExampleLater = true
		return
	}
	d.Example, d.ExampleWhy = MakeExample(params)
}

// treeExampleNow is the largest parameters whose example arguments are
// made in the keystroke (well under a millisecond); larger ones (tens of
// milliseconds at a megabyte) are made by a command.
const treeExampleNow = 32 << 10

// MakeExample makes example arguments that fit params, indented, or says
// why there are none.
func MakeExample(params []byte) (text, why string) {
	ex, err := schematree.Example(params)
	if err != nil {
		return "", "No example: " + err.Error()
	}
	return string(rawjson.AppendIndent(nil, ex, "", "  ")), ""
}

// SelectPtr chooses the row of ptr, unfolding the rows above it.
func (d *Pane) SelectPtr(ptr string) {
	if d.Tree == nil {
		return
	}
	for n := d.Tree.Node(ptr); n != nil; n = n.Parent {
		if n.Ptr != ptr {
			delete(d.folded, n.Ptr)
		}
	}
	d.Rows = d.Tree.Rows(func(p string) bool { return d.folded[p] })
	for i, n := range d.Rows {
		if n.Ptr == ptr {
			d.Row = i
		}
	}
}

func (d *Pane) Current() *schematree.Node {
	if d.Row < 0 || d.Row >= len(d.Rows) {
		return nil
	}
	return d.Rows[d.Row]
}

// SetSize fits the pane to its inside, w×h cells.
func (d *Pane) SetSize(w, h int) {
	d.w, d.h = max(10, w), max(3, h)
	d.Follow()
}

func (d *Pane) Follow() {
	d.yOff = kit.ScrollTo(d.Row, d.yOff, d.listHeight(), len(d.Rows))
}

// commit writes the parameters an edit of the tree made as one edit of
// the document and shows their tree (the edit brought it up to date).
func (d *Pane) commit(e schematree.Edited, selectPtr, done string) []kit.Action {
	k, i := d.At.Kind, d.At.Index
	p := json.RawMessage(e.Params)
	d.show(e.Params, e.Tree, e.Err)
	if selectPtr != "" || d.Current() == nil {
		d.SelectPtr(selectPtr)
	}
	d.Follow()
	return []kit.Action{kit.ActEdit{Later: true, By: kit.ByTree, Fn: func(doc *model.Document) (*model.Document, error) {
		return model.SetToolValue(doc, k, i, []string{"parameters"}, p)
	}}, kit.Say(done)}
}

// Update handles a key, a paste or the mouse (y relative to the pane's
// inside). Before anything it reads the document again if it changed
// since the tree read it: an edit never writes an older value back.
func (d *Pane) Update(msg tea.Msg, e *kit.Env) []kit.Action {
	if d.Ver != e.S.Version() {
		d.Sync(e)
	}
	if d.Prompt != nil {
		return d.updatePrompt(msg)
	}
	switch m := msg.(type) {
	case tea.MouseClickMsg:
		d.Click(m.Y)
		return nil
	case tea.MouseWheelMsg:
		if m.Button == tea.MouseWheelUp {
			d.Row -= 3
		} else {
			d.Row += 3
		}
		d.Row = max(0, min(d.Row, len(d.Rows)-1))
		d.Follow()
		return nil
	case tea.PasteMsg:
		return []kit.Action{kit.Say("Paste into a prompt of the tree: a adds a property, enter renames, d describes")}
	}
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil
	}
	if d.Tree == nil {
		return []kit.Action{kit.Say(d.why)}
	}
	n := d.Current()
	if next, ok := kit.ListMove(k, e.Km, d.Row, d.listHeight(), len(d.Rows)); ok {
		d.Row = next
	} else if key.Matches(k, Keys.Fold) {
		if why := d.fold(n); why != "" {
			return []kit.Action{kit.Say(why)}
		}
	} else if key.Matches(k, Keys.Example) {
		d.noExample = !d.noExample
		if d.noExample {
			return []kit.Action{kit.Say("Example arguments hidden; v shows them again")}
		}
		return []kit.Action{kit.Say("Example arguments shown with the tree; y copies them")}
	} else {
		return d.edit(k, n)
	}
	d.Row = max(0, min(d.Row, len(d.Rows)-1))
	d.Follow()
	return nil
}

// fold folds or unfolds row n, or says why it cannot: a row without
// rows under it has nothing to fold.
func (d *Pane) fold(n *schematree.Node) string {
	if n == nil {
		return "No row is chosen: a adds a property"
	}
	if len(n.Children) == 0 && n.Role == schematree.Root {
		return "Nothing to fold: the parameters have no properties yet; a adds one"
	}
	if len(n.Children) == 0 {
		return "Nothing to fold: " + termtext.SanitizeLine(n.Ptr) + " has no rows under it (an object's properties, an array's items and anyOf branches fold)"
	}
	d.folded[n.Ptr] = !d.folded[n.Ptr]
	d.Rows = d.Tree.Rows(func(p string) bool { return d.folded[p] })
	return ""
}

// Click chooses the row at line y of the pane's inside; a click on the
// chosen row folds or unfolds it.
func (d *Pane) Click(y int) {
	i := d.yOff + y
	if d.Tree == nil || y < 0 || y >= d.listHeight() || i >= len(d.Rows) {
		return
	}
	if i == d.Row {
		d.fold(d.Rows[i])
		return
	}
	d.Row = i
}

// Sync reads the parameters again from the document (after undo or redo,
// a reload, any change made elsewhere).
func (d *Pane) Sync(e *kit.Env) {
	d.Ver = e.S.Version()
	list := e.S.Doc().List(d.At.Kind)
	if d.At.Request || d.At.Index >= len(list) {
		d.Tree, d.Rows, d.Prompt, d.Params = nil, nil, nil, nil
		d.why = "The function is gone from the document (undone or reloaded); T or esc shows the form"
		return
	}
	t := list[d.At.Index]
	if t.Draft != nil && t.DraftMember() == "parameters" {
		d.Tree, d.Rows, d.Prompt, d.Params = nil, nil, nil, nil
		d.why = "The parameters are not valid JSON now; finish them in the form (T shows it): the tree needs a schema"
		return
	}
	d.Fn = model.StringAt(t.Raw, []string{"name"})
	strict, _ := model.GetPath(t.Raw, []string{"strict"})
	wasStrict := d.Strict
	d.Strict = strings.TrimSpace(string(strict)) != "false"
	p, _ := model.GetPath(t.Raw, []string{"parameters"})
	if d.Tree != nil && string(p) == string(d.Params) && d.Strict == wasStrict {
		return
	}
	keep := ""
	if n := d.Current(); n != nil {
		keep = n.Ptr
	}
	d.load(p)
	d.SelectPtr(keep)
	d.Follow()
}

// edit runs the editing keys on row n.
func (d *Pane) edit(k tea.KeyPressMsg, n *schematree.Node) []kit.Action {
	tk := &Keys
	if n == nil {
		return nil
	}
	fail := func(err error) []kit.Action { return []kit.Action{kit.SayErr(kit.Capitalize(err.Error()))} }
	member := n.IsMember()
	notMember := kit.Say("Choose a property or a definition: this row has no name of its own")
	switch {
	case key.Matches(k, tk.Add):
		obj := n
		for obj != nil && !obj.IsObject() {
			obj = obj.Parent
		}
		if obj == nil {
			obj = d.Tree.Root
		}
		d.ask(askAdd, obj.Ptr, "")
	case key.Matches(k, tk.Delete):
		if !member {
			return []kit.Action{notMember}
		}
		out, err := d.Tree.Delete(n.Ptr)
		if err != nil {
			return fail(err)
		}
		return d.commit(out, "", "Deleted "+n.Name+" (ctrl+z undoes it)")
	case key.Matches(k, tk.Duplicate):
		if !member {
			return []kit.Action{notMember}
		}
		out, err := d.Tree.Duplicate(n.Ptr)
		if err != nil {
			return fail(err)
		}
		return d.commit(out, out.Ptr, "Duplicated "+n.Name)
	case key.Matches(k, tk.MoveUp), key.Matches(k, tk.MoveDown):
		if !member {
			return []kit.Action{notMember}
		}
		delta := 1
		if key.Matches(k, tk.MoveUp) {
			delta = -1
		}
		out, err := d.Tree.Move(n.Ptr, delta)
		if err != nil {
			return []kit.Action{kit.Say("It is already at the edge of its object")}
		}
		return d.commit(out, n.Ptr, "Moved "+n.Name)
	case key.Matches(k, tk.Required):
		return d.toggleRequired(n)
	case key.Matches(k, tk.TypeNext):
		return d.retype(n, 1)
	case key.Matches(k, tk.TypePrev):
		return d.retype(n, -1)
	case key.Matches(k, tk.Rename):
		if !member {
			return []kit.Action{notMember}
		}
		d.ask(askRename, n.Ptr, n.Name)
	case key.Matches(k, tk.Copy):
		return d.copyExample()
	default:
		for ask, b := range map[treeAsk]key.Binding{askDescription: tk.Describe, askEnum: tk.Enum, askFormat: tk.Format,
			askMinimum: tk.Min, askMaximum: tk.Max, askPattern: tk.Pattern, askDefault: tk.Default} {
			if key.Matches(k, b) {
				if n.Role == schematree.DefsGroup {
					return []kit.Action{kit.Say("The $defs row holds definitions; choose one")}
				}
				d.ask(ask, n.Ptr, keywordText(n, AskKeyword[ask]))
				return nil
			}
		}
		return []kit.Action{kit.Say(termtext.SanitizeLine(k.String()) + " does nothing in the tree · a add · enter rename · ←/→ type · r required · esc the form · ? all keys")}
	}
	return nil
}

// toggleRequired makes property n required or optional (in strict mode:
// nullable or not).
func (d *Pane) toggleRequired(n *schematree.Node) []kit.Action {
	if n.Role != schematree.Property {
		return []kit.Action{kit.Say("Only a property can be required or optional")}
	}
	out, err := d.Tree.ToggleRequired(n.Ptr, d.Strict)
	if err != nil {
		return []kit.Action{kit.SayErr(kit.Capitalize(err.Error()))}
	}
	what := n.Name + " is now required"
	if d.Strict {
		what = n.Name + " no longer takes null (required)"
		if !n.Type.Nullable {
			what = n.Name + " is now optional: required and nullable, as strict mode wants"
		}
	} else if n.Required {
		what = n.Name + " is now optional"
	}
	return d.commit(out, n.Ptr, what)
}

// retype gives row n the next (delta 1) or previous (-1) type.
func (d *Pane) retype(n *schematree.Node, delta int) []kit.Action {
	if n.Role == schematree.DefsGroup {
		return []kit.Action{kit.Say("The $defs row holds definitions; choose one to change its type")}
	}
	typ := schematree.NextType(n, delta)
	if n.Role == schematree.Root && typ != "object" {
		return []kit.Action{kit.Say("The parameters stay an object: the API takes arguments as an object")}
	}
	out, err := d.Tree.SetType(n.Ptr, typ, d.Strict)
	if err != nil {
		return []kit.Action{kit.SayErr(kit.Capitalize(err.Error()))}
	}
	return d.commit(out, n.Ptr, rowName(n)+" is now "+typ)
}

// ptrOrRoot names a row by its pointer, the root as "/".
func ptrOrRoot(ptr string) string {
	if ptr == "" {
		return "/"
	}
	return ptr
}

func rowName(n *schematree.Node) string {
	if n.Role == schematree.Root {
		return "The parameters"
	}
	return n.Name
}

// keywordText is a keyword's value as the prompt shows it.
func keywordText(n *schematree.Node, kw string) string {
	v, ok := n.Get(kw)
	if !ok {
		return ""
	}
	switch kw {
	case "description", "format", "pattern":
		s, _ := rawjson.Unquote(v)
		return s
	case "enum":
		var parts []string
		for _, e := range rawjson.Elements(v) {
			if s, ok := rawjson.Unquote(e); ok {
				parts = append(parts, s)
			} else {
				parts = append(parts, string(e))
			}
		}
		return strings.Join(parts, ", ")
	}
	return kit.CompactJSON(v)
}

func (d *Pane) ask(what treeAsk, ptr, value string) {
	p := editor.New()
	p.ShowLineNumbers = false
	p.SetSize(max(10, d.w-4), 1)
	p.SetValue(value)
	p.SelectAll()
	p.Focus()
	d.Prompt, d.Asking, d.AskPtr, d.askFrom = &p, what, ptr, value
}

func (d *Pane) updatePrompt(msg tea.Msg) []kit.Action {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch k.String() {
		case "esc":
			typed := d.Pending()
			d.Prompt = nil
			if typed != "" {
				return []kit.Action{kit.Say("Nothing changed; dropped " + kit.WithoutHint(typed))}
			}
			return []kit.Action{kit.Say("Nothing changed")}
		case "enter":
			acts, done := d.answer(strings.TrimSpace(d.Prompt.Value()))
			if done {
				d.Prompt = nil
			}
			return acts
		}
	}
	switch msg.(type) {
	case tea.KeyPressMsg, tea.PasteMsg:
		p, _ := d.Prompt.Update(msg)
		d.Prompt = &p
	}
	return nil
}

// answer applies what the prompt was asked; done is false when it could
// not, and the prompt stays open with what was typed.
func (d *Pane) answer(text string) (acts []kit.Action, done bool) {
	ptr := d.AskPtr
	if d.Tree == nil { // undone meanwhile to parameters the tree cannot show
		return []kit.Action{kit.SayErr(d.why + "; esc drops what you typed")}, false
	}
	if d.Tree.Node(ptr) == nil { // the document changed under the prompt
		return []kit.Action{kit.SayErr("The row " + termtext.SanitizeLine(ptrOrRoot(ptr)) + " is gone from the parameters (the document changed): nothing was applied; esc drops what you typed")}, false
	}
	var out schematree.Edited
	var err error
	to, msg := ptr, ""
	switch d.Asking {
	case askAdd:
		out, err = d.Tree.AddProperty(ptr, text, d.Strict)
		to, msg = out.Ptr, "Added "+text+" (a string; ←/→ changes its type)"
	case askRename:
		out, err = d.Tree.Rename(ptr, text)
		to, msg = out.Ptr, "Renamed to "+text
	default:
		kw := AskKeyword[d.Asking]
		var v json.RawMessage
		if v, err = keywordValue(kw, text); err == nil {
			out, err = d.Tree.SetKeyword(ptr, kw, v)
		}
		msg = "Set " + kw
		if v == nil {
			msg = "Removed " + kw
		}
	}
	if err != nil {
		return []kit.Action{kit.SayErr(kit.Capitalize(err.Error()) + "; the prompt keeps what you typed (esc drops it)")}, false
	}
	return d.commit(out, to, msg), true
}

// keywordValue turns the prompt's text into a keyword's JSON value; empty
// text removes the keyword.
func keywordValue(kw, text string) (json.RawMessage, error) {
	if text == "" {
		return nil, nil
	}
	switch kw {
	case "description", "format", "pattern":
		return rawjson.String(text), nil
	case "minimum", "maximum":
		if _, err := strconv.ParseFloat(text, 64); err != nil || !kit.IsJSONNumber(text) {
			return nil, errors.New(kw + " must be a number, e.g. 0 or 2.5")
		}
		return json.RawMessage(text), nil
	case "enum":
		b := []byte{'['}
		for i, s := range kit.SplitList(text) {
			if i > 0 {
				b = append(b, ',')
			}
			b = rawjson.AppendString(b, s)
		}
		return append(b, ']'), nil
	}
	if err := rawjson.CheckJSON([]byte(text)); err != nil {
		return nil, errors.New("the default must be JSON (a string in quotes): " + err.Error())
	}
	return json.RawMessage(text), nil
}

// copyExample copies the example arguments.
func (d *Pane) copyExample() []kit.Action {
	if d.ExampleLater {
		return []kit.Action{kit.Say("The example arguments are being made; y copies them once shown")}
	}
	if d.Example == "" {
		return []kit.Action{kit.SayErr(d.ExampleWhy)}
	}
	return []kit.Action{kit.ActCopy{What: "example arguments of " + d.Fn, Text: d.Example}}
}

// Pending is the value being typed in the prompt, which a save leaves out.
func (d *Pane) Pending() string {
	if d.Prompt == nil {
		return ""
	}
	v := strings.TrimSpace(d.Prompt.Value())
	if v == strings.TrimSpace(d.askFrom) || v == "" && (d.Asking == askAdd || d.Asking == askRename) {
		return "" // nothing typed but what the prompt opened with (an empty keyword removes it)
	}
	return "the " + strings.ToLower(askLabels[d.Asking][:1]) + askLabels[d.Asking][1:] + " being typed, " +
		termtext.Quote(strings.TrimSpace(d.Prompt.Value())) + " (enter applies it, esc drops it)"
}

// Help lists the tree's keys for ? (the global keys and tab come after
// them there).
func (d *Pane) Help() []key.Binding {
	if d.Prompt != nil {
		return []key.Binding{
			key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "set "+strings.ToLower(askLabels[d.Asking]))),
			key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
		}
	}
	return OwnKeys()
}

// ExampleMsg brings the example arguments of params.
type ExampleMsg struct {
	params    []byte
	text, why string
}

// ExampleCmd makes the example arguments of large parameters off the main
// loop, once for each parameters the tree shows (nil: nothing to make).
func (d *Pane) ExampleCmd() tea.Cmd {
	if d == nil || !d.ExampleLater || d.ExampleAsked {
		return nil
	}
	d.ExampleAsked = true
	params := d.Params // never changed in place: an edit makes new bytes
	return func() tea.Msg {
		text, why := MakeExample(params)
		return ExampleMsg{params: params, text: text, why: why}
	}
}

// OnExample shows example arguments made by ExampleCmd, if they are of
// the parameters the tree shows now.
func (d *Pane) OnExample(m ExampleMsg) {
	if d != nil && d.ExampleLater && string(m.params) == string(d.Params) {
		d.Example, d.ExampleWhy, d.ExampleLater = m.text, m.why, false
	}
}

// ShortHelp is the key help line while the tree has the focus.
func (d *Pane) ShortHelp(km *kit.KeyMap) []key.Binding {
	tk := &Keys
	if d.Prompt != nil {
		keys := d.Help()
		if AskKeyword[d.Asking] != "" {
			keys = append(keys, key.NewBinding(key.WithKeys("x"), key.WithHelp("empty", "removes it")))
		}
		return append(keys, km.Undo, km.Save)
	}
	short := kit.ShortKey
	return []key.Binding{short(tk.Add, "a", "add"), tk.Delete, tk.Rename, short(tk.TypeNext, "←/→", "type"),
		short(tk.Required, "r", "required"), short(tk.Fold, "space", "fold"), short(tk.Copy, "y", "copy example"),
		short(km.Tree, "T", "form"), short(tk.Close, "esc", "leave"), short(km.Help, "?", "all keys")}
}
