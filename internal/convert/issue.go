package convert

import (
	"errors"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// Issue is one problem found inside a single tool entry, before it is given
// a location in the document. Path is a JSON Pointer inside the entry
// ("" for the entry itself, "/ranking_options/score_threshold" for a field).
// Fatal issues leave the entry out of the request; the others keep it.
//
// Line and Column (1-based, Column in runes) are set for a syntax error: the
// place in the text that failed to parse, the text being the entry itself
// (Path "") or the value at Path (a function's parameters draft). They are
// 0 for every other issue.
type Issue struct {
	Path    string
	Message string
	Fatal   bool
	// Note: nothing is wrong; a note of something the user should know
	// (Fatal is then false). Other issues that are not Fatal are warnings.
	Note         bool
	Line, Column int
	// Fixes are the repairs the issue offers, the preferred first.
	Fixes []Fix
}

// withFix returns is offering f too.
func (is Issue) withFix(f Fix) Issue {
	is.Fixes = append(is.Fixes[:len(is.Fixes):len(is.Fixes)], f)
	return is
}

// syntaxIssue is a fatal issue for text at path that is not valid JSON.
func syntaxIssue(path string, err error) Issue {
	is := fatal(path, "not valid JSON: "+err.Error())
	var se *rawjson.SyntaxError
	if errors.As(err, &se) {
		is.Line, is.Column = se.Line, se.Column
	}
	return is
}
