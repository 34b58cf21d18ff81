package convert

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
)

// maxDepth bounds every walk over user JSON.
const maxDepth = 64

func fatal(path, msg string) Issue { return Issue{Path: path, Message: msg, Fatal: true} }

// checkDefinition checks one tools_defs entry and builds its function tool.
func (c *Converter) checkDefinition(t *model.Tool) *entry {
	e := &entry{typ: "function"}
	o, err := rawjson.ParseObject(t.Raw)
	if err != nil {
		e.drop = true
		if errors.Is(err, rawjson.ErrNotObject) {
			e.issues = append(e.issues, fatal("", "must be an object (a function definition), got "+rawjson.JSONKind(t.Raw)))
		} else {
			e.badJSON = true
			e.issues = append(e.issues, syntaxIssue("", err))
		}
		return e
	}
	// Repeated keys, except inside the parameters: those are scanned
	// with the schema, once per distinct schema.
	dups := memberDuplicateKeys(o, "parameters")
	if fn, ok := o.Get("function"); ok && rawjson.JSONKind(fn) == "object" && !o.Has("name") {
		e.drop = true
		e.issues = append(e.issues, chatShapeIssue(fn))
		e.issues = append(e.issues, dups...)
		return e
	}
	f := &FunctionTool{}
	for _, m := range o {
		switch m.Key {
		case "type":
			if s := string(bytes.TrimSpace(m.Value)); s != `"function"` {
				e.issues = append(e.issues, fatal("/type", "tools_defs holds functions: type must be \"function\" or absent, got "+s+"; built-in tools go in extra.builtin_tools"))
			}
		case "name":
			if !unmarshalString(m.Value, &f.Name) {
				e.issues = append(e.issues, fatal("/name", "must be a string, got "+rawjson.JSONKind(m.Value)))
			}
		case "description":
			if rawjson.JSONKind(m.Value) != "null" && !unmarshalString(m.Value, &f.Description) {
				e.issues = append(e.issues, fatal("/description", "must be a string, got "+rawjson.JSONKind(m.Value)))
			}
		case "parameters":
			f.Parameters = m.Value
		case "strict":
			switch rawjson.JSONKind(m.Value) {
			case "boolean":
				v := string(bytes.TrimSpace(m.Value)) == "true"
				f.Strict = &v
			case "null":
			default:
				e.issues = append(e.issues, fatal("/strict", "must be true, false or absent, got "+rawjson.JSONKind(m.Value)))
			}
		default:
			f.Extra = append(f.Extra, m)
		}
	}
	if !o.Has("name") {
		e.issues = append(e.issues, fatal("/name", "required"))
	}
	if t.Draft != nil {
		if err := rawjson.CheckJSON([]byte(*t.Draft)); err != nil {
			// The function stays, with the parameters it had last.
			is := syntaxIssue("/parameters", err)
			is.Fatal = false
			is.Message += "; the request keeps the last valid parameters until the text typed is valid JSON"
			e.issues = append(e.issues, is)
		} else {
			f.Parameters = json.RawMessage(*t.Draft)
		}
	}
	e.name = f.Name
	if hasFatal(e.issues) {
		e.drop = true
		e.issues = append(e.issues, dups...)
		return e
	}
	e.tool = ResponseTool{Function: f}
	if rawjson.JSONKind(f.Parameters) == "object" {
		e.schema = c.schema(f.Parameters)
	}
	e.issues = append(e.issues, c.checkFunction(f, e.schema)...)
	e.issues = append(e.issues, dups...)
	if e.schema != nil {
		e.issues = append(e.issues, e.schema.duplicates()...)
	}
	e.drop = hasFatal(e.issues)
	return e
}

