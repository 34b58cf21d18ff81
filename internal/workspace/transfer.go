package workspace

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
	"github.com/tooltui/tooltui/internal/session"
)

// Copying and moving tools from one document to another: pure functions
// that return the new documents, each one change of its own session.

// Options says how Copy and Move treat what the destination has already.
type Options struct {
	// Rename gives a tool whose name the destination has already (or has
	// mock outputs for) the first free name of name_2, name_3…; without
	// it the clash is a *ClashError.
	Rename bool
	// Choice makes the destination's tool_choice name the tools that the
	// source's tool_choice names among those copied or moved (the one it
	// forces, or those of its allowed_tools), in place of the
	// destination's own; without it the destination's tool_choice is
	// left as it is.
	Choice bool
}

// Transfer is the result of Copy or Move.
type Transfer struct {
	// Src and Dst are the documents after: Src is the source itself for
	// a copy.
	Src, Dst *model.Document
	// Placed are the tools' places in Dst, in the order they were given.
	Placed []session.At
	// Notes say, one sentence each, what else changed: a tool renamed,
	// tool_choice, mock outputs.
	Notes []string
}

// ClashError is a tool whose name the destination has already.
type ClashError struct {
	Name string
	// Mocks: what the destination has is mock outputs under that name,
	// not a tool.
	Mocks bool
}

func (e *ClashError) Error() string {
	if e.Mocks {
		return fmt.Sprintf("the destination has mock outputs for %q already", e.Name)
	}
	return fmt.Sprintf("the destination has a tool named %q already", e.Name)
}

// Copy adds copies of the tools of src at places tools to dst: functions
// after dst's functions, built-in tools after its built-ins, in the order
// given. A function's mock outputs come along, and so does the MCP server
// it was imported from (Tool.Server; under another name when dst has
// another server of that name). src is unchanged.
func Copy(src, dst *model.Document, tools []session.At, opt Options) (Transfer, error) {
	return transfer(src, dst, tools, opt, false)
}

// Move is Copy that also removes the tools from src, with what was theirs
// there, as a rename takes it along: a function's mock outputs leave src,
// and src's tool_choice stops naming them (a choice that forced one of
// them is removed, so the model chooses; an allowed_tools list loses
// them, and is removed when it is left empty; "required" with no tool
// left is removed).
func Move(src, dst *model.Document, tools []session.At, opt Options) (Transfer, error) {
	return transfer(src, dst, tools, opt, true)
}

// moved is one tool on its way: its name before and after.
type moved struct {
	at          session.At
	family, key string
	from, to    string
}

