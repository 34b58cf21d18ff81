package mocks

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
	"github.com/tooltui/tooltui/internal/termtext"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// editUpdate handles a message while an output is being typed: the
// dialog's own keys, then the focused field's.
func (d *Dialog) editUpdate(msg tea.Msg, e *kit.Env) []kit.Action {
	me := d.Ed
	k, isKey := msg.(tea.KeyPressMsg)
	if !isKey {
		f := me.field()
		*f, _ = f.Update(msg) // a paste
		return nil
	}
	if !key.Matches(k, mockKeys.Back) {
		me.guard.Armed = false
	}
	switch {
	case key.Matches(k, mockKeys.Back):
		typed := ""
		if me.changed() {
			typed = "what you typed (alt+enter writes it to the document)"
		}
		if act, ok := me.guard.MayClose(k.String(), "goes back to the list", typed, me.Pat.Version()+me.Out.Version()); !ok {
			return []kit.Action{act}
		}
		d.Ed = nil
		if me.I >= 0 && findCase(model.MockCases(e.S.Doc().Mocks[me.fn]), me.from, me.I) < 0 {
			return []kit.Action{kit.Say("Left the editor; that output is no longer in the document (undone or reloaded)")}
		}
		return []kit.Action{kit.Say("Left the output as it is in the document")}
	case key.Matches(k, mockKeys.Apply):
		return d.applyEdit(e)
	case key.Matches(k, mockKeys.NextField, mockKeys.PrevField):
		if me.Fixed {
			return []kit.Action{kit.Say("A fixed output has no pattern: it answers every call no pattern matches")}
		}
		me.field().Blur()
		me.Focus = 1 - me.Focus
		return []kit.Action{kit.ActCmd{Cmd: me.field().Focus()}}
	case key.Matches(k, mockKeys.TextJSON):
		me.text = !me.text
		if me.text {
			return []kit.Action{kit.Say("The output is plain text: sent as typed")}
		}
		return []kit.Action{kit.Say("The output is JSON: it must be valid JSON")}
	}
	f := me.field()
	if !f.Handles(k) {
		return []kit.Action{kit.ExplainDialogKey(k, d, e.Km)}
	}
	*f, _ = f.Update(k)
	me.Err = ""
	return nil
}

func (me *mockEdit) changed() bool {
	return me.Pat.Value() != me.start[0] || me.Out.Value() != me.start[1]
}

// readCase reads the fields as an output, or says what is wrong (the text
// stays as typed).
func (me *mockEdit) readCase() (model.MockCase, string) {
	c := model.MockCase{Raw: me.from.Raw}
	if !me.Fixed {
		p := strings.TrimSpace(me.Pat.Value())
		if p == "" {
			return c, "Type a pattern: " + model.ErrMockPattern.Error()
		}
		if err := rawjson.CheckJSON([]byte(p)); err != nil {
			return c, "The pattern is not valid JSON (" + kit.JSONError(err) + "): " + model.ErrMockPattern.Error()
		}
		if kind := rawjson.JSONKind([]byte(p)); kind != "object" {
			raw := me.Pat.Value()
			line, col := rawjson.LineCol([]byte(raw), len(raw)-len(strings.TrimLeft(raw, " \t\r\n")))
			return c, fmt.Sprintf("The pattern at line %d, column %d is %s: %s", line, col, withArticle(kind), model.ErrMockPattern.Error())
		}
		c.Args = kit.MockJSON(p)
	}
	o := me.Out.Value()
	if me.text {
		c.Output = rawjson.String(o)
		return c, ""
	}
	o = strings.TrimSpace(o)
	if o == "" {
		return c, "Type the output, or ctrl+t for plain text"
	}
	if err := rawjson.CheckJSON([]byte(o)); err != nil {
		return c, "The output is not valid JSON (" + kit.JSONError(err) + "); ctrl+t sends it as plain text"
	}
	c.Output = kit.MockJSON(o)
	return c, ""
}

