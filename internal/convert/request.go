package convert

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
)

// fixedOrder are the request fields written first, in this order.
var fixedOrder = [...]string{"model", "instructions", "input", model.KeyTools, "tool_choice", "parallel_tool_calls"}

// request assembles the body and runs the request-level checks.
func (c *Converter) request(d *model.Document, r *Result, infos []toolInfo, kept []*entry) ([]byte, []Diagnostic) {
	var diags []Diagnostic
	reqDiag := func(sev Severity, loc, msg string) {
		diags = append(diags, Diagnostic{Severity: sev, Location: loc, Message: msg, Index: -1})
	}

	// Top-level fields, then extra's; an extra key replaces a field.
	fields := make(rawjson.Object, 0, len(d.Fields)+len(d.Extra))
	for _, f := range d.Fields {
		switch f.Key {
		case model.KeyToolsDefs, model.KeyExtra, model.KeyMeta:
			continue
		case model.KeyTools:
			if f.Value != nil { // nil: where a body's tools array stands
				reqDiag(Error, model.KeyTools, "must be an array of tools, got "+rawjson.JSONKind(f.Value))
			}
			continue
		}
		fields = append(fields, f)
	}
	for _, m := range d.Extra {
		loc := model.KeyExtra + "." + m.Key
		switch m.Key {
		case model.KeyTools:
			reqDiag(Error, loc, "conflicts with the tools tooltui builds; put tools in tools_defs or extra.builtin_tools")
			continue
		}
		if fields.Has(m.Key) {
			reqDiag(Warning, loc, fmt.Sprintf("replaces the top-level %q", m.Key))
			fields.Delete(m.Key)
		}
		fields = append(fields, m)
	}
	// Drop values that are not JSON (a field typed in the app).
	valid := fields[:0:0]
	var invalid map[string]bool
	for _, f := range fields {
		if err := rawjson.CheckJSON(f.Value); err != nil {
			if invalid == nil {
				invalid = map[string]bool{}
			}
			is := syntaxIssue("", err)
			diags = append(diags, Diagnostic{Severity: Error, Location: f.Key, Message: is.Message,
				Line: is.Line, Column: is.Column, Index: -1})
			invalid[f.Key] = true
			continue
		}
		valid = append(valid, f)
	}
	fields = valid
	diags = append(diags, requestDrafts(d)...)
	diags = append(diags, checkRequestFields(fields, invalid)...)

	if raw, ok := fields.Get("tool_choice"); ok {
		msg, fixes, warnings := checkToolChoice(raw, infos)
		if msg != "" {
			diags = append(diags, Diagnostic{Severity: Error, Location: "tool_choice", Message: msg, Index: -1, Fixes: fixes})
			fields.Delete("tool_choice")
		}
		for _, is := range warnings {
			diags = append(diags, Diagnostic{Severity: Warning, Location: "tool_choice", Path: is.Path, Message: is.Message, Index: -1, Fixes: is.Fixes})
		}
	}

	// The body is assembled already indented, exactly as json.Indent with
	// two spaces would lay it out: each tool's indented form is made once
	// and kept with its checks, so a keystroke re-indents only what changed.
	b := make([]byte, 0, 256+estimateSize(r.Tools)*5/4)
	b = append(b, '{')
	n := 0
	member := func(key string) {
		if n > 0 {
			b = append(b, ',')
		}
		n++
		b = append(b, "\n  "...)
		b = rawjson.AppendString(b, key)
		b = append(b, ": "...)
	}
	written := map[string]bool{}
	for _, key := range fixedOrder {
		written[key] = true
		if key == model.KeyTools {
			if len(kept) == 0 {
				continue
			}
			member(key)
			b = append(b, '[')
			for i, e := range kept {
				if i > 0 {
					b = append(b, ',')
				}
				b = append(b, "\n    "...)
				b = append(b, c.indentedEntry(e)...)
			}
			b = append(b, "\n  ]"...)
			continue
		}
		if v, ok := fields.Get(key); ok {
			member(key)
			b = appendIndented(b, v, "  ")
		}
	}
	for _, f := range fields {
		if written[f.Key] {
			continue
		}
		written[f.Key] = true
		v, _ := fields.Get(f.Key)
		member(f.Key)
		b = appendIndented(b, v, "  ")
	}
	if n > 0 {
		b = append(b, '\n')
	}
	b = append(b, "}\n"...)
	return b, diags
}

