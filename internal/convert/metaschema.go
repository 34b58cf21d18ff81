package convert

// The check of a function's parameters against the JSON Schema
// metaschema: "type": "strng", "minLength": "three", "items": "nope" or
// "required": "q" make the API answer 400, so such a function is left out
// with the keyword at fault located.
//
// Most parameters are valid, and a schema can be megabytes, so a quick
// pass over the text (metaClean) first learns whether every keyword the
// metaschema constrains has a value of the right form. Only when it finds
// something, or is not sure, does the JSON Schema validator the converter
// uses for tool entries (internal/convert/validator) checks
// the decoded schema against the metaschema and word what is wrong. The
// result is kept with the schema (schemaInfo), by its bytes, so an
// unchanged schema is not checked again.

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/tooltui/tooltui/internal/convert/validator"
	"github.com/tooltui/tooltui/internal/rawjson"
)

// The metaschemas a schema may name in "$schema"; any other (or none)
// is checked against 2020-12, the draft the API documents.
const metaschema2020 = "https://json-schema.org/draft/2020-12/schema"

var metaschemaURLs = map[string]string{
	metaschema2020: metaschema2020,
	"https://json-schema.org/draft/2019-09/schema":  "https://json-schema.org/draft/2019-09/schema",
	"http://json-schema.org/draft-07/schema":        "http://json-schema.org/draft-07/schema",
	"http://json-schema.org/draft-06/schema":        "http://json-schema.org/draft-06/schema",
	"http://json-schema.org/draft-04/schema":        "http://json-schema.org/draft-04/schema",
	"https://json-schema.org/draft/2020-12/schema#": metaschema2020,
	"https://json-schema.org/draft/2019-09/schema#": "https://json-schema.org/draft/2019-09/schema",
	"http://json-schema.org/draft-07/schema#":       "http://json-schema.org/draft-07/schema",
	"http://json-schema.org/draft-06/schema#":       "http://json-schema.org/draft-06/schema",
	"http://json-schema.org/draft-04/schema#":       "http://json-schema.org/draft-04/schema",
}

// metaschemaFor is the metaschema at url, compiled once, when a schema
// first needs it. Formats are not asserted (drafts before 2019-09 assert
// them all the same): a "$ref" that is not a URI reference or a "pattern"
// another regular expression engine reads is no reason to leave a
// function out.
func metaschemaFor(url string) (*validator.Schema, error) {
	return validator.Metaschema(url, false)
}

// metaIssues are what the metaschema finds wrong with the schema, with
// paths under "/parameters", checked once per schema.
func (si *schemaInfo) metaIssues() []Issue {
	si.metaOnce.Do(func() {
		p := unsafeBytes(si.key)
		i := rawjson.SkipSpace(p, 0)
		if i >= len(p) {
			return
		}
		if end, ok := metaClean(p, i, 0); ok && rawjson.SkipSpace(p, end) == len(p) {
			return
		}
		si.meta = metaschemaIssues(p)
	})
	return si.meta
}

// withPrefix returns issues with prefix put before their paths, for a
// function at prefix inside its entry.
func withPrefix(issues []Issue, prefix string) []Issue {
	if prefix == "" || len(issues) == 0 {
		return issues
	}
	out := make([]Issue, len(issues))
	for i, is := range issues {
		is.Path = prefix + is.Path
		out[i] = is
	}
	return out
}

// metaschemaIssues validates a parameters schema (valid JSON) against the
// metaschema it names, or 2020-12's, and words each problem at its JSON
// Pointer under "/parameters".
func metaschemaIssues(params []byte) []Issue {
	const root = "/parameters"
	v, err := decodeValue(params)
	if err != nil {
		return []Issue{fatal(root, err.Error())}
	}
	if pre, ok := precheckValue(v); !ok || len(pre) > 0 {
		why := fmt.Sprintf("nests deeper than %d levels", entryDepthLimit)
		if ok {
			why = "holds a number out of range (" + pre[0].Message + " at " + root + pre[0].Path + ")"
		}
		return []Issue{{Path: root, Message: "not checked against the JSON Schema metaschema: the schema " + why}}
	}
	url := metaschema2020
	if obj, ok := v.(map[string]any); ok {
		if s, ok := obj["$schema"].(string); ok && metaschemaURLs[s] != "" {
			url = metaschemaURLs[s]
		}
	}
	meta, err := metaschemaFor(url)
	if err != nil {
		return []Issue{{Path: root, Message: "internal error: the JSON Schema metaschema: " + err.Error()}}
	}
	err = meta.Validate(v)
	if err == nil {
		return nil
	}
	var verr *validator.ValidationError
	if !errors.As(err, &verr) {
		return []Issue{fatal(root, "not a valid JSON Schema: "+err.Error())}
	}
	r := errorReader{instance: v}
	var issues []Issue
	seen := map[string]bool{}
	for _, f := range r.read(verr) {
		id := f.path + "\x00" + f.msg
		if seen[id] {
			continue
		}
		seen[id] = true
		msg := "not valid JSON Schema: " + f.msg
		if s := typeTypo(f.path, v); s != "" {
			msg += "; did you mean " + quoteForMessage(s) + "?"
		}
		issues = append(issues, fatal(root+f.path, msg))
	}
	if len(issues) == 0 {
		issues = []Issue{fatal(root, "not valid JSON Schema")}
	}
	return tidyIssues(issues)
}

