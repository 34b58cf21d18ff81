package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// Edits of a document. Each one is a pure function: it returns a new
// document and leaves its argument as it was, so the previous document can
// serve as an undo snapshot. Errors are sentences for the status line.

// MaxNameLen is the longest function or custom tool name the API accepts.
const MaxNameLen = 128

var (
	errNoTool      = errors.New("no tool at that position")
	errNotObject   = errors.New("the entry is not a JSON object; edit it as JSON")
	errNoFieldPath = errors.New("no field to set")
)

// Families of tools that tool_choice names: functions and custom tools by
// "name" (one namespace), MCP servers by "server_label".
const (
	FamilyFunction = "function"
	FamilyCustom   = "custom"
	FamilyMCP      = "mcp"
)

// GetPath returns the value at path inside a raw JSON object (path of
// object keys), so a form can show one field of an entry. The value shares
// raw's bytes and cannot be appended to in place.
func GetPath(raw json.RawMessage, path []string) (json.RawMessage, bool) {
	if len(path) == 0 {
		return raw, true
	}
	if rawjson.CheckJSON(raw) != nil {
		return nil, false
	}
	return getValid(raw, path)
}

// getValid is GetPath for text already known to be valid JSON: it reads
// only the members on the way, not the whole text again.
func getValid(raw json.RawMessage, path []string) (json.RawMessage, bool) {
	cur := raw
	for _, k := range path {
		if rawjson.JSONKind(cur) != "object" {
			return nil, false
		}
		v, ok := rawjson.Members(cur).Get(k)
		if !ok {
			return nil, false
		}
		cur = v
	}
	return cur[:len(cur):len(cur)], true
}

// StringAt returns the string at path, "" when it is absent or not a
// string: the name or label a user sees for an entry.
func StringAt(raw json.RawMessage, path []string) string {
	v, ok := GetPath(raw, path)
	if !ok {
		return ""
	}
	s, _ := rawjson.Unquote(bytes.TrimSpace(v))
	return s
}

// SetPath returns raw with the value at path replaced (nil deletes it), so
// a form field writes one member of an entry. Missing objects on the way
// are created; an object left empty by a delete is removed. Key order and
// every other member are kept. An empty path replaces the whole value.
func SetPath(raw json.RawMessage, path []string, v json.RawMessage) json.RawMessage {
	return setPath(raw, path, v, rawjson.CheckJSON(raw) == nil)
}

// setPath is SetPath; valid says raw is known to be valid JSON, so it is
// split without being checked or copied again (its bytes are shared, never
// changed: the result is written into new bytes).
func setPath(raw json.RawMessage, path []string, v json.RawMessage, valid bool) json.RawMessage {
	if len(path) == 0 {
		return v
	}
	var o rawjson.Object
	if valid && rawjson.JSONKind(raw) == "object" {
		o = rawjson.Members(raw)
	}
	k := path[0]
	if len(path) == 1 {
		if v == nil {
			o.Delete(k)
		} else {
			o.Set(k, v)
		}
		return o.AppendJSON(nil)
	}
	child, _ := o.Get(k)
	if child == nil || rawjson.JSONKind(child) != "object" {
		if v == nil {
			return raw
		}
		child = json.RawMessage("{}")
	}
	nc := setPath(child, path[1:], v, true)
	if bytes.Equal(nc, []byte("{}")) {
		o.Delete(k)
	} else {
		o.Set(k, nc)
	}
	return o.AppendJSON(nil)
}

// list returns a pointer to the list of kind k, to replace it in a clone.
func (d *Document) list(k Kind) *[]Tool {
	if k == Function {
		return &d.Functions
	}
	return &d.Builtins
}

// editTool applies f to a copy of tool i of kind k in a copy of d.
func editTool(d *Document, k Kind, i int, f func(t *Tool) error) (*Document, error) {
	if i < 0 || i >= len(d.List(k)) {
		return nil, errNoTool
	}
	c := d.Clone()
	if err := f(&c.List(k)[i]); err != nil {
		return nil, err
	}
	return c, nil
}

// InsertTool adds a tool of kind k at index at (at < 0 or past the end
// appends), as when the user adds a tool from a template. It returns the
// new document and the tool's index. In a body, the new entry follows the
// tool of its kind before it (see orderInsert), and a function gets the
// "type": "function" a body's entries need (see TypedFunction).
func InsertTool(d *Document, k Kind, at int, t Tool) (*Document, int) {
	c := d.Clone()
	ts := c.list(k)
	if at < 0 || at > len(*ts) {
		at = len(*ts)
	}
	if c.Format == FormatBody {
		c.Order = orderInsert(d.order(), k, at)
		if k == Function {
			t.Raw = TypedFunction(t.Raw)
		}
	}
	*ts = append((*ts)[:at], append([]Tool{t}, (*ts)[at:]...)...)
	return c, at
}

