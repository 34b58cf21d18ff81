package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strings"
	"testing"
)

// testSpec is a small OpenAPI description with the two roots.
const testSpec = `{
  "openapi": "3.1.0",
  "info": {"title": "test", "version": "9.9.9"},
  "components": {"schemas": {
    "Tool": {"oneOf": [{"$ref": "#/components/schemas/Img"}], "discriminator": {"propertyName": "type"}},
    "ToolChoiceParam": {"type": "string", "enum": ["auto"], "description": "prose"},
    "Img": {
      "type": "object",
      "properties": {
        "type": {"type": "string", "enum": ["img"], "x-stainless-const": true},
        "quality": {"type": "string", "enum": ["low", "high", "auto"], "default": "auto"},
        "legacy": {"type": "string", "description": "old"}
      },
      "required": ["type"]
    },
    "Unused": {"type": "object", "properties": {"a": {"type": "string"}}}
  }}
}`

// testOverlay returns an overlay for spec whose changes are changes (JSON
// array text).
func testOverlay(spec, changes string) []byte {
	sum := sha256.Sum256([]byte(spec))
	return []byte(`{
  "date": "2026-11-12",
  "spec": {"repository": "example.com/spec", "commit": "` + strings.Repeat("ab", 20) + `", "date": "2026-08-21",
           "version": "9.9.9", "sha256": "` + hex.EncodeToString(sum[:]) + `"},
  "sdk": {"module": "example.com/sdk", "version": "v1.2.0", "date": "2026-11-12"},
  "changes": ` + changes + `
}`)
}

const testChanges = `[
  {"tool": "img", "schema": "Img", "property": "frames", "add": {"type": "integer", "default": 9, "description": "dropped"},
   "sdk": "v1.1.0", "sdk_date": "2026-10-01"},
  {"tool": "img", "schema": "Img", "property": "quality", "enum": ["xhigh", "max"], "after": "high",
   "sdk": "v1.0.0", "sdk_date": "2026-09-01"},
  {"tool": "img", "schema": "Img", "property": "legacy", "deprecated": true, "sdk": "v1.2.0", "sdk_date": "2026-11-12"}
]`

func TestBuildMergesOverlay(t *testing.T) {
	out, err := build("spec.json", []byte(testSpec), testOverlay(testSpec, testChanges))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Comment string                    `json:"$comment"`
		Defs    map[string]map[string]any `json:"$defs"`
	}
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	props, _ := doc.Defs["Img"]["properties"].(map[string]any)
	got, _ := json.Marshal(props)
	want := `{"frames":{"default":9,"type":"integer"},"legacy":{"deprecated":true,"type":"string"},` +
		`"quality":{"default":"auto","enum":["low","high","xhigh","max","auto"],"type":"string"},"type":{"enum":["img"],"type":"string"}}`
	if string(got) != want {
		t.Errorf("Img.properties:\n got %s\nwant %s", got, want)
	}
	if _, ok := doc.Defs["Unused"]; ok {
		t.Error("a schema outside the closure is in $defs")
	}
	for _, s := range []string{"example.com/spec commit " + strings.Repeat("ab", 20) + " of 2026-08-21", "info.version 9.9.9",
		"overlay.json of 2026-11-12", "3 changes from example.com/sdk v1.2.0"} {
		if !strings.Contains(doc.Comment, s) {
			t.Errorf("$comment lacks %q: %s", s, doc.Comment)
		}
	}

	again, err := build("spec.json", []byte(testSpec), testOverlay(testSpec, testChanges))
	if err != nil || !bytes.Equal(out, again) {
		t.Errorf("a second run differs (%v)", err)
	}
}