// simpleTypes are the names "type" takes.
var simpleTypes = []string{"array", "boolean", "integer", "null", "number", "object", "string"}

// typeTypo is the type name a misspelt one at path (a "type" or an
// element of one) is closest to, or "".
func typeTypo(path string, v any) string {
	toks := splitPointer(path)
	if len(toks) == 0 {
		return ""
	}
	if toks[len(toks)-1] != "type" && (len(toks) < 2 || toks[len(toks)-2] != "type") {
		return ""
	}
	got, ok := (errorReader{instance: v}).valueAt(toks)
	s, isStr := got.(string)
	if !ok || !isStr {
		return ""
	}
	if alias, ok := typeAliases[strings.ToLower(s)]; ok {
		return alias
	}
	return suggest(strings.ToLower(s), simpleTypes)
}

// typeAliases are type names other languages use for JSON Schema's.
var typeAliases = map[string]string{
	"str": "string", "text": "string", "int": "integer", "float": "number", "double": "number",
	"bool": "boolean", "list": "array", "dict": "object", "map": "object", "none": "null", "nil": "null",
}

// metaClean reports whether the schema at data[i:] (valid JSON) is valid
// against the 2020-12 metaschema, reading its text once; end is the index
// after it. false means not known: something may be wrong, or the schema
// uses a keyword whose value the quick pass does not check ("$id",
// "$anchor", another "$schema", ...). Keys the metaschema does not name
// are not looked into, as the metaschema does not.
//
// The keywords that hold schemas, and those nearly every schema has
// ("type", "description" ...), are checked here without a further call;
// metaCleanValue checks the others.
func metaClean(data []byte, i, depth int) (end int, ok bool) {
	switch data[i] {
	case 't', 'f':
		return rawjson.SkipValue(data, i), true
	case '{':
	default:
		return 0, false
	}
	if depth > maxDepth {
		return 0, false
	}
	i = rawjson.SkipSpace(data, i+1)
	for i < len(data) && data[i] != '}' {
		kend := rawjson.SkipString(data, i)
		key := keywordText(data[i:kend])
		i = rawjson.SkipSpace(data, rawjson.SkipSpace(data, kend)+1) // ':'
		var vend int
		c := data[i]
		switch key {
		case "items", "contains", "additionalProperties", "propertyNames", "if", "then", "else", "not",
			"unevaluatedItems", "unevaluatedProperties", "contentSchema":
			vend, ok = metaClean(data, i, depth+1)
		case "properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies":
			if c != '{' {
				return 0, false
			}
			vend, ok = metaCleanMap(data, i, depth, key == "dependencies")
		case "allOf", "anyOf", "oneOf", "prefixItems":
			if c != '[' {
				return 0, false
			}
			vend, ok = metaCleanList(data, i, depth)
		case "type":
			vend = rawjson.SkipValue(data, i)
			ok = metaCleanType(data[i:vend])
		case "pattern", "format", "title", "description", "$comment", "contentEncoding", "contentMediaType",
			"$ref", "$dynamicRef", "$recursiveRef":
			if c != '"' {
				return 0, false
			}
			vend, ok = rawjson.SkipString(data, i), true
		default:
			vend, ok = metaCleanValue(data, i, key)
		}
		if !ok {
			return 0, false
		}
		i = rawjson.SkipSpace(data, vend)
		if i < len(data) && data[i] == ',' {
			i = rawjson.SkipSpace(data, i+1)
		}
	}
	return i + 1, true
}

// metaCleanList checks a non-empty array of schemas at data[i].
func metaCleanList(data []byte, i, depth int) (end int, ok bool) {
	n := 0
	j := rawjson.SkipSpace(data, i+1)
	for j < len(data) && data[j] != ']' {
		if j, ok = metaClean(data, j, depth+1); !ok {
			return 0, false
		}
		n++
		j = rawjson.SkipSpace(data, j)
		if j < len(data) && data[j] == ',' {
			j = rawjson.SkipSpace(data, j+1)
		}
	}
	if n == 0 {
		return 0, false
	}
	return j + 1, true
}

