package session

import "github.com/tooltui/tooltui/internal/model"

// What the session knows of its file: the bytes the document was loaded
// or saved as, and the file's stamp.

// SetRaw records that the state with this version is the file's bytes
// data (as loaded, reloaded or saved): saving that state writes them
// unchanged. nil forgets them (bytes of another format, say).
func (s *Session) SetRaw(data []byte, version uint64) {
	s.raw, s.rawVersion = data, version
}

// RawVersion is the state the file's bytes are of (see SetRaw).
func (s *Session) RawVersion() uint64 { return s.rawVersion }

// FileBytes is what a save of the document as it is now writes: the bytes
// it was loaded or saved as when it has not changed since, else the
// document in its file's format and layout.
func (s *Session) FileBytes() (data []byte, unchanged bool, err error) {
	if s.raw != nil && (s.rawVersion == s.version || s.rawVersion == s.saved && !s.Dirty()) {
		return s.raw, true, nil
	}
	data, err = s.doc.Marshal()
	return data, false, err
}

// Stamp is the file as last loaded, reloaded or saved; nil when unknown.
func (s *Session) Stamp() *model.Stamp { return s.stamp }

// SetStamp records the file's stamp (nil: unknown).
func (s *Session) SetStamp(st *model.Stamp) {
	if st != nil {
		c := *st
		st = &c
	}
	s.stamp = st
}

// SetFormat makes the document, and every state undo reaches, use format
// f: the file's format, like its name, is not undone.
func (s *Session) SetFormat(f model.Format) {
	s.rewriteAll(func(d *model.Document) bool { return d.Format != f }, func(c *model.Document) { c.Format = f })
}

// SetSource is SetFormat for the format the document was translated
// from: once saved in the Responses shape, no state undo reaches is a
// translation any more.
func (s *Session) SetSource(src *model.Source) {
	s.rewriteAll(func(d *model.Document) bool { return d.Source != src }, func(c *model.Document) { c.Source = src })
}

// Rewritten records that a save wrote the document as tooltui writes it,
// not the bytes it was loaded from: the members the file repeated
// (model.Document.Merged) are one in the file now, in every state undo
// reaches as well. The caller converts again.
func (s *Session) Rewritten() {
	s.rewriteAll(func(d *model.Document) bool { return d.Merged != nil }, func(c *model.Document) { c.Merged = nil })
}

// rewriteAll applies set to a copy of the document and of every state
// undo and redo reach, where differs says it is needed. Documents are
// never changed in place, so a copy of the struct shares everything else.
func (s *Session) rewriteAll(differs func(*model.Document) bool, set func(*model.Document)) {
	re := func(d *model.Document) *model.Document {
		if d == nil || !differs(d) {
			return d
		}
		c := *d
		set(&c)
		return &c
	}
	s.doc = re(s.doc)
	for _, h := range [][]snapshot{s.hist.undo, s.hist.redo} {
		for i := range h {
			h[i].doc = re(h[i].doc)
		}
	}
}

// Unsave marks the document as not on disk (the file was deleted or
// cannot be loaded), so that quitting asks.
func (s *Session) Unsave() {
	if s.version == s.saved {
		s.lastID++
		s.saved = s.lastID
	}
	s.savedDoc, s.dirtyOK = nil, false
}
