package validator

// JSON values as the validator compares them: their type, numbers by
// exact value, equality.

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
)

// typeOf is the JSON type of a decoded value, 0 for none.
func typeOf(v any) uint8 {
	switch v := v.(type) {
	case nil:
		return tNull
	case bool:
		return tBoolean
	case string:
		return tString
	case []any:
		return tArray
	case map[string]any:
		return tObject
	case json.Number, int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64:
		return tNumber
	case float64:
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return 0
		}
		return tNumber
	case float32:
		if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
			return 0
		}
		return tNumber
	}
	return 0
}

// isInteger reports whether a number has no fraction (1.0 has none).
func isInteger(v any) bool {
	if n, ok := v.(json.Number); ok {
		if simpleInt(string(n)) {
			return true
		}
	}
	r, ok := toRat(v)
	return ok && r.IsInt()
}

// simpleInt reports whether s is an integer written with digits only
// (and a sign).
func simpleInt(s string) bool {
	if s != "" && s[0] == '-' {
		s = s[1:]
	}
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// toRat is a number's exact value.
func toRat(v any) (*big.Rat, bool) {
	switch n := v.(type) {
	case json.Number:
		return new(big.Rat).SetString(string(n))
	case float64:
		if math.IsNaN(n) || math.IsInf(n, 0) {
			return nil, false
		}
		return new(big.Rat).SetFloat64(n), true
	case float32:
		if math.IsNaN(float64(n)) || math.IsInf(float64(n), 0) {
			return nil, false
		}
		return new(big.Rat).SetFloat64(float64(n)), true
	case int:
		return new(big.Rat).SetInt64(int64(n)), true
	case int8:
		return new(big.Rat).SetInt64(int64(n)), true
	case int16:
		return new(big.Rat).SetInt64(int64(n)), true
	case int32:
		return new(big.Rat).SetInt64(int64(n)), true
	case int64:
		return new(big.Rat).SetInt64(n), true
	case uint, uint8, uint16, uint32, uint64:
		r, ok := new(big.Rat).SetString(fmt.Sprint(n))
		return r, ok
	}
	return nil, false
}

// equal is JSON equality: numbers by value, objects by members.
func equal(a, b any) bool {
	switch a := a.(type) {
	case string:
		b, ok := b.(string)
		return ok && a == b
	case bool:
		b, ok := b.(bool)
		return ok && a == b
	case nil:
		return b == nil
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, av := range a {
			bv, ok := b[k]
			if !ok || !equal(av, bv) {
				return false
			}
		}
		return true
	case []any:
		b, ok := b.([]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for i := range a {
			if !equal(a[i], b[i]) {
				return false
			}
		}
		return true
	}
	if typeOf(a) != tNumber || typeOf(b) != tNumber {
		return false
	}
	if an, ok := a.(json.Number); ok {
		if bn, ok := b.(json.Number); ok && an == bn {
			return true
		}
	}
	ar, ok1 := toRat(a)
	br, ok2 := toRat(b)
	return ok1 && ok2 && ar.Cmp(br) == 0
}

// duplicates returns the first two equal items, or -1, -1.
func duplicates(arr []any) (int, int) {
	for i := 1; i < len(arr); i++ {
		for j := range i {
			if equal(arr[i], arr[j]) {
				return j, i
			}
		}
	}
	return -1, -1
}
