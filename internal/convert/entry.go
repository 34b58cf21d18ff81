package convert

// Validation of a single tools[] entry (and of tool_choice) against the
// Responses API schema, plus the rules OpenAI states only in prose or
// enforces on the server.
//
// tools.schema.json is derived from OpenAI's OpenAPI description by the
// generator in ./schemagen. After updating the description, regenerate it
// from the repository root with
//
//	go run ./internal/convert/schemagen path/to/openai-openapi.json > internal/convert/tools.schema.json
//
// TestSchemaMatchesGenerator checks that the committed file is up to date.

import (
	_ "embed"
	"fmt"
	"maps"
	"slices"
)

//go:embed tools.schema.json
var toolsSchemaJSON []byte

// toolsSchemaURL names the embedded document inside the validator; nothing is
// ever fetched from it.
const toolsSchemaURL = "https://tooltui.invalid/tools.schema.json"

// entryDepthLimit bounds how deeply a checked value may nest. The validator
// recurses through the value, so deeper values are refused before it runs.
const entryDepthLimit = 64

// toolDefs maps each tools[] type string to its schema in $defs, in the order
// of the spec's Tool.oneOf.
var toolDefs = [...]struct{ typ, def string }{
	{"function", "FunctionTool"},
	{"file_search", "FileSearchTool"},
	{"computer", "ComputerTool"},
	{"computer_use_preview", "ComputerUsePreviewTool"},
	{"web_search", "WebSearchTool"},
	{"web_search_2025_08_26", "WebSearchTool"},
	{"mcp", "MCPTool"},
	{"code_interpreter", "CodeInterpreterTool"},
	{"programmatic_tool_calling", "ProgrammaticToolCallingParam"},
	{"image_generation", "ImageGenTool"},
	{"local_shell", "LocalShellToolParam"},
	{"shell", "FunctionShellToolParam"},
	{"custom", "CustomToolParam"},
	{"namespace", "NamespaceToolParam"},
	{"tool_search", "ToolSearchToolParam"},
	{"web_search_preview", "WebSearchPreviewTool"},
	{"web_search_preview_2025_03_11", "WebSearchPreviewTool"},
	{"apply_patch", "ApplyPatchToolParam"},
}

// ToolTypes lists the 18 type strings the Responses API accepts in tools, in the spec's order.
func ToolTypes() []string {
	types := make([]string, len(toolDefs))
	for i, td := range toolDefs {
		types[i] = td.typ
	}
	return types
}

// IsToolType reports whether t is one of them: a type of the catalogue.
func IsToolType(t string) bool {
	_, ok := catalogIndex[t]
	return ok
}

func toolDefName(t string) (string, bool) {
	for _, td := range toolDefs {
		if td.typ == t {
			return td.def, true
		}
	}
	return "", false
}

// KnownKeys returns the top-level property names the schema of type t defines
// (nil for an unknown type), sorted.
func KnownKeys(t string) []string {
	def, ok := toolDefName(t)
	if !ok {
		return nil
	}
	return slices.Clone(toolSchemas().keys[def])
}

// CheckEntry validates one tool entry whose "type" is the known type typ. v is
// the entry decoded with json.Decoder.UseNumber (map[string]any, []any,
// json.Number, string, bool, nil).
//
// It returns the schema violations and the rules the schema leaves to prose
// or to the server, each with a JSON Pointer path and a short message. Schema
// and rule violations are Fatal; keys the schema does not define (at the
// top level or in a nested object such as filters or ranking_options), and
// a time zone that does not look like an IANA name, are not.
// Issues are sorted by path, a field's own issues before those of the object
// holding it, so the entry-level ones (path "") come last.
//
// For "function", missing "strict" and "parameters" are not reported
// (tooltui writes function tools itself), and an object "parameters" is not
// inspected: callers may pass it as an empty object.
//
// A value nesting deeper than 64 levels yields a single fatal issue and is
// not validated further. Numbers too large to compare cheaply (exponent
// beyond ±10000, over 1000 characters) are reported as out of range and
// skip the schema check (the rules and key check still run).
func CheckEntry(typ string, v any) []Issue { return checkEntry(typ, v, true) }

