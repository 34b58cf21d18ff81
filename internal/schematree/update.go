package schematree

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"sort"
	"unicode/utf8"
	"unsafe"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// Edits of a tree. Each method runs the edit of the same name on the
// tree's parameters (Params) and returns the same bytes, with the tree of
// them: the edit's tree brought up to date in place rather than read again.
//
// An edit rewrites the objects on the way to the schema it changes. The
// tree knows their members, so it writes them without reading the bytes
// again; the rows outside the changed schema are the same rows, moved to
// the new bytes; the changed schema is read again, and of its rows, those
// whose bytes did not change are kept (with their strict marks). A 1 MB
// schema of 3,000 properties is not read again for a keystroke.
//
// Whatever the tree cannot follow this way (repeated keys, a way through
// anyOf, a result Parse would refuse) is edited as bytes and read whole,
// so the result is always what Parse reads from the new bytes.

// Edited is what an edit of a tree leaves.
type Edited struct {
	// Params are the parameters after the edit.
	Params []byte
	// Tree is the tree of Params, as Parse (and MarkStrict, when the
	// edited tree was marked) would make it; nil when the tree cannot show
	// Params, and Err says why.
	Tree *Tree
	Err  error
	// Ptr is the row the edit made or renamed (AddProperty, Duplicate,
	// Rename).
	Ptr string
}

// AddProperty is AddProperty on the tree's parameters.
func (t *Tree) AddProperty(objPtr, name string, strict bool) (Edited, error) {
	s := t.source()
	ptr, err := addProperty(s, objPtr, name, strict)
	return s.done(ptr, err)
}

// Delete is Delete on the tree's parameters.
func (t *Tree) Delete(ptr string) (Edited, error) {
	s := t.source()
	return s.done("", deleteMember(s, ptr))
}

// Move is Move on the tree's parameters.
func (t *Tree) Move(ptr string, delta int) (Edited, error) {
	s := t.source()
	return s.done("", move(s, ptr, delta))
}

// Duplicate is Duplicate on the tree's parameters.
func (t *Tree) Duplicate(ptr string) (Edited, error) {
	s := t.source()
	np, err := duplicate(s, ptr)
	return s.done(np, err)
}

// Rename is Rename on the tree's parameters.
func (t *Tree) Rename(ptr, to string) (Edited, error) {
	s := t.source()
	np, err := rename(s, ptr, to)
	return s.done(np, err)
}

// ToggleRequired is ToggleRequired on the tree's parameters.
func (t *Tree) ToggleRequired(ptr string, strict bool) (Edited, error) {
	s := t.source()
	return s.done("", toggleRequired(s, ptr, strict))
}

// SetNullable is SetNullable on the tree's parameters.
func (t *Tree) SetNullable(ptr string, on bool) (Edited, error) {
	s := t.source()
	return s.done("", setNullable(s, ptr, on))
}

// SetType is SetType on the tree's parameters.
func (t *Tree) SetType(ptr, typ string, strict bool) (Edited, error) {
	s := t.source()
	return s.done("", setType(s, ptr, typ, strict))
}

// SetKeyword is SetKeyword on the tree's parameters.
func (t *Tree) SetKeyword(ptr, key string, v json.RawMessage) (Edited, error) {
	s := t.source()
	if v != nil && rawjson.CheckJSON(v) != nil {
		s.follows = false // the result is not JSON: Parse says where
	}
	return s.done("", setKeyword(s, ptr, key, v))
}

// treeSource runs an edit on a tree: each step rewrites the bytes and
// brings the tree up to date, until a step the tree cannot follow; from
// there on the edit is on the bytes and the result is read whole.
type treeSource struct {
	t       *Tree
	orig    []byte // the parameters before the edit
	b       []byte
	follows bool // t is the tree of b
	touched bool // t was changed
}

func (t *Tree) source() *treeSource {
	return &treeSource{t: t, orig: t.params, b: t.params, follows: true}
}

func (s *treeSource) params() []byte { return s.b }

func (s *treeSource) value(ptr string) ([]byte, bool) {
	if s.follows && ptr != "" {
		if ls, ok := s.t.way(ptr); ok {
			return ls[len(ls)-1].raw, true
		}
	}
	return value(s.b, ptr)
}

