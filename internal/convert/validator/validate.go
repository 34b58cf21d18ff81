package validator

import (
	"math/big"
	"slices"
	"strconv"
	"unicode/utf8"
)

// Validate checks v, a decoded JSON value, against the schema; the error
// is a *ValidationError, nil when v fits.
func (s *Schema) Validate(v any) error {
	st := &state{track: s.set.hasUneval.Load()}
	err := st.validate(s, v, nil, &scope{sch: s}, nil)
	if err == nil {
		return nil
	}
	causes := []*ValidationError{err}
	if _, ok := err.ErrorKind.(*Group); ok {
		causes = err.Causes
	}
	return &ValidationError{SchemaURL: s.Location, ErrorKind: &Root{Location: s.Location}, Causes: causes}
}

type state struct {
	track bool // unevaluated properties and items are tracked
}

// scope is the chain of schemas being applied, for dynamic references
// and to find reference cycles.
type scope struct {
	sch    *Schema
	parent *scope
	depth  int    // of the value in the instance
	kw     string // the reference keyword that led here, if any
}

// run is the application of one schema to one value.
type run struct {
	st     *state
	s      *Schema
	v      any
	loc    []string
	scp    *scope
	ue     *uneval // nil unless tracked
	quick  bool    // only whether it fits matters
	errors []*ValidationError
}

// quickErr stands for any error when only the verdict matters.
var quickErr = &ValidationError{ErrorKind: &Group{}}

func (r *run) fail(k ErrorKind) *ValidationError {
	if r.quick {
		return quickErr
	}
	return &ValidationError{SchemaURL: r.s.Location, InstanceLocation: slices.Clone(r.loc), ErrorKind: k}
}

func (r *run) add(k ErrorKind) { r.errors = append(r.errors, r.fail(k)) }

func (r *run) addErr(e *ValidationError) {
	if e != nil {
		r.errors = append(r.errors, e)
	}
}

func (r *run) addCauses(causes []*ValidationError, k ErrorKind) {
	e := r.fail(k)
	if !r.quick {
		e.Causes = causes
	}
	r.errors = append(r.errors, e)
}

func (r *run) done() bool { return r.quick && len(r.errors) > 0 }

// validate applies s to v at loc; ue, when tracked, is what remains
// unevaluated of v for the caller and is updated on success.
func (st *state) validate(s *Schema, v any, loc []string, scp *scope, ue *uneval) *ValidationError {
	return st.apply(s, v, loc, scp, ue, false)
}

func (st *state) apply(s *Schema, v any, loc []string, scp *scope, callerUE *uneval, quick bool) *ValidationError {
	r := &run{st: st, s: s, v: v, loc: loc, scp: scp, quick: quick}
	if s.always != nil {
		if *s.always {
			return nil
		}
		return r.fail(&FalseSchema{})
	}
	if scp.kw != "" {
		for p := scp.parent; p != nil && p.depth == scp.depth; p = p.parent {
			if p.sch == s {
				return r.fail(&RefCycle{URL: s.Location, KeywordLocation1: scp.kw, KeywordLocation2: p.kw})
			}
		}
	}
	if st.track {
		r.ue = newUneval(v, s, !callerUE.empty())
	}
	t := typeOf(v)
	if t == 0 {
		return r.fail(&InvalidJsonValue{Value: v})
	}
	if s.typeMask != 0 && s.typeMask&t == 0 && (s.typeMask&tInteger == 0 || t != tNumber || !isInteger(v)) {
		return r.fail(&Type{Got: typeNames[bitIndex(t)], Want: s.types})
	}
	if s.hasConst && !equal(v, s.constVal) {
		return r.fail(&Const{Got: v, Want: s.constVal})
	}
	if s.enum != nil && !inEnum(v, s.enum) {
		return r.fail(&Enum{Got: v, Want: s.enum})
	}
	if s.formatFunc != nil {
		if str, ok := v.(string); ok {
			if err := s.formatFunc(str); err != nil {
				return r.fail(&Format{Got: v, Want: s.format, Err: err})
			}
		}
	}
	if s.ref != nil {
		err := r.ref(s.ref, "$ref")
		if s.refOnly {
			if err == nil {
				callerUE.keepCommon(r.ue)
			}
			return err
		}
		r.addErr(err)
	}
	switch v := v.(type) {
	case map[string]any:
		r.object(v)
	case []any:
		r.array(v)
	case string:
		r.str(v)
	case bool, nil:
	default:
		r.number(v)
	}
	if !r.done() {
		if s.recursiveRef != nil {
			r.recursiveRef()
		}
		if s.dynamicRef != nil {
			target := s.dynamicRef
			if s.dynamicRefAnchor != "" && target.dynamicAnchor == s.dynamicRefAnchor {
				for p := r.scp; p != nil; p = p.parent {
					if ds := p.sch.res.dynSchemas[s.dynamicRefAnchor]; ds != nil {
						target = ds
					}
				}
			}
			r.addErr(r.ref(target, "$dynamicRef"))
		}
		r.conditions()
		if r.ue != nil {
			r.unevaluated()
		}
	}
	switch len(r.errors) {
	case 0:
		callerUE.keepCommon(r.ue)
		return nil
	case 1:
		return r.errors[0]
	}
	if quick {
		return quickErr
	}
	e := r.fail(&Group{})
	e.Causes = r.errors
	return e
}

