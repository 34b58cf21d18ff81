package ui_test

import (
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/model"
)

// Pastes that each fit a field but together pass the load limit would
// make a file tooltui then refuses to open: the one that passes it is
// refused, and the document keeps what it had.
func TestPastesThatPassTheLoadLimitAreRefused(t *testing.T) {
	a, _ := newApp(t)
	openParameters(t, a)
	clearField(t, a)
	chunk := `"` + strings.Repeat("x", 9<<20) + `"`
	paste(t, a, chunk)
	if st := statusLine(t, a); strings.Contains(st, "refused") {
		t.Fatalf("a 9 MiB paste into a small document was refused: %s", st)
	}
	send(t, a, kEsc, kShiftTab) // the description
	before := len(a.Output())
	send(t, a, kEnter)
	paste(t, a, strings.Repeat("y", 9<<20))
	st := statusLine(t, a)
	requireContains(t, st, "Paste refused", "status")
	requireContains(t, st, "16 MiB", "status")
	if after := len(a.Output()); after != before {
		t.Fatalf("the refused paste changed the request: %d -> %d bytes", before, after)
	}
	if n := len(a.Output()); n > model.MaxDocumentBytes {
		t.Fatalf("request is %d bytes", n)
	}
}
