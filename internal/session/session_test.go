package session

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/rawjson"

	"github.com/tooltui/tooltui/internal/model"
)

// Session tests: the document, its conversion, undo and redo and the saved
// state, without any pane.

func exampleSession() *Session { return New(model.Example(), "example.json", "example.json") }

// setFnName is the edit of typing a function's name.
func setFnName(i int, name string) Edit {
	return func(d *model.Document) (*model.Document, error) {
		return model.SetToolValue(d, model.Function, i, []string{"name"}, rawjson.String(name))
	}
}

func fnName(s *Session, i int) string {
	return model.StringAt(s.doc.Functions[i].Raw, []string{"name"})
}

func TestSessionNewIsCleanAndConverted(t *testing.T) {
	s := exampleSession()
	if s.Dirty() {
		t.Fatal("a new session is dirty")
	}
	if len(s.Result().JSON) == 0 || s.Doc() != s.doc {
		t.Fatal("a new session has no conversion")
	}
	if got := fnName(s, 0); got != "get_weather" {
		t.Fatalf("label of function 0 = %q", got)
	}
	if _, ok := s.Undo(false, RequestAt); ok {
		t.Fatal("undo in a new session")
	}
	if _, ok := s.Undo(true, RequestAt); ok {
		t.Fatal("redo in a new session")
	}
	if s := New(nil, "", "x"); s.doc == nil || s.Dirty() {
		t.Fatal("New(nil) has no document")
	}
}

func TestSessionApplyChangesTheDocumentNotTheOldOne(t *testing.T) {
	s := exampleSession()
	before := s.doc
	v := s.Version()
	if err := s.Apply("", RequestAt, setFnName(0, "lookup_weather")); err != nil {
		t.Fatal(err)
	}
	if fnName(s, 0) != "lookup_weather" {
		t.Fatalf("name = %q", fnName(s, 0))
	}
	if model.StringAt(before.Functions[0].Raw, []string{"name"}) != "get_weather" {
		t.Fatal("Apply changed the earlier document in place")
	}
	if !s.Dirty() || s.Version() == v {
		t.Fatal("an edit leaves the session clean")
	}
	if !strings.Contains(string(s.Result().JSON), `"lookup_weather"`) {
		t.Fatal("the conversion did not follow the edit")
	}
	if fnName(s, 0) != "lookup_weather" {
		t.Fatal("the labels did not follow the edit")
	}
}

func TestSessionApplyErrorChangesNothing(t *testing.T) {
	s := exampleSession()
	doc, v := s.doc, s.Version()
	err := s.Apply("g", RequestAt, func(*model.Document) (*model.Document, error) { return nil, errors.New("no") })
	if err == nil || err.Error() != "no" {
		t.Fatalf("err = %v", err)
	}
	if s.doc != doc || s.Version() != v || s.Dirty() || len(s.hist.undo) != 0 {
		t.Fatal("a failed edit changed the session")
	}
}

func TestSessionUndoRedo(t *testing.T) {
	s := exampleSession()
	at1 := At{Kind: model.Function, Index: 0}
	at2 := At{Kind: model.Builtin, Index: 1}
	s.Apply("", at1, setFnName(0, "a"))
	s.Apply("", at2, setFnName(0, "b"))

	got, ok := s.Undo(false, at2)
	if !ok || got != at2 || fnName(s, 0) != "a" {
		t.Fatalf("undo: at %v ok %v name %q", got, ok, fnName(s, 0))
	}
	got, ok = s.Undo(false, at1)
	if !ok || got != at1 || fnName(s, 0) != "get_weather" {
		t.Fatalf("second undo: at %v ok %v name %q", got, ok, fnName(s, 0))
	}
	if s.Dirty() {
		t.Fatal("undoing every change leaves the session dirty")
	}
	if _, ok := s.Undo(false, at1); ok {
		t.Fatal("undo past the start")
	}
	// Redo returns the selection the undo was made at.
	got, ok = s.Undo(true, RequestAt)
	if !ok || got != at1 || fnName(s, 0) != "a" || !s.Dirty() {
		t.Fatalf("redo: at %v ok %v name %q dirty %v", got, ok, fnName(s, 0), s.Dirty())
	}
	if !strings.Contains(string(s.Result().JSON), `"name": "a"`) {
		t.Fatal("redo did not reconvert")
	}
	// A new change drops what could be redone.
	s.Apply("", at1, setFnName(0, "c"))
	if _, ok := s.Undo(true, at1); ok {
		t.Fatal("redo after a new change")
	}
}

