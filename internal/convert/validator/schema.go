package validator

import (
	"math/big"
	"regexp"
)

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
