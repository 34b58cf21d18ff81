package formats

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// lookup resolves the JSON pointer ptr in valid JSON; ok is false when it
// points at nothing.
func lookup(valid []byte, ptr string) ([]byte, bool) {
	v := bytes.TrimSpace(valid)
	if ptr == "" {
		return v, true
	}
	if !strings.HasPrefix(ptr, "/") {
		return nil, false
	}
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
		switch rawjson.JSONKind(v) {
		case "object":
			next, ok := rawjson.Members(v).Get(tok)
			if !ok {
				return nil, false
			}
			v = next
		case "array":
			i, err := strconv.Atoi(tok)
			els := rawjson.Elements(v)
			if err != nil || i < 0 || i >= len(els) {
				return nil, false
			}
			v = els[i]
		default:
			return nil, false
		}
	}
	return v, true
}

// compactJSON is v without insignificant space.
func compactJSON(t testing.TB, v []byte) string {
	t.Helper()
	var buf bytes.Buffer
	if err := json.Compact(&buf, v); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, v)
	}
	return buf.String()
}

// duplicateKey returns the pointer of an object member that repeats a key
// of its object, anywhere in valid JSON, or "".
func duplicateKey(valid []byte, path string) string {
	switch rawjson.JSONKind(valid) {
	case "object":
		seen := map[string]bool{}
		for _, m := range rawjson.Members(valid) {
			p := at(path, m.Key)
			if seen[m.Key] {
				return p
			}
			seen[m.Key] = true
			if d := duplicateKey(m.Value, p); d != "" {
				return d
			}
		}
	case "array":
		for i, e := range rawjson.Elements(valid) {
			if d := duplicateKey(e, ati(path, i)); d != "" {
				return d
			}
		}
	}
	return ""
}

// noteList lays notes out one a line: "loss   /path: message".
func noteList(notes []Note) string {
	var b strings.Builder
	for _, n := range notes {
		kind := "change"
		if n.Loss {
			kind = "loss  "
		}
		fmt.Fprintf(&b, "  %s %s: %s\n", kind, n.Path, n.Message)
	}
	return b.String()
}

// noteKeys are the notes as "loss /path", "breaks /path" or "change
// /path", sorted.
func noteKeys(notes []Note) []string {
	keys := make([]string, len(notes))
	for i, n := range notes {
		kind := "change"
		switch {
		case n.Loss:
			kind = "loss"
		case n.Breaks:
			kind = "breaks"
		}
		keys[i] = kind + " " + n.Path
	}
	sort.Strings(keys)
	return keys
}

// importCase is one targeted import: the notes it must give (exactly,
// as noteKeys), values the body must have at pointers (compact JSON) and
// pointers it must not have.
type importCase struct {
	name   string
	in     string
	from   Name
	notes  []string
	want   map[string]string
	absent []string
}

func runImportCases(t *testing.T, cases []importCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			im, err := Import([]byte(c.in))
			if err != nil {
				t.Fatalf("Import: %v", err)
			}
			if im.From != c.from {
				t.Fatalf("From = %s, want %s", im.From, c.from)
			}
			want := append([]string(nil), c.notes...)
			sort.Strings(want)
			if got := noteKeys(im.Notes); strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("notes:\n%s\nwant:\n  %s\ngot:\n%s", noteList(im.Notes), strings.Join(want, "\n  "), strings.Join(got, "\n"))
			}
			for ptr, w := range c.want {
				v, ok := lookup(im.Body, ptr)
				if !ok {
					t.Errorf("body has nothing at %s:\n%s", ptr, im.Body)
					continue
				}
				if got := compactJSON(t, v); got != w {
					t.Errorf("body at %s = %s, want %s", ptr, got, w)
				}
			}
			for _, ptr := range c.absent {
				if v, ok := lookup(im.Body, ptr); ok {
					t.Errorf("body has %s at %s, want nothing", v, ptr)
				}
			}
			checkImported(t, []byte(c.in), im)
		})
	}
}

// checkImported checks what holds for every translation: the body is an
// indented JSON object that imports as Responses, its keys are never
// repeated (unless the input repeats some), and every note points into the
// input.
func checkImported(t testing.TB, in []byte, im Imported) {
	t.Helper()
	if im.From == Responses {
		if !bytes.Equal(im.Body, in) || len(im.Notes) != 0 {
			t.Fatalf("Responses input must come back unchanged without notes")
		}
		return
	}
	if _, err := rawjson.ParseObject(im.Body); err != nil {
		t.Fatalf("body is not a JSON object: %v\n%s", err, im.Body)
	}
	if !bytes.HasSuffix(im.Body, []byte("}\n")) {
		t.Fatalf("body does not end in a newline:\n%s", im.Body)
	}
	if d := duplicateKey(im.Body, ""); d != "" && duplicateKey(bytes.TrimPrefix(in, utf8BOM), "") == "" {
		t.Fatalf("body repeats the key at %s:\n%s", d, im.Body)
	}
	again, err := Import(im.Body)
	if err != nil || again.From != Responses || !bytes.Equal(again.Body, im.Body) {
		t.Fatalf("importing the body again gives %s, %v:\n%s", again.From, err, im.Body)
	}
	for _, n := range im.Notes {
		if _, ok := lookup(bytes.TrimPrefix(in, utf8BOM), n.Path); !ok {
			t.Fatalf("note path %q points at nothing in the input (%s)", n.Path, n.Message)
		}
		if n.Message == "" {
			t.Fatalf("note at %q has no message", n.Path)
		}
	}
}