// metaCleanValue checks the value at data[i] of a keyword that holds no
// schema, other than those metaClean checks itself: each as the
// metaschema wants it, or, for a keyword it does not name, anything.
func metaCleanValue(data []byte, i int, key string) (vend int, ok bool) {
	c := data[i]
	switch key {
	case "enum", "examples":
		if c != '[' {
			return 0, false
		}
		vend = rawjson.SkipValue(data, i)
	case "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum":
		if c != '-' && (c < '0' || c > '9') {
			return 0, false
		}
		vend = rawjson.SkipValue(data, i)
	case "maxLength", "minLength", "maxItems", "minItems", "maxContains", "minContains", "maxProperties", "minProperties":
		vend = rawjson.SkipValue(data, i)
		if !digitsOnly(data[i:vend]) {
			return 0, false
		}
	case "multipleOf":
		vend = rawjson.SkipValue(data, i)
		if !positiveDecimal(data[i:vend]) {
			return 0, false
		}
	case "uniqueItems", "deprecated", "readOnly", "writeOnly":
		if c != 't' && c != 'f' {
			return 0, false
		}
		vend = rawjson.SkipValue(data, i)
	case "required":
		vend = rawjson.SkipValue(data, i)
		if !uniqueStrings(data[i:vend]) {
			return 0, false
		}
	case "dependentRequired":
		if c != '{' {
			return 0, false
		}
		vend = rawjson.SkipValue(data, i)
		for _, m := range rawjson.Members(data[i:vend]) {
			if !uniqueStrings(m.Value) {
				return 0, false
			}
		}
	case "$schema":
		vend = rawjson.SkipValue(data, i)
		if s, isStr := stringValue(data[i:vend]); !isStr || metaschemaURLs[s] != metaschema2020 {
			return 0, false
		}
	case "$id", "$anchor", "$dynamicAnchor", "$recursiveAnchor", "$vocabulary":
		return 0, false // a pattern, or a map of URIs: the validator decides
	default: // const, default, and keys the metaschema does not name
		vend = rawjson.SkipValue(data, i)
	}
	return vend, true
}

// keywordText is the text of a quoted key, to compare with keywords: a
// key without an escape is its bytes, not checked for valid UTF-8 (no
// keyword has invalid UTF-8 in it). It must not outlive raw.
func keywordText(raw []byte) string {
	k := raw[1 : len(raw)-1]
	if bytes.IndexByte(k, '\\') < 0 {
		return unsafeString(k)
	}
	return keyString(raw)
}

// metaCleanMap is metaClean for an object of schemas (properties, $defs,
// ...); with orStrings, a member may be an array of distinct strings
// instead (dependencies).
func metaCleanMap(data []byte, i, depth int, orStrings bool) (end int, ok bool) {
	i = rawjson.SkipSpace(data, i+1)
	for i < len(data) && data[i] != '}' {
		kend := rawjson.SkipString(data, i)
		i = rawjson.SkipSpace(data, rawjson.SkipSpace(data, kend)+1) // ':'
		if orStrings && data[i] == '[' {
			vend := rawjson.SkipValue(data, i)
			if !uniqueStrings(data[i:vend]) {
				return 0, false
			}
			i = vend
		} else if i, ok = metaClean(data, i, depth+1); !ok {
			return 0, false
		}
		i = rawjson.SkipSpace(data, i)
		if i < len(data) && data[i] == ',' {
			i = rawjson.SkipSpace(data, i+1)
		}
	}
	return i + 1, true
}

// metaCleanType reports whether a "type" value is a type name, or a
// non-empty array of distinct type names.
func metaCleanType(v []byte) bool {
	if s, ok := stringValue(v); ok {
		return isSimpleType(s)
	}
	if !isRawArray(v) {
		return false
	}
	var seen [8]string
	n := 0
	for e, j := nextElement(v, 1); e != nil; e, j = nextElement(v, j) {
		s, ok := stringValue(e)
		if !ok || !isSimpleType(s) || n == len(seen) {
			return false
		}
		for _, t := range seen[:n] {
			if t == s {
				return false
			}
		}
		seen[n] = s
		n++
	}
	return n > 0
}

func isSimpleType(s string) bool {
	switch s {
	case "array", "boolean", "integer", "null", "number", "object", "string":
		return true
	}
	return false
}

// digitsOnly reports whether a JSON number is a non-negative integer
// written with digits only.
func digitsOnly(v []byte) bool {
	if len(v) == 0 {
		return false
	}
	for _, c := range v {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// positiveDecimal reports whether a JSON number is above zero, written
// without a sign or an exponent.
func positiveDecimal(v []byte) bool {
	nonzero := false
	for _, c := range v {
		switch {
		case c >= '1' && c <= '9':
			nonzero = true
		case c == '0', c == '.':
		default:
			return false
		}
	}
	return nonzero
}

// uniqueStrings reports whether v is an array of distinct strings.
func uniqueStrings(v []byte) bool {
	if !isRawArray(v) {
		return false
	}
	var small [16]string
	seen := small[:0]
	for e, j := nextElement(v, 1); e != nil; e, j = nextElement(v, j) {
		s, ok := stringValue(e)
		if !ok {
			return false
		}
		seen = append(seen, s)
	}
	if len(seen) <= len(small) {
		for i, a := range seen {
			for _, b := range seen[:i] {
				if a == b {
					return false
				}
			}
		}
		return true
	}
	slices.Sort(seen)
	for i := 1; i < len(seen); i++ {
		if seen[i] == seen[i-1] {
			return false
		}
	}
	return true
}
