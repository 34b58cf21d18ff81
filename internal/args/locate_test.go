package args

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// pointersOf lists the pointer of every value of a valid JSON text, and of
// a few that are not there.
func pointersOf(v []byte, ptr string, out *[]string) {
	*out = append(*out, ptr, ptr+"/missing", ptr+"/0", ptr+"/-", ptr+"/01")
	switch rawjson.JSONKind(v) {
	case "object":
		for _, m := range rawjson.Members(v) {
			tok := strings.ReplaceAll(strings.ReplaceAll(m.Key, "~", "~0"), "/", "~1")
			pointersOf(m.Value, ptr+"/"+tok, out)
		}
	case "array":
		for i, e := range rawjson.Elements(v) {
			pointersOf(e, fmt.Sprintf("%s/%d", ptr, i), out)
		}
	}
}

// The locator places every pointer where rawjson.LocatePointer and
// rawjson.LineCol do.
func TestLocatorMatchesLocatePointer(t *testing.T) {
	texts := []string{
		`{}`,
		"  \n\t{\"a\": 1}\n",
		"{\n  \"city\": \"Paris\",\n  \"days\": [1, 2, {\"x\": \"é😀\", \"y\": [[], [3]]}],\n  \"a/b\": {\"c~d\": true},\n  \"\": null\n}",
		`{"dup": 1, "dup": {"k": "v"}, "z": "\u00e9\"\\", "\u0061": 2}`,
		"{\"é\":\n\n\t\"ünï\", \"arr\": [\n {\"deep\": [[[{\"n\": -1.5e3}]]]}\n ]}",
		`[1, {"a": [true, false]}, "s"]`,
	}
	for _, text := range texts {
		data := []byte(text)
		if err := rawjson.CheckJSON(data); err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		var ptrs []string
		pointersOf([]byte(strings.TrimSpace(text)), "", &ptrs)
		ptrs = append(ptrs, "nope", "/dup/k", "/days/2/y/1/0", "/days/9")
		l := newLocator(data)
		for _, p := range ptrs {
			wl, wc := position(data, p)
			gl, gc := l.position(p)
			if gl != wl || gc != wc {
				t.Errorf("%q at %q: %d:%d, want %d:%d", text, p, gl, gc, wl, wc)
			}
		}
	}
}

// Many problems in a megabyte of arguments are placed without a pass over
// the text for each.
func TestValidateManyProblemsInALargeText(t *testing.T) {
	var b strings.Builder
	b.WriteString("{\n  \"city\": \"Paris\",\n  \"unit\": \"celsius\"")
	for i := 0; b.Len() < 1<<20; i++ {
		fmt.Fprintf(&b, ",\n  \"k%06d\": \"%s\"", i, strings.Repeat("v", 40))
	}
	b.WriteString("\n}")
	v, err := Compile([]byte(weather), true)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	probs := v.Validate([]byte(b.String()))
	el := time.Since(start)
	if len(probs) != maxProblems {
		t.Fatalf("%d problems, want %d", len(probs), maxProblems)
	}
	for _, p := range probs {
		if p.Pointer == "" { // strict mode's required "days" and "where"
			continue
		}
		if want := fmt.Sprintf("/k%06d", p.Line-4); p.Pointer != want || p.Column != 14 {
			t.Errorf("%s, want %s at %d:14", p, want, p.Line)
		}
	}
	t.Logf("%d problems in %d bytes: %v", len(probs), b.Len(), el)
}
