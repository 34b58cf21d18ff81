package ui

import "github.com/tooltui/tooltui/internal/model"

// template is a kind of tool the user can add, with a ready entry.
type template struct {
	label string
	kind  model.Kind
	raw   string
}

// templates lists every tool type the Responses API accepts, each with a
// minimal valid entry to start from.
var templates = []template{
	{"function", model.Function, `{"name":"new_function","description":"","parameters":{"type":"object","properties":{},"required":[],"additionalProperties":false},"strict":true}`},
	{"web_search", model.Builtin, `{"type":"web_search"}`},
	{"file_search", model.Builtin, `{"type":"file_search","vector_store_ids":[]}`},
	{"code_interpreter", model.Builtin, `{"type":"code_interpreter","container":{"type":"auto","memory_limit":"1g"}}`},
	{"image_generation", model.Builtin, `{"type":"image_generation","quality":"auto","size":"auto","output_format":"png"}`},
	{"mcp", model.Builtin, `{"type":"mcp","server_label":"deepwiki","server_url":"https://mcp.deepwiki.com/mcp","require_approval":"never"}`},
	{"computer", model.Builtin, `{"type":"computer"}`},
	{"computer_use_preview", model.Builtin, `{"type":"computer_use_preview","environment":"browser","display_width":1024,"display_height":768}`},
	{"local_shell", model.Builtin, `{"type":"local_shell"}`},
	{"shell", model.Builtin, `{"type":"shell","environment":{"type":"container_auto"}}`},
	{"apply_patch", model.Builtin, `{"type":"apply_patch"}`},
	{"custom", model.Builtin, `{"type":"custom","name":"new_custom_tool","description":"","format":{"type":"text"}}`},
	{"namespace", model.Builtin, `{"type":"namespace","name":"tools","description":"","tools":[{"type":"function","name":"inner_function"}]}`},
	{"tool_search", model.Builtin, `{"type":"tool_search","execution":"server"}`},
	{"programmatic_tool_calling", model.Builtin, `{"type":"programmatic_tool_calling"}`},
	{"web_search_preview", model.Builtin, `{"type":"web_search_preview"}`},
	{"raw JSON (anything)", model.Builtin, `{"type": ""}`},
}