func (s *treeSource) update(ptr string, f func(o rawjson.Object) (rawjson.Object, error)) error {
	if s.follows {
		out, st, err := s.t.update(ptr, f)
		switch {
		case err != nil:
			return err
		case st == followed:
			s.b, s.touched = out, true
			return nil
		case st == lost:
			s.b, s.touched, s.follows = out, true, false
			return nil
		}
	}
	out, err := update(s.b, ptr, f)
	if err != nil {
		return err
	}
	s.b, s.follows = out, false
	return nil
}

func (s *treeSource) replace(b []byte) { s.b, s.follows = b, false }

// done ends the edit: on an error the tree is as it was; otherwise the
// result and its tree.
func (s *treeSource) done(ptr string, err error) (Edited, error) {
	t := s.t
	if err != nil {
		if s.touched { // a later step failed: read the parameters as they were
			*t = *t.reread(s.orig)
		}
		return Edited{}, err
	}
	e := Edited{Params: s.b, Ptr: ptr}
	if s.follows {
		e.Tree = t
		return e, nil
	}
	nt, perr := Parse(s.b)
	if perr != nil {
		e.Err = perr
		return e, nil
	}
	if t.marked {
		MarkStrict(nt)
	}
	e.Tree = nt
	return e, nil
}

// reread is Parse of bytes the tree showed, marked as the tree was.
func (t *Tree) reread(b []byte) *Tree {
	nt, err := Parse(b)
	if err != nil {
		panic("schematree: the tree's own parameters do not read again: " + err.Error())
	}
	if t.marked {
		MarkStrict(nt)
	}
	return nt
}

// updateState is how far the tree followed an update.
type updateState int

const (
	notTried updateState = iota // nothing written: edit the bytes
	followed                    // written, and the tree is the tree of the result
	lost                        // written; the tree is not the tree of the result
)

// errRepeated stops a rebuild that meets a pointer twice (a repeated key).
var errRepeated = errors.New("a pointer names two rows")

// level is one object on the way from the root to an edited schema.
type level struct {
	node *Node // the object's row: a schema, or a DefsGroup; nil for "properties"
	// holder is the schema whose "properties" map this is (node nil).
	holder *Node
	raw    []byte
	mem    rawjson.Object
	at     int // the member the way goes on through

	start, end int      // where the object is in the new bytes
	vals       [][2]int // where each member's value is
}

// way finds the objects update goes through to ptr, from the tree; ok
// false when the tree does not know them (update on the bytes then
// decides).
func (t *Tree) way(ptr string) ([]level, bool) {
	if t.Empty || t.dups || t.Root == nil || rawjson.JSONKind(t.params) != "object" {
		return nil, false // (Parse trims more than JSON's spaces)
	}
	toks := Split(ptr)
	n, cur := t.Root, ""
	var ls []level
	for i := 0; i < len(toks); {
		if n.Keys == nil {
			return nil, false
		}
		switch kw := toks[i]; kw {
		case "properties", "$defs", "definitions":
			if i+1 == len(toks) {
				return nil, false
			}
			j := lastMember(n.Keys, kw)
			if j < 0 {
				return nil, false
			}
			mp := Join(cur, kw)
			var g *Node
			mem := n.sub
			if kw != "properties" {
				g = t.nodes[mp]
				if g == nil || g.Parent != n || g.Role != DefsGroup || !sameBytes(g.Raw, n.Keys[j].Value) {
					return nil, false
				}
				mem = g.sub
			}
			k := lastMember(mem, toks[i+1])
			if k < 0 {
				return nil, false
			}
			cp := Join(mp, toks[i+1])
			c := t.nodes[cp]
			if c == nil || !sameBytes(c.Raw, mem[k].Value) {
				return nil, false
			}
			ls = append(ls, level{node: n, raw: n.Raw, mem: n.Keys, at: j})
			m := level{node: g, raw: n.Keys[j].Value, mem: mem, at: k}
			if g == nil {
				m.holder = n
			}
			ls = append(ls, m)
			n, cur, i = c, cp, i+2
		case "items":
			j := lastMember(n.Keys, "items")
			cp := Join(cur, "items")
			c := t.nodes[cp]
			if j < 0 || c == nil || c.Parent != n || !sameBytes(c.Raw, n.Keys[j].Value) {
				return nil, false
			}
			ls = append(ls, level{node: n, raw: n.Raw, mem: n.Keys, at: j})
			n, cur, i = c, cp, i+1
		default:
			return nil, false
		}
	}
	if t.nodes[cur] != n || n.Ptr != cur {
		return nil, false
	}
	return append(ls, level{node: n, raw: n.Raw, mem: n.Keys, at: -1}), true
}

