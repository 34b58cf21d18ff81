package bridge

import (
	"fmt"
	"strings"
)

// A header value that a document records is a template: $NAME and
// ${NAME} stand for the value of the environment variable NAME, $$ for
// a dollar sign; the rest is kept as written ("Bearer ${API_TOKEN}").
// The document so holds the names of the variables, never their values.

// isVarName reports whether s is an environment variable name tooltui
// reads: a letter or underscore, then letters, digits and underscores.
func isVarName(s string) bool {
	if s == "" {
		return false
	}
	for i, c := range s {
		switch {
		case c == '_', c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z':
		case c >= '0' && c <= '9' && i > 0:
		default:
			return false
		}
	}
	return true
}

// scanTemplate calls lit for each literal part of tmpl and ref for each
// variable it names.
func scanTemplate(tmpl string, lit func(string), ref func(string)) {
	for {
		i := strings.IndexByte(tmpl, '$')
		if i < 0 {
			lit(tmpl)
			return
		}
		lit(tmpl[:i])
		rest := tmpl[i+1:]
		switch {
		case strings.HasPrefix(rest, "$"):
			lit("$")
			tmpl = rest[1:]
		case strings.HasPrefix(rest, "{"):
			end := strings.IndexByte(rest, '}')
			if end < 0 || !isVarName(rest[1:end]) {
				lit("$")
				tmpl = rest
				continue
			}
			ref(rest[1:end])
			tmpl = rest[end+1:]
		default:
			n := 0
			for n < len(rest) && isVarName(rest[:n+1]) {
				n++
			}
			if n == 0 {
				lit("$")
				tmpl = rest
				continue
			}
			ref(rest[:n])
			tmpl = rest[n:]
		}
	}
}

// HeaderVars are the environment variables a header template names, in
// order, each once.
func HeaderVars(tmpl string) []string {
	var out []string
	seen := map[string]bool{}
	scanTemplate(tmpl, func(string) {}, func(name string) {
		if !seen[name] {
			seen[name] = true
			out = append(out, name)
		}
	})
	return out
}

// UnsetError is a header template naming a variable that is not set (or
// is empty).
type UnsetError struct{ Var string }

func (e *UnsetError) Error() string { return "$" + e.Var + " is not set" }

// ExpandHeader is the value of a header template, with each variable
// read from getenv. A variable that is not set, or empty, is an
// *UnsetError.
func ExpandHeader(tmpl string, getenv func(string) string) (string, error) {
	var b strings.Builder
	var err error
	scanTemplate(tmpl, func(s string) { b.WriteString(s) }, func(name string) {
		v := getenv(name)
		if v == "" && err == nil {
			err = &UnsetError{Var: name}
		}
		b.WriteString(v)
	})
	if err != nil {
		return "", err
	}
	return b.String(), nil
}

// HeaderTemplate reads what names a header's environment variable on a
// command line: a variable name (API_TOKEN: the header is its value,
// "$API_TOKEN"), or a template that names one or more ("Bearer
// ${API_TOKEN}", kept as it is).
func HeaderTemplate(spec string) (string, error) {
	spec = strings.TrimSpace(spec)
	if isVarName(spec) {
		return "$" + spec, nil
	}
	if len(HeaderVars(spec)) == 0 {
		return "", fmt.Errorf("%q names no environment variable: give its name (API_TOKEN), or a text with $NAME or ${NAME} in it", spec)
	}
	return spec, nil
}
