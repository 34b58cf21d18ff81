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
)

// treeDialog edits a function's parameters as a tree of properties: one row
// per schema, folded and unfolded, with keys like the tools pane's. Each
// change is one edit of the document (one undo step), written through the
// pure edits of schematree, which keep every keyword the tree does not show.
type treeDialog struct {
	kind   model.Kind
	index  int
	fn     string // the function's name, for the title
	strict bool   // strict is not false: optional means required and nullable
	params []byte
	tree   *schematree.Tree
	why    string // why the tree cannot show the parameters
	rows   []*schematree.Node
	folded map[string]bool
	row    int
	yOff   int
	w, h   int
	ver    uint64 // the session version the tree shows

	// A prompt asks for one value of the chosen row.
	prompt  *editor.Model
	asking  treeAsk
	askPtr  string
	example string // example arguments, made when asked for
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

// treeKeys are the dialog's keys.
var treeKeys = struct {
	Add, Delete, Duplicate, MoveUp, MoveDown, Required, TypeNext, TypePrev,
	Rename, Describe, Enum, Format, Min, Max, Pattern, Default, Fold, Example, Copy, Undo, Redo, Close key.Binding
}{
	Add:       key.NewBinding(key.WithKeys("a", "insert"), key.WithHelp("a", "add a property")),
	Delete:    key.NewBinding(key.WithKeys("x", "delete"), key.WithHelp("x", "delete")),
	Duplicate: key.NewBinding(key.WithKeys("D"), key.WithHelp("D", "duplicate")),
	MoveUp:    key.NewBinding(key.WithKeys("K", "shift+up"), key.WithHelp("K", "move up")),
	MoveDown:  key.NewBinding(key.WithKeys("J", "shift+down"), key.WithHelp("J", "move down")),
	Required:  key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "required / optional")),
	TypeNext:  key.NewBinding(key.WithKeys("right", "l"), key.WithHelp("→", "next type")),
	TypePrev:  key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←", "previous type")),
	Rename:    key.NewBinding(key.WithKeys("enter", "n"), key.WithHelp("enter/n", "rename")),
	Describe:  key.NewBinding(key.WithKeys("d"), key.WithHelp("d", "description")),
	Enum:      key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "enum values")),
	Format:    key.NewBinding(key.WithKeys("f"), key.WithHelp("f", "format")),
	Min:       key.NewBinding(key.WithKeys("<"), key.WithHelp("<", "minimum")),
	Max:       key.NewBinding(key.WithKeys(">"), key.WithHelp(">", "maximum")),
	Pattern:   key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "pattern")),
	Default:   key.NewBinding(key.WithKeys("="), key.WithHelp("=", "default")),
	Fold:      key.NewBinding(key.WithKeys("space", "z"), key.WithHelp("space", "fold / unfold")),
	Example:   key.NewBinding(key.WithKeys("v"), key.WithHelp("v", "example arguments")),
	Copy:      key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "copy example arguments")),
	Undo:      key.NewBinding(key.WithKeys("ctrl+z"), key.WithHelp("ctrl+z", "undo")),
	Redo:      key.NewBinding(key.WithKeys("ctrl+y", "ctrl+shift+z"), key.WithHelp("ctrl+y", "redo")),
	Close:     key.NewBinding(key.WithKeys("esc", "q"), key.WithHelp("esc", "close the tree")),
}

// treeSyncMsg makes an open tree read the parameters again.
type treeSyncMsg struct{}

func (d *treeDialog) seenVersion() uint64 { return d.ver }
func (d *treeDialog) see(v uint64)        { d.ver = v }
func (d *treeDialog) reread(e *env)       { d.sync(e) }

// newTreeDialog opens the tree of the selected function, or says why not.
func newTreeDialog(a *App) (dialog, string) {
	if a.at.Request {
		return nil, "Select a function: the tree edits a function's parameters"
	}
	t := a.s.Doc().List(a.at.Kind)[a.at.Index]
	if rawjson.CheckJSON(t.Raw) != nil || model.StringAt(t.Raw, []string{"type"}) != "function" && a.at.Kind != model.Function {
		return nil, "The tree edits a function's parameters; this tool is not a function"
	}
	if t.Draft != nil && t.DraftMember() == "parameters" {
		return nil, "The parameters are not valid JSON yet; finish them in the editor (the tree needs a schema)"
	}
	d := &treeDialog{kind: a.at.Kind, index: a.at.Index, folded: map[string]bool{}, ver: a.s.Version()}
	d.fn = model.StringAt(t.Raw, []string{"name"})
	strict, _ := model.GetPath(t.Raw, []string{"strict"})
	d.strict = strings.TrimSpace(string(strict)) != "false"
	p, _ := model.GetPath(t.Raw, []string{"parameters"})
	d.load(p)
	return d, ""
}