// TypedFunction is a function entry as a Responses body holds it: raw
// with "type": "function" first when it is an object without a "type" of
// any case (tools_defs needs none), else raw itself. A body's entries are
// functions by their type: without one, the entry read back would be a
// built-in tool without a type.
func TypedFunction(raw json.RawMessage) json.RawMessage {
	if rawjson.JSONKind(raw) != "object" || rawjson.CheckJSON(raw) != nil {
		return raw
	}
	o := rawjson.Members(raw)
	for _, m := range o {
		if strings.EqualFold(m.Key, "type") {
			return raw
		}
	}
	return append(rawjson.Object{{Key: "type", Value: rawjson.String(FamilyFunction)}}, o...).AppendJSON(nil)
}

// orderInsert returns order with an entry of kind k placed as the at-th of
// its kind: right after the one before it, or before the first one, or
// (none yet) first for a function and last for a built-in.
func orderInsert(order []Kind, k Kind, at int) []Kind {
	pos, seen := -1, 0
	for n, ok := range order {
		if ok != k {
			continue
		}
		if at == 0 {
			pos = n
			break
		}
		seen++
		if seen == at {
			pos = n + 1
			break
		}
	}
	if pos < 0 {
		pos = len(order)
		if k == Function {
			pos = 0
		}
	}
	out := make([]Kind, 0, len(order)+1)
	out = append(out, order[:pos]...)
	out = append(out, k)
	return append(out, order[pos:]...)
}

// orderDelete returns order without the i-th entry of kind k.
func orderDelete(order []Kind, k Kind, i int) []Kind {
	out := make([]Kind, 0, len(order))
	seen := 0
	for _, ok := range order {
		if ok == k {
			seen++
			if seen-1 == i {
				continue
			}
		}
		out = append(out, ok)
	}
	return out
}

// DeleteTool removes tool i of kind k and returns the index to select
// afterwards: i, i-1 when the last one was removed, -1 when none is left.
func DeleteTool(d *Document, k Kind, i int) (*Document, int, error) {
	if i < 0 || i >= len(d.List(k)) {
		return nil, -1, errNoTool
	}
	c := d.Clone()
	if c.Format == FormatBody {
		c.Order = orderDelete(d.order(), k, i)
	}
	ts := c.list(k)
	*ts = append((*ts)[:i], (*ts)[i+1:]...)
	return c, min(i, len(*ts)-1), nil
}

// DuplicateTool inserts a copy of tool i right after it and returns the
// copy's index. A copy that would clash with its original gets a fresh
// name (functions and custom tools) or server_label (MCP tools):
// get_weather becomes get_weather_2, get_weather_2 becomes get_weather_3.
func DuplicateTool(d *Document, k Kind, i int) (*Document, int, error) {
	if i < 0 || i >= len(d.List(k)) {
		return nil, -1, errNoTool
	}
	dup := d.List(k)[i]
	if dup.Draft != nil {
		s := *dup.Draft
		dup.Draft = &s
	}
	if fam, key := identity(k, dup.Raw, false); fam != "" {
		if old := StringAt(dup.Raw, []string{key}); old != "" {
			limit := MaxNameLen
			if fam == FamilyMCP {
				limit = 0
			}
			base := trimNumberSuffix(old)
			taken := d.takenNames(fam)
			name := uniqueName(base, limit, func(s string) bool { return s == base || taken[s] })
			dup.Raw = SetPath(dup.Raw, []string{key}, rawjson.String(name))
		}
	}
	c, j := InsertTool(d, k, i+1, dup)
	return c, j, nil
}

// MoveTool moves tool i by delta places (-1 up, +1 down) within its list
// and returns its new index.
func MoveTool(d *Document, k Kind, i, delta int) (*Document, int, error) {
	n := len(d.List(k))
	if i < 0 || i >= n {
		return nil, i, errNoTool
	}
	j := i + delta
	if j < 0 || j >= n {
		what := "function"
		if k == Builtin {
			what = "built-in tool"
		}
		if delta < 0 {
			return nil, i, errors.New("already the first " + what)
		}
		return nil, i, errors.New("already the last " + what)
	}
	c := d.Clone()
	ts := c.List(k)
	t := ts[i]
	if j < i {
		copy(ts[j+1:i+1], ts[j:i])
	} else {
		copy(ts[i:j], ts[i+1:j+1])
	}
	ts[j] = t
	return c, j, nil
}

