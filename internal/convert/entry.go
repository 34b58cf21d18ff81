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
	"bytes"
	"cmp"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"math/big"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
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
func CheckEntry(typ string, v any) []Issue {
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
	if len(issues) == 0 {
		issues = s.validate(s.byDef[def], v)
	}
	if obj, isObj := v.(map[string]any); isObj {
		issues = append(issues, entryRules(typ, obj)...)
		issues = append(issues, unknownKeyIssues(typ, obj, s.keys[def])...)
		issues = append(issues, s.nestedUnknownKeys(s.def(def), v, false)...)
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
	issues = s.validate(s.choice, v)
	checked := v
	if len(issues) > 0 {
		if warn, ok := s.gaWebSearchChoice(v); ok {
			issues = []Issue{warn}
			alt := maps.Clone(v.(map[string]any))
			alt["type"] = "web_search_preview"
			checked = alt
		}
	}
	issues = append(issues, s.nestedUnknownKeys(s.def("ToolChoiceParam"), checked, true)...)
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
	if s.choice.Validate(alt) != nil {
		return Issue{}, false
	}
	return Issue{
		Path:    "/type",
		Message: fmt.Sprintf("%q is not a tool_choice type in the spec; the API accepts it in practice", typ),
	}, true
}

// --- compiled schemas ---

// schemaSet is the embedded document compiled once, shared by all callers.
// Compiled schemas are read-only, so validation is safe from many goroutines.
type schemaSet struct {
	doc    map[string]any                // the document as compiled
	byDef  map[string]*jsonschema.Schema // one per tool schema in toolDefs
	choice *jsonschema.Schema            // ToolChoiceParam
	keys   map[string][]string           // top-level property names per tool schema, sorted
	err    error
}

var toolSchemas = sync.OnceValue(func() *schemaSet {
	s := &schemaSet{byDef: map[string]*jsonschema.Schema{}, keys: map[string][]string{}}
	if err := s.load(); err != nil {
		s.err = fmt.Errorf("internal error: tools.schema.json: %w", err)
	}
	return s
})

func (s *schemaSet) load() error {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(toolsSchemaJSON))
	if err != nil {
		return err
	}
	root, _ := doc.(map[string]any)
	defs, _ := root["$defs"].(map[string]any)
	if defs == nil {
		return errors.New("no $defs")
	}
	for _, td := range toolDefs {
		def, _ := defs[td.def].(map[string]any)
		if def == nil {
			return fmt.Errorf("no $defs/%s", td.def)
		}
		props, _ := def["properties"].(map[string]any)
		s.keys[td.def] = slices.Sorted(maps.Keys(props))
	}
	// tooltui writes function tools itself and leaves strict and parameters
	// out when unset, which the API accepts although the spec lists them as
	// required.
	dropRequired(defs["FunctionTool"], "strict", "parameters")
	s.doc = root

	c := jsonschema.NewCompiler()
	c.AssertFormat()
	c.UseLoader(noSchemaLoader{})
	if err := c.AddResource(toolsSchemaURL, root); err != nil {
		return err
	}
	for _, td := range toolDefs {
		if s.byDef[td.def] != nil {
			continue
		}
		if s.byDef[td.def], err = c.Compile(toolsSchemaURL + "#/$defs/" + td.def); err != nil {
			return err
		}
	}
	s.choice, err = c.Compile(toolsSchemaURL + "#/$defs/ToolChoiceParam")
	return err
}

func dropRequired(schema any, names ...string) {
	obj, _ := schema.(map[string]any)
	required, _ := obj["required"].([]any)
	if obj == nil || required == nil {
		return
	}
	obj["required"] = slices.DeleteFunc(slices.Clone(required), func(r any) bool {
		name, _ := r.(string)
		return slices.Contains(names, name)
	})
}

// noSchemaLoader refuses every load: the embedded document is self-contained.
type noSchemaLoader struct{}

func (noSchemaLoader) Load(url string) (any, error) {
	return nil, fmt.Errorf("no schema may be loaded from %s", url)
}

