package convert

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
)

// FixKind names one repair a diagnostic can offer.
type FixKind uint8

const (
	// FixStrict makes a function's parameters strict-compatible: every
	// object gets "additionalProperties": false, and each optional
	// property becomes required and nullable, which keeps its meaning;
	// "strict" is set to true.
	FixStrict FixKind = iota + 1
	// FixStrictFalse sets a function's "strict" to false, for a schema
	// strict mode cannot take.
	FixStrictFalse
	// FixStrictTrue sets a function's "strict" to true, for parameters
	// strict mode takes as they are (the API runs them strict already).
	FixStrictTrue
	// FixType replaces an unknown type with the known one it is closest to.
	FixType
	// FixRename gives a tool whose name (or MCP server_label) another tool
	// already uses a name of its own: name_2, name_3, ...
	FixRename
	// FixChatShape moves a Chat Completions function tool's (or
	// tool_choice's) nested "function" members to the top level.
	FixChatShape
	// FixDropKey removes a key the spec does not define.
	FixDropKey
	// FixDomain replaces an allowed_domains entry written as a URL by
	// its domain (Arg): the scheme goes, the meaning stays.
	FixDomain
	// FixDomainWiden is FixDomain for a URL with a path (or a port, a
	// query): the domain allows more than the URL named.
	FixDomainWiden
	// FixName gives a function whose name the API refuses a name it
	// takes: Arg, every other character made "_", at most 64 long (a
	// number is added when another tool has it). tool_choice follows.
	FixName
	// FixAdditionalFalse sets "additionalProperties" to false on the
	// object schema at At, which strict mode needs.
	FixAdditionalFalse
	// FixChoiceName makes tool_choice name the tool Arg, the request's
	// tool whose name is closest to the one it names.
	FixChoiceName
	// FixAddProperties adds "properties": {} to a function's object
	// parameters that have none, which the API refuses.
	FixAddProperties
	// FixRootObject makes a function's parameters "type": "object" (added
	// where there is no type, or in place of a list of types holding
	// it), with "properties": {} when there are none.
	FixRootObject
	// FixCountry replaces a web search's user_location.country written
	// as an English country name by its ISO 3166-1 alpha-2 code (Arg).
	FixCountry
	// FixDropDefault removes every "default" from a function's
	// parameters (At is the function), a keyword outside strict mode's
	// documented subset that some deployments refuse.
	FixDropDefault
)

// Fix is a repair of one entry (or of tool_choice), offered by the
// diagnostic that carries it. At is the JSON Pointer, inside the entry,
// of the value the fix acts on: the function ("" for a function entry,
// "/tools/2" for a function inside a namespace) for the strict fixes, the
// member itself for the others. Arg is the replacement type of FixType.
type Fix struct {
	Kind FixKind
	At   string
	Arg  string
}

// Title says what the fix does, for a menu or a log line.
func (f Fix) Title() string {
	switch f.Kind {
	case FixStrict:
		return "make the parameters strict-compatible and set strict to true: optional properties become required and nullable, " +
			"so the tool receives null, not a missing key, for a value the model leaves out"
	case FixStrictFalse:
		return "set strict to false"
	case FixStrictTrue:
		return "set strict to true (the parameters stay as they are)"
	case FixType:
		return "change the type to " + quoteForMessage(f.Arg)
	case FixRename:
		return "rename it to a name no other tool uses"
	case FixChatShape:
		return "convert it to the Responses shape"
	case FixDropKey:
		return "remove the key " + quoteForMessage(lastToken(f.At))
	case FixDomain:
		return "change it to the bare domain " + quoteForMessage(f.Arg)
	case FixDomainWiden:
		return "change it to the bare domain " + quoteForMessage(f.Arg) + ", which allows the whole domain"
	case FixName:
		return "rename it to " + quoteForMessage(f.Arg) + ", a name the API takes (tool_choice follows)"
	case FixAdditionalFalse:
		return `set "additionalProperties" to false (the model may then send no key the schema does not list)`
	case FixChoiceName:
		return "name " + quoteForMessage(f.Arg) + " instead"
	case FixAddProperties:
		return `add "properties": {}, as for a function without arguments (the arguments stay what they were)`
	case FixRootObject:
		return `make the parameters "type": "object", with "properties" (the arguments are an object all the same)`
	case FixCountry:
		return "change it to the ISO country code " + quoteForMessage(f.Arg)
	case FixDropDefault:
		return `remove every "default" from the parameters (Azure OpenAI refuses it in strict mode; the model no longer sees the defaults)`
	}
	return ""
}

