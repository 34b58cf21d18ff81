package formats

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
)

// Translating input whose format the caller knows, rather than one that
// detection picks: what an MCP server answers to tools/list is a tools/list
// result even when it lists no tools ({"tools":[]} alone reads as a
// Responses body) or when its tools look like another format's.

// known reports whether from is one of the formats tooltui reads.
func known(from Name) bool {
	switch from {
	case Responses, Chat, Anthropic, Gemini, MCP:
		return true
	}
	return false
}

// ImportAs is Import of data in the format from, without detecting it. For
// Responses the input comes back unchanged, as Import returns it.
func ImportAs(data []byte, from Name) (Imported, error) {
	if !known(from) {
		return Imported{}, fmt.Errorf("unknown format %q", string(from))
	}
	valid := bytes.TrimPrefix(data, utf8BOM)
	if err := rawjson.CheckJSON(valid); err != nil {
		return Imported{}, fmt.Errorf("not JSON: %w", err)
	}
	return importFrom(data, valid, from)
}

// LoadAs is Load of data in the format from, without detecting it: a
// foreign format is translated (the document's Source names it and carries
// the notes, as with Load); Responses reads a tooltui document, a Responses
// request body or a bare array of Responses tools. Errors are
// *model.LoadError, as Load's.
func LoadAs(data []byte, from Name) (*model.Document, error) {
	if !known(from) {
		return nil, &model.LoadError{Msg: fmt.Sprintf("unknown format %q", string(from))}
	}
	if from == Responses {
		return loadResponses(data)
	}
	if len(data) > model.MaxDocumentBytes {
		return nil, &model.LoadError{Msg: fmt.Sprintf("too large: %d bytes, the limit is %d MiB", len(data), model.MaxDocumentBytes>>20)}
	}
	valid := bytes.TrimPrefix(data, utf8BOM)
	if err := rawjson.CheckJSON(valid); err != nil {
		var se *rawjson.SyntaxError
		if errors.As(err, &se) {
			return nil, &model.LoadError{Syntax: se}
		}
		return nil, &model.LoadError{Msg: "not valid JSON: " + err.Error()}
	}
	return translated(importFrom(data, valid, from))
}

// loadResponses is LoadAs for Responses: what model.Parse reads, or a bare
// array of tool objects.
func loadResponses(data []byte) (*model.Document, error) {
	d, err := model.Parse(data)
	if err == nil {
		return d, nil
	}
	var le *model.LoadError
	if len(data) > model.MaxDocumentBytes || !errors.As(err, &le) || le.Syntax != nil {
		return nil, err
	}
	valid := bytes.TrimPrefix(data, utf8BOM)
	if els, ok := elements(valid); ok && allObjects(els) {
		return loadArray(bytes.TrimSpace(valid))
	}
	return nil, err
}
