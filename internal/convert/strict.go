package convert

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// maxStrictReports caps the strict-mode violations listed for one schema.
const maxStrictReports = 20

// strictIssues checks a function's parameters against the rules of strict
// mode: every object schema has "additionalProperties": false and lists all
// its properties in "required". With strict true a violation leaves the
// function out (the API rejects it); with strict absent the API tries to
// normalise the schema, which is worth a warning; strict false opts out.
func strictIssues(found []Issue, strict *bool) []Issue {
	if strict != nil && !*strict {
		return nil
	}
	if len(found) == 0 {
		return nil
	}
	w := strictWalk{found: found}
	if strict == nil {
		first := w.found[0]
		more := ""
		if n := len(w.found) - 1; n > 0 {
			more = fmt.Sprintf(" and %d more", n)
		}
		return []Issue{{Path: "/parameters", Message: fmt.Sprintf(
			"strict is not set, so the Responses API will try to normalise this schema into strict mode, but it is not strict-compatible (%s: %s%s); set strict to false to opt out",
			first.Path, first.Message, more)}}
	}
	out := make([]Issue, 0, len(w.found))
	for _, f := range w.found {
		f.Fatal = true
		f.Message = "strict mode: " + f.Message
		out = append(out, f)
	}
	return out
}

// strictViolations walks a parameters schema for what breaks strict mode.
// Parameters can be megabytes, so the result is kept by their bytes: an
// edit to a function's name does not walk its schema again.
func (c *Converter) strictViolations(params json.RawMessage) []Issue {
	if found, ok := c.strictCache[unsafeString(params)]; ok {
		c.strictNext[string(params)] = found
		return found
	}
	if found, ok := c.strictNext[unsafeString(params)]; ok {
		return found
	}
	var schema any
	dec := json.NewDecoder(bytes.NewReader(params))
	dec.UseNumber()
	var w strictWalk
	if dec.Decode(&schema) == nil { // invalid parameters are the schema check's to report
		w.walk(schema, "/parameters", 0)
	}
	c.strictNext[string(params)] = w.found
	return w.found
}

type strictWalk struct {
	found     []Issue
	truncated bool
}

func (w *strictWalk) report(path, msg string) {
	if len(w.found) >= maxStrictReports {
		w.truncated = true
		return
	}
	w.found = append(w.found, Issue{Path: path, Message: msg})
}

func (w *strictWalk) walk(v any, path string, depth int) {
	node, ok := v.(map[string]any)
	if !ok {
		return
	}
	if depth >= maxDepth {
		w.report(path, fmt.Sprintf("nests deeper than %d levels; not checked further", maxDepth))
		return
	}
	props, hasProps := node["properties"].(map[string]any)
	if isObjectSchema(node) {
		if ap, ok := node["additionalProperties"].(bool); !ok || ap {
			w.report(path, `an object schema needs "additionalProperties": false`)
		}
		if hasProps {
			req := map[string]bool{}
			if rs, ok := node["required"].([]any); ok {
				for _, r := range rs {
					if s, ok := r.(string); ok {
						req[s] = true
					}
				}
			}
			var missing []string
			for k := range props {
				if !req[k] {
					missing = append(missing, fmt.Sprintf("%q", k))
				}
			}
			if len(missing) > 0 {
				sort.Strings(missing)
				w.report(path, "every property must be listed in \"required\"; missing "+strings.Join(missing, ", "))
			}
		}
	}
	for _, k := range sortedKeys(props) {
		w.walk(props[k], path+"/properties/"+escapePointer(k), depth+1)
	}
	for _, key := range [...]string{"$defs", "definitions"} {
		if defs, ok := node[key].(map[string]any); ok {
			for _, k := range sortedKeys(defs) {
				w.walk(defs[k], path+"/"+key+"/"+escapePointer(k), depth+1)
			}
		}
	}
	for _, key := range [...]string{"anyOf", "oneOf", "allOf", "prefixItems"} {
		if list, ok := node[key].([]any); ok {
			for i, s := range list {
				w.walk(s, path+"/"+key+"/"+itoa(i), depth+1)
			}
		}
	}
	for _, key := range [...]string{"items", "additionalProperties", "not"} {
		if s, ok := node[key].(map[string]any); ok {
			w.walk(s, path+"/"+key, depth+1)
		}
	}
}

func isObjectSchema(node map[string]any) bool {
	switch t := node["type"].(type) {
	case string:
		return t == "object"
	case []any:
		for _, x := range t {
			if x == "object" {
				return true
			}
		}
		return false
	}
	_, has := node["properties"]
	return has
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// escapePointer escapes a key for a JSON Pointer.
func escapePointer(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}
