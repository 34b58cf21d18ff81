package importer

import (
	"fmt"
	"strings"

	"github.com/tooltui/tooltui/internal/bridge"
	"github.com/tooltui/tooltui/internal/termtext"
)

// URLHeaders are the headers given for an MCP server's URL, as tooltui
// import --mcp-url and the app's import prompt take them: Literal by name
// (--header 'NAME: VALUE': the value serves this import only), Templates
// by name (--header-env NAME=VAR or NAME='Bearer ${VAR}': the record
// keeps the template, so that a later send reads the variable again).
type URLHeaders struct {
	Literal, Templates map[string]string
}

// ParseURLHeaders reads literal ("NAME: VALUE", as typed after
// literalFlag, e.g. --header or -H) and env ("NAME=VAR" of --header-env).
// A malformed one, or a name given twice in any case, is an error that
// names the flag.
func ParseURLHeaders(literalFlag string, literal, env []string) (URLHeaders, error) {
	var h URLHeaders
	seen := map[string]bool{}
	once := func(name string) error {
		key := strings.ToLower(name)
		if seen[key] {
			return fmt.Errorf("the header %s is given twice; give it once", name)
		}
		seen[key] = true
		return nil
	}
	for _, l := range literal {
		name, value, ok := strings.Cut(l, ":")
		name = strings.TrimSpace(name)
		if !ok || name == "" {
			return URLHeaders{}, fmt.Errorf("%s takes 'NAME: VALUE', got %s", literalFlag, termtext.Quote(l))
		}
		if strings.ContainsAny(name, " \t") {
			return URLHeaders{}, fmt.Errorf("%s %s: %s is not a valid HTTP header name", literalFlag, termtext.Quote(l), termtext.Quote(name))
		}
		if err := once(name); err != nil {
			return URLHeaders{}, err
		}
		if h.Literal == nil {
			h.Literal = map[string]string{}
		}
		h.Literal[name] = strings.TrimSpace(value)
	}
	for _, spec := range env {
		name, v, ok := strings.Cut(spec, "=")
		name = strings.TrimSpace(name)
		if !ok || name == "" {
			return URLHeaders{}, fmt.Errorf("--header-env takes 'NAME=VAR', got %s", termtext.Quote(spec))
		}
		tmpl, err := bridge.HeaderTemplate(v)
		if err != nil {
			return URLHeaders{}, fmt.Errorf("--header-env %s: %w", termtext.Quote(spec), err)
		}
		if err := once(name); err != nil {
			return URLHeaders{}, err
		}
		if h.Templates == nil {
			h.Templates = map[string]string{}
		}
		h.Templates[name] = tmpl
	}
	return h, nil
}

// Resolve is what the import sends (each template's variables read with
// getenv) and what the record keeps (a literal header's name with no
// value, a template as given); both nil without headers. A variable
// that is not set is an error naming the header.
func (h URLHeaders) Resolve(getenv func(string) string) (send, record map[string]string, err error) {
	if len(h.Literal)+len(h.Templates) == 0 {
		return nil, nil, nil
	}
	send, record = map[string]string{}, map[string]string{}
	for name, v := range h.Literal {
		send[name], record[name] = v, "" // the value serves this import only
	}
	for _, name := range SortedHeaderNames(h.Templates) {
		v, err := bridge.ExpandHeader(h.Templates[name], getenv)
		if err != nil {
			return nil, nil, fmt.Errorf("--header-env %s: %w", name, err)
		}
		send[name], record[name] = v, h.Templates[name]
	}
	return send, record, nil
}
