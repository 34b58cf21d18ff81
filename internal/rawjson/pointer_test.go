package rawjson

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestLocatePointer(t *testing.T) {
	pretty := `{
  "type": "object",
  "properties": {
    "q": {"type": "string"},
    "a/b": [10, {"x": null}],
    "t~x": true,
    "": "empty",
    "\u00e9t\u00e9": 1,
    "dup": 1,
    "dup": 2
  }
}`
	cases := []struct {
		name, text, pointer string
		at                  string // the text at the offset starts with this
		exact, ok           bool
	}{
		{"whole", pretty, "", "{\n", true, true},
		{"whole after space", "  \n [1]", "", "[1]", true, true},
		{"member value, not key", pretty, "/type", `"object"`, true, true},
		{"nested", pretty, "/properties/q/type", `"string"`, true, true},
		{"object member", pretty, "/properties/q", `{"type": "string"}`, true, true},
		{"~1 is a slash", pretty, "/properties/a~1b/0", "10", true, true},
		{"array element", pretty, "/properties/a~1b/1/x", "null", true, true},
		{"~0 is a tilde", pretty, "/properties/t~0x", "true", true, true},
		{"empty key", pretty, "/properties/", `"empty"`, true, true},
		{"escaped key", pretty, "/properties/été", "1", true, true},
		{"last duplicate wins", pretty, "/properties/dup", "2", true, true},
		{"missing member", pretty, "/properties/nope/type", "{\n    \"q\"", false, true},
		{"past a scalar", pretty, "/type/x", `"object"`, false, true},
		{"index out of range", pretty, "/properties/a~1b/2", "[10,", false, true},
		{"index with leading zero", pretty, "/properties/a~1b/01", "[10,", false, true},
		{"dash is past the end", pretty, "/properties/a~1b/-", "[10,", false, true},
		{"not an index", pretty, "/properties/a~1b/x", "[10,", false, true},
		{"empty array", `{"a":[]}`, "/a/0", "[]", false, true},
		{"empty object", `{"a":{}}`, "/a/b", "{}", false, true},
		{"scalar document", ` 42 `, "/a", "42", false, true},
		{"no leading slash", pretty, "type", "{\n", false, true},
		{"quote in key", `{"a\"b":1,"a":2}`, `/a"b`, "1", true, true},
		{"backslash in key", `{"a\\b":1}`, `/a\b`, "1", true, true},
		{"key prefix is no match", `{"ab":1,"a":2}`, "/a", "2", true, true},
		{"string holding brackets", `{"s":"]}{[","t":[1,"}",2]}`, "/t/2", "2", true, true},
		{"invalid", `{"a":}`, "/a", "", false, false},
		{"trailing garbage", `{} x`, "", "", false, false},
		{"empty text", ``, "", "", false, false},
		{"invalid UTF-8", "{\"a\":\"\xff\"}", "/a", "", false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			off, exact, ok := LocatePointer([]byte(c.text), c.pointer)
			if ok != c.ok || exact != c.exact {
				t.Fatalf("LocatePointer(%q) = %d, exact %v, ok %v; want exact %v, ok %v", c.pointer, off, exact, ok, c.exact, c.ok)
			}
			if !ok {
				return
			}
			if !strings.HasPrefix(c.text[off:], c.at) {
				t.Fatalf("LocatePointer(%q) = %d, at %q; want %q", c.pointer, off, clip(c.text[off:]), c.at)
			}
		})
	}
}

func clip(s string) string {
	if len(s) > 20 {
		return s[:20] + "…"
	}
	return s
}

func TestLocatePointerLineCol(t *testing.T) {
	text := []byte("{\n  \"properties\": {\n    \"q\": {\n      \"type\": \"strin\"\n    }\n  }\n}")
	off, exact, ok := LocatePointer(text, "/properties/q/type")
	if !ok || !exact {
		t.Fatal("not found")
	}
	if line, col := LineCol(text, off); line != 4 || col != 15 {
		t.Fatalf("line %d, column %d; want 4, 15", line, col)
	}
}