// checkFunction runs the schema and strict-mode checks on a function. The
// parameters, possibly megabytes, are walked only by the strict-mode
// check, whose result is cached by their bytes.
func (c *Converter) checkFunction(f *FunctionTool, si *schemaInfo) []Issue {
	v := map[string]any{"type": "function", "name": f.Name, "description": f.Description}
	switch {
	case len(f.Parameters) == 0:
		v["parameters"] = nil
	case rawjson.JSONKind(f.Parameters) == "object":
		v["parameters"] = map[string]any{}
	default:
		x, err := decodeValue(f.Parameters)
		if err != nil {
			return []Issue{fatal("/parameters", err.Error())}
		}
		v["parameters"] = x
	}
	if f.Strict != nil {
		v["strict"] = *f.Strict
	}
	for _, m := range f.Extra {
		x, err := decodeValue(m.Value)
		if err != nil {
			return []Issue{fatal("/"+escapePointer(m.Key), err.Error())}
		}
		v[m.Key] = x
	}
	issues := leftoverFunctionKey(CheckEntry("function", v))
	if si != nil {
		issues = append(issues, si.usableIssues("")...)
	}
	if si != nil && (f.Strict == nil || *f.Strict) {
		issues = append(issues, strictIssues(si, f.Strict, "")...)
	}
	return issues
}

func decodeValue(raw []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var x any
	err := dec.Decode(&x)
	return x, err
}

// checkBuiltin checks one extra.builtin_tools entry; it is passed through
// unchanged unless it is unusable.
func (c *Converter) checkBuiltin(raw json.RawMessage) *entry {
	e := &entry{}
	if err := rawjson.CheckJSON(raw); err != nil {
		e.drop, e.badJSON = true, true
		e.issues = append(e.issues, syntaxIssue("", err))
		return e
	}
	if k := rawjson.JSONKind(raw); k != "object" {
		e.drop = true
		e.issues = append(e.issues, fatal("", "must be an object with a \"type\", got "+k))
		return e
	}
	// The fields the converter reads; the last of a repeated key wins, as
	// for the API's decoder.
	var probe struct{ Type, Name, ServerLabel, Parameters, Strict, Function []byte }
	// Repeated keys, looked for unless decoding the entry found none.
	scanDups := true
	defer func() {
		if scanDups {
			e.issues = append(e.issues, duplicateKeys(raw, "")...)
		}
	}()
	for _, m := range rawjson.Members(raw) {
		switch m.Key {
		case "function":
			probe.Function = m.Value
		case "type":
			probe.Type = m.Value
		case "name":
			probe.Name = m.Value
		case "server_label":
			probe.ServerLabel = m.Value
		case "parameters":
			probe.Parameters = m.Value
		case "strict":
			probe.Strict = m.Value
		}
	}
	if probe.Type == nil {
		e.drop = true
		e.issues = append(e.issues, fatal("/type", "required: every built-in tool names its type, e.g. \"web_search\""))
		return e
	}
	var ok bool
	if e.typ, ok = rawjson.Unquote(probe.Type); !ok {
		e.drop = true
		e.issues = append(e.issues, fatal("/type", "must be a string, got "+rawjson.JSONKind(probe.Type)))
		return e
	}
	e.name, _ = rawjson.Unquote(probe.Name)
	e.label, _ = rawjson.Unquote(probe.ServerLabel)
	e.tool = ResponseTool{Builtin: raw}
	if !IsToolType(e.typ) {
		msg := fmt.Sprintf("unknown type %s: passed through unchanged", quoteForMessage(e.typ))
		if s := suggest(e.typ, ToolTypes()); s != "" {
			msg += fmt.Sprintf("; did you mean %s?", quoteForMessage(s))
		}
		is := Issue{Path: "/type", Message: msg}
		if s := suggest(e.typ, ToolTypes()); s != "" {
			is = is.withFix(Fix{Kind: FixType, At: "/type", Arg: s})
		}
		e.issues = append(e.issues, is)
		return e
	}
	isFunc := e.typ == "function"
	if isFunc && probe.Name == nil && rawjson.JSONKind(probe.Function) == "object" {
		e.drop = true
		e.issues = append(e.issues, chatShapeIssue(probe.Function))
		return e
	}
	v, repeated := decodeForCheck(raw, isFunc)
	// A function's parameters were not decoded: the scan looks into them.
	scanDups = repeated || isFunc
	issues := CheckEntry(e.typ, v)
	if isFunc {
		issues = leftoverFunctionKey(issues)
	}
	e.issues = append(e.issues, issues...)
	if isFunc && rawjson.JSONKind(probe.Parameters) == "object" {
		e.schema = c.schema(probe.Parameters)
		e.issues = append(e.issues, e.schema.usableIssues("")...)
		e.issues = append(e.issues, c.strictOf(e.schema, probe.Strict, "")...)
	}
	if e.typ == "namespace" {
		e.issues = append(e.issues, c.checkNamespace(e, raw)...)
	}
	e.drop = hasFatal(e.issues)
	return e
}

