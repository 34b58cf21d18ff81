// Package session holds what tooltui edits, apart from any view: the
// document and its versions, undo and redo, the converter's answer for it,
// what is on disk (the bytes, the file's stamp) and whether the document
// differs from it. The app draws from a Session and changes it only
// through Apply, Undo and Redo; the headless commands use the same pieces
// (settings, recovery files, watching a file).
//
// Nothing here imports a terminal library.
package session

import (
	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/model"
)

// At is a place in the document's tools list: the request itself, or one
// tool. Undo returns to the place a change was made at.
type At struct {
	Request bool
	Kind    model.Kind
	Index   int
}

// RequestAt is the request's place.
var RequestAt = At{Request: true}

// Valid reports whether at names a place of d.
func (at At) Valid(d *model.Document) bool {
	return at.Request || (at.Index >= 0 && at.Index < len(d.List(at.Kind)))
}

// Session owns what is being edited: the document, the converter and its
// result, undo and redo, and whether the document is saved. Every change
// goes through Apply, ApplyLater, Replace, Undo or Redo.
type Session struct {
	doc  *model.Document
	conv convert.Converter
	res  convert.Result
	// converted counts conversions: what views derive from the result
	// knows by it whether to derive again.
	converted uint64

	path, name string

	version uint64 // identifies the document's state; new for every change
	saved   uint64 // the state on disk
	lastID  uint64 // the last state id handed out
	// savedDoc is the document of state saved, nil when unknown (or when
	// what is on disk is not it: the file was deleted). A document equal
	// to it is not modified, whatever changes led back to it.
	savedDoc *model.Document
	// dirty caches Dirty for state dirtyAt, when dirtyOK (views ask every
	// frame).
	dirtyAt uint64
	dirty   bool
	dirtyOK bool

	// raw is the file's bytes for state rawVersion, as loaded or last
	// saved: saving that state writes them unchanged (see FileBytes).
	raw        []byte
	rawVersion uint64
	// stamp is the file as last loaded, reloaded or saved; nil when
	// unknown (no check before a save).
	stamp *model.Stamp

	hist history

	// stale: the document changed since res was made (ApplyLater); Settle
	// converts it.
	stale bool
}

// Edit is a pure change of the document: it returns the new document or
// an error that says why it does not apply.
type Edit func(*model.Document) (*model.Document, error)

type snapshot struct {
	doc     *model.Document
	at      At
	version uint64
}

type history struct {
	undo, redo []snapshot
	group      string
}

// maxUndo bounds the history; snapshots share the documents' bytes.
const maxUndo = 200

// New returns a session for d (nil: an empty document), saved at path and
// called name.
func New(d *model.Document, path, name string) *Session {
	if d == nil {
		d = &model.Document{}
	}
	s := &Session{doc: d, path: path, name: name, savedDoc: d}
	s.Reconvert()
	return s
}

// NewUnchecked is New without the first conversion: Result is empty and
// Converted 0 until Settle (or any change) converts the document. A view
// can draw the document from its parse first and say it is being checked.
func NewUnchecked(d *model.Document, path, name string) *Session {
	if d == nil {
		d = &model.Document{}
	}
	return &Session{doc: d, path: path, name: name, savedDoc: d, stale: true}
}

// Checked reports whether the document was ever converted: false only
// between NewUnchecked and the first Settle.
func (s *Session) Checked() bool { return s.converted > 0 }

// Doc is the document as it is now. Callers never change it in place.
func (s *Session) Doc() *model.Document { return s.doc }

// Result is the converter's answer for the document as it was last
// converted (see Stale).
func (s *Session) Result() *convert.Result { return &s.res }

// Version identifies the document's state: every change gives a new one,
// undo and redo return to an earlier one.
func (s *Session) Version() uint64 { return s.version }

// Converted counts the conversions so far.
func (s *Session) Converted() uint64 { return s.converted }

// Path is the file the document saves to ("" : none yet).
func (s *Session) Path() string { return s.path }

// Name is how the document is called in titles and messages.
func (s *Session) Name() string { return s.name }

// Stale reports a change that Settle has not converted yet.
func (s *Session) Stale() bool { return s.stale }

