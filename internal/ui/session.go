package ui

import (
	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/model"
)

// sel is a row of the tools list: the request or one tool.
type sel struct {
	request bool
	kind    model.Kind
	index   int
}

var requestSel = sel{request: true}

// Session owns what is being edited: the document, the converter and its
// result, undo and redo, and whether the document is saved. It knows
// nothing of panes or keys; every change goes through Apply, Undo or Redo.
type Session struct {
	doc    *model.Document
	conv   convert.Converter
	res    convert.Result
	marks  map[sel]int
	labels labels // every tool's name in lists, kept with the document

	path, name string

	version uint64 // identifies the document's state; new for every change
	saved   uint64 // the state on disk
	lastID  uint64 // the last state id handed out
	// savedDoc is the document of state saved, nil when unknown (or when
	// what is on disk is not it: the file was deleted). A document equal
	// to it is not modified, whatever changes led back to it.
	savedDoc *model.Document
	// dirty caches Dirty for state dirtyAt, when dirtyOK (View asks
	// every frame).
	dirtyAt uint64
	dirty   bool
	dirtyOK bool

	// raw is the file's bytes for state rawVersion, as loaded or last
	// saved: saving that state writes them unchanged (see files.go).
	raw        []byte
	rawVersion uint64

	hist history

	// stale: the document changed since res was made (ApplyLater); Settle
	// converts it.
	stale bool
}

// edit is a pure change of the document: it returns the new document or
// an error that says why it does not apply.
type edit func(*model.Document) (*model.Document, error)

type snapshot struct {
	doc     *model.Document
	at      sel
	version uint64
}

type history struct {
	undo, redo []snapshot
	group      string
}

// maxUndo bounds the history; snapshots share the documents' bytes.
const maxUndo = 200

func newSession(d *model.Document, path, name string) *Session {
	if d == nil {
		d = &model.Document{}
	}
	s := &Session{doc: d, path: path, name: name, savedDoc: d}
	s.reconvert()
	return s
}

// Doc is the document as it is now. Callers never change it in place.
func (s *Session) Doc() *model.Document { return s.doc }

// Result is the converter's answer for the document as it is now.
func (s *Session) Result() *convert.Result { return &s.res }

// Dirty reports unsaved changes: the document is not the one on disk
// (loaded or saved). Changes that lead back to it (a tool disabled and
// enabled again, text typed and deleted) leave it clean.
func (s *Session) Dirty() bool {
	if s.version == s.saved {
		return false
	}
	if !s.dirtyOK || s.dirtyAt != s.version {
		s.dirtyAt, s.dirtyOK = s.version, true
		s.dirty = s.savedDoc == nil || !sameDoc(s.doc, s.savedDoc)
	}
	return s.dirty
}

// atVersion is the document of state v: the current one, or one undo or
// redo reaches; nil when none is.
func (s *Session) atVersion(v uint64) *model.Document {
	if v == s.version {
		return s.doc
	}
	for _, h := range [][]snapshot{s.hist.undo, s.hist.redo} {
		for _, snap := range h {
			if snap.version == v {
				return snap.doc
			}
		}
	}
	return nil
}

func (s *Session) reconvert() {
	s.stale = false
	s.res = s.conv.Convert(s.doc)
	s.labels.update(s.doc)
	s.marks = marks(s.res.Diagnostics)
}

// Apply runs a change. Changes of the same non-empty group (typing in one
// field) are undone together; at is the selection to return to on undo.
func (s *Session) Apply(group string, at sel, fn edit) error {
	if err := s.change(group, at, fn); err != nil {
		return err
	}
	s.reconvert()
	return nil
}

// ApplyLater is Apply without the conversion: Result stays the one of the
// document before the change until Settle (or any other change) converts
// it. The parameters tree uses it, so that a keystroke in a megabyte
// schema shows the tree at once and the converter runs in the message
// after it.
func (s *Session) ApplyLater(group string, at sel, fn edit) error {
	if err := s.change(group, at, fn); err != nil {
		return err
	}
	s.stale = true
	return nil
}

// Settle converts the document if ApplyLater changed it since the last
// conversion, and reports whether it did.
func (s *Session) Settle() bool {
	if !s.stale {
		return false
	}
	s.reconvert()
	return true
}

