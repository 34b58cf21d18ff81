package ui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
	"github.com/tooltui/tooltui/internal/schematree"
	"github.com/tooltui/tooltui/internal/ui/files"
	"github.com/tooltui/tooltui/internal/ui/fix"
	"github.com/tooltui/tooltui/internal/ui/form"
	"github.com/tooltui/tooltui/internal/ui/kit"
	"github.com/tooltui/tooltui/internal/ui/mocks"
)

// TestEveryViewShowsTheDocument drives random sequences of edits through
// the views (form fields typed in, the tree, fixes, palette commands, the
// tools pane, undo and redo, a reload from disk) and checks after each
// step that every view shows the document as it is now: the form's
// fields, the tools pane's labels, the preview and the diagnostics, an
// open tree, and whether the document is modified.
func TestEveryViewShowsTheDocument(t *testing.T) {
	seeds := 160 // seed 151 found mocks compared byte for byte
	steps := 80
	if testing.Short() {
		seeds, steps = 3, 40
	}
	for seed := range seeds {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			runViews(t, uint64(seed), steps)
		})
	}
}

const propDoc = `{"model":"gpt-5","tool_choice":{"type":"function","name":"f"},"tools_defs":[
	{"name":"f","description":"one","parameters":{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false},"strict":true},
	{"name":"f","description":"two","parameters":{"type":"object","properties":{"b":{"type":"number"}},"required":[],"additionalProperties":false},"strict":true},
	{"name":"g","description":"three","parameters":null,"strict":false}],
	"extra":{"builtin_tools":[{"type":"web_search","search_context_size":"low"},{"type":"file_search","vector_store_ids":["vs_1"]}]}}`

func runViews(t *testing.T, seed uint64, steps int) {
	r := rand.New(rand.NewPCG(seed, 7))
	d, err := model.Parse([]byte(propDoc))
	if err != nil {
		t.Fatal(err)
	}
	loaded, _ := d.MarshalState()
	a := New(Options{Doc: d, Path: "/nonexistent/doc.json", Name: "doc.json", Deps: kit.Deps{
		CopyNative: noCopy,
		WriteFile:  func(string, []byte) error { return nil },
		Getenv:     func(string) string { return "" },
	}})
	a.Update(tea.WindowSizeMsg{Width: 130, Height: 40})
	var log []string
	key := func(ks ...string) {
		for _, k := range ks {
			log = append(log, k)
			a.Update(keyMsgOf(k))
		}
	}
	text := func(s string) {
		log = append(log, fmt.Sprintf("%q", s))
		for _, rn := range s {
			a.Update(tea.KeyPressMsg{Code: rn, Text: string(rn)})
		}
	}
	actions := []func(){
		// the tools pane: select, disable, move, duplicate
		func() {
			key("esc", "esc", "1")
			for range r.IntN(4) {
				key([]string{"j", "k"}[r.IntN(2)])
			}
		},
		func() { key("esc", "esc", "1", " ") },
		func() { key("esc", "esc", "1", []string{"K", "J", "D"}[r.IntN(3)]) },
		// a form field: type, delete, stop
		func() {
			key("esc", "esc", "2")
			for range r.IntN(5) {
				key("down")
			}
			key("enter")
			if a.form.Editing {
				key("ctrl+end")
				for range r.IntN(3) {
					if r.IntN(3) == 0 {
						key("backspace")
					} else {
						text(string(rune('a' + r.IntN(26))))
					}
				}
			}
			if r.IntN(2) == 0 {
				key("esc")
			}
		},
		// the tree: add a property, change a type
		func() {
			key("esc", "esc", "1", "T")
			if treeFocused(a) {
				if r.IntN(2) == 0 {
					key("a")
					text(fmt.Sprintf("p%d", r.IntN(100)))
					key("enter")
				} else {
					key("down", "right")
				}
				switch r.IntN(4) {
				case 0: // the tree stays, another pane has the focus
					key("tab")
				case 1: // the tree keeps the focus
				default:
					key("esc")
				}
			}
		},
		// fixes: all, or the chosen diagnostic's first
		func() { key("esc", "esc", "F") },
		func() {
			key("esc", "esc", "4")
			for range r.IntN(3) {
				key("down")
			}
			key("f")
			if _, ok := a.dialog.(*fix.Dialog); ok {
				key("enter")
			}
		},
		// a palette command
		func() {
			key("ctrl+p")
			text([]string{"Duplicate tool", "Move tool down", "Enable or disable", "Fix all"}[r.IntN(4)])
			key("enter")
		},
		// the mocks dialog: add an output (fixed or for a pattern), edit,
		// move or delete the selected one
		func() {
			key("esc", "esc", "1")
			log = append(log, "mocks")
			a.apply(kit.ActOpen{D: mocks.New(a.env())})
			for range r.IntN(4) {
				key("j")
			}
			switch r.IntN(4) {
			case 0:
				key("o")
				text(fmt.Sprintf(`"out %d"`, r.IntN(100)))
				key("alt+enter")
			case 1:
				key("a")
				text(fmt.Sprintf(`"a": "%d"`, r.IntN(3)))
				key("tab")
				text(fmt.Sprint(r.IntN(100)))
				key("alt+enter")
			default:
				key([]string{"x", "K", "J", "enter"}[r.IntN(4)])
			}
			if r.IntN(3) > 0 {
				key("esc", "esc", "esc")
			}
		},
		// undo and redo, wherever the focus is
		func() { key("ctrl+z") },
		func() { key("ctrl+y") },
		// the file changed on disk: reloaded (a clean document) or asked
		func() {
			nd := a.s.Doc().Clone()
			if len(nd.Functions) > 0 {
				nd2, err := model.SetToolValue(nd, model.Function, 0, []string{"description"}, json.RawMessage(fmt.Sprintf(`"disk %d"`, r.IntN(100))))
				if err == nil {
					nd = nd2
				}
			}
			data, err := nd.Marshal()
			if err != nil {
				return
			}
			// as the watcher does: a clean document is reloaded, else asked
			act := kit.ActReload{Path: "/nonexistent/doc.json", Data: data, What: "changed"}
			if !a.Dirty() {
				log = append(log, "reload")
				a.apply(act)
			} else {
				log = append(log, "changed on disk")
				a.apply(kit.ActOpen{D: files.NewChangedDialog("doc.json", files.DiskChangedMsg{Path: act.Path, Data: data, Watched: true,
					Was: model.Stamp{Exists: true, Size: 1}, Now: model.Stamp{Exists: true, Size: 2}})})
				key([]string{"r", "k", "ctrl+z", "esc"}[r.IntN(4)])
			}
			if a.s.RawVersion() == a.s.Version() && !a.Dirty() {
				loaded, _ = a.s.Doc().MarshalState() // what is on disk now
			}
		},
	}
	for step := range steps {
		actions[r.IntN(len(actions))]()
		a.Update(settleMsg{})
		if why := viewsDiffer(a, loaded); why != "" {
			t.Fatalf("seed %d, step %d, after %s: %s\n%s", seed, step, strings.Join(log[max(0, len(log)-12):], " "), why, treeScreen(a))
		}
	}
}