// Dirty reports unsaved changes: the document is not the one on disk
// (loaded or saved). Changes that lead back to it (a tool disabled and
// enabled again, text typed and deleted) leave it clean.
func (s *Session) Dirty() bool {
	if s.version == s.saved {
		return false
	}
	if !s.dirtyOK || s.dirtyAt != s.version {
		s.dirtyAt, s.dirtyOK = s.version, true
		s.dirty = s.savedDoc == nil || !SameDoc(s.doc, s.savedDoc)
	}
	return s.dirty
}

// AtVersion is the document of state v: the current one, or one undo or
// redo reaches; nil when none is.
func (s *Session) AtVersion(v uint64) *model.Document {
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

// Reconvert runs the converter on the document as it is now.
func (s *Session) Reconvert() {
	s.stale = false
	s.res = s.conv.Convert(s.doc)
	s.converted++
}

// Apply runs a change. Changes of the same non-empty group (typing in one
// field) are undone together; at is the place to return to on undo.
func (s *Session) Apply(group string, at At, fn Edit) error {
	if err := s.change(group, at, fn); err != nil {
		return err
	}
	s.Reconvert()
	return nil
}

// ApplyLater is Apply without the conversion: Result stays the one of the
// document before the change until Settle (or any other change) converts
// it. The parameters tree uses it, so that a keystroke in a megabyte
// schema shows the tree at once and the converter runs in the message
// after it.
func (s *Session) ApplyLater(group string, at At, fn Edit) error {
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
	s.Reconvert()
	return true
}

// change is Apply but for the conversion.
func (s *Session) change(group string, at At, fn Edit) error {
	// Each edit of a group sets its field to the field's whole text, so it
	// applies to the document as it was before the group: a rename typed
	// one key at a time is followed by tool_choice as one rename, never
	// through a name that another tool has on the way.
	base := s.doc
	continuing := group != "" && group == s.hist.group && len(s.hist.undo) > 0
	if continuing {
		base = s.hist.undo[len(s.hist.undo)-1].doc
	}
	next, err := fn(base)
	if err != nil {
		return err
	}
	if continuing && SameDoc(next, base) {
		// The group is back where it began (typed and deleted, or its
		// typing undone in the field): it leaves no step to undo.
		top := s.hist.undo[len(s.hist.undo)-1]
		s.hist.undo = s.hist.undo[:len(s.hist.undo)-1]
		s.hist.group, s.hist.redo = "", nil
		s.doc, s.version = top.doc, top.version
		return nil
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
// recovered work, reloading the file).
func (s *Session) Replace(d *model.Document, at At) {
	_ = s.Apply("", at, func(*model.Document) (*model.Document, error) { return d, nil })
}

// BreakGroup makes the next change a step of its own.
func (s *Session) BreakGroup() { s.hist.group = "" }

// Undo steps back (redo false) or forward; it returns the place the step
// was made at, ok false when there is nothing to undo or redo.
func (s *Session) Undo(redo bool, at At) (At, bool) {
	from, to := &s.hist.undo, &s.hist.redo
	if redo {
		from, to = to, from
	}
	if len(*from) == 0 {
		return At{}, false
	}
	snap := (*from)[len(*from)-1]
	*from = (*from)[:len(*from)-1]
	*to = append(*to, snapshot{doc: s.doc, at: at, version: s.version})
	s.doc = snap.doc
	s.version = snap.version // back to a known state: clean again if it was saved
	s.hist.group = ""
	s.Reconvert()
	return snap.at, true
}

// CanUndo reports how many steps undo (redo false) or redo can take.
func (s *Session) CanUndo(redo bool) int {
	if redo {
		return len(s.hist.redo)
	}
	return len(s.hist.undo)
}

// Saved records that the state with this version is on disk at path.
func (s *Session) Saved(version uint64, path, name string) {
	s.saved = version
	s.savedDoc = s.AtVersion(version)
	s.dirtyOK = false
	s.path, s.name = path, name
}

// Tool returns the tool at a place; ok false for the request or a place
// the document no longer has.
func (s *Session) Tool(at At) (model.Tool, bool) {
	if at.Request || !at.Valid(s.doc) {
		return model.Tool{}, false
	}
	return s.doc.List(at.Kind)[at.Index], true
}