// requestDrafts reports the request fields whose text is kept as a draft
// because it cannot be applied yet: not valid JSON, or valid JSON the field
// does not take. The request keeps the field's last valid value meanwhile.
func requestDrafts(d *model.Document) []Diagnostic {
	var diags []Diagnostic
	const keeps = "; the request keeps the last valid value until it is"
	for _, f := range []string{"input", "extra"} {
		text, ok := d.RequestDrafts[f]
		if !ok {
			continue
		}
		loc := f
		if f == "extra" {
			loc = "other request fields"
		}
		// Nothing is left out: the request is sent with the last valid
		// value, which is worth a warning.
		diag := Diagnostic{Severity: Warning, Location: loc, Index: -1}
		if err := rawjson.CheckJSON([]byte(text)); err != nil {
			is := syntaxIssue("", err)
			diag.Line, diag.Column = is.Line, is.Column
			diag.Message = "the text typed is " + is.Message + keeps
		} else if f == "input" {
			if k := rawjson.JSONKind([]byte(text)); k != "array" {
				diag.Message = "must be text or a JSON array of input items, not a JSON " + k + keeps
			}
		} else if o, err := rawjson.ParseObject([]byte(text)); err != nil {
			diag.Message = "must be a JSON object, not a JSON " + rawjson.JSONKind([]byte(text)) + keeps
		} else if _, err := model.SetOtherRequestFields(d, o); err != nil {
			diag.Message = "the text typed cannot be applied: " + err.Error() + "; the request keeps the last valid value until it can"
		}
		if diag.Message != "" {
			diags = append(diags, diag)
		}
	}
	return diags
}

// checkRequestFields warns about request fields of the wrong JSON type,
// and about a missing model (unless its value was dropped as invalid JSON,
// which is reported already).
func checkRequestFields(fields rawjson.Object, invalid map[string]bool) []Diagnostic {
	want := map[string][]string{
		"model":               {"string"},
		"instructions":        {"string", "null"},
		"input":               {"string", "array"},
		"parallel_tool_calls": {"boolean", "null"},
	}
	var diags []Diagnostic
	warn := func(key, msg string) {
		diags = append(diags, Diagnostic{Severity: Warning, Location: key, Index: -1, Message: msg})
	}
	for _, key := range [...]string{"model", "instructions", "input", "parallel_tool_calls"} {
		v, ok := fields.Get(key)
		if !ok {
			if key == "model" && !invalid[key] {
				warn(key, `no model: the API requires one, e.g. "gpt-5"`)
			}
			continue
		}
		k := rawjson.JSONKind(v)
		okKind := false
		for _, w := range want[key] {
			okKind = okKind || w == k
		}
		switch {
		case !okKind && key == "model":
			warn(key, `must be a string naming a model, e.g. "gpt-5", got `+k)
		case !okKind:
			warn(key, "must be "+joinOr(want[key])+", got "+k)
		case key == "model":
			if s, _ := rawjson.Unquote(v); strings.TrimSpace(s) == "" {
				warn(key, `is empty: the API requires a model, e.g. "gpt-5"`)
			}
		}
	}
	return diags
}

func joinOr(ws []string) string {
	switch len(ws) {
	case 1:
		return "a " + ws[0]
	default:
		return "a " + ws[0] + " or " + ws[1]
	}
}

func itoa(i int) string { return strconv.Itoa(i) }
