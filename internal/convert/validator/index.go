package validator

// Finding the resources ($id), anchors and JSON Pointers of documents.

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// index finds the resources ($id) and anchors in the schema v at ptr.
func (c *Compiler) index(d *document, v any, ptr string, res *resource) error {
	obj, ok := v.(map[string]any)
	if !ok {
		return nil
	}
	draft := res.draft
	idKey := "$id"
	if draft == Draft4 {
		idKey = "id"
	}
	if id, ok := obj[idKey].(string); ok && (draft >= Draft2019 || obj["$ref"] == nil) {
		if strings.HasPrefix(id, "#") && draft < Draft2019 {
			addAnchor(res, id[1:], ptr, false)
		} else if ptr != "" || id != "" {
			u, err := resolveURL(res.url, id)
			if err != nil {
				return fmt.Errorf("invalid $id %q at %s: %w", id, d.url+"#"+ptr, err)
			}
			base, frag, _ := strings.Cut(u, "#")
			if ptr == "" {
				res.url = base
			} else {
				nd := draft
				if s, ok := obj["$schema"].(string); ok {
					dr, err := c.draftOf(s)
					if err != nil {
						return err
					}
					nd = dr
				}
				res = &resource{url: base, doc: d, ptr: ptr, draft: nd}
				d.resources[ptr] = res
				draft = nd
			}
			if frag != "" && draft < Draft2019 {
				addAnchor(res, frag, ptr, false)
			}
		}
	}
	if draft >= Draft2019 {
		if a, ok := obj["$anchor"].(string); ok {
			addAnchor(res, a, ptr, false)
		}
		if draft == Draft2019 && ptr == res.ptr {
			if b, ok := obj["$recursiveAnchor"].(bool); ok && b {
				res.recursiveAnchor = true
			}
		}
	}
	if draft >= Draft2020 {
		if a, ok := obj["$dynamicAnchor"].(string); ok {
			addAnchor(res, a, ptr, true)
		}
	}
	for k, sub := range obj {
		switch k {
		case "items", "additionalItems", "additionalProperties", "contains", "propertyNames", "if", "then", "else",
			"not", "unevaluatedItems", "unevaluatedProperties", "contentSchema":
			if arr, ok := sub.([]any); ok && k == "items" {
				for i, e := range arr {
					if err := c.index(d, e, ptr+"/items/"+strconv.Itoa(i), res); err != nil {
						return err
					}
				}
				continue
			}
			if err := c.index(d, sub, ptr+"/"+k, res); err != nil {
				return err
			}
		case "allOf", "anyOf", "oneOf", "prefixItems":
			arr, _ := sub.([]any)
			for i, e := range arr {
				if err := c.index(d, e, ptr+"/"+k+"/"+strconv.Itoa(i), res); err != nil {
					return err
				}
			}
		case "properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies":
			m, _ := sub.(map[string]any)
			for name, e := range m {
				if err := c.index(d, e, ptr+"/"+k+"/"+escapeToken(name), res); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func addAnchor(res *resource, name, ptr string, dynamic bool) {
	if res.anchors == nil {
		res.anchors = map[string]string{}
	}
	if _, ok := res.anchors[name]; !ok {
		res.anchors[name] = ptr
	}
	if dynamic {
		if res.dynamicAnchors == nil {
			res.dynamicAnchors = map[string]string{}
		}
		res.dynamicAnchors[name] = ptr
	}
}

// resolveURL resolves ref against base.
func resolveURL(base, ref string) (string, error) {
	if strings.HasPrefix(ref, "#") {
		b, _, _ := strings.Cut(base, "#")
		return b + ref, nil
	}
	r, err := url.Parse(ref)
	if err != nil {
		return "", err
	}
	if r.IsAbs() {
		return r.String(), nil
	}
	b, err := url.Parse(base)
	if err != nil {
		return "", err
	}
	if b.Opaque != "" && r.Host == "" && !strings.HasPrefix(r.Path, "/") {
		// A base without an authority whose path is not absolute
		// ("urn:x", "a:0"): RFC 3986 merges the reference's path with
		// the base's (net/url would make it "/…").
		out := *b
		out.RawQuery, out.Fragment, out.RawFragment = r.RawQuery, r.Fragment, r.RawFragment
		if r.Path == "" {
			if r.RawQuery == "" {
				out.RawQuery = b.RawQuery
			}
		} else {
			out.Opaque = b.Opaque[:strings.LastIndex(b.Opaque, "/")+1] + r.EscapedPath()
		}
		return out.String(), nil
	}
	return b.ResolveReference(r).String(), nil
}

// lookup returns the value at a JSON Pointer.
func lookup(v any, ptr string) (any, bool) {
	if ptr == "" {
		return v, true
	}
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = unescapeToken(tok)
		switch n := v.(type) {
		case map[string]any:
			x, ok := n[tok]
			if !ok {
				return nil, false
			}
			v = x
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(n) {
				return nil, false
			}
			v = n[i]
		default:
			return nil, false
		}
	}
	return v, true
}

// resourceAt is the innermost resource holding ptr.
func (d *document) resourceAt(ptr string) *resource {
	for p := ptr; ; {
		if r := d.resources[p]; r != nil {
			return r
		}
		i := strings.LastIndexByte(p, '/')
		if i < 0 {
			return d.resources[""]
		}
		p = p[:i]
	}
}
