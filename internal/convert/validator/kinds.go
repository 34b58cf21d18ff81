package validator

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
)

// ValidationError is what a value got wrong, as a tree: a leaf says what
// is wrong with the value at InstanceLocation; an inner node (an anyOf
// none of whose branches fit, a $ref, a group of errors of one schema)
// holds the errors below it in Causes.
type ValidationError struct {
	// SchemaURL is the location of the schema that failed:
	// the document's URL, "#" and a JSON Pointer.
	SchemaURL string
	// InstanceLocation is the path to the value, as JSON Pointer tokens
	// (unescaped).
	InstanceLocation []string
	ErrorKind        ErrorKind
	Causes           []*ValidationError
}

// Error lists the leaves of the tree, one a line, each with its location.
func (e *ValidationError) Error() string {
	var b strings.Builder
	e.write(&b)
	return strings.TrimSuffix(b.String(), "\n")
}

func (e *ValidationError) write(b *strings.Builder) {
	if len(e.Causes) > 0 {
		if _, ok := e.ErrorKind.(*Root); ok || b.Len() > 0 {
			for _, c := range e.Causes {
				c.write(b)
			}
			return
		}
	}
	fmt.Fprintf(b, "at %s: %s\n", quote(pointer(e.InstanceLocation)), e.ErrorKind.Message())
	for _, c := range e.Causes {
		c.write(b)
	}
}

// ErrorKind is one kind of problem, with what was wanted and found.
type ErrorKind interface {
	// KeywordPath is the keyword that failed ("minimum",
	// "properties/x"...).
	KeywordPath() []string
	// Message says what is wrong, in English, without the location.
	Message() string
}

// SchemaValidationError is a schema its metaschema refuses.
type SchemaValidationError struct {
	URL string
	Err *ValidationError
}

func (e *SchemaValidationError) Error() string {
	return fmt.Sprintf("%q is not valid against metaschema: %v", e.URL, e.Err)
}

func (e *SchemaValidationError) Unwrap() error { return e.Err }

// The kinds of error.
type (
	// Root is the root of a tree: the schema at Location failed.
	Root struct{ Location string }
	// Group holds several errors of one schema.
	Group struct{}
	// Reference holds the errors of the schema a $ref (or
	// $dynamicRef, $recursiveRef) names.
	Reference struct{ Keyword, URL string }
	// RefCycle: references lead back to a schema without moving into
	// the value.
	RefCycle struct{ URL, KeywordLocation1, KeywordLocation2 string }
	// InvalidJsonValue: a Go value that is not a decoded JSON value.
	InvalidJsonValue struct{ Value any }
	FalseSchema      struct{}
	Type             struct {
		Got  string
		Want []string
	}
	Enum struct {
		Got  any
		Want []any
	}
	Const struct{ Got, Want any }
	// Format: Err says why Got is not of the format Want.
	Format struct {
		Got  any
		Want string
		Err  error
	}
	MinProperties struct{ Got, Want int }
	MaxProperties struct{ Got, Want int }
	Required      struct{ Missing []string }
	Dependency    struct {
		Prop    string
		Missing []string
	}
	DependentRequired struct {
		Prop    string
		Missing []string
	}
	AdditionalProperties struct{ Properties []string }
	PropertyNames        struct{ Property string }
	MinItems             struct{ Got, Want int }
	MaxItems             struct{ Got, Want int }
	AdditionalItems      struct{ Count int }
	UniqueItems          struct{ Duplicates [2]int }
	Contains             struct{}
	MinContains          struct {
		Got  []int
		Want int
	}
	MaxContains struct {
		Got  []int
		Want int
	}
	MinLength        struct{ Got, Want int }
	MaxLength        struct{ Got, Want int }
	Pattern          struct{ Got, Want string }
	Minimum          struct{ Got, Want *big.Rat }
	Maximum          struct{ Got, Want *big.Rat }
	ExclusiveMinimum struct{ Got, Want *big.Rat }
	ExclusiveMaximum struct{ Got, Want *big.Rat }
	MultipleOf       struct{ Got, Want *big.Rat }
	Not              struct{}
	AllOf            struct{}
	AnyOf            struct{}
	// OneOf: Subschemas are the two that matched, or nil when none did.
	OneOf struct{ Subschemas []int }
)