// validate runs sch on v and turns its error tree into issues.
func (s *schemaSet) validate(sch *jsonschema.Schema, v any) []Issue {
	err := sch.Validate(v)
	if err == nil {
		return nil
	}
	var verr *jsonschema.ValidationError
	if !errors.As(err, &verr) {
		return []Issue{{Message: err.Error(), Fatal: true}}
	}
	r := errorReader{set: s, instance: v}
	var issues []Issue
	for _, f := range r.read(verr) {
		issues = append(issues, Issue{Path: f.path, Message: f.msg, Fatal: true})
	}
	return issues
}

// --- reading the validator's errors ---

// schemaFinding is one problem read from the validator's error tree.
// wantTypes and wantValues are kept so that alternatives (anyOf/oneOf) can be
// compared and merged.
type schemaFinding struct {
	path       string
	msg        string
	wantTypes  []string // the value at path has the wrong JSON type
	wantValues []string // the value at path is not one of these (as JSON text)
}

type errorReader struct {
	set      *schemaSet
	instance any
}

// read flattens e into findings, choosing one branch for each failed
// anyOf/oneOf.
func (r errorReader) read(e *jsonschema.ValidationError) []schemaFinding {
	switch k := e.ErrorKind.(type) {
	case *kind.AnyOf:
		return r.alternatives(e)
	case *kind.OneOf:
		if len(k.Subschemas) == 0 {
			return r.alternatives(e)
		}
		return []schemaFinding{{path: pointerOf(e.InstanceLocation), msg: "matches more than one of the allowed forms"}}
	}
	if len(e.Causes) == 0 {
		return r.leaf(e)
	}
	var out []schemaFinding
	for _, c := range e.Causes {
		out = append(out, r.read(c)...)
	}
	return out
}

// alternatives reports a value that matched none of several schemas. Branches
// that fail only because the value has another JSON type, or another "type"
// field, are set aside; of the rest, the one with the fewest problems wins.
// When none is left, one message lists what was wanted.
func (r errorReader) alternatives(e *jsonschema.ValidationError) []schemaFinding {
	at := pointerOf(e.InstanceLocation)
	typeField := at + "/type"
	var (
		best       []schemaFinding
		wantTypes  []string
		wantValues []string
	)
	for _, c := range e.Causes {
		branch := r.read(c)
		if len(branch) == 1 && branch[0].path == at && branch[0].wantTypes != nil {
			wantTypes = appendNew(wantTypes, branch[0].wantTypes...)
			continue
		}
		if values, ok := valuesWantedAt(branch, typeField); ok {
			wantValues = appendNew(wantValues, values...)
			continue
		}
		if best == nil || len(branch) < len(best) {
			best = branch
		}
	}
	if best != nil {
		return best
	}
	value, _ := r.valueAt(e.InstanceLocation)
	switch {
	case len(wantValues) > 0:
		obj, _ := value.(map[string]any)
		return []schemaFinding{{path: typeField, msg: valuesMessage(wantValues, obj["type"]), wantValues: wantValues}}
	case len(wantTypes) > 0:
		return []schemaFinding{{path: at, msg: typeMessage(wantTypes, value), wantTypes: wantTypes}}
	default:
		return []schemaFinding{{path: at, msg: "matches none of the allowed forms"}}
	}
}

// valuesWantedAt returns the values a branch wants at path, if it rejects the
// value found there.
func valuesWantedAt(branch []schemaFinding, path string) ([]string, bool) {
	for _, f := range branch {
		if f.path == path && f.wantValues != nil {
			return f.wantValues, true
		}
	}
	return nil, false
}

