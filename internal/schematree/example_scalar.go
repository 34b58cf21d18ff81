package schematree

import (
	"bytes"
	"math"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// maxExampleString bounds the length an example string is padded to.
const maxExampleString = 1 << 16

// exampleString is a string for a string schema: the format's value or
// "example", fitted to minLength and maxLength and, when it can be, to the
// pattern.
func exampleString(keys rawjson.Object) string {
	base := "example"
	if f, ok := formatExamples[strOf(keys, "format")]; ok {
		base = f
	}
	minLen := min(intKeyword(keys, "minLength", 0), maxExampleString)
	maxLen := intKeyword(keys, "maxLength", -1)
	var re *regexp.Regexp
	pattern, hasPattern := keys.Get("pattern")
	p, _ := rawjson.Unquote(pattern)
	if hasPattern {
		re, _ = regexp.Compile(p)
	}
	fits := func(s string) bool {
		n := utf8.RuneCountInString(s)
		return n >= minLen && (maxLen < 0 || n <= maxLen) && (re == nil || re.MatchString(s))
	}
	cands := []string{base}
	if re != nil {
		cands = append(cands, patternCandidates(p)...)
	}
	for _, c := range cands {
		if fits(c) {
			return c
		}
		if c = fitLength(c, minLen, maxLen); fits(c) {
			return c
		}
	}
	return fitLength(base, minLen, maxLen)
}

func strOf(keys rawjson.Object, key string) string {
	v, _ := keys.Get(key)
	s, _ := rawjson.Unquote(v)
	return s
}

// fitLength pads s with its last character up to minLen characters, or
// cuts it to maxLen (when not negative).
func fitLength(s string, minLen, maxLen int) string {
	n := utf8.RuneCountInString(s)
	if n < minLen {
		pad := "x"
		if n > 0 {
			r, _ := utf8.DecodeLastRuneInString(s)
			pad = string(r)
		}
		return s + strings.Repeat(pad, minLen-n)
	}
	if maxLen >= 0 && n > maxLen {
		return string([]rune(s)[:maxLen])
	}
	return s
}

// usualStrings are tried against a pattern: the shapes of common ones
// (codes, digits, identifiers, dates, addresses).
var usualStrings = []string{
	"a", "A", "0", "1", "ab", "AB", "abc", "ABC", "123", "1234", "12345", "123456",
	"abcdef", "a1", "A1", "abc123", "ABC123", "Example", "EXAMPLE", "example-1",
	"example_1", "example.1", "US", "en", "en-US", "+15555550123", "2024-01-15",
	"09:30", "2024-01-15T09:30:00Z", "user@example.com", "https://example.com/",
	"example.com", "192.0.2.1", "123e4567-e89b-12d3-a456-426614174000", "v1.0.0", "1.0.0", "",
}

// patternCandidates are the strings tried against a pattern: its text when
// it is a plain literal, the usual strings, and the usual strings after
// the literal the pattern starts with ("^sk-" gives "sk-a", ...).
func patternCandidates(p string) []string {
	body := strings.TrimSuffix(strings.TrimPrefix(p, "^"), "$")
	var out []string
	if lit, n := literalPrefix(body); n == len(body) {
		if !strings.HasSuffix(p, "$") {
			out = append(out, lit+"example")
		}
		out = append(out, lit)
	}
	out = append(out, usualStrings...)
	if strings.HasPrefix(p, "^") {
		if lit, _ := literalPrefix(body); lit != "" {
			for _, s := range usualStrings {
				out = append(out, lit+s)
			}
		}
	}
	return out
}

// literalPrefix reads the characters a pattern starts with that stand for
// themselves (a backslash before punctuation included), and how many bytes
// of the pattern they take. A character a quantifier follows is left out.
func literalPrefix(p string) (string, int) {
	var b strings.Builder
	i := 0
	for i < len(p) {
		c := p[i]
		n := 1
		lit := c
		switch {
		case c == '\\':
			if i+1 >= len(p) || !strings.ContainsRune(`\.+*?()|[]{}^$-/`, rune(p[i+1])) {
				return b.String(), i
			}
			lit, n = p[i+1], 2
		case strings.IndexByte(`.+*?()|[]{}^$`, c) >= 0:
			return b.String(), i
		}
		if j := i + n; j < len(p) && strings.IndexByte("+*?{", p[j]) >= 0 {
			return b.String(), i
		}
		b.WriteByte(lit)
		i += n
	}
	return b.String(), i
}

// exampleNumber is a number for a numeric schema: 1 (an integer) or 1.5,
// or, when the bounds or multipleOf refuse it, the first of a few values
// worked out from them that fits.
func exampleNumber(keys rawjson.Object, integer bool) string {
	lo, loEx := bound(keys, "minimum", "exclusiveMinimum", 1)
	hi, hiEx := bound(keys, "maximum", "exclusiveMaximum", -1)
	mult := ratOf(keys, "multipleOf")
	if mult != nil && mult.Sign() <= 0 {
		mult = nil
	}
	fits := func(r *big.Rat) bool {
		if integer && !r.IsInt() {
			return false
		}
		if lo != nil {
			if c := r.Cmp(lo); c < 0 || loEx && c == 0 {
				return false
			}
		}
		if hi != nil {
			if c := r.Cmp(hi); c > 0 || hiEx && c == 0 {
				return false
			}
		}
		return mult == nil || new(big.Rat).Quo(r, mult).IsInt()
	}
	base := big.NewRat(3, 2)
	if integer {
		base = big.NewRat(1, 1)
	}
	if mult != nil {
		base = mult
	}
	one := big.NewRat(1, 1)
	add := func(a, b *big.Rat) *big.Rat { return new(big.Rat).Add(a, b) }
	sub := func(a, b *big.Rat) *big.Rat { return new(big.Rat).Sub(a, b) }
	cands := []*big.Rat{base}
	near := func(r *big.Rat) {
		if mult != nil {
			k := floorRat(new(big.Rat).Quo(r, mult))
			for _, d := range []int64{0, 1, -1, 2} {
				cands = append(cands, new(big.Rat).Mul(add(k, big.NewRat(d, 1)), mult))
			}
		}
		cands = append(cands, r, add(r, one), sub(r, one), floorRat(r), add(floorRat(r), one), sub(ceilRat(r), one), ceilRat(r))
	}
	for _, r := range []*big.Rat{lo, hi} {
		if r != nil {
			near(r)
		}
	}
	if lo != nil && hi != nil {
		near(new(big.Rat).Quo(add(lo, hi), big.NewRat(2, 1)))
	}
	cands = append(cands, new(big.Rat))
	for _, c := range cands {
		if fits(c) {
			return ratString(c)
		}
	}
	return ratString(base)
}

// bound reads a lower (dir 1) or upper (dir -1) bound: the inclusive
// keyword, and the exclusive one as a number (2019-09 and later) or as a
// boolean that makes the inclusive one exclusive (draft 4); of two, the
// tighter.
func bound(keys rawjson.Object, inclusive, exclusive string, dir int) (*big.Rat, bool) {
	r := ratOf(keys, inclusive)
	ex := false
	if v, ok := keys.Get(exclusive); ok {
		switch rawjson.JSONKind(v) {
		case "boolean":
			ex = r != nil && bytes.Equal(bytes.TrimSpace(v), []byte("true"))
		case "number":
			if x := ratOf(keys, exclusive); x != nil && (r == nil || x.Cmp(r)*dir >= 0) {
				r, ex = x, true
			}
		}
	}
	return r, ex
}

// ratOf reads a number keyword exactly; nil when absent, not a number, or
// with an exponent too large to work with.
func ratOf(keys rawjson.Object, key string) *big.Rat {
	v, ok := keys.Get(key)
	if !ok || rawjson.JSONKind(v) != "number" {
		return nil
	}
	s := string(bytes.TrimSpace(v))
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		if e, err := strconv.Atoi(strings.TrimPrefix(s[i+1:], "+")); err != nil || e > 400 || e < -400 {
			return nil
		}
	}
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		return nil
	}
	return r
}

func floorRat(r *big.Rat) *big.Rat {
	q := new(big.Int).Div(r.Num(), r.Denom()) // Euclidean: rounds down for a positive denominator
	return new(big.Rat).SetInt(q)
}

func ceilRat(r *big.Rat) *big.Rat {
	f := floorRat(r)
	if f.Cmp(r) == 0 {
		return f
	}
	return f.Add(f, big.NewRat(1, 1))
}

// ratString writes r as a JSON number: an integer, or the shortest
// decimal that is r exactly (a float's nearest digits when none is short).
func ratString(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	for d := 1; d <= 40; d++ {
		s := r.FloatString(d)
		if x, ok := new(big.Rat).SetString(s); ok && x.Cmp(r) == 0 {
			return s
		}
	}
	f, _ := r.Float64()
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return r.FloatString(20)
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}
