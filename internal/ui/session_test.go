package ui

import (
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/rawjson"

	"github.com/tooltui/tooltui/internal/model"
)

// Session tests: the document, its conversion, undo and redo and the saved
// state, without any pane.

func sessionOf(t *testing.T, src string) *Session {
	t.Helper()
	d, err := model.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return newSession(d, "doc.json", "doc.json")
}

// setFnName is the edit of typing a function's name.
func setFnName(i int, name string) edit {
	return func(d *model.Document) (*model.Document, error) {
		return model.SetToolValue(d, model.Function, i, []string{"name"}, rawjson.String(name))
	}
}

func fnName(s *Session, i int) string {
	return model.StringAt(s.Doc().Functions[i].Raw, []string{"name"})
}

func TestSessionMarksAndTool(t *testing.T) {
	s := sessionOf(t, `{"model": "m", "tools_defs": [
		{"name": "ok", "strict": false, "parameters": {"type": "object", "properties": {}}},
		{"name": "bad name!", "strict": false, "parameters": {"type": "object", "properties": {}}}
	], "extra": {"builtin_tools": [{"type": "no_such_tool"}]}}`)
	if s.rowMarks()[sel{Kind: model.Function, Index: 0}] != 0 {
		t.Error("a valid function is marked")
	}
	if s.rowMarks()[sel{Kind: model.Function, Index: 1}] != 2 {
		t.Errorf("an invalid function name is not marked as an error: %v", s.Result().Diagnostics)
	}
	if s.rowMarks()[sel{Kind: model.Builtin, Index: 0}] == 0 {
		t.Errorf("an unknown built-in is not marked: %v", s.Result().Diagnostics)
	}
	if _, ok := s.Tool(requestSel); ok {
		t.Error("tool(request) is ok")
	}
	if _, ok := s.Tool(sel{Kind: model.Builtin, Index: 5}); ok {
		t.Error("a stale selection gives a tool")
	}
	if tl, ok := s.Tool(sel{Kind: model.Function, Index: 1}); !ok || !strings.Contains(string(tl.Raw), "bad name!") {
		t.Error("tool(function 1) is wrong")
	}
	// Fixing the name clears its mark.
	s.Apply("", requestSel, setFnName(1, "good_name"))
	if s.rowMarks()[sel{Kind: model.Function, Index: 1}] != 0 {
		t.Errorf("the mark stayed after the fix: %v", s.Result().Diagnostics)
	}
}

func TestRowsAndSelections(t *testing.T) {
	d := model.Example() // 1 function, 2 built-ins
	if n := rowCount(d); n != 4 {
		t.Fatalf("rowCount = %d", n)
	}
	want := []sel{requestSel, {Kind: model.Function, Index: 0}, {Kind: model.Builtin, Index: 0}, {Kind: model.Builtin, Index: 1}}
	for row, w := range want {
		if got := selAt(d, row); got != w {
			t.Errorf("selAt(%d) = %+v, want %+v", row, got, w)
		}
		if got := rowOf(d, w); got != row {
			t.Errorf("rowOf(%+v) = %d, want %d", w, got, row)
		}
		if !w.Valid(d) {
			t.Errorf("%+v not valid", w)
		}
	}
	if selAt(d, -3) != requestSel {
		t.Error("a negative row is not the request")
	}
	if (sel{Kind: model.Builtin, Index: 2}).Valid(d) || (sel{Kind: model.Function, Index: -1}).Valid(d) {
		t.Error("a selection out of range is valid")
	}
}