func TestSessionGroupsEditsOfOneField(t *testing.T) {
	s := exampleSession()
	at := At{Kind: model.Function, Index: 0}
	for _, n := range []string{"g", "ge", "get"} {
		s.Apply("fn0/name", at, setFnName(0, n))
	}
	s.Apply("fn0/description", at, func(d *model.Document) (*model.Document, error) {
		return model.SetToolValue(d, model.Function, 0, []string{"description"}, rawjson.String("d"))
	})
	if len(s.hist.undo) != 2 {
		t.Fatalf("%d undo steps for two fields, want 2", len(s.hist.undo))
	}
	s.Undo(false, at)
	if fnName(s, 0) != "get" {
		t.Fatalf("undoing the description: name %q", fnName(s, 0))
	}
	s.Undo(false, at)
	if fnName(s, 0) != "get_weather" {
		t.Fatalf("undoing the name group: name %q, want the original", fnName(s, 0))
	}
	if s.Dirty() {
		t.Fatal("dirty after undoing every group")
	}

	// After an undo the same group starts a new step.
	s = exampleSession()
	s.Apply("fn0/name", at, setFnName(0, "x"))
	s.Undo(false, at)
	s.Undo(true, at)
	s.Apply("fn0/name", at, setFnName(0, "xy"))
	s.Undo(false, at)
	if fnName(s, 0) != "x" {
		t.Fatalf("typing after a redo joined the redone step: name %q", fnName(s, 0))
	}

	// breakGroup and the empty group make steps of their own.
	s = exampleSession()
	s.Apply("fn0/name", at, setFnName(0, "a"))
	s.BreakGroup()
	s.Apply("fn0/name", at, setFnName(0, "ab"))
	s.Apply("", at, setFnName(0, "abc"))
	s.Apply("", at, setFnName(0, "abcd"))
	if len(s.hist.undo) != 4 {
		t.Fatalf("%d undo steps, want 4", len(s.hist.undo))
	}
}

func TestSessionDirtyFollowsTheSavedState(t *testing.T) {
	s := exampleSession()
	at := At{Kind: model.Function, Index: 0}
	s.Apply("", at, setFnName(0, "a"))
	s.Saved(s.Version(), "/tmp/x.json", "x.json")
	if s.Dirty() || s.path != "/tmp/x.json" || s.name != "x.json" {
		t.Fatalf("after Saved: dirty %v path %q name %q", s.Dirty(), s.path, s.name)
	}
	s.Apply("", at, setFnName(0, "b"))
	if !s.Dirty() {
		t.Fatal("an edit after saving is not dirty")
	}
	s.Undo(false, at)
	if s.Dirty() {
		t.Fatal("undo back to the saved state is still dirty")
	}
	s.Undo(false, at)
	if !s.Dirty() {
		t.Fatal("undo past the saved state is clean")
	}
	s.Undo(true, at)
	if s.Dirty() {
		t.Fatal("redo back to the saved state is dirty")
	}
	// The same content reached by other edits is what is on disk: clean
	// (the session compares content with the saved document).
	s.Apply("", at, setFnName(0, "z"))
	if !s.Dirty() {
		t.Fatal("another name is clean")
	}
	s.Apply("", at, setFnName(0, "a"))
	if s.Dirty() {
		t.Fatal("the saved content reached by another edit is dirty")
	}
	// A save of an older version (the write finished after more typing)
	// leaves the newer state dirty.
	old := s.Version()
	s.Apply("", at, setFnName(0, "later"))
	s.Saved(old, "/tmp/x.json", "x.json")
	if !s.Dirty() {
		t.Fatal("the state after the saved one is clean")
	}
}

