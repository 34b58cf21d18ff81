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
	fields, diags := requestFields(d)
	diags = append(diags, repeatedMembers(d.Fields, "", "at the top level")...)
	diags = append(diags, repeatedMembers(d.Extra, model.KeyExtra+".", "in extra")...)
	fields, invalid, bad := validFields(fields)
	diags = append(diags, bad...)
	diags = append(diags, c.nestedDuplicates(fields, d.Extra)...)
	diags = append(diags, requestDrafts(d)...)
	diags = append(diags, checkRequestFields(fields, invalid)...)
	diags = append(diags, checkChoiceField(&fields, infos)...)
	return c.requestBody(fields, r, kept), diags
}

// requestFields are the top-level fields of d, then extra's; an extra
// key replaces a field. The diagnostics say what cannot be a field.
func requestFields(d *model.Document) (rawjson.Object, []Diagnostic) {
	var diags []Diagnostic
	reqDiag := func(sev Severity, loc, msg string) {
		diags = append(diags, Diagnostic{Severity: sev, Location: loc, Message: msg, Index: -1})
	}
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
	var replaced map[string]bool // top-level keys already said to be replaced
	for _, m := range d.Extra {
		loc := model.KeyExtra + "." + m.Key
		switch m.Key {
		case model.KeyTools:
			reqDiag(Error, loc, "conflicts with the tools tooltui builds; put tools in tools_defs or extra.builtin_tools")
			continue
		}
		if fields.Has(m.Key) {
			if v, ok := d.Fields.Get(m.Key); ok && v != nil && !replaced[m.Key] {
				reqDiag(Warning, loc, fmt.Sprintf("replaces the top-level %q", m.Key))
				if replaced == nil {
					replaced = map[string]bool{}
				}
				replaced[m.Key] = true
			}
			fields.Delete(m.Key)
		}
		fields = append(fields, m)
	}
	return fields, diags
}

// validFields drops the fields whose values are not JSON (a field typed
// in the app), with a diagnostic each; invalid names them.
func validFields(fields rawjson.Object) (valid rawjson.Object, invalid map[string]bool, diags []Diagnostic) {
	valid = fields[:0:0]
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
	return valid, invalid, diags
}

// checkChoiceField checks tool_choice against the tools; one it cannot
// send is taken out of fields.
func checkChoiceField(fields *rawjson.Object, infos []toolInfo) []Diagnostic {
	raw, ok := fields.Get("tool_choice")
	if !ok {
		return nil
	}
	var diags []Diagnostic
	msg, fixes, warnings := checkToolChoice(raw, infos)
	if msg != "" {
		diags = append(diags, Diagnostic{Severity: Error, Location: "tool_choice", Message: msg, Index: -1, Fixes: fixes})
		fields.Delete("tool_choice")
	}
	for _, is := range warnings {
		diags = append(diags, Diagnostic{Severity: Warning, Location: "tool_choice", Path: is.Path, Message: is.Message, Index: -1, Fixes: is.Fixes})
	}
	return diags
}

// bodyWriter writes the members of the request body.
type bodyWriter struct {
	b []byte
	n int // members written
}

// member starts the member key.
func (w *bodyWriter) member(key string) {
	if w.n > 0 {
		w.b = append(w.b, ',')
	}
	w.n++
	w.b = append(w.b, "\n  "...)
	w.b = rawjson.AppendString(w.b, key)
	w.b = append(w.b, ": "...)
}

// requestBody assembles the body already indented, exactly as json.Indent
// with two spaces would lay it out: each tool's indented form is made
// once and kept with its checks, so a keystroke re-indents only what
// changed. The fields of fixedOrder come first, then the others in order.
func (c *Converter) requestBody(fields rawjson.Object, r *Result, kept []*entry) []byte {
	w := bodyWriter{b: make([]byte, 0, 256+estimateSize(r.Tools)*5/4)}
	w.b = append(w.b, '{')
	written := map[string]bool{}
	for _, key := range fixedOrder {
		written[key] = true
		if key == model.KeyTools {
			if len(kept) == 0 {
				continue
			}
			w.member(key)
			w.b = append(w.b, '[')
			for i, e := range kept {
				if i > 0 {
					w.b = append(w.b, ',')
				}
				w.b = append(w.b, "\n    "...)
				w.b = append(w.b, c.indentedEntry(e)...)
			}
			w.b = append(w.b, "\n  ]"...)
			continue
		}
		if v, ok := fields.Get(key); ok {
			w.member(key)
			w.b = appendIndented(w.b, v, "  ")
		}
	}
	for _, f := range fields {
		if written[f.Key] {
			continue
		}
		written[f.Key] = true
		v, _ := fields.Get(f.Key)
		w.member(f.Key)
		w.b = appendIndented(w.b, v, "  ")
	}
	if w.n > 0 {
		w.b = append(w.b, '\n')
	}
	return append(w.b, "}\n"...)
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
