package convert

// The wording of diagnostics.

import (
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tooltui/tooltui/internal/termtext"
)

// typeMessage says which JSON types are wanted, e.g.
// "must be a string or an object, got number".
func typeMessage(want []string, value any) string {
	nouns := make([]string, len(want))
	for i, t := range want {
		nouns[i] = typeNoun(t)
	}
	got := jsonTypeName(value)
	if got == "number" && slices.Contains(want, "integer") {
		got = describeValue(value)
	}
	return "must be " + joinWords(nouns, "or") + ", got " + got
}

// valuesMessage says which values are wanted, e.g.
// `must be one of "low", "medium", "high", got "huge"`.
func valuesMessage(want []string, value any) string {
	got := describeValue(value)
	if len(want) == 1 {
		return "must be " + want[0] + ", got " + got
	}
	return "must be one of " + strings.Join(want, ", ") + ", got " + got
}

func typeNoun(t string) string {
	switch t {
	case "integer", "object", "array":
		return "an " + t
	case "null":
		return "null"
	default:
		return "a " + t
	}
}

func jsonTypeName(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case map[string]any:
		return "object"
	case []any:
		return "array"
	case json.Number, float64, float32, int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64:
		return "number"
	default:
		return fmt.Sprintf("%T", v)
	}
}

// maxShownRunes bounds how much of a user's value a message repeats.
const maxShownRunes = 40

// describeValue shows a value from the entry in a message: scalars as JSON
// (long ones shortened), containers by their type.
func describeValue(v any) string {
	switch v := v.(type) {
	case string:
		return quoteForMessage(v)
	case json.Number:
		return clipText(string(v))
	case map[string]any:
		return "an object"
	case []any:
		return "an array"
	case nil:
		return "null"
	case float64:
		return strconv.FormatFloat(v, 'g', -1, 64)
	default:
		return clipText(fmt.Sprint(v))
	}
}

// literalTexts shows values from the schema (enum members, a const).
func literalTexts(values ...any) []string {
	texts := make([]string, len(values))
	for i, v := range values {
		if s, ok := v.(string); ok {
			texts[i] = termtext.Quote(s)
		} else {
			texts[i] = describeValue(v)
		}
	}
	return texts
}

// quoteForMessage quotes a user's string, shortened, in the notation the
// screen uses for what it escapes: a bidi control reads "a<U+202E>b" in a
// message as in the tools list, a control character "\x1b"; a backslash and
// a double quote inside are escaped, so the quoted text is unambiguous.
func quoteForMessage(s string) string {
	return termtext.Quote(clipText(s))
}

func clipText(s string) string {
	if utf8.RuneCountInString(s) <= maxShownRunes {
		return s
	}
	n := 0
	for i := range s {
		if n == maxShownRunes {
			return s[:i] + "…"
		}
		n++
	}
	return s
}

func ratText(r *big.Rat) string {
	if r.IsInt() {
		return r.RatString()
	}
	f, _ := r.Float64()
	return strconv.FormatFloat(f, 'g', -1, 64)
}

func countOf(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// joinWords joins words as in "a, b or c".
func joinWords(words []string, conj string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " " + conj + " " + words[len(words)-1]
}

func quotedList(names []string, conj string) string {
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = termtext.Quote(n)
	}
	return joinWords(quoted, conj)
}

func appendNew[T comparable](list []T, items ...T) []T {
	for _, it := range items {
		if !slices.Contains(list, it) {
			list = append(list, it)
		}
	}
	return list
}
