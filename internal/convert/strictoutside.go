package convert

// Keywords a strict function's parameters use that are neither in the
// subset OpenAI's Structured Outputs guide documents nor among those it
// refuses (which are violations, strict.go): "default", "$schema",
// "propertyNames", "examples", ... Nothing says strict mode refuses
// them, and some deployments do, so each is named in a note with what is
// known of it.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// strictDocumented are the keywords strict mode's guide lists as
// supported, with the annotations every schema may carry.
var strictDocumented = map[string]bool{
	"type": true, "properties": true, "required": true, "additionalProperties": true, "enum": true, "const": true,
	"anyOf": true, "$defs": true, "definitions": true, "$ref": true, "items": true, "description": true, "title": true,
	"pattern": true, "format": true, "multipleOf": true, "maximum": true, "exclusiveMaximum": true, "minimum": true,
	"exclusiveMinimum": true, "minItems": true, "maxItems": true,
	// Named only among what fine-tuned models do not support: taken as
	// supported, as they are by every other model in practice.
	"minLength": true, "maxLength": true,
}

// strictKnown is what is known of a keyword outside the documented
// subset; "" when nothing is.
func strictKnown(k string) string {
	switch k {
	case "default":
		return "OpenAI accepted it in tests in 2026; Azure OpenAI refuses it"
	case "$schema":
		return "a declaration of the draft, not a constraint; the guide does not list it"
	}
	return "the guide does not list it; what strict mode does with it is not documented"
}

// outsideKeyword is one keyword outside the documented subset and every
// place it is used, in the order of the schema's text.
type outsideKeyword struct {
	key string
	at  []string
}

// outsideKeywords walks the schema p (a JSON object) for keywords outside
// the documented subset, in schema positions only (a property named
// "default" is no keyword), at pointers under "/parameters". It reads the
// text in place: a schema can be megabytes, and most use no such keyword.
func outsideKeywords(p []byte) []outsideKeyword {
	w := outsideWalk{path: []string{"parameters"}}
	w.schema(bytes.TrimSpace(p), 0)
	return w.out
}

// outsideWalk is the state of outsideKeywords: the pointer's tokens to
// the value being read, and what was found.
type outsideWalk struct {
	path  []string
	out   []outsideKeyword
	index map[string]int
}

func (w *outsideWalk) schema(v []byte, depth int) {
	if !isRawObject(v) || depth > maxDepth {
		return
	}
	for i := rawjson.SkipSpace(v, 1); i < len(v) && v[i] != '}'; {
		end := rawjson.SkipString(v, i)
		key := keyText(v[i:end])
		i = rawjson.SkipSpace(v, rawjson.SkipSpace(v, end)+1) // ':'
		vend := rawjson.SkipValue(v, i)
		val := v[i:vend]
		w.path = append(w.path, key)
		switch key {
		case "properties", "$defs", "definitions", "patternProperties", "dependentSchemas":
			w.schemaMap(val, depth)
		case "items", "additionalProperties", "not", "if", "then", "else", "propertyNames", "contains":
			w.schema(val, depth+1)
		case "anyOf", "oneOf", "allOf", "prefixItems":
			if isRawArray(val) {
				n := 0
				for el, j := nextElement(val, 1); el != nil; el, j = nextElement(val, j) {
					w.path = append(w.path, itoa(n))
					w.schema(el, depth+1)
					w.path = w.path[:len(w.path)-1]
					n++
				}
			}
		}
		if !strictDocumented[key] && strictKeyword(key) < 0 {
			w.record(key)
		}
		w.path = w.path[:len(w.path)-1]
		i = rawjson.SkipSpace(v, vend)
		if i < len(v) && v[i] == ',' {
			i = rawjson.SkipSpace(v, i+1)
		}
	}
}