// lastMember is the index of the member Get reads (the last of the name).
func lastMember(o rawjson.Object, key string) int {
	for i := len(o) - 1; i >= 0; i-- {
		if o[i].Key == key {
			return i
		}
	}
	return -1
}

// update is update on the tree's parameters: it writes the same bytes and
// brings the tree up to date with them.
func (t *Tree) update(ptr string, f func(o rawjson.Object) (rawjson.Object, error)) ([]byte, updateState, error) {
	ls, ok := t.way(ptr)
	if !ok || rawjson.JSONKind(ls[len(ls)-1].raw) != "object" {
		return nil, notTried, nil
	}
	top := &ls[len(ls)-1]
	o, err := f(top.mem.Clone())
	if err != nil {
		return nil, notTried, err
	}
	w := writer{old: t.params, out: make([]byte, 0, len(t.params)+len(t.params)/16+256)}
	w.write(ls, 0, o)
	out := w.out
	if !t.follow(ls, o, out, w.spots) {
		return out, lost, nil
	}
	return out, followed, nil
}

// spot is a value of an object on the way copied unchanged to the new bytes.
type spot struct{ from, to, n int }

// writer writes the objects on the way as update does (AppendJSON at each
// level) and notes where everything lands.
type writer struct {
	old, out []byte
	spots    []spot // in the order of the old bytes
}

