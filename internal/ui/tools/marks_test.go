package tools

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// fourteen is a document of 14 functions, fn_00 … fn_13, and web_search.
func fourteen(t *testing.T) *model.Document {
	t.Helper()
	var fns []string
	for i := range 14 {
		fns = append(fns, fmt.Sprintf(`{"name": "fn_%02d", "description": "d", "parameters": {"type": "object", "properties": {}, "required": [], "additionalProperties": false}, "strict": true}`, i))
	}
	d, err := model.Parse([]byte(`{"model": "gpt-5", "tools_defs": [` + strings.Join(fns, ",") + `], "extra": {"builtin_tools": [{"type": "web_search"}]}}`))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func fn(i int) kit.Sel { return kit.Sel{Kind: model.Function, Index: i} }

// names lists the functions of d, "-" after a disabled one.
func names(d *model.Document) []string {
	var out []string
	for _, t := range d.Functions {
		n := model.StringAt(t.Raw, []string{"name"})
		if t.Disabled {
			n += "-"
		}
		out = append(out, n)
	}
	return out
}

// env is a session on d with the pane showing it, at selected.
func env(t *testing.T, d *model.Document, at kit.Sel) (*kit.Env, *Pane) {
	t.Helper()
	km := kit.DefaultKeyMap()
	st := kit.NewStyles(true)
	e := &kit.Env{S: kit.NewSession(d, "", "doc.json"), Km: &km, St: &st, At: at}
	p := &Pane{}
	p.SetHeight(30)
	p.Show(e.S, at)
	return e, p
}

// run applies the pane's actions the way the root does: the edit through
// the session (one undo step), then the selection.
func run(t *testing.T, e *kit.Env, p *Pane, acts []kit.Action) string {
	t.Helper()
	said := ""
	for _, a := range acts {
		switch a := a.(type) {
		case kit.ActEdit:
			if err := e.S.Apply(a.Group, e.At, a.Fn); err != nil {
				t.Fatal(err)
			}
		case kit.ActSelect:
			e.At = a.At
		case kit.ActStatus:
			said = a.Text
		}
	}
	p.Show(e.S, e.At)
	return said
}

func mark(t *testing.T, e *kit.Env, p *Pane, sels ...kit.Sel) {
	t.Helper()
	for _, s := range sels {
		e.At = s
		p.Show(e.S, s)
		run(t, e, p, p.ToggleMark(e))
	}
}

func TestMarkMovesDownAndCounts(t *testing.T) {
	e, p := env(t, fourteen(t), fn(2))
	said := run(t, e, p, p.ToggleMark(e))
	if e.At != fn(3) || !strings.Contains(said, "Marked fn_02") || !strings.Contains(said, "1 marked") {
		t.Fatalf("after m: at %v, said %q", e.At, said)
	}
	if got := p.Title(e.S.Doc()); got != "1 Tools · 1 marked" {
		t.Errorf("title %q", got)
	}
	view := ansi.Strip(strings.Join(p.View(e, 40, 30, true), "\n"))
	if !strings.Contains(view, "●ƒ fn_02") || strings.Contains(view, "●ƒ fn_03") {
		t.Errorf("the list does not show fn_02 alone marked:\n%s", view)
	}
	e.At = fn(2)
	p.Show(e.S, e.At)
	run(t, e, p, p.ToggleMark(e))
	if n := p.MarkCount(e.S.Doc()); n != 0 {
		t.Errorf("m again left %d marked", n)
	}
	if got := p.Title(e.S.Doc()); got != "1 Tools" {
		t.Errorf("title %q", got)
	}
	e.At = kit.RequestSel
	if said := run(t, e, p, p.ToggleMark(e)); !strings.Contains(said, "cannot be marked") || p.MarkCount(e.S.Doc()) != 0 {
		t.Errorf("m on the request: %q, %d marked", said, p.MarkCount(e.S.Doc()))
	}
}

func TestDeleteMarkedIsOneUndoStep(t *testing.T) {
	d := fourteen(t)
	e, p := env(t, d, fn(0))
	mark(t, e, p, fn(3), fn(7), fn(11))
	e.At = fn(0)
	acts, ok := p.OnMarked(OpDelete, e)
	if !ok {
		t.Fatal("OnMarked did nothing with 3 marked")
	}
	edits := 0
	for _, a := range acts {
		if _, ok := a.(kit.ActEdit); ok {
			edits++
		}
	}
	if edits != 1 {
		t.Fatalf("%d edits, want one", edits)
	}
	said := run(t, e, p, acts)
	got := names(e.S.Doc())
	if len(got) != 11 || slices.Contains(got, "fn_03") || slices.Contains(got, "fn_07") || slices.Contains(got, "fn_11") {
		t.Fatalf("after x: %v", got)
	}
	if !strings.Contains(said, "Deleted 3 marked tools") {
		t.Errorf("said %q", said)
	}
	if n := p.MarkCount(e.S.Doc()); n != 0 {
		t.Errorf("%d marks left on deleted tools", n)
	}
	if _, ok := e.S.Undo(false, e.At); !ok {
		t.Fatal("nothing to undo")
	}
	if got := names(e.S.Doc()); !slices.Equal(got, names(d)) {
		t.Errorf("one undo gave %v", got)
	}
	if e.S.CanUndo(false) != 0 {
		t.Errorf("%d more steps to undo", e.S.CanUndo(false))
	}
}

func TestDeleteMarkedSelectsTheNextTool(t *testing.T) {
	e, p := env(t, fourteen(t), fn(0))
	mark(t, e, p, fn(3), fn(4))
	e.At = fn(4)
	acts, _ := p.OnMarked(OpDelete, e)
	run(t, e, p, acts)
	if t0, _ := e.S.Tool(e.At); model.StringAt(t0.Raw, []string{"name"}) != "fn_05" {
		t.Errorf("selected %v after deleting the selected marked tool, want fn_05", e.At)
	}
	e, p = env(t, fourteen(t), fn(0))
	mark(t, e, p, fn(3), fn(4))
	e.At = fn(9)
	acts, _ = p.OnMarked(OpDelete, e)
	run(t, e, p, acts)
	if t0, _ := e.S.Tool(e.At); model.StringAt(t0.Raw, []string{"name"}) != "fn_09" {
		t.Errorf("selected %v, want fn_09 still", e.At)
	}
}

func TestToggleMarked(t *testing.T) {
	e, p := env(t, fourteen(t), fn(0))
	mark(t, e, p, fn(1), fn(2))
	acts, _ := p.OnMarked(OpToggle, e)
	said := run(t, e, p, acts)
	if got := names(e.S.Doc()); got[1] != "fn_01-" || got[2] != "fn_02-" || got[0] != "fn_00" || got[3] != "fn_03" {
		t.Fatalf("space disabled %v", got)
	}
	if !strings.Contains(said, "Disabled 2 marked tools") {
		t.Errorf("said %q", said)
	}
	if p.MarkCount(e.S.Doc()) != 2 {
		t.Errorf("the marks did not stay on the disabled tools")
	}
	acts, _ = p.OnMarked(OpToggle, e)
	said = run(t, e, p, acts)
	if got := names(e.S.Doc()); got[1] != "fn_01" || got[2] != "fn_02" {
		t.Fatalf("space again left %v", got)
	}
	if !strings.Contains(said, "Enabled 2") {
		t.Errorf("said %q", said)
	}
	// Mixed: every marked tool is disabled.
	mark(t, e, p, fn(5))
	e.At = fn(1)
	run(t, e, p, []kit.Action{kit.ActEdit{Fn: func(d *model.Document) (*model.Document, error) { return model.ToggleTool(d, model.Function, 1) }}})
	acts, _ = p.OnMarked(OpToggle, e)
	said = run(t, e, p, acts)
	if got := names(e.S.Doc()); got[1] != "fn_01-" || got[2] != "fn_02-" || got[5] != "fn_05-" {
		t.Fatalf("space on mixed marks: %v", got)
	}
	if !strings.Contains(said, "1 of them already") {
		t.Errorf("said %q", said)
	}
}

func TestMoveMarkedAsABlock(t *testing.T) {
	e, p := env(t, fourteen(t), fn(0))
	mark(t, e, p, fn(0), fn(1), fn(4))
	e.At = fn(4)
	acts, _ := p.OnMarked(OpMoveUp, e)
	said := run(t, e, p, acts)
	got := names(e.S.Doc())
	if strings.Join(got[:5], " ") != "fn_00 fn_01 fn_02 fn_04 fn_03" {
		t.Fatalf("K moved to %v", got[:5])
	}
	if e.At != fn(3) {
		t.Errorf("the selection did not follow fn_04: %v", e.At)
	}
	if !strings.Contains(said, "Moved 1 marked tool up (2 at the top stayed)") {
		t.Errorf("said %q", said)
	}
	if m := p.Marked(e.S.Doc()); !slices.Equal(m, []kit.Sel{fn(0), fn(1), fn(3)}) {
		t.Errorf("marks after the move: %v", m)
	}
	acts, _ = p.OnMarked(OpMoveDown, e)
	run(t, e, p, acts)
	if got := names(e.S.Doc()); strings.Join(got[:5], " ") != "fn_02 fn_00 fn_01 fn_03 fn_04" {
		t.Fatalf("J moved to %v", got[:5])
	}
	// All at the top: refused, no change.
	e2, p2 := env(t, fourteen(t), fn(0))
	mark(t, e2, p2, fn(0), fn(1))
	v := e2.S.Version()
	acts, _ = p2.OnMarked(OpMoveUp, e2)
	if said := run(t, e2, p2, acts); !strings.Contains(said, "top of their lists already") || e2.S.Version() != v {
		t.Errorf("K at the top: %q, version %d→%d", said, v, e2.S.Version())
	}
}

func TestDuplicateMarked(t *testing.T) {
	e, p := env(t, fourteen(t), fn(0))
	mark(t, e, p, fn(1), fn(3))
	e.At = fn(3)
	acts, _ := p.OnMarked(OpDuplicate, e)
	run(t, e, p, acts)
	got := names(e.S.Doc())
	if strings.Join(got[:6], " ") != "fn_00 fn_01 fn_2 fn_02 fn_03 fn_3" {
		t.Fatalf("D made %v", got[:6])
	}
	if e.At != fn(4) {
		t.Errorf("the selection did not follow fn_03: %v", e.At)
	}
	if m := p.Marked(e.S.Doc()); !slices.Equal(m, []kit.Sel{fn(1), fn(4)}) {
		t.Errorf("marks after D: %v", m)
	}
}

// TestMarksFollowTheirTools: an undo, an edit of another tool, a move and
// an edit of the marked tool itself keep each mark on its tool; a tool
// that goes away takes its mark with it.
func TestMarksFollowTheirTools(t *testing.T) {
	e, p := env(t, fourteen(t), fn(0))
	mark(t, e, p, fn(5), fn(9))
	del := func(i int) kit.Action {
		return kit.ActEdit{Fn: func(d *model.Document) (*model.Document, error) {
			nd, _, err := model.DeleteTool(d, model.Function, i)
			return nd, err
		}}
	}
	run(t, e, p, []kit.Action{del(0)})
	if m := p.Marked(e.S.Doc()); !slices.Equal(m, []kit.Sel{fn(4), fn(8)}) {
		t.Fatalf("after deleting fn_00: %v", m)
	}
	e.S.Undo(false, e.At)
	p.Show(e.S, e.At)
	if m := p.Marked(e.S.Doc()); !slices.Equal(m, []kit.Sel{fn(5), fn(9)}) {
		t.Fatalf("after the undo: %v", m)
	}
	// An edit of the marked tool itself (its name) keeps the mark.
	run(t, e, p, []kit.Action{kit.ActEdit{Fn: func(d *model.Document) (*model.Document, error) {
		return model.SetToolValue(d, model.Function, 5, []string{"name"}, []byte(`"renamed"`))
	}}})
	if m := p.Marked(e.S.Doc()); !slices.Equal(m, []kit.Sel{fn(5), fn(9)}) {
		t.Fatalf("after renaming fn_05: %v", m)
	}
	// A move of the marked tool, by the single-tool K.
	run(t, e, p, []kit.Action{kit.ActEdit{Fn: func(d *model.Document) (*model.Document, error) {
		nd, _, err := model.MoveTool(d, model.Function, 9, -1)
		return nd, err
	}}})
	if m := p.Marked(e.S.Doc()); !slices.Equal(m, []kit.Sel{fn(5), fn(8)}) {
		t.Fatalf("after moving fn_09 up: %v", m)
	}
	run(t, e, p, []kit.Action{del(5)})
	if m := p.Marked(e.S.Doc()); !slices.Equal(m, []kit.Sel{fn(7)}) {
		t.Fatalf("after deleting the marked renamed tool: %v", m)
	}
}

// TestMarksLeaveAnotherDocument: a document that has none of the tools
// (read again from the file, or another one) keeps no mark, even with as
// many tools.
func TestMarksLeaveAnotherDocument(t *testing.T) {
	e, p := env(t, fourteen(t), fn(0))
	mark(t, e, p, fn(2), fn(6))
	run(t, e, p, []kit.Action{kit.ActEdit{Fn: func(*model.Document) (*model.Document, error) { return fourteen(t), nil }}})
	if m := p.Marked(e.S.Doc()); len(m) != 0 {
		t.Errorf("marks on another document: %v", m)
	}
}

func TestEscClearsMarksAfterTheFilter(t *testing.T) {
	e, p := env(t, fourteen(t), fn(0))
	mark(t, e, p, fn(1))
	esc := tea.KeyPressMsg{Code: tea.KeyEscape}
	_, acts := p.Update(esc, e)
	if len(acts) != 1 || acts[0] != (kit.ActRun{Name: kit.CmdUnmark}) {
		t.Fatalf("esc with marks: %v", acts)
	}
	if said := run(t, e, p, p.ClearMarks(e)); said != "Cleared 1 mark" || p.MarkCount(e.S.Doc()) != 0 {
		t.Errorf("clear: %q, %d left", said, p.MarkCount(e.S.Doc()))
	}
	_, acts = p.Update(esc, e)
	if len(acts) != 1 || !strings.Contains(fmt.Sprint(acts[0]), "Already at the top level") {
		t.Errorf("esc without marks: %v", acts)
	}
}

func TestMarkAllMarksWhatTheFilterShows(t *testing.T) {
	e, p := env(t, fourteen(t), fn(0))
	p.Filter.Text = "fn_1"
	p.Refilter(e.S.Doc(), e.S)
	run(t, e, p, p.MarkAll(e))
	if m := p.Marked(e.S.Doc()); !slices.Equal(m, []kit.Sel{fn(1), fn(10), fn(11), fn(12), fn(13)}) {
		t.Errorf("ctrl+a under the filter fn_1 marked %v", m)
	}
}

func TestCopyMarked(t *testing.T) {
	e, p := env(t, fourteen(t), fn(0))
	mark(t, e, p, fn(2), fn(4))
	run(t, e, p, []kit.Action{kit.ActEdit{Fn: func(d *model.Document) (*model.Document, error) { return model.ToggleTool(d, model.Function, 4) }}})
	acts, ok := p.OnMarked(OpCopy, e)
	if !ok || len(acts) != 1 {
		t.Fatalf("copy: %v", acts)
	}
	c, ok := acts[0].(kit.ActCopy)
	if !ok {
		t.Fatalf("copy: %#v", acts[0])
	}
	if !strings.Contains(c.Text, `"fn_02"`) || strings.Contains(c.Text, `"fn_04"`) || strings.Contains(c.Text, `"fn_00"`) || !strings.HasPrefix(c.Text, "[\n  {") {
		t.Errorf("copied:\n%s", c.Text)
	}
	if !strings.Contains(c.What, "1 marked tool; 1 marked left out") {
		t.Errorf("what %q", c.What)
	}
}

func TestNothingMarkedLeavesTheKeysAlone(t *testing.T) {
	e, p := env(t, fourteen(t), fn(0))
	for _, op := range []Op{OpDelete, OpToggle, OpMoveUp, OpMoveDown, OpDuplicate, OpCopy} {
		if acts, ok := p.OnMarked(op, e); ok || acts != nil {
			t.Errorf("op %d with nothing marked: %v", op, acts)
		}
	}
}

// many is a document of n functions.
func many(b *testing.B, n int) *model.Document {
	b.Helper()
	var fns []string
	for i := range n {
		fns = append(fns, fmt.Sprintf(`{"name": "fn_%04d", "parameters": {"type": "object", "properties": {}}}`, i))
	}
	d, err := model.Parse([]byte(`{"model": "gpt-5", "tools_defs": [` + strings.Join(fns, ",") + `]}`))
	if err != nil {
		b.Fatal(err)
	}
	return d
}

// BenchmarkFollow: 100 marks of 1,000 functions brought up to a document
// with one other function deleted (what an edit costs the marks).
func BenchmarkFollow(b *testing.B) {
	d := many(b, 1000)
	nd, _, _ := model.DeleteTool(d, model.Function, 0)
	set := map[kit.Sel]bool{}
	for i := 5; i < 1000; i += 10 {
		set[fn(i)] = true
	}
	for b.Loop() {
		m := Marks{of: d, set: set}
		m.Follow(nd)
	}
}

// BenchmarkDeleteMarked: x on 100 marked of 1,000 functions.
func BenchmarkDeleteMarked(b *testing.B) {
	d := many(b, 1000)
	var sels []kit.Sel
	for i := 5; i < 1000; i += 10 {
		sels = append(sels, fn(i))
	}
	for b.Loop() {
		if _, _, _, err := Batch(OpDelete, d, sels, fn(0)); err != nil {
			b.Fatal(err)
		}
	}
}