// inEnum reports whether v equals one of the enum's values.
func inEnum(v any, enum []any) bool {
	for _, e := range enum {
		if equal(v, e) {
			return true
		}
	}
	return false
}

// recursiveRef applies $recursiveRef (2019-09): the outermost scope with
// a recursive anchor is its target.
func (r *run) recursiveRef() {
	target := r.s.recursiveRef
	if target.res.recursiveAnchor && target == target.res.root() {
		for p := r.scp; p != nil; p = p.parent {
			if p.sch.res.recursiveAnchor {
				target = p.sch.res.root()
			}
		}
	}
	r.addErr(r.ref(target, "$recursiveRef"))
}

func (res *resource) root() *Schema {
	return res.rootSchema
}

func bitIndex(t uint8) int {
	for i := range typeNames {
		if t == 1<<i {
			return i
		}
	}
	return 0
}

// self applies another schema to the same value (allOf, $ref ...).
func (r *run) self(s *Schema, kw string, quick bool) *ValidationError {
	scp := &scope{sch: s, parent: r.scp, depth: r.scp.depth, kw: kw}
	return r.st.apply(s, r.v, r.loc, scp, r.ue, quick || r.quick)
}

// child applies a schema to a part of the value.
func (r *run) child(s *Schema, v any, tok string) *ValidationError {
	scp := &scope{sch: s, parent: r.scp, depth: r.scp.depth + 1}
	loc := append(r.loc[:len(r.loc):len(r.loc)], tok)
	return r.st.apply(s, v, loc, scp, nil, r.quick)
}

func (r *run) ref(s *Schema, kw string) *ValidationError {
	err := r.self(s, kw, false)
	if err == nil || r.quick {
		return err
	}
	e := r.fail(&Reference{Keyword: kw, URL: s.Location})
	if _, ok := err.ErrorKind.(*Group); ok {
		e.Causes = err.Causes
	} else {
		e.Causes = []*ValidationError{err}
	}
	return e
}

func (r *run) evaluatedProp(name string) {
	if r.ue != nil {
		delete(r.ue.props, name)
	}
}

func (r *run) evaluatedItem(i int) {
	if r.ue != nil {
		delete(r.ue.items, i)
	}
}

