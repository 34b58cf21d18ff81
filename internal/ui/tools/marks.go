package tools

import (
	"fmt"
	"sort"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// Marks are the tools marked in the tools pane (m), for delete, enable or
// disable, move, duplicate and copy to act on all of them at once. They
// are view state: the document does not hold them. They are kept as the
// places of the document they were last brought up to (of); when the
// document changes under them (an edit, an undo, a reload) Follow moves
// each to where its tool went, found by identity: a tool's Raw bytes,
// which an edit never changes in place, so that a move, an enable or
// disable and an edit of another tool keep them. A tool edited itself
// (its Raw replaced, its list as long as before) keeps its mark at its
// place. A mark whose tool went away is dropped.
type Marks struct {
	of  *model.Document
	set map[kit.Sel]bool
}

// toolID is a tool's identity: the bytes its Raw points at.
type toolID struct {
	p *byte
	n int
}

func idOf(t model.Tool) toolID {
	if len(t.Raw) == 0 {
		return toolID{}
	}
	return toolID{&t.Raw[0], len(t.Raw)}
}

// Follow brings the marks up to document d.
func (m *Marks) Follow(d *model.Document) {
	m.set = m.at(d)
	m.of = d
}

// at is the marks brought up to d, without keeping them.
func (m *Marks) at(d *model.Document) map[kit.Sel]bool {
	if m.of == d || len(m.set) == 0 || m.of == nil {
		return m.set
	}
	kinds := []model.Kind{model.Function, model.Builtin}
	var where [2][]int
	matched, before := 0, 0
	for _, k := range kinds {
		var n int
		where[k], n = follow(m.of.List(k), d.List(k))
		matched += n
		before += len(m.of.List(k))
	}
	// A document with none of the tools before (another document, or
	// the file read again) keeps no mark at a place: only a single tool
	// edited is told apart from that.
	if matched > 0 || before == 1 {
		for _, k := range kinds {
			inPlace(where[k], len(d.List(k)))
		}
	}
	next := map[kit.Sel]bool{}
	for s := range m.set {
		if w := where[s.Kind]; s.Index < len(w) && w[s.Index] >= 0 {
			next[kit.Sel{Kind: s.Kind, Index: w[s.Index]}] = true
		}
	}
	return next
}

// follow maps each index of was to the index of the same tool in now, -1
// when it is gone, and counts the tools found. Tools with the same
// identity (an unnamed built-in and its copy share their bytes) are
// matched in order.
func follow(was, now []model.Tool) ([]int, int) {
	first := make(map[toolID]int, len(now)) // the first place of each identity not matched yet
	var more map[toolID][]int               // the places after it, for an identity held twice
	for j, t := range now {
		id := idOf(t)
		if _, ok := first[id]; !ok {
			first[id] = j
			continue
		}
		if more == nil {
			more = map[toolID][]int{}
		}
		more[id] = append(more[id], j)
	}
	where := make([]int, len(was))
	found := 0
	for i, t := range was {
		where[i] = -1
		id := idOf(t)
		j, ok := first[id]
		if !ok || id == (toolID{}) {
			continue
		}
		where[i] = j
		found++
		if q := more[id]; len(q) > 0 {
			first[id], more[id] = q[0], q[1:]
		} else {
			delete(first, id)
		}
	}
	return where, found
}

// inPlace gives, in a list as long as before (of n tools now), a tool
// that was not found the place it had if no tool found went there: it
// was edited.
func inPlace(where []int, n int) {
	if len(where) != n {
		return
	}
	taken := make([]bool, n)
	for _, j := range where {
		if j >= 0 {
			taken[j] = true
		}
	}
	for i, j := range where {
		if j < 0 && !taken[i] {
			where[i] = i
		}
	}
}

// Marked is the marked tools of d in the order of the list.
func (p *Pane) Marked(d *model.Document) []kit.Sel {
	p.Marks.Follow(d)
	return sorted(p.Marks.set)
}

func sorted(set map[kit.Sel]bool) []kit.Sel {
	out := make([]kit.Sel, 0, len(set))
	for s := range set {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Kind != out[j].Kind {
			return out[i].Kind < out[j].Kind
		}
		return out[i].Index < out[j].Index
	})
	return out
}

// MarkCount is how many tools of d are marked.
func (p *Pane) MarkCount(d *model.Document) int { return len(p.Marks.at(d)) }

// Title is the pane's title: "1 Tools", with how many are marked.
func (p *Pane) Title(d *model.Document) string {
	if n := p.MarkCount(d); n > 0 {
		return fmt.Sprintf("1 Tools · %d marked", n)
	}
	return "1 Tools"
}

// ToggleMark marks the selected tool, or unmarks it, and selects the next
// row shown.
func (p *Pane) ToggleMark(e *kit.Env) []kit.Action {
	if e.At.Request {
		return []kit.Action{kit.Say("The request row cannot be marked: m marks tools")}
	}
	d := e.S.Doc()
	p.Marks.Follow(d)
	if p.Marks.set == nil {
		p.Marks.set = map[kit.Sel]bool{}
	}
	word := "Marked "
	if p.Marks.set[e.At] {
		delete(p.Marks.set, e.At)
		word = "Unmarked "
	} else {
		p.Marks.set[e.At] = true
	}
	text := word + labelOf(e, e.At) + " · " + p.markedText()
	acts := []kit.Action{kit.Say(text)}
	if p.Pos >= 0 && p.Pos+1 < len(p.Rows) {
		acts = append([]kit.Action{kit.ActSelect{At: kit.SelAt(d, p.Rows[p.Pos+1])}}, acts...)
	}
	return acts
}

// markedText says how many are marked and what acts on them.
func (p *Pane) markedText() string {
	n := len(p.Marks.set)
	if n == 0 {
		return "none marked"
	}
	return fmt.Sprintf("%d marked: x, space, K/J, D and y's tools array act on them; esc clears", n)
}

// MarkAll marks every tool the list shows (all of them, or those the
// filter leaves).
func (p *Pane) MarkAll(e *kit.Env) []kit.Action {
	d := e.S.Doc()
	p.Refilter(d, e.S)
	p.Marks.Follow(d)
	if p.Marks.set == nil {
		p.Marks.set = map[kit.Sel]bool{}
	}
	for _, r := range p.Rows {
		if at := kit.SelAt(d, r); !at.Request {
			p.Marks.set[at] = true
		}
	}
	if len(p.Marks.set) == 0 {
		return []kit.Action{kit.Say("No tool to mark: a adds one")}
	}
	return []kit.Action{kit.Say("Marked all shown tools · " + p.markedText())}
}

// ClearMarks unmarks every tool.
func (p *Pane) ClearMarks(e *kit.Env) []kit.Action {
	n := p.MarkCount(e.S.Doc())
	p.Marks = Marks{}
	if n == 0 {
		return []kit.Action{kit.Say("No tool is marked: m marks the selected one")}
	}
	return []kit.Action{kit.Say("Cleared " + kit.Plural(n, "mark"))}
}

func labelOf(e *kit.Env, at kit.Sel) string {
	t, _ := e.S.Tool(at)
	_, label := kit.ToolLabel(at.Kind, t)
	return label
}