// load reads params as the tree, keeping the folds and the chosen row.
func (d *treeDialog) load(params []byte) {
	p := append([]byte(nil), params...)
	t, err := schematree.Parse(p)
	if err == nil && d.strict {
		schematree.MarkStrict(t)
	}
	d.show(p, t, err)
}

// show shows params as tree t (err: why the tree cannot show them),
// keeping the folds and the chosen row.
func (d *treeDialog) show(params []byte, t *schematree.Tree, err error) {
	d.params = params
	d.tree, d.why = t, ""
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
	d.example = ""
}

// selectPtr chooses the row of ptr, unfolding the rows above it.
func (d *treeDialog) selectPtr(ptr string) {
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

func (d *treeDialog) current() *schematree.Node {
	if d.row < 0 || d.row >= len(d.rows) {
		return nil
	}
	return d.rows[d.row]
}

func (d *treeDialog) resize(w, h int) dialog {
	d.w, d.h = max(20, w-2), max(6, h-1)
	return d
}

// listHeight is the number of rows the tree shows.
func (d *treeDialog) listHeight() int { return max(1, d.h-2-6) }

func (d *treeDialog) follow() {
	d.yOff = scrollTo(d.row, d.yOff, d.listHeight(), len(d.rows))
}

// commit writes the parameters an edit of the tree made as one edit of
// the document and shows their tree (the edit brought it up to date).
func (d *treeDialog) commit(e schematree.Edited, selectPtr, done string) []action {
	k, i := d.kind, d.index
	p := json.RawMessage(e.Params)
	d.show(e.Params, e.Tree, e.Err)
	if selectPtr != "" || d.current() == nil {
		d.selectPtr(selectPtr)
	}
	d.follow()
	return []action{actEdit{later: true, by: byDialog, fn: func(doc *model.Document) (*model.Document, error) {
		return model.SetToolValue(doc, k, i, []string{"parameters"}, p)
	}}, say(done)}
}

func (d *treeDialog) update(msg tea.Msg, e *env) (dialog, []action) {
	if _, ok := msg.(treeSyncMsg); ok {
		d.sync(e)
		return d, nil
	}
	if k, ok := msg.(tea.KeyPressMsg); ok && (key.Matches(k, treeKeys.Undo) || key.Matches(k, treeKeys.Redo)) {
		// the prompt's own typing first, then the document (App.undo)
		if key.Matches(k, treeKeys.Redo) {
			return d, []action{actRun{"Redo"}}
		}
		return d, []action{actRun{"Undo"}}
	}
	if d.prompt != nil {
		return d.updatePrompt(msg)
	}
	switch m := msg.(type) {
	case tea.MouseClickMsg:
		return d, d.click(m.Y)
	case tea.MouseWheelMsg:
		if m.Button == tea.MouseWheelUp {
			d.row -= 3
		} else {
			d.row += 3
		}
		d.row = max(0, min(d.row, len(d.rows)-1))
		d.follow()
		return d, nil
	}
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return d, nil
	}
	tk, km := &treeKeys, e.km
	switch {
	case key.Matches(k, tk.Close):
		return nil, []action{actClose{}}
	}
	if d.tree == nil {
		return d, []action{say(d.why)}
	}
	n := d.current()
	if next, ok := listMove(k, km, d.row, d.listHeight(), len(d.rows)); ok {
		d.row = next
	} else if key.Matches(k, tk.Fold) {
		if n != nil && len(n.Children) > 0 {
			d.folded[n.Ptr] = !d.folded[n.Ptr]
			d.rows = d.tree.Rows(func(p string) bool { return d.folded[p] })
		}
	} else {
		return d, d.edit(k, n)
	}
	d.row = max(0, min(d.row, len(d.rows)-1))
	d.follow()
	return d, nil
}

