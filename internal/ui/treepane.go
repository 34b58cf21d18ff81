package ui

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
type treePane struct {
	at     kit.Sel // the function it shows
	fn     string  // the function's name, for the title
	strict bool    // strict is not false: optional means required and nullable
	params []byte
	tree   *schematree.Tree
	why    string // why the tree cannot show the parameters
	rows   []*schematree.Node
	folded map[string]bool
	row    int
	yOff   int
	w, h   int    // the inside of the pane
	ver    uint64 // the session version params were read at

	// A prompt asks for one value of the chosen row.
	prompt  *editor.Model
	asking  treeAsk
	askPtr  string
	askFrom string // the value the prompt opened with
	// example is example arguments of params (exampleWhy: why there are
	// none); noExample hides them (v). Large parameters have theirs made
	// off the main loop (exampleLater, exampleAsked: the command is on its
	// way; treeapp.go).
	example, exampleWhy        string
	noExample                  bool
	exampleLater, exampleAsked bool
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

var askKeyword = map[treeAsk]string{
	askDescription: "description", askEnum: "enum", askFormat: "format",
	askMinimum: "minimum", askMaximum: "maximum", askPattern: "pattern", askDefault: "default",
}

// treeKeys are the tree's own keys. While the tree has the focus they come
// before the app's navigation keys (a, x, z, y, q mean the tree's here);
// the global keys, tab and the other commands' keys (T, 1-4, ?) keep
// their meaning.
var treeKeys = struct {
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
func treeOwnKeys() []key.Binding {
	tk := &treeKeys
	return []key.Binding{tk.Add, tk.Delete, tk.Duplicate, tk.MoveUp, tk.MoveDown, tk.Rename, tk.TypeNext, tk.TypePrev,
		tk.Required, tk.Describe, tk.Enum, tk.Format, tk.Min, tk.Max, tk.Pattern, tk.Default, tk.Fold, tk.Example, tk.Copy,
		tk.Close}
}

// newTreePane shows the tree of the selected function, or says why not.
func newTreePane(e *kit.Env) (*treePane, string) {
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
	d := &treePane{at: e.At, folded: map[string]bool{}}
	d.sync(e)
	return d, ""
}

// load reads params as the tree, keeping the folds and the chosen row.
func (d *treePane) load(params []byte) {
	p := append([]byte(nil), params...)
	t, err := schematree.Parse(p)
	if err == nil && d.strict {
		schematree.MarkStrict(t)
	}
	d.show(p, t, err)
}

// show shows params as tree t (err: why the tree cannot show them),
// keeping the folds and the chosen row, and makes their example arguments.
func (d *treePane) show(params []byte, t *schematree.Tree, err error) {
	d.params = params
	d.tree, d.why = t, ""
	d.example, d.exampleWhy = "", ""
	d.exampleLater, d.exampleAsked = false, false
	if err != nil {
		d.tree, d.rows = nil, nil
		var se *rawjson.SyntaxError
		if errors.As(err, &se) {
			d.why = "The parameters are not valid JSON (" + err.Error() + "); edit them as JSON"
		} else {
			d.why = "The tree cannot show these parameters: " + err.Error() + "; edit them as JSON, nothing is changed"
		}
		return
	}
	d.rows = t.Rows(func(p string) bool { return d.folded[p] })
	d.row = max(0, min(d.row, len(d.rows)-1))
	if len(params) > treeExampleNow {
		d.exampleLater = true
		return
	}
	d.example, d.exampleWhy = makeExample(params)
}

// treeExampleNow is the largest parameters whose example arguments are
// made in the keystroke (well under a millisecond); larger ones (tens of
// milliseconds at a megabyte) are made by a command.
const treeExampleNow = 32 << 10

// makeExample makes example arguments that fit params, indented, or says
// why there are none.
func makeExample(params []byte) (text, why string) {
	ex, err := schematree.Example(params)
	if err != nil {
		return "", "No example: " + err.Error()
	}
	return string(rawjson.AppendIndent(nil, ex, "", "  ")), ""
}

// selectPtr chooses the row of ptr, unfolding the rows above it.
func (d *treePane) selectPtr(ptr string) {
	if d.tree == nil {
		return
	}
	for n := d.tree.Node(ptr); n != nil; n = n.Parent {
		if n.Ptr != ptr {
			delete(d.folded, n.Ptr)
		}
	}
	d.rows = d.tree.Rows(func(p string) bool { return d.folded[p] })
	for i, n := range d.rows {
		if n.Ptr == ptr {
			d.row = i
		}
	}
}

func (d *treePane) current() *schematree.Node {
	if d.row < 0 || d.row >= len(d.rows) {
		return nil
	}
	return d.rows[d.row]
}

// setSize fits the pane to its inside, w×h cells.
func (d *treePane) setSize(w, h int) {
	d.w, d.h = max(10, w), max(3, h)
	d.follow()
}

func (d *treePane) follow() {
	d.yOff = kit.ScrollTo(d.row, d.yOff, d.listHeight(), len(d.rows))
}

// commit writes the parameters an edit of the tree made as one edit of
// the document and shows their tree (the edit brought it up to date).
func (d *treePane) commit(e schematree.Edited, selectPtr, done string) []kit.Action {
	k, i := d.at.Kind, d.at.Index
	p := json.RawMessage(e.Params)
	d.show(e.Params, e.Tree, e.Err)
	if selectPtr != "" || d.current() == nil {
		d.selectPtr(selectPtr)
	}
	d.follow()
	return []kit.Action{kit.ActEdit{Later: true, By: kit.ByTree, Fn: func(doc *model.Document) (*model.Document, error) {
		return model.SetToolValue(doc, k, i, []string{"parameters"}, p)
	}}, kit.Say(done)}
}

// update handles a key, a paste or the mouse (y relative to the pane's
// inside). Before anything it reads the document again if it changed
// since the tree read it: an edit never writes an older value back.
func (d *treePane) Update(msg tea.Msg, e *kit.Env) []kit.Action {
	if d.ver != e.S.Version() {
		d.sync(e)
	}
	if d.prompt != nil {
		return d.updatePrompt(msg)
	}
	switch m := msg.(type) {
	case tea.MouseClickMsg:
		d.click(m.Y)
		return nil
	case tea.MouseWheelMsg:
		if m.Button == tea.MouseWheelUp {
			d.row -= 3
		} else {
			d.row += 3
		}
		d.row = max(0, min(d.row, len(d.rows)-1))
		d.follow()
		return nil
	case tea.PasteMsg:
		return []kit.Action{kit.Say("Paste into a prompt of the tree: a adds a property, enter renames, d describes")}
	}
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil
	}
	if d.tree == nil {
		return []kit.Action{kit.Say(d.why)}
	}
	n := d.current()
	if next, ok := kit.ListMove(k, e.Km, d.row, d.listHeight(), len(d.rows)); ok {
		d.row = next
	} else if key.Matches(k, treeKeys.Fold) {
		if why := d.fold(n); why != "" {
			return []kit.Action{kit.Say(why)}
		}
	} else if key.Matches(k, treeKeys.Example) {
		d.noExample = !d.noExample
		if d.noExample {
			return []kit.Action{kit.Say("Example arguments hidden; v shows them again")}
		}
		return []kit.Action{kit.Say("Example arguments shown with the tree; y copies them")}
	} else {
		return d.edit(k, n)
	}
	d.row = max(0, min(d.row, len(d.rows)-1))
	d.follow()
	return nil
}

// fold folds or unfolds row n, or says why it cannot: a row without
// rows under it has nothing to fold.
func (d *treePane) fold(n *schematree.Node) string {
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
	d.rows = d.tree.Rows(func(p string) bool { return d.folded[p] })
	return ""
}

// click chooses the row at line y of the pane's inside; a click on the
// chosen row folds or unfolds it.
func (d *treePane) click(y int) {
	i := d.yOff + y
	if d.tree == nil || y < 0 || y >= d.listHeight() || i >= len(d.rows) {
		return
	}
	if i == d.row {
		d.fold(d.rows[i])
		return
	}
	d.row = i
}

// sync reads the parameters again from the document (after undo or redo,
// a reload, any change made elsewhere).
func (d *treePane) sync(e *kit.Env) {
	d.ver = e.S.Version()
	list := e.S.Doc().List(d.at.Kind)
	if d.at.Request || d.at.Index >= len(list) {
		d.tree, d.rows, d.prompt, d.params = nil, nil, nil, nil
		d.why = "The function is gone from the document (undone or reloaded); T or esc shows the form"
		return
	}
	t := list[d.at.Index]
	if t.Draft != nil && t.DraftMember() == "parameters" {
		d.tree, d.rows, d.prompt, d.params = nil, nil, nil, nil
		d.why = "The parameters are not valid JSON now; finish them in the form (T shows it): the tree needs a schema"
		return
	}
	d.fn = model.StringAt(t.Raw, []string{"name"})
	strict, _ := model.GetPath(t.Raw, []string{"strict"})
	wasStrict := d.strict
	d.strict = strings.TrimSpace(string(strict)) != "false"
	p, _ := model.GetPath(t.Raw, []string{"parameters"})
	if d.tree != nil && string(p) == string(d.params) && d.strict == wasStrict {
		return
	}
	keep := ""
	if n := d.current(); n != nil {
		keep = n.Ptr
	}
	d.load(p)
	d.selectPtr(keep)
	d.follow()
}

// edit runs the editing keys on row n.
func (d *treePane) edit(k tea.KeyPressMsg, n *schematree.Node) []kit.Action {
	tk := &treeKeys
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
			obj = d.tree.Root
		}
		d.ask(askAdd, obj.Ptr, "")
	case key.Matches(k, tk.Delete):
		if !member {
			return []kit.Action{notMember}
		}
		out, err := d.tree.Delete(n.Ptr)
		if err != nil {
			return fail(err)
		}
		return d.commit(out, "", "Deleted "+n.Name+" (ctrl+z undoes it)")
	case key.Matches(k, tk.Duplicate):
		if !member {
			return []kit.Action{notMember}
		}
		out, err := d.tree.Duplicate(n.Ptr)
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
		out, err := d.tree.Move(n.Ptr, delta)
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
				d.ask(ask, n.Ptr, keywordText(n, askKeyword[ask]))
				return nil
			}
		}
		return []kit.Action{kit.Say(termtext.SanitizeLine(k.String()) + " does nothing in the tree · a add · enter rename · ←/→ type · r required · esc the form · ? all keys")}
	}
	return nil
}

