package convert

// A "$ref" in a function's parameters that resolves nowhere: no schema at
// the JSON Pointer it names, no anchor of its name, or a URL outside the
// parameters (the API fetches nothing, and tooltui checks offline). The
// API cannot use such a schema, and neither can `tooltui args`, which
// compiles the parameters with the same validator (internal/args): the
// verdict here is that compilation's, so the two agree.

import (
	"bytes"
	"errors"
	"net/url"
	"slices"
	"strings"

	"github.com/tooltui/tooltui/internal/convert/validator"
)

// refIssues are the fatal issues of the schema's references, with paths
// under "/parameters", found once. A schema without a reference keyword
// (most) is not compiled.
func (si *schemaInfo) refIssues() []Issue {
	si.refOnce.Do(func() { si.refs = refIssues(unsafeBytes(si.key)) })
	return si.refs
}

// refKeywords are the keywords that name another schema; a key written
// with an escape ("\u0024ref") is found by the backslash.
var refKeywords = [...][]byte{[]byte(`"$ref"`), []byte(`"$dynamicRef"`), []byte(`"$recursiveRef"`), []byte(`\u`)}

func refIssues(p []byte) []Issue {
	has := false
	for _, k := range refKeywords {
		has = has || bytes.Contains(p, k)
	}
	if !has {
		return nil
	}
	doc, err := validator.UnmarshalJSON(bytes.NewReader(p))
	if err != nil {
		return nil // not JSON: reported elsewhere
	}
	if _, ok := precheckValue(doc); !ok {
		return nil // too deep: metaIssues says so
	}
	const at = "tooltui:///parameters.json"
	c := validator.NewCompiler()
	c.DefaultDraft(validator.Draft2020)
	c.UseLoader(func(string) error { return errOffline })
	if err = c.AddResource(at, doc); err == nil {
		_, err = c.Compile(at)
	}
	if err == nil || !isRefError(err) {
		return nil
	}
	msg := strings.ReplaceAll(err.Error(), at, "")
	ptr, ref := badRef(doc, "", 0)
	if ref != "" {
		msg = "resolves nowhere: " + msg
	} else {
		msg = "a reference resolves nowhere: " + msg
	}
	return []Issue{fatal("/parameters"+ptr, msg)}
}

// errOffline is the loader's answer to a reference outside the
// parameters.
var errOffline = errors.New("a schema outside the parameters: the API fetches nothing, and tooltui checks offline")

// isRefError reports whether a compile error is about a reference that
// resolves nowhere (and not, say, about a "pattern" Go cannot read,
// which the API may well take).
func isRefError(err error) bool {
	s := err.Error()
	for _, p := range [...]string{"json-pointer in ", "anchor in ", "failing loading ", "invalid $ref "} {
		if strings.Contains(s, p) {
			return true
		}
	}
	return false
}

// badRef finds, in a decoded schema, the first "$ref" (a pointer to it)
// that names no JSON Pointer or anchor of the root document: where the
// compiler's error most likely comes from. ref is "" when none does.
func badRef(root any, ptr string, depth int) (at, ref string) {
	var walk func(v any, ptr string, depth int) (string, string)
	walk = func(v any, ptr string, depth int) (string, string) {
		if depth > maxDepth {
			return "", ""
		}
		switch x := v.(type) {
		case map[string]any:
			for _, k := range []string{"$ref", "$dynamicRef", "$recursiveRef"} {
				if r, ok := x[k].(string); ok && !resolvesLocally(root, r) {
					return ptr + "/" + pointerToken(k), r
				}
			}
			for _, k := range sortedKeys(x) {
				switch k {
				case "enum", "const", "default", "examples":
					continue // values, not schemas
				}
				if a, r := walk(x[k], ptr+"/"+pointerToken(k), depth+1); r != "" {
					return a, r
				}
			}
		case []any:
			for i, e := range x {
				if a, r := walk(e, ptr+"/"+itoa(i), depth+1); r != "" {
					return a, r
				}
			}
		}
		return "", ""
	}
	return walk(root, ptr, depth)
}

// resolvesLocally reports whether ref names the root ("#"), a JSON
// Pointer that exists in it, or an anchor it defines. Any other reference
// (a URL, a relative one resolved against an "$id") is taken as resolving
// when the compiler says so; here it counts as not local.
func resolvesLocally(root any, ref string) bool {
	frag, ok := strings.CutPrefix(ref, "#")
	if !ok {
		return false
	}
	if frag == "" {
		return true
	}
	if !strings.HasPrefix(frag, "/") {
		return hasAnchor(root, frag, 0)
	}
	if p, err := url.PathUnescape(frag); err == nil {
		frag = p
	}
	cur := root
	for _, tok := range splitPointer(frag) {
		switch x := cur.(type) {
		case map[string]any:
			if cur, ok = x[tok]; !ok {
				return false
			}
		case []any:
			i, err := parseIndex(tok)
			if err != nil || i >= len(x) {
				return false
			}
			cur = x[i]
		default:
			return false
		}
	}
	return true
}

// hasAnchor reports whether a decoded schema defines the anchor name
// ("$anchor", "$dynamicAnchor", or an "$id" of "#name").
func hasAnchor(v any, name string, depth int) bool {
	if depth > maxDepth {
		return false
	}
	switch x := v.(type) {
	case map[string]any:
		if x["$anchor"] == name || x["$dynamicAnchor"] == name || x["$id"] == "#"+name || x["id"] == "#"+name {
			return true
		}
		for k, e := range x {
			if k != "enum" && k != "const" && hasAnchor(e, name, depth+1) {
				return true
			}
		}
	case []any:
		for _, e := range x {
			if hasAnchor(e, name, depth+1) {
				return true
			}
		}
	}
	return false
}

// sortedKeys are the keys of m in order, so that the first bad reference
// found is the same every time.
func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
