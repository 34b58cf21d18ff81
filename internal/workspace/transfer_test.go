package workspace

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/session"
)

func parse(t *testing.T, s string) *model.Document {
	t.Helper()
	d, err := model.Parse([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func names(d *model.Document, k model.Kind) []string {
	var out []string
	for _, t := range d.List(k) {
		_, _, n := model.ToolName(k, t.Raw)
		if n == "" {
			n = model.StringAt(t.Raw, []string{"type"})
		}
		out = append(out, n)
	}
	return out
}

func choiceOf(d *model.Document) string {
	v, _ := d.Fields.Get("tool_choice")
	return string(v)
}

// errorsOf are the converter's errors for d.
func errorsOf(d *model.Document) []string {
	_, diags := convert.Convert(d)
	var out []string
	for _, dg := range diags {
		if dg.Severity == convert.Error {
			out = append(out, dg.Location+": "+dg.Message)
		}
	}
	return out
}

var (
	fn0 = session.At{Kind: model.Function, Index: 0}
	fn1 = session.At{Kind: model.Function, Index: 1}
	bi0 = session.At{Kind: model.Builtin, Index: 0}
)

func TestMoveCarriesMocksAndClearsToolChoice(t *testing.T) {
	src, dst := parse(t, docA), parse(t, docB)
	tr, err := Move(src, dst, []session.At{fn0, bi0}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := names(tr.Src, model.Function); !reflect.DeepEqual(got, []string{"lookup_order"}) || len(tr.Src.Builtins) != 0 {
		t.Errorf("source functions %q, built-ins %d", got, len(tr.Src.Builtins))
	}
	// Functions after the destination's functions, built-ins after its
	// built-ins, in the body's tools array too.
	if got := names(tr.Dst, model.Function); !reflect.DeepEqual(got, []string{"send_email", "get_weather"}) {
		t.Errorf("destination functions %q", got)
	}
	if got := names(tr.Dst, model.Builtin); !reflect.DeepEqual(got, []string{"file_search", "web_search"}) {
		t.Errorf("destination built-ins %q", got)
	}
	if want := []session.At{{Kind: model.Function, Index: 1}, {Kind: model.Builtin, Index: 1}}; !reflect.DeepEqual(tr.Placed, want) {
		t.Errorf("Placed %v", tr.Placed)
	}
	out, err := tr.Dst.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if s := string(out); !strings.Contains(s, `"type": "function",`) || strings.Index(s, "get_weather") > strings.Index(s, `"web_search"`) {
		t.Errorf("the body as saved:\n%s", s)
	}
	// The mock outputs went with the function; tool_choice stays behind,
	// removed from the source, which no longer has what it forced.
	if _, ok := tr.Src.Mocks["get_weather"]; ok {
		t.Error("the source keeps get_weather's mock outputs")
	}
	if got := string(tr.Dst.Mocks["get_weather"]); got != `{"output": "sunny"}` {
		t.Errorf("destination mocks: %q", got)
	}
	if c := choiceOf(tr.Src); c != "" {
		t.Errorf("source tool_choice %s", c)
	}
	if c := choiceOf(tr.Dst); c != "" {
		t.Errorf("destination tool_choice %s, asked for none", c)
	}
	if errs := append(errorsOf(tr.Src), errorsOf(tr.Dst)...); len(errs) != 0 {
		t.Errorf("errors after the move: %q", errs)
	}
	// The documents given are as they were.
	if len(src.Functions) != 2 || len(dst.Functions) != 1 || choiceOf(src) == "" || dst.Mocks != nil {
		t.Error("Move changed its arguments")
	}
	if len(tr.Notes) != 2 {
		t.Errorf("notes: %q", tr.Notes)
	}
}

func TestMoveWithChoice(t *testing.T) {
	tr, err := Move(parse(t, docA), parse(t, docB), []session.At{fn0}, Options{Choice: true})
	if err != nil {
		t.Fatal(err)
	}
	if c := choiceOf(tr.Dst); c != `{"type":"function","name":"get_weather"}` {
		t.Errorf("destination tool_choice %s", c)
	}
	if c := choiceOf(tr.Src); c != "" {
		t.Errorf("source tool_choice %s", c)
	}
}

func TestCopyKeepsTheSource(t *testing.T) {
	src := parse(t, docA)
	tr, err := Copy(src, parse(t, docB), []session.At{fn1, fn0}, Options{Choice: true})
	if err != nil {
		t.Fatal(err)
	}
	if tr.Src != src {
		t.Error("a copy changed the source")
	}
	if got := names(tr.Dst, model.Function); !reflect.DeepEqual(got, []string{"send_email", "lookup_order", "get_weather"}) {
		t.Errorf("destination functions %q", got)
	}
	if got := string(tr.Dst.Mocks["get_weather"]); got != `{"output": "sunny"}` {
		t.Errorf("destination mocks: %q", got)
	}
	if c := choiceOf(tr.Dst); c != `{"type":"function","name":"get_weather"}` {
		t.Errorf("destination tool_choice %s", c)
	}
}

func TestAllowedToolsFollow(t *testing.T) {
	src := parse(t, strings.Replace(docA, `{"type": "function", "name": "get_weather"}`,
		`{"type": "allowed_tools", "mode": "required", "tools": [{"type": "function", "name": "get_weather"}, {"type": "function", "name": "lookup_order"}]}`, 1))
	tr, err := Move(src, parse(t, docB), []session.At{fn0}, Options{Choice: true})
	if err != nil {
		t.Fatal(err)
	}
	if c := choiceOf(tr.Src); c != `{"type":"allowed_tools","mode":"required","tools":[{"type": "function", "name": "lookup_order"}]}` {
		t.Errorf("source tool_choice %s", c)
	}
	if c := choiceOf(tr.Dst); c != `{"type":"allowed_tools","mode":"required","tools":[{"type":"function","name":"get_weather"}]}` {
		t.Errorf("destination tool_choice %s", c)
	}
	// Moving the last one it allows removes it.
	tr2, err := Move(tr.Src, tr.Dst, []session.At{fn0}, Options{Rename: true})
	if err != nil {
		t.Fatal(err)
	}
	if c := choiceOf(tr2.Src); c != "" {
		t.Errorf("source tool_choice %s", c)
	}
	if errs := append(errorsOf(tr2.Src), errorsOf(tr2.Dst)...); len(errs) != 0 {
		t.Errorf("errors after the moves: %q", errs)
	}
}

func TestClash(t *testing.T) {
	src := parse(t, docA)
	dst := parse(t, `{"model": "gpt-5", "tool_choice": {"type": "function", "name": "get_weather"}, "tools_defs": [{"name": "get_weather", "description": "mine"}, {"name": "get_weather_2"}], "tooltui": {"mocks": {"get_weather": {"output": "rain"}, "lookup_order": {"output": "none"}}}}`)
	_, err := Move(src, dst, []session.At{fn0}, Options{})
	var ce *ClashError
	if !errors.As(err, &ce) || ce.Name != "get_weather" || ce.Mocks || !strings.Contains(err.Error(), `"get_weather"`) {
		t.Fatalf("clash: %v", err)
	}
	// Mock outputs under the name, without a function, clash too.
	_, err = Copy(src, dst, []session.At{fn1}, Options{})
	if !errors.As(err, &ce) || ce.Name != "lookup_order" || !ce.Mocks {
		t.Fatalf("clash with mock outputs: %v", err)
	}
	tr, err := Move(src, dst, []session.At{fn0, fn1}, Options{Rename: true, Choice: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := names(tr.Dst, model.Function); !reflect.DeepEqual(got, []string{"get_weather", "get_weather_2", "get_weather_3", "lookup_order_2"}) {
		t.Errorf("destination functions %q", got)
	}
	// Everything the destination had stays its own; what came follows
	// the new names.
	if got := string(tr.Dst.Mocks["get_weather"]); got != `{"output": "rain"}` {
		t.Errorf("the destination's mock outputs changed: %s", got)
	}
	if got := string(tr.Dst.Mocks["get_weather_3"]); got != `{"output": "sunny"}` {
		t.Errorf("the moved mock outputs: %s", got)
	}
	if c := choiceOf(tr.Dst); c != `{"type":"function","name":"get_weather_3"}` {
		t.Errorf("destination tool_choice %s", c)
	}
	if !strings.Contains(strings.Join(tr.Notes, "\n"), "get_weather is get_weather_3") {
		t.Errorf("notes: %q", tr.Notes)
	}
}

func TestMoveServerAndCustomTool(t *testing.T) {
	src := parse(t, `{"tools_defs": [{"name": "search", "parameters": {"type": "object", "properties": {}}}],
  "extra": {"builtin_tools": [{"type": "custom", "name": "calc"}, {"type": "mcp", "server_label": "docs", "server_url": "https://example.com/mcp"}]},
  "tool_choice": {"type": "custom", "name": "calc"},
  "tooltui": {"origins": {"tools_defs[0]": "mcp:kb"}, "mcp_servers": {"kb": {"url": "https://kb.example.com/mcp"}}}}`)
	if src.Functions[0].Server != "kb" {
		t.Fatalf("the document's function is not served by kb: %+v", src.Functions[0])
	}
	dst := parse(t, `{"tools_defs": [{"name": "calc"}], "extra": {"builtin_tools": [{"type": "mcp", "server_label": "wiki", "server_url": "https://w.example.com/mcp"}]}, "tooltui": {"mcp_servers": {"kb": {"url": "https://other.example.com/mcp"}}}}`)
	if _, err := Move(src, dst, []session.At{bi0}, Options{}); err == nil || !strings.Contains(err.Error(), `"calc"`) {
		t.Errorf("a custom tool named as a function of the destination: %v", err)
	}
	tr, err := Move(src, dst, []session.At{fn0, bi0, {Kind: model.Builtin, Index: 1}}, Options{Rename: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := names(tr.Dst, model.Builtin); !reflect.DeepEqual(got, []string{"wiki", "calc_2", "docs"}) {
		t.Errorf("destination built-ins %q", got)
	}
	if c := choiceOf(tr.Src); c != "" {
		t.Errorf("source tool_choice %s", c)
	}
	f := tr.Dst.Functions[1]
	if f.Server == "kb" || tr.Dst.MCPServers[f.Server].URL != "https://kb.example.com/mcp" || tr.Dst.MCPServers["kb"].URL != "https://other.example.com/mcp" {
		t.Errorf("the function's server: %q, servers %v", f.Server, tr.Dst.MCPServers)
	}
}

func TestTransferRefuses(t *testing.T) {
	a, b := parse(t, docA), parse(t, docB)
	for name, c := range map[string]struct {
		src, dst *model.Document
		at       []session.At
	}{
		"same document": {a, a, []session.At{fn0}},
		"nothing":       {a, b, nil},
		"the request":   {a, b, []session.At{session.RequestAt}},
		"out of range":  {a, b, []session.At{{Kind: model.Function, Index: 5}}},
		"twice":         {a, b, []session.At{fn0, fn0}},
	} {
		if _, err := Move(c.src, c.dst, c.at, Options{}); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// Each side is one change of its own session: undo brings it back.
func TestTransferIsOneUndoEach(t *testing.T) {
	w, _ := workspaceOf(t, map[string]string{"a.json": docA, "b.json": docB})
	a, b := mustSession(t, w, "a.json"), mustSession(t, w, "b.json")
	tr, err := Move(a.Doc(), b.Doc(), []session.At{fn0}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	set := func(d *model.Document) session.Edit {
		return func(*model.Document) (*model.Document, error) { return d, nil }
	}
	if err := a.Apply("", fn0, set(tr.Src)); err != nil {
		t.Fatal(err)
	}
	if err := b.Apply("", tr.Placed[0], set(tr.Dst)); err != nil {
		t.Fatal(err)
	}
	if got := w.Unsaved(); !reflect.DeepEqual(got, []string{"a.json", "b.json"}) {
		t.Errorf("Unsaved: %q", got)
	}
	a.Undo(false, session.RequestAt)
	b.Undo(false, session.RequestAt)
	if got := w.Unsaved(); got != nil {
		t.Errorf("Unsaved after one undo each: %q", got)
	}
}