// ToggleTool disables tool i (kept in the document, left out of the
// request) or enables it again.
func ToggleTool(d *Document, k Kind, i int) (*Document, error) {
	return editTool(d, k, i, func(t *Tool) error {
		t.Disabled = !t.Disabled
		return nil
	})
}

// SetToolValue sets the value at path inside tool i (nil removes it), as a
// form field does. Writing the member a draft stands in for drops the draft.
// When the edit renames a function, a custom tool or an MCP server,
// tool_choice follows (see RenameRefs).
func SetToolValue(d *Document, k Kind, i int, path []string, v json.RawMessage) (*Document, error) {
	if len(path) == 0 {
		return nil, errNoFieldPath
	}
	if i >= 0 && i < len(d.List(k)) {
		if raw := d.List(k)[i].Raw; rawjson.JSONKind(raw) != "object" || rawjson.CheckJSON(raw) != nil {
			return nil, errNotObject
		}
	}
	c, err := editTool(d, k, i, func(t *Tool) error {
		t.Raw = setPath(t.Raw, path, v, true) // checked above
		if t.Draft != nil && len(path) == 1 && path[0] == t.DraftMember() {
			t.Draft, t.DraftField = nil, ""
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	switch path[0] {
	case "name", "server_label": // what names a tool
		return followRename(c, k, d.List(k)[i].Raw, c.List(k)[i].Raw, true), nil
	}
	return c, nil
}

// SetToolRaw replaces tool i's whole entry with what the user typed in the
// JSON editor, valid or not (invalid text is kept as a draft). It drops a
// pending parameters draft. A rename from one valid entry to the next is
// followed by tool_choice, as with SetToolValue.
func SetToolRaw(d *Document, k Kind, i int, raw json.RawMessage) (*Document, error) {
	c, err := editTool(d, k, i, func(t *Tool) error {
		t.Raw = raw
		t.Draft, t.DraftField = nil, ""
		return nil
	})
	if err != nil {
		return nil, err
	}
	return followRename(c, k, d.List(k)[i].Raw, raw, false), nil
}

// ReplaceTool replaces tool i's entry with raw, valid JSON, without
// following a rename into tool_choice: for a repair that gives a tool
// whose name another tool already has a name of its own, where what named
// that name meant the other tool.
func ReplaceTool(d *Document, k Kind, i int, raw json.RawMessage) (*Document, error) {
	return editTool(d, k, i, func(t *Tool) error {
		t.Raw = raw
		t.Draft, t.DraftField = nil, ""
		return nil
	})
}

// SetOrigin records where tool i was imported from (Tool.Origin; ""
// for nowhere in particular).
func SetOrigin(d *Document, k Kind, i int, origin string) (*Document, error) {
	return editTool(d, k, i, func(t *Tool) error {
		t.Origin = origin
		return nil
	})
}

// SetServer records that function i is served by the MCP server name of
// d.MCPServers, as the tool tool there (Tool.Server and Tool.ServerTool;
// "" for both: by none). The origin becomes OriginMCP with a server.
func SetServer(d *Document, k Kind, i int, name, tool string) (*Document, error) {
	return editTool(d, k, i, func(t *Tool) error {
		t.Server, t.ServerTool = name, tool
		if name != "" {
			t.Origin = OriginMCP
		}
		return nil
	})
}

// SetMCPServer records how to start or reach the MCP server name (nil
// forgets it). Names hold no ":", which separates them in a saved origin.
func SetMCPServer(d *Document, name string, s *MCPServer) (*Document, error) {
	if name == "" || strings.ContainsAny(name, ":") {
		return nil, errors.New("an MCP server's name is not empty and has no colon")
	}
	c := d.Clone()
	servers := make(map[string]MCPServer, len(d.MCPServers)+1)
	for k, v := range d.MCPServers {
		servers[k] = v
	}
	if s == nil {
		delete(servers, name)
	} else {
		servers[name] = *s
	}
	if len(servers) == 0 {
		servers = nil
	}
	c.MCPServers = servers
	return c, nil
}

// SetDraft keeps the text of member (a function's "parameters", a
// file_search's "filters") that is not valid JSON yet as tool i's draft,
// so it is neither lost nor sent; the entry keeps the member's last valid
// value.
func SetDraft(d *Document, k Kind, i int, member, text string) (*Document, error) {
	return editTool(d, k, i, func(t *Tool) error {
		t.Draft = &text
		t.DraftField = member
		if member == "parameters" {
			t.DraftField = ""
		}
		return nil
	})
}

// SetRequestDraft keeps the text of a request field ("input", "extra")
// that is not valid JSON yet; text "" drops the draft. The field keeps its
// last valid value.
func SetRequestDraft(d *Document, field, text string) *Document {
	c := d.Clone()
	drafts := make(map[string]string, len(d.RequestDrafts)+1)
	for k, v := range d.RequestDrafts {
		drafts[k] = v
	}
	if text == "" {
		delete(drafts, field)
	} else {
		drafts[field] = text
	}
	if len(drafts) == 0 {
		drafts = nil
	}
	c.RequestDrafts = drafts
	return c
}

// SetRequestField sets (nil removes) a top-level request member such as
// "model" or "tool_choice", keeping the order of members; a new one goes
// last. It is not for tools_defs, extra or tooltui, which are rebuilt on
// save.
func SetRequestField(d *Document, key string, v json.RawMessage) *Document {
	c := d.Clone()
	if v == nil {
		c.Fields.Delete(key)
	} else {
		c.Fields.Set(key, v)
	}
	return c
}

// followRename makes references in c follow the tool of kind k whose entry
// went from before to after, when it stayed in the same family and its
// name or label changed.
func followRename(c *Document, k Kind, before, after json.RawMessage, valid bool) *Document {
	fam, key := identity(k, before, valid)
	if fam2, _ := identity(k, after, valid); fam == "" || fam2 != fam {
		return c
	}
	from, to := memberString(before, key), memberString(after, key)
	if from == to {
		return c
	}
	if k == Function {
		c = FollowMocks(c, from, to)
	}
	if choice, ok := c.Fields.Get("tool_choice"); !ok || !mayHold(choice, from) {
		return c // nothing names the old name (a keystroke in a name costs only this)
	}
	if c.nameCount(fam, to) > 1 {
		// Another tool already has the new name: references follow to
		// nowhere rather than to that other tool.
		return c
	}
	r, _ := RenameRefs(c, fam, from, to)
	return r
}

// FollowMocks gives the mock outputs of a function renamed from one name
// to another (c is the document after the rename) to its new name, unless
// another function still has the old name or the new name has mock
// outputs of its own.
func FollowMocks(c *Document, from, to string) *Document {
	if from == "" || to == "" || from == to {
		return c
	}
	if _, ok := c.Mocks[from]; !ok {
		return c
	}
	if _, taken := c.Mocks[to]; taken || c.nameCount(FamilyFunction, from) > 0 {
		return c
	}
	if r, err := RenameMock(c, from, to); err == nil {
		return r
	}
	return c
}

// mayHold reports whether raw may hold the string s: it has s as tooltui
// writes it, or an escape that may spell it another way.
func mayHold(raw []byte, s string) bool {
	return bytes.Contains(raw, rawjson.String(s)) || bytes.IndexByte(raw, '\\') >= 0
}

// nameCount is how many tools of family (its namespace: functions and
// custom tools share one) are named name.
func (d *Document) nameCount(family, name string) int {
	n := 0
	for _, k := range []Kind{Function, Builtin} {
		for _, t := range d.List(k) {
			if !mayHold(t.Raw, name) {
				continue
			}
			if fam, key := identity(k, t.Raw, false); fam != "" && namespace(fam) == namespace(family) && StringAt(t.Raw, []string{key}) == name {
				n++
			}
		}
	}
	return n
}

// memberString is StringAt for an entry known to be a valid object.
func memberString(raw json.RawMessage, key string) string {
	v, ok := getValid(raw, []string{key})
	if !ok {
		return ""
	}
	s, _ := rawjson.Unquote(bytes.TrimSpace(v))
	return s
}

// identity returns the family of a tool that tool_choice can name and the
// member that names it, or "" for a tool that is not named (or not a valid
// object, such as a draft typed in the JSON editor). valid says raw is
// already known to be valid JSON.
func identity(k Kind, raw json.RawMessage, valid bool) (family, key string) {
	if rawjson.JSONKind(raw) != "object" || (!valid && rawjson.CheckJSON(raw) != nil) {
		return "", ""
	}
	if k == Function {
		return FamilyFunction, "name"
	}
	switch memberString(raw, "type") {
	case FamilyFunction:
		return FamilyFunction, "name"
	case FamilyCustom:
		return FamilyCustom, "name"
	case FamilyMCP:
		return FamilyMCP, "server_label"
	}
	return "", ""
}

// takenNames returns the names in use in the namespace of family:
// functions and custom tools share one, MCP labels have their own.
// Disabled tools count: enabling them must not make a clash.
func (d *Document) takenNames(family string) map[string]bool {
	taken := map[string]bool{}
	for _, k := range []Kind{Function, Builtin} {
		for _, t := range d.List(k) {
			if fam, key := identity(k, t.Raw, false); fam != "" && namespace(fam) == namespace(family) {
				taken[StringAt(t.Raw, []string{key})] = true
			}
		}
	}
	return taken
}

// namespace returns the namespace of a family's names.
func namespace(family string) string {
	if family == FamilyMCP {
		return "server_label"
	}
	return "name"
}

// hasName reports whether a tool of family is named name.
func (d *Document) hasName(family, name string) bool {
	for _, k := range []Kind{Function, Builtin} {
		for _, t := range d.List(k) {
			if fam, key := identity(k, t.Raw, false); fam == family && StringAt(t.Raw, []string{key}) == name {
				return true
			}
		}
	}
	return false
}

// RenameRefs makes request references to a renamed tool follow it:
// tool_choice {"type":family,"name":oldName} (or "server_label" for
// "mcp"), and each such item of an allowed_tools choice's "tools"; other
// members and their order are kept. Nothing changes while a tool of the
// family (in d, after the edit) still has the old name, since the
// references still point at it. It returns the new document and how many
// references changed.
func RenameRefs(d *Document, family, oldName, newName string) (*Document, int) {
	c := d.Clone()
	key := "name"
	switch family {
	case FamilyFunction, FamilyCustom:
	case FamilyMCP:
		key = "server_label"
	default:
		return c, 0
	}
	choice, ok := c.Fields.Get("tool_choice")
	if !ok || oldName == newName {
		return c, 0
	}
	out, n := renameChoice(choice, family, key, oldName, newName)
	if n == 0 || c.hasName(family, oldName) {
		return c, 0
	}
	c.Fields.Set("tool_choice", out)
	return c, n
}

// renameChoice renames the tool_choice value itself when it names
// family/from, or the matching items of an allowed_tools list.
func renameChoice(choice json.RawMessage, family, key, from, to string) (json.RawMessage, int) {
	o, err := rawjson.ParseObject(choice)
	if err != nil {
		return choice, 0
	}
	if v, ok := renameRef(o, family, key, from, to); ok {
		return v, 1
	}
	if StringAt(choice, []string{"type"}) != "allowed_tools" {
		return choice, 0
	}
	list, _ := o.Get("tools")
	if rawjson.JSONKind(list) != "array" {
		return choice, 0
	}
	n := 0
	b := []byte{'['}
	for j, it := range rawjson.Elements(list) {
		if j > 0 {
			b = append(b, ',')
		}
		if io, err := rawjson.ParseObject(it); err == nil {
			if v, ok := renameRef(io, family, key, from, to); ok {
				it = v
				n++
			}
		}
		b = append(b, it...)
	}
	if n == 0 {
		return choice, 0
	}
	o = o.Clone()
	o.Set("tools", append(b, ']'))
	return o.AppendJSON(nil), n
}

// renameRef returns ref with its name set to to when it is
// {"type":family, key:from}.
func renameRef(ref rawjson.Object, family, key, from, to string) (json.RawMessage, bool) {
	typ, _ := ref.Get("type")
	name, _ := ref.Get(key)
	if s, _ := rawjson.Unquote(typ); s != family {
		return nil, false
	}
	if s, ok := rawjson.Unquote(name); !ok || s != from {
		return nil, false
	}
	ref = ref.Clone()
	ref.Set(key, rawjson.String(to))
	return ref.AppendJSON(nil), true
}

// UniqueName returns base if taken says it is free, else the first free
// one of base_2, base_3, ...
func UniqueName(base string, taken func(string) bool) string {
	return uniqueName(base, 0, taken)
}

// uniqueName is UniqueName with names kept within limit bytes (0: no
// limit) by shortening base, never cutting a character in two.
func uniqueName(base string, limit int, taken func(string) bool) string {
	if (limit == 0 || len(base) <= limit) && !taken(base) {
		return base
	}
	for n := 2; ; n++ {
		suffix := "_" + strconv.Itoa(n)
		b := base
		if cut := limit - len(suffix); limit > 0 && len(b) > cut {
			for cut > 0 && !utf8.RuneStart(b[cut]) {
				cut--
			}
			b = b[:max(0, cut)]
		}
		if name := b + suffix; !taken(name) {
			return name
		}
	}
}

// trimNumberSuffix strips a trailing _<digits> (get_weather_2 ->
// get_weather), unless nothing would be left.
func trimNumberSuffix(s string) string {
	i := len(s)
	for i > 0 && s[i-1] >= '0' && s[i-1] <= '9' {
		i--
	}
	if i == len(s) || i < 2 || s[i-1] != '_' {
		return s
	}
	return s[:i-1]
}