// applyEdit writes the output being typed to the document, as one
// undoable change, after reading the document again if it changed.
func (d *Dialog) applyEdit(e *kit.Env) []kit.Action {
	me := d.Ed
	c, why := me.readCase()
	if why != "" {
		me.Err = termtext.SanitizeLine(why)
		return []kit.Action{kit.SayErr(me.Err)}
	}
	if d.Ver != e.S.Version() {
		d.Reread(e)
	}
	doc := e.S.Doc()
	fn, i := me.fn, me.I
	if i >= 0 {
		i = findCase(model.MockCases(doc.Mocks[fn]), me.from, i)
	}
	if me.I >= 0 && i < 0 {
		// edited or deleted elsewhere meanwhile: what was typed stays
		me.I, me.from, c.Raw = -1, model.MockCase{}, nil
		me.Err = "The document changed: this output is gone; alt+enter again adds it as a new one"
		return []kit.Action{kit.SayErr(me.Err)}
	}
	var edit func(*model.Document) (*model.Document, error)
	var verb string
	at := i
	if i >= 0 {
		verb = "Changed"
		edit = func(doc *model.Document) (*model.Document, error) { return model.SetMockCase(doc, fn, i, c) }
	} else {
		verb = "Added"
		edit = func(doc *model.Document) (*model.Document, error) {
			nd, j, err := model.AddMockCase(doc, fn, c)
			at = j
			return nd, err
		}
	}
	// An edit that fails now would fail when applied: say so and keep
	// what was typed.
	if _, err := edit(doc); err != nil {
		me.Err = termtext.SanitizeLine(kit.Capitalize(err.Error()))
		return []kit.Action{kit.SayErr(me.Err)}
	}
	d.Ed = nil
	d.want = &mockRow{Fn: fn, C: at}
	what := "a mock output of " + fn + " for arguments matching " + string(c.Args)
	if c.Fixed() {
		what = "the fixed mock output of " + fn
	}
	msg := verb + " " + what + " (ctrl+z undoes it)"
	if unknown := unknownArgs(doc, fn, c.Args); len(unknown) > 0 {
		msg += "; note: " + strings.Join(unknown, ", ") + " is not among " + fn + "'s parameters, so a call that fits them never matches"
	}
	return []kit.Action{kit.ActEdit{Fn: edit}, kit.Say(termtext.SanitizeLine(msg))}
}

// unknownArgs are the members of pattern that function fn's parameters do
// not list where they list their properties and allow no others: no call
// that fits them has those members.
func unknownArgs(doc *model.Document, fn string, pattern json.RawMessage) []string {
	if pattern == nil || rawjson.JSONKind(pattern) != "object" {
		return nil
	}
	for _, f := range append(append([]model.Tool(nil), doc.Functions...), doc.Builtins...) {
		if model.StringAt(f.Raw, []string{"name"}) != fn {
			continue
		}
		props, ok := model.GetPath(f.Raw, []string{"parameters", "properties"})
		closed, _ := model.GetPath(f.Raw, []string{"parameters", "additionalProperties"})
		if !ok || rawjson.JSONKind(props) != "object" || string(bytes.TrimSpace(closed)) != "false" {
			return nil
		}
		known := rawjson.Members(props)
		var out []string
		for _, m := range rawjson.Members(pattern) {
			if !known.Has(m.Key) {
				out = append(out, strconv.Quote(m.Key))
			}
		}
		return out
	}
	return nil
}

// findCase is where output was of cases is now: at i when it is still
// there, else the one equal to it, -1 when none is.
func findCase(cases []model.MockCase, was model.MockCase, i int) int {
	same := func(c model.MockCase) bool {
		return c.Fixed() == was.Fixed() && string(c.Args) == string(was.Args) && string(c.Output) == string(was.Output)
	}
	if i < len(cases) && same(cases[i]) {
		return i
	}
	for j, c := range cases {
		if same(c) {
			return j
		}
	}
	return -1
}

// withArticle is a JSON kind with its article: "an array", "a string".
func withArticle(kind string) string {
	switch kind {
	case "array", "object":
		return "an " + kind
	case "null":
		return kind
	}
	return "a " + kind
}
