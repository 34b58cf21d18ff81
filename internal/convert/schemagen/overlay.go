package main

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// overlayJSON is overlay.json, the changes merged into the spec.
//
//go:embed overlay.json
var overlayJSON []byte

// overlay is overlay.json: what the API accepts beyond the OpenAPI
// description named in Spec.
type overlay struct {
	Comment string `json:"$comment"`
	// Date is when the changes were last brought up to date: the release
	// date of SDK.Version.
	Date string     `json:"date"`
	Spec specSource `json:"spec"`
	SDK  sdkSource  `json:"sdk"`
	// Changes are applied in order.
	Changes []change `json:"changes"`
}

// specSource names the OpenAPI description the overlay was written for.
type specSource struct {
	Repository string `json:"repository"`
	Commit     string `json:"commit"`
	Date       string `json:"date"`
	Version    string `json:"version"` // info.version
	SHA256     string `json:"sha256"`  // of the file's bytes
}

// sdkSource names the SDK release the changes were read from.
type sdkSource struct {
	Module  string `json:"module"`
	Version string `json:"version"`
	Date    string `json:"date"`
}

// change is one field or enum value the SDK has and the spec lacks. Exactly
// one of Add, Enum and Deprecated is set.
type change struct {
	// Tool is the tools[] type whose entries carry the property (for a
	// schema nested in another tool, that tool: "namespace" for
	// FunctionToolParam).
	Tool string `json:"tool"`
	// Schema and Property name the property in components.schemas.
	Schema   string `json:"schema"`
	Property string `json:"property"`
	// Add is the schema of a property the spec lacks.
	Add map[string]any `json:"add,omitempty"`
	// Enum are values the property's enum lacks, added in this order at
	// the end of the enum, or right after the value After when it is set.
	Enum  []any `json:"enum,omitempty"`
	After any   `json:"after,omitempty"`
	// Deprecated marks the property deprecated.
	Deprecated bool `json:"deprecated,omitempty"`
	// SDK is the SDK release that brought the change, SDKDate its date.
	SDK     string `json:"sdk"`
	SDKDate string `json:"sdk_date"`
	Note    string `json:"note,omitempty"`
}

func (c change) String() string {
	return c.Schema + "." + c.Property + " (" + c.kind() + ")"
}

func (c change) kind() string {
	switch {
	case c.Add != nil:
		return "add"
	case c.Enum != nil:
		return "enum"
	case c.Deprecated:
		return "deprecated"
	}
	return "nothing"
}

var (
	datePattern    = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)
	versionPattern = regexp.MustCompile(`^v(\d+)\.(\d+)\.(\d+)$`)
	commitPattern  = regexp.MustCompile(`^[0-9a-f]{40}$`)
	sha256Pattern  = regexp.MustCompile(`^[0-9a-f]{64}$`)
	namePattern    = regexp.MustCompile(`^[A-Za-z0-9_]+$`)
)

// parseOverlay decodes and checks an overlay document. Unknown keys are
// refused, numbers are kept as written.
func parseOverlay(data []byte) (*overlay, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	dec.DisallowUnknownFields()
	var ov overlay
	if err := dec.Decode(&ov); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, errors.New("more than one JSON value")
	}
	return &ov, ov.check()
}

func (ov *overlay) check() error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	checkDate := func(what, d string) {
		if _, err := time.Parse(time.DateOnly, d); err != nil || !datePattern.MatchString(d) {
			bad("%s: want a date YYYY-MM-DD, got %q", what, d)
		}
	}
	checkDate("date", ov.Date)
	checkDate("spec.date", ov.Spec.Date)
	checkDate("sdk.date", ov.SDK.Date)
	if ov.Spec.Repository == "" || ov.Spec.Version == "" || ov.SDK.Module == "" {
		bad("spec.repository, spec.version and sdk.module must be set")
	}
	if !commitPattern.MatchString(ov.Spec.Commit) {
		bad("spec.commit: want 40 lower-case hex digits, got %q", ov.Spec.Commit)
	}
	if !sha256Pattern.MatchString(ov.Spec.SHA256) {
		bad("spec.sha256: want 64 lower-case hex digits, got %q", ov.Spec.SHA256)
	}
	if !versionPattern.MatchString(ov.SDK.Version) {
		bad("sdk.version: want vMAJOR.MINOR.PATCH, got %q", ov.SDK.Version)
	}
	if ov.Date < ov.Spec.Date {
		bad("date %s is before spec.date %s", ov.Date, ov.Spec.Date)
	}
	if len(ov.Changes) == 0 {
		bad("no changes")
	}
	seen := map[string]bool{}
	for i, c := range ov.Changes {
		at := fmt.Sprintf("changes[%d] %s", i, c)
		kinds := 0
		for _, set := range []bool{c.Add != nil, c.Enum != nil, c.Deprecated} {
			if set {
				kinds++
			}
		}
		if kinds != 1 {
			bad("%s: want exactly one of add, enum and deprecated", at)
		}
		if c.Add != nil && len(c.Add) == 0 {
			bad("%s: add is an empty schema", at)
		}
		if c.Enum != nil {
			if len(c.Enum) == 0 {
				bad("%s: enum lists no values", at)
			}
			for j, v := range c.Enum {
				if slices.Contains(c.Enum[:j], v) {
					bad("%s: enum lists %v twice", at, v)
				}
			}
		}
		if c.After != nil && c.Enum == nil {
			bad("%s: after is only for enum", at)
		}
		if c.Tool == "" || !namePattern.MatchString(c.Schema) || c.Property == "" {
			bad("%s: tool, schema and property must be set", at)
		}
		if !versionPattern.MatchString(c.SDK) {
			bad("%s: sdk: want vMAJOR.MINOR.PATCH, got %q", at, c.SDK)
		} else if versionPattern.MatchString(ov.SDK.Version) && semverLess(ov.SDK.Version, c.SDK) {
			bad("%s: sdk %s is newer than sdk.version %s", at, c.SDK, ov.SDK.Version)
		}
		checkDate(at+": sdk_date", c.SDKDate)
		if c.SDKDate > ov.Date {
			bad("%s: sdk_date %s is after date %s", at, c.SDKDate, ov.Date)
		}
		if key := c.String(); seen[key] {
			bad("%s: listed twice", at)
		} else {
			seen[key] = true
		}
	}
	return errors.Join(errs...)
}

