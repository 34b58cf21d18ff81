package convert

import (
	"slices"
	"strings"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// rawMember is one member of a raw object: its key decoded, its value as
// written, and its place among the object's members.
type rawMember struct {
	key string
	val []byte
	ord int
}

// appendMembers appends the members of a valid JSON object to out, sorted
// by key; of a repeated key only the last member is kept, as when decoding
// into a map. A key without an escape shares obj's bytes, so the members
// must not outlive obj (the walk copies what it reports).
func appendMembers(out []rawMember, obj []byte) []rawMember {
	start := len(out)
	for i, n := rawjson.SkipSpace(obj, 1), 0; i < len(obj) && obj[i] != '}'; n++ {
		end := rawjson.SkipString(obj, i)
		key := keyText(obj[i:end])
		i = rawjson.SkipSpace(obj, rawjson.SkipSpace(obj, end)+1) // ':'
		vend := rawjson.SkipValue(obj, i)
		out = append(out, rawMember{key, obj[i:vend], n})
		i = rawjson.SkipSpace(obj, vend)
		if i < len(obj) && obj[i] == ',' {
			i = rawjson.SkipSpace(obj, i+1)
		}
	}
	ms := out[start:]
	slices.SortFunc(ms, func(a, b rawMember) int {
		if c := strings.Compare(a.key, b.key); c != 0 {
			return c
		}
		return a.ord - b.ord
	})
	// Keep the last of each run of equal keys.
	k := 0
	for j := range ms {
		if j+1 < len(ms) && ms[j+1].key == ms[j].key {
			continue
		}
		ms[k] = ms[j]
		k++
	}
	return out[:start+k]
}

// nextElement returns the element of a valid JSON array that starts at or
// after i (1 for the first) and the index to pass for the next one; elem
// is nil after the last.
func nextElement(arr []byte, i int) (elem []byte, next int) {
	i = rawjson.SkipSpace(arr, i)
	if i >= len(arr) || arr[i] == ']' {
		return nil, i
	}
	end := rawjson.SkipValue(arr, i)
	next = rawjson.SkipSpace(arr, end)
	if next < len(arr) && arr[next] == ',' {
		next++
	}
	return arr[i:end], next
}

// stringValue is the text of a JSON string token, sharing v's bytes when
// it has no escape; ok is false for another value.
func stringValue(v []byte) (s string, ok bool) {
	if len(v) == 0 || v[0] != '"' {
		return "", false
	}
	return keyText(v), true
}

func isRawObject(v []byte) bool { return len(v) > 0 && v[0] == '{' }
func isRawArray(v []byte) bool  { return len(v) > 0 && v[0] == '[' }
