package form

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
	"github.com/tooltui/tooltui/internal/termtext"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// FormKind is which form a selection gets.
type FormKind int

const (
	FormRequest FormKind = iota
	formFunction
	FormWebSearch
	formFileSearch
	FormRaw
)

var (
	NotSet       = Option{Label: "(not set)"}
	boolOptions  = []Option{NotSet, {Label: "true", Raw: json.RawMessage("true")}, {Label: "false", Raw: json.RawMessage("false")}}
	webTypes     = []string{"web_search", "web_search_2025_08_26", "web_search_preview", "web_search_preview_2025_03_11"}
	contextSizes = []Option{NotSet, StrOpt("low"), StrOpt("medium"), StrOpt("high")}
	rankers      = []Option{NotSet, StrOpt("auto"), StrOpt("default-2024-11-15")}
)

func StrOpt(s string) Option { return Option{Label: s, Raw: rawjson.String(s)} }

// FormKindFor picks the form for a tool; raw forces the JSON editor.
func FormKindFor(k model.Kind, t model.Tool, raw bool) FormKind {
	if raw || rawjson.JSONKind(t.Raw) != "object" || rawjson.CheckJSON(t.Raw) != nil {
		return FormRaw
	}
	if k == model.Function {
		return formFunction
	}
	switch kit.TypeOf(t.Raw) {
	case "web_search", "web_search_2025_08_26", "web_search_preview", "web_search_preview_2025_03_11":
		return FormWebSearch
	case "file_search":
		return formFileSearch
	}
	return FormRaw
}

// NoFormWhy says why a tool shows its JSON even when its form is asked
// for ("" when it has a form); later when the form shows once the JSON
// is valid.
func NoFormWhy(k model.Kind, t model.Tool) (why string, later bool) {
	if FormKindFor(k, t, false) != FormRaw {
		return "", false
	}
	switch {
	case rawjson.CheckJSON(t.Raw) != nil:
		return "The entry is not valid JSON yet: its form, if its type has one, shows once it is (the diagnostics say where)", true
	case rawjson.JSONKind(t.Raw) != "object":
		return "The entry is not a JSON object: it has no form", false
	}
	return termtext.SanitizeLine(kit.TypeOf(t.Raw)) + " has no form: its options are edited as JSON, checked against its schema as you type", false
}

// BuildFields returns the fields of a form for the selection.
func BuildFields(d *model.Document, s kit.Sel, kind FormKind) []*Field {
	if s.Request {
		return requestFields(d)
	}
	t := d.List(s.Kind)[s.Index]
	switch kind {
	case formFunction:
		return functionFields(t)
	case FormWebSearch:
		return webSearchFields(t.Raw)
	case formFileSearch:
		return fileSearchFields(t)
	}
	return []*Field{rawField(t.Raw, s.Kind)}
}

func rawField(raw json.RawMessage, k model.Kind) *Field {
	text := string(raw)
	if rawjson.CheckJSON(raw) == nil {
		text = kit.PrettyJSON(raw)
	}
	f := newMultiField("raw", "Entry (JSON)", nil, valJSON, text, 0)
	switch {
	case k == model.Function:
		f.hint = "a function definition: name, description, parameters, strict"
	case kit.TypeOf(raw) == "mcp":
		f.hint = "L lists the MCP server's tools to choose allowed_tools; invalid JSON is kept as typed"
	default:
		f.hint = "invalid JSON is kept as typed; the diagnostics show what the converter does with it"
	}
	return f
}

func functionFields(t model.Tool) []*Field {
	name := newTextField("name", "Name", []string{"name"}, valStringKeep, textAt(t.Raw, []string{"name"}))
	name.hint = "letters, digits, _ and -, at most 128"
	desc := newMultiField("description", "Description", []string{"description"}, valStringKeep, textAt(t.Raw, []string{"description"}), 3)
	params := jsonAt(t.Raw, []string{"parameters"})
	if t.Draft != nil {
		params = *t.Draft
	}
	pf := newMultiField("parameters", "Parameters (JSON Schema)", []string{"parameters"}, valJSON, params, 0)
	pf.hint = "empty sends null"
	var strictRaw json.RawMessage
	if v, ok := model.GetPath(t.Raw, []string{"strict"}); ok {
		strictRaw = v
	}
	strict := NewSelectField("strict", "Strict", []string{"strict"}, []Option{
		{Label: "absent"}, {Label: "true", Raw: json.RawMessage("true")}, {Label: "false", Raw: json.RawMessage("false")},
	}, strictRaw)
	strict.hint = "absent: the Responses API tries to normalise the schema into strict mode; false opts out"
	fs := []*Field{name, desc, pf, strict}
	checkName(name)
	checkParams(pf)
	return fs
}