func (r errorReader) leaf(e *jsonschema.ValidationError) []schemaFinding {
	at := pointerOf(e.InstanceLocation)
	value, _ := r.valueAt(e.InstanceLocation)
	one := func(msg string) []schemaFinding { return []schemaFinding{{path: at, msg: msg}} }
	switch k := e.ErrorKind.(type) {
	case *kind.Type:
		return []schemaFinding{{path: at, msg: typeMessage(k.Want, value), wantTypes: k.Want}}
	case *kind.Enum:
		want := literalTexts(k.Want...)
		return []schemaFinding{{path: at, msg: valuesMessage(want, value), wantValues: want}}
	case *kind.Const:
		want := literalTexts(k.Want)
		return []schemaFinding{{path: at, msg: valuesMessage(want, value), wantValues: want}}
	case *kind.Required:
		out := make([]schemaFinding, len(k.Missing))
		for i, name := range k.Missing {
			out[i] = schemaFinding{path: at + "/" + pointerToken(name), msg: "required"}
		}
		return out
	case *kind.AdditionalProperties:
		msg := "not allowed here"
		if allowed := r.set.propertyNames(e.SchemaURL); len(allowed) > 0 {
			msg = "unknown key; allowed keys are " + quotedList(allowed, "and")
		}
		out := make([]schemaFinding, len(k.Properties))
		for i, name := range k.Properties {
			out[i] = schemaFinding{path: at + "/" + pointerToken(name), msg: msg}
		}
		return out
	case *kind.MinLength:
		if k.Want == 1 && k.Got == 0 {
			return one("must not be empty")
		}
		return one(fmt.Sprintf("must be at least %s long, got %d", countOf(k.Want, "character"), k.Got))
	case *kind.MaxLength:
		return one(fmt.Sprintf("must be at most %s long, got %d", countOf(k.Want, "character"), k.Got))
	case *kind.Pattern:
		return one(fmt.Sprintf("must match the pattern %s, got %s", k.Want, describeValue(value)))
	case *kind.MinItems:
		return one(fmt.Sprintf("must have at least %s, got %d", countOf(k.Want, "item"), k.Got))
	case *kind.MaxItems:
		return one(fmt.Sprintf("must have at most %s, got %d", countOf(k.Want, "item"), k.Got))
	case *kind.Minimum:
		return one(fmt.Sprintf("must be at least %s, got %s", ratText(k.Want), describeValue(value)))
	case *kind.Maximum:
		return one(fmt.Sprintf("must be at most %s, got %s", ratText(k.Want), describeValue(value)))
	case *kind.ExclusiveMinimum:
		return one(fmt.Sprintf("must be greater than %s, got %s", ratText(k.Want), describeValue(value)))
	case *kind.ExclusiveMaximum:
		return one(fmt.Sprintf("must be less than %s, got %s", ratText(k.Want), describeValue(value)))
	case *kind.MultipleOf:
		return one(fmt.Sprintf("must be a multiple of %s, got %s", ratText(k.Want), describeValue(value)))
	case *kind.UniqueItems:
		return one(fmt.Sprintf("items %d and %d are equal; items must be unique", k.Duplicates[0], k.Duplicates[1]))
	case *kind.Format:
		if k.Want == "uri" {
			return one(fmt.Sprintf("must be an absolute URL such as \"https://example.com/mcp\", got %s", describeValue(value)))
		}
		return one(fmt.Sprintf("must be a valid %s, got %s", k.Want, describeValue(value)))
	case *kind.FalseSchema:
		return one("not allowed here")
	case *kind.InvalidJsonValue:
		return one(fmt.Sprintf("unsupported value of Go type %T", k.Value))
	default:
		return one("does not satisfy the schema keyword " + strings.Join(e.ErrorKind.KeywordPath(), "/"))
	}
}

// valueAt returns the part of the checked value at an instance location.
func (r errorReader) valueAt(loc []string) (any, bool) {
	v := r.instance
	for _, tok := range loc {
		switch node := v.(type) {
		case map[string]any:
			child, ok := node[tok]
			if !ok {
				return nil, false
			}
			v = child
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(node) {
				return nil, false
			}
			v = node[i]
		default:
			return nil, false
		}
	}
	return v, true
}

// propertyNames returns the sorted property names of the schema at a
// location in the embedded document, such as
// https://tooltui.invalid/tools.schema.json#/$defs/ComparisonFilter.
func (s *schemaSet) propertyNames(loc string) []string {
	_, frag, ok := strings.Cut(loc, "#")
	if !ok {
		return nil
	}
	if unescaped, err := url.PathUnescape(frag); err == nil {
		frag = unescaped
	}
	var node any = s.doc
	for _, tok := range strings.Split(strings.TrimPrefix(frag, "/"), "/") {
		if tok == "" {
			continue
		}
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch n := node.(type) {
		case map[string]any:
			node = n[tok]
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(n) {
				return nil
			}
			node = n[i]
		default:
			return nil
		}
	}
	obj, _ := node.(map[string]any)
	props, _ := obj["properties"].(map[string]any)
	return slices.Sorted(maps.Keys(props))
}

// --- messages ---