// schemaMap walks an object of schemas (properties, $defs, ...).
func (w *outsideWalk) schemaMap(v []byte, depth int) {
	if !isRawObject(v) {
		return
	}
	for i := rawjson.SkipSpace(v, 1); i < len(v) && v[i] != '}'; {
		end := rawjson.SkipString(v, i)
		w.path = append(w.path, keyText(v[i:end]))
		i = rawjson.SkipSpace(v, rawjson.SkipSpace(v, end)+1) // ':'
		vend := rawjson.SkipValue(v, i)
		w.schema(v[i:vend], depth+1)
		w.path = w.path[:len(w.path)-1]
		i = rawjson.SkipSpace(v, vend)
		if i < len(v) && v[i] == ',' {
			i = rawjson.SkipSpace(v, i+1)
		}
	}
}

// record notes the keyword key at the pointer w.path.
func (w *outsideWalk) record(key string) {
	if w.index == nil {
		w.index = map[string]int{}
	}
	i, ok := w.index[key]
	if !ok {
		key = strings.Clone(key)
		i = len(w.out)
		w.index[key] = i
		w.out = append(w.out, outsideKeyword{key: key})
	}
	var b strings.Builder
	for _, t := range w.path {
		b.WriteByte('/')
		b.WriteString(escapePointer(t))
	}
	w.out[i].at = append(w.out[i].at, b.String())
}

// outside is outsideKeywords of the schema, read once.
func (si *schemaInfo) outside() []outsideKeyword {
	si.outsideOnce.Do(func() { si.outsideKw = outsideKeywords(unsafeBytes(si.key)) })
	return si.outsideKw
}

// hasDefault reports whether the schema holds a "default" keyword.
func (si *schemaInfo) hasDefault() bool {
	for _, k := range si.outside() {
		if k.key == "default" {
			return true
		}
	}
	return false
}

// outsideNote is the note on a strict function (at prefix) whose
// parameters use keywords outside the documented subset: each keyword,
// every place it is used, and what is known of it.
func outsideNote(kws []outsideKeyword, prefix string) []Issue {
	if len(kws) == 0 {
		return nil
	}
	var parts []string
	var fixes []Fix
	for _, k := range kws {
		at := make([]string, len(k.at))
		for i, a := range k.at {
			at[i] = prefix + a
		}
		parts = append(parts, fmt.Sprintf("%s at %s (%s)", quoteForMessage(k.key), strings.Join(at, ", "), strictKnown(k.key)))
		if k.key == "default" {
			fixes = append(fixes, Fix{Kind: FixDropDefault, At: prefix})
		}
	}
	noun := "a keyword"
	if len(kws) > 1 {
		noun = fmt.Sprintf("%d keywords", len(kws))
	}
	return []Issue{{Path: prefix + kws[0].at[0], Note: true, Fixes: fixes, Message: fmt.Sprintf(
		"strict mode: these parameters use %s outside the subset OpenAI's guide documents: %s", noun, strings.Join(parts, "; "))}}
}

// fixDropDefault removes every "default" keyword from the function's
// parameters, naming each.
func fixDropDefault(raw json.RawMessage, f Fix) (json.RawMessage, []string, error) {
	at := join(f.At, "parameters")
	params, ok := valueAt(raw, at)
	if !ok || rawjson.JSONKind(params) != "object" {
		return nil, nil, ErrFixStale
	}
	var ptrs []string
	for _, k := range outsideKeywords(params) {
		if k.key == "default" {
			ptrs = k.at
		}
	}
	if len(ptrs) == 0 {
		return nil, nil, ErrFixStale
	}
	out := []byte(raw)
	changes := make([]string, 0, len(ptrs))
	// The last first, so that the pointers before stay where they are.
	for i := len(ptrs) - 1; i >= 0; i-- {
		ptr := f.At + ptrs[i]
		var ok bool
		if out, ok = replaceAt(out, ptr, nil); !ok {
			return nil, nil, ErrFixStale
		}
		changes = append(changes, ptr+": remove it")
	}
	for i, j := 0, len(changes)-1; i < j; i, j = i+1, j-1 {
		changes[i], changes[j] = changes[j], changes[i]
	}
	return out, changes, nil
}