func transfer(src, dst *model.Document, tools []session.At, opt Options, move bool) (Transfer, error) {
	if src == nil || dst == nil {
		return Transfer{}, errors.New("no document")
	}
	if src == dst {
		return Transfer{}, errors.New("the source and the destination are the same document")
	}
	if len(tools) == 0 {
		return Transfer{}, errors.New("no tool to copy")
	}
	seen := map[session.At]bool{}
	for _, at := range tools {
		if at.Request || !at.Valid(src) {
			return Transfer{}, errors.New("no tool at that position")
		}
		if seen[at] {
			return Transfer{}, errors.New("the same tool is given twice")
		}
		seen[at] = true
	}
	out := Transfer{Src: src, Dst: dst}
	var names []moved
	var mocks map[string]json.RawMessage   // dst's, once it changes
	var servers map[string]model.MCPServer // dst's, once it changes
	for _, at := range tools {
		t := src.List(at.Kind)[at.Index]
		if t.Draft != nil {
			s := *t.Draft
			t.Draft = &s
		}
		m := moved{at: at}
		m.family, m.key, m.from = model.ToolName(at.Kind, t.Raw)
		m.to = m.from
		if m.family != "" && m.from != "" {
			taken := func(s string) bool {
				if out.Dst.NameTaken(m.family, s) {
					return true
				}
				// mock outputs are a function's: one under the name
				// would become the copy's
				_, ok := dst.Mocks[s]
				_, ok2 := mocks[s]
				return at.Kind == model.Function && (ok || ok2)
			}
			if taken(m.from) {
				if !opt.Rename {
					return Transfer{}, &ClashError{Name: m.from, Mocks: !out.Dst.NameTaken(m.family, m.from)}
				}
				m.to = model.UniqueName(m.from, taken)
				t.Raw = model.SetPath(t.Raw, []string{m.key}, rawjson.String(m.to))
				out.Notes = append(out.Notes, fmt.Sprintf("%s is %s in the destination, which has one named %s already", m.from, m.to, m.from))
			}
		}
		if t.Server != "" {
			if s, ok := src.MCPServers[t.Server]; ok {
				if servers == nil {
					servers = maps.Clone(dst.MCPServers)
					if servers == nil {
						servers = map[string]model.MCPServer{}
					}
				}
				name := t.Server
				if have, ok := servers[name]; ok && !have.Same(s) {
					name = model.UniqueName(name, func(n string) bool { h, ok := servers[n]; return ok && !h.Same(s) })
				}
				servers[name] = s
				t.Server = name
			}
		}
		if at.Kind == model.Function && m.from != "" {
			if spec, ok := src.Mocks[m.from]; ok {
				if mocks == nil {
					mocks = maps.Clone(dst.Mocks)
					if mocks == nil {
						mocks = map[string]json.RawMessage{}
					}
				}
				mocks[m.to] = spec
				out.Notes = append(out.Notes, "the mock outputs of "+m.from+" go with it")
			}
		}
		var j int
		out.Dst, j = model.InsertTool(out.Dst, at.Kind, -1, t)
		out.Placed = append(out.Placed, session.At{Kind: at.Kind, Index: j})
		names = append(names, m)
	}
	if mocks != nil || servers != nil {
		if out.Dst == dst {
			out.Dst = dst.Clone()
		}
		if mocks != nil {
			out.Dst.Mocks = mocks
		}
		if servers != nil {
			out.Dst.MCPServers = servers
		}
	}
	if opt.Choice {
		if choice, ok := chosen(src, names); ok {
			out.Dst = model.SetRequestField(out.Dst, "tool_choice", choice)
			out.Notes = append(out.Notes, "the destination's tool_choice is "+string(choice))
		}
	}
	if move {
		var err error
		if out.Src, err = remove(src, tools, names, &out.Notes); err != nil {
			return Transfer{}, err
		}
	}
	return out, nil
}

// remove deletes the tools at places tools from src, with the mock
// outputs and tool_choice references of their names when no tool of src
// keeps the name.
func remove(src *model.Document, tools []session.At, names []moved, notes *[]string) (*model.Document, error) {
	order := slices.Clone(tools)
	slices.SortFunc(order, func(a, b session.At) int { // last first, so indexes stay
		if a.Kind != b.Kind {
			return int(b.Kind) - int(a.Kind)
		}
		return b.Index - a.Index
	})
	d := src
	for _, at := range order {
		var err error
		if d, _, err = model.DeleteTool(d, at.Kind, at.Index); err != nil {
			return nil, err
		}
	}
	for _, m := range names {
		if m.family == "" || m.from == "" || d.NameTaken(m.family, m.from) {
			continue
		}
		if _, ok := d.Mocks[m.from]; ok && m.at.Kind == model.Function {
			mocks := maps.Clone(d.Mocks)
			delete(mocks, m.from)
			if len(mocks) == 0 {
				mocks = nil
			}
			d = d.Clone()
			d.Mocks = mocks
		}
		if choice, ok := d.Fields.Get("tool_choice"); ok {
			if out, what := dropRef(choice, m.family, m.key, m.from); what != "" {
				d = model.SetRequestField(d, "tool_choice", out)
				*notes = append(*notes, "the source's tool_choice "+what)
			}
		}
	}
	if choice, ok := d.Fields.Get("tool_choice"); ok && len(d.Functions)+len(d.Builtins) == 0 {
		if s, _ := rawjson.Unquote(choice); s == "required" {
			d = model.SetRequestField(d, "tool_choice", nil)
			*notes = append(*notes, `the source's tool_choice "required" is removed: the source has no tool left`)
		}
	}
	return d, nil
}

