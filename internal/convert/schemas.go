package convert

// The embedded schema document, compiled once.

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync"

	"github.com/tooltui/tooltui/internal/convert/validator"
)

// schemaSet is the embedded document, read once and shared by all
// callers. Each tool schema is compiled for the validator the first time
// an entry of its type needs the validator (most entries pass the quick
// check and never do). Compiled schemas are read-only, so validation is
// safe from many goroutines.
type schemaSet struct {
	doc    map[string]any             // the document as compiled
	keys   map[string][]string        // top-level property names per tool schema, sorted
	keySet map[string]map[string]bool // the same names, as sets
	quick  map[string]*qnode          // the $defs for the quick check
	err    error

	mu    sync.Mutex
	comp  *validator.Compiler
	byDef map[string]*validator.Schema // compiled so far, by $defs name
}

var toolSchemas = sync.OnceValue(func() *schemaSet {
	s := newSchemaSet()
	if err := s.load(); err != nil {
		s.err = fmt.Errorf("internal error: tools.schema.json: %w", err)
	}
	return s
})

func newSchemaSet() *schemaSet {
	return &schemaSet{byDef: map[string]*validator.Schema{}, keys: map[string][]string{}, keySet: map[string]map[string]bool{}}
}

func (s *schemaSet) load() error {
	doc, _ := decodeChecked(toolsSchemaJSON)
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

	s.comp = validator.NewCompiler()
	s.comp.AssertFormat()
	s.comp.UseLoader(refuseLoad)
	return s.comp.AddResource(toolsSchemaURL, root)
}

// schema is the compiled schema of a $defs name, compiled on first use.
func (s *schemaSet) schema(def string) (*validator.Schema, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if sch := s.byDef[def]; sch != nil {
		return sch, nil
	}
	sch, err := s.comp.Compile(toolsSchemaURL + "#/$defs/" + def)
	if err != nil {
		return nil, fmt.Errorf("internal error: tools.schema.json: %w", err)
	}
	s.byDef[def] = sch
	return sch, nil
}

// compileAll compiles every tool schema and ToolChoiceParam.
func (s *schemaSet) compileAll() error {
	for _, td := range toolDefs {
		if _, err := s.schema(td.def); err != nil {
			return err
		}
	}
	_, err := s.schema(choiceDef)
	return err
}

// choiceDef is the $defs name of tool_choice's schema.
const choiceDef = "ToolChoiceParam"

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

// refuseLoad refuses every load: the embedded document is self-contained.
func refuseLoad(url string) error {
	return fmt.Errorf("no schema may be loaded from %s", url)
}

// validate runs the schema of a $defs name on v and turns its error tree
// into issues.
func (s *schemaSet) validate(def string, v any) []Issue {
	sch, err := s.schema(def)
	if err != nil {
		return []Issue{{Message: err.Error(), Fatal: true}}
	}
	err = sch.Validate(v)
	if err == nil {
		return nil
	}
	var verr *validator.ValidationError
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