func (*Root) KeywordPath() []string        { return nil }
func (k *Root) Message() string            { return "jsonschema validation failed with " + quote(k.Location) }
func (*Group) KeywordPath() []string       { return nil }
func (*Group) Message() string             { return "validation failed" }
func (k *Reference) KeywordPath() []string { return []string{k.Keyword} }
func (*Reference) Message() string         { return "validation failed" }
func (*RefCycle) KeywordPath() []string    { return nil }
func (k *RefCycle) Message() string {
	return fmt.Sprintf("both %s and %s resolve to %q causing reference cycle", k.KeywordLocation1, k.KeywordLocation2, k.URL)
}
func (*InvalidJsonValue) KeywordPath() []string { return nil }
func (k *InvalidJsonValue) Message() string     { return fmt.Sprintf("invalid jsonType %T", k.Value) }
func (*FalseSchema) KeywordPath() []string      { return nil }
func (*FalseSchema) Message() string            { return "false schema" }
func (*Type) KeywordPath() []string             { return []string{"type"} }
func (k *Type) Message() string {
	return fmt.Sprintf("got %s, want %s", k.Got, strings.Join(k.Want, " or "))
}
func (*Enum) KeywordPath() []string { return []string{"enum"} }
func (k *Enum) Message() string {
	allPrimitive := true
	for _, v := range k.Want {
		switch v.(type) {
		case []any, map[string]any:
			allPrimitive = false
		}
	}
	if !allPrimitive {
		return "'enum' failed"
	}
	if len(k.Want) == 1 {
		return "value must be " + display(k.Want[0])
	}
	want := make([]string, len(k.Want))
	for i, v := range k.Want {
		want[i] = display(v)
	}
	return "value must be one of " + strings.Join(want, ", ")
}
func (*Const) KeywordPath() []string { return []string{"const"} }
func (k *Const) Message() string {
	switch k.Want.(type) {
	case []any, map[string]any:
		return "'const' failed"
	}
	return "value must be " + display(k.Want)
}
func (*Format) KeywordPath() []string { return []string{"format"} }
func (k *Format) Message() string {
	return fmt.Sprintf("%s is not valid %s: %v", display(k.Got), k.Want, k.Err)
}
func (*MinProperties) KeywordPath() []string { return []string{"minProperties"} }
func (k *MinProperties) Message() string {
	return fmt.Sprintf("minProperties: got %d, want %d", k.Got, k.Want)
}
func (*MaxProperties) KeywordPath() []string { return []string{"maxProperties"} }
func (k *MaxProperties) Message() string {
	return fmt.Sprintf("maxProperties: got %d, want %d", k.Got, k.Want)
}
func (*Required) KeywordPath() []string { return []string{"required"} }
func (k *Required) Message() string {
	if len(k.Missing) == 1 {
		return "missing property " + quote(k.Missing[0])
	}
	return "missing properties " + joinQuoted(k.Missing)
}
func (k *Dependency) KeywordPath() []string { return []string{"dependencies", k.Prop} }
func (k *Dependency) Message() string {
	return fmt.Sprintf("properties %s required, if %s exists", joinQuoted(k.Missing), quote(k.Prop))
}
func (k *DependentRequired) KeywordPath() []string { return []string{"dependentRequired", k.Prop} }
func (k *DependentRequired) Message() string {
	return fmt.Sprintf("properties %s required, if %s exists", joinQuoted(k.Missing), quote(k.Prop))
}
func (*AdditionalProperties) KeywordPath() []string { return []string{"additionalProperties"} }
func (k *AdditionalProperties) Message() string {
	return "additional properties " + joinQuoted(k.Properties) + " not allowed"
}
func (*PropertyNames) KeywordPath() []string { return []string{"propertyNames"} }
func (k *PropertyNames) Message() string     { return "invalid propertyName " + quote(k.Property) }
func (*MinItems) KeywordPath() []string      { return []string{"minItems"} }
func (k *MinItems) Message() string          { return fmt.Sprintf("minItems: got %d, want %d", k.Got, k.Want) }
func (*MaxItems) KeywordPath() []string      { return []string{"maxItems"} }
func (k *MaxItems) Message() string          { return fmt.Sprintf("maxItems: got %d, want %d", k.Got, k.Want) }
func (*AdditionalItems) KeywordPath() []string {
	return []string{"additionalItems"}
}
func (k *AdditionalItems) Message() string {
	return fmt.Sprintf("last %d additionalItem(s) not allowed", k.Count)
}
func (*UniqueItems) KeywordPath() []string { return []string{"uniqueItems"} }
func (k *UniqueItems) Message() string {
	return fmt.Sprintf("items at %d and %d are equal", k.Duplicates[0], k.Duplicates[1])
}
func (*Contains) KeywordPath() []string { return []string{"contains"} }
func (*Contains) Message() string       { return "no items match contains schema" }
func (*MinContains) KeywordPath() []string {
	return []string{"minContains"}
}
func (k *MinContains) Message() string {
	if len(k.Got) == 0 {
		return fmt.Sprintf("min %d items required to match contains schema, but none matched", k.Want)
	}
	return fmt.Sprintf("min %d items required to match contains schema, but matched %d items at %s", k.Want, len(k.Got), ints(k.Got))
}
func (*MaxContains) KeywordPath() []string { return []string{"maxContains"} }
func (k *MaxContains) Message() string {
	return fmt.Sprintf("max %d items required to match contains schema, but matched %d items at %s", k.Want, len(k.Got), ints(k.Got))
}
func (*MinLength) KeywordPath() []string { return []string{"minLength"} }
func (k *MinLength) Message() string     { return fmt.Sprintf("minLength: got %d, want %d", k.Got, k.Want) }
func (*MaxLength) KeywordPath() []string { return []string{"maxLength"} }
func (k *MaxLength) Message() string     { return fmt.Sprintf("maxLength: got %d, want %d", k.Got, k.Want) }
func (*Pattern) KeywordPath() []string   { return []string{"pattern"} }
func (k *Pattern) Message() string {
	return quote(k.Got) + " does not match pattern " + quote(k.Want)
}
func (*Minimum) KeywordPath() []string { return []string{"minimum"} }
func (k *Minimum) Message() string     { return "minimum: " + gotWant(k.Got, k.Want) }
func (*Maximum) KeywordPath() []string { return []string{"maximum"} }
func (k *Maximum) Message() string     { return "maximum: " + gotWant(k.Got, k.Want) }
func (*ExclusiveMinimum) KeywordPath() []string {
	return []string{"exclusiveMinimum"}
}
func (k *ExclusiveMinimum) Message() string { return "exclusiveMinimum: " + gotWant(k.Got, k.Want) }
func (*ExclusiveMaximum) KeywordPath() []string {
	return []string{"exclusiveMaximum"}
}
func (k *ExclusiveMaximum) Message() string { return "exclusiveMaximum: " + gotWant(k.Got, k.Want) }
func (*MultipleOf) KeywordPath() []string   { return []string{"multipleOf"} }
func (k *MultipleOf) Message() string       { return "multipleOf: " + gotWant(k.Got, k.Want) }
func (*Not) KeywordPath() []string          { return []string{"not"} }
func (*Not) Message() string                { return "'not' failed" }
func (*AllOf) KeywordPath() []string        { return []string{"allOf"} }
func (*AllOf) Message() string              { return "'allOf' failed" }
func (*AnyOf) KeywordPath() []string        { return []string{"anyOf"} }
func (*AnyOf) Message() string              { return "'anyOf' failed" }
func (*OneOf) KeywordPath() []string        { return []string{"oneOf"} }
func (k *OneOf) Message() string {
	if len(k.Subschemas) == 0 {
		return "'oneOf' failed, none matched"
	}
	return fmt.Sprintf("'oneOf' failed, subschemas %d, %d matched", k.Subschemas[0], k.Subschemas[1])
}