// dropRef returns tool_choice choice without its references to the tool
// of family named name (by key): nil when choice forces that tool, or
// allows it alone. what says what changed, "" for nothing.
func dropRef(choice json.RawMessage, family, key, name string) (out json.RawMessage, what string) {
	o, err := rawjson.ParseObject(choice)
	if err != nil {
		return choice, ""
	}
	if isRef(o, family, key, name) {
		return nil, "forced " + name + ": it is removed, so the model chooses"
	}
	if model.StringAt(choice, []string{"type"}) != "allowed_tools" {
		return choice, ""
	}
	list, _ := o.Get("tools")
	if rawjson.JSONKind(list) != "array" || rawjson.CheckJSON(list) != nil {
		return choice, ""
	}
	var keep [][]byte
	els := rawjson.Elements(list)
	for _, it := range els {
		if io, err := rawjson.ParseObject(it); err == nil && isRef(io, family, key, name) {
			continue
		}
		keep = append(keep, it)
	}
	if len(keep) == len(els) {
		return choice, ""
	}
	if len(keep) == 0 {
		return nil, "allowed only " + name + ": it is removed, so the model chooses"
	}
	o = o.Clone()
	o.Set("tools", joinArray(keep))
	return o.AppendJSON(nil), "no longer allows " + name
}

// chosen is the tool_choice that names, among the tools on their way,
// those that src's tool_choice names (under their new names): src's
// choice itself when it forces one of them, an allowed_tools choice of the
// same mode when it allows some of them; ok false when it names none.
func chosen(src *model.Document, names []moved) (json.RawMessage, bool) {
	choice, ok := src.Fields.Get("tool_choice")
	if !ok {
		return nil, false
	}
	o, err := rawjson.ParseObject(choice)
	if err != nil {
		return nil, false
	}
	for _, m := range names {
		if m.family != "" && m.from != "" && isRef(o, m.family, m.key, m.from) {
			o = o.Clone()
			o.Set(m.key, rawjson.String(m.to))
			return o.AppendJSON(nil), true
		}
	}
	if model.StringAt(choice, []string{"type"}) != "allowed_tools" {
		return nil, false
	}
	list, _ := o.Get("tools")
	if rawjson.JSONKind(list) != "array" || rawjson.CheckJSON(list) != nil {
		return nil, false
	}
	var keep [][]byte
	for _, it := range rawjson.Elements(list) {
		io, err := rawjson.ParseObject(it)
		if err != nil {
			continue
		}
		for _, m := range names {
			if m.family != "" && m.from != "" && isRef(io, m.family, m.key, m.from) {
				io = io.Clone()
				io.Set(m.key, rawjson.String(m.to))
				keep = append(keep, io.AppendJSON(nil))
				break
			}
		}
	}
	if len(keep) == 0 {
		return nil, false
	}
	out := rawjson.Object{{Key: "type", Value: rawjson.String("allowed_tools")}}
	if mode, ok := o.Get("mode"); ok {
		out = append(out, rawjson.Member{Key: "mode", Value: mode})
	}
	out = append(out, rawjson.Member{Key: "tools", Value: joinArray(keep)})
	return out.AppendJSON(nil), true
}

// isRef reports whether the tool_choice object (or allowed_tools item) o
// is {"type": family, key: name}.
func isRef(o rawjson.Object, family, key, name string) bool {
	typ, _ := o.Get("type")
	v, _ := o.Get(key)
	t, _ := rawjson.Unquote(typ)
	n, ok := rawjson.Unquote(v)
	return ok && t == family && n == name
}

// joinArray writes elements as a compact JSON array.
func joinArray(els [][]byte) json.RawMessage {
	b := []byte{'['}
	for i, e := range els {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, e...)
	}
	return append(b, ']')
}