func (w *writer) write(ls []level, i int, target rawjson.Object) {
	l := &ls[i]
	top := i == len(ls)-1
	mem := l.mem
	if top {
		mem = target
	}
	l.start = len(w.out)
	w.out = append(w.out, '{')
	l.vals = make([][2]int, len(mem))
	for j, m := range mem {
		if j > 0 {
			w.out = append(w.out, ',')
		}
		w.out = rawjson.AppendString(w.out, m.Key)
		w.out = append(w.out, ':')
		s := len(w.out)
		if !top && j == l.at {
			w.write(ls, i+1, target)
		} else {
			if !top {
				w.spots = append(w.spots, spot{from: offset(w.old, m.Value), to: s, n: len(m.Value)})
			}
			w.out = append(w.out, m.Value...)
		}
		e := len(w.out)
		for s < e && isSpace(w.out[s]) { // as Members reads a value back
			s++
		}
		for e > s && isSpace(w.out[e-1]) {
			e--
		}
		l.vals[j] = [2]int{s, e}
	}
	w.out = append(w.out, '}')
	l.end = len(w.out)
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// members are level l's members in the new bytes.
func (l *level) members(out []byte, mem rawjson.Object) rawjson.Object {
	if len(mem) == 0 {
		return nil
	}
	o := make(rawjson.Object, len(mem))
	for j, m := range mem {
		o[j] = rawjson.Member{Key: m.Key, Value: out[l.vals[j][0]:l.vals[j][1]]}
	}
	return o
}

// rebuild is the state of reading again the schema an edit rewrote.
type rebuild struct {
	old, out   []byte
	target     string // the rewritten schema's pointer
	targetRaw  []byte
	targetKeys rawjson.Object
	made       map[string]bool // the pointers read
	kept       map[*Node]bool  // old rows kept whole, moved to out
	fresh      []*Node         // rows made
}

// keep moves old row n (and its rows) to raw, its bytes in out, under par.
func (rb *rebuild) keep(n *Node, raw []byte, par *Node) {
	shift(n, rb.old, rb.out, offset(rb.out, raw)-offset(rb.old, n.Raw))
	n.Parent = par
	rb.kept[n] = true
}

// members returns the members of a schema's "properties" map: those old
// read from the same bytes, moved, or read now.
func (t *Tree) members(props []byte, old *Node) rawjson.Object {
	if rb := t.rb; rb != nil && old != nil && old.sub != nil {
		if ov, ok := old.Keys.Get("properties"); ok && bytes.Equal(ov, props) {
			d := offset(rb.out, props) - offset(rb.old, ov)
			o := make(rawjson.Object, len(old.sub))
			for i, m := range old.sub {
				o[i] = rawjson.Member{Key: m.Key, Value: moved(m.Value, rb.old, rb.out, d)}
			}
			return o
		}
	}
	return rawjson.Members(props)
}

// follow brings the tree up to date with out, the bytes update wrote along
// ls with o the target's new members; false when it cannot (the tree is
// then not to be used).
func (t *Tree) follow(ls []level, o rawjson.Object, out []byte, spots []spot) bool {
	top := &ls[len(ls)-1]
	old := top.node
	for _, m := range o {
		if !utf8.ValidString(m.Key) { // written as \ufffd: read back otherwise
			return false
		}
	}
	rb := &rebuild{old: t.params, out: out, target: old.Ptr, targetRaw: out[top.start:top.end],
		targetKeys: top.members(out, o), made: map[string]bool{}, kept: map[*Node]bool{}}
	t.rb = rb
	n, err := t.parse(rb.targetRaw, old.Ptr, old.Role, old.Name, old.Depth, old.Parent)
	t.rb = nil
	if err != nil {
		return false
	}
	n.Required = old.Required
	if n.Role == Root && n.Type.Base != "object" && n.Type.Base != "" {
		return false // Parse refuses it
	}
	if n != old {
		t.drop(old, rb)
		if p := old.Parent; p == nil {
			t.Root = n
		} else if i := slices.Index(p.Children, old); i >= 0 {
			p.Children[i] = n
		}
	}
	// The objects on the way: their new bytes and members; the rows beside
	// the way move with the values they are in.
	path := map[*Node]bool{}
	for _, l := range ls {
		if l.node != nil {
			path[l.node] = true
		}
	}
	for i := range ls[:len(ls)-1] {
		l := &ls[i]
		mem := l.members(out, l.mem)
		switch {
		case l.holder != nil:
			l.holder.sub = mem
		case l.node.Role == DefsGroup:
			l.node.Raw, l.node.sub = out[l.start:l.end], mem
		default:
			l.node.Raw, l.node.Keys = out[l.start:l.end], mem
		}
	}
	for i := range ls[:len(ls)-1] {
		p := ls[i].node
		if p == nil {
			continue
		}
		if p.Role != DefsGroup && p.sub != nil && (i+1 >= len(ls) || ls[i+1].holder != p) {
			d := spotDelta(spots, offset(t.params, p.sub[0].Value))
			for j := range p.sub {
				p.sub[j].Value = moved(p.sub[j].Value, t.params, out, d)
			}
		}
		for _, c := range p.Children {
			if path[c] || c == n {
				continue
			}
			shift(c, t.params, out, spotDelta(spots, offset(t.params, c.Raw)))
		}
	}
	if t.marked {
		for _, f := range rb.fresh {
			f.Problems = strictProblems(f)
		}
	}
	t.params = out
	return true
}

// drop forgets the rows of old's subtree that the rebuild did not keep.
func (t *Tree) drop(old *Node, rb *rebuild) {
	if rb.kept[old] {
		return
	}
	if t.nodes[old.Ptr] == old {
		delete(t.nodes, old.Ptr)
	}
	t.count--
	for _, c := range old.Children {
		t.drop(c, rb)
	}
}

// spotDelta is how far the old byte at off moved: the spot it is in.
func spotDelta(spots []spot, off int) int {
	i := sort.Search(len(spots), func(i int) bool { return spots[i].from > off }) - 1
	if i < 0 || off >= spots[i].from+spots[i].n {
		panic("schematree: a row outside the values an edit kept")
	}
	return spots[i].to - spots[i].from
}

// shift moves row n and its rows from bytes old to the same bytes d
// further in out.
func shift(n *Node, old, out []byte, d int) {
	n.Raw = moved(n.Raw, old, out, d)
	for i := range n.Keys {
		n.Keys[i].Value = moved(n.Keys[i].Value, old, out, d)
	}
	for i := range n.sub {
		n.sub[i].Value = moved(n.sub[i].Value, old, out, d)
	}
	for _, c := range n.Children {
		shift(c, old, out, d)
	}
}

// moved is v, a slice of old, as the same bytes d further in out.
func moved(v, old, out []byte, d int) []byte {
	o := offset(old, v) + d
	return out[o : o+len(v)]
}

// offset is where slice v starts inside buf.
func offset(buf, v []byte) int {
	o := int(uintptr(unsafe.Pointer(unsafe.SliceData(v))) - uintptr(unsafe.Pointer(unsafe.SliceData(buf))))
	if o < 0 || o+len(v) > len(buf) {
		panic("schematree: bytes outside the parameters")
	}
	return o
}

// sameBytes reports whether a and b are the same slice.
func sameBytes(a, b []byte) bool {
	return len(a) == len(b) && unsafe.SliceData(a) == unsafe.SliceData(b)
}
