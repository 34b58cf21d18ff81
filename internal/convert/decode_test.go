package convert

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// decodeForCheckRef is decodeForCheck done with encoding/json: the
// reference the decoder must agree with.
func decodeForCheckRef(raw []byte, function bool) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if function {
		var m map[string]json.RawMessage
		if err := json.Unmarshal(raw, &m); err != nil {
			return nil, errors.New("not a JSON object")
		}
		out := make(map[string]any, len(m))
		for k, rv := range m {
			if k == "parameters" && rawjson.JSONKind(rv) == "object" {
				out[k] = map[string]any{}
				continue
			}
			var x any
			d := json.NewDecoder(bytes.NewReader(rv))
			d.UseNumber()
			if err := d.Decode(&x); err != nil {
				return nil, fmt.Errorf("/%s: %v", k, err)
			}
			out[k] = x
		}
		return out, nil
	}
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}

func checkDecode(t *testing.T, s string) {
	t.Helper()
	b := []byte(s)
	if rawjson.CheckJSON(b) != nil {
		return
	}
	want, err := decodeForCheckRef(b, false)
	if err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	got, repeated := decodeChecked(b)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%q\n got %#v\nwant %#v", s, got, want)
	}
	// The scan for repeated keys stops at maxDepth.
	if dups := duplicateKeys(b, ""); !repeated && len(dups) > 0 || repeated && len(dups) == 0 && nesting(b) < maxDepth {
		t.Fatalf("%q: repeated %v, duplicate keys %v", s, repeated, dups)
	}
	if !isRawObject(bytes.TrimSpace(b)) {
		return
	}
	want, err = decodeForCheckRef(b, true)
	if err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	got, repeated = decodeForCheck(b, true)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("function %q\n got %#v\nwant %#v", s, got, want)
	}
	if !repeated && len(memberDuplicateKeys(rawjson.Members(b), "parameters")) > 0 {
		t.Fatalf("function %q: repeated keys not found", s)
	}
}

var decodeCases = []string{
	`{}`, `[]`, `""`, `0`, `-1.5e-3`, `true`, `false`, `null`, " \t\n{ \"a\" : [ 1 , { } , [ ] , \"x\" ] } ",
	`{"a":1,"a":{"b":2}}`, `{"a":{"b":1,"b":2}}`, `[{"x":1},{"x":1}]`, `{"k\u00e9y":"\ud83d\ude00 \ud800 \n \" \\ \/"}`,
	`{"type":"function","name":"f","parameters":{"type":"object","properties":{"a":{},"a":{}}},"parameters":"x"}`,
	`{"parameters":"x","parameters":{"q":1,"q":2}}`, `{"parameters":[{"a":1,"a":2}]}`, `{"a":"\u0000\u001f","b":"é"}`,
	`[1,2,3,"4",[5,[6,[7]]]]`, `{"n":12345678901234567890123,"m":1E400,"o":-0}`,
	strings.Repeat(`{"a":[`, 40) + `{"b":1,"b":2}` + strings.Repeat("]}", 40),
}

func TestDecodeChecked(t *testing.T) {
	for _, s := range decodeCases {
		checkDecode(t, s)
	}
}

func FuzzDecodeChecked(f *testing.F) {
	for _, s := range decodeCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 64<<10 {
			return
		}
		checkDecode(t, s)
	})
}

// nesting is how deeply arrays and objects nest in valid JSON text.
func nesting(b []byte) int {
	depth, deepest := 0, 0
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '"':
			i = rawjson.SkipString(b, i) - 1
		case '{', '[':
			depth++
			deepest = max(deepest, depth)
		case '}', ']':
			depth--
		}
	}
	return deepest
}

func TestUnmarshalString(t *testing.T) {
	for _, v := range []string{`"x"`, `""`, `"\u00e9\ud800\n"`, `null`, `1`, `true`, `{}`, `[]`, `"é"`} {
		want, got := "before", "before"
		werr := json.Unmarshal([]byte(v), &want)
		ok := unmarshalString([]byte(v), &got)
		if ok != (werr == nil) || got != want {
			t.Errorf("%s: got %q %v, want %q %v", v, got, ok, want, werr)
		}
	}
}