// toggleRequired makes property n required or optional (in strict mode:
// nullable or not).
func (d *treePane) toggleRequired(n *schematree.Node) []kit.Action {
	if n.Role != schematree.Property {
		return []kit.Action{kit.Say("Only a property can be required or optional")}
	}
	out, err := d.tree.ToggleRequired(n.Ptr, d.strict)
	if err != nil {
		return []kit.Action{kit.SayErr(kit.Capitalize(err.Error()))}
	}
	what := n.Name + " is now required"
	if d.strict {
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
func (d *treePane) retype(n *schematree.Node, delta int) []kit.Action {
	if n.Role == schematree.DefsGroup {
		return []kit.Action{kit.Say("The $defs row holds definitions; choose one to change its type")}
	}
	typ := schematree.NextType(n, delta)
	if n.Role == schematree.Root && typ != "object" {
		return []kit.Action{kit.Say("The parameters stay an object: the API takes arguments as an object")}
	}
	out, err := d.tree.SetType(n.Ptr, typ, d.strict)
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

func (d *treePane) ask(what treeAsk, ptr, value string) {
	p := editor.New()
	p.ShowLineNumbers = false
	p.SetSize(max(10, d.w-4), 1)
	p.SetValue(value)
	p.SelectAll()
	p.Focus()
	d.prompt, d.asking, d.askPtr, d.askFrom = &p, what, ptr, value
}

func (d *treePane) updatePrompt(msg tea.Msg) []kit.Action {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch k.String() {
		case "esc":
			typed := d.Pending()
			d.prompt = nil
			if typed != "" {
				return []kit.Action{kit.Say("Nothing changed; dropped " + kit.WithoutHint(typed))}
			}
			return []kit.Action{kit.Say("Nothing changed")}
		case "enter":
			acts, done := d.answer(strings.TrimSpace(d.prompt.Value()))
			if done {
				d.prompt = nil
			}
			return acts
		}
	}
	switch msg.(type) {
	case tea.KeyPressMsg, tea.PasteMsg:
		p, _ := d.prompt.Update(msg)
		d.prompt = &p
	}
	return nil
}

// answer applies what the prompt was asked; done is false when it could
// not, and the prompt stays open with what was typed.
func (d *treePane) answer(text string) (acts []kit.Action, done bool) {
	ptr := d.askPtr
	if d.tree == nil { // undone meanwhile to parameters the tree cannot show
		return []kit.Action{kit.SayErr(d.why + "; esc drops what you typed")}, false
	}
	if d.tree.Node(ptr) == nil { // the document changed under the prompt
		return []kit.Action{kit.SayErr("The row " + termtext.SanitizeLine(ptrOrRoot(ptr)) + " is gone from the parameters (the document changed): nothing was applied; esc drops what you typed")}, false
	}
	var out schematree.Edited
	var err error
	to, msg := ptr, ""
	switch d.asking {
	case askAdd:
		out, err = d.tree.AddProperty(ptr, text, d.strict)
		to, msg = out.Ptr, "Added "+text+" (a string; ←/→ changes its type)"
	case askRename:
		out, err = d.tree.Rename(ptr, text)
		to, msg = out.Ptr, "Renamed to "+text
	default:
		kw := askKeyword[d.asking]
		var v json.RawMessage
		if v, err = keywordValue(kw, text); err == nil {
			out, err = d.tree.SetKeyword(ptr, kw, v)
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
func (d *treePane) copyExample() []kit.Action {
	if d.exampleLater {
		return []kit.Action{kit.Say("The example arguments are being made; y copies them once shown")}
	}
	if d.example == "" {
		return []kit.Action{kit.SayErr(d.exampleWhy)}
	}
	return []kit.Action{kit.ActCopy{What: "example arguments of " + d.fn, Text: d.example}}
}

// pending is the value being typed in the prompt, which a save leaves out.
func (d *treePane) Pending() string {
	if d.prompt == nil {
		return ""
	}
	v := strings.TrimSpace(d.prompt.Value())
	if v == strings.TrimSpace(d.askFrom) || v == "" && (d.asking == askAdd || d.asking == askRename) {
		return "" // nothing typed but what the prompt opened with (an empty keyword removes it)
	}
	return "the " + strings.ToLower(askLabels[d.asking][:1]) + askLabels[d.asking][1:] + " being typed, " +
		termtext.Quote(strings.TrimSpace(d.prompt.Value())) + " (enter applies it, esc drops it)"
}

// help lists the tree's keys for ? (the global keys and tab come after
// them there).
func (d *treePane) Help() []key.Binding {
	if d.prompt != nil {
		return []key.Binding{
			key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "set "+strings.ToLower(askLabels[d.asking]))),
			key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
		}
	}
	return treeOwnKeys()
}
