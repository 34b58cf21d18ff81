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
	"math/big"
	"net/url"
	"regexp"
	"slices"
	"strconv"
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
	return b.ResolveReference(r).String(), nil
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

// Schema is a compiled schema.
type Schema struct {
	Location string
	set      *schemaSet
	draft    Draft
	res      *resource

	always *bool // a boolean schema

	types      []string
	typeMask   uint8
	enum       []any
	hasConst   bool
	constVal   any
	format     string
	formatFunc func(string) error

	ref, recursiveRef, dynamicRef *Schema
	dynamicRefAnchor              string
	dynamicAnchor                 string
	refOnly                       bool // draft 7 and before: $ref's siblings are ignored

	minProps, maxProps   int
	required             []string
	dependencies         map[string]any // []string or *Schema
	dependentRequired    map[string][]string
	dependentSchemas     map[string]*Schema
	properties           map[string]*Schema
	patternProperties    []patternSchema
	additionalProperties any // bool or *Schema
	propertyNames        *Schema

	minItems, maxItems       int
	uniqueItems              bool
	items                    *Schema   // items (a schema), or 2020-12's items
	itemsList                []*Schema // items (an array), before 2020-12
	prefixItems              []*Schema
	additionalItems          any // bool or *Schema
	contains                 *Schema
	minContains, maxContains int

	minLength, maxLength int
	pattern              *regexp.Regexp

	minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf *big.Rat

	not                 *Schema
	allOf, anyOf, oneOf []*Schema
	ifS, thenS, elseS   *Schema

	unevaluatedProperties, unevaluatedItems *Schema
}

type patternSchema struct {
	re  *regexp.Regexp
	sch *Schema
}

const (
	tNull uint8 = 1 << iota
	tBoolean
	tNumber
	tInteger
	tString
	tArray
	tObject
)

var typeNames = []string{"null", "boolean", "number", "integer", "string", "array", "object"}