// Safe reports whether "fix all" applies the fix: it keeps what the entry
// means. A guessed type, a removed key or strict mode turned off are
// offered one by one instead.
func (f Fix) Safe() bool {
	switch f.Kind {
	case FixStrict, FixStrictTrue, FixRename, FixChatShape, FixDomain, FixName, FixAddProperties, FixRootObject, FixCountry:
		return true
	}
	return false
}

// ErrFixStale means the document changed so that the fix no longer applies.
var ErrFixStale = errors.New("the entry changed since this problem was found; nothing to fix")

// ApplyFix returns d with fix f of diagnostic diag applied, as one edit of
// the entry (or of tool_choice) the diagnostic is about. d is not changed.
func ApplyFix(d *model.Document, diag Diagnostic, f Fix) (*model.Document, error) {
	fixed, _, err := ApplyFixChanges(d, diag, f)
	return fixed, err
}

// ApplyFixChanges is ApplyFix that also names every change the fix made,
// one a line, each "POINTER: what", the pointer inside the entry (or
// tool_choice): `/parameters/properties/unit: make "unit" required and
// nullable: …`, `/strict: set to true`.
func ApplyFixChanges(d *model.Document, diag Diagnostic, f Fix) (*model.Document, []string, error) {
	if diag.IsTool() {
		list := d.List(diag.Kind)
		if diag.Index >= len(list) {
			return nil, nil, ErrFixStale
		}
		t := list[diag.Index]
		if t.Draft != nil {
			return nil, nil, fmt.Errorf("%s has a draft of %s that is not valid JSON yet; finish or undo it first", diag.Location, t.DraftMember())
		}
		if rawjson.CheckJSON(t.Raw) != nil || rawjson.JSONKind(t.Raw) != "object" {
			return nil, nil, ErrFixStale
		}
		raw, changes, err := fixValue(d, t.Raw, f)
		if err != nil {
			return nil, nil, err
		}
		// A renamed duplicate is a new tool: what named the first keeps it.
		fixed, err := model.ReplaceTool(d, diag.Kind, diag.Index, raw)
		if err != nil {
			return nil, nil, err
		}
		if f.Kind == FixName {
			// The same function under a name the API takes: what named
			// it follows.
			old, _ := valueAt(t.Raw, f.At)
			from, _ := rawjson.Unquote(old)
			to, _ := rawjson.Unquote(mustValueAt(raw, f.At))
			var n int
			if fixed, n = model.RenameRefs(fixed, model.FamilyFunction, from, to); n > 0 {
				changes = append(changes, "tool_choice: name "+quoteForMessage(to)+" instead of "+quoteForMessage(from))
			}
			if moved := model.FollowMocks(fixed, from, to); moved != fixed {
				fixed = moved
				changes = append(changes, "tooltui.mocks: the mock outputs of "+quoteForMessage(from)+" are "+quoteForMessage(to)+"'s")
			}
		}
		return fixed, changes, nil
	}
	if diag.Location != "tool_choice" {
		return nil, nil, ErrFixStale
	}
	raw, ok := d.Fields.Get("tool_choice")
	if !ok || rawjson.CheckJSON(raw) != nil {
		return nil, nil, ErrFixStale
	}
	fixed, changes, err := fixValue(d, raw, f)
	if err != nil {
		return nil, nil, err
	}
	return model.SetRequestField(d, "tool_choice", fixed), changes, nil
}

// FixDescription says what fix f of diag would do to d: its title, then
// every change it makes, one a line ("- POINTER: what"). The error is
// ApplyFix's.
func FixDescription(d *model.Document, diag Diagnostic, f Fix) (string, error) {
	_, changes, err := ApplyFixChanges(d, diag, f)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString(f.Title())
	for _, c := range changes {
		b.WriteString("\n- ")
		b.WriteString(c)
	}
	return b.String(), nil
}