func keyMsgOf(k string) tea.KeyPressMsg {
	switch k {
	case "ctrl+end":
		return tea.KeyPressMsg{Code: tea.KeyEnd, Mod: tea.ModCtrl}
	case "backspace":
		return tea.KeyPressMsg{Code: tea.KeyBackspace}
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case " ":
		return tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	case "alt+enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter, Mod: tea.ModAlt}
	case "tab":
		return tea.KeyPressMsg{Code: tea.KeyTab}
	}
	if strings.HasPrefix(k, "ctrl+") && len(k) == 6 {
		return tea.KeyPressMsg{Code: rune(k[5]), Mod: tea.ModCtrl}
	}
	return keyMsg(k)
}

// viewsDiffer says how a view differs from the document, "" when none
// does.
func viewsDiffer(a *App, loaded []byte) string {
	s, d := a.s, a.s.Doc()
	// the conversion, the preview and the diagnostics
	want := convert.Converter{}
	res := want.Convert(d)
	if !bytes.Equal(res.JSON, s.Result().JSON) {
		return "the conversion is not the document's"
	}
	if !bytes.Equal(a.preview.Src, s.Result().JSON) {
		return "the preview shows another request"
	}
	if len(res.Diagnostics) != len(s.Result().Diagnostics) {
		return "the diagnostics are not the document's"
	}
	// the tools pane's labels
	for _, k := range []model.Kind{model.Function, model.Builtin} {
		for i, t := range d.List(k) {
			if _, want := kit.ToolLabel(k, t); s.Label(k, i) != want { // what the tools pane draws with
				return "the tools pane's labels are not the document's"
			}
		}
	}
	// the form: every field but the one being typed in reads the document
	if a.form.At != a.at {
		return "the form is of another row"
	}
	if a.at.Valid(d) {
		kind := form.FormRequest
		if !a.at.Request {
			kind = form.FormKindFor(a.at.Kind, d.List(a.at.Kind)[a.at.Index], a.form.Raw)
		}
		if kind != a.form.Kind {
			return fmt.Sprintf("the form is a %d form, the row wants %d", a.form.Kind, kind)
		}
		fresh := form.BuildFields(d, a.at, kind)
		if len(fresh) != len(a.form.Fields) {
			return "the form has other fields"
		}
		for i, f := range a.form.Fields {
			nf := fresh[i]
			if f.Kind == form.FieldSelect {
				if f.Sel >= len(f.Opts) || nf.Sel >= len(nf.Opts) || kit.CompactJSON(f.Opts[f.Sel].Raw) != kit.CompactJSON(nf.Opts[nf.Sel].Raw) {
					return fmt.Sprintf("the %s field shows another choice", f.Label)
				}
				continue
			}
			if i == a.form.Idx && a.form.Editing {
				continue // the user's text, already in the document
			}
			if f.Ed.Value() != nf.Ed.Value() && !sameMeaning(d, a.at, kind, i, f) {
				return fmt.Sprintf("the %s field shows %q, the document %q", f.Label, f.Ed.Value(), nf.Ed.Value())
			}
		}
	}
	// the tree shows the function's parameters, and its example arguments
	// are theirs
	if td := a.tree.pane; treeShown(a) && td.Tree != nil {
		list := d.List(td.At.Kind)
		if td.At.Index >= len(list) {
			return "the tree shows a function that is gone"
		}
		p, _ := model.GetPath(list[td.At.Index].Raw, []string{"parameters"})
		if string(p) != string(td.Params) || string(td.Tree.Params()) != string(p) {
			return "the tree shows other parameters"
		}
		if ex, err := schematree.Example(p); err == nil && !td.ExampleLater && td.Example != string(rawjson.AppendIndent(nil, ex, "", "  ")) {
			return "the tree shows example arguments of other parameters"
		}
	}
	// an open mocks dialog lists the document's mock outputs
	for _, dl := range a.dialogs() {
		if md, ok := dl.(*mocks.Dialog); ok {
			if why := mocksDiffer(md, a.env()); why != "" {
				return why
			}
		}
	}
	// modified means different from what was loaded
	if loaded != nil {
		now, err := d.MarshalState()
		if err == nil {
			var x, y bytes.Buffer
			if json.Compact(&x, loaded) == nil && json.Compact(&y, now) == nil && a.Dirty() == bytes.Equal(x.Bytes(), y.Bytes()) {
				return fmt.Sprintf("Dirty() is %v", a.Dirty())
			}
		}
	}
	return ""
}