// checkName validates a function name as it is typed.
func checkName(f *Field) {
	name := f.Ed.Value()
	f.Err = ""
	switch {
	case name == "":
		f.Err = "a name is required"
	case utf8.RuneCountInString(name) > 128:
		f.Err = fmt.Sprintf("at most 128 characters, got %d", utf8.RuneCountInString(name))
	default:
		for i, r := range name {
			if !(r == '_' || r == '-' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9')) {
				// the character as the field shows it: "<U+202E>", "\x1b"
				f.Err = fmt.Sprintf("only letters, digits, _ and -; %s at position %d", termtext.Quote(string(r)), i+1)
				break
			}
		}
	}
}

// checkParams shows a parameters parse error with its line and column.
func checkParams(f *Field) {
	f.Err = ""
	if s := f.Ed.Value(); s != "" {
		if err := rawjson.CheckJSON([]byte(s)); err != nil {
			f.Err = "not valid JSON: " + err.Error()
		}
	}
}

func webSearchFields(raw json.RawMessage) []*Field {
	typ := kit.TypeOf(raw)
	preview := typ == "web_search_preview" || typ == "web_search_preview_2025_03_11"
	var typeOpts []Option
	for _, t := range webTypes {
		typeOpts = append(typeOpts, StrOpt(t))
	}
	cur := func(path ...string) json.RawMessage {
		v, _ := model.GetPath(raw, path)
		return v
	}
	fs := []*Field{
		NewSelectField("type", "Type", []string{"type"}, typeOpts, cur("type")),
		NewSelectField("search_context_size", "Context size", []string{"search_context_size"}, contextSizes, cur("search_context_size")),
	}
	loc := func(id, label, hint string) *Field {
		f := newTextField("user_location."+id, label, []string{"user_location", id}, valString, textAt(raw, []string{"user_location", id}))
		f.hint = hint
		return f
	}
	fs = append(fs,
		loc("city", "City", "free text, e.g. Paris"),
		loc("region", "Region", "free text, e.g. Île-de-France"),
		loc("country", "Country", "two-letter ISO code, e.g. FR"),
		loc("timezone", "Timezone", "IANA name, e.g. Europe/Paris"),
	)
	if preview {
		f := newTextField("search_content_types", "Content types", []string{"search_content_types"}, valList, listAt(raw, []string{"search_content_types"}))
		f.hint = "comma-separated: text, image"
		fs = append(fs, f)
	} else {
		d := newTextField("filters.allowed_domains", "Allowed domains", []string{"filters", "allowed_domains"}, valList, listAt(raw, []string{"filters", "allowed_domains"}))
		d.hint = "comma-separated, without http(s)://; subdomains are included"
		fs = append(fs, d,
			NewSelectField("external_web_access", "Live web access", []string{"external_web_access"}, boolOptions, cur("external_web_access")))
		fs[len(fs)-1].hint = "false: cached results only"
	}
	return fs
}

func fileSearchFields(t model.Tool) []*Field {
	raw := t.Raw
	cur := func(path ...string) json.RawMessage {
		v, _ := model.GetPath(raw, path)
		return v
	}
	ids := newTextField("vector_store_ids", "Vector stores", []string{"vector_store_ids"}, valList, listAt(raw, []string{"vector_store_ids"}))
	ids.hint = "comma-separated vector store ids (required)"
	maxN := newTextField("max_num_results", "Max results", []string{"max_num_results"}, valNumber, textAt(raw, []string{"max_num_results"}))
	maxN.hint = "1 to 50"
	thr := newTextField("ranking_options.score_threshold", "Score threshold", []string{"ranking_options", "score_threshold"}, valNumber, textAt(raw, []string{"ranking_options", "score_threshold"}))
	thr.hint = "0 to 1"
	ew := newTextField("ranking_options.hybrid_search.embedding_weight", "Embedding weight", []string{"ranking_options", "hybrid_search", "embedding_weight"}, valNumber, textAt(raw, []string{"ranking_options", "hybrid_search", "embedding_weight"}))
	ew.hint = "hybrid search: both weights are required together"
	tw := newTextField("ranking_options.hybrid_search.text_weight", "Text weight", []string{"ranking_options", "hybrid_search", "text_weight"}, valNumber, textAt(raw, []string{"ranking_options", "hybrid_search", "text_weight"}))
	filtersText := jsonAt(raw, []string{"filters"})
	if t.Draft != nil && t.DraftMember() == "filters" {
		filtersText = *t.Draft // not valid JSON yet; the entry keeps the last valid filters
	}
	filters := newMultiField("filters", "Filters (JSON)", []string{"filters"}, valJSON, filtersText, 4)
	filters.hint = `e.g. {"type": "eq", "key": "lang", "value": "en"}`
	checkJSONField(filters)
	return []*Field{ids, maxN,
		NewSelectField("ranking_options.ranker", "Ranker", []string{"ranking_options", "ranker"}, rankers, cur("ranking_options", "ranker")),
		thr, ew, tw, filters}
}

