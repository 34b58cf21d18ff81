// Command schemagen derives internal/convert/tools.schema.json from OpenAI's
// OpenAPI description of its API and the overlay next to it:
//
//	go run ./internal/convert/schemagen path/to/openai-openapi.json > internal/convert/tools.schema.json
//
// The output is a JSON Schema 2020-12 document whose $defs hold every schema
// reachable from components.schemas.Tool and components.schemas.ToolChoiceParam,
// with references rewritten from #/components/schemas/X to #/$defs/X. Prose
// (description, title, examples), discriminators and x-* extensions are left
// out; everything that constrains a value is kept, and so is deprecated.
//
// overlay.json (embedded in the command) records what the API accepts beyond
// that description: tool fields and enum values OpenAI's Go SDK has and the
// description lacks, each with the SDK release that brought it. It names the
// description it was written for by commit, date, info.version and SHA-256;
// schemagen refuses another file, so that a newer description gets its
// overlay reviewed, and refuses a change the description already has. Every
// change is merged into the component schema it names before the closure is
// taken, so the output is the same for the same two inputs.
//
// The output is deterministic: object keys are sorted and indented by two spaces.
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

// roots are the component schemas the closure starts from.
var roots = []string{"Tool", "ToolChoiceParam"}

const (
	specRefPrefix = "#/components/schemas/"
	defsRefPrefix = "#/$defs/"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: schemagen OPENAPI_JSON > tools.schema.json")
		os.Exit(2)
	}
	out, err := generate(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "schemagen:", err)
		os.Exit(1)
	}
	if _, err := os.Stdout.Write(out); err != nil {
		fmt.Fprintln(os.Stderr, "schemagen:", err)
		os.Exit(1)
	}
}

// generate reads the OpenAPI file at path and returns the derived schema
// document, with the embedded overlay merged in.
func generate(path string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return build(path, data, overlayJSON)
}

// build derives the schema document from the OpenAPI description data (read
// from name, used in errors) and the overlay document overlayData.
func build(name string, data, overlayData []byte) ([]byte, error) {
	ov, err := parseOverlay(overlayData)
	if err != nil {
		return nil, fmt.Errorf("overlay.json: %w", err)
	}
	spec, err := decodeJSON(name, data)
	if err != nil {
		return nil, err
	}
	if err := ov.checkSpec(name, data, spec); err != nil {
		return nil, err
	}
	schemas, err := componentSchemas(spec)
	if err != nil {
		return nil, err
	}
	if err := ov.apply(schemas); err != nil {
		return nil, err
	}

	defs := map[string]any{}
	queue := append([]string(nil), roots...)
	for len(queue) > 0 {
		name := queue[0]
		queue = queue[1:]
		if _, done := defs[name]; done {
			continue
		}
		raw, ok := schemas[name]
		if !ok {
			return nil, fmt.Errorf("components.schemas.%s is referenced but not defined", name)
		}
		c := &converter{def: name, root: raw}
		out, err := c.schema(raw, "#/$defs/"+name)
		if err != nil {
			return nil, err
		}
		defs[name] = out
		queue = append(queue, c.refs...)
	}

	for _, c := range ov.Changes {
		if _, ok := defs[c.Schema]; !ok {
			return nil, fmt.Errorf("overlay.json: %s: the tools schema does not use components.schemas.%s", c, c.Schema)
		}
	}

	doc := map[string]any{
		"$schema":  "https://json-schema.org/draft/2020-12/schema",
		"$comment": comment(ov),
		"$defs":    defs,
	}
	return encode(doc)
}

func decodeJSON(name string, data []byte) (map[string]any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var doc map[string]any
	if err := dec.Decode(&doc); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return doc, nil
}

func componentSchemas(spec map[string]any) (map[string]any, error) {
	components, _ := spec["components"].(map[string]any)
	schemas, _ := components["schemas"].(map[string]any)
	if schemas == nil {
		return nil, fmt.Errorf("no components.schemas in the OpenAPI file")
	}
	return schemas, nil
}

// comment records where the document comes from.
func comment(ov *overlay) string {
	return "Derived by internal/convert/schemagen from OpenAI's OpenAPI description " +
		"(" + ov.Spec.Repository + " commit " + ov.Spec.Commit + " of " + ov.Spec.Date +
		", info.version " + ov.Spec.Version + ", MIT licence) and internal/convert/schemagen/overlay.json of " +
		ov.Date + " (" + fmt.Sprint(len(ov.Changes)) + " changes from " + ov.SDK.Module + " " + ov.SDK.Version +
		"). Do not edit; regenerate instead."
}