// usedNames are the values of key ("name" or "server_label") of every
// tool of the document, namespaces' tools included: what a renamed tool
// must not take.
func usedNames(d *model.Document, key string) map[string]bool {
	taken := map[string]bool{}
	var walk func(raw []byte, depth int)
	walk = func(raw []byte, depth int) {
		if rawjson.JSONKind(raw) != "object" || depth > 1 {
			return
		}
		o := rawjson.Members(raw)
		if v, ok := o.Get(key); ok {
			if s, ok := rawjson.Unquote(v); ok {
				taken[s] = true
			}
		}
		if tools, ok := o.Get("tools"); ok && rawjson.JSONKind(tools) == "array" {
			for _, t := range rawjson.Elements(tools) {
				walk(t, depth+1)
			}
		}
	}
	for _, k := range [...]model.Kind{model.Function, model.Builtin} {
		for _, t := range d.List(k) {
			if rawjson.CheckJSON(t.Raw) == nil {
				walk(t.Raw, 0)
			}
		}
	}
	return taken
}

// FixAllResult is one fix that FixAll applied, with every change it made
// (see ApplyFixChanges).
type FixAllResult struct {
	Location string
	Title    string
	Changes  []string
}

// FixSkipped is a fix FixAll left out although its kind is safe, and why.
type FixSkipped struct {
	Location string
	Title    string
	Why      string
}

// FixReport is what FixAllReport did: the fixes applied, in order, and
// those it left out.
type FixReport struct {
	Applied []FixAllResult
	Skipped []FixSkipped
}

// maxFixRounds bounds FixAll: each round applies one fix and converts
// again, since a fix can change what else is wrong with an entry.
const maxFixRounds = 1000

// FixAll applies every safe fix of d's diagnostics, one at a time, and
// returns the fixed document with the fixes it applied in order. A fix
// that fails is skipped. c converts between rounds; nil uses a new
// converter.
func FixAll(d *model.Document, c *Converter) (*model.Document, []FixAllResult) {
	fixed, r := FixAllReport(d, c)
	return fixed, r.Applied
}

// whySafeFixUnsafe says why a fix of a safe kind does not keep what this
// entry means, or "".
func whySafeFixUnsafe(d *model.Document, diag Diagnostic, f Fix) string {
	if f.Kind != FixStrict || !diag.IsTool() || f.At != "" {
		return ""
	}
	if list := d.List(diag.Kind); diag.Index < len(list) && list[diag.Index].Origin == model.OriginMCP {
		return "the function comes from an MCP server, which checks the arguments against its own schema: " +
			"in strict mode a model sends null for an optional value it leaves out, which the server may refuse; " +
			"apply it one by one (f in the app) if the server takes null"
	}
	return ""
}

// FixAllReport is FixAll that also says which fixes of a safe kind it left
// out, and why: one the entry's origin makes unsafe (making an MCP
// server's function strict-compatible), or one that failed.
func FixAllReport(d *model.Document, c *Converter) (*model.Document, FixReport) {
	if c == nil {
		c = &Converter{}
	}
	var r FixReport
	skip := map[string]bool{}
	for range maxFixRounds {
		applied := false
		for _, diag := range c.Convert(d).Diagnostics {
			for _, f := range diag.Fixes {
				id := diag.Location + "\x00" + f.At + "\x00" + f.Title()
				if !f.Safe() || skip[id] {
					continue
				}
				if why := whySafeFixUnsafe(d, diag, f); why != "" {
					skip[id] = true
					r.Skipped = append(r.Skipped, FixSkipped{Location: diag.Location, Title: f.Title(), Why: why})
					continue
				}
				next, changes, err := ApplyFixChanges(d, diag, f)
				if err != nil {
					skip[id] = true
					r.Skipped = append(r.Skipped, FixSkipped{Location: diag.Location, Title: f.Title(), Why: err.Error()})
					continue
				}
				d, applied = next, true
				r.Applied = append(r.Applied, FixAllResult{Location: diag.Location, Title: f.Title(), Changes: changes})
				break
			}
			if applied {
				break
			}
		}
		if !applied {
			break
		}
	}
	return d, r
}

// mustValueAt is valueAt of a pointer known to be there.
func mustValueAt(raw []byte, ptr string) []byte {
	v, _ := valueAt(raw, ptr)
	return v
}

// maxFixedName is the length of the names FixName gives: Chat
// Completions' limit, within the Responses API's 128.
const maxFixedName = 64