// semverLess reports whether version a (vX.Y.Z) comes before b.
func semverLess(a, b string) bool {
	pa, pb := versionPattern.FindStringSubmatch(a), versionPattern.FindStringSubmatch(b)
	for i := 1; i <= 3; i++ {
		na, _ := strconv.Atoi(pa[i])
		nb, _ := strconv.Atoi(pb[i])
		if na != nb {
			return na < nb
		}
	}
	return false
}

// checkSpec makes sure the OpenAPI description is the one the overlay was
// written for.
func (ov *overlay) checkSpec(name string, data []byte, spec map[string]any) error {
	sum := sha256.Sum256(data)
	if got := hex.EncodeToString(sum[:]); got != ov.Spec.SHA256 {
		return fmt.Errorf("%s has SHA-256 %s, but overlay.json was written for %s commit %s (%s, SHA-256 %s).\n"+
			"Review overlay.json against the new description: drop the changes it now has, then set spec.commit, "+
			"spec.date, spec.version and spec.sha256, and update internal/convert/specinfo.go to match",
			name, got, ov.Spec.Repository, ov.Spec.Commit, ov.Spec.Date, ov.Spec.SHA256)
	}
	info, _ := spec["info"].(map[string]any)
	if version, _ := info["version"].(string); version != ov.Spec.Version {
		return fmt.Errorf("%s: info.version is %q, overlay.json says %q", name, version, ov.Spec.Version)
	}
	return nil
}

// apply merges the changes into the component schemas, in order.
func (ov *overlay) apply(schemas map[string]any) error {
	for _, c := range ov.Changes {
		if err := c.apply(schemas); err != nil {
			return fmt.Errorf("overlay.json: %s: %w", c, err)
		}
	}
	return nil
}

func (c change) apply(schemas map[string]any) error {
	schema, _ := schemas[c.Schema].(map[string]any)
	if schema == nil {
		return fmt.Errorf("components.schemas.%s is not defined", c.Schema)
	}
	props, _ := schema["properties"].(map[string]any)
	if props == nil {
		if c.Add == nil {
			return fmt.Errorf("components.schemas.%s has no properties", c.Schema)
		}
		props = map[string]any{}
		schema["properties"] = props
	}
	prop, exists := props[c.Property]
	switch {
	case c.Add != nil:
		if exists {
			return errors.New("the spec already defines this property; drop the change")
		}
		props[c.Property] = c.Add
		return nil
	case !exists:
		return errors.New("the spec does not define this property")
	}
	p, _ := prop.(map[string]any)
	if p == nil {
		return errors.New("the property's schema is not an object")
	}
	if c.Deprecated {
		if d, _ := p["deprecated"].(bool); d {
			return errors.New("the spec already marks it deprecated; drop the change")
		}
		p["deprecated"] = true
		return nil
	}
	enum, _ := p["enum"].([]any)
	if enum == nil {
		return errors.New("the property has no enum to extend")
	}
	var had []string
	for _, v := range c.Enum {
		if slices.Contains(enum, v) {
			had = append(had, fmt.Sprint(v))
		}
	}
	if had != nil {
		return fmt.Errorf("the spec's enum already has %s; drop them from the change", strings.Join(had, ", "))
	}
	at := len(enum)
	if c.After != nil {
		i := slices.Index(enum, c.After)
		if i < 0 {
			return fmt.Errorf("the spec's enum has no value %v to add after", c.After)
		}
		at = i + 1
	}
	p["enum"] = slices.Insert(slices.Clone(enum), at, c.Enum...)
	return nil
}