func encode(doc any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Keyword classes. Every keyword found in the closure must be in one of them,
// so that a new keyword in a later spec is noticed rather than silently copied.
var (
	droppedKeywords = set("description", "title", "example", "examples",
		"discriminator", "$recursiveAnchor", "externalDocs", "readOnly", "writeOnly")
	// Keywords whose value is one subschema (or a boolean schema).
	schemaKeywords = set("items", "additionalProperties", "not", "if", "then", "else",
		"contains", "propertyNames", "unevaluatedProperties", "unevaluatedItems")
	// Keywords whose value is an array of subschemas.
	schemaListKeywords = set("allOf", "anyOf", "oneOf", "prefixItems")
	// Keywords whose value maps names to subschemas.
	schemaMapKeywords = set("properties", "patternProperties", "$defs", "dependentSchemas")
	// Keywords whose value is plain data, copied unchanged.
	dataKeywords = set("type", "enum", "const", "default", "format", "required",
		"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
		"minLength", "maxLength", "pattern", "minItems", "maxItems", "uniqueItems",
		"minProperties", "maxProperties", "dependentRequired", "minContains", "maxContains",
		"contentEncoding", "contentMediaType", "deprecated")
)

func set(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// converter rewrites one component schema into its $defs form.
type converter struct {
	def  string // name of the component schema being converted
	root any    // its original value, to check $recursiveAnchor
	refs []string
}

// schema converts the subschema v found at location at (used in errors).
func (c *converter) schema(v any, at string) (any, error) {
	switch v := v.(type) {
	case bool:
		return v, nil
	case map[string]any:
		return c.object(v, at)
	default:
		return nil, fmt.Errorf("%s: a schema must be an object or a boolean, got %T", at, v)
	}
}

func (c *converter) object(in map[string]any, at string) (map[string]any, error) {
	out := make(map[string]any, len(in))
	for key, val := range in {
		loc := at + "/" + key
		switch {
		case droppedKeywords[key] || strings.HasPrefix(key, "x-"):
			// left out
		case key == "$ref":
			ref, err := c.ref(val, loc)
			if err != nil {
				return nil, err
			}
			out["$ref"] = ref
		case key == "$recursiveRef":
			ref, err := c.recursiveRef(val, loc)
			if err != nil {
				return nil, err
			}
			out["$ref"] = ref
		case schemaKeywords[key]:
			sub, err := c.schema(val, loc)
			if err != nil {
				return nil, err
			}
			out[key] = sub
		case schemaListKeywords[key]:
			list, ok := val.([]any)
			if !ok {
				return nil, fmt.Errorf("%s: want an array of schemas, got %T", loc, val)
			}
			subs := make([]any, len(list))
			for i, item := range list {
				sub, err := c.schema(item, fmt.Sprintf("%s/%d", loc, i))
				if err != nil {
					return nil, err
				}
				subs[i] = sub
			}
			out[key] = subs
		case schemaMapKeywords[key]:
			named, ok := val.(map[string]any)
			if !ok {
				return nil, fmt.Errorf("%s: want an object of schemas, got %T", loc, val)
			}
			subs := make(map[string]any, len(named))
			for name, item := range named {
				sub, err := c.schema(item, loc+"/"+name)
				if err != nil {
					return nil, err
				}
				subs[name] = sub
			}
			out[key] = subs
		case dataKeywords[key]:
			out[key] = val
		default:
			return nil, fmt.Errorf("%s: unsupported keyword %q", loc, key)
		}
	}
	if _, ok := in["$ref"]; ok {
		if _, ok := in["$recursiveRef"]; ok {
			return nil, fmt.Errorf("%s: both $ref and $recursiveRef", at)
		}
	}
	return out, nil
}

// ref rewrites #/components/schemas/X to #/$defs/X and records X.
func (c *converter) ref(val any, loc string) (string, error) {
	s, _ := val.(string)
	name, ok := strings.CutPrefix(s, specRefPrefix)
	if !ok || name == "" || strings.Contains(name, "/") {
		return "", fmt.Errorf("%s: unsupported reference %q", loc, s)
	}
	c.refs = append(c.refs, name)
	return defsRefPrefix + name, nil
}

// recursiveRef turns $recursiveRef "#" into a $ref to the enclosing component
// schema, which must carry $recursiveAnchor: true.
func (c *converter) recursiveRef(val any, loc string) (string, error) {
	if s, _ := val.(string); s != "#" {
		return "", fmt.Errorf("%s: unsupported $recursiveRef %v", loc, val)
	}
	root, _ := c.root.(map[string]any)
	if anchor, _ := root["$recursiveAnchor"].(bool); !anchor {
		return "", fmt.Errorf("%s: $recursiveRef without $recursiveAnchor on %s", loc, c.def)
	}
	return defsRefPrefix + c.def, nil
}