// bigSchema is a pretty-printed schema of about n bytes with a member
// near the end.
func bigSchema(n int) []byte {
	var b bytes.Buffer
	b.WriteString("{\n  \"type\": \"object\",\n  \"properties\": {\n")
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "    \"p%d\": {\"type\": \"string\", \"description\": \"field %d with \\\"quotes\\\" and [brackets] {braces}\", \"enum\": [\"a\", \"b\", {\"c\": [1, 2, 3]}]},\n", i, i)
	}
	b.WriteString("    \"last\": {\"type\": \"integer\"}\n  }\n}\n")
	return b.Bytes()
}

func TestLocatePointerLargeText(t *testing.T) {
	text := bigSchema(1 << 20)
	start := time.Now()
	off, exact, ok := LocatePointer(text, "/properties/last/type")
	el := time.Since(start)
	if !ok || !exact || !bytes.HasPrefix(text[off:], []byte(`"integer"`)) {
		t.Fatalf("off %d exact %v ok %v", off, exact, ok)
	}
	// A generous bound: a few ms are expected, the race detector and
	// loaded machines are slower.
	if el > 500*time.Millisecond {
		t.Errorf("took %v on %d bytes", el, len(text))
	}
}

func BenchmarkLocatePointer1MB(b *testing.B) {
	text := bigSchema(1 << 20)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if _, exact, _ := LocatePointer(text, "/properties/last/type"); !exact {
			b.Fatal("not found")
		}
	}
}

// pointerInto picks a path into v, steered by the bits of choice, and
// returns its pointer and the value there.
func pointerInto(v any, choice uint64) (string, any) {
	var p strings.Builder
	for choice > 1 {
		switch x := v.(type) {
		case map[string]any:
			if len(x) == 0 {
				return p.String(), v
			}
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			k := keys[int(choice%uint64(len(keys)))]
			choice /= uint64(len(keys)) + 1
			p.WriteByte('/')
			p.WriteString(strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1"))
			v = x[k]
		case []any:
			if len(x) == 0 {
				return p.String(), v
			}
			i := int(choice % uint64(len(x)))
			choice /= uint64(len(x)) + 1
			p.WriteByte('/')
			p.WriteString(strconv.Itoa(i))
			v = x[i]
		default:
			return p.String(), v
		}
	}
	return p.String(), v
}

func decodeAll(b []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	err := dec.Decode(&v)
	return v, err
}

func FuzzLocatePointer(f *testing.F) {
	for _, s := range []string{
		`{"a":{"b":[1,2,{"c":"d"}]},"e/f":{"~":true}}`,
		"{\n  \"properties\": {\n    \"q\": {\"type\": \"string\"}\n  }\n}",
		`[[],[{}],{"":""},"x\"y",-1.5e3]`,
		`{"k":1,"k":{"k":[2]}}`,
		`{"\u0061\/":{"a/":3}}`,
		`"just a string"`,
		`{"a":`,
	} {
		f.Add([]byte(s), uint64(12345))
		f.Add([]byte(s), uint64(7))
	}
	f.Fuzz(func(t *testing.T, data []byte, choice uint64) {
		off, exact, ok := LocatePointer(data, "")
		valid := json.Valid(data) && CheckJSON(data) == nil
		if ok != valid {
			t.Fatalf("ok = %v for valid = %v", ok, valid)
		}
		if !ok {
			return
		}
		if !exact {
			t.Fatal(`"" not exact`)
		}
		if lead := len(data) - len(bytes.TrimLeft(data, " \t\r\n")); off != lead {
			t.Fatalf(`"" at %d, want %d (the first value byte)`, off, lead)
		}
		whole, err := decodeAll(data)
		if err != nil {
			t.Fatal(err)
		}
		ptr, want := pointerInto(whole, choice)
		off, exact, ok = LocatePointer(data, ptr)
		if !ok || !exact {
			t.Fatalf("%q: exact %v ok %v", ptr, exact, ok)
		}
		got, err := decodeAll(data[off:])
		if err != nil {
			t.Fatalf("%q: offset %d: %v", ptr, off, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%q: at %d got %#v, want %#v", ptr, off, got, want)
		}
		// Going further than the text has stops at the deepest value.
		if m, isObj := want.(map[string]any); isObj {
			if _, has := m["~2no such member"]; has {
				return
			}
		}
		off2, exact, ok := LocatePointer(data, ptr+"/~2no such member/0")
		if !ok || exact || off2 != off {
			t.Fatalf("%q beyond: %d exact %v ok %v; want %d", ptr, off2, exact, ok, off)
		}
	})
}
