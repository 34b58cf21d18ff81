package ui

import (
	"encoding/json"
	"strings"
	"testing"
)

// The request form reads no tool for tool_choice until the field is
// cycled or opened, and then offers every tool, the value kept.
func TestToolChoiceOptionsReadWhenAsked(t *testing.T) {
	d := parseDoc(t, `{"model": "m", "tool_choice": "required",
		"tools_defs": [{"name": "a", "parameters": {}}, {"name": "b", "parameters": {}}],
		"extra": {"builtin_tools": [{"type": "web_search"}, {"type": "mcp", "server_label": "s", "server_url": "https://x"}]}}`)
	labels := func(f *field) string {
		var out []string
		for _, o := range f.opts {
			out = append(out, o.label)
		}
		return strings.Join(out, ",")
	}
	f := toolChoiceField(d, json.RawMessage(`"required"`))
	if f.more == nil || len(f.opts) != 4 || string(f.opts[f.sel].raw) != `"required"` {
		t.Fatalf("before: more %v, options %s, text %q", f.more != nil, labels(f), f.text())
	}
	want := labels(newSelectField("tool_choice", "", nil, toolChoiceOptions(d), json.RawMessage(`"required"`)))
	for name, ask := range map[string]func(f *field){
		"cycle":  func(f *field) { f.cycle(0) },
		"dialog": func(f *field) { newSelectDialog(f) },
	} {
		f := toolChoiceField(d, json.RawMessage(`"required"`))
		before := f.text()
		ask(f)
		if f.more != nil || labels(f) != want || f.text() != before {
			t.Errorf("%s: options %s (want %s), text %q (was %q)", name, labels(f), want, f.text(), before)
		}
		if !strings.Contains(labels(f), "function b") || !strings.Contains(labels(f), "mcp s") {
			t.Errorf("%s: options %s name no tool", name, labels(f))
		}
	}
	// A value naming a tool reads them at once, to say whether it is one.
	for _, v := range []string{`{"type":"function","name":"b"}`, `{"type":"function","name":"gone"}`} {
		f := toolChoiceField(d, json.RawMessage(v))
		full := newSelectField("tool_choice", "", nil, toolChoiceOptions(d), json.RawMessage(v))
		if f.more != nil || f.text() != full.text() {
			t.Errorf("%s: text %q, want %q", v, f.text(), full.text())
		}
	}
}