// click chooses the row at line y of the box's inside; a click on the
// chosen row folds or unfolds it.
func (d *treeDialog) click(y int) []action {
	i := d.yOff + y
	if d.tree == nil || y < 0 || y >= d.listHeight() || i >= len(d.rows) {
		return nil
	}
	if i == d.row {
		if n := d.rows[i]; len(n.Children) > 0 {
			d.folded[n.Ptr] = !d.folded[n.Ptr]
			d.rows = d.tree.Rows(func(p string) bool { return d.folded[p] })
		}
		return nil
	}
	d.row = i
	return nil
}

// sync reads the parameters again from the document (after undo or redo,
// a reload, any change made elsewhere).
func (d *treeDialog) sync(e *env) {
	d.ver = e.s.Version()
	list := e.s.Doc().List(d.kind)
	if d.index >= len(list) {
		d.tree, d.rows, d.prompt = nil, nil, nil
		d.why = "The function is gone from the document (undone or reloaded); esc closes the tree"
		return
	}
	t := list[d.index]
	if t.Draft != nil && t.DraftMember() == "parameters" {
		d.tree, d.rows, d.prompt = nil, nil, nil
		d.why = "The parameters are not valid JSON now; finish them in the editor (the tree needs a schema)"
		return
	}
	d.fn = model.StringAt(t.Raw, []string{"name"})
	strict, _ := model.GetPath(t.Raw, []string{"strict"})
	d.strict = strings.TrimSpace(string(strict)) != "false"
	p, _ := model.GetPath(t.Raw, []string{"parameters"})
	if d.tree != nil && string(p) == string(d.params) {
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
func (d *treeDialog) edit(k tea.KeyPressMsg, n *schematree.Node) []action {
	tk := &treeKeys
	if n == nil {
		return nil
	}
	fail := func(err error) []action { return []action{sayErr(capitalize(err.Error()))} }
	member := n.IsMember()
	notMember := say("Choose a property or a definition: this row has no name of its own")
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
			return []action{notMember}
		}
		out, err := d.tree.Delete(n.Ptr)
		if err != nil {
			return fail(err)
		}
		return d.commit(out, "", "Deleted "+n.Name+" (ctrl+z undoes it)")
	case key.Matches(k, tk.Duplicate):
		if !member {
			return []action{notMember}
		}
		out, err := d.tree.Duplicate(n.Ptr)
		if err != nil {
			return fail(err)
		}
		return d.commit(out, out.Ptr, "Duplicated "+n.Name)
	case key.Matches(k, tk.MoveUp), key.Matches(k, tk.MoveDown):
		if !member {
			return []action{notMember}
		}
		delta := 1
		if key.Matches(k, tk.MoveUp) {
			delta = -1
		}
		out, err := d.tree.Move(n.Ptr, delta)
		if err != nil {
			return []action{say("It is already at the edge of its object")}
		}
		return d.commit(out, n.Ptr, "Moved "+n.Name)
	case key.Matches(k, tk.Required):
		if n.Role != schematree.Property {
			return []action{say("Only a property can be required or optional")}
		}
		out, err := d.tree.ToggleRequired(n.Ptr, d.strict)
		if err != nil {
			return fail(err)
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
	case key.Matches(k, tk.TypeNext), key.Matches(k, tk.TypePrev):
		if n.Role == schematree.DefsGroup {
			return []action{say("The $defs row holds definitions; choose one to change its type")}
		}
		delta := 1
		if key.Matches(k, tk.TypePrev) {
			delta = -1
		}
		typ := schematree.NextType(n, delta)
		if n.Role == schematree.Root && typ != "object" {
			return []action{say("The parameters stay an object: the API takes arguments as an object")}
		}
		out, err := d.tree.SetType(n.Ptr, typ, d.strict)
		if err != nil {
			return fail(err)
		}
		return d.commit(out, n.Ptr, rowName(n)+" is now "+typ)
	case key.Matches(k, tk.Rename):
		if !member {
			return []action{notMember}
		}
		d.ask(askRename, n.Ptr, n.Name)
	case key.Matches(k, tk.Example), key.Matches(k, tk.Copy):
		return d.showExample(key.Matches(k, tk.Copy))
	default:
		for ask, b := range map[treeAsk]key.Binding{askDescription: tk.Describe, askEnum: tk.Enum, askFormat: tk.Format,
			askMinimum: tk.Min, askMaximum: tk.Max, askPattern: tk.Pattern, askDefault: tk.Default} {
			if key.Matches(k, b) {
				if n.Role == schematree.DefsGroup {
					return []action{say("The $defs row holds definitions; choose one")}
				}
				d.ask(ask, n.Ptr, keywordText(n, askKeyword[ask]))
				return nil
			}
		}
		return []action{say(k.String() + " does nothing in the tree · a add · enter rename · ←/→ type · r required · esc close")}
	}
	return nil
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
	return compactJSON(v)
}

func (d *treeDialog) ask(what treeAsk, ptr, value string) {
	p := editor.New()
	p.ShowLineNumbers = false
	p.SetSize(max(10, d.w-6), 1)
	p.SetValue(value)
	p.SelectAll()
	p.Focus()
	d.prompt, d.asking, d.askPtr = &p, what, ptr
}

func (d *treeDialog) updatePrompt(msg tea.Msg) (dialog, []action) {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch k.String() {
		case "esc":
			d.prompt = nil
			return d, []action{say("Nothing changed")}
		case "enter":
			text := strings.TrimSpace(d.prompt.Value())
			acts := d.answer(text)
			if acts != nil {
				d.prompt = nil
			}
			return d, acts
		}
	}
	p, _ := d.prompt.Update(msg)
	d.prompt = &p
	return d, nil
}

