package mcptools

import (
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// Hint remembers, for one state of the document and one selection,
// whether the selection has a server to list, so that the key help does
// not read the entry again on every frame.
type Hint struct {
	version uint64
	at      kit.Sel
	known   bool
	ok      bool
}

// Listable reports whether L lists the selected entry's server now.
func (h *Hint) Listable(s *kit.Session, at kit.Sel) bool {
	if !h.known || h.version != s.Version() || h.at != at {
		*h = Hint{version: s.Version(), at: at, known: true, ok: NeedServer(s.Doc(), at) == ""}
	}
	return h.ok
}
