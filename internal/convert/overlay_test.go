package convert

import (
	"bytes"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/model"
)

// overlayPath is the generator's overlay, part of the repository.
const overlayPath = "schemagen/overlay.json"

// overlayFile is the part of schemagen/overlay.json the tests read.
type overlayFile struct {
	Date string `json:"date"`
	Spec struct {
		Repository, Commit, Date, Version string
	} `json:"spec"`
	SDK struct {
		Module, Version, Date string
	} `json:"sdk"`
	Changes []overlayChange `json:"changes"`
}

type overlayChange struct {
	Tool       string         `json:"tool"`
	Schema     string         `json:"schema"`
	Property   string         `json:"property"`
	Add        map[string]any `json:"add"`
	Enum       []any          `json:"enum"`
	Deprecated bool           `json:"deprecated"`
	SDK        string         `json:"sdk"`
	SDKDate    string         `json:"sdk_date"`
}

func (c overlayChange) name() string { return c.Schema + "." + c.Property }

func readOverlay(t *testing.T) overlayFile {
	t.Helper()
	data, err := os.ReadFile(overlayPath)
	if err != nil {
		t.Fatal(err)
	}
	var ov overlayFile
	if err := decodeNumbers(data, &ov); err != nil {
		t.Fatalf("%s: %v", overlayPath, err)
	}
	if len(ov.Changes) == 0 {
		t.Fatalf("%s lists no changes", overlayPath)
	}
	return ov
}

func decodeNumbers(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	return dec.Decode(v)
}

