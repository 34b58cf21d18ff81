package convert

// The embedded schema document, compiled once.

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// schemaSet is the embedded document compiled once, shared by all callers.
// Compiled schemas are read-only, so validation is safe from many goroutines.
type schemaSet struct {
	doc    map[string]any                // the document as compiled
	byDef  map[string]*jsonschema.Schema // one per tool schema in toolDefs
	choice *jsonschema.Schema            // ToolChoiceParam
	keys   map[string][]string           // top-level property names per tool schema, sorted
	keySet map[string]map[string]bool    // the same names, as sets
	quick  map[string]*qnode             // the $defs for the quick check
	err    error
}

var toolSchemas = sync.OnceValue(func() *schemaSet {
	s := &schemaSet{byDef: map[string]*jsonschema.Schema{}, keys: map[string][]string{}, keySet: map[string]map[string]bool{}}
	if err := s.load(); err != nil {
		s.err = fmt.Errorf("internal error: tools.schema.json: %w", err)
	}
	return s
})

func (s *schemaSet) load() error {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(toolsSchemaJSON))
	if err != nil {
		return err
	}
	root, _ := doc.(map[string]any)
	defs, _ := root["$defs"].(map[string]any)
	if defs == nil {
		return errors.New("no $defs")
	}
	for _, td := range toolDefs {
		def, _ := defs[td.def].(map[string]any)
		if def == nil {
			return fmt.Errorf("no $defs/%s", td.def)
		}
		props, _ := def["properties"].(map[string]any)
		s.keys[td.def] = slices.Sorted(maps.Keys(props))
		s.keySet[td.def] = map[string]bool{}
		for k := range props {
			s.keySet[td.def][k] = true
		}
	}
	// tooltui writes function tools itself and leaves strict and parameters
	// out when unset, which the API accepts although the spec lists them as
	// required.
	dropRequired(defs["FunctionTool"], "strict", "parameters")
	s.doc = root
	s.quick = compileQuick(defs)

	c := jsonschema.NewCompiler()
	c.AssertFormat()
	c.UseLoader(noSchemaLoader{})
	if err := c.AddResource(toolsSchemaURL, root); err != nil {
		return err
	}
	for _, td := range toolDefs {
		if s.byDef[td.def] != nil {
			continue
		}
		if s.byDef[td.def], err = c.Compile(toolsSchemaURL + "#/$defs/" + td.def); err != nil {
			return err
		}
	}
	s.choice, err = c.Compile(toolsSchemaURL + "#/$defs/ToolChoiceParam")
	return err
}

func dropRequired(schema any, names ...string) {
	obj, _ := schema.(map[string]any)
	required, _ := obj["required"].([]any)
	if obj == nil || required == nil {
		return
	}
	obj["required"] = slices.DeleteFunc(slices.Clone(required), func(r any) bool {
		name, _ := r.(string)
		return slices.Contains(names, name)
	})
}

// noSchemaLoader refuses every load: the embedded document is self-contained.
type noSchemaLoader struct{}

func (noSchemaLoader) Load(url string) (any, error) {
	return nil, fmt.Errorf("no schema may be loaded from %s", url)
}

// validate runs sch on v and turns its error tree into issues.
func (s *schemaSet) validate(sch *jsonschema.Schema, v any) []Issue {
	err := sch.Validate(v)
	if err == nil {
		return nil
	}
	var verr *jsonschema.ValidationError
	if !errors.As(err, &verr) {
		return []Issue{{Message: err.Error(), Fatal: true}}
	}
	r := errorReader{set: s, instance: v}
	var issues []Issue
	for _, f := range r.read(verr) {
		issues = append(issues, Issue{Path: f.path, Message: f.msg, Fatal: true})
	}
	return issues
}
