package kit

import (
	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/session"
)

// Sel is a row of the tools list: the request or one tool.
type Sel = session.At

var RequestSel = session.RequestAt

// Edit is a pure change of the document (session.Edit).
type Edit = session.Edit

// Session is the document being edited (session.Session) with what the
// panes derive from it: every tool's name in lists, read from the
// document, and each row's worst diagnostic, derived again after each
// conversion.
type Session struct {
	*session.Session
	labels    labels
	marks     map[Sel]int
	derivedAt uint64 // the conversion marks are of (0: none)
}

func NewSession(d *model.Document, path, name string) *Session {
	return NewSessionOf(d, path, name, false)
}

// WrapSession is the session s as the panes read it (a workspace's
// document, whose session the workspace keeps).
func WrapSession(s *session.Session) *Session { return &Session{Session: s} }

// NewSessionOf is newSession, unchecked when later (Options.CheckLater).
func NewSessionOf(d *model.Document, path, name string, later bool) *Session {
	if later {
		return &Session{Session: session.NewUnchecked(d, path, name)}
	}
	return &Session{Session: session.New(d, path, name)}
}

// derive brings the marks up to the last conversion, and forgets the
// labels of the tools it no longer has.
func (s *Session) derive() {
	if s.derivedAt == s.Converted() {
		return
	}
	s.derivedAt = s.Converted()
	s.labels.prune(s.Doc())
	s.marks = marks(s.Result().Diagnostics)
}

// RowMarks is the worst severity per row (see marks).
func (s *Session) RowMarks() map[Sel]int {
	s.derive()
	return s.marks
}

// Label is how tool i of kind k is named in lists; before the first
// conversion too.
func (s *Session) Label(k model.Kind, i int) string {
	s.derive()
	if ts := s.Doc().List(k); i >= 0 && i < len(ts) {
		return s.labels.of(k, ts[i])
	}
	return ""
}

// RowCount is the number of rows of the tools list.
func RowCount(d *model.Document) int { return 1 + len(d.Functions) + len(d.Builtins) }

// SelAt maps a row to the selection.
func SelAt(d *model.Document, row int) Sel {
	switch {
	case row <= 0:
		return RequestSel
	case row <= len(d.Functions):
		return Sel{Kind: model.Function, Index: row - 1}
	default:
		return Sel{Kind: model.Builtin, Index: row - 1 - len(d.Functions)}
	}
}

// RowOf maps a selection to its row.
func RowOf(d *model.Document, s Sel) int {
	switch {
	case s.Request:
		return 0
	case s.Kind == model.Function:
		return 1 + s.Index
	}
	return 1 + len(d.Functions) + s.Index
}

// marks returns the worst severity per row: 0 none, 1 warning, 2 error.
func marks(ds []convert.Diagnostic) map[Sel]int {
	m := map[Sel]int{}
	for _, d := range ds {
		s := RequestSel
		if d.IsTool() {
			s = Sel{Kind: d.Kind, Index: d.Index}
		}
		if d.Severity == convert.Note {
			continue
		}
		r := 1
		if d.Severity == convert.Error {
			r = 2
		}
		m[s] = max(m[s], r)
	}
	return m
}

// CountDiags counts errors and warnings; notes are neither.
func CountDiags(ds []convert.Diagnostic) (errs, warns int) {
	for _, d := range ds {
		switch d.Severity {
		case convert.Error:
			errs++
		case convert.Warning:
			warns++
		}
	}
	return
}