// sameMeaning reports whether field i's text, written as text the user
// typed differently (a "{}" deleted to ""), means the document's value:
// writing it changes nothing the field shows.
func sameMeaning(d *model.Document, at kit.Sel, kind form.FormKind, i int, f *form.Field) bool {
	cp := *f
	var fn kit.Edit
	if at.Request {
		fn = form.RequestEdit(&cp, d)
	} else {
		fn = form.ToolEdit(&cp, at.Kind, at.Index)
	}
	if fn == nil {
		return false
	}
	nd, err := fn(d)
	if err != nil {
		return false
	}
	return form.BuildFields(nd, at, kind)[i].Ed.Value() == form.BuildFields(d, at, kind)[i].Ed.Value()
}

// mocksDiffer says how the mocks dialog's rows differ from the document's
// mock outputs, "" when they do not.
func mocksDiffer(md *mocks.Dialog, e *kit.Env) string {
	fresh := &mocks.Dialog{W: md.W, H: md.H}
	fresh.Reread(e)
	if len(fresh.Rows) != len(md.Rows) {
		return fmt.Sprintf("the mocks dialog shows %d rows, the document %d", len(md.Rows), len(fresh.Rows))
	}
	for i, r := range md.Rows {
		f := fresh.Rows[i]
		if r.Fn != f.Fn || r.C != f.C || r.Count != f.Count || string(r.Mc.Args) != string(f.Mc.Args) || string(r.Mc.Output) != string(f.Mc.Output) {
			return fmt.Sprintf("the mocks dialog's row %d is %+v, the document's %+v", i, r, f)
		}
	}
	return ""
}
