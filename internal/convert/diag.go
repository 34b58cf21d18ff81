package convert

import (
	"strings"

	"github.com/tooltui/tooltui/internal/model"
)

// Severity says what happened to what a diagnostic is about.
type Severity int

const (
	// Error: the entry (or tool_choice) is left out of the request.
	Error Severity = iota
	// Warning: it is kept; the request may still be refused or behave unexpectedly.
	Warning
	// Note: nothing is wrong; something the user should know, such as the
	// format a file was translated from.
	Note
)

func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Note:
		return "note"
	}
	return "warning"
}

// Diagnostic is one problem in a document: where it is, what it is and what
// the converter did about it.
type Diagnostic struct {
	Severity Severity
	// Location is where in the input: tools_defs[0], extra.builtin_tools[2],
	// tools[3] (an imported body), tool_choice, extra, ...
	Location string
	// Type is the tool's type when known ("function", "file_search").
	Type string
	// Path is a JSON Pointer inside the entry ("" for the entry itself).
	// For a syntax error it is the field whose text did not parse:
	// "/parameters" for a function's parameters draft, "" for a whole
	// entry (or, for a request-level field, the field's value).
	Path    string
	Message string
	// Line and Column (1-based; Column counts runes, as rawjson.LineCol)
	// place a syntax error inside the text that failed to parse: the
	// entry's raw text, the parameters draft, or the request field's
	// value. They are 0 for every other diagnostic. Message still says
	// them in words.
	Line, Column int
	// Tool points at the tool the diagnostic is about; Index is -1 for
	// request-level diagnostics.
	Kind  model.Kind
	Index int
	// Fixes are the repairs on offer, the preferred first (see ApplyFix).
	Fixes []Fix
}

// String formats a diagnostic as one line, e.g.
// error: extra.builtin_tools[1] (file_search) /max_num_results: must be between 1 and 50, got 99; left out
func (d Diagnostic) String() string {
	var b strings.Builder
	b.WriteString(d.Severity.String())
	b.WriteString(": ")
	b.WriteString(d.Location)
	if d.Type != "" {
		b.WriteString(" (")
		b.WriteString(d.Type)
		b.WriteString(")")
	}
	if d.Path != "" {
		b.WriteString(" ")
		b.WriteString(d.Path)
	}
	b.WriteString(": ")
	b.WriteString(d.Message)
	if d.Severity == Error {
		b.WriteString("; left out")
	}
	return b.String()
}

// IsTool reports whether the diagnostic concerns a tool entry.
func (d Diagnostic) IsTool() bool { return d.Index >= 0 }