// canonical is v as compact JSON with sorted keys.
func canonical(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestSpecInfoMatchesOverlay checks the constants of specinfo.go against
// overlay.json, and that the embedded schema was generated with it.
func TestSpecInfoMatchesOverlay(t *testing.T) {
	ov := readOverlay(t)
	for _, c := range []struct{ name, got, want string }{
		{"SpecRepository", SpecRepository, ov.Spec.Repository},
		{"SpecCommit", SpecCommit, ov.Spec.Commit},
		{"SpecDate", SpecDate, ov.Spec.Date},
		{"SpecVersion", SpecVersion, ov.Spec.Version},
		{"OverlayDate", OverlayDate, ov.Date},
		{"OverlaySDKModule", OverlaySDKModule, ov.SDK.Module},
		{"OverlaySDKVersion", OverlaySDKVersion, ov.SDK.Version},
	} {
		if c.got != c.want {
			t.Errorf("specinfo.go: %s = %q, overlay.json says %q", c.name, c.got, c.want)
		}
	}
	var doc struct {
		Comment string `json:"$comment"`
	}
	if err := json.Unmarshal(toolsSchemaJSON, &doc); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{SpecRepository + " commit " + SpecCommit + " of " + SpecDate,
		"info.version " + SpecVersion, "overlay.json of " + OverlayDate, OverlaySDKModule + " " + OverlaySDKVersion} {
		if !strings.Contains(doc.Comment, want) {
			t.Errorf("tools.schema.json's $comment lacks %q; regenerate it:\n%s", want, doc.Comment)
		}
	}
}

// TestOverlayInSchema checks that every change of overlay.json is in the
// embedded tools.schema.json.
func TestOverlayInSchema(t *testing.T) {
	ov := readOverlay(t)
	var doc struct {
		Defs map[string]struct {
			Properties map[string]map[string]any `json:"properties"`
		} `json:"$defs"`
	}
	if err := decodeNumbers(toolsSchemaJSON, &doc); err != nil {
		t.Fatal(err)
	}
	for _, c := range ov.Changes {
		if c.SDK == "" || c.SDKDate == "" {
			t.Errorf("%s: no SDK version or date", c.name())
		}
		prop, ok := doc.Defs[c.Schema].Properties[c.Property]
		if !ok {
			t.Errorf("%s is not in tools.schema.json", c.name())
			continue
		}
		switch {
		case c.Add != nil:
			if got, want := canonical(t, prop), canonical(t, c.Add); got != want {
				t.Errorf("%s: schema %s, overlay.json adds %s", c.name(), got, want)
			}
		case c.Enum != nil:
			enum, _ := prop["enum"].([]any)
			for _, v := range c.Enum {
				if !slices.Contains(enum, v) {
					t.Errorf("%s: enum %v lacks %v", c.name(), enum, v)
				}
			}
		case c.Deprecated:
			if prop["deprecated"] != true {
				t.Errorf("%s is not marked deprecated", c.name())
			}
		default:
			t.Errorf("%s: a change that adds nothing", c.name())
		}
	}
}

// overlayExamples gives, for each property an overlay change adds, the
// fields an entry sets to use it (the property, and what it needs).
var overlayExamples = map[string]string{
	"FunctionTool.async":             `{"async":true}`,
	"FunctionToolParam.async":        `{"async":false}`,
	"CustomToolParam.async":          `{"async":true}`,
	"ImageGenTool.frame_count":       `{"frame_count":12,"output_format":"gif"}`,
	"ImageGenTool.frame_duration_ms": `{"frame_duration_ms":150,"output_format":"gif"}`,
	"ImageGenTool.complexity":        `{"complexity":"high"}`,
	"ImageGenTool.svg":               `{"svg":{"model":"gpt-5","reasoning":{"effort":"xhigh"}},"output_format":"svg"}`,
	"MCPTool.connector_id":           `{"connector_id":"connector_gmail","authorization":"token"}`,
}

// overlayEntry builds a tools[] entry of a change's schema carrying fields,
// and returns it with the JSON Pointer of the property inside it.
func overlayEntry(t *testing.T, c overlayChange, fields map[string]any) (map[string]any, string) {
	t.Helper()
	with := func(base map[string]any) map[string]any {
		for k, v := range fields {
			base[k] = v
		}
		return base
	}
	switch c.Schema {
	case "FunctionTool":
		return with(map[string]any{"type": "function", "name": "f", "description": "d", "strict": true,
			"parameters": map[string]any{"type": "object", "properties": map[string]any{}, "required": []any{}, "additionalProperties": false}}), "/" + c.Property
	case "FunctionToolParam":
		inner := with(map[string]any{"type": "function", "name": "f"})
		return map[string]any{"type": "namespace", "name": "ns", "description": "d", "tools": []any{inner}}, "/tools/0/" + c.Property
	case "CustomToolParam":
		return with(map[string]any{"type": "custom", "name": "c"}), "/" + c.Property
	case "ImageGenTool":
		return with(map[string]any{"type": "image_generation"}), "/" + c.Property
	case "MCPTool":
		return with(map[string]any{"type": "mcp", "server_label": "mail"}), "/" + c.Property
	}
	t.Fatalf("%s: no entry to try it in; teach overlayEntry the schema %s", c.name(), c.Schema)
	return nil, ""
}

// convertEntry converts a request body whose tools hold entry alone.
func convertEntry(t *testing.T, entry map[string]any) ([]byte, []Diagnostic) {
	t.Helper()
	body, err := json.Marshal(map[string]any{"model": "gpt-5", "tools": []any{entry}})
	if err != nil {
		t.Fatal(err)
	}
	d, err := model.Parse(body)
	if err != nil {
		t.Fatal(err)
	}
	return Convert(d)
}

// about reports whether a diagnostic is about the value at pointer.
func about(d Diagnostic, pointer string) bool {
	return d.Path == pointer || strings.HasPrefix(d.Path, pointer+"/")
}

// TestOverlayAccepted builds a tool with each field and value of the
// overlay and converts it: the converter must keep the entry and say nothing
// about the field (a deprecated field may get a warning, never an error).
// The same entry with a value of the wrong type, or a value outside the
// enum, must get an error there, so the field really is checked.
func TestOverlayAccepted(t *testing.T) {
	ov := readOverlay(t)
	for _, c := range ov.Changes {
		var tries []map[string]any
		switch {
		case c.Enum != nil:
			for _, v := range c.Enum {
				tries = append(tries, map[string]any{c.Property: v})
			}
		default:
			ex, ok := overlayExamples[c.name()]
			if !ok {
				t.Errorf("%s: no example in overlayExamples", c.name())
				continue
			}
			var fields map[string]any
			if err := decodeNumbers([]byte(ex), &fields); err != nil {
				t.Fatalf("%s: %v", c.name(), err)
			}
			tries = append(tries, fields)
		}
		for _, fields := range tries {
			entry, pointer := overlayEntry(t, c, fields)
			body, diags := convertEntry(t, entry)
			for _, d := range diags {
				if d.Severity == Error || (about(d, pointer) && !c.Deprecated) {
					t.Errorf("%s with %s: %s", c.name(), canonical(t, fields), d)
				}
			}
			if want := canonical(t, fields[c.Property]); !strings.Contains(compact(t, body), `"`+c.Property+`":`+want) {
				t.Errorf("%s with %s: the request lacks it:\n%s", c.name(), canonical(t, fields), body)
			}
		}

		if c.Deprecated {
			continue
		}
		wrong := map[string]any{c.Property: []any{}}
		if c.Enum != nil {
			wrong[c.Property] = "not_a_value"
		}
		entry, pointer := overlayEntry(t, c, wrong)
		_, diags := convertEntry(t, entry)
		if !slices.ContainsFunc(diags, func(d Diagnostic) bool { return d.Severity == Error && about(d, pointer) }) {
			t.Errorf("%s with %s: no error at %s: %v", c.name(), canonical(t, wrong), pointer, diags)
		}
	}
}
