package filterlist

// Hist is the undo of a filter line's typing (the lists' filters, the
// tools pane's, the checklists'): the texts it held before each change,
// so that ctrl+z there takes typing back before it reaches the document
// under it.
type Hist struct{ undo, redo []string }

// Changed records that the filter text went from before to after.
func (h *Hist) Changed(before, after string) {
	if before != after {
		h.undo = append(h.undo, before)
		h.redo = nil
	}
}

// Step is the text an undo (redo: a redo) puts in place of cur; ok false
// when there is no step to take.
func (h *Hist) Step(redo bool, cur string) (string, bool) {
	from, to := &h.undo, &h.redo
	if redo {
		from, to = to, from
	}
	if len(*from) == 0 {
		return "", false
	}
	s := (*from)[len(*from)-1]
	*from = (*from)[:len(*from)-1]
	*to = append(*to, cur)
	return s, true
}