// answer applies what the prompt was asked; nil keeps the prompt open.
func (d *treeDialog) answer(text string) []action {
	ptr := d.askPtr
	if d.tree == nil { // undone meanwhile to parameters the tree cannot show
		return []action{say(d.why)}
	}
	switch d.asking {
	case askAdd:
		out, err := d.tree.AddProperty(ptr, text, d.strict)
		if err != nil {
			return []action{sayErr(capitalize(err.Error()))}
		}
		return d.commit(out, out.Ptr, "Added "+text+" (a string; ←/→ changes its type)")
	case askRename:
		out, err := d.tree.Rename(ptr, text)
		if err != nil {
			return []action{sayErr(capitalize(err.Error()))}
		}
		return d.commit(out, out.Ptr, "Renamed to "+text)
	}
	kw := askKeyword[d.asking]
	v, err := keywordValue(kw, text)
	if err != nil {
		return []action{sayErr(err.Error())}
	}
	out, err := d.tree.SetKeyword(ptr, kw, v)
	if err != nil {
		return []action{sayErr(capitalize(err.Error()))}
	}
	done := "Set " + kw
	if v == nil {
		done = "Removed " + kw
	}
	return d.commit(out, ptr, done)
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
		if _, err := strconv.ParseFloat(text, 64); err != nil || !isJSONNumber(text) {
			return nil, errors.New(kw + " must be a number, e.g. 0 or 2.5")
		}
		return json.RawMessage(text), nil
	case "enum":
		b := []byte{'['}
		for i, s := range splitList(text) {
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

// showExample makes example arguments that fit the parameters; copy also
// copies them.
func (d *treeDialog) showExample(copyIt bool) []action {
	if d.example == "" {
		ex, err := schematree.Example(d.params)
		if err != nil {
			return []action{sayErr("No example: " + err.Error())}
		}
		d.example = string(rawjson.AppendIndent(nil, ex, "", "  "))
	}
	if copyIt {
		return []action{actCopy{what: "example arguments of " + d.fn, text: d.example}}
	}
	return []action{say("Example arguments beside the tree; y copies them")}
}

func (d *treeDialog) typingText() bool { return d.prompt != nil }

func (d *treeDialog) undoText(redo bool) (bool, []action) {
	return d.prompt != nil && fieldUndo(d.prompt, redo), nil
}

// pending is the value being typed in the prompt, which a save leaves out.
func (d *treeDialog) pending() string {
	if d.prompt == nil {
		return ""
	}
	return "the " + strings.ToLower(askLabels[d.asking][:1]) + askLabels[d.asking][1:] + " being typed, " +
		termtext.Quote(strings.TrimSpace(d.prompt.Value())) + " (enter applies it, esc drops it)"
}

func (d *treeDialog) help(km *KeyMap) []key.Binding {
	tk := treeKeys
	return []key.Binding{tk.Add, tk.Delete, tk.Duplicate, tk.MoveUp, tk.MoveDown, tk.Rename, tk.TypeNext, tk.TypePrev,
		tk.Required, tk.Describe, tk.Enum, tk.Format, tk.Min, tk.Max, tk.Pattern, tk.Default, tk.Fold, tk.Example, tk.Copy,
		tk.Undo, tk.Redo, tk.Close}
}
