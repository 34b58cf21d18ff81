package ui

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/ui/form"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// The request form reads no tool for tool_choice until the field is
// cycled or opened, and then offers every tool, the value kept.
func TestToolChoiceOptionsReadWhenAsked(t *testing.T) {
	d := parseDoc(t, `{"model": "m", "tool_choice": "required",
		"tools_defs": [{"name": "a", "parameters": {}}, {"name": "b", "parameters": {}}],
		"extra": {"builtin_tools": [{"type": "web_search"}, {"type": "mcp", "server_label": "s", "server_url": "https://x"}]}}`)
	labels := func(f *form.Field) string {
		var out []string
		for _, o := range f.Opts {
			out = append(out, o.Label)
		}
		return strings.Join(out, ",")
	}
	f := form.ToolChoiceField(d, json.RawMessage(`"required"`))
	if f.More == nil || len(f.Opts) != 4 || string(f.Opts[f.Sel].Raw) != `"required"` {
		t.Fatalf("before: more %v, options %s, text %q", f.More != nil, labels(f), f.Text())
	}
	want := labels(form.NewSelectField("tool_choice", "", nil, form.ToolChoiceOptions(d), json.RawMessage(`"required"`)))
	for name, ask := range map[string]func(f *form.Field){
		"cycle":  func(f *form.Field) { f.Cycle(0) },
		"dialog": func(f *form.Field) { form.NewSelectDialog(f, kit.RequestSel) },
	} {
		f := form.ToolChoiceField(d, json.RawMessage(`"required"`))
		before := f.Text()
		ask(f)
		if f.More != nil || labels(f) != want || f.Text() != before {
			t.Errorf("%s: options %s (want %s), text %q (was %q)", name, labels(f), want, f.Text(), before)
		}
		if !strings.Contains(labels(f), "function b") || !strings.Contains(labels(f), "mcp s") {
			t.Errorf("%s: options %s name no tool", name, labels(f))
		}
	}
	// A value naming a tool reads them at once, to say whether it is one.
	for _, v := range []string{`{"type":"function","name":"b"}`, `{"type":"function","name":"gone"}`} {
		f := form.ToolChoiceField(d, json.RawMessage(v))
		full := form.NewSelectField("tool_choice", "", nil, form.ToolChoiceOptions(d), json.RawMessage(v))
		if f.More != nil || f.Text() != full.Text() {
			t.Errorf("%s: text %q, want %q", v, f.Text(), full.Text())
		}
	}
}

// TestToolChoiceChooserPicksByName: the document changes while the
// chooser is open (a function added before the one chosen, then taken
// away): the choice made is the tool the list named, or none, said why.
func TestToolChoiceChooserPicksByName(t *testing.T) {
	a := dialogTestApp(t, `{"model": "m", "tools_defs": [{"name": "b", "parameters": {"type": "object", "properties": {}}}], "extra": {"builtin_tools": [{"type": "web_search"}]}}`, kit.RequestSel)
	choose := func(label string) {
		t.Helper()
		a.run(kit.CmdChoice)
		l, ok := a.dialog.(*kit.ListDialog)
		if !ok {
			t.Fatalf("the chooser is %T", a.dialog)
		}
		// the document changes under the list: a function before b
		a.apply(kit.ActEdit{Fn: func(d *model.Document) (*model.Document, error) {
			nd, _ := model.InsertTool(d, model.Function, 0, model.Tool{Raw: json.RawMessage(`{"name": "a", "parameters": {"type": "object", "properties": {}}}`)})
			return nd, nil
		}})
		a.Update(settleMsg{})
		typeKeys(a, label)
		if it, ok := l.List.SelectedItem(); !ok || it.Title != label {
			t.Fatalf("the row chosen for %q: %+v", label, it)
		}
		a.Update(keyMsg("enter"))
	}
	choose("function b")
	if tc := string(a.s.Result().JSON); !strings.Contains(tc, `"tool_choice": {`) || !strings.Contains(tc, `"name": "b"`) {
		t.Fatalf("chose function b, the request has:\n%s", tc)
	}
	before := a.s.Version()
	a.run(kit.CmdChoice)
	typeKeys(a, "function a")
	a.apply(kit.ActEdit{Fn: func(d *model.Document) (*model.Document, error) {
		nd, _, err := model.DeleteTool(d, model.Function, 0)
		return nd, err
	}})
	a.Update(settleMsg{})
	a.Update(keyMsg("enter"))
	if !strings.Contains(status(a), "function a is no longer a choice") || a.s.Version() != before+1 {
		t.Fatalf("a tool gone meanwhile: status %q, versions %d → %d", status(a), before, a.s.Version())
	}
}
