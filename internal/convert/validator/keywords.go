package validator

// Compiling the keywords of a schema object, by the kind of value they
// apply to.

import (
	"fmt"
	"math/big"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// objectCompile is the compilation of one schema object: the schema it
// fills in, the object, and where the object is.
type objectCompile struct {
	c   *Compiler
	s   *Schema
	d   *document
	ptr string
	obj map[string]any
}

// compileObject compiles the keywords of a schema object: its references,
// then, unless a reference leaves the others out, the keywords group by
// group in this order, which is the order their subschemas are compiled
// (and their errors found) in.
func (c *Compiler) compileObject(s *Schema, d *document, ptr string, obj map[string]any) error {
	oc := objectCompile{c: c, s: s, d: d, ptr: ptr, obj: obj}
	if err := oc.references(); err != nil || s.refOnly {
		return err
	}
	// Called one by one, not through a table: oc stays on the stack.
	if err := oc.assertions(); err != nil {
		return err
	}
	if err := oc.objectKeywords(); err != nil {
		return err
	}
	if err := oc.dependentKeywords(); err != nil {
		return err
	}
	if err := oc.arrayKeywords(); err != nil {
		return err
	}
	if err := oc.stringKeywords(); err != nil {
		return err
	}
	if err := oc.numberKeywords(); err != nil {
		return err
	}
	return oc.applicators()
}

// sub compiles the subschema at the path below this one.
func (oc *objectCompile) sub(path ...string) (*Schema, error) {
	p := oc.ptr
	var v any = oc.obj
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
	return oc.c.compileValue(oc.d, p, oc.d.url+"#"+p, v)
}

// subList compiles the array of subschemas of kw.
func (oc *objectCompile) subList(kw string) ([]*Schema, error) {
	arr, _ := oc.obj[kw].([]any)
	out := make([]*Schema, len(arr))
	for i := range arr {
		var err error
		if out[i], err = oc.sub(kw, strconv.Itoa(i)); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// subMap compiles the subschemas of kw by name, or nil when kw holds no
// object.
func (oc *objectCompile) subMap(kw string) (map[string]*Schema, error) {
	m, _ := oc.obj[kw].(map[string]any)
	if m == nil {
		return nil, nil
	}
	out := make(map[string]*Schema, len(m))
	for name := range m {
		var err error
		if out[name], err = oc.sub(kw, name); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (oc *objectCompile) has(kw string) bool { _, ok := oc.obj[kw]; return ok }

// references compiles $ref, $recursiveRef, $dynamicRef and notes
// $dynamicAnchor. Before draft 2019-09 a $ref leaves the other keywords
// out (s.refOnly).
func (oc *objectCompile) references() error {
	s, obj, draft := oc.s, oc.obj, oc.s.draft
	var err error
	if r, ok := obj["$ref"].(string); ok {
		if s.ref, err = oc.c.ref(s.res, r); err != nil {
			return err
		}
		if draft < Draft2019 {
			s.refOnly = true
			return nil
		}
	}
	if draft == Draft2019 {
		if r, ok := obj["$recursiveRef"].(string); ok {
			if s.recursiveRef, err = oc.c.ref(s.res, r); err != nil {
				return err
			}
		}
	}
	if draft >= Draft2020 {
		if a, ok := obj["$dynamicAnchor"].(string); ok {
			s.dynamicAnchor = a
		}
		if r, ok := obj["$dynamicRef"].(string); ok {
			if s.dynamicRef, err = oc.c.ref(s.res, r); err != nil {
				return err
			}
			if _, frag, ok := strings.Cut(r, "#"); ok && frag != "" && !strings.HasPrefix(frag, "/") {
				s.dynamicRefAnchor = frag
			}
		}
	}
	return nil
}

// assertions compiles the keywords for any value: type, enum, const and
// format.
func (oc *objectCompile) assertions() error {
	s, obj, draft := oc.s, oc.obj, oc.s.draft
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
	if f, ok := obj["format"].(string); ok && (oc.c.assertFormat || draft < Draft2019) {
		if fn := format(f); fn != nil {
			s.format, s.formatFunc = f, fn
		}
	}
	return nil
}

// objectKeywords compiles the keywords for objects of every draft.
func (oc *objectCompile) objectKeywords() error {
	s, obj := oc.s, oc.obj
	var err error
	s.minProps = intKeyword(obj, "minProperties")
	s.maxProps = intKeyword(obj, "maxProperties")
	if req, ok := obj["required"].([]any); ok {
		for _, r := range req {
			if n, ok := r.(string); ok {
				s.required = append(s.required, n)
			}
		}
	}
	if s.properties, err = oc.subMap("properties"); err != nil {
		return err
	}
	if err := oc.patternProperties(); err != nil {
		return err
	}
	if ap, ok := obj["additionalProperties"]; ok {
		if b, ok := ap.(bool); ok {
			s.additionalProperties = b
		} else if s.additionalProperties, err = oc.sub("additionalProperties"); err != nil {
			return err
		}
	}
	if deps, ok := obj["dependencies"].(map[string]any); ok {
		s.dependencies = map[string]any{}
		for name, dep := range deps {
			if arr, ok := dep.([]any); ok {
				s.dependencies[name] = stringsOf(arr)
			} else if s.dependencies[name], err = oc.sub("dependencies", name); err != nil {
				return err
			}
		}
	}
	if s.draft >= Draft6 && oc.has("propertyNames") {
		if s.propertyNames, err = oc.sub("propertyNames"); err != nil {
			return err
		}
	}
	return nil
}

// patternProperties compiles the regular expressions of
// patternProperties and their subschemas, in the order of the patterns.
func (oc *objectCompile) patternProperties() error {
	pp, ok := oc.obj["patternProperties"].(map[string]any)
	if !ok {
		return nil
	}
	s := oc.s
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
		ps, err := oc.sub("patternProperties", name)
		if err != nil {
			return err
		}
		s.patternProperties = append(s.patternProperties, patternSchema{re, ps})
	}
	return nil
}

// stringsOf is the strings of arr, in order; other values are left out.
func stringsOf(arr []any) []string {
	var names []string
	for _, e := range arr {
		if n, ok := e.(string); ok {
			names = append(names, n)
		}
	}
	return names
}

// dependentKeywords compiles the object keywords of draft 2019-09 on:
// dependentRequired, dependentSchemas, unevaluatedProperties and
// unevaluatedItems.
func (oc *objectCompile) dependentKeywords() error {
	s, obj := oc.s, oc.obj
	if s.draft < Draft2019 {
		return nil
	}
	var err error
	if dr, ok := obj["dependentRequired"].(map[string]any); ok {
		s.dependentRequired = map[string][]string{}
		for name, e := range dr {
			arr, _ := e.([]any)
			s.dependentRequired[name] = stringsOf(arr)
		}
	}
	if s.dependentSchemas, err = oc.subMap("dependentSchemas"); err != nil {
		return err
	}
	if oc.has("unevaluatedProperties") {
		oc.c.set.hasUneval.Store(true)
		if s.unevaluatedProperties, err = oc.sub("unevaluatedProperties"); err != nil {
			return err
		}
	}
	if oc.has("unevaluatedItems") {
		oc.c.set.hasUneval.Store(true)
		if s.unevaluatedItems, err = oc.sub("unevaluatedItems"); err != nil {
			return err
		}
	}
	return nil
}

// arrayKeywords compiles the keywords for arrays: items as the draft
// reads it, prefixItems, additionalItems and contains.
func (oc *objectCompile) arrayKeywords() error {
	s, obj, draft := oc.s, oc.obj, oc.s.draft
	var err error
	s.minItems = intKeyword(obj, "minItems")
	s.maxItems = intKeyword(obj, "maxItems")
	s.uniqueItems, _ = obj["uniqueItems"].(bool)
	if draft >= Draft2020 {
		if s.prefixItems, err = oc.subList("prefixItems"); err != nil {
			return err
		}
		if oc.has("items") {
			if s.items, err = oc.sub("items"); err != nil {
				return err
			}
		}
	} else {
		switch obj["items"].(type) {
		case []any:
			if s.itemsList, err = oc.subList("items"); err != nil {
				return err
			}
			if ai, ok := obj["additionalItems"]; ok {
				if b, ok := ai.(bool); ok {
					s.additionalItems = b
				} else if s.additionalItems, err = oc.sub("additionalItems"); err != nil {
					return err
				}
			}
		case nil:
		default:
			if s.items, err = oc.sub("items"); err != nil {
				return err
			}
		}
	}
	if draft >= Draft6 && oc.has("contains") {
		if s.contains, err = oc.sub("contains"); err != nil {
			return err
		}
		if draft >= Draft2019 {
			s.minContains = intKeyword(obj, "minContains")
			s.maxContains = intKeyword(obj, "maxContains")
		}
	}
	return nil
}

// stringKeywords compiles minLength, maxLength and pattern.
func (oc *objectCompile) stringKeywords() error {
	s, obj := oc.s, oc.obj
	s.minLength = intKeyword(obj, "minLength")
	s.maxLength = intKeyword(obj, "maxLength")
	if p, ok := obj["pattern"].(string); ok {
		var err error
		if s.pattern, err = regexp.Compile(p); err != nil {
			return fmt.Errorf("invalid regex %q at %q: %v", p, s.Location+"/pattern", err)
		}
	}
	return nil
}

// numberKeywords compiles the bounds and multipleOf; draft 4's boolean
// exclusiveMinimum and exclusiveMaximum make its bounds exclusive.
func (oc *objectCompile) numberKeywords() error {
	s, obj := oc.s, oc.obj
	s.minimum = ratKeyword(obj, "minimum")
	s.maximum = ratKeyword(obj, "maximum")
	if s.draft == Draft4 {
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
	return nil
}

// applicators compiles not, allOf, anyOf, oneOf and if/then/else.
func (oc *objectCompile) applicators() error {
	s := oc.s
	var err error
	if oc.has("not") {
		if s.not, err = oc.sub("not"); err != nil {
			return err
		}
	}
	for _, kw := range []string{"allOf", "anyOf", "oneOf"} {
		list, err := oc.subList(kw)
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
	if s.draft >= Draft7 && oc.has("if") {
		if s.ifS, err = oc.sub("if"); err != nil {
			return err
		}
		if oc.has("then") {
			if s.thenS, err = oc.sub("then"); err != nil {
				return err
			}
		}
		if oc.has("else") {
			if s.elseS, err = oc.sub("else"); err != nil {
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