// sanitizedName is name with every character the API refuses in a
// function name made "_", cut to maxFixedName; "" for an empty name.
func sanitizedName(name string) string {
	var b strings.Builder
	for _, r := range name {
		if b.Len() == maxFixedName {
			break
		}
		if isNameRune(r) {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	return b.String()
}

// limitedUniqueName is base if it is free, else base_2, base_3, ... with
// base cut so that the name stays within limit bytes (base is ASCII).
func limitedUniqueName(base string, limit int, taken func(string) bool) string {
	if !taken(base) {
		return base
	}
	for n := 2; ; n++ {
		suffix := "_" + strconv.Itoa(n)
		b := base
		if len(b)+len(suffix) > limit {
			b = b[:max(0, limit-len(suffix))]
		}
		if name := b + suffix; !taken(name) {
			return name
		}
	}
}

// splitPointer splits a JSON Pointer into its unescaped tokens.
func splitPointer(ptr string) []string {
	if ptr == "" {
		return nil
	}
	toks := strings.Split(strings.TrimPrefix(ptr, "/"), "/")
	for i, t := range toks {
		if strings.Contains(t, "~") {
			toks[i] = strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
		}
	}
	return toks
}

func lastToken(ptr string) string {
	toks := splitPointer(ptr)
	if len(toks) == 0 {
		return ""
	}
	return toks[len(toks)-1]
}

func join(ptr, key string) string { return ptr + "/" + pointerToken(key) }

// valueAt returns the value at ptr inside valid JSON raw.
func valueAt(raw []byte, ptr string) ([]byte, bool) {
	cur := raw
	for _, tok := range splitPointer(ptr) {
		next, ok := child(cur, tok)
		if !ok {
			return nil, false
		}
		cur = next
	}
	return cur, true
}

func child(v []byte, tok string) ([]byte, bool) {
	switch rawjson.JSONKind(v) {
	case "object":
		return rawjson.Members(v).Get(tok)
	case "array":
		els := rawjson.Elements(v)
		i, err := parseIndex(tok)
		if err != nil || i >= len(els) {
			return nil, false
		}
		return els[i], true
	}
	return nil, false
}

func parseIndex(tok string) (int, error) {
	n := 0
	if tok == "" || len(tok) > 9 || (len(tok) > 1 && tok[0] == '0') {
		return 0, errors.New("not an index")
	}
	for _, c := range tok {
		if c < '0' || c > '9' {
			return 0, errors.New("not an index")
		}
		n = n*10 + int(c-'0')
	}
	return n, nil
}

// replaceAt returns raw with the value at ptr replaced by v, or, for v
// nil, the object member at ptr removed. A missing last member is added
// to its object; anything else missing on the way fails. Key order and
// every other byte of the members around are kept.
func replaceAt(raw []byte, ptr string, v []byte) ([]byte, bool) {
	return replaceToks(raw, splitPointer(ptr), v)
}

func replaceToks(raw []byte, toks []string, v []byte) ([]byte, bool) {
	if len(toks) == 0 {
		return v, v != nil
	}
	tok := toks[0]
	switch rawjson.JSONKind(raw) {
	case "object":
		o := rawjson.Members(raw)
		cur, ok := o.Get(tok)
		if len(toks) == 1 {
			if v == nil {
				if !ok {
					return nil, false
				}
				o.Delete(tok)
			} else {
				o.Set(tok, v)
			}
			return o.AppendJSON(nil), true
		}
		if !ok {
			return nil, false
		}
		nc, ok := replaceToks(cur, toks[1:], v)
		if !ok {
			return nil, false
		}
		o.Set(tok, nc)
		return o.AppendJSON(nil), true
	case "array":
		els := rawjson.Elements(raw)
		i, err := parseIndex(tok)
		if err != nil || i >= len(els) {
			return nil, false
		}
		nc, ok := replaceToks(els[i], toks[1:], v)
		if !ok || nc == nil {
			return nil, false
		}
		out := []byte{'['}
		for j, el := range els {
			if j > 0 {
				out = append(out, ',')
			}
			if j == i {
				el = nc
			}
			out = append(out, el...)
		}
		return append(out, ']'), true
	}
	return nil, false
}

// FreeName is a function or custom tool name the API accepts, at most 64
// bytes, that taken says is free: name with every character the API
// refuses made "_" (as FixName gives), then, when that is taken, with _2,
// _3, … (as the fix of a duplicate name gives); "tool" stands in for an
// empty name.
func FreeName(name string, taken func(string) bool) string {
	base := sanitizedName(name)
	if base == "" {
		base = "tool"
	}
	return limitedUniqueName(base, maxFixedName, taken)
}