func TestBuildRefusesBadOverlays(t *testing.T) {
	change := func(c string) []byte { return testOverlay(testSpec, "["+c+"]") }
	other := strings.Replace(testSpec, `"title": "test"`, `"title": "other"`, 1)
	cases := []struct {
		name    string
		spec    string
		overlay []byte
		want    string
	}{
		{"another spec file", other, testOverlay(testSpec, testChanges), "overlay.json was written for example.com/spec commit"},
		{"another info.version", strings.Replace(testSpec, "9.9.9", "9.9.8", 1),
			testOverlay(strings.Replace(testSpec, "9.9.9", "9.9.8", 1), testChanges), `info.version is "9.9.8", overlay.json says "9.9.9"`},
		{"property the spec has", testSpec,
			change(`{"tool": "img", "schema": "Img", "property": "legacy", "add": {"type": "string"}, "sdk": "v1.0.0", "sdk_date": "2026-09-01"}`),
			"Img.legacy (add): the spec already defines this property"},
		{"enum value the spec has", testSpec,
			change(`{"tool": "img", "schema": "Img", "property": "quality", "enum": ["max", "high"], "sdk": "v1.0.0", "sdk_date": "2026-09-01"}`),
			"the spec's enum already has high"},
		{"after a value the enum lacks", testSpec,
			change(`{"tool": "img", "schema": "Img", "property": "quality", "enum": ["max"], "after": "medium", "sdk": "v1.0.0", "sdk_date": "2026-09-01"}`),
			"no value medium to add after"},
		{"enum on a property without one", testSpec,
			change(`{"tool": "img", "schema": "Img", "property": "legacy", "enum": ["x"], "sdk": "v1.0.0", "sdk_date": "2026-09-01"}`),
			"has no enum to extend"},
		{"deprecating what is not there", testSpec,
			change(`{"tool": "img", "schema": "Img", "property": "nope", "deprecated": true, "sdk": "v1.0.0", "sdk_date": "2026-09-01"}`),
			"Img.nope (deprecated): the spec does not define this property"},
		{"schema not defined", testSpec,
			change(`{"tool": "img", "schema": "Nope", "property": "a", "add": {"type": "string"}, "sdk": "v1.0.0", "sdk_date": "2026-09-01"}`),
			"components.schemas.Nope is not defined"},
		{"schema outside the closure", testSpec,
			change(`{"tool": "img", "schema": "Unused", "property": "b", "add": {"type": "string"}, "sdk": "v1.0.0", "sdk_date": "2026-09-01"}`),
			"the tools schema does not use components.schemas.Unused"},
		{"unsupported keyword in an added schema", testSpec,
			change(`{"tool": "img", "schema": "Img", "property": "b", "add": {"typo": "string"}, "sdk": "v1.0.0", "sdk_date": "2026-09-01"}`),
			`unsupported keyword "typo"`},
		{"two kinds at once", testSpec,
			change(`{"tool": "img", "schema": "Img", "property": "quality", "enum": ["max"], "deprecated": true, "sdk": "v1.0.0", "sdk_date": "2026-09-01"}`),
			"want exactly one of add, enum and deprecated"},
		{"no SDK version", testSpec,
			change(`{"tool": "img", "schema": "Img", "property": "b", "add": {"type": "string"}, "sdk_date": "2026-09-01"}`),
			`sdk: want vMAJOR.MINOR.PATCH, got ""`},
		{"SDK newer than the overlay's", testSpec,
			change(`{"tool": "img", "schema": "Img", "property": "b", "add": {"type": "string"}, "sdk": "v1.10.0", "sdk_date": "2026-09-01"}`),
			"sdk v1.10.0 is newer than sdk.version v1.2.0"},
		{"bad date", testSpec,
			change(`{"tool": "img", "schema": "Img", "property": "b", "add": {"type": "string"}, "sdk": "v1.0.0", "sdk_date": "2026-13-01"}`),
			`sdk_date: want a date YYYY-MM-DD, got "2026-13-01"`},
		{"unknown key", testSpec,
			change(`{"tool": "img", "schema": "Img", "property": "b", "add": {"type": "string"}, "sdk": "v1.0.0", "sdk_date": "2026-09-01", "sdk_vesion": "x"}`),
			`unknown field "sdk_vesion"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := build("spec.json", []byte(c.spec), c.overlay)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want one containing %q", err, c.want)
			}
		})
	}
}

// TestEmbeddedOverlay checks the committed overlay.json without the spec.
func TestEmbeddedOverlay(t *testing.T) {
	ov, err := parseOverlay(overlayJSON)
	if err != nil {
		t.Fatal(err)
	}
	if len(ov.Changes) == 0 {
		t.Fatal("overlay.json lists no changes")
	}
	for _, c := range ov.Changes {
		if c.Note == "" && c.Enum == nil {
			t.Errorf("%s: no note saying what it is", c)
		}
	}
}