// checkEntry is CheckEntry. With quick set, an entry the quick check
// finds clean skips the validator and the walks for unknown keys, which
// would find nothing; without, every entry takes the full path.
func checkEntry(typ string, v any, quick bool) []Issue {
	def, ok := toolDefName(typ)
	if !ok {
		return []Issue{{Path: "/type", Message: fmt.Sprintf("unknown tool type %s", quoteForMessage(typ)), Fatal: true}}
	}
	s := toolSchemas()
	if s.err != nil {
		return []Issue{{Message: s.err.Error(), Fatal: true}}
	}
	issues, ok := precheckValue(v)
	if !ok {
		return issues
	}
	clean := false
	if len(issues) == 0 {
		if clean = quick && s.quickClean(def, v); !clean {
			issues = s.validate(def, v)
		}
	}
	if obj, isObj := v.(map[string]any); isObj {
		issues = append(issues, entryRules(typ, obj)...)
		if !clean {
			issues = append(issues, unknownKeyIssues(typ, obj, s.keys[def])...)
			issues = append(issues, s.nestedUnknownKeys(s.def(def), v, false)...)
		}
	}
	return tidyIssues(issues)
}

// def is a schema of the embedded document's $defs.
func (s *schemaSet) def(name string) any {
	defs, _ := s.doc["$defs"].(map[string]any)
	return defs[name]
}

// CheckToolChoice validates a decoded tool_choice value against ToolChoiceParam and returns issues (Fatal = malformed).
//
// {"type":"web_search"} (or "web_search_2025_08_26") is outside the spec's
// ToolChoiceTypes but accepted by the API in practice; it gets a warning.
// Keys the form of tool_choice does not define get a warning too.
func CheckToolChoice(v any) []Issue {
	s := toolSchemas()
	if s.err != nil {
		return []Issue{{Message: s.err.Error(), Fatal: true}}
	}
	issues, ok := precheckValue(v)
	if !ok || len(issues) > 0 {
		return tidyIssues(issues)
	}
	if _, isStr := v.(string); isStr && quickCheck(s.quick[choiceDef], v, 0) == qYes {
		return nil // "auto", "none", "required": nothing to compile
	}
	issues = s.validate(choiceDef, v)
	checked := v
	if len(issues) > 0 {
		if warn, ok := s.gaWebSearchChoice(v); ok {
			issues = []Issue{warn}
			alt := maps.Clone(v.(map[string]any))
			alt["type"] = "web_search_preview"
			checked = alt
		}
	}
	issues = append(issues, s.nestedUnknownKeys(s.def(choiceDef), checked, true)...)
	return tidyIssues(issues)
}

// gaWebSearchChoice reports whether v is a well-formed hosted-tool choice
// naming the GA web search tool, which the spec does not list.
func (s *schemaSet) gaWebSearchChoice(v any) (Issue, bool) {
	obj, ok := v.(map[string]any)
	if !ok {
		return Issue{}, false
	}
	typ, _ := obj["type"].(string)
	if k, ok := KindOf(typ); !ok || k.Family != "web_search" || k.Choosable {
		return Issue{}, false
	}
	alt := maps.Clone(obj)
	alt["type"] = "web_search_preview"
	if sch, err := s.schema(choiceDef); err != nil || sch.Validate(alt) != nil {
		return Issue{}, false
	}
	return Issue{
		Path:    "/type",
		Message: quoteForMessage(typ) + " is not a tool_choice type in the spec; the API accepts it in practice",
	}, true
}

// unknownKeyIssues warns about top-level keys the schema does not define.
func unknownKeyIssues(typ string, obj map[string]any, known []string) []Issue {
	var issues []Issue
	for k := range obj {
		if _, found := slices.BinarySearch(known, k); !found {
			issues = append(issues, Issue{
				Path:    "/" + pointerToken(k),
				Message: "unknown key for " + typ + "; the API may reject it",
				Fixes:   []Fix{{Kind: FixDropKey, At: "/" + pointerToken(k)}},
			})
		}
	}
	return issues
}
