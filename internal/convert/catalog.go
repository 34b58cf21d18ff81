package convert

// ToolKind describes one type of entry the Responses API accepts in tools:
// what forms, pickers, the converter and tool_choice need to know about it.
type ToolKind struct {
	// Type is the "type" string, e.g. "web_search_preview".
	Type string
	// Family groups versions of one tool: "web_search" for web_search,
	// web_search_2025_08_26, web_search_preview and
	// web_search_preview_2025_03_11; otherwise the type itself.
	Family string
	// Summary is one line for pickers: what the tool lets the model do.
	Summary string
	// Template is a minimal valid entry to start from, as compact JSON.
	// For "function" it is the entry as stored in tools_defs, without
	// "type"; for every other type it is an extra.builtin_tools entry.
	Template string
	// Choosable: tool_choice may force the tool as {"type": Type}, as the
	// spec's ToolChoiceTypes and Specific*Param list (hosted tools). The
	// GA web_search types are not listed there; the API accepts them in
	// practice and the converter warns.
	Choosable bool
	// NamedBy is the key that identifies one instance for tool_choice
	// ({"type": "function", "name": ...}): "name" for function and custom,
	// "server_label" for mcp, "" otherwise. Such types are not Choosable
	// by type alone.
	NamedBy string
}

// catalog is every tool type, in picker order: the common ones first, the
// dated aliases last.
var catalog = [...]ToolKind{
	{Type: "function", Family: "function", NamedBy: "name",
		Summary:  "call a function your application runs, with arguments that follow a JSON Schema",
		Template: `{"name":"new_function","description":"","parameters":{"type":"object","properties":{},"required":[],"additionalProperties":false},"strict":true}`},
	{Type: "web_search", Family: "web_search",
		Summary:  "search the web and cite its sources",
		Template: `{"type":"web_search"}`},
	{Type: "file_search", Family: "file_search", Choosable: true,
		Summary:  "search the files in your vector stores",
		Template: `{"type":"file_search","vector_store_ids":[]}`},
	{Type: "code_interpreter", Family: "code_interpreter", Choosable: true,
		Summary:  "write and run Python in a sandboxed container",
		Template: `{"type":"code_interpreter","container":{"type":"auto","memory_limit":"1g"}}`},
	{Type: "image_generation", Family: "image_generation", Choosable: true,
		Summary:  "generate and edit images",
		Template: `{"type":"image_generation","quality":"auto","size":"auto","output_format":"png"}`},
	{Type: "mcp", Family: "mcp", NamedBy: "server_label",
		Summary:  "call the tools of a remote MCP server or connector",
		Template: `{"type":"mcp","server_label":"deepwiki","server_url":"https://mcp.deepwiki.com/mcp","require_approval":"never"}`},
	{Type: "computer", Family: "computer", Choosable: true,
		Summary:  "operate a computer through screenshots, clicks and keystrokes your application performs",
		Template: `{"type":"computer"}`},
	{Type: "computer_use_preview", Family: "computer_use_preview", Choosable: true,
		Summary:  "operate a computer or browser of a set size (the preview computer-use tool)",
		Template: `{"type":"computer_use_preview","environment":"browser","display_width":1024,"display_height":768}`},
	{Type: "local_shell", Family: "local_shell",
		Summary:  "run shell commands on your machine, which your application executes",
		Template: `{"type":"local_shell"}`},
	{Type: "shell", Family: "shell", Choosable: true,
		Summary:  "run shell commands in a hosted container or an environment you provide",
		Template: `{"type":"shell","environment":{"type":"container_auto"}}`},
	{Type: "apply_patch", Family: "apply_patch", Choosable: true,
		Summary:  "create, update and delete files through patches your application applies",
		Template: `{"type":"apply_patch"}`},
	{Type: "custom", Family: "custom", NamedBy: "name",
		Summary:  "call a tool of yours with free-form text input, optionally held to a grammar",
		Template: `{"type":"custom","name":"new_custom_tool","description":"","format":{"type":"text"}}`},
	{Type: "namespace", Family: "namespace",
		Summary:  "group function and custom tools under one name",
		Template: `{"type":"namespace","name":"tools","description":"","tools":[{"type":"function","name":"inner_function"}]}`},
	{Type: "tool_search", Family: "tool_search",
		Summary:  "search deferred tools and load the ones it needs",
		Template: `{"type":"tool_search","execution":"server"}`},
	{Type: "programmatic_tool_calling", Family: "programmatic_tool_calling", Choosable: true,
		Summary:  "call tools from code it writes and runs",
		Template: `{"type":"programmatic_tool_calling"}`},
	{Type: "web_search_preview", Family: "web_search", Choosable: true,
		Summary:  "search the web and cite its sources (the preview tool)",
		Template: `{"type":"web_search_preview"}`},
	{Type: "web_search_2025_08_26", Family: "web_search",
		Summary:  "search the web and cite its sources (web_search pinned to 2025-08-26)",
		Template: `{"type":"web_search_2025_08_26"}`},
	{Type: "web_search_preview_2025_03_11", Family: "web_search", Choosable: true,
		Summary:  "search the web and cite its sources (the preview tool pinned to 2025-03-11)",
		Template: `{"type":"web_search_preview_2025_03_11"}`},
}

// catalogIndex finds a type's entry in catalog.
var catalogIndex = func() map[string]int {
	m := make(map[string]int, len(catalog))
	for i, k := range catalog {
		m[k.Type] = i
	}
	return m
}()

// Catalog returns every type the API accepts in tools (the set ToolTypes
// lists), in picker order: function, web_search, file_search, ..., the
// dated aliases last. The slice is the caller's.
func Catalog() []ToolKind {
	return append([]ToolKind(nil), catalog[:]...)
}

// KindOf returns the catalogue entry of a type.
func KindOf(typ string) (ToolKind, bool) {
	i, ok := catalogIndex[typ]
	if !ok {
		return ToolKind{}, false
	}
	return catalog[i], true
}

// FamilyOf returns the family of a type; an unknown type is its own family.
func FamilyOf(typ string) string {
	if k, ok := KindOf(typ); ok {
		return k.Family
	}
	return typ
}

// choiceOnlyTypes are tool_choice types that name no tools[] type of their
// own, with the tools that satisfy them.
var choiceOnlyTypes = map[string][]string{
	"computer_use": {"computer", "computer_use_preview"},
}

// satisfiesChoice reports whether a tool of type tool is one a tool_choice
// of type choice can select: the same type, or a dated version of it
// (web_search_preview_2025_03_11 for web_search_preview, and back).
func satisfiesChoice(choice, tool string) bool {
	if choice == tool {
		return true
	}
	if alts, ok := choiceOnlyTypes[choice]; ok {
		return contains(alts, tool)
	}
	if FamilyOf(choice) != FamilyOf(tool) || !IsToolType(choice) {
		return false
	}
	return undated(choice) == undated(tool)
}

// undated strips a version suffix such as _2025_08_26 from a type.
func undated(typ string) string {
	const suffix = len("_2025_08_26")
	if len(typ) <= suffix {
		return typ
	}
	base, date := typ[:len(typ)-suffix], typ[len(typ)-suffix:]
	for i := 0; i < len(date); i++ {
		c := date[i]
		if i == 0 || i == 5 || i == 8 {
			if c != '_' {
				return typ
			}
		} else if c < '0' || c > '9' {
			return typ
		}
	}
	return base
}
