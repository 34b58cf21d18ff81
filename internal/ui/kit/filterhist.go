package kit

import "github.com/tooltui/tooltui/internal/ui/filterlist"

// FilterHist is the undo of a filter line's typing (filterlist.Hist).
type FilterHist = filterlist.Hist
