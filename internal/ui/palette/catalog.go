package palette

import (
	"encoding/json"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
)

// rawKind is the add picker's last entry: any JSON, typed by hand.
var rawKind = convert.ToolKind{Type: "raw JSON", Summary: "any entry, typed as JSON (kept as written)", Template: `{"type": ""}`}

// Kinds is what the add picker offers: every type the API accepts,
// then raw JSON.
func Kinds() []convert.ToolKind {
	return append(convert.Catalog(), rawKind)
}

// NewTool makes the entry a new tool of typ starts from; a function,
// custom tool or MCP server gets a name no other tool has.
func NewTool(d *model.Document, typ string) (model.Kind, model.Tool, string, bool) {
	k, ok := convert.KindOf(typ)
	if typ == rawKind.Type {
		k, ok = rawKind, true
	}
	if !ok {
		return 0, model.Tool{}, "", false
	}
	kind := model.Builtin
	if typ == "function" {
		kind = model.Function
	}
	raw := json.RawMessage(k.Template)
	if k.NamedBy != "" {
		base := model.StringAt(raw, []string{k.NamedBy})
		name := model.UniqueName(base, func(s string) bool { return nameTaken(d, k.NamedBy, s) })
		raw = model.SetPath(raw, []string{k.NamedBy}, rawjson.String(name))
	}
	return kind, model.Tool{Raw: raw}, typ, true
}

// nameTaken reports whether a tool already uses name under key ("name" is
// shared by functions and custom tools, "server_label" by MCP servers).
func nameTaken(d *model.Document, key, name string) bool {
	for _, l := range [][]model.Tool{d.Functions, d.Builtins} {
		for _, t := range l {
			if model.StringAt(t.Raw, []string{key}) == name {
				return true
			}
		}
	}
	return false
}