// strictOf runs the strict-mode checks of a function's parameters, given
// the function's "strict" as written (nil when absent), for the function
// at prefix inside its entry.
func (c *Converter) strictOf(si *schemaInfo, strictRaw []byte, prefix string) []Issue {
	var strict *bool
	if k := rawjson.JSONKind(strictRaw); k == "boolean" {
		b := string(bytes.TrimSpace(strictRaw)) == "true"
		strict = &b
	}
	if strict != nil && !*strict {
		return nil
	}
	return strictIssues(si, strict, prefix)
}

// checkNamespace runs the strict-mode checks on the functions of a
// namespace tool, and records its functions and custom tools, which
// tool_choice may name.
func (c *Converter) checkNamespace(e *entry, raw []byte) []Issue {
	tools, ok := rawjson.Object(rawjson.Members(raw)).Get("tools")
	if !ok || !isRawArray(tools) {
		return nil
	}
	var issues []Issue
	for i, t := range rawjson.Elements(tools) {
		if !isRawObject(t) {
			continue
		}
		var typ, name, params, strict []byte
		for _, m := range rawjson.Members(t) {
			switch m.Key {
			case "type":
				typ = m.Value
			case "name":
				name = m.Value
			case "parameters":
				params = m.Value
			case "strict":
				strict = m.Value
			}
		}
		ts, _ := rawjson.Unquote(typ)
		if ts != "function" && ts != "custom" {
			continue
		}
		if n, ok := rawjson.Unquote(name); ok {
			e.inner = append(e.inner, toolInfo{typ: ts, name: n})
		}
		if ts == "function" && isRawObject(params) {
			si := c.schema(params)
			e.schemas = append(e.schemas, si)
			issues = append(issues, si.usableIssues("/tools/"+itoa(i))...)
			issues = append(issues, c.strictOf(si, strict, "/tools/"+itoa(i))...)
		}
	}
	return issues
}

// decodeForCheck decodes an entry for the schema checks, keeping numbers as
// written; raw is an object that passed rawjson.CheckJSON. For a function,
// an object "parameters" (any JSON Schema, maybe megabytes) is replaced by
// {}: the strict-mode walk checks it. repeated reports whether an object
// decoded holds a key twice (the parameters replaced are not looked into).
func decodeForCheck(raw []byte, function bool) (v any, repeated bool) {
	if !function {
		return decodeChecked(raw)
	}
	d := valueDecoder{data: raw}
	out := map[string]any{}
	for _, m := range rawjson.Members(raw) {
		if _, ok := out[m.Key]; ok {
			d.repeated = true
		}
		if m.Key == "parameters" && isRawObject(m.Value) {
			out[m.Key] = map[string]any{}
			continue
		}
		d.data = m.Value
		out[m.Key], _ = d.value(0)
	}
	return out, d.repeated
}

// unmarshalString is json.Unmarshal(v, dst) for a checked JSON value v:
// a string is stored, null leaves dst as it is, anything else fails.
func unmarshalString(v []byte, dst *string) bool {
	if s, ok := rawjson.Unquote(v); ok {
		*dst = s
		return true
	}
	return rawjson.JSONKind(v) == "null"
}

func hasFatal(is []Issue) bool {
	for _, i := range is {
		if i.Fatal {
			return true
		}
	}
	return false
}
