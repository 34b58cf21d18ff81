package tools

import (
	"errors"
	"fmt"
	"strings"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// Op is what a key of the tools pane does to the marked tools.
type Op int

const (
	OpDelete Op = iota
	OpToggle
	OpMoveUp
	OpMoveDown
	OpDuplicate
	OpCopy // the tools array of the request, of the marked tools only
)

// OnMarked does op to every marked tool as one change, one undo step;
// ok is false when no tool is marked (the key acts on the selection, as
// without marks).
func (p *Pane) OnMarked(op Op, e *kit.Env) (acts []kit.Action, ok bool) {
	d := e.S.Doc()
	sels := p.Marked(d)
	if len(sels) == 0 {
		return nil, false
	}
	if op == OpCopy {
		return []kit.Action{CopyMarked(e.S, sels)}, true
	}
	nd, at, text, err := Batch(op, d, sels, e.At)
	if err != nil {
		return []kit.Action{kit.Say(kit.Capitalize(err.Error()))}, true
	}
	edit := func(base *model.Document) (*model.Document, error) {
		if base != d {
			return nil, errors.New("the document changed under the marks; nothing was done")
		}
		return nd, nil
	}
	return []kit.Action{kit.ActEdit{Fn: edit}, kit.ActSelect{At: at}, kit.ActLayout{}, kit.Say(text)}, true
}

// Batch applies op to the tools sels of d (in the list's order), one
// model edit after the other. It returns the document, the row to select
// (where the selected row at went) and what happened, in words.
func Batch(op Op, d *model.Document, sels []kit.Sel, at kit.Sel) (*model.Document, kit.Sel, string, error) {
	n := len(sels)
	tools := kit.Plural(n, "marked tool")
	switch op {
	case OpDelete:
		// From the last, so that the indices before stay right.
		row, before := kit.RowOf(d, at), 0
		for _, s := range sels {
			if kit.RowOf(d, s) < row {
				before++
			}
		}
		for i := n - 1; i >= 0; i-- {
			s := sels[i]
			var err error
			if d, _, err = model.DeleteTool(d, s.Kind, s.Index); err != nil {
				return nil, at, "", err
			}
		}
		row = min(row-before, kit.RowCount(d)-1)
		back := "them all"
		if n == 1 {
			back = "it"
		}
		return d, kit.SelAt(d, row), "Deleted " + tools + " as one change (ctrl+z brings " + back + " back)", nil
	case OpToggle:
		off := true // disable them all, unless all are disabled: then enable them
		all := true
		for _, s := range sels {
			all = all && d.List(s.Kind)[s.Index].Disabled
		}
		if all {
			off = false
		}
		changed := 0
		for _, s := range sels {
			if d.List(s.Kind)[s.Index].Disabled == off {
				continue
			}
			var err error
			if d, err = model.ToggleTool(d, s.Kind, s.Index); err != nil {
				return nil, at, "", err
			}
			changed++
		}
		text := "Enabled " + tools + ": back in the request"
		if off {
			text = "Disabled " + tools + ": kept in the document, left out of the request (space enables them)"
		}
		if same := n - changed; same > 0 {
			text += fmt.Sprintf(" (%d of them already were)", same)
		}
		return d, at, text, nil
	case OpMoveUp, OpMoveDown:
		return moveMarked(d, sels, at, op == OpMoveUp)
	case OpDuplicate:
		// In the list's order, each a place further down for every copy
		// made before it in its list.
		shift := map[model.Kind]int{}
		atShift := 0
		for _, s := range sels {
			var err error
			if d, _, err = model.DuplicateTool(d, s.Kind, s.Index+shift[s.Kind]); err != nil {
				return nil, at, "", err
			}
			shift[s.Kind]++
			if !at.Request && s.Kind == at.Kind && s.Index < at.Index {
				atShift++
			}
		}
		at.Index += atShift
		return d, at, "Duplicated " + tools + " (each copy follows its original; the marks stay on the originals)", nil
	}
	return nil, at, "", errors.New("unknown operation")
}

// moveMarked moves every marked tool one place up (or down) in its list,
// as a block: a tool at the top (bottom), or under (over) one that
// cannot move, stays.
func moveMarked(d *model.Document, sels []kit.Sel, at kit.Sel, up bool) (*model.Document, kit.Sel, string, error) {
	delta, word, edge := 1, "down", "bottom"
	if up {
		delta, word, edge = -1, "up", "top"
	}
	moved := 0
	for _, k := range []model.Kind{model.Function, model.Builtin} {
		n := len(d.List(k))
		marked := make([]bool, n)
		orig := make([]int, n) // the original index of the tool now at each place
		for i := range orig {
			orig[i] = i
		}
		for _, s := range sels {
			if s.Kind == k {
				marked[s.Index] = true
			}
		}
		for step := 0; step < n; step++ {
			i := step
			if !up {
				i = n - 1 - step
			}
			j := i + delta
			if !marked[i] || j < 0 || j >= n || marked[j] {
				continue
			}
			var err error
			if d, _, err = model.MoveTool(d, k, i, delta); err != nil {
				return nil, at, "", err
			}
			marked[i], marked[j] = false, true
			orig[i], orig[j] = orig[j], orig[i]
			moved++
		}
		if !at.Request && at.Kind == k {
			for p, o := range orig {
				if o == at.Index {
					at.Index = p
					break
				}
			}
		}
	}
	if moved == 0 {
		return nil, at, "", fmt.Errorf("the marked tools are at the %s of their lists already", edge)
	}
	text := fmt.Sprintf("Moved %s %s", kit.Plural(moved, "marked tool"), word)
	if stay := len(sels) - moved; stay > 0 {
		text += fmt.Sprintf(" (%d at the %s stayed)", stay, edge)
	}
	return d, at, text, nil
}

// CopyMarked copies the request's tools array with only the marked
// tools sels in it, as they are sent; one disabled or with an error is
// not in the request, and the status line says how many were left out.
func CopyMarked(s *kit.Session, sels []kit.Sel) kit.Action {
	res := s.Result()
	arr, _ := model.GetPath(res.JSON, []string{"tools"})
	var elems [][]byte
	if rawjson.Valid(arr) {
		elems = rawjson.Elements(arr)
	}
	want := map[kit.Sel]bool{}
	for _, sel := range sels {
		want[sel] = true
	}
	var kept []string
	for i, src := range res.Sources {
		if i < len(elems) && want[kit.Sel{Kind: src.Kind, Index: src.Index}] {
			kept = append(kept, string(elems[i]))
		}
	}
	left := len(sels) - len(kept)
	if len(kept) == 0 {
		return kit.Say(fmt.Sprintf("Nothing copied: none of the %s is in the request (disabled or with errors) · esc clears the marks", kit.Plural(len(sels), "marked tool")))
	}
	what := "tools array (" + kit.Plural(len(kept), "marked tool")
	if left > 0 {
		what += fmt.Sprintf("; %d marked left out: disabled or with errors", left)
	}
	return kit.ActCopy{What: what + ")", Text: kit.PrettyJSON([]byte("["+strings.Join(kept, ",")+"]")) + "\n"}
}
