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

// checkToolChoice returns why tool_choice cannot be sent with these tools,
// or "" when it can, and the warnings about it (a choice the spec does not
// list but the API accepts, a key its form does not define), which hold
// whether or not it is sent. tools lists the request's tools, and the
// functions and custom tools inside its namespaces, which a choice may
// name too.
func checkToolChoice(raw json.RawMessage, tools []toolInfo) (string, []Fix, []Issue) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return "not valid JSON", nil, nil
	}
	if s, ok := v.(string); ok {
		switch s {
		case "none", "auto":
			return "", nil, nil
		case "required":
			if len(tools) == 0 {
				return `"required" needs at least one tool, and the request has none`, nil, nil
			}
			return "", nil, nil
		}
		return fmt.Sprintf(`must be "none", "auto", "required" or an object naming a tool, got %s`, quoteForMessage(s)), nil, nil
	}
	obj, _ := v.(map[string]any)
	if msg := chatShapeChoice(obj); msg != "" {
		return msg, []Fix{{Kind: FixChatShape}}, nil
	}
	issues := CheckToolChoice(v)
	var warnings []Issue
	for _, is := range issues {
		if !is.Fatal {
			warnings = append(warnings, is)
		}
	}
	if hasFatal(issues) {
		var msgs []string
		for _, is := range issues {
			if is.Fatal {
				msgs = append(msgs, strings.TrimSpace(is.Path+" "+is.Message))
			}
		}
		return strings.Join(msgs, "; "), nil, warnings
	}
	typ, _ := obj["type"].(string)
	if typ == "allowed_tools" {
		list, _ := obj["tools"].([]any)
		for i, it := range list {
			m, _ := it.(map[string]any)
			if msg := chatShapeChoice(m); msg != "" {
				return fmt.Sprintf("/tools/%d: %s", i, msg), []Fix{{Kind: FixChatShape, At: "/tools/" + itoa(i)}}, warnings
			}
			if msg, fix := missingTool(m, tools, "/tools/"+itoa(i)); msg != "" {
				return fmt.Sprintf("/tools/%d: %s", i, msg), fix, warnings
			}
		}
		return "", nil, warnings
	}
	if msg, fix := missingTool(obj, tools, ""); msg != "" {
		return msg, fix, warnings
	}
	return "", nil, warnings
}

// missingTool says which tool a choice names that the request lacks. A
// hosted tool is found by its type or a dated version of it; a function,
// custom tool or MCP server also by the key that names it (ToolKind.NamedBy).
//
// When one name of the request's tools of that type is close to the one
// named (a typo), the message asks whether it was meant and the fix sets
// it; at is the choice's pointer inside tool_choice.
func missingTool(choice map[string]any, tools []toolInfo, at string) (string, []Fix) {
	typ, _ := choice["type"].(string)
	namedBy := ""
	if k, ok := KindOf(typ); ok {
		namedBy = k.NamedBy
	}
	want, _ := choice[namedBy].(string)
	var names []string
	for _, t := range tools {
		if !satisfiesChoice(typ, t.typ) {
			continue
		}
		have := t.name
		switch namedBy {
		case "":
			return "", nil
		case "server_label":
			have = t.label
		}
		if have == want {
			return "", nil
		}
		names = append(names, have)
	}
	what := quoteForMessage(typ)
	switch namedBy {
	case "server_label":
		what = fmt.Sprintf("%s server %s", typ, quoteForMessage(want))
	case "name":
		what = fmt.Sprintf("%s %s", typ, quoteForMessage(want))
	}
	msg := fmt.Sprintf("names %s, which is not in the request's tools (the API answers 400 \"Tool choice not found in 'tools' parameter\")", what)
	if s := suggestOne(want, names); namedBy != "" && s != "" {
		return msg + "; did you mean " + quoteForMessage(s) + "?", []Fix{{Kind: FixChoiceName, At: at + "/" + namedBy, Arg: s}}
	}
	return msg, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