// typeMessage says which JSON types are wanted, e.g.
// "must be a string or an object, got number".
func typeMessage(want []string, value any) string {
	nouns := make([]string, len(want))
	for i, t := range want {
		nouns[i] = typeNoun(t)
	}
	got := jsonTypeName(value)
	if got == "number" && slices.Contains(want, "integer") {
		got = describeValue(value)
	}
	return "must be " + joinWords(nouns, "or") + ", got " + got
}

// valuesMessage says which values are wanted, e.g.
// `must be one of "low", "medium", "high", got "huge"`.
func valuesMessage(want []string, value any) string {
	got := describeValue(value)
	if len(want) == 1 {
		return "must be " + want[0] + ", got " + got
	}
	return "must be one of " + strings.Join(want, ", ") + ", got " + got
}

func typeNoun(t string) string {
	switch t {
	case "integer", "object", "array":
		return "an " + t
	case "null":
		return "null"
	default:
		return "a " + t
	}
}

func jsonTypeName(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case map[string]any:
		return "object"
	case []any:
		return "array"
	case json.Number, float64, float32, int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64:
		return "number"
	default:
		return fmt.Sprintf("%T", v)
	}
}

// maxShownRunes bounds how much of a user's value a message repeats.
const maxShownRunes = 40

// describeValue shows a value from the entry in a message: scalars as JSON
// (long ones shortened), containers by their type.
func describeValue(v any) string {
	switch v := v.(type) {
	case string:
		return quoteForMessage(v)
	case json.Number:
		return clipText(string(v))
	case map[string]any:
		return "an object"
	case []any:
		return "an array"
	case nil:
		return "null"
	case float64:
		return strconv.FormatFloat(v, 'g', -1, 64)
	default:
		return clipText(fmt.Sprint(v))
	}
}

// literalTexts shows values from the schema (enum members, a const).
func literalTexts(values ...any) []string {
	texts := make([]string, len(values))
	for i, v := range values {
		if s, ok := v.(string); ok {
			texts[i] = strconv.Quote(s)
		} else {
			texts[i] = describeValue(v)
		}
	}
	return texts
}

// quoteForMessage quotes a user's string, escaping control and format
// characters and shortening it.
func quoteForMessage(s string) string {
	return strconv.Quote(clipText(s))
}

func clipText(s string) string {
	if utf8.RuneCountInString(s) <= maxShownRunes {
		return s
	}
	n := 0
	for i := range s {
		if n == maxShownRunes {
			return s[:i] + "…"
		}
		n++
	}
	return s
}

func ratText(r *big.Rat) string {
	if r.IsInt() {
		return r.RatString()
	}
	f, _ := r.Float64()
	return strconv.FormatFloat(f, 'g', -1, 64)
}

func countOf(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// joinWords joins words as in "a, b or c".
func joinWords(words []string, conj string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " " + conj + " " + words[len(words)-1]
}

func quotedList(names []string, conj string) string {
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = strconv.Quote(n)
	}
	return joinWords(quoted, conj)
}

func appendNew[T comparable](list []T, items ...T) []T {
	for _, it := range items {
		if !slices.Contains(list, it) {
			list = append(list, it)
		}
	}
	return list
}

// --- paths ---

func pointerOf(loc []string) string {
	var b strings.Builder
	for _, tok := range loc {
		b.WriteByte('/')
		b.WriteString(pointerToken(tok))
	}
	return b.String()
}

func pointerToken(tok string) string {
	if !strings.ContainsAny(tok, "~/") {
		return tok
	}
	return strings.ReplaceAll(strings.ReplaceAll(tok, "~", "~0"), "/", "~1")
}

// comparePointers orders JSON Pointers token by token (array indexes
// numerically), a pointer before its own prefix: "/a/b" < "/a" < "".
func comparePointers(a, b string) int {
	for a != "" && b != "" {
		var ta, tb string
		ta, a = nextPointerToken(a)
		tb, b = nextPointerToken(b)
		if c := comparePointerTokens(ta, tb); c != 0 {
			return c
		}
	}
	switch {
	case a == b:
		return 0
	case a == "":
		return 1
	default:
		return -1
	}
}

// nextPointerToken splits "/x/y" into "x" and "/y".
func nextPointerToken(p string) (tok, rest string) {
	p = p[1:]
	if i := strings.IndexByte(p, '/'); i >= 0 {
		return p[:i], p[i:]
	}
	return p, ""
}