func TestSessionReplace(t *testing.T) {
	s := exampleSession()
	orig := s.doc
	d, err := model.Parse([]byte(`{"model": "m", "tools_defs": [{"name": "only", "parameters": {"type": "object", "properties": {}}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	at := At{Kind: model.Builtin, Index: 1}
	s.Replace(d, at)
	if s.doc != d || !s.Dirty() || len(s.doc.Builtins) != 0 || fnName(s, 0) != "only" {
		t.Fatal("Replace did not put the document in place")
	}
	if !strings.Contains(string(s.Result().JSON), `"only"`) {
		t.Fatal("Replace did not reconvert")
	}
	got, ok := s.Undo(false, RequestAt)
	if !ok || got != at || s.doc != orig || s.Dirty() {
		t.Fatalf("undo of Replace: at %v ok %v same doc %v dirty %v", got, ok, s.doc == orig, s.Dirty())
	}
	// Replace is a step of its own even inside a group.
	s.Apply("fn0/name", at, setFnName(0, "a"))
	s.Replace(d, at)
	s.Apply("fn0/name", at, setFnName(0, "b"))
	if len(s.hist.undo) != 3 {
		t.Fatalf("%d undo steps, want 3", len(s.hist.undo))
	}
}

func TestSessionHistoryIsBounded(t *testing.T) {
	s := exampleSession()
	for i := range maxUndo + 25 {
		s.Apply("", RequestAt, setFnName(0, "n"+strconv.Itoa(i)))
	}
	if len(s.hist.undo) != maxUndo {
		t.Fatalf("%d undo steps, want %d", len(s.hist.undo), maxUndo)
	}
	for range maxUndo {
		if _, ok := s.Undo(false, RequestAt); !ok {
			t.Fatal("undo failed inside the bound")
		}
	}
	if fnName(s, 0) != "n24" {
		t.Fatalf("the oldest kept state has name %q, want n24", fnName(s, 0))
	}
	if !s.Dirty() {
		t.Fatal("the oldest kept state is not the saved one")
	}
}

func TestSessionUncheckedConvertsOnSettle(t *testing.T) {
	s := NewUnchecked(model.Example(), "example.json", "example.json")
	if s.Checked() || !s.Stale() || len(s.Result().JSON) != 0 || s.Dirty() {
		t.Fatal("an unchecked session converted, or is dirty")
	}
	if !s.Settle() || !s.Checked() || s.Stale() || len(s.Result().JSON) == 0 {
		t.Fatal("Settle did not convert an unchecked session")
	}
	want := New(model.Example(), "", "").Result().JSON
	if string(s.Result().JSON) != string(want) {
		t.Fatal("the late conversion differs from New's")
	}
}

func TestSessionGroupBackWhereItBeganLeavesNoStep(t *testing.T) {
	s := exampleSession()
	at := At{Kind: model.Function, Index: 0}
	v0 := s.Version()
	s.Apply("", at, setFnName(0, "first")) // an earlier step stays
	v1 := s.Version()
	for _, n := range []string{"first_x", "first_xy", "first_x", "first"} {
		s.Apply("fn0/name", at, setFnName(0, n))
	}
	if len(s.hist.undo) != 1 {
		t.Fatalf("%d undo steps after typing and deleting it again, want 1", len(s.hist.undo))
	}
	if s.Version() != v1 {
		t.Fatalf("version %d after the group came back, want the one before it (%d)", s.Version(), v1)
	}
	// Typing again starts a step of its own, and undo goes to the start.
	s.Apply("fn0/name", at, setFnName(0, "first_z"))
	s.Undo(false, at)
	if fnName(s, 0) != "first" {
		t.Fatalf("undo after typing again: name %q, want first", fnName(s, 0))
	}
	s.Undo(false, at)
	if fnName(s, 0) != "get_weather" || s.Version() != v0 || s.Dirty() {
		t.Fatalf("second undo: name %q, version %d (want %d), dirty %v", fnName(s, 0), s.Version(), v0, s.Dirty())
	}
	if _, ok := s.Undo(false, at); ok {
		t.Fatal("a third step to undo")
	}
}
