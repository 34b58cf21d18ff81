package convert

import (
	"strings"

	"github.com/tooltui/tooltui/internal/model"
)

// SourceLocation is the Location of the diagnostics about a document's
// translation from another format: their Path is a pointer in the input.
const SourceLocation = "source"

// SourceDiagnostics come first in a translated document's diagnostics:
// a note naming the format that was read, then one diagnostic per field
// that did not carry over as written, a warning where something is lost.
// saved adds to the note what a save of the document writes.
func SourceDiagnostics(src *model.Source, saved bool) []Diagnostic {
	if src == nil {
		return nil
	}
	out := make([]Diagnostic, 0, 1+len(src.Notes))
	msg := "read as " + src.Format + " and translated to the Responses API"
	if saved {
		msg += "; a save writes the Responses shape"
	}
	if strings.HasPrefix(src.Format, "Responses") {
		msg = "read as a " + src.Format
		if saved {
			msg += "; a save writes a request body with it as \"tools\""
		}
	}
	out = append(out, Diagnostic{Severity: Note, Location: SourceLocation, Index: -1, Message: msg})
	for _, n := range src.Notes {
		sev := Note
		if n.Loss {
			sev = Warning
		}
		out = append(out, Diagnostic{Severity: sev, Location: SourceLocation, Type: src.Format, Path: n.Path, Message: n.Message, Index: -1})
	}
	return out
}