// requestFields is the request form: model, instructions, input,
// tool_choice, parallel_tool_calls and the other request fields.
func requestFields(d *model.Document) []*Field {
	get := func(k string) json.RawMessage { v, _ := d.Fields.Get(k); return v }
	str := func(k string) string { return RawText(get(k)) }
	mdl := newTextField("model", "Model", []string{"model"}, valString, str("model"))
	mdl.hint = "e.g. gpt-5"
	instr := newMultiField("instructions", "Instructions", []string{"instructions"}, valString, str("instructions"), 3)
	inputText := str("input")
	if v := get("input"); rawjson.JSONKind(v) == "array" {
		inputText = kit.PrettyJSON(v)
	}
	draft, inputDraft := d.RequestDrafts["input"]
	if inputDraft {
		inputText = draft // the request keeps the last valid input meanwhile
	}
	input := newMultiField("input", "Input", []string{"input"}, valInput, inputText, 3)
	input.hint = "text, or a JSON array of input items (text starting with [ or { is read as JSON)"
	if inputDraft {
		input.value() // shows why the draft is not applied
	}
	choice := ToolChoiceField(d, get("tool_choice"))
	choice.hint = "←/→ to choose; a named tool must be in the request"
	par := NewSelectField("parallel_tool_calls", "Parallel calls", []string{"parallel_tool_calls"}, boolOptions, get("parallel_tool_calls"))
	otherText, otherDraft := d.RequestDrafts["extra"]
	if !otherDraft {
		otherText = kit.PrettyJSON(model.OtherRequestFields(d).AppendJSON(nil))
	}
	other := newMultiField("extra", "Other request fields (JSON object)", nil, valJSON, otherText, 0)
	other.hint = "every other request member; keys of extra stay there, new keys go at the top level"
	if otherDraft {
		_, other.Err = otherFields(d, otherText)
	}
	return []*Field{mdl, instr, input, choice, par, other}
}

// otherFields reads the text of the other request fields: the object to
// apply, or why it cannot be applied to d.
func otherFields(d *model.Document, text string) (rawjson.Object, string) {
	if strings.TrimSpace(text) == "" {
		return nil, ""
	}
	o, err := rawjson.ParseObject([]byte(text))
	switch {
	case errors.Is(err, rawjson.ErrNotObject):
		return nil, "must be a JSON object, not a JSON " + rawjson.JSONKind([]byte(text))
	case err != nil:
		return nil, "not valid JSON: " + err.Error()
	}
	if _, err := model.SetOtherRequestFields(d, o); err != nil {
		return nil, err.Error()
	}
	return o, ""
}

// toolChoiceOptions lists the modes and one choice per tool of the document.
// toolChoiceField is the request's tool_choice. The options that name a
// tool are read from the document when the field is cycled or opened (a
// 1,000-tool document's request form, its first frame included, reads no
// tool), unless the current value is one of them.
func ToolChoiceField(d *model.Document, current json.RawMessage) *Field {
	fixed := fixedChoices()
	f := NewSelectField("tool_choice", "Tool choice", []string{"tool_choice"}, fixed, current)
	if len(f.Opts) > len(fixed) {
		return NewSelectField("tool_choice", "Tool choice", []string{"tool_choice"}, ToolChoiceOptions(d), current)
	}
	f.More = func() []Option { return ToolChoiceOptions(d) }
	return f
}

// fixedChoices are the tool_choice options that name no tool.
func fixedChoices() []Option {
	return []Option{NotSet, StrOpt("none"), StrOpt("auto"), StrOpt("required")}
}

func ToolChoiceOptions(d *model.Document) []Option {
	opts := fixedChoices()
	seen := map[string]bool{}
	addObj := func(label string, o rawjson.Object) {
		if seen[label] {
			return
		}
		seen[label] = true
		opts = append(opts, Option{Label: label, Raw: o.AppendJSON(nil)})
	}
	for _, t := range d.Functions {
		if n := textAt(t.Raw, []string{"name"}); n != "" {
			addObj("function "+n, rawjson.Object{{Key: "type", Value: rawjson.String("function")}, {Key: "name", Value: rawjson.String(n)}})
		}
	}
	for _, t := range d.Builtins {
		typ := kit.TypeOf(t.Raw)
		switch typ {
		case "":
		case "function", "custom":
			if n := textAt(t.Raw, []string{"name"}); n != "" {
				addObj(typ+" "+n, rawjson.Object{{Key: "type", Value: rawjson.String(typ)}, {Key: "name", Value: rawjson.String(n)}})
			}
		case "mcp":
			if l := textAt(t.Raw, []string{"server_label"}); l != "" {
				addObj("mcp "+l, rawjson.Object{{Key: "type", Value: rawjson.String("mcp")}, {Key: "server_label", Value: rawjson.String(l)}})
			}
		default:
			if convert.IsToolType(typ) {
				addObj(typ, rawjson.Object{{Key: "type", Value: rawjson.String(typ)}})
			}
		}
	}
	return opts
}
