package convert

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/tooltui/tooltui/internal/model"
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
		c.mu.Lock()
		c.strictNext[string(params)] = found
		c.mu.Unlock()
		return found
	}
	c.mu.Lock()
	found, ok := c.strictNext[unsafeString(params)]
	c.mu.Unlock()
	if ok {
		return found
	}
	var w strictWalk
	var root strictNode
	// Values of the wrong type are skipped (the decoder goes on after a
	// type error); what does not parse is the schema check's to report.
	if err := json.Unmarshal(params, &root); err == nil || isTypeError(err) {
		w.walk(&root, "/parameters", 0)
	}
	c.mu.Lock()
	c.strictNext[string(params)] = w.found
	c.mu.Unlock()
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

// strictNode is the part of a JSON Schema that strict mode is about;
// decoding only these keywords skips descriptions and examples, which are
// most of a large schema's bytes.
type strictNode struct {
	Type                 any                    `json:"type"`
	Properties           map[string]*strictNode `json:"properties"`
	Required             []any                  `json:"required"`
	AdditionalProperties json.RawMessage        `json:"additionalProperties"`
	Items                json.RawMessage        `json:"items"`
	Not                  *strictNode            `json:"not"`
	Defs                 map[string]*strictNode `json:"$defs"`
	Definitions          map[string]*strictNode `json:"definitions"`
	AnyOf                []*strictNode          `json:"anyOf"`
	OneOf                []*strictNode          `json:"oneOf"`
	AllOf                []*strictNode          `json:"allOf"`
	PrefixItems          []*strictNode          `json:"prefixItems"`
}

func isTypeError(err error) bool {
	var te *json.UnmarshalTypeError
	return errors.As(err, &te)
}

// sub decodes a keyword that holds a schema or a boolean.
func sub(raw json.RawMessage) *strictNode {
	if model.JSONKind(raw) != "object" {
		return nil
	}
	var n strictNode
	if err := json.Unmarshal(raw, &n); err != nil && !isTypeError(err) {
		return nil
	}
	return &n
}

func (w *strictWalk) walk(node *strictNode, path string, depth int) {
	if node == nil {
		return
	}
	if depth >= maxDepth {
		w.report(path, fmt.Sprintf("nests deeper than %d levels; not checked further", maxDepth))
		return
	}
	if isObjectSchema(node) {
		if string(bytes.TrimSpace(node.AdditionalProperties)) != "false" {
			w.report(path, `an object schema needs "additionalProperties": false`)
		}
		if len(node.Properties) > 0 {
			req := map[string]bool{}
			for _, r := range node.Required {
				if s, ok := r.(string); ok {
					req[s] = true
				}
			}
			var missing []string
			for k := range node.Properties {
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
	for _, k := range sortedKeys(node.Properties) {
		w.walk(node.Properties[k], path+"/properties/"+escapePointer(k), depth+1)
	}
	for _, d := range [...]struct {
		key  string
		defs map[string]*strictNode
	}{{"$defs", node.Defs}, {"definitions", node.Definitions}} {
		for _, k := range sortedKeys(d.defs) {
			w.walk(d.defs[k], path+"/"+d.key+"/"+escapePointer(k), depth+1)
		}
	}
	for _, l := range [...]struct {
		key  string
		list []*strictNode
	}{{"anyOf", node.AnyOf}, {"oneOf", node.OneOf}, {"allOf", node.AllOf}, {"prefixItems", node.PrefixItems}} {
		for i, s := range l.list {
			w.walk(s, path+"/"+l.key+"/"+itoa(i), depth+1)
		}
	}
	w.walk(sub(node.Items), path+"/items", depth+1)
	w.walk(sub(node.AdditionalProperties), path+"/additionalProperties", depth+1)
	w.walk(node.Not, path+"/not", depth+1)
}

func isObjectSchema(node *strictNode) bool {
	switch t := node.Type.(type) {
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
	return node.Properties != nil
}

func sortedKeys[V any](m map[string]V) []string {
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