func gotWant(got, want *big.Rat) string {
	g, _ := got.Float64()
	w, _ := want.Float64()
	return fmt.Sprintf("got %v, want %v", g, w)
}

func ints(s []int) string {
	parts := make([]string, len(s))
	for i, n := range s {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, " ")
}

// quote single-quotes s for a message.
func quote(s string) string {
	s = strconv.Quote(s)
	s = strings.ReplaceAll(s, `\"`, `"`)
	s = strings.ReplaceAll(s, `'`, `\'`)
	return "'" + s[1:len(s)-1] + "'"
}

func joinQuoted(arr []string) string {
	parts := make([]string, len(arr))
	for i, s := range arr {
		parts[i] = quote(s)
	}
	return strings.Join(parts, ", ")
}

// display writes a scalar for a message: a string quoted, a container
// as "value".
func display(v any) string {
	switch v := v.(type) {
	case string:
		return quote(v)
	case []any, map[string]any:
		return "value"
	default:
		return fmt.Sprintf("%v", v)
	}
}

// pointer writes tokens as a JSON Pointer.
func pointer(toks []string) string {
	var b strings.Builder
	for _, t := range toks {
		b.WriteByte('/')
		b.WriteString(escapeToken(t))
	}
	return b.String()
}

func escapeToken(t string) string {
	if !strings.ContainsAny(t, "~/") {
		return t
	}
	return strings.ReplaceAll(strings.ReplaceAll(t, "~", "~0"), "/", "~1")
}

func unescapeToken(t string) string {
	if !strings.Contains(t, "~") {
		return t
	}
	return strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
}
