package convert

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// toolInfo is what tool_choice can refer to in an output tool.
type toolInfo struct {
	typ, name, label string
}

// typeFamily maps a type to the types that satisfy a tool_choice naming it.
var typeFamily = map[string][]string{
	"web_search":                    {"web_search", "web_search_2025_08_26"},
	"web_search_2025_08_26":         {"web_search_2025_08_26", "web_search"},
	"web_search_preview":            {"web_search_preview", "web_search_preview_2025_03_11"},
	"web_search_preview_2025_03_11": {"web_search_preview_2025_03_11", "web_search_preview"},
	"computer_use":                  {"computer", "computer_use_preview"},
}

// checkToolChoice returns why tool_choice cannot be sent with these tools,
// or "" when it can.
func checkToolChoice(raw json.RawMessage, tools []toolInfo) string {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return "not valid JSON"
	}
	if s, ok := v.(string); ok {
		switch s {
		case "none", "auto":
			return ""
		case "required":
			if len(tools) == 0 {
				return `"required" needs at least one tool, and the request has none`
			}
			return ""
		}
		return fmt.Sprintf(`must be "none", "auto", "required" or an object naming a tool, got %q`, s)
	}
	if issues := CheckToolChoice(v); hasFatal(issues) {
		var msgs []string
		for _, is := range issues {
			if is.Fatal {
				msgs = append(msgs, strings.TrimSpace(is.Path+" "+is.Message))
			}
		}
		return strings.Join(msgs, "; ")
	}
	obj, _ := v.(map[string]any)
	typ, _ := obj["type"].(string)
	if typ == "allowed_tools" {
		list, _ := obj["tools"].([]any)
		for i, it := range list {
			m, _ := it.(map[string]any)
			if msg := missingTool(m, tools); msg != "" {
				return fmt.Sprintf("/tools/%d: %s", i, msg)
			}
		}
		return ""
	}
	return missingTool(obj, tools)
}

// missingTool says which tool a choice names that the request lacks.
func missingTool(choice map[string]any, tools []toolInfo) string {
	typ, _ := choice["type"].(string)
	name, _ := choice["name"].(string)
	label, _ := choice["server_label"].(string)
	family := typeFamily[typ]
	if family == nil {
		family = []string{typ}
	}
	for _, t := range tools {
		if !contains(family, t.typ) {
			continue
		}
		switch typ {
		case "function", "custom":
			if t.name == name {
				return ""
			}
		case "mcp":
			if t.label == label {
				return ""
			}
		default:
			return ""
		}
	}
	what := fmt.Sprintf("%q", typ)
	switch typ {
	case "function", "custom":
		what = fmt.Sprintf("%s %q", typ, name)
	case "mcp":
		what = fmt.Sprintf("mcp server %q", label)
	}
	return fmt.Sprintf("names %s, which is not in the request's tools (the API answers 400 \"Tool choice not found in 'tools' parameter\")", what)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
