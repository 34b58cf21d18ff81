package validator

// What of an object or array no keyword has evaluated yet, for
// unevaluatedProperties and unevaluatedItems.

import (
	"slices"
	"strconv"
)

// uneval is what no keyword has evaluated yet in an object or array.
type uneval struct {
	props map[string]struct{}
	items map[int]struct{}
}

func (u *uneval) empty() bool { return u == nil || len(u.props) == 0 && len(u.items) == 0 }

// keepCommon removes from u what other evaluated.
func (u *uneval) keepCommon(other *uneval) {
	if u == nil {
		return
	}
	for k := range u.props {
		if other == nil {
			delete(u.props, k)
			continue
		}
		if _, ok := other.props[k]; !ok {
			delete(u.props, k)
		}
	}
	for i := range u.items {
		if other == nil {
			delete(u.items, i)
			continue
		}
		if _, ok := other.items[i]; !ok {
			delete(u.items, i)
		}
	}
}

func newUneval(v any, s *Schema, callerNeeds bool) *uneval {
	switch v := v.(type) {
	case map[string]any:
		if callerNeeds || s.unevaluatedProperties != nil {
			u := &uneval{props: make(map[string]struct{}, len(v))}
			for k := range v {
				u.props[k] = struct{}{}
			}
			return u
		}
	case []any:
		if callerNeeds || s.unevaluatedItems != nil {
			u := &uneval{items: make(map[int]struct{}, len(v))}
			for i := range v {
				u.items[i] = struct{}{}
			}
			return u
		}
	}
	return nil
}

func (r *run) unevaluated() {
	s := r.s
	if obj, ok := r.v.(map[string]any); ok && s.unevaluatedProperties != nil {
		names := make([]string, 0, len(r.ue.props))
		for name := range r.ue.props {
			names = append(names, name)
		}
		slices.Sort(names)
		for _, name := range names {
			r.addErr(r.child(s.unevaluatedProperties, obj[name], name))
		}
		r.ue.props = nil
	}
	if arr, ok := r.v.([]any); ok && s.unevaluatedItems != nil {
		idx := make([]int, 0, len(r.ue.items))
		for i := range r.ue.items {
			idx = append(idx, i)
		}
		slices.Sort(idx)
		for _, i := range idx {
			r.addErr(r.child(s.unevaluatedItems, arr[i], strconv.Itoa(i)))
		}
		r.ue.items = nil
	}
}
