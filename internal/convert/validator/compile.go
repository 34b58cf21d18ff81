// Package validator is the JSON Schema validator tooltui checks with:
// drafts 4, 6, 7, 2019-09 and 2020-12, $ref, $id, $anchor, $dynamicRef
// and $recursiveRef within the documents it is given (nothing is loaded
// from the network), unevaluatedProperties and unevaluatedItems, and
// format assertion on request. A failure is a tree of errors, each with
// the location of the value in the instance and what its keyword wanted,
// for callers to word.
//
// Nothing is done at package init: the metaschemas (embedded, as
// json-schema.org publishes them) are read and compiled the first time a
// schema is checked against one.
package validator

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync/atomic"
)

// Draft is a JSON Schema draft.
type Draft int

const (
	Draft4    Draft = 4
	Draft6    Draft = 6
	Draft7    Draft = 7
	Draft2019 Draft = 2019
	Draft2020 Draft = 2020
)

// Compiler turns documents into schemas to validate with. It is not safe
// for concurrent use; the schemas it compiles are, and never change.
type Compiler struct {
	defaultDraft Draft
	assertFormat bool
	checkSchemas bool
	load         func(url string) error
	docs         map[string]*document // by URL
	resources    map[string]*resource // by absolute URI, without fragment
	schemas      map[string]*Schema   // by document URL "#" pointer
	set          *schemaSet
	checked      map[*document]bool
}

// schemaSet is what all schemas of one compiler share.
type schemaSet struct {
	// hasUneval: some schema has unevaluatedProperties or
	// unevaluatedItems (set by a compile while others may validate)
	hasUneval atomic.Bool
}

type document struct {
	url       string
	v         any
	resources map[string]*resource // by the pointer of the resource's root
	meta      bool                 // one of the embedded metaschemas
}

type resource struct {
	url             string
	doc             *document
	ptr             string
	draft           Draft
	anchors         map[string]string // name -> pointer in doc
	dynamicAnchors  map[string]string
	recursiveAnchor bool
	dynSchemas      map[string]*Schema // dynamicAnchors, compiled
	rootSchema      *Schema
}

// NewCompiler returns a compiler for draft 2020-12 by default that does
// not assert formats (drafts before 2019-09 do), does not check schemas
// against their metaschema and loads nothing.
func NewCompiler() *Compiler {
	return &Compiler{
		defaultDraft: Draft2020,
		docs:         map[string]*document{},
		resources:    map[string]*resource{},
		schemas:      map[string]*Schema{},
		set:          &schemaSet{},
		checked:      map[*document]bool{},
	}
}

// DefaultDraft is the draft of a document that names none in "$schema".
func (c *Compiler) DefaultDraft(d Draft) { c.defaultDraft = d }

// AssertFormat makes "format" an assertion in every draft.
func (c *Compiler) AssertFormat() { c.assertFormat = true }

// CheckSchemas validates each document against its draft's metaschema
// (with formats asserted) before compiling from it; a document it refuses
// is a *SchemaValidationError.
func (c *Compiler) CheckSchemas() { c.checkSchemas = true }

// UseLoader sets what is said for a reference to a document the compiler
// does not have: load returns why it is not loaded.
func (c *Compiler) UseLoader(load func(url string) error) { c.load = load }

// AddResource adds a decoded JSON document (map[string]any, []any,
// string, json.Number or float64, bool, nil) at url.
func (c *Compiler) AddResource(u string, doc any) error {
	u = strings.TrimSuffix(u, "#")
	if c.docs[u] != nil {
		return fmt.Errorf("resource %q already added", u)
	}
	_, err := c.addDoc(u, doc, false)
	return err
}

func (c *Compiler) addDoc(u string, v any, meta bool) (*document, error) {
	d := &document{url: u, v: v, resources: map[string]*resource{}, meta: meta}
	draft := c.defaultDraft
	if meta {
		draft = metaDraft(u)
	}
	if obj, ok := v.(map[string]any); ok {
		if s, ok := obj["$schema"].(string); ok {
			dr, err := c.draftOf(s)
			if err != nil {
				return nil, err
			}
			draft = dr
		}
	}
	root := &resource{url: u, doc: d, ptr: "", draft: draft}
	d.resources[""] = root
	if err := c.index(d, v, "", root); err != nil {
		return nil, err
	}
	c.docs[u] = d
	for _, r := range d.resources {
		if c.resources[r.url] == nil {
			c.resources[r.url] = r
		}
	}
	return d, nil
}

// draftOf is the draft a "$schema" names.
func (c *Compiler) draftOf(s string) (Draft, error) {
	if d := metaDraft(s); d != 0 {
		return d, nil
	}
	return 0, c.loadError(s)
}