func typeBit(name string) uint8 {
	for i, n := range typeNames {
		if n == name {
			return 1 << i
		}
	}
	return 0
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

func (c *Compiler) compileObject(s *Schema, d *document, ptr string, obj map[string]any) error {
	draft := s.draft
	// sub compiles the subschema at the path below this one.
	sub := func(path ...string) (*Schema, error) {
		p := ptr
		var v any = obj
		for _, t := range path {
			p += "/" + escapeToken(t)
			switch n := v.(type) {
			case map[string]any:
				v = n[t]
			case []any:
				i, _ := strconv.Atoi(t)
				v = n[i]
			}
		}
		return c.compileValue(d, p, d.url+"#"+p, v)
	}
	subList := func(kw string) ([]*Schema, error) {
		arr, _ := obj[kw].([]any)
		out := make([]*Schema, len(arr))
		for i := range arr {
			var err error
			if out[i], err = sub(kw, strconv.Itoa(i)); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	subMap := func(kw string) (map[string]*Schema, error) {
		m, _ := obj[kw].(map[string]any)
		if m == nil {
			return nil, nil
		}
		out := make(map[string]*Schema, len(m))
		for name := range m {
			var err error
			if out[name], err = sub(kw, name); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	has := func(kw string) bool { _, ok := obj[kw]; return ok }
	var err error

	if r, ok := obj["$ref"].(string); ok {
		if s.ref, err = c.ref(s.res, r); err != nil {
			return err
		}
		if draft < Draft2019 {
			s.refOnly = true
			return nil
		}
	}
	if draft == Draft2019 {
		if r, ok := obj["$recursiveRef"].(string); ok {
			if s.recursiveRef, err = c.ref(s.res, r); err != nil {
				return err
			}
		}
	}
	if draft >= Draft2020 {
		if a, ok := obj["$dynamicAnchor"].(string); ok {
			s.dynamicAnchor = a
		}
		if r, ok := obj["$dynamicRef"].(string); ok {
			if s.dynamicRef, err = c.ref(s.res, r); err != nil {
				return err
			}
			if _, frag, ok := strings.Cut(r, "#"); ok && frag != "" && !strings.HasPrefix(frag, "/") {
				s.dynamicRefAnchor = frag
			}
		}
	}

	switch t := obj["type"].(type) {
	case string:
		s.types = []string{t}
		s.typeMask = typeBit(t)
	case []any:
		for _, e := range t {
			if n, ok := e.(string); ok {
				s.typeMask |= typeBit(n)
			}
		}
		for i, n := range typeNames {
			if s.typeMask&(1<<i) != 0 {
				s.types = append(s.types, n)
			}
		}
	}
	if e, ok := obj["enum"].([]any); ok {
		s.enum = e
		if s.enum == nil {
			s.enum = []any{}
		}
	}
	if draft >= Draft6 {
		if cv, ok := obj["const"]; ok {
			s.hasConst, s.constVal = true, cv
		}
	}
	if f, ok := obj["format"].(string); ok && (c.assertFormat || draft < Draft2019) {
		if fn := format(f); fn != nil {
			s.format, s.formatFunc = f, fn
		}
	}

	// objects
	s.minProps = intKeyword(obj, "minProperties")
	s.maxProps = intKeyword(obj, "maxProperties")
	if req, ok := obj["required"].([]any); ok {
		for _, r := range req {
			if n, ok := r.(string); ok {
				s.required = append(s.required, n)
			}
		}
	}
	if s.properties, err = subMap("properties"); err != nil {
		return err
	}
	if pp, ok := obj["patternProperties"].(map[string]any); ok {
		names := make([]string, 0, len(pp))
		for name := range pp {
			names = append(names, name)
		}
		slices.Sort(names)
		for _, name := range names {
			re, err := regexp.Compile(name)
			if err != nil {
				return fmt.Errorf("invalid regex %q at %q: %v", name, s.Location+"/patternProperties", err)
			}
			ps, err := sub("patternProperties", name)
			if err != nil {
				return err
			}
			s.patternProperties = append(s.patternProperties, patternSchema{re, ps})
		}
	}
	if ap, ok := obj["additionalProperties"]; ok {
		if b, ok := ap.(bool); ok {
			s.additionalProperties = b
		} else if s.additionalProperties, err = sub("additionalProperties"); err != nil {
			return err
		}
	}
	{
		if deps, ok := obj["dependencies"].(map[string]any); ok {
			s.dependencies = map[string]any{}
			for name, dep := range deps {
				if arr, ok := dep.([]any); ok {
					var names []string
					for _, e := range arr {
						if n, ok := e.(string); ok {
							names = append(names, n)
						}
					}
					s.dependencies[name] = names
				} else if s.dependencies[name], err = sub("dependencies", name); err != nil {
					return err
				}
			}
		}
	}
	if draft >= Draft6 && has("propertyNames") {
		if s.propertyNames, err = sub("propertyNames"); err != nil {
			return err
		}
	}
	if draft >= Draft2019 {
		if dr, ok := obj["dependentRequired"].(map[string]any); ok {
			s.dependentRequired = map[string][]string{}
			for name, e := range dr {
				arr, _ := e.([]any)
				var names []string
				for _, x := range arr {
					if n, ok := x.(string); ok {
						names = append(names, n)
					}
				}
				s.dependentRequired[name] = names
			}
		}
		if s.dependentSchemas, err = subMap("dependentSchemas"); err != nil {
			return err
		}
		if has("unevaluatedProperties") {
			c.set.hasUneval.Store(true)
			if s.unevaluatedProperties, err = sub("unevaluatedProperties"); err != nil {
				return err
			}
		}
		if has("unevaluatedItems") {
			c.set.hasUneval.Store(true)
			if s.unevaluatedItems, err = sub("unevaluatedItems"); err != nil {
				return err
			}
		}
	}

	// arrays
	s.minItems = intKeyword(obj, "minItems")
	s.maxItems = intKeyword(obj, "maxItems")
	s.uniqueItems, _ = obj["uniqueItems"].(bool)
	if draft >= Draft2020 {
		if s.prefixItems, err = subList("prefixItems"); err != nil {
			return err
		}
		if has("items") {
			if s.items, err = sub("items"); err != nil {
				return err
			}
		}
	} else {
		switch obj["items"].(type) {
		case []any:
			if s.itemsList, err = subList("items"); err != nil {
				return err
			}
			if ai, ok := obj["additionalItems"]; ok {
				if b, ok := ai.(bool); ok {
					s.additionalItems = b
				} else if s.additionalItems, err = sub("additionalItems"); err != nil {
					return err
				}
			}
		case nil:
		default:
			if s.items, err = sub("items"); err != nil {
				return err
			}
		}
	}
	if draft >= Draft6 && has("contains") {
		if s.contains, err = sub("contains"); err != nil {
			return err
		}
		if draft >= Draft2019 {
			s.minContains = intKeyword(obj, "minContains")
			s.maxContains = intKeyword(obj, "maxContains")
		}
	}

	// strings
	s.minLength = intKeyword(obj, "minLength")
	s.maxLength = intKeyword(obj, "maxLength")
	if p, ok := obj["pattern"].(string); ok {
		if s.pattern, err = regexp.Compile(p); err != nil {
			return fmt.Errorf("invalid regex %q at %q: %v", p, s.Location+"/pattern", err)
		}
	}

	// numbers
	s.minimum = ratKeyword(obj, "minimum")
	s.maximum = ratKeyword(obj, "maximum")
	if draft == Draft4 {
		if b, _ := obj["exclusiveMinimum"].(bool); b {
			s.exclusiveMinimum, s.minimum = s.minimum, nil
		}
		if b, _ := obj["exclusiveMaximum"].(bool); b {
			s.exclusiveMaximum, s.maximum = s.maximum, nil
		}
	} else {
		s.exclusiveMinimum = ratKeyword(obj, "exclusiveMinimum")
		s.exclusiveMaximum = ratKeyword(obj, "exclusiveMaximum")
	}
	s.multipleOf = ratKeyword(obj, "multipleOf")
	if s.multipleOf != nil && s.multipleOf.Sign() <= 0 {
		s.multipleOf = nil
	}

	// applicators
	if has("not") {
		if s.not, err = sub("not"); err != nil {
			return err
		}
	}
	for _, kw := range []string{"allOf", "anyOf", "oneOf"} {
		list, err := subList(kw)
		if err != nil {
			return err
		}
		switch kw {
		case "allOf":
			s.allOf = list
		case "anyOf":
			s.anyOf = list
		case "oneOf":
			s.oneOf = list
		}
	}
	if draft >= Draft7 && has("if") {
		if s.ifS, err = sub("if"); err != nil {
			return err
		}
		if has("then") {
			if s.thenS, err = sub("then"); err != nil {
				return err
			}
		}
		if has("else") {
			if s.elseS, err = sub("else"); err != nil {
				return err
			}
		}
	}
	return nil
}

// intKeyword is a non-negative integer keyword's value, or -1.
func intKeyword(obj map[string]any, kw string) int {
	v, ok := obj[kw]
	if !ok {
		return -1
	}
	r, ok := toRat(v)
	if !ok || !r.IsInt() || r.Sign() < 0 || !r.Num().IsInt64() {
		return -1
	}
	n := r.Num().Int64()
	if n > int64(^uint(0)>>1) {
		return -1
	}
	return int(n)
}

func ratKeyword(obj map[string]any, kw string) *big.Rat {
	v, ok := obj[kw]
	if !ok {
		return nil
	}
	r, ok := toRat(v)
	if !ok {
		return nil
	}
	return r
}