func comparePointerTokens(a, b string) int {
	ia, errA := strconv.Atoi(a)
	ib, errB := strconv.Atoi(b)
	if errA == nil && errB == nil && ia != ib {
		return cmp.Compare(ia, ib)
	}
	return strings.Compare(a, b)
}

// tidyIssues sorts issues by path (then fatal first, then message) and drops
// duplicates.
func tidyIssues(issues []Issue) []Issue {
	slices.SortFunc(issues, func(a, b Issue) int {
		if c := comparePointers(a.Path, b.Path); c != 0 {
			return c
		}
		if a.Fatal != b.Fatal {
			if a.Fatal {
				return -1
			}
			return 1
		}
		return strings.Compare(a.Message, b.Message)
	})
	return slices.CompactFunc(issues, func(a, b Issue) bool {
		return a.Path == b.Path && a.Message == b.Message && a.Fatal == b.Fatal &&
			a.Line == b.Line && a.Column == b.Column && slices.Equal(a.Fixes, b.Fixes)
	})
}

// --- limits on the value itself ---

// precheckValue refuses values the validator should not see. ok is false
// when v nests deeper than entryDepthLimit; issues lists numbers too large
// to compare cheaply (the validator converts numbers to exact rationals).
func precheckValue(v any) (issues []Issue, ok bool) {
	p := &prechecker{}
	if !p.walk(v, 1) {
		return []Issue{{Message: fmt.Sprintf("nesting deeper than %d levels", entryDepthLimit), Fatal: true}}, false
	}
	return p.issues, true
}

type prechecker struct {
	path   []string
	issues []Issue
}

// walk reports false as soon as a container sits deeper than the limit; it
// never recurses further than that.
func (p *prechecker) walk(v any, depth int) bool {
	switch v := v.(type) {
	case map[string]any:
		if depth > entryDepthLimit {
			return false
		}
		for k, child := range v {
			p.path = append(p.path, k)
			ok := p.walk(child, depth+1)
			p.path = p.path[:len(p.path)-1]
			if !ok {
				return false
			}
		}
	case []any:
		if depth > entryDepthLimit {
			return false
		}
		for i, child := range v {
			p.path = append(p.path, strconv.Itoa(i))
			ok := p.walk(child, depth+1)
			p.path = p.path[:len(p.path)-1]
			if !ok {
				return false
			}
		}
	case json.Number:
		switch {
		case !jsonNumberPattern.MatchString(string(v)):
			p.issues = append(p.issues, Issue{Path: pointerOf(p.path), Message: "not a valid JSON number: " + quoteForMessage(string(v)), Fatal: true})
		case hugeNumber(v):
			p.issues = append(p.issues, Issue{Path: pointerOf(p.path), Message: "number out of range, got " + clipText(string(v)), Fatal: true})
		}
	}
	return true
}