func (r *run) object(obj map[string]any) {
	s := r.s
	if s.minProps >= 0 && len(obj) < s.minProps {
		r.add(&MinProperties{Got: len(obj), Want: s.minProps})
	}
	if s.maxProps >= 0 && len(obj) > s.maxProps {
		r.add(&MaxProperties{Got: len(obj), Want: s.maxProps})
	}
	if len(s.required) > 0 {
		if missing := r.missing(obj, s.required); missing != nil {
			r.add(&Required{Missing: missing})
		}
	}
	if r.done() {
		return
	}
	for name, dep := range s.dependencies {
		if _, ok := obj[name]; !ok {
			continue
		}
		switch dep := dep.(type) {
		case []string:
			if missing := r.missing(obj, dep); missing != nil {
				r.add(&Dependency{Prop: name, Missing: missing})
			}
		case *Schema:
			r.addErr(r.self(dep, "", false))
		}
	}
	if s.properties != nil || s.patternProperties != nil || s.additionalProperties != nil {
		var additional []string
		for name, pv := range obj {
			if r.done() {
				return
			}
			evaluated := false
			if ps, ok := s.properties[name]; ok {
				evaluated = true
				r.addErr(r.child(ps, pv, name))
			}
			for _, pp := range s.patternProperties {
				if pp.re.MatchString(name) {
					evaluated = true
					r.addErr(r.child(pp.sch, pv, name))
				}
			}
			if !evaluated && s.additionalProperties != nil {
				evaluated = true
				switch ap := s.additionalProperties.(type) {
				case bool:
					if !ap {
						additional = append(additional, name)
					}
				case *Schema:
					r.addErr(r.child(ap, pv, name))
				}
			}
			if evaluated {
				r.evaluatedProp(name)
			}
		}
		if len(additional) > 0 {
			slices.Sort(additional)
			r.add(&AdditionalProperties{Properties: additional})
		}
	}
	if s.propertyNames != nil {
		for name := range obj {
			if err := r.st.apply(s.propertyNames, name, r.loc, &scope{sch: s.propertyNames, parent: r.scp, depth: r.scp.depth + 1}, nil, r.quick); err != nil {
				if r.quick {
					r.errors = append(r.errors, err)
					return
				}
				e := r.fail(&PropertyNames{Property: name})
				e.Causes = []*ValidationError{err}
				r.errors = append(r.errors, e)
			}
		}
	}
	for name, ds := range s.dependentSchemas {
		if _, ok := obj[name]; ok {
			r.addErr(r.self(ds, "", false))
		}
	}
	for name, req := range s.dependentRequired {
		if _, ok := obj[name]; ok {
			if missing := r.missing(obj, req); missing != nil {
				r.add(&DependentRequired{Prop: name, Missing: missing})
			}
		}
	}
}

func (r *run) missing(obj map[string]any, names []string) []string {
	var out []string
	for _, n := range names {
		if _, ok := obj[n]; !ok {
			out = append(out, n)
		}
	}
	return out
}

func (r *run) array(arr []any) {
	s := r.s
	if s.minItems >= 0 && len(arr) < s.minItems {
		r.add(&MinItems{Got: len(arr), Want: s.minItems})
	}
	if s.maxItems >= 0 && len(arr) > s.maxItems {
		r.add(&MaxItems{Got: len(arr), Want: s.maxItems})
	}
	if s.uniqueItems && len(arr) > 1 {
		if i, j := duplicates(arr); i >= 0 {
			r.add(&UniqueItems{Duplicates: [2]int{i, j}})
		}
	}
	if r.done() {
		return
	}
	if s.draft < Draft2020 {
		if s.items != nil {
			for i, e := range arr {
				r.addErr(r.child(s.items, e, strconv.Itoa(i)))
				r.evaluatedItem(i)
			}
		} else if s.itemsList != nil {
			evaluated := min(len(arr), len(s.itemsList))
			for i := range evaluated {
				r.addErr(r.child(s.itemsList[i], arr[i], strconv.Itoa(i)))
				r.evaluatedItem(i)
			}
			switch ai := s.additionalItems.(type) {
			case bool:
				if !ai && evaluated < len(arr) {
					r.add(&AdditionalItems{Count: len(arr) - evaluated})
				}
				for i := evaluated; i < len(arr); i++ {
					r.evaluatedItem(i)
				}
			case *Schema:
				for i := evaluated; i < len(arr); i++ {
					r.addErr(r.child(ai, arr[i], strconv.Itoa(i)))
					r.evaluatedItem(i)
				}
			}
		}
	} else {
		n := min(len(arr), len(s.prefixItems))
		for i := range n {
			r.addErr(r.child(s.prefixItems[i], arr[i], strconv.Itoa(i)))
			r.evaluatedItem(i)
		}
		if s.items != nil {
			for i := n; i < len(arr); i++ {
				r.addErr(r.child(s.items, arr[i], strconv.Itoa(i)))
				r.evaluatedItem(i)
			}
		}
	}
	if s.contains != nil {
		var errs []*ValidationError
		var matched []int
		for i, e := range arr {
			if err := r.child(s.contains, e, strconv.Itoa(i)); err != nil {
				errs = append(errs, err)
			} else {
				matched = append(matched, i)
				if s.draft >= Draft2020 {
					r.evaluatedItem(i)
				}
			}
		}
		if s.minContains >= 0 {
			if len(matched) < s.minContains {
				r.addCauses(errs, &MinContains{Got: matched, Want: s.minContains})
			}
		} else if len(matched) == 0 {
			r.addCauses(errs, &Contains{})
		}
		if s.maxContains >= 0 && len(matched) > s.maxContains {
			r.add(&MaxContains{Got: matched, Want: s.maxContains})
		}
	}
}

