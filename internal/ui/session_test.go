package ui

import (
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/rawjson"
	"github.com/tooltui/tooltui/internal/ui/kit"

	"github.com/tooltui/tooltui/internal/model"
)

// Session tests: the document, its conversion, undo and redo and the saved
// state, without any pane.

func sessionOf(t *testing.T, src string) *kit.Session {
	t.Helper()
	d, err := model.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return kit.NewSession(d, "doc.json", "doc.json")
}

// setFnName is the edit of typing a function's name.
func setFnName(i int, name string) kit.Edit {
	return func(d *model.Document) (*model.Document, error) {
		return model.SetToolValue(d, model.Function, i, []string{"name"}, rawjson.String(name))
	}
}

func fnName(s *kit.Session, i int) string {
	return model.StringAt(s.Doc().Functions[i].Raw, []string{"name"})
}

func TestSessionMarksAndTool(t *testing.T) {
	s := sessionOf(t, `{"model": "m", "tools_defs": [
		{"name": "ok", "strict": false, "parameters": {"type": "object", "properties": {}}},
		{"name": "bad name!", "strict": false, "parameters": {"type": "object", "properties": {}}}
	], "extra": {"builtin_tools": [{"type": "no_such_tool"}]}}`)
	if s.RowMarks()[kit.Sel{Kind: model.Function, Index: 0}] != 0 {
		t.Error("a valid function is marked")
	}
	if s.RowMarks()[kit.Sel{Kind: model.Function, Index: 1}] != 2 {
		t.Errorf("an invalid function name is not marked as an error: %v", s.Result().Diagnostics)
	}
	if s.RowMarks()[kit.Sel{Kind: model.Builtin, Index: 0}] == 0 {
		t.Errorf("an unknown built-in is not marked: %v", s.Result().Diagnostics)
	}
	if _, ok := s.Tool(kit.RequestSel); ok {
		t.Error("tool(request) is ok")
	}
	if _, ok := s.Tool(kit.Sel{Kind: model.Builtin, Index: 5}); ok {
		t.Error("a stale selection gives a tool")
	}
	if tl, ok := s.Tool(kit.Sel{Kind: model.Function, Index: 1}); !ok || !strings.Contains(string(tl.Raw), "bad name!") {
		t.Error("tool(function 1) is wrong")
	}
	// Fixing the name clears its mark.
	s.Apply("", kit.RequestSel, setFnName(1, "good_name"))
	if s.RowMarks()[kit.Sel{Kind: model.Function, Index: 1}] != 0 {
		t.Errorf("the mark stayed after the fix: %v", s.Result().Diagnostics)
	}
}

func TestRowsAndSelections(t *testing.T) {
	d := model.Example() // 1 function, 2 built-ins
	if n := kit.RowCount(d); n != 4 {
		t.Fatalf("rowCount = %d", n)
	}
	want := []kit.Sel{kit.RequestSel, {Kind: model.Function, Index: 0}, {Kind: model.Builtin, Index: 0}, {Kind: model.Builtin, Index: 1}}
	for row, w := range want {
		if got := kit.SelAt(d, row); got != w {
			t.Errorf("selAt(%d) = %+v, want %+v", row, got, w)
		}
		if got := kit.RowOf(d, w); got != row {
			t.Errorf("rowOf(%+v) = %d, want %d", w, got, row)
		}
		if !w.Valid(d) {
			t.Errorf("%+v not valid", w)
		}
	}
	if kit.SelAt(d, -3) != kit.RequestSel {
		t.Error("a negative row is not the request")
	}
	if (kit.Sel{Kind: model.Builtin, Index: 2}).Valid(d) || (kit.Sel{Kind: model.Function, Index: -1}).Valid(d) {
		t.Error("a selection out of range is valid")
	}
}