// change is Apply but for the conversion.
func (s *Session) change(group string, at sel, fn edit) error {
	// Each edit of a group sets its field to the field's whole text, so it
	// applies to the document as it was before the group: a rename typed
	// one key at a time is followed by tool_choice as one rename, never
	// through a name that another tool has on the way.
	base := s.doc
	if group != "" && group == s.hist.group && len(s.hist.undo) > 0 {
		base = s.hist.undo[len(s.hist.undo)-1].doc
	}
	next, err := fn(base)
	if err != nil {
		return err
	}
	if group == "" || group != s.hist.group {
		s.hist.undo = append(s.hist.undo, snapshot{doc: s.doc, at: at, version: s.version})
		if len(s.hist.undo) > maxUndo {
			s.hist.undo = s.hist.undo[1:]
		}
	}
	s.hist.group = group
	s.hist.redo = nil
	s.doc = next
	s.lastID++
	s.version = s.lastID
	return nil
}

// Replace puts a whole document in place as one undoable change (restoring
// recovered work).
func (s *Session) Replace(d *model.Document, at sel) {
	_ = s.Apply("", at, func(*model.Document) (*model.Document, error) { return d, nil })
}

// breakGroup makes the next change a step of its own.
func (s *Session) breakGroup() { s.hist.group = "" }

// Undo steps back (redo false) or forward; it returns the selection the
// step was made at, ok false when there is nothing to undo or redo.
func (s *Session) Undo(redo bool, at sel) (sel, bool) {
	from, to := &s.hist.undo, &s.hist.redo
	if redo {
		from, to = to, from
	}
	if len(*from) == 0 {
		return sel{}, false
	}
	snap := (*from)[len(*from)-1]
	*from = (*from)[:len(*from)-1]
	*to = append(*to, snapshot{doc: s.doc, at: at, version: s.version})
	s.doc = snap.doc
	s.version = snap.version // back to a known state: clean again if it was saved
	s.hist.group = ""
	s.reconvert()
	return snap.at, true
}

// Saved records that the state with this version is on disk at path.
func (s *Session) Saved(version uint64, path, name string) {
	s.saved = version
	s.savedDoc = s.atVersion(version)
	s.dirtyOK = false
	s.path, s.name = path, name
}

// label is how tool i of kind k is named in lists.
func (s *Session) label(k model.Kind, i int) string {
	if l := s.labels.list[k]; i >= 0 && i < len(l) {
		return l[i]
	}
	return ""
}

// rowCount is the number of rows of the tools list.
func rowCount(d *model.Document) int { return 1 + len(d.Functions) + len(d.Builtins) }

// selAt maps a row to the selection.
func selAt(d *model.Document, row int) sel {
	switch {
	case row <= 0:
		return requestSel
	case row <= len(d.Functions):
		return sel{kind: model.Function, index: row - 1}
	default:
		return sel{kind: model.Builtin, index: row - 1 - len(d.Functions)}
	}
}

// rowOf maps a selection to its row.
func rowOf(d *model.Document, s sel) int {
	switch {
	case s.request:
		return 0
	case s.kind == model.Function:
		return 1 + s.index
	}
	return 1 + len(d.Functions) + s.index
}

// valid reports whether s names a row of d.
func (s sel) valid(d *model.Document) bool {
	return s.request || (s.index >= 0 && s.index < len(d.List(s.kind)))
}

// tool returns the selected tool; ok false for the request or a stale selection.
func (s *Session) tool(at sel) (model.Tool, bool) {
	if at.request || !at.valid(s.doc) {
		return model.Tool{}, false
	}
	return s.doc.List(at.kind)[at.index], true
}

// marks returns the worst severity per row: 0 none, 1 warning, 2 error.
func marks(ds []convert.Diagnostic) map[sel]int {
	m := map[sel]int{}
	for _, d := range ds {
		s := requestSel
		if d.IsTool() {
			s = sel{kind: d.Kind, index: d.Index}
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

// countDiags counts errors and warnings; notes are neither.
func countDiags(ds []convert.Diagnostic) (errs, warns int) {
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
