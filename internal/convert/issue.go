package convert

// Issue is one problem found inside a single tool entry, before it is given
// a location in the document. Path is a JSON Pointer inside the entry
// ("" for the entry itself, "/ranking_options/score_threshold" for a field).
// Fatal issues leave the entry out of the request; the others keep it.
type Issue struct {
	Path    string
	Message string
	Fatal   bool
}