func (r *run) str(str string) {
	s := r.s
	if s.minLength >= 0 || s.maxLength >= 0 {
		n := utf8.RuneCountInString(str)
		if s.minLength >= 0 && n < s.minLength {
			r.add(&MinLength{Got: n, Want: s.minLength})
		}
		if s.maxLength >= 0 && n > s.maxLength {
			r.add(&MaxLength{Got: n, Want: s.maxLength})
		}
	}
	if s.pattern != nil && !s.pattern.MatchString(str) {
		r.add(&Pattern{Got: str, Want: s.pattern.String()})
	}
}

func (r *run) number(v any) {
	s := r.s
	if s.minimum == nil && s.maximum == nil && s.exclusiveMinimum == nil && s.exclusiveMaximum == nil && s.multipleOf == nil {
		return
	}
	n, ok := toRat(v)
	if !ok {
		return
	}
	if s.minimum != nil && n.Cmp(s.minimum) < 0 {
		r.add(&Minimum{Got: n, Want: s.minimum})
	}
	if s.maximum != nil && n.Cmp(s.maximum) > 0 {
		r.add(&Maximum{Got: n, Want: s.maximum})
	}
	if s.exclusiveMinimum != nil && n.Cmp(s.exclusiveMinimum) <= 0 {
		r.add(&ExclusiveMinimum{Got: n, Want: s.exclusiveMinimum})
	}
	if s.exclusiveMaximum != nil && n.Cmp(s.exclusiveMaximum) >= 0 {
		r.add(&ExclusiveMaximum{Got: n, Want: s.exclusiveMaximum})
	}
	if s.multipleOf != nil {
		if q := new(big.Rat).Quo(n, s.multipleOf); !q.IsInt() {
			r.add(&MultipleOf{Got: n, Want: s.multipleOf})
		}
	}
}

func (r *run) conditions() {
	s := r.s
	if s.not != nil && r.self(s.not, "", true) == nil {
		r.add(&Not{})
	}
	if len(s.allOf) > 0 {
		var errs []*ValidationError
		for _, a := range s.allOf {
			if err := r.self(a, "", false); err != nil {
				errs = append(errs, err)
				if r.quick {
					break
				}
			}
		}
		if len(errs) > 0 {
			r.addCauses(errs, &AllOf{})
		}
	}
	if len(s.anyOf) > 0 {
		matched := false
		var errs []*ValidationError
		for _, a := range s.anyOf {
			if err := r.self(a, "", false); err != nil {
				errs = append(errs, err)
			} else {
				matched = true
				if r.ue.empty() {
					break
				}
			}
		}
		if !matched {
			r.addCauses(errs, &AnyOf{})
		}
	}
	if len(s.oneOf) > 0 {
		matched := -1
		var errs []*ValidationError
		for i, o := range s.oneOf {
			if err := r.self(o, "", matched != -1); err != nil {
				if matched == -1 {
					errs = append(errs, err)
				}
			} else if matched == -1 {
				matched = i
			} else {
				r.add(&OneOf{Subschemas: []int{matched, i}})
				break
			}
		}
		if matched == -1 {
			r.addCauses(errs, &OneOf{})
		}
	}
	if s.ifS != nil {
		if r.self(s.ifS, "", true) == nil {
			if s.thenS != nil {
				r.addErr(r.self(s.thenS, "", false))
			}
		} else if s.elseS != nil {
			r.addErr(r.self(s.elseS, "", false))
		}
	}
}
