package args

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tooltui/tooltui/internal/convert/validator"
)

// located is one thing wrong with the value at a JSON Pointer.
type located struct{ ptr, msg string }

// describe flattens a validation error into one message per thing wrong:
// a missing property or an extra one is one problem each (an extra one at
// its own pointer), and a value that fits none of the branches of an anyOf
// is one problem that lists what the branches wanted.
func describe(e *validator.ValidationError) []located {
	var out []located
	for _, l := range leaves(e) {
		out = append(out, leafProblems(l)...)
	}
	return out
}

// leafProblems words one leaf of a validation error.
func leafProblems(l *validator.ValidationError) []located {
	ptr := pointer(l.InstanceLocation)
	switch k := l.ErrorKind.(type) {
	case *validator.Required:
		out := make([]located, 0, len(k.Missing))
		for _, name := range k.Missing {
			out = append(out, located{ptr, "missing required property " + strconv.Quote(name)})
		}
		return out
	case *validator.AdditionalProperties:
		out := make([]located, 0, len(k.Properties))
		for _, name := range k.Properties {
			out = append(out, located{ptr + "/" + escape(name), "property " + strconv.Quote(name) + " is not allowed (the schema defines no such property)"})
		}
		return out
	case *validator.FalseSchema:
		return []located{{ptr, "no value is allowed here (the schema is false)"}}
	case *validator.AnyOf, *validator.OneOf:
		return []located{{ptr, noBranch(l)}}
	}
	return []located{{ptr, kindMessage(l.ErrorKind)}}
}

// noBranch words a value that every branch of an anyOf or oneOf refused on
// the value itself: "got boolean, want string or integer" when each
// branch wanted a type, else what each branch said.
func noBranch(e *validator.ValidationError) string {
	if len(e.Causes) == 0 {
		return kindMessage(e.ErrorKind)
	}
	var wants, msgs []string
	got := ""
	onlyTypes := true
	for _, c := range e.Causes {
		for _, l := range leaves(c) {
			if t, ok := l.ErrorKind.(*validator.Type); ok {
				got = t.Got
				for _, w := range t.Want {
					if !slices.Contains(wants, w) {
						wants = append(wants, w)
					}
				}
			} else {
				onlyTypes = false
			}
			for _, p := range leafProblems(l) {
				if !slices.Contains(msgs, p.msg) {
					msgs = append(msgs, p.msg)
				}
			}
		}
	}
	if onlyTypes && got != "" {
		return "got " + got + ", want " + orList(wants)
	}
	kw := "anyOf"
	if _, ok := e.ErrorKind.(*validator.OneOf); ok {
		kw = "oneOf"
	}
	return "fits no branch of " + kw + ": " + strings.Join(msgs, "; ")
}

func orList(s []string) string {
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

// kindMessage is the validator's English message for one error kind
// (without a location). The values an enum or a const wants are written
// as JSON: "celsius", null, {"a":1}.
func kindMessage(k validator.ErrorKind) string {
	switch k := k.(type) {
	case *validator.Enum:
		if len(k.Want) == 1 {
			return "value must be " + jsonText(k.Want[0])
		}
		want := make([]string, 0, min(len(k.Want), maxShownValues+1))
		for i, v := range k.Want {
			if i == maxShownValues {
				want = append(want, "… ("+strconv.Itoa(len(k.Want))+" values)")
				break
			}
			want = append(want, jsonText(v))
		}
		return "value must be one of " + strings.Join(want, ", ")
	case *validator.Const:
		return "value must be " + jsonText(k.Want)
	}
	return k.Message()
}

// leaves flattens a validation error into the errors that say what is
// wrong. Of the branches of a failed anyOf or oneOf it keeps the one the
// value was most likely meant for, so one typo is one problem, not one
// per alternative: a branch that refused only the value's type was not
// meant for it; of the others, the one that got furthest into the value.
// When no branch stands out, the anyOf or oneOf is the leaf.
func leaves(e *validator.ValidationError) []*validator.ValidationError {
	if len(e.Causes) == 0 {
		return []*validator.ValidationError{e}
	}
	switch e.ErrorKind.(type) {
	case *validator.AnyOf, *validator.OneOf:
		var best []*validator.ValidationError
		bestDepth, ties := -1, 0
		for _, c := range e.Causes {
			ls := leaves(c)
			if typeOnly(ls, len(e.InstanceLocation)) {
				continue
			}
			d := 0
			for _, l := range ls {
				d = max(d, len(l.InstanceLocation))
			}
			switch {
			case d > bestDepth:
				best, bestDepth, ties = ls, d, 1
			case d == bestDepth:
				ties++
				if len(ls) < len(best) {
					best = ls
				}
			}
		}
		if best == nil || bestDepth == len(e.InstanceLocation) && ties > 1 {
			return []*validator.ValidationError{e}
		}
		return best
	}
	var out []*validator.ValidationError
	for _, c := range e.Causes {
		out = append(out, leaves(c)...)
	}
	return out
}

// typeOnly reports whether a branch's errors are all a wrong type of the
// value at depth itself.
func typeOnly(ls []*validator.ValidationError, depth int) bool {
	for _, l := range ls {
		if _, ok := l.ErrorKind.(*validator.Type); !ok || len(l.InstanceLocation) != depth {
			return false
		}
	}
	return true
}

// pointer writes instance location tokens as a JSON Pointer.
func pointer(toks []string) string {
	var b strings.Builder
	for _, t := range toks {
		b.WriteByte('/')
		b.WriteString(escape(t))
	}
	return b.String()
}

// escape escapes one JSON Pointer token (~ and /).
func escape(t string) string {
	return strings.ReplaceAll(strings.ReplaceAll(t, "~", "~0"), "/", "~1")
}

// maxShownValues bounds the values of an enum a message lists.
const maxShownValues = 20

// maxValueText bounds the text of one value in a message.
const maxValueText = 60

// jsonText writes a value of a decoded schema as compact JSON, a long
// one shortened.
func jsonText(v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Sprint(v)
	}
	s := strings.TrimSuffix(b.String(), "\n")
	if len(s) > maxValueText {
		cut := maxValueText
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}