// jsonNumberPattern is the JSON number grammar. A decoder only makes valid
// json.Number values, but one built by hand could hold anything.
var jsonNumberPattern = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`)

// hugeNumber reports a literal no JSON number in a request needs: over 1000
// characters, or a decimal exponent beyond ±10000.
func hugeNumber(n json.Number) bool {
	s := string(n)
	if len(s) > 1000 {
		return true
	}
	i := strings.IndexAny(s, "eE")
	if i < 0 {
		return false
	}
	exp, err := strconv.Atoi(strings.TrimPrefix(s[i+1:], "+"))
	return err != nil || exp > 10000 || exp < -10000
}

// --- rules the schema does not state ---

func entryRules(typ string, obj map[string]any) []Issue {
	switch typ {
	case "function":
		return functionNameRule(obj["name"])
	case "file_search":
		return fileSearchRules(obj)
	case "web_search", "web_search_2025_08_26", "web_search_preview", "web_search_preview_2025_03_11":
		return userLocationRules(obj["user_location"])
	case "mcp":
		return mcpServerRule(obj)
	}
	return nil
}

const maxFunctionName = 128

// functionNameRule applies the server's ^[a-zA-Z0-9_-]{1,128}$ to a function name.
func functionNameRule(v any) []Issue {
	name, ok := v.(string)
	if !ok {
		return nil
	}
	if name == "" {
		return []Issue{{Path: "/name", Message: "must not be empty", Fatal: true}}
	}
	var issues []Issue
	if n := utf8.RuneCountInString(name); n > maxFunctionName {
		issues = append(issues, Issue{Path: "/name", Message: fmt.Sprintf("must be at most %d characters, got %d", maxFunctionName, n), Fatal: true})
	}
	for i, r := range []rune(name) {
		if !isNameRune(r) {
			issues = append(issues, Issue{
				Path:    "/name",
				Message: fmt.Sprintf(`may contain only ASCII letters, digits, "_" and "-"; found %s at character %d`, strconv.Quote(string(r)), i+1),
				Fatal:   true,
			})
			break
		}
	}
	return issues
}

func isNameRune(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-'
}

func fileSearchRules(obj map[string]any) []Issue {
	var issues []Issue
	if is, bad := rangeRule("/max_num_results", obj["max_num_results"], 1, 50); bad {
		issues = append(issues, is)
	}
	if ranking, ok := obj["ranking_options"].(map[string]any); ok {
		if is, bad := rangeRule("/ranking_options/score_threshold", ranking["score_threshold"], 0, 1); bad {
			issues = append(issues, is)
		}
	}
	return issues
}

// rangeRule checks that v, when it is a number, lies in [lo, hi].
func rangeRule(path string, v any, lo, hi float64) (Issue, bool) {
	f, text, ok := numericValue(v)
	if !ok || f >= lo && f <= hi {
		return Issue{}, false
	}
	return Issue{
		Path:    path,
		Message: fmt.Sprintf("must be between %g and %g, got %s", lo, hi, text),
		Fatal:   true,
	}, true
}

// numericValue returns a numeric value and its text as written.
func numericValue(v any) (float64, string, bool) {
	switch n := v.(type) {
	case json.Number:
		f, err := strconv.ParseFloat(string(n), 64)
		if err != nil && !errors.Is(err, strconv.ErrRange) {
			return 0, "", false
		}
		return f, clipText(string(n)), true
	case float64:
		if math.IsNaN(n) {
			return 0, "", false
		}
		return n, strconv.FormatFloat(n, 'g', -1, 64), true
	case int:
		return float64(n), strconv.Itoa(n), true
	}
	return 0, "", false
}

func userLocationRules(v any) []Issue {
	loc, ok := v.(map[string]any)
	if !ok {
		return nil
	}
	var issues []Issue
	if country, ok := loc["country"].(string); ok && !isCountryCode(country) {
		issues = append(issues, Issue{
			Path:    "/user_location/country",
			Message: "must be a two-letter ISO country code such as \"US\", got " + quoteForMessage(country),
			Fatal:   true,
		})
	}
	if tz, ok := loc["timezone"].(string); ok && !looksLikeTimeZone(tz) {
		issues = append(issues, Issue{
			Path:    "/user_location/timezone",
			Message: "should be an IANA time zone name such as \"America/Los_Angeles\", got " + quoteForMessage(tz),
		})
	}
	return issues
}

func isCountryCode(s string) bool {
	return len(s) == 2 && isASCIILetter(s[0]) && isASCIILetter(s[1])
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// looksLikeTimeZone accepts "UTC", "GMT" and Area/Location names such as
// "America/Argentina/Buenos_Aires" or "Etc/GMT+5".
func looksLikeTimeZone(s string) bool {
	if s == "UTC" || s == "GMT" {
		return true
	}
	parts := strings.Split(s, "/")
	if len(parts) < 2 || parts[0] == "" || !isASCIILetter(parts[0][0]) {
		return false
	}
	for _, part := range parts {
		if part == "" {
			return false
		}
		for i := 0; i < len(part); i++ {
			c := part[i]
			if !isASCIILetter(c) && !(c >= '0' && c <= '9') && c != '_' && c != '-' && c != '+' {
				return false
			}
		}
	}
	return true
}

// mcpServerRule: one of server_url, connector_id or tunnel_id must be given.
func mcpServerRule(obj map[string]any) []Issue {
	for _, k := range []string{"server_url", "connector_id", "tunnel_id"} {
		if v, ok := obj[k]; ok && v != nil {
			return nil
		}
	}
	return []Issue{{Message: `one of "server_url", "connector_id" or "tunnel_id" is required`, Fatal: true}}
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
