package model

import "encoding/json"

// ToolName returns the family of a tool that tool_choice can name
// (FamilyFunction, FamilyCustom or FamilyMCP), the member of its entry
// that names it ("name", or "server_label" for an MCP tool) and the name;
// family is "" for a tool that is not named (a hosted tool such as
// web_search) or whose entry is not a valid JSON object.
func ToolName(k Kind, raw json.RawMessage) (family, key, name string) {
	family, key = identity(k, raw, false)
	if family == "" {
		return "", "", ""
	}
	return family, key, memberString(raw, key)
}

// NameTaken reports whether a tool of d has name in the namespace of
// family (functions and custom tools share one, MCP server labels have
// their own). Disabled tools count.
func (d *Document) NameTaken(family, name string) bool {
	return d.nameCount(family, name) > 0
}
