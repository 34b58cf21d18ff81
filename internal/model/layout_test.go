package model

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// Laid out with no level too deep, writeCapped is json.Indent.
func TestWriteCappedIsIndent(t *testing.T) {
	for _, src := range []string{
		`{}`, `[]`, `{"a":[ ],"b":{ },"c":[1,2,{"d":"x\"y\\z,:{}[]"}]}`,
		`{ "a" : [ 1 , { "b" : null } ] , "é" : "\u2028" }`,
		`[[[[[]]]],{"a":{"b":{"c":{}}}}]`, `"s"`, `12`,
	} {
		for _, indent := range []string{"  ", "\t", "    "} {
			var want bytes.Buffer
			if err := json.Indent(&want, []byte(src), "", indent); err != nil {
				t.Fatal(err)
			}
			var got bytes.Buffer
			writeCapped(&got, []byte(src), indent, 1<<30)
			if got.String() != want.String() {
				t.Errorf("%s %q:\n%s\nwant\n%s", src, indent, got.String(), want.String())
			}
		}
	}
	// Capped at level 1: the top level's members on lines of their own,
	// the rest compact.
	var got bytes.Buffer
	writeCapped(&got, []byte(`{"a": {"b": [1, 2]}, "c": 3}`), "  ", 1)
	if want := "{\n  \"a\": {\"b\":[1,2]},\n  \"c\": 3\n}"; got.String() != want {
		t.Errorf("capped:\n%s\nwant\n%s", got.String(), want)
	}
}

// deepDoc is a document whose function's parameters hold an unknown
// keyword nested depth levels deep, written compactly: a few KB that
// indentation would make megabytes.
func deepDoc(depth int) []byte {
	deep := strings.Repeat(`{"x":`, depth) + "1" + strings.Repeat("}", depth)
	return []byte("{\n  \"model\": \"gpt-5\",\n  \"tools_defs\": [\n    {\"name\": \"f\", \"parameters\": {\"type\": \"object\", \"properties\": {}, \"x-deep\": " + deep + "}}\n  ]\n}\n")
}

// A document whose indented form would be over the limit is written with
// its deep part compact, within the limit, and reads back the same; the
// shallow part keeps the file's indentation.
func TestMarshalStaysWithinTheLimit(t *testing.T) {
	src := deepDoc(3000)
	d, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	var full bytes.Buffer
	if err := json.Indent(&full, src, "", "  "); err != nil {
		t.Fatal(err)
	}
	if full.Len() <= MaxDocumentBytes {
		t.Fatalf("the test document indents to %d bytes, within the limit", full.Len())
	}
	for _, l := range []Layout{{}, {Indent: "\t"}, {CRLF: true, Indent: "    "}} {
		d.Layout = l
		out, err := d.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		if len(out) > MaxDocumentBytes {
			t.Fatalf("%+v: %d bytes", l, len(out))
		}
		back, err := Parse(out)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(compactOf(t, back.Functions[0].Raw), compactOf(t, d.Functions[0].Raw)) {
			t.Fatalf("%+v: the function changed", l)
		}
		nl := "\n"
		if l.CRLF {
			nl = "\r\n"
		}
		indent := l.Indent
		if indent == "" {
			indent = "  "
		}
		if !bytes.HasPrefix(out, []byte("{"+nl+indent+`"model": "gpt-5",`+nl)) {
			t.Errorf("%+v: the top level lost its indentation:\n%.200s", l, out)
		}
	}
	// Small enough to indent: written as before.
	small, err := Parse(deepDoc(20))
	if err != nil {
		t.Fatal(err)
	}
	out, err := small.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	json.Indent(&want, compactOf(t, out), "", "  ")
	if string(out) != want.String()+"\n" {
		t.Errorf("a small document is not fully indented:\n%s", out)
	}
}

// A document too large even compact is written compact, for whoever
// writes it to refuse by its size.
func TestMarshalTooLargeIsCompact(t *testing.T) {
	big := strings.Repeat("a", MaxDocumentBytes)
	d := &Document{Fields: rawjson.Object{{Key: "model", Value: json.RawMessage(`"` + big + `"`)}, {Key: "x", Value: json.RawMessage(`[1, 2]`)}}}
	out, err := d.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"model":"` + big + `","x":[1,2]}` + "\n"; string(out) != want {
		t.Fatalf("%d bytes, not the compact text", len(out))
	}
}

func compactOf(t *testing.T, b []byte) []byte {
	t.Helper()
	var c bytes.Buffer
	if err := json.Compact(&c, b); err != nil {
		t.Fatal(err)
	}
	return c.Bytes()
}