func (c *Compiler) loadError(u string) error {
	var err error = errors.New("no loader")
	if c.load != nil {
		err = c.load(u)
	}
	return fmt.Errorf("failing loading %q: %w", u, err)
}

// Compile compiles the schema at loc: a document's URL, with a fragment
// (a JSON Pointer or an anchor) for a schema within it.
func (c *Compiler) Compile(loc string) (*Schema, error) {
	base, frag, _ := strings.Cut(loc, "#")
	if metaDraft(base) != 0 && c.docs[base] == nil {
		if frag == "" {
			return Metaschema(base, c.assertFormat)
		}
	}
	s, err := c.ref(nil, loc)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// ref compiles the schema a reference from res names.
func (c *Compiler) ref(res *resource, ref string) (*Schema, error) {
	u := ref
	if res != nil {
		var err error
		if u, err = resolveURL(res.url, ref); err != nil {
			return nil, fmt.Errorf("invalid $ref %q: %w", ref, err)
		}
	}
	base, frag, _ := strings.Cut(u, "#")
	r := c.resources[base]
	if r == nil {
		if d := c.docs[base]; d != nil {
			r = d.resources[""]
		}
	}
	if r == nil {
		if metaDraft(base) == 0 {
			return nil, c.loadError(base)
		}
		base = canonicalMeta(base)
		v, err := metaDoc(base)
		if err != nil {
			return nil, err
		}
		d, err := c.addDoc(base, v, true)
		if err != nil {
			return nil, err
		}
		r = d.resources[""]
	}
	if err := c.check(r.doc); err != nil {
		return nil, err
	}
	ptr := r.ptr
	switch {
	case frag == "":
	case strings.HasPrefix(frag, "/"):
		p, err := url.PathUnescape(frag)
		if err != nil {
			p = frag
		}
		ptr += p
		if _, ok := lookup(r.doc.v, ptr); !ok {
			return nil, fmt.Errorf("json-pointer in %q not found", u)
		}
	default:
		p, ok := r.anchors[frag]
		if !ok {
			return nil, fmt.Errorf("anchor in %q not found", u)
		}
		ptr = p
	}
	return c.compile(r.doc, ptr)
}

// check validates a document against its metaschema once, when asked to.
func (c *Compiler) check(d *document) error {
	if !c.checkSchemas || d.meta || c.checked[d] {
		return nil
	}
	c.checked[d] = true
	meta, err := Metaschema(draftURL(d.resources[""].draft), true)
	if err != nil {
		return err
	}
	if err := meta.Validate(d.v); err != nil {
		var verr *ValidationError
		if errors.As(err, &verr) {
			return &SchemaValidationError{URL: d.url, Err: verr}
		}
		return err
	}
	return nil
}

// compile compiles the schema at ptr in d, once.
func (c *Compiler) compile(d *document, ptr string) (*Schema, error) {
	key := d.url + "#" + ptr
	if s := c.schemas[key]; s != nil {
		return s, nil
	}
	v, ok := lookup(d.v, ptr)
	if !ok {
		return nil, fmt.Errorf("json-pointer in %q not found", key)
	}
	return c.compileValue(d, ptr, key, v)
}

// compileValue compiles v, the schema at ptr in d, once.
func (c *Compiler) compileValue(d *document, ptr, key string, v any) (*Schema, error) {
	if s := c.schemas[key]; s != nil {
		return s, nil
	}
	res := d.resourceAt(ptr)
	s := &Schema{Location: key, set: c.set, draft: res.draft, res: res, minProps: -1, maxProps: -1, minItems: -1, maxItems: -1,
		minLength: -1, maxLength: -1, minContains: -1, maxContains: -1}
	c.schemas[key] = s
	if ptr == res.ptr {
		res.rootSchema = s
	} else if res.rootSchema == nil {
		if _, err := c.compile(d, res.ptr); err != nil {
			return nil, err
		}
	}
	if res.dynamicAnchors != nil && res.dynSchemas == nil {
		res.dynSchemas = map[string]*Schema{}
		for name, p := range res.dynamicAnchors {
			ds, err := c.compile(d, p)
			if err != nil {
				return nil, err
			}
			res.dynSchemas[name] = ds
		}
	}
	switch v := v.(type) {
	case bool:
		s.always = &v
		return s, nil
	case map[string]any:
		if err := c.compileObject(s, d, ptr, v); err != nil {
			delete(c.schemas, key)
			return nil, err
		}
		return s, nil
	}
	return nil, fmt.Errorf("schema at %q is not an object or a boolean", key)
}
